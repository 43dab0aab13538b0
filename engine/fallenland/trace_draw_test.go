package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// events records a traced game's events.
type events []game.Event

func (e *events) Event(ev game.Event) { *e = append(*e, ev) }

// TestDrawNamesWhoGetsTheCard: a card drawn for a player outside their
// own Exploits — the Town Business deal, while another player's turn
// runs — is traced as that player's draw, not the player whose turn it
// is (RULES.md §18: the seat is the one the event concerns).
func TestDrawNamesWhoGetsTheCard(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	var got events
	s.trace = &got
	s.cur = 0
	p := &s.players[1]
	s.deal(p)
	var draws int
	for _, ev := range got {
		if ev.Kind == "draw" && ev.Seat >= 0 {
			draws++
			assert.Equal(t, 1, ev.Seat, "%+v", ev)
			assert.Contains(t, ev.Text, s.name(p)+" draws ")
		}
	}
	require.Positive(t, draws, "the deal draws Actions")
}
