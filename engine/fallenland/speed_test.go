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

// The ability tables say, for every Character and Spoils card, the moment
// its ability acts at, and nothing for a card without one: collecting a
// moment's abilities trusts them instead of the definitions.
func TestAbilityTables(t *testing.T) {
	c := bundled(t)
	check := func(kind string, table []uint32, i int, a *Ability) {
		want := uint32(0)
		if a.Effect != nil {
			want = 1 << a.Timing
		}
		assert.Equal(t, want, table[i], "%s %d", kind, i)
	}
	withAbility := 0
	for i := range c.Characters {
		check("character", c.charAt, i, &c.Characters[i].Ability)
	}
	for i := range c.Spoils {
		check("spoils", c.spoilsAt, i, &c.Spoils[i].Ability)
		if c.spoilsAt[i] != 0 {
			withAbility++
		}
	}
	assert.Greater(t, withAbility, 0, "the bundled Spoils have abilities")
}
