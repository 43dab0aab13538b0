package export

import (
	"math"

	"github.com/deckwright/deckwright/templates"
)

// Canvas is what the layout draws on. Coordinates are millimetres from the
// page's (or image's) top-left corner, y down. The PDF writer and the
// raster renderer both implement it, so a card prints and renders from the
// same drawing operations.
type Canvas interface {
	// Fill fills a path; evenOdd chooses the even-odd rule (a subpath
	// inside another cuts a hole) over nonzero winding.
	Fill(p *Path, c templates.Color, evenOdd bool)
	// Stroke draws a path's outline.
	Stroke(p *Path, c templates.Color, s Pen)
	// Text draws a run of text in one font with its baseline starting at
	// (x, y).
	Text(x, y float64, f *Font, sizePt float64, c templates.Color, s string)
	// Image draws a picture scaled to fill dst (the current clip applies).
	Image(im *Picture, dst Rect)
	// Begin starts a group: what is drawn until the matching End is
	// transformed by g.Transform and clipped to g.Clip (given in the
	// transformed coordinates). Groups nest; state set inside one (alpha)
	// ends with it.
	Begin(g Group)
	End()
	// SetAlpha sets the opacity of what follows, until the group ends.
	SetAlpha(a float64)
}

// Group is a Begin's transform, clip and label.
type Group struct {
	Transform Affine
	Clip      *Rect
	// Label names what the group draws ("card-7 back"); the PDF records it
	// as marked content, so a test or a preflight tool can find each face.
	Label string
}

// Pen is how a path is stroked.
type Pen struct {
	Width float64 // mm
	Round bool    // round caps and joins; otherwise butt caps and miter joins
	Dash  []float64
}

// Affine maps (x, y) to (A·x + C·y + E, B·x + D·y + F), in millimetres
// with y down.
type Affine struct{ A, B, C, D, E, F float64 }

// Identity is the transform that changes nothing.
var Identity = Affine{A: 1, D: 1}

// turnAbout is half a turn about (cx, cy): a back printed for short-edge
// duplex.
func turnAbout(cx, cy float64) Affine {
	return Affine{A: -1, D: -1, E: 2 * cx, F: 2 * cy}
}

// rotateAbout turns by deg degrees counter-clockwise (as seen on the page)
// about (cx, cy).
func rotateAbout(deg, cx, cy float64) Affine {
	s, c := math.Sincos(deg * math.Pi / 180)
	// On a y-down page a counter-clockwise turn is x' = c·x + s·y,
	// y' = −s·x + c·y, about the origin.
	return Affine{A: c, B: -s, C: s, D: c, E: cx - c*cx - s*cy, F: cy + s*cx - c*cy}
}

// Apply maps a point.
func (m Affine) Apply(x, y float64) (float64, float64) {
	return m.A*x + m.C*y + m.E, m.B*x + m.D*y + m.F
}

// Then returns the transform that applies m, then n.
func (m Affine) Then(n Affine) Affine {
	return Affine{
		A: n.A*m.A + n.C*m.B, B: n.B*m.A + n.D*m.B,
		C: n.A*m.C + n.C*m.D, D: n.B*m.C + n.D*m.D,
		E: n.A*m.E + n.C*m.F + n.E, F: n.B*m.E + n.D*m.F + n.F,
	}
}

// IsIdentity says whether m changes nothing.
func (m Affine) IsIdentity() bool { return m == Identity }

// Path is a figure: subpaths of lines and cubic Bézier curves.
type Path struct{ Ops []PathOp }

// PathOp is one step of a path: 'M' (move), 'L' (line), 'C' (curve with two
// control points) or 'Z' (close); Pts holds x, y pairs.
type PathOp struct {
	Op  byte
	Pts [6]float64
}

func (p *Path) MoveTo(x, y float64) { p.Ops = append(p.Ops, PathOp{Op: 'M', Pts: [6]float64{x, y}}) }
func (p *Path) LineTo(x, y float64) { p.Ops = append(p.Ops, PathOp{Op: 'L', Pts: [6]float64{x, y}}) }
func (p *Path) CurveTo(x1, y1, x2, y2, x, y float64) {
	p.Ops = append(p.Ops, PathOp{Op: 'C', Pts: [6]float64{x1, y1, x2, y2, x, y}})
}
func (p *Path) Close() { p.Ops = append(p.Ops, PathOp{Op: 'Z'}) }

// rectPath is a rectangle.
func rectPath(r Rect) *Path {
	p := &Path{}
	p.MoveTo(r.X, r.Y)
	p.LineTo(r.X+r.W, r.Y)
	p.LineTo(r.X+r.W, r.Y+r.H)
	p.LineTo(r.X, r.Y+r.H)
	p.Close()
	return p
}

// kappa places the control points of a Bézier quarter circle.
const kappa = 4 * (math.Sqrt2 - 1) / 3

// roundedRectPath is a rectangle with corners rounded to radius rad (at
// most half the shorter side).
func roundedRectPath(r Rect, rad float64) *Path {
	rad = math.Min(rad, math.Min(r.W, r.H)/2)
	if rad <= 0 {
		return rectPath(r)
	}
	k := rad * kappa
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	p := &Path{}
	p.MoveTo(x0+rad, y0)
	p.LineTo(x1-rad, y0)
	p.CurveTo(x1-rad+k, y0, x1, y0+rad-k, x1, y0+rad)
	p.LineTo(x1, y1-rad)
	p.CurveTo(x1, y1-rad+k, x1-rad+k, y1, x1-rad, y1)
	p.LineTo(x0+rad, y1)
	p.CurveTo(x0+rad-k, y1, x0, y1-rad+k, x0, y1-rad)
	p.LineTo(x0, y0+rad)
	p.CurveTo(x0, y0+rad-k, x0+rad-k, y0, x0+rad, y0)
	p.Close()
	return p
}

// circlePath is a circle of four Bézier quarters.
func circlePath(cx, cy, r float64) *Path {
	k := r * kappa
	p := &Path{}
	p.MoveTo(cx+r, cy)
	p.CurveTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	p.CurveTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	p.CurveTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	p.CurveTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	p.Close()
	return p
}

// linePath is one straight line.
func linePath(x1, y1, x2, y2 float64) *Path {
	p := &Path{}
	p.MoveTo(x1, y1)
	p.LineTo(x2, y2)
	return p
}
