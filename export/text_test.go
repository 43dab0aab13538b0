package export

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func resolveTest(tok string) (string, string, bool) {
	switch strings.ToLower(tok) {
	case "glory", "wound":
		return strings.ToLower(tok), "", true
	case "cliffhanger":
		return "", "Cliffhanger", true
	}
	return "", "", false
}

// spans flattens paragraphs for comparison: words joined by "|", spans
// shown as text, **bold**, _italic_ or {icon}.
func spans(paras []paragraph) []string {
	var out []string
	for _, p := range paras {
		var words []string
		for _, w := range p.words {
			var b strings.Builder
			for _, s := range w {
				switch {
				case s.icon != "":
					b.WriteString("{" + s.icon + "}")
				case s.bold && s.italic:
					b.WriteString("**_" + s.text + "_**")
				case s.bold:
					b.WriteString("**" + s.text + "**")
				case s.italic:
					b.WriteString("_" + s.text + "_")
				default:
					b.WriteString(s.text)
				}
			}
			words = append(words, b.String())
		}
		prefix := ""
		if p.gap {
			prefix = "¶ "
		}
		out = append(out, prefix+strings.Join(words, "|"))
	}
	return out
}

func TestParseMarkup(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		unknown []string
	}{
		{"Gain 2 {glory}.", []string{"Gain|2|{glory}."}, nil},
		{"Take 1 {Wound}, then **test**.", []string{"Take|1|{wound},|then|**test**."}, nil},
		{"*The floor tilts.*", []string{"_The_|_floor_|_tilts._"}, nil},
		{"**Bold *and italic* words**", []string{"**Bold**|**_and_**|**_italic_**|**words**"}, nil},
		{"5 * 3 and 2*", []string{"5|*|3|and|2*"}, nil},
		{"a **b", []string{"a|**b"}, nil},
		{`\*literal\* and \{glory}`, []string{"*literal*|and|{glory}"}, nil},
		{"Flip to the {Cliffhanger}.", []string{"Flip|to|the|**Cliffhanger**."}, nil},
		{"Roll {d12} now", []string{"Roll|{d12}|now"}, []string{"d12"}},
		{"{not a token!}", []string{"{not|a|token!}"}, nil},
		{"line one\nline two\n\nnew paragraph", []string{"line|one", "line|two", "¶ new|paragraph"}, nil},
		{"  spaced   out  ", []string{"spaced|out"}, nil},
		{"", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			paras, unknown := parseMarkup(tc.in, resolveTest)
			assert.Equal(t, tc.want, spans(paras))
			assert.Equal(t, tc.unknown, unknown)
		})
	}
}

func TestLayoutWrapsAndAligns(t *testing.T) {
	paras, _ := parseMarkup("one two three four five six seven eight nine ten", resolveTest)
	st := textStyle{family: "sans", style: "regular", leading: 1.2}
	wide := layoutText(paras, 200, 100, st, 10)
	require.Len(t, wide.lines, 1)
	assert.True(t, wide.fits)
	narrow := layoutText(paras, 20, 100, st, 10)
	assert.Greater(t, len(narrow.lines), 3)
	for _, l := range narrow.lines {
		assert.LessOrEqual(t, l.width, 20.0+1e-6, "no line is wider than its box")
	}
	lineH := 10 * ptMM * 1.2
	assert.InDelta(t, float64(len(narrow.lines))*lineH, narrow.height, 1e-9)
	// Words keep their order.
	var words []string
	for _, l := range narrow.lines {
		for _, r := range l.runs {
			words = append(words, strings.Fields(r.text)...)
		}
	}
	assert.Equal(t, strings.Fields("one two three four five six seven eight nine ten"), words)
}

func TestLayoutIconsTakeRoom(t *testing.T) {
	st := textStyle{family: "sans", style: "regular", leading: 1.2}
	plainText, _ := parseMarkup("Gain 2.", resolveTest)
	withIcon, _ := parseMarkup("Gain 2 {glory}.", resolveTest)
	a := layoutText(plainText, 100, 100, st, 10)
	b := layoutText(withIcon, 100, 100, st, 10)
	em := 10 * ptMM
	space := bundled()["sans"]["regular"].width(" ", 10)
	assert.InDelta(t, a.lines[0].width+space+em*iconEm, b.lines[0].width, 1e-9)
	var icons int
	for _, r := range b.lines[0].runs {
		if r.icon == "glory" {
			icons++
		}
	}
	assert.Equal(t, 1, icons)
}

func TestFitTextShrinksToTheLargestSizeThatFits(t *testing.T) {
	st := textStyle{family: "sans", style: "regular", leading: 1.15}
	text := strings.Repeat("Haul yourself out of the river before the falls. ", 6)
	paras, _ := parseMarkup(text, resolveTest)
	tests := []struct {
		name      string
		w, h      float64
		size, min float64
		fits      bool
		wantSize  float64 // 0: anything between min and size
		maxLines  int
	}{
		{"room to spare: full size", 100, 100, 8, 5, true, 8, 0},
		{"too tall: shrinks", 53.5, 20, 8, 5, true, 0, 0},
		{"too much even at min", 30, 8, 8, 5, false, 5, 0},
		{"min equals size: no shrinking", 53.5, 20, 8, 8, false, 8, 0},
		{"one line allowed", 53.5, 50, 8, 5, false, 5, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st.maxLines = tc.maxLines
			l := fitText(paras, tc.w, tc.h, st, tc.size, tc.min)
			assert.Equal(t, tc.fits, l.fits)
			if tc.wantSize > 0 {
				assert.Equal(t, tc.wantSize, l.sizePt)
			} else {
				assert.Less(t, l.sizePt, tc.size)
				assert.GreaterOrEqual(t, l.sizePt, tc.min)
				assert.LessOrEqual(t, l.height, tc.h+0.01)
				// A quarter point larger would not fit.
				bigger := layoutText(paras, tc.w, tc.h, st, l.sizePt+0.25)
				assert.False(t, bigger.fits)
			}
		})
	}
}

func TestAWordWiderThanItsBoxIsSplitAndDoesNotFit(t *testing.T) {
	st := textStyle{family: "sans", style: "bold", leading: 1.15}
	paras, _ := parseMarkup("Supercalifragilisticexpialidocious", resolveTest)
	l := fitText(paras, 15, 50, st, 12, 6)
	assert.False(t, l.fits)
	assert.True(t, l.broken)
	for _, ln := range l.lines {
		assert.LessOrEqual(t, ln.width, 15.0+1e-6)
	}
}

func TestFontFallbacks(t *testing.T) {
	b := newFontBook(nil)
	style := func(f *Font) string { return f.family + " " + f.style }
	assert.Equal(t, "sans bold-italic", style(b.resolve("sans", "italic", true, false)))
	assert.Equal(t, "sans regular", style(b.resolve("sans", "bold", true, false)), "** inside bold text turns bold off")
	assert.Equal(t, "smallcaps regular", style(b.resolve("smallcaps", "regular", true, false)), "small caps have no bold")
	assert.Equal(t, "smallcaps italic", style(b.resolve("smallcaps", "regular", true, true)))
	assert.Equal(t, "medium italic", style(b.resolve("medium", "regular", false, true)))
	assert.Equal(t, "sans regular", style(b.resolve("nope", "regular", false, false)), "an unknown family prints in sans")
}

func TestFontsCoverTheNamesDesignersUse(t *testing.T) {
	b := newFontBook(nil)
	for _, styles := range bundled() {
		for _, f := range styles {
			for _, s := range []string{"Dr. Zhukov", "Jacques Moreau", "Shelly Hargrove", "Ω", "Жуков", "Ça, naïve, Señor, Müller, Ærø", "“quotes” — dashes – …"} {
				assert.Empty(t, b.missing(f, s), "%s lacks characters of %q", f.describe(), s)
			}
			assert.Equal(t, []rune{'🐍'}, b.missing(f, "🐍"))
		}
	}
}

func TestTitleCase(t *testing.T) {
	assert.Equal(t, "Random Villain", titleCase("random-villain"))
	assert.Equal(t, "All Heroes", titleCase("all heroes"))
}

// lineTexts returns a layout's lines as text, icons as {name}.
func lineTexts(l textLayout) []string {
	var out []string
	for _, ln := range l.lines {
		var b strings.Builder
		for _, r := range ln.runs {
			if r.icon != "" {
				b.WriteString("{" + r.icon + "}")
				continue
			}
			b.WriteString(r.text)
		}
		out = append(out, b.String())
	}
	return out
}

func TestSkillTestsAndIconsStayWithTheirWords(t *testing.T) {
	st := textStyle{family: "sans", style: "regular", leading: 1.15}
	tests := []struct {
		text  string
		width float64
		never []string // no line starts with these
		whole []string // these stay on one line
	}{
		{"Roll Combat 5+ x2 or Agility 4+ x3 to escape", 30, []string{"4+", "x3", "x2", "5+"}, []string{"Agility 4+ x3", "Combat 5+ x2"}},
		{"Pay the toll and gain {glory} 2 at once", 25, nil, []string{"{glory} 2"}},
		{"Take the idol, then gain 2 {glory}. Leave now", 27, []string{"{glory}."}, []string{"2 {glory}."}},
		{"a\u00a0b\u00a0c\u00a0d\u00a0e\u00a0f and more", 12, []string{"b", "c"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			paras, _ := parseMarkup(tc.text, resolveTest)
			for _, size := range []float64{6, 7, 8, 9, 10} {
				lines := lineTexts(layoutText(paras, tc.width, 200, st, size))
				joined := strings.Join(lines, "|")
				for _, ln := range lines {
					for _, n := range tc.never {
						assert.False(t, strings.HasPrefix(ln, n), "%g pt: a line starts with %q: %q", size, n, joined)
					}
				}
				for _, w := range tc.whole {
					found := false
					for _, ln := range lines {
						found = found || strings.Contains(ln, w)
					}
					assert.True(t, found, "%g pt: %q is split: %q", size, w, joined)
				}
			}
		})
	}
	// A unit wider than the line still breaks, between its words.
	paras, _ := parseMarkup("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", resolveTest)
	l := layoutText(paras, 10, 200, st, 8)
	assert.False(t, l.broken, "no word was split")
	assert.Greater(t, len(l.lines), 1)
}

func TestMarkupIsReadInOnePass(t *testing.T) {
	// The forms that used to need a look ahead for each star.
	tests := []struct{ in, want string }{
		{"**a** *b* ***c***", "**a**|_b_|**_c_**"},
		{"x ** y", "x|**|y"},
		{"5 * 3 = 15", "5|*|3|=|15"},
		{"*a **b** c*", "_a_|**_b_**|_c_"},
		{"***", "***"},
	}
	for _, tc := range tests {
		paras, _ := parseMarkup(tc.in, resolveTest)
		assert.Equal(t, []string{tc.want}, spans(paras), tc.in)
	}
}
