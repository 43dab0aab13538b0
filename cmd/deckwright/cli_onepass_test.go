package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
)

// A workbook edited cell by cell, as a designer would, then written as
// .xlsx: the test's way to put one mistake of every kind into a project.

type editBook struct {
	file   string
	sheets []*editSheet
}

type editSheet struct {
	book *editBook
	name string
	rows [][]string // rows[0] is row 1
}

// bundledBook is a bundled set's workbook as cell text, to be edited and
// written as file.
func bundledBook(t *testing.T, game, file string) *editBook {
	t.Helper()
	set, ok := content.BaseOf(game)
	require.True(t, ok)
	data, err := set.Workbook()
	require.NoError(t, err)
	wb, l := compiler.ReadWorkbook(file, data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	b := &editBook{file: file}
	for _, rs := range wb.Sheets {
		s := &editSheet{book: b, name: rs.Name}
		for i, row := range rs.Rows {
			for len(s.rows) < rs.Nums[i]-1 {
				s.rows = append(s.rows, nil)
			}
			s.rows = append(s.rows, append([]string(nil), row...))
		}
		b.sheets = append(b.sheets, s)
	}
	return b
}

// newBook is a workbook with a Set sheet naming the set.
func newBook(file, id, game, requires string) *editBook {
	b := &editBook{file: file}
	b.add("Set", []string{"ID", "Name", "Game", "Requires"}).rows = append(b.sheet("Set").rows, []string{id, id, game, requires})
	return b
}

func (b *editBook) add(name string, header []string) *editSheet {
	s := &editSheet{book: b, name: name, rows: [][]string{header}}
	b.sheets = append(b.sheets, s)
	return s
}

func (b *editBook) sheet(name string) *editSheet {
	for _, s := range b.sheets {
		if s.name == name {
			return s
		}
	}
	panic("no sheet " + name)
}

func (b *editBook) drop(name string) {
	for i, s := range b.sheets {
		if s.name == name {
			b.sheets = append(b.sheets[:i], b.sheets[i+1:]...)
			return
		}
	}
	panic("no sheet " + name)
}

func (s *editSheet) col(name string) int {
	for i, h := range s.rows[0] {
		if diag.Fold(h) == diag.Fold(name) {
			return i + 1
		}
	}
	panic(fmt.Sprintf("%s has no column %q", s.name, name))
}

func (s *editSheet) row(id string) int {
	for i, r := range s.rows {
		if i > 0 && len(r) > 0 && r[0] == id {
			return i + 1
		}
	}
	panic(fmt.Sprintf("%s has no row %q", s.name, id))
}

// at names a cell as diagnostics do: "file:Sheet!C7"; col "" names the
// sheet, row 0 too.
func (s *editSheet) at(row int, col string) string {
	if row == 0 {
		return s.book.file + ":" + s.name
	}
	return fmt.Sprintf("%s:%s!%s%d", s.book.file, s.name, diag.ColumnName(s.col(col)), row)
}

func (s *editSheet) put(row, col int, v string) {
	for len(s.rows) < row {
		s.rows = append(s.rows, nil)
	}
	for len(s.rows[row-1]) < col {
		s.rows[row-1] = append(s.rows[row-1], "")
	}
	s.rows[row-1][col-1] = v
}

// set writes a cell of the row with the given ID and returns where it is.
func (s *editSheet) set(id, col, v string) string {
	r := s.row(id)
	s.put(r, s.col(col), v)
	return s.at(r, col)
}

// cellOf reads row r's cell in the named column ("" past its end).
func (s *editSheet) cellOf(r []string, col string) string {
	if c := s.col(col); c <= len(r) {
		return r[c-1]
	}
	return ""
}

// get reads a cell of the row with the given ID.
func (s *editSheet) get(id, col string) string {
	r := s.rows[s.row(id)-1]
	if c := s.col(col); c <= len(r) {
		return r[c-1]
	}
	return ""
}

// append adds a row (column name → text) and returns its number.
func (s *editSheet) append(cells map[string]string) int {
	n := len(s.rows) + 1
	for k, v := range cells {
		s.put(n, s.col(k), v)
	}
	return n
}

// copyRow appends a copy of the row with the given ID under a new ID.
func (s *editSheet) copyRow(id, newID string) int {
	row := append([]string(nil), s.rows[s.row(id)-1]...)
	row[0] = newID
	s.rows = append(s.rows, row)
	return len(s.rows)
}

// keep keeps the first n data rows.
func (s *editSheet) keep(n int) { s.rows = s.rows[:n+1] }

// remove deletes the row with the given ID (the rows below move up).
func (s *editSheet) remove(id string) {
	r := s.row(id)
	s.rows = append(s.rows[:r-1], s.rows[r:]...)
}

// write writes the workbook into dir, every cell as text, and returns the
// excelize file for edits text cannot make (formulas, merges); the caller
// saves it.
func (b *editBook) write(t *testing.T, dir string) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range b.sheets {
		if i == 0 {
			require.NoError(t, f.SetSheetName("Sheet1", s.name))
		} else {
			_, err := f.NewSheet(s.name)
			require.NoError(t, err)
		}
		for r, row := range s.rows {
			for c, v := range row {
				if v == "" {
					continue
				}
				cell, err := excelize.CoordinatesToCellName(c+1, r+1)
				require.NoError(t, err)
				require.NoError(t, f.SetCellStr(s.name, cell, v))
			}
		}
	}
	path := filepath.Join(dir, b.file)
	require.NoError(t, f.SaveAs(path))
	return path
}

// edit applies edits text cannot make to a written workbook.
func edit(t *testing.T, path string, fn func(f *excelize.File)) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	fn(f)
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
}

// expect collects the diagnostics a broken project must give: where and
// which code.
type expect map[string]bool

func (e expect) add(at, code string) { e[at+" "+code] = true }

// hostileFiles writes, beside a project's workbooks, files no reader can
// open, one per kind: each must be reported, and the rest still built.
func hostileFiles(t *testing.T, dir string, want expect) {
	t.Helper()
	write := func(name string, data []byte, code diag.Code) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
		want.add(name, string(code))
	}
	write("a-csv.xlsx", []byte("ID,Name\nx,X\n"), compiler.CodeNotXLSX)
	write("a-old.xlsx", append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 512)...), compiler.CodeOldXLS)
	f := excelize.NewFile()
	require.NoError(t, f.SetCellStr("Sheet1", "A1", "secret"))
	var locked bytes.Buffer
	require.NoError(t, f.Write(&locked, excelize.Options{Password: "pw"}))
	write("a-locked.xlsx", locked.Bytes(), compiler.CodeEncrypted)
	good, err := os.ReadFile(filepath.Join(dir, "base.xlsx"))
	require.NoError(t, err)
	write("a-cut.xlsx", good[:len(good)/2], compiler.CodeDamaged)
	// A zip whose directory claims a part of a terabyte.
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Store, UncompressedSize64: 1 << 40, CompressedSize64: 4})
	require.NoError(t, err)
	_, err = w.Write([]byte("    "))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	write("a-bomb.xlsx", bomb.Bytes(), compiler.CodeTooLarge)
}

// validateAll runs one validate of dir and compares every diagnostic's
// position and code with want: all of them, and nothing else (no problem
// reported twice, no cascade).
func validateAll(t *testing.T, dir string, want expect) jsonDiagnostics {
	t.Helper()
	r := dw(t, "validate", dir, "--format", "json", "--max-per-sheet", "0")
	requireExit(t, exitContent, r)
	d := decodeDiagnostics(t, r.stdout)
	got := expect{}
	var lines []string
	for _, x := range d.Diagnostics {
		at := x.File
		if x.Sheet != "" {
			at += ":" + x.Sheet
			if x.Cell != "" {
				at += "!" + x.Cell
			}
		}
		got.add(at, x.Code)
		lines = append(lines, fmt.Sprintf("%s %s: %s", at, x.Code, x.Message))
	}
	var missing, extra []string
	for k := range want {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	assert.Empty(t, missing, "expected, not reported")
	assert.Empty(t, extra, "reported, not expected (a cascade?)\n%s", strings.Join(lines, "\n"))
	assert.Len(t, d.Diagnostics, len(want), "each problem once\n%s", strings.Join(lines, "\n"))
	return d
}

// codesCovered checks that a test's expected diagnostics use every code
// of the given prefixes, but the listed ones.
func codesCovered(t *testing.T, want expect, prefixes []string, except map[string]string) {
	t.Helper()
	have := map[string]bool{}
	for k := range want {
		have[k[strings.LastIndexByte(k, ' ')+1:]] = true
	}
	var missing []string
	for _, e := range diag.Catalog() {
		code := string(e.Code)
		for _, p := range prefixes {
			if strings.HasPrefix(code, p) && !have[code] && except[code] == "" {
				missing = append(missing, code)
			}
		}
	}
	assert.Empty(t, missing, "every code a content mistake can produce is in the one-pass test")
}

// Codes no content mistake in a project folder can give: the cap on
// diagnostics, and paths that are the command line's fault (exit 2).
var notContentMistakes = map[string]string{
	"DW0001": "the cap on diagnostics per sheet",
	"DW0101": "a path that cannot be read: a usage error",
	"DW0112": "a folder without workbooks: a usage error",
	"DW0113": "engine tables (tables.json) edited by hand: not a workbook",
}

// TestValidateEveryMistakeInOnePass breaks a Fortune and Glory project
// with one mistake of every kind the compiler and the game know, and
// checks one validate reports each at its cell, and nothing twice.
func TestValidateEveryMistakeInOnePass(t *testing.T) {
	dir := t.TempDir()
	want := expect{}
	const game = "fortune-and-glory"
	base := bundledBook(t, game, "base.xlsx")
	exp := newBook("exp.xlsx", "exp", game, "fng-base")

	// Sheets and headers.
	base.drop("Outposts")
	want.add("base.xlsx", "DW0202")
	exp.add("Dangres", []string{"ID", "Name"})
	want.add("exp.xlsx:Dangres", "DW0201")
	heroes := exp.add("Heroes", []string{"ID", "Name", "Start City", "Combat", "Agility", "Cunning", "Lore", "Wounds", "Nickname"})
	want.add(heroes.at(1, "Nickname"), "DW0205")
	gear := exp.add("Gear", []string{"ID", "Count", "Text"}) // no Name column
	gear.append(map[string]string{"ID": "rope", "Count": "1", "Text": "A rope."})
	want.add(gear.at(0, ""), "DW0206")
	allies := exp.add("Allies", []string{"ID", "Name", "Loyalty", "Loyalty"})
	allies.append(map[string]string{"ID": "sherpa", "Name": "Sherpa", "Loyalty": "3"})
	want.add(fmt.Sprintf("exp.xlsx:Allies!D1"), "DW0207")
	noHeader := exp.add("Locations", nil)
	noHeader.rows = [][]string{nil, {"ID", "Name", "Space", "City"}}
	want.add(noHeader.at(0, ""), "DW0208")

	// Cells.
	h := base.sheet("Heroes")
	want.add(h.set("jake-zane", "Combat", ""), "DW0301")
	want.add(h.set("li-mei-chen", "Start City", "alaska"), "DW1020") // a land space
	en := base.sheet("Enemies")
	adv := base.sheet("Adventures")
	want.add(adv.set(adv.rows[1][0], "Dangers", "two"), "DW0302")
	vl := base.sheet("Villains")
	want.add(vl.set("herr-teufel", "Search", "12"), "DW0303")
	ar := base.sheet("Artifacts")
	want.add(ar.set("the-city", "Temple", "maybe"), "DW0304")
	ev := base.sheet("Events")
	want.add(ev.set("stroke-of-luck", "Timing", "immediatly"), "DW0305")
	want.add(ev.set("mislabelled-crate", "ID", "Mislabelled Crate"), "DW0306")
	dg := base.sheet("Dangers")
	want.add(dg.set("boat-chase-falls", "Test", "Agility 4+ x"), "DW0307")

	// References and expressions.
	al := base.sheet("Allies")
	immobile := ""
	for _, r := range al.rows[1:] {
		if al.cellOf(r, "Location") != "" {
			immobile = r[0]
			break
		}
	}
	require.NotEmpty(t, immobile)
	want.add(al.set(immobile, "Location", "cairro"), "DW0401")
	want.add(dg.set("boat-chase-rammed", "Cliffhanger Test", "Fight Mobstrs"), "DW0402")
	want.add(ev.set(ev.rows[3][0], "Effect", "gainGlory(2"), "DW0411")
	want.add(ev.set(ev.rows[4][0], "Effect", `placeVillain("any")`), "DW0412")
	// A control character reaches a workbook's XML as an _xHHHH_ escape.
	want.add(ev.set(ev.rows[5][0], "Text", "Pasted from a terminal_x001B_[0m."), "DW0308")

	// Rows many cards refer to, broken: what refers to them is not
	// reported again (the test fails on any diagnostic it does not expect).
	kw := base.sheet("Keywords")
	want.add(kw.set("fire", "Icon", "flme"), "DW0305")
	want.add(kw.set("trap", "ID", ""), "DW0301") // a row without ID, still found by its name

	// Layers.
	exd := exp.add("Dangers", append([]string(nil), dg.rows[0]...))
	exd.rows = append(exd.rows, append([]string(nil), dg.rows[5]...), append([]string(nil), dg.rows[5]...))
	exd.rows[1][0], exd.rows[2][0] = "avalanche-again", "avalanche-again"
	exd.put(2, exd.col("Name"), "Avalanche Again")
	exd.put(3, exd.col("Name"), "Avalanche Again")
	want.add(exd.at(3, "ID"), "DW0501")
	exd.rows = append(exd.rows, append([]string(nil), dg.rows[6]...)) // an ID of the base, without Change
	want.add(exd.at(4, "ID"), "DW0502")
	exe := exp.add("Events", []string{"ID", "Name", "Change"})
	exe.append(map[string]string{"ID": "stroke-of-lcuk", "Name": "Stroke of Luck", "Change": "remove"})
	want.add(exe.at(2, "ID"), "DW0503")
	want.add(base.sheet("Gear").set("tommy-gun", "Change", "replace"), "DW0506")
	ex := exp.add("City", append([]string(nil), base.sheet("City").rows[0]...))
	ex.rows = append(ex.rows, append([]string(nil), base.sheet("City").rows[1]...))
	ex.rows[1][0] = "london" // a Spaces ID
	want.add(ex.at(2, "ID"), "DW0507")
	ex.rows = append(ex.rows, append([]string(nil), base.sheet("City").rows[2]...))
	ex.rows[2][0] = "silent-card"
	ex.put(3, ex.col("Text"), "")
	want.add(ex.at(3, "Text"), "DW0901")

	// Lints.
	sp := base.sheet("Spaces")
	want.add(sp.set("canada", "Name", "Alaska"), "DW0902")
	ve := base.sheet("Villain Events")
	for _, r := range ve.rows[1:] {
		ve.set(r[0], "Count", "0")
	}
	want.add("base.xlsx:Villain Events", "DW0903")

	// The game's own checks.
	ru := base.sheet("Rules")
	ru.remove("ally-cost")
	want.add("base.xlsx:Rules", "DW1002")
	ru.append(map[string]string{"ID": "fortune-to-lose", "Name": "Fortune to lose", "Value": "3"})
	want.add(ru.at(len(ru.rows), "ID"), "DW1001")
	want.add(ru.set("gear-limit", "Value", "21"), "DW1003")
	vc := base.sheet("Victory")
	row := vc.copyRow("players-3", "players-3b")
	vc.put(row, vc.col("Name"), "3 heroes again")
	want.add(vc.at(row, "Players"), "DW1004")
	adj := strings.Split(sp.get("alaska", "Adjacent"), ", ")
	want.add(sp.set("alaska", "Adjacent", strings.Join(append(adj, "sahara"), ", ")), "DW1010")
	isle := sp.append(map[string]string{"ID": "atlantis", "Name": "Atlantis", "Type": "land", "Adjacent": "lemuria"})
	sp.append(map[string]string{"ID": "lemuria", "Name": "Lemuria", "Type": "land", "Adjacent": "atlantis"})
	want.add(sp.at(isle, "Adjacent"), "DW1011")
	var sea string
	for _, r := range sp.rows[1:] {
		if sp.cellOf(r, "Type") == "sea" {
			sea = r[0]
			break
		}
	}
	want.add(sp.set(sea, "Cost", ""), "DW1012")
	sp.set("sahara", "Pacific Crossing", "TRUE")
	want.add("base.xlsx:Spaces", "DW1013")
	lo := base.sheet("Locations")
	want.add(lo.set("loc-alaska", "Space", "london"), "DW1021")
	lo.keep(6) // too few to place the artifacts
	want.add("base.xlsx:Locations", "DW1037")
	ta := base.sheet("Tactics")
	ta.remove("nazi-tactic-reinforcements") // no result for a roll of 1
	want.add(base.sheet("Organizations").at(base.sheet("Organizations").row("nazi"), "ID"), "DW1030")
	kw.append(map[string]string{"ID": "clockwork", "Name": "Clockwork"})
	want.add(kw.at(len(kw.rows), "ID"), "DW1031")
	want.add(base.sheet("Gear").set("trusty-revolver", "Timing", "test"), "")
	delete(want, base.sheet("Gear").at(base.sheet("Gear").row("trusty-revolver"), "Timing")+" ")
	base.sheet("Gear").set("trusty-revolver", "Effect", "addMove(1)")
	want.add(base.sheet("Gear").at(base.sheet("Gear").row("trusty-revolver"), "Effect"), "DW1032")
	want.add(ar.set("the-mine", "Escape", ""), "DW1033")
	var nazis []string
	for _, r := range en.rows[1:] {
		if en.cellOf(r, "Deck") == "nazi-enemies" {
			nazis = append(nazis, r[0])
		}
	}
	for _, id := range nazis {
		en.set(id, "Deck", "enemies")
	}
	want.add("base.xlsx:Enemies", "DW1034")
	want.add(base.sheet("Organizations").set("mob", "Henchman", "river-crocodile"), "DW1035")
	want.add(adv.set(adv.rows[2][0], "Final Fight", "Agility 5+ x2"), "DW1038")
	ci := base.sheet("Common Items")
	want.add(ci.set("map", "Keywords", "Book, Gear"), "DW1036")

	// Reading: what a spreadsheet can hold that content cannot.
	want.add(dg.set(dg.rows[7][0], "Text", strings.Repeat("x", 8001)), "DW0108")
	scratch := exp.add("_Scratch", []string{"notes"})
	scratch.put(20001, 1, "far down")
	want.add("exp.xlsx:_Scratch", "DW0107")

	basePath := base.write(t, dir)
	edit(t, basePath, func(f *excelize.File) {
		// A formula without a saved result, merged cells, a value far right.
		row := dg.row(dg.rows[8][0])
		cell, _ := excelize.CoordinatesToCellName(dg.col("Flavor"), row)
		require.NoError(t, f.SetCellFormula("Dangers", cell, `"A"&"B"`))
		want.add(dg.at(row, "Flavor"), "DW0109")
		a, _ := excelize.CoordinatesToCellName(dg.col("Flavor"), row+1)
		b, _ := excelize.CoordinatesToCellName(dg.col("Flavor"), row+2)
		require.NoError(t, f.MergeCell("Dangers", a, b))
		want.add(dg.at(row+1, "Flavor"), "DW0110")
		require.NoError(t, f.SetCellStr("Dangers", fmt.Sprintf("GS%d", row+3), "stray"))
		want.add(fmt.Sprintf("base.xlsx:Dangers!GS%d", row+3), "DW0111")
	})
	exp.write(t, dir)

	// Workbooks that do not fit the build, and files no reader opens.
	other := &editBook{file: "zz-notes.xlsx"}
	other.add("Scratch", []string{"anything"})
	other.write(t, dir)
	want.add("zz-notes.xlsx", "DW0203")
	newBook("zz-other-game.xlsx", "other-game", "fallen-land", "").write(t, dir)
	want.add("zz-other-game.xlsx:Set!C2", "DW0204")
	newBook("zz-orphan.xlsx", "orphan", game, "no-such-set").write(t, dir)
	want.add("zz-orphan.xlsx:Set!2", "DW0504")
	newBook("zz-copy.xlsx", "exp", game, "fng-base").write(t, dir)
	want.add("zz-copy.xlsx:Set!2", "DW0505")
	// A card hidden in the spreadsheet, not Disabled: still read.
	hidden, err := excelize.OpenFile(filepath.Join(dir, "base.xlsx"))
	require.NoError(t, err)
	require.NoError(t, hidden.SetRowVisible("Gear", 2, false))
	require.NoError(t, hidden.Save())
	require.NoError(t, hidden.Close())
	want.add("base.xlsx:Gear!A2", "DW0209")
	hostileFiles(t, dir, want)

	validateAll(t, dir, want)
	codesCovered(t, want, []string{"DW0", "DW1"}, notContentMistakes)
}

// TestValidateEveryFallenLandMistakeInOnePass: the same for Fallen Land,
// its own checks beside errors the compiler finds.
func TestValidateEveryFallenLandMistakeInOnePass(t *testing.T) {
	dir := t.TempDir()
	want := expect{}
	base := bundledBook(t, "fallen-land", "base.xlsx")

	// A few of the compiler's mistakes, so the game's checks run beside them.
	ch := base.sheet("Characters")
	want.add(ch.set("rosa-delgado", "Health", "lots"), "DW0302")
	sp := base.sheet("Spoils")
	want.add(sp.set("machete", "Categories", "Melee Weapon, Machete"), "DW0401")
	ac := base.sheet("Actions")
	want.add(ac.set("caravan-rumor", "Effect", "gainSalvage(3"), "DW0411")

	// The game's own checks.
	ru := base.sheet("Rules")
	ru.remove("victory-prestige")
	want.add("base.xlsx:Rules", "DW2002")
	want.add(ru.at(ru.append(map[string]string{"ID": "victory-salvage", "Name": "Victory salvage", "Value": "100"}), "ID"), "DW2001")
	rule := ru.rows[1][0]
	want.add(ru.set(rule, "Value", "1000"), "DW2003")
	te := base.sheet("Town Events")
	want.add(te.set("event-3", "From", "2"), "DW2010")
	tc := base.sheet("Technologies")
	want.add(tc.set("water-and-supplies", "Number", "1"), "DW2014")

	hx := base.sheet("Hexes")
	clash := hx.append(map[string]string{"ID": "hex-clash", "Name": "Clash", "Q": "90", "R": "-90", "Terrains": "water", "Random Number": hx.get("hex-00-00", "Random Number")})
	want.add(hx.at(clash, "Random Number"), "DW2020")
	var numbered, resource []string
	for _, r := range hx.rows[1:] {
		if hx.cellOf(r, "Random Number") != "" && hx.cellOf(r, "Feature") == "none" {
			numbered = append(numbered, r[0])
		}
		if hx.cellOf(r, "Feature") == "resource" {
			resource = append(resource, r[0])
		}
	}
	hx.set(numbered[1], "Random Number", "") // a number no hex has
	want.add("base.xlsx:Hexes", "DW2021")
	moved := hx.get(numbered[2], "Random Number")
	hx.set(numbered[2], "Random Number", "")
	want.add(hx.set("hex-01-08", "Random Number", moved), "DW2025") // a Random Location on Water
	want.add(hx.set(resource[0], "Feature", "town"), "DW2022")      // a town no Faction starts in …
	want.add("base.xlsx:Hexes", "DW2026")                           // … so the map has 13 towns
	want.add(hx.set("hex-01-09", "Feature", "resource"), "DW2023")
	island := hx.append(map[string]string{"ID": "hex-isle-a", "Name": "Isle A", "Q": "90", "R": "90", "Terrains": "plains"})
	hx.append(map[string]string{"ID": "hex-isle-b", "Name": "Isle B", "Q": "91", "R": "90", "Terrains": "plains"})
	want.add(hx.at(island, "Q"), "DW2024")

	fa := base.sheet("Factions")
	want.add(fa.set("kettle-ridge-miners", "Number", "1"), "DW2030")
	pk := base.sheet("Perks")
	pk.remove("ashford-grange-1")
	want.add(fa.at(fa.row("ashford-grange"), "ID"), "DW2031")

	want.add(ch.set("abel-kane", "Combat", "9"), "DW2040")
	want.add(ch.set("abel-kane", "Master Skill", "combat"), "DW2041")
	want.add(ch.set(ch.rows[3][0], "Link", "Chainsaw Sword"), "DW2042")
	sp.set("signed-bat", "Vehicle Capacity", "2")
	want.add(sp.at(sp.row("signed-bat"), "Vehicle Skills"), "DW2043")
	ca := base.sheet("Categories")
	want.add(ca.at(ca.append(map[string]string{"ID": "heirloom", "Name": "Heirloom", "Applies To": "spoils", "Rule": "none"}), "ID"), "DW2044")
	want.add(ac.set("early-start", "Hire Cost", "3"), "DW2050")
	en := base.sheet("Encounters")
	want.add(en.set("feral-dogs", "Alt Success", "gainSalvage(1)"), "DW2051")
	want.add(ch.set("abel-kane", "Effect", "addMove(1)"), "DW2052")
	for _, r := range en.rows[1:] {
		if en.cellOf(r, "Deck") == "cityrad" {
			en.set(r[0], "Deck", "mountain")
		}
	}
	want.add("base.xlsx:Encounters", "DW2053")

	base.write(t, dir)
	validateAll(t, dir, want)
	codesCovered(t, want, []string{"DW2"}, nil)
}
