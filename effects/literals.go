package effects

import (
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser"
)

// A Literal is a whole number written in an expression: the 5 of
// gainGlory(5) or of roll() >= 5, or -2 with its sign.
type Literal struct {
	Value int64
	// Start and End are byte offsets in the source: src[Start:End] is the
	// number as written, its sign included.
	Start, End int
	// Verb is the verb called with the number as one of its arguments, as
	// written ("gainGlory", "test.has"); "" for a number anywhere else: a
	// comparison, arithmetic, a let, an argument of min or max.
	Verb string
	// Call is the byte span of that verb's call, "gainGlory(5)", when Verb
	// is set.
	CallStart, CallEnd int
}

// Literals lists the whole numbers written in src, in the order they are
// written: what a tool may change in place (a sweep rewrites
// src[Start:End] and compiles the cell again). Only the syntax is read:
// names are not checked, so any parsed cell can be listed. A number in
// quoted text or in a comment is no literal.
func Literals(src string) ([]Literal, error) {
	tree, err := parser.ParseWithConfig(src, conf.CreateNew())
	if err != nil {
		return nil, syntaxError(src, err)
	}
	// The parser's locations count characters; Literal's, bytes.
	offsets := make([]int, 0, len(src)+1)
	for i := range src {
		offsets = append(offsets, i)
	}
	offsets = append(offsets, len(src))
	byteAt := func(r int) int { return offsets[min(max(r, 0), len(offsets)-1)] }

	var v collector
	ast.Walk(&tree.Node, &v)
	signed := map[*ast.IntegerNode]*ast.UnaryNode{}
	for _, u := range v.unary {
		if n, ok := u.Node.(*ast.IntegerNode); ok && (u.Operator == "-" || u.Operator == "+") {
			signed[n] = u
		}
	}
	type arg struct {
		verb       string
		start, end int
	}
	args := map[*ast.IntegerNode]arg{}
	for _, c := range v.calls {
		name, ok := dotted(c.Callee)
		if !ok {
			continue
		}
		start := byteAt(chainStart(c.Callee) - 1)
		end := closing(src, start)
		for _, a := range c.Arguments {
			if u, ok := a.(*ast.UnaryNode); ok {
				a = u.Node
			}
			if n, ok := a.(*ast.IntegerNode); ok {
				args[n] = arg{verb: name, start: start, end: end}
			}
		}
	}
	out := make([]Literal, 0, len(v.ints))
	for _, n := range v.ints {
		loc := n.Location()
		l := Literal{Value: int64(n.Value), Start: byteAt(loc.From), End: byteAt(loc.To)}
		// The sign is the number's when only spaces part them: -(2) is
		// an operation on the number 2.
		if u, ok := signed[n]; ok && strings.TrimSpace(src[byteAt(u.Location().From)+1:l.Start]) == "" {
			l.Start = byteAt(u.Location().From)
			if u.Operator == "-" {
				l.Value = -l.Value
			}
		}
		// A piped argument (x | f()) is written outside the call.
		if a, ok := args[n]; ok && a.start <= l.Start && l.End <= a.end {
			l.Verb, l.CallStart, l.CallEnd = a.verb, a.start, a.end
		}
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b Literal) int { return a.Start - b.Start })
	return out, nil
}

// collector gathers the nodes Literals reads.
type collector struct {
	ints  []*ast.IntegerNode
	unary []*ast.UnaryNode
	calls []*ast.CallNode
}

func (v *collector) Visit(n *ast.Node) {
	switch n := (*n).(type) {
	case *ast.IntegerNode:
		// a ?: b is a ? a : b, one node met twice.
		if !slices.Contains(v.ints, n) {
			v.ints = append(v.ints, n)
		}
	case *ast.UnaryNode:
		v.unary = append(v.unary, n)
	case *ast.CallNode:
		v.calls = append(v.calls, n)
	}
}

// closing is the byte offset just past the parenthesis that closes the
// first one opened at or after start, skipping quoted text and comments;
// len(src) when there is none.
func closing(src string, start int) int {
	depth := 0
	for i := start; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"' || c == '\'' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' && c != '`' {
					i++
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && (src[i] != '*' || src[i+1] != '/') {
				i++
			}
			i++
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(src)
}
