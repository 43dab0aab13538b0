package export

import (
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
)

// fontKey names one font file: a family and a style.
type fontKey struct{ family, style string }

// fontFiles are the embedded Go fonts (Latin, Greek, Cyrillic), by the
// family and style names templates use (templates.Fonts).
var fontFiles = map[fontKey][]byte{
	{"sans", "regular"}:      goregular.TTF,
	{"sans", "bold"}:         gobold.TTF,
	{"sans", "italic"}:       goitalic.TTF,
	{"sans", "bold-italic"}:  gobolditalic.TTF,
	{"medium", "regular"}:    gomedium.TTF,
	{"medium", "italic"}:     gomediumitalic.TTF,
	{"mono", "regular"}:      gomono.TTF,
	{"mono", "bold"}:         gomonobold.TTF,
	{"mono", "italic"}:       gomonoitalic.TTF,
	{"mono", "bold-italic"}:  gomonobolditalic.TTF,
	{"smallcaps", "regular"}: gosmallcaps.TTF,
	{"smallcaps", "italic"}:  gosmallcapsitalic.TTF,
}

// pdfName returns the family and style gofpdf knows the font by.
func (k fontKey) pdfName() (family, style string) {
	switch k.style {
	case "bold":
		return "dw" + k.family, "B"
	case "italic":
		return "dw" + k.family, "I"
	case "bold-italic":
		return "dw" + k.family, "BI"
	}
	return "dw" + k.family, ""
}

// resolve picks the font for a base style with markup toggles, falling back
// to what the family has (small caps have no bold).
func resolveFont(family, base string, bold, italic bool) fontKey {
	b := base == "bold" || base == "bold-italic"
	i := base == "italic" || base == "bold-italic"
	b, i = b != bold, i != italic
	for _, try := range [][2]bool{{b, i}, {false, i}, {b, false}, {false, false}} {
		k := fontKey{family, styleName(try[0], try[1])}
		if _, ok := fontFiles[k]; ok {
			return k
		}
	}
	return fontKey{"sans", "regular"}
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

// metrics measures text with a font's own advance widths, so layout does not
// depend on the PDF writer. Widths are cached per rune.
type metrics struct {
	font    *sfnt.Font
	upem    float64
	ascent  float64 // fraction of the font size
	descent float64
	mu      sync.Mutex
	widths  map[rune]float64 // advance as a fraction of the font size; <0: not in the font
	buf     sfnt.Buffer
}

var (
	metricsMu    sync.Mutex
	metricsCache = map[fontKey]*metrics{}
)

func fontMetrics(k fontKey) *metrics {
	metricsMu.Lock()
	defer metricsMu.Unlock()
	if m, ok := metricsCache[k]; ok {
		return m
	}
	data, ok := fontFiles[k]
	if !ok {
		data = goregular.TTF
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		panic("export: embedded font does not parse: " + err.Error()) // the Go fonts always parse
	}
	m := &metrics{font: f, upem: float64(f.UnitsPerEm()), widths: map[rune]float64{}}
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6
	if mt, err := f.Metrics(&m.buf, ppem, font.HintingNone); err == nil {
		m.ascent = float64(mt.Ascent) / 64 / m.upem
		m.descent = float64(mt.Descent) / 64 / m.upem
	} else {
		m.ascent, m.descent = 0.9, 0.2
	}
	metricsCache[k] = m
	return m
}

// advance returns a rune's advance width as a fraction of the font size, and
// whether the font has the rune.
func (m *metrics) advance(r rune) (float64, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if w, ok := m.widths[r]; ok {
		if w < 0 {
			return 0.5, false
		}
		return w, true
	}
	w := -1.0
	gi, err := m.font.GlyphIndex(&m.buf, r)
	if err == nil && gi != 0 {
		ppem := fixed.Int26_6(m.upem) << 6
		if a, err := m.font.GlyphAdvance(&m.buf, gi, ppem, font.HintingNone); err == nil {
			w = float64(a) / 64 / m.upem
		}
	}
	m.widths[r] = w
	if w < 0 {
		return 0.5, false
	}
	return w, true
}

// width returns the width of s in millimetres at sizePt points.
func (m *metrics) width(s string, sizePt float64) float64 {
	w := 0.0
	for _, r := range s {
		a, _ := m.advance(r)
		w += a
	}
	return w * sizePt * ptMM
}

// covers reports whether the font has every rune of s, returning the first
// it lacks.
func (m *metrics) covers(s string) (rune, bool) {
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			continue
		}
		if _, ok := m.advance(r); !ok {
			return r, false
		}
	}
	return 0, true
}

// ptMM is one point in millimetres.
const ptMM = 25.4 / 72
