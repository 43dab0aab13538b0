package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// A sweep varies one whole-number cell of one row — a card's Count, a
// hero's Combat, a rule's Value — over a list of values and plays every
// variant on the same seeds, so a designer sees the metric curve and
// where the row becomes fair. This file reads what a designer writes,
//
//	SHEET.ID.COLUMN=VALUES      events.lucky-coin.count=0..3
//
// and finds the cell it names in the tables; sweeprun.go plays the
// variants.

// Sweep is a parsed sweep: the cell as written and the values to try,
// ascending and distinct.
type Sweep struct {
	Sheet, ID, Column string
	Values            []int
}

// MaxSweepValues bounds the values of one sweep: each is a whole run.
const MaxSweepValues = 50

// AnyDeck is the sheet word that names whichever card sheet holds the ID.
const AnyDeck = "cards"

// SweepSyntax is the grammar, for messages and help.
const SweepSyntax = "SHEET.ID.COLUMN=VALUES, such as events.lucky-coin.count=0..3"

// ParseSweep reads SHEET.ID.COLUMN=VALUES. VALUES are whole numbers: a
// range A..B, a range with a step A..B/S, or a list 1,2,4.
func ParseSweep(s string) (Sweep, error) {
	var sw Sweep
	addr, values, ok := strings.Cut(s, "=")
	parts := strings.Split(addr, ".")
	if !ok || len(parts) != 3 {
		return sw, fmt.Errorf("%q: want %s", s, SweepSyntax)
	}
	for i, p := range parts {
		if parts[i] = strings.TrimSpace(p); parts[i] == "" {
			return sw, fmt.Errorf("%q: want %s", s, SweepSyntax)
		}
	}
	sw.Sheet, sw.ID, sw.Column = parts[0], parts[1], parts[2]
	vals, err := sweepValues(strings.TrimSpace(values))
	if err != nil {
		return sw, fmt.Errorf("%q: %v", s, err)
	}
	sw.Values = vals
	return sw, nil
}

// sweepValues reads A..B, A..B/S or a list.
func sweepValues(s string) ([]int, error) {
	bad := fmt.Errorf("values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not %q", s)
	var out []int
	if lo, rest, isRange := strings.Cut(s, ".."); isRange {
		hi, st, stepped := strings.Cut(rest, "/")
		a, err1 := atoi(lo)
		b, err2 := atoi(hi)
		step, err3 := 1, error(nil)
		if stepped {
			step, err3 = atoi(st)
		}
		switch {
		case errors.Is(err1, strconv.ErrRange) || errors.Is(err2, strconv.ErrRange) || errors.Is(err3, strconv.ErrRange):
			return nil, errTooLarge
		case err1 != nil || err2 != nil || err3 != nil:
			return nil, bad
		case a > b:
			return nil, fmt.Errorf("the range %d..%d runs backward: write %d..%d", a, b, b, a)
		case step < 1:
			return nil, fmt.Errorf("the step must be 1 or more, not %d", step)
		case (b-a)/step+1 > MaxSweepValues:
			return nil, fmt.Errorf("%d..%d/%d is %d values; a sweep plays at most %d: widen the step", a, b, step, (b-a)/step+1, MaxSweepValues)
		}
		for v := a; v <= b; v += step {
			out = append(out, v)
		}
		return out, nil
	}
	for _, f := range strings.Split(s, ",") {
		v, err := atoi(f)
		switch {
		case errors.Is(err, strconv.ErrRange):
			return nil, errTooLarge
		case err != nil:
			return nil, bad
		}
		if slices.Contains(out, v) {
			return nil, fmt.Errorf("%d is listed twice", v)
		}
		out = append(out, v)
	}
	if len(out) > MaxSweepValues {
		return nil, fmt.Errorf("%d values; a sweep plays at most %d", len(out), MaxSweepValues)
	}
	slices.Sort(out)
	return out, nil
}

var errTooLarge = errors.New("values must be from -999999 to 999999")

// atoi reads a whole number of at most six digits (no cell holds more).
func atoi(s string) (int, error) {
	s = strings.TrimSpace(s)
	digits := strings.TrimLeft(s, "+-")
	if len(digits) > 6 && strings.Trim(digits, "0123456789") == "" {
		return 0, strconv.ErrRange
	}
	return strconv.Atoi(s)
}

// SweepTarget is the cell a sweep varies, found in the tables.
type SweepTarget struct {
	// Address is the cell as deckwright writes it: events.lucky-coin.count.
	Address string `json:"address"`
	Sheet   string `json:"sheet"` // the sheet's name: "Events"
	ID      string `json:"id"`
	Name    string `json:"name"`
	Column  string `json:"column"` // the column's name: "Count"
	Where   string `json:"where"`  // the cell: my-expansion.xlsx:Events!C4
	// Current is the cell's value in the project, nil when it is blank.
	Current *int `json:"current"`

	sheetKey, columnKey string
}

// Edit is what the compiler types into the cell for value v: its sheet
// key, row ID, column key and text.
func (t SweepTarget) Edit(v int) (sheet, id, column, text string) {
	return t.sheetKey, t.ID, t.columnKey, strconv.Itoa(v)
}

// IsCount reports whether the cell is a card's Count.
func (t SweepTarget) IsCount() bool { return t.columnKey == table.Key(table.ColCount) }

// Label names a value of the cell for reports: "count=2".
func (t SweepTarget) Label(v int) string { return table.Key(t.Column) + "=" + strconv.Itoa(v) }

// Resolve finds the cell a sweep names in the tables: the sheet by its
// name (ignoring case and spacing; "cards" for whichever card sheet holds
// the ID), the row by its ID, the column by its header. What does not
// exist is named, with the closest name there is; a column that holds
// anything but a whole number is refused.
func (s Sweep) Resolve(schema *table.Schema, t *table.Tables) (SweepTarget, error) {
	var target SweepTarget
	sheets, err := s.sheets(schema)
	if err != nil {
		return target, err
	}
	var sh *table.Sheet
	var row *table.Row
	var ids []string
	for _, cand := range sheets {
		tb := t.Table(cand.Key())
		if tb == nil {
			continue
		}
		for _, r := range tb.Rows {
			ids = append(ids, r.ID)
			if strings.EqualFold(r.ID, s.ID) {
				sh, row = cand, r
			}
		}
	}
	if row == nil {
		return target, s.noRow(schema, t, sheets[0].Name, ids)
	}
	var col *table.Column
	for _, c := range table.AllColumns(sh) {
		if c.Key() == table.Key(s.Column) && c.Name != table.ColChange && c.Name != table.ColDisabled {
			col = &c
		}
	}
	if col == nil {
		msg := fmt.Sprintf("%s has no column %q", sh.Name, s.Column)
		if hint := diag.DidYouMean(s.Column, columnNames(sh, false)); hint != "" {
			return target, fmt.Errorf("%s (%s)", msg, hint)
		}
		if names := columnNames(sh, true); len(names) > 0 {
			return target, fmt.Errorf("%s (its whole-number columns: %s)", msg, strings.Join(names, ", "))
		}
		return target, fmt.Errorf("%s (it has no whole-number column)", msg)
	}
	if col.Type.Kind != table.Int {
		what := col.Type.Describe(schema)
		if k := col.Type.Kind; k == table.String || k == table.Text {
			what = "text"
		}
		whole := "no whole-number column"
		if names := columnNames(sh, true); len(names) > 0 {
			whole = strings.Join(names, ", ")
		}
		return target, fmt.Errorf("%s %s holds %s, not a whole number: a sweep varies a whole-number column (%s has %s)",
			sh.Name, col.Name, what, sh.Name, whole)
	}
	target = SweepTarget{Sheet: sh.Name, ID: row.ID, Name: row.Str("name"), Column: col.Name,
		Where: row.Pos(col.Key()).String(), sheetKey: sh.Key(), columnKey: col.Key()}
	target.Address = strings.Join([]string{sh.Key(), row.ID, col.Key()}, ".")
	if n, ok := row.Cells[col.Key()].(int); ok {
		target.Current = &n
	}
	return target, nil
}

// sheets are the sheets a sweep's sheet word names: one, or every card
// sheet for "cards".
func (s Sweep) sheets(schema *table.Schema) ([]*table.Sheet, error) {
	if strings.EqualFold(s.Sheet, AnyDeck) {
		var out []*table.Sheet
		for i := range schema.Sheets {
			if schema.Sheets[i].Deck {
				out = append(out, &schema.Sheets[i])
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s has no card sheet: name the sheet (%s)", schema.Title, strings.Join(schema.SheetNames(), ", "))
		}
		return out, nil
	}
	if sh := schema.Sheet(s.Sheet); sh != nil {
		return []*table.Sheet{sh}, nil
	}
	msg := fmt.Sprintf("no sheet %q in %s", s.Sheet, schema.Title)
	if hint := diag.DidYouMean(s.Sheet, append(schema.SheetNames(), AnyDeck)); hint != "" {
		return nil, fmt.Errorf("%s (%s)", msg, hint)
	}
	return nil, fmt.Errorf("%s (its sheets: %s, or %s for any card sheet)", msg, strings.Join(schema.SheetNames(), ", "), AnyDeck)
}

// noRow says that no row of the sheets has the sweep's ID: where the ID
// is instead, or the closest ID there.
func (s Sweep) noRow(schema *table.Schema, t *table.Tables, where string, ids []string) error {
	if strings.EqualFold(s.Sheet, AnyDeck) {
		where = "any card sheet"
	}
	msg := fmt.Sprintf("no row %q in %s", s.ID, where)
	for _, tb := range t.Sheets {
		if r := tb.Find(strings.ToLower(s.ID)); r != nil {
			name := tb.Name
			if sh := schema.Sheet(tb.Key); sh != nil {
				name = sh.Name
			}
			return fmt.Errorf("%s: it is a row of %s (%s.%s.%s)", msg, name, tb.Key, r.ID, table.Key(s.Column))
		}
	}
	if hint := diag.DidYouMean(s.ID, ids); hint != "" {
		return fmt.Errorf("%s (%s)", msg, hint)
	}
	return fmt.Errorf("%s", msg)
}

// columnNames are a sheet's column names: all, or the whole-number ones
// (Count first, for a card sheet).
func columnNames(sh *table.Sheet, whole bool) []string {
	var out []string
	for _, c := range table.AllColumns(sh) {
		if c.Name == table.ColChange || c.Name == table.ColDisabled {
			continue
		}
		if !whole || c.Type.Kind == table.Int {
			out = append(out, c.Name)
		}
	}
	return out
}
