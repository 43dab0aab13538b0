package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A name is matched as the designer reads it: typed with a combining
// accent (macOS writes "é" as "e" + U+0301) or precomposed, or with an
// invisible character pasted in, a reference, a sheet's name and a
// column's header find what they name.
func TestNamesMatchAsTheyRead(t *testing.T) {
	for _, tc := range []struct {
		name   string
		sheets []sheetRows
	}{
		{"a reference typed decomposed names a precomposed row", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Café Town", "town", "wilds"), r("wilds", "The Wilds", "wild", "town")),
			sheet("Heroes", r("ID", "Name", "Power", "Home"), r("alice", "Alice", "3", "Cafe\u0301 Town"), r("bob", "Bob", "4", "town")))},
		{"a reference typed precomposed names a decomposed row", with(toyBase(),
			sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Cafe\u0301 Town", "town", "wilds"), r("wilds", "The Wilds", "wild", "town")),
			sheet("Heroes", r("ID", "Name", "Power", "Home"), r("alice", "Alice", "3", "Café Town"), r("bob", "Bob", "4", "town")))},
		{"a zero-width space in a reference, a header and a sheet's name", with(without(toyBase(), "Heroes"),
			sheet("Heroes\u200b", r("ID", "Name", "Pow\u200ber", "Home"), r("alice", "Alice", "3", "To\u200bwn"), r("bob", "Bob", "4", "town")))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, l := compileBase(t, tc.sheets)
			assertDiags(t, l)
			require.NotNil(t, tb)
			alice := tb.Table("heroes").Rows[0]
			assert.Equal(t, "alice", alice.ID)
			assert.Equal(t, "town", alice.Str("home"), "the reference resolves to the row's ID")
		})
	}
}
