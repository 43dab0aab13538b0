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

// eager is the deck as it was before shuffles were taken as cards are
// drawn: every shuffle whole, at once.
type eager struct {
	draw, discard []int16
	rand          rng.Rand
}

func (d *eager) reset(cards []int16, r rng.Rand) {
	d.rand, d.draw, d.discard = r, append([]int16(nil), cards...), nil
	rng.Shuffle(&d.rand, d.draw)
}

func (d *eager) reshuffle() {
	d.draw, d.discard = append(d.draw, d.discard...), nil
	rng.Shuffle(&d.rand, d.draw)
}

func (d *eager) drawTop() int16 {
	if len(d.draw) == 0 {
		d.reshuffle()
		if len(d.draw) == 0 {
			return -1
		}
	}
	c := d.draw[len(d.draw)-1]
	d.draw = d.draw[:len(d.draw)-1]
	return c
}

func (d *eager) drawAny() int16 {
	d.draw, d.discard = append(d.draw, d.discard...), nil
	if len(d.draw) == 0 {
		return -1
	}
	i := d.rand.Intn(len(d.draw))
	c := d.draw[i]
	d.draw[i] = d.draw[len(d.draw)-1]
	d.draw = d.draw[:len(d.draw)-1]
	return c
}

// A deck whose shuffles are taken as its cards are drawn deals the cards
// a shuffle taken at once deals, whatever is done with it in between, for
// decks of every size from empty up.
func TestLazyShuffleDealsAsAShuffleAtOnce(t *testing.T) {
	for _, size := range []int{0, 1, 2, 3, 5, 12, 40} {
		for seed := range uint64(60) {
			cards := make([]int16, size)
			for i := range cards {
				cards[i] = int16(i % 9) // copies too
			}
			var d Deck
			var want eager
			d.Reset(cards, rng.New(seed, 7))
			want.reset(cards, rng.New(seed, 7))
			ops := rng.New(seed, 99) // what is done with the deck, step by step
			for step := range 3 * size {
				switch op := ops.Intn(10); {
				case op < 5:
					require.Equal(t, want.drawTop(), d.Draw(), "size %d seed %d step %d: draw", size, seed, step)
				case op < 7:
					c := int16(ops.Intn(9))
					want.discard = append(want.discard, c)
					d.Discard(c)
				case op == 7:
					require.Equal(t, want.drawAny(), d.DrawAny(), "size %d seed %d step %d: draw any", size, seed, step)
				case op == 8:
					want.reshuffle()
					d.Reshuffle()
				default:
					require.Equal(t, append(append([]int16(nil), want.draw...), want.discard...), d.Cards(),
						"size %d seed %d step %d: the piles", size, seed, step)
				}
				require.Equal(t, len(want.draw), d.Len())
			}
			d.settle() // the steps left, as the next use of the stream takes them
			require.Equal(t, want.rand, d.rand, "size %d seed %d: the stream is where it would be", size, seed)
		}
	}
}

// A Remove or a Tuck between draws sees the pile a whole shuffle made.
func TestLazyShuffleRemoveAndTuck(t *testing.T) {
	cards := []int16{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for seed := range uint64(20) {
		var d Deck
		var want eager
		d.Reset(cards, rng.New(seed, 3))
		want.reset(cards, rng.New(seed, 3))
		require.Equal(t, want.drawTop(), d.Draw())
		d.Remove(4)
		kept := want.draw[:0]
		for _, c := range want.draw {
			if c != 4 {
				kept = append(kept, c)
			}
		}
		want.draw = kept
		d.Tuck(4)
		want.draw = append([]int16{4}, want.draw...)
		for len(want.draw) > 0 {
			require.Equal(t, want.drawTop(), d.Draw(), "seed %d", seed)
		}
	}
}
