package compiler_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
)

// Hiding a row is how many designers set a card aside in a spreadsheet;
// deckwright reads hidden rows like any other, and says so at the row,
// unless the row is Disabled (switched off) or removes a row.
func TestHiddenRowsAreReadAndSaidSo(t *testing.T) {
	rows := `<row r="1">` + inlineCell("A1", "ID") + inlineCell("B1", "Name") + inlineCell("C1", "Disabled") + `</row>` +
		`<row r="2" hidden="1">` + inlineCell("A2", "a") + inlineCell("B2", "A") + `</row>` +
		`<row r="3" hidden="true">` + inlineCell("A3", "b") + inlineCell("B3", "B") + inlineCell("C3", "TRUE") + `</row>` +
		`<row r="4">` + inlineCell("A4", "c") + inlineCell("B4", "C") + `</row>` +
		`<row r="5" hidden="0">` + inlineCell("A5", "d") + inlineCell("B5", "D") + `</row>` +
		`<row hidden="1">` + inlineCell("B6", "no ID") + `</row>`
	wb := readOne(t, rawXLSX(t, strings.NewReader(rows)), compiler.DefaultLimits)
	require.Len(t, wb.Sheets, 1)
	assert.Equal(t, map[int]bool{2: true, 3: true, 6: true}, wb.Sheets[0].Hidden)
	assert.Len(t, wb.Sheets[0].Rows, 6, "hidden rows are read")

	// In a build: a hidden card is warned of at its ID cell; a hidden
	// Disabled row, a hidden remove row and a shown row are not.
	base := xlsx(t, toyBase()...)
	f, err := excelize.OpenReader(bytes.NewReader(base))
	require.NoError(t, err)
	require.NoError(t, f.SetSheetRow("Keywords", "A4", &[]any{"ice", "Ice"}))
	require.NoError(t, f.SetCellValue("Keywords", "C1", "Disabled"))
	require.NoError(t, f.SetSheetRow("Keywords", "A5", &[]any{"old", "Old", "TRUE"}))
	for _, row := range []int{3, 5} {
		require.NoError(t, f.SetRowVisible("Keywords", row, false))
	}
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	wbk, rl := compiler.ReadWorkbook("base.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.Zero(t, rl.Len(), "%v", rl.Items())
	_, l := compiler.Compile(toy, []*compiler.Workbook{wbk}, compiler.Options{})
	assertDiags(t, l, dg("base.xlsx:Keywords!A3", 0, W, compiler.CodeHiddenRow, `row 3 is hidden in the spreadsheet, but deckwright reads it: "trap" is in the build`,
		"set Disabled to TRUE to switch the row off (hiding a row only hides it from view), or unhide it"))
}
