package game

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pairWorld is a game of 4 rivals with a known truth: in base game g the
// winner is a random seat and each card is drawn (by one seat, now and
// then two) with its rate; replayed with a substitute, the game keeps its
// winner with chance keep (the pair's shared luck), else the winner is
// drawn again and a holder's win is taken away with chance take[k]. A
// holder wins 1/4 with the card and (keep + (1−keep)(1−take))/4 without:
// the card's effect is (1−keep)·take/4.
type pairWorld struct {
	salt  uint64
	rates []float64
	take  []float64
	keep  float64
}

func (w pairWorld) effect(k int) float64 { return (1 - w.keep) * w.take[k] / 4 }

func (w pairWorld) base(g int) Outcome {
	r := rand.New(rand.NewPCG(w.salt, uint64(g)))
	o := Outcome{Done: true, Rounds: 10 + r.IntN(10), Held: make([]uint16, len(w.rates))}
	o.Won = 1 << r.IntN(4)
	for k, rate := range w.rates {
		if r.Float64() < rate {
			o.Held[k] = 1<<r.IntN(4) | Seen
			if r.Float64() < 0.2 {
				o.Held[k] |= 1 << r.IntN(4)
			}
		}
	}
	return o
}

func (w pairWorld) sub(k, g int) Outcome {
	a := w.base(g)
	r := rand.New(rand.NewPCG(w.salt^uint64(k+1)<<40, uint64(g)))
	if r.Float64() < w.keep {
		return Outcome{Done: true, Rounds: a.Rounds, Won: a.Won}
	}
	seat := r.IntN(4)
	holders := uint8(a.Held[k])
	if holders&(1<<seat) != 0 && r.Float64() < w.take[k] {
		var others []int
		for s := range 4 {
			if holders&(1<<s) == 0 {
				others = append(others, s)
			}
		}
		seat = others[r.IntN(len(others))]
	}
	return Outcome{Done: true, Rounds: 10 + r.IntN(10), Won: 1 << seat}
}

// measure runs an adaptive measurement of every card of w, the run's own
// games being its first games.
func (w pairWorld) measure(plan ImpactPlan, games int) (*SimReport, *adaptive) {
	rep, a, _ := w.runStopped(plan, games, func(int, string) bool { return false }, nil)
	return rep, a
}

// The estimator with the holders' mean over every base game is the plain
// paired difference when there are no base games beyond the pairs, and
// otherwise narrower when the pair shares luck.
func TestControlledEstimator(t *testing.T) {
	var p pairSums
	var s baseSums
	for i, ab := range [][2]int{{1, 0}, {0, 0}, {1, 1}, {0, 1}, {1, 0}, {1, 0}} {
		p.add(ab[0], ab[1])
		s.add(ab[0])
		_ = i
	}
	m, se, plain := controlled(p, s)
	assert.InDelta(t, 2.0/6, m, 1e-12, "the plain mean difference")
	assert.Equal(t, plain, se, "and its standard error")
	for range 600 { // base units beyond the pairs, A as often as in them
		s.add(1)
		s.add(0)
	}
	_, se, plain = controlled(p, s)
	assert.Less(t, se, plain)
	none := pairSums{N: 1, A: 1, AA: 1}
	_, se, _ = controlled(none, s)
	assert.True(t, math.IsInf(se, 1), "one pair has no interval")
	assert.Nil(t, controlledEffect(none, s, 1.96))
}

// The stopping rule: a card stops when its reported half-width is at the
// precision, not a hundredth of a point above, and never on fewer than
// MinPairs pairs.
func TestImpactPlanStops(t *testing.T) {
	p := ImpactPlan{Precision: 0.03, MinPairs: 100}
	for _, c := range []struct {
		pairs int
		half  float64
		stops bool
	}{
		{100, 0.03, true},
		{100, 0.0301, false},
		{100, 0.0299, true},
		{99, 0.01, false},
		{5000, math.Inf(1), false},
	} {
		assert.Equal(t, c.stops, p.stops(c.pairs, c.half), "%d pairs, ±%g", c.pairs, c.half)
	}
	// Through a run: the half-width is what the report shows.
	w := pairWorld{salt: 1, rates: []float64{0.5}, take: []float64{0.4}, keep: 0.5}
	rep, a := w.measure(ImpactPlan{Precision: 0.03, PreciseOnly: true}, 1000)
	im := rep.Cards[0].Impact
	require.NotNil(t, im.Win)
	assert.True(t, im.Precise)
	assert.Equal(t, im.HalfWidth, a.halfWidth(a.cards[0]))
	assert.LessOrEqual(t, im.HalfWidth, 0.03)
	at := ImpactPlan{Precision: im.HalfWidth, MinPairs: 100}
	assert.True(t, at.stops(im.Win.Pairs, im.HalfWidth), "exactly at the precision")
	above := ImpactPlan{Precision: im.HalfWidth - 0.0001, MinPairs: 100}
	assert.False(t, above.stops(im.Win.Pairs, im.HalfWidth), "a hundredth of a point above it")
}

// Adaptive allocation: a common card stops once precise, a rare card
// makes the run play on past its games (the base grows) to be paired in
// enough, a card never drawn has no win effect, and each card's games
// are those it was drawn in.
func TestAdaptiveAllocation(t *testing.T) {
	w := pairWorld{salt: 7, rates: []float64{0.9, 0.03, 0}, take: []float64{0.2, 0.6, 0}, keep: 0.4}
	rep, a := w.measure(ImpactPlan{Precision: 0.04, PreciseOnly: true}, 1000)
	run := rep.ImpactRun
	require.NotNil(t, run)
	common, rare, never := rep.Cards[0].Impact, rep.Cards[1].Impact, rep.Cards[2].Impact
	assert.True(t, common.Precise)
	assert.True(t, rare.Precise)
	assert.LessOrEqual(t, common.HalfWidth, 0.04)
	assert.LessOrEqual(t, rare.HalfWidth, 0.04)
	assert.Greater(t, run.BaseGames, 10000, "the rare card needs many games to be drawn in enough")
	assert.Less(t, common.Games, 5000, "the common card is paired on the first games only")
	assert.Equal(t, a.cards[0].paired, common.Played)
	assert.InDelta(t, 0.9, float64(common.Played)/float64(common.Games), 0.05, "only the games it was drawn in")
	assert.Nil(t, never.Win)
	assert.Equal(t, []string{"c"}, run.NoWinEffect)
	assert.Empty(t, run.NotPrecise)
	assert.Equal(t, 2, run.Precise)
	assert.Less(t, run.VarianceRatio, 1.0, "the control variate narrows the intervals")
	// Within a budget too small, the card still wide is listed, not hidden.
	rep, _ = w.measure(ImpactPlan{Precision: 0.04, Budget: 3000, PreciseOnly: true}, 1000)
	assert.Contains(t, rep.ImpactRun.NotPrecise, "b")
	for _, c := range rep.Cards[:2] {
		assert.Equal(t, !c.Impact.Precise, slices.Contains(rep.ImpactRun.NotPrecise, c.ID), c.ID)
	}
	assert.LessOrEqual(t, rep.ImpactRun.BaseGames+rep.ImpactRun.Paired, 1000+3000)
}

// Close calls: with budget left after the precision, a card whose
// interval straddles the band's edge is played on until decided.
func TestAdaptiveCloseCalls(t *testing.T) {
	// An effect of 0.2·0.6/4... chosen near the band's edge (5 points).
	w := pairWorld{salt: 3, rates: []float64{0.6, 0.6}, take: []float64{0.36, 0}, keep: 0.5}
	rep, _ := w.measure(ImpactPlan{Precision: 0.03, PreciseOnly: true}, 1000)
	first := rep.Cards[0].Impact
	require.NotNil(t, first.Win)
	rep2, a := w.measure(ImpactPlan{Precision: 0.03}, 1000)
	edge, zero := rep2.Cards[0].Impact, rep2.Cards[1].Impact
	if first.Win.Low < -a.band || first.Win.High > a.band {
		assert.Greater(t, edge.Played, first.Played, "the close call is played on")
		assert.True(t, a.decided(a.cards[0]) || rep2.ImpactRun.BaseGames+rep2.ImpactRun.Paired >= 1000+a.plan.Budget)
	}
	assert.Equal(t, rep.Cards[1].Impact.Played, zero.Played, "a card decided at the precision is not")
}

// Over many runs, the adaptive run's 95% intervals cover the true effect
// about 95% of the time, and its estimates are unbiased: the control
// variate and the stopping rule keep the intervals honest.
func TestAdaptiveCoverage(t *testing.T) {
	runs := 300
	if testing.Short() {
		runs = 60
	}
	w := pairWorld{rates: []float64{0.5, 0.2, 0.35}, take: []float64{0.4, 0, 0.8}, keep: 0.5}
	covered, total := 0, 0
	bias := make([]float64, len(w.rates))
	for salt := range runs {
		w.salt = uint64(salt) + 100
		rep, _ := w.measure(ImpactPlan{Precision: 0.05, PreciseOnly: true}, 300)
		for k := range w.rates {
			e := rep.Cards[k].Impact.Win
			require.NotNil(t, e)
			total++
			if e.Low <= w.effect(k) && w.effect(k) <= e.High {
				covered++
			}
			bias[k] += (e.Delta - w.effect(k)) / float64(runs)
		}
	}
	rate := float64(covered) / float64(total)
	assert.InDelta(t, 0.95, rate, 0.03, "coverage of the 95%% intervals: %d of %d", covered, total)
	for k, b := range bias {
		assert.InDelta(t, 0, b, 0.006, "card %d: mean error", k)
	}
}

// BenchmarkAdaptiveScan is what an adaptive run does between its parallel
// batches, on one core, for every base game: add it to each card's draws
// and base sums (here 400 cards, each drawn in a game in 20, over 10,000
// games: Fallen Land's --impact all scans 117,000).
func BenchmarkAdaptiveScan(b *testing.B) {
	w := pairWorld{salt: 1, rates: make([]float64, 400), take: make([]float64, 400), keep: 0.5}
	for k := range w.rates {
		w.rates[k] = 0.05
	}
	rep, _ := w.measure(ImpactPlan{Precision: 1, Budget: 1, PreciseOnly: true}, 0)
	games := make([]Outcome, 10000)
	for g := range games {
		games[g] = w.base(g)
	}
	ids := make([]string, len(w.rates))
	for k := range ids {
		ids[k] = rep.Cards[k].ID
	}
	b.ReportAllocs()
	for b.Loop() {
		a := newAdaptive(rep, DefaultImpactPlan, ids)
		a.scan(games)
	}
}
