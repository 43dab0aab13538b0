package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

// A row marked Disabled is left out of the build, but its ID and the cell
// of its ID are kept, so a command naming it can say where it is.
func TestDisabledRowsKeepIDAndPosition(t *testing.T) {
	exp := expBook("exp.xlsx", "exp", "base",
		sheet("Cards", r("ID", "Name", "Count", "Text", "Disabled"),
			r("sword", "Sword", "1", "A sword."),
			r("frozen-bridge", "Frozen Bridge", "1", "Cold.", "TRUE"),
			r("", "No ID", "1", "", "TRUE"), // nothing to name it by: not kept
			r("axe", "Axe", "1", "An axe.", "yes"),
			r("spade", "Spade", "1", "A spade.", "FALSE")),
		sheet("Heroes", append(expHeroHeader, "Disabled"),
			r("pit", "Pit Hero", "2", "town", "", "TRUE")), // a disabled row of another sheet, with a card's ID
	)
	tb, l := compileBooks(t, compiler.Options{}, baseBook(), exp)
	assertDiags(t, l)
	require.NotNil(t, tb)
	cards := tb.Table("cards")
	assert.Equal(t, []string{"spark", "pit", "sword", "spade"}, ids(cards.Rows), "disabled rows are not content")
	assert.Equal(t, []string{"frozen-bridge", "axe"}, ids(cards.Disabled))
	for _, tc := range []struct {
		id, where string
	}{
		{"frozen-bridge", "exp.xlsx:Cards!A3"},
		{"FROZEN-Bridge", "exp.xlsx:Cards!A3"}, // IDs match ignoring case
		{"axe", "exp.xlsx:Cards!A5"},
		{"spade", ""}, // Disabled FALSE: a row of the build
		{"spark", ""},
		{"", ""},
	} {
		r := cards.FindDisabled(tc.id)
		if tc.where == "" {
			assert.Nil(t, r, tc.id)
			continue
		}
		require.NotNil(t, r, tc.id)
		assert.Equal(t, tc.where, r.Where(), tc.id)
		assert.Equal(t, "exp", r.Layer(), tc.id)
		assert.Empty(t, r.Cells, "a disabled row keeps no cells")
	}
	assert.Equal(t, "exp.xlsx:Heroes!A2", tb.Table("heroes").FindDisabled("pit").Where())
	assert.NotNil(t, cards.Find("pit"), "a disabled row does not hide an enabled one of the same ID")

	// Engine tables do not carry them: a disabled row's
	// ID is not content, and the hash does not see it.
	data, err := tb.Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(data), "frozen-bridge")
}

// A reference to a disabled row says the row is disabled, at its ID's
// cell, and is never corrected to another row.
func TestReferenceToDisabledRow(t *testing.T) {
	for _, tc := range []struct {
		name, holder string
		want         diag.JSONDiagnostic
	}{
		{"by ID", "dora", dg("exp.xlsx:Cards!F2", 0, E, compiler.CodeUnknownRef, "the Heroes row dora is disabled (exp.xlsx:Heroes!A2, Disabled is TRUE)", "set its Disabled to FALSE, or name another row")},
		{"any case", "DORA", dg("exp.xlsx:Cards!F2", 0, E, compiler.CodeUnknownRef, "the Heroes row dora is disabled (exp.xlsx:Heroes!A2, Disabled is TRUE)", "set its Disabled to FALSE, or name another row")},
		{"unknown", "dorb", dg("exp.xlsx:Cards!F2", 0, E, compiler.CodeUnknownRef, `no Heroes row is called "dorb"`, `did you mean "bob"?`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exp := expBook("exp.xlsx", "exp", "base",
				sheet("Heroes", append(expHeroHeader, "Disabled"),
					r("dora", "Dora", "2", "town", "", "TRUE")),
				sheet("Cards", r("ID", "Name", "Count", "Text", "Change", "Holder"),
					r("sword", "Sword", "1", "A sword.", "", tc.holder)))
			_, l := compileBooks(t, compiler.Options{}, baseBook(), exp)
			assertDiags(t, l, tc.want)
		})
	}
}
