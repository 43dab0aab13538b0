package game

import (
	"fmt"
	"maps"
	"math"
	"slices"
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
			"won 92.2% of 4-player games (95% CI 91.8–92.5%; fair share 25.0%: +67.2 points); a typical hero at the same tables would have won 28.3%: +63.8 points (95% CI +63.5 to +64.2), beyond the ±5.0-point band (q < 0.001)",
			"won 1.0% of 4-player games (95% CI 0.9–1.2%; fair share 25.0%: -24.0 points); a typical hero at the same tables would have won 15.7%: -14.6 points (95% CI -14.7 to -14.5), beyond the ±5.0-point band (q < 0.001)",
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

// oneLineup is a tally of 4-player games all played by the same four
// sides, each won by one of them: wins by side.
func oneLineup(wins map[string]int) *sim.Tally {
	ids := slices.Sorted(maps.Keys(wins))
	t := sim.NewTally(4)
	l := &sim.Lineup{Sides: ids}
	tb := &sim.Table{Sides: map[string]sim.Count{}, Seats: make([]sim.Count, 4), Lineups: map[string]*sim.Lineup{"all": l}}
	for _, id := range ids {
		l.Games += wins[id]
	}
	for _, id := range ids {
		tb.Sides[id] = sim.Count{Played: l.Games, Won: wins[id]}
		l.Wins = append(l.Wins, wins[id])
		l.SingleWins = append(l.SingleWins, wins[id])
	}
	l.Won, l.Single = l.Games, l.Games
	tb.Games = sim.Count{Played: l.Games, Won: l.Games}
	t.Games = l.Games
	t.Tables[4] = tb
	return &t
}

// The band is where a lineup verdict turns. Of 210,000 games of the same
// four heroes, a hero winning 30.0% is 5.0 points above a typical one in
// its seat (the other three, alike, win a quarter in its place) and is
// flagged; 29.99% (just inside, its interval across the edge) is not;
// 26% (its interval all inside) is fine; and likewise below.
func TestLineupVerdictAtTheBand(t *testing.T) {
	const games = 210000
	for _, tc := range []struct {
		wins  int
		delta float64
		want  string
	}{{63000, 0.05, Overpowered}, {62970, 0.0499, Undecided}, {54600, 0.01, Fine},
		{42000, -0.05, Underpowered}, {42030, -0.0499, Undecided}, {46200, -0.03, Fine}} {
		t.Run(fmt.Sprint(tc.wins), func(t *testing.T) {
			rest := (games - tc.wins) / 3
			require.Equal(t, games, tc.wins+3*rest)
			r := &SimReport{Games: games}
			r.AddTally(oneLineup(map[string]int{"h": tc.wins, "a": rest, "b": rest, "c": rest}), sides("h", "a", "b", "c"), nil, false)
			r.Judge()
			v := r.Verdicts[0]
			require.True(t, v.Typical())
			assert.Equal(t, "h", v.ID)
			assert.InDelta(t, 0.25, v.RefRate, 1e-9, "a typical hero in its seat wins a quarter")
			assert.Equal(t, tc.delta, v.Delta)
			assert.Equal(t, 0.05, v.Band)
			assert.Equal(t, tc.want, v.Verdict, "%+v", v)
		})
	}
}

// Significance is where a lineup verdict turns too: with the band out of
// the way, a hero is flagged once its corrected q-value falls below the
// level, at the win count where the Wald test of its strength against
// the typical one's, log(p/p̄), crosses it — and not one win before.
func TestLineupVerdictAtTheSignificanceLevel(t *testing.T) {
	const games = 2000
	judge := func(wins int) Verdict {
		rest := (games - wins) / 3
		r := &SimReport{Games: games, Balance: Balance{Band: 0.001}}
		// Only h is judged: its test is the whole family, so q = p.
		r.AddTally(oneLineup(map[string]int{"h": wins, "a": rest, "b": rest, "c": rest + (games - wins - 3*rest)}), sides("h"), nil, false)
		r.Judge()
		require.Len(t, r.Verdicts, 1)
		return r.Verdicts[0]
	}
	wald := func(wins int) float64 {
		n := float64(games)
		p, q := float64(wins)/n, (1-float64(wins)/n)/3
		return sim.TwoSided(math.Log(p/q) / math.Sqrt(1/(n*p)+1/(3*n*q)))
	}
	flip := 0
	for w := 500; w < 700; w++ {
		if v := judge(w); v.Verdict == Overpowered {
			flip = w
			break
		}
	}
	require.NotZero(t, flip, "some win count is significant")
	before, at := judge(flip-1), judge(flip)
	assert.GreaterOrEqual(t, before.Q, 0.05, "one win fewer: %+v", before)
	assert.NotEqual(t, Overpowered, before.Verdict)
	assert.Less(t, at.Q, 0.05)
	assert.Equal(t, at.P, at.Q, "one test: q is p")
	assert.InDelta(t, wald(flip), at.P, 0.003, "the p-value is the Wald test's")
	assert.InDelta(t, 0.05, wald(flip), 0.005, "the flip is where the test crosses the level")
	assert.Greater(t, wald(flip-1), 0.045)
}

// With a range of player counts each count has its own lineup model, its
// own band and its own far-out sides: a titan at 2 players (the band 10
// points there) is judged apart from the same heroes at 4, where the
// titan never plays.
func TestLineupVerdictsByPlayerCount(t *testing.T) {
	two := map[string]float64{"titan": 30, "a": 1, "b": 1, "c": 1}
	four := map[string]float64{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1}
	tally := playTables(5, 6000, 4, four, false, 0)
	tally.Merge(playTables(6, 6000, 2, two, false, 0))
	r := &SimReport{Games: 12000, Terms: Terms{Player: "hero", Players: "heroes"}}
	r.AddTally(tally, sides("titan", "a", "b", "c", "d", "e"), nil, false)
	r.Judge()
	got := map[string]Verdict{}
	for _, v := range r.Verdicts {
		got[fmt.Sprint(v.Players, v.ID)] = v
	}
	require.Len(t, got, 9, "four heroes at 2 players, five at 4")
	titan := got["2titan"]
	assert.Equal(t, Overpowered, titan.Verdict)
	assert.Equal(t, 0.1, titan.Band, "half the players, twice the band")
	assert.Equal(t, "win rate in 2-player games", titan.Measure)
	for _, id := range []string{"a", "b", "c"} {
		v := got["2"+id]
		assert.Equal(t, "win rate in 2-player games without titan at the table", v.Measure)
		assert.NotContains(t, []string{Overpowered, Underpowered}, v.Verdict, "%+v", v)
		assert.Less(t, v.Unadjusted.DeltaHigh, -0.1, "%s: against the fair share of 50%% it would be underpowered", id)
		w := got["4"+id]
		assert.Equal(t, "win rate in 4-player games", w.Measure, "no far-out hero at 4 players")
		assert.Equal(t, 0.05, w.Band)
		assert.NotContains(t, []string{Overpowered, Underpowered}, w.Verdict, "%+v", w)
	}
	assert.Equal(t, "", got["4e"].Apart)
}

// Alone at the table (1-hero games) a side never sits with the far-out
// ones: its verdict is set against a typical side without them, but says
// nothing of games "without them at the table", which would be all its
// games.
func TestAloneNoGamesApart(t *testing.T) {
	strength := map[string]float64{"titan": 8, "clerk": 0.05}
	ids := []string{"titan", "clerk"}
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		strength[id] = 1
		ids = append(ids, id)
	}
	r := &SimReport{Games: 8000, Terms: Terms{Player: "hero", Players: "heroes"}, SharedWins: true}
	r.AddTally(playTables(3, 8000, 1, strength, true, -1), sides(ids...), nil, true)
	r.Judge()
	require.NotEmpty(t, r.Flags)
	assert.Equal(t, "titan", r.Flags[0].ID, "the far-out side is flagged")
	for _, v := range r.Verdicts {
		assert.Empty(t, v.Apart, "%s", v.ID)
		assert.NotContains(t, v.Measure, "at the table", "%s", v.ID)
	}
	for _, f := range r.Flags {
		assert.NotContains(t, f.Message, "at the table", "%s", f.ID)
	}
}
