package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSweepSideCount: over a range of player counts the curve of a side
// reads its verdict at the count it played most games at, and the same
// count at every value; --players 1-4 read the 1-player games (5 of 66)
// because 1 is where the range starts.
func TestSweepSideCount(t *testing.T) {
	verdict := func(players, games int, delta float64) Verdict {
		return Verdict{Subject: "hero", ID: "jake-zane", Players: players, Games: games, Delta: delta, Band: 0.05}
	}
	run := func(vs ...Verdict) *SimReport {
		return &SimReport{Players: 1, PlayersMax: 4, Heroes: []Rate{{ID: "jake-zane", Games: 66}},
			Verdicts: append([]Verdict{{Subject: "hero", ID: "li-mei-chen", Players: 4, Games: 90}}, vs...)}
	}
	for _, tc := range []struct {
		name    string
		runs    []*SimReport
		players []int // the count read at each value
	}{
		{"the count with the most games", []*SimReport{run(verdict(1, 5, -0.6), verdict(2, 14, 0.01), verdict(4, 29, -0.1), verdict(3, 18, 0))}, []int{4}},
		{"one count", []*SimReport{run(verdict(4, 66, 0.02))}, []int{4}},
		{"a tie: the first", []*SimReport{run(verdict(2, 20, 0), verdict(3, 20, 0))}, []int{2}},
		{"kept at every value", []*SimReport{
			run(verdict(1, 5, 0), verdict(4, 29, 0)),
			run(verdict(1, 40, 0), verdict(4, 29, 0)), // more at 1 here: the curve still reads 4
		}, []int{4, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sr := &SweepReport{Terms: DefaultTerms}
			for i, rep := range tc.runs {
				p := sr.point(rep, SweepTarget{ID: "jake-zane"})
				require.NotNil(t, p.Fair, "value %d", i)
				assert.Equal(t, "jake-zane", p.Fair.ID)
				assert.Equal(t, tc.players[i], p.Fair.Players, "value %d", i)
			}
		})
	}
}
