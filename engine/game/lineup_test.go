package game

import (
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
)

// playTables plays games as a module tallies them: each game seats
// players distinct sides drawn at random; in a game of rivals a seat wins
// with probability in proportion to its side's strength (Luce's choice
// model), and where the players win together they win with probability
// σ(base + Σ log strength).
func playTables(seed uint64, games, players int, strength map[string]float64, shared bool, base float64) *sim.Tally {
	ids := make([]string, 0, len(strength))
	for id := range strength {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	r := rng.New(seed, 1)
	t := sim.NewTally(players)
	for range games {
		rng.Shuffle(&r, ids)
		seated := ids[:players]
		won := make([]bool, players)
		if shared {
			eta := base
			for _, id := range seated {
				eta += math.Log(strength[id])
			}
			win := r.Chance(1 / (1 + math.Exp(-eta)))
			for i := range won {
				won[i] = win
			}
		} else {
			total := 0.0
			for _, id := range seated {
				total += strength[id]
			}
			x := float64(r.Uint64()>>11) / (1 << 53) * total
			for i, id := range seated {
				if x -= strength[id]; x < 0 || i == players-1 {
					won[i] = true
					break
				}
			}
		}
		t.Games++
		t.Finished(players, !shared || won[0])
		for seat, id := range seated {
			t.Seat(players, id, seat, "cautious", won[seat])
		}
	}
	return &t
}

func sides(ids ...string) []Side {
	out := make([]Side, len(ids))
	for i, id := range ids {
		out[i] = Side{ID: id, Name: id}
	}
	return out
}

// Beside a hero eight times as strong as the rest and one twenty times
// weaker, every other hero wins less or more than the fair share (in a
// game of rivals about 21.8% of 4-player games, not 25%): they are no
// weaker or stronger for it. Each is judged against a typical hero at the
// same tables (in the cooperative game, against the same games with a
// typical hero in its place), so none is flagged, while the strong and
// the weak ones are, with the interval of the difference.
func TestSidesJudgedAgainstATypicalSideAtTheSameTables(t *testing.T) {
	strength := map[string]float64{"titan": 8, "clerk": 0.05}
	ids := []string{"titan", "clerk"}
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		strength[id] = 1
		ids = append(ids, id)
	}
	for _, tc := range []struct {
		name         string
		shared       bool
		titan, clerk string
		lo, hi       float64
	}{
		{"rivals", false,
			"won 74.7% of 4-player games (95% CI 74.1–75.4%); a typical hero at the same tables would have won 27.7%: +47.1 points (95% CI +46.4 to +47.7), beyond the ±5.0-point band (q < 0.001)",
			"won 1.3% of 4-player games (95% CI 1.1–1.5%); a typical hero at the same tables would have won 19.7%: -18.4 points (95% CI -18.6 to -18.2), beyond the ±5.0-point band (q < 0.001)",
			0.205, 0.235},
		{"together", true,
			"heroes won 53.3% of 4-player games with it; with a typical hero in its place, 18.1%: +35.1 points (95% CI +34.2 to +36.0), beyond the ±5.0-point band (q < 0.001)",
			"heroes won 5.4% of 4-player games with it; with a typical hero in its place, 42.8%: -37.4 points (95% CI -37.7 to -37.0), beyond the ±5.0-point band (q < 0.001)",
			0.29, 0.33},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &SimReport{Games: 40000, Terms: Terms{Player: "hero", Players: "heroes"}, SharedWins: tc.shared}
			r.AddTally(playTables(1, 40000, 4, strength, tc.shared, -1), sides(ids...), nil, tc.shared)
			r.Judge()
			require.Len(t, r.Verdicts, 10)
			for _, v := range r.Verdicts[2:] {
				assert.InDelta(t, (tc.lo+tc.hi)/2, v.Rate, (tc.hi-tc.lo)/2, "%s: beside the titan and the clerk, not 25%%", v.ID)
				assert.Equal(t, Fine, v.Verdict, "%+v", v)
				assert.InDelta(t, v.Rate-v.RefRate, v.Delta, 0.0002, "the difference is the rate less the reference's")
			}
			require.Len(t, r.Flags, 2)
			assert.Equal(t, Flag{Kind: Overpowered, Subject: "hero", ID: "titan", Name: "titan", Players: 4, Message: tc.titan}, r.Flags[0])
			assert.Equal(t, Flag{Kind: Underpowered, Subject: "hero", ID: "clerk", Name: "clerk", Players: 4, Message: tc.clerk}, r.Flags[1])
		})
	}
}

// The interval of a side's difference from a typical side covers the
// truth (no difference, for the typical sides beside a far stronger one)
// at its stated 95%: the model's information is the right variance.
func TestSideIntervalsCoverTheTruth(t *testing.T) {
	strength := map[string]float64{"titan": 8}
	ids := []string{"titan"}
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		strength[id] = 1
		ids = append(ids, id)
	}
	for _, shared := range []bool{false, true} {
		cover, n := 0, 0
		for rep := range 120 {
			r := &SimReport{Games: 1000, SharedWins: shared}
			r.AddTally(playTables(uint64(100+rep), 1000, 4, strength, shared, -1), sides(ids...), nil, shared)
			r.Judge()
			for _, v := range r.Verdicts[1:] {
				n++
				if v.DeltaLow <= 0 && 0 <= v.DeltaHigh {
					cover++
				}
			}
		}
		assert.InDelta(t, 0.95, float64(cover)/float64(n), 0.025, "shared %v: %d of %d intervals cover 0", shared, cover, n)
	}
}
