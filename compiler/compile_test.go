package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCleanBase(t *testing.T) {
	tb, l := compileBase(t, toyBase())
	assertDiags(t, l)
	require.NotNil(t, tb)
	heroes := tb.Table("heroes")
	require.NotNil(t, heroes)
	alice := heroes.Find("alice")
	require.NotNil(t, alice)
	assert.Equal(t, map[string]any{"id": "alice", "name": "Alice", "power": 3, "home": "town", "brave": true, "class": "mage", "elements": []string{"fire", "water"}}, alice.Cells)
	bob := heroes.Find("bob")
	assert.Equal(t, map[string]any{"id": "bob", "name": "Bob", "power": 4, "home": "town", "brave": false, "class": "warrior"}, bob.Cells)
	spark := tb.Table("cards").Find("spark")
	assert.Equal(t, map[string]any{"id": "spark", "name": "Spark", "count": 2, "text": "Gain 1.", "effect": "gain(1)", "condition": "hero.power > 2", "tags": []string{"fire"}, "roll": "5+ vs Fire", "cost": 0}, spark.Cells)
}

// A reference names a row by ID or Name, ignoring case and spacing; an ID
// wins over another row's Name.
func TestReferencePrefersID(t *testing.T) {
	tb, l := compileBase(t, with(toyBase(),
		sheet("Places", r("ID", "Name", "Kind"), r("old-town", "Town", "town"), r("town", "New Town", "town"), r("wilds", "The Wilds", "wild")),
		heroes(r("alice", "Alice", "3", "TOWN"), r("bob", "Bob", "2", "new town"), r("cid", "Cid", "2", "Old Town"))))
	assertDiags(t, l)
	require.NotNil(t, tb)
	h := tb.Table("heroes")
	assert.Equal(t, []string{"town", "town", "old-town"}, []string{h.Find("alice").Str("home"), h.Find("bob").Str("home"), h.Find("cid").Str("home")})
}
