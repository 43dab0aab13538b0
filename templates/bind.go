package templates

import (
	"fmt"
	"strings"
)

// Piece is a part of a template text: literal text or a binding.
type Piece struct {
	Lit  string
	Bind *Binding
}

// Binding is a {{…}} in a template text. Its path is one of
//
//	name                    a column of the printed row
//	space.terrain           a reference column, then a column of the row it names
//	rules.gear-cost.value   a sheet, a row ID and a column: any cell of the build
//	@title @deck @id        the template's title, its deck, the row's ID
//
// followed by filters: {{name|upper}}.
type Binding struct {
	Path    []string
	Filters []string
	Offset  int // byte offset of "{{" in the text
}

func (b *Binding) String() string {
	s := strings.Join(b.Path, ".")
	for _, f := range b.Filters {
		s += "|" + f
	}
	return "{{" + s + "}}"
}

// Specials are the @ fields every template may bind.
var Specials = []string{"@title", "@deck", "@id"}

// ParseText splits a template text into literals and bindings.
func ParseText(s string) ([]Piece, error) {
	var out []Piece
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			if s != "" {
				out = append(out, Piece{Lit: s})
			}
			return out, nil
		}
		if i > 0 {
			out = append(out, Piece{Lit: s[:i]})
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("%q has {{ without }}", clip(s[i:]))
		}
		b, err := ParsePath(s[i+2 : i+j])
		if err != nil {
			return nil, err
		}
		out = append(out, Piece{Bind: b})
		s = s[i+j+2:]
	}
}

// ParsePath reads a binding's inside: a dotted path and |filters.
func ParsePath(expr string) (*Binding, error) {
	parts := strings.Split(expr, "|")
	path := strings.TrimSpace(parts[0])
	if path == "" {
		return nil, fmt.Errorf("empty binding {{%s}}: name a field, such as {{name}}", expr)
	}
	b := &Binding{Path: strings.Split(path, ".")}
	if len(b.Path) > 3 {
		return nil, fmt.Errorf("binding {{%s}} has too many parts: use field, ref.column or sheet.id.column", expr)
	}
	for i, p := range b.Path {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("binding {{%s}} has an empty part", expr)
		}
		b.Path[i] = p
	}
	for _, f := range parts[1:] {
		f = strings.TrimSpace(f)
		if _, ok := Filters[f]; !ok {
			return nil, fmt.Errorf("unknown filter %q in {{%s}} (filters: %s)", f, expr, strings.Join(filterNames(), ", "))
		}
		b.Filters = append(b.Filters, f)
	}
	return b, nil
}

func filterNames() []string {
	return []string{"upper", "lower", "title", "dots", "icons"}
}

func clip(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}
