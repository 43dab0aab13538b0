package effects_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
)

// Positions are characters, not bytes, so the caret lines up under text
// with accents; syntax errors carry hints that say what is missing.
func TestCheckPositionsAndHints(t *testing.T) {
	env := toyEnv()
	tests := []struct {
		src    string
		want   effects.Want
		offset int
		msg    string
		hint   string
		syntax bool
	}{
		{src: `test.has("Fuégo") or gainGlroy(1)`, offset: 10, msg: `unknown keyword "Fuégo"`, hint: "one of: Fire, Chase, Water"},
		{src: `test.has("Fire") and hero.glöry > 1`, want: effects.BoolResult, offset: 22, msg: `unknown name "hero.glöry"`, hint: `did you mean "hero.glory"?`},
		{src: `gainGlory(1); gainGlory(`, offset: 25, msg: "unexpected token EOF", hint: "the text ends inside ( … ): add the missing )", syntax: true},
		{src: `if hero.glory > 1 { gainGlory(1) } else { drawEvent()`, offset: 54, msg: "unexpected token EOF", hint: "the text ends inside { … }: add the missing }", syntax: true},
		{src: `test.skill in ["Lore", "Combat"`, want: effects.BoolResult, offset: 32, msg: "unexpected token EOF", hint: "the text ends inside [ … ]: add the missing ]", syntax: true},
		{src: `test.has(")") and gainGlory(1) +`, offset: 33, msg: "unexpected token EOF", hint: "the text ends too soon: something is missing at its end", syntax: true},
		{src: `gainGlory(1) drawEvent()`, offset: 14, msg: "unexpected token Identifier(\"drawEvent\")", hint: "separate steps with ';', and put names in quotes: \"Fire\"", syntax: true},
		{src: `hero.glory = 2`, want: effects.BoolResult, offset: 12, msg: "unexpected token Operator(\"=\")", hint: "separate steps with ';', and put names in quotes: \"Fire\"", syntax: true},
		{src: `let gainGlory = 1; gainGlory`, offset: 5, msg: "gainGlory is already a verb", hint: "choose another name"},
		{src: `hero.combat ?? 1`, offset: 13, msg: "operator ?? is not allowed in effects"},
		{src: `test.skill < "Lore"`, want: effects.BoolResult, offset: 1, msg: "< compares numbers, not a skill name"},
		{src: `hero.glory in [1, hero.combat]`, want: effects.BoolResult, offset: 19, msg: "list items must be constants (a number)", hint: "write each item out, as in [1, 2] or [\"Lore\", \"Combat\"]"},
		{src: `hero.glory + 1 < test.skill`, want: effects.BoolResult, offset: 1, msg: "cannot compare a number with a skill name"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, errs := env.Check(tt.src, tt.want, testSyms)
			require.NotEmpty(t, errs)
			assert.Equal(t, tt.offset, errs[0].Offset)
			assert.Equal(t, tt.msg, errs[0].Message)
			assert.Equal(t, tt.hint, errs[0].Hint)
			assert.Equal(t, tt.syntax, errs[0].Syntax)
		})
	}
}

func TestCheckWithoutSymbols(t *testing.T) {
	// Without symbols (documentation, a quick check) names are not
	// resolved but still typed.
	ck, errs := toyEnv().Check(`test.has("Anything")`, effects.BoolResult, nil)
	require.Empty(t, errs)
	assert.Equal(t, effects.TBool, ck.Type)
}

func TestSignature(t *testing.T) {
	env := toyEnv()
	assert.Equal(t, "drawEvent(n int = 1)", env.Lookup("drawEvent").Signature())
	assert.Equal(t, "test.has(keyword keyword) bool", env.Lookup("test.has").Signature())
	assert.Equal(t, "roll() int", env.Lookup("roll").Signature())
	assert.Nil(t, env.Lookup("nope"))
	assert.PanicsWithValue(t, "effects: verb roll declared twice", func() { env.AddVerb(&effects.Verb{Name: "roll"}) })
	assert.PanicsWithValue(t, "effects: value hero.glory declared twice", func() { env.AddValue(&effects.Value{Name: "hero.glory"}) })
}
