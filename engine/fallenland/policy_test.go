package fallenland_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler/project"
	fl "github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games" // registers the games project.Load finds
)

// steady is a policy written outside the package, as any new one is: it
// embeds the bold bot for the choices it leaves alone and makes three
// of its own from what the game shows it (the accessors of view.go).
type steady struct {
	fl.Decider
	offers, assigns, steals int
}

// Offer: it never puts a card up for auction.
func (s *steady) Offer(g *fl.Game, seller *fl.Player, it fl.Item) bool {
	s.offers++
	return false
}

// Assign: the first legal answer — as much of the damage as the first
// member that can take it can hold (Psych damage one point at a time, and
// never on a hit man).
func (s *steady) Assign(g *fl.Game, p *fl.Player, n int, t fl.DamageType) (crown, k int) {
	s.assigns++
	for i := range p.Crowns() {
		m := p.Crown(i)
		switch {
		case !m.Present():
		case t == fl.Psych:
			if m.Hitman() < 0 {
				return i, 1
			}
		case g.Left(m) > 0:
			return i, min(n, g.Left(m))
		}
	}
	return -1, 0
}

// Steal: the most valuable card of the victim's Auction House it may take.
func (s *steady) Steal(g *fl.Game, thief, victim *fl.Player) int {
	s.steals++
	best := -1
	for i := range victim.Auction() {
		it := victim.AuctionItem(i)
		if g.Tradeable(it) && (best < 0 || g.Spoils(it).Value > g.Spoils(victim.AuctionItem(best)).Value) {
			best = i
		}
	}
	return best
}

// A Decider from another package plays whole games through the public
// API: every answer it gives is one the rules allow (an illegal one fails
// the game), and its choices are the ones played — its seat never sells at
// auction, where the bold bot in its place does.
func TestPolicyFromAnotherPackage(t *testing.T) {
	g := fl.New(bundled(t))
	pol := &steady{Decider: fl.Bold.Decider()}
	botSales, polSales := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		opt := fl.Options{Players: 4, MaxRounds: 100, Policies: []fl.Policy{fl.Bold, fl.Bold, fl.Bold, fl.Bold}}
		var bot, mine game.EventLog
		_, err := g.Trace(&bot, seed, opt)
		require.NoError(t, err)
		opt.Deciders = []fl.Decider{pol}
		_, err = g.Trace(&mine, seed, opt)
		require.NoError(t, err, "seed %d", seed)
		botSales += sales(bot, 0)
		polSales += sales(mine, 0)
	}
	assert.Positive(t, pol.offers, "asked to offer")
	assert.Positive(t, pol.assigns, "asked to assign damage")
	assert.Positive(t, botSales, "the bold bot sells at auction in these games")
	assert.Zero(t, polSales, "the policy's seat never does")
}

// sales counts the auction sales by seller's seat in a game's events.
func sales(log game.EventLog, seller int) int {
	n := 0
	for _, e := range log.Events {
		if e.Kind == "sale" && e.Data["seller"] == seller {
			n++
		}
	}
	return n
}

// bundled loads the bundled base set, as a program using the module does.
func bundled(t testing.TB) *fl.Content {
	t.Helper()
	b, err := project.Load(nil, project.Options{Game: fl.GameID})
	require.NoError(t, err)
	require.NoError(t, b.Diags.Err())
	c, err := fl.Load(b.Tables)
	require.NoError(t, err)
	return c
}

// plain is a whole Decider written from scratch outside the package: it
// names every type the interface does, and answers each choice with the
// first legal option, reading only the accessors — its Party draws an
// Encounter wherever its hex offers one, else moves on.
type plain struct{}

var _ fl.Decider = plain{}

func (plain) Deed(g *fl.Game, p *fl.Player) fl.Choice {
	hex := &g.Content().Hexes[p.Hex()]
	for d := fl.DPlains; d <= fl.DCityRad; d++ {
		if hex.Decks&(1<<d) != 0 {
			return fl.Choice{Deed: fl.DeedEncounter, Deck: d, POI: -1}
		}
	}
	for _, a := range hex.Adj {
		if g.Content().Hexes[a].Passable {
			return fl.Choice{Deed: fl.DeedMove, Goal: a}
		}
	}
	return fl.Choice{Deed: fl.DeedWait}
}
func (plain) Branch(g *fl.Game, p *fl.Player, e *fl.EncDef) int                        { return 0 }
func (plain) Flight(g *fl.Game, p *fl.Player, e *fl.EncDef, seq []fl.Check) bool       { return false }
func (plain) PVPFlight(g *fl.Game, p *fl.Player, st *fl.PVPState, side int) bool       { return false }
func (plain) OSC(g *fl.Game, p *fl.Player, k fl.Check) bool                            { return false }
func (plain) MultiNow(g *fl.Game, p *fl.Player, e *fl.EncDef, who []int) bool          { return true }
func (plain) Join(g *fl.Game, q, p *fl.Player, e *fl.EncDef) bool                      { return true }
func (plain) Draft(g *fl.Game, p *fl.Player, d fl.Deck, stack, kept []int16) int       { return 0 }
func (plain) Offer(g *fl.Game, seller *fl.Player, it fl.Item) bool                     { return false }
func (plain) Ask(g *fl.Game, seller *fl.Player, it fl.Item) int                        { return 0 }
func (plain) Bid(g *fl.Game, p, seller *fl.Player, it fl.Item) int                     { return 0 }
func (plain) Accept(g *fl.Game, seller, buyer *fl.Player, price, ask int) bool         { return false }
func (plain) Pay(g *fl.Game, buyer *fl.Player, price int) fl.Payment                   { return fl.Payment{Coins: price} }
func (plain) Target(g *fl.Game, p *fl.Player, ad *fl.ActionDef) *fl.Player             { return nil }
func (plain) UseAbility(g *fl.Game, p *fl.Player, h *fl.AbilityHook, t fl.Timing) bool { return false }
func (plain) Shield(g *fl.Game, p *fl.Player, n int) bool                              { return false }
func (plain) SellTDC(g *fl.Game, p *fl.Player) bool                                    { return false }
func (plain) SellSpoils(g *fl.Game, p *fl.Player, it fl.Item) bool                     { return false }
func (plain) SellAction(g *fl.Game, p *fl.Player) int                                  { return -1 }
func (plain) BuyTech(g *fl.Game, p *fl.Player) int16                                   { return -1 }
func (plain) BuyTDC(g *fl.Game, p *fl.Player) bool                                     { return false }
func (plain) DiscardAction(g *fl.Game, p *fl.Player) int                               { return 0 }
func (plain) Member(g *fl.Game, p, of *fl.Player, why fl.Pick) int                     { return -1 }
func (plain) Recruit(g *fl.Game, p *fl.Player) int                                     { return 0 }
func (plain) HireAlly(g *fl.Game, p *fl.Player, it fl.Item) bool                       { return false }
func (plain) Take(g *fl.Game, p *fl.Player, it fl.Item) bool                           { return true }
func (plain) EquipOrder(g *fl.Game, p *fl.Player, pool []fl.Item)                      {}
func (plain) Carry(g *fl.Game, p *fl.Player, it fl.Item) int                           { return -1 }
func (plain) Place(g *fl.Game, p *fl.Player, it fl.Item) bool                          { return true }
func (plain) Mount(g *fl.Game, p *fl.Player, perm fl.Item) (c, k int)                  { return fl.MountNone, 0 }
func (plain) FreeAction(g *fl.Game, p *fl.Player) bool                                 { return true }
func (plain) TownTech(g *fl.Game, p *fl.Player, ad *fl.ActionDef) bool                 { return false }
func (plain) SeatOrder(g *fl.Game, p *fl.Player, chars []int16)                        {}
func (plain) RosterOrder(g *fl.Game, p *fl.Player, roster []fl.Member)                 {}
func (plain) Play(g *fl.Game, p *fl.Player, ad *fl.ActionDef, t fl.Timing, cs *fl.CheckState, target *fl.Player) bool {
	return false
}
func (plain) Hire(g *fl.Game, p *fl.Player, ad *fl.ActionDef) (assign, target int, goal int16) {
	return -1, 0, 0
}
func (plain) Assign(g *fl.Game, p *fl.Player, n int, t fl.DamageType) (crown, k int) {
	return (&steady{}).Assign(g, p, n, t)
}
func (plain) Steal(g *fl.Game, thief, victim *fl.Player) int {
	for i := range victim.Auction() {
		if g.Tradeable(victim.AuctionItem(i)) {
			return i
		}
	}
	return -1
}

// Solo: the first member that may attempt the checks.
func (plain) Solo(g *fl.Game, p *fl.Player, e *fl.EncDef, seq []fl.Check) int {
	for i := range p.Crowns() {
		if m := p.Crown(i); m.Present() && (m.Hitman() < 0 || seq[0].Skill == fl.Combat) {
			return i
		}
	}
	return -1
}

// LoseTech: the first Technology that is not a starting Tier 1.
func (plain) LoseTech(g *fl.Game, p *fl.Player) int {
	for i := range p.Techs() {
		if _, tier, starting := p.Tech(i); !starting || tier > 1 {
			return i
		}
	}
	return -1
}

// Revert: the first Resource hex the player owns but keep.
func (plain) Revert(g *fl.Game, p *fl.Player, keep int16) int16 {
	for h := range int16(len(g.Content().Hexes)) {
		if h != keep && g.ResourceOwner(h) == p.Seat() {
			return h
		}
	}
	return -1
}

// GiveUp: the first equipped card that may be given up.
func (plain) GiveUp(g *fl.Game, p, thief *fl.Player) (c, k int) {
	for c := range p.Crowns() {
		m := p.Crown(c)
		for k := range m.Items() {
			if g.Givable(m.Item(k), thief) {
				return c, k
			}
		}
	}
	return -1, -1
}

// A whole Decider from another package plays games to their end (or the
// Turn cap), alone and beside the bots, without an answer the rules
// refuse; its choices are played: its Parties draw Encounters.
func TestWholeDeciderFromAnotherPackage(t *testing.T) {
	g := fl.New(bundled(t))
	encounters := 0
	for _, opt := range []fl.Options{
		{Players: 4, Deciders: []fl.Decider{plain{}, plain{}, plain{}, plain{}}},
		{Players: 3, Deciders: []fl.Decider{nil, plain{}}, Policies: []fl.Policy{fl.Bold, fl.Bold, fl.Bold}},
		{Players: 2, Short: true, Deciders: []fl.Decider{plain{}}, Variants: fl.Variants{DraftSetup: true}},
	} {
		opt.MaxRounds = 40
		for seed := uint64(1); seed <= 5; seed++ {
			var log game.EventLog
			_, err := g.Trace(&log, seed, opt)
			var f *fl.Failure
			if err != nil && !(errors.As(err, &f) && f.Stall) {
				t.Fatalf("%d players, seed %d: %v", opt.Players, seed, err)
			}
			for _, e := range log.Events {
				ours := e.Seat >= 0 && e.Seat < len(opt.Deciders) && opt.Deciders[e.Seat] != nil
				if e.Kind == "deed" && e.Data["deed"] == "Encounter" && ours {
					encounters++
				}
			}
		}
	}
	assert.Positive(t, encounters)
}
