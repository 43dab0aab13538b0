package export

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// The duplex calibration sheet: the front has crosses; the back has, behind
// each cross, a ruler across and a ruler down whose ticks are labelled with
// the --back-offset that would put the back exactly there. Printed
// double-sided with the settings the cards will use, the tick that lies
// behind the cross (held against a window, or pierced with a pin) is the
// offset to pass.

// calibStep is the distance between ruler ticks and calibSpan how far a
// ruler reaches either side of its zero, in millimetres.
const (
	calibStep = 0.5
	calibSpan = 4.0
)

// calibPoint is a cross on the front and where its back lies.
type calibPoint struct {
	front [2]float64
	back  [2]float64 // where the back page prints behind it, with the current offset
}

// calibInset is how far the corner crosses are from the page's edges, in
// millimetres; calibReach is how far a cross or its rulers reach from its
// centre. The words of the sheet are set between the top crosses and the
// centre one, clear of both.
const (
	calibInset = 30.0
	calibReach = 13.0
)

// The smallest page the sheet fits on (A5 and up): the centre cross clear of
// the corner ones, and room for the words between them.
const (
	calibMinW = 120.0
	calibMinH = 170.0
)

// calibPoints are the sheet's crosses: the centre and one near each corner.
func calibPoints(opt Options) []calibPoint {
	pw, ph := opt.Page.W, opt.Page.H
	in := calibInset
	var out []calibPoint
	for _, p := range [][2]float64{{pw / 2, ph / 2}, {in, in}, {pw - in, in}, {in, ph - in}, {pw - in, ph - in}} {
		r, _ := mirror(Rect{p[0], p[1], 0, 0}, pw, ph, opt.Duplex, opt.BackOffset[0], opt.BackOffset[1])
		out = append(out, calibPoint{front: p, back: [2]float64{r.X, r.Y}})
	}
	return out
}

// wrapWords breaks words into lines at most width millimetres wide.
func wrapWords(words []string, f *Font, sizePt, width float64) []string {
	var lines []string
	line := ""
	for _, w := range words {
		if line != "" && f.width(line+" "+w, sizePt) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// tickLabel is the offset a tick stands for: the current offset plus the
// tick's distance from where the back prints now.
func tickLabel(current, d float64) string {
	v := current + d
	if math.Abs(v) < 1e-9 {
		return "0"
	}
	return fmt.Sprintf("%+g", math.Round(v*10)/10)
}

// Calibrate writes the duplex calibration sheet: a page of crosses and its
// back page of rulers, for the options' page size, duplex and current
// back offset.
func Calibrate(out io.Writer, opt Options) error {
	if err := opt.check(); err != nil {
		return err
	}
	if opt.Duplex == DuplexNone {
		return usagef("--calibrate measures where backs land: it needs --duplex long or short")
	}
	if opt.Page.W < calibMinW || opt.Page.H < calibMinH {
		return usagef("--calibrate needs a page of at least %s×%s mm (A5 or larger), not %s×%s", num(calibMinW), num(calibMinH), num(opt.Page.W), num(opt.Page.H))
	}
	d := newDoc(opt, "Duplex calibration")
	fonts := newFontBook(nil)
	sans, bold := fonts.resolve("sans", "regular", false, false), fonts.resolve("sans", "bold", false, false)
	ink := black
	pw, ph := opt.Page.W, opt.Page.H
	side := "long"
	if opt.Duplex == DuplexShort {
		side = "short"
	}
	// The front.
	top := calibInset + calibReach + 6 // the first baseline below the top crosses
	d.addPage(pw, ph)
	d.Text(20, top, bold, 14, ink, "Duplex calibration: front")
	words := strings.Fields(fmt.Sprintf("Print this sheet double-sided, flip on %s edge, at 100%% (no fit to page), as you will print the cards. "+
		"Hold it against a window (or pierce each cross with a pin) and look at the rulers on the back behind each cross: "+
		"the tick behind the vertical line is X, the tick behind the horizontal line is Y. Then export with --back-offset X,Y. "+
		"This sheet was printed with --back-offset %s,%s.", side, num(opt.BackOffset[0]), num(opt.BackOffset[1])))
	// Wrapped to the page, at the largest size that keeps the words above
	// the centre cross.
	for size := 9.0; ; size-- {
		lines := wrapWords(words, sans, size, pw-40)
		lead := size * 0.55
		if top+10+float64(len(lines)-1)*lead <= ph/2-calibReach || size <= 6 {
			for i, s := range lines {
				d.Text(20, top+10+float64(i)*lead, sans, size, ink, s)
			}
			break
		}
	}
	for _, p := range calibPoints(opt) {
		x, y := p.front[0], p.front[1]
		d.Stroke(linePath(x-8, y, x+8, y), ink, Pen{Width: 0.15})
		d.Stroke(linePath(x, y-8, x, y+8), ink, Pen{Width: 0.15})
		d.Stroke(circlePath(x, y, 2), ink, Pen{Width: 0.15})
	}
	// The back.
	d.addPage(pw, ph)
	d.Text(20, top, bold, 14, ink, "Duplex calibration: back")
	for _, p := range calibPoints(opt) {
		x, y := p.back[0], p.back[1]
		// The ruler across (for X) lies 6 mm below the cross's centre,
		// still behind its vertical line; the ruler down (for Y) 6 mm to
		// its right, behind its horizontal line; they do not meet.
		const gap = 6
		d.Stroke(linePath(x-calibSpan, y+gap, x+calibSpan, y+gap), ink, Pen{Width: 0.1})
		d.Stroke(linePath(x+gap, y-calibSpan, x+gap, y+calibSpan), ink, Pen{Width: 0.1})
		for i := -int(calibSpan / calibStep); i <= int(calibSpan/calibStep); i++ {
			t := float64(i) * calibStep
			l := 1.0
			if i%2 == 0 {
				l = 2.2
			}
			d.Stroke(linePath(x+t, y+gap-l, x+t, y+gap), ink, Pen{Width: 0.1})
			d.Stroke(linePath(x+gap-l, y+t, x+gap, y+t), ink, Pen{Width: 0.1})
			if i%4 != 0 {
				continue
			}
			// Labels every 2 mm, on two rows so that they do not touch.
			row := 3.0
			if i%8 != 0 {
				row = 5.6
			}
			lbl := tickLabel(opt.BackOffset[0], t)
			d.Text(x+t-sans.width(lbl, 6)/2, y+gap+row, sans, 6, ink, lbl)
			lbl = tickLabel(opt.BackOffset[1], t)
			d.Text(x+gap+1+row-3, y+t+0.8, sans, 6, ink, lbl)
		}
		d.Text(x-calibSpan-3, y+gap+0.8, bold, 6, ink, "X")
		d.Text(x+gap-0.8, y-calibSpan-1.2, bold, 6, ink, "Y")
	}
	if err := d.pdf.Error(); err != nil {
		return err
	}
	return output(d, out)
}
