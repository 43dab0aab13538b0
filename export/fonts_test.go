package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/templates"
)

// symbolFont is a tiny TrueType font with a star (U+2605), a sun (U+2600)
// and two CJK characters (日本), none of which the Go fonts have
// (testdata/fonts/make.py builds it).
func symbolFont(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "fonts", name))
	require.NoError(t, err)
	return data
}

// toySetWithFonts loads the toy templates with a project folder bringing
// fonts; shared is the project's shared.yaml.
func toySetWithFonts(t testing.TB, shared string, files map[string][]byte) (*templates.Set, []string) {
	t.Helper()
	base := fstest.MapFS{}
	for k, v := range map[string]string{"shared.yaml": toyShared, "icons.yaml": toyIcons, "red.yaml": toyRed, "blue.yaml": toyBlue, "notes.yaml": toyNotes} {
		base[k] = &fstest.MapFile{Data: []byte(v)}
	}
	project := fstest.MapFS{"shared.yaml": {Data: []byte(shared)}}
	for k, v := range files {
		project[k] = &fstest.MapFile{Data: v}
	}
	set, l := templates.Load(toySchema, templates.Folder{FS: base, Label: "toy"}, templates.Folder{FS: project, Label: "project/templates"})
	var msgs []string
	for _, d := range l.Items() {
		msgs = append(msgs, d.String()+" hint: "+d.Hint)
	}
	return set, msgs
}

func TestProjectFontsPrintWhatTheGoFontsLack(t *testing.T) {
	set, msgs := toySetWithFonts(t, "fonts: {symbols: fonts/DWTestSymbols.ttf}\nfallback: [symbols]\n",
		map[string][]byte{"fonts/DWTestSymbols.ttf": symbolFont(t, "DWTestSymbols.ttf")})
	require.Empty(t, msgs)
	rows := []toyRow{{"id": "sun", "name": "Sunrise ★", "deck": "red", "text": "Gain ☀ at 日本 and Ω."}}
	var faces []placed
	opt := testOptions()
	opt.trace = func(p placed) { faces = append(faces, p) }
	pdf, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), opt)
	assert.Zero(t, l.Len(), "every character has a font: %v", l.Items())
	// The symbols come from the fallback font, the rest from sans.
	page := contentOf(t, pdf, 1)
	assert.Contains(t, string(pdf), "/BaseFont /utf8dwp", "the project font is embedded")
	assert.Contains(t, page, "(\x26\x05)", "the star is set in the symbols font, by its code")
	assert.Contains(t, page, "(\x65\xe5\x67\x2c)", "日本 in one run")
	if _, err := exec.LookPath("pdffonts"); err == nil {
		in := filepath.Join(t.TempDir(), "in.pdf")
		require.NoError(t, os.WriteFile(in, pdf, 0o644))
		out, err := exec.Command("pdffonts", in).Output()
		require.NoError(t, err)
		assert.Regexp(t, `utf8dwp\S+\s+CID TrueType\s+Identity-H\s+yes\s`, string(out), "embedded")
	}
}

func TestAFamilyNamedLikeABundledOneReplacesIt(t *testing.T) {
	data := symbolFont(t, "DWTestSymbols.ttf")
	_, msgs := toySetWithFonts(t, "fonts: {sans: {regular: Sym.ttf}}\n", map[string][]byte{"Sym.ttf": data})
	assert.Contains(t, strings.Join(msgs, "\n"), `toy/red.yaml:13: error[DW3004]: font sans has no style "bold" (it has regular)`,
		"a family that replaces sans must bring the styles the templates use")
	set, msgs := toySetWithFonts(t, "fonts: {sans: {regular: Sym.ttf, bold: Sym.ttf}}\n", map[string][]byte{"Sym.ttf": data})
	require.Empty(t, msgs)
	b := newFontBook(set)
	f := b.resolve("sans", "bold", false, false)
	assert.True(t, f.has('★'), "every sans zone uses the project's font")
	f = b.resolve("sans", "italic", false, false)
	assert.True(t, f.has('★'), "markup asking for a style the family lacks falls back to one it has")
	assert.Empty(t, b.missing(f, "A★"))
	assert.Equal(t, []rune{'z', 'y'}, b.missing(f, "z★yz"), "the project font has no z nor y and there is no fallback; each named once")
}

func TestCharactersNoFontHasAreReportedAtTheCell(t *testing.T) {
	set, msgs := toySetWithFonts(t, "fonts: {symbols: fonts/DWTestSymbols.ttf}\nfallback: [symbols]\n",
		map[string][]byte{"fonts/DWTestSymbols.ttf": symbolFont(t, "DWTestSymbols.ttf")})
	require.Empty(t, msgs)
	rows := []toyRow{{"id": "snake", "name": "Snake", "deck": "red", "text": "A 🐍 in the ☀ and 🐍 \U0001F99C"}, {"id": "fine", "name": "Fine", "deck": "red", "text": "日本"}}
	_, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	require.Equal(t, 1, l.Len(), "%v", l.Items())
	d := l.Items()[0]
	assert.Equal(t, CodeGlyph, d.Code)
	assert.Equal(t, "toy.xlsx:Cards!H2", d.Pos.String())
	assert.Equal(t, `card "snake" has "🐍" (U+1F40D), "🦜" (U+1F99C), which no font of the templates can print; each prints as ?`, d.Message,
		"every character the fonts lack, each once, in one warning")
	assert.Contains(t, d.Hint, "fallback")
}

func TestFontFilesAreCheckedAtTheirLine(t *testing.T) {
	tests := []struct {
		name   string
		shared string
		files  map[string][]byte
		want   string
	}{
		{"missing", "fonts:\n  body: fonts/Nope.ttf\n", nil, "project/templates/shared.yaml:2: error[DW3013]: cannot read font file project/templates/fonts/Nope.ttf"},
		{"CFF outlines", "fonts:\n  body: Sym.otf\n", map[string][]byte{"Sym.otf": symbolFont(t, "DWTestSymbols.otf")}, "has PostScript (CFF) outlines"},
		{"not a font", "fonts:\n  body: notes.txt\n", map[string][]byte{"notes.txt": []byte("hello")}, "is not a TrueType font"},
		{"outside the folder", "fonts:\n  body: ../Sym.ttf\n", nil, "outside the templates folder"},
		{"no regular", "fonts:\n  body: {bold: Sym.ttf}\n", map[string][]byte{"Sym.ttf": symbolFont(t, "DWTestSymbols.ttf")}, `font family "body" has no regular style`},
		{"unknown fallback", "fallback: [symbls]\nfonts: {symbols: Sym.ttf}\n", map[string][]byte{"Sym.ttf": symbolFont(t, "DWTestSymbols.ttf")}, `project/templates/shared.yaml:1: error[DW3004]: fallback names font family "symbls"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, msgs := toySetWithFonts(t, tc.shared, tc.files)
			require.NotEmpty(t, msgs)
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
	// A zone naming a project family is fine; a misspelt one gets a hint.
	set, msgs := toySetWithFonts(t, "fonts: {symbols: Sym.ttf}\n", map[string][]byte{"Sym.ttf": symbolFont(t, "DWTestSymbols.ttf"),
		"red.yaml": []byte(strings.Replace(toyRed, `text: "{{text}}"`, `text: "{{text}}", font: symbol`, 1))})
	require.NotNil(t, set)
	assert.Contains(t, strings.Join(msgs, "\n"), `unknown font "symbol"`)
	assert.Contains(t, strings.Join(msgs, "\n"), `did you mean "symbols"?`)
}

func TestProjectFontsPrintInTheSameBytesEveryTime(t *testing.T) {
	shared := "fonts: {symbols: Sym.ttf}\nfallback: [symbols]\n"
	files := map[string][]byte{"Sym.ttf": symbolFont(t, "DWTestSymbols.ttf")}
	rows := []toyRow{{"id": "sun", "name": "Sun", "deck": "red", "text": "☀ ★ 日本"}}
	set, _ := toySetWithFonts(t, shared, files)
	first, _, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), DefaultOptions())
	set2, _ := toySetWithFonts(t, shared, files)
	again, _, _ := exportToy(t, set2, toyTables(map[string][]toyRow{"cards": rows}), DefaultOptions())
	assert.True(t, bytes.Equal(first, again))
}

// Characters with nothing to print — zero-width space and joiners, a word
// joiner, a byte order mark, a variation selector, as pasted text carries
// them — are dropped where no font has them: neither a "?" on the card nor
// a warning that something cannot print. A soft hyphen is dropped too.
func TestInvisibleCharactersPrintAsNothing(t *testing.T) {
	set := toySet(t, nil)
	tests := []struct {
		text string
		want []string // the words on the card, and no "?"
	}{
		{"Zero\u200bwidth", []string{"Zerowidth"}},
		{"Join\u200ded \u200cnon\u2060joined", []string{"Joined", "nonjoined"}},
		{"\ufeffMarked\u200e \u200fboth", []string{"Marked", "both"}},
		{"Star\ufe0f selected", []string{"Star", "selected"}},
		// A soft hyphen, which the fonts have, shows only at a line break.
		{"soft\u00adhyphen", []string{"softhyphen"}},
	}
	for _, tc := range tests {
		t.Run(tc.want[0], func(t *testing.T) {
			rows := []toyRow{{"id": "paste", "name": "Paste", "deck": "red", "text": tc.text}}
			opt := testOptions()
			opt.Duplex = DuplexNone
			pdf, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), opt)
			assert.Zero(t, l.Len(), "nothing that cannot print: %v", l.Items())
			var got []string
			for _, w := range words(t, pdf, 1) {
				got = append(got, w.text)
			}
			for _, w := range tc.want {
				assert.Contains(t, got, w)
			}
			assert.NotContains(t, strings.Join(got, " "), "?")
		})
	}
}
