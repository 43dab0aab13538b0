package export

import (
	"bytes"
	"io"
	"math"
	"regexp"

	"github.com/deckwright/deckwright/templates"
)

// writer assembles the pages of one document (or a document of fronts and
// one of backs).
type writer struct {
	set      *templates.Set
	opt      Options
	r        *renderer
	front    *doc
	back     *doc // == front unless backs go to their own document
	backs    bool // back pages are written
	stats    *Stats
	prog     *progress
	separate bool
}

// progress counts the faces drawn against the export's total.
type progress struct{ done, total int }

func newWriter(set *templates.Set, r *renderer, opt Options, separate bool, st *Stats, prog *progress) *writer {
	w := &writer{set: set, opt: opt, r: r, stats: st, prog: prog, separate: separate}
	title := set.Schema.Title + " cards"
	w.front = newDoc(opt, title)
	w.back = w.front
	if separate {
		w.back = newDoc(opt, title+" (backs)")
	}
	w.backs = opt.Duplex != DuplexNone || separate
	return w
}

// Stats describe what an export wrote.
type Stats struct {
	Pages     int // pages of the main document (backs included when they follow their fronts)
	BackPages int // back pages, in either document
	Cards     int // cards printed, copies counted
	Faces     int // faces drawn, fronts and backs
	Files     int // documents written (more than one when the export was split)
}

// face draws one face at a trim box with the export's bleed.
func (w *writer) face(d *doc, it *Item, f *templates.Face, trim Rect, back, turned bool) {
	w.r.drawFace(d, it, f, trim, w.opt.Bleed, turned, faceLabel(it, back))
	if w.opt.trace != nil {
		w.opt.trace(placed{page: d.pages(), back: back, tpl: it.Template.Name, id: it.ID(), trim: trim, turned: turned})
	}
}

func (w *writer) cardSize(t *templates.Template) templates.Size {
	return cardSize(t, w.opt)
}

// cardSize is the size a template's cards print at: --size for cards,
// their own for sheets.
func cardSize(t *templates.Template, opt Options) templates.Size {
	if t.Kind == "card" && opt.CardSize != nil {
		return *opt.CardSize
	}
	return t.Size
}

func (w *writer) progress(faces int) {
	w.prog.done += faces
	w.stats.Faces += faces
	if w.opt.Progress != nil {
		w.opt.Progress(w.prog.done, w.prog.total)
	}
}

// cards counts the cards items print: their copies, one each in a proof.
func cards(items []*Item, opt Options) int {
	n := 0
	for _, it := range items {
		if opt.Layout == LayoutProof {
			n++
		} else {
			n += it.Copies
		}
	}
	return n
}

func (w *writer) write(items []*Item) error {
	var err error
	switch w.opt.Layout {
	case LayoutSingle:
		w.single(items)
	case LayoutProof:
		w.proofs(items)
	default:
		err = w.sheets(items)
	}
	if err != nil {
		return err
	}
	for _, d := range []*doc{w.front, w.back} {
		if d.err != nil {
			return d.err
		}
		if err := d.pdf.Error(); err != nil {
			return err
		}
	}
	return nil
}

// runs splits items into the groups that share sheets: each template's
// cards on pages of their own or, with Pack, every card of one size
// together, in the order the sizes first appear.
func runs(items []*Item, opt Options) [][]*Item {
	var out [][]*Item
	index := map[any]int{}
	for _, it := range items {
		var key any = it.Template
		if opt.Pack {
			key = cardSize(it.Template, opt)
		}
		i, ok := index[key]
		if !ok || (!opt.Pack && out[i][len(out[i])-1].Template != it.Template) {
			i = len(out)
			index[key] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], it)
	}
	return out
}

// sheets imposes cards on pages, each front page followed by its back page
// (or the back page going to the backs document).
func (w *writer) sheets(items []*Item) error {
	o := w.opt
	for _, run := range runs(items, o) {
		var slots []*Item
		for _, it := range run {
			for c := 0; c < it.Copies; c++ {
				slots = append(slots, it)
			}
		}
		t := run[0].Template
		size := w.cardSize(t)
		g, err := NewGrid(o.Page.W, o.Page.H, size.W, size.H, o.Bleed, o.Margin, o.Gutter, o.CropMarks)
		if err != nil {
			return usagef("%s: %v", t.Title, err)
		}
		per := g.PerPage()
		for p := 0; p < len(slots); p += per {
			page := slots[p:min(p+per, len(slots))]
			w.front.addPage(o.Page.W, o.Page.H)
			w.stats.Pages++
			if o.CropMarks {
				cropMarks(w.front, g)
			}
			for i, it := range page {
				w.face(w.front, it, it.Template.Front, g.Trim(i), false, false)
			}
			w.progress(len(page))
			if w.backs {
				w.back.addPage(o.Page.W, o.Page.H)
				w.stats.BackPages++
				if !w.separate {
					w.stats.Pages++
				}
				for i, it := range page {
					r, turned := g.Back(i, o.Duplex, o.BackOffset[0], o.BackOffset[1])
					w.face(w.back, it, it.Template.Back, r, true, turned)
				}
				w.progress(len(page))
			}
			w.r.forget()
		}
	}
	return nil
}

// cropMarks draws a grid's crop marks: thin black lines in the margin.
func cropMarks(c Canvas, g Grid) {
	for _, s := range g.CropMarks() {
		c.Stroke(linePath(s.X1, s.Y1, s.X2, s.Y2), black, Pen{Width: 0.1})
	}
}

// single writes one card per page at trim size plus bleed, with TrimBox
// and BleedBox, each front followed by its back.
func (w *writer) single(items []*Item) {
	b := w.opt.Bleed
	for _, it := range items {
		size := w.cardSize(it.Template)
		pw, ph := size.W+2*b, size.H+2*b
		trim := Rect{b, b, size.W, size.H}
		page := func(d *doc, face *templates.Face, back bool) {
			d.addPage(pw, ph)
			d.setBoxes(trim, Rect{0, 0, pw, ph})
			w.face(d, it, face, trim, back, false)
		}
		for c := 0; c < it.Copies; c++ {
			page(w.front, it.Template.Front, false)
			w.stats.Pages++
			w.progress(1)
			if w.backs {
				page(w.back, it.Template.Back, true)
				w.stats.BackPages++
				if !w.separate {
					w.stats.Pages++
				}
				w.progress(1)
			}
		}
		w.r.forget()
	}
}

// Proof page geometry, in millimetres.
const (
	proofMargin = 10
	proofHeader = 14
	proofFooter = 20
	proofGap    = 12
	proofMaxK   = 2.5
)

// proofs writes one page per card: front and back enlarged side by side,
// the trim line and safe area drawn, with what identifies the card's
// content, marked PROTOTYPE.
func (w *writer) proofs(items []*Item) {
	pw, ph := math.Max(w.opt.Page.W, w.opt.Page.H), math.Min(w.opt.Page.W, w.opt.Page.H)
	d := w.front
	grey := templates.Color{R: 150, G: 150, B: 150}
	sans, bold, mono := w.r.fonts.resolve("sans", "regular", false, false), w.r.fonts.resolve("sans", "bold", false, false), w.r.fonts.resolve("mono", "regular", false, false)
	for _, it := range items {
		t := it.Template
		size := w.cardSize(t)
		faces := []*templates.Face{t.Front}
		if t.Back != nil {
			faces = append(faces, t.Back)
		}
		n := float64(len(faces))
		availW := pw - 2*proofMargin - (n-1)*proofGap
		availH := ph - 2*proofMargin - proofHeader - proofFooter
		k := math.Min(proofMaxK, math.Min(availW/(n*size.W), availH/size.H))
		cw, ch := size.W*k, size.H*k
		x := (pw - (n*cw + (n-1)*proofGap)) / 2
		y := proofMargin + proofHeader + (availH-ch)/2
		d.addPage(pw, ph)
		w.stats.Pages++
		// Header.
		d.Text(proofMargin, proofMargin+6, bold, 16, alertRed, "PROTOTYPE")
		d.Text(proofMargin+40, proofMargin+6, sans, 11, black, t.Title+" · "+it.ID())
		for i, f := range faces {
			trim := Rect{x + float64(i)*(cw+proofGap), y, cw, ch}
			w.r.drawFace(d, it, f, trim, 0, false, faceLabel(it, i == 1))
			d.Stroke(rectPath(trim), grey, Pen{Width: 0.2})
			if t.Safe > 0 {
				s := t.Safe * k * math.Min(size.W/t.Size.W, size.H/t.Size.H)
				d.Stroke(rectPath(Rect{trim.X + s, trim.Y + s, trim.W - 2*s, trim.H - 2*s}), grey, Pen{Width: 0.2, Dash: []float64{1.5, 1.5}})
			}
			watermark(d, bold, trim)
			label := "front"
			if i == 1 {
				label = "back"
			}
			d.Text(trim.X, trim.Y-1.5, sans, 8, grey, label)
		}
		// Footer: what identifies the card's content.
		layer := it.Layer()
		if layer == "" {
			layer = "template"
		}
		lines := []string{
			"ID " + it.ID() + "   ·   layer " + layer + "   ·   source " + it.where() + "   ·   content hash " + it.hash(),
			"template " + t.Name + " (" + t.Pos.File + ")   ·   " + size.String() + "   ·   copies in the deck: " + itoa(max(it.Copies, 0)),
		}
		for i, s := range lines {
			d.Text(proofMargin, ph-proofMargin-float64(len(lines)-1-i)*4.5, mono, 8, black, s)
		}
		w.progress(len(faces))
		w.r.forget()
	}
}

// watermark writes PROTOTYPE across a face, faintly.
func watermark(c Canvas, f *Font, r Rect) {
	angle := math.Atan2(r.H, r.W) * 180 / math.Pi
	c.Begin(Group{Transform: rotateAbout(angle, r.X+r.W/2, r.Y+r.H/2)})
	c.SetAlpha(0.16)
	size := r.W / 6 / ptMM
	tw := f.width("PROTOTYPE", size)
	c.Text(r.X+r.W/2-tw/2, r.Y+r.H/2+size*ptMM*0.35, f, size, alertRed, "PROTOTYPE")
	c.End()
}

// pageBoxes matches the two page boxes gofpdf writes in map order.
var pageBoxes = regexp.MustCompile(`(/BleedBox \[[^\]\n]*\]\n)(/TrimBox \[[^\]\n]*\]\n)`)

// output writes a document, putting page boxes in one order so the same
// input always gives the same bytes (the swap keeps every offset).
func output(d *doc, w io.Writer) error {
	var buf bytes.Buffer
	if err := d.pdf.Output(&buf); err != nil {
		return err
	}
	_, err := w.Write(pageBoxes.ReplaceAll(buf.Bytes(), []byte("$2$1")))
	return err
}

var (
	black    = templates.Color{}
	white    = templates.Color{R: 255, G: 255, B: 255}
	alertRed = templates.Color{R: 230, G: 0, B: 0}
)
