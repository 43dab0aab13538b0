package export

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// textStyle is how a text zone sets its text.
type textStyle struct {
	fonts         *fontBook
	family, style string
	leading       float64 // line height as a multiple of the size
	align         string  // left, center, right
	valign        string  // top, middle, bottom
	maxLines      int     // 0: any
}

// base is the zone's own font, without markup.
func (st textStyle) base() *Font { return st.book().resolve(st.family, st.style, false, false) }

// book is the style's fonts: the template set's, or the bundled ones.
func (st textStyle) book() *fontBook {
	if st.fonts == nil {
		return newFontBook(nil)
	}
	return st.fonts
}

// run is a piece of a laid-out line: text in one font, or an icon.
type run struct {
	x    float64 // from the line's start, mm
	text string
	icon string
	font *Font
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
	lines  []line // only the lines that fit the box are kept
	count  int    // lines the text needs
	height float64
	fits   bool
	broken bool // a word was wider than the box and was split
}

// iconEm is an inline icon's advance, as a multiple of the font size.
const iconEm = 1.1

// paraGap is the extra space before a paragraph that follows a blank line,
// as a multiple of the line height.
const paraGap = 0.45

// layoutText sets paragraphs at one size in a box of width w and height h
// (millimetres). Words are kept together where a reader expects them to
// be (see glued). Lines below the box are measured but not kept, so a
// zone's text costs time and memory in proportion to its length.
func layoutText(paras []paragraph, w, h float64, st textStyle, sizePt float64) textLayout {
	em := sizePt * ptMM
	lineH := em * st.leading
	base := st.base()
	space := base.width(" ", sizePt)
	out := textLayout{sizePt: sizePt}
	y := 0.0
	var cur line
	started := false
	keep := func() bool { return y+lineH <= h+0.01 }
	newLine := func() {
		if keep() {
			out.lines = append(out.lines, cur)
		}
		out.count++
		y += lineH
		cur = line{top: y}
	}
	place := func(pieces []run, leadingSpace bool) {
		if leadingSpace && len(cur.runs) > 0 {
			appendRun(&cur, run{text: " ", font: base, w: space})
		}
		for _, r := range pieces {
			appendRun(&cur, r)
		}
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
		words := make([][]run, len(p.words))
		widths := make([]float64, len(p.words))
		for i, wd := range p.words {
			words[i] = measureWord(wd, st, sizePt)
			for _, r := range words[i] {
				widths[i] += r.w
			}
		}
		glue := glued(p.words)
		for i := 0; i < len(words); {
			// A unit is a run of glued words; it breaks only where it must.
			j := i + 1
			uw := widths[i]
			for j < len(words) && glue[j-1] {
				uw += space + widths[j]
				j++
			}
			if len(cur.runs) > 0 && cur.width+space+uw > w+1e-6 && uw <= w+1e-6 {
				newLine()
			}
			for k := i; k < j; k++ {
				ww := widths[k]
				if len(cur.runs) > 0 && cur.width+space+ww > w+1e-6 {
					newLine()
				}
				if ww > w+1e-6 {
					// A word wider than the box: split it where it must be.
					out.broken = true
					for _, r := range splitRuns(words[k], w, sizePt) {
						if len(cur.runs) > 0 && cur.width+r.w > w+1e-6 {
							newLine()
						}
						appendRun(&cur, r)
					}
					continue
				}
				place(words[k], true)
			}
			i = j
		}
	}
	if started {
		if keep() {
			out.lines = append(out.lines, cur)
		}
		out.count++
		y += lineH
	}
	out.height = y
	if st.maxLines > 0 && len(out.lines) > st.maxLines {
		out.lines = out.lines[:st.maxLines]
	}
	out.fits = !out.broken && y <= h+0.01 && (st.maxLines == 0 || out.count <= st.maxLines)
	return out
}

// glued says, for each pair of neighbouring words, whether a line may not
// break between them: a number stays with the word before it ("Agility
// 4+ x3", "Gain 2"), an icon with the word it precedes ("{glory} 2"), and
// an icon that ends a phrase with the word before it ("2 {glory}.").
// A non-breaking space inside a word keeps its parts together too.
func glued(words []word) []bool {
	out := make([]bool, max(len(words)-1, 0))
	for i := range out {
		a, b := words[i], words[i+1]
		out[i] = numberLike(b) || (iconOnly(a) && !endsPhrase(a)) || (iconOnly(b) && endsPhrase(b))
	}
	return out
}

// numberLike says whether a word is a number as a test or a cost writes it:
// 4, 4+, x3, ×2, +1, -2, 50%.
func numberLike(w word) bool {
	if len(w) == 0 || w[0].icon != "" {
		return false
	}
	s := strings.TrimLeft(w[0].text, "(")
	r, n := utf8.DecodeRuneInString(s)
	if r == 'x' || r == '×' || r == '+' || r == '-' || r == '−' {
		r, _ = utf8.DecodeRuneInString(s[n:])
	}
	return unicode.IsDigit(r)
}

// iconOnly says whether a word is inline icons, with punctuation at most.
func iconOnly(w word) bool {
	icons := false
	for _, s := range w {
		if s.icon != "" {
			icons = true
			continue
		}
		for _, r := range s.text {
			if !unicode.IsPunct(r) {
				return false
			}
		}
	}
	return icons
}

// endsPhrase says whether a word ends with punctuation that closes a
// phrase.
func endsPhrase(w word) bool {
	if len(w) == 0 || w[len(w)-1].icon != "" {
		return false
	}
	t := w[len(w)-1].text
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(".,;:!?)", r)
}

// measureWord turns a word's spans into runs with widths, each run in the
// font that prints it: the zone's font, or a fallback for characters it
// lacks.
func measureWord(wd word, st textStyle, sizePt float64) []run {
	em := sizePt * ptMM
	out := make([]run, 0, len(wd))
	book := st.book()
	for _, s := range wd {
		f := book.resolve(st.family, st.style, s.bold, s.italic)
		if s.icon != "" {
			out = append(out, run{icon: s.icon, font: f, w: em * iconEm})
			continue
		}
		start, cur := 0, (*Font)(nil)
		for i, r := range s.text {
			g, _ := book.pick(f, r)
			if cur != nil && g != cur {
				out = append(out, run{text: s.text[start:i], font: cur, w: cur.width(s.text[start:i], sizePt)})
				start = i
			}
			cur = g
		}
		if cur != nil {
			out = append(out, run{text: s.text[start:], font: cur, w: cur.width(s.text[start:], sizePt)})
		}
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
		var piece strings.Builder
		pw := 0.0
		for _, c := range r.text {
			cw := r.font.glyph(c).advance * sizePt * ptMM
			if piece.Len() > 0 && pw+cw > w {
				out = append(out, run{text: piece.String(), font: r.font, w: pw})
				piece.Reset()
				pw = 0
			}
			piece.WriteRune(c)
			pw += cw
		}
		if piece.Len() > 0 {
			out = append(out, run{text: piece.String(), font: r.font, w: pw})
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
