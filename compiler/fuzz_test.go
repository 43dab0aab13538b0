package compiler_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
)

// What one input may cost: reading a workbook of up to fuzzLimits'
// megabyte and compiling it, or compiling a set of cells.
var (
	workbookBudget = fuzzlimit.Budget{Alloc: 512 << 20, Time: 10 * time.Second}
	cellsBudget    = fuzzlimit.Budget{Alloc: 128 << 20, Time: 5 * time.Second}
)

// fuzzLimits keep each run small: the fuzzer looks for panics and hangs,
// not for big files.
var fuzzLimits = compiler.Limits{FileSize: 1 << 20, Unzipped: 8 << 20, PartSize: 4 << 20, Rows: 200, Columns: 50, CellChars: 2000}

// FuzzReadWorkbook: reading arbitrary bytes never panics and gives either a
// workbook or at least one error; what is read compiles and dumps without
// panicking.
func FuzzReadWorkbook(f *testing.F) {
	// Seeds beyond testdata/fuzz/FuzzReadWorkbook: a clean base and a few
	// broken files made at run time.
	base := xlsx(f, toyBase()...)
	f.Add(base)
	f.Add(base[:len(base)/2])
	f.Add([]byte("ID,Name\nx,y\n"))
	f.Add(append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 64)...))
	f.Add(rawXLSX(f, strings.NewReader(`<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1"><f>1+1</f></c></row>`)))
	f.Add(rawODS(f, strings.NewReader(odsTable("Set", odsRow(odsText("ID")), `<table:table-row table:number-rows-repeated="9">`+odsText("x")+`</table:table-row>`))))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzlimit.Check(t, workbookBudget, func() {
			wb, l := compiler.ReadWorkbook("fuzz.xlsx", data, fuzzLimits)
			if wb == nil && l.Errors() == 0 {
				t.Fatalf("no workbook and no error")
			}
			checkPositions(t, l, "fuzz.xlsx")
			if wb == nil {
				return
			}
			var out strings.Builder
			if err := compiler.Dump(&out, wb); err != nil {
				t.Fatalf("Dump: %v", err)
			}
			_, cl := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
			checkPositions(t, cl, "fuzz.xlsx")
		})
	})
}

// FuzzCompileCells: whatever a designer types into the cells of a valid
// workbook, compiling never panics, and every diagnostic points at a cell
// of the workbook with a caret inside the cell's text.
func FuzzCompileCells(f *testing.F) {
	f.Add("3", "town, wilds", "fire, water", "gain(1); draw()", "hero.power > 2", "Fire, trap", "5+ vs Fire in Water", "add")
	f.Add("x", "nowhere", "ice,, fire", "gian(", "hero.power", "Fier", "9+ at", "remove")
	f.Add("", "", "", `goTo("Wilds")`, `has("Fier")`, ",", "5+ vs", "replace")
	f.Add("-1", "The Wilds; Town", ";", "if true { gain(1) }", "1 in [1, 2]", "TRAP ;fire", "6+ in Air vs Trap", "")
	f.Fuzz(func(t *testing.T, power, links, elements, effect, cond, tags, roll, change string) {
		fuzzlimit.Check(t, cellsBudget, func() {
			sheets := with(toyBase(),
				heroes(r("alice", "Alice", power, "town", "", "", elements), r("bob", "Bob", "2", "town")),
				sheet("Places", r("ID", "Name", "Kind", "Links"), r("town", "Town", "town", links), r("wilds", "The Wilds", "wild", "town")),
				sheet("Cards", r("ID", "Name", "Count", "Text", "Effect", "Condition", "Tags", "Roll", "Change"),
					r("spark", "Spark", "1", "x", effect, cond, tags, roll, change), r("pit", "Pit", "1", "y")),
			)
			written := map[string]bool{"Heroes!C2": true, "Places!D2": true, "Heroes!G2": true, "Cards!E2": true,
				"Cards!F2": true, "Cards!G2": true, "Cards!H2": true, "Cards!I2": true}
			// The workbook as ReadWorkbook gives it, without the cost of a
			// file: reading has its own fuzzer.
			wb := rawBook("base.xlsx", sheets)
			cells := map[string]string{}
			for _, sh := range wb.Sheets {
				for i, row := range sh.Rows {
					for j, v := range row {
						cells[(diag.Pos{Sheet: sh.Name, Row: sh.Nums[i], Col: j + 1}).String()] = strings.TrimSpace(v)
					}
				}
			}
			_, cl := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
			checkPositions(t, cl, "base.xlsx")
			for _, d := range cl.Items() {
				if d.Char == 0 {
					continue
				}
				key := d.Pos.Sheet + "!" + d.Pos.Cell()
				text := cells[key]
				if !written[key] {
					t.Fatalf("%s: a caret in a cell the fuzzer did not write", d)
				}
				if d.Source != text {
					t.Fatalf("%s: caret source %q, cell %q", d, d.Source, text)
				}
				if n := utf8.RuneCountInString(text); d.Char > n+1 {
					t.Fatalf("%s: caret at %d in %q (%d characters)", d, d.Char, text, n)
				}
			}
		})
	})
}

// rawBook is what ReadWorkbook returns for the sheets: blank rows left
// out, row numbers kept.
func rawBook(file string, sheets []sheetRows) *compiler.Workbook {
	wb := &compiler.Workbook{File: file}
	for _, s := range sheets {
		rs := &compiler.RawSheet{Name: s.name}
		for i, row := range s.rows {
			if strings.TrimSpace(strings.Join(row, "")) == "" {
				continue
			}
			rs.Rows = append(rs.Rows, row)
			rs.Nums = append(rs.Nums, i+1)
		}
		wb.Sheets = append(wb.Sheets, rs)
	}
	return wb
}

// checkPositions checks every diagnostic names its file, a registered
// code and a message.
func checkPositions(t *testing.T, l *diag.List, file string) {
	t.Helper()
	codes := map[diag.Code]bool{}
	for _, e := range diag.Catalog() {
		codes[e.Code] = true
	}
	for _, d := range l.Items() {
		if d.Pos.File != file && d.Pos.File != "" {
			t.Fatalf("%s: wrong file", d)
		}
		if !codes[d.Code] {
			t.Fatalf("%s: code not registered", d)
		}
		if d.Message == "" {
			t.Fatalf("%s: no message", d)
		}
		if d.Char < 0 {
			t.Fatalf("%s: negative offset", d)
		}
	}
}

// FuzzReadODS: whatever content.xml an .ods holds (or a flat .fods is),
// reading never panics, stays within the limits and gives a workbook or
// an error; what is read compiles without panicking.
func FuzzReadODS(f *testing.F) {
	f.Add([]byte(odsTable("Set", odsRow(odsText("ID"), odsText("Game")), odsRow(odsText("base"), odsText("toy-game")))))
	f.Add([]byte(odsTable("Data", `<table:table-row table:number-rows-repeated="1000000">`+odsText("x")+`</table:table-row>`)))
	f.Add([]byte(odsTable("Data", odsRow(`<table:table-cell table:number-columns-repeated="99999" office:value-type="float" office:value="1e308"/>`))))
	f.Add([]byte(odsTable("Data", odsRow(`<table:table-cell table:number-rows-spanned="9" table:number-columns-spanned="3" table:formula="of:=1"/>`, `<table:covered-table-cell/>`))))
	f.Add([]byte(odsTable("Data", odsRow(odsText(`a<text:s text:c="99999999"/><text:tab/><office:annotation><text:p>n</text:p></office:annotation>`)))))
	f.Add([]byte("<table:table"))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, data := range [][]byte{
			rawODS(t, bytes.NewReader(body)),
			[]byte(strings.Replace(odsHead, "office:document-content", `office:document office:mimetype="application/vnd.oasis.opendocument.spreadsheet"`, 1) + string(body)),
		} {
			fuzzlimit.Check(t, workbookBudget, func() { checkODS(t, data) })
		}
	})
}

// checkODS reads one fuzzed .ods: a workbook or an error, within the
// limits; what is read compiles and dumps.
func checkODS(t *testing.T, data []byte) {
	wb, l := compiler.ReadWorkbook("fuzz.ods", data, fuzzLimits)
	if wb == nil && l.Errors() == 0 {
		t.Fatalf("no workbook and no error")
	}
	checkPositions(t, l, "fuzz.ods")
	if wb == nil {
		return
	}
	for _, sh := range wb.Sheets {
		if len(sh.Rows) > fuzzLimits.Rows {
			t.Fatalf("%d rows kept; the limit is %d", len(sh.Rows), fuzzLimits.Rows)
		}
		for _, row := range sh.Rows {
			if len(row) > fuzzLimits.Columns {
				t.Fatalf("%d columns kept; the limit is %d", len(row), fuzzLimits.Columns)
			}
			for _, c := range row {
				if utf8.RuneCountInString(c) > fuzzLimits.CellChars {
					t.Fatalf("a cell of %d characters kept", utf8.RuneCountInString(c))
				}
			}
		}
	}
	var out strings.Builder
	if err := compiler.Dump(&out, wb); err != nil {
		t.Fatalf("Dump: %v", err)
	}
	_, cl := compiler.Compile(toy, []*compiler.Workbook{wb}, compiler.Options{})
	checkPositions(t, cl, "fuzz.ods")
}
