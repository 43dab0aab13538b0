package export

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/gofont/gosmallcapsitalic"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/templates"
)

// Font is one font file (a family's style), measured with its own advance
// widths so that layout does not depend on the PDF writer, and drawn by
// the raster renderer from its outlines. What it knows of each rune is
// cached.
type Font struct {
	name    string // unique in a document: the PDF knows the font by it
	family  string
	style   string
	data    []byte
	sf      *sfnt.Font
	upem    float64
	ascent  float64 // fractions of the font size
	descent float64

	ascii    [128]glyphInfo // read without the lock: filled when the font is parsed
	mu       sync.Mutex
	runes    map[rune]glyphInfo
	outlines map[sfnt.GlyphIndex]*Path // for rasters, in font units
	buf      sfnt.Buffer
}

type glyphInfo struct {
	index   sfnt.GlyphIndex
	advance float64 // a fraction of the font size
	ok      bool    // the font can print the rune
}

// parseFont reads a TrueType or OpenType font.
func parseFont(name, family, style string, data []byte) (*Font, error) {
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	f := &Font{name: name, family: family, style: style, data: data, sf: sf, upem: float64(sf.UnitsPerEm()), runes: map[rune]glyphInfo{}}
	if mt, err := sf.Metrics(&f.buf, fixed.Int26_6(sf.UnitsPerEm())<<6, font.HintingNone); err == nil && mt.Ascent > 0 {
		f.ascent = float64(mt.Ascent) / 64 / f.upem
		f.descent = float64(mt.Descent) / 64 / f.upem
	} else {
		f.ascent, f.descent = 0.9, 0.2
	}
	for r := range f.ascii {
		f.ascii[r] = f.lookup(rune(r))
	}
	return f, nil
}

// glyph returns what the font knows of a rune. A rune the font maps to a
// coloured (bitmap) glyph counts as missing: it prints in neither the PDF
// nor a PNG.
func (f *Font) glyph(r rune) glyphInfo {
	if r >= 0 && r < 128 {
		return f.ascii[r]
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if g, ok := f.runes[r]; ok {
		return g
	}
	g := f.lookup(r)
	if len(f.runes) < maxCachedRunes {
		f.runes[r] = g
	}
	return g
}

// lookup reads what the font knows of a rune (the caller holds the lock,
// or owns the font).
func (f *Font) lookup(r rune) glyphInfo {
	g := glyphInfo{advance: 0.5}
	ppem := fixed.Int26_6(f.upem) << 6
	// The PDF writer embeds the Basic Multilingual Plane only.
	if gi, err := f.sf.GlyphIndex(&f.buf, r); err == nil && gi != 0 && r <= 0xFFFF {
		if a, err := f.sf.GlyphAdvance(&f.buf, gi, ppem, font.HintingNone); err == nil {
			if _, err := f.sf.LoadGlyph(&f.buf, gi, ppem, nil); err == nil {
				g = glyphInfo{index: gi, advance: float64(a) / 64 / f.upem, ok: true}
			}
		}
	}
	return g
}

// maxCachedRunes bounds each font's cache against text of every character.
const maxCachedRunes = 1 << 16

// has says whether the font prints r.
func (f *Font) has(r rune) bool { return f.glyph(r).ok }

// width returns the width of s in millimetres at sizePt points.
func (f *Font) width(s string, sizePt float64) float64 {
	w := 0.0
	for _, r := range s {
		w += f.glyph(r).advance
	}
	return w * sizePt * ptMM
}

// ptMM is one point in millimetres.
const ptMM = 25.4 / 72

// bundledFiles are the embedded Go fonts (Latin, Greek, Cyrillic), by the
// family and style names templates use (templates.Fonts).
var bundledFiles = map[string]map[string][]byte{
	"sans":      {"regular": goregular.TTF, "bold": gobold.TTF, "italic": goitalic.TTF, "bold-italic": gobolditalic.TTF},
	"medium":    {"regular": gomedium.TTF, "italic": gomediumitalic.TTF},
	"mono":      {"regular": gomono.TTF, "bold": gomonobold.TTF, "italic": gomonoitalic.TTF, "bold-italic": gomonobolditalic.TTF},
	"smallcaps": {"regular": gosmallcaps.TTF, "italic": gosmallcapsitalic.TTF},
}

var (
	bundledOnce  sync.Once
	bundledFonts map[string]map[string]*Font
)

// bundled returns the embedded fonts, parsed once.
func bundled() map[string]map[string]*Font {
	bundledOnce.Do(func() {
		bundledFonts = map[string]map[string]*Font{}
		for fam, styles := range bundledFiles {
			bundledFonts[fam] = map[string]*Font{}
			for style, data := range styles {
				f, err := parseFont("dw"+fam+"-"+style, fam, style, data)
				if err != nil {
					panic("export: an embedded Go font does not parse: " + err.Error()) // they always parse
				}
				bundledFonts[fam][style] = f
			}
		}
	})
	return bundledFonts
}

// fontBook is the fonts an export may use: the embedded ones and the
// project's own, and the fallback families tried, in order, for a
// character a zone's font lacks.
type fontBook struct {
	families map[string]map[string]*Font
	fallback []string
}

var (
	projectMu    sync.Mutex
	projectFonts = map[string]*Font{} // by content hash and style, parsed once per process
)

// newFontBook gathers a template set's fonts. Project font files were
// checked when the templates loaded; one that still does not parse is left
// out (its family falls back to sans).
func newFontBook(set *templates.Set) *fontBook {
	b := &fontBook{families: map[string]map[string]*Font{}}
	for fam, styles := range bundled() {
		b.families[fam] = styles
	}
	if set == nil {
		return b
	}
	for _, fam := range set.FontFamilies() {
		ff := set.Fonts[fam]
		styles := map[string]*Font{}
		for style, file := range ff.Styles {
			if f := projectFont(fam, style, file.Data); f != nil {
				styles[style] = f
			}
		}
		if len(styles) > 0 {
			b.families[fam] = styles
		}
	}
	b.fallback = set.Fallback
	return b
}

func projectFont(family, style string, data []byte) *Font {
	sum := sha256.Sum256(data)
	key := hex.EncodeToString(sum[:8]) + "-" + style
	projectMu.Lock()
	defer projectMu.Unlock()
	if f, ok := projectFonts[key]; ok {
		return f
	}
	f, err := parseFont("dwp"+key, family, style, data)
	if err != nil {
		return nil
	}
	if len(projectFonts) < 64 {
		projectFonts[key] = f
	}
	return f
}

// resolve picks the font for a base style with markup toggles, falling
// back to what the family has (small caps have no bold).
func (b *fontBook) resolve(family, base string, bold, italic bool) *Font {
	bb := base == "bold" || base == "bold-italic"
	ii := base == "italic" || base == "bold-italic"
	bb, ii = bb != bold, ii != italic
	styles := b.families[family]
	for _, try := range [][2]bool{{bb, ii}, {false, ii}, {bb, false}, {false, false}} {
		if f, ok := styles[styleName(try[0], try[1])]; ok {
			return f
		}
	}
	for _, f := range styles {
		return f
	}
	return bundled()["sans"]["regular"]
}

func styleName(bold, italic bool) string {
	switch {
	case bold && italic:
		return "bold-italic"
	case bold:
		return "bold"
	case italic:
		return "italic"
	}
	return "regular"
}

// pick returns the font that prints r: f itself, or the first fallback
// family (in f's style, else its regular) that has it; ok is false when
// none does.
func (b *fontBook) pick(f *Font, r rune) (*Font, bool) {
	if f.has(r) || unicode.IsSpace(r) {
		return f, true
	}
	for _, fam := range b.fallback {
		styles := b.families[fam]
		for _, st := range []string{f.style, "regular"} {
			if g, ok := styles[st]; ok && g.has(r) {
				return g, true
			}
		}
	}
	return f, false
}

// missing returns the characters of s that no font can print, each once,
// in the order they come.
func (b *fontBook) missing(f *Font, s string) []rune {
	var out []rune
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || slices.Contains(out, r) {
			continue
		}
		if _, ok := b.pick(f, r); !ok {
			out = append(out, r)
		}
	}
	return out
}

// describe names a font for messages: "sans bold".
func (f *Font) describe() string { return fmt.Sprintf("%s %s", f.family, f.style) }
