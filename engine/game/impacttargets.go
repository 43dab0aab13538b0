package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// impactTargets reads what --impact measures: a comma-separated list of
// "all", layers (a set's ID, every card it adds or replaces) and card IDs,
// matched ignoring case. It returns the cards in content order, each
// once; a word that names nothing, or only cards --impact cannot measure
// in this run (Run.Rated), is an error that says what there is.
func (h *harness) impactTargets(sel string) ([]int, error) {
	var layers []string
	for _, row := range h.run.Cards {
		if l := row.Layer(); l != "" && !slices.Contains(layers, l) {
			layers = append(layers, l)
		}
	}
	want := make([]bool, len(h.run.Cards))
	for word := range strings.SplitSeq(sel, ",") {
		word = strings.TrimSpace(word)
		if word == "" {
			return nil, Optionf("--impact %q: an empty name; want all, a layer (%s) or card IDs, separated by commas", sel, strings.Join(layers, ", "))
		}
		named, rated := 0, 0
		for n, row := range h.run.Cards {
			if strings.EqualFold(word, "all") || strings.EqualFold(row.Layer(), word) || strings.EqualFold(row.ID, word) {
				named++
				if h.run.Rated(row) {
					want[n] = true
					rated++
				}
			}
		}
		switch {
		case named == 0:
			if tb, r := findDisabled(h.cardSheets(), word); r != nil {
				if !h.ratesSheet(tb) {
					return nil, Optionf("--impact %s: %s is disabled (%s, Disabled is TRUE), and --impact measures no %s row", sel, r.ID, r.Where(), tb.Name)
				}
				return nil, Optionf("--impact %s: %s", sel, disabledText(r, "measure"))
			}
			if off := h.disabledOf(word); len(off) > 0 {
				more := ""
				if len(off) > 1 {
					more = fmt.Sprintf(" and %d more", len(off)-1)
				}
				return nil, Optionf("--impact %s: the cards layer %s adds are all disabled (%s at %s%s, Disabled is TRUE): set Disabled to FALSE to measure them",
					sel, off[0].Layer(), off[0].ID, off[0].Where(), more)
			}
			ids := append(slices.Clone(layers), "all")
			for _, row := range h.run.Cards {
				ids = append(ids, row.ID)
			}
			for _, tb := range h.cardSheets() {
				for _, row := range tb.Disabled {
					ids = append(ids, row.ID)
				}
			}
			msg := fmt.Sprintf("--impact %s: no layer or card is called %q (layers: %s; or all, or card IDs, separated by commas)", sel, word, strings.Join(layers, ", "))
			if hint := diag.DidYouMean(word, ids); hint != "" {
				msg += "; " + hint
			}
			return nil, Optionf("%s", msg)
		case rated == 0:
			return nil, Optionf("--impact %s: %q names no card this run deals and --impact can measure (a Count of 0, a card of another level, or a deck the report does not rate)", sel, word)
		}
	}
	var targets []int
	for n, ok := range want {
		if ok {
			targets = append(targets, n)
		}
	}
	return targets, nil
}

// cardSheets are the sheets the run's cards come from, in content order.
func (h *harness) cardSheets() []*table.Table {
	var out []*table.Table
	for _, row := range h.run.Cards {
		if tb := row.Table(); tb != nil && !slices.Contains(out, tb) {
			out = append(out, tb)
		}
	}
	return out
}

// ratesSheet says whether --impact measures some card of the sheet in
// this run: whether a disabled row of it, enabled, could be measured.
func (h *harness) ratesSheet(tb *table.Table) bool {
	for _, row := range h.run.Cards {
		if row.Table() == tb && h.run.Rated(row) {
			return true
		}
	}
	return false
}

// disabledOf are a layer's disabled rows of the sheets --impact
// measures, in content order: a layer whose every card is disabled (as
// deckwright init writes one) is not unknown.
func (h *harness) disabledOf(layer string) []*table.Row {
	var out []*table.Row
	for _, tb := range h.cardSheets() {
		if !h.ratesSheet(tb) {
			continue
		}
		for _, row := range tb.Disabled {
			if strings.EqualFold(row.Layer(), layer) {
				out = append(out, row)
			}
		}
	}
	return out
}
