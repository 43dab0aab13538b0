package fng

import (
	"github.com/deckwright/deckwright/engine/game"
)

// Rule names a rule of the rulebook that content can trigger. Stats count
// how often each fires, so a report can list the rules a set never uses.
type Rule uint8

const (
	RuleDanger Rule = iota
	RuleCliffhanger
	RulePressOn
	RuleCamp
	RuleRace
	RuleFight
	RuleEscape
	RuleEscapeTest
	RuleExert
	RuleEscorted
	RuleInfantry
	RuleHenchman
	RuleKO
	RuleCity
	RuleCityDanger
	RuleSecret
	RuleSell
	RuleAuction
	RuleImmediately
	RuleOpponentCard
	RuleCancel
	RuleRemains
	RuleActivate
	RuleLoyalty
	RuleFlight
	RuleExplore
	RuleDeepJungle
	RuleTemple
	RuleInstability
	RuleCollapse
	RuleTreasure
	RuleVillain
	RuleVillainFight
	RuleSneak
	RuleVillainSearch
	RuleVillainArtifact
	RuleVillainKO
	RuleBodyguards
	RuleNaziGoldVillain
	RuleZeppelin
	RuleBoardZeppelin
	RuleTactics
	RuleOutpost
	RuleOccupation
	RuleTurf
	RuleTogether
	RuleExchange
	RuleFinalFight
	RuleKeepOne
	RuleBuyGear
	RuleBuyAlly
	RuleBuyCommon
	RuleHealInCity
	NumRules
)

// RuleNames describe the rules, by Rule.
var RuleNames = [NumRules]string{
	RuleDanger:          "draw and face a Danger",
	RuleCliffhanger:     "fail a Danger: Cliffhanger",
	RulePressOn:         "press on",
	RuleCamp:            "camp down",
	RuleRace:            "heroes race for one artifact",
	RuleFight:           "fight an enemy",
	RuleEscape:          "escape a fight",
	RuleEscapeTest:      "take an escape test",
	RuleExert:           "exert for extra dice",
	RuleEscorted:        "Escorted enemy (draw again)",
	RuleInfantry:        "Infantry-only redraw",
	RuleHenchman:        "fight a henchman figure",
	RuleKO:              "KO",
	RuleCity:            "adventure in a city",
	RuleCityDanger:      "City Danger",
	RuleSecret:          "secret City card",
	RuleSell:            "sell an artifact",
	RuleAuction:         "auction",
	RuleImmediately:     "Play Immediately",
	RuleOpponentCard:    "card played on an opponent",
	RuleCancel:          "cancel a card",
	RuleRemains:         "Remains in Play",
	RuleActivate:        "Activate an item",
	RuleLoyalty:         "Loyalty test",
	RuleFlight:          "fly between cities",
	RuleExplore:         "explore a deep jungle",
	RuleDeepJungle:      "deep-jungle bonus Fortune",
	RuleTemple:          "Temple Fortune",
	RuleInstability:     "Temple instability roll",
	RuleCollapse:        "Temple collapse",
	RuleTreasure:        "Temple Treasure",
	RuleVillain:         "a villain enters play",
	RuleVillainFight:    "fight a villain",
	RuleSneak:           "sneak past a villain",
	RuleVillainSearch:   "villain searches",
	RuleVillainArtifact: "villains take an artifact",
	RuleVillainKO:       "villain KO'd",
	RuleBodyguards:      "Nazi bodyguards",
	RuleNaziGoldVillain: "Nazi Gold escorted by a villain",
	RuleZeppelin:        "the zeppelin moves",
	RuleBoardZeppelin:   "sneak aboard the zeppelin",
	RuleTactics:         "Vile Tactics",
	RuleOutpost:         "destroy an outpost",
	RuleOccupation:      "Occupation",
	RuleTurf:            "the Mob's turf blocks Occupation",
	RuleTogether:        "heroes work together",
	RuleExchange:        "heroes exchange cards",
	RuleFinalFight:      "an adventure's final fight",
	RuleKeepOne:         "keep one of several Events drawn",
	RuleBuyGear:         "buy a Gear card",
	RuleBuyAlly:         "buy an Allies card",
	RuleBuyCommon:       "buy a Common Item",
	RuleHealInCity:      "heal in a city",
}

// CardStats are one card's counters over a run: the generic ones (Score
// is Glory, Money Fortune, Damage wounds, Losses KOs) and a Danger's.
type CardStats struct {
	game.CardCounts
	Defeated uint64
	// Dangers: times faced and overcome (the front's whole test).
	Faced, Overcome uint64
}

// Stats collects per-card metrics, rule counts and effect coverage during
// a run. Each worker has its own; Merge adds them up. Collecting is
// optional: a game without Stats skips every hook.
type Stats struct {
	Cards    []CardStats
	Rules    [NumRules]uint64
	Coverage []uint32 // effect branch outcomes (see effects.Frame)
	// Hero-games and wins, for the win rate of heroes who did not hold a card.
	HeroGames, HeroWins uint64
	// Per game: which cards each seat drew or used, and who held the
	// cards --impact measures.
	touched game.Holders
	heroes  int
}

// NewStats makes a collector for content.
func NewStats(c *Content) *Stats {
	return &Stats{Cards: make([]CardStats, len(c.Cards)), Coverage: make([]uint32, c.CoverSize()), heroes: len(c.Heroes),
		touched: game.NewHolders(len(c.Cards))}
}

func (s *Stats) rule(r Rule) { s.Rules[r]++ }

func (s *Stats) draw(c *Card) {
	s.Cards[c.N].Drawn++
	s.touched.Saw(c.N)
}

// drew counts a card drawn by heroes, who become its holders.
func (s *Stats) drew(c *Card, seats ...int) {
	s.Cards[c.N].Drawn++
	for _, seat := range seats {
		s.touch(seat, c)
	}
}

// use counts a card's use and marks the hero of seat, who used it, as a
// holder (not the hero a card is played on: a rival's card played on the
// leader is the rival's).
func (s *Stats) use(seat int, c *Card) {
	s.Cards[c.N].Used++
	s.touch(seat, c)
}

// touch marks a hero as having drawn or used a card this game.
func (s *Stats) touch(seat int, c *Card) {
	s.touched.Touch(seat, c.N)
}

// source is the card a gain or loss is attributed to: the effect running,
// else the enemy being fought, else the Danger being faced.
func (g *Game) source() *Card {
	switch {
	case g.card != nil:
		return g.card
	case g.fs != nil && g.fs.enemy != nil && g.fs.enemy.Row != nil:
		return &g.fs.enemy.Card
	case g.danger != nil:
		return &g.danger.Card
	}
	return nil
}

// glory counts Glory a hero gained (d > 0) or lost from the card in
// play: gains and losses apart, a loss as much as the hero had to lose.
func (s *Stats) glory(g *Game, h *Hero, d int) {
	if c := g.source(); c != nil {
		if d > 0 {
			s.Cards[c.N].Score += int64(d)
		} else {
			s.Cards[c.N].ScoreLost += uint64(-d)
		}
	}
}

// fortune counts Fortune gained or lost from the card in play, as glory.
func (s *Stats) fortune(g *Game, h *Hero, d int) {
	if c := g.source(); c != nil {
		if d > 0 {
			s.Cards[c.N].Money += int64(d)
		} else {
			s.Cards[c.N].MoneyLost += uint64(-d)
		}
	}
}

// paid says a change of Glory or Fortune is a price a hero chose to pay
// (buying in a city, a flight): not taken away by the card in play.
func paid(why string) bool { return why == "buy" || why == "flight" }

func (s *Stats) wounds(g *Game, h *Hero, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Damage += uint64(n)
	}
}

func (s *Stats) ko(g *Game, h *Hero) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Losses++
	}
}

// test records a test on the card in play: every test counts toward its
// pass rate; unaided ones are compared with their exact chance p.
func (s *Stats) test(g *Game, h *Hero, p float64, passed, helped bool) {
	c := g.source()
	if c == nil {
		return
	}
	exact := p
	if helped {
		exact = -1
	}
	s.Cards[c.N].Test(passed, exact, passed, int(h.def.index), s.heroes)
}

// faced counts a Danger faced, and whether it was overcome.
func (s *Stats) faced(c *Card, overcome bool) {
	s.Cards[c.N].Faced++
	if overcome {
		s.Cards[c.N].Overcome++
	}
}

func (s *Stats) defeated(g *Game, fs *FightState) {
	if fs.enemy != nil && fs.enemy.Row != nil {
		s.Cards[fs.enemy.N].Defeated++
	}
}

// recovered marks the hero as holder of the artifact and adventure.
func (s *Stats) recovered(g *Game, h *Hero, site int) {
	st := &g.sites[site]
	s.touch(h.seat, &g.c.Artifacts[st.art].Card)
	s.touch(h.seat, &g.c.Adventures[st.adv].Card)
}

// endGame credits each card's holders with the game's outcome.
func (s *Stats) endGame(g *Game) {
	var won uint8
	for seat := range g.heroes {
		if g.result.Winner == seat || (g.shared() && g.opt.Mode != Team && g.result.End == "fortune") ||
			(g.opt.Mode == Team && g.result.Team == g.heroes[seat].team) {
			won |= 1 << seat
		}
	}
	games, wins := s.touched.EndGame(len(g.heroes), won, s.counts)
	s.HeroGames, s.HeroWins = s.HeroGames+games, s.HeroWins+wins
}

// counts are card n's counters.
func (s *Stats) counts(n int) *game.CardCounts { return &s.Cards[n].CardCounts }

// Merge adds another worker's counters.
func (s *Stats) Merge(o *Stats) {
	game.MergeEach(s.Cards, o.Cards, (*CardStats).merge)
	game.AddCounts(s.Rules[:], o.Rules[:])
	game.AddCounts(s.Coverage, o.Coverage)
	s.HeroGames, s.HeroWins = s.HeroGames+o.HeroGames, s.HeroWins+o.HeroWins
}

func (c *CardStats) merge(o *CardStats) {
	c.CardCounts.Merge(&o.CardCounts)
	c.Defeated += o.Defeated
	c.Faced += o.Faced
	c.Overcome += o.Overcome
}
