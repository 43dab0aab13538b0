package game

import (
	"sync/atomic"
	"testing"

	"github.com/deckwright/deckwright/engine/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listGame is a game whose outcome says which game it was: its length is
// the seed's last digits and its winners the card substituted; a seed
// that is a multiple of 7 panics (an engine failure: not done).
type listGame struct{ sub int }

func (g listGame) Play(s *Setup, res *Result) {
	if s.Seed%7 == 0 {
		panic("engine failure")
	}
	res.Rounds, res.Won, res.Sides, res.End = int(s.Seed%1000), uint8(g.sub), []int{0}, "end"
}

func (listGame) Counts() Counts { return nil }

// A round's lists of paired games, played on one pool: every outcome is
// its own game's (the run's seed for its number, the list's card), in
// the list's order, whatever the number of workers, a failure included;
// a worker makes each list's game once at most, and an empty list costs
// nothing.
func TestPlayLists(t *testing.T) {
	lists := []pairList{
		{GameConfig{Substitute: map[int]bool{1: true}}, []int{0, 3, 4, 9, 12}},
		{GameConfig{Substitute: map[int]bool{2: true}}, nil},
		{GameConfig{Substitute: map[int]bool{3: true}}, []int{1, 2, 3, 40, 41, 42, 43, 44}},
		{GameConfig{Substitute: map[int]bool{4: true}}, []int{-2, -1, 7}}, // a shard's games before its slice
	}
	for _, workers := range []int{1, 2, 3} {
		var made atomic.Int32
		h := &harness{spec: &SimSpec{Policies: []Choice{{Name: "p"}}}, req: SimRequest{Players: 1, Seed: 99, From: 1000, Workers: workers},
			run: &Run{Sides: []Side{{ID: "s"}}, NewGame: func(cfg GameConfig) Game {
				made.Add(1)
				for card := range cfg.Substitute {
					return listGame{card}
				}
				return listGame{}
			}}}
		var told []int
		out, whole := h.playLists(lists, func(done int) { told = append(told, done) })
		require.Equal(t, len(lists), whole)
		require.Len(t, out, len(lists))
		failed := 0
		for k, l := range lists {
			require.Len(t, out[k], len(l.games))
			for i, g := range l.games {
				seed := rng.Seed(99, 1000+g)
				o := out[k][i]
				if seed%7 == 0 {
					assert.False(t, o.Done, "list %d game %d failed", k, g)
					failed++
					continue
				}
				assert.Equal(t, Outcome{Done: true, Rounds: int(seed % 1000), Won: uint8(k + 1)}, o, "%d workers: list %d, game %d", workers, k, g)
			}
		}
		assert.LessOrEqual(t, int(made.Load()), workers*3, "%d workers: a game per list and worker at most", workers)
		require.NotEmpty(t, told)
		assert.Equal(t, 16, told[len(told)-1], "progress ends at every list's games")
		assert.Positive(t, failed, "a failed game among them")
	}
}

// --impact-games tells which card's paired games it has reached: the
// first card at once, then each card as the games done reach its list
// (a card without games is passed over), each once.
func TestCardProgress(t *testing.T) {
	lists := []pairList{{games: []int{1, 2, 3}}, {}, {games: []int{4, 5}}, {games: []int{6}}}
	ids := []string{"a", "b", "c", "d"}
	var got []string
	tell := cardProgress(lists, ids, func(k, n int, id string) {
		assert.Equal(t, 4, n)
		got = append(got, id)
	})
	assert.Equal(t, []string{"a"}, got, "the first card at once")
	for _, done := range []int{0, 2, 3, 4, 5, 6} {
		tell(done)
	}
	assert.Equal(t, []string{"a", "c", "d"}, got)
	assert.Nil(t, cardProgress(lists, ids, nil))
}
