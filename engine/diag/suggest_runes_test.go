package diag_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/engine/diag"
)

// How far a suggestion may be from the name goes by its letters, not its
// bytes: three emoji are three letters, too far from "Gun" to suggest it.
func TestSuggestCountsLetters(t *testing.T) {
	candidates := []string{"Gun", "Jungle", "Glacé", "Temple", "Mountains"}
	for _, tc := range []struct{ name, want string }{
		{"😀😀😀", ""},
		{"Gu", "Gun"},
		{"Glace", "Glacé"},
		{"Glacée", "Glacé"},
		{"Tempel", "Temple"},
		{"Mountaens", "Mountains"},
		{"日本語", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, diag.Suggest(tc.name, candidates))
		})
	}
}
