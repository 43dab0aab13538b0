package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A budget spent before every card is paired leaves the cards drawn but
// not (or barely) paired not precise: they have a win effect the run did
// not measure, and are never listed as having none (earned, or never
// drawn), which only the card never drawn is.
func TestAdaptiveBudgetLeavesCardsNotPrecise(t *testing.T) {
	w := pairWorld{salt: 11, rates: []float64{0.9, 0.5, 0}, take: []float64{0.2, 0.2, 0}, keep: 0.4}
	for _, budget := range []int{1, 150, 400} {
		rep, _ := w.measure(ImpactPlan{Precision: 0.01, Budget: budget, PreciseOnly: true}, 1000)
		run := rep.ImpactRun
		require.NotNil(t, run, "budget %d", budget)
		assert.Equal(t, []string{"c"}, run.NoWinEffect, "budget %d: only the card never drawn has no win effect", budget)
		assert.Equal(t, []string{"a", "b"}, run.NotPrecise, "budget %d", budget)
		assert.Zero(t, run.Precise, "budget %d", budget)
		assert.Equal(t, run.Cards, run.Precise+len(run.NotPrecise)+len(run.NoWinEffect), "budget %d: every card counted once", budget)
	}
}
