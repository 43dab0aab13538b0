package compiler_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/table"
)

var toyData = []compiler.SheetData{
	{Sheet: "heroes", Rows: []map[string]string{
		{"ID": "alice", "Name": "Alice", "Power": "3", "Home": "town", "Brave": "yes", "Bio": "Line one.\nLine two.", "Elements": "fire, water"},
	}},
	{Sheet: "Places", Rows: []map[string]string{
		{"id": "town", "name": "Town", "kind": "town"},
	}},
	{Sheet: "Cards", Rows: []map[string]string{
		{"ID": "spark", "Name": "Spark", "Count": "2", "Text": "Gain 1.", "Effect": `gain(1); goTo("Town")`, "Roll": "4+"},
	}},
}

func writeToy(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, toySchema, compiler.SetRow{ID: "base", Name: "Base", Game: toyGame, Version: "1"}, toyData))
	return buf.Bytes()
}

// A workbook written from data reads and compiles back to the same data.
func TestWriteWorkbookRoundTrip(t *testing.T) {
	data := writeToy(t)
	for range 5 {
		require.True(t, bytes.Equal(data, writeToy(t)), "identical input writes byte-identical workbooks")
	}

	wb, l := read(t, "base.xlsx", data)
	assertDiags(t, l)
	var names []string
	for _, s := range wb.Sheets {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"Set", "Heroes", "Places", "Keywords", "Cards", "Relics"}, names)
	// Every sheet has its full header, standard columns first.
	assert.Equal(t, []string{"ID", "Name", "Change", "Disabled", "Power", "Home", "Brave", "Class", "Bio", "Motto", "Elements", "Luck", "Art"}, wb.Sheet("Heroes").Rows[0])
	assert.Equal(t, []string{"ID", "Name", "Count", "Change", "Disabled", "Text", "Effect", "Condition", "Tags", "Roll", "Cost", "Holder", "Art"}, wb.Sheet("Cards").Rows[0])

	tb, l := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
	assertDiags(t, l)
	require.NotNil(t, tb)
	assert.Equal(t, []table.Layer{{ID: "base", Name: "Base", Version: "1", File: "base.xlsx"}}, tb.Layers)
	assert.Equal(t, map[string]any{"id": "alice", "name": "Alice", "power": 3, "home": "town", "brave": true, "class": "warrior",
		"bio": "Line one.\nLine two.", "elements": []string{"fire", "water"}}, tb.Table("heroes").Find("alice").Cells)
	assert.Equal(t, map[string]any{"id": "spark", "name": "Spark", "count": 2, "text": "Gain 1.", "effect": `gain(1); goTo("Town")`, "roll": "4+", "cost": 0},
		tb.Table("cards").Find("spark").Cells)

	// Numbers and booleans are typed cells, so a spreadsheet sorts and
	// filters them as a designer expects; choice columns have dropdowns.
	f, err := excelize.OpenReader(bytes.NewReader(data))
	require.NoError(t, err)
	defer f.Close()
	typ, err := f.GetCellType("Heroes", "E2")
	require.NoError(t, err)
	assert.Contains(t, []excelize.CellType{excelize.CellTypeUnset, excelize.CellTypeNumber}, typ, "a number, not text") // excelize leaves t off numbers
	typ, err = f.GetCellType("Heroes", "G2")
	require.NoError(t, err)
	assert.Equal(t, excelize.CellTypeBool, typ)
	dvs, err := f.GetDataValidations("Heroes")
	require.NoError(t, err)
	var lists []string
	for _, dv := range dvs {
		lists = append(lists, dv.Sqref+" "+dv.Formula1)
	}
	assert.Contains(t, lists, `H2:H2000 "warrior,mage,rogue"`)
	panes, err := f.GetPanes("Heroes")
	require.NoError(t, err)
	assert.True(t, panes.Freeze)
	comments, err := f.GetComments("Heroes")
	require.NoError(t, err)
	require.NotEmpty(t, comments)
	assert.Equal(t, "E1", comments[4].Cell)
	assert.Equal(t, "dice rolled\n\nType: whole number 1–9 (required)", comments[4].Paragraph[0].Text)
}

func TestWriteWorkbookRefusesUnknownNames(t *testing.T) {
	var buf bytes.Buffer
	err := compiler.WriteWorkbook(&buf, toySchema, compiler.SetRow{ID: "x"}, []compiler.SheetData{{Sheet: "Villains"}})
	assert.EqualError(t, err, `sheet "Villains" is not part of the Toy Game format`)
	err = compiler.WriteWorkbook(&buf, toySchema, compiler.SetRow{ID: "x"}, []compiler.SheetData{{Sheet: "Heroes", Rows: []map[string]string{{"Strength": "3"}}}})
	assert.EqualError(t, err, `sheet Heroes has no column "Strength"`)
}

// Dump is a stable text rendering for git diff: one cell a line under its
// row, blank cells left out, line breaks escaped.
func TestDump(t *testing.T) {
	data := xlsx(t,
		sheet("Heroes", r("ID", "Name", "", "Bio"), r("alice", "Alice", "stray", "Line one.\r\nLine two."), r(), r("bob", "", " ")),
		sheet("Empty"),
		sheet("No Header", r(), r("x", "y")),
	)
	wb, l := read(t, "base.xlsx", data)
	assertDiags(t, l)
	var out strings.Builder
	require.NoError(t, compiler.Dump(&out, wb))
	assert.Equal(t, `# base.xlsx

## Heroes
columns: ID | Name |  | Bio

[Heroes 2] alice
ID: alice
Name: Alice
C: stray
Bio: Line one.\nLine two.

[Heroes 4] bob
ID: bob

## Empty

## No Header

[No Header 2]
A: x
B: y
`, out.String())
	var again strings.Builder
	require.NoError(t, compiler.Dump(&again, wb))
	assert.Equal(t, out.String(), again.String())
}

// TestDumpShowsWhatReadingDrops: dump shows a formula with its saved
// result (or the lack of one, even on a row of nothing else), says when
// a cell is too long to read, and escapes control characters, so what it
// prints under git diff is every cell and can never drive the terminal.
func TestDumpShowsWhatReadingDrops(t *testing.T) {
	f := excelize.NewFile()
	s := "Sheet1"
	long := strings.Repeat("é", compiler.DefaultLimits.CellChars+1)
	require.NoError(t, f.SetSheetRow(s, "A1", &[]any{"ID", "Name", "Cost", "Text"}))
	// Control characters reach a workbook's XML as _xHHHH_ escapes.
	require.NoError(t, f.SetSheetRow(s, "A2", &[]any{"alice", "Al_x001B_[31mice", 3, "a\tb_x0007_"}))
	require.NoError(t, f.SetCellFormula(s, "C2", "1+2"))
	require.NoError(t, f.SetSheetRow(s, "A3", &[]any{"bob", "Bob", nil, long}))
	require.NoError(t, f.SetCellFormula(s, "C3", "=C2*2"))
	require.NoError(t, f.SetCellFormula(s, "B5", `"Cid"`))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	wb, _ := compiler.ReadWorkbook("x.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.NotNil(t, wb)
	var out strings.Builder
	require.NoError(t, compiler.Dump(&out, wb))
	sum := sha256.Sum256([]byte(long))
	assert.Equal(t, `# x.xlsx

## Sheet1
columns: ID | Name | Cost | Text

[Sheet1 2] alice
ID: alice
Name: Al\x1b[31mice
Cost: =1+2 → 3
Text: a\tb\x07

[Sheet1 3] bob
ID: bob
Name: Bob
Cost: =C2*2 → (no saved result)
Text: (cut: 8001 characters, more than deckwright reads; sha256 `+hex.EncodeToString(sum[:6])+`)

[Sheet1 5]
Name: ="Cid" → (no saved result)
`, out.String())
}

// The document properties use the prefixes Excel writes for each
// namespace: some clients (exceljs) match element names literally and
// refuse a workbook whose core.xml binds them otherwise.
func TestWriteWorkbookCoreProperties(t *testing.T) {
	zr, err := zip.NewReader(bytes.NewReader(writeToy(t)), int64(len(writeToy(t))))
	require.NoError(t, err)
	var core []byte
	for _, f := range zr.File {
		if f.Name == "docProps/core.xml" {
			rc, err := f.Open()
			require.NoError(t, err)
			core, err = io.ReadAll(rc)
			require.NoError(t, err)
		}
	}
	require.NotNil(t, core)
	prefix := map[string]string{
		"http://schemas.openxmlformats.org/package/2006/metadata/core-properties": "cp",
		"http://purl.org/dc/elements/1.1/":                                        "dc",
		"http://purl.org/dc/terms/":                                               "dcterms",
	}
	// Element names as written (RawToken keeps the prefixes), and the
	// namespaces the prefixes are bound to (Token resolves them).
	var names []string
	raw, dec := xml.NewDecoder(bytes.NewReader(core)), xml.NewDecoder(bytes.NewReader(core))
	for {
		rt, err := raw.RawToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		tok, err := dec.Token()
		require.NoError(t, err)
		if se, ok := rt.(xml.StartElement); ok {
			names = append(names, se.Name.Space+":"+se.Name.Local)
			assert.Equal(t, prefix[tok.(xml.StartElement).Name.Space], se.Name.Space, "%s: the usual prefix of its namespace", se.Name.Local)
		}
	}
	assert.Equal(t, []string{"cp:coreProperties", "dc:creator", "cp:lastModifiedBy", "dcterms:created", "dcterms:modified"}, names)
}
