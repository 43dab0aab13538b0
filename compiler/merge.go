package compiler

import (
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// mergedSheet is a sheet's rows across layers, in first-added order.
type mergedSheet struct {
	table  *table.Table
	order  []*crow // nil entries are removed rows
	index  map[string]*crow
	slot   map[string]int
	ghosts []*crow // rows an error kept out of the sheet, still checked
}

// merge applies one layer's rows: add new IDs, replace or remove earlier
// ones when the row says so. An accidental clash is an error naming both
// cells. A row an error keeps out becomes a ghost: its cells are still
// checked, and references to it are not reported again.
func (c *compiler) merge(ms *mergedSheet, rows []*crow, base bool) {
	if ms.slot == nil {
		ms.slot = map[string]int{}
	}
	inLayer := map[string]*crow{}
	for _, r := range rows {
		id := r.row.ID
		if r.ghost {
			ms.ghosts = append(ms.ghosts, r)
			continue
		}
		if prev, dup := inLayer[id]; dup {
			c.diags.Add(diag.Errorf(r.row.Pos(table.ColID), CodeDupID, "ID %q is already used in %s", id, prev.row.Pos(table.ColID)).
				WithHint("IDs must be unique; rename one of them"))
			r.ghost = true
			ms.ghosts = append(ms.ghosts, r)
			continue
		}
		inLayer[id] = r
		earlier, exists := ms.index[id]
		change := r.change
		if change == "" {
			change = "add"
		}
		if base && change != "add" {
			c.diags.Add(diag.Errorf(r.row.Pos(table.ColChange), CodeBaseChange, "a base set row cannot %s: there is no earlier layer", change).
				WithHint("clear the Change cell"))
			if change == "remove" {
				r.ghost = true
				ms.ghosts = append(ms.ghosts, r)
				continue
			}
			change = "add" // the rest of the row is checked as content
		}
		switch change {
		case "add":
			if exists {
				c.diags.Add(diag.Errorf(r.row.Pos(table.ColID), CodeIDClash, "ID %q is already defined in %s", id, earlier.row.Pos(table.ColID)).
					WithHint("to change that row set Change to replace; to add a new one, choose another ID"))
				r.ghost = true
				ms.ghosts = append(ms.ghosts, r)
				continue
			}
			ms.add(r)
		case "replace", "remove":
			if !exists {
				c.diags.Add(diag.Errorf(r.row.Pos(table.ColID), CodeChangeUnknown, "cannot %s %q: no earlier layer defines it", change, id).
					WithHint(diag.DidYouMean(id, keys(ms.index))))
				if change == "replace" {
					ms.add(r) // checked as the new row it would be
				}
				continue
			}
			if change == "remove" {
				ms.order[ms.slot[id]] = nil
				delete(ms.index, id)
				delete(ms.slot, id)
				continue
			}
			ms.index[id] = r
			ms.order[ms.slot[id]] = r
		}
	}
}

func (ms *mergedSheet) add(r *crow) {
	ms.index[r.row.ID] = r
	ms.slot[r.row.ID] = len(ms.order)
	ms.order = append(ms.order, r)
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
