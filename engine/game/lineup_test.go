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

// Beside a hero thirty times as strong as the rest and one twenty times
// weaker, every other hero wins less than the fair share (in a game of
// rivals about 17.5% of 4-player games, not 25%: a fair-share verdict
// would call each underpowered, surely and beyond the band), yet none is
// any weaker. The strong and the weak ones are flagged against a typical
// hero at the same tables (in the cooperative game, against the same
// games with a typical hero in its place), with the interval of the
// difference; then, far out of line, they leave the others' reference
// and the others are judged on the games without them at the table, so
// none is flagged. Every hero's plain figures — its win rate in all its
// games and the difference from the fair share (from the games without
// it) — stay on show beside the verdict.
func TestSidesJudgedAgainstATypicalSideAtTheSameTables(t *testing.T) {
	strength := map[string]float64{"titan": 30, "clerk": 0.05}
	ids := []string{"titan", "clerk"}
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
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
			"won 92.2% of 4-player games (95% CI 91.8–92.5%; fair share 25.0%: +67.2 points); a typical hero at the same tables would have won 28.3%: +63.9 points (95% CI +63.5 to +64.2), beyond the ±5.0-point band (q < 0.001)",
			"won 1.0% of 4-player games (95% CI 0.9–1.2%; fair share 25.0%: -24.0 points); a typical hero at the same tables would have won 15.7%: -14.6 points (95% CI -14.8 to -14.5), beyond the ±5.0-point band (q < 0.001)",
			0.165, 0.19},
		{"together", true,
			"heroes won 67.6% of 4-player games with it (without it 12.2%: +55.3 points); with a typical hero in its place, 15.8%: +51.7 points (95% CI +50.7 to +52.7), beyond the ±5.0-point band (q < 0.001)",
			"heroes won 15.8% of 4-player games with it (without it 63.7%: -47.8 points); with a typical hero in its place, 54.2%: -38.3 points (95% CI -39.1 to -37.6), beyond the ±5.0-point band (q < 0.001)",
			0.38, 0.41},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &SimReport{Games: 40000, Terms: Terms{Player: "hero", Players: "heroes"}, SharedWins: tc.shared}
			r.AddTally(playTables(1, 40000, 4, strength, tc.shared, -1), sides(ids...), nil, tc.shared)
			r.Judge()
			require.Len(t, r.Verdicts, 8)
			for _, v := range r.Verdicts[2:] {
				require.NotNil(t, v.Unadjusted)
				u := v.Unadjusted
				assert.InDelta(t, (tc.lo+tc.hi)/2, u.Rate, (tc.hi-tc.lo)/2, "%s: beside the titan and the clerk", v.ID)
				assert.InDelta(t, u.Rate-u.RefRate, u.Delta, 0.0002)
				assert.Equal(t, Fine, v.Verdict, "%+v", v)
				assert.Equal(t, "win rate in 4-player games without clerk, titan at the table", v.Measure)
				assert.Less(t, v.Games, u.Games/2, "a third of its games are without either")
				assert.InDelta(t, v.Rate-v.RefRate, v.Delta, 0.0002, "the difference is the rate less the reference's")
				if !tc.shared {
					assert.InDelta(t, 0.25, v.RefRate, 0.005, "without them at the table, a typical hero wins a quarter")
					assert.Equal(t, "the fair share", u.Reference)
					assert.Equal(t, 0.25, u.RefRate)
					assert.Less(t, u.DeltaHigh, -v.Band, "%s: against the fair share it would be flagged underpowered", v.ID)
					assert.Less(t, u.Delta, v.Delta-0.05, "%s: it wins less than the fair share beside the titan, not against a typical hero", v.ID)
				}
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
