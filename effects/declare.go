package effects

// A game module writes its vocabulary as two tables — what each name means
// and its type, for the checker and the reference — and keeps the
// implementations in maps by name beside its engine. Declare joins them.

// VerbDecl declares a verb; its Call is bound by Declare.
type VerbDecl struct {
	Name, Group, Doc string
	Result           Type
	Params           []Param
}

// ValueDecl declares a value; its Get is bound by Declare.
type ValueDecl struct {
	Name, Doc string
	Type      Type
}

// P is a required parameter.
func P(name string, t Type) Param { return Param{Name: name, Type: t} }

// Opt is an optional int parameter taking def when omitted.
func Opt(name string, def int64) Param {
	return Param{Name: name, Type: TInt, Optional: true, Default: def}
}

// Declare registers the declared values and verbs in e, each with the
// implementation of its name in gets (func(H) int64) or calls
// (func(H, Args) int64). A name without one gets a nil implementation, which
// the module's tests catch. A module declares its tables with its own types
// defined as ValueDecl and VerbDecl, so that they may be written as unkeyed
// rows (go vet allows that only for a package's own types).
func Declare[V ~struct {
	Name, Doc string
	Type      Type
}, B ~struct {
	Name, Group, Doc string
	Result           Type
	Params           []Param
}](e *Env, values []V, verbs []B, gets, calls map[string]any) {
	for _, v := range values {
		d := ValueDecl(v)
		e.AddValue(&Value{Name: d.Name, Doc: d.Doc, Type: d.Type, Get: gets[d.Name]})
	}
	for _, v := range verbs {
		d := VerbDecl(v)
		e.AddVerb(&Verb{Name: d.Name, Group: d.Group, Doc: d.Doc, Result: d.Result, Params: d.Params, Call: calls[d.Name]})
	}
}
