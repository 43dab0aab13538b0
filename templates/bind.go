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
// or a range of two such paths, from..to, which prints "4–7", or "3" when
// both ends are the same (a dice chart's rows); followed by filters:
// {{name|upper}}.
type Binding struct {
	Path    []string
	Upto    []string // the end of a range {{from..to}}; nil for one field
	Filters []string
	Offset  int // byte offset of "{{" in the text
}

func (b *Binding) String() string {
	s := strings.Join(b.Path, ".")
	if b.Upto != nil {
		s += ".." + strings.Join(b.Upto, ".")
	}
	for _, f := range b.Filters {
		s += "|" + f
	}
	return "{{" + s + "}}"
}

// Condition is a zone's if: or unless:. It holds when Field is set (not
// blank, not 0, not FALSE), or, when Values are given (if: "kind = npcm,
// hitman"), when the field holds one of them: an enum's value, a row's ID,
// a number, TRUE or FALSE, compared ignoring case and spacing. A list field
// holds a value when one of its elements is the value.
type Condition struct {
	Field  *Binding
	Values []string
}

// ParseCondition reads "field" or "field = value, value".
func ParseCondition(s string) (*Condition, error) {
	field, vals, hasValues := strings.Cut(s, "=")
	field = strings.TrimSpace(field)
	if f, ok := strings.CutSuffix(field, "!"); ok {
		return nil, fmt.Errorf("%q: there is no !=; write unless: \"%s = %s\"", s, strings.TrimSpace(f), strings.TrimSpace(vals))
	}
	b, err := ParsePath(field)
	if err != nil {
		return nil, err
	}
	if len(b.Filters) > 0 || b.Upto != nil {
		return nil, fmt.Errorf("%q: a condition names one field, without filters or ranges", s)
	}
	c := &Condition{Field: b}
	if hasValues {
		for _, v := range strings.Split(vals, ",") {
			if v = strings.TrimSpace(v); v == "" {
				return nil, fmt.Errorf("%q: name the values after =, such as kind = npcm, hitman", s)
			}
			c.Values = append(c.Values, v)
		}
	}
	return c, nil
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

// ParsePath reads a binding's inside: a dotted path (or a range of two,
// from..to) and |filters.
func ParsePath(expr string) (*Binding, error) {
	parts := strings.Split(expr, "|")
	path := strings.TrimSpace(parts[0])
	if path == "" {
		return nil, fmt.Errorf("empty binding {{%s}}: name a field, such as {{name}}", expr)
	}
	b := &Binding{}
	from, upto, isRange := strings.Cut(path, "..")
	var err error
	if b.Path, err = splitPath(expr, from); err != nil {
		return nil, err
	}
	if isRange {
		if b.Upto, err = splitPath(expr, upto); err != nil {
			return nil, err
		}
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

// splitPath splits one dotted path of a binding.
func splitPath(expr, path string) ([]string, error) {
	out := strings.Split(path, ".")
	if len(out) > 3 {
		return nil, fmt.Errorf("binding {{%s}} has too many parts: use field, ref.column or sheet.id.column", expr)
	}
	for i, p := range out {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("binding {{%s}} has an empty part", expr)
		}
		out[i] = p
	}
	return out, nil
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
