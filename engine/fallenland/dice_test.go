package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/engine/rng"
)

// TestSingleDieChanceMatchesSimulation: the exact chance of one die (with
// 1s re-rolled while short) agrees with playing it many times.
func TestSingleDieChanceMatchesSimulation(t *testing.T) {
	r := rng.New(1, 2)
	for _, tc := range []struct{ ts, bonus, need int }{
		{8, 0, 1}, {8, 0, 2}, {3, 0, 1}, {0, 0, 1}, {10, 0, 1}, {10, 0, 2}, {12, 0, 2}, {24, 1, 4}, {5, 0, 3}, {19, 0, 2},
	} {
		const n = 200000
		pass := 0
		for range n {
			s := tc.bonus
			auto, tn := tc.ts/10, tc.ts%10
			f := r.Intn(10) + 1
			s += dieOutcome(tc.ts, f)
			if f == 10 {
				s = 0
			}
			for f == 1 && s < tc.need {
				f = r.Intn(10) + 1
				switch {
				case f == 10:
					s = 0
				case f == 1 || f <= tn:
					s++
				}
				_ = auto
			}
			if s >= tc.need {
				pass++
			}
		}
		assert.InDelta(t, float64(pass)/n, singleDieChance(tc.ts, tc.bonus, tc.need), 0.005, "%+v", tc)
	}
}
