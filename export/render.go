package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// renderer lays out and draws template faces for items on a canvas. It
// caches text layouts (a card printed nine times is laid out once; the
// cache is emptied after every page, so memory does not grow with the
// cards) and reports each problem once.
type renderer struct {
	set      *templates.Set
	tables   *table.Tables
	diags    *diag.List
	fonts    *fontBook
	pics     *pictures
	layouts  map[layoutKey]*zoneText
	reported map[string]bool
	tokens   map[string]tokenResult
	conds    map[string]*templates.Condition // parsed if: and unless:
	icons    map[string][]iconShape          // icons as paths in their 100×100 box
	columns  map[columnKey]*table.Column
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
	return &renderer{set: set, tables: t, diags: l, fonts: newFontBook(set), pics: newPictures(),
		layouts: map[layoutKey]*zoneText{}, reported: map[string]bool{}, tokens: map[string]tokenResult{},
		conds: map[string]*templates.Condition{}, icons: map[string][]iconShape{}, columns: map[columnKey]*table.Column{}}
}

// forget drops the cached layouts: called after each page.
func (r *renderer) forget() {
	if len(r.layouts) > 0 {
		r.layouts = map[layoutKey]*zoneText{}
	}
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

// faceLabel names a face for the PDF's marked content: "card-7 back".
func faceLabel(it *Item, back bool) string {
	if back {
		return it.ID() + " back"
	}
	return it.ID() + " front"
}

// drawFace draws one face of an item with its trim box at trim; bleed is
// how far art extends beyond it; turned draws it turned half round. The
// face is one group on the canvas, clipped to its bleed box, so nothing of
// it reaches a neighbouring card.
func (r *renderer) drawFace(c Canvas, it *Item, face *templates.Face, trim Rect, bleed float64, turned bool, label string) {
	if face == nil {
		return
	}
	t := it.Template
	p := newPlacement(t, trim, bleed)
	m := Identity
	if turned {
		m = turnAbout(trim.X+trim.W/2, trim.Y+trim.H/2)
	}
	bled := Rect{trim.X - bleed, trim.Y - bleed, trim.W + 2*bleed, trim.H + 2*bleed}
	c.Begin(Group{Transform: m, Clip: &bled, Label: label})
	defer c.End()
	if col, ok := r.color(t, face.Background); ok {
		c.Fill(rectPath(bled), col, false)
	}
	for _, z := range face.Zones {
		if !r.shows(it, z) {
			continue
		}
		switch z.Type {
		case templates.ZoneBox:
			r.drawBox(c, t, z, p)
		case templates.ZoneLine:
			col, _ := r.color(t, z.Stroke)
			c.Stroke(linePath(p.trim.X+z.At[0]*p.sx, p.trim.Y+z.At[1]*p.sy, p.trim.X+z.At[2]*p.sx, p.trim.Y+z.At[3]*p.sy), col, Pen{Width: lineWidth(z.Width) * p.fs})
		case templates.ZoneText:
			r.drawText(c, it, z, p.rect(z.At), p.fs)
		case templates.ZoneIcon:
			col, _ := r.color(t, z.Color)
			zr := p.rect(z.At)
			side := math.Min(zr.W, zr.H)
			r.drawIcon(c, t, z.Icon, zr.X+(zr.W-side)/2, zr.Y+(zr.H-side)/2, side, col)
		case templates.ZoneIcons:
			r.drawIcons(c, it, z, p.rect(z.At), p.fs)
		case templates.ZoneRows:
			r.drawRows(c, it, z, p.rect(z.At), p.fs)
		case templates.ZoneImage:
			pic := pictureOf(z.SrcImage)
			if z.Field != "" {
				pic = r.cellPicture(it, z)
			}
			drawPicture(c, pic, p.bled(z.At), z.Fit)
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

func (r *renderer) drawBox(c Canvas, t *templates.Template, z *templates.Zone, p placement) {
	fill, hasFill := r.color(t, z.Fill)
	stroke, hasStroke := r.color(t, z.Stroke)
	b := p.bled(z.At)
	if hasStroke {
		b = p.rect(z.At) // a stroked box keeps to its place
	}
	path := rectPath(b)
	if z.Radius > 0 {
		path = roundedRectPath(b, z.Radius*p.fs)
	}
	if hasFill {
		c.Fill(path, fill, false)
	}
	if hasStroke {
		c.Stroke(path, stroke, Pen{Width: lineWidth(z.Width) * p.fs})
	}
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

// maxText bounds the characters of one zone's text after its bindings are
// filled in: far more than any card holds, so that a hostile cell or
// template cannot make an export slow.
const maxText = 20_000

// clip cuts s to at most n bytes, at a character's start.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// minReadablePt is the smallest text size that prints legibly; text fitted
// below it is a warning.
const minReadablePt = 6

// layoutZone sets a text zone's text for an item at the scale given.
func (r *renderer) layoutZone(it *Item, z *templates.Zone, box Rect, fs float64) *zoneText {
	key := layoutKey{it, z, box.W, box.H}
	if zt, ok := r.layouts[key]; ok {
		return zt
	}
	zt := &zoneText{}
	r.layouts[key] = zt
	text, pos, bound := r.expand(it, z.Text)
	if strings.TrimSpace(text) == "" {
		return zt
	}
	if !bound { // the zone's own text: a problem in it is on its line
		pos = z.Pos
		if p, ok := z.Keys["text"]; ok {
			pos = p
		}
	}
	st := textStyle{fonts: r.fonts, family: z.Font, style: z.Style, leading: z.Leading, align: z.Align, valign: z.VAlign, maxLines: z.Lines}
	if n := len(text); n > maxText {
		if r.once("long\x00" + it.ID() + "\x00" + z.Pos.String()) {
			r.diags.Add(diag.Errorf(pos, CodeOverflow, "text of %q is %d bytes long, more than a card can hold (%d)", it.ID(), n, maxText).
				WithHint("shorten the text"))
		}
		text = clip(text, maxText)
	}
	text = r.sanitize(it, z, text, st, pos)
	paras, unknown := parseMarkup(text, r.resolveToken)
	for _, u := range unknown {
		if r.once("token\x00" + it.ID() + "\x00" + u) {
			r.diags.Add(diag.Warnf(pos, CodeUnknownToken, "{%s} on card %q is neither an icon nor a keyword; it prints as written", u, it.ID()).
				WithHint(diag.DidYouMean(u, r.tokenNames())))
		}
	}
	zt.style = st
	zt.layout = fitText(paras, box.W, box.H, st, z.SizePt*fs, z.MinPt*fs)
	zt.ok = len(paras) > 0
	switch {
	case !zt.ok:
	case !zt.layout.fits:
		r.overflow(it, z, pos, zt.layout, box, fs)
	case zt.layout.sizePt < minReadablePt-1e-9:
		r.small(it, z, pos, zt.layout.sizePt, bound)
	}
	return zt
}

// small warns about text set below the readable size. Template text warns
// once per zone, a card's text at its cell.
func (r *renderer) small(it *Item, z *templates.Zone, pos diag.Pos, sizePt float64, bound bool) {
	key := "small\x00" + z.Pos.String()
	what := "the text of " + strconv.Quote(it.ID())
	if bound {
		key += "\x00" + it.ID()
	} else {
		what = "the template's text " + strconv.Quote(clip(z.Text, 40))
	}
	if !r.once(key) {
		return
	}
	r.diags.Add(diag.Warnf(pos, CodeSmallText, "%s prints at %s pt in the %s, below the %d pt that reads well on a printed card",
		what, num(sizePt), zoneName(z), minReadablePt).
		WithHint("shorten the text, or give the zone more room (or a larger size) in " + z.Pos.String()))
}

func zoneName(z *templates.Zone) string {
	if z.Name != "" {
		return z.Name + " zone"
	}
	return z.Type + " zone at " + z.Pos.String()
}

func (r *renderer) overflow(it *Item, z *templates.Zone, pos diag.Pos, lay textLayout, box Rect, fs float64) {
	key := "overflow\x00" + it.Template.Name + "\x00" + it.ID() + "\x00" + z.Pos.String()
	if !r.once(key) {
		return
	}
	why := "needs " + num(lay.height/fs) + " mm, has " + num(box.H/fs) + " mm"
	switch {
	case lay.broken:
		why = "a word is wider than the zone"
	case z.Lines > 0 && lay.count > z.Lines:
		why = "needs " + itoa(lay.count) + " lines, has " + itoa(z.Lines)
	}
	name := z.Name
	if name == "" {
		name = z.Type + " zone at " + z.Pos.String()
	}
	r.diags.Add(diag.Errorf(pos, CodeOverflow, "text of %q does not fit the %s even at %s pt (%s)",
		it.ID(), name, num(z.MinPt), why).
		WithHint("shorten the text, or give the zone more room or a smaller min in " + z.Pos.String()))
}

// sanitize composes the text and drops its invisible characters
// (printable), then replaces characters no font can print with "?" and
// reports them.
func (r *renderer) sanitize(it *Item, z *templates.Zone, s string, st textStyle, pos diag.Pos) string {
	s = printable(s)
	base := st.base()
	bad := r.fonts.missing(base, s)
	if len(bad) == 0 {
		return s
	}
	if r.once("glyph\x00" + it.ID() + "\x00" + z.Pos.String()) {
		// Every character at once: fixing one should not uncover the next.
		const most = 5
		var list []string
		for _, c := range bad[:min(len(bad), most)] {
			q := fmt.Sprintf("%q", string(c))
			if unicode.In(c, unicode.Mn, unicode.Me) { // alone it would sit on the quote mark
				q = strconv.QuoteToASCII(string(c))
			}
			list = append(list, fmt.Sprintf("%s (U+%04X)", q, c))
		}
		if len(bad) > most {
			list = append(list, fmt.Sprintf("%d more", len(bad)-most))
		}
		what := "it prints"
		if len(bad) > 1 {
			what = "each prints"
		}
		r.diags.Add(diag.Warnf(pos, CodeGlyph, "card %q has %s, which no font of the templates can print; %s as ?", it.ID(), strings.Join(list, ", "), what).
			WithHint("add a font that has it to shared.yaml's fonts: and fallback: (characters beyond U+FFFF, such as most emoji, cannot be embedded)"))
	}
	var b strings.Builder
	for _, c := range s {
		if unicode.IsSpace(c) || unicode.IsControl(c) {
			b.WriteRune(c)
			continue
		}
		if _, ok := r.fonts.pick(base, c); !ok {
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

func (r *renderer) drawText(c Canvas, it *Item, z *templates.Zone, box Rect, fs float64) {
	zt := r.layoutZone(it, z, box, fs)
	if !zt.ok {
		return
	}
	col, _ := r.color(it.Template, z.Color)
	r.drawLayout(c, it.Template, zt.layout, zt.style, box, col)
	if !zt.layout.fits {
		markOverflow(c, box)
	}
}

// drawLayout draws laid-out text in a box; lines that do not fit are left
// out (and reported by the caller).
func (r *renderer) drawLayout(c Canvas, t *templates.Template, lay textLayout, st textStyle, box Rect, col templates.Color) {
	em := lay.sizePt * ptMM
	lineH := em * st.leading
	base := st.base()
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
				r.drawIcon(c, t, rn.icon, x+rn.x+(rn.w-side)/2, baseline-em*0.36-side/2, side, col)
				continue
			}
			if strings.TrimSpace(rn.text) == "" {
				continue
			}
			c.Text(x+rn.x, baseline, rn.font, lay.sizePt, col, rn.text)
		}
	}
}

// markOverflow outlines a zone whose text does not fit, so the problem is
// seen on paper as well as reported.
func markOverflow(c Canvas, box Rect) {
	c.Stroke(rectPath(box), alertRed, Pen{Width: 0.35})
	s := math.Min(3, math.Min(box.W, box.H)/2)
	p := &Path{}
	p.MoveTo(box.X+box.W, box.Y+box.H-s)
	p.LineTo(box.X+box.W, box.Y+box.H)
	p.LineTo(box.X+box.W-s, box.Y+box.H)
	p.Close()
	c.Fill(p, alertRed, false)
}

// iconShape is one shape of an icon as a path in the icon's 100×100 box.
type iconShape struct {
	path         *Path
	fill, stroke string
	width        float64
}

// iconShapes turns an icon's shapes into paths once.
func (r *renderer) iconShapes(name string) []iconShape {
	if sh, ok := r.icons[name]; ok {
		return sh
	}
	ic := r.set.Icons[name]
	var out []iconShape
	if ic != nil {
		for _, sh := range ic.Shapes {
			is := iconShape{fill: sh.Fill, stroke: sh.Stroke, width: sh.Width}
			if sh.IsCircle {
				is.path = circlePath(sh.Circle[0], sh.Circle[1], sh.Circle[2])
			} else {
				is.path = &Path{}
				for _, op := range sh.Path {
					switch op.Op {
					case 'M':
						is.path.MoveTo(op.Pts[0], op.Pts[1])
					case 'L':
						is.path.LineTo(op.Pts[0], op.Pts[1])
					case 'C':
						is.path.CurveTo(op.Pts[0], op.Pts[1], op.Pts[2], op.Pts[3], op.Pts[4], op.Pts[5])
					case 'Z':
						is.path.Close()
					}
				}
			}
			out = append(out, is)
		}
	}
	r.icons[name] = out
	return out
}

// drawIcon draws a named icon in a square; its shapes in "ink" take the
// given colour.
func (r *renderer) drawIcon(c Canvas, t *templates.Template, name string, x, y, side float64, ink templates.Color) {
	k := side / 100
	for _, sh := range r.iconShapes(name) {
		if sh.fill == "" && sh.stroke == "" {
			continue
		}
		p := scalePath(sh.path, k, x, y)
		if sh.fill != "" {
			col := ink
			if sh.fill != "ink" {
				col, _ = r.color(t, sh.fill)
			}
			c.Fill(p, col, true)
		}
		if sh.stroke != "" {
			col := ink
			if sh.stroke != "ink" {
				col, _ = r.color(t, sh.stroke)
			}
			c.Stroke(p, col, Pen{Width: sh.width * k, Round: true})
		}
	}
}

// scalePath maps a path by (x, y) → (x·k + dx, y·k + dy).
func scalePath(p *Path, k, dx, dy float64) *Path {
	out := &Path{Ops: make([]PathOp, len(p.Ops))}
	for i, op := range p.Ops {
		out.Ops[i].Op = op.Op
		for j := 0; j < 6; j += 2 {
			out.Ops[i].Pts[j] = op.Pts[j]*k + dx
			out.Ops[i].Pts[j+1] = op.Pts[j+1]*k + dy
		}
	}
	return out
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
				r.diags.Add(diag.Warnf(it.pos(strings.Split(z.Field, ".")[0]), CodeUnknownIcon, "no template defines an icon %q (card %q)", v, it.ID()).
					WithHint("add it to icons.yaml in the project's templates/ folder"))
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

func (r *renderer) drawIcons(c Canvas, it *Item, z *templates.Zone, box Rect, fs float64) {
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
	col, _ := r.color(it.Template, z.Color)
	for _, ic := range icons {
		r.drawIcon(c, it.Template, ic, x, box.Y+(box.H-side)/2, side, col)
		x += side + gap
	}
}
