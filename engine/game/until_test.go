package game

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/sim"
)

func TestParseUntil(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Until
		err  string
	}{
		{"200000", Until{Games: 200000}, ""},
		{"200k", Until{Games: 200000}, ""},
		{"10m", Until{Time: 10 * time.Minute}, ""},
		{"50k, 90s", Until{Games: 50000, Time: 90 * time.Second}, ""},
		{"lots", Until{}, `--until-decided: "lots" is neither a number of games (200000, 200k) nor a time (10m, 90s)`},
		{"-5", Until{}, `--until-decided: "-5" is neither a number of games (200000, 200k) nor a time (10m, 90s)`},
		{",", Until{}, "--until-decided needs a budget: games (200000) or time (10m)"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseUntil(tc.in)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	assert.Equal(t, "50000 games or 1m30s", Until{Games: 50000, Time: 90 * time.Second}.String())
}

// fairRun is a run of 4-player games in which "even" wins its fair share
// and "edge" wins 29%, 4 points over: undecided at first, shown fine as
// games add up.
func fairRun(games int) *SimReport {
	r := &SimReport{Games: games}
	r.AddTally(fourPlayer(games, map[string]sim.Count{"even": {Played: games, Won: games / 4}, "edge": {Played: games, Won: games * 29 / 100}}),
		[]Side{{ID: "even"}, {ID: "edge"}}, nil, false)
	return r
}

// Decide doubles the games each look until every verdict is decided,
// testing each look at the false discovery rate shared out over the looks
// the budget allows.
func TestDecide(t *testing.T) {
	var plays [][2]int
	var looks []int
	req := SimRequest{Games: 1000, Until: &Until{Games: 64000}, Look: func(look, games, undecided int) {
		if undecided >= 0 {
			looks = append(looks, undecided)
		}
	}}
	rep := Decide(req, func(from, games int) *SimReport {
		plays = append(plays, [2]int{from, games})
		return fairRun(from + games)
	})
	require.NotNil(t, rep.Decision)
	// 1000, 2000, 4000, … 64000: seven looks possible, each at 0.05/7.
	assert.InDelta(t, 0.05/7, rep.Decision.Level, 1e-4)
	assert.True(t, rep.Decision.Decided, "%+v", rep.Decision)
	require.GreaterOrEqual(t, len(plays), 4)
	assert.Equal(t, [][2]int{{0, 1000}, {1000, 1000}, {2000, 2000}, {4000, 4000}}, plays[:4], "each look doubles the games")
	assert.Equal(t, len(plays), rep.Decision.Looks)
	assert.Equal(t, 0, looks[len(looks)-1])
	assert.Greater(t, looks[0], 0, "undecided at first")
	for _, v := range rep.Verdicts {
		assert.Equal(t, Fine, v.Verdict, "%+v", v)
	}
}

// Out of budget, Decide stops and says what is still undecided and how
// many more games each would need.
func TestDecideOutOfBudget(t *testing.T) {
	var plays [][2]int
	rep := Decide(SimRequest{Games: 1000, Until: &Until{Games: 3000}}, func(from, games int) *SimReport {
		plays = append(plays, [2]int{from, games})
		return fairRun(from + games)
	})
	assert.Equal(t, [][2]int{{0, 1000}, {1000, 1000}, {2000, 1000}}, plays, "the last look plays what is left of the budget")
	assert.Equal(t, 3000, rep.Games)
	require.NotNil(t, rep.Decision)
	assert.False(t, rep.Decision.Decided)
	require.NotEmpty(t, rep.Decision.Undecided)
	p := rep.Decision.Undecided[0]
	assert.Equal(t, "edge", p.ID)
	assert.Positive(t, p.MoreGames)
}
