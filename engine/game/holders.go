package game

import "math/bits"

// Holders records, during one game, which cards (by number) each of up to
// eight seats drew or used, so that the game's end can credit each card's
// holders with its outcome. Seats past the eighth are not recorded.
type Holders struct{ seats [8][]uint64 }

// NewHolders makes a record for cards cards.
func NewHolders(cards int) Holders {
	var h Holders
	for i := range h.seats {
		h.seats[i] = make([]uint64, (cards+63)/64)
	}
	return h
}

// Touch records that seat drew or used card n.
func (h *Holders) Touch(seat, n int) {
	if seat >= 0 && seat < len(h.seats) {
		h.seats[seat][n>>6] |= 1 << (n & 63)
	}
}

// Held says whether seat drew or used card n this game.
func (h *Holders) Held(seat, n int) bool {
	return seat >= 0 && seat < len(h.seats) && h.seats[seat][n>>6]&(1<<(n&63)) != 0
}

// Credit counts seat as a holder, and a winning one if won, of every card
// it held this game; counts gives a card's counters by number.
func (h *Holders) Credit(seat int, won bool, counts func(n int) *CardCounts) {
	if seat < 0 || seat >= len(h.seats) {
		return
	}
	for w, word := range h.seats[seat] {
		for word != 0 {
			c := counts(w*64 + bits.TrailingZeros64(word))
			c.Holders++
			if won {
				c.HolderWins++
			}
			word &= word - 1
		}
	}
}

// Clear forgets the game, for the next.
func (h *Holders) Clear() {
	for i := range h.seats {
		clear(h.seats[i])
	}
}
