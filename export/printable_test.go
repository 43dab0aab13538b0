package export

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Text pasted from other programs carries decomposed accents and invisible
// characters: each prints as the designer sees it in the spreadsheet, with
// no "?" on the card and no warning to add a font.
func TestPastedTextPrintsAsSeen(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"plain ASCII is left alone", "Gain 2 Glory.", "Gain 2 Glory."},
		{"a combining accent (macOS writes é as e + U+0301)", "Cafe\u0301 cre\u0300me", "Café crème"},
		{"a zero-width space", "zero\u200bwidth", "zerowidth"},
		{"zero-width joiner and non-joiner, word joiner", "a\u200db\u200cc\u2060d", "abcd"},
		{"bidi controls", "abc\u202edef\u202c ghi \u200e\u200f\u2066x\u2069", "abcdef ghi x"},
		{"a byte-order mark", "\ufeffStart", "Start"},
		{"a soft hyphen", "soft\u00adhyphen", "softhyphen"},
		{"a variation selector", "Text\ufe0e style", "Text style"},
		{"NBSP and other spaces stay", "10\u00a0km", "10\u00a0km"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, printable(tc.text))
			rows := []toyRow{{"id": "pasted", "name": "Pasted", "deck": "red", "text": tc.text}}
			_, l, _ := exportToy(t, toySet(t, nil), toyTables(map[string][]toyRow{"cards": rows}), testOptions())
			assert.Zero(t, l.Len(), "no character is reported: %v", l.Items())
		})
	}
}

// A combining mark no letter composes with still has no glyph: it is
// reported, alone, at the cell.
func TestACombiningMarkWithoutAComposedFormIsReported(t *testing.T) {
	rows := []toyRow{{"id": "tilde", "name": "Tilde", "deck": "red", "text": "Cafe\u0301 q\u0303"}}
	_, l, _ := exportToy(t, toySet(t, nil), toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	require.Equal(t, 1, l.Len(), "%v", l.Items())
	d := l.Items()[0]
	assert.Equal(t, CodeGlyph, d.Code)
	assert.Equal(t, "toy.xlsx:Cards!H2", d.Pos.String())
	assert.Equal(t, `card "tilde" has "\u0303" (U+0303), which no font of the templates can print; it prints as ?`, d.Message)
}
