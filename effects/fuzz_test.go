package effects_test

import (
	"fmt"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
)

// fuzzHost is a host whose verbs never fail on their own, so any panic
// from running an expression is the language's.
type fuzzHost struct {
	fx    effects.Frame
	glory int64
	n     int64
}

func (h *fuzzHost) Frame() *effects.Frame { return &h.fx }

func fuzzEnv() *effects.Env {
	e := effects.NewEnv("fuzz", "every kind of value and verb")
	e.Domain("keyword", "keywords")
	e.Domain("skill", "skills")
	e.AddValue(&effects.Value{Name: "hero.glory", Type: effects.TInt, Get: func(h *fuzzHost) int64 { return h.glory }})
	e.AddValue(&effects.Value{Name: "hero.ready", Type: effects.TBool, Get: func(h *fuzzHost) int64 { return h.glory & 1 }})
	e.AddValue(&effects.Value{Name: "test.skill", Type: effects.TSym("skill"), Get: func(h *fuzzHost) int64 { return 1 }})
	e.AddValue(&effects.Value{Name: "round", Type: effects.TInt, Get: func(h *fuzzHost) int64 { return -3 }})
	e.AddVerb(&effects.Verb{Name: "gainGlory", Result: effects.TVoid, Params: []effects.Param{{Name: "n", Type: effects.TInt}},
		Call: func(h *fuzzHost, a effects.Args) int64 { h.glory += a[0]; return 0 }})
	e.AddVerb(&effects.Verb{Name: "drawEvent", Result: effects.TVoid, Params: []effects.Param{{Name: "n", Type: effects.TInt, Optional: true, Default: 1}},
		Call: func(h *fuzzHost, a effects.Args) int64 { return 0 }})
	e.AddVerb(&effects.Verb{Name: "roll", Result: effects.TInt,
		Call: func(h *fuzzHost, a effects.Args) int64 { h.n++; return h.n%6 + 1 }})
	e.AddVerb(&effects.Verb{Name: "test.has", Result: effects.TBool, Params: []effects.Param{{Name: "keyword", Type: effects.TSym("keyword")}},
		Call: func(h *fuzzHost, a effects.Args) int64 { return a[0] & 1 }})
	e.AddVerb(&effects.Verb{Name: "pick", Result: effects.TInt, Params: []effects.Param{
		{Name: "a", Type: effects.TInt}, {Name: "b", Type: effects.TBool}, {Name: "k", Type: effects.TSym("keyword")}, {Name: "d", Type: effects.TInt, Optional: true, Default: 2}},
		Call: func(h *fuzzHost, a effects.Args) int64 { return a[0] + a[1] + a[2] + a[3] }})
	return e
}

// FuzzEffectsCheck: Check never panics, whatever the text; the positions
// of its errors lie inside the text (or just past it); and what checks
// runs without panicking, except with a *RuntimeError (division by zero,
// a runaway effect).
func FuzzEffectsCheck(f *testing.F) {
	for _, s := range []string{
		"gainGlory(2); drawEvent()", "hero.glory >= 3 ? gainGlory(1) : drawEvent(0)",
		"if hero.ready { gainGlory(1) } else { drawEvent(2) }", "let r = roll(); r >= 5 ? gainGlory(2) : r >= 3 ? gainGlory(1) : drawEvent()",
		`test.has("Fire") or hero.glory == 0`, `test.skill in ["Lore", "Combat"]`, "7 / (hero.glory - hero.glory)",
		"min(hero.glory, 2) + max(1, abs(-5)) % 3", `pick(1, true, "Chase")`, "not (1 > 2) && !hero.ready",
		"let a = 1; let b = a + 1; let a = b * 2; a", "gainGlroy(2", `"x" == "y"`, "hero?.glory", "map([1], # + 1)",
		"1.5 + nil", `test.skill == "Strength"`, "((((1))))", "-9223372036854775808 / -1",
	} {
		for w := range 3 {
			f.Add(s, uint8(w))
		}
	}
	env := fuzzEnv()
	f.Fuzz(func(t *testing.T, src string, want uint8) {
		if utf8.RuneCountInString(src) > 8000 { // no cell holds more
			return
		}
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 64 << 20, Time: 2 * time.Second}, func() {
			ck, errs := env.Check(src, effects.Want(want%3), testSyms)
			if (ck == nil) == (len(errs) == 0) {
				t.Fatalf("Check(%q) gave %v and %d errors: want exactly one of them", src, ck != nil, len(errs))
			}
			n := utf8.RuneCountInString(src)
			for _, e := range errs {
				if e.Offset < 1 || e.Offset > n+1 {
					t.Errorf("Check(%q): error %q at offset %d, outside 1…%d", src, e.Message, e.Offset, n+1)
				}
				if e.Message == "" {
					t.Errorf("Check(%q): an error without a message", src)
				}
			}
			if ck == nil {
				return
			}
			p := effects.Bind[*fuzzHost](ck, 0)
			h := &fuzzHost{glory: 3}
			h.fx.Coverage = make([]uint32, p.CoverSize())
			func() {
				defer func() {
					if r := recover(); r != nil {
						if _, ok := r.(*effects.RuntimeError); !ok {
							panic(fmt.Sprintf("running %q panicked with %T: %v", src, r, r))
						}
					}
				}()
				p.Run(h)
			}()
		})
	})
}
