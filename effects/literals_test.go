package effects_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
)

// TestLiterals: each whole number written in an expression, at its exact
// bytes, with the verb it is an argument of — and none in quoted text or
// comments.
func TestLiterals(t *testing.T) {
	type lit struct {
		Text  string // src[Start:End]
		Value int64
		Verb  string
		Call  string // src[CallStart:CallEnd]
	}
	for _, tc := range []struct {
		src  string
		want []lit
	}{
		{"gainGlory(5); gainFortune(4)", []lit{{"5", 5, "gainGlory", "gainGlory(5)"}, {"4", 4, "gainFortune", "gainFortune(4)"}}},
		{"gainGlory( 12 )", []lit{{"12", 12, "gainGlory", "gainGlory( 12 )"}}},
		{"gainGlory(-2)", []lit{{"-2", -2, "gainGlory", "gainGlory(-2)"}}},
		{"gainGlory(- 2)", []lit{{"- 2", -2, "gainGlory", "gainGlory(- 2)"}}},
		{"gainGlory(+3)", []lit{{"+3", 3, "gainGlory", "gainGlory(+3)"}}},
		{"gainGlory(0x10)", []lit{{"0x10", 16, "gainGlory", "gainGlory(0x10)"}}},
		{"gainGlory(1_000)", []lit{{"1_000", 1000, "gainGlory", "gainGlory(1_000)"}}},
		{"roll() >= 5", []lit{{"5", 5, "", ""}}},
		{"roll() >= 5 ? gainGlory(2) : wound(1)", []lit{{"5", 5, "", ""}, {"2", 2, "gainGlory", "gainGlory(2)"}, {"1", 1, "wound", "wound(1)"}}},
		{"if roll() >= 5 { gainGlory(2) } else { wound(1); heal(3) }",
			[]lit{{"5", 5, "", ""}, {"2", 2, "gainGlory", "gainGlory(2)"}, {"1", 1, "wound", "wound(1)"}, {"3", 3, "heal", "heal(3)"}}},
		{"gainGlory(2 + 1)", []lit{{"2", 2, "", ""}, {"1", 1, "", ""}}},
		{"gainGlory(max(2, roll()))", []lit{{"2", 2, "", ""}}},
		{"gainGlory(hero.glory * 2)", []lit{{"2", 2, "", ""}}},
		{"let n = 3; gainGlory(n)", []lit{{"3", 3, "", ""}}},
		{"pick(2, true, \"x(5)\", 7)", []lit{{"2", 2, "pick", "pick(2, true, \"x(5)\", 7)"}, {"7", 7, "pick", "pick(2, true, \"x(5)\", 7)"}}},
		{"test.has(\"Fire\") ? gainGlory(4) : drawEvent()", []lit{{"4", 4, "gainGlory", "gainGlory(4)"}}},
		{"outer(inner(3), 4)", []lit{{"3", 3, "inner", "inner(3)"}, {"4", 4, "outer", "outer(inner(3), 4)"}}},
		{"gainGlory(5) // was 6\n", []lit{{"5", 5, "gainGlory", "gainGlory(5)"}}},
		{"gainGlory(/* 9 */ 5)", []lit{{"5", 5, "gainGlory", "gainGlory(/* 9 */ 5)"}}},
		{"gainGlory(\")\" == \"a\" ? 1 : 2)", []lit{{"1", 1, "", ""}, {"2", 2, "", ""}}},
		{"gainGlory(1.5)", nil},
		{"test.has(\"Level 3\")", nil},
		{"drawEvent()", nil},
		{"« épée » == \"é\" ? gainGlory(7) : 0", []lit{{"7", 7, "gainGlory", "gainGlory(7)"}, {"0", 0, "", ""}}},
	} {
		t.Run(tc.src, func(t *testing.T) {
			got, err := effects.Literals(tc.src)
			if tc.src[0] == 0xc2 { // « is not the language's: a syntax error
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			var have []lit
			for _, l := range got {
				h := lit{Text: tc.src[l.Start:l.End], Value: l.Value, Verb: l.Verb}
				if l.Verb != "" {
					h.Call = tc.src[l.CallStart:l.CallEnd]
				}
				have = append(have, h)
			}
			assert.Equal(t, tc.want, have)
		})
	}
}

// TestLiteralsBytes: offsets are bytes, whatever characters come before.
func TestLiteralsBytes(t *testing.T) {
	src := `test.has("Épée") ? gainGlory(7) : wound(10)`
	got, err := effects.Literals(src)
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "7", src[got[0].Start:got[0].End])
	assert.Equal(t, "gainGlory(7)", src[got[0].CallStart:got[0].CallEnd])
	assert.Equal(t, "10", src[got[1].Start:got[1].End])
	assert.Equal(t, "wound(10)", src[got[1].CallStart:got[1].CallEnd])
}

// TestLiteralsSyntaxError: what does not parse is an error, at its place.
func TestLiteralsSyntaxError(t *testing.T) {
	_, err := effects.Literals("gainGlory(5")
	require.Error(t, err)
	var e *effects.Error
	require.ErrorAs(t, err, &e)
	assert.True(t, e.Syntax)
}

// FuzzLiterals: whatever the text, a list or an error, never a panic;
// each literal's span is inside the text, in order, and writing another
// number there leaves an expression that lists the same numbers.
func FuzzLiterals(f *testing.F) {
	for _, s := range []string{"gainGlory(5); gainFortune(4)", "roll() >= 5 ? gainGlory(-2) : wound(1)", "pick(2, true, \"x(5)\", 7)",
		"outer(inner(3), 4)", "gainGlory(/* 9 */ 5)", "let n = 3; gainGlory(n)", "gainGlory(0x10)", "test.has(\"Épée\") ? gainGlory(7) : 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1000 {
			return
		}
		lits, err := effects.Literals(src)
		if err != nil {
			return
		}
		end := 0
		for _, l := range lits {
			if l.Start < end || l.End <= l.Start || l.End > len(src) {
				t.Fatalf("%q: span %d..%d after %d", src, l.Start, l.End, end)
			}
			end = l.End
			if l.Verb != "" && (l.CallStart > l.Start || l.CallEnd < l.End) {
				t.Fatalf("%q: call %d..%d does not hold %d..%d", src, l.CallStart, l.CallEnd, l.Start, l.End)
			}
		}
		for i, l := range lits {
			edited := src[:l.Start] + "(" + strconv.Itoa(41) + ")" + src[l.End:]
			again, err := effects.Literals(edited)
			if err != nil || len(again) != len(lits) || again[i].Value != 41 {
				t.Fatalf("%q: writing 41 at literal %d gives %q: %v, %d literals", src, i, edited, err, len(again))
			}
		}
	})
}
