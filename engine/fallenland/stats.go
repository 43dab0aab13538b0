package fallenland

import (
	"github.com/deckwright/deckwright/engine/game"
)

// Rule names a rule of the rulebook that content can trigger. Stats count
// how often each fires, so a report can list the rules a set never uses.
type Rule uint8

const (
	RuleMove Rule = iota
	RuleLastPoint
	RuleWaterTravel
	RuleRadiation
	RuleAmbush
	RuleFreeCard
	RuleRedraw
	RuleFlight
	RuleMelee
	RuleMulti
	RuleOSC
	RulePsych
	RuleWorld
	RulePOI
	RuleMission
	RuleCapture
	RuleTDCDefense
	RuleDestroyResource
	RuleDoubleResource
	RuleLoseResource
	RuleProduction
	RuleHeal
	RuleTownHeal
	RuleInfection
	RulePsychDiscard
	RuleDeath
	RulePreventDeath
	RulePartyDeath
	RuleRebuild
	RuleRoster
	RulePenalty
	RuleOverspend
	RuleDelay
	RuleTech
	RuleBuyTech
	RuleBuyTDC
	RuleTDCShield
	RuleSell
	RuleAuction
	RuleEvent
	RuleJinx
	RuleAlly
	RuleVehicleLost
	RuleTargeted
	RuleHire
	RuleSoloPVP
	RulePVP
	RulePVPFlight
	RuleFirstStrike
	RuleLoot
	RuleMultiWait
	RuleDraft
	RuleAuctionBid
	RuleAuctionCards
	RulePartyPVP
	NumRules
)

// RuleNames describe the rules, in Rule order.
var RuleNames = [NumRules]string{
	"Movement Deed", "last-point rule", "water travel (perk)", "Radiation damage on ending a move", "Town Defense ambush",
	"City/Rad free card", "card redrawn (Requires or redraw)", "Encounter Flight", "Melee Weapons Only check", "Multiple Party check",
	"Optional Skill Check", "Psychological Check", "World card", "Point of Interest", "Mission Deed", "Resource captured",
	"Town Defense chips defend a Resource", "Resource destroyed", "Double Resource", "Resource lost", "Resource Production",
	"Healing Deed", "free healing in a Starting Town", "Infected Wounds grow", "Psych discard", "Character death",
	"death prevented", "Party death", "Party rebuilt", "Town Roster swap", "Week Penalty spent", "Weeks overspent",
	"Delayed", "Town Technology gained", "Town Technology bought", "Town Defense chip bought", "Town Defense chip shields Town Health",
	"Spoils sold to the Bank", "Auction House sale", "Spoils Event", "Jinxed card", "Ally hired", "Vehicle destroyed",
	"Action card played on an opponent", "NPCM or hit man hired", "Solo PVP", "PVP", "PVP Flight contest", "First Strike",
	"Loot Deck", "Multiple Party card waits for Parties", "Draft Setup", "Auction House bidding", "Auction House paid in cards",
	"a Party attacks a Party (PVP Deed)",
}

// CardStats are one card's counters over a run: the generic ones (Score
// is Prestige, Money Salvage Coins, Losses Character deaths), Encounters
// and Missions resolved, and Town Health.
type CardStats struct {
	game.CardCounts
	Resolved, Succeeded, Fled uint64
	TownHealth                int64 `part:"signed"` // gained or lost: a sum that may be negative
}

// Stats collects per-card metrics, rule counts and effect coverage during
// a run. Each worker has its own; Merge adds them up.
type Stats struct {
	Cards    []CardStats
	Rules    [NumRules]uint64
	Deeds    [numDeeds]uint64
	Events   [11]uint64
	Coverage []uint32
	// Seat-games and wins, for the win rate of players who did not hold a card.
	SeatGames, SeatWins uint64
	touched             game.Holders
	factions            int
	// The cards --impact measures (by Card.N); endGame sums up who got
	// each in held.
	tracked []int
	held    []uint16
}

// track makes the collector record, game by game, who got each of cards
// (by Card.N): Held of the run's outcomes.
func (s *Stats) track(cards []int) { s.tracked = cards }

// NewStats makes a collector for content.
func NewStats(c *Content) *Stats {
	s := &Stats{Cards: make([]CardStats, len(c.Cards)), Coverage: make([]uint32, c.CoverSize()), factions: len(c.Factions)}
	s.touched = game.NewHolders(len(c.Cards))
	return s
}

func (s *Stats) rule(r Rule)    { s.Rules[r]++ }
func (s *Stats) deed(d Deed)    { s.Deeds[d]++ }
func (s *Stats) event(roll int) { s.Events[roll]++ }

func (s *Stats) touch(seat int, c *Card) {
	s.touched.Touch(seat, c.N)
}

// drew counts a card a player drew (or was dealt).
func (s *Stats) drew(seat int, c *Card) {
	s.Cards[c.N].Drawn++
	s.touch(seat, c)
}

// use counts a card's ability or play.
func (s *Stats) use(seat int, c *Card) {
	s.Cards[c.N].Used++
	s.touch(seat, c)
}

// source is the card a gain or loss is attributed to: the effect running,
// else the Encounter or Mission being resolved.
func (g *Game) source() *Card {
	switch {
	case g.src != nil:
		return g.src
	case g.enc != nil:
		return &g.enc.Card
	}
	return nil
}

func (s *Stats) prestige(g *Game, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Score += int64(n)
	}
}

func (s *Stats) townHealth(g *Game, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].TownHealth += int64(n)
	}
}

func (s *Stats) salvage(g *Game, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Money += int64(n)
	}
}

func (s *Stats) damage(g *Game, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Damage += uint64(n)
	}
}

func (s *Stats) death(g *Game) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Losses++
	}
}

// test records a Skill Check on a card: every check counts toward its pass
// rate; unaided single-die checks (p0 ≥ 0: their exact chance) compare the
// dice's own result with it.
func (s *Stats) test(g *Game, c *Card, p *Player, passed, dice bool, p0 float64) {
	s.Cards[c.N].Test(passed, p0, dice, int(p.faction), s.factions)
}

// resolved counts an Encounter or Mission resolved, and whether it succeeded.
func (s *Stats) resolved(c *Card, success bool) {
	s.Cards[c.N].Resolved++
	if success {
		s.Cards[c.N].Succeeded++
	}
}

func (s *Stats) fled(c *Card) { s.Cards[c.N].Fled++ }

// endGame credits each card's holders with the game's outcome.
func (s *Stats) endGame(g *Game) {
	if s.tracked != nil {
		s.held = make([]uint16, len(s.tracked))
		for i, n := range s.tracked {
			for seat := range g.players {
				if s.touched.Held(seat, n) {
					s.held[i] |= 1<<seat | game.Seen
				}
			}
		}
	}
	for seat := range g.players {
		won := g.result.Winner == seat
		for _, x := range g.result.Shared {
			won = won || x == seat
		}
		s.SeatGames++
		if won {
			s.SeatWins++
		}
		s.touched.Credit(seat, won, s.counts)
	}
	s.touched.Clear()
}

// counts are card n's counters.
func (s *Stats) counts(n int) *game.CardCounts { return &s.Cards[n].CardCounts }

// clearGame forgets a game that did not finish (a stall or an error).
func (s *Stats) clearGame() {
	s.touched.Clear()
	s.held = nil
}

// Merge adds another worker's counters.
func (s *Stats) Merge(o *Stats) {
	for i := range s.Cards {
		a, b := &s.Cards[i], &o.Cards[i]
		a.CardCounts.Merge(&b.CardCounts)
		a.Resolved += b.Resolved
		a.Succeeded += b.Succeeded
		a.Fled += b.Fled
		a.TownHealth += b.TownHealth
	}
	for i := range s.Rules {
		s.Rules[i] += o.Rules[i]
	}
	for i := range s.Deeds {
		s.Deeds[i] += o.Deeds[i]
	}
	for i := range s.Events {
		s.Events[i] += o.Events[i]
	}
	for i := range s.Coverage {
		s.Coverage[i] += o.Coverage[i]
	}
	s.SeatGames += o.SeatGames
	s.SeatWins += o.SeatWins
}
