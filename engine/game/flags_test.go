package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deck returns n ordinary dealt cards of a deck: drawn, used, a quarter
// of 400 holders winning, 1 point and 1 coin a draw, so one card can stand
// out from them.
func deck(name string, n int) []CardReport {
	out := make([]CardReport, n)
	for i := range out {
		out[i] = CardReport{ID: fmt.Sprintf("%s-%d", name, i), Deck: name, Where: "base.xlsx:X!A2", Drawn: 400, Used: 400, Dealt: true,
			ScorePer: 1 + 0.1*float64(i%3), MoneyPer: 1 + 0.1*float64(i%2), Holders: 400, HolderWins: 100,
			Holding: &Holding{Rate: 0.25, Lift: 0.05, Low: -0.05, High: 0.15}}
	}
	return out
}

func ptr(x float64) *float64 { return &x }

func TestFlags(t *testing.T) {
	fl := Terms{Players: "factions", Score: "Prestige", Money: "Salvage"}
	tests := []struct {
		name  string
		card  CardReport
		terms Terms
		kind  string
		msg   string
	}{
		{"dealt card whose holders win far more than its deck's", CardReport{Dealt: true, Drawn: 400, Holders: 400, HolderWins: 200},
			Terms{}, Overpowered, "players who drew or used it won 50.0% of games (95% CI 45.1–54.9%); players who drew or used other D cards won 25.0%: +25.0 points (95% CI +19.9 to +30.0), beyond the ±5.0-point band (q < 0.001)"},
		{"dealt card whose holders win far less", CardReport{Dealt: true, Drawn: 400, Holders: 400, HolderWins: 20},
			fl, Underpowered, "factions who drew or used it won 5.0% of games (95% CI 3.3–7.6%); factions who drew or used other D cards won 25.0%: -20.0 points (95% CI -22.2 to -17.1), beyond the ±5.0-point band (q < 0.001)"},
		{"significant paired impact", CardReport{Drawn: 100, Impact: &Impact{Games: 500, Played: 280, Measure: "the win rate of the hero who got it", Band: 0.05,
			Win: &Effect{Pairs: 300, Delta: 0.12, Low: 0.06, High: 0.18, p: 0.0001}}},
			Terms{}, Overpowered, "paired games on the same seeds, with it and with a random other card of its deck in its place: the win rate of the hero who got it moves +12.0 points (95% CI +6.0 to +18.0 over 300 holders in 280 paired games), beyond the ±5.0-point band (q = 0.001)"},
		{"an earned card whose holders win far more", CardReport{Earned: true, Drawn: 200, Holders: 200, Holding: &Holding{Rate: 0.7, Lift: 0.45, Low: 0.35}},
			fl, KindOutlier, "factions who won it won 70% of games (+45 points over others; typical for its deck +5): a prize that decides games"},
		{"a danger never overcome", CardReport{Drawn: 40, Faced: 40, PassRate: ptr(0)},
			Terms{}, KindImpossible, "never overcome in 40 attempts"},
		{"a danger all but never overcome", CardReport{Drawn: 1500, Faced: 1500, Overcome: 1, PassRate: ptr(0.0007)},
			Terms{}, KindImpossible, "overcome only 1 of 1500 times (95% CI up to 0.38%): as good as impossible"},
		{"a test never passed unaided", CardReport{Drawn: 40, Tests: 40, Passed: 2, Exact: &ExactCheck{Tests: 25, Expected: 0.004}},
			Terms{}, KindImpossible, "its test was never passed unaided in 25 tries (exact chance 0.4%; 2 of 40 passed with help)"},
		{"never drawn", CardReport{ID: "lost"}, Terms{}, KindDead, "never drawn in 1000 games"},
		{"drawn, never used", CardReport{Drawn: 30, HasAbility: true},
			Terms{}, KindDead, "drawn 30 times, never used: its timing or condition never fits"},
		{"a danger nearly never overcome", CardReport{Drawn: 200, Faced: 200, Overcome: 4, PassRate: ptr(0.02)},
			Terms{}, KindOutlier, "overcome only 2.0% of 200 times"},
		{"a danger nearly always overcome", CardReport{Drawn: 1000, Faced: 1000, Overcome: 999, PassRate: ptr(0.999)},
			Terms{}, KindOutlier, "overcome 99.9% of 1000 times: hardly a danger"},
		{"far more score a draw", CardReport{Drawn: 100, ScorePer: 4, MoneyPer: 1},
			fl, KindOutlier, "gives 4.0 Prestige a draw, 11.6 deviations above its deck"},
		{"far more money a draw", CardReport{Drawn: 100, ScorePer: 1, MoneyPer: 5},
			Terms{}, KindOutlier, "gives 5.0 money a draw, 15.8 deviations above its deck"},
		{"plays differently than printed", CardReport{Drawn: 100, Exact: &ExactCheck{Tests: 100, Observed: 0.2, Expected: 0.5, Z: -6}},
			Terms{}, KindMismatch, "unaided tests passed 20.0% but the dice give 50.0% (z = -6.0, q < 0.001): the card plays differently than printed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cards := deck("d", 10)
			c := tt.card
			if c.ID == "" {
				c.ID = "x"
			}
			c.Deck, c.Where = "d", "base.xlsx:Dangers!A7"
			if c.Holders == 0 && c.Drawn > 0 {
				c.ScorePer, c.MoneyPer = max(c.ScorePer, 1), max(c.MoneyPer, 1)
			}
			cards = append(cards, c)
			r := &SimReport{Games: 1000, Cards: cards, Terms: tt.terms}
			if c.ID == "lost" {
				r.Coverage = &Coverage{NeverDrawn: []string{"lost"}}
			}
			r.Judge()
			require.NotEmpty(t, r.Flags)
			assert.Equal(t, Flag{Kind: tt.kind, Subject: "card", ID: c.ID, Where: "base.xlsx:Dangers!A7", Message: tt.msg}, r.Flags[0])
			assert.Equal(t, []string{tt.kind}, r.Cards[len(cards)-1].Flags, "the card carries its flag")
			for _, o := range r.Cards[:len(cards)-1] {
				assert.Empty(t, o.Flags, "ordinary cards are not flagged")
			}
		})
	}
}

// Once the paired games have decided, they decide the card's strength: a
// card whose holders win far more than its deck's but whose experiment
// finds it fine is not flagged (its holders are the kind that win, not
// made to by it); while the experiment is undecided the comparison
// stands and the flag says what the pairs found so far.
func TestPowerFollowsTheExperiment(t *testing.T) {
	strong := CardReport{Dealt: true, Drawn: 400, Holders: 400, HolderWins: 200} // +25 points over its deck
	paired := func(delta, low, high float64, pairs int) *Impact {
		return &Impact{Games: 500, Played: 450, Measure: "the win rate", Band: 0.05, Win: &Effect{Pairs: pairs, Delta: delta, Low: low, High: high, p: 0.5}}
	}
	tests := []struct {
		name     string
		impact   *Impact
		verdict  string
		byImpact bool
		flags    []string
		suffix   string
	}{
		{"no experiment: the comparison decides", nil, Overpowered, false, []string{Overpowered}, "beyond the ±5.0-point band (q < 0.001)"},
		{"the experiment finds it fine", paired(-0.008, -0.036, 0.019, 600), Fine, true, nil, ""},
		{"fine at the band's very edge", paired(0.0, -0.0499, 0.0499, 600), Fine, true, nil, ""},
		{"the experiment undecided: the comparison stands", paired(0.039, 0.011, 0.067, 600), Overpowered, false, []string{Overpowered},
			"; paired on the same seeds so far: +3.9 points (95% CI +1.1 to +6.7 over 600 holders), undecided"},
		{"too few pairs to judge", paired(0.3, 0.1, 0.5, 8), Overpowered, false, []string{Overpowered},
			"; paired on the same seeds so far: +30.0 points (95% CI +10.0 to +50.0 over 8 holders), undecided"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := strong
			c.ID, c.Deck, c.Where, c.Impact = "x", "d", "base.xlsx:Events!A2", tt.impact
			r := &SimReport{Games: 1000, Cards: append(deck("d", 10), c)}
			r.Judge()
			got := &r.Cards[len(r.Cards)-1]
			v, by := got.Power()
			assert.Equal(t, tt.verdict, v)
			assert.Equal(t, tt.byImpact, by)
			assert.Equal(t, tt.flags, got.Flags)
			if tt.suffix != "" {
				require.NotEmpty(t, r.Flags)
				assert.Equal(t, "x", r.Flags[0].ID)
				assert.True(t, strings.HasSuffix(r.Flags[0].Message, tt.suffix), r.Flags[0].Message)
			}
		})
	}
}

// An unaided pass rate off its dice is a mismatch only when both
// significant and at least 3 points off.
func TestMismatchBand(t *testing.T) {
	for _, tc := range []struct {
		observed float64
		flagged  bool
	}{{0.53, true}, {0.529, false}, {0.47, true}} {
		r := &SimReport{Cards: []CardReport{{ID: "x", Drawn: 10000, Exact: &ExactCheck{Tests: 10000, Observed: tc.observed, Expected: 0.5, Z: 6}}}}
		r.Judge()
		assert.Equal(t, tc.flagged, len(r.Flags) == 1, "observed %g: %+v", tc.observed, r.Flags)
	}
}

// Flags come most serious first: overpowered, then underpowered, then
// dead, then outlier; a card judged overpowered is not also an outlier
// for the Glory it gives (the verdict says more).
func TestFlagsOrder(t *testing.T) {
	cards := append(deck("d", 10),
		CardReport{ID: "rich", Deck: "d", Drawn: 100, ScorePer: 9, MoneyPer: 1},
		CardReport{ID: "idle", Deck: "d", Drawn: 50, HasAbility: true, ScorePer: 1, MoneyPer: 1},
		CardReport{ID: "weak", Deck: "d", Dealt: true, Drawn: 400, Holders: 400, HolderWins: 30, ScorePer: 1, MoneyPer: 1},
		CardReport{ID: "lucky", Deck: "d", Dealt: true, Drawn: 400, Holders: 400, HolderWins: 300, ScorePer: 1, MoneyPer: 1})
	r := &SimReport{Cards: cards}
	r.Judge()
	var got []string
	for _, f := range r.Flags {
		got = append(got, f.Kind+" "+f.ID)
	}
	assert.Equal(t, []string{"overpowered lucky", "underpowered weak", "dead idle", "outlier rich"}, got)

	// Rich and winning: overpowered says it all.
	cards = append(deck("d", 10), CardReport{ID: "rich", Deck: "d", Dealt: true, Drawn: 400, Holders: 400, HolderWins: 300, ScorePer: 9, MoneyPer: 1})
	r = &SimReport{Cards: cards}
	r.Judge()
	assert.Equal(t, []string{Overpowered}, r.Cards[10].Flags)
}

// A card nobody held, or whose deck has no other card, has no verdict:
// n/a, never a 0% that reads as "no effect".
func TestNoVerdictWithoutHolders(t *testing.T) {
	r := &SimReport{Cards: []CardReport{{ID: "unheld", Deck: "d", Dealt: true, Drawn: 5}, {ID: "alone", Deck: "e", Dealt: true, Holders: 50, HolderWins: 20}}}
	r.Judge()
	assert.Nil(t, r.Cards[0].Peers)
	assert.Nil(t, r.Cards[1].Peers)
	assert.Nil(t, r.Cards[0].PassRate, "no tests: no pass rate")
}

func TestTermsOr(t *testing.T) {
	got := Terms{Players: "factions", Score: "Prestige"}.Or(DefaultTerms)
	assert.Equal(t, Terms{Player: "player", Players: "factions", Round: "round", Rounds: "rounds", Losses: "losses", Prizes: "prizes",
		Score: "Prestige", Money: "money", Damage: "damage"}, got)
}

// TestErroringCardIsNotScored: a card whose effect fails is flagged as
// erroring, first, with its first error, and nothing else: its Glory a
// draw (measured on games it broke) is neither flagged nor counted in its
// deck, whose other cards' flags stay as they were.
func TestErroringCardIsNotScored(t *testing.T) {
	cards := append(deck("d", 10),
		CardReport{ID: "rich", Deck: "d", Drawn: 100, ScorePer: 9, MoneyPer: 1},
		CardReport{ID: "bad", Deck: "d", Where: "ee.xlsx:Dangers!A2", Drawn: 2000, ScorePer: 98.5, MoneyPer: 40, Faced: 2000, HasAbility: true,
			Dealt: true, Holders: 2000, HolderWins: 2000,
			Errors: 2000, FirstError: `ee.xlsx:Dangers!I2: effect "gainGlory(1 / (round - round))": division by zero`})
	r := &SimReport{Cards: cards, Terms: Terms{Score: "Glory"}}
	r.Judge()
	require.Len(t, r.Flags, 2)
	assert.Equal(t, Flag{Kind: "erroring", Subject: "card", ID: "bad", Where: "ee.xlsx:Dangers!A2",
		Message: `its effect failed in 2000 games, so it is not scored: ee.xlsx:Dangers!I2: effect "gainGlory(1 / (round - round))": division by zero`}, r.Flags[0])
	assert.Equal(t, "outlier", r.Flags[1].Kind)
	assert.Equal(t, "rich", r.Flags[1].ID)
	assert.Equal(t, "gives 9.0 Glory a draw, 31.6 deviations above its deck", r.Flags[1].Message, "the erroring card is not in its deck's numbers")
	assert.Equal(t, []string{"erroring"}, r.Cards[len(cards)-1].Flags)
	assert.Nil(t, r.Cards[len(cards)-1].Peers, "nor judged against its deck")

	// One failed game is enough, and is said as one.
	r = &SimReport{Cards: append(deck("d", 10), CardReport{ID: "once", Deck: "d", Drawn: 10, Errors: 1, FirstError: "boom"})}
	r.Judge()
	assert.Equal(t, "its effect failed in 1 game, so it is not scored: boom", r.Flags[0].Message)
}

func TestCountCardErrors(t *testing.T) {
	r := &SimReport{Cards: []CardReport{{ID: "a"}, {ID: "b"}}, Errors: []Incident{
		{Card: "b", Message: "first"}, {Card: "", Message: "no card"}, {Card: "b", Message: "second"}, {Card: "gone", Message: "not a card of the report"},
	}}
	r.CountCardErrors()
	assert.Equal(t, []CardReport{{ID: "a"}, {ID: "b", Errors: 2, FirstError: "first"}}, r.Cards)
}

// A card alone in its deck is paired against its deck without it (no
// other card can take its place), and its flag says so.
func TestImpactFlagOfACardAloneInItsDeck(t *testing.T) {
	alone := CardReport{ID: "super-ally", Deck: "allies", Where: "tiny.xlsx:Allies!A2", Drawn: 100, Impact: &Impact{Games: 500, Played: 280,
		Measure: "the win rate of the hero who got it", Band: 0.05, Win: &Effect{Pairs: 300, Delta: 0.186, Low: 0.12, High: 0.25, p: 0.0001}}}
	r := &SimReport{Games: 500, Cards: append(deck("d", 10), alone)}
	r.Judge()
	require.NotEmpty(t, r.Flags)
	assert.Equal(t, "paired games on the same seeds, with it and without it (its deck, allies, has no other card to put in its place): the win rate of the hero who got it moves +18.6 points (95% CI +12.0 to +25.0 over 300 holders in 280 paired games), beyond the ±5.0-point band (q = 0.001)",
		r.Flags[0].Message)
}
