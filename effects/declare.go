package effects

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// A game module writes its vocabulary as a table — what each name means
// and its type, for the checker and the reference — and keeps the
// implementations in maps by name beside its engine. FromTable joins them.

// FromTable builds an environment from its vocabulary table, each value and
// verb with the implementation of its name in gets (func(H) int64) or calls
// (func(H, Args) int64); a name without one gets a nil implementation,
// which the module's tests catch.
//
// The table is tab-separated text, a row a name after a header row: name,
// type, group, doc. Its first row names the environment and says what it
// is for, with the type env; rows of the type about give its reference
// command and the examples of its reference (reference; steps, values,
// names, in, let: a row an item of a list); rows of the type domain
// document the domains of names. Then come the values and the verbs. A
// verb's name carries its parameters, each a name and a type, and "= N"
// for an optional one that defaults to N: "drawEvent(n int = 1)". A type
// is int, bool, void or a domain declared above. Only verbs have a group.
// Blank rows and rows starting with # are skipped.
func FromTable(table string, gets, calls map[string]any) (*Env, error) {
	var e *Env
	for i, line := range strings.Split(table, "\n") {
		if i == 0 || strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		var err error
		switch {
		case len(cols) != 4:
			err = fmt.Errorf("%d columns, not 4 (name, type, group, doc)", len(cols))
		case e == nil && cols[1] != "env":
			err = errors.New("the first row is the environment's (type env)")
		case e == nil:
			e = NewEnv(cols[0], cols[3])
		default:
			err = e.declare(cols, gets, calls)
		}
		if err != nil {
			return nil, fmt.Errorf("vocabulary row %d: %w", i+1, err)
		}
	}
	if e == nil {
		return nil, errors.New("vocabulary: no environment row")
	}
	return e, nil
}

// TableEnv returns a function that builds the environment of a module's
// own vocabulary table (FromTable) once, on first use: a module's Env. A
// mistake in the table panics, and the module's tests find it.
func TableEnv(table string, gets, calls map[string]any) func() *Env {
	return sync.OnceValue(func() *Env {
		e, err := FromTable(table, gets, calls)
		if err != nil {
			panic(err)
		}
		return e
	})
}

// declare adds a row of the vocabulary table: name, type, group, doc.
func (e *Env) declare(cols []string, gets, calls map[string]any) error {
	name, kind, group, doc := cols[0], cols[1], cols[2], cols[3]
	switch kind {
	case "env":
		return errors.New("a second environment row")
	case "domain":
		e.Domain(name, doc)
		return nil
	case "about":
		return e.about(name, doc)
	}
	t, err := e.typeNamed(kind)
	if err != nil {
		return err
	}
	open := strings.IndexByte(name, '(')
	if open < 0 {
		if group != "" {
			return fmt.Errorf("value %s has a group", name)
		}
		e.AddValue(&Value{Name: name, Doc: doc, Type: t, Get: gets[name]})
		return nil
	}
	if !strings.HasSuffix(name, ")") {
		return fmt.Errorf("verb %s: no closing parenthesis", name)
	}
	var params []Param
	if list := strings.TrimSpace(name[open+1 : len(name)-1]); list != "" {
		for _, p := range strings.Split(list, ",") {
			param, err := e.param(p)
			if err != nil {
				return fmt.Errorf("verb %s: %w", name[:open], err)
			}
			params = append(params, param)
		}
	}
	name = name[:open]
	e.AddVerb(&Verb{Name: name, Group: group, Doc: doc, Result: t, Params: params, Call: calls[name]})
	return nil
}

// about sets the reference command or an example of the reference.
func (e *Env) about(what, text string) error {
	x := &e.Examples
	switch what {
	case "reference":
		e.Reference = text
	case "steps":
		x.Steps = text
	case "values":
		x.Values = append(x.Values, text)
	case "names":
		x.Names = append(x.Names, text)
	case "in":
		x.In = text
	case "let":
		x.Let = text
	default:
		return fmt.Errorf("about %q: not reference, steps, values, names, in or let", what)
	}
	return nil
}

// param reads "name type" or "name type = default".
func (e *Env) param(s string) (Param, error) {
	decl, def, optional := strings.Cut(s, "=")
	f := strings.Fields(decl)
	if len(f) != 2 {
		return Param{}, fmt.Errorf("parameter %q is not a name and a type", strings.TrimSpace(s))
	}
	t, err := e.typeNamed(f[1])
	if err != nil {
		return Param{}, err
	}
	p := Param{Name: f[0], Type: t, Optional: optional}
	if optional {
		if p.Default, err = strconv.ParseInt(strings.TrimSpace(def), 10, 64); err != nil {
			return Param{}, fmt.Errorf("parameter %s: default %q is not a number", f[0], strings.TrimSpace(def))
		}
	}
	return p, nil
}

func (e *Env) typeNamed(name string) (Type, error) {
	switch name {
	case "int":
		return TInt, nil
	case "bool":
		return TBool, nil
	case "void":
		return TVoid, nil
	}
	if _, ok := e.Domains[name]; ok {
		return TSym(name), nil
	}
	return Type{}, fmt.Errorf("unknown type %q (int, bool, void or a domain)", name)
}
