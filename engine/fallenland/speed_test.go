package fallenland

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game allocates next to nothing (buffers live in the Game, or on the
// frame): 161 allocations a game before attached Action lists, the bots'
// Multiple Party odds and the deal stopped allocating, 15 after.
func TestGameAllocations(t *testing.T) {
	defer func(on bool) { selfCheck = on }(selfCheck)
	selfCheck = false // the self-checks allocate; a game does not
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
	// From the hand, every Action card but the NPCMs, hit men and Town
	// Technologies, each at its Timing: a moment no card of the hand has
	// skips the hand.
	elsewhere := 0
	for i := range c.Actions {
		ad := &c.Actions[i]
		switch ad.Kind {
		case KNPCM, KHitman, KTownTech:
			assert.Zero(t, c.actionAt[i], ad.ID)
			elsewhere++
		default:
			assert.Equal(t, uint32(1)<<ad.Timing, c.actionAt[i], ad.ID)
		}
	}
	assert.Greater(t, elsewhere, 0, "the bundled Actions have NPCMs, hit men or Town Technologies")
}

// The bots look for Resource Locations made during the game among the hexes
// createResource listed, in hex order (the order they break ties in), each
// once however often it is made; a new game starts with none.
func TestCreatedResources(t *testing.T) {
	c := bundled(t)
	s := newScenario(t, c, c.Factions[0].ID, c.Factions[1].ID)
	var open []int16
	for h := range c.Hexes {
		if hx := &c.Hexes[h]; hx.Passable && hx.Town < 0 && !hx.Resource && len(open) < 4 {
			open = append(open, int16(h))
		}
	}
	require.Len(t, open, 4)
	for _, h := range []int16{open[2], open[0], open[3], open[0], open[1]} {
		s.createResource(h)
	}
	assert.Equal(t, open, s.created)
	for h := range c.Hexes {
		assert.Equal(t, c.Hexes[h].Resource || slices.Contains(open, int16(h)), s.resHex[h], "hex %d", h)
	}
	s.reset(8, s.opt)
	assert.Empty(t, s.created)
}
