package fallenland

import (
	"testing"
)

// BenchmarkGame plays whole 4-player games with the cautious bots on the
// bundled base set, on one core.
func BenchmarkGame(b *testing.B) {
	c := bundled(b)
	g := New(c)
	opt := Options{Players: 4}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := g.PlaySafe(seed, opt); err != nil {
			if f, ok := err.(*Failure); ok && f.Stall {
				continue
			}
			b.Fatal(err)
		}
	}
}

// BenchmarkSim is the quick-sim as `deckwright sim` runs it: 4 players,
// every worker, per-card statistics on.
func BenchmarkSim(b *testing.B) {
	c := bundled(b)
	b.ReportAllocs()
	for b.Loop() {
		tally, st := Simulate(c, SimOptions{Options: Options{Players: 4}, Games: 2000, Seed: 1, Stats: true, Policy: "mix"})
		if len(tally.Failures) > 0 && !tally.Failures[0].Stall {
			b.Fatal(tally.Failures[0].Failure)
		}
		b.ReportMetric(st.GamesPerSecond(), "games/s")
	}
}
