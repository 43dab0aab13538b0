package game

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/table"
)

// findDisabled returns the first row of the sheets that is disabled and
// has the ID id (ignoring case), with its sheet, or nils: a name a
// designer typed that is in their workbook, but left out of the build.
func findDisabled(sheets []*table.Table, id string) (*table.Table, *table.Row) {
	for _, tb := range sheets {
		if tb == nil {
			continue
		}
		if r := tb.FindDisabled(id); r != nil {
			return tb, r
		}
	}
	return nil, nil
}

// disabledText says a row is disabled, at its ID's cell, and what to do
// to use it (verb: "measure", "sweep").
func disabledText(r *table.Row, verb string) string {
	return fmt.Sprintf("%s is disabled (%s, Disabled is TRUE): set Disabled to FALSE to %s it", r.ID, r.Where(), verb)
}
