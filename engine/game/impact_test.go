package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// A card whose removal loses half the games and shortens them by a round
// is significant; a card whose removal changes nothing is not; the games
// measured are capped at the main run's; the strong card gets a broken
// flag from its impact.
func TestMeasureImpact(t *testing.T) {
	base := outcomes(200, func(i int) int { return 10 + i%4 }, func(int) bool { return true })
	rep := &SimReport{Outcomes: base, Cards: []CardReport{{ID: "strong", Deck: "events", Drawn: 100}, {ID: "fair", Deck: "events", Drawn: 100}}}
	var asked []int
	without := func(id string, games int) []Outcome {
		asked = append(asked, games)
		if id == "strong" {
			return outcomes(games, func(i int) int { return 9 + i%4 }, func(i int) bool { return i%2 == 0 })
		}
		return base[:games]
	}
	var progress []int
	MeasureImpact(rep, []int{0, 1}, 500, true, without, func(k int) { progress = append(progress, k) })
	assert.Equal(t, []int{200, 200}, asked, "capped at the main run's games")
	assert.Equal(t, []int{-1, -2}, progress)
	strong, fair := rep.Cards[0].Impact, rep.Cards[1].Impact
	require.NotNil(t, strong)
	require.NotNil(t, fair)
	assert.InDelta(t, 0.5, strong.WinDelta, 1e-9)
	assert.InDelta(t, 1, strong.RoundsDelta, 1e-9)
	assert.True(t, strong.Significant)
	assert.Zero(t, fair.WinDelta)
	assert.False(t, fair.Significant)
	require.NotEmpty(t, rep.Flags)
	assert.Equal(t, "broken", rep.Flags[0].Kind)
	assert.Equal(t, "strong", rep.Flags[0].Card)
}

// Without wins (a competitive game) only game length is measured.
func TestMeasureImpactRoundsOnly(t *testing.T) {
	base := outcomes(100, func(i int) int { return 10 + i%3 }, func(int) bool { return true })
	rep := &SimReport{Outcomes: base, Cards: []CardReport{{ID: "slow"}}}
	MeasureImpact(rep, []int{0}, 0, false, func(string, int) []Outcome {
		return outcomes(100, func(i int) int { return 8 + i%3 }, func(int) bool { return false })
	}, nil)
	im := rep.Cards[0].Impact
	assert.Zero(t, im.WinDelta, "no win measure")
	assert.InDelta(t, 2, im.RoundsDelta, 1e-9)
	assert.True(t, im.Significant)
}

// The cards a run leaves out are found by ID, every copy's row; an ID no
// card has is an error naming it.
func TestCardIndexes(t *testing.T) {
	rows := []*table.Row{{ID: "boat-chase"}, {ID: "malaria"}, {ID: "boat-chase"}}
	got, err := CardIndexes(rows, []string{"boat-chase"})
	require.NoError(t, err)
	assert.Equal(t, map[int]bool{0: true, 2: true}, got)
	_, err = CardIndexes(rows, []string{"malaria", "nazi-gold"})
	assert.EqualError(t, err, `no card "nazi-gold" to leave out`)
}
