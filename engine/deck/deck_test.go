package deck

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/rng"
)

func TestDrawReshufflesDiscardsWhenEmpty(t *testing.T) {
	var d Deck
	d.Reset([]int16{1, 2, 3}, rng.New(1, 1))
	var drawn []int
	for range 3 {
		c := d.Draw()
		drawn = append(drawn, int(c))
		d.Discard(c)
	}
	sort.Ints(drawn)
	assert.Equal(t, []int{1, 2, 3}, drawn, "every card once before any repeats")
	assert.Equal(t, 0, d.Len())
	assert.Equal(t, 3, d.Discarded())
	c := d.Draw() // empty: the discards form a new deck
	assert.Contains(t, []int16{1, 2, 3}, c)
	assert.Equal(t, 2, d.Len())
	var empty Deck
	assert.Equal(t, int16(-1), empty.Draw())
}

func TestSameStreamSameOrder(t *testing.T) {
	order := func(seed uint64) []int16 {
		var d Deck
		d.Reset([]int16{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, rng.New(seed, 5))
		var out []int16
		for d.Len() > 0 {
			out = append(out, d.Draw())
		}
		return out
	}
	assert.Equal(t, order(7), order(7))
	assert.NotEqual(t, order(7), order(8))
}

func TestDrawAnyTakesDiscardsBackIn(t *testing.T) {
	var d Deck
	d.Reset([]int16{1, 2}, rng.New(2, 2))
	a := d.DrawAny()
	d.Discard(a)
	seen := map[int16]bool{}
	for range 50 {
		c := d.DrawAny()
		seen[c] = true
		d.Discard(c)
	}
	assert.Len(t, seen, 2, "a discarded card can come straight back")
}

func TestRemoveAndPushTop(t *testing.T) {
	var d Deck
	d.Reset([]int16{4, 4, 5}, rng.New(3, 3))
	d.Discard(4)
	assert.Equal(t, 3, d.Remove(4), "every copy in both piles")
	d.PushTop(9, 8)
	assert.Equal(t, int16(8), d.Draw(), "the last pushed is drawn first")
	assert.Equal(t, int16(9), d.Draw())
	require.Equal(t, int16(5), d.Draw())
}

func TestTuckCyclesInOrder(t *testing.T) {
	var d Deck
	d.Reset([]int16{1, 2, 3}, rng.New(4, 4))
	first := []int16{d.Draw(), d.Draw(), d.Draw()}
	for _, c := range first {
		d.Tuck(c)
	}
	again := []int16{d.Draw(), d.Draw(), d.Draw()}
	assert.Equal(t, first, again, "tucked cards come round again in the order they went back")
}

// Cards lists every card of both piles, as a copy the caller may keep.
func TestCardsListsBothPiles(t *testing.T) {
	var d Deck
	d.Reset([]int16{1, 2, 3, 3}, rng.New(1, 1))
	drawn := d.Draw()
	d.Discard(drawn)
	got := d.Cards()
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	assert.Equal(t, []int16{1, 2, 3, 3}, got)
	got[0] = 9
	assert.NotContains(t, d.Cards(), int16(9), "a copy")
}
