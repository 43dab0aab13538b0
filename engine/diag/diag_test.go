package diag_test

import (
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
		{diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5, Offset: 3}, "E7", "base.xlsx:Dangers!E7"},
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
	d := l.Errorf(diag.Pos{File: "a"}, codeA, "bad %s %d", "thing", 3)
	d.Hint = "fix it"
	l.Warnf(diag.Pos{File: "a"}, codeB, "odd")
	l.Add(diag.Diagnostic{Severity: diag.Warning, Code: codeB, Message: "odd too"})
	require.Equal(t, 3, l.Len())
	assert.Equal(t, "bad thing 3", l.Items()[0].Message)
	assert.Equal(t, "fix it", l.Items()[0].Hint, "the returned pointer sets the hint of the stored diagnostic")
	assert.Equal(t, 1, l.Errors())
	assert.Equal(t, 2, l.Warnings())

	var other diag.List
	other.Errorf(diag.Pos{File: "b"}, codeA, "x")
	other.Errorf(diag.Pos{File: "b"}, codeA, "y")
	other.Cap(1)
	l.Append(&other)
	assert.Equal(t, 5, l.Len(), "3 + 1 kept + 1 summary")
	assert.Equal(t, 3, l.Errors(), "hidden diagnostics of an appended list still count")
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

func at(file, sheet string, row, col, off int) diag.Pos {
	return diag.Pos{File: file, Sheet: sheet, Row: row, Col: col, Offset: off}
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
	l.Errorf(at("exp.xlsx", "Heroes", 3, 1, 0), codeA, "exp heroes 3")
	l.Errorf(at("base.xlsx", "Dangers", 9, 2, 0), codeA, "base dangers 9 B")
	l.Errorf(at("base.xlsx", "Heroes", 2, 1, 0), codeA, "base heroes 2")
	l.Errorf(at("base.xlsx", "Dangers", 9, 1, 5), codeA, "base dangers 9 A off 5")
	l.Errorf(at("base.xlsx", "Dangers", 9, 1, 2), codeA, "base dangers 9 A off 2")
	l.Errorf(at("base.xlsx", "Dangers", 2, 7, 0), codeA, "base dangers 2")
	l.Errorf(at("base.xlsx", "", 0, 0, 0), codeA, "base file")
	l.Errorf(at("base.xlsx", "Dangers", 9, 1, 2), codeA, "base dangers 9 A off 2, second")
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
		l.Errorf(at("base.xlsx", "Dangers", i+1, 1, 0), codeA, "danger error %d", i)
	}
	l.Warnf(at("base.xlsx", "Dangers", 2, 2, 0), codeB, "danger warning 1")
	l.Warnf(at("base.xlsx", "Dangers", 3, 2, 0), codeB, "danger warning 2")
	l.Warnf(at("base.xlsx", "Dangers", 4, 2, 0), codeB, "danger warning 3")
	l.Errorf(at("base.xlsx", "Heroes", 2, 1, 0), codeA, "hero error")
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
