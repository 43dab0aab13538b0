package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// The numbers a designer writes inside effects — gainGlory(5), wound(2),
// roll() >= 5 — are swept like cells: the sweep names one, and each
// variant is the cell's text with that number rewritten where it is
// written, compiled like any cell.
//
// A number that is an argument of a verb call is named by the verb
// (gainGlory) or by a word ending the verb's name (glory); any number of
// an effect cell — one in a comparison or arithmetic too — by the cell's
// column (condition, or condition#2 of several). #N picks the Nth of the
// numbers a name finds, in the order written.

// An effectNumber is a whole number written in one of a row's effect or
// condition cells.
type effectNumber struct {
	effects.Literal
	col  table.Column
	src  string // the cell's text
	word string // the last part of the address that picks it: gainGlory, gainGlory#2, effect#3
	addr string // the address: events.golden-idol.gainGlory
	pos  diag.Pos
}

// effectNumbers lists the numbers written in a row's effect and condition
// cells, column by column and as written, each with the word that picks
// it: its verb, else its column, with #N when the verb or column has
// several.
func effectNumbers(sh *table.Sheet, row *table.Row) []effectNumber {
	var out []effectNumber
	columns := map[string]bool{}
	for _, c := range table.AllColumns(sh) {
		columns[c.Key()] = true
		src, _ := row.Cells[c.Key()].(string)
		var lits []effects.Literal
		switch c.Type.Kind {
		case table.Effect, table.Condition:
			var err error
			if lits, err = effects.Literals(src); err != nil {
				continue // a cell that compiled parses; a blank one has none
			}
		case table.Custom:
			lits = cellNumbers(src) // a module's grammar: by its text
		default:
			continue
		}
		for _, l := range lits {
			out = append(out, effectNumber{Literal: l, col: c, src: src, pos: row.Pos(c.Key())})
		}
	}
	for i := range out {
		n := &out[i]
		// A verb is a name unless a column has it: the column comes first.
		byVerb := n.Verb != "" && !columns[table.Key(n.Verb)]
		same := func(m effectNumber) bool {
			if byVerb {
				return strings.EqualFold(m.Verb, n.Verb)
			}
			return m.col.Key() == n.col.Key()
		}
		n.word = n.col.Key()
		switch {
		case byVerb && n.col.Type.Kind == table.Custom:
			n.word = strings.ToLower(n.Verb) // a word of the cell: combat
		case byVerb:
			n.word = n.Verb
		}
		if total := count(out, same); total > 1 {
			n.word += "#" + strconv.Itoa(count(out[:i+1], same))
		}
		n.word = dashed(n.word)
		n.addr = address(sh, row.ID, n.word)
	}
	return out
}

// times is "once", "twice" or "n times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// numbers is "1 number" or "n numbers".
func numbers(n int) string {
	if n == 1 {
		return "1 number"
	}
	return strconv.Itoa(n) + " numbers"
}

func count[T any](s []T, f func(T) bool) int {
	n := 0
	for _, x := range s {
		if f(x) {
			n++
		}
	}
	return n
}

// endsWord reports whether word ends verb's name at one of its parts:
// glory ends gainGlory, eventkeep and keep end drawEventKeep, has ends
// test.has; case and any - or _ in word are ignored.
func endsWord(verb, word string) bool {
	word = strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, word)
	for i, r := range verb {
		if i == 0 || unicode.IsUpper(r) || verb[i-1] == '.' {
			if strings.EqualFold(strings.ReplaceAll(verb[i:], ".", ""), word) {
				return true
			}
		}
	}
	return false
}

// resolveVerb finds a name that is no column: a verb the row's effects
// call with a number, else a word ending such verbs' names.
func (s Sweep) resolveVerb(sh *table.Sheet, row *table.Row, nums []effectNumber) (SweepTarget, error) {
	found := slices.DeleteFunc(slices.Clone(nums), func(n effectNumber) bool { return !strings.EqualFold(n.Verb, s.Name) })
	what := fmt.Sprintf("%s's effects call %s with a number %s", row.ID, s.Name, times(len(found)))
	if len(found) > 0 && found[0].col.Type.Kind == table.Custom {
		what = fmt.Sprintf("%s's cells write %s with a number %s", row.ID, s.Name, times(len(found)))
	}
	if len(found) == 0 {
		found = slices.DeleteFunc(slices.Clone(nums), func(n effectNumber) bool { return n.Verb == "" || !endsWord(n.Verb, s.Name) })
		what = fmt.Sprintf("%s in %s's effects %s of verbs ending in %q", numbers(len(found)), row.ID, map[bool]string{true: "is", false: "are"}[len(found) == 1], s.Name)
	}
	if len(found) > 0 {
		return s.pick(sh, row, found, what)
	}
	msg := fmt.Sprintf("%s has no column %q", sh.Name, s.Name)
	switch {
	case cellsWord(nums) == "cells":
		msg += fmt.Sprintf(" and no number in %s's cells goes with %q", row.ID, s.Name)
	case len(nums) > 0:
		msg += fmt.Sprintf(" and %s's effects call no verb %q with a number", row.ID, s.Name)
	}
	names := columnNames(sh, false)
	for _, n := range nums {
		if n.Verb != "" && !slices.Contains(names, n.Verb) {
			names = append(names, n.Verb)
		}
	}
	if hint := diag.DidYouMean(s.Name, names); hint != "" {
		return SweepTarget{}, fmt.Errorf("%s (%s)%s", msg, hint, numbersList(nums, "the numbers written in its "+cellsWord(nums)))
	}
	return SweepTarget{}, fmt.Errorf("%s%s", msg, s.numbersNote(sh, row, nums))
}

// cellsWord is where nums are written: "effects", or "cells" when some
// are in a module's own grammar (a Gear's Bonus).
func cellsWord(nums []effectNumber) string {
	for _, n := range nums {
		if n.col.Type.Kind == table.Custom {
			return "cells"
		}
	}
	return "effects"
}

// numbersNote is what a row has to sweep: its whole-number columns and
// the numbers written in its effects.
func (s Sweep) numbersNote(sh *table.Sheet, row *table.Row, nums []effectNumber) string {
	whole := "it has no whole-number column"
	if names := columnNames(sh, true); len(names) > 0 {
		whole = "its whole-number columns: " + strings.Join(names, ", ")
	}
	return " (" + whole + ")" + numbersList(nums, "the numbers written in its "+cellsWord(nums))
}

// numbersList lists numbers written in a row's effects after a heading,
// one a line: the address that picks each, the number in its source, its
// cell. It is "" for none.
func numbersList(nums []effectNumber, heading string) string {
	if len(nums) == 0 {
		return ""
	}
	width := 0
	for _, n := range nums {
		width = max(width, utf8.RuneCountInString(n.addr))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "; %s:", heading)
	for _, n := range nums {
		fmt.Fprintf(&b, "\n  %-*s  the %s in %s, %s", width, n.addr, n.src[n.Start:n.End], excerpt(n), n.pos)
	}
	return b.String()
}

// pick is the number of found that the sweep names: the only one, or #N.
// what says what found is, for the message listing them when the name
// finds several and no #N says which.
func (s Sweep) pick(sh *table.Sheet, row *table.Row, found []effectNumber, what string) (SweepTarget, error) {
	n := found[0]
	switch {
	case s.Pick > len(found):
		return SweepTarget{}, fmt.Errorf("%s: #%d is past the last%s", what, s.Pick, numbersList(found, "name one"))
	case s.Pick > 0:
		n = found[s.Pick-1]
	case len(found) > 1:
		return SweepTarget{}, fmt.Errorf("%s%s", what, numbersList(found, "name the one to sweep"))
	}
	written := int(n.Value)
	for _, v := range s.Values {
		if v < 0 && written >= 0 || v > 0 && written < 0 {
			edited := n
			edited.src = n.src[:n.Start] + strconv.Itoa(v) + n.src[n.End:]
			d := len(edited.src) - len(n.src)
			edited.End += d
			edited.CallEnd += d
			if n.col.Type.Kind == table.Custom {
				return SweepTarget{}, fmt.Errorf("%d has another sign than the %s written in %s (%s): %s would turn its meaning around; a sweep keeps the sign of a number written in a cell",
					v, n.src[n.Start:n.End], excerpt(n), n.pos, excerpt(edited))
			}
			return SweepTarget{}, fmt.Errorf("%d has another sign than the %s written in %s (%s): %s would turn its meaning around; a sweep keeps the sign of a number written in an effect (to sweep the opposite, write the verb that does it and sweep its number)",
				v, n.src[n.Start:n.End], excerpt(n), n.pos, excerpt(edited))
		}
	}
	verb := n.Verb
	if n.col.Type.Kind == table.Custom {
		verb = "" // a word written beside it, not a verb
	}
	t := SweepTarget{Sheet: sh.Name, ID: row.ID, Name: row.Str("name"), Column: n.col.Name, Where: n.pos.String(),
		Verb: verb, In: excerpt(n), Current: &written, sheetKey: sh.Key(), columnKey: n.col.Key(), src: n.src,
		start: n.Start, end: n.End}
	t.Address = n.addr
	t.What = fmt.Sprintf("the %s in %s, %s's %s", n.src[n.Start:n.End], t.In, row.ID, n.col.Name)
	return t, nil
}

// maxExcerpt bounds the source shown around a number, in characters.
const maxExcerpt = 48

// excerpt is the source around a number as written: the verb call it is
// an argument of, else its cell; cut to maxExcerpt characters around it
// when longer.
func excerpt(n effectNumber) string {
	from, to := 0, len(n.src)
	if n.Verb != "" {
		from, to = n.CallStart, n.CallEnd
	}
	text := strings.TrimSpace(n.src[from:to])
	if utf8.RuneCountInString(text) <= maxExcerpt {
		return text
	}
	// Keep the number in the middle of the window.
	lo, hi := n.Start, n.End
	for utf8.RuneCountInString(n.src[lo:hi]) < maxExcerpt && (lo > from || hi < to) {
		if lo > from {
			_, size := utf8.DecodeLastRuneInString(n.src[from:lo])
			lo -= size
		}
		if hi < to {
			_, size := utf8.DecodeRuneInString(n.src[hi:to])
			hi += size
		}
	}
	out := strings.TrimSpace(n.src[lo:hi])
	if lo > from {
		out = "…" + out
	}
	if hi < to {
		out += "…"
	}
	return out
}

// nameText is the sweep's name as written, with its #N.
func (s Sweep) nameText() string {
	if s.Pick > 0 {
		return s.Name + "#" + strconv.Itoa(s.Pick)
	}
	return s.Name
}
