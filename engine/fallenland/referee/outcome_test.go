package referee

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
)

// withAlternative is the bundled set with its Solo card Cliff Path given a
// second alternative: "9 Survival solo or 1 Combat solo" — the first out of
// reach, so bots attempt the second.
func withAlternative(t *testing.T) (*fallenland.Content, string) {
	c := *base(t)
	c.Encounters = slices.Clone(c.Encounters)
	const id = "cliff-path"
	i := slices.IndexFunc(c.Encounters, func(d fallenland.EncDef) bool { return d.ID == id })
	require.GreaterOrEqual(t, i, 0)
	require.Equal(t, fallenland.SoloCheck, c.Encounters[i].Checks.Kind)
	c.Encounters[i].Checks.Branches = [][]fallenland.Check{{{Need: 9, Skill: fallenland.Survival}}, {{Need: 1, Skill: fallenland.Combat}}}
	return &c, id
}

// TestRefereeOutcomeOfTheAlternativeAttempted: the outcome read is the
// alternative whose first check was rolled.
func TestRefereeOutcomeOfTheAlternativeAttempted(t *testing.T) {
	c, id := withAlternative(t)
	ref := New(c)
	ev := func(kind string, d fallenland.D) game.Event {
		return game.Event{Turn: 1, Seat: 0, Kind: kind, Card: id, Data: d}
	}
	card := ev("card", fallenland.D{"deck": "Plains", "checks": "9 Survival or 1 Combat, solo", "has-checks": true})
	check := ev("check", fallenland.D{"for": "card", "kind": "solo", "skill": "Combat", "need": 1, "passed": true, "total": 1})
	for _, tc := range []struct {
		branch int
		broken bool
	}{{1, false}, {0, true}} {
		events := []game.Event{card, check, ev("outcome", fallenland.D{"success": true, "branch": tc.branch}), ev("resolved", fallenland.D{"success": true})}
		var out []game.Violation
		for _, v := range ref.Check(events) {
			if v.Rule == "outcome" {
				out = append(out, v)
			}
		}
		assert.Equal(t, tc.broken, len(out) > 0, "outcome of alternative %d: %v", tc.branch, out)
	}
}

// TestRefereeAlternativesInPlay: games where a Solo card offers two
// alternatives break no rule, and the card is attempted in them.
func TestRefereeAlternativesInPlay(t *testing.T) {
	c, id := withAlternative(t)
	ref := New(c)
	outcomes := 0
	for i, events := range tracedGamesOn(t, c, 11, 24) {
		require.Empty(t, ref.Check(events), "game %d", i)
		for _, e := range events {
			if e.Kind == "outcome" && e.Card == id {
				outcomes++
			}
		}
	}
	assert.Positive(t, outcomes, "Cliff Path was never attempted")
}
