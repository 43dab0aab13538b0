package templates

import (
	"fmt"
	"strconv"
)

// ParsePath2D reads SVG path data (M L H V C S Q T Z, upper case absolute,
// lower case relative) into absolute M, L, C and Z commands. Quadratic
// curves become cubic ones. Arcs are not supported: use a circle shape.
func ParsePath2D(s string) ([]PathOp, error) {
	p := pathLexer{s: s}
	var out []PathOp
	var cx, cy, sx, sy float64   // current point, subpath start
	var lcx, lcy float64         // last control point (for S and T)
	var lastCubic, lastQuad bool // whether the last command was C/S or Q/T
	var qcx, qcy float64
	cmd := byte(0)
	for {
		p.skip()
		if p.done() {
			break
		}
		if c := p.s[p.i]; isCommand(c) {
			cmd = c
			p.i++
		} else if cmd == 0 {
			return nil, fmt.Errorf("path must start with M, not %q", p.s[p.i:min(len(p.s), p.i+8)])
		} else if cmd == 'M' {
			cmd = 'L' // further pairs after M are lines
		} else if cmd == 'm' {
			cmd = 'l'
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = cx, cy
		}
		nums := func(n int) ([]float64, error) {
			out := make([]float64, n)
			for i := range out {
				f, err := p.number()
				if err != nil {
					return nil, err
				}
				out[i] = f
			}
			return out, nil
		}
		if len(out) > 10000 {
			return nil, fmt.Errorf("path is too long")
		}
		cubic, quad := false, false
		switch cmd | 0x20 { // lower case
		case 'm', 'l':
			f, err := nums(2)
			if err != nil {
				return nil, err
			}
			cx, cy = ox+f[0], oy+f[1]
			op := byte('L')
			if cmd|0x20 == 'm' {
				op = 'M'
				sx, sy = cx, cy
			}
			out = append(out, PathOp{Op: op, Pts: []float64{cx, cy}})
		case 'h':
			f, err := nums(1)
			if err != nil {
				return nil, err
			}
			cx = ox + f[0]
			out = append(out, PathOp{Op: 'L', Pts: []float64{cx, cy}})
		case 'v':
			f, err := nums(1)
			if err != nil {
				return nil, err
			}
			cy = oy + f[0]
			out = append(out, PathOp{Op: 'L', Pts: []float64{cx, cy}})
		case 'c', 's':
			var c1x, c1y float64
			var f []float64
			var err error
			if cmd|0x20 == 'c' {
				if f, err = nums(6); err != nil {
					return nil, err
				}
				c1x, c1y = ox+f[0], oy+f[1]
				f = f[2:]
			} else {
				if f, err = nums(4); err != nil {
					return nil, err
				}
				c1x, c1y = cx, cy
				if lastCubic {
					c1x, c1y = 2*cx-lcx, 2*cy-lcy
				}
			}
			c2x, c2y := ox+f[0], oy+f[1]
			cx, cy = ox+f[2], oy+f[3]
			out = append(out, PathOp{Op: 'C', Pts: []float64{c1x, c1y, c2x, c2y, cx, cy}})
			lcx, lcy, cubic = c2x, c2y, true
		case 'q', 't':
			var qx, qy float64
			var f []float64
			var err error
			if cmd|0x20 == 'q' {
				if f, err = nums(4); err != nil {
					return nil, err
				}
				qx, qy = ox+f[0], oy+f[1]
				f = f[2:]
			} else {
				if f, err = nums(2); err != nil {
					return nil, err
				}
				qx, qy = cx, cy
				if lastQuad {
					qx, qy = 2*cx-qcx, 2*cy-qcy
				}
			}
			ex, ey := ox+f[0], oy+f[1]
			out = append(out, PathOp{Op: 'C', Pts: []float64{
				cx + 2.0/3*(qx-cx), cy + 2.0/3*(qy-cy),
				ex + 2.0/3*(qx-ex), ey + 2.0/3*(qy-ey),
				ex, ey}})
			cx, cy = ex, ey
			qcx, qcy, quad = qx, qy, true
		case 'z':
			out = append(out, PathOp{Op: 'Z'})
			cx, cy = sx, sy
			cmd = 0
		default:
			return nil, fmt.Errorf("path command %q is not supported (use M L H V C S Q T Z; a circle shape for arcs)", string(cmd))
		}
		lastCubic, lastQuad = cubic, quad
		if cmd == 0 {
			// After Z a new command letter must follow.
			p.skip()
			if !p.done() && !isCommand(p.s[p.i]) {
				return nil, fmt.Errorf("a command letter must follow Z")
			}
		}
	}
	if len(out) == 0 || out[0].Op != 'M' {
		return nil, fmt.Errorf("path must start with M")
	}
	return out, nil
}

func isCommand(c byte) bool {
	switch c | 0x20 {
	case 'm', 'l', 'h', 'v', 'c', 's', 'q', 't', 'z', 'a':
		return c >= 'A' && c <= 'z'
	}
	return false
}

type pathLexer struct {
	s string
	i int
}

func (p *pathLexer) done() bool { return p.i >= len(p.s) }

func (p *pathLexer) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == ',' || p.s[p.i] == '\n' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *pathLexer) number() (float64, error) {
	p.skip()
	start := p.i
	if p.i < len(p.s) && (p.s[p.i] == '-' || p.s[p.i] == '+') {
		p.i++
	}
	dot := false
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c >= '0' && c <= '9' {
			p.i++
			continue
		}
		if c == '.' && !dot {
			dot = true
			p.i++
			continue
		}
		break
	}
	if start == p.i {
		if p.done() {
			return 0, fmt.Errorf("path ends where a number is expected")
		}
		return 0, fmt.Errorf("path has %q where a number is expected", p.s[p.i:min(len(p.s), p.i+8)])
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil {
		return 0, fmt.Errorf("path has a bad number %q", p.s[start:p.i])
	}
	return f, nil
}
