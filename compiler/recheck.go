package compiler

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// CodeTables is for engine tables that hold what no workbook can: a
// damaged or hand-edited tables.json.
var CodeTables = diag.Register("DW0113", diag.Error, "engine tables (tables.json) hold something no workbook can: damaged or edited by hand")

// Recheck validates engine tables read from a file ('deckwright build'
// output) with every check validate makes. The artifact is a cache, not a
// trust boundary: its hash is a plain SHA-256 anyone can recompute, so its
// values are not trusted. Recheck turns the tables back into the cells
// they came from — each row at its provenance cell, each value as the text
// a designer would type — and compiles them again, so every value passes
// the same typed checks, ranges, references and game rules as a workbook,
// and every problem is reported at the cell it names. file names the
// tables for problems that have no cell.
//
// With gameRules false the game's rules and completeness (a connected map,
// a complete Rules sheet, no empty deck, …) are not checked, only every
// value: for readers that print rows and never play them.
//
// It returns the tables to use, with the values the compiler gives those
// cells and the rows in the file's order, or nil when there are errors.
func Recheck(mod game.Module, t *table.Tables, file string, lim Limits, gameRules bool) (*table.Tables, *diag.List) {
	return recheck(mod, t, file, lim, Options{ValuesOnly: !gameRules})
}

// recheck is Recheck with the compiler's options: without a hash for
// Edit's variants.
func recheck(mod game.Module, t *table.Tables, file string, lim Limits, opt Options) (*table.Tables, *diag.List) {
	r := &rechecker{schema: mod.Schema(), file: file, lim: lim, diags: &diag.List{}}
	wbs := r.workbooks(t)
	if r.diags.Errors() > 0 {
		r.diags.Sort()
		return nil, r.diags
	}
	out, l := Compile(mod, wbs, opt)
	r.diags.Append(l)
	r.diags.Sort()
	if out == nil {
		return nil, r.diags
	}
	// The file's row order (a replaced row keeps its place in the deck).
	for _, tb := range out.Sheets {
		old := t.Table(tb.Key)
		if old == nil {
			continue
		}
		rank := make(map[string]int, len(old.Rows))
		for i, row := range old.Rows {
			rank[row.ID] = i
		}
		slices.SortStableFunc(tb.Rows, func(a, b *table.Row) int { return rank[a.ID] - rank[b.ID] })
	}
	if opt.noHash {
		return out, r.diags
	}
	if err := out.ComputeHash(); err != nil {
		r.diags.Errorf(diag.Pos{File: file}, CodeTables, "cannot encode the tables: %v", err)
		return nil, r.diags
	}
	return out, r.diags
}

type rechecker struct {
	schema *table.Schema
	file   string
	lim    Limits
	diags  *diag.List
}

func (r *rechecker) errorf(pos diag.Pos, format string, args ...any) {
	if pos.File == "" {
		pos = diag.Pos{File: r.file}
	}
	r.diags.Add(diag.Errorf(pos, CodeTables, format, args...).WithHint("rebuild the tables from the workbooks with deckwright build"))
}

var letters = regexp.MustCompile(`^[A-Z]{1,3}$`)

// workbooks rebuilds the workbooks the tables were compiled from, with
// only the cells the tables kept, each at its place.
func (r *rechecker) workbooks(t *table.Tables) []*Workbook {
	var wbs []*Workbook
	byFile := map[string]*Workbook{}
	layerOf := map[string]string{}
	for _, l := range t.Layers {
		if l.File == "" || l.ID == "" {
			r.errorf(diag.Pos{}, "a layer has no file or no ID")
			continue
		}
		if byFile[l.File] != nil {
			r.errorf(diag.Pos{}, "two layers come from %s", l.File)
			continue
		}
		set := &RawSheet{Name: table.SetSheet.Name, Nums: []int{1, 2}, Rows: [][]string{
			{"ID", "Name", "Game", "Requires", "Version"},
			{l.ID, l.Name, t.Game, l.Requires, l.Version},
		}}
		wb := &Workbook{File: l.File, Sheets: []*RawSheet{set}}
		byFile[l.File] = wb
		layerOf[l.File] = l.ID
		wbs = append(wbs, wb)
	}
	seen := map[string]bool{}
	for _, tb := range t.Sheets {
		sh := r.schema.Sheet(tb.Key)
		if sh == nil || sh.Key() != tb.Key {
			r.errorf(diag.Pos{}, "sheet %q is not part of %s", tb.Key, r.schema.Title)
			continue
		}
		if seen[tb.Key] {
			r.errorf(diag.Pos{}, "sheet %q appears twice", tb.Key)
			continue
		}
		seen[tb.Key] = true
		r.sheet(sh, tb, byFile, layerOf)
	}
	return wbs
}

// sheet adds a table's rows to the rebuilt workbooks, one raw sheet per
// source (a layer's copy of the sheet).
func (r *rechecker) sheet(sh *table.Sheet, tb *table.Table, byFile map[string]*Workbook, layerOf map[string]string) {
	cols := map[string]*table.Column{}
	all := table.AllColumns(sh)
	for i := range all {
		cols[all[i].Key()] = &all[i]
	}
	raws := make([]*RawSheet, len(tb.Sources))
	index := make([]map[string]int, len(tb.Sources)) // column key → 0-based column
	for i, src := range tb.Sources {
		if src == nil {
			r.errorf(diag.Pos{}, "sheet %q: source %d is null", tb.Key, i)
			continue
		}
		at := diag.Pos{File: src.File, Sheet: src.Sheet}
		switch {
		case byFile[src.File] == nil:
			r.errorf(at, "the source of sheet %q names file %q, which is no layer's", tb.Key, src.File)
			continue
		case layerOf[src.File] != src.Layer:
			r.errorf(at, "the source of sheet %q says layer %q, but %s is layer %q", tb.Key, src.Layer, src.File, layerOf[src.File])
			continue
		}
		if s := r.schema.Sheet(src.Sheet); s == nil || s.Key() != tb.Key {
			r.errorf(at, "sheet %q of %s does not hold %s rows", src.Sheet, src.File, sh.Name)
			continue
		}
		if wb := byFile[src.File]; wb.Sheet(src.Sheet) != nil {
			r.errorf(at, "sheet %q of %s is a source twice", src.Sheet, src.File)
			continue
		}
		header := make([]string, 0, 8)
		index[i] = map[string]int{}
		used := map[int]bool{}
		for _, key := range table.SortedKeys(src.Columns) {
			letter := src.Columns[key]
			col, known := cols[key]
			n := columnNumber(letter)
			switch {
			case !known:
				r.errorf(at, "sheet %s has no column %q", sh.Name, key)
				continue
			case !letters.MatchString(letter) || n > r.lim.Columns:
				r.errorf(at, "column %s of sheet %s is at %q, which is not a column deckwright reads", col.Name, sh.Name, letter)
				index[i][key] = -1 // reported: its cells are not reported again
				continue
			case used[n]:
				r.errorf(at, "two columns of sheet %s are both in column %s", sh.Name, letter)
				continue
			}
			used[n] = true
			for len(header) < n {
				header = append(header, "")
			}
			header[n-1] = col.Name
			index[i][key] = n - 1
		}
		raws[i] = &RawSheet{Name: src.Sheet, Rows: [][]string{header}, Nums: []int{1}}
	}
	rowsAt := make([]map[int]bool, len(tb.Sources))
	for _, row := range tb.Rows {
		r.row(sh, tb, row, raws, index, rowsAt)
	}
	for i, raw := range raws {
		if raw == nil {
			continue
		}
		sortRows(raw)
		wb := byFile[tb.Sources[i].File]
		wb.Sheets = append(wb.Sheets, raw)
	}
}

// row places one row's cells, as text, in its source's raw sheet.
func (r *rechecker) row(sh *table.Sheet, tb *table.Table, row *table.Row, raws []*RawSheet, index []map[string]int, rowsAt []map[int]bool) {
	if row == nil {
		r.errorf(diag.Pos{}, "sheet %q has a null row", tb.Key)
		return
	}
	s := row.Src.Source
	switch {
	case s < 0 || s >= len(raws):
		r.errorf(diag.Pos{}, "row %q of sheet %q points at source %d, which the tables do not have", row.ID, tb.Key, s)
		return
	case raws[s] == nil:
		return // its source was reported: its rows are not reported again
	}
	src := tb.Sources[s]
	at := diag.Pos{File: src.File, Sheet: src.Sheet, Row: row.Src.Row}
	switch {
	case row.Src.Row < 2 || row.Src.Row > r.lim.Rows+1:
		r.errorf(diag.Pos{File: src.File, Sheet: src.Sheet}, "row %q of sheet %s is at row %d, which is not a data row deckwright reads", row.ID, sh.Name, row.Src.Row)
		return
	case rowsAt[s][row.Src.Row]:
		r.errorf(at, "two rows of sheet %s are both at row %d", sh.Name, row.Src.Row)
		return
	}
	if rowsAt[s] == nil {
		rowsAt[s] = map[int]bool{}
	}
	rowsAt[s][row.Src.Row] = true
	cells := make([]string, len(raws[s].Rows[0]))
	idAt, ok := index[s][table.Key(table.ColID)]
	switch {
	case !ok:
		r.errorf(at, "sheet %s of %s has no ID column", src.Sheet, src.File)
		return
	case idAt < 0:
		return // its column's place was reported, once, with the sheet
	}
	cells[idAt] = row.ID
	for _, key := range table.SortedKeys(row.Cells) {
		pos := at
		text, ok := cellText(row.Cells[key])
		j, inSheet := index[s][key]
		if j < 0 {
			continue
		}
		if !inSheet {
			// A column the workbook's sheet lacks holds its default.
			if col := columnOf(sh, key); col == nil || !ok || !sameAsDefault(col, text) {
				r.errorf(at, "row %q holds a value for %q, a column its sheet does not have", row.ID, key)
			}
			continue
		}
		pos.Col = j + 1
		switch {
		case !ok:
			r.errorf(pos, "%s holds %s, which no cell can", columnLabel(sh, key), shape(row.Cells[key]))
			continue
		case utf8.RuneCountInString(text) > r.lim.CellChars:
			r.errorf(pos, "%s holds %d characters; the limit is %d", columnLabel(sh, key), utf8.RuneCountInString(text), r.lim.CellChars)
			continue
		case key == "id" && text != row.ID:
			r.errorf(pos, "row %q has ID %q in its cells", row.ID, text)
			continue
		}
		cells[j] = text
	}
	raws[s].Rows = append(raws[s].Rows, cells)
	raws[s].Nums = append(raws[s].Nums, row.Src.Row)
}

// cellText is a value as a designer would type it into its cell: the
// tables hold strings, whole numbers, booleans and lists of strings.
func cellText(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case int:
		return strconv.Itoa(v), true
	case json.Number: // not a whole number: the column's checks say so
		return v.String(), true
	case bool:
		if v {
			return "TRUE", true
		}
		return "FALSE", true
	case []string:
		return strings.Join(v, ", "), true
	}
	return "", false
}

// shape describes a value no cell can hold, for messages: an object, a
// nested list.
func shape(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("a %T", v)
	}
	s := string(data)
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "…"
	}
	return s
}

func columnLabel(sh *table.Sheet, key string) string {
	if c := columnOf(sh, key); c != nil {
		return c.Name
	}
	return key
}

func columnOf(sh *table.Sheet, key string) *table.Column {
	for _, c := range table.AllColumns(sh) {
		if c.Key() == key {
			return &c
		}
	}
	return nil
}

// sameAsDefault says whether text is the column's default value (as the
// compiler fills a blank cell), however the default is spelled.
func sameAsDefault(col *table.Column, text string) bool {
	if text == "" || text == col.Default {
		return true
	}
	switch col.Type.Kind {
	case table.Bool:
		a, ok1 := parseBool(text)
		b, ok2 := parseBool(col.Default)
		return ok1 && ok2 && a == b
	case table.Int:
		a, err1 := parseInt(text)
		b, err2 := parseInt(col.Default)
		return err1 == nil && err2 == nil && a == b
	case table.Enum:
		return diag.Fold(text) == diag.Fold(col.Default)
	}
	return false
}

func columnNumber(letters string) int {
	n := 0
	for _, c := range letters {
		n = n*26 + int(c-'A'+1)
	}
	return n
}

// sortRows puts a raw sheet's rows (after its header) in row order.
func sortRows(raw *RawSheet) {
	idx := make([]int, len(raw.Nums)-1)
	for i := range idx {
		idx[i] = i + 1
	}
	slices.SortFunc(idx, func(a, b int) int { return raw.Nums[a] - raw.Nums[b] })
	rows, nums := [][]string{raw.Rows[0]}, []int{1}
	for _, i := range idx {
		rows = append(rows, raw.Rows[i])
		nums = append(nums, raw.Nums[i])
	}
	raw.Rows, raw.Nums = rows, nums
}
