package game

import (
	"reflect"

	"github.com/deckwright/deckwright/engine/table"
)

// Changes lists the rows cur adds to base, replaces (same ID, other
// cells) and removes, sheet by sheet in cur's order and row by row: what
// a comparison reports first. Each names the cell of the row's ID, in
// the build that has the row.
func Changes(base, cur *table.Tables) []Change {
	out := []Change{}
	baseSheets := map[string]*table.Table{}
	for _, s := range base.Sheets {
		baseSheets[s.Key] = s
	}
	seen := map[string]bool{}
	for _, s := range cur.Sheets {
		seen[s.Key] = true
		old := map[string]*table.Row{}
		if b := baseSheets[s.Key]; b != nil {
			for _, r := range b.Rows {
				old[r.ID] = r
			}
		}
		kept := map[string]bool{}
		for _, r := range s.Rows {
			o, ok := old[r.ID]
			kept[r.ID] = true
			switch {
			case !ok:
				out = append(out, change("added", s, r))
			case !reflect.DeepEqual(o.Cells, r.Cells):
				out = append(out, change("replaced", s, r))
			}
		}
		if b := baseSheets[s.Key]; b != nil {
			for _, r := range b.Rows {
				if !kept[r.ID] {
					out = append(out, change("removed", b, r))
				}
			}
		}
	}
	for _, b := range base.Sheets {
		if !seen[b.Key] {
			for _, r := range b.Rows {
				out = append(out, change("removed", b, r))
			}
		}
	}
	return out
}

func change(kind string, s *table.Table, r *table.Row) Change {
	return Change{Kind: kind, Sheet: s.Name, ID: r.ID, Name: r.Str("name"), Where: r.Where()}
}
