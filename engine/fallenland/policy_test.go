package fallenland_test

import (
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
