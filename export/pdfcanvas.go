package export

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/templates"
)

// doc is one PDF document: pages drawn through the Canvas interface. It is
// the only code that knows the PDF library. Paths, colours, clips and
// transforms are written as PDF operators directly, each group in its own
// balanced q … Q, so that nothing a library call leaves open can shift
// what follows (gofpdf's rounded rectangles open a q they never close).
// Text and images go through the library, which embeds and subsets fonts
// and stores each picture once.
type doc struct {
	pdf    *gofpdf.Fpdf
	fonts  map[*Font]bool
	images map[string]bool // picture keys embedded
	pageH  float64         // mm
	st     pdfState
	stack  []pdfState
	labels []bool // whether each open group is marked content
	cur    *Font  // the library's current font and size
	curPt  float64
	buf    []byte
	err    error // a picture that could not be embedded
}

// pdfState is the graphics state the content stream has, mirrored so
// that an operator is written only when it changes something; End
// restores it, as Q does.
type pdfState struct {
	fill, stroke       templates.Color
	hasFill, hasStroke bool
	width              float64
	hasWidth           bool
	round              int8 // -1 unknown, 0 butt caps and miter joins, 1 round
	dash               string
	hasDash            bool
	font               *Font
	fontPt             float64
}

const ptPerMM = 72 / 25.4

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
	return &doc{pdf: pdf, fonts: map[*Font]bool{}, images: map[string]bool{}}
}

// addPage starts a page of w×h millimetres.
func (d *doc) addPage(w, h float64) {
	if len(d.stack) > 0 {
		panic("export: a group is still open at the end of a page")
	}
	d.pdf.AddPageFormat("P", gofpdf.SizeType{Wd: w, Ht: h})
	d.pageH = h
	d.st = pdfState{round: -1}
	d.cur = nil
}

// pages is the number of pages so far.
func (d *doc) pages() int { return d.pdf.PageNo() }

// setBoxes sets the page's TrimBox and BleedBox.
func (d *doc) setBoxes(trim, bleed Rect) {
	d.pdf.SetPageBox("trim", trim.X, trim.Y, trim.W, trim.H)
	d.pdf.SetPageBox("bleed", bleed.X, bleed.Y, bleed.W, bleed.H)
}

// num appends a number with at most prec decimals, without trailing zeros.
func appendNum(b []byte, v float64, prec int) []byte {
	n := len(b)
	b = strconv.AppendFloat(b, v, 'f', prec, 64)
	if prec > 0 {
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
		if b[len(b)-1] == '.' {
			b = b[:len(b)-1]
		}
	}
	if string(b[n:]) == "-0" {
		b = append(b[:n], '0')
	}
	return b
}

// pt appends a point of the page (mm, y down) as PDF user space (points,
// y up).
func (d *doc) pt(b []byte, x, y float64) []byte {
	b = appendNum(b, x*ptPerMM, 2)
	b = append(b, ' ')
	b = appendNum(b, (d.pageH-y)*ptPerMM, 2)
	return append(b, ' ')
}

func (d *doc) write(b []byte) {
	d.pdf.RawWriteStr(string(b))
	d.buf = b[:0]
}

func appendColor(b []byte, c templates.Color, op string) []byte {
	for _, v := range []uint8{c.R, c.G, c.B} {
		b = appendNum(b, float64(v)/255, 3)
		b = append(b, ' ')
	}
	return append(b, op...)
}

func (d *doc) setFill(c templates.Color) {
	if d.st.hasFill && d.st.fill == c {
		return
	}
	d.st.fill, d.st.hasFill = c, true
	d.write(appendColor(d.buf[:0], c, "rg"))
}

func (d *doc) setPen(c templates.Color, p Pen) {
	b := d.buf[:0]
	if !d.st.hasStroke || d.st.stroke != c {
		d.st.stroke, d.st.hasStroke = c, true
		b = append(appendColor(b, c, "RG"), ' ')
	}
	if !d.st.hasWidth || d.st.width != p.Width {
		d.st.width, d.st.hasWidth = p.Width, true
		b = append(appendNum(b, p.Width*ptPerMM, 3), " w "...)
	}
	round := int8(0)
	if p.Round {
		round = 1
	}
	if d.st.round != round {
		d.st.round = round
		b = append(b, fmt.Sprintf("%d J %d j ", round, round)...)
	}
	dash := "[] 0 d"
	if len(p.Dash) > 0 {
		db := []byte{'['}
		for i, v := range p.Dash {
			if i > 0 {
				db = append(db, ' ')
			}
			db = appendNum(db, v*ptPerMM, 2)
		}
		dash = string(append(db, "] 0 d"...))
	}
	if !d.st.hasDash || d.st.dash != dash {
		d.st.dash, d.st.hasDash = dash, true
		b = append(b, dash...)
	}
	if len(b) > 0 {
		d.write(b)
	}
}

func (d *doc) path(b []byte, p *Path) []byte {
	for _, op := range p.Ops {
		switch op.Op {
		case 'M':
			b = append(d.pt(b, op.Pts[0], op.Pts[1]), "m "...)
		case 'L':
			b = append(d.pt(b, op.Pts[0], op.Pts[1]), "l "...)
		case 'C':
			b = d.pt(b, op.Pts[0], op.Pts[1])
			b = d.pt(b, op.Pts[2], op.Pts[3])
			b = append(d.pt(b, op.Pts[4], op.Pts[5]), "c "...)
		case 'Z':
			b = append(b, "h "...)
		}
	}
	return b
}

func (d *doc) Fill(p *Path, c templates.Color, evenOdd bool) {
	if len(p.Ops) == 0 {
		return
	}
	d.setFill(c)
	b := d.path(d.buf[:0], p)
	if evenOdd {
		b = append(b, "f*"...)
	} else {
		b = append(b, 'f')
	}
	d.write(b)
}

func (d *doc) Stroke(p *Path, c templates.Color, pen Pen) {
	if len(p.Ops) == 0 || pen.Width <= 0 {
		return
	}
	d.setPen(c, pen)
	d.write(append(d.path(d.buf[:0], p), 'S'))
}

func (d *doc) Text(x, y float64, f *Font, sizePt float64, c templates.Color, s string) {
	if !d.fonts[f] {
		// gofpdf writes into the font bytes it is given while subsetting,
		// so each document gets its own copy: the fonts stay intact and
		// every export gives the same bytes.
		d.pdf.AddUTF8FontFromBytes(f.name, "", append([]byte(nil), f.data...))
		d.fonts[f] = true
	}
	// The library and the content stream must agree on the font: the
	// library records the characters a font prints, to embed them.
	if d.cur != f || d.curPt != sizePt || d.st.font != f || d.st.fontPt != sizePt {
		d.pdf.SetFont(f.name, "", sizePt)
		d.cur, d.curPt = f, sizePt
		d.st.font, d.st.fontPt = f, sizePt
	}
	// The text takes the fill colour: set it, and tell the library the
	// text colour is the same, so that it adds none of its own.
	d.setFill(c)
	d.pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
	d.pdf.Text(x, y, s)
}

func (d *doc) Image(pic *Picture, dst Rect) {
	if pic == nil {
		return
	}
	opts := gofpdf.ImageOptions{}
	if !d.images[pic.Key] {
		data, typ, err := pdfImage(pic)
		if err != nil {
			d.images[pic.Key] = true
			d.noteErr(fmt.Errorf("picture %s: %v", pic.Key, err))
			return
		}
		opts.ImageType = typ
		d.pdf.RegisterImageOptionsReader(pic.Key, opts, bytes.NewReader(data))
		if err := d.pdf.Error(); err != nil {
			d.pdf.ClearError()
			d.noteErr(fmt.Errorf("picture %s: %v", pic.Key, err))
		}
		d.images[pic.Key] = true
	}
	if d.pdf.GetImageInfo(pic.Key) == nil {
		return
	}
	d.pdf.ImageOptions(pic.Key, dst.X, dst.Y, dst.W, dst.H, false, opts, 0, "")
}

func (d *doc) noteErr(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *doc) Begin(g Group) {
	b := d.buf[:0]
	d.labels = append(d.labels, g.Label != "")
	if g.Label != "" {
		b = append(b, "/DW <</Face <"...)
		b = append(b, hex.EncodeToString([]byte(g.Label))...)
		b = append(b, ">>> BDC "...)
	}
	b = append(b, "q "...)
	if m := g.Transform; !m.IsIdentity() && m != (Affine{}) {
		// The transform maps page millimetres (y down); in PDF user space
		// (points, y up) it is T·m·T⁻¹, T(x, y) = (k·x, k·(H−y)).
		k, h := ptPerMM, d.pageH
		for _, v := range []float64{m.A, -m.B, -m.C, m.D, k * (m.C*h + m.E), k * (h - m.D*h - m.F)} {
			b = append(appendNum(b, v, 5), ' ')
		}
		b = append(b, "cm "...)
	}
	if r := g.Clip; r != nil {
		b = d.pt(b, r.X, r.Y+r.H)
		b = appendNum(b, r.W*ptPerMM, 2)
		b = append(b, ' ')
		b = appendNum(b, r.H*ptPerMM, 2)
		b = append(b, " re W n"...)
	}
	d.write(b)
	d.stack = append(d.stack, d.st)
}

func (d *doc) End() {
	if len(d.stack) == 0 {
		panic("export: End without Begin")
	}
	d.st = d.stack[len(d.stack)-1]
	d.stack = d.stack[:len(d.stack)-1]
	marked := d.labels[len(d.labels)-1]
	d.labels = d.labels[:len(d.labels)-1]
	if marked {
		d.pdf.RawWriteStr("Q EMC")
	} else {
		d.pdf.RawWriteStr("Q")
	}
}

func (d *doc) SetAlpha(a float64) { d.pdf.SetAlpha(a, "Normal") }
