package export

import (
	"bytes"
	"image"
	"image/color"
	_ "image/jpeg" // pictures a card shows
	_ "image/png"
	"math"

	"golang.org/x/image/draw"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/templates"
)

// rasterCanvas draws the same operations as the PDF writer into an RGBA
// image: cards as PNG files and Tabletop Simulator sheets come from the
// very layout that prints. Millimetres map to pixels at the image's
// resolution; fonts are drawn from their outlines.
type rasterCanvas struct {
	img   *image.RGBA
	base  Affine // page millimetres to pixels
	st    rasterState
	stack []rasterState
	z     rasterizer
	pics  *pictureCache
}

type rasterState struct {
	m     Affine // current millimetres to pixels
	clip  image.Rectangle
	alpha float64
}

// newRaster makes a white w×h pixel canvas; base maps millimetres to its
// pixels.
func newRaster(w, h int, base Affine, pics *pictureCache) *rasterCanvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	return &rasterCanvas{img: img, base: base, st: rasterState{m: base, clip: img.Bounds(), alpha: 1}, pics: pics}
}

func (c *rasterCanvas) point(x, y float64) pt2 {
	px, py := c.st.m.Apply(x, y)
	return pt2{px, py}
}

func (c *rasterCanvas) paint(polys [][]pt2, col templates.Color, evenOdd bool) {
	for _, p := range polys {
		c.z.addPolygon(p)
	}
	c.z.paint(c.img, c.st.clip, evenOdd, col.R, col.G, col.B, c.st.alpha)
}

func (c *rasterCanvas) Fill(p *Path, col templates.Color, evenOdd bool) {
	c.paint(flatten(p, c.point), col, evenOdd)
}

// scale is how many pixels a millimetre becomes under the current
// transform (its larger stretch).
func (c *rasterCanvas) scale() float64 {
	m := c.st.m
	return math.Max(math.Hypot(m.A, m.B), math.Hypot(m.C, m.D))
}

func (c *rasterCanvas) Stroke(p *Path, col templates.Color, pen Pen) {
	if pen.Width <= 0 {
		return
	}
	k := c.scale()
	var dash []float64
	for _, d := range pen.Dash {
		dash = append(dash, d*k)
	}
	c.paint(strokePolygons(flatten(p, c.point), pen.Width*k/2, pen.Round, dash), col, false)
}

func (c *rasterCanvas) Text(x, y float64, f *Font, sizePt float64, col templates.Color, s string) {
	k := sizePt * ptMM / f.upem // millimetres per font unit
	var polys [][]pt2
	for _, r := range s {
		g := f.glyph(r)
		if out := f.outline(g.index); out != nil && g.ok {
			ox := x
			polys = append(polys, flatten(out, func(u, v float64) pt2 { return c.point(ox+u*k, y+v*k) })...)
		}
		x += g.advance * sizePt * ptMM
	}
	c.paint(polys, col, false)
}

func (c *rasterCanvas) Image(pic *Picture, dst Rect) {
	src := c.pics.decoded(pic)
	if src == nil {
		return
	}
	m := c.st.m
	// Picture pixels to canvas pixels: scale to dst, then the transform.
	sx, sy := dst.W/float64(src.Bounds().Dx()), dst.H/float64(src.Bounds().Dy())
	aff := f64.Aff3{m.A * sx, m.C * sy, m.A*dst.X + m.C*dst.Y + m.E, m.B * sx, m.D * sy, m.B*dst.X + m.D*dst.Y + m.F}
	target := c.img.SubImage(c.st.clip).(*image.RGBA)
	opts := &draw.Options{}
	if c.st.alpha < 1 {
		opts.SrcMask = image.NewUniform(color.Alpha{A: uint8(c.st.alpha * 255)})
	}
	draw.CatmullRom.Transform(target, aff, src, src.Bounds(), draw.Over, opts)
}

func (c *rasterCanvas) Begin(g Group) {
	c.stack = append(c.stack, c.st)
	if !g.Transform.IsIdentity() && g.Transform != (Affine{}) {
		c.st.m = g.Transform.Then(c.st.m)
	}
	if r := g.Clip; r != nil {
		// The clip's bounding box in pixels (exact for the turns and
		// scales the layout uses).
		a, b := c.point(r.X, r.Y), c.point(r.X+r.W, r.Y+r.H)
		box := image.Rect(int(math.Round(math.Min(a.x, b.x))), int(math.Round(math.Min(a.y, b.y))),
			int(math.Round(math.Max(a.x, b.x))), int(math.Round(math.Max(a.y, b.y))))
		c.st.clip = c.st.clip.Intersect(box)
	}
}

func (c *rasterCanvas) End() {
	c.st = c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
}

func (c *rasterCanvas) SetAlpha(a float64) { c.st.alpha = a }

// outline returns a glyph's outline in font units (y down from the
// baseline), read once.
func (f *Font) outline(gi sfnt.GlyphIndex) *Path {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.outlines == nil {
		f.outlines = map[sfnt.GlyphIndex]*Path{}
	}
	if p, ok := f.outlines[gi]; ok {
		return p
	}
	segs, err := f.sf.LoadGlyph(&f.buf, gi, fixed.Int26_6(f.upem)<<6, nil)
	var p *Path
	if err == nil {
		p = &Path{}
		fx := func(v fixed.Int26_6) float64 { return float64(v) / 64 }
		var cx, cy float64
		for _, s := range segs {
			a := s.Args
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if len(p.Ops) > 0 {
					p.Close()
				}
				cx, cy = fx(a[0].X), fx(a[0].Y)
				p.MoveTo(cx, cy)
			case sfnt.SegmentOpLineTo:
				cx, cy = fx(a[0].X), fx(a[0].Y)
				p.LineTo(cx, cy)
			case sfnt.SegmentOpQuadTo:
				qx, qy, ex, ey := fx(a[0].X), fx(a[0].Y), fx(a[1].X), fx(a[1].Y)
				p.CurveTo(cx+2.0/3*(qx-cx), cy+2.0/3*(qy-cy), ex+2.0/3*(qx-ex), ey+2.0/3*(qy-ey), ex, ey)
				cx, cy = ex, ey
			case sfnt.SegmentOpCubeTo:
				cx, cy = fx(a[2].X), fx(a[2].Y)
				p.CurveTo(fx(a[0].X), fx(a[0].Y), fx(a[1].X), fx(a[1].Y), cx, cy)
			}
		}
		if len(p.Ops) > 0 {
			p.Close()
		}
	}
	if len(f.outlines) < maxCachedRunes {
		f.outlines[gi] = p
	}
	return p
}

// pictureCache keeps decoded pictures for rasters, up to a budget of
// pixels: an export of many cards with their own art stays bounded.
type pictureCache struct {
	byKey  map[string]image.Image
	order  []string
	pixels int
	budget int
}

func newPictureCache() *pictureCache {
	return &pictureCache{byKey: map[string]image.Image{}, budget: 64 << 20}
}

func (pc *pictureCache) decoded(p *Picture) image.Image {
	if p == nil {
		return nil
	}
	if img, ok := pc.byKey[p.Key]; ok {
		return img
	}
	data, err := p.Bytes()
	if err != nil {
		return nil
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	n := img.Bounds().Dx() * img.Bounds().Dy()
	for pc.pixels+n > pc.budget && len(pc.order) > 0 {
		old := pc.order[0]
		pc.order = pc.order[1:]
		b := pc.byKey[old].Bounds()
		pc.pixels -= b.Dx() * b.Dy()
		delete(pc.byKey, old)
	}
	pc.byKey[p.Key] = img
	pc.order = append(pc.order, p.Key)
	pc.pixels += n
	return img
}
