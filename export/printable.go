package export

import (
	"strings"
	"unicode"

	"github.com/deckwright/deckwright/engine/diag"
)

// printable prepares a cell's text for a card. It composes it (NFC), so a
// letter typed as a base and a combining accent — macOS, and text copied
// from some web pages, write "é" as "e" + U+0301 — prints as the font's
// "é" rather than "e?"; and it drops the invisible characters text picks
// up when pasted: zero-width spaces and joiners, byte-order marks, bidi
// controls, soft hyphens (Unicode's format characters) and variation
// selectors. None has a glyph: kept, each printed as "?", with a warning
// telling the designer to add a font that cannot help.
func printable(s string) string {
	s = diag.Composed(s)
	if strings.IndexFunc(s, invisible) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s)
}

// invisible reports a character that takes no room and has no glyph.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r)
}
