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

// A sweep varies one whole number of one row — a card's Count, a hero's
// Combat, a rule's Value, or a number written inside an effect, the 5 of
// gainGlory(5) — over a list of values and plays every variant on the
// same seeds, so a designer sees the metric curve and where the row
// becomes fair. This file reads what a designer writes,
//
//	SHEET.ID.NAME[#N]=VALUES
//	events.lucky-coin.count=0..3       a whole-number column
//	cards.golden-idol.gainGlory=1..5   the number of gainGlory(5) in its effects
//	cards.golden-idol.glory=1..5       a word ending one verb's name: the same
//	cards.golden-idol.gainGlory#2=1..5 the second of several
//	heroes.jake-zane.condition=1..3    the one number of an effect cell: fight.round == 1
//
// and finds the number it names in the tables (sweepeffect.go for the
// numbers inside effects); sweeprun.go plays the variants.

// Sweep is a parsed sweep: the number as named and the values to try,
// ascending and distinct.
type Sweep struct {
	Sheet, ID string
	// Name is what in the row: a column, a verb its effects call with a
	// number, or a word that ends such a verb's name (glory: gainGlory).
	Name string
	// Pick is N of NAME#N, the Nth of the numbers Name finds in the order
	// written; 0 when not given.
	Pick   int
	Values []int
}

// MaxSweepValues bounds the values of one sweep: each is a whole run.
// The current value is played besides them when they leave it out (the
// curve is measured against it), so a sweep plays at most one run more.
const MaxSweepValues = 50

// maxValuesNote says the bound in refusals.
var maxValuesNote = fmt.Sprintf("a sweep takes at most %d values, besides the current one the curve is measured against", MaxSweepValues)

// AnyDeck is the sheet word that names whichever card sheet holds the ID.
const AnyDeck = "cards"

// SweepSyntax is the grammar, for messages and help.
const SweepSyntax = "SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5"

// ParseSweep reads SHEET.ID.NAME[#N]=VALUES. NAME may hold dots (a verb
// such as test.has); VALUES are whole numbers: a range A..B, a range with
// a step A..B/S, or a list 1,2,4.
func ParseSweep(s string) (Sweep, error) {
	var sw Sweep
	addr, values, ok := strings.Cut(s, "=")
	parts := strings.SplitN(addr, ".", 3)
	if !ok || len(parts) != 3 {
		return sw, fmt.Errorf("%q: want %s", s, SweepSyntax)
	}
	for i, p := range parts {
		if parts[i] = strings.TrimSpace(p); parts[i] == "" {
			return sw, fmt.Errorf("%q: want %s", s, SweepSyntax)
		}
	}
	sw.Sheet, sw.ID, sw.Name = parts[0], parts[1], parts[2]
	if name, n, picked := strings.Cut(sw.Name, "#"); picked {
		sw.Name = strings.TrimSpace(name)
		pick, err := strconv.Atoi(strings.TrimSpace(n))
		switch {
		case sw.Name == "":
			return sw, fmt.Errorf("%q: want %s", s, SweepSyntax)
		case err != nil || pick < 1 || pick > 999:
			return sw, fmt.Errorf("%q: #N picks the Nth number NAME finds, from #1, not #%s", s, strings.TrimSpace(n))
		}
		sw.Pick = pick
	}
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
			if stepped {
				return nil, fmt.Errorf("the range %d..%d/%s runs backward: write %d..%d/%s", a, b, st, b, a, st)
			}
			return nil, fmt.Errorf("the range %d..%d runs backward: write %d..%d", a, b, b, a)
		case step < 1:
			return nil, fmt.Errorf("the step must be 1 or more, not %d", step)
		case (b-a)/step+1 > MaxSweepValues:
			return nil, fmt.Errorf("%d..%d/%d is %d values; %s: widen the step", a, b, step, (b-a)/step+1, maxValuesNote)
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
		return nil, fmt.Errorf("%d values; %s: list fewer", len(out), maxValuesNote)
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

// SweepTarget is the number a sweep varies, found in the tables: a
// whole-number cell, or a number written inside an effect cell.
type SweepTarget struct {
	// Address is the number as deckwright names it: events.lucky-coin.count,
	// events.golden-idol.gainGlory, events.golden-idol.gainGlory#2.
	Address string `json:"address"`
	Sheet   string `json:"sheet"` // the sheet's name: "Events"
	ID      string `json:"id"`
	Name    string `json:"name"`
	Column  string `json:"column"` // the column's name: "Count", "Effect"
	Where   string `json:"where"`  // the cell: my-expansion.xlsx:Events!C4
	// Verb and In are set for a number inside an effect: the verb it is an
	// argument of ("" for one in a comparison or arithmetic), and the
	// source around it as written, "gainGlory(5)".
	Verb string `json:"verb,omitempty"`
	In   string `json:"in,omitempty"`
	// What names the number in words, for reports: "Events golden-idol
	// Count", "the 5 in gainGlory(5), golden-idol's Effect".
	What string `json:"what"`
	// Current is the number in the project, nil when its cell is blank.
	Current *int `json:"current"`

	sheetKey, columnKey string
	src                 string // an effect cell's text
	start, end          int    // the number's bytes in src
}

// Edit is what the compiler types into the cell for value v: its sheet
// key, row ID, column key and text — for a number inside an effect, the
// cell's text with the number rewritten where it is written.
func (t SweepTarget) Edit(v int) (sheet, id, column, text string) {
	text = strconv.Itoa(v)
	if t.end > 0 { // found in an effect cell's text by Resolve
		text = t.src[:t.start] + text + t.src[t.end:]
	}
	return t.sheetKey, t.ID, t.columnKey, text
}

// InEffect reports whether the number is written inside an effect cell.
func (t SweepTarget) InEffect() bool { return t.In != "" }

// IsCount reports whether the cell is a card's Count.
func (t SweepTarget) IsCount() bool { return t.columnKey == table.Key(table.ColCount) && !t.InEffect() }

// Word is the number's short name, the last part of its address: count,
// gainGlory, gainGlory#2.
func (t SweepTarget) Word() string {
	if parts := strings.SplitN(t.Address, ".", 3); len(parts) == 3 {
		return parts[2]
	}
	return table.Key(t.Column)
}

// Heading is the name of the values' column in a report's table.
func (t SweepTarget) Heading() string {
	if t.InEffect() {
		return t.Word()
	}
	return strings.ToLower(t.Column)
}

// Label names a value of the number in a report's prose, by its
// Heading: "count=2", "movement bonus=1", "gainGlory=3".
func (t SweepTarget) Label(v int) string { return t.Heading() + "=" + strconv.Itoa(v) }

// address is a number's canonical address, SHEET.ID.NAME, with the
// sheet's and column's keys spelled as IDs are, with dashes
// (characters.rosa-delgado.movement-bonus): what a designer types, and
// what ParseSweep reads back. name is a column's key or an effect's word
// (gainGlory, effect#3).
func address(sh *table.Sheet, id, name string) string {
	return dashed(sh.Key()) + "." + id + "." + dashed(name)
}

// dashed spells a key with dashes: movement_bonus is movement-bonus.
func dashed(key string) string { return strings.ReplaceAll(key, "_", "-") }

// Resolve finds the number a sweep names in the tables: the sheet by its
// name (ignoring case and spacing; "cards" for whichever card sheet holds
// the ID), the row by its ID, then the name as a whole-number column, an
// effect cell holding one number (or #N of several), a verb the row's
// effects call with a number, or a word ending such a verb's name. What
// does not exist is named, with the closest name there is and the
// numbers the row has; a name that finds several numbers lists each with
// the address that picks it. The values are checked against the number:
// one written in an effect keeps its sign.
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
		for _, r := range tb.Disabled {
			ids = append(ids, r.ID) // a typo of one is told it is disabled once corrected
		}
	}
	if row == nil {
		return target, s.noRow(schema, t, sheets, ids)
	}
	nums := effectNumbers(sh, row)
	var col *table.Column
	for _, c := range table.AllColumns(sh) {
		if c.Key() == table.Key(s.Name) && c.Name != table.ColChange && c.Name != table.ColDisabled {
			col = &c
		}
	}
	switch {
	case col == nil:
		return s.resolveVerb(sh, row, nums)
	case col.Type.Kind == table.Effect || col.Type.Kind == table.Condition || col.Type.Kind == table.Custom:
		in := slices.DeleteFunc(slices.Clone(nums), func(n effectNumber) bool { return n.col.Key() != col.Key() })
		if len(in) == 0 {
			return target, fmt.Errorf("%s's %s has no number written in it: a sweep varies a whole-number column or a number written in an effect%s",
				row.ID, col.Name, s.numbersNote(sh, row, nums))
		}
		return s.pick(sh, row, in, fmt.Sprintf("%s's %s has %s written in it", row.ID, col.Name, numbers(len(in))))
	case col.Type.Kind != table.Int:
		what := col.Type.Describe(schema)
		if k := col.Type.Kind; k == table.String || k == table.Text {
			what = "text"
		}
		whole := "no whole-number column"
		if names := columnNames(sh, true); len(names) > 0 {
			whole = strings.Join(names, ", ")
		}
		return target, fmt.Errorf("%s %s holds %s, not a whole number: a sweep varies a whole-number column (%s has %s)%s",
			sh.Name, col.Name, what, sh.Name, whole, numbersList(nums, "or a number written in its "+cellsWord(nums)))
	case s.Pick > 0:
		return target, fmt.Errorf("%s %s is one cell: drop #%d (#N picks one of several numbers written in an effect)", sh.Name, col.Name, s.Pick)
	}
	target = SweepTarget{Sheet: sh.Name, ID: row.ID, Name: row.Str("name"), Column: col.Name,
		Where: row.Pos(col.Key()).String(), sheetKey: sh.Key(), columnKey: col.Key()}
	target.Address = address(sh, row.ID, col.Key())
	target.What = strings.Join([]string{sh.Name, row.ID, col.Name}, " ")
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
func (s Sweep) noRow(schema *table.Schema, t *table.Tables, sheets []*table.Sheet, ids []string) error {
	where := sheets[0].Name
	if strings.EqualFold(s.Sheet, AnyDeck) {
		where = "any card sheet"
	}
	msg := fmt.Sprintf("no row %q in %s", s.ID, where)
	var searched []*table.Table
	for _, sh := range sheets {
		searched = append(searched, t.Table(sh.Key()))
	}
	if _, r := findDisabled(searched, s.ID); r != nil {
		return fmt.Errorf("%s", disabledText(r, "sweep"))
	}
	for _, tb := range t.Sheets {
		if r := tb.Find(strings.ToLower(s.ID)); r != nil {
			name := tb.Name
			if sh := schema.Sheet(tb.Key); sh != nil {
				name = sh.Name
			}
			return fmt.Errorf("%s: it is a row of %s (%s.%s.%s)", msg, name, dashed(tb.Key), r.ID, s.nameText())
		}
	}
	if tb, r := findDisabled(t.Sheets, s.ID); r != nil {
		return fmt.Errorf("%s: it is a disabled row of %s (%s, Disabled is TRUE)", msg, tb.Name, r.Where())
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
