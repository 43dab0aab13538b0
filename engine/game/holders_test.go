package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHoldersCreditTheGameOutcome(t *testing.T) {
	h := NewHolders(130)
	h.Touch(0, 3)
	h.Touch(0, 129) // the last card, in the third word
	h.Touch(2, 64)  // the first card of the second word
	h.Touch(2, 64)  // twice in a game is one holder
	h.Touch(8, 5)   // a ninth seat is not recorded
	h.Touch(-1, 5)

	assert.True(t, h.Held(0, 129))
	assert.False(t, h.Held(0, 64), "another seat's card")
	assert.False(t, h.Held(8, 5))
	assert.False(t, h.Held(1, 5))

	counts := make([]CardCounts, 130)
	at := func(n int) *CardCounts { return &counts[n] }
	h.Credit(0, false, at)
	h.Credit(2, true, at)
	h.Credit(8, true, at)
	assert.Equal(t, CardCounts{Holders: 1}, counts[3])
	assert.Equal(t, CardCounts{Holders: 1}, counts[129])
	assert.Equal(t, CardCounts{Holders: 1, HolderWins: 1}, counts[64])
	assert.Equal(t, CardCounts{}, counts[5])
	assert.Equal(t, CardCounts{}, counts[63])

	h.Clear()
	for seat := range 8 {
		for _, n := range []int{3, 64, 129} {
			assert.False(t, h.Held(seat, n), "the next game starts with no holders")
		}
	}
}

func TestHoldersEndAGame(t *testing.T) {
	h := NewHolders(70)
	h.Track([]int{3, 64, 69, 10})
	h.Touch(0, 3)
	h.Touch(1, 64)
	h.Touch(2, 3)
	h.Saw(69) // drawn by the game, held by no seat
	h.Saw(3)

	counts := make([]CardCounts, 70)
	games, wins := h.EndGame(3, 1<<1|1<<2, func(n int) *CardCounts { return &counts[n] })
	assert.Equal(t, uint64(3), games, "a seat-game for each seat")
	assert.Equal(t, uint64(2), wins, "seats 1 and 2 won")
	assert.Equal(t, CardCounts{Holders: 2, HolderWins: 1}, counts[3], "held by a loser and a winner")
	assert.Equal(t, CardCounts{Holders: 1, HolderWins: 1}, counts[64])
	assert.Equal(t, CardCounts{}, counts[69], "seen is not held")
	assert.Equal(t, []uint16{Seen | 1<<0 | 1<<2, Seen | 1<<1, Seen, 0}, h.Tracked(), "who held each tracked card, in the order tracked")

	games, wins = h.EndGame(3, 0, func(n int) *CardCounts { return &counts[n] })
	assert.Equal(t, []uint64{3, 0}, []uint64{games, wins})
	assert.Equal(t, []uint16{0, 0, 0, 0}, h.Tracked(), "the next game starts with nothing held or seen")
	assert.Equal(t, uint64(2), counts[3].Holders, "a game with no holders credits none")

	h.Touch(0, 10)
	h.Clear()
	assert.Nil(t, h.Tracked(), "a game that did not end has no outcome")
	assert.False(t, h.Held(0, 10))
}

func TestHoldersTrackNothingByDefault(t *testing.T) {
	h := NewHolders(8)
	h.Touch(0, 1)
	h.EndGame(1, 1, func(int) *CardCounts { return &CardCounts{} })
	assert.Nil(t, h.Tracked(), "--impact off")
}
