package game

import (
	"strings"
	"unicode"

	"github.com/deckwright/deckwright/effects"
)

// The numbers written in a cell of a module's own grammar — the +5 of a
// Gear's "Combat +5, Agility +1 on Chase", the 5 of a check "5 Mechanical
// or 6 Combat" — are swept as numbers in effects are: each is named by
// the word written beside it (combat, mechanical), else by its column
// with #N, and a variant is the cell with that number rewritten, parsed
// again by the module's grammar. Only the text is read here: which
// numbers are valid is the grammar's to say when the variant compiles.

// cellNumbers lists the whole numbers written in src, in order, each with
// the word it goes with (as written; "" for none) and the span of the
// clause the word and number make ("Combat +5", "5 Mechanical"). A '-'
// right before the digits is the number's sign unless it joins two
// numbers (the range 1-2); a '+' is kept as written and never rewritten.
func cellNumbers(src string) []effects.Literal {
	var out []effects.Literal
	for i := 0; i < len(src); {
		if !isDigit(src[i]) {
			i++
			continue
		}
		start, end := i, i
		for end < len(src) && isDigit(src[end]) {
			end++
		}
		i = end
		if start > 0 && isLetter(src[start-1]) || end < len(src) && isLetter(src[end]) {
			continue // part of a word or code (x2, 3d6): not a number a designer sweeps
		}
		value, err := atoi(src[start:end])
		if err != nil {
			continue // past any cell's bound
		}
		if start > 0 && src[start-1] == '-' && (start == 1 || !isDigit(src[start-2])) {
			start--
			value = -value
		}
		word, from, to := wordBefore(src, start)
		if word == "" {
			word, from, to = wordAfter(src, end)
		}
		lit := effects.Literal{Value: int64(value), Start: start, End: end, Verb: word, CallStart: min(from, start), CallEnd: max(to, end)}
		if lit.CallEnd < len(src) && src[lit.CallEnd] == '+' {
			lit.CallEnd++ // "5+" reads as a whole
		}
		out = append(out, lit)
	}
	return out
}

// notNames are words beside a number that do not name it.
var notNames = map[string]bool{"or": true, "and": true, "on": true, "vs": true, "to": true, "of": true, "at": true}

// wordBefore is the word written just before position i (spaces and a
// sign between), with its span; "" when there is none to name a number.
func wordBefore(src string, i int) (string, int, int) {
	j := i
	for j > 0 && (src[j-1] == ' ' || src[j-1] == '+') {
		j--
	}
	k := j
	for k > 0 && isLetter(src[k-1]) {
		k--
	}
	if w := src[k:j]; len(w) >= 2 && !notNames[strings.ToLower(w)] {
		return w, k, j
	}
	return "", i, i
}

// wordAfter is the word written just after position i, with its span.
func wordAfter(src string, i int) (string, int, int) {
	j := i
	for j < len(src) && (src[j] == ' ' || src[j] == '+') {
		j++
	}
	k := j
	for k < len(src) && isLetter(src[k]) {
		k++
	}
	if w := src[j:k]; len(w) >= 2 && !notNames[strings.ToLower(w)] {
		return w, j, k
	}
	return "", i, i
}

func isDigit(b byte) bool  { return '0' <= b && b <= '9' }
func isLetter(b byte) bool { return b < 0x80 && unicode.IsLetter(rune(b)) || b == '_' }
