package fng

import (
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// An adaptive --impact run gives the same report whatever the number of
// workers: its rounds, base games and pairs depend on the seeds only.
func TestAdaptiveImpactSameForAnyWorkerCount(t *testing.T) {
	sameForAnyWorkers(t, plantedTables(t), game.SimRequest{Games: 300, Players: 4, Seed: 11, Policy: "cautious", MaxRounds: 100,
		Stats: true, ImpactLayer: "planted", ImpactPlan: game.ImpactPlan{Precision: 0.08, Budget: 20000}}, 1, 3)
}

// The adaptive run's estimates agree with a large fixed run's on the same
// seeds: the planted rich Event (+15 Fortune) within the intervals, and
// so does its exact copy under another name (a null difference: the two
// agree). DECKWRIGHT_LONG=1 makes the fixed run 40,000
// games (10 times the default).
func TestAdaptiveImpactAgreesWithFixed(t *testing.T) {
	fixed := 4000
	if os.Getenv("DECKWRIGHT_LONG") != "" {
		fixed = 40000
	}
	tables := plantedTables(t, map[string]string{"ID": "lucky-copy", "Name": "Lucky Copy", "Count": "4", "Keywords": "Event, Luck",
		"Immediately": "TRUE", "Effect": "gainFortune(15)", "Text": "Gain 15 {fortune}."})
	req := game.SimRequest{Games: 1000, Players: 4, Seed: 3, Policy: "cautious", MaxRounds: 100, Stats: true, ImpactLayer: "planted",
		ImpactPlan: game.ImpactPlan{Precision: 0.03, PreciseOnly: true}}
	adaptive, err := game.Simulate(Module, tables, req)
	require.NoError(t, err)
	req.Games, req.ImpactGames = fixed, fixed
	big, err := game.Simulate(Module, tables, req)
	require.NoError(t, err)
	effect := func(rep *game.SimReport, id string) *game.Impact {
		for _, c := range rep.Cards {
			if c.ID == id {
				require.NotNil(t, c.Impact, id)
				require.NotNil(t, c.Impact.Win, id)
				return c.Impact
			}
		}
		t.Fatalf("no card %s", id)
		return nil
	}
	// Two independent-enough estimates agree when their difference is
	// within the interval of a difference (the half-widths in quadrature).
	agree := func(a, b *game.Impact, what string) {
		t.Helper()
		bound := math.Hypot(a.HalfWidth, b.HalfWidth)
		assert.InDelta(t, a.Win.Delta, b.Win.Delta, bound, "%s: %+v against %+v", what, a.Win, b.Win)
	}
	for _, id := range []string{"lucky-strike", "lucky-copy", "fair-coin"} {
		a := effect(adaptive, id)
		assert.True(t, a.Precise, id)
		assert.LessOrEqual(t, a.HalfWidth, 0.03, id)
		agree(a, effect(big, id), id+": adaptive against fixed")
	}
	agree(effect(adaptive, "lucky-strike"), effect(adaptive, "lucky-copy"), "a copy against its original")
	assert.Equal(t, game.Overpowered, effect(adaptive, "lucky-strike").Verdict)
	assert.Equal(t, game.Overpowered, effect(adaptive, "lucky-copy").Verdict)
	assert.Less(t, effect(adaptive, "fair-coin").Win.Delta, 0.0, "a coin that does nothing is weaker than a typical Event of a deck with 8 rich ones")
	run := adaptive.ImpactRun
	assert.Less(t, run.BaseGames+run.Paired, big.ImpactRun.BaseGames+big.ImpactRun.Paired, "fewer games than the fixed run")
}
