package fng

import (
	"testing"
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
