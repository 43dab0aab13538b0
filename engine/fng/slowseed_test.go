package fng

import (
	"os"
	"testing"
	"time"

	"github.com/deckwright/deckwright/engine/rng"
)

func TestSlowSeeds(t *testing.T) {
	if os.Getenv("SMOKE") == "" {
		t.Skip()
	}
	c := bundled(t)
	g := New(c)
	var total time.Duration
	for i := 0; i < 3000; i++ {
		seed := rng.Seed(1, i)
		start := time.Now()
		res, err := g.PlaySafe(seed, Options{Players: 4, Advanced: true})
		d := time.Since(start)
		total += d
		if d > 20*time.Millisecond {
			t.Logf("game %d took %v rounds %d steps %d err %v", i, d, res.Rounds, g.steps, err)
		}
	}
	t.Logf("total %v", total)
}
