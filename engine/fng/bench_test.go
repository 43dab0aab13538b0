package fng

import (
	"os"
	"strconv"
	"testing"

	"github.com/deckwright/deckwright/engine/cputime"
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

// BenchmarkImpactAll is `deckwright sim --impact all` on the bundled set
// (4 players, advanced, cautious, seed 1): the adaptive run to ±3 points
// (95%) on every card's win effect, and the fixed allocation (every card
// paired on the run's first games, --impact-games) on
// DECKWRIGHT_IMPACT_FIXED games (default 10,000). Each reports the games
// it played (the run's, the base games past them, the paired games), its
// wall time, the widest half-width of a win effect and how many cards
// missed the target (and its CPU time: the wall time on a shared machine
// is not the run's); the fixed run also the games it would need for every
// card to reach the target (its worst card's, at that card's rate: every
// card pays for the rarest). Run with -benchtime=1x:
//
//	go test ./engine/fng -run '^$' -bench ImpactAll -benchtime=1x
func BenchmarkImpactAll(b *testing.B) {
	tables := bundledTables(b)
	const precision = 0.03
	fixed := 10000
	if s := os.Getenv("DECKWRIGHT_IMPACT_FIXED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		fixed = n
	}
	req := game.SimRequest{Games: 1000, Players: 4, Seed: 1, Policy: "cautious", MaxRounds: 100, Stats: true, ImpactLayer: "all"}
	run := func(b *testing.B, req game.SimRequest) *game.SimReport {
		var rep *game.SimReport
		cpu := cputime.Process()
		for b.Loop() {
			var err error
			if rep, err = game.Simulate(Module, tables, req); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/1000/float64(b.N), "s")
		b.ReportMetric((cputime.Process()-cpu).Seconds()/float64(b.N), "cpu-s")
		ir := rep.ImpactRun
		b.ReportMetric(float64(max(ir.BaseGames, rep.Games)+ir.Paired), "games")
		b.ReportMetric(float64(ir.Paired), "paired-games")
		worst, over, need := 0.0, 0, 0
		for _, c := range rep.Cards {
			if im := c.Impact; im != nil && im.Win != nil {
				worst = max(worst, im.HalfWidth)
				if im.HalfWidth > precision {
					over++
				}
				need = max(need, int(float64(im.Games)*(im.HalfWidth/precision)*(im.HalfWidth/precision)))
			}
		}
		b.ReportMetric(100*worst, "worst-±points")
		b.ReportMetric(float64(over), "cards-over-target")
		if !ir.Adaptive {
			// Every card is paired on the first need games, the games it
			// was drawn in: as many again as the paired games are now, in
			// proportion.
			b.ReportMetric(float64(need)+float64(ir.Paired)*float64(need)/float64(fixed), "games-to-target")
		}
		return rep
	}
	b.Run("adaptive", func(b *testing.B) {
		r := req
		r.ImpactPlan = game.ImpactPlan{Precision: precision, PreciseOnly: true}
		rep := run(b, r)
		b.ReportMetric(rep.ImpactRun.VarianceRatio, "variance-ratio")
	})
	b.Run("fixed", func(b *testing.B) {
		r := req
		r.Games, r.ImpactGames = fixed, fixed
		run(b, r)
	})
}
