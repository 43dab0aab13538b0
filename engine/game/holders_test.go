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
