package project

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
)

// refusals gathers the errors a sweep's values cause, grouping those
// of one kind: at the same cell, with the same code, and with the same
// message and hint but for their numbers ("Combat must be between 1 and
// 9, not 10" and "…, not 12"). A sweep of 50 values past a bound is then
// one error naming the values, not 50; errors of other kinds stay apart.
type refusals struct {
	groups []*refusal
	index  map[refusalKey]*refusal
}

type refusal struct {
	first  diag.Diagnostic // as the first value caused it
	shape  string          // its message with the value marked
	alike  bool            // every value's message is shape with its own value
	values []int
}

type refusalKey struct {
	pos        diag.Pos
	code       diag.Code
	kind, hint string // the message and hint with every number marked
}

// valueMark stands for a number in a message's shape.
const valueMark = "\x00"

func (r *refusals) add(d diag.Diagnostic, v int) {
	k := refusalKey{pos: d.Pos, code: d.Code, kind: markNumbers(d.Message, nil), hint: markNumbers(d.Hint, nil)}
	shape := markNumbers(d.Message, &v)
	if g := r.index[k]; g != nil {
		g.alike = g.alike && shape == g.shape
		if g.values[len(g.values)-1] != v { // a value that causes it twice counts once
			g.values = append(g.values, v)
		}
		return
	}
	if r.index == nil {
		r.index = map[refusalKey]*refusal{}
	}
	g := &refusal{first: d, shape: shape, alike: true, values: []int{v}}
	r.index[k] = g
	r.groups = append(r.groups, g)
}

// list is one error a group: one value's as it is, with the value in its
// hint; several values' once, naming them, and saying the message without
// the value where it ends in it (", not 10"), else as the first value's.
func (r *refusals) list(target game.SweepTarget, total int) *diag.List {
	l := &diag.List{}
	for _, g := range r.groups {
		d := g.first
		if len(g.values) == 1 {
			hint := "at the sweep's " + target.Label(g.values[0])
			if d.Hint != "" {
				hint = d.Hint + " (" + hint + ")"
			}
			l.Add(d.WithHint(hint))
			continue
		}
		what, cut := strings.CutSuffix(g.shape, ", not "+valueMark)
		if !g.alike || !cut || strings.Contains(what, valueMark) {
			what = d.Message + " (at " + target.Label(g.values[0]) + ", and alike at the others)"
		}
		of := fmt.Sprintf("%d of %d", len(g.values), total)
		if len(g.values) == total {
			of = fmt.Sprintf("all %d", total)
		}
		d.Message = fmt.Sprintf("%s: the sweep's values %s (%s) are refused", what, listValues(g.values), of)
		l.Add(d)
	}
	return l
}

// listValues writes values in a line: all of up to five, else the first
// three and the last: 0, 10, 12, …, 98.
func listValues(values []int) string {
	show := values
	if len(values) > 5 {
		show = append(values[:3:3], values[len(values)-1])
	}
	s := make([]string, len(show))
	for i, v := range show {
		s[i] = strconv.Itoa(v)
	}
	if len(show) < len(values) {
		return strings.Join(s[:3], ", ") + ", …, " + s[3]
	}
	return strings.Join(s, ", ")
}

// markNumbers replaces the whole numbers written in text (not digits of
// a name such as DW0303) with valueMark: every one, or only those that
// are *only when only is not nil.
func markNumbers(text string, only *int) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		if text[j] == '-' && j+1 < len(text) && isDigit(text[j+1]) {
			j++
		}
		if !isDigit(text[j]) || i > 0 && (isWord(text[i-1]) || text[i-1] == '.' || text[i-1] == '-') {
			b.WriteByte(text[i])
			i++
			continue
		}
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		if j < len(text) && isWord(text[j]) { // 2nd, 3D6: not a number alone
			b.WriteString(text[i:j])
			i = j
			continue
		}
		if n, err := strconv.Atoi(text[i:j]); err == nil && (only == nil || n == *only) {
			b.WriteString(valueMark)
		} else {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWord(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}
