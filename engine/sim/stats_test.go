package sim

import (
	"math"
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
		{"paired mean 0.25", func() bool {
			var p Paired
			for range 300 {
				p.Add(float64(r.D6()) - 3.25) // mean 0.25
			}
			ci := p.Interval()
			return ci.Low <= 0.25 && 0.25 <= ci.High
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
			assert.InDelta(t, 0.95, cover, 0.02, "coverage %.3f", cover)
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
	for range 2000 {
		null.Add(float64(r.D6() - r.D6()))
		shift.Add(float64(r.D6()-r.D6()) + 0.5)
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
}

// Two workers' tallies merge into what one worker would have counted.
func TestTallyMerge(t *testing.T) {
	one, a, b := NewTally(2), NewTally(2), NewTally(2)
	games := []struct {
		side   string
		seat   int
		policy string
		won    bool
		rounds int
	}{{"jake", 0, "bold", true, 9}, {"li", 1, "cautious", false, 9}, {"li", 0, "bold", false, 12}, {"jake", 1, "bold", true, 12}}
	for i, g := range games {
		w := &a
		if i >= 2 {
			w = &b
		}
		for _, x := range []*Tally{&one, w} {
			x.Games++
			x.Seat(g.side, g.seat, g.policy, g.won)
			x.Rounds.Add(g.rounds)
			x.Ends["fortune"]++
		}
	}
	a.Merge(&b)
	assert.Equal(t, one, a)
	assert.Equal(t, Count{Played: 2, Won: 2}, a.Sides["jake"])
	assert.Equal(t, []Count{{2, 1}, {2, 1}}, a.Seats)
	assert.Equal(t, Count{Played: 3, Won: 2}, a.Policies["bold"])
	assert.Equal(t, 4, a.Ends["fortune"])
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
