package compiler_test

import (
	"archive/zip"
	"bytes"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

var update = flag.Bool("update", false, "rewrite testdata/libreoffice with LibreOffice (soffice)")

const (
	odsHead = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3"><office:body><office:spreadsheet>`
	odsTail     = `</office:spreadsheet></office:body></office:document-content>`
	odsManifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`
)

// rawODS packages content.xml (a reader of the body between <office:spreadsheet>
// tags) as an .ods file, the way LibreOffice does: the mimetype first and
// stored.
func rawODS(t testing.TB, body io.Reader) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := odsWriter(t, &buf)
	w, err := zw.Create("META-INF/manifest.xml")
	require.NoError(t, err)
	_, _ = io.WriteString(w, odsManifest)
	w, err = zw.Create("content.xml")
	require.NoError(t, err)
	_, err = io.Copy(w, io.MultiReader(strings.NewReader(odsHead), body, strings.NewReader(odsTail)))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// odsWriter starts an .ods package: the mimetype first, stored.
func odsWriter(t testing.TB, buf *bytes.Buffer) *zip.Writer {
	t.Helper()
	zw := zip.NewWriter(buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	require.NoError(t, err)
	_, err = io.WriteString(w, "application/vnd.oasis.opendocument.spreadsheet")
	require.NoError(t, err)
	return zw
}

// odsZip packages an .ods by hand: the mimetype, then the parts given
// (name, body), for packages rawODS cannot make.
func odsZip(t *testing.T, parts ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := odsWriter(t, &buf)
	for i := 0; i+1 < len(parts); i += 2 {
		w, err := zw.Create(parts[i])
		require.NoError(t, err)
		_, _ = io.WriteString(w, parts[i+1])
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func odsTable(name string, rows ...string) string {
	return `<table:table table:name="` + name + `"><table:table-column table:number-columns-repeated="1024"/>` + strings.Join(rows, "") + `</table:table>`
}

func odsRow(cells ...string) string {
	return "<table:table-row>" + strings.Join(cells, "") + "</table:table-row>"
}

func odsText(s string) string {
	return `<table:table-cell office:value-type="string"><text:p>` + s + `</text:p></table:table-cell>`
}

// LibreOffice ends every sheet with blank rows and columns "repeated" to
// the sheet's size: a million rows.
const odsLibreOfficeTail = `<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`

func readODSBytes(t *testing.T, data []byte, lim compiler.Limits, want ...diag.JSONDiagnostic) *compiler.Workbook {
	t.Helper()
	return readOne(t, data, lim, want...)
}

// Cells read as the text a designer sees, at their rows and columns:
// numbers from their value (not the locale's display), booleans as
// TRUE/FALSE, paragraphs as lines, spaces kept, comments left out.
func TestReadODSCells(t *testing.T) {
	body := odsTable("Heroes",
		odsRow(odsText("ID"), odsText("Power"), odsText("Brave"), `<table:table-cell table:number-columns-repeated="2"/>`, odsText("Bio")),
		odsRow(odsText("alice"),
			`<table:table-cell office:value-type="float" office:value="3" calcext:value-type="float"><text:p>3,00</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>WAHR</text:p></table:table-cell>`,
			`<table:table-cell table:number-columns-repeated="2"/>`,
			`<table:table-cell office:value-type="string"><office:annotation><dc:creator>deckwright</dc:creator><text:p>a note</text:p></office:annotation><text:p>Line <text:span>one</text:span>.</text:p><text:p>Two<text:s text:c="2"/>spaced<text:tab/>and <text:a xlink:href="x">linked</text:a><text:line-break/>end</text:p></table:table-cell>`),
		`<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`,
		odsRow(odsText("bob"), `<table:table-cell office:value-type="float" office:value="2.5"><text:p>2.5</text:p></table:table-cell>`,
			`<table:table-cell table:formula="of:=FALSE()" office:value-type="float" office:value="0"><text:p>FALSCH</text:p></table:table-cell>`,
			`<table:covered-table-cell/>`, `<table:table-cell office:value-type="percentage" office:value="0.5"><text:p>50%</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="string" office:string-value="from the attribute"><text:p>ignored</text:p></table:table-cell>`),
		`<table:table-header-rows>`+odsRow(odsText("  lead and   runs  "))+`</table:table-header-rows>`,
		odsLibreOfficeTail)
	data := rawODS(t, strings.NewReader(strings.Replace(body, `<table:table `, `<table:table xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" `, 1)+odsTable("Empty", odsLibreOfficeTail)))
	wb := readODSBytes(t, data, compiler.DefaultLimits)
	require.NotNil(t, wb)
	require.Len(t, wb.Sheets, 2)
	h := wb.Sheets[0]
	assert.Equal(t, "Heroes", h.Name)
	assert.Equal(t, []int{1, 2, 5, 6}, h.Nums, "blank repeated rows keep the row numbers")
	assert.Equal(t, [][]string{
		{"ID", "Power", "Brave", "", "", "Bio"},
		{"alice", "3", "TRUE", "", "", "Line one.\nTwo  spaced\tand linked\nend"},
		{"bob", "2.5", "FALSE", "", "50%", "from the attribute"},
		{"  lead and   runs  "},
	}, h.Rows)
	assert.Equal(t, "Empty", wb.Sheets[1].Name)
	assert.Empty(t, wb.Sheets[1].Rows)
}

// The limits and hostile-file guarantees of .xlsx, for .ods: every attack
// gets one clear diagnostic, quickly.
func TestReadODSHostile(t *testing.T) {
	bombHint := "content workbooks are small; this one may be damaged or built to exhaust memory"
	rowsHint := "delete the unused rows below your content (select them, Delete Rows) and save"
	t.Run("a value repeated down a million rows", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", `<table:table-row table:number-rows-repeated="1000000">`+odsText("x")+`</table:table-row>`)))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data", 0, E, compiler.CodeTooManyRows, "the sheet has more than 20000 rows; deckwright stops reading there", rowsHint))
		require.Len(t, wb.Sheets, 1)
		assert.Len(t, wb.Sheets[0].Rows, 20000, "the rows up to the limit are kept")
	})
	t.Run("a value past a billion blank rows", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", odsRow(odsText("ID")),
			`<table:table-row table:number-rows-repeated="999999999"><table:table-cell/></table:table-row>`, odsRow(odsText("far")))))
		readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data", 0, E, compiler.CodeTooManyRows, "the sheet has more than 20000 rows; deckwright stops reading there", rowsHint))
	})
	t.Run("a value repeated across every column", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", odsRow(odsText("ID"), `<table:table-cell table:number-columns-repeated="2147483647" office:value-type="string"><text:p>x</text:p></table:table-cell>`))))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!GS1", 0, E, compiler.CodeTooManyCols, "the row has values beyond column GR; deckwright reads 200 columns", "move the values into columns A to GR, or delete them"))
		assert.Len(t, wb.Sheets[0].Rows[0], 200)
	})
	t.Run("a value past the last column repeated down a billion rows", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", `<table:table-row table:number-rows-repeated="999999999"><table:table-cell table:number-columns-repeated="300"/>`+odsText("far")+`</table:table-row>`)))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!GS1", 0, E, compiler.CodeTooManyCols, "the row has values beyond column GR; deckwright reads 200 columns", "move the values into columns A to GR, or delete them"))
		assert.Empty(t, wb.Sheets[0].Rows)
	})
	t.Run("a hundred thousand merged ranges", func(t *testing.T) {
		merged := strings.Repeat(`<table:table-cell table:number-rows-spanned="99" table:number-columns-spanned="2" office:value-type="string"><text:p>m</text:p></table:table-cell>`, 100)
		rows := strings.Repeat(odsRow(merged), 1000)
		data := rawODS(t, strings.NewReader(odsTable("Data", rows)))
		wb, l := compiler.ReadWorkbook("x.ods", data, compiler.DefaultLimits)
		require.NotNil(t, wb)
		assert.Equal(t, 20000, l.Errors(), "at most as many problems a sheet as it may have rows")
		assert.Contains(t, wb.Lost, diag.Pos{File: "x.ods", Sheet: "Data"}, "past that, the sheet is lost")
		assert.LessOrEqual(t, len(wb.Lost), 20000+1)
	})
	t.Run("a repeat count that overflows", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", `<table:table-row table:number-rows-repeated="99999999999999999999999">`+odsText("x")+`</table:table-row>`)))
		wb := readODSBytes(t, data, compiler.DefaultLimits)
		assert.Equal(t, []int{1}, wb.Sheets[0].Nums, "a malformed count counts once")
	})
	t.Run("formulas with and without a saved result", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", odsRow(odsText("ID"), odsText("Power")),
			odsRow(odsText("a"), `<table:table-cell table:formula="of:=1+2"/>`),
			odsRow(odsText("b"), `<table:table-cell table:formula="of:=2*2" office:value-type="float" office:value="4"><text:p>4</text:p></table:table-cell>`))))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!B2", 0, E, compiler.CodeFormula, "the formula =1+2 has no saved result",
			"open the workbook in your spreadsheet program and save it, so results are stored; or type the value"))
		assert.Equal(t, [][]string{{"ID", "Power"}, {"a"}, {"b", "4"}}, wb.Sheets[0].Rows)
		assert.Equal(t, []diag.Pos{{File: "x.xlsx", Sheet: "Data", Row: 2, Col: 2}}, wb.Lost)
	})
	t.Run("merged cells", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", odsRow(odsText("ID"), odsText("Power")),
			odsRow(odsText("a"), `<table:table-cell table:number-rows-spanned="2" office:value-type="float" office:value="3"><text:p>3</text:p></table:table-cell>`),
			odsRow(odsText("b"), `<table:covered-table-cell/>`))))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!B2", 0, E, compiler.CodeMerged, "cells B2:B3 are merged; only B2 keeps a value", "select the range and choose Unmerge, then fill every cell"))
		assert.Equal(t, []diag.Pos{{File: "x.xlsx", Sheet: "Data", Row: 2}, {File: "x.xlsx", Sheet: "Data", Row: 3}}, wb.Lost)
	})
	t.Run("a cell of a million spaces", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", odsRow(odsText("ID"), odsText("x<text:s text:c=\"1000000\"/>")))))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx:Data!B1", 0, E, compiler.CodeLongCell, "the cell holds 1000001 characters; the limit is 8000", "no card can print this much: shorten it"))
		assert.Equal(t, [][]string{{"ID"}}, wb.Sheets[0].Rows)
	})
	t.Run("elements nested without end", func(t *testing.T) {
		data := rawODS(t, strings.NewReader(odsTable("Data", "<table:table-row><table:table-cell><text:p>"+strings.Repeat("<text:span>", 10000)+"x")))
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is truncated or damaged (content.xml: elements nested more than 256 deep)", resave))
		assert.Nil(t, wb)
	})
	t.Run("truncated content", func(t *testing.T) {
		data := odsZip(t, "content.xml", odsHead+odsTable("Data", odsRow(odsText("ID")))[:40])
		wb := readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is truncated or damaged (content.xml: XML syntax error on line 2: unexpected EOF)", resave))
		assert.Nil(t, wb)
	})
	t.Run("no content", func(t *testing.T) {
		readODSBytes(t, odsZip(t), compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is damaged (the .ods package has no content.xml)", resave))
	})
	t.Run("password-protected", func(t *testing.T) {
		data := odsZip(t, "META-INF/manifest.xml", `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>`,
			"content.xml", "\x9f\x12\x00\xff")
		readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeEncrypted, "the workbook is password-protected",
			"remove the password (File → Properties → Security, or save without \"Save with password\"); deckwright never asks for passwords"))
	})
	t.Run("a zip bomb", func(t *testing.T) {
		// 65 MiB of spaces in a row of text: the content part is over the
		// limit however its directory entry is written.
		spaces := io.LimitReader(repeatReader(' '), 65<<20)
		data := rawODS(t, io.MultiReader(strings.NewReader(`<table:table table:name="Data"><table:table-row><table:table-cell><text:p>`), spaces))
		require.Less(t, len(data), 1<<20)
		readODSBytes(t, data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeTooLarge, "part content.xml unpacks to 65 MiB; deckwright reads parts up to 64 MiB", bombHint))
		// A directory that understates the size: reading stops at the
		// stated size, so a lie cannot exhaust memory either.
		var comp bytes.Buffer
		zw := odsWriter(t, &comp)
		raw := rawODS(t, io.MultiReader(strings.NewReader(`<table:table table:name="Data"><table:table-row><table:table-cell><text:p>`), io.LimitReader(repeatReader(' '), 2<<20)))
		zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
		require.NoError(t, err)
		for _, f := range zr.File {
			if f.Name != "content.xml" {
				continue
			}
			rc, err := f.OpenRaw()
			require.NoError(t, err)
			hdr := f.FileHeader
			hdr.UncompressedSize64 = 100
			w, err := zw.CreateRaw(&hdr)
			require.NoError(t, err)
			_, err = io.Copy(w, rc)
			require.NoError(t, err)
		}
		require.NoError(t, zw.Close())
		readODSBytes(t, comp.Bytes(), compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeDamaged, "the workbook is truncated or damaged (content.xml: zip: not a valid zip file)", resave))
	})
}

// A flat OpenDocument spreadsheet (.fods, one XML file) reads like .ods.
func TestReadFlatODS(t *testing.T) {
	doc := strings.Replace(odsHead, "office:document-content", `office:document office:mimetype="application/vnd.oasis.opendocument.spreadsheet"`, 1) +
		odsTable("Set", odsRow(odsText("ID"), odsText("Game")), odsRow(odsText("base"), odsText("toy-game"))) +
		strings.Replace(odsTail, "office:document-content", "office:document", 1)
	wb := readODSBytes(t, []byte(doc), compiler.DefaultLimits)
	require.NotNil(t, wb)
	assert.Equal(t, [][]string{{"ID", "Game"}, {"base", "toy-game"}}, wb.Sheets[0].Rows)
	assert.Equal(t, "toy-game", wb.Game())
}

// libreOfficeFixture is a workbook with what designers' files hold —
// numbers, booleans, line breaks, typed spaces, comments, a formula with
// its result, merged cells, blank rows and columns, styling far from the
// content — written with excelize; testdata/libreoffice holds it and the
// .ods LibreOffice made of it.
func libreOfficeFixture(t *testing.T) []byte {
	f, err := excelize.OpenReader(bytes.NewReader(xlsx(t, toyBase()...)))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, f.SetCellInt("Heroes", "C2", 3))
	require.NoError(t, f.SetCellFloat("Heroes", "H2", 2.5, -1, 64))
	require.NoError(t, f.SetCellBool("Heroes", "E3", false))
	require.NoError(t, f.SetSheetRow("Heroes", "A6", &[]any{"cid", "Cid", 5, "Town", true, "rogue", "", "", "Two  spaces, then\na new line."}))
	require.NoError(t, f.SetCellFormula("Heroes", "H6", "2*3"))
	require.NoError(t, f.SetCellValue("Heroes", "H6", 6))
	require.NoError(t, f.AddComment("Heroes", excelize.Comment{Cell: "A1", Author: "deckwright", Paragraph: []excelize.RichTextRun{{Text: "the hero's ID"}}}))
	require.NoError(t, f.SetCellStr("Heroes", "AD1", "Notes far right"))
	require.NoError(t, f.SetCellStr("Places", "B5", "merged"))
	require.NoError(t, f.MergeCell("Places", "B5", "C6"))
	style, err := f.NewStyle(&excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFFF00"}}})
	require.NoError(t, err)
	require.NoError(t, f.SetCellStyle("Cards", "Z200", "Z200", style))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	return buf.Bytes()
}

// TestReadLibreOfficeODS: the .ods LibreOffice saved of a workbook reads
// as the same cells, rows and problems as the .xlsx.
func TestReadLibreOfficeODS(t *testing.T) {
	dir := filepath.Join("testdata", "libreoffice")
	if *update {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "toy.xlsx"), libreOfficeFixture(t), 0o644))
		out, err := exec.Command("soffice", "--headless", "-env:UserInstallation=file://"+t.TempDir(), "--convert-to", "ods", "--outdir", dir, filepath.Join(dir, "toy.xlsx")).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	xl, err := os.ReadFile(filepath.Join(dir, "toy.xlsx"))
	require.NoError(t, err)
	od, err := os.ReadFile(filepath.Join(dir, "toy.ods"))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(od, []byte("PK")), "a real .ods package")
	xwb, xl1 := compiler.ReadWorkbook("toy", xl, compiler.DefaultLimits)
	owb, ol := compiler.ReadWorkbook("toy", od, compiler.DefaultLimits)
	require.NotNil(t, xwb)
	require.NotNil(t, owb)
	assert.Equal(t, diag.Report(xl1), diag.Report(ol), "the same problems at the same cells")
	require.Len(t, owb.Sheets, len(xwb.Sheets))
	for i := range xwb.Sheets {
		// The same cells at the same rows. (Where formulas are differs:
		// LibreOffice saves an .xlsx boolean as =TRUE().)
		x, o := xwb.Sheets[i], owb.Sheets[i]
		assert.Equal(t, x.Name, o.Name)
		assert.Equal(t, x.Rows, o.Rows, "sheet %s", x.Name)
		assert.Equal(t, x.Nums, o.Nums, "sheet %s", x.Name)
	}
	assert.Equal(t, xwb.Lost, owb.Lost)
	assert.Equal(t, "Two  spaces, then\na new line.", owb.Sheet("Heroes").Rows[3][8])
	// The merged range is reported in both.
	require.Len(t, ol.Items(), 1)
	assert.Equal(t, "toy:Places!B5: error[DW0110]: cells B5:C6 are merged; only B5 keeps a value", ol.Items()[0].String())
}
