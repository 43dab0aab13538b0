package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A game allocates next to nothing (buffers live in the Game, or on the
// frame): 161 allocations a game before attached Action lists, the bots'
// Multiple Party odds and the deal stopped allocating, 15 after.
func TestGameAllocations(t *testing.T) {
	g := New(bundled(t))
	opt := Options{Players: 4}
	seed := uint64(0)
	play := func() {
		seed++
		if _, err := g.PlaySafe(seed, opt); err != nil {
			if f, ok := err.(*Failure); !ok || !f.Stall {
				t.Fatal(err)
			}
		}
	}
	for range 100 { // warm the pools
		play()
	}
	assert.LessOrEqual(t, testing.AllocsPerRun(100, play), 20.0)
}
