package compiler_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// sheetRows is a sheet written from compact literals: rows[0] is row 1.
type sheetRows struct {
	name string
	rows [][]string
}

func sheet(name string, rows ...[]string) sheetRows { return sheetRows{name: name, rows: rows} }

// r is one row of cells.
func r(cells ...string) []string { return cells }

// book is a workbook to write: a file name and its sheets.
type book struct {
	file   string
	sheets []sheetRows
}

// setSheet is a Set sheet naming a toy set.
func setSheet(id, requires string) sheetRows {
	return sheet("Set", r("ID", "Name", "Game", "Requires"), r(id, strings.ToUpper(id[:1])+id[1:], toyGame, requires))
}

// toyBase is a clean base set: it compiles without a single diagnostic.
func toyBase() []sheetRows {
	return []sheetRows{
		setSheet("base", ""),
		sheet("Heroes",
			r("ID", "Name", "Power", "Home", "Brave", "Class", "Elements"),
			r("alice", "Alice", "3", "town", "TRUE", "mage", "fire, water"),
			r("bob", "Bob", "4", "Town", "no", "", "")),
		sheet("Places",
			r("ID", "Name", "Kind", "Links"),
			r("town", "Town", "town", "wilds"),
			r("wilds", "The Wilds", "wild", "town")),
		sheet("Keywords",
			r("ID", "Name"),
			r("fire", "Fire"),
			r("trap", "Trap")),
		sheet("Cards",
			r("ID", "Name", "Count", "Text", "Effect", "Condition", "Tags", "Roll"),
			r("spark", "Spark", "2", "Gain 1.", "gain(1)", "hero.power > 2", "Fire", "5+ vs Fire"),
			r("pit", "Pit", "1", "A trap.", "draw()", "", "trap", "")),
	}
}

// with replaces the sheets of the same name (or adds them) and drops the
// sheets named in drop.
func with(base []sheetRows, over ...sheetRows) []sheetRows {
	out := append([]sheetRows{}, base...)
	for _, o := range over {
		found := false
		for i := range out {
			if out[i].name == o.name {
				out[i], found = o, true
			}
		}
		if !found {
			out = append(out, o)
		}
	}
	return out
}

func without(base []sheetRows, names ...string) []sheetRows {
	var out []sheetRows
	for _, s := range base {
		if !contains(names, s.name) {
			out = append(out, s)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// xlsx writes sheets to .xlsx bytes with excelize: every cell as text.
func xlsx(t testing.TB, sheets ...sheetRows) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range sheets {
		if i == 0 {
			require.NoError(t, f.SetSheetName("Sheet1", s.name))
		} else {
			_, err := f.NewSheet(s.name)
			require.NoError(t, err)
		}
		for ri, row := range s.rows {
			for ci, v := range row {
				if v == "" {
					continue
				}
				cell, err := excelize.CoordinatesToCellName(ci+1, ri+1)
				require.NoError(t, err)
				require.NoError(t, f.SetCellStr(s.name, cell, v))
			}
		}
	}
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	return buf.Bytes()
}

// read reads workbook bytes with the default limits.
func read(t testing.TB, file string, data []byte) (*compiler.Workbook, *diag.List) {
	t.Helper()
	return compiler.ReadWorkbook(file, data, compiler.DefaultLimits)
}

// compileBooks writes, reads and compiles workbooks with the toy module.
// Reading must be clean: the diagnostics are the compiler's.
func compileBooks(t testing.TB, opt compiler.Options, books ...book) (*table.Tables, *diag.List) {
	t.Helper()
	var wbs []*compiler.Workbook
	for _, b := range books {
		wb, l := read(t, b.file, xlsx(t, b.sheets...))
		require.Zero(t, l.Len(), "reading %s: %v", b.file, l.Items())
		require.NotNil(t, wb)
		wbs = append(wbs, wb)
	}
	return compiler.Compile(toy, wbs, opt)
}

// compileBase compiles one base workbook, base.xlsx.
func compileBase(t testing.TB, sheets []sheetRows) (*table.Tables, *diag.List) {
	t.Helper()
	return compileBooks(t, compiler.Options{}, book{"base.xlsx", sheets})
}

// dg is an expected diagnostic in its JSON form. at is "file:Sheet!A1",
// "file:Sheet", "file" or ""; char is the 1-based character inside the
// cell (0: the whole cell), which JSON's deprecated column repeats.
func dg(at string, char int, sev diag.Severity, code diag.Code, msg, hint string) diag.JSONDiagnostic {
	file, rest, _ := strings.Cut(at, ":")
	sheet, cell, _ := strings.Cut(rest, "!")
	return diag.JSONDiagnostic{File: file, Sheet: sheet, Cell: cell, Char: char, Column: char, Severity: sev.String(),
		Code: string(code), Message: msg, Hint: hint}
}

// assertDiags checks the list holds exactly the expected diagnostics, in
// order: cell, character in the cell, severity, code, message and hint.
func assertDiags(t testing.TB, l *diag.List, want ...diag.JSONDiagnostic) {
	t.Helper()
	for _, w := range want {
		covered(diag.Code(w.Code))
	}
	got := diag.Report(l).Diagnostics
	if want == nil {
		want = []diag.JSONDiagnostic{}
	}
	assert.Equal(t, want, got)
}

// Every diagnostic code of the generic compiler must be asserted by at
// least one test: TestMain checks it after a full run.
var (
	coveredMu    sync.Mutex
	coveredCodes = map[diag.Code]bool{}
)

func covered(c diag.Code) {
	coveredMu.Lock()
	coveredCodes[c] = true
	coveredMu.Unlock()
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	full := flag.Lookup("test.run").Value.String() == "" && flag.Lookup("test.skip").Value.String() == "" &&
		flag.Lookup("test.fuzz").Value.String() == "" && flag.Lookup("test.list").Value.String() == ""
	if code == 0 && full {
		var missing []string
		for _, e := range diag.Catalog() {
			if strings.HasPrefix(string(e.Code), "DW0") && !coveredCodes[e.Code] {
				missing = append(missing, string(e.Code))
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: no golden test asserts these compiler codes: %s\n", strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}
