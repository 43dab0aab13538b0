// Package sim runs many games in parallel and summarises them. It is
// generic: a game module supplies a Worker that plays one game by index and
// seed and keeps its own tallies, which the caller merges afterwards.
//
// Every game's seed derives from the run's seed and the game's index
// (rng.Seed), never from the worker that plays it, and tallies are sums, so
// a run's results are identical whatever the number of workers.
package sim

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/deckwright/deckwright/engine/rng"
)

// Config of a run.
type Config struct {
	Games   int
	Workers int    // 0: one per CPU
	Seed    uint64 // the run's seed
	From    int    // index of the first game (to replay one game of a run)
	// Progress, if set, is called from one goroutine about ten times a
	// second with the number of games done, and once at the end.
	Progress func(done int)
	// Stop, when closed, ends the run between games: the games under way
	// finish, no new one starts. Games are handed out in index order, so
	// the games played are always the first ones.
	Stop <-chan struct{}
}

// Worker plays games on one goroutine.
type Worker interface {
	// Play plays game index with its seed. A panic is recovered by Run
	// and handed to Failed.
	Play(index int, seed uint64)
	// Failed records a game that panicked outside the game's own
	// recovery (a bug in the engine).
	Failed(index int, seed uint64, panicked any)
}

// Stats are a run's timings.
type Stats struct {
	Elapsed time.Duration
	Games   int  // games played
	Stopped bool // Config.Stop ended the run early
}

// GamesPerSecond is the run's throughput.
func (s Stats) GamesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Games) / s.Elapsed.Seconds()
}

// Run plays the games on workers made by newWorker (called once per
// worker, with its number) and returns when all are done.
func Run(cfg Config, newWorker func(w int) Worker) Stats {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(min(workers, cfg.Games), 1)
	start := time.Now()
	var next, done atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	if cfg.Progress != nil {
		go func() {
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					cfg.Progress(int(done.Load()))
				}
			}
		}()
	}
	for w := range workers {
		wk := newWorker(w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !Stopped(cfg.Stop) {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				index := cfg.From + i
				play(wk, index, rng.Seed(cfg.Seed, index))
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	close(stop)
	played := int(done.Load())
	if cfg.Progress != nil {
		cfg.Progress(played)
	}
	return Stats{Elapsed: time.Since(start), Games: played, Stopped: played < cfg.Games}
}

// Stopped says whether a run's stop channel is closed (a nil channel never
// is). Run checks it before every game: a few nanoseconds against a
// game's tens of microseconds.
func Stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func play(w Worker, index int, seed uint64) {
	defer func() {
		if r := recover(); r != nil {
			w.Failed(index, seed, r)
		}
	}()
	w.Play(index, seed)
}

// Bar renders a progress line: "[=====>    ] 12345/20000 games  9876/s  ETA 1s".
func Bar(done, total int, elapsed time.Duration) string {
	const width = 30
	frac := 0.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	filled := int(frac * width)
	bar := make([]byte, width)
	for i := range bar {
		switch {
		case i < filled:
			bar[i] = '='
		case i == filled:
			bar[i] = '>'
		default:
			bar[i] = ' '
		}
	}
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	return fmt.Sprintf("[%s] %d/%d games  %.0f/s  ETA %s", bar, done, total, rate, ETA(done, total, elapsed))
}

// ETA is the time left for total games at the rate done took elapsed,
// to the second ("1m5s"), or "?" before anything is done.
func ETA(done, total int, elapsed time.Duration) string {
	if done <= 0 || elapsed <= 0 {
		return "?"
	}
	left := time.Duration(float64(elapsed) * float64(max(total-done, 0)) / float64(done))
	return left.Round(time.Second).String()
}

// Line is a progress line for logs (standard error not a terminal):
// "12345/20000 games (62%), 9876/s, ETA 1s".
func Line(done, total int, elapsed time.Duration) string {
	rate, pct := 0.0, 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	return fmt.Sprintf("%d/%d games (%.0f%%), %.0f/s, ETA %s", done, total, pct, rate, ETA(done, total, elapsed))
}

// Shard is shard k (1 to n) of a run of games: the first game's index
// (from the run's first) and the number of games. The n shards are
// consecutive, cover every game once and differ in size by one at most;
// since a game's seed derives from its index, the shards together play
// exactly the run's games.
func Shard(games, k, n int) (from, count int) {
	from = games * (k - 1) / n
	return from, games*k/n - from
}
