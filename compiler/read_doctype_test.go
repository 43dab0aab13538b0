package compiler_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// A part that declares a DOCTYPE (entities: a billion laughs, a file of
// this machine) is refused with one diagnostic naming it: its entities
// were never expanded, and the cell that used one read blank ("Name is
// required"), far from the cause. Text that merely mentions a DOCTYPE
// reads as text.
func TestReadDoctypeRefused(t *testing.T) {
	const hint = "content workbooks are small; this one may be damaged or built to exhaust memory"
	rows := `<row r="1">` + inlineCell("A1", "ID") + inlineCell("B1", "Name") + `</row><row r="2">` + inlineCell("A2", "a") + inlineCell("B2", "&b;") + `</row>`
	plain := rawXLSX(t, strings.NewReader(rows))
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" when the workbook reads
	}{
		{"in a worksheet", withPart(t, plain, "xl/worksheets/sheet1.xml",
			`<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "AAAA"><!ENTITY b "&a;&a;&a;">]>`+
				`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+rows+sheetTail),
			"part xl/worksheets/sheet1.xml declares a DOCTYPE, which no spreadsheet program writes: its entities are not read"},
		{"in the table of texts", withSharedStrings(t, plain, `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><si><t>&e;</t></si>`),
			"part xl/sharedStrings.xml declares a DOCTYPE, which no spreadsheet program writes: its entities are not read"},
		{"text about a DOCTYPE", rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "&lt;!DOCTYPE html&gt;")+`</row>`)), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				wb := readOne(t, tc.data, compiler.DefaultLimits)
				require.Len(t, wb.Sheets, 1)
				assert.Equal(t, [][]string{{"<!DOCTYPE html>"}}, wb.Sheets[0].Rows)
				return
			}
			wb := readOne(t, tc.data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, tc.want, hint))
			assert.Nil(t, wb)
		})
	}
}
