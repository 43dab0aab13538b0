package export

import (
	"fmt"
	"math"
	"sort"
)

// Rect is a rectangle in millimetres from the page's top-left corner.
type Rect struct{ X, Y, W, H float64 }

// Segment is a line from (X1, Y1) to (X2, Y2), in millimetres.
type Segment struct{ X1, Y1, X2, Y2 float64 }

// Duplex says how a printer turns the sheet for the back.
type Duplex int

const (
	// DuplexLong flips on the long edge (the usual duplex setting): on a
	// portrait page the back of a card at the left of the front is at the
	// right of the back page; a landscape page's long edge is its top, so
	// there it flips as DuplexShort does on a portrait page.
	DuplexLong Duplex = iota
	// DuplexShort flips on the short edge: on a portrait page the back of a
	// card at the top of the front is at the bottom of the back page,
	// turned half round (on a landscape page, mirrored left to right).
	DuplexShort
	// DuplexNone prints fronts only.
	DuplexNone
)

func (d Duplex) String() string {
	return [...]string{"long", "short", "none"}[d]
}

// Crop marks: their length, the gap between a mark and the artwork, and
// how far inside the page they stay (printers clip nearer the edge).
const (
	markLen  = 5.0
	markGap  = 1.0
	markMin  = 1.0 // shorter marks are left out
	markEdge = 5.0
	// markRoom is the margin a side needs to hold a mark.
	markRoom = markGap + markMin + markEdge
)

// Grid is the imposition of same-size cards on a page: cells of trim size
// plus bleed on every side, in rows and columns separated by gutters and
// centred on the page.
type Grid struct {
	PageW, PageH float64
	CardW, CardH float64 // trim size
	Bleed        float64
	Gutter       float64
	Margin       float64
	Cols, Rows   int
	X0, Y0       float64 // top-left corner of the first cell (its bleed edge)
}

// NewGrid fits as many cells as the page holds inside its margins, centred.
// With marks, every cut line must get a crop mark at least markEdge inside
// the page, unless the cards' edges show by themselves (gutters and no
// bleed): where centring leaves too little room on both sides of an axis,
// the grid moves towards one side to make room there (the other keeping
// its margin), and only when even that fails does the axis lose a row or
// column.
func NewGrid(pageW, pageH, cardW, cardH, bleed, margin, gutter float64, marks bool) (Grid, error) {
	g := Grid{PageW: pageW, PageH: pageH, CardW: cardW, CardH: cardH, Bleed: bleed, Gutter: gutter, Margin: margin}
	need := marks && (gutter == 0 || bleed > 0)
	var ok1, ok2 bool
	g.Cols, g.X0, ok1 = place(pageW, g.cellW(), gutter, margin, need)
	g.Rows, g.Y0, ok2 = place(pageH, g.cellH(), gutter, margin, need)
	if !ok1 || !ok2 {
		return g, fmt.Errorf("a %s×%s mm card (with %s mm bleed) does not fit on a %s×%s mm page inside %s mm margins",
			num(cardW), num(cardH), num(bleed), num(pageW), num(pageH), num(margin))
	}
	return g, nil
}

// place fits cells along one axis of a page: how many, and where the first
// starts.
func place(page, cell, gutter, margin float64, marks bool) (n int, start float64, ok bool) {
	n = int(math.Floor((page - 2*margin + gutter + 1e-9) / (cell + gutter)))
	for ; n >= 1; n-- {
		span := float64(n)*cell + float64(n-1)*gutter
		free := page - span
		start = free / 2
		if !marks || start >= markRoom-1e-9 {
			return n, start, true
		}
		if free-margin >= markRoom-1e-9 {
			// All the room the other side can spare goes to the marks' side.
			return n, free - margin, true
		}
		if n == 1 {
			// A single cell still prints; its cuts follow its own edges.
			return n, start, true
		}
	}
	return 0, 0, false
}

func (g Grid) cellW() float64 { return g.CardW + 2*g.Bleed }
func (g Grid) cellH() float64 { return g.CardH + 2*g.Bleed }
func (g Grid) gridW() float64 { return float64(g.Cols)*g.cellW() + float64(g.Cols-1)*g.Gutter }
func (g Grid) gridH() float64 { return float64(g.Rows)*g.cellH() + float64(g.Rows-1)*g.Gutter }

// PerPage is the number of cards a page holds.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Trim returns the trim box of slot i of a front page; slots run left to
// right, then top to bottom.
func (g Grid) Trim(i int) Rect {
	c, r := i%g.Cols, i/g.Cols
	return Rect{
		X: g.X0 + float64(c)*(g.cellW()+g.Gutter) + g.Bleed,
		Y: g.Y0 + float64(r)*(g.cellH()+g.Gutter) + g.Bleed,
		W: g.CardW, H: g.CardH,
	}
}

// Back returns where the back of slot i goes on the back page, so that it
// lands behind its front when the sheet is turned as d says, shifted by
// (dx, dy) millimetres to calibrate a printer; turned says the back must be
// drawn turned half round (short-edge flipping).
func (g Grid) Back(i int, d Duplex, dx, dy float64) (r Rect, turned bool) {
	return mirror(g.Trim(i), g.PageW, g.PageH, d, dx, dy)
}

// mirror places the back of a front rectangle on the back page. The sheet
// turns over the edge d names: a vertical one (the long edge of a portrait
// page, the short edge of a landscape one) mirrors it left to right; a
// horizontal one mirrors it top to bottom, and the back is turned half round
// so that it reads as its front does.
func mirror(f Rect, pageW, pageH float64, d Duplex, dx, dy float64) (Rect, bool) {
	r := f
	turned := false
	if portrait := pageW <= pageH; (d == DuplexShort) == portrait {
		r.Y = pageH - f.Y - f.H
		turned = true
	} else {
		r.X = pageW - f.X - f.W
	}
	r.X += dx
	r.Y += dy
	return r, turned
}

// CutLines returns the x positions of the vertical cuts and the y positions
// of the horizontal cuts, in order, without repeats.
func (g Grid) CutLines() (xs, ys []float64) {
	for c := 0; c < g.Cols; c++ {
		t := g.Trim(c)
		xs = append(xs, t.X, t.X+t.W)
	}
	for r := 0; r < g.Rows; r++ {
		t := g.Trim(r * g.Cols)
		ys = append(ys, t.Y, t.Y+t.H)
	}
	return dedupe(xs), dedupe(ys)
}

func dedupe(v []float64) []float64 {
	sort.Float64s(v)
	out := v[:0]
	for _, f := range v {
		if len(out) == 0 || math.Abs(out[len(out)-1]-f) > 1e-6 {
			out = append(out, f)
		}
	}
	return out
}

// CropMarks returns the crop marks of a sheet: for every cut line, a short
// line in the margin beyond each end of the grid, never touching the
// artwork. Where the margin is too narrow the marks are shortened, or left
// out below 1.5 mm.
//
// A cut that lies on the page's edge, or within markEdge of it (cards set
// against the edge with --margin 0), gets no mark: the printer clips it.
func (g Grid) CropMarks() []Segment {
	xs, ys := g.CutLines()
	xs, ys = awayFromEdge(xs, g.PageW), awayFromEdge(ys, g.PageH)
	top, bottom := g.Y0, g.Y0+g.gridH()
	left, right := g.X0, g.X0+g.gridW()
	var out []Segment
	if l := markLength(top); l > 0 {
		for _, x := range xs {
			out = append(out, Segment{x, top - markGap - l, x, top - markGap})
		}
	}
	if l := markLength(g.PageH - bottom); l > 0 {
		for _, x := range xs {
			out = append(out, Segment{x, bottom + markGap, x, bottom + markGap + l})
		}
	}
	if l := markLength(left); l > 0 {
		for _, y := range ys {
			out = append(out, Segment{left - markGap - l, y, left - markGap, y})
		}
	}
	if l := markLength(g.PageW - right); l > 0 {
		for _, y := range ys {
			out = append(out, Segment{right + markGap, y, right + markGap + l, y})
		}
	}
	return out
}

// awayFromEdge keeps the cut positions at least markEdge from both ends of a
// page side.
func awayFromEdge(cuts []float64, side float64) []float64 {
	var out []float64
	for _, c := range cuts {
		if c >= markEdge-1e-9 && c <= side-markEdge+1e-9 {
			out = append(out, c)
		}
	}
	return out
}

// markLength is the length of a crop mark in a margin of the given width:
// it ends markEdge inside the page.
func markLength(margin float64) float64 {
	l := math.Min(markLen, margin-markGap-markEdge)
	if l < markMin-1e-9 {
		return 0
	}
	return l
}

func num(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return trimDot(s)
}

func trimDot(s string) string {
	if s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}
