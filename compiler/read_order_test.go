package compiler_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

// A sheet written by a script that stores its rows or cells out of order
// (or a cell twice) is reported at the element out of order, and not read:
// read in file order it lost rows without a word (excelize skips a row
// stored after a row below it) or shifted cells into the next column.
// Rows and cells without an r attribute, which the format allows, follow
// the previous one and read as they always have.
func TestReadRowsAndCellsOutOfOrder(t *testing.T) {
	header := `<row r="1">` + inlineCell("A1", "ID") + inlineCell("B1", "Name") + `</row>`
	hint := resave + " (the program or script that wrote it stored it out of order)"
	for _, tc := range []struct {
		name, rows string
		want       []string // the diagnostic: cell, message; none when the sheet reads
		read       [][]string
	}{
		{name: "rows reversed",
			rows: `<row r="3">` + inlineCell("A3", "c") + `</row><row r="2">` + inlineCell("A2", "b") + `</row>`,
			want: []string{"x.xlsx:Data!A2", "row 2 is stored after row 3 in the file (rows must be stored in order): the sheet cannot be read reliably"}},
		{name: "a row twice",
			rows: `<row r="2">` + inlineCell("A2", "b") + `</row><row r="2">` + inlineCell("A2", "c") + `</row>`,
			want: []string{"x.xlsx:Data!A2", "row 2 is stored after row 2 in the file (rows must be stored in order): the sheet cannot be read reliably"}},
		{name: "a row without r after row 5 is row 6, then row 4 is out of order",
			rows: `<row r="5">` + inlineCell("A5", "b") + `</row><row><c t="inlineStr"><is><t>c</t></is></c></row><row r="4"/>`,
			want: []string{"x.xlsx:Data!A4", "row 4 is stored after row 6 in the file (rows must be stored in order): the sheet cannot be read reliably"}},
		{name: "a cell twice",
			rows: `<row r="2">` + inlineCell("A2", "b") + inlineCell("B2", "Bee") + inlineCell("B2", "Bea") + `</row>`,
			want: []string{"x.xlsx:Data!B2", "cell B2 is stored twice in the file: the sheet cannot be read reliably"}},
		{name: "cells reversed",
			rows: `<row r="2">` + inlineCell("B2", "Bee") + inlineCell("A2", "b") + `</row>`,
			want: []string{"x.xlsx:Data!A2", "cell A2 is stored after cell B2 in the file (cells must be stored in order): the sheet cannot be read reliably"}},
		{name: "namespace prefixes and single quotes",
			rows: `<x:row r='3'><x:c r='A3' t='inlineStr'><x:is><x:t>c</x:t></x:is></x:c></x:row><x:row r='2'/>`,
			want: []string{"x.xlsx:Data!A2", "row 2 is stored after row 3 in the file (rows must be stored in order): the sheet cannot be read reliably"}},
		{name: "no r attributes at all",
			rows: `<row><c t="inlineStr"><is><t>b</t></is></c><c t="inlineStr"><is><t>Bee</t></is></c></row><row/><row><c t="inlineStr"><is><t>d</t></is></c></row>`,
			read: [][]string{{"ID", "Name"}, {"b", "Bee"}, {"d"}}},
		{name: "gaps in order, and markup-like text in a comment and CDATA",
			rows: `<!-- <row r="1"/> --><row r="4">` + inlineCell("C4", "c") + `</row><row r="9"><c r="B9" t="inlineStr"><is><t><![CDATA[<row r="2">]]></t></is></c></row>`,
			read: [][]string{{"ID", "Name"}, {"", "", "c"}, {"", `<row r="2">`}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := rawXLSX(t, strings.NewReader(header+tc.rows))
			if tc.want == nil {
				wb := readOne(t, data, compiler.DefaultLimits)
				require.Len(t, wb.Sheets, 1)
				assert.Equal(t, tc.read, wb.Sheets[0].Rows)
				return
			}
			wb := readOne(t, data, compiler.DefaultLimits, dg(tc.want[0], 0, E, compiler.CodeDamaged, tc.want[1], hint))
			require.NotNil(t, wb)
			assert.Empty(t, wb.Sheets, "a sheet out of order is not read")
		})
	}
}

// A Set sheet reading could not read (out of order, damaged) was reported
// there: the build does not say again that the workbook has none.
func TestCompileLostSetSheetNotMissing(t *testing.T) {
	for _, tc := range []struct {
		name string
		lost []diag.Pos
		want []diag.JSONDiagnostic
	}{
		{name: "Set sheet lost in reading", lost: []diag.Pos{{File: "x.xlsx", Sheet: "Set"}}},
		{name: "a cell of it lost: the sheet itself was read", lost: []diag.Pos{{File: "x.xlsx", Sheet: "Set", Row: 2, Col: 1}},
			want: []diag.JSONDiagnostic{dg("x.xlsx", 0, E, compiler.CodeSetSheet, "the workbook has no Set sheet", "add a sheet named Set with columns ID, Name, Game, Requires and one row naming this set")}},
		{name: "nothing lost", want: []diag.JSONDiagnostic{dg("x.xlsx", 0, E, compiler.CodeSetSheet, "the workbook has no Set sheet", "add a sheet named Set with columns ID, Name, Game, Requires and one row naming this set")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb := &compiler.Workbook{File: "x.xlsx", Lost: tc.lost}
			_, l := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
			var got []diag.JSONDiagnostic
			for _, d := range diag.Report(l).Diagnostics {
				if d.Code == string(compiler.CodeSetSheet) {
					got = append(got, d)
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// A cell past the last column a spreadsheet has (XFD) loses its row, said
// in deckwright's words, at the row; the other rows read.
func TestReadCellBeyondTheLastColumn(t *testing.T) {
	data := rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "ID")+`</row><row r="2">`+inlineCell("A2", "a")+inlineCell("ZZZZ2", "far")+`</row><row r="3">`+inlineCell("A3", "b")+`</row>`))
	wb := readOne(t, data, compiler.DefaultLimits,
		dg("x.xlsx:Data!2", 0, E, compiler.CodeDamaged, "the row has a cell beyond column XFD, the last a spreadsheet has: it cannot be read", resave))
	require.Len(t, wb.Sheets, 1)
	assert.Equal(t, [][]string{{"ID"}, {"b"}}, wb.Sheets[0].Rows)
}
