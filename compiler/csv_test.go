package compiler_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

// writeCSVs writes sheets as CSV files named prefix+sheet+".csv" in dir.
func writeCSVs(t *testing.T, dir, prefix string, sheets []sheetRows) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, s := range sheets {
		var b strings.Builder
		for _, row := range s.rows {
			for i, v := range row {
				if i > 0 {
					b.WriteByte(',')
				}
				if strings.ContainsAny(v, ",\"\n") {
					v = `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
				}
				b.WriteString(v)
			}
			b.WriteString("\r\n")
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, prefix+s.name+".csv"), []byte(b.String()), 0o644))
	}
}

// A folder of CSV files, one a sheet, is a workbook named after the
// folder; it compiles to the same tables as the .xlsx of the same cells.
func TestReadCSVFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "base")
	writeCSVs(t, dir, "", toyBase())
	wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	require.Len(t, wbs, 1)
	assert.Equal(t, "base", wbs[0].File)
	var names []string
	for _, s := range wbs[0].Sheets {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"Set", "Cards", "Heroes", "Keywords", "Places"}, names, "the Set sheet first, then by name")
	fromCSV, cl := compiler.Compile(toy, wbs, compiler.Options{})
	assertDiags(t, cl)
	require.NotNil(t, fromCSV)
	fromXLSX, xl := compileBase(t, toyBase())
	assertDiags(t, xl)
	for _, tb := range fromXLSX.Sheets {
		for i, r := range tb.Rows {
			got := fromCSV.Table(tb.Key).Rows[i]
			assert.Equal(t, r.Cells, got.Cells, "%s %s", tb.Key, r.ID)
			assert.Equal(t, strings.Replace(r.Where(), "base.xlsx:", "base:", 1), got.Where())
		}
	}
	// A problem is reported at its cell: folder, sheet (file), cell.
	writeCSVs(t, dir, "", []sheetRows{heroes(alice(), r("bob", "Bob", "many", "town"))})
	wbs, l, err = compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	_, cl = compiler.Compile(toy, wbs, compiler.Options{})
	assertDiags(t, cl, dg("base:Heroes!C3", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "many"`, ""))
}

// What spreadsheets write as CSV reads as the cells they show: quoted
// separators, quotes and line breaks, a byte-order mark, semicolons (some
// languages' Excel), blank lines as blank rows.
func TestReadCSVCells(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"Set.csv":    "\ufeffID;Name;Game\r\nbase;Base;toy-game\r\n",
		"Heroes.csv": "ID,Name,Bio\n\nalice,\"Alice, the \"\"Bold\"\"\",\"Line one.\nLine two.\"\n\n\nbob,Bob,  spaced  \n",
	}
	for n, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte(body), 0o644))
	}
	wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	require.Len(t, wbs, 1)
	assert.Equal(t, [][]string{{"ID", "Name", "Game"}, {"base", "Base", "toy-game"}}, wbs[0].Sheet("Set").Rows)
	h := wbs[0].Sheet("Heroes")
	assert.Equal(t, [][]string{{"ID", "Name", "Bio"}, {"alice", `Alice, the "Bold"`, "Line one.\nLine two."}, {"bob", "Bob", "  spaced  "}}, h.Rows)
	assert.Equal(t, []int{1, 3, 6}, h.Nums, "a record's row counts the blank lines and the records before it, as a spreadsheet opening the file does")
	assert.Equal(t, "toy-game", wbs[0].Game())
}

// LibreOffice's "every sheet to its own file" export names the files after
// the workbook: the prefix before Set.csv groups a workbook's sheets, so
// one folder may hold several; lock files and other files are skipped.
func TestReadCSVPrefixes(t *testing.T) {
	dir := t.TempDir()
	writeCSVs(t, dir, "base-", toyBase())
	writeCSVs(t, dir, "base-exp-", []sheetRows{setSheet("exp", "base"), sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town"))})
	for _, n := range []string{".~lock.base-Heroes.csv#", "~$base-Cards.csv", "notes.txt", ".hidden-Set.csv"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("junk"), 0o644))
	}
	wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	require.Len(t, wbs, 2)
	assert.Equal(t, "base", wbs[0].File)
	assert.Equal(t, "base-exp", wbs[1].File, "the longest prefix that fits")
	assert.Len(t, wbs[0].Sheets, 5)
	assert.Len(t, wbs[1].Sheets, 2)
	tb, cl := compiler.Compile(toy, wbs, compiler.Options{})
	assertDiags(t, cl)
	require.NotNil(t, tb)
	assert.Equal(t, []string{"alice", "bob", "cid"}, ids(tb.Rows("heroes")))
}

// A project folder holds workbook files (.xlsx, .ods) and CSV workbooks,
// its own CSV files among them when it has a Set.csv.
func TestReadProjectWithCSVWorkbooks(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "base.xlsx"), xlsx(t, toyBase()...), 0o644))
	writeCSVs(t, filepath.Join(dir, "arctic"), "", []sheetRows{setSheet("arctic", "base"), sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town"))})
	writeCSVs(t, dir, "", []sheetRows{setSheet("more", "arctic"), sheet("Cards", r("ID", "Name", "Count", "Text"), r("rope", "Rope", "1", "A rope."))})
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "templates"), 0o755)) // a folder that is no workbook
	wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	var files []string
	for _, wb := range wbs {
		files = append(files, wb.File)
	}
	assert.Equal(t, []string{"base.xlsx", filepath.Base(dir), "arctic"}, files)
	tb, cl := compiler.Compile(toy, wbs, compiler.Options{})
	assertDiags(t, cl)
	require.NotNil(t, tb)
	assert.Equal(t, []string{"base", "arctic", "more"}, []string{tb.Layers[0].ID, tb.Layers[1].ID, tb.Layers[2].ID})
	assert.Equal(t, []string{"spark", "pit", "rope"}, ids(tb.Rows("cards")))
}

// CSV files get the limits and the clear errors of any workbook.
func TestReadCSVProblems(t *testing.T) {
	t.Run("not UTF-8", func(t *testing.T) {
		dir := t.TempDir()
		writeCSVs(t, dir, "", []sheetRows{setSheet("base", "")})
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Heroes.csv"), []byte("ID,Name\nzo\xe9,Zo\xe9\n"), 0o644)) // Windows-1252
		wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
		require.NoError(t, err)
		assertDiags(t, l, dg(filepath.Base(dir)+":Heroes!2", 0, E, compiler.CodeDamaged, `the CSV file is not UTF-8 text: line 2 has the byte 0xE9 (in Windows' Western encoding, "é")`,
			`save it as "CSV UTF-8" (Excel) or with character set Unicode (UTF-8) (LibreOffice)`))
		require.Len(t, wbs, 1)
		assert.Nil(t, wbs[0].Sheet("Heroes"))
		assert.Equal(t, []diag.Pos{{File: filepath.Base(dir), Sheet: "Heroes"}}, wbs[0].Lost)
	})
	t.Run("too many rows", func(t *testing.T) {
		dir := t.TempDir()
		writeCSVs(t, dir, "", []sheetRows{setSheet("base", "")})
		lim := compiler.DefaultLimits
		lim.Rows = 10
		var b strings.Builder
		for i := range 20 {
			fmt.Fprintf(&b, "row-%d,x\n", i)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Notes.csv"), []byte(b.String()), 0o644))
		wbs, l, err := compiler.ReadPaths([]string{dir}, lim)
		require.NoError(t, err)
		assertDiags(t, l, dg(filepath.Base(dir)+":Notes", 0, E, compiler.CodeTooManyRows, "the sheet has more than 10 rows; deckwright stops reading there",
			"delete the unused rows below your content (select them, Delete Rows) and save"))
		assert.Len(t, wbs[0].Sheet("Notes").Rows, 10)
	})
	t.Run("too large", func(t *testing.T) {
		dir := t.TempDir()
		writeCSVs(t, dir, "", []sheetRows{setSheet("base", ""), heroes(alice())})
		lim := compiler.DefaultLimits
		lim.FileSize = 60
		_, l, err := compiler.ReadPaths([]string{dir}, lim)
		require.NoError(t, err)
		assertDiags(t, l, dg(filepath.Base(dir)+":Heroes", 0, E, compiler.CodeTooLarge, "the CSV files come to more than 60 bytes; deckwright reads workbooks up to 60 bytes", ""))
	})
	t.Run("a CSV file named alone", func(t *testing.T) {
		dir := t.TempDir()
		writeCSVs(t, dir, "", []sheetRows{setSheet("base", "")})
		_, l, err := compiler.ReadPaths([]string{filepath.Join(dir, "Set.csv")}, compiler.DefaultLimits)
		require.NoError(t, err)
		assertDiags(t, l, dg("Set.csv", 0, E, compiler.CodeNotXLSX, "a CSV file is one sheet, not a workbook",
			"name the folder that holds the workbook's CSV files, one a sheet, Set.csv among them"))
	})
	t.Run("no Set.csv", func(t *testing.T) {
		dir := t.TempDir()
		writeCSVs(t, dir, "", []sheetRows{heroes(alice())})
		_, _, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
		var re *compiler.ReadError
		require.ErrorAs(t, err, &re, "a folder without workbooks is the command line's failure, not the content's")
		assert.ErrorIs(t, err, compiler.ErrNoWorkbooks)
		assert.Equal(t, "the folder "+dir+" holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv) (create a project with `deckwright init DIR`, or name the workbooks)", err.Error())
	})
}
