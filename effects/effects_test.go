package effects_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
)

// toy is a minimal host: a hero with glory and a combat skill.
type toy struct {
	fx            effects.Frame
	glory, combat int64
	log           []string
	rolls         []int64
}

func (t *toy) Frame() *effects.Frame { return &t.fx }

type syms map[string][]string

func (s syms) Resolve(domain, name string) (int, bool) {
	for i, n := range s[domain] {
		if strings.EqualFold(n, name) {
			return i, true
		}
	}
	return 0, false
}

func (s syms) Names(domain string) []string { return s[domain] }

var testSyms = syms{"keyword": {"Fire", "Chase", "Water"}, "skill": {"Combat", "Agility", "Cunning", "Lore"}}

func toyEnv() *effects.Env {
	e := effects.NewEnv("toy", "a test environment")
	e.Domain("keyword", "keywords")
	e.AddValue(&effects.Value{Name: "hero.glory", Type: effects.TInt, Doc: "glory", Get: func(t *toy) int64 { return t.glory }})
	e.AddValue(&effects.Value{Name: "hero.combat", Type: effects.TInt, Doc: "combat", Get: func(t *toy) int64 { return t.combat }})
	e.AddValue(&effects.Value{Name: "test.skill", Type: effects.TSym("skill"), Doc: "skill", Get: func(t *toy) int64 { return 1 }})
	e.AddVerb(&effects.Verb{Name: "gainGlory", Doc: "gain glory", Result: effects.TVoid,
		Params: []effects.Param{{Name: "n", Type: effects.TInt}},
		Call:   func(t *toy, a effects.Args) int64 { t.glory += a[0]; t.log = append(t.log, "glory"); return 0 }})
	e.AddVerb(&effects.Verb{Name: "drawEvent", Doc: "draw events", Result: effects.TVoid,
		Params: []effects.Param{{Name: "n", Type: effects.TInt, Optional: true, Default: 1}},
		Call: func(t *toy, a effects.Args) int64 {
			for range a[0] {
				t.log = append(t.log, "event")
			}
			return 0
		}})
	e.AddVerb(&effects.Verb{Name: "roll", Doc: "a d6", Result: effects.TInt,
		Call: func(t *toy, a effects.Args) int64 { r := t.rolls[0]; t.rolls = t.rolls[1:]; return r }})
	e.AddVerb(&effects.Verb{Name: "test.has", Doc: "keyword test", Result: effects.TBool,
		Params: []effects.Param{{Name: "keyword", Type: effects.TSym("keyword")}},
		Call:   func(t *toy, a effects.Args) int64 { return boolInt(a[0] == 1) }})
	e.AddVerb(&effects.Verb{Name: "again", Doc: "recursion", Result: effects.TVoid,
		Call: func(t *toy, a effects.Args) int64 { return recurse.Run(t) }})
	return e
}

var recurse *effects.Program[*toy]

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func TestRun(t *testing.T) {
	env := toyEnv()
	tests := []struct {
		src    string
		want   effects.Want
		rolls  []int64
		result int64
		glory  int64
		log    string
	}{
		{src: "gainGlory(2); drawEvent()", glory: 2, log: "glory event"},
		{src: "drawEvent(3)", log: "event event event"},
		{src: "hero.combat >= 3 ? gainGlory(1) : drawEvent()", glory: 1, log: "glory"},
		{src: "if hero.combat < 3 { gainGlory(1) } else { drawEvent(2) }", log: "event event"},
		{src: "let r = roll(); r >= 5 ? gainGlory(2) : r >= 3 ? gainGlory(1) : drawEvent()", rolls: []int64{4}, glory: 1, log: "glory"},
		{src: `test.has("chase")`, want: effects.BoolResult, result: 1},
		{src: `test.has("Fire") or hero.glory == 0`, want: effects.BoolResult, result: 1},
		{src: `test.skill == "Agility"`, want: effects.BoolResult, result: 1},
		{src: `test.skill in ["Lore", "Combat"]`, want: effects.BoolResult, result: 0},
		{src: "7 / 2 + 7 % 2 * 10 - -1", want: effects.IntResult, result: 14},
		{src: "min(hero.combat, 2) + max(1, abs(-5))", want: effects.IntResult, result: 7},
		{src: "not (1 > 2) && true", want: effects.BoolResult, result: 1},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			ck, errs := env.Check(tt.src, tt.want, testSyms)
			require.Empty(t, errs)
			p := effects.Bind[*toy](ck, 0)
			h := &toy{combat: 4, rolls: tt.rolls}
			got := p.Run(h)
			if tt.want != effects.AnyResult {
				assert.Equal(t, tt.result, got)
			}
			assert.Equal(t, tt.glory, h.glory)
			assert.Equal(t, tt.log, strings.Join(h.log, " "))
		})
	}
}

func TestCheckErrors(t *testing.T) {
	env := toyEnv()
	tests := []struct {
		src    string
		want   effects.Want
		offset int
		msg    string
		hint   string
	}{
		{src: "gainGlroy(2)", offset: 1, msg: `unknown verb "gainGlroy"`, hint: `did you mean "gainGlory"?`},
		{src: "gainGlory(2); hero.combta > 1", offset: 15, msg: `unknown name "hero.combta"`, hint: `did you mean "hero.combat"?`},
		{src: `gainGlory("x")`, offset: 11, msg: `text "x" cannot be used here`},
		{src: `test.has("Chsae")`, offset: 10, msg: `unknown keyword "Chsae"`, hint: `did you mean "Chase"?`},
		{src: `gainGlory()`, offset: 1, msg: "gainGlory takes 1 argument, got 0", hint: "usage: gainGlory(n int)"},
		{src: `drawEvent(1, 2)`, offset: 1, msg: "drawEvent takes 0 to 1 argument, got 2"},
		{src: `gainGlory(true)`, offset: 11, msg: "argument n of gainGlory must be a number, not true/false"},
		{src: `hero.glory`, want: effects.BoolResult, offset: 1, msg: "a condition must be true or false, but this is a number"},
		{src: `gainGlory(1) + 1`, offset: 1, msg: "+ needs numbers on both sides, not an action with no value"},
		{src: `drawEvent`, offset: 1, msg: "drawEvent is a verb and must be called", hint: "add parentheses: drawEvent()"},
		{src: `hero.glory()`, offset: 1, msg: "hero.glory is a value, not a verb"},
		{src: `gainGlory(2`, offset: 12, msg: "unexpected token EOF"},
		{src: `1.5 > 1`, want: effects.BoolResult, offset: 1, msg: "fractions are not allowed"},
		{src: `map([1], # + 1)`, offset: 1, msg: "map is not available in effects"},
		{src: `test.skill == "Strength"`, want: effects.BoolResult, offset: 15, msg: `unknown skill "Strength"`, hint: "one of: Combat, Agility, Cunning, Lore"},
		{src: `if hero.glory > 1 { gainGlory(1) }`, offset: 35, msg: "unexpected token EOF", hint: "an if needs both branches: if cond { … } else { … }"},
		{src: "   ", msg: "empty expression", offset: 1},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := env.Check(tt.src, tt.want, testSyms)
			require.NotEmpty(t, errs)
			assert.Equal(t, tt.offset, errs[0].Offset)
			assert.Equal(t, tt.msg, errs[0].Message)
			if tt.hint != "" {
				assert.Equal(t, tt.hint, errs[0].Hint)
			}
		})
	}
}

func TestCheckReportsEveryError(t *testing.T) {
	_, errs := toyEnv().Check("gainGlroy(1); drawEvnt(); hero.combta", effects.AnyResult, testSyms)
	require.Len(t, errs, 3)
	assert.Equal(t, []int{1, 15, 27}, []int{errs[0].Offset, errs[1].Offset, errs[2].Offset})
}

func TestLimits(t *testing.T) {
	env := toyEnv()
	env.SetLimits(effects.Limits{MaxLength: 20})
	_, errs := env.Check(strings.Repeat("gainGlory(1);", 3), effects.AnyResult, testSyms)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Message, "the limit is 20")

	// Runaway recursion stops with a RuntimeError, not a hang.
	env = toyEnv()
	ck, errs := env.Check("again()", effects.AnyResult, testSyms)
	require.Empty(t, errs)
	recurse = effects.Bind[*toy](ck, 0)
	h := &toy{}
	var got any
	func() {
		defer func() { got = recover() }()
		recurse.Run(h)
	}()
	require.IsType(t, &effects.RuntimeError{}, got)
	assert.Contains(t, got.(*effects.RuntimeError).Message, "nested more than 32 deep")

	ck, errs = env.Check("10 / (hero.glory - hero.glory)", effects.IntResult, testSyms)
	require.Empty(t, errs)
	assert.PanicsWithError(t, `effect "10 / (hero.glory - hero.glory)": division by zero`, func() { effects.Bind[*toy](ck, 0).Run(&toy{}) })
}

func TestCoverage(t *testing.T) {
	env := toyEnv()
	ck, errs := env.Check("hero.combat > 2 ? gainGlory(1) : (hero.glory > 0 and roll() > 3 ? drawEvent() : gainGlory(2))", effects.AnyResult, testSyms)
	require.Empty(t, errs)
	require.Len(t, ck.Branches, 3)
	assert.Equal(t, "hero.combat > 2", ck.Branches[0].Text)
	p := effects.Bind[*toy](ck, 4)
	h := &toy{combat: 1}
	h.fx.Coverage = make([]uint32, 4+p.CoverSize())
	p.Run(h) // combat 1: outer false; glory 0: and short-circuits false; inner false
	h.combat = 3
	p.Run(h) // outer true
	assert.Equal(t, []uint32{0, 0, 0, 0, 1, 1, 1, 0, 1, 0}, h.fx.Coverage)

	cond, errs := env.Check("hero.glory > 1", effects.BoolResult, testSyms)
	require.Empty(t, errs)
	require.Len(t, cond.Branches, 1)
	cp := effects.Bind[*toy](cond, 0)
	h = &toy{glory: 5}
	h.fx.Coverage = make([]uint32, 2)
	assert.True(t, cp.True(h))
	assert.Equal(t, []uint32{0, 1}, h.fx.Coverage)
}

func TestUses(t *testing.T) {
	ck, errs := toyEnv().Check(`gainGlory(hero.glory); test.has("Fire")`, effects.AnyResult, testSyms)
	require.Empty(t, errs)
	assert.Equal(t, []effects.Use{{Name: "gainGlory", Verb: true, Offset: 1}, {Name: "hero.glory", Offset: 11}, {Name: "test.has", Verb: true, Offset: 24}}, ck.Uses)
}

func TestMarkdown(t *testing.T) {
	var b strings.Builder
	require.NoError(t, effects.WriteMarkdown(&b, "Reference", toyEnv()))
	out := b.String()
	assert.Contains(t, out, "| `drawEvent(n int = 1)` | draw events |")
	assert.Contains(t, out, "| `hero.combat` | int | combat |")
	assert.Contains(t, out, "| `test.has(keyword keyword) bool` | keyword test |")
}

func BenchmarkRun(b *testing.B) {
	ck, _ := toyEnv().Check("hero.combat >= 3 ? gainGlory(1) : drawEvent(0)", effects.AnyResult, testSyms)
	p := effects.Bind[*toy](ck, 0)
	h := &toy{combat: 1}
	b.ReportAllocs()
	for b.Loop() {
		p.Run(h)
	}
}

// TestArithmeticOverflow: arithmetic that leaves the 64-bit whole numbers
// stops the effect with a runtime error naming its cell, instead of
// wrapping silently; right at the boundary it still computes.
func TestArithmeticOverflow(t *testing.T) {
	const max, min = math.MaxInt64, math.MinInt64
	env := toyEnv()
	for _, tc := range []struct {
		src         string
		glory       int64
		want        int64  // the result when it fits
		overflowMsg string // the runtime error, when it does not
	}{
		{src: "hero.glory + 1", glory: max - 1, want: max},
		{src: "hero.glory + 1", glory: max, overflowMsg: "arithmetic overflow: 9223372036854775807 + 1 is beyond the whole numbers effects use"},
		{src: "hero.glory + -1", glory: min, overflowMsg: "arithmetic overflow: -9223372036854775808 + -1 is beyond the whole numbers effects use"},
		{src: "hero.glory - 1", glory: min + 1, want: min},
		{src: "hero.glory - 1", glory: min, overflowMsg: "arithmetic overflow: -9223372036854775808 - 1 is beyond the whole numbers effects use"},
		{src: "0 - hero.glory", glory: min, overflowMsg: "arithmetic overflow: 0 - -9223372036854775808 is beyond the whole numbers effects use"},
		{src: "hero.glory * 2", glory: max / 2, want: max - 1},
		{src: "hero.glory * 2", glory: max/2 + 1, overflowMsg: "arithmetic overflow: 4611686018427387904 * 2 is beyond the whole numbers effects use"},
		{src: "hero.glory * hero.glory", glory: 3037000500, overflowMsg: "arithmetic overflow: 3037000500 * 3037000500 is beyond the whole numbers effects use"},
		{src: "hero.glory * hero.glory", glory: 3037000499, want: 3037000499 * 3037000499},
		{src: "hero.glory * -1", glory: min, overflowMsg: "arithmetic overflow: -9223372036854775808 * -1 is beyond the whole numbers effects use"},
		{src: "-1 * hero.glory", glory: min, overflowMsg: "arithmetic overflow: -1 * -9223372036854775808 is beyond the whole numbers effects use"},
		{src: "hero.glory / -1", glory: min, overflowMsg: "arithmetic overflow: -9223372036854775808 / -1 is beyond the whole numbers effects use"},
		{src: "hero.glory % -1", glory: min, want: 0},
		{src: "-hero.glory", glory: min, overflowMsg: "arithmetic overflow: -(-9223372036854775808) is beyond the whole numbers effects use"},
		{src: "abs(hero.glory)", glory: min, overflowMsg: "arithmetic overflow: abs(-9223372036854775808) is beyond the whole numbers effects use"},
		{src: "abs(hero.glory)", glory: min + 1, want: max},
	} {
		t.Run(fmt.Sprintf("%s at %d", tc.src, tc.glory), func(t *testing.T) {
			ck, errs := env.Check(tc.src, effects.IntResult, testSyms)
			require.Empty(t, errs)
			p := effects.Bind[*toy](ck, 0)
			p.Where = "base.xlsx:Events!I7"
			run := func() int64 { return p.Run(&toy{glory: tc.glory}) }
			if tc.overflowMsg == "" {
				assert.Equal(t, tc.want, run())
				return
			}
			assert.PanicsWithError(t, `base.xlsx:Events!I7: effect "`+tc.src+`": `+tc.overflowMsg, func() { run() })
		})
	}
}

// BenchmarkArith measures checked arithmetic (overflow is a runtime error).
func BenchmarkArith(b *testing.B) {
	ck, _ := toyEnv().Check("hero.glory * 2 + hero.combat - 1", effects.IntResult, testSyms)
	p := effects.Bind[*toy](ck, 0)
	h := &toy{glory: 3, combat: 4}
	b.ReportAllocs()
	for b.Loop() {
		p.Run(h)
	}
}

func TestQuotedNamesOfAnExpression(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`gainGlory(1)`, nil},
		{`test.has("Fire") ? gainGlory(1) : drawEvent()`, []string{"Fire"}},
		{`test.has('Chase') and test.has("Water")`, []string{"Chase", "Water"}},
	}
	for _, tc := range tests {
		ck, errs := toyEnv().Check(tc.src, effects.AnyResult, testSyms)
		require.Empty(t, errs, tc.src)
		assert.Equal(t, tc.want, ck.Quoted(), tc.src)
	}
	odd := &effects.Checked{Src: `f("it's") + g('say "hi"') + h("unclosed`}
	assert.Equal(t, []string{"it's", `say "hi"`}, odd.Quoted(), "a quote of the other kind is part of the name; an unclosed one is none")
}

func TestFieldOfAPartThatMayBeAbsent(t *testing.T) {
	type fight struct{ round int }
	get := func(f *fight) int { return f.round }
	assert.Equal(t, int64(3), effects.Field(&fight{round: 3}, -1, get))
	assert.Equal(t, int64(-1), effects.Field(nil, -1, get), "no fight: the default")
	assert.Equal(t, int64(0), effects.Field((*fight)(nil), 0, get))
}

func TestFromTable(t *testing.T) {
	gain := func(t *toy, a effects.Args) int64 { t.glory += a[0]; return 0 }
	glory := func(t *toy) int64 { return t.glory }
	const head = "name\ttype\tgroup\tdoc\ntoy\tenv\t\ta test environment\n"
	table := head +
		"reference\tabout\t\tdeckwright effects --game toy\n" +
		"steps\tabout\t\tgainGlory(2); drawEvent()\n" +
		"values\tabout\t\thero.glory\n" +
		"values\tabout\t\tround\n" +
		"names\tabout\t\ttest.has(\"Fire\")\n" +
		"in\tabout\t\thero.glory in [1, 2]\n" +
		"let\tabout\t\tlet g = hero.glory; g + g\n" +
		"keyword\tdomain\t\tkeywords\n" +
		"# values\n" +
		"hero.glory\tint\t\tthe hero's Glory\n" +
		"\n" +
		"gainGlory(n int)\tvoid\tResources\tthe hero gains n Glory\n" +
		"drawEvent(n int = 2, fast bool = 0)\tvoid\tCards\tdraw n\n" +
		"test.has(keyword keyword)\tbool\tQueries\tthe test has the keyword\n"
	e, err := effects.FromTable(table, map[string]any{"hero.glory": glory}, map[string]any{"gainGlory": gain})
	require.NoError(t, err)
	assert.Equal(t, "toy", e.Name)
	assert.Equal(t, "a test environment", e.Doc)
	assert.Equal(t, "deckwright effects --game toy", e.Reference)
	assert.Equal(t, effects.Examples{Steps: "gainGlory(2); drawEvent()", Values: []string{"hero.glory", "round"}, Names: []string{`test.has("Fire")`},
		In: "hero.glory in [1, 2]", Let: "let g = hero.glory; g + g"}, e.Examples, "a row an item of a list")
	assert.Equal(t, map[string]string{"keyword": "keywords"}, e.Domains)
	if vs := e.Values(); assert.Len(t, vs, 1) {
		assert.Equal(t, "hero.glory", vs[0].Name)
		assert.Equal(t, effects.TInt, vs[0].Type)
		assert.Equal(t, "the hero's Glory", vs[0].Doc)
		assert.NotNil(t, vs[0].Get)
	}
	assert.Equal(t, &effects.Verb{Name: "drawEvent", Group: "Cards", Doc: "draw n", Result: effects.TVoid,
		Params: []effects.Param{{Name: "n", Type: effects.TInt, Optional: true, Default: 2}, {Name: "fast", Type: effects.TBool, Optional: true}}},
		e.Lookup("drawEvent"), "an optional parameter and its default; no implementation is nil")
	assert.Equal(t, []effects.Param{{Name: "keyword", Type: effects.TSym("keyword")}}, e.Lookup("test.has").Params, "a domain type")
	assert.Equal(t, effects.TBool, e.Lookup("test.has").Result)
	assert.NotNil(t, e.Lookup("gainGlory").Call)

	ck, errs := e.Check(`gainGlory(2); drawEvent()`, effects.AnyResult, testSyms)
	require.Empty(t, errs, "the declared verbs check, the optional parameter left out")
	assert.NotNil(t, ck)

	for _, tc := range []struct{ table, want string }{
		{"name\ttype\tgroup\tdoc\n", "vocabulary: no environment row"},
		{"name\ttype\tgroup\tdoc\nhero.combat\tint\t\tdoc", "vocabulary row 2: the first row is the environment's (type env)"},
		{head + "toy\tenv\t\tagain", "vocabulary row 3: a second environment row"},
		{head + "hero.combat\tint\tdoc", "vocabulary row 3: 3 columns, not 4 (name, type, group, doc)"},
		{head + "hero.combat\tnumber\t\tdoc", `vocabulary row 3: unknown type "number" (int, bool, void or a domain)`},
		{head + "hero.combat\tint\tHero\tdoc", "vocabulary row 3: value hero.combat has a group"},
		{head + "heal(n int\tvoid\tG\tdoc", "vocabulary row 3: verb heal(n int: no closing parenthesis"},
		{head + "heal(n)\tvoid\tG\tdoc", `vocabulary row 3: verb heal: parameter "n" is not a name and a type`},
		{head + "heal(n space)\tvoid\tG\tdoc", `vocabulary row 3: verb heal: unknown type "space" (int, bool, void or a domain)`},
		{head + "heal(n int = one)\tvoid\tG\tdoc", `vocabulary row 3: verb heal: parameter n: default "one" is not a number`},
		{head + "title\tabout\t\tToy", `vocabulary row 3: about "title": not reference, steps, values, names, in or let`},
	} {
		_, err := effects.FromTable(tc.table, nil, nil)
		assert.EqualError(t, err, tc.want, tc.table)
	}
}

func TestTableEnvIsBuiltOnceOnFirstUse(t *testing.T) {
	env := effects.TableEnv("name\ttype\tgroup\tdoc\ntoy\tenv\t\ta test environment\n", nil, nil)
	assert.Same(t, env(), env(), "one environment")
	assert.Equal(t, "toy", env().Name)
	bad := effects.TableEnv("name\ttype\tgroup\tdoc\n", nil, nil)
	assert.PanicsWithError(t, "vocabulary: no environment row", func() { bad() }, "a mistake in a module's own table")
}

func TestLeaningCountsHelpfulAndHarmfulVerbs(t *testing.T) {
	lean := func(verb string) int {
		switch verb {
		case "gainGlory", "drawEvent":
			return 1
		case "roll":
			return -1
		}
		return 0
	}
	ck, errs := toyEnv().Check(`hero.glory > 2 ? gainGlory(roll()) : drawEvent(); gainGlory(1)`, effects.AnyResult, testSyms)
	require.Empty(t, errs)
	helps, hurts := effects.Leaning(ck.Uses, lean)
	assert.Equal(t, 3, helps, "each use of a helpful verb; values (hero.glory) are not verbs")
	assert.Equal(t, 1, hurts)
}
