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

// RuleNames describe the rules, in Rule order.
var RuleNames = [NumRules]string{
	"draw and face a Danger", "fail a Danger: Cliffhanger", "press on", "camp down", "heroes race for one artifact",
	"fight an enemy", "escape a fight", "take an escape test", "exert for extra dice", "Escorted enemy (draw again)",
	"Infantry-only redraw", "fight a henchman figure", "KO", "adventure in a city", "City Danger", "secret City card",
	"sell an artifact", "auction", "Play Immediately", "card played on an opponent", "cancel a card",
	"Remains in Play", "Activate an item", "Loyalty test", "fly between cities", "explore a deep jungle",
	"deep-jungle bonus Fortune", "Temple Fortune", "Temple instability roll", "Temple collapse", "Temple Treasure",
	"a villain enters play", "fight a villain", "sneak past a villain", "villain searches", "villains take an artifact",
	"villain KO'd", "Nazi bodyguards", "Nazi Gold escorted by a villain", "the zeppelin moves", "sneak aboard the zeppelin",
	"Vile Tactics", "destroy an outpost", "Occupation", "the Mob's turf blocks Occupation", "heroes work together",
	"heroes exchange cards", "an adventure's final fight", "keep one of several Events drawn",
	"buy a Gear card", "buy an Allies card", "buy a Common Item", "heal in a city",
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
	// Per game: which cards each seat drew or used.
	touched game.Holders
	heroes  int
	// The cards --impact measures (by Card.N), and per game which were
	// drawn at all: endGame sums up who got each in held.
	tracked []int
	seen    []uint64
	held    []uint16
}

// track makes the collector record, game by game, who got each of cards
// (by Card.N): Held of the run's outcomes.
func (s *Stats) track(cards []int) {
	s.tracked = cards
	s.seen = make([]uint64, (len(s.Cards)+63)/64)
}

// NewStats makes a collector for content.
func NewStats(c *Content) *Stats {
	s := &Stats{Cards: make([]CardStats, len(c.Cards)), Coverage: make([]uint32, c.CoverSize()), heroes: len(c.Heroes)}
	s.touched = game.NewHolders(len(c.Cards))
	return s
}

func (s *Stats) rule(r Rule) { s.Rules[r]++ }

func (s *Stats) draw(c *Card) {
	s.Cards[c.N].Drawn++
	if s.seen != nil {
		s.seen[c.N>>6] |= 1 << (c.N & 63)
	}
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

func (s *Stats) glory(g *Game, h *Hero, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Score += int64(n)
	}
}

func (s *Stats) fortune(g *Game, h *Hero, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Money += int64(n)
	}
}

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
	if s.tracked != nil {
		s.held = make([]uint16, len(s.tracked))
		for i, n := range s.tracked {
			w, bit := n>>6, uint64(1)<<(n&63)
			if s.seen[w]&bit != 0 {
				s.held[i] |= game.Seen
			}
			for seat := range g.heroes {
				if s.touched.Held(seat, n) {
					s.held[i] |= 1<<seat | game.Seen
				}
			}
		}
		clear(s.seen)
	}
	for seat := range g.heroes {
		won := g.result.Winner == seat || (g.shared() && g.opt.Mode != Team && g.result.End == "fortune") ||
			(g.opt.Mode == Team && g.result.Team == g.heroes[seat].team)
		s.HeroGames++
		if won {
			s.HeroWins++
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
	clear(s.seen)
	s.held = nil
}

// Merge adds another worker's counters.
func (s *Stats) Merge(o *Stats) {
	for i := range s.Cards {
		a, b := &s.Cards[i], &o.Cards[i]
		a.CardCounts.Merge(&b.CardCounts)
		a.Defeated += b.Defeated
		a.Faced += b.Faced
		a.Overcome += b.Overcome
	}
	for i := range s.Rules {
		s.Rules[i] += o.Rules[i]
	}
	for i := range s.Coverage {
		s.Coverage[i] += o.Coverage[i]
	}
	s.HeroGames += o.HeroGames
	s.HeroWins += o.HeroWins
}
