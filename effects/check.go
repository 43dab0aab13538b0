package effects

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"

	"github.com/deckwright/deckwright/engine/diag"
)

// Want is what a cell's expression must produce.
type Want int

const (
	// AnyResult is for effect cells: whatever the last step returns.
	AnyResult Want = iota
	// BoolResult is for condition cells.
	BoolResult
	// IntResult is for number-valued cells.
	IntResult
)

// Error is a problem in an expression. Offset is the 1-based character
// position of the problem, for the caret line.
type Error struct {
	Offset  int
	Message string
	Hint    string
	Syntax  bool // the text does not parse (as opposed to a type or name error)
	// Domain is set when the problem is a quoted name the domain does not
	// know: a caller that knows the domain's rows are incomplete can tell.
	Domain string
}

func (e *Error) Error() string { return fmt.Sprintf("%d: %s", e.Offset, e.Message) }

// Use records a value or verb an expression uses, for lints such as "this
// verb is only allowed in test timing" and for coverage of the vocabulary.
type Use struct {
	Name   string
	Verb   bool
	Offset int
}

// Leaning counts the verbs of uses that help (lean +1) and that hurt
// (lean −1) the one an effect acts on, by the module's lean of each verb:
// bots guess from it whether to use an ability, and on whom to play a card.
func Leaning(uses []Use, lean func(verb string) int) (helps, hurts int) {
	for _, u := range uses {
		if !u.Verb {
			continue
		}
		switch lean(u.Name) {
		case 1:
			helps++
		case -1:
			hurts++
		}
	}
	return helps, hurts
}

// Branch is a point where an expression decides: a condition cell itself,
// an if/else or ?:, or an and/or that may short-circuit.
type Branch struct {
	Offset int
	Text   string // the source of the deciding condition
}

// Quoted returns the quoted strings of the expression's source, as written:
// the names a lint looks for ("a keyword no card uses"), whatever verb or
// value takes them.
func (c *Checked) Quoted() []string {
	var out []string
	s := c.Src
	for {
		i := strings.IndexAny(s, `"'`)
		if i < 0 {
			return out
		}
		q := s[i]
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+1+j])
		s = s[i+2+j:]
	}
}

// IsCondition reports whether the expression is a condition cell: then its
// first branch is the whole condition.
func (c *Checked) IsCondition() bool { return c.cond }

// Checked is a type-checked expression, ready to bind to a host type.
type Checked struct {
	Src      string
	Type     Type
	Uses     []Use
	Branches []Branch
	slots    int
	root     *node
	cond     bool // a condition cell: the whole expression is branch 0
}

type opcode uint8

const (
	opConst opcode = iota
	opValue
	opSlot
	opLet
	opCall
	opNot
	opNeg
	opArith
	opCmp
	opAnd
	opOr
	opCond
	opSeq
	opIn
	opMin
	opMax
	opAbs
)

type node struct {
	op    opcode
	typ   Type
	pos   int
	i     int64  // constant value, slot, or branch index
	oper  string // arithmetic or comparison operator
	value *Value
	verb  *Verb
	kids  []*node
	set   []int64
}

// Check parses src and type-checks it. Every problem found is returned, not
// only the first.
func (e *Env) Check(src string, want Want, syms Symbols) (*Checked, []*Error) {
	if n := utf8.RuneCountInString(src); n > e.limits.MaxLength {
		return nil, []*Error{{Offset: 1, Message: fmt.Sprintf("expression is %d characters long; the limit is %d", n, e.limits.MaxLength),
			Hint: "split the effect across cards or ask for a verb that does the work"}}
	}
	if strings.TrimSpace(src) == "" {
		return nil, []*Error{{Offset: 1, Message: "empty expression"}}
	}
	cfg := conf.CreateNew()
	cfg.MaxNodes = uint(e.limits.MaxNodes)
	tree, err := parser.ParseWithConfig(src, cfg)
	if err != nil {
		return nil, []*Error{syntaxError(src, err)}
	}
	c := &checker{env: e, syms: syms, src: src}
	root := c.expr(tree.Node, Type{})
	ck := &Checked{Src: src, Type: root.typ, root: root, Uses: c.uses, Branches: c.branches, slots: c.maxSlots}
	if len(c.errs) == 0 {
		switch want {
		case BoolResult:
			if root.typ.Kind != Bool {
				c.errorf(root.pos, "", "a condition must be true or false, but this is %s", describe(root.typ))
			}
			ck.cond = true
			ck.Branches = append([]Branch{{Offset: 1, Text: src}}, ck.Branches...)
		case IntResult:
			if root.typ.Kind != Int {
				c.errorf(root.pos, "", "a number is needed here, but this is %s", describe(root.typ))
			}
		}
	}
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return ck, nil
}

func describe(t Type) string {
	switch t.Kind {
	case Void:
		return "an action with no value"
	case Bool:
		return "true/false"
	case Int:
		return "a number"
	case Sym:
		return "a " + t.Domain + " name"
	}
	return "invalid"
}

func syntaxError(src string, err error) *Error {
	e := &Error{Offset: 1, Message: err.Error(), Syntax: true}
	if fe, ok := err.(*file.Error); ok {
		e.Offset = fe.From + 1
		e.Message = fe.Message
	}
	if strings.Contains(e.Message, "EOF") { // the text ended too soon: point just past it
		e.Offset = utf8.RuneCountInString(src) + 1
	}
	switch {
	case strings.Contains(e.Message, "EOF") && unclosed(src) != 0:
		o := unclosed(src)
		c := map[rune]rune{'(': ')', '[': ']', '{': '}'}[o]
		e.Hint = fmt.Sprintf("the text ends inside %c … %c: add the missing %c", o, c, c)
	case strings.HasPrefix(strings.TrimSpace(src), "if") && strings.Contains(e.Message, "EOF"):
		e.Hint = "an if needs both branches: if cond { … } else { … }"
	case strings.Contains(e.Message, "EOF"):
		e.Hint = "the text ends too soon: something is missing at its end"
	case strings.Contains(e.Message, "unexpected token"):
		e.Hint = "separate steps with ';', and put names in quotes: \"Fire\""
	}
	return e
}

// unclosed returns the innermost bracket of src left open, or 0. Quoted
// text is skipped.
func unclosed(src string) rune {
	var stack []rune
	var quote rune
	escaped := false
	for _, r := range src {
		switch {
		case quote != 0:
			switch {
			case escaped:
				escaped = false
			case r == '\\':
				escaped = true
			case r == quote:
				quote = 0
			}
		case r == '"' || r == '\'' || r == '`':
			quote = r
		case r == '(' || r == '[' || r == '{':
			stack = append(stack, r)
		case r == ')' || r == ']' || r == '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return 0
	}
	return stack[len(stack)-1]
}

type checker struct {
	env      *Env
	syms     Symbols
	src      string
	errs     []*Error
	scope    []scopeVar
	slots    int
	maxSlots int
	uses     []Use
	branches []Branch
}

type scopeVar struct {
	name string
	slot int
	typ  Type
}

func (c *checker) errorf(pos int, hint, format string, args ...any) *node {
	c.errs = append(c.errs, &Error{Offset: pos, Message: fmt.Sprintf(format, args...), Hint: hint})
	return &node{typ: Type{Kind: Invalid}, pos: pos}
}

func at(n ast.Node) int { return n.Location().From + 1 }

// text returns the source of a node range, for branch descriptions.
func (c *checker) text(n ast.Node) string {
	return strings.TrimSpace(ast.Node(n).String())
}

// expr checks n. hint is the type expected from the context, used to give a
// string literal its domain; it may be the zero Type.
func (c *checker) expr(n ast.Node, hint Type) *node {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return &node{op: opConst, typ: TInt, pos: at(n), i: int64(n.Value)}
	case *ast.BoolNode:
		v := int64(0)
		if n.Value {
			v = 1
		}
		return &node{op: opConst, typ: TBool, pos: at(n), i: v}
	case *ast.StringNode:
		if hint.Kind == Sym {
			return c.symbol(n.Value, hint.Domain, at(n))
		}
		return c.errorf(at(n), "quoted names go where a name is expected, such as fight(\"Enemies\") or test.has(\"Fire\")",
			"text %q cannot be used here", n.Value)
	case *ast.FloatNode:
		return c.errorf(at(n), "use whole numbers", "fractions are not allowed")
	case *ast.NilNode:
		return c.errorf(at(n), "", "nil is not allowed")
	case *ast.IdentifierNode:
		return c.name(n.Value, at(n), n)
	case *ast.MemberNode:
		path, ok := dotted(n)
		if !ok {
			return c.errorf(at(n), "", "only names like hero.combat may be used here")
		}
		return c.name(path, chainStart(n), n)
	case *ast.CallNode:
		return c.call(n)
	case *ast.BuiltinNode:
		return c.builtin(n)
	case *ast.UnaryNode:
		return c.unary(n)
	case *ast.BinaryNode:
		return c.binary(n)
	case *ast.ConditionalNode:
		return c.conditional(n)
	case *ast.SequenceNode:
		out := &node{op: opSeq, pos: at(n)}
		for _, k := range n.Nodes {
			out.kids = append(out.kids, c.expr(k, Type{}))
		}
		out.typ = out.kids[len(out.kids)-1].typ
		if out.pos == 1 && len(out.kids) > 0 {
			out.pos = out.kids[0].pos
		}
		return out
	case *ast.VariableDeclaratorNode:
		return c.let(n)
	case *ast.ChainNode:
		return c.errorf(at(n), "write hero.combat, not hero?.combat", "optional chaining (?.) is not allowed")
	}
	return c.errorf(at(n), "effects may use numbers, true/false, quoted names, verbs, values, arithmetic, comparisons, and/or/not, ?: and if/else, ';' and let",
		"this kind of expression (%s) is not allowed in effects", strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast."))
}

// dotted flattens hero.combat or test.has into its path.
func dotted(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		return n.Value, true
	case *ast.MemberNode:
		prop, ok := n.Property.(*ast.StringNode)
		if !ok {
			return "", false
		}
		base, ok := dotted(n.Node)
		if !ok {
			return "", false
		}
		return base + "." + prop.Value, true
	}
	return "", false
}

// start is the position of the first character of n's source: the left
// end of an operation, not its operator.
func start(n ast.Node) int {
	switch n := n.(type) {
	case *ast.BinaryNode:
		return start(n.Left)
	case *ast.MemberNode:
		return start(n.Node)
	case *ast.CallNode:
		return start(n.Callee)
	case *ast.ConditionalNode:
		return start(n.Cond)
	}
	return at(n)
}

func chainStart(n ast.Node) int {
	for {
		m, ok := n.(*ast.MemberNode)
		if !ok {
			return at(n)
		}
		n = m.Node
	}
}

func (c *checker) name(name string, pos int, n ast.Node) *node {
	for i := len(c.scope) - 1; i >= 0; i-- {
		if c.scope[i].name == name {
			return &node{op: opSlot, typ: c.scope[i].typ, pos: pos, i: int64(c.scope[i].slot)}
		}
	}
	if v, ok := c.env.values[name]; ok {
		c.uses = append(c.uses, Use{Name: name, Offset: pos})
		return &node{op: opValue, typ: v.Type, pos: pos, value: v}
	}
	if _, ok := c.env.verbs[name]; ok {
		return c.errorf(pos, "add parentheses: "+name+"()", "%s is a verb and must be called", name)
	}
	return c.errorf(pos, c.didYouMean(name), "unknown name %q", name)
}

func (c *checker) didYouMean(name string) string {
	if s := diag.Suggest(name, c.env.names()); s != "" {
		return `did you mean "` + s + `"?`
	}
	if c.env.Reference != "" {
		return "`" + c.env.Reference + "` lists every verb and value"
	}
	return "the game's effect reference lists every verb and value"
}

func (c *checker) symbol(name, domain string, pos int) *node {
	if c.syms == nil {
		return &node{op: opConst, typ: TSym(domain), pos: pos}
	}
	code, ok := c.syms.Resolve(domain, name)
	if !ok {
		hint := ""
		if s := diag.Suggest(name, c.syms.Names(domain)); s != "" {
			hint = `did you mean "` + s + `"?`
		} else if names := c.syms.Names(domain); len(names) > 0 && len(names) <= 12 {
			hint = "one of: " + strings.Join(names, ", ")
		}
		n := c.errorf(pos, hint, "unknown %s %q", domain, name)
		c.errs[len(c.errs)-1].Domain = domain
		return n
	}
	return &node{op: opConst, typ: TSym(domain), pos: pos, i: int64(code)}
}

func (c *checker) call(n *ast.CallNode) *node {
	name, ok := dotted(n.Callee)
	pos := chainStart(n.Callee)
	if !ok {
		return c.errorf(at(n), "", "only verbs can be called")
	}
	v, ok := c.env.verbs[name]
	if !ok {
		if _, isValue := c.env.values[name]; isValue {
			return c.errorf(pos, "drop the parentheses: "+name, "%s is a value, not a verb", name)
		}
		return c.errorf(pos, c.didYouMean(name), "unknown verb %q", name)
	}
	c.uses = append(c.uses, Use{Name: name, Verb: true, Offset: pos})
	required := 0
	for _, p := range v.Params {
		if !p.Optional {
			required++
		}
	}
	if len(n.Arguments) < required || len(n.Arguments) > len(v.Params) {
		return c.errorf(pos, "usage: "+v.Signature(), "%s takes %s, got %d", name, countArgs(required, len(v.Params)), len(n.Arguments))
	}
	out := &node{op: opCall, typ: v.Result, pos: pos, verb: v}
	bad := false
	for i, p := range v.Params {
		if i >= len(n.Arguments) {
			out.kids = append(out.kids, &node{op: opConst, typ: p.Type, i: p.Default})
			continue
		}
		arg := c.expr(n.Arguments[i], p.Type)
		if arg.typ.Kind == Invalid {
			bad = true
			continue
		}
		if !assignable(arg.typ, p.Type) {
			c.errorf(arg.pos, "usage: "+v.Signature(), "argument %s of %s must be %s, not %s", p.Name, name, describe(p.Type), describe(arg.typ))
			bad = true
		}
		out.kids = append(out.kids, arg)
	}
	if bad {
		out.typ = Type{Kind: Invalid}
	}
	return out
}

func countArgs(req, max int) string {
	word := func(n int) string {
		if n == 1 {
			return "1 argument"
		}
		return fmt.Sprintf("%d arguments", n)
	}
	if req == max {
		return word(max)
	}
	return fmt.Sprintf("%d to %s", req, word(max))
}

func assignable(have, want Type) bool {
	if have.Kind != want.Kind {
		return false
	}
	return have.Kind != Sym || have.Domain == want.Domain
}

func (c *checker) builtin(n *ast.BuiltinNode) *node {
	var op opcode
	switch n.Name {
	case "min":
		op = opMin
	case "max":
		op = opMax
	case "abs":
		op = opAbs
	default:
		return c.errorf(at(n), c.didYouMean(n.Name), "%s is not available in effects", n.Name)
	}
	want := 2
	if op == opAbs {
		want = 1
	}
	if len(n.Arguments) != want {
		return c.errorf(at(n), "", "%s takes %d argument(s)", n.Name, want)
	}
	out := &node{op: op, typ: TInt, pos: at(n)}
	for _, a := range n.Arguments {
		k := c.expr(a, TInt)
		if k.typ.Kind != Int && k.typ.Kind != Invalid {
			c.errorf(k.pos, "", "%s works on numbers, not %s", n.Name, describe(k.typ))
		}
		out.kids = append(out.kids, k)
	}
	return out
}

func (c *checker) unary(n *ast.UnaryNode) *node {
	k := c.expr(n.Node, Type{})
	if k.typ.Kind == Invalid {
		return k
	}
	switch n.Operator {
	case "!", "not":
		if k.typ.Kind != Bool {
			return c.errorf(at(n), "", "not needs true/false, not %s", describe(k.typ))
		}
		return &node{op: opNot, typ: TBool, pos: at(n), kids: []*node{k}}
	case "-":
		if k.typ.Kind != Int {
			return c.errorf(at(n), "", "minus needs a number, not %s", describe(k.typ))
		}
		return &node{op: opNeg, typ: TInt, pos: at(n), kids: []*node{k}}
	case "+":
		if k.typ.Kind != Int {
			return c.errorf(at(n), "", "plus needs a number, not %s", describe(k.typ))
		}
		return k
	}
	return c.errorf(at(n), "", "operator %s is not allowed", n.Operator)
}

func (c *checker) binary(n *ast.BinaryNode) *node {
	pos := start(n.Left)
	switch n.Operator {
	case "and", "&&", "or", "||":
		l := c.expr(n.Left, TBool)
		r := c.expr(n.Right, TBool)
		for _, k := range []*node{l, r} {
			if k.typ.Kind != Bool && k.typ.Kind != Invalid {
				c.errorf(k.pos, "", "%s needs true/false on both sides, not %s", n.Operator, describe(k.typ))
			}
		}
		op := opAnd
		if n.Operator == "or" || n.Operator == "||" {
			op = opOr
		}
		c.branches = append(c.branches, Branch{Offset: pos, Text: c.text(n.Left)})
		return &node{op: op, typ: TBool, pos: pos, i: int64(len(c.branches) - 1), kids: []*node{l, r}}
	case "+", "-", "*", "/", "%":
		l, r := c.expr(n.Left, TInt), c.expr(n.Right, TInt)
		for _, k := range []*node{l, r} {
			if k.typ.Kind != Int && k.typ.Kind != Invalid {
				c.errorf(k.pos, "", "%s needs numbers on both sides, not %s", n.Operator, describe(k.typ))
			}
		}
		return &node{op: opArith, oper: n.Operator, typ: TInt, pos: pos, kids: []*node{l, r}}
	case "==", "!=", "<", "<=", ">", ">=":
		l, r := c.pair(n.Left, n.Right)
		if l.typ.Kind == Invalid || r.typ.Kind == Invalid {
			return &node{typ: Type{Kind: Invalid}, pos: pos}
		}
		if !assignable(l.typ, r.typ) {
			return c.errorf(pos, "", "cannot compare %s with %s", describe(l.typ), describe(r.typ))
		}
		if l.typ.Kind != Int && n.Operator != "==" && n.Operator != "!=" {
			return c.errorf(pos, "", "%s compares numbers, not %s", n.Operator, describe(l.typ))
		}
		if l.typ.Kind == Void {
			return c.errorf(pos, "", "cannot compare actions")
		}
		return &node{op: opCmp, oper: n.Operator, typ: TBool, pos: pos, kids: []*node{l, r}}
	case "in":
		l := c.expr(n.Left, Type{})
		arr, ok := n.Right.(*ast.ArrayNode)
		if !ok {
			return c.errorf(at(n.Right), "write x in [a, b, c]", "in needs a list written out in brackets")
		}
		if l.typ.Kind == Invalid {
			return l
		}
		if l.typ.Kind != Int && l.typ.Kind != Sym {
			return c.errorf(pos, "", "in works on numbers and names, not %s", describe(l.typ))
		}
		out := &node{op: opIn, typ: TBool, pos: pos, kids: []*node{l}}
		for _, e := range arr.Nodes {
			k := c.expr(e, l.typ)
			if k.typ.Kind == Invalid {
				continue
			}
			if k.op != opConst || !assignable(k.typ, l.typ) {
				c.errorf(k.pos, "write each item out, as in [1, 2] or [\"Lore\", \"Combat\"]", "list items must be constants (%s)", describe(l.typ))
				continue
			}
			out.set = append(out.set, k.i)
		}
		return out
	}
	return c.errorf(at(n), "", "operator %s is not allowed in effects", n.Operator)
}

// pair checks the two sides of a comparison so that a quoted name on one
// side takes its domain from the other side.
func (c *checker) pair(a, b ast.Node) (*node, *node) {
	_, aStr := a.(*ast.StringNode)
	_, bStr := b.(*ast.StringNode)
	switch {
	case aStr && !bStr:
		r := c.expr(b, Type{})
		return c.expr(a, r.typ), r
	case bStr && !aStr:
		l := c.expr(a, Type{})
		return l, c.expr(b, l.typ)
	}
	return c.expr(a, Type{}), c.expr(b, Type{})
}

func (c *checker) conditional(n *ast.ConditionalNode) *node {
	cond := c.expr(n.Cond, TBool)
	if cond.typ.Kind != Bool && cond.typ.Kind != Invalid {
		c.errorf(cond.pos, "", "the condition must be true/false, not %s", describe(cond.typ))
	}
	c.branches = append(c.branches, Branch{Offset: cond.pos, Text: c.text(n.Cond)})
	idx := len(c.branches) - 1
	a, b := c.expr(n.Exp1, Type{}), c.expr(n.Exp2, Type{})
	t := a.typ
	switch {
	case a.typ.Kind == Invalid || b.typ.Kind == Invalid || cond.typ.Kind == Invalid:
		t = Type{Kind: Invalid}
	case !assignable(a.typ, b.typ):
		t = TVoid // branches of different types: only usable as a step
	}
	return &node{op: opCond, typ: t, pos: cond.pos, i: int64(idx), kids: []*node{cond, a, b}}
}

func (c *checker) let(n *ast.VariableDeclaratorNode) *node {
	val := c.expr(n.Value, Type{})
	if _, clash := c.env.values[n.Name]; clash {
		c.errorf(at(n), "choose another name", "%s is already a value", n.Name)
	}
	if _, clash := c.env.verbs[n.Name]; clash {
		c.errorf(at(n), "choose another name", "%s is already a verb", n.Name)
	}
	if val.typ.Kind == Void {
		c.errorf(val.pos, "", "let needs a value, but %s returns nothing", n.Name)
	}
	slot := c.slots
	c.slots++
	if c.slots > c.maxSlots {
		c.maxSlots = c.slots
	}
	c.scope = append(c.scope, scopeVar{name: n.Name, slot: slot, typ: val.typ})
	body := c.expr(n.Expr, Type{})
	c.scope = c.scope[:len(c.scope)-1]
	c.slots--
	return &node{op: opLet, typ: body.typ, pos: at(n), i: int64(slot), kids: []*node{val, body}}
}
