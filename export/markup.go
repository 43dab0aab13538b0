package export

import (
	"strings"
	"unicode"
)

// span is a run of text in one style, or one inline icon.
type span struct {
	text         string
	icon         string // icon name; text is empty
	bold, italic bool
}

// word is what lies between spaces: one or more spans.
type word []span

// paragraph is one line of the source text (a hard line break ends it).
type paragraph struct {
	words []word
	gap   bool // a blank line came before it
}

// tokenResolver maps an {token} to an icon name, or to replacement text
// (printed in bold), or reports it unknown.
type tokenResolver func(token string) (icon, text string, ok bool)

// parseMarkup reads card text: **bold**, *italic*, {icon} tokens, a
// backslash escaping the next character, and line breaks. Unknown tokens
// are kept as text and returned, so the caller can report them.
func parseMarkup(s string, resolve tokenResolver) (paras []paragraph, unknown []string) {
	gap := false
	bold, italic := false, false
	for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			if len(paras) > 0 {
				gap = true
			}
			continue
		}
		p := paragraph{gap: gap}
		gap = false
		var cur word
		var text strings.Builder
		flush := func() {
			if text.Len() > 0 {
				cur = append(cur, span{text: text.String(), bold: bold, italic: italic})
				text.Reset()
			}
		}
		endWord := func() {
			flush()
			if len(cur) > 0 {
				p.words = append(p.words, cur)
				cur = nil
			}
		}
		rs := []rune(line)
		cl := newClosers(rs)
		for i := 0; i < len(rs); i++ {
			r := rs[i]
			switch {
			case r == '\\' && i+1 < len(rs):
				i++
				text.WriteRune(rs[i])
			case r == ' ' || r == '\t':
				endWord()
			case r == '*' && i+1 < len(rs) && rs[i+1] == '*':
				if bold || cl.double(i+2) {
					flush()
					bold = !bold
					i++
				} else {
					text.WriteString("**")
					i++
				}
			case r == '*':
				if italic || cl.single(i+1) {
					flush()
					italic = !italic
				} else {
					text.WriteRune('*')
				}
			case r == '{':
				j := tokenEnd(rs, i+1)
				if j < 0 {
					text.WriteRune(r)
					continue
				}
				tok := string(rs[i+1 : j])
				icon, repl, ok := resolve(tok)
				switch {
				case !ok:
					unknown = append(unknown, tok)
					text.WriteString(string(rs[i : j+1]))
				case icon != "":
					flush()
					cur = append(cur, span{icon: icon, bold: bold, italic: italic})
				default:
					flush()
					cur = append(cur, span{text: repl, bold: !bold, italic: italic})
				}
				i = j
			case unicode.IsControl(r):
				// dropped
			default:
				text.WriteRune(r)
			}
		}
		endWord()
		// Styles do not run past the end of a line.
		bold, italic = false, false
		if len(p.words) > 0 {
			paras = append(paras, p)
		}
	}
	return paras, unknown
}

// closers answers, for any position of a line, whether a ** or a single *
// follows it there, so that markup is read in one pass however many stars
// a line has.
type closers struct {
	rs         []rune
	lastDouble int    // where the last ** of the line starts; -1 if none
	singleFrom []bool // [i]: reading pairs from i, a lone * follows
}

func newClosers(rs []rune) closers {
	c := closers{rs: rs, lastDouble: -1, singleFrom: make([]bool, len(rs)+2)}
	for i := len(rs) - 2; i >= 0; i-- {
		if rs[i] == '*' && rs[i+1] == '*' {
			c.lastDouble = i
			break
		}
	}
	for i := len(rs) - 1; i >= 0; i-- {
		switch {
		case rs[i] != '*':
			c.singleFrom[i] = c.singleFrom[i+1]
		case i+1 < len(rs) && rs[i+1] == '*':
			c.singleFrom[i] = c.singleFrom[i+2]
		default:
			c.singleFrom[i] = true
		}
	}
	return c
}

// opens says whether markup may open at from: text follows, not a space.
func (c closers) opens(from int) bool { return from < len(c.rs) && c.rs[from] != ' ' }

// double says whether a ** follows from.
func (c closers) double(from int) bool { return c.opens(from) && c.lastDouble >= from }

// single says whether a * that is not part of ** follows from.
func (c closers) single(from int) bool { return c.opens(from) && c.singleFrom[from] }

// tokenEnd returns the index of the } closing a {token}, or -1 when the
// braces do not hold a plausible token (letters, digits, spaces, - and _).
func tokenEnd(rs []rune, from int) int {
	for j := from; j < len(rs) && j-from <= 40; j++ {
		r := rs[j]
		if r == '}' {
			if j == from {
				return -1
			}
			return j
		}
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '-' || r == '_' || r == '\'') {
			return -1
		}
	}
	return -1
}
