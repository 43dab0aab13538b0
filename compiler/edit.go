package compiler

import (
	"maps"
	"slices"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// A CellEdit is a value typed into one cell of a compiled row: the row of
// sheet Sheet (a key) with ID ID, in column Column (a key).
type CellEdit struct {
	Sheet, ID, Column string
	Text              string // as a designer would type it
}

// Edit compiles tables again with cells changed, as if a designer had
// typed each edit's text into the row's cell in its workbook (the cell of
// the layer the row comes from) and rebuilt: the value passes the same
// checks as any cell — type, range, the game's rules — and everything
// derived from it (effects, decks, references) is compiled from it. A
// problem is reported at the cell; a column the row's sheet lacks in its
// workbook is placed after the sheet's last column. The tables given are
// not changed. Edits of rows the tables do not hold are left out: the
// caller resolves its addresses first. The tables are for playing, not
// writing: their content hash is left blank (Encode computes it).
func Edit(mod game.Module, t *table.Tables, edits []CellEdit) (*table.Tables, *diag.List) {
	clone := *t
	clone.Sheets = slices.Clone(t.Sheets)
	for i, tb := range clone.Sheets {
		var mine []CellEdit
		for _, e := range edits {
			if e.Sheet == tb.Key {
				mine = append(mine, e)
			}
		}
		if len(mine) > 0 {
			clone.Sheets[i] = editTable(tb, mine)
		}
	}
	file := ""
	if len(t.Layers) > 0 {
		file = t.Layers[0].File
	}
	return recheck(mod, &clone, file, DefaultLimits, Options{noHash: true})
}

// editTable is a copy of tb with the edits made, sharing what they leave
// alone.
func editTable(tb *table.Table, edits []CellEdit) *table.Table {
	out := *tb
	out.Sources = slices.Clone(tb.Sources)
	out.Rows = slices.Clone(tb.Rows)
	copied := map[int]bool{} // sources copied already
	for _, e := range edits {
		i := slices.IndexFunc(out.Rows, func(r *table.Row) bool { return r != nil && r.ID == e.ID })
		if i < 0 {
			continue
		}
		row := *out.Rows[i]
		row.Cells = maps.Clone(row.Cells)
		row.Cells[e.Column] = e.Text
		out.Rows[i] = &row
		s := row.Src.Source
		if s < 0 || s >= len(out.Sources) || out.Sources[s] == nil {
			continue // Recheck reports it
		}
		if !copied[s] {
			src := *out.Sources[s]
			src.Columns = maps.Clone(src.Columns)
			out.Sources[s], copied[s] = &src, true
		}
		if src := out.Sources[s]; src.Columns[e.Column] == "" {
			src.Columns[e.Column] = diag.ColumnName(lastColumn(src.Columns) + 1)
		}
	}
	return &out
}

// lastColumn is the number of a sheet's rightmost column (A is 1).
func lastColumn(cols map[string]string) int {
	n := 0
	for _, letters := range cols {
		n = max(n, columnNumber(letters))
	}
	return n
}
