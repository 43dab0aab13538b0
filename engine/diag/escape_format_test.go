package diag_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

// Invisible format characters in a cell show escaped wherever content
// reaches a terminal (diagnostics, dump under git diff, reports): a bidi
// override turns the rest of the line around and a zero-width space hides,
// so raw they show text other than the cell's.
func TestEscapeFormatCharacters(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"right-to-left override", "gainGlory(1) \u202e; loseGlory(5)", `gainGlory(1) \u202e; loseGlory(5)`},
		{"isolates and marks", "a\u2066b\u2069c\u200ed\u200f", `a\u2066b\u2069c\u200ed\u200f`},
		{"zero-width space and joiner", "zw\u200bgear \u200d", `zw\u200bgear \u200d`},
		{"byte-order mark", "\ufeffID", `\ufeffID`},
		{"soft hyphen", "soft\u00adhyphen", `soft\u00adhyphen`},
		{"letters of every script, accents and emoji stay", "Café Жуков 日本 שלום e\u0301 😀", "Café Жуков 日本 שלום e\u0301 😀"},
		{"NBSP stays (a space, not a format character)", "10\u00a0km", "10\u00a0km"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, diag.Escape(tc.in))
			var out bytes.Buffer
			_, err := diag.EscapeWriter(&out).Write([]byte(tc.in + "\n"))
			require.NoError(t, err)
			assert.Equal(t, tc.want+"\n", out.String())
		})
	}
}

// The caret stands under the character it points at on a terminal: a wide
// character (CJK, emoji) before it takes two columns, a combining mark
// none, an escaped format character its escape's width.
func TestCaretUnderWideAndInvisibleCharacters(t *testing.T) {
	for _, tc := range []struct {
		name, source, line string
		char               int // the rune the caret points at (1-based)
		column             int // the terminal columns before it
	}{
		// g is the 19th rune; 日本語 take 6 columns: 10 + 6 + 5.
		{"CJK before the mistake", `test.has("日本語") ? gainGlroy(1)`, `test.has("日本語") ? gainGlroy(1)`, 19, 21},
		{"emoji before the mistake", `test.has("😀😀") ? gainGlroy(1)`, `test.has("😀😀") ? gainGlroy(1)`, 18, 19},
		// the accent is a rune of its own and takes no column.
		{"a combining accent before the mistake", "test.has(\"Cafe\u0301\") ? gainGlroy(1)", "test.has(\"Cafe\u0301\") ? gainGlroy(1)", 21, 19},
		{"under a bidi override", "gainGlory(1) \u202e; loseGlory(5)", `gainGlory(1) \u202e; loseGlory(5)`, 14, 13},
		{"after a bidi override: its escape is 6 columns", "gainGlory(1) \u202e; loseGlory(5)", `gainGlory(1) \u202e; loseGlory(5)`, 17, 21},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l diag.List
			l.Add(diag.Diagnostic{Pos: diag.Pos{File: "x.xlsx", Sheet: "Events", Row: 2, Col: 8}, Char: tc.char, Severity: diag.Error,
				Code: "DW0412", Message: "m", Source: tc.source})
			var b strings.Builder
			require.NoError(t, diag.WriteText(&b, &l))
			assert.Equal(t, "x.xlsx:Events!H2: error[DW0412]: m\n    "+tc.line+"\n    "+strings.Repeat(" ", tc.column)+"^\n1 error, 0 warnings\n", b.String())
		})
	}
}
