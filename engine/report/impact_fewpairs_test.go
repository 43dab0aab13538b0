package report

import (
	"bytes"
	"testing"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A card paired fewer than game.MinImpactPairs times says so instead of
// a ± it cannot vouch for (8 pairs that all agree gave "±0.0"), in the
// HTML card table, and the text of a fixed-allocation run names such
// cards.
func TestImpactTooFewPairsSaid(t *testing.T) {
	r := sample()
	r.Cards[0].Impact = &game.Impact{Games: 10, Played: 8, Measure: "the win rate of the hero who got it",
		Win: &game.Effect{Pairs: 8}}
	r.Cards[1].Impact = &game.Impact{Games: 10, Played: game.MinImpactPairs, HalfWidth: 0.041, Measure: "the win rate of the hero who got it",
		Win: &game.Effect{Pairs: game.MinImpactPairs, Delta: 0.2, Low: 0.159, High: 0.241}}
	r.ImpactRun = &game.ImpactRun{FixedGames: 10, BaseGames: 10, Paired: 108, Cards: 2, NotPrecise: []string{}, NoWinEffect: []string{}}
	var h bytes.Buffer
	require.NoError(t, HTML(&h, "impact", r))
	assert.Contains(t, h.String(), "<td>8</td><td>8 pairs: too few to say</td>")
	assert.Contains(t, h.String(), "<td>100</td><td>±4.1</td>")
	assert.NotContains(t, h.String(), "±0.0")
	var b bytes.Buffer
	require.NoError(t, Text(&b, "impact", r, TextOptions{}))
	assert.Contains(t, b.String(), "too few pairs to judge (under 100), 1: ancient-trap\n")
}

// One card, one game of budget: singular.
func TestImpactSingular(t *testing.T) {
	r := sample()
	r.Cards[0].Impact = &game.Impact{Games: 10, Played: 8, Measure: "the win rate of the hero who got it"}
	r.ImpactRun = &game.ImpactRun{Adaptive: true, Precision: 0.03, Budget: 1, BaseGames: 10, Rounds: 1, Cards: 1, NotPrecise: []string{}, NoWinEffect: []string{"ancient-trap"}}
	var b bytes.Buffer
	require.NoError(t, Text(&b, "impact", r, TextOptions{}))
	assert.Contains(t, b.String(), "impact: 1 card by paired games")
	assert.Contains(t, b.String(), "within a budget of 1 game: 10 games")
}
