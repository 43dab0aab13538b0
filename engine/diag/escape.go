package diag

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Control characters in content (ESC, BEL, …) must never reach a terminal
// raw: an ESC sequence in a cell could recolour, retitle or rewrite what
// the designer sees (and `deckwright dump` runs under git diff). Text
// from workbooks is printed with them escaped, as Go escapes them.

// IsControl reports whether r is a control character: C0 (U+0000–U+001F),
// DEL or C1 (U+0080–U+009F).
func IsControl(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// isFormat reports an invisible format character (Unicode's Cf): bidi
// controls (U+202E turns the rest of a line around: a diff would show
// text other than the cell's), zero-width spaces and joiners, byte-order
// marks, soft hyphens. Raw, they hide what a cell holds; escaped, they
// show.
func isFormat(r rune) bool { return r >= 0xad && unicode.Is(unicode.Cf, r) }

// escapeRune writes the rune of size bytes at s[i:] escaped, or returns
// false when it prints as itself.
func escapeRune(b *strings.Builder, s string, i int) (size int, escaped bool) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1: // a byte that is not UTF-8
		fmt.Fprintf(b, `\x%02x`, s[i])
	case r == '\n':
		b.WriteString(`\n`)
	case r == '\t':
		b.WriteString(`\t`)
	case r == '\r':
		b.WriteString(`\r`)
	case r < 0x80 && IsControl(r):
		fmt.Fprintf(b, `\x%02x`, r)
	case IsControl(r), isFormat(r):
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		return size, false
	}
	return size, true
}

// Escape returns s with every control character (line breaks and tabs
// too) written as an escape: "\x1b[31m" prints as \x1b[31m.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		size, escaped := escapeRune(&b, s, i)
		if !escaped {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if IsControl(r) || isFormat(r) || r == utf8.RuneError && size == 1 {
			return true
		}
		i += size
	}
	return false
}

// escapeSource prepares a cell's text for the line above a caret: line
// breaks and tabs become one space each (one column, as the caret counts),
// other control characters are escaped. It returns the text and, for each
// rune of s (and one past the end), the column it starts at, so a caret
// under rune n stays aligned.
func escapeSource(s string) (string, []int) {
	var b strings.Builder
	cols := make([]int, 0, len(s)+1)
	col := 0
	for i := 0; i < len(s); {
		cols = append(cols, col)
		var e strings.Builder
		size, escaped := escapeRune(&e, s, i)
		switch {
		case s[i] == '\n' || s[i] == '\t' || s[i] == '\r':
			e.Reset()
			e.WriteByte(' ')
		case !escaped:
			e.WriteString(s[i : i+size])
		}
		b.WriteString(e.String())
		col += columns(e.String())
		i += size
	}
	cols = append(cols, col)
	return b.String(), cols
}

// columns is the width of s on a terminal: a wide character (CJK, most
// emoji) takes two columns, a combining mark none, so a caret under
// the text after them stays under its character.
func columns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
		case width.LookupRune(r).Kind() == width.EastAsianWide, width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// EscapeWriter returns a writer that escapes control characters in what
// passes through, except line breaks and tabs (which lay out text): for
// reports whose lines mix fixed text with content.
func EscapeWriter(w io.Writer) io.Writer { return &escaper{w: w} }

type escaper struct {
	w    io.Writer
	tail []byte // an incomplete UTF-8 sequence held for the next Write
}

func (e *escaper) Write(p []byte) (int, error) {
	data := append(e.tail, p...)
	e.tail = nil
	// Hold back a rune split across Writes.
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				e.tail = append([]byte{}, data[i:]...)
				data = data[:i]
			}
			break
		}
	}
	var b strings.Builder
	s := string(data)
	for i := 0; i < len(s); {
		if s[i] == '\n' || s[i] == '\t' {
			b.WriteByte(s[i])
			i++
			continue
		}
		size, escaped := escapeRune(&b, s, i)
		if !escaped {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	if _, err := io.WriteString(e.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
