package compiler_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

// The parts of a minimal .xlsx package around one worksheet, so tests can
// write sheet XML that excelize would refuse to produce.
const (
	contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	workbookXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`
	workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
	sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	sheetTail = `</sheetData></worksheet>`
)

// rawXLSX packages sheet XML (a reader of the <sheetData> body) as a
// workbook with one sheet, "Data".
func rawXLSX(t testing.TB, body io.Reader) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for _, p := range []struct{ name, body string }{
		{"[Content_Types].xml", contentTypes}, {"_rels/.rels", rootRels},
		{"xl/workbook.xml", workbookXML}, {"xl/_rels/workbook.xml.rels", workbookRels},
	} {
		w, err := zw.Create(p.name)
		require.NoError(t, err)
		_, err = io.WriteString(w, p.body)
		require.NoError(t, err)
	}
	w, err := zw.Create("xl/worksheets/sheet1.xml")
	require.NoError(t, err)
	_, err = io.Copy(w, io.MultiReader(strings.NewReader(sheetHead), body, strings.NewReader(sheetTail)))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func inlineCell(ref, text string) string {
	return fmt.Sprintf(`<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, text)
}

// rowsReader streams n rows of sheet XML without holding them in memory.
type rowsReader struct {
	n, next int
	buf     []byte
}

func (r *rowsReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.next >= r.n {
			return 0, io.EOF
		}
		r.next++
		r.buf = fmt.Appendf(r.buf[:0], `<row r="%d"><c r="A%d"><v>1</v></c></row>`, r.next, r.next)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// readOne reads bytes as x.xlsx and expects exactly the given diagnostics,
// quickly. It returns the workbook.
func readOne(t *testing.T, data []byte, lim compiler.Limits, want ...diag.JSONDiagnostic) *compiler.Workbook {
	t.Helper()
	start := time.Now()
	wb, l := compiler.ReadWorkbook("x.xlsx", data, lim)
	assertDiags(t, l, want...)
	assert.Less(t, time.Since(start), 10*time.Second, "reading must be bounded in time")
	return wb
}

const resave = "open it in your spreadsheet program and save it again as .xlsx"

func TestReadNotAWorkbook(t *testing.T) {
	saveAs := "open it in your spreadsheet program and save it as \"Excel Workbook (.xlsx)\""
	tests := []struct {
		name string
		data []byte
		want diag.JSONDiagnostic
	}{
		{"CSV renamed", []byte("ID,Name,Power\nalice,Alice,3\n"), dg("x.xlsx", 0, E, compiler.CodeNotXLSX, "this is a text file (CSV?), not a workbook (.xlsx or .ods)", saveAs)},
		{"binary junk", []byte{0x89, 'P', 'N', 'G', 0, 0, 0, 13, 'I', 'H', 'D', 'R'}, dg("x.xlsx", 0, E, compiler.CodeNotXLSX, "this is not a workbook (.xlsx or .ods)", saveAs)},
		{"empty", nil, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the file is empty", resave)},
		{"old xls", append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 1024)...),
			dg("x.xlsx", 0, E, compiler.CodeOldXLS, "this is an old binary .xls workbook", `open it and save it as "Excel Workbook (.xlsx)"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wb := readOne(t, tt.data, compiler.DefaultLimits, tt.want)
			assert.Nil(t, wb)
		})
	}
}

func TestReadEncrypted(t *testing.T) {
	f := excelize.NewFile()
	require.NoError(t, f.SetCellStr("Sheet1", "A1", "secret"))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf, excelize.Options{Password: "hunter2"}))
	wb := readOne(t, buf.Bytes(), compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeEncrypted, "the workbook is password-protected",
		"remove the password (File → Protect / Encrypt) and save again; deckwright never asks for passwords"))
	assert.Nil(t, wb)
}

func TestReadTruncatedAndDamaged(t *testing.T) {
	good := xlsx(t, toyBase()...)
	// Cut anywhere: the zip directory at the end is gone.
	for _, n := range []int{4, 100, len(good) / 2, len(good) - 1} {
		t.Run(fmt.Sprint("cut at ", n), func(t *testing.T) {
			wb := readOne(t, good[:n], compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is truncated or damaged (zip: not a valid zip file)", resave))
			assert.Nil(t, wb)
		})
	}
	// Damage a sheet's compressed bytes: the directory still reads.
	t.Run("damaged sheet", func(t *testing.T) {
		data := rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", strings.Repeat("abcdefgh", 200))+`</row>`))
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		require.NoError(t, err)
		var sheet *zip.File
		for _, f := range zr.File {
			if f.Name == "xl/worksheets/sheet1.xml" {
				sheet = f
			}
		}
		off, err := sheet.DataOffset()
		require.NoError(t, err)
		bad := bytes.Clone(data)
		for i := off + 2; i < off+int64(sheet.CompressedSize64)-2; i++ {
			bad[i] ^= 0x5a
		}
		wb, l := compiler.ReadWorkbook("x.xlsx", bad, compiler.DefaultLimits)
		assert.Nil(t, wb)
		require.Equal(t, 1, l.Len())
		d := l.Items()[0]
		assert.Equal(t, compiler.CodeDamaged, d.Code)
		assert.Equal(t, "x.xlsx", d.Pos.String())
		assert.True(t, strings.HasPrefix(d.Message, "the workbook is truncated or damaged (xl/worksheets/sheet1.xml: "), d.Message)
		assert.Equal(t, resave, d.Hint)
	})
}

func TestReadTooLarge(t *testing.T) {
	// A sheet that unpacks to 2 MiB, read with small limits.
	spaces := func(n int) io.Reader { return io.LimitReader(repeatReader(' '), int64(n)) }
	bomb := rawXLSX(t, spaces(2<<20))
	small := compiler.DefaultLimits
	small.PartSize, small.Unzipped = 1<<20, 4<<20
	bombHint := "content workbooks are small; this one may be damaged or built to exhaust memory"
	readOne(t, bomb, small, dg("x.xlsx", 0, E, compiler.CodeTooLarge, "part xl/worksheets/sheet1.xml unpacks to 2 MiB; deckwright reads parts up to 1 MiB", bombHint))
	small.PartSize, small.Unzipped = 4<<20, 1<<20
	readOne(t, bomb, small, dg("x.xlsx", 0, E, compiler.CodeTooLarge, "the workbook unpacks to more than 1 MiB", bombHint))
	small.FileSize = 1 << 10
	readOne(t, bomb, small, dg("x.xlsx", 0, E, compiler.CodeTooLarge, fmt.Sprintf("the file is %d KiB; deckwright reads workbooks up to 1 KiB", len(bomb)>>10), ""))

	// A zip whose directory understates a part's size: reading stops at
	// the stated size, so a lie cannot exhaust memory either.
	lying := lyingZip(t, 1<<20)
	readOne(t, lying, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is truncated or damaged (xl/worksheets/sheet1.xml: zip: not a valid zip file)", resave))

	// With the default limits: a 65 MiB sheet in a 64 KiB file.
	if testing.Short() {
		t.Skip("the 65 MiB zip bomb is skipped in -short mode")
	}
	big := rawXLSX(t, spaces(65<<20))
	require.Less(t, len(big), 1<<20)
	readOne(t, big, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeTooLarge, "part xl/worksheets/sheet1.xml unpacks to 65 MiB; deckwright reads parts up to 64 MiB", bombHint))
}

type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// lyingZip is rawXLSX whose sheet's directory entry claims 100 bytes while
// the data unpacks to n.
func lyingZip(t *testing.T, n int) []byte {
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestSpeed)
	_, err := io.Copy(fw, io.MultiReader(strings.NewReader(sheetHead), io.LimitReader(repeatReader(' '), int64(n)), strings.NewReader(sheetTail)))
	require.NoError(t, err)
	require.NoError(t, fw.Close())
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ name, body string }{
		{"[Content_Types].xml", contentTypes}, {"_rels/.rels", rootRels},
		{"xl/workbook.xml", workbookXML}, {"xl/_rels/workbook.xml.rels", workbookRels},
	} {
		w, err := zw.Create(p.name)
		require.NoError(t, err)
		_, _ = io.WriteString(w, p.body)
	}
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: 100, CRC32: 0})
	require.NoError(t, err)
	_, err = w.Write(comp.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestReadTooManyRows(t *testing.T) {
	lim := compiler.DefaultLimits
	lim.Rows = 10
	data := xlsx(t, sheet("Notes", r("a")), sheet("Big", make([][]string, 11)...))
	// Row 11 holds a value; the rows between are blank.
	f, err := excelize.OpenReader(bytes.NewReader(data))
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr("Big", "A11", "x"))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	wb := readOne(t, buf.Bytes(), lim, dg("x.xlsx:Big", 0, E, compiler.CodeTooManyRows, "the sheet has more than 10 rows; deckwright stops reading there",
		"delete the unused rows below your content (select them, Delete Rows) and save"))
	// The other sheets are still read; the big one up to the limit, and it
	// is marked as lost so later checks do not report its missing rows.
	require.NotNil(t, wb)
	require.Len(t, wb.Sheets, 2)
	assert.Equal(t, "Notes", wb.Sheets[0].Name)
	assert.Equal(t, "Big", wb.Sheets[1].Name)
	assert.Empty(t, wb.Sheets[1].Rows, "rows 1-10 are blank")
	assert.Equal(t, []diag.Pos{{File: "x.xlsx", Sheet: "Big"}}, wb.Lost)
}

// A million rows: the reader stops at the limit, in bounded time and memory.
func TestReadMillionRows(t *testing.T) {
	if testing.Short() {
		t.Skip("the million-row sheet is skipped in -short mode")
	}
	data := rawXLSX(t, &rowsReader{n: 1_000_000})
	wb := readOne(t, data, compiler.DefaultLimits, dg("x.xlsx:Data", 0, E, compiler.CodeTooManyRows, "the sheet has more than 20000 rows; deckwright stops reading there",
		"delete the unused rows below your content (select them, Delete Rows) and save"))
	require.NotNil(t, wb)
	require.Len(t, wb.Sheets, 1)
	assert.Len(t, wb.Sheets[0].Rows, 20000, "the rows up to the limit are kept")
	assert.Equal(t, 20000, wb.Sheets[0].Nums[19999])
}

func TestReadLongCell(t *testing.T) {
	long := strings.Repeat("é", 40000)
	data := rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "ID")+inlineCell("B1", "Text")+`</row><row r="2">`+inlineCell("A2", "a")+inlineCell("B2", long)+`</row>`))
	wb := readOne(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!B2", 0, E, compiler.CodeLongCell, "the cell holds 40000 characters; the limit is 8000", "no card can print this much: shorten it"))
	require.NotNil(t, wb)
	// The cell is blanked so later stages do not report it again.
	assert.Equal(t, [][]string{{"ID", "Text"}, {"a", ""}}, wb.Sheets[0].Rows)
}

func TestReadTooManyColumns(t *testing.T) {
	lim := compiler.DefaultLimits
	lim.Columns = 5
	data := xlsx(t, sheet("Wide", r("ID", "Name"), r("a", "A", "", "", "", "", "stray"), r("b", "B")))
	wb := readOne(t, data, lim, dg("x.xlsx:Wide!F2", 0, E, compiler.CodeTooManyCols, "the row has values beyond column E; deckwright reads 5 columns", "move the values into columns A to E, or delete them"))
	require.NotNil(t, wb)
	assert.Equal(t, [][]string{{"ID", "Name"}, {"a", "A", "", "", ""}, {"b", "B"}}, wb.Sheets[0].Rows)

	// With the default limits: a value in column 300 (KN).
	data = rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "ID")+inlineCell("KN1", "far")+`</row>`))
	readOne(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!GS1", 0, E, compiler.CodeTooManyCols, "the row has values beyond column GR; deckwright reads 200 columns", "move the values into columns A to GR, or delete them"))
}

func TestReadFormulas(t *testing.T) {
	f := excelize.NewFile()
	s := "Sheet1"
	require.NoError(t, f.SetSheetRow(s, "A1", &[]any{"ID", "Name", "Power", "Bonus"}))
	require.NoError(t, f.SetSheetRow(s, "A2", &[]any{"alice", "Alice"}))
	require.NoError(t, f.SetCellFormula(s, "C2", "1+2")) // no saved result
	require.NoError(t, f.SetSheetRow(s, "A3", &[]any{"bob", "Bob"}))
	require.NoError(t, f.SetCellValue(s, "C3", 4)) // a saved result
	require.NoError(t, f.SetCellFormula(s, "C3", "2*2"))
	require.NoError(t, f.SetCellFormula(s, "A4", `LOWER("CID")`)) // a row of formulas only
	require.NoError(t, f.SetCellFormula(s, "B4", `"Cid"`))
	require.NoError(t, f.SetSheetRow(s, "A5", &[]any{"dan", "Dan"}))
	require.NoError(t, f.SetCellFormula(s, "C5", "=1+1")) // stored with its "=", as some writers do
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	hint := "open the workbook in your spreadsheet program and save it, so results are stored; or type the value"
	wb := readOne(t, buf.Bytes(), compiler.DefaultLimits,
		dg("x.xlsx:Sheet1!C2", 0, E, compiler.CodeFormula, "the formula =1+2 has no saved result", hint),
		dg("x.xlsx:Sheet1!A4", 0, E, compiler.CodeFormula, `the formula =LOWER("CID") has no saved result`, hint),
		dg("x.xlsx:Sheet1!B4", 0, E, compiler.CodeFormula, `the formula ="Cid" has no saved result`, hint),
		dg("x.xlsx:Sheet1!C5", 0, E, compiler.CodeFormula, "the formula =1+1 has no saved result", hint),
	)
	require.NotNil(t, wb)
	// A formula with a saved result reads as the result; the formulas are
	// kept for dump.
	assert.Equal(t, []string{"bob", "Bob", "4"}, wb.Sheets[0].Rows[2])
	assert.Equal(t, map[compiler.Cell]string{{Row: 2, Col: 3}: "=1+2", {Row: 3, Col: 3}: "=2*2", {Row: 4, Col: 1}: `=LOWER("CID")`, {Row: 4, Col: 2}: `="Cid"`, {Row: 5, Col: 3}: "=1+1"},
		wb.Sheets[0].Formulas)
}

// TestReadFormulasAnyWriter: formulas in prefixed XML (<x:f>), cells
// without r attributes and shared formulas are found too.
func TestReadFormulasAnyWriter(t *testing.T) {
	data := rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "ID")+inlineCell("B1", "Power")+`</row>`+
		`<row><c t="inlineStr"><is><t>a</t></is></c><c><f>1+1</f></c></row>`+
		`<row r="3">`+inlineCell("A3", "b")+`<c r="B3"><f t="shared" ref="B3:B4" si="0">A3&amp;"x"</f><v>bx</v></c></row>`+
		`<row r="4">`+inlineCell("A4", "c")+`<c r="B4"><f t="shared" si="0"/></c></row>`))
	hint := "open the workbook in your spreadsheet program and save it, so results are stored; or type the value"
	wb := readOne(t, data, compiler.DefaultLimits,
		dg("x.xlsx:Data!B2", 0, E, compiler.CodeFormula, "the formula =1+1 has no saved result", hint),
		dg("x.xlsx:Data!B4", 0, E, compiler.CodeFormula, "the formula (shared with B3) has no saved result", hint))
	assert.Equal(t, map[compiler.Cell]string{{Row: 2, Col: 2}: "=1+1", {Row: 3, Col: 2}: `=A3&"x"`, {Row: 4, Col: 2}: "(shared with B3)"}, wb.Sheets[0].Formulas)
}

func TestReadMergedCells(t *testing.T) {
	f := excelize.NewFile()
	s := "Sheet1"
	require.NoError(t, f.SetSheetRow(s, "A1", &[]any{"ID", "Name", "Power"}))
	require.NoError(t, f.SetSheetRow(s, "A2", &[]any{"alice", "Alice", 3}))
	require.NoError(t, f.SetSheetRow(s, "A3", &[]any{"bob", "Bob"}))
	require.NoError(t, f.MergeCell(s, "C2", "C3"))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	readOne(t, buf.Bytes(), compiler.DefaultLimits,
		dg("x.xlsx:Sheet1!C2", 0, E, compiler.CodeMerged, "cells C2:C3 are merged; only C2 keeps a value", "select the range and choose Unmerge, then fill every cell"))
}

// Numbers, booleans and dates typed into cells read as the text a
// designer sees; blank rows are skipped and row numbers kept.
func TestReadCellText(t *testing.T) {
	f := excelize.NewFile()
	s := "Sheet1"
	require.NoError(t, f.SetSheetRow(s, "A1", &[]any{"ID", "Count", "Brave", "Note"}))
	require.NoError(t, f.SetSheetRow(s, "A2", &[]any{"a", 3, true, "  spaced  "}))
	require.NoError(t, f.SetSheetRow(s, "A5", &[]any{"b", 2.5, false, "line\nbreak"}))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	wb := readOne(t, buf.Bytes(), compiler.DefaultLimits)
	require.Len(t, wb.Sheets, 1)
	assert.Equal(t, []int{1, 2, 5}, wb.Sheets[0].Nums)
	assert.Equal(t, [][]string{{"ID", "Count", "Brave", "Note"}, {"a", "3", "TRUE", "  spaced  "}, {"b", "2.5", "FALSE", "line\nbreak"}}, wb.Sheets[0].Rows)
}

// TestReadPathsFailures checks a path that cannot be read is an error of
// its own type (the command line's failure, exit 2), never a diagnostic
// among the content's, and that reading stops there.
func TestReadPathsFailures(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "base.xlsx")
	require.NoError(t, os.WriteFile(good, xlsx(t, toyBase()...), 0o644))
	missing := filepath.Join(dir, "missing.xlsx")
	empty := t.TempDir()
	tests := []struct {
		name  string
		paths []string
		code  diag.Code
		msg   string
		cause error
	}{
		{"a missing path", []string{good, missing}, compiler.CodeIO, "cannot read " + missing + ": no such file or directory (check the path)", fs.ErrNotExist},
		{"a folder without workbooks", []string{empty, good}, compiler.CodeNoWorkbooks, "the folder " + empty + " holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv) (create a project with `deckwright init DIR`, or name the workbooks)", compiler.ErrNoWorkbooks},
		{"a device", []string{os.DevNull}, compiler.CodeIO, "cannot read " + os.DevNull + ": it is not a regular file (a device, a pipe, …) (name the workbook file itself)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wbs, l, err := compiler.ReadPaths(tt.paths, compiler.DefaultLimits)
			var re *compiler.ReadError
			require.ErrorAs(t, err, &re)
			covered(tt.code)
			assert.Equal(t, tt.code, re.Code)
			assert.Equal(t, tt.msg, err.Error())
			if tt.cause != nil {
				assert.ErrorIs(t, err, tt.cause)
			}
			assert.Nil(t, wbs)
			assert.Zero(t, l.Len(), "the failure is not also a diagnostic")
			assert.NoError(t, l.Err())
		})
	}
}

func TestReadPaths(t *testing.T) {
	dir := t.TempDir()
	base := xlsx(t, toyBase()...)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "base.xlsx"), base, 0o644))
	exp := xlsx(t, setSheet("exp", "base"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "exp.XLSX"), exp, 0o644))
	// Lock files, hidden files, other files and folders are skipped.
	for _, n := range []string{"~$base.xlsx", ".hidden.xlsx", "notes.txt", "data.csv"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("junk"), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "old.xlsx"), 0o755))

	wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	require.NoError(t, err)
	assertDiags(t, l)
	require.Len(t, wbs, 2)
	assert.Equal(t, "base.xlsx", wbs[0].File)
	assert.Equal(t, "exp.XLSX", wbs[1].File)
	tb, cl := compiler.Compile(toy, wbs, compiler.Options{})
	assertDiags(t, cl)
	require.NotNil(t, tb)

	// A file named directly is read whatever its name.
	csv := filepath.Join(dir, "data.csv")
	wbs, l, err = compiler.ReadPaths([]string{filepath.Join(dir, "base.xlsx"), csv}, compiler.DefaultLimits)
	require.NoError(t, err)
	assert.Len(t, wbs, 1)
	assertDiags(t, l, dg("data.csv", 0, E, compiler.CodeNotXLSX, "a CSV file is one sheet, not a workbook", "name the folder that holds the workbook's CSV files, one a sheet, Set.csv among them"))

	lim := compiler.DefaultLimits
	lim.FileSize = 1 << 10
	_, l, err = compiler.ReadPaths([]string{dir}, lim)
	require.NoError(t, err, "a file too large is the content's problem, a diagnostic")
	assertDiags(t, l,
		dg("base.xlsx", 0, E, compiler.CodeTooLarge, fmt.Sprintf("the file is %d KiB; deckwright reads workbooks up to 1 KiB", len(base)>>10), ""),
		dg("exp.XLSX", 0, E, compiler.CodeTooLarge, fmt.Sprintf("the file is %d KiB; deckwright reads workbooks up to 1 KiB", len(exp)>>10), ""),
	)
}
