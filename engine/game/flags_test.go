package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deck returns n ordinary cards of a deck: drawn, used, a third of holders
// winning, 1 point and 1 coin a draw, so one card can stand out from them.
func deck(name string, n int) []CardReport {
	out := make([]CardReport, n)
	for i := range out {
		out[i] = CardReport{ID: fmt.Sprintf("%s-%d", name, i), Deck: name, Where: "base.xlsx:X!2", Drawn: 100, Used: 100,
			ScorePer: 1 + 0.1*float64(i%3), MoneyPer: 1 + 0.1*float64(i%2), Holders: 100, HolderRate: 0.3, OthersRate: 0.25, Lift: 0.05, LiftLow: -0.05, LiftHigh: 0.15}
	}
	return out
}

func TestFlagCards(t *testing.T) {
	fl := Terms{Players: "factions", Score: "Prestige", Money: "Salvage"}
	tests := []struct {
		name  string
		card  CardReport
		terms Terms
		kind  string
		msg   string
	}{
		{"dealt card whose holders win far more", CardReport{Dealt: true, Holders: 200, HolderRate: 0.7, OthersRate: 0.25, Lift: 0.45, LiftLow: 0.35, LiftHigh: 0.55, Drawn: 200},
			Terms{}, "broken", "players who drew or used it won 70% of games, others 25% (+45 points, 95% CI +35 to +55; typical for its deck +5)"},
		{"earned card whose holders win far more", CardReport{Holders: 200, HolderRate: 0.7, Lift: 0.45, LiftLow: 0.35, Drawn: 200},
			fl, "outlier", "factions who won it won 70% of games (+45 points over others; typical for its deck +5): a prize that decides games"},
		{"significant paired impact", CardReport{Drawn: 100, Impact: &Impact{Significant: true, WinDelta: 0.08, WinLow: 0.03, WinHigh: 0.13, Q: 0.004}},
			Terms{}, "broken", "with it in the deck the win rate moves +8.0 points (95% CI +3.0 to +13.0, q = 0.004)"},
		{"a danger never overcome", CardReport{Drawn: 40, Faced: 40},
			Terms{}, "impossible", "never overcome in 40 attempts"},
		{"a test never passed unaided", CardReport{Drawn: 40, Tests: 40, Passed: 2, Exact: &ExactCheck{Tests: 25, Expected: 0.004}},
			Terms{}, "impossible", "its test was never passed unaided in 25 tries (exact chance 0.4%; 2 of 40 passed with help)"},
		{"never drawn", CardReport{ID: "lost"}, Terms{}, "dead", "never drawn"},
		{"drawn, never used", CardReport{Drawn: 30, HasAbility: true},
			Terms{}, "dead", "drawn 30 times, never used: its timing or condition never fits"},
		{"a danger nearly never overcome", CardReport{Drawn: 200, Faced: 200, Overcome: 4, PassRate: 0.02},
			Terms{}, "outlier", "overcome only 2.0% of 200 times"},
		{"a danger nearly always overcome", CardReport{Drawn: 1000, Faced: 1000, Overcome: 999, PassRate: 0.999},
			Terms{}, "outlier", "overcome 99.9% of 1000 times: hardly a danger"},
		{"far more score a draw", CardReport{Drawn: 100, ScorePer: 4, MoneyPer: 1},
			fl, "outlier", "gives 4.0 Prestige a draw, 11.6 deviations above its deck"},
		{"far more money a draw", CardReport{Drawn: 100, ScorePer: 1, MoneyPer: 5},
			Terms{}, "outlier", "gives 5.0 money a draw, 15.8 deviations above its deck"},
		{"plays differently than printed", CardReport{Drawn: 100, Exact: &ExactCheck{Tests: 100, Observed: 0.2, Expected: 0.5, Z: -6}},
			Terms{}, "mismatch", "unaided tests passed 20.0% but the dice give 50.0% (z = -6.0): the card plays differently than printed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cards := deck("d", 10)
			c := tt.card
			if c.ID == "" {
				c.ID = "x"
			}
			c.Deck, c.Where = "d", "base.xlsx:Dangers!7"
			if c.Holders == 0 && c.Drawn > 0 {
				c.ScorePer, c.MoneyPer = max(c.ScorePer, 1), max(c.MoneyPer, 1)
			}
			cards = append(cards, c)
			var cov *Coverage
			if c.ID == "lost" {
				cov = &Coverage{NeverDrawn: []string{"lost"}}
			}
			flags := FlagCards(cards, cov, tt.terms)
			require.NotEmpty(t, flags)
			assert.Equal(t, Flag{Kind: tt.kind, Card: c.ID, Where: "base.xlsx:Dangers!7", Message: tt.msg}, flags[0])
			assert.Equal(t, []string{tt.kind}, cards[len(cards)-1].Flags, "the card carries its flag")
			for _, o := range cards[:len(cards)-1] {
				assert.Empty(t, o.Flags, "ordinary cards are not flagged")
			}
		})
	}
}

// Flags come most serious first: broken before dead before outlier.
func TestFlagCardsOrder(t *testing.T) {
	cards := append(deck("d", 10),
		CardReport{ID: "rich", Deck: "d", Drawn: 100, ScorePer: 9, MoneyPer: 1},
		CardReport{ID: "idle", Deck: "d", Drawn: 50, HasAbility: true, ScorePer: 1, MoneyPer: 1},
		CardReport{ID: "lucky", Deck: "d", Dealt: true, Drawn: 100, Holders: 100, HolderRate: 0.8, Lift: 0.5, LiftLow: 0.4, ScorePer: 1, MoneyPer: 1})
	var got []string
	for _, f := range FlagCards(cards, nil, Terms{}) {
		got = append(got, f.Kind+" "+f.Card)
	}
	assert.Equal(t, []string{"broken lucky", "dead idle", "outlier rich"}, got)
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
		CardReport{ID: "bad", Deck: "d", Where: "ee.xlsx:Dangers!2", Drawn: 2000, ScorePer: 98.5, MoneyPer: 40, Faced: 2000, HasAbility: true,
			Errors: 2000, FirstError: `ee.xlsx:Dangers!I2: effect "gainGlory(1 / (round - round))": division by zero`})
	flags := FlagCards(cards, nil, Terms{Score: "Glory"})
	require.Len(t, flags, 2)
	assert.Equal(t, Flag{Kind: "erroring", Card: "bad", Where: "ee.xlsx:Dangers!2",
		Message: `its effect failed in 2000 games, so it is not scored: ee.xlsx:Dangers!I2: effect "gainGlory(1 / (round - round))": division by zero`}, flags[0])
	assert.Equal(t, "outlier", flags[1].Kind)
	assert.Equal(t, "rich", flags[1].Card)
	assert.Equal(t, "gives 9.0 Glory a draw, 31.6 deviations above its deck", flags[1].Message, "the erroring card is not in its deck's numbers")
	assert.Equal(t, []string{"erroring"}, cards[len(cards)-1].Flags)

	// One failed game is enough, and is said as one.
	cards = append(deck("d", 10), CardReport{ID: "once", Deck: "d", Drawn: 10, Errors: 1, FirstError: "boom"})
	assert.Equal(t, "its effect failed in 1 game, so it is not scored: boom", FlagCards(cards, nil, Terms{})[0].Message)
}

func TestCountCardErrors(t *testing.T) {
	r := &SimReport{Cards: []CardReport{{ID: "a"}, {ID: "b"}}, Errors: []Incident{
		{Card: "b", Message: "first"}, {Card: "", Message: "no card"}, {Card: "b", Message: "second"}, {Card: "gone", Message: "not a card of the report"},
	}}
	r.CountCardErrors()
	assert.Equal(t, []CardReport{{ID: "a"}, {ID: "b", Errors: 2, FirstError: "first"}}, r.Cards)
}
