// Package deck is a deck of cards for the simulator: a draw pile and a
// discard pile of card indices, shuffled from the deck's own random stream.
//
// A shuffle is a Fisher–Yates pass from the top of the draw pile down, each
// step settling one position from the deck's stream. A game draws a few
// cards of most decks, so the steps are taken as the cards are drawn: the
// top card is settled by the step that would have settled it, and any other
// use of the pile (or of the stream) takes the steps left first. The order
// of the cards, and of the stream's numbers, is the same as a shuffle taken
// all at once.
package deck

import "github.com/deckwright/deckwright/engine/rng"

// Deck holds card indices. The zero value is an empty deck.
type Deck struct {
	draw    []int16
	discard []int16
	rand    rng.Rand
	// unsettled is how many cards at the bottom of the draw pile the
	// shuffle has still to settle (draw[:unsettled]); 0 when none are.
	unsettled int
}

// Reset fills the deck with cards (copies listed as repeated indices) and
// shuffles it, reusing the deck's memory.
func (d *Deck) Reset(cards []int16, r rng.Rand) {
	d.rand = r
	d.draw = append(d.draw[:0], cards...)
	d.discard = d.discard[:0]
	d.unsettled = len(d.draw)
}

// settleTop takes the shuffle's step that settles the top card.
func (d *Deck) settleTop() {
	if i := len(d.draw) - 1; d.unsettled > i {
		if i > 0 {
			j := d.rand.Intn(i + 1)
			d.draw[i], d.draw[j] = d.draw[j], d.draw[i]
		}
		d.unsettled = i
		if i == 1 {
			d.unsettled = 0 // the bottom card is what the steps left
		}
	}
}

// settle takes every step of the shuffle left.
func (d *Deck) settle() {
	if d.unsettled > 0 {
		rng.Shuffle(&d.rand, d.draw[:d.unsettled])
		d.unsettled = 0
	}
}

// Draw takes the top card. When the draw pile is empty the discard pile is
// shuffled to form a new deck. It returns -1 when no card is left at all.
func (d *Deck) Draw() int16 {
	if len(d.draw) == 0 {
		d.Reshuffle()
		if len(d.draw) == 0 {
			return -1
		}
	}
	if d.unsettled > 0 {
		d.settleTop()
	}
	c := d.draw[len(d.draw)-1]
	d.draw = d.draw[:len(d.draw)-1]
	return c
}

// DrawAny takes a card from anywhere in the draw pile and the discard pile
// at random: the rulebook's "shuffle before each draw" mode for Dangers,
// where discarded cards are shuffled straight back in.
func (d *Deck) DrawAny() int16 {
	d.settle()
	d.draw = append(d.draw, d.discard...)
	d.discard = d.discard[:0]
	if len(d.draw) == 0 {
		return -1
	}
	i := d.rand.Intn(len(d.draw))
	c := d.draw[i]
	d.draw[i] = d.draw[len(d.draw)-1]
	d.draw = d.draw[:len(d.draw)-1]
	return c
}

// Discard puts a card on the discard pile.
func (d *Deck) Discard(c int16) {
	if c >= 0 {
		d.discard = append(d.discard, c)
	}
}

// Tuck puts a card under the draw pile, to be drawn after every card now
// in it: a deck drawn from one end and discarded to the other cycles
// through all its cards in a fixed order, never reshuffling.
func (d *Deck) Tuck(c int16) {
	if c < 0 {
		return
	}
	d.settle()
	d.draw = append(d.draw, 0)
	copy(d.draw[1:], d.draw)
	d.draw[0] = c
}

// Reshuffle shuffles the discard pile into the draw pile (the Shuffle icon,
// or an empty deck).
func (d *Deck) Reshuffle() {
	d.settle()
	d.draw = append(d.draw, d.discard...)
	d.discard = d.discard[:0]
	d.unsettled = len(d.draw)
}

// Remove takes every copy of a card out of both piles (a card that leaves
// the game). It reports how many were removed.
func (d *Deck) Remove(c int16) int {
	d.settle()
	n := 0
	keep := func(s []int16) []int16 {
		out := s[:0]
		for _, x := range s {
			if x == c {
				n++
				continue
			}
			out = append(out, x)
		}
		return out
	}
	d.draw = keep(d.draw)
	d.discard = keep(d.discard)
	return n
}

// Len is the number of cards in the draw pile.
func (d *Deck) Len() int { return len(d.draw) }

// Discarded is the number of cards in the discard pile.
func (d *Deck) Discarded() int { return len(d.discard) }

// Reuse returns the deck's draw pile emptied, for Reset to fill without
// allocating.
func (d *Deck) Reuse() []int16 {
	d.discard = d.discard[:0]
	d.unsettled = 0
	return d.draw[:0]
}

// PushTop puts cards on top of the draw pile (the last one given is drawn
// first), for tests that stack a deck.
func (d *Deck) PushTop(cards ...int16) {
	d.settle()
	d.draw = append(d.draw, cards...)
}

// Cards lists the cards in both piles (a copy), for traces.
func (d *Deck) Cards() []int16 {
	d.settle()
	return append(append([]int16(nil), d.draw...), d.discard...)
}
