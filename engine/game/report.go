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
	Where string `json:"where"` // the cell of the card's ID: file:Sheet!A7
	Drawn uint64 `json:"drawn"`
	Used  uint64 `json:"used"`
	// Tests on the card: observed pass rate (absent when it has none),
	// and for the tests taken without help (no exert, no added dice) the
	// exact chance and how far the observed rate lies from it (z).
	Tests  uint64 `json:"tests"`
	Passed uint64 `json:"passed"`
	// A Danger: times faced and overcome; PassRate is Overcome/Faced for
	// Dangers, Passed/Tests for other cards.
	Faced    uint64      `json:"faced,omitempty"`
	Overcome uint64      `json:"overcome,omitempty"`
	PassRate *float64    `json:"pass_rate,omitempty"`
	Exact    *ExactCheck `json:"exact,omitempty"`
	PerHero  []HeroOdds  `json:"per_hero,omitempty"`
	// Per draw (or use when never drawn), in the game's Terms: Glory or
	// Prestige, Fortune or Salvage, wounds or damage; and losses (KOs,
	// character deaths) it caused.
	ScorePer  float64 `json:"score_per"`
	MoneyPer  float64 `json:"money_per"`
	DamagePer float64 `json:"damage_per"`
	Losses    uint64  `json:"losses"`
	// What it took away per draw (CardCounts.ScoreLost, MoneyLost): a
	// sweep's curve shows them; the run's report does not.
	scoreLostPer, moneyLostPer float64
	// Players who drew or used it, and how many of them won.
	Holders    uint64 `json:"holders"`
	HolderWins uint64 `json:"holder_wins"`
	// Holding sets its holders' win rate against everyone else's: a
	// description only, since who gets a card is not random (buyers are
	// already winning). Absent when nobody held it.
	Holding *Holding `json:"holding,omitempty"`
	// Peers judges a card dealt by chance against its deck's other
	// cards: among players who drew from the deck, which card they got
	// is the luck of the draw, so the difference is the card's own.
	Peers *Verdict `json:"peers,omitempty"`
	// Impact is the card's effect measured by paired games (--impact).
	Impact *Impact  `json:"impact,omitempty"`
	Flags  []string `json:"flags,omitempty"`
	// HasAbility: the card has something to use (an Event, an item's
	// ability), so being drawn and never used means it is dead.
	HasAbility bool `json:"has_ability"`
	// Dealt: players get the card by chance (an Event, a Gear), so it
	// can be judged against its deck's other cards. Earned: players get
	// it by winning it (an artifact recovered), so its holders go with
	// winning by nature.
	Dealt  bool `json:"dealt"`
	Earned bool `json:"earned,omitempty"`
	// Errors counts the games that failed while the card's effect ran,
	// with the first failure: such a card is flagged as erroring and its
	// other numbers are not scored.
	Errors     int    `json:"errors,omitempty"`
	FirstError string `json:"first_error,omitempty"`
}

// CountCardErrors counts, into each card's report, the games that failed
// while its effect ran (the errors naming the card). Modules call it
// before Judge.
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

// Holding is how often a card's holders won against everyone else.
type Holding struct {
	Rate   float64 `json:"rate"`
	Others float64 `json:"others_rate"`
	Lift   float64 `json:"lift"`
	Low    float64 `json:"lift_ci_low"`
	High   float64 `json:"lift_ci_high"`
}

// ExactCheck compares unaided tests with their exact pass chance.
type ExactCheck struct {
	Tests    uint64  `json:"tests"`
	Observed float64 `json:"observed"`
	Expected float64 `json:"expected"`
	Z        float64 `json:"z"`
	P        float64 `json:"p"`
	Q        float64 `json:"q"`
}

// HeroOdds is one hero's record on a card's unaided tests.
type HeroOdds struct {
	Hero     string  `json:"hero"`
	Tests    uint64  `json:"tests"`
	Observed float64 `json:"observed"`
	Expected float64 `json:"expected"`
}

// Impact is a card's effect measured by paired games with and without it
// on the same seeds (common random numbers), over the games in which it
// was drawn: on the win rate of the player who got it (in a game of
// rivals) or of the players' side (cooperative), and on game length. A
// metric that could not be measured is absent.
type Impact struct {
	// Games: the run's first games its pairs were drawn from; Played,
	// those of them it was drawn in, played again with a substitute (in
	// the others the two games are one and the same). BaseGames
	// (adaptive): the run's games its holders' mean win is taken over
	// (the control variate, see ImpactRun).
	Games     int    `json:"games"`
	Played    int    `json:"played"`
	BaseGames int    `json:"base_games,omitempty"`
	Measure   string `json:"measure"` // what Win measures, in the game's words
	// HalfWidth is the half-width of Win's interval; Precise (adaptive):
	// it reached the run's precision.
	HalfWidth float64 `json:"half_width,omitempty"`
	Precise   bool    `json:"precise,omitempty"`
	Win       *Effect `json:"win,omitempty"`
	Rounds    *Effect `json:"rounds,omitempty"`
	Band      float64 `json:"band"`
	Verdict   string  `json:"verdict,omitempty"` // on Win: overpowered, underpowered, fine, undecided
}

// Effect is a paired difference: its mean over Pairs, interval, p-value
// and q-value (corrected over everything the run tested).
type Effect struct {
	Pairs       int     `json:"pairs"`
	Delta       float64 `json:"delta"`
	Low         float64 `json:"ci_low"`
	High        float64 `json:"ci_high"`
	P           float64 `json:"p"`
	Q           float64 `json:"q"`
	Significant bool    `json:"significant"`
	p           float64
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

// Flag is a finding a designer should look at, most serious first: a
// side or card whose verdict is over- or underpowered, a card that is
// dead, impossible, an outlier in its deck, or plays differently than
// its dice say.
type Flag struct {
	Kind    string `json:"kind"`    // overpowered, underpowered, impossible, dead, outlier, mismatch
	Subject string `json:"subject"` // card, or the game's word for a side: hero, faction
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"`
	Where   string `json:"where"` // the cell of the row's ID
	Players int    `json:"players,omitempty"`
	Message string `json:"message"`
}

// Comparison is the difference between two builds on the same seeds.
type Comparison struct {
	Baseline string `json:"baseline"`
	Games    int    `json:"games"`
	// Changes are the rows the build adds, replaces or removes.
	Changes []Change `json:"changes"`
	// New judges the sides and cards the build adds or replaces against
	// the baseline's: a new hero against the baseline's fair share, a new
	// card against its deck in the baseline.
	New []Verdict `json:"new"`
	// Moves are the metrics that moved significantly, cards first.
	Moves []Movement `json:"moves"`
	// Tested counts the comparisons the false discovery rate was
	// controlled over.
	Tested int      `json:"tested"`
	Failed []string `json:"failed,omitempty"`

	// The baseline's report and the games paired: what a shard's part
	// carries of the comparison.
	base  *SimReport
	pairs ComparePairs
}

// Change is a row the build adds, replaces or removes.
type Change struct {
	Kind  string `json:"kind"` // added, replaced, removed
	Sheet string `json:"sheet"`
	ID    string `json:"id"`
	Name  string `json:"name,omitempty"`
	Where string `json:"where"` // the cell of its ID (in the baseline, for a row removed)
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
	Q        float64 `json:"q"`
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

// DeckOf names the deck a card row belongs to: its Deck column where its
// sheet has one and it is filled in, else its sheet.
func DeckOf(r *table.Row) string {
	if r.Declares("deck") && r.Str("deck") != "" {
		return r.Str("deck")
	}
	return table.Key(r.Pos("").Sheet)
}

// CardReports reports the cards of a run (card rows by number) whose deck
// the module rates: each report names its card, deck and cell, and fill
// adds card n's metrics from the module's counters.
func CardReports(cards []*table.Row, rated func(deck string) bool, fill func(n int, r *CardReport)) []CardReport {
	out := make([]CardReport, 0, len(cards))
	for n, row := range cards {
		deck := DeckOf(row)
		if !rated(deck) {
			continue
		}
		r := CardReport{ID: row.ID, Name: row.Str("name"), Deck: deck, Layer: row.Layer(), Where: row.Where()}
		fill(n, &r)
		out = append(out, r)
	}
	return out
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
