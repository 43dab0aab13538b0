package compiler_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

// What `deckwright validate` prints for a workbook with many problems:
// sorted by position, capped per sheet with a count of the rest, a caret
// under expression errors, and true totals.
func TestCapAndOutput(t *testing.T) {
	sheets := with(toyBase(),
		heroes(
			r("alice", "Alice", "x1", "town"),
			r("bob", "Bob", "x2", "town"),
			r("cid", "Cid", "x3", "town"),
			r("dee", "Dee", "x4", "town")),
		cardRows(r("spark", "Spark", "1", "x", "gain(1); gian(2)")),
		sheet("Scratch", r("x")),
	)
	_, l := compileBase(t, sheets)
	require.Equal(t, 5, l.Errors())
	require.Equal(t, 1, l.Warnings())
	l.Cap(2)
	assert.Equal(t, 5, l.Errors(), "Errors counts the diagnostics Cap left out")
	assert.Equal(t, 1, l.Warnings())
	assertDiags(t, l,
		dg("base.xlsx:Heroes!C2", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "x1"`, ""),
		dg("base.xlsx:Heroes!C3", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "x2"`, ""),
		dg("base.xlsx:Cards!E2", 10, E, compiler.CodeEffectType, `unknown verb "gian"`, `did you mean "gain"?`),
		dg("base.xlsx:Scratch", 0, W, compiler.CodeUnknownSheet, `sheet "Scratch" is not part of Toy Game; it is ignored`, "start a sheet's name with _ to keep notes in the workbook without this warning"),
		dg("base.xlsx:Heroes", 0, E, diag.CodeMore, "… and 2 more errors in Heroes", "fix the ones above and run again, or raise --max-per-sheet"),
	)

	var text bytes.Buffer
	require.NoError(t, diag.WriteText(&text, l))
	assert.Equal(t, `base.xlsx:Heroes!C2: error[DW0302]: Power must be a whole number, not "x1"
base.xlsx:Heroes!C3: error[DW0302]: Power must be a whole number, not "x2"
base.xlsx:Cards!E2: error[DW0412]: unknown verb "gian"
    gain(1); gian(2)
             ^
  hint: did you mean "gain"?
base.xlsx:Scratch: warning[DW0201]: sheet "Scratch" is not part of Toy Game; it is ignored
  hint: start a sheet's name with _ to keep notes in the workbook without this warning
base.xlsx:Heroes: error[DW0001]: … and 2 more errors in Heroes
  hint: fix the ones above and run again, or raise --max-per-sheet
5 errors, 1 warning
`, text.String())

	var js bytes.Buffer
	require.NoError(t, diag.WriteJSON(&js, l))
	var doc struct {
		Diagnostics []map[string]any `json:"diagnostics"`
		Errors      int              `json:"errors"`
		Warnings    int              `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &doc))
	assert.Equal(t, 5, doc.Errors)
	assert.Equal(t, 1, doc.Warnings)
	require.Len(t, doc.Diagnostics, 5)
	assert.Equal(t, map[string]any{"file": "base.xlsx", "sheet": "Cards", "cell": "E2", "char": float64(10), "column": float64(10), "severity": "error",
		"code": "DW0412", "message": `unknown verb "gian"`, "hint": `did you mean "gain"?`}, doc.Diagnostics[2])
}

// Diagnostics come out in the same order whatever the order of the
// workbooks given, and compiling twice gives the same list.
func TestDiagnosticsDeterministic(t *testing.T) {
	base := book{"base.xlsx", with(toyBase(), heroes(r("alice", "Alice", "0", "twon"), r("bob", "Bob", "x", "town", "", "mgae")))}
	exp := expBook("exp.xlsx", "exp", "base", sheet("Heroes", expHeroHeader, r("cid", "Cid", "10", "nowhere"), r("alice", "A", "1", "town")))
	_, l1 := compileBooks(t, compiler.Options{}, base, exp)
	_, l2 := compileBooks(t, compiler.Options{}, exp, base)
	require.Equal(t, 7, l1.Len())
	assert.Equal(t, diag.Report(l1), diag.Report(l2))
}
