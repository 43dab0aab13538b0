package templates

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/deckwright/deckwright/engine/diag"
)

// Special file names in a templates folder; every other .yaml file is one
// template.
const (
	SharedFile = "shared.yaml" // palette, print order, inline icon lookup
	IconsFile  = "icons.yaml"  // vector icons
)

// shared is what shared.yaml holds.
type shared struct {
	Game        string
	Order       []string
	OrderSet    bool
	Colors      map[string]Color
	InlineIcons *Lookup
	Fonts       []fontsSpec
	Fallback    []string
	FallbackSet bool
	FallbackPos diag.Pos
}

// parseShared reads shared.yaml.
func (d *decoder) parseShared(data []byte) *shared {
	top := d.parse(data)
	if top == nil {
		return nil
	}
	s := &shared{Colors: map[string]Color{}}
	d.fields(top, "shared.yaml", map[string]func(*yaml.Node){
		"game": func(v *yaml.Node) { s.Game, _ = d.str(v, "game") },
		"order": func(v *yaml.Node) {
			s.Order, s.OrderSet = d.strs(v, "order")
		},
		"colors": func(v *yaml.Node) { d.colors(v, s.Colors, nil) },
		"fonts":  func(v *yaml.Node) { s.Fonts = d.parseFonts(v) },
		"fallback": func(v *yaml.Node) {
			s.Fallback, s.FallbackSet = d.strs(v, "fallback")
			s.FallbackPos = d.pos(v)
			for i, f := range s.Fallback {
				s.Fallback[i] = strings.ToLower(strings.TrimSpace(f))
			}
		},
		"inline_icons": func(v *yaml.Node) {
			l := &Lookup{Pos: d.pos(v)}
			d.fields(v, "inline_icons", map[string]func(*yaml.Node){
				"sheet":  func(v *yaml.Node) { l.Sheet, _ = d.str(v, "sheet") },
				"column": func(v *yaml.Node) { l.Column, _ = d.str(v, "column") },
			})
			s.InlineIcons = l
		},
	})
	return s
}

// parseIcons reads icons.yaml: name → list of shapes.
func (d *decoder) parseIcons(data []byte) map[string]*Icon {
	top := d.parse(data)
	if top == nil {
		return nil
	}
	icons := map[string]*Icon{}
	d.fields(top, "icons.yaml", map[string]func(*yaml.Node){
		"icons": func(v *yaml.Node) {
			if v.Kind != yaml.MappingNode {
				d.errorf(v, CodeBadValue, "icons must be a mapping of name: [shapes]")
				return
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, body := v.Content[i], d.node(v.Content[i+1])
				if body == nil {
					return
				}
				name := strings.ToLower(k.Value)
				if _, dup := icons[name]; dup {
					d.errorf(k, CodeDuplicate, "icon %q is defined twice", name)
					continue
				}
				ic := &Icon{Name: name, Pos: d.pos(k)}
				for _, sn := range d.seq(body, "icon "+name) {
					if sh, ok := d.shape(sn, name); ok {
						ic.Shapes = append(ic.Shapes, sh)
					}
				}
				icons[name] = ic
			}
		},
	})
	return icons
}

func (d *decoder) shape(n *yaml.Node, icon string) (Shape, bool) {
	sh := Shape{Fill: "ink"}
	ok := true
	has := false
	what := "a shape of icon " + icon
	d.fields(n, what, map[string]func(*yaml.Node){
		"path": func(v *yaml.Node) {
			s, good := d.str(v, "path")
			if !good {
				ok = false
				return
			}
			ops, err := ParsePath2D(s)
			if err != nil {
				d.errorf(v, CodeBadValue, "icon %s: %v", icon, err)
				ok = false
				return
			}
			sh.Path, has = ops, true
		},
		"circle": func(v *yaml.Node) {
			f, good := d.nums(v, "circle [cx, cy, r]", 3)
			if !good {
				ok = false
				return
			}
			copy(sh.Circle[:], f)
			sh.IsCircle, has = true, true
		},
		"fill":   func(v *yaml.Node) { sh.Fill = d.colorName(v, "fill") },
		"stroke": func(v *yaml.Node) { sh.Stroke = d.colorName(v, "stroke") },
		"width":  func(v *yaml.Node) { sh.Width, _ = d.num(v, "width", 0, 50) },
	})
	if ok && !has {
		d.errorf(n, CodeMissing, "%s needs a path or a circle", what)
		ok = false
	}
	if sh.Stroke != "" && sh.Width == 0 {
		sh.Width = 6
	}
	return sh, ok
}

// colorName reads a colour value; "none" is no colour.
func (d *decoder) colorName(v *yaml.Node, what string) string {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		d.diags.Add(diag.Errorf(d.pos(v), CodeUnknownColor, "%s has no value", what).WithHint(`a # starts a comment in YAML: quote colours, as in fill: "#7a1f1f"`))
		return ""
	}
	s, _ := d.str(v, what)
	if s == "none" {
		return ""
	}
	return s
}

// parseTemplate reads one template file.
func (d *decoder) parseTemplate(data []byte) *Template {
	top := d.parse(data)
	if top == nil {
		return nil
	}
	t := &Template{Kind: "card", Pos: diag.Pos{File: d.file, Line: 1}, Colors: map[string]Color{}}
	d.fields(top, "a template", map[string]func(*yaml.Node){
		"name":  func(v *yaml.Node) { t.Name, _ = d.str(v, "name") },
		"title": func(v *yaml.Node) { t.Title, _ = d.str(v, "title") },
		"sheet": func(v *yaml.Node) { t.Sheet, _ = d.str(v, "sheet") },
		"deck":  func(v *yaml.Node) { t.Deck, _ = d.str(v, "deck") },
		"kind": func(v *yaml.Node) {
			s, _ := d.str(v, "kind")
			if s != "card" && s != "sheet" {
				d.errorf(v, CodeBadValue, "kind must be card (follows --size) or sheet (keeps its size), not %q", s)
				return
			}
			t.Kind = s
		},
		"size": func(v *yaml.Node) {
			s, ok := d.str(v, "size")
			if !ok {
				return
			}
			sz, err := ParseSize(s)
			if err != nil {
				d.errorf(v, CodeBadValue, "%v", err)
				t.Size = CardSizes[0] // reported: no "has no size" as well
				return
			}
			t.Size = sz
		},
		"copies": func(v *yaml.Node) {
			s, _ := d.str(v, "copies")
			if s != "count" && s != "one" {
				d.errorf(v, CodeBadValue, "copies must be count (the Count column) or one, not %q", s)
				return
			}
			t.Copies = s
		},
		"safe":     func(v *yaml.Node) { t.Safe, _ = d.num(v, "safe", 0, 50) },
		"disabled": func(v *yaml.Node) { t.Disabled, _ = d.boolean(v, "disabled") },
		"colors":   func(v *yaml.Node) { d.colors(v, t.Colors, nil) },
		"where": func(v *yaml.Node) {
			if v.Kind != yaml.MappingNode {
				d.errorf(v, CodeBadValue, "where must be a mapping of column: value (or [values])")
				return
			}
			t.Where = map[string][]string{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, val := v.Content[i], d.node(v.Content[i+1])
				if val == nil {
					return
				}
				if vals, ok := d.strs(val, "where "+k.Value); ok {
					t.Where[k.Value] = vals
				}
			}
		},
		"front": func(v *yaml.Node) { t.Front = d.face(v, "front") },
		"back":  func(v *yaml.Node) { t.Back = d.face(v, "back") },
		"cards": func(v *yaml.Node) {
			for _, c := range d.seq(v, "cards") {
				if card := d.card(c); card != nil {
					t.Cards = append(t.Cards, card)
				}
			}
		},
	})
	if t.Name == "" {
		d.diags.Add(diag.Errorf(d.pos(top), CodeMissing, "the template has no name").WithHint("add name: followed by a unique name, such as name: dangers"))
	}
	return t
}

func (d *decoder) card(n *yaml.Node) *Card {
	c := &Card{Count: 1, Fields: map[string]string{}, Lines: map[string]diag.Pos{}, Pos: d.pos(n)}
	d.fields(n, "a card", map[string]func(*yaml.Node){
		"id":    func(v *yaml.Node) { c.ID, _ = d.str(v, "id") },
		"count": func(v *yaml.Node) { c.Count, _ = d.integer(v, "count", 0, 99) },
		"fields": func(v *yaml.Node) {
			if v.Kind != yaml.MappingNode {
				d.errorf(v, CodeBadValue, "fields must be a mapping of field: text")
				return
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, val := v.Content[i], d.node(v.Content[i+1])
				if val == nil {
					return
				}
				if s, ok := d.str(val, "field "+k.Value); ok {
					c.Fields[k.Value] = strings.TrimRight(s, "\n")
					c.Lines[k.Value] = d.pos(val)
				}
			}
		},
	})
	if c.ID == "" {
		d.errorf(n, CodeMissing, "a card needs an id")
		return nil
	}
	return c
}

func (d *decoder) face(n *yaml.Node, what string) *Face {
	f := &Face{Pos: d.pos(n)}
	d.fields(n, what, map[string]func(*yaml.Node){
		"background": func(v *yaml.Node) { f.Background = d.colorName(v, "background") },
		"zones": func(v *yaml.Node) {
			for _, zn := range d.seq(v, "zones") {
				if z := d.zone(zn); z != nil {
					f.Zones = append(f.Zones, z)
				}
			}
		},
	})
	return f
}

func (d *decoder) zone(n *yaml.Node) *Zone {
	z := &Zone{Pos: d.pos(n)}
	if n.Kind != yaml.MappingNode {
		d.errorf(n, CodeBadValue, "a zone is a mapping, such as {type: text, at: [4, 4, 55, 8], text: \"{{name}}\"}")
		return nil
	}
	hasAt, badAt := false, false
	z.Keys = d.fields(n, "a zone", map[string]func(*yaml.Node){
		"type": func(v *yaml.Node) {
			s, _ := d.str(v, "type")
			for _, t := range ZoneTypes {
				if s == t {
					z.Type = s
					return
				}
			}
			dg := diag.Errorf(d.pos(v), CodeUnknownKey, "unknown zone type %q", s)
			if dg.Hint = diag.DidYouMean(s, ZoneTypes); dg.Hint == "" {
				dg.Hint = "zone types: " + strings.Join(ZoneTypes, ", ")
			}
			d.diags.Add(dg)
			z.Type = "?"
		},
		"name": func(v *yaml.Node) { z.Name, _ = d.str(v, "name") },
		"at": func(v *yaml.Node) {
			if f, ok := d.nums(v, "at [x, y, width, height]", 4); ok {
				copy(z.At[:], f)
				hasAt = true
			} else {
				badAt = true // reported: no "has no position" as well
			}
		},
		"fill":    func(v *yaml.Node) { z.Fill = d.colorName(v, "fill") },
		"stroke":  func(v *yaml.Node) { z.Stroke = d.colorName(v, "stroke") },
		"width":   func(v *yaml.Node) { z.Width, _ = d.num(v, "width", 0, 20) },
		"radius":  func(v *yaml.Node) { z.Radius, _ = d.num(v, "radius", 0, 100) },
		"text":    func(v *yaml.Node) { z.Text, _ = d.str(v, "text"); z.Text = strings.TrimRight(z.Text, "\n") },
		"font":    func(v *yaml.Node) { z.Font, _ = d.str(v, "font") },
		"style":   func(v *yaml.Node) { z.Style, _ = d.str(v, "style") },
		"size":    func(v *yaml.Node) { z.SizePt, _ = d.num(v, "size (points)", 1, 200) },
		"min":     func(v *yaml.Node) { z.MinPt, _ = d.num(v, "min (points)", 1, 200) },
		"color":   func(v *yaml.Node) { z.Color = d.colorName(v, "color") },
		"align":   func(v *yaml.Node) { z.Align = d.oneOf(v, "align", "left", "center", "right") },
		"valign":  func(v *yaml.Node) { z.VAlign = d.oneOf(v, "valign", "top", "middle", "bottom") },
		"leading": func(v *yaml.Node) { z.Leading, _ = d.num(v, "leading", 0.5, 3) },
		"lines":   func(v *yaml.Node) { z.Lines, _ = d.integer(v, "lines", 1, 200) },
		"icon":    func(v *yaml.Node) { z.Icon, _ = d.str(v, "icon"); z.Icon = strings.ToLower(z.Icon) },
		"field":   func(v *yaml.Node) { z.Field, _ = d.str(v, "field") },
		"via":     func(v *yaml.Node) { z.Via, _ = d.str(v, "via") },
		"limit":   func(v *yaml.Node) { z.Limit, _ = d.integer(v, "limit", 1, 100) },
		"gap":     func(v *yaml.Node) { z.Gap, _ = d.num(v, "gap", 0, 100) },
		"if":      func(v *yaml.Node) { z.If, _ = d.strs(v, "if") },
		"unless":  func(v *yaml.Node) { z.Unless, _ = d.strs(v, "unless") },
		"rows":    func(v *yaml.Node) { z.Rows = d.rows(v) },
		"src":     func(v *yaml.Node) { z.Src, _ = d.str(v, "src") },
		"fit":     func(v *yaml.Node) { z.Fit = d.oneOf(v, "fit", FitCover, FitContain) },
		"placeholder": func(v *yaml.Node) {
			z.Placeholder, _ = d.str(v, "placeholder")
		},
	})
	if z.Type == "" {
		d.diags.Add(diag.Errorf(d.pos(n), CodeMissing, "the zone has no type").WithHint("add type: " + strings.Join(ZoneTypes, ", or ")))
		return nil
	}
	if z.Type == "?" || badAt {
		return nil
	}
	if !hasAt {
		d.diags.Add(diag.Errorf(d.pos(n), CodeMissing, "the %s zone has no position", z.Type).WithHint("add at: [x, y, width, height] in millimetres from the card's top-left corner"))
		return nil
	}
	return z
}

func (d *decoder) oneOf(v *yaml.Node, what string, words ...string) string {
	s, ok := d.str(v, what)
	if !ok {
		return ""
	}
	for _, w := range words {
		if s == w {
			return s
		}
	}
	d.errorf(v, CodeBadValue, "%s must be %s, not %q", what, strings.Join(words, ", "), s)
	return ""
}

func (d *decoder) rows(n *yaml.Node) *RowsSpec {
	r := &RowsSpec{Pos: d.pos(n)}
	r.Keys = d.fields(n, "rows", map[string]func(*yaml.Node){
		"sheet": func(v *yaml.Node) { r.Sheet, _ = d.str(v, "sheet") },
		"match": func(v *yaml.Node) { r.Match, _ = d.str(v, "match") },
		"rule":  func(v *yaml.Node) { r.Rule = d.colorName(v, "rule") },
		"columns": func(v *yaml.Node) {
			for _, cn := range d.seq(v, "columns") {
				c := &RowsColumn{Pos: d.pos(cn)}
				c.Keys = d.fields(cn, "a rows column", map[string]func(*yaml.Node){
					"text":  func(v *yaml.Node) { c.Text, _ = d.str(v, "text") },
					"width": func(v *yaml.Node) { c.Width, _ = d.num(v, "width", 0, 1000) },
					"style": func(v *yaml.Node) { c.Style, _ = d.str(v, "style") },
					"align": func(v *yaml.Node) { c.Align = d.oneOf(v, "align", "left", "center", "right") },
				})
				r.Columns = append(r.Columns, c)
			}
		},
	})
	return r
}
