package export

import (
	"bytes"
	"io"
	"math"
	"regexp"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// writer assembles the pages of an export.
type writer struct {
	set      *templates.Set
	opt      Options
	r        *renderer
	front    *doc
	back     *doc // == front unless backs go to their own document
	backs    bool // back pages are written
	stats    *Stats
	done     int
	total    int
	separate bool
}

func newWriter(set *templates.Set, t *table.Tables, opt Options, l *diag.List, separate bool) *writer {
	w := &writer{set: set, opt: opt, r: newRenderer(set, t, l), stats: &Stats{}, separate: separate}
	title := set.Schema.Title + " cards"
	w.front = newDoc(opt, title)
	w.back = w.front
	if separate {
		w.back = newDoc(opt, title+" (backs)")
	}
	w.backs = opt.Duplex != DuplexNone || separate
	return w
}

func newDoc(opt Options, title string) *doc {
	pdf := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", Size: gofpdf.SizeType{Wd: opt.Page.W, Ht: opt.Page.H}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCreationDate(opt.Date)
	pdf.SetModificationDate(opt.Date)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(!opt.uncompressed)
	pdf.SetProducer("deckwright", false)
	pdf.SetCreator("deckwright", false)
	pdf.SetTitle(title, true)
	return &doc{pdf: pdf, fonts: map[fontKey]bool{}}
}

// Stats describe what an export wrote.
type Stats struct {
	Pages     int // pages of the main document (backs included when they follow their fronts)
	BackPages int // back pages, in either document
	Cards     int // cards printed, copies counted
	Faces     int // faces drawn, fronts and backs
}

// face draws one face at a trim box with the export's bleed.
func (w *writer) face(d *doc, it *Item, f *templates.Face, trim Rect, back, turned bool) {
	w.r.drawFace(d, it, f, trim, w.opt.Bleed, turned)
	if w.opt.trace != nil {
		w.opt.trace(placed{page: d.pdf.PageNo(), back: back, tpl: it.Template.Name, id: it.ID(), trim: trim, turned: turned})
	}
}

func (w *writer) cardSize(t *templates.Template) templates.Size {
	if t.Kind == "card" && w.opt.CardSize != nil {
		return *w.opt.CardSize
	}
	return t.Size
}

func (w *writer) progress(faces int) {
	w.done += faces
	w.stats.Faces += faces
	if w.opt.Progress != nil {
		w.opt.Progress(w.done, w.total)
	}
}

func (w *writer) write(items []*Item) error {
	for _, it := range items {
		n := it.Copies
		if w.opt.Layout == LayoutProof {
			n = 1
		}
		w.stats.Cards += n
		w.total += n
		if w.backs || w.opt.Layout == LayoutProof {
			w.total += n
		}
	}
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
		if err := d.pdf.Error(); err != nil {
			return err
		}
	}
	return nil
}

// sheets imposes each template's cards on pages of their own, each front
// page followed by its back page (or the back page going to the backs
// document).
func (w *writer) sheets(items []*Item) error {
	o := w.opt
	for start := 0; start < len(items); {
		t := items[start].Template
		end := start
		var slots []*Item
		for ; end < len(items) && items[end].Template == t; end++ {
			for c := 0; c < items[end].Copies; c++ {
				slots = append(slots, items[end])
			}
		}
		start = end
		size := w.cardSize(t)
		g, err := NewGrid(o.Page.W, o.Page.H, size.W, size.H, o.Bleed, o.Margin, o.Gutter)
		if err != nil {
			return usagef("%s: %v", t.Title, err)
		}
		per := g.PerPage()
		for p := 0; p < len(slots); p += per {
			page := slots[p:min(p+per, len(slots))]
			w.front.pdf.AddPageFormat("P", gofpdf.SizeType{Wd: o.Page.W, Ht: o.Page.H})
			w.stats.Pages++
			if o.CropMarks {
				w.cropMarks(w.front, g)
			}
			for i, it := range page {
				w.face(w.front, it, t.Front, g.Trim(i), false, false)
			}
			w.progress(len(page))
			if !w.backs {
				continue
			}
			w.back.pdf.AddPageFormat("P", gofpdf.SizeType{Wd: o.Page.W, Ht: o.Page.H})
			w.stats.BackPages++
			if !w.separate {
				w.stats.Pages++
			}
			for i, it := range page {
				r, turned := g.Back(i, o.Duplex, o.BackOffset[0], o.BackOffset[1])
				w.face(w.back, it, t.Back, r, true, turned)
			}
			w.progress(len(page))
		}
	}
	return nil
}

// cropMarks draws a grid's crop marks: thin black lines in the margin.
func (w *writer) cropMarks(d *doc, g Grid) {
	d.drawColor(black)
	d.pdf.SetLineWidth(0.1)
	for _, s := range g.CropMarks() {
		d.pdf.Line(s.X1, s.Y1, s.X2, s.Y2)
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
			d.pdf.AddPageFormat("P", gofpdf.SizeType{Wd: pw, Ht: ph})
			d.pdf.SetPageBox("trim", b, b, size.W, size.H)
			d.pdf.SetPageBox("bleed", 0, 0, pw, ph)
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
		d.pdf.AddPageFormat("P", gofpdf.SizeType{Wd: pw, Ht: ph})
		w.stats.Pages++
		// Header.
		d.setFont(fontKey{"sans", "bold"}, 16)
		d.textColor(alertRed)
		d.pdf.Text(proofMargin, proofMargin+6, "PROTOTYPE")
		d.setFont(fontKey{"sans", "regular"}, 11)
		d.textColor(black)
		d.pdf.Text(proofMargin+40, proofMargin+6, t.Title+" · "+it.ID())
		for i, f := range faces {
			trim := Rect{x + float64(i)*(cw+proofGap), y, cw, ch}
			w.r.drawFace(d, it, f, trim, 0, false)
			d.drawColor(grey)
			d.pdf.SetLineWidth(0.2)
			d.pdf.Rect(trim.X, trim.Y, trim.W, trim.H, "D")
			if t.Safe > 0 {
				s := t.Safe * k * math.Min(size.W/t.Size.W, size.H/t.Size.H)
				d.pdf.SetDashPattern([]float64{1.5, 1.5}, 0)
				d.pdf.Rect(trim.X+s, trim.Y+s, trim.W-2*s, trim.H-2*s, "D")
				d.pdf.SetDashPattern(nil, 0)
			}
			w.watermark(d, trim)
			d.setFont(fontKey{"sans", "regular"}, 8)
			d.textColor(grey)
			label := "front"
			if i == 1 {
				label = "back"
			}
			d.pdf.Text(trim.X, trim.Y-1.5, label)
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
		d.setFont(fontKey{"mono", "regular"}, 8)
		d.textColor(black)
		for i, s := range lines {
			d.pdf.Text(proofMargin, ph-proofMargin-float64(len(lines)-1-i)*4.5, s)
		}
		w.progress(len(faces))
	}
}

// watermark writes PROTOTYPE across a face, faintly.
func (w *writer) watermark(d *doc, r Rect) {
	d.pdf.SetAlpha(0.16, "Normal")
	d.pdf.TransformBegin()
	angle := math.Atan2(r.H, r.W) * 180 / math.Pi
	d.pdf.TransformRotate(angle, r.X+r.W/2, r.Y+r.H/2)
	size := r.W / 6 / ptMM
	k := fontKey{"sans", "bold"}
	d.setFont(k, size)
	d.textColor(alertRed)
	tw := fontMetrics(k).width("PROTOTYPE", size)
	d.pdf.Text(r.X+r.W/2-tw/2, r.Y+r.H/2+size*ptMM*0.35, "PROTOTYPE")
	d.pdf.TransformEnd()
	d.pdf.SetAlpha(1, "Normal")
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
