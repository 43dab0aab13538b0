package fng

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
	"heroes exchange cards",
}

// CardStats are one card's counters over a run.
type CardStats struct {
	Drawn, Used            uint64
	Tests, Passed          uint64
	Expected               uint64 // sum of exact pass chances, in billionths (integers add the same on any worker)
	Glory, Fortune, Wounds uint64
	KOs                    uint64
	Defeated               uint64
	// Heroes who drew or used it, and how many of them won.
	Holders, HolderWins uint64
}

// Stats collects per-card metrics and rule counts during a run. Each worker
// has its own; Merge adds them up. Collecting is optional: a game without
// Stats skips every hook.
type Stats struct {
	Cards []CardStats
	Rules [NumRules]uint64
	// Per game: which cards each seat drew or used.
	touched [8][]uint64
	// Pending test: the exact chance of the test being rolled.
	odds float64
}

// NewStats makes a collector for content.
func NewStats(c *Content) *Stats {
	s := &Stats{Cards: make([]CardStats, len(c.Cards))}
	words := (len(c.Cards) + 63) / 64
	for i := range s.touched {
		s.touched[i] = make([]uint64, words)
	}
	return s
}

func (s *Stats) rule(r Rule) { s.Rules[r]++ }

func (s *Stats) draw(c *Card) { s.Cards[c.N].Drawn++ }

func (s *Stats) use(c *Card) { s.Cards[c.N].Used++ }

func (s *Stats) touch(seat int, c *Card) {
	if seat >= 0 && seat < len(s.touched) {
		s.touched[seat][c.N>>6] |= 1 << (c.N & 63)
	}
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
		s.Cards[c.N].Glory += uint64(n)
	}
}

func (s *Stats) fortune(g *Game, h *Hero, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Fortune += uint64(n)
	}
}

func (s *Stats) wounds(g *Game, h *Hero, n int) {
	if c := g.source(); c != nil {
		s.Cards[c.N].Wounds += uint64(n)
	}
}

func (s *Stats) ko(g *Game, h *Hero) {
	if c := g.source(); c != nil {
		s.Cards[c.N].KOs++
	}
}

func (s *Stats) testOdds(g *Game, seat int, p float64) { s.odds = p }

func (s *Stats) testResult(g *Game, seat int, passed bool) {
	c := g.source()
	if c == nil {
		return
	}
	cs := &s.Cards[c.N]
	cs.Tests++
	if passed {
		cs.Passed++
	}
	cs.Expected += uint64(s.odds*1e9 + 0.5)
}

func (s *Stats) defeated(g *Game, fs *fightState) {
	if fs.enemy != nil && fs.enemy.Row != nil {
		s.Cards[fs.enemy.N].Defeated++
	}
}

func (s *Stats) recovered(g *Game, h *Hero, site int) {}

// endGame credits each card's holders with the game's outcome.
func (s *Stats) endGame(g *Game) {
	for seat := range g.heroes {
		won := g.result.Winner == seat || (g.shared() && g.opt.Mode != Team && g.result.End == "fortune") ||
			(g.opt.Mode == Team && g.result.Team == g.heroes[seat].team)
		for w, bits := range s.touched[seat] {
			for bits != 0 {
				b := bits & -bits
				n := w*64 + trailing(b)
				s.Cards[n].Holders++
				if won {
					s.Cards[n].HolderWins++
				}
				bits &^= b
			}
		}
		clear(s.touched[seat])
	}
}

func trailing(b uint64) int {
	n := 0
	for b > 1 {
		b >>= 1
		n++
	}
	return n
}

// Merge adds another worker's counters.
func (s *Stats) Merge(o *Stats) {
	for i := range s.Cards {
		a, b := &s.Cards[i], &o.Cards[i]
		a.Drawn += b.Drawn
		a.Used += b.Used
		a.Tests += b.Tests
		a.Passed += b.Passed
		a.Expected += b.Expected
		a.Glory += b.Glory
		a.Fortune += b.Fortune
		a.Wounds += b.Wounds
		a.KOs += b.KOs
		a.Defeated += b.Defeated
		a.Holders += b.Holders
		a.HolderWins += b.HolderWins
	}
	for i := range s.Rules {
		s.Rules[i] += o.Rules[i]
	}
}
