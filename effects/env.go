// Package effects is deckwright's effect language: the expressions designers
// write in workbook cells ("gainGlory(2); drawEvent()", "test.has(\"Chase\")").
//
// Syntax is expr-lang's (https://expr-lang.org); deckwright parses with it,
// then type-checks each expression against a game's Env — a registry of
// verbs and values, each with a Go type and a one-line doc — resolving names
// (keywords, decks, skills) to integers at build time. A checked expression
// is compiled to a tree of Go closures over the game's state, so running one
// in the simulator allocates nothing and costs a few nanoseconds a node.
package effects

import (
	"fmt"
	"sort"
	"strings"
)

// Kind is the kind of a value in the language.
type Kind uint8

const (
	Invalid Kind = iota // the type of an expression that failed to check
	Void                // a verb that returns nothing useful
	Bool
	Int
	Sym // a name from a domain: a keyword, a deck, a skill, a space …
)

// Type is an expression's type. Sym types carry their domain.
type Type struct {
	Kind   Kind
	Domain string
}

// Predeclared types.
var (
	TVoid = Type{Kind: Void}
	TBool = Type{Kind: Bool}
	TInt  = Type{Kind: Int}
)

// TSym is the type of names of a domain ("keyword", "skill", "deck", …).
func TSym(domain string) Type { return Type{Kind: Sym, Domain: domain} }

func (t Type) String() string {
	switch t.Kind {
	case Void:
		return "void"
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Sym:
		return t.Domain
	}
	return "invalid"
}

// Param is a verb parameter. An optional parameter takes Default when omitted.
type Param struct {
	Name     string
	Type     Type
	Optional bool
	Default  int64
}

// Args carries a verb call's arguments: ints, bools as 0/1, names as their
// resolved codes. Verbs take at most len(Args) parameters.
type Args [4]int64

// Value is a read-only name an expression may use, such as hero.combat.
// Get has the type func(H) int64 for the host type H the Env is bound to.
type Value struct {
	Name string
	Doc  string
	Type Type
	Get  any
}

// Field is a Value's Get over a part of the game's state that may be
// absent (no test being taken, no fight going on): get's field of s, or
// def when s is nil.
func Field[S any](s *S, def int64, get func(*S) int) int64 {
	if s == nil {
		return def
	}
	return int64(get(s))
}

// Verb is an action or query an expression may call, such as gainGlory(n)
// or test.has(keyword). Call has the type func(H, Args) int64.
type Verb struct {
	Name   string
	Doc    string
	Params []Param
	Result Type
	Call   any
	// Group orders the reference documentation ("Resources", "Cards", …).
	Group string
}

// Signature renders the verb for documentation: "gainGlory(n int)".
func (v *Verb) Signature() string {
	var b strings.Builder
	b.WriteString(v.Name)
	b.WriteByte('(')
	for i, p := range v.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		b.WriteByte(' ')
		b.WriteString(p.Type.String())
		if p.Optional {
			fmt.Fprintf(&b, " = %d", p.Default)
		}
	}
	b.WriteByte(')')
	if v.Result.Kind != Void {
		b.WriteByte(' ')
		b.WriteString(v.Result.String())
	}
	return b.String()
}

// Env is the set of verbs and values available to one kind of expression.
type Env struct {
	Name    string
	Doc     string
	Domains map[string]string // domain name → one-line doc
	// Examples show the syntax in the environment's own vocabulary.
	Examples Examples
	// Reference is the command that lists the vocabulary, for hints.
	Reference string
	values    map[string]*Value
	verbs     map[string]*Verb
	limits    Limits
}

// Limits bound what an expression may cost. Zero fields take defaults.
type Limits struct {
	MaxLength int // characters of source (default 2000)
	MaxNodes  int // syntax-tree nodes (default 400)
}

// NewEnv makes an empty environment.
func NewEnv(name, doc string) *Env {
	return &Env{
		Name: name, Doc: doc,
		Domains: map[string]string{},
		values:  map[string]*Value{},
		verbs:   map[string]*Verb{},
		limits:  Limits{MaxLength: 2000, MaxNodes: 400},
	}
}

// SetLimits replaces the default limits.
func (e *Env) SetLimits(l Limits) {
	if l.MaxLength > 0 {
		e.limits.MaxLength = l.MaxLength
	}
	if l.MaxNodes > 0 {
		e.limits.MaxNodes = l.MaxNodes
	}
}

// Domain documents a domain of names used by Sym types.
func (e *Env) Domain(name, doc string) { e.Domains[name] = doc }

// AddValue registers a value. Registering a name twice panics: it is a
// mistake in a game module, found by its tests.
func (e *Env) AddValue(v *Value) {
	if _, dup := e.values[v.Name]; dup {
		panic("effects: value " + v.Name + " declared twice")
	}
	e.values[v.Name] = v
}

// AddVerb registers a verb.
func (e *Env) AddVerb(v *Verb) {
	if _, dup := e.verbs[v.Name]; dup {
		panic("effects: verb " + v.Name + " declared twice")
	}
	if len(v.Params) > len(Args{}) {
		panic("effects: verb " + v.Name + " has too many parameters")
	}
	e.verbs[v.Name] = v
}

// Values returns the values sorted by name.
func (e *Env) Values() []*Value {
	out := make([]*Value, 0, len(e.values))
	for _, v := range e.values {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Verbs returns the verbs sorted by group, then name.
func (e *Env) Verbs() []*Verb {
	out := make([]*Verb, 0, len(e.verbs))
	for _, v := range e.verbs {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Group != out[j].Group {
			return out[i].Group < out[j].Group
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Lookup finds a verb by name.
func (e *Env) Lookup(name string) *Verb { return e.verbs[name] }

// names returns every value and verb name, for did-you-mean hints.
func (e *Env) names() []string {
	out := make([]string, 0, len(e.values)+len(e.verbs))
	for n := range e.values {
		out = append(out, n)
	}
	for n := range e.verbs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Symbols resolves names of domains to codes. The compiler builds one from
// the content being compiled, the engine from the engine tables, so both
// resolve "Fire" to the same keyword code.
type Symbols interface {
	// Resolve returns the code of name in domain.
	Resolve(domain, name string) (code int, ok bool)
	// Names lists a domain's names, for hints.
	Names(domain string) []string
}
