package export

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// The rasterizer fills polygons in device pixels with anti-aliasing:
// each pixel row is sampled on subRows scanlines, and on each the spans
// inside the polygon (by the even-odd or the nonzero rule) cover pixels in
// exact proportion to their overlap. Pure Go, deterministic, and both fill
// rules, as PDF has them.

const subRows = 5

// pt2 is a point in device pixels.
type pt2 struct{ x, y float64 }

type edge struct {
	x0, y0, x1, y1 float64 // y0 < y1
	dir            int     // +1 downwards in the original path, -1 upwards
}

type crossing struct {
	x   float64
	dir int
}

// rasterizer holds scratch space reused between fills.
type rasterizer struct {
	edges  []edge
	cross  []crossing
	cov    []float64 // coverage of the pixel, partial pixels
	run    []float64 // difference array: whole pixels covered from here on
	active []int
}

// addPolygon adds a closed polygon's edges.
func (z *rasterizer) addPolygon(pts []pt2) {
	n := len(pts)
	if n < 2 {
		return
	}
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		switch {
		case a.y < b.y:
			z.edges = append(z.edges, edge{a.x, a.y, b.x, b.y, 1})
		case a.y > b.y:
			z.edges = append(z.edges, edge{b.x, b.y, a.x, a.y, -1})
		}
	}
}

// paint fills the polygons added since the last paint, blending colour c
// (straight RGB) at opacity alpha onto dst within clip, and forgets them.
func (z *rasterizer) paint(dst *image.RGBA, clip image.Rectangle, evenOdd bool, r, g, b uint8, alpha float64) {
	defer func() { z.edges = z.edges[:0] }()
	clip = clip.Intersect(dst.Bounds())
	if len(z.edges) == 0 || clip.Empty() || alpha <= 0 {
		return
	}
	minY, maxY := math.Inf(1), math.Inf(-1)
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, e := range z.edges {
		minY, maxY = math.Min(minY, e.y0), math.Max(maxY, e.y1)
		minX, maxX = math.Min(minX, math.Min(e.x0, e.x1)), math.Max(maxX, math.Max(e.x0, e.x1))
	}
	y0 := max(clip.Min.Y, int(math.Floor(minY)))
	y1 := min(clip.Max.Y, int(math.Ceil(maxY)))
	x0 := max(clip.Min.X, int(math.Floor(minX)))
	x1 := min(clip.Max.X, int(math.Ceil(maxX)))
	if y0 >= y1 || x0 >= x1 {
		return
	}
	w := x1 - x0
	if cap(z.cov) < w+2 {
		z.cov = make([]float64, w+2)
		z.run = make([]float64, w+2)
	}
	cov, run := z.cov[:w+2], z.run[:w+2]
	slices.SortFunc(z.edges, func(a, b edge) int { return cmp.Compare(a.y0, b.y0) })
	next := 0
	z.active = z.active[:0]
	const weight = 1.0 / subRows
	for py := y0; py < y1; py++ {
		clear(cov)
		clear(run)
		any := false
		for s := 0; s < subRows; s++ {
			sy := float64(py) + (float64(s)+0.5)/subRows
			for next < len(z.edges) && z.edges[next].y0 <= sy {
				z.active = append(z.active, next)
				next++
			}
			z.cross = z.cross[:0]
			keep := z.active[:0]
			for _, i := range z.active {
				e := &z.edges[i]
				if e.y1 <= sy {
					continue // done with this edge
				}
				keep = append(keep, i)
				if e.y0 <= sy {
					x := e.x0 + (sy-e.y0)*(e.x1-e.x0)/(e.y1-e.y0)
					z.cross = append(z.cross, crossing{x, e.dir})
				}
			}
			z.active = keep
			if len(z.cross) < 2 {
				continue
			}
			// Few crossings, mostly in order already: insertion sort.
			for i := 1; i < len(z.cross); i++ {
				for j := i; j > 0 && z.cross[j].x < z.cross[j-1].x; j-- {
					z.cross[j], z.cross[j-1] = z.cross[j-1], z.cross[j]
				}
			}
			wind := 0
			for i := 0; i < len(z.cross)-1; i++ {
				if evenOdd {
					wind ^= 1
				} else {
					wind += z.cross[i].dir
				}
				if wind == 0 {
					continue
				}
				a := math.Max(z.cross[i].x, float64(x0))
				b := math.Min(z.cross[i+1].x, float64(x1))
				if b <= a {
					continue
				}
				any = true
				a -= float64(x0)
				b -= float64(x0)
				ia, ib := int(a), int(b)
				if ia == ib {
					cov[ia] += (b - a) * weight
					continue
				}
				cov[ia] += (float64(ia+1) - a) * weight
				run[ia+1] += weight
				run[ib] -= weight
				if ib < w {
					cov[ib] += (b - float64(ib)) * weight
				}
			}
		}
		if !any {
			continue
		}
		whole := 0.0
		row := dst.Pix[dst.PixOffset(x0, py):]
		for i := 0; i < w; i++ {
			whole += run[i]
			a := int((cov[i]+whole)*alpha*256 + 0.5) // coverage in 256ths
			if a <= 0 {
				continue
			}
			p := row[i*4 : i*4+4 : i*4+4]
			if a >= 256 {
				p[0], p[1], p[2], p[3] = r, g, b, 255
				continue
			}
			p[0] = blend(p[0], r, a)
			p[1] = blend(p[1], g, a)
			p[2] = blend(p[2], b, a)
			p[3] = blend(p[3], 255, a)
		}
	}
}

// blend puts src over dst at coverage a/256.
func blend(dst, src uint8, a int) uint8 {
	return uint8(int(dst) + ((int(src)-int(dst))*a+128)>>8)
}

// flatten turns a path (already in device pixels) into polygons, curves
// cut into segments no more than about a quarter pixel from the curve.
func flatten(p *Path, m func(x, y float64) pt2) [][]pt2 {
	var out [][]pt2
	var cur []pt2
	var start, last pt2
	closeSub := func(closed bool) {
		if len(cur) > 1 {
			if closed {
				cur = append(cur, cur[0])
			}
			out = append(out, cur)
		}
		cur = nil
	}
	for _, op := range p.Ops {
		switch op.Op {
		case 'M':
			closeSub(false)
			start = m(op.Pts[0], op.Pts[1])
			last = start
			cur = []pt2{start}
		case 'L':
			last = m(op.Pts[0], op.Pts[1])
			cur = append(cur, last)
		case 'C':
			c1, c2, end := m(op.Pts[0], op.Pts[1]), m(op.Pts[2], op.Pts[3]), m(op.Pts[4], op.Pts[5])
			l := dist(last, c1) + dist(c1, c2) + dist(c2, end)
			n := int(math.Ceil(math.Sqrt(l / 0.5)))
			n = min(max(n, 1), 200)
			for i := 1; i <= n; i++ {
				t := float64(i) / float64(n)
				u := 1 - t
				a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
				cur = append(cur, pt2{a*last.x + b*c1.x + c*c2.x + d*end.x, a*last.y + b*c1.y + c*c2.y + d*end.y})
			}
			last = end
		case 'Z':
			closeSub(true)
			last = start
			cur = []pt2{start}
		}
	}
	closeSub(false)
	return out
}

func dist(a, b pt2) float64 { return math.Hypot(b.x-a.x, b.y-a.y) }

// strokePolygons outlines polylines of half-width hw: a quadrilateral per
// segment, joins and caps, each wound the same way so that the nonzero
// rule fills their union.
func strokePolygons(lines [][]pt2, hw float64, round bool, dash []float64) [][]pt2 {
	if len(dash) > 0 {
		lines = dashed(lines, dash)
	}
	var out [][]pt2
	add := func(poly []pt2) {
		if area(poly) < 0 {
			for i, j := 0, len(poly)-1; i < j; i, j = i+1, j-1 {
				poly[i], poly[j] = poly[j], poly[i]
			}
		}
		out = append(out, poly)
	}
	for _, ln := range lines {
		pts := dedup(ln)
		if len(pts) < 2 {
			if round && len(pts) == 1 {
				add(circlePoly(pts[0], hw))
			}
			continue
		}
		closed := len(ln) > 2 && ln[0] == ln[len(ln)-1]
		for i := 0; i+1 < len(pts); i++ {
			a, b := pts[i], pts[i+1]
			nx, ny := normal(a, b)
			add([]pt2{{a.x + nx*hw, a.y + ny*hw}, {b.x + nx*hw, b.y + ny*hw}, {b.x - nx*hw, b.y - ny*hw}, {a.x - nx*hw, a.y - ny*hw}})
		}
		join := func(a, v, b pt2) {
			if round {
				add(circlePoly(v, hw))
				return
			}
			n1x, n1y := normal(a, v)
			n2x, n2y := normal(v, b)
			for _, side := range []float64{1, -1} {
				p1 := pt2{v.x + side*n1x*hw, v.y + side*n1y*hw}
				p2 := pt2{v.x + side*n2x*hw, v.y + side*n2y*hw}
				mx, my := n1x+n2x, n1y+n2y
				ml := math.Hypot(mx, my)
				if ml < 1e-9 || 2/ml > 10 { // the miter limit: bevel
					add([]pt2{v, p1, p2})
					continue
				}
				tip := pt2{v.x + side*mx/ml*hw*2/ml, v.y + side*my/ml*hw*2/ml}
				add([]pt2{v, p1, tip, p2})
			}
		}
		for i := 1; i+1 < len(pts); i++ {
			join(pts[i-1], pts[i], pts[i+1])
		}
		switch {
		case closed:
			join(pts[len(pts)-2], pts[0], pts[1])
		case round:
			add(circlePoly(pts[0], hw))
			add(circlePoly(pts[len(pts)-1], hw))
		}
	}
	return out
}

func normal(a, b pt2) (float64, float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return 0, 0
	}
	return -dy / l, dx / l
}

func dedup(pts []pt2) []pt2 {
	out := make([]pt2, 0, len(pts))
	for _, p := range pts {
		if len(out) == 0 || dist(out[len(out)-1], p) > 1e-6 {
			out = append(out, p)
		}
	}
	return out
}

func area(poly []pt2) float64 {
	a := 0.0
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		a += p.x*q.y - q.x*p.y
	}
	return a / 2
}

func circlePoly(c pt2, r float64) []pt2 {
	n := min(max(int(math.Ceil(2*math.Pi*r/1.5)), 8), 64)
	out := make([]pt2, n)
	for i := range out {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		out[i] = pt2{c.x + r*co, c.y + r*s}
	}
	return out
}

// dashed cuts polylines into the dashes of a pattern (on, off, … in
// device pixels).
func dashed(lines [][]pt2, dash []float64) [][]pt2 {
	for _, d := range dash {
		if d <= 1e-6 {
			return lines // not a pattern: a solid line
		}
	}
	var out [][]pt2
	for _, ln := range lines {
		k, left, on := 0, dash[0], true
		var cur []pt2
		if on {
			cur = []pt2{ln[0]}
		}
		for i := 0; i+1 < len(ln); i++ {
			a, b := ln[i], ln[i+1]
			seg := dist(a, b)
			pos := 0.0
			for seg-pos > left {
				pos += left
				t := pos / seg
				p := pt2{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
				if on {
					out = append(out, append(cur, p))
					cur = nil
				} else {
					cur = []pt2{p}
				}
				on = !on
				k = (k + 1) % len(dash)
				left = dash[k]
			}
			left -= seg - pos
			if on {
				cur = append(cur, b)
			}
		}
		if on && len(cur) > 1 {
			out = append(out, cur)
		}
	}
	return out
}
