package fng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game allocates next to nothing (the game loop's buffers live in the
// Game and are reused): a regression past the budget shows in games/s.
func TestGameAllocations(t *testing.T) {
	for _, tc := range []struct {
		mode   Mode
		budget float64
	}{{Competitive, 32}, {Cooperative, 42}} {
		mode := tc.mode
		g := New(bundled(t))
		opt := Options{Mode: mode, Players: 4, Advanced: true}
		seed := uint64(0)
		play := func() {
			seed++
			_, err := g.PlaySafe(seed, opt)
			require.NoError(t, err)
		}
		for range 200 { // warm the pools and memos
			play()
		}
		assert.LessOrEqual(t, testing.AllocsPerRun(200, play), tc.budget, "mode %v", mode)
	}
}
