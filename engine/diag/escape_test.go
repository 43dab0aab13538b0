package diag_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain Ñandú text", "plain Ñandú text"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"bell\a", `bell\x07`},
		{"two\nlines\ttab\r", `two\nlines\ttab\r`},
		{"del\x7f", `del\x7f`},
		{"c1 \u009b2J", `c1 \u009b2J`},
		{"not utf-8 \xff", `not utf-8 \xff`},
		{"a real \uFFFD stays", "a real \uFFFD stays"},
	} {
		assert.Equal(t, tc.want, diag.Escape(tc.in), "%q", tc.in)
	}
}

// TestWriteTextEscapesContent: a cell's control characters reach the
// terminal escaped, in the message, the source line and the hint, and the
// caret stays under the character it points at.
func TestWriteTextEscapesContent(t *testing.T) {
	var l diag.List
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers\a", Row: 7, Col: 5}, Char: 12, Severity: diag.Error, Code: "DW0412",
		Message: "unknown verb \"gain\x1b]0;pwned\a\"", Hint: "did you mean \x1b[2J?", Source: "gain\x1b]0;x\a(2); wound"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 8, Col: 5}, Char: 3, Severity: diag.Error, Code: "DW0307",
		Message: "at the tab", Source: "a\tb\x1bc"})
	var b strings.Builder
	require.NoError(t, diag.WriteText(&b, &l))
	assert.Equal(t, `base.xlsx:Dangers\x07!E7: error[DW0412]: unknown verb "gain\x1b]0;pwned\x07"
    gain\x1b]0;x\x07(2); wound
                     ^
  hint: did you mean \x1b[2J?
base.xlsx:Dangers!E8: error[DW0307]: at the tab
    a b\x1bc
      ^
2 errors, 0 warnings
`, b.String())
	assert.NotContains(t, b.String(), "\x1b")
	assert.NotContains(t, b.String(), "\a")
}

// TestEscapeWriter keeps line breaks and tabs (they lay out reports) and
// escapes the rest, even when a character is split across writes.
func TestEscapeWriter(t *testing.T) {
	var out bytes.Buffer
	w := diag.EscapeWriter(&out)
	for _, part := range []string{"hero\t\x1b[31mRed", "\n\xc2", "\x9b (a C1 split in two) Ñ", "\n"} {
		n, err := w.Write([]byte(part))
		require.NoError(t, err)
		assert.Equal(t, len(part), n)
	}
	assert.Equal(t, "hero\t\\x1b[31mRed\n\\u009b (a C1 split in two) Ñ\n", out.String())
}
