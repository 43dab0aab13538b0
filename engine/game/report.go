package game

import (
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

// Per-card metrics, coverage and flags of a sim run: what `deckwright sim`
// shows first, puts in its JSON and renders in its HTML report. They are
// generic: a module fills them from its own tallies.

// CardReport is one card's metrics over a run.
type CardReport struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Deck  string `json:"deck"`
	Layer string `json:"layer,omitempty"`
	Where string `json:"where"` // the source cell: file:Sheet!row
	Drawn uint64 `json:"drawn"`
	Used  uint64 `json:"used"`
	// Tests on the card: observed pass rate, and for the tests taken
	// without help (no exert, no added dice) the exact chance and how far
	// the observed rate lies from it (z).
	Tests  uint64 `json:"tests"`
	Passed uint64 `json:"passed"`
	// A Danger: times faced and overcome; PassRate is Overcome/Faced for
	// Dangers, Passed/Tests for other cards.
	Faced    uint64      `json:"faced,omitempty"`
	Overcome uint64      `json:"overcome,omitempty"`
	PassRate float64     `json:"pass_rate"`
	Exact    *ExactCheck `json:"exact,omitempty"`
	PerHero  []HeroOdds  `json:"per_hero,omitempty"`
	// Per draw (or use when never drawn), in the game's Terms: Glory or
	// Prestige, Fortune or Salvage, wounds or damage; and losses (KOs,
	// character deaths) it caused.
	ScorePer  float64 `json:"score_per"`
	MoneyPer  float64 `json:"money_per"`
	DamagePer float64 `json:"damage_per"`
	Losses    uint64  `json:"losses"`
	// Win rate of heroes who drew or used it against heroes who did not.
	Holders    uint64   `json:"holders"`
	HolderRate float64  `json:"holder_win_rate"`
	OthersRate float64  `json:"others_win_rate"`
	Lift       float64  `json:"lift"`
	LiftLow    float64  `json:"lift_ci_low"`
	LiftHigh   float64  `json:"lift_ci_high"`
	Impact     *Impact  `json:"impact,omitempty"`
	Flags      []string `json:"flags,omitempty"`
	// HasAbility: the card has something to use (an Event, an item's
	// ability), so being drawn and never used means it is dead.
	HasAbility bool `json:"has_ability"`
	// Dealt: heroes get the card by chance (an Event, a Gear), so its
	// holders winning more is the card's doing. Earned cards (an artifact
	// a hero fought for) go with winning by nature.
	Dealt bool `json:"dealt"`
	// Errors counts the games that failed while the card's effect ran,
	// with the first failure: such a card is flagged as erroring and its
	// other numbers are not scored.
	Errors     int    `json:"errors,omitempty"`
	FirstError string `json:"first_error,omitempty"`
}

// CountCardErrors counts, into each card's report, the games that failed
// while its effect ran (the errors naming the card). Modules call it
// before FlagCards.
func (r *SimReport) CountCardErrors() {
	index := make(map[string]int, len(r.Cards))
	for i := range r.Cards {
		index[r.Cards[i].ID] = i
	}
	for _, in := range r.Errors {
		i, ok := index[in.Card]
		if !ok {
			continue
		}
		c := &r.Cards[i]
		if c.Errors == 0 {
			c.FirstError = in.Message
		}
		c.Errors++
	}
}

// ExactCheck compares unaided tests with their exact pass chance.
type ExactCheck struct {
	Tests    uint64  `json:"tests"`
	Observed float64 `json:"observed"`
	Expected float64 `json:"expected"`
	Z        float64 `json:"z"`
}

// HeroOdds is one hero's record on a card's unaided tests.
type HeroOdds struct {
	Hero     string  `json:"hero"`
	Tests    uint64  `json:"tests"`
	Observed float64 `json:"observed"`
	Expected float64 `json:"expected"`
}

// Impact is a card's effect measured by paired games with and without it
// on the same seeds.
type Impact struct {
	Games       int     `json:"games"`
	WinDelta    float64 `json:"win_delta"` // the heroes' (cooperative) or the drawer's side win rate
	WinLow      float64 `json:"win_ci_low"`
	WinHigh     float64 `json:"win_ci_high"`
	RoundsDelta float64 `json:"rounds_delta"`
	RoundsLow   float64 `json:"rounds_ci_low"`
	RoundsHigh  float64 `json:"rounds_ci_high"`
	P           float64 `json:"p"`
	Q           float64 `json:"q"` // Benjamini–Hochberg adjusted over every card tested
	Significant bool    `json:"significant"`
}

// Coverage lists content a run never reached or never exercised.
type Coverage struct {
	NeverDrawn           []string     `json:"never_drawn"`
	NeverUsed            []string     `json:"never_used"`
	TestsNeverPassed     []string     `json:"tests_never_passed"`
	TestsNeverFailed     []string     `json:"tests_never_failed"`
	ConditionsNeverTrue  []BranchNote `json:"conditions_never_true"`
	ConditionsNeverFalse []BranchNote `json:"conditions_never_false"`
	BranchesNeverTaken   []BranchNote `json:"branches_never_taken"`
	RulesNeverTriggered  []string     `json:"rules_never_triggered"`
}

// BranchNote points at a decision inside an effect or condition.
type BranchNote struct {
	Card   string `json:"card"`
	Where  string `json:"where"` // the cell
	Column int    `json:"column"`
	Text   string `json:"text"`
}

// Flag is a finding a designer should look at, most serious first.
type Flag struct {
	Kind    string `json:"kind"` // broken, dead, outlier, mismatch
	Card    string `json:"card"`
	Where   string `json:"where"`
	Message string `json:"message"`
}

// Comparison is the difference between two builds on the same seeds.
type Comparison struct {
	Baseline string     `json:"baseline"`
	Games    int        `json:"games"`
	Moves    []Movement `json:"moves"` // metrics that moved significantly, cards first
	Failed   []string   `json:"failed,omitempty"`
}

// Movement is one metric's change between builds.
type Movement struct {
	Metric   string  `json:"metric"`
	Card     string  `json:"card,omitempty"`
	Baseline float64 `json:"baseline"`
	Current  float64 `json:"current"`
	Delta    float64 `json:"delta"`
	Low      float64 `json:"ci_low"`
	High     float64 `json:"ci_high"`
	P        float64 `json:"p"`
}

// Site is a compiled effect or condition and the cell it was written in,
// for coverage: its branch counters start at Base in a run's counters.
type Site struct {
	Row       *table.Row
	Column    string
	Base      int
	Branches  []effects.Branch
	Condition bool // a condition cell: its first branch is the condition itself
}

// NewCoverage is an empty coverage report (empty lists, not null, in JSON).
func NewCoverage() *Coverage {
	return &Coverage{NeverDrawn: []string{}, NeverUsed: []string{}, TestsNeverPassed: []string{}, TestsNeverFailed: []string{},
		ConditionsNeverTrue: []BranchNote{}, ConditionsNeverFalse: []BranchNote{}, BranchesNeverTaken: []BranchNote{},
		RulesNeverTriggered: []string{}}
}

// AddBranches lists, from a run's branch counters (two per branch: times
// false, times true), the conditions never true or never false and the
// effect branches only ever taken one way. A site never reached (its card
// never drawn or used) is skipped: "never drawn" already says so.
func (c *Coverage) AddBranches(sites []Site, counts []uint32) {
	for _, s := range sites {
		for b, br := range s.Branches {
			no, yes := counts[s.Base+2*b], counts[s.Base+2*b+1]
			if no == 0 && yes == 0 {
				continue
			}
			note := BranchNote{Card: s.Row.ID, Where: s.Row.Pos(s.Column).String(), Column: br.Offset, Text: br.Text}
			isCond := b == 0 && s.Condition
			switch {
			case isCond && yes == 0:
				c.ConditionsNeverTrue = append(c.ConditionsNeverTrue, note)
			case isCond && no == 0:
				c.ConditionsNeverFalse = append(c.ConditionsNeverFalse, note)
			case yes == 0:
				note.Text += " — never true"
				c.BranchesNeverTaken = append(c.BranchesNeverTaken, note)
			case no == 0:
				note.Text += " — never false"
				c.BranchesNeverTaken = append(c.BranchesNeverTaken, note)
			}
		}
	}
}
