package diag_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

var (
	codeA = diag.Register("DW9901", diag.Error, "test code A")
	codeB = diag.Register("DW9902", diag.Warning, "test code B")
)

func TestPos(t *testing.T) {
	tests := []struct {
		pos        diag.Pos
		cell, text string
	}{
		{diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5}, "E7", "base.xlsx:Dangers!E7"},
		{diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7}, "7", "base.xlsx:Dangers!7"},
		{diag.Pos{File: "base.xlsx", Sheet: "Dangers"}, "", "base.xlsx:Dangers"},
		{diag.Pos{File: "base.xlsx"}, "", "base.xlsx"},
		{diag.Pos{File: "card.yaml", Line: 12}, "", "card.yaml:12"},
		{diag.Pos{Sheet: "Heroes", Row: 2, Col: 1}, "A2", "Heroes!A2"},
		{diag.Pos{}, "", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.cell, tt.pos.Cell(), "%+v", tt.pos)
		assert.Equal(t, tt.text, tt.pos.String(), "%+v", tt.pos)
	}
}

func TestColumnName(t *testing.T) {
	for n, want := range map[int]string{0: "", -1: "", 1: "A", 2: "B", 26: "Z", 27: "AA", 28: "AB", 52: "AZ", 53: "BA", 200: "GR", 702: "ZZ", 703: "AAA", 16384: "XFD"} {
		assert.Equal(t, want, diag.ColumnName(n), n)
	}
}

func TestDiagnosticString(t *testing.T) {
	d := diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5}, Severity: diag.Error, Code: "DW0412", Message: `unknown verb "gainGlroy"`}
	assert.Equal(t, `base.xlsx:Dangers!E7: error[DW0412]: unknown verb "gainGlroy"`, d.String())
	d = diag.Diagnostic{Severity: diag.Warning, Code: "DW0112", Message: "no workbooks to compile"}
	assert.Equal(t, "warning[DW0112]: no workbooks to compile", d.String(), "no position, no leading colon")
	assert.Equal(t, "error", diag.Error.String())
	assert.Equal(t, "warning", diag.Warning.String())
}

func TestListAddAndCount(t *testing.T) {
	var l diag.List
	assert.Zero(t, l.Len())
	l.Add(diag.Errorf(diag.Pos{File: "a"}, codeA, "bad %s %d", "thing", 3).WithHint("fix it"))
	l.Warnf(diag.Pos{File: "a"}, codeB, "odd")
	l.Add(diag.Diagnostic{Severity: diag.Warning, Code: codeB, Message: "odd too"})
	l.Errorf(diag.Pos{File: "a", Sheet: "S", Row: 2}, codeA, "plain")
	require.Equal(t, 4, l.Len())
	assert.Equal(t, []diag.Diagnostic{
		{Pos: diag.Pos{File: "a"}, Severity: diag.Error, Code: codeA, Message: "bad thing 3", Hint: "fix it"},
		{Pos: diag.Pos{File: "a"}, Severity: diag.Warning, Code: codeB, Message: "odd"},
		{Severity: diag.Warning, Code: codeB, Message: "odd too"},
		{Pos: diag.Pos{File: "a", Sheet: "S", Row: 2}, Severity: diag.Error, Code: codeA, Message: "plain"},
	}, l.Items())
	assert.Equal(t, 2, l.Errors())
	assert.Equal(t, 2, l.Warnings())

	var other diag.List
	other.Errorf(diag.Pos{File: "b"}, codeA, "x")
	other.Errorf(diag.Pos{File: "b"}, codeA, "y")
	other.Cap(1)
	l.Append(&other)
	assert.Equal(t, 6, l.Len(), "4 + 1 kept + 1 summary")
	assert.Equal(t, 4, l.Errors(), "hidden diagnostics of an appended list still count")
}

func TestDiagnosticBuilders(t *testing.T) {
	pos := diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5}
	d := diag.Warnf(pos, codeB, "unknown %s", "verb")
	assert.Equal(t, diag.Diagnostic{Pos: pos, Severity: diag.Warning, Code: codeB, Message: "unknown verb"}, d)
	h := d.WithHint("did you mean?").WithSource("gainGlroy(2)", 3)
	assert.Equal(t, diag.Diagnostic{Pos: pos, Severity: diag.Warning, Code: codeB, Message: "unknown verb",
		Hint: "did you mean?", Source: "gainGlroy(2)", Char: 3}, h)
	assert.Empty(t, d.Hint, "the With methods return a copy; the original is unchanged")
	assert.Zero(t, d.Char)
}

// TestHintSurvivesLaterAppends is the regression test for the aliasing bug:
// Errorf used to return a pointer into the list's slice, and a hint set
// through it after more diagnostics were appended (which may move the
// slice) was silently lost. A diagnostic is now a value, added once whole,
// however many are added around it; a List copied with Append, or the
// value a caller still holds, never writes into another list.
func TestHintSurvivesLaterAppends(t *testing.T) {
	var l diag.List
	first := diag.Errorf(diag.Pos{File: "a", Sheet: "S", Row: 2, Col: 1}, codeA, "first")
	for i := range 100 { // enough appends to move the backing array several times
		l.Warnf(diag.Pos{File: "a", Sheet: "S", Row: i + 3}, codeB, "filler %d", i)
	}
	first.Hint = "decided late"
	l.Add(first)
	first.Hint = "changed after Add"
	for i := range 100 {
		l.Warnf(diag.Pos{File: "a", Sheet: "S", Row: i + 200}, codeB, "more filler %d", i)
	}

	var merged diag.List
	merged.Append(&l)
	l.Errorf(diag.Pos{File: "a"}, codeA, "added to l after the merge")
	l.Items()[100].Hint = "edited in l after the merge"

	merged.Sort()
	require.Equal(t, 201, merged.Len())
	got := merged.Items()[0]
	assert.Equal(t, "first", got.Message)
	assert.Equal(t, "decided late", got.Hint, "the hint set before Add is kept; later edits of the caller's copy or of l are not")
	assert.Equal(t, 1, merged.Errors())
	assert.Equal(t, 200, merged.Warnings())
}

func TestErr(t *testing.T) {
	var l diag.List
	assert.NoError(t, l.Err(), "an empty list")
	l.Warnf(diag.Pos{File: "a", Sheet: "S", Row: 2, Col: 1}, codeB, "odd")
	assert.NoError(t, l.Err(), "warnings alone do not fail content")

	l.Errorf(diag.Pos{File: "a", Sheet: "S", Row: 3, Col: 2}, codeA, "bad \x1b[31mred")
	err := l.Err()
	require.Error(t, err)
	assert.Equal(t, `a:S!B3: error[DW9901]: bad \x1b[31mred`, err.Error(), "one error: it alone, control characters escaped")
	var ce *diag.ContentError
	require.ErrorAs(t, fmt.Errorf("validate: %w", err), &ce, "a wrapped content error is found by type")
	assert.Same(t, &l, ce.List)

	l.Errorf(diag.Pos{File: "a", Sheet: "S", Row: 4, Col: 2}, codeA, "worse")
	l.Errorf(diag.Pos{File: "a", Sheet: "S", Row: 5, Col: 2}, codeA, "worst")
	assert.Equal(t, `a:S!B3: error[DW9901]: bad \x1b[31mred (and 2 more errors)`, l.Err().Error())
	l.Sort()
	l.Cap(1)
	assert.Equal(t, `a:S!B3: error[DW9901]: bad \x1b[31mred (and 2 more errors)`, l.Err().Error(), "errors the cap hid still count; the summary line is not one")

	// --strict fails on warnings: the caller builds the error.
	var w diag.List
	w.Warnf(diag.Pos{File: "a"}, codeB, "odd")
	assert.Equal(t, "a: warning[DW9902]: odd", (&diag.ContentError{List: &w}).Error())
	w.Warnf(diag.Pos{File: "b"}, codeB, "odder")
	assert.Equal(t, "a: warning[DW9902]: odd (and 1 more warning)", (&diag.ContentError{List: &w}).Error())
	assert.Equal(t, "no errors", (&diag.ContentError{List: &diag.List{}}).Error())
}

func TestCatalog(t *testing.T) {
	cat := diag.Catalog()
	require.NotEmpty(t, cat)
	for i := 1; i < len(cat); i++ {
		assert.Less(t, cat[i-1].Code, cat[i].Code)
	}
	assert.Contains(t, cat, diag.Entry{Code: "DW9901", Severity: diag.Error, Summary: "test code A"})
	assert.Contains(t, cat, diag.Entry{Code: diag.CodeMore, Severity: diag.Error, Summary: "more diagnostics of the same kind in a sheet were left out"})
	assert.PanicsWithValue(t, "diag: code DW9901 registered twice", func() { diag.Register("DW9901", diag.Error, "again") })
}

// errAt adds an error at a cell and, when char > 0, a character inside it.
func errAt(l *diag.List, file, sheet string, row, col, char int, msg string) {
	l.Add(diag.Errorf(diag.Pos{File: file, Sheet: sheet, Row: row, Col: col}, codeA, "%s", msg).WithSource("some text", char))
}

func at(file, sheet string, row, col int) diag.Pos {
	return diag.Pos{File: file, Sheet: sheet, Row: row, Col: col}
}

func messages(l *diag.List) []string {
	var out []string
	for _, d := range l.Items() {
		out = append(out, d.Message)
	}
	return out
}

func TestSort(t *testing.T) {
	var l diag.List
	errAt(&l, "exp.xlsx", "Heroes", 3, 1, 0, "exp heroes 3")
	errAt(&l, "base.xlsx", "Dangers", 9, 2, 0, "base dangers 9 B")
	errAt(&l, "base.xlsx", "Heroes", 2, 1, 0, "base heroes 2")
	errAt(&l, "base.xlsx", "Dangers", 9, 1, 5, "base dangers 9 A off 5")
	errAt(&l, "base.xlsx", "Dangers", 9, 1, 2, "base dangers 9 A off 2")
	errAt(&l, "base.xlsx", "Dangers", 2, 7, 0, "base dangers 2")
	errAt(&l, "base.xlsx", "", 0, 0, 0, "base file")
	errAt(&l, "base.xlsx", "Dangers", 9, 1, 2, "base dangers 9 A off 2, second")
	l.Errorf(diag.Pos{File: "t.yaml", Line: 4}, codeA, "template 4")
	l.Errorf(diag.Pos{File: "t.yaml", Line: 2}, codeA, "template 2")
	l.Sort()
	// Files and sheets in order of first appearance; then row, column and
	// offset; ties in the order reported.
	assert.Equal(t, []string{
		"exp heroes 3",
		"base dangers 2", "base dangers 9 A off 2", "base dangers 9 A off 2, second", "base dangers 9 A off 5", "base dangers 9 B",
		"base heroes 2", "base file",
		"template 2", "template 4",
	}, messages(&l))

	// Declared order wins: files, and each file's sheets in workbook order,
	// with file-level diagnostics first.
	l.Order("base.xlsx", "Set", "Heroes", "Dangers")
	l.Order("exp.xlsx", "Heroes")
	l.Sort()
	assert.Equal(t, []string{
		"base file", "base heroes 2",
		"base dangers 2", "base dangers 9 A off 2", "base dangers 9 A off 2, second", "base dangers 9 A off 5", "base dangers 9 B",
		"exp heroes 3",
		"template 2", "template 4",
	}, messages(&l))
}

func TestCap(t *testing.T) {
	var l diag.List
	for i := 1; i <= 5; i++ {
		l.Errorf(at("base.xlsx", "Dangers", i+1, 1), codeA, "danger error %d", i)
	}
	l.Warnf(at("base.xlsx", "Dangers", 2, 2), codeB, "danger warning 1")
	l.Warnf(at("base.xlsx", "Dangers", 3, 2), codeB, "danger warning 2")
	l.Warnf(at("base.xlsx", "Dangers", 4, 2), codeB, "danger warning 3")
	l.Errorf(at("base.xlsx", "Heroes", 2, 1), codeA, "hero error")
	l.Errorf(diag.Pos{File: "exp.xlsx"}, codeA, "file error 1")
	l.Errorf(diag.Pos{File: "exp.xlsx"}, codeA, "file error 2")
	l.Errorf(diag.Pos{File: "exp.xlsx"}, codeA, "file error 3")
	l.Sort()
	before := l.Len()
	l.Cap(0)
	assert.Equal(t, before, l.Len(), "Cap(0) keeps everything")
	l.Cap(2)
	assert.Equal(t, []string{
		"danger error 1", "danger warning 1", "danger error 2", "danger warning 2",
		"hero error", "file error 1", "file error 2",
		"… and 3 more errors in Dangers",
		"… and 1 more warning in Dangers",
		"… and 1 more error in exp.xlsx",
	}, messages(&l))
	more := l.Items()[7]
	assert.Equal(t, diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers"}, Severity: diag.Error, Code: diag.CodeMore,
		Message: "… and 3 more errors in Dangers", Hint: "fix the ones above and run again, or raise --max-per-sheet"}, more)
	assert.Equal(t, diag.Warning, l.Items()[8].Severity)
	// The counts stay true: hidden diagnostics count, summary lines do not.
	assert.Equal(t, 9, l.Errors())
	assert.Equal(t, 3, l.Warnings())
}
