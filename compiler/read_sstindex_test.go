package compiler_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// A cell of shared text names one of the workbook's texts by its index.
// An index outside the table is reported at the cell and the sheet not
// read: -1 crashed deckwright (a panic inside excelize, a stack trace),
// any other read the index itself as the cell's text ("999999").
func TestReadSharedTextIndexOutOfTheTable(t *testing.T) {
	const texts = `<si><t>zero</t></si><si><t>one</t></si>`
	for _, tc := range []struct {
		name, cell string
		want       string // the message; "" when the sheet reads
		read       string // B2's text when it reads
	}{
		{name: "the last text", cell: `<c r="B2" t="s"><v>1</v></c>`, read: "one"},
		{name: "spaces around the index", cell: `<c r="B2" t="s"><v> 0 </v></c>`, read: "zero"},
		{name: "a namespace prefix", cell: `<x:c r="B2" t="s"><x:v>1</x:v></x:c>`, read: "one"},
		{name: "past the last", cell: `<c r="B2" t="s"><v>2</v></c>`,
			want: `cell B2 names text "2" of the workbook's table of texts, which holds 2: the sheet cannot be read reliably`},
		{name: "negative", cell: `<c r="B2" t="s"><v>-1</v></c>`,
			want: `cell B2 names text "-1" of the workbook's table of texts, which holds 2: the sheet cannot be read reliably`},
		{name: "not a number", cell: `<c r="B2" t="s" s="3"><f>x</f><v>one</v></c>`,
			want: `cell B2 names text "one" of the workbook's table of texts, which holds 2: the sheet cannot be read reliably`},
		{name: "a long value is cut", cell: `<c r="B2" t="s"><v>` + strings.Repeat("9", 40) + `</v></c>`,
			want: `cell B2 names text "99999999999999999999…" of the workbook's table of texts, which holds 2: the sheet cannot be read reliably`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := `<row r="1">` + inlineCell("A1", "ID") + inlineCell("B1", "Name") + `</row><row r="2">` + inlineCell("A2", "a") + tc.cell + `</row>`
			data := withSharedStrings(t, rawXLSX(t, strings.NewReader(rows)), texts)
			if tc.want == "" {
				wb := readOne(t, data, compiler.DefaultLimits)
				require.Len(t, wb.Sheets, 1)
				assert.Equal(t, [][]string{{"ID", "Name"}, {"a", tc.read}}, wb.Sheets[0].Rows)
				return
			}
			wb := readOne(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!B2", 0, E, compiler.CodeDamaged, tc.want, resave))
			require.NotNil(t, wb)
			assert.Empty(t, wb.Sheets)
		})
	}
}
