package fng

import (
	"testing"

	"github.com/deckwright/deckwright/engine/game"
)

// BenchmarkGame plays whole 4-player advanced competitive games with the
// cautious bots on the bundled base set, on one core.
func BenchmarkGame(b *testing.B) {
	c := bundled(b)
	g := New(c)
	opt := Options{Players: 4, Advanced: true}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := g.PlaySafe(seed, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// The sim benchmarks run the real parallel runner on every core and report
// games per second: the figure the targets are stated in (20,000 a second
// for 4-player advanced competitive games, 15,000 for 4-hero cooperative
// ones, on the 2-core machine). The metrics variants collect everything
// `deckwright sim` reports (per-card metrics, coverage): the overhead of
// metrics is the ratio of the two.
func BenchmarkSimCompetitive(b *testing.B)        { benchSim(b, Competitive, false) }
func BenchmarkSimCompetitiveMetrics(b *testing.B) { benchSim(b, Competitive, true) }
func BenchmarkSimCoop(b *testing.B)               { benchSim(b, Cooperative, false) }
func BenchmarkSimCoopMetrics(b *testing.B)        { benchSim(b, Cooperative, true) }

func benchSim(b *testing.B, mode Mode, metrics bool) {
	c := bundled(b)
	const games = 20000
	var perSecond float64
	for b.Loop() {
		tally, st := Simulate(c, SimOptions{Options: Options{Mode: mode, Players: 4, Advanced: true, MaxRounds: 100},
			Policy: "cautious", Games: games, Seed: 1, Stats: metrics})
		if tally.Games != games {
			b.Fatal("games lost")
		}
		perSecond = st.GamesPerSecond()
	}
	b.ReportMetric(perSecond, "games/s")
}

// BenchmarkCoopGame plays 4-hero cooperative games on one core.
func BenchmarkCoopGame(b *testing.B) {
	c := bundled(b)
	g := New(c)
	opt := Options{Mode: Cooperative, Players: 4, Advanced: true}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := g.PlaySafe(seed, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameWorker and BenchmarkGameMetrics play games as a sim worker
// does (setup, the game, recording its result), without and with the
// per-card metrics `deckwright sim` collects: what the metrics cost a game
// is the difference.
func BenchmarkGameWorker(b *testing.B)  { benchWorker(b, false) }
func BenchmarkGameMetrics(b *testing.B) { benchWorker(b, true) }

func benchWorker(b *testing.B, metrics bool) {
	c := bundled(b)
	w := newSimGame(c, Options{Players: 4, Advanced: true, MaxRounds: 100}, game.GameConfig{Stats: metrics})
	setup := game.Setup{Players: 4, Policies: make([]int, 4)}
	b.ReportAllocs()
	for b.Loop() {
		setup.Seed++
		res := game.Result{Winner: -1}
		w.Play(&setup, &res)
		if res.Failure != nil {
			b.Fatal(res.Failure.Message)
		}
	}
}
