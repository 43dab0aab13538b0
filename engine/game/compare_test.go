package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseThresholds(t *testing.T) {
	tests := []struct {
		in   string
		want Thresholds
		err  string
	}{
		{"", Thresholds{}, ""},
		{"win=0.05, rounds=2,card-win=0.1,pass=0.2", Thresholds{"win": 0.05, "rounds": 2, "card-win": 0.1, "pass": 0.2}, ""},
		{"win", nil, `--fail-on: "win" is not metric=bound`},
		{"glory=1", nil, `--fail-on: unknown metric "glory" (win, rounds, card-win, pass)`},
		{"win=lots", nil, `--fail-on: "lots" is not a bound`},
		{"rounds=-1", nil, `--fail-on: "-1" is not a bound`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseThresholds(tt.in)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// outcomes returns n finished games lasting rounds(i), won when win(i).
func outcomes(n int, rounds func(int) int, win func(int) bool) []Outcome {
	out := make([]Outcome, n)
	for i := range out {
		out[i] = Outcome{Done: true, Rounds: rounds(i), Win: win(i)}
	}
	return out
}

// A change that makes games two rounds longer and one card easier shows
// as two significant moves, cards first; the unchanged card and win rate
// do not; and only the bounds they exceed fail.
func TestCompare(t *testing.T) {
	base := &SimReport{Games: 400, Rounds: Quantiles{Mean: 10}, Coop: &CoopReport{},
		Outcomes: outcomes(400, func(i int) int { return 10 + i%3 }, func(i int) bool { return i%2 == 0 }),
		Cards: []CardReport{
			{ID: "bridge", Tests: 400, Passed: 200, Holders: 100, HolderRate: 0.5},
			{ID: "steady", Tests: 400, Passed: 300},
		}}
	cur := &SimReport{Games: 400, Rounds: Quantiles{Mean: 12}, Coop: &CoopReport{},
		Outcomes: outcomes(400, func(i int) int { return 12 + i%3 }, func(i int) bool { return i%2 == 0 }),
		Cards: []CardReport{
			{ID: "bridge", Tests: 400, Passed: 320, Holders: 100, HolderRate: 0.5},
			{ID: "steady", Tests: 400, Passed: 302},
			{ID: "new-card", Tests: 400, Passed: 10},
		}}
	cmp := Compare("main", base, cur, Thresholds{"pass": 0.1, "rounds": 3, "win": 0})
	require.Len(t, cmp.Moves, 2)
	pass, rounds := cmp.Moves[0], cmp.Moves[1]
	assert.Equal(t, "pass", pass.Metric)
	assert.Equal(t, "bridge", pass.Card)
	assert.InDelta(t, 0.3, pass.Delta, 1e-9)
	assert.Greater(t, pass.Low, 0.0)
	assert.Equal(t, "rounds", rounds.Metric)
	assert.InDelta(t, 2, rounds.Delta, 1e-9)
	assert.Equal(t, []string{"pass of bridge moved +0.3 (bound 0.1)"}, cmp.Failed, "rounds moved 2, within its bound of 3")
}

// In a competitive run the win metric is each player's win rate.
func TestCompareCompetitiveWins(t *testing.T) {
	base := &SimReport{Heroes: []Rate{{ID: "jake", Games: 500, Wins: 100}, {ID: "li", Games: 500, Wins: 125}}}
	cur := &SimReport{Heroes: []Rate{{ID: "jake", Games: 500, Wins: 200}, {ID: "li", Games: 500, Wins: 126}}}
	cmp := Compare("v1", base, cur, Thresholds{"win": 0.1})
	require.Len(t, cmp.Moves, 1)
	assert.Equal(t, Movement{Metric: "win", Card: "jake", Baseline: 0.2, Current: 0.4, Delta: 0.2, Low: cmp.Moves[0].Low, High: cmp.Moves[0].High, P: 0}, cmp.Moves[0])
	assert.Equal(t, []string{"win of jake moved +0.2 (bound 0.1)"}, cmp.Failed)
}
