package export

import "math"

// textStyle is how a text zone sets its text.
type textStyle struct {
	family, style string
	leading       float64 // line height as a multiple of the size
	align         string  // left, center, right
	valign        string  // top, middle, bottom
	maxLines      int     // 0: any
}

// run is a piece of a laid-out line: text in one font, or an icon.
type run struct {
	x    float64 // from the line's start, mm
	text string
	icon string
	font fontKey
	w    float64
}

type line struct {
	runs  []run
	width float64
	top   float64 // from the top of the text, mm
}

// textLayout is text set at one size in a box.
type textLayout struct {
	sizePt float64
	lines  []line
	height float64 // mm the text needs
	fits   bool
	broken bool // a word was wider than the box and was split
}

// iconEm is an inline icon's advance, as a multiple of the font size.
const iconEm = 1.1

// paraGap is the extra space before a paragraph that follows a blank line,
// as a multiple of the line height.
const paraGap = 0.45

// layoutText sets paragraphs at one size in a box of width w and height h
// (millimetres).
func layoutText(paras []paragraph, w, h float64, st textStyle, sizePt float64) textLayout {
	em := sizePt * ptMM
	lineH := em * st.leading
	base := resolveFont(st.family, st.style, false, false)
	space := fontMetrics(base).width(" ", sizePt)
	out := textLayout{sizePt: sizePt}
	y := 0.0
	var cur line
	started := false
	newLine := func() {
		out.lines = append(out.lines, cur)
		y += lineH
		cur = line{top: y}
	}
	for _, p := range paras {
		if started {
			newLine()
			if p.gap {
				y += lineH * paraGap
				cur.top = y
			}
		}
		started = true
		for _, wd := range p.words {
			pieces := measureWord(wd, st, sizePt)
			ww := 0.0
			for _, r := range pieces {
				ww += r.w
			}
			if len(cur.runs) > 0 && cur.width+space+ww > w+1e-6 {
				newLine()
			}
			if ww > w+1e-6 {
				// A word wider than the box: split it where it must be.
				out.broken = true
				for _, r := range splitRuns(pieces, w, sizePt) {
					if len(cur.runs) > 0 && cur.width+r.w > w+1e-6 {
						newLine()
					}
					appendRun(&cur, r)
				}
				continue
			}
			if len(cur.runs) > 0 {
				appendRun(&cur, run{text: " ", font: base, w: space})
			}
			for _, r := range pieces {
				appendRun(&cur, r)
			}
		}
	}
	if started {
		out.lines = append(out.lines, cur)
		y += lineH
	}
	out.height = y
	out.fits = !out.broken && y <= h+0.01 && (st.maxLines == 0 || len(out.lines) <= st.maxLines)
	return out
}

// measureWord turns a word's spans into runs with widths.
func measureWord(wd word, st textStyle, sizePt float64) []run {
	em := sizePt * ptMM
	out := make([]run, 0, len(wd))
	for _, s := range wd {
		k := resolveFont(st.family, st.style, s.bold, s.italic)
		if s.icon != "" {
			out = append(out, run{icon: s.icon, font: k, w: em * iconEm})
			continue
		}
		out = append(out, run{text: s.text, font: k, w: fontMetrics(k).width(s.text, sizePt)})
	}
	return out
}

// splitRuns breaks runs into pieces no wider than w, rune by rune.
func splitRuns(runs []run, w, sizePt float64) []run {
	var out []run
	for _, r := range runs {
		if r.icon != "" || r.w <= w {
			out = append(out, r)
			continue
		}
		m := fontMetrics(r.font)
		var piece []rune
		pw := 0.0
		for _, c := range r.text {
			a, _ := m.advance(c)
			cw := a * sizePt * ptMM
			if len(piece) > 0 && pw+cw > w {
				out = append(out, run{text: string(piece), font: r.font, w: pw})
				piece, pw = nil, 0
			}
			piece = append(piece, c)
			pw += cw
		}
		if len(piece) > 0 {
			out = append(out, run{text: string(piece), font: r.font, w: pw})
		}
	}
	return out
}

// appendRun adds a run to a line, merging text in the same font.
func appendRun(l *line, r run) {
	r.x = l.width
	l.width += r.w
	if n := len(l.runs); n > 0 && r.icon == "" && l.runs[n-1].icon == "" && l.runs[n-1].font == r.font {
		l.runs[n-1].text += r.text
		l.runs[n-1].w += r.w
		return
	}
	l.runs = append(l.runs, r)
}

// fitText sets text at the largest size from sizePt down to minPt, in
// quarter points, that fits the box. When none does, it returns the layout
// at minPt with fits false.
func fitText(paras []paragraph, w, h float64, st textStyle, sizePt, minPt float64) textLayout {
	first := layoutText(paras, w, h, st, sizePt)
	if first.fits || minPt >= sizePt {
		return first
	}
	last := layoutText(paras, w, h, st, minPt)
	if !last.fits {
		return last
	}
	// Binary search over quarter-point steps: lo fits, hi does not.
	lo, hi := 0, int(math.Round((sizePt-minPt)*4))
	best := last
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		l := layoutText(paras, w, h, st, minPt+float64(mid)/4)
		if l.fits {
			lo, best = mid, l
		} else {
			hi = mid
		}
	}
	return best
}
