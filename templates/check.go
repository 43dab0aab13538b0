package templates

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// Default text sizes, in points.
const (
	DefaultSizePt = 8
	DefaultMinPt  = 5
)

// keysFor lists the keys each zone type accepts (besides type, name, at, if, unless).
var keysFor = map[string][]string{
	ZoneBox:   {"fill", "stroke", "width", "radius"},
	ZoneLine:  {"stroke", "width"},
	ZoneText:  {"text", "font", "style", "size", "min", "color", "align", "valign", "leading", "lines"},
	ZoneIcon:  {"icon", "color"},
	ZoneIcons: {"field", "via", "limit", "gap", "color", "align"},
	ZoneRows:  {"rows", "font", "size", "min", "color", "leading"},
	ZoneImage: {"field", "src", "fit", "placeholder"},
}

// Limits a template must keep, so that no template can make an export
// slow or large: a card's text is a few hundred characters.
const (
	MaxZoneText     = 8000 // characters of one zone's template text
	MaxBindings     = 100  // {{…}} in one text
	MaxZonesPerFace = 500
	MaxRowsColumns  = 20
)

var commonKeys = []string{"type", "name", "at", "if", "unless"}

type checker struct {
	set *Set
	l   *diag.List
}

// check validates a merged set and fills in defaults.
func check(set *Set, l *diag.List) {
	c := &checker{set: set, l: l}
	if lk := set.InlineIcons; lk.Sheet != "" {
		if sh := c.sheet(lk.Sheet, lk.Pos); sh != nil {
			set.InlineIcons.Sheet = sh.Key()
			if sh.Column(lk.Column) == nil {
				c.unknownColumn(lk.Pos, sh, lk.Column)
			} else {
				set.InlineIcons.Column = table.Key(lk.Column)
			}
		}
	}
	for _, f := range set.Fallback {
		if _, ok := set.FontStyles(f); !ok {
			l.Add(diag.Errorf(set.FallbackPos, CodeUnknownFont, "fallback names font family %q, which neither shared.yaml's fonts nor the bundled fonts have", f).
				WithHint(diag.DidYouMean(f, set.familyNames())))
		}
	}
	for _, t := range set.Templates {
		c.template(t)
	}
}

func (c *checker) sheet(name string, pos diag.Pos) *table.Sheet {
	sh := c.set.Schema.Sheet(name)
	if sh == nil {
		dg := diag.Errorf(pos, CodeUnknownSheet, "the game has no sheet %q", name)
		if dg.Hint = diag.DidYouMean(name, c.set.Schema.SheetNames()); dg.Hint == "" {
			dg.Hint = "sheets: " + strings.Join(c.set.Schema.SheetNames(), ", ")
		}
		c.l.Add(dg)
	}
	return sh
}

func columnKeys(sh *table.Sheet) []string {
	var out []string
	for _, col := range table.AllColumns(sh) {
		out = append(out, col.Key())
	}
	return out
}

// column finds a column (standard or the sheet's own) by key or name.
func column(sh *table.Sheet, name string) *table.Column {
	k := table.Key(name)
	for _, col := range table.AllColumns(sh) {
		if col.Key() == k {
			return &col
		}
	}
	return nil
}

func (c *checker) unknownColumn(pos diag.Pos, sh *table.Sheet, name string) {
	dg := diag.Errorf(pos, CodeUnknownField, "sheet %s has no column %q", sh.Name, name)
	if dg.Hint = diag.DidYouMean(name, columnKeys(sh)); dg.Hint == "" {
		dg.Hint = "columns: " + strings.Join(columnKeys(sh), ", ")
	}
	c.l.Add(dg)
}

func (c *checker) template(t *Template) {
	var sh *table.Sheet
	if t.Sheet != "" {
		if sh = c.sheet(t.Sheet, t.Pos); sh != nil {
			t.Sheet = sh.Key()
		}
		if len(t.Cards) > 0 {
			c.l.Add(diag.Errorf(t.Pos, CodeBadValue, "template %q has both a sheet and its own cards", t.Name).WithHint("a template prints a sheet's rows, or its own cards: remove one"))
		}
	} else if len(t.Cards) == 0 {
		c.l.Add(diag.Errorf(t.Pos, CodeMissing, "template %q names no sheet and has no cards", t.Name).WithHint("add sheet: (the sheet whose rows it prints)"))
	}
	if t.Size.W == 0 {
		c.l.Add(diag.Errorf(t.Pos, CodeMissing, "template %q has no size", t.Name).WithHint("add size: poker (or bridge, tarot, mini, or WxH in millimetres)"))
		t.Size = CardSizes[0]
	}
	if t.Title == "" {
		t.Title = t.Name
		if sh != nil {
			t.Title = sh.Name
		}
	}
	if sh != nil {
		for col, vals := range t.Where {
			cc := column(sh, col)
			if cc == nil {
				c.unknownColumn(t.Pos, sh, col)
				continue
			}
			if cc.Type.Kind == table.Enum {
				for _, v := range vals {
					if !contains(cc.Type.Values, strings.ToLower(v)) {
						c.l.Errorf(t.Pos, CodeBadValue, "where %s: %q is not one of %s", col, v, strings.Join(cc.Type.Values, ", "))
					}
				}
			}
		}
		norm := map[string][]string{}
		for col, vals := range t.Where {
			norm[table.Key(col)] = vals
		}
		t.Where = norm
	}
	switch {
	case t.Copies == "" && sh != nil && sh.Deck:
		t.Copies = "count"
	case t.Copies == "":
		t.Copies = "one"
	case t.Copies == "count" && sh != nil && !sh.Deck:
		c.l.Add(diag.Errorf(t.Pos, CodeBadValue, "copies: count, but sheet %s has no Count column", sh.Name).WithHint("use copies: one"))
	}
	if t.Deck == "" {
		t.Deck = t.Name
	}
	if t.Front == nil {
		c.l.Errorf(t.Pos, CodeMissing, "template %q has no front", t.Name)
	}
	fields := c.staticFields(t)
	for _, card := range t.Cards {
		for _, k := range table.SortedKeys(card.Fields) {
			c.cardField(t, card, k)
		}
	}
	for _, f := range []*Face{t.Front, t.Back} {
		if f == nil {
			continue
		}
		c.color(t, f.Background, f.Pos, "background")
		if len(f.Zones) > MaxZonesPerFace {
			c.l.Errorf(f.Pos, CodeLimit, "a face has %d zones; a template may have at most %d", len(f.Zones), MaxZonesPerFace)
			f.Zones = f.Zones[:MaxZonesPerFace]
		}
		for _, z := range f.Zones {
			c.zone(t, sh, fields, z)
		}
		c.overArt(sh, f)
	}
}

// overArt warns about text zones that overlap pictures (icons, a card's
// art) they can show with: the text would print over them. Text set
// wholly inside an icon (a number on a badge) is meant to be there.
func (c *checker) overArt(sh *table.Sheet, f *Face) {
	art := func(z *Zone) bool {
		return z.Type == ZoneIcon || z.Type == ZoneIcons || (z.Type == ZoneImage && z.Field != "")
	}
	for _, tz := range f.Zones {
		if tz.Type != ZoneText && tz.Type != ZoneRows {
			continue
		}
		for _, az := range f.Zones {
			if !art(az) || (az.Type == ZoneIcon && within(tz.At, az.At)) || c.exclusive(sh, tz, az) {
				continue
			}
			w := math.Min(tz.At[0]+tz.At[2], az.At[0]+az.At[2]) - math.Max(tz.At[0], az.At[0])
			h := math.Min(tz.At[1]+tz.At[3], az.At[1]+az.At[3]) - math.Max(tz.At[1], az.At[1])
			if w > 0.05 && h > 0.05 {
				name := tz.Name
				if name == "" {
					name = "text"
				}
				c.l.Add(diag.Warnf(c.at(tz, "at"), CodeOverArt, "the %s zone overlaps the %s zone at line %d, so its text can print over the %s",
					name, az.Type, az.Pos.Line, az.Type).WithHint("move or shrink one of them, or give them conditions that never hold together (if: and unless: of the same field)"))
			}
		}
	}
}

// within says whether box a lies inside box b.
func within(a, b [4]float64) bool {
	const eps = 0.01
	return a[0] >= b[0]-eps && a[1] >= b[1]-eps && a[0]+a[2] <= b[0]+b[2]+eps && a[1]+a[3] <= b[1]+b[3]+eps
}

// exclusive says whether two zones never show together: one needs a
// condition the other rules out, or both need one field (holding a single
// value) to hold values the other's does not list.
func (c *checker) exclusive(sh *table.Sheet, a, b *Zone) bool {
	for _, x := range a.If {
		if contains(b.Unless, x) {
			return true
		}
	}
	for _, x := range a.Unless {
		if contains(b.If, x) {
			return true
		}
	}
	for _, x := range a.If {
		ca, err := ParseCondition(x)
		if err != nil || len(ca.Values) == 0 {
			continue
		}
		col := c.fieldColumn(sh, ca.Field.Path)
		if col == nil || col.Type.Kind == table.List {
			continue
		}
		for _, y := range b.If {
			cb, err := ParseCondition(y)
			if err != nil || len(cb.Values) == 0 || cb.Field.String() != ca.Field.String() {
				continue
			}
			disjoint := true
			for _, v := range ca.Values {
				for _, w := range cb.Values {
					disjoint = disjoint && diag.Fold(v) != diag.Fold(w)
				}
			}
			if disjoint {
				return true
			}
		}
	}
	return false
}

// cardField checks the lookups inside a template card's field: only
// sheet.id.column and @ fields may appear there.
func (c *checker) cardField(t *Template, card *Card, k string) {
	pos := card.Lines[k]
	ps, err := ParseText(card.Fields[k])
	if err != nil {
		c.l.Errorf(pos, CodeBadValue, "%v", err)
		return
	}
	for _, p := range ps {
		if p.Bind == nil {
			continue
		}
		if len(p.Bind.Path) != 3 && !strings.HasPrefix(p.Bind.Path[0], "@") {
			c.l.Add(diag.Errorf(pos, CodeBadValue, "%s: a card's field may look up sheet.id.column (such as {{rules.gear-cost.value}}), not another field", p.Bind).
				WithHint("bind the field in a zone's text instead"))
			continue
		}
		c.binding(t, nil, nil, p.Bind, pos)
	}
}

// staticFields are the fields a template's own cards define.
func (c *checker) staticFields(t *Template) map[string]bool {
	if len(t.Cards) == 0 {
		return nil
	}
	out := map[string]bool{"id": true, "count": true}
	ids := map[string]bool{}
	for _, card := range t.Cards {
		if ids[card.ID] {
			c.l.Errorf(card.Pos, CodeDuplicate, "card %q appears twice in template %q", card.ID, t.Name)
		}
		ids[card.ID] = true
		for k := range card.Fields {
			out[k] = true
		}
	}
	return out
}

func (c *checker) color(t *Template, name string, pos diag.Pos, what string) {
	if name == "" || name == "ink" {
		return
	}
	if _, ok := c.set.Color(t, name); ok {
		return
	}
	var names []string
	names = append(names, table.SortedKeys(t.Colors)...)
	names = append(names, table.SortedKeys(c.set.Colors)...)
	dg := diag.Errorf(pos, CodeUnknownColor, "%s colour %q is neither #rrggbb nor a palette colour", what, name)
	if dg.Hint = diag.DidYouMean(name, names); dg.Hint == "" && len(names) > 0 {
		dg.Hint = "palette: " + strings.Join(names, ", ")
	}
	c.l.Add(dg)
}

func (c *checker) at(z *Zone, key string) diag.Pos {
	if p, ok := z.Keys[key]; ok {
		return p
	}
	return z.Pos
}

func (c *checker) zone(t *Template, sh *table.Sheet, fields map[string]bool, z *Zone) {
	allowed := append(append([]string{}, commonKeys...), keysFor[z.Type]...)
	for _, k := range table.SortedKeys(z.Keys) {
		if !contains(allowed, k) {
			c.l.Add(diag.Errorf(z.Keys[k], CodeUnknownKey, "a %s zone has no key %q", z.Type, k).WithHint("keys of a " + z.Type + " zone: " + strings.Join(keysFor[z.Type], ", ")))
		}
	}
	for _, v := range z.If {
		c.condition(t, sh, fields, v, c.at(z, "if"))
	}
	for _, v := range z.Unless {
		c.condition(t, sh, fields, v, c.at(z, "unless"))
	}
	c.color(t, z.Fill, c.at(z, "fill"), "fill")
	c.color(t, z.Stroke, c.at(z, "stroke"), "stroke")
	c.color(t, z.Color, c.at(z, "color"), "text")
	c.geometry(t, z)
	switch z.Type {
	case ZoneBox:
		if z.Fill == "" && z.Stroke == "" {
			c.l.Add(diag.Errorf(z.Pos, CodeMissing, "the box zone has neither fill nor stroke").WithHint(`add fill: "#rrggbb" or a palette colour`))
		}
	case ZoneLine:
		if z.Stroke == "" {
			z.Stroke = "ink"
		}
	case ZoneText:
		if _, ok := z.Keys["text"]; !ok {
			c.l.Add(diag.Errorf(z.Pos, CodeMissing, "the text zone has no text").WithHint(`add text: "{{name}}" (a field of the row in double braces)`))
		}
		c.text(t, sh, fields, z.Text, c.at(z, "text"))
		c.font(z)
	case ZoneIcon:
		if z.Icon == "" {
			c.l.Errorf(z.Pos, CodeMissing, "the icon zone has no icon")
		} else if _, ok := c.set.Icons[z.Icon]; !ok {
			c.unknownIcon(c.at(z, "icon"), z.Icon)
		}
	case ZoneIcons:
		c.icons(t, sh, z)
	case ZoneRows:
		c.rows(sh, z)
		c.font(z)
	case ZoneImage:
		c.image(t, sh, fields, z)
	}
}

// image checks a picture zone: one source, the column or card field it
// binds, and its fit.
func (c *checker) image(t *Template, sh *table.Sheet, fields map[string]bool, z *Zone) {
	switch {
	case z.Field == "" && z.Src == "":
		c.l.Add(diag.Errorf(z.Pos, CodeMissing, "the image zone has neither field nor src").
			WithHint("field: art prints the picture the row's Art cell names; src: frame.png prints a picture of the templates folder"))
		return
	case z.Field != "" && z.Src != "":
		c.l.Errorf(c.at(z, "src"), CodeBadValue, "an image zone takes field or src, not both")
		return
	case z.Placeholder != "" && z.Field == "":
		c.l.Errorf(c.at(z, "placeholder"), CodeBadValue, "placeholder shows when the field is blank: it needs field")
	}
	if z.Fit == "" {
		z.Fit = FitCover
	}
	if z.Field == "" {
		return
	}
	b, err := ParsePath(z.Field)
	if err != nil || len(b.Path) != 1 || len(b.Filters) > 0 || b.Upto != nil || strings.HasPrefix(b.Path[0], "@") {
		c.l.Errorf(c.at(z, "field"), CodeBadValue, "field must name one column, such as art")
		return
	}
	c.binding(t, sh, fields, b, c.at(z, "field"))
	if sh != nil {
		z.Field = table.Key(z.Field)
	}
}

func (c *checker) unknownIcon(pos diag.Pos, name string) {
	dg := diag.Errorf(pos, CodeUnknownIcon, "no icon is called %q", name)
	if dg.Hint = diag.DidYouMean(name, table.SortedKeys(c.set.Icons)); dg.Hint == "" {
		dg.Hint = "icons are defined in icons.yaml: " + strings.Join(table.SortedKeys(c.set.Icons), ", ")
	}
	c.l.Add(dg)
}

// geometry warns about zones outside the card, and text outside the safe area.
func (c *checker) geometry(t *Template, z *Zone) {
	w, h := t.Size.W, t.Size.H
	x, y, zw, zh := z.At[0], z.At[1], z.At[2], z.At[3]
	if z.Type == ZoneLine {
		x, y, zw, zh = math.Min(z.At[0], z.At[2]), math.Min(z.At[1], z.At[3]), math.Abs(z.At[2]-z.At[0]), math.Abs(z.At[3]-z.At[1])
	} else if zw <= 0 || zh <= 0 {
		c.l.Errorf(c.at(z, "at"), CodeBadValue, "the zone's width and height must be more than 0")
		return
	}
	const eps = 0.01
	if x < -eps || y < -eps || x+zw > w+eps || y+zh > h+eps {
		c.l.Add(diag.Warnf(c.at(z, "at"), CodeOutside, "the %s zone [%s, %s, %s, %s] reaches outside the %s card", z.Type,
			trimFloat(z.At[0]), trimFloat(z.At[1]), trimFloat(z.At[2]), trimFloat(z.At[3]), t.Size).
			WithHint("boxes that touch the card's edge are extended into the bleed by themselves: stop at the edge"))
		return
	}
	if s := t.Safe; s > 0 && (z.Type == ZoneText || z.Type == ZoneIcons || z.Type == ZoneRows) {
		if x < s-eps || y < s-eps || x+zw > w-s+eps || y+zh > h-s+eps {
			c.l.Warnf(c.at(z, "at"), CodeOutside, "the %s zone reaches into the %s mm safe margin, where a cut may clip it", z.Type, trimFloat(s))
		}
	}
}

func (c *checker) font(z *Zone) {
	if z.Font == "" {
		z.Font = "sans"
	}
	if z.Style == "" {
		z.Style = "regular"
	}
	styles, ok := c.set.FontStyles(z.Font)
	if !ok {
		dg := diag.Errorf(c.at(z, "font"), CodeUnknownFont, "unknown font %q", z.Font)
		if dg.Hint = diag.DidYouMean(z.Font, c.set.familyNames()); dg.Hint == "" {
			dg.Hint = "fonts: " + strings.Join(c.set.familyNames(), ", ") + " (and the families shared.yaml's fonts: adds)"
		}
		c.l.Add(dg)
		z.Font = "sans"
		styles, _ = c.set.FontStyles("sans")
	}
	if !contains(styles, z.Style) {
		c.l.Add(diag.Errorf(c.at(z, "style"), CodeUnknownFont, "font %s has no style %q (it has %s)", z.Font, z.Style, strings.Join(styles, ", ")).
			WithHint(diag.DidYouMean(z.Style, styles)))
		z.Style = "regular"
	}
	if z.SizePt == 0 {
		z.SizePt = DefaultSizePt
	}
	if z.MinPt == 0 {
		z.MinPt = math.Min(z.SizePt, math.Max(DefaultMinPt, math.Round(z.SizePt*0.6*4)/4))
	}
	if z.MinPt > z.SizePt {
		c.l.Errorf(c.at(z, "min"), CodeBadValue, "min %s pt is larger than size %s pt", trimFloat(z.MinPt), trimFloat(z.SizePt))
		z.MinPt = z.SizePt
	}
	if z.Leading == 0 {
		z.Leading = 1.15
	}
	if z.Align == "" {
		z.Align = "left"
	}
	if z.VAlign == "" {
		z.VAlign = "top"
	}
}

// text checks a template text's bindings, and its size against the
// limits.
func (c *checker) text(t *Template, sh *table.Sheet, fields map[string]bool, s string, pos diag.Pos) {
	if n := utf8.RuneCountInString(s); n > MaxZoneText {
		c.l.Add(diag.Errorf(pos, CodeLimit, "the text is %d characters; a zone's text may have at most %d", n, MaxZoneText).
			WithHint("card text belongs in the workbook: bind it with {{column}}"))
		return
	}
	ps, err := ParseText(s)
	if err != nil {
		c.l.Errorf(pos, CodeBadValue, "%v", err)
		return
	}
	if n := bindings(ps); n > MaxBindings {
		c.l.Errorf(pos, CodeLimit, "the text has %d bindings; a zone's text may have at most %d", n, MaxBindings)
		return
	}
	for _, p := range ps {
		if p.Bind != nil {
			c.binding(t, sh, fields, p.Bind, pos)
		}
	}
}

func bindings(ps []Piece) int {
	n := 0
	for _, p := range ps {
		if p.Bind != nil {
			n++
		}
	}
	return n
}

// condition checks an if: or unless: — its field, and that the values it
// names are ones the field can hold.
func (c *checker) condition(t *Template, sh *table.Sheet, fields map[string]bool, s string, pos diag.Pos) {
	cond, err := ParseCondition(s)
	if err != nil {
		c.l.Errorf(pos, CodeBadValue, "%v", err)
		return
	}
	n := c.l.Len()
	c.binding(t, sh, fields, cond.Field, pos)
	if len(cond.Values) == 0 || c.l.Len() > n {
		return
	}
	col := c.fieldColumn(sh, cond.Field.Path)
	if col == nil {
		return
	}
	typ := col.Type
	if typ.Kind == table.List && typ.Elem != nil {
		typ = *typ.Elem
	}
	for _, v := range cond.Values {
		switch typ.Kind {
		case table.Enum:
			if !contains(typ.Values, strings.ToLower(v)) {
				c.l.Add(diag.Errorf(pos, CodeBadValue, "%s = %s: %q is not one of %s", col.Name, strings.Join(cond.Values, ", "), v, strings.Join(typ.Values, ", ")).
					WithHint(diag.DidYouMean(v, typ.Values)))
			}
		case table.Bool:
			if f := diag.Fold(v); f != "true" && f != "false" {
				c.l.Errorf(pos, CodeBadValue, "%s = %s: %q is not TRUE or FALSE", col.Name, strings.Join(cond.Values, ", "), v)
			}
		case table.Int:
			if _, err := strconv.Atoi(v); err != nil {
				c.l.Errorf(pos, CodeBadValue, "%s = %s: %q is not a whole number", col.Name, strings.Join(cond.Values, ", "), v)
			}
		}
	}
}

// fieldColumn returns the column a binding's path ends at, or nil (a
// template's own card fields, @ fields).
func (c *checker) fieldColumn(sh *table.Sheet, path []string) *table.Column {
	switch {
	case strings.HasPrefix(path[0], "@"):
		return nil
	case len(path) == 3:
		if tsh := c.set.Schema.Sheet(path[0]); tsh != nil {
			return column(tsh, path[2])
		}
	case sh == nil:
		return nil
	case len(path) == 1:
		return column(sh, path[0])
	case len(path) == 2:
		if col := column(sh, path[0]); col != nil {
			if tsh := c.set.Schema.Sheet(refSheet(col.Type)); tsh != nil {
				return column(tsh, path[1])
			}
		}
	}
	return nil
}

// binding checks that a binding's path (both ends of a range) names real
// columns.
func (c *checker) binding(t *Template, sh *table.Sheet, fields map[string]bool, b *Binding, pos diag.Pos) {
	if b.Upto != nil {
		c.binding(t, sh, fields, &Binding{Path: b.Upto}, pos)
	}
	path := b.Path
	if strings.HasPrefix(path[0], "@") {
		if len(path) > 1 || !contains(Specials, path[0]) {
			c.l.Add(diag.Errorf(pos, CodeUnknownField, "unknown field %q", strings.Join(path, ".")).WithHint("special fields: " + strings.Join(Specials, ", ")))
		}
		return
	}
	switch len(path) {
	case 1:
		if sh == nil {
			if fields != nil && !fields[path[0]] {
				c.l.Add(diag.Errorf(pos, CodeUnknownField, "no card of template %q has a field %q", t.Name, path[0]).
					WithHint(diag.DidYouMean(path[0], table.SortedKeys(fields))))
			}
			return
		}
		if column(sh, path[0]) == nil {
			c.unknownColumn(pos, sh, path[0])
		}
	case 2:
		if sh == nil {
			c.l.Errorf(pos, CodeUnknownField, "%s follows a reference, but template %q prints its own cards, not a sheet", b, t.Name)
			return
		}
		col := column(sh, path[0])
		if col == nil {
			c.unknownColumn(pos, sh, path[0])
			return
		}
		target := refSheet(col.Type)
		if target == "" {
			c.l.Errorf(pos, CodeUnknownField, "%s: column %s does not name rows of another sheet, so it has no .%s", b, path[0], path[1])
			return
		}
		if tsh := c.set.Schema.Sheet(target); tsh != nil && column(tsh, path[1]) == nil {
			c.unknownColumn(pos, tsh, path[1])
		}
	case 3:
		if tsh := c.sheet(path[0], pos); tsh != nil && column(tsh, path[2]) == nil {
			c.unknownColumn(pos, tsh, path[2])
		}
	}
}

// refSheet returns the sheet a Ref or list-of-Ref column points at.
func refSheet(t table.Type) string {
	switch {
	case t.Kind == table.Ref:
		return t.Sheet
	case t.Kind == table.List && t.Elem != nil && t.Elem.Kind == table.Ref:
		return t.Elem.Sheet
	}
	return ""
}

func (c *checker) icons(t *Template, sh *table.Sheet, z *Zone) {
	if z.Field == "" {
		c.l.Add(diag.Errorf(z.Pos, CodeMissing, "the icons zone has no field").WithHint("add field: keywords (a list column), and via: icon (the column naming each row's icon)"))
		return
	}
	if sh == nil {
		c.l.Errorf(z.Pos, CodeBadValue, "an icons zone needs a template that prints a sheet")
		return
	}
	b, err := ParsePath(z.Field)
	if err != nil || len(b.Path) > 2 || len(b.Filters) > 0 || b.Upto != nil {
		c.l.Errorf(c.at(z, "field"), CodeBadValue, "field must be a column, or ref.column")
		return
	}
	pos := c.at(z, "field")
	col := column(sh, b.Path[0])
	if col == nil {
		c.unknownColumn(pos, sh, b.Path[0])
		return
	}
	typ := col.Type
	if len(b.Path) == 2 {
		target := refSheet(typ)
		tsh := c.set.Schema.Sheet(target)
		if tsh == nil {
			c.l.Errorf(pos, CodeUnknownField, "column %s does not name rows of another sheet", b.Path[0])
			return
		}
		col2 := column(tsh, b.Path[1])
		if col2 == nil {
			c.unknownColumn(pos, tsh, b.Path[1])
			return
		}
		typ = col2.Type
	}
	if z.Via != "" {
		tsh := c.set.Schema.Sheet(refSheet(typ))
		if tsh == nil {
			c.l.Errorf(c.at(z, "via"), CodeBadValue, "via needs a field that names rows of another sheet")
			return
		}
		if column(tsh, z.Via) == nil {
			c.unknownColumn(c.at(z, "via"), tsh, z.Via)
		}
		z.Via = table.Key(z.Via)
	}
}

func (c *checker) rows(sh *table.Sheet, z *Zone) {
	r := z.Rows
	if r == nil {
		c.l.Add(diag.Errorf(z.Pos, CodeMissing, "the rows zone has no rows").WithHint("add rows: {sheet: …, match: …, columns: [...]}"))
		return
	}
	pos := func(k string) diag.Pos {
		if p, ok := r.Keys[k]; ok {
			return p
		}
		return r.Pos
	}
	if r.Sheet == "" {
		c.l.Errorf(r.Pos, CodeMissing, "rows has no sheet")
		return
	}
	rsh := c.sheet(r.Sheet, pos("sheet"))
	if rsh == nil {
		return
	}
	if len(r.Columns) > MaxRowsColumns {
		c.l.Errorf(pos("columns"), CodeLimit, "rows has %d columns; it may have at most %d", len(r.Columns), MaxRowsColumns)
		r.Columns = r.Columns[:MaxRowsColumns]
	}
	r.Sheet = rsh.Key()
	if r.Match == "" {
		// No match: every row of the sheet (a chart printed on a reference card).
	} else if mc := column(rsh, r.Match); mc == nil {
		c.unknownColumn(pos("match"), rsh, r.Match)
	} else {
		r.Match = mc.Key()
		if sh != nil && refSheet(mc.Type) != sh.Key() {
			c.l.Errorf(pos("match"), CodeBadValue, "column %s of %s does not name %s rows", mc.Name, rsh.Name, sh.Name)
		}
	}
	if len(r.Columns) == 0 {
		c.l.Errorf(r.Pos, CodeMissing, "rows has no columns")
	}
	c.color(nil, r.Rule, pos("rule"), "rule")
	for _, col := range r.Columns {
		tp := col.Pos
		if p, ok := col.Keys["text"]; ok {
			tp = p
		}
		c.text(nil, rsh, nil, col.Text, tp)
		if col.Style == "" {
			col.Style = "regular"
		}
		if !contains(Styles, col.Style) {
			c.l.Add(diag.Errorf(tp, CodeUnknownFont, "unknown style %q", col.Style).WithHint(diag.DidYouMean(col.Style, Styles)))
			col.Style = "regular"
		}
		if col.Align == "" {
			col.Align = "left"
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
