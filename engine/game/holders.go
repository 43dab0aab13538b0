package game

import "math/bits"

// Holders records, during one game, which cards (by number) each of up to
// eight seats drew or used, so that the game's end can credit each card's
// holders with its outcome. Seats past the eighth are not recorded.
// It also records the cards that came into play at all, for the outcomes
// of the cards --impact measures.
type Holders struct {
	seats [8][]uint64
	seen  []uint64
	// The cards --impact measures, and who held each in the game that
	// ended last.
	tracked []int
	held    []uint16
}

// NewHolders makes a record for cards cards.
func NewHolders(cards int) Holders {
	var h Holders
	for i := range h.seats {
		h.seats[i] = make([]uint64, (cards+63)/64)
	}
	h.seen = make([]uint64, (cards+63)/64)
	return h
}

// Saw records that card n came into play this game, whoever drew it (a
// seat, or the game itself).
func (h *Holders) Saw(n int) {
	h.seen[n>>6] |= 1 << (n & 63)
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

// Track makes the record keep, game by game, who held each of cards (by
// number): Tracked says it after EndGame.
func (h *Holders) Track(cards []int) { h.tracked = cards }

// Tracked says who held each tracked card in the game EndGame ended, as
// the run's outcomes keep it (Result.Held): a bit a seat, and Seen for a
// card held or seen at all. It is nil when no card is tracked, and after
// Clear.
func (h *Holders) Tracked() []uint16 { return h.held }

func (h *Holders) heldBy(cards []int) []uint16 {
	if cards == nil {
		return nil
	}
	out := make([]uint16, len(cards))
	for i, n := range cards {
		if h.seen[n>>6]&(1<<(n&63)) != 0 {
			out[i] |= Seen
		}
		for seat := range h.seats {
			if h.Held(seat, n) {
				out[i] |= 1<<seat | Seen
			}
		}
	}
	return out
}

// EndGame credits the game's outcome to each of seats seats (won has a bit
// for each seat that won, as Result.Won) as the holder of every card it
// held, and clears the record for the next game. It returns the seat-games
// and the wins among them, for the win rate of players who did not hold a
// card.
func (h *Holders) EndGame(seats int, won uint8, counts func(n int) *CardCounts) (games, wins uint64) {
	h.held = h.heldBy(h.tracked)
	for seat := range seats {
		w := won&(1<<seat) != 0
		games++
		if w {
			wins++
		}
		h.Credit(seat, w, counts)
	}
	h.reset()
	return games, wins
}

// Clear forgets a game that did not end (a stall or an error), for the
// next.
func (h *Holders) Clear() {
	h.reset()
	h.held = nil
}

func (h *Holders) reset() {
	for i := range h.seats {
		clear(h.seats[i])
	}
	clear(h.seen)
}
