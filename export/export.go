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
	"errors"
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
	if errors.Is(err, templates.ErrSizeRange) {
		return Page{}, fmt.Errorf("page size %q is %w", s, templates.ErrSizeRange)
	}
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
	Pack    bool
	OneEach bool
	// MaxCards caps the cards of one document (0: DefaultMaxCards); an
	// export of more is written in parts (Output.Part).
	MaxCards  int
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
	// Part, when set, is where part n of total goes when an export holds
	// more cards than one document may (Options.MaxCards): it is called
	// for every part, the first included, and Fronts and Backs are unused.
	Part func(n, total int) (Output, error)
}

// DefaultMaxCards is how many cards one PDF holds: memory stays bounded
// (a document is built in memory), and an export of more is split into
// numbered parts.
const DefaultMaxCards = 3000

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
	limit := opt.MaxCards
	if limit <= 0 {
		limit = DefaultMaxCards
	}
	parts := split(items, limit, opt)
	if len(parts) > 1 && out.Part == nil {
		return nil, l, usagef("the export has %d cards, more than one PDF holds (%d): write it to a file (-o cards.pdf) and it is split into %d numbered parts, or print fewer (--deck, --cards)",
			cards(items, opt), limit, len(parts))
	}
	st = &Stats{}
	prog := &progress{}
	for _, p := range parts {
		n := cards(p, opt)
		st.Cards += n
		prog.total += n
		if opt.Duplex != DuplexNone || out.Backs != nil || opt.Layout == LayoutProof {
			prog.total += n
		}
	}
	r := newRenderer(set, t, l)
	for i, p := range parts {
		o := out
		if out.Part != nil {
			if o, err = out.Part(i+1, len(parts)); err != nil {
				return st, l, err
			}
		}
		w := newWriter(set, r, opt, o.Backs != nil, st, prog)
		if err := w.write(p); err != nil {
			return st, l, err
		}
		if err := output(w.front, o.Fronts); err != nil {
			return st, l, err
		}
		if o.Backs != nil {
			if err := output(w.back, o.Backs); err != nil {
				return st, l, err
			}
		}
		st.Files++
	}
	return st, l, nil
}

// split cuts the items into parts of at most limit cards, splitting an
// item's copies where a part ends.
func split(items []*Item, limit int, opt Options) [][]*Item {
	var parts [][]*Item
	var cur []*Item
	room := limit
	for _, it := range items {
		left := it.Copies
		if opt.Layout == LayoutProof {
			left = 1
		}
		for left > 0 {
			if room == 0 {
				parts = append(parts, cur)
				cur, room = nil, limit
			}
			n := min(left, room)
			part := *it
			part.Copies = n
			cur = append(cur, &part)
			left -= n
			room -= n
		}
	}
	return append(parts, cur)
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
	case o.BackOffset != [2]float64{} && o.Layout == LayoutSingle:
		return usagef("--back-offset lines up backs printed behind a sheet of fronts; --layout single puts each face on its own page: leave it out")
	case o.BackOffset != [2]float64{} && o.Layout == LayoutProof:
		return usagef("--back-offset lines up backs printed behind a sheet of fronts; --proof shows each back beside its front: leave it out")
	case o.Duplex == DuplexShort && o.Layout == LayoutSingle:
		return usagef("--duplex short turns backs printed behind a sheet of fronts; --layout single puts each face upright on its own page, for the print shop to impose: leave it out")
	case o.Duplex == DuplexShort && o.Layout == LayoutProof:
		return usagef("--duplex short turns backs printed behind a sheet of fronts; --proof shows each back beside its front: leave it out")
	case o.BackOffset != [2]float64{} && o.Duplex == DuplexNone:
		return usagef("--back-offset moves the backs, and --duplex none prints none: leave it out")
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
