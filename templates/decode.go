package templates

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/deckwright/deckwright/engine/diag"
)

// decoder turns YAML nodes into templates, reporting every problem at its
// line instead of stopping at the first.
type decoder struct {
	file  string
	diags *diag.List
	nodes int // nodes visited, against hostile files (alias bombs)
}

// maxNodes bounds the work one file may cause.
const maxNodes = 200_000

func (d *decoder) pos(n *yaml.Node) diag.Pos { return diag.Pos{File: d.file, Line: n.Line} }

func (d *decoder) errorf(n *yaml.Node, code diag.Code, format string, args ...any) {
	d.diags.Errorf(d.pos(n), code, format, args...)
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// parse reads a YAML document and returns its top node, or nil after a
// syntax diagnostic.
func (d *decoder) parse(data []byte) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 1
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = strings.TrimSpace(strings.Replace(msg, m[0]+":", "", 1))
		}
		d.diags.Add(diag.Errorf(diag.Pos{File: d.file, Line: line}, CodeSyntax, "%s", msg).
			WithHint("check the indentation (spaces, not tabs) and that every key ends with a colon"))
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.diags.Errorf(diag.Pos{File: d.file, Line: 1}, CodeMissing, "the file is empty")
		return nil
	}
	top := d.node(doc.Content[0])
	if top == nil || top.Kind != yaml.MappingNode {
		d.diags.Errorf(diag.Pos{File: d.file, Line: 1}, CodeBadValue, "a template file is a mapping of keys (name: …, sheet: …)")
		return nil
	}
	return top
}

// node follows aliases and counts the work.
func (d *decoder) node(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode; depth++ {
		if depth > 8 {
			return nil
		}
		n = n.Alias
	}
	d.nodes++
	if d.nodes > maxNodes {
		return nil
	}
	return n
}

// fields walks a mapping, calling set[key] for each key and reporting
// unknown and repeated keys with a did-you-mean hint.
func (d *decoder) fields(n *yaml.Node, what string, set map[string]func(v *yaml.Node)) map[string]diag.Pos {
	seen := map[string]diag.Pos{}
	n = d.node(n)
	if n == nil {
		return seen
	}
	if n.Kind != yaml.MappingNode {
		d.errorf(n, CodeBadValue, "%s must be a mapping of keys", what)
		return seen
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], d.node(n.Content[i+1])
		if v == nil {
			d.errorf(k, CodeBadValue, "%s is too deeply aliased or the file is too large", k.Value)
			return seen
		}
		if k.Value == "<<" {
			d.diags.Add(diag.Errorf(d.pos(k), CodeUnknownKey, "merge keys (<<) are not supported in templates").WithHint("repeat the keys, or use an alias (*name) for a whole zone"))
			continue
		}
		if _, dup := seen[k.Value]; dup {
			d.errorf(k, CodeDuplicate, "%s has %q twice", what, k.Value)
			continue
		}
		seen[k.Value] = d.pos(k)
		f, ok := set[k.Value]
		if !ok {
			d.diags.Add(diag.Errorf(d.pos(k), CodeUnknownKey, "unknown key %q in %s", k.Value, what).WithHint(hintKeys(k.Value, set)))
			continue
		}
		f(v)
	}
	return seen
}

func hintKeys(name string, set map[string]func(*yaml.Node)) string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if h := diag.DidYouMean(name, keys); h != "" {
		return h
	}
	return "known keys: " + strings.Join(keys, ", ")
}

func (d *decoder) str(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, CodeBadValue, "%s must be a single value, not a list or mapping", what)
		return "", false
	}
	return n.Value, true
}

func (d *decoder) num(n *yaml.Node, what string, min, max float64) (float64, bool) {
	s, ok := d.str(n, what)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		d.errorf(n, CodeBadValue, "%s must be a number, not %q", what, s)
		return 0, false
	}
	if f < min || f > max {
		d.errorf(n, CodeBadValue, "%s must be from %s to %s, not %s", what, trimFloat(min), trimFloat(max), s)
		return 0, false
	}
	return f, true
}

func (d *decoder) integer(n *yaml.Node, what string, min, max int) (int, bool) {
	f, ok := d.num(n, what, float64(min), float64(max))
	if !ok {
		return 0, false
	}
	if f != float64(int(f)) {
		d.errorf(n, CodeBadValue, "%s must be a whole number, not %s", what, n.Value)
		return 0, false
	}
	return int(f), true
}

func (d *decoder) boolean(n *yaml.Node, what string) (bool, bool) {
	s, ok := d.str(n, what)
	if !ok {
		return false, false
	}
	switch strings.ToLower(s) {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	d.errorf(n, CodeBadValue, "%s must be true or false, not %q", what, s)
	return false, false
}

// nums reads a list of exactly count numbers ([x, y, w, h]).
func (d *decoder) nums(n *yaml.Node, what string, count int) ([]float64, bool) {
	if n.Kind != yaml.SequenceNode || len(n.Content) != count {
		d.errorf(n, CodeBadValue, "%s must be a list of %d numbers", what, count)
		return nil, false
	}
	out := make([]float64, count)
	for i, c := range n.Content {
		c = d.node(c)
		if c == nil {
			return nil, false
		}
		f, ok := d.num(c, what, -1000, 2000)
		if !ok {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// strs reads a list of values; a single value is a list of one.
func (d *decoder) strs(n *yaml.Node, what string) ([]string, bool) {
	if n.Kind == yaml.ScalarNode {
		return []string{n.Value}, true
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, CodeBadValue, "%s must be a value or a list of values", what)
		return nil, false
	}
	var out []string
	for _, c := range n.Content {
		c = d.node(c)
		if c == nil {
			return nil, false
		}
		s, ok := d.str(c, what)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// seq returns a sequence's items.
func (d *decoder) seq(n *yaml.Node, what string) []*yaml.Node {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, CodeBadValue, "%s must be a list (items start with -)", what)
		return nil
	}
	var out []*yaml.Node
	for _, c := range n.Content {
		if c = d.node(c); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// colors reads a palette: name → #rrggbb.
func (d *decoder) colors(n *yaml.Node, into map[string]Color, lines map[string]diag.Pos) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, CodeBadValue, "colors must be a mapping of name: \"#rrggbb\"")
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], d.node(n.Content[i+1])
		if v == nil {
			return
		}
		s, ok := d.str(v, "a colour")
		if !ok {
			continue
		}
		c, ok := ParseColor(s)
		if !ok {
			d.diags.Add(diag.Errorf(d.pos(v), CodeUnknownColor, "colour %q of %q is not #rrggbb", s, k.Value).WithHint(`quote it: accent: "#7a1f1f"`))
			continue
		}
		into[k.Value] = c
		if lines != nil {
			lines[k.Value] = d.pos(k)
		}
	}
}
