package sim

import (
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/rng"
)

// Intervals must cover the true value at (about) the stated 95% rate in
// repeated trials: that is what makes them worth printing.
func TestIntervalsCoverTrueValue(t *testing.T) {
	r := rng.New(1, 1)
	const trials = 3000
	tests := []struct {
		name string
		hit  func() bool
	}{
		{"wilson p=0.05 n=200", func() bool { k := binom(&r, 200, 0.05); ci := Wilson(k, 200); return ci.Low <= 0.05 && 0.05 <= ci.High }},
		{"wilson p=0.5 n=60", func() bool { k := binom(&r, 60, 0.5); ci := Wilson(k, 60); return ci.Low <= 0.5 && 0.5 <= ci.High }},
		{"difference 0.3 vs 0.2", func() bool {
			_, ci := DiffInterval(binom(&r, 400, 0.3), 400, binom(&r, 300, 0.2), 300)
			return ci.Low <= 0.1 && 0.1 <= ci.High
		}},
		{"paired mean 0.5", func() bool {
			var p Paired
			for range 300 {
				p.Add(r.D6() - 3) // mean 0.5
			}
			ci := p.Interval()
			return ci.Low <= 0.5 && 0.5 <= ci.High
		}},
		{"wilson at 99% p=0.3 n=80", func() bool {
			k := binom(&r, 80, 0.3)
			ci := WilsonZ(k, 80, Z(0.01))
			return ci.Low <= 0.3 && 0.3 <= ci.High
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits := 0
			for range trials {
				if tt.hit() {
					hits++
				}
			}
			cover := float64(hits) / trials
			want := 0.95
			if strings.Contains(tt.name, "99%") {
				want = 0.99
			}
			assert.InDelta(t, want, cover, 0.02, "coverage %.3f", cover)
		})
	}
}

func binom(r *rng.Rand, n int, p float64) int {
	k := 0
	for range n {
		if r.Chance(p) {
			k++
		}
	}
	return k
}

func TestPairedPValue(t *testing.T) {
	var null, shift Paired
	r := rng.New(2, 2)
	for i := range 2000 {
		null.Add(r.D6() - r.D6())
		shift.Add(r.D6() - r.D6() + i%2) // half a pip on average
	}
	assert.Greater(t, null.PValue(), 0.01, "no difference: not significant")
	assert.Less(t, shift.PValue(), 1e-6, "a half-pip shift over 2000 pairs is")
	var none Paired
	assert.Equal(t, 1.0, none.PValue())
}

func TestBenjaminiHochberg(t *testing.T) {
	// The textbook example: with n = 5 the adjusted values are
	// min over ranks ≥ i of p·n/rank.
	q := BenjaminiHochberg([]float64{0.01, 0.04, 0.03, 0.2, 0.005})
	want := []float64{0.025, 0.05, 0.05, 0.2, 0.025}
	for i := range want {
		assert.InDelta(t, want[i], q[i], 1e-12, "q[%d]", i)
	}
}

func TestHistogram(t *testing.T) {
	var h Histogram
	for _, v := range []int{3, 1, 2, 2, 5, 9, 2, 4} {
		h.Add(v)
	}
	assert.Equal(t, int64(8), h.N())
	assert.Equal(t, 2, h.Quantile(0.5))
	assert.Equal(t, 1, h.Quantile(0.1))
	assert.Equal(t, 9, h.Quantile(1))
	assert.InDelta(t, 3.5, h.Mean(), 1e-12)
	var o Histogram
	o.Add(20)
	h.Merge(&o)
	assert.Equal(t, 20, h.Quantile(1))
}

// sumWorker adds up its games' seeds: the total must not depend on how
// many workers share the run.
type sumWorker struct {
	sum   uint64
	games int
}

func (w *sumWorker) Play(index int, seed uint64) {
	if index == 7 {
		panic("boom") // a failing game is reported, the run goes on
	}
	w.sum += seed
	w.games++
}

func (w *sumWorker) Failed(index int, seed uint64, r any) { w.games++ }

func TestRunDeterministicAcrossWorkers(t *testing.T) {
	var want uint64
	for _, workers := range []int{1, 2, 3, 8} {
		var ws []*sumWorker
		st := Run(Config{Games: 500, Workers: workers, Seed: 42}, func(int) Worker {
			w := &sumWorker{}
			ws = append(ws, w)
			return w
		})
		var sum uint64
		games := 0
		for _, w := range ws {
			sum += w.sum
			games += w.games
		}
		require.Equal(t, 500, games)
		require.Equal(t, 500, st.Games)
		if want == 0 {
			want = sum
		}
		assert.Equal(t, want, sum, "workers=%d", workers)
	}
}

func TestBar(t *testing.T) {
	assert.Contains(t, Bar(50, 100, 0), "50/100 games")
	assert.False(t, math.IsNaN(Wilson(0, 0).High))
	// Half the games in 10 s: 10 s to go, in seconds (not nanoseconds).
	assert.Equal(t, "[===============>              ] 500/1000 games  50/s  ETA 10s", Bar(500, 1000, 10*time.Second))
	assert.Equal(t, "1m30s", ETA(100, 1000, 10*time.Second))
	assert.Equal(t, "?", ETA(0, 1000, time.Second), "nothing done yet: no estimate")
	assert.Equal(t, "0s", ETA(1000, 1000, time.Second))
	assert.Equal(t, "250/1000 games (25%), 50/s, ETA 15s", Line(250, 1000, 5*time.Second))
}

// The score test and the Wilson interval agree: p < 0.05 exactly when the
// proportion tested lies outside the 95% interval.
func TestScoreTestMatchesWilson(t *testing.T) {
	for _, tc := range []struct{ k, n int }{{30, 100}, {3, 40}, {500, 2000}, {0, 25}} {
		ci := Wilson(tc.k, tc.n)
		for _, p0 := range []float64{0.01, 0.1, 0.2, 0.25, 0.3, 0.5} {
			outside := p0 < ci.Low || p0 > ci.High
			assert.Equal(t, outside, ScoreTest(tc.k, tc.n, p0) < 0.05, "k=%d n=%d p0=%g", tc.k, tc.n, p0)
		}
	}
	assert.InDelta(t, 1.959964, Z(0.05), 1e-6)
	assert.InDelta(t, 2.575829, Z(0.01), 1e-6)
	assert.Equal(t, 1.0, TwoProportions(10, 100, 10, 100))
	assert.Less(t, TwoProportions(60, 100, 30, 100), 1e-4)
}

// Paired sums are integers: two halves merge into exactly the whole.
func TestPairedMerge(t *testing.T) {
	var whole, a, b Paired
	for i, d := range []int{1, -1, 0, 2, 3, -2, 1} {
		whole.Add(d)
		if i < 3 {
			a.Add(d)
		} else {
			b.Add(d)
		}
	}
	a.Merge(b)
	assert.Equal(t, whole, a)
}

// Two workers' tallies merge into what one worker would have counted,
// lineups (who sat with whom, and who won) included.
func TestTallyMerge(t *testing.T) {
	one, a, b := NewTally(2), NewTally(2), NewTally(2)
	type seat struct {
		side, policy string
		won          bool
	}
	games := []struct {
		seats  []seat
		won    bool
		rounds int
	}{
		{[]seat{{"jake", "bold", true}, {"li", "cautious", false}}, true, 9},
		{[]seat{{"li", "bold", false}}, false, 12},
		{[]seat{{"li", "bold", false}, {"jake", "bold", true}}, true, 12},
		{[]seat{{"jake", "bold", false}, {"li", "cautious", false}}, false, 7},
		{[]seat{{"li", "cautious", true}, {"jake", "bold", true}}, true, 9}, // won together
	}
	for i, g := range games {
		w := &a
		if i >= 2 {
			w = &b
		}
		for _, x := range []*Tally{&one, w} {
			x.Games++
			x.Finished(len(g.seats), g.won)
			for s, st := range g.seats {
				x.Seat(len(g.seats), st.side, s, st.policy, st.won)
			}
			x.Rounds.Add(g.rounds)
			x.Ends["fortune"]++
		}
	}
	a.Merge(&b)
	one.game, a.game = pending{}, pending{} // a worker's game in progress, not a count
	assert.Equal(t, one, a)
	assert.Equal(t, Count{Played: 4, Won: 3}, a.Sides["jake"])
	assert.Equal(t, []Count{{5, 2}, {4, 2}}, a.Seats)
	assert.Equal(t, Count{Played: 6, Won: 3}, a.Policies["bold"])
	assert.Equal(t, 5, a.Ends["fortune"])
	// By player count: the 1-player game is apart from the 2-player ones.
	require.Len(t, a.Tables, 2)
	assert.Equal(t, Count{Played: 1, Won: 0}, a.Tables[1].Sides["li"])
	assert.Equal(t, Count{Played: 4, Won: 1}, a.Tables[2].Sides["li"])
	assert.Equal(t, []Count{{4, 2}, {4, 2}}, a.Tables[2].Seats)
	assert.Equal(t, Count{Played: 4, Won: 3}, a.Tables[2].Games)
	// Lineups are keyed by the sorted sides, whatever the seats: jake won
	// three of the four games he and li played, two of them alone.
	assert.Equal(t, map[string]*Lineup{"jake\x00li": {Sides: []string{"jake", "li"}, Games: 4, Won: 3, Wins: []int{3, 1}, Single: 2, SingleWins: []int{2, 0}}}, a.Tables[2].Lineups)
	assert.Equal(t, map[string]*Lineup{"li": {Sides: []string{"li"}, Games: 1, Won: 0, Wins: []int{0}, SingleWins: []int{0}}}, a.Tables[1].Lineups)
}

// indexWorker records the games it played; at index stopAt it closes the
// run's stop channel, as a signal handler would.
type indexWorker struct {
	mu     *sync.Mutex
	played map[int]bool
	stopAt int
	stop   chan struct{}
}

func (w *indexWorker) Play(index int, seed uint64) {
	if index == w.stopAt {
		close(w.stop)
		time.Sleep(10 * time.Millisecond) // other workers reach the check
	}
	w.mu.Lock()
	w.played[index] = true
	w.mu.Unlock()
}

func (w *indexWorker) Failed(int, uint64, any) {}

// TestRunStops: closing Config.Stop ends the run between games; the games
// played are exactly the first ones (the report of a stopped run is the
// report of a shorter run), and Stats say how many and that it stopped.
func TestRunStops(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var mu sync.Mutex
		played := map[int]bool{}
		stop := make(chan struct{})
		st := Run(Config{Games: 100000, Workers: workers, From: 5, Stop: stop}, func(int) Worker {
			return &indexWorker{mu: &mu, played: played, stopAt: 5 + 300, stop: stop}
		})
		assert.True(t, st.Stopped, "workers=%d", workers)
		assert.Equal(t, len(played), st.Games)
		assert.Less(t, st.Games, 1000, "the run stopped soon after the signal")
		for i := range st.Games {
			assert.True(t, played[5+i], "workers=%d: game %d of the first %d was played", workers, 5+i, st.Games)
		}
	}
	st := Run(Config{Games: 50, Workers: 2, Stop: make(chan struct{})}, func(int) Worker { return &sumWorker{} })
	assert.False(t, st.Stopped)
	assert.Equal(t, 50, st.Games)
}
