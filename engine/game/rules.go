package game

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// RuleBounds is what validation needs of a rule constant (a number the
// rulebook fixes that a designer may tune in the Rules sheet).
type RuleBounds struct {
	ID       string
	Min, Max int
	Rulebook int // the rulebook's value
}

// RuleCodes are a module's diagnostic codes for its Rules sheet.
type RuleCodes struct{ Unknown, Range, Missing diag.Code }

// CheckRules checks the "rules" sheet against the constants a module
// reads: each row names one of them, within its bounds, and none is
// missing.
func CheckRules[D interface{ Bounds() RuleBounds }](v *Validation, defs []D, codes RuleCodes) {
	known := map[string]RuleBounds{}
	var ids []string
	for _, d := range defs {
		b := d.Bounds()
		known[b.ID] = b
		ids = append(ids, b.ID)
	}
	have := map[string]bool{}
	for _, r := range v.Tables.Rows("rules") {
		b, ok := known[r.ID]
		if !ok {
			v.Diags.Add(diag.Errorf(r.Pos("ID"), codes.Unknown, "there is no rule constant %q", r.ID).WithHint(diag.DidYouMean(r.ID, ids)))
			continue
		}
		have[r.ID] = true
		if n := r.Int("value"); n < b.Min || n > b.Max {
			v.Errorf(r, "Value", codes.Range, "%s must be between %d and %d, not %d", r.ID, b.Min, b.Max, n)
		}
	}
	var missing []string
	for _, id := range ids {
		if !have[id] {
			missing = append(missing, fmt.Sprintf("%s (rulebook: %d)", id, known[id].Rulebook))
		}
	}
	if len(missing) > 0 && v.Complete("rules") {
		v.Diags.Add(diag.Errorf(TablePos(v.Tables, "rules"), codes.Missing, "the Rules sheet lacks %s", strings.Join(missing, ", ")).
			WithHint("every constant the engine reads must be in the base set's Rules sheet"))
	}
}

// RulesSheet is the sheet of a game's rule constants, which RuleValues
// reads and CheckRules checks: every number the rulebook fixes, one a row.
// more adds to its doc; value and notes are its columns' examples, and row
// a whole row's.
func RulesSheet(more, value, notes string, row map[string]string) table.Sheet {
	doc := "Every number the rulebook fixes, one per row, so a designer can tune them. The ID names the constant; all are required in the base set."
	if more != "" {
		doc += " " + more
	}
	return table.Sheet{Name: "Rules", Doc: doc,
		Columns: []table.Column{
			{Name: "Value", Type: table.TRange(0, 1000), Required: true, Doc: "the number", Example: value},
			{Name: "Notes", Type: table.TText, Doc: "what it means, for people", Example: notes},
		},
		Example: row,
	}
}

// RuleValues reads the Rules sheet, where every number the rulebook fixes
// is a row: value(id) is rule constant id's value, and a constant the
// sheet lacks is a problem (it reads 0).
func (e *LoadErrors) RuleValues(t *table.Tables) (value func(id string) int) {
	vals := map[string]int{}
	for _, r := range t.Rows("rules") {
		vals[r.ID] = r.Int("value")
	}
	return func(id string) int {
		v, ok := vals[id]
		if !ok {
			e.Fail(nil, "", "rule constant %s is missing", id)
		}
		return v
	}
}

// Rule is rule constant id's value on the Rules sheet; ok is false when
// the sheet lacks it.
func Rule(t *table.Tables, id string) (value int, ok bool) {
	for _, r := range t.Rows("rules") {
		if r.ID == id {
			return r.Int("value"), true
		}
	}
	return 0, false
}

// TablePos is where a sheet starts, for findings about it as a whole.
func TablePos(t *table.Tables, key string) diag.Pos {
	if tb := t.Table(key); tb != nil && len(tb.Sources) > 0 {
		return diag.Pos{File: tb.Sources[0].File, Sheet: tb.Sources[0].Sheet}
	}
	if len(t.Layers) > 0 {
		return diag.Pos{File: t.Layers[0].File}
	}
	return diag.Pos{}
}
