package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// games returns n finished games lasting rounds(i), won by the seats
// won(i), in which held(i) says who got each card measured.
func games(n int, rounds func(int) int, won func(int) uint8, held func(int) []uint16) []Outcome {
	out := make([]Outcome, n)
	for i := range out {
		out[i] = Outcome{Done: true, Rounds: rounds(i), Won: won(i), Win: won(i) != 0, Held: held(i)}
	}
	return out
}

// In a game of rivals a card's effect is the win of the player who got
// it, paired with the same seat's win with another card in its place; the
// games in which nobody drew it do not count; an earned card (its holders
// are the winners) has no win effect, only its effect on game length.
func TestMeasureImpactRivals(t *testing.T) {
	// Seat 0 gets "strong" in even games and wins them; seat 1 gets
	// "fair" in every game and wins a third of them either way.
	held := func(i int) []uint16 {
		h := []uint16{0, 1<<1 | Seen, 1<<2 | Seen}
		if i%2 == 0 {
			h[0] = 1 | Seen
		}
		return h
	}
	won := func(i int) uint8 {
		switch {
		case i%2 == 0:
			return 1 << 0
		case i%3 == 0:
			return 1 << 1
		}
		return 1 << 2
	}
	with := games(600, func(i int) int { return 10 + i%4 }, won, held)
	rep := &SimReport{Outcomes: with, Games: 600, Terms: Terms{Player: "hero"},
		PlayerCounts: []PlayerCount{{Players: 4, Games: 600, SeatGames: 2400, SeatWins: 600}},
		Cards:        []CardReport{{ID: "strong", Deck: "events"}, {ID: "fair", Deck: "events"}, {ID: "prize", Deck: "artifacts", Earned: true}}}
	var asked []int
	var progress []string
	MeasureImpact(rep, []string{"strong", "fair", "prize"}, 800, func(id string, n int) []Outcome {
		asked = append(asked, n)
		switch id {
		case "strong": // without it seat 0 wins nothing, and games run a round longer
			return games(n, func(i int) int { return 11 + i%4 }, func(i int) uint8 { return won(i) &^ 1 }, held)
		case "prize":
			return games(n, func(i int) int { return 10 + i%4 }, func(int) uint8 { return 0 }, held)
		}
		return with[:n]
	}, func(k, n int, id string) { progress = append(progress, id) })
	assert.Equal(t, []int{600, 600, 600}, asked, "capped at the main run's games")
	assert.Equal(t, []string{"strong", "fair", "prize"}, progress)
	strong, fair, prize := rep.Cards[0].Impact, rep.Cards[1].Impact, rep.Cards[2].Impact
	require.NotNil(t, strong.Win)
	assert.Equal(t, 300, strong.Win.Pairs, "the 300 games in which seat 0 got it")
	assert.InDelta(t, 1, strong.Win.Delta, 1e-9)
	assert.InDelta(t, -1, strong.Rounds.Delta, 1e-9)
	assert.True(t, strong.Win.Significant)
	assert.Equal(t, Overpowered, strong.Verdict)
	assert.Equal(t, "the win rate of the hero who got it", strong.Measure)
	assert.Equal(t, 0.0, fair.Win.Delta)
	assert.False(t, fair.Win.Significant)
	assert.Equal(t, Fine, fair.Verdict)
	assert.Nil(t, prize.Win, "an earned card's holders are the winners: no win effect")
	assert.NotNil(t, prize.Rounds)
	require.NotEmpty(t, rep.Flags)
	assert.Equal(t, Overpowered, rep.Flags[0].Kind)
	assert.Equal(t, "strong", rep.Flags[0].ID)
}

// Where the players win or lose together the effect is on the side's win
// in the games where the card was drawn.
func TestMeasureImpactTogether(t *testing.T) {
	seen := func(i int) []uint16 {
		if i%4 == 0 {
			return []uint16{0}
		}
		return []uint16{Seen}
	}
	with := games(400, func(int) int { return 12 }, func(i int) uint8 { return uint8(i % 2) }, seen)
	rep := &SimReport{Outcomes: with, SharedWins: true, Terms: Terms{Players: "heroes"}, Cards: []CardReport{{ID: "villain-event"}}}
	MeasureImpact(rep, []string{"villain-event"}, 0, func(string, int) []Outcome {
		return games(400, func(int) int { return 12 }, func(int) uint8 { return 0 }, seen)
	}, nil)
	im := rep.Cards[0].Impact
	assert.Equal(t, 300, im.Win.Pairs, "the games in which it was drawn")
	assert.InDelta(t, 2.0/3, im.Win.Delta, 1e-4, "won two of three of them with it, none without")
	assert.Equal(t, "the heroes' win rate in games where it was drawn", im.Measure)
	assert.Equal(t, 0.0, im.Rounds.Delta)
}

// Substitute keeps the deck's size and order: only the measured card's
// copies change, all into the same other card of the deck, picked from
// the game's seed; a deck of that card alone loses it.
func TestSubstitute(t *testing.T) {
	is := func(x int16) bool { return x == 7 }
	got := Substitute([]int16{3, 7, 4, 7, 5}, is, 42)
	require.Len(t, got, 5)
	assert.Equal(t, []int16{3, 4, 5}, []int16{got[0], got[2], got[4]}, "the other cards stay where they are")
	assert.Equal(t, got[1], got[3], "every copy becomes the same card")
	assert.Contains(t, []int16{3, 4, 5}, got[1])
	assert.Equal(t, got, Substitute([]int16{3, 7, 4, 7, 5}, is, 42), "the same seed picks the same card")
	picked := map[int16]bool{}
	for seed := range uint64(60) {
		picked[Substitute([]int16{3, 7, 4, 7, 5}, is, seed)[1]] = true
	}
	assert.Len(t, picked, 3, "over many games every other card stands in")
	assert.Equal(t, []int16{3, 4}, Substitute([]int16{3, 4}, is, 1), "a deck without it is left alone")
	assert.Empty(t, Substitute([]int16{7, 7}, is, 1), "no other card: it is left out")
}

// The cards a run leaves out are found by ID, every copy's row; an ID no
// card has is an error naming it.
func TestCardIndexes(t *testing.T) {
	rows := []*table.Row{{ID: "boat-chase"}, {ID: "malaria"}, {ID: "boat-chase"}}
	got, err := CardIndexes(rows, []string{"boat-chase"})
	require.NoError(t, err)
	assert.Equal(t, map[int]bool{0: true, 2: true}, got)
	_, err = CardIndexes(rows, []string{"malaria", "nazi-gold"})
	assert.EqualError(t, err, `no card "nazi-gold" to leave out`)
}
