// Package export lays out cards and sheets from declarative templates and
// writes print-ready PDF: card sheets with crop marks and duplex backs,
// one-card pages with TrimBox and BleedBox for print shops, and enlarged
// proofs. It knows nothing about any particular game: what prints where is
// the templates' business.
//
// The parts, each usable on its own:
//
//   - impose.go: the sheet maths (Grid: slots, cut lines, crop marks, where a
//     back lands under long- or short-edge duplex);
//   - markup.go and fit.go: card text with **bold**, *italic* and {icon}
//     tokens, wrapped and shrunk to fit its zone;
//   - render.go: drawing a template face for a row;
//   - pdf.go: pages, fonts, and the document.
package export

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Page is a paper size in millimetres.
type Page struct {
	Name string
	W, H float64
}

// Pages are the paper sizes known by name.
var Pages = []Page{
	{"a4", 210, 297},
	{"letter", 215.9, 279.4},
}

// ParsePage reads a4, letter, or WxH in millimetres.
func ParsePage(s string) (Page, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range Pages {
		if p.Name == s {
			return p, nil
		}
	}
	sz, err := templates.ParseSize(s)
	if err != nil || sz.Name != "" {
		return Page{}, fmt.Errorf("unknown page size %q: use a4, letter, or WxH in millimetres such as 210x297", s)
	}
	return Page{W: sz.W, H: sz.H}, nil
}

// Layout says how cards are placed on pages.
type Layout int

const (
	// LayoutSheets imposes cards on pages, with crop marks and backs.
	LayoutSheets Layout = iota
	// LayoutSingle writes one card per page at trim size plus bleed, with
	// TrimBox and BleedBox set: what print-on-demand shops ask for.
	LayoutSingle
	// LayoutProof writes one card per page, front and back enlarged side by
	// side, with its ID, layer, source cell and content hash, marked
	// PROTOTYPE.
	LayoutProof
)

// Options control an export. The zero value is not ready: start from
// DefaultOptions.
type Options struct {
	Page Page
	// CardSize overrides the size of card templates (kind: card); sheets
	// keep their own size. nil keeps each template's size.
	CardSize *templates.Size
	Bleed    float64 // mm on every side, art extended into it
	Margin   float64 // mm of page kept clear around the cards
	Gutter   float64 // mm between cards
	Duplex   Duplex
	// BackOffset shifts backs by (X, Y) mm to calibrate a printer whose
	// duplex does not register exactly.
	BackOffset [2]float64
	Layout     Layout
	// Pack fills sheets across decks: cards of one size share pages
	// whatever their deck, instead of each deck starting a new sheet.
	Pack      bool
	OneEach   bool
	Decks     []string // deck names; none: every deck
	Cards     []string // card IDs; none: every card
	Layer     string   // a layer's ID or name: only its new and replaced rows
	CropMarks bool
	// Progress, when set, is called after each page with the faces drawn
	// so far and in all.
	Progress func(done, total int)
	// Date is the PDF's creation date; fixed so that the same content and
	// options give the same bytes.
	Date time.Time
	// uncompressed is set by tests that read the PDF's drawing operators.
	uncompressed bool
	// trace, when set (by tests), hears of every face drawn.
	trace func(placed)
}

// placed records where a face was drawn.
type placed struct {
	page   int // 1-based, in its document
	back   bool
	tpl    string // the template's name
	id     string
	trim   Rect
	turned bool
}

// DefaultOptions are what `deckwright export pdf` uses with no flags: A4,
// templates' own sizes, no bleed, 5 mm margins, crop marks, long-edge
// duplex backs.
func DefaultOptions() Options {
	return Options{Page: Pages[0], Margin: 5, Duplex: DuplexLong, CropMarks: true,
		Date: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// Output is where an export writes.
type Output struct {
	Fronts io.Writer
	// Backs, when set, receives the back pages as their own document (page
	// n of it backs page n of Fronts); otherwise each back page follows its
	// front page.
	Backs io.Writer
}

// Export prints the selected rows of the tables with the set's templates.
// Options and I/O problems are returned as an error (a *UsageError for bad
// options); content problems (text that does not fit, unknown icons) are
// diagnostics, and the PDF is still written so they can be seen.
func Export(set *templates.Set, t *table.Tables, out Output, opt Options) (st *Stats, l *diag.List, err error) {
	l = &diag.List{}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while writing the PDF (please report it): %v", p)
		}
	}()
	if err := opt.check(); err != nil {
		return nil, l, err
	}
	items, err := Select(set, t, opt)
	if err != nil {
		return nil, l, err
	}
	if len(opt.Decks) == 0 && len(opt.Cards) == 0 && opt.Layer == "" {
		unprinted(set, t, l)
	}
	if len(items) == 0 {
		return nil, l, usagef("nothing to print: no card matches the options")
	}
	w := newWriter(set, newRenderer(set, t, l), opt, out.Backs != nil)
	w.count(items)
	if err := w.write(items); err != nil {
		return nil, l, err
	}
	if err := output(w.front, out.Fronts); err != nil {
		return nil, l, err
	}
	if out.Backs != nil {
		if err := output(w.back, out.Backs); err != nil {
			return nil, l, err
		}
	}
	return w.stats, l, nil
}

func (o *Options) check() error {
	// Written as "not inside" so that NaN (which --bleed NaN parses to)
	// is refused too; huge values print short.
	outside := func(x, lo, hi float64) bool { return !(x >= lo && x <= hi) }
	show := func(x float64) string {
		if !(math.Abs(x) < 1e6) {
			return strconv.FormatFloat(x, 'g', 4, 64)
		}
		return num(x)
	}
	switch {
	case o.Page.W <= 0 || o.Page.H <= 0:
		return usagef("no page size")
	case outside(o.Bleed, 0, 20):
		return usagef("--bleed must be from 0 to 20 mm, not %s", show(o.Bleed))
	case outside(o.Margin, 0, 100):
		return usagef("--margin must be from 0 to 100 mm, not %s", show(o.Margin))
	case outside(o.Gutter, 0, 100):
		return usagef("--gutter must be from 0 to 100 mm, not %s", show(o.Gutter))
	case outside(o.BackOffset[0], -50, 50) || outside(o.BackOffset[1], -50, 50):
		return usagef("--back-offset must be within ±50 mm")
	}
	return nil
}

// ParseOffset reads "X,Y" in millimetres.
func ParseOffset(s string) ([2]float64, error) {
	var out [2]float64
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return out, fmt.Errorf("offset %q is not X,Y in millimetres, such as 0.5,-1", s)
	}
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return out, fmt.Errorf("offset %q is not X,Y in millimetres, such as 0.5,-1", s)
		}
		out[i] = f
	}
	return out, nil
}
