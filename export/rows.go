package export

import (
	"math"
	"strconv"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// relatedRows returns the rows of spec.Sheet whose Match column names the
// item's row (a tactics chart's results, an organization's outposts), or,
// with no Match, every row of the sheet (a chart on a reference card).
func (r *renderer) relatedRows(it *Item, spec *templates.RowsSpec) []*table.Row {
	if spec.Match == "" {
		return r.tables.Rows(spec.Sheet)
	}
	if it.Row == nil {
		return nil
	}
	var out []*table.Row
	for _, row := range r.tables.Rows(spec.Sheet) {
		for _, v := range rawList(row, spec.Match) {
			if v == it.Row.ID {
				out = append(out, row)
				break
			}
		}
	}
	return out
}

// rowsLayout is a rows zone set at one size.
type rowsLayout struct {
	sizePt  float64
	cells   [][]textLayout // [row][column]
	heights []float64
	height  float64
	fits    bool
}

type rowsCell struct {
	paras []paragraph
	pos   diag.Pos
	size  int
}

func (r *renderer) drawRows(c Canvas, it *Item, z *templates.Zone, box Rect, fs float64) {
	spec := z.Rows
	if spec == nil {
		return
	}
	rel := r.relatedRows(it, spec)
	if len(rel) == 0 {
		return
	}
	// The related rows bind to their own sheet.
	sub := *it.Template
	sub.Sheet = spec.Sheet
	gap := 1.5 * fs
	widths := columnWidths(spec.Columns, box.W, gap, fs)
	cells := make([][]rowsCell, len(rel))
	worst := rowsCell{pos: it.pos("name"), size: -1}
	for i, row := range rel {
		ri := &Item{Template: &sub, Row: row}
		for _, col := range spec.Columns {
			text, pos, _ := r.expand(ri, col.Text)
			st := textStyle{fonts: r.fonts, family: z.Font, style: col.Style}
			if len(text) > maxText {
				text = clip(text, maxText)
			}
			text = r.sanitize(ri, z, text, st, pos)
			paras, _ := parseMarkup(text, r.resolveToken)
			cell := rowsCell{paras: paras, pos: pos, size: len(text)}
			if cell.size > worst.size {
				worst = cell
			}
			cells[i] = append(cells[i], cell)
		}
	}
	set := func(sizePt float64) rowsLayout {
		out := rowsLayout{sizePt: sizePt, fits: true}
		lineH := sizePt * ptMM * z.Leading
		for i := range cells {
			var row []textLayout
			h := 0.0
			for j, cell := range cells[i] {
				col := spec.Columns[j]
				st := textStyle{fonts: r.fonts, family: z.Font, style: col.Style, leading: z.Leading, align: col.Align}
				l := layoutText(cell.paras, widths[j], box.H, st, sizePt)
				if l.broken {
					out.fits = false
				}
				row = append(row, l)
				h = math.Max(h, l.height)
			}
			if i > 0 {
				out.height += lineH * 0.35
			}
			out.cells = append(out.cells, row)
			out.heights = append(out.heights, h)
			out.height += h
		}
		if out.height > box.H+0.01 {
			out.fits = false
		}
		return out
	}
	size, min := z.SizePt*fs, z.MinPt*fs
	lay := set(size)
	if !lay.fits && min < size {
		lo := set(min)
		if lo.fits {
			// Binary search over quarter points: a fits, b does not.
			a, b := 0, int(math.Round((size-min)*4))
			lay = lo
			for b-a > 1 {
				m := (a + b) / 2
				if l := set(min + float64(m)/4); l.fits {
					a, lay = m, l
				} else {
					b = m
				}
			}
		} else {
			lay = lo
		}
	}
	if !lay.fits && r.once("rows\x00"+it.ID()+"\x00"+z.Pos.String()) {
		sh := r.set.Schema.Sheet(spec.Sheet)
		name := spec.Sheet
		if sh != nil {
			name = sh.Name
		}
		r.diags.Add(diag.Errorf(worst.pos, CodeOverflow, "the %s rows of %q do not fit their zone even at %s pt (need %s mm, have %s mm)",
			name, it.ID(), num(z.MinPt), num(lay.height/fs), num(box.H/fs)).
			WithHint("shorten the rows' text, or give the zone more room in " + z.Pos.String()))
	} else if lay.fits && lay.sizePt < minReadablePt-1e-9 {
		r.small(it, z, worst.pos, lay.sizePt, true)
	}
	col, _ := r.color(it.Template, z.Color)
	rule, hasRule := r.color(it.Template, spec.Rule)
	lineH := lay.sizePt * ptMM * z.Leading
	y := box.Y
	for i := range lay.cells {
		if i > 0 {
			if hasRule {
				c.Stroke(linePath(box.X, y+lineH*0.175, box.X+box.W, y+lineH*0.175), rule, Pen{Width: 0.15 * fs})
			}
			y += lineH * 0.35
		}
		if y+lay.heights[i] > box.Y+box.H+0.01 {
			break
		}
		x := box.X
		for j, l := range lay.cells[i] {
			sc := spec.Columns[j]
			st := textStyle{fonts: r.fonts, family: z.Font, style: sc.Style, leading: z.Leading, align: sc.Align, valign: "top"}
			r.drawLayout(c, it.Template, l, st, Rect{x, y, widths[j], lay.heights[i]}, col)
			x += widths[j] + gap
		}
		y += lay.heights[i]
	}
	if !lay.fits {
		markOverflow(c, box)
	}
}

// columnWidths gives each rows column its width: fixed widths as written
// (scaled), the rest shared by the columns without one.
func columnWidths(cols []*templates.RowsColumn, w, gap, fs float64) []float64 {
	out := make([]float64, len(cols))
	rest := w - gap*float64(len(cols)-1)
	free := 0
	for i, c := range cols {
		if c.Width > 0 {
			out[i] = c.Width * fs
			rest -= out[i]
		} else {
			free++
		}
	}
	for i := range out {
		if out[i] == 0 && free > 0 {
			out[i] = math.Max(rest/float64(free), 1)
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
