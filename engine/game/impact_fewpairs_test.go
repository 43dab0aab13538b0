package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A paired effect on fewer than MinImpactPairs pairs is shown but not
// judged: its normal interval cannot be trusted (2 pairs that both lost
// gave "-100.0 (-100.0 to -100.0), q < 0.001"), so it is not tested, its
// verdict is undecided and it raises no flag, however far out its
// interval; from MinImpactPairs pairs on it is judged as before.
func TestImpactTooFewPairsNotJudged(t *testing.T) {
	for _, c := range []struct {
		name    string
		win     Effect
		verdict string
		flagged bool
	}{
		{"2 pairs, both lost", Effect{Pairs: 2, Delta: -1, Low: -1, High: -1, p: 0}, Undecided, false},
		{"8 pairs, far above", Effect{Pairs: 8, Delta: 0.256, Low: 0.181, High: 0.33, p: 0}, Undecided, false},
		{"8 pairs, all agree", Effect{Pairs: 8, p: 1}, Undecided, false},
		{"one pair short", Effect{Pairs: MinImpactPairs - 1, Delta: 0.2, Low: 0.1, High: 0.3, p: 1e-6}, Undecided, false},
		{"at the minimum, far above", Effect{Pairs: MinImpactPairs, Delta: 0.2, Low: 0.1, High: 0.3, p: 1e-6}, Overpowered, true},
		{"at the minimum, inside the band", Effect{Pairs: MinImpactPairs, Delta: 0.01, Low: -0.02, High: 0.04, p: 0.5}, Fine, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			win := c.win
			rounds := Effect{Pairs: win.Pairs, Delta: -3, Low: -3, High: -3}
			cards := append(deck("d", 10), CardReport{ID: "x", Deck: "d", Where: "base.xlsx:Events!A2", Drawn: 400, ScorePer: 1, MoneyPer: 1,
				Impact: &Impact{Games: 1000, Played: win.Pairs, Measure: "the win rate of the hero who got it", Band: 0.05, Win: &win, Rounds: &rounds}})
			r := &SimReport{Games: 1000, Cards: cards}
			r.Judge()
			without := &SimReport{Games: 1000, Cards: deck("d", 10)}
			without.Judge()
			im := r.Cards[len(cards)-1].Impact
			assert.Equal(t, c.verdict, im.Verdict)
			assert.Equal(t, c.flagged, len(r.Flags) > 0, "%+v", r.Flags)
			if win.Pairs < MinImpactPairs {
				assert.False(t, im.Win.Significant)
				assert.False(t, im.Rounds.Significant, "game length on too few pairs is not tested either")
				assert.Equal(t, 1.0, im.Win.Q)
				assert.Equal(t, without.Tested, r.Tested, "neither effect tested")
			} else {
				assert.Equal(t, without.Tested+2, r.Tested, "the win and game length effects are tested")
			}
		})
	}
}
