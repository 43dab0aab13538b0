package export

import (
	"math"
	"strings"
	"unicode"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// doc is one PDF document with the fonts it has loaded.
type doc struct {
	pdf   *gofpdf.Fpdf
	fonts map[fontKey]bool
}

func (d *doc) setFont(k fontKey, sizePt float64) {
	fam, style := k.pdfName()
	if !d.fonts[k] {
		// gofpdf writes into the font bytes it is given while subsetting,
		// so each document gets its own copy: the embedded Go fonts stay
		// intact and every export gives the same bytes.
		d.pdf.AddUTF8FontFromBytes(fam, style, append([]byte(nil), fontFiles[k]...))
		d.fonts[k] = true
	}
	d.pdf.SetFont(fam, style, sizePt)
}

func (d *doc) fillColor(c templates.Color) { d.pdf.SetFillColor(int(c.R), int(c.G), int(c.B)) }
func (d *doc) drawColor(c templates.Color) { d.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B)) }
func (d *doc) textColor(c templates.Color) { d.pdf.SetTextColor(int(c.R), int(c.G), int(c.B)) }

var (
	black    = templates.Color{}
	white    = templates.Color{R: 255, G: 255, B: 255}
	alertRed = templates.Color{R: 230, G: 0, B: 0}
)

// renderer draws template faces for items. It caches text layouts (a card
// printed nine times is laid out once) and reports each problem once.
type renderer struct {
	set      *templates.Set
	tables   *table.Tables
	diags    *diag.List
	layouts  map[layoutKey]*zoneText
	reported map[string]bool
	tokens   map[string]tokenResult
	conds    map[string]*templates.Condition // parsed if: and unless:
}

type layoutKey struct {
	item *Item
	zone *templates.Zone
	w, h float64
}

// zoneText is a text zone's laid-out text.
type zoneText struct {
	layout textLayout
	style  textStyle
	ok     bool // there is text to draw
}

type tokenResult struct {
	icon, text string
	ok         bool
}

func newRenderer(set *templates.Set, t *table.Tables, l *diag.List) *renderer {
	return &renderer{set: set, tables: t, diags: l, layouts: map[layoutKey]*zoneText{}, reported: map[string]bool{}, tokens: map[string]tokenResult{},
		conds: map[string]*templates.Condition{}}
}

// color resolves a template colour; "ink" defaults to black.
func (r *renderer) color(t *templates.Template, name string) (templates.Color, bool) {
	if name == "" {
		return black, false
	}
	if c, ok := r.set.Color(t, name); ok {
		return c, true
	}
	return black, name == "ink"
}

// placement maps template millimetres to a face's place on the page.
type placement struct {
	trim   Rect
	sx, sy float64 // scale of x and y
	fs     float64 // scale of sizes: fonts, icons, line widths
	bleed  float64
	tw, th float64 // template size
}

func newPlacement(t *templates.Template, trim Rect, bleed float64) placement {
	sx, sy := trim.W/t.Size.W, trim.H/t.Size.H
	return placement{trim: trim, sx: sx, sy: sy, fs: math.Min(sx, sy), bleed: bleed, tw: t.Size.W, th: t.Size.H}
}

func (p placement) rect(at [4]float64) Rect {
	return Rect{p.trim.X + at[0]*p.sx, p.trim.Y + at[1]*p.sy, at[2] * p.sx, at[3] * p.sy}
}

// bled extends a box that touches the card's edge into the bleed.
func (p placement) bled(at [4]float64) Rect {
	r := p.rect(at)
	const eps = 0.01
	if at[0] <= eps {
		r.X -= p.bleed
		r.W += p.bleed
	}
	if at[1] <= eps {
		r.Y -= p.bleed
		r.H += p.bleed
	}
	if at[0]+at[2] >= p.tw-eps {
		r.W += p.bleed
	}
	if at[1]+at[3] >= p.th-eps {
		r.H += p.bleed
	}
	return r
}

// drawFace draws one face of an item with its trim box at trim; bleed is
// how far art extends beyond it; turned draws it turned half round.
func (r *renderer) drawFace(d *doc, it *Item, face *templates.Face, trim Rect, bleed float64, turned bool) {
	if face == nil {
		return
	}
	t := it.Template
	p := newPlacement(t, trim, bleed)
	if turned {
		d.pdf.TransformBegin()
		d.pdf.TransformRotate(180, trim.X+trim.W/2, trim.Y+trim.H/2)
		defer d.pdf.TransformEnd()
	}
	if c, ok := r.color(t, face.Background); ok {
		d.fillColor(c)
		d.pdf.Rect(trim.X-bleed, trim.Y-bleed, trim.W+2*bleed, trim.H+2*bleed, "F")
	}
	for _, z := range face.Zones {
		if !r.shows(it, z) {
			continue
		}
		switch z.Type {
		case templates.ZoneBox:
			r.drawBox(d, t, z, p)
		case templates.ZoneLine:
			c, _ := r.color(t, z.Stroke)
			d.drawColor(c)
			d.pdf.SetLineWidth(lineWidth(z.Width) * p.fs)
			d.pdf.Line(p.trim.X+z.At[0]*p.sx, p.trim.Y+z.At[1]*p.sy, p.trim.X+z.At[2]*p.sx, p.trim.Y+z.At[3]*p.sy)
		case templates.ZoneText:
			r.drawText(d, it, z, p.rect(z.At), p.fs)
		case templates.ZoneIcon:
			c, _ := r.color(t, z.Color)
			zr := p.rect(z.At)
			side := math.Min(zr.W, zr.H)
			r.drawIcon(d, t, z.Icon, zr.X+(zr.W-side)/2, zr.Y+(zr.H-side)/2, side, c)
		case templates.ZoneIcons:
			r.drawIcons(d, it, z, p.rect(z.At), p.fs)
		case templates.ZoneRows:
			r.drawRows(d, it, z, p.rect(z.At), p.fs)
		}
	}
}

// shows says whether a zone shows for an item: every if: holds and no
// unless: does.
func (r *renderer) shows(it *Item, z *templates.Zone) bool {
	for _, c := range z.If {
		if !r.truthy(it, c) {
			return false
		}
	}
	for _, c := range z.Unless {
		if r.truthy(it, c) {
			return false
		}
	}
	return true
}

func lineWidth(w float64) float64 {
	if w == 0 {
		return 0.3
	}
	return w
}

func (r *renderer) drawBox(d *doc, t *templates.Template, z *templates.Zone, p placement) {
	b := p.bled(z.At)
	style := ""
	if c, ok := r.color(t, z.Fill); ok {
		d.fillColor(c)
		style += "F"
	}
	if c, ok := r.color(t, z.Stroke); ok {
		d.drawColor(c)
		d.pdf.SetLineWidth(lineWidth(z.Width) * p.fs)
		style += "D"
		b = p.rect(z.At) // a stroked box keeps to its place
	}
	if style == "" {
		return
	}
	if z.Radius > 0 {
		d.pdf.RoundedRect(b.X, b.Y, b.W, b.H, z.Radius*p.fs, "1234", style)
		return
	}
	d.pdf.Rect(b.X, b.Y, b.W, b.H, style)
}

// resolveToken maps an {token} in card text to an icon, or a keyword's
// name when the keyword has no icon.
func (r *renderer) resolveToken(tok string) (string, string, bool) {
	if res, ok := r.tokens[tok]; ok {
		return res.icon, res.text, res.ok
	}
	var res tokenResult
	low := strings.ToLower(strings.TrimSpace(tok))
	if _, ok := r.set.Icons[low]; ok {
		res = tokenResult{icon: low, ok: true}
	} else if lk := r.set.InlineIcons; lk.Sheet != "" {
		f := diag.Fold(tok)
		for _, row := range r.tables.Rows(lk.Sheet) {
			if diag.Fold(row.ID) != f && diag.Fold(row.Str("name")) != f {
				continue
			}
			icon := strings.ToLower(row.Str(lk.Column))
			if _, ok := r.set.Icons[icon]; ok && icon != "" {
				res = tokenResult{icon: icon, ok: true}
			} else {
				res = tokenResult{text: row.Str("name"), ok: true}
			}
			break
		}
	}
	r.tokens[tok] = res
	return res.icon, res.text, res.ok
}

// once reports whether a problem (by key) is new.
func (r *renderer) once(key string) bool {
	if r.reported[key] {
		return false
	}
	r.reported[key] = true
	return true
}

// layoutZone sets a text zone's text for an item at the scale given.
func (r *renderer) layoutZone(it *Item, z *templates.Zone, box Rect, fs float64) *zoneText {
	key := layoutKey{it, z, box.W, box.H}
	if zt, ok := r.layouts[key]; ok {
		return zt
	}
	zt := &zoneText{}
	r.layouts[key] = zt
	text, pos, _ := r.expand(it, z.Text)
	if pos == it.Template.Pos { // the zone's own text: a problem in it is on its line
		pos = z.Pos
		if p, ok := z.Keys["text"]; ok {
			pos = p
		}
	}
	if strings.TrimSpace(text) == "" {
		return zt
	}
	st := textStyle{family: z.Font, style: z.Style, leading: z.Leading, align: z.Align, valign: z.VAlign, maxLines: z.Lines}
	text = r.sanitize(it, z, text, st, pos)
	paras, unknown := parseMarkup(text, r.resolveToken)
	for _, u := range unknown {
		if r.once("token\x00" + it.ID() + "\x00" + u) {
			dg := r.diags.Warnf(pos, CodeUnknownToken, "{%s} on card %q is neither an icon nor a keyword; it prints as written", u, it.ID())
			dg.Hint = diag.DidYouMean(u, r.tokenNames())
		}
	}
	zt.style = st
	zt.layout = fitText(paras, box.W, box.H, st, z.SizePt*fs, z.MinPt*fs)
	zt.ok = len(paras) > 0
	if !zt.layout.fits && zt.ok {
		r.overflow(it, z, pos, zt.layout, box, fs)
	}
	return zt
}

func (r *renderer) overflow(it *Item, z *templates.Zone, pos diag.Pos, lay textLayout, box Rect, fs float64) {
	key := "overflow\x00" + it.Template.Name + "\x00" + it.ID() + "\x00" + z.Pos.String()
	if !r.once(key) {
		return
	}
	name := z.Name
	if name == "" {
		name = z.Type + " zone at " + z.Pos.String()
	}
	why := "needs " + num(lay.height/fs) + " mm, has " + num(box.H/fs) + " mm"
	switch {
	case lay.broken:
		why = "a word is wider than the zone"
	case z.Lines > 0 && len(lay.lines) > z.Lines:
		why = "needs " + itoa(len(lay.lines)) + " lines, has " + itoa(z.Lines)
	}
	dg := r.diags.Errorf(pos, CodeOverflow, "text of %q does not fit the %s even at %s pt (%s)",
		it.ID(), name, num(z.MinPt), why)
	dg.Hint = "shorten the text, or give the zone more room or a smaller min in " + z.Pos.String()
}

// sanitize replaces characters the fonts cannot print with "?" and
// reports them.
func (r *renderer) sanitize(it *Item, z *templates.Zone, s string, st textStyle, pos diag.Pos) string {
	m := fontMetrics(resolveFont(st.family, st.style, false, false))
	bad, ok := m.covers(s)
	if ok {
		return s
	}
	if r.once("glyph\x00" + it.ID() + "\x00" + z.Pos.String()) {
		r.diags.Warnf(pos, CodeGlyph, "card %q has %q (U+%04X), which the embedded fonts cannot print; it prints as ?", it.ID(), string(bad), bad)
	}
	var b strings.Builder
	for _, c := range s {
		if unicode.IsSpace(c) || unicode.IsControl(c) {
			b.WriteRune(c)
			continue
		}
		if _, ok := m.advance(c); !ok {
			c = '?'
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (r *renderer) tokenNames() []string {
	names := table.SortedKeys(r.set.Icons)
	if lk := r.set.InlineIcons; lk.Sheet != "" {
		for _, row := range r.tables.Rows(lk.Sheet) {
			names = append(names, row.Str("name"))
		}
	}
	return names
}

func (r *renderer) drawText(d *doc, it *Item, z *templates.Zone, box Rect, fs float64) {
	zt := r.layoutZone(it, z, box, fs)
	if !zt.ok {
		return
	}
	c, _ := r.color(it.Template, z.Color)
	r.drawLayout(d, it.Template, zt.layout, zt.style, box, c)
	if !zt.layout.fits {
		r.markOverflow(d, box)
	}
}

// drawLayout draws laid-out text in a box; lines that do not fit are left
// out (and reported by the caller).
func (r *renderer) drawLayout(d *doc, t *templates.Template, lay textLayout, st textStyle, box Rect, c templates.Color) {
	em := lay.sizePt * ptMM
	lineH := em * st.leading
	base := fontMetrics(resolveFont(st.family, st.style, false, false))
	offY := 0.0
	switch st.valign {
	case "middle":
		offY = (box.H - lay.height) / 2
	case "bottom":
		offY = box.H - lay.height
	}
	if offY < 0 {
		offY = 0
	}
	d.textColor(c)
	for i, ln := range lay.lines {
		if ln.top+lineH > box.H+0.01 || (st.maxLines > 0 && i >= st.maxLines) {
			break
		}
		x := box.X
		switch st.align {
		case "center":
			x += (box.W - ln.width) / 2
		case "right":
			x += box.W - ln.width
		}
		baseline := box.Y + offY + ln.top + (lineH-(base.ascent+base.descent)*em)/2 + base.ascent*em
		for _, rn := range ln.runs {
			if rn.icon != "" {
				side := em * 0.95
				r.drawIcon(d, t, rn.icon, x+rn.x+(rn.w-side)/2, baseline-em*0.36-side/2, side, c)
				continue
			}
			if strings.TrimSpace(rn.text) == "" {
				continue
			}
			d.setFont(rn.font, lay.sizePt)
			d.textColor(c)
			d.pdf.Text(x+rn.x, baseline, rn.text)
		}
	}
}

// markOverflow outlines a zone whose text does not fit, so the problem is
// seen on paper as well as reported.
func (r *renderer) markOverflow(d *doc, box Rect) {
	d.drawColor(alertRed)
	d.fillColor(alertRed)
	d.pdf.SetLineWidth(0.35)
	d.pdf.Rect(box.X, box.Y, box.W, box.H, "D")
	s := math.Min(3, math.Min(box.W, box.H)/2)
	d.pdf.Polygon([]gofpdf.PointType{{X: box.X + box.W, Y: box.Y + box.H - s}, {X: box.X + box.W, Y: box.Y + box.H}, {X: box.X + box.W - s, Y: box.Y + box.H}}, "F")
}

// drawIcon draws a named icon in a square.
func (r *renderer) drawIcon(d *doc, t *templates.Template, name string, x, y, side float64, ink templates.Color) {
	ic := r.set.Icons[name]
	if ic == nil {
		return
	}
	k := side / 100
	for _, sh := range ic.Shapes {
		style := ""
		if sh.Fill != "" {
			c := ink
			if sh.Fill != "ink" {
				c, _ = r.color(t, sh.Fill)
			}
			d.fillColor(c)
			style += "F"
		}
		if sh.Stroke != "" {
			c := ink
			if sh.Stroke != "ink" {
				c, _ = r.color(t, sh.Stroke)
			}
			d.drawColor(c)
			d.pdf.SetLineWidth(sh.Width * k)
			d.pdf.SetLineCapStyle("round")
			d.pdf.SetLineJoinStyle("round")
			style += "D"
		}
		if style == "" {
			continue
		}
		if sh.IsCircle {
			d.pdf.Circle(x+sh.Circle[0]*k, y+sh.Circle[1]*k, sh.Circle[2]*k, style)
			continue
		}
		for _, op := range sh.Path {
			switch op.Op {
			case 'M':
				d.pdf.MoveTo(x+op.Pts[0]*k, y+op.Pts[1]*k)
			case 'L':
				d.pdf.LineTo(x+op.Pts[0]*k, y+op.Pts[1]*k)
			case 'C':
				d.pdf.CurveBezierCubicTo(x+op.Pts[0]*k, y+op.Pts[1]*k, x+op.Pts[2]*k, y+op.Pts[3]*k, x+op.Pts[4]*k, y+op.Pts[5]*k)
			case 'Z':
				d.pdf.ClosePath()
			}
		}
		if style == "F" {
			style = "F*"
		} else if style == "FD" {
			style = "FD*"
		}
		d.pdf.DrawPath(style)
	}
	d.pdf.SetLineCapStyle("butt")
	d.pdf.SetLineJoinStyle("miter")
}

// iconValues returns the icon names an icons zone shows for an item.
func (r *renderer) iconValues(it *Item, z *templates.Zone) []string {
	b, err := templates.ParsePath(z.Field)
	if err != nil || it.Row == nil {
		return nil
	}
	t := it.Template
	sheet := t.Sheet
	var raw []string
	if len(b.Path) == 1 {
		raw = rawList(it.Row, b.Path[0])
	} else {
		col := r.column(t.Sheet, b.Path[0])
		if col == nil {
			return nil
		}
		sheet = refTarget(col.Type)
		tb := r.tables.Table(sheet)
		if tb == nil {
			return nil
		}
		for _, id := range rawList(it.Row, b.Path[0]) {
			if row := tb.Find(id); row != nil {
				raw = append(raw, rawList(row, b.Path[1])...)
			}
		}
		b.Path = b.Path[1:]
	}
	if z.Via != "" {
		col := r.column(sheet, b.Path[0])
		if col == nil {
			return nil
		}
		target := r.tables.Table(refTarget(col.Type))
		var via []string
		for _, id := range raw {
			if target == nil {
				break
			}
			if row := target.Find(id); row != nil {
				if v := row.Str(z.Via); v != "" {
					via = append(via, v)
				}
			}
		}
		raw = via
	}
	var out []string
	for _, v := range raw {
		v = strings.ToLower(v)
		if _, ok := r.set.Icons[v]; !ok {
			if r.once("icon\x00" + v) {
				r.diags.Warnf(it.pos(strings.Split(z.Field, ".")[0]), CodeUnknownIcon, "no template defines an icon %q (card %q)", v, it.ID()).Hint =
					"add it to icons.yaml in the project's templates/ folder"
			}
			continue
		}
		out = append(out, v)
		if z.Limit > 0 && len(out) == z.Limit {
			break
		}
	}
	return out
}

func (r *renderer) drawIcons(d *doc, it *Item, z *templates.Zone, box Rect, fs float64) {
	icons := r.iconValues(it, z)
	if len(icons) == 0 {
		return
	}
	side := math.Min(box.H, box.W)
	gap := z.Gap * fs
	if z.Keys != nil {
		if _, set := z.Keys["gap"]; !set {
			gap = side * 0.2
		}
	}
	n := float64(len(icons))
	total := n*side + (n-1)*gap
	if total > box.W {
		// Shrink to fit the row rather than run past it.
		side = (box.W - (n-1)*gap) / n
		total = box.W
	}
	x := box.X
	switch z.Align {
	case "center":
		x += (box.W - total) / 2
	case "right":
		x += box.W - total
	}
	c, _ := r.color(it.Template, z.Color)
	for _, ic := range icons {
		r.drawIcon(d, it.Template, ic, x, box.Y+(box.H-side)/2, side, c)
		x += side + gap
	}
}
