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

// RuleNames describe the rules, by Rule.
var RuleNames = [NumRules]string{
	RuleMove:            "Movement Deed",
	RuleLastPoint:       "last-point rule",
	RuleWaterTravel:     "water travel (perk)",
	RuleRadiation:       "Radiation damage on ending a move",
	RuleAmbush:          "Town Defense ambush",
	RuleFreeCard:        "City/Rad free card",
	RuleRedraw:          "card redrawn (Requires or redraw)",
	RuleFlight:          "Encounter Flight",
	RuleMelee:           "Melee Weapons Only check",
	RuleMulti:           "Multiple Party check",
	RuleOSC:             "Optional Skill Check",
	RulePsych:           "Psychological Check",
	RuleWorld:           "World card",
	RulePOI:             "Point of Interest",
	RuleMission:         "Mission Deed",
	RuleCapture:         "Resource captured",
	RuleTDCDefense:      "Town Defense chips defend a Resource",
	RuleDestroyResource: "Resource destroyed",
	RuleDoubleResource:  "Double Resource",
	RuleLoseResource:    "Resource lost",
	RuleProduction:      "Resource Production",
	RuleHeal:            "Healing Deed",
	RuleTownHeal:        "free healing in a Starting Town",
	RuleInfection:       "Infected Wounds grow",
	RulePsychDiscard:    "Psych discard",
	RuleDeath:           "Character death",
	RulePreventDeath:    "death prevented",
	RulePartyDeath:      "Party death",
	RuleRebuild:         "Party rebuilt",
	RuleRoster:          "Town Roster swap",
	RulePenalty:         "Week Penalty spent",
	RuleOverspend:       "Weeks overspent",
	RuleDelay:           "Delayed",
	RuleTech:            "Town Technology gained",
	RuleBuyTech:         "Town Technology bought",
	RuleBuyTDC:          "Town Defense chip bought",
	RuleTDCShield:       "Town Defense chip shields Town Health",
	RuleSell:            "Spoils sold to the Bank",
	RuleAuction:         "Auction House sale",
	RuleEvent:           "Spoils Event",
	RuleJinx:            "Jinxed card",
	RuleAlly:            "Ally hired",
	RuleVehicleLost:     "Vehicle destroyed",
	RuleTargeted:        "Action card played on an opponent",
	RuleHire:            "NPCM or hit man hired",
	RuleSoloPVP:         "Solo PVP",
	RulePVP:             "PVP",
	RulePVPFlight:       "PVP Flight contest",
	RuleFirstStrike:     "First Strike",
	RuleLoot:            "Loot Deck",
	RuleMultiWait:       "Multiple Party card waits for Parties",
	RuleDraft:           "Draft Setup",
	RuleAuctionBid:      "Auction House bidding",
	RuleAuctionCards:    "Auction House paid in cards",
	RulePartyPVP:        "a Party attacks a Party (PVP Deed)",
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
}

func (c *CardStats) merge(o *CardStats) {
	c.CardCounts.Merge(&o.CardCounts)
	c.Resolved += o.Resolved
	c.Succeeded += o.Succeeded
	c.Fled += o.Fled
	c.TownHealth += o.TownHealth
}

// Merge adds another worker's counters.
func (s *Stats) Merge(o *Stats) {
	game.MergeEach(s.Cards, o.Cards, (*CardStats).merge)
	game.AddCounts(s.Rules[:], o.Rules[:])
	game.AddCounts(s.Deeds[:], o.Deeds[:])
	game.AddCounts(s.Events[:], o.Events[:])
	game.AddCounts(s.Coverage, o.Coverage)
	s.SeatGames, s.SeatWins = s.SeatGames+o.SeatGames, s.SeatWins+o.SeatWins
}

// NewStats makes a collector for content.
func NewStats(c *Content) *Stats {
	return &Stats{Cards: make([]CardStats, len(c.Cards)), Coverage: make([]uint32, c.CoverSize()), factions: len(c.Factions),
		touched: game.NewHolders(len(c.Cards))}
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
	var won uint8
	if g.result.Winner >= 0 {
		won |= 1 << g.result.Winner
	}
	for _, seat := range g.result.Shared {
		won |= 1 << seat
	}
	games, wins := s.touched.EndGame(len(g.players), won, s.counts)
	s.SeatGames, s.SeatWins = s.SeatGames+games, s.SeatWins+wins
}

// counts are card n's counters.
func (s *Stats) counts(n int) *game.CardCounts { return &s.Cards[n].CardCounts }
