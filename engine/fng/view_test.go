package fng_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
)

// What a policy reads after a game is what the game's result says, seat
// by seat.
func TestViewReadsTheGame(t *testing.T) {
	c := bundled(t)
	g := fng.New(c)
	for _, opt := range []fng.Options{
		{Mode: fng.Competitive, Players: 3, Advanced: true, MaxRounds: 100},
		{Mode: fng.Cooperative, Players: 2, Advanced: true, Org: "nazi", MaxRounds: 100},
	} {
		res, err := g.PlaySafe(5, opt)
		require.NoError(t, err)
		assert.Equal(t, res.Rounds, g.Round())
		assert.Equal(t, opt.Mode, g.Mode())
		assert.True(t, g.Advanced())
		require.Equal(t, opt.Players, g.Seats())
		for seat := range g.Seats() {
			h := g.Hero(seat)
			assert.Equal(t, seat, h.Seat())
			assert.Same(t, &c.Heroes[res.Heroes[seat]], h.Def())
			if opt.Mode == fng.Cooperative {
				assert.Equal(t, res.Fortune[seat], g.Shared(), "the heroes' shared Fortune")
			} else {
				assert.Equal(t, res.Fortune[seat], h.Fortune())
			}
			assert.Equal(t, res.Glory[seat], h.Glory())
		}
		if opt.Mode == fng.Cooperative {
			assert.Equal(t, res.Track, g.Track())
			assert.LessOrEqual(t, g.Loot(), res.VillainArtifacts, "the villains hold at most what they collected")
		}
	}
}
