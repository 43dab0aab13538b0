package export

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// toySchema is a small game: keyword rows with icons, cards in two decks,
// places the cards refer to, and notes listed on each card.
var toySchema = &table.Schema{
	Game:  "toy",
	Title: "Toy",
	Sheets: []table.Sheet{
		{Name: "Keywords", Columns: []table.Column{{Name: "Icon", Type: table.TString}}},
		{Name: "Places", Columns: []table.Column{{Name: "Terrain", Type: table.TList(table.TEnum("sea", "hill"))}}},
		{Name: "Cards", Deck: true, Group: "Deck", Columns: []table.Column{
			{Name: "Deck", Type: table.TEnum("red", "blue")},
			{Name: "Keywords", Type: table.TList(table.TRef("keywords"))},
			{Name: "Power", Type: table.TInt},
			{Name: "Home", Type: table.TRef("places")},
			{Name: "Text", Type: table.TText},
		}},
		{Name: "Notes", Columns: []table.Column{
			{Name: "Place", Type: table.TRef("places")},
			{Name: "Text", Type: table.TText},
		}},
	},
}

// letters of the toy workbook's columns, per sheet.
var toyColumns = map[string][]string{
	"keywords": {"id", "name", "icon"},
	"places":   {"id", "name", "terrain"},
	"cards":    {"id", "name", "count", "deck", "keywords", "power", "home", "text", "art"},
	"notes":    {"id", "name", "place", "text"},
}

// toyRow is one row: its cells by column key.
type toyRow map[string]any

// toyTables builds engine tables as the compiler would: rows with their
// provenance in toy.xlsx (layer "base") or, for rows with "_layer" set,
// exp.xlsx (layer "exp").
func toyTables(sheets map[string][]toyRow) *table.Tables { return toyTablesIn("", sheets) }

// toyTablesIn is toyTables with the workbooks in a folder, so that the
// pictures their cells name are found beside them.
func toyTablesIn(dir string, sheets map[string][]toyRow) *table.Tables {
	t := &table.Tables{Game: "toy", Layers: []table.Layer{{ID: "base", Name: "Base", File: "toy.xlsx"}, {ID: "exp", Name: "Expansion", File: "exp.xlsx"}}}
	for _, sh := range toySchema.Sheets {
		key := sh.Key()
		tb := &table.Table{Key: key, Name: sh.Name, Columns: toyColumns[key]}
		for i, file := range []string{"toy.xlsx", "exp.xlsx"} {
			cols := map[string]string{}
			for j, c := range toyColumns[key] {
				cols[c] = diag.ColumnName(j + 1)
			}
			if dir != "" {
				file = filepath.Join(dir, file)
			}
			tb.Sources = append(tb.Sources, &table.Source{File: file, Sheet: sh.Name, Layer: []string{"base", "exp"}[i], Columns: cols})
		}
		for i, r := range sheets[key] {
			row := &table.Row{ID: r["id"].(string), Cells: map[string]any{}, Src: table.RowSrc{Row: i + 2}}
			if r["_layer"] == "exp" {
				row.Src.Source = 1
			}
			for k, v := range r {
				if k != "id" && k != "_layer" {
					row.Cells[k] = v
				}
			}
			if sh.Deck {
				if _, ok := row.Cells["count"]; !ok {
					row.Cells["count"] = 1
				}
			}
			tb.Rows = append(tb.Rows, row)
		}
		tb.Bind()
		t.Sheets = append(t.Sheets, tb)
	}
	return t
}

// toyCards returns n red cards named Card 1…n, each once.
func toyCards(n int) []toyRow {
	var out []toyRow
	for i := 1; i <= n; i++ {
		out = append(out, toyRow{"id": "card-" + strconv.Itoa(i), "name": "Card " + strconv.Itoa(i), "deck": "red", "power": i, "text": "Gain {star} " + strconv.Itoa(i) + "."})
	}
	return out
}

const toyShared = `
game: toy
order: [red, blue, notes]
inline_icons: {sheet: Keywords, column: Icon}
colors:
  ink: "#000000"
  band: "#2040a0"
  paper: "#ffffff"
`

const toyIcons = `
icons:
  star:
    - {path: "M50 5 L61 38 L95 39 L68 60 L78 93 L50 73 L22 93 L32 60 L5 39 L39 38 Z"}
  dot:
    - {circle: [50, 50, 40]}
  sea:
    - {path: "M4 40 Q19 26 34 40 Q49 54 64 40", fill: none, stroke: ink, width: 10}
`

// toyRed is a poker card: a blue band with the name in white, the power,
// the keywords' icons and the text; the back names the card too, so tests
// can find it.
const toyRed = `
name: red
title: Red Cards
sheet: Cards
where: {deck: red}
deck: red
size: poker
safe: 3
front:
  background: paper
  zones:
    - {type: box, at: [0, 0, 63.5, 14], fill: band}
    - {type: text, name: title, at: [4, 3, 55.5, 8], text: "{{name}}", style: bold, size: 12, min: 7, lines: 1, color: "#ffffff", align: center, valign: middle}
    - {type: icons, at: [4, 16, 55.5, 5], field: keywords, via: icon, align: center}
    - {type: text, name: power, at: [4, 22, 55.5, 6], text: "Power **{{power}}**", size: 9, lines: 1, align: center, if: power}
    - {type: text, name: text, at: [5, 30, 53.5, 20], text: "{{text}}", size: 8, min: 6}
back:
  background: band
  zones:
    - {type: text, name: back title, at: [4, 3, 55.5, 8], text: "B{{@id}}", style: bold, size: 12, min: 7, lines: 1, color: "#ffffff", align: center, valign: middle}
`

const toyBlue = `
name: blue
sheet: Cards
where: {deck: blue}
size: bridge
front:
  zones:
    - {type: text, at: [4, 4, 49, 8], text: "{{name}} of {{home}}", lines: 1}
    - {type: icons, at: [4, 14, 49, 6], field: home.terrain}
`

const toyNotes = `
name: notes
sheet: Places
kind: sheet
size: 100x60
front:
  zones:
    - {type: text, at: [4, 4, 92, 8], text: "{{name}}", style: bold, size: 12}
    - type: rows
      at: [4, 14, 92, 40]
      size: 8
      rows:
        sheet: Notes
        match: place
        columns:
          - {text: "{{name}}", width: 20, style: bold}
          - {text: "{{text}}"}
`

// toySet loads the toy templates, with extra files replacing or adding.
func toySet(t testing.TB, extra map[string]string) *templates.Set {
	t.Helper()
	files := map[string]string{"shared.yaml": toyShared, "icons.yaml": toyIcons, "red.yaml": toyRed, "blue.yaml": toyBlue, "notes.yaml": toyNotes}
	for k, v := range extra {
		files[k] = v
	}
	fs := fstest.MapFS{}
	for k, v := range files {
		fs[k] = &fstest.MapFile{Data: []byte(v)}
	}
	set, l := templates.Load(toySchema, templates.Folder{FS: fs, Label: "toy"})
	require.Zero(t, l.Len(), "toy templates: %v", l.Items())
	return set
}

// exportToy exports and returns the PDF, the diagnostics and the stats.
func exportToy(t testing.TB, set *templates.Set, tb *table.Tables, opt Options) ([]byte, *diag.List, *Stats) {
	t.Helper()
	var buf bytes.Buffer
	st, l, err := Export(set, tb, Output{Fronts: &buf}, opt)
	require.NoError(t, err)
	return buf.Bytes(), l, st
}

var pageObj = regexp.MustCompile(`/Type /Page\n`)

// pageCount counts the page objects of a PDF.
func pageCount(pdf []byte) int { return len(pageObj.FindAll(pdf, -1)) }

// ptf formats millimetres as the PDF's points the way the PDF library
// writes page boxes: two decimals.
func ptf(mm float64) string { return strconv.FormatFloat(mm*72/25.4, 'f', 2, 64) }

// pt formats millimetres as the PDF's points, the way the writer does.
func pt(mm float64) string { return string(appendNum(nil, mm*72/25.4, 2)) }
