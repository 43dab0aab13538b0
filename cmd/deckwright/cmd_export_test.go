package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/templates"
)

// exportFixtureTables builds Fortune and Glory engine tables by hand, as the
// compiler would write them, so these tests do not depend on the bundled
// content: two Dangers (one twice), an enemy, a reference enemy with
// Count 0, and the rules the summary cards print.
func exportFixtureTables(t *testing.T, edit func(map[string][]map[string]any)) []byte {
	t.Helper()
	sheets := map[string][]map[string]any{
		"keywords": {
			{"id": "danger", "name": "Danger"},
			{"id": "trap", "name": "Trap", "icon": "trap"},
			{"id": "beast", "name": "Beast", "icon": "beast"},
		},
		"dangers": {
			{"id": "ancient-trap", "name": "Ancient Trap", "count": 2, "keywords": []string{"danger", "trap"}, "test": "Lore 4+ x3", "glory": 2,
				"text": "Take 1 {wound} and gain 1 {glory}.", "cliffhanger": "Spiked Pit", "cliffhanger_test": "Agility 5+ x2", "cliffhanger_glory": 3,
				"cliffhanger_text": "Climb out.", "flavor": "Step only on the tiles whose legends you know."},
			{"id": "rope-bridge", "name": "Rope Bridge", "count": 1, "keywords": []string{"danger"}, "test": "Agility 3+ x4", "glory": 1,
				"cliffhanger": "The Ropes Snap", "cliffhanger_test": "Combat 5+ x2"},
		},
		"enemies": {
			{"id": "jungle-cat", "name": "Jungle Cat", "count": 1, "deck": "enemies", "keywords": []string{"beast"}, "glory": 2, "fight_dice": 3, "wounds": 2, "escape": "Agility 5+ x2"},
			{"id": "nazi-soldiers", "name": "Nazi Soldiers", "count": 0, "deck": "reference", "glory": 2, "fight_dice": 3, "wounds": 3},
		},
		"rules": {
			{"id": "flight-major", "name": "Flight", "value": 2}, {"id": "flight-minor", "name": "Flight", "value": 3},
			{"id": "event-on", "name": "Event", "value": 4}, {"id": "gear-cost", "name": "Gear", "value": 5},
			{"id": "heal-cost", "name": "Heal", "value": 1}, {"id": "fortune-to-win", "name": "Win", "value": 15},
			{"id": "hit-on", "name": "Hit", "value": 4},
		},
	}
	if edit != nil {
		edit(sheets)
	}
	tb := &table.Tables{Game: fng.GameID, Layers: []table.Layer{{ID: "fng-base", Name: "Base", File: "base.xlsx"}}}
	for _, sh := range fng.Schema.Sheets {
		key := sh.Key()
		cols := map[string]string{}
		var keys []string
		for i, c := range table.AllColumns(&sh) {
			cols[c.Key()] = diag.ColumnName(i + 1)
			keys = append(keys, c.Key())
		}
		tab := &table.Table{Key: key, Name: sh.Name, Columns: keys, Sources: []*table.Source{{File: "base.xlsx", Sheet: sh.Name, Layer: "fng-base", Columns: cols}}}
		for i, r := range sheets[key] {
			row := &table.Row{ID: r["id"].(string), Cells: map[string]any{}, Src: table.RowSrc{Row: i + 2}}
			for k, v := range r {
				if k != "id" {
					row.Cells[k] = v
				}
			}
			tab.Rows = append(tab.Rows, row)
		}
		tab.Bind()
		tb.Sheets = append(tb.Sheets, tab)
	}
	data, err := tb.Encode()
	require.NoError(t, err)
	return data
}

// exportProject writes the fixture tables (and template files) into a folder.
func exportProject(t *testing.T, tables []byte, tpl map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tables.json"), tables, 0o644))
	if len(tpl) > 0 {
		require.NoError(t, os.Mkdir(filepath.Join(dir, "templates"), 0o755))
		for name, body := range tpl {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "templates", name), []byte(body), 0o644))
		}
	}
	return dir
}

func runExportCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

var pdfPageObj = regexp.MustCompile(`/Type /Page\n`)

func pdfPageCount(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(data, []byte("%PDF-")), "%s is a PDF", path)
	return len(pdfPageObj.FindAll(data, -1))
}

func TestExportPDFFromEngineTables(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	out := filepath.Join(dir, "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "-o", out)
	require.Equal(t, exitOK, code, stderr)
	// Dangers (3 cards), Enemies (1), Enemy Reference (1, though Count 0),
	// Summary (8): a page of fronts and a page of backs each.
	assert.Equal(t, 8, pdfPageCount(t, out))
	assert.Contains(t, stderr, "wrote "+out+": 8 pages, 13 cards, fronts and backs for long-edge duplex")
	st, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 2)
}

func TestExportFlags(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	tests := []struct {
		name  string
		args  []string
		pages int
		extra string // another file written
	}{
		{"one deck", []string{"--deck", "dangers"}, 2, ""},
		{"two decks", []string{"--deck", "dangers", "--deck", "Enemy Reference"}, 4, ""},
		{"decks with a comma", []string{"--deck", "dangers,enemies"}, 4, ""},
		{"cards by ID", []string{"--cards", "rope-bridge,nazi-soldiers"}, 4, ""},
		{"fronts only", []string{"--duplex", "none", "--deck", "dangers"}, 1, ""},
		{"short edge", []string{"--duplex", "short", "--deck", "dangers"}, 2, ""},
		{"one each", []string{"--one-each", "--deck", "summary"}, 2, ""},
		{"single cards for a print shop", []string{"--layout", "single", "--deck", "dangers"}, 6, ""},
		{"bleed on sheets", []string{"--bleed", "3", "--deck", "summary"}, 4, ""},
		{"backs in their own file", []string{"--backs", "separate", "--deck", "dangers"}, 1, "out-backs.pdf"},
		{"proofs", []string{"--proof", "--deck", "dangers"}, 2, ""},
		{"letter, bridge, gutters, offset", []string{"--page", "letter", "--size", "bridge", "--gutter", "2", "--margin", "8", "--back-offset", "0.5,-0.5"}, 10, ""},
		{"layer", []string{"--layer", "fng-base", "--deck", "enemies"}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.pdf")
			code, _, stderr := runExportCLI(append([]string{"export", "pdf", in, "-o", out, "-q"}, tc.args...)...)
			require.Equal(t, exitOK, code, stderr)
			assert.Equal(t, tc.pages, pdfPageCount(t, out))
			if tc.extra != "" {
				assert.Equal(t, tc.pages, pdfPageCount(t, filepath.Join(filepath.Dir(out), tc.extra)))
			}
		})
	}
}

func TestExportUsageErrors(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	out := filepath.Join(dir, "x.pdf")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"size", []string{"--size", "huge"}, "--size: unknown size"},
		{"page", []string{"--page", "a3"}, "--page: unknown page size"},
		{"duplex", []string{"--duplex", "sideways"}, "--duplex must be long, short or none"},
		{"backs", []string{"--backs", "both"}, "--backs takes one value, separate"},
		{"backs to stdout", []string{"--backs", "separate", "-o", "-"}, "--backs separate needs a file name"},
		{"backs without duplex", []string{"--backs", "separate", "--duplex", "none"}, "contradict"},
		{"offset", []string{"--back-offset", "1"}, "--back-offset: offset \"1\" is not X,Y"},
		{"layout", []string{"--layout", "grid"}, "--layout must be sheets or single"},
		{"proof and single", []string{"--proof", "--layout", "single"}, "choose one"},
		{"bleed", []string{"--bleed=-1"}, "--bleed must be from 0 to 20 mm"},
		{"bleed not a number", []string{"--bleed", "lots"}, "invalid argument"},
		{"deck", []string{"--deck", "danger"}, `no deck is called "danger": did you mean "dangers"?`},
		{"card", []string{"--cards", "ancient-trapp"}, `no card has the ID "ancient-trapp" (did you mean "ancient-trap"?)`},
		{"layer", []string{"--layer", "arctic"}, `no layer "arctic"`},
		{"card too large", []string{"--size", "300x300"}, "does not fit on a 210×297 mm page"},
		{"output folder missing", []string{"-o", filepath.Join(dir, "no", "such", "x.pdf")}, "cannot write"},
		{"output is a folder", []string{"-o", dir}, "is a folder"},
		{"templates not a folder", []string{"--templates", in}, "is not a folder"},
		{"unknown flag", []string{"--colour", "red"}, "unknown flag: --colour"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"export", "pdf", in, "-o", out}, tc.args...)
			code, _, stderr := runExportCLI(args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			_, err := os.Stat(out)
			assert.True(t, os.IsNotExist(err), "nothing is written")
		})
	}
	code, _, stderr := runExportCLI("export", "pdf", filepath.Join(dir, "missing.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "cannot read")
	code, _, stderr = runExportCLI("export")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "deckwright export pdf")
}

func TestExportBadTemplateIsAContentErrorAtItsLine(t *testing.T) {
	bad := "name: dangers\nsheet: Dangers\nsize: poker\nfront:\n  zones:\n    - {type: text, at: [4, 4, 50, 8], text: \"{{nmae}}\"}\n"
	dir := exportProject(t, exportFixtureTables(t, nil), map[string]string{"dangers.yaml": bad})
	out := filepath.Join(dir, "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "-o", out)
	assert.Equal(t, exitContent, code, stderr)
	assert.Contains(t, stderr, filepath.ToSlash(filepath.Join(dir, "templates", "dangers.yaml"))+":6: error[DW3003]: sheet Dangers has no column \"nmae\"")
	assert.Contains(t, stderr, `hint: did you mean "name"?`)
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "nothing is written")

	code, stdout, _ := runExportCLI("templates", "check", dir)
	assert.Equal(t, exitContent, code)
	assert.Contains(t, stdout, "dangers.yaml:6: error[DW3003]")
}

func TestExportTextThatDoesNotFit(t *testing.T) {
	tables := exportFixtureTables(t, func(s map[string][]map[string]any) {
		s["dangers"][1]["text"] = strings.Repeat("The planks groan and the ropes fray as you edge across the gorge. ", 20)
	})
	dir := exportProject(t, tables, nil)
	out := filepath.Join(dir, "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "-o", out, "--deck", "dangers")
	assert.Equal(t, exitContent, code, "text that does not fit is an error")
	assert.Contains(t, stderr, `base.xlsx:Dangers!J3: error[DW3101]: text of "rope-bridge" does not fit the text even at 6 pt`)
	assert.Equal(t, 2, pdfPageCount(t, out), "the PDF is still written, so the problem can be seen")

	code, stdout, _ := runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "-o", out, "--deck", "dangers", "--format", "json")
	assert.Equal(t, exitContent, code)
	assert.Empty(t, stdout, "diagnostics go to standard error")
}

func TestExportIsReproducible(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	var got [][]byte
	for i := 0; i < 2; i++ {
		code, stdout, stderr := runExportCLI("export", "pdf", in, "-o", "-", "-q")
		require.Equal(t, exitOK, code, stderr)
		got = append(got, []byte(stdout))
	}
	assert.True(t, bytes.HasPrefix(got[0], []byte("%PDF-")))
	assert.Equal(t, got[0], got[1], "the same tables and options give the same bytes")
}

func TestTemplatesCommands(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runExportCLI("templates", "init", dir)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "to "+filepath.Join(dir, "templates"))
	_, err := os.Stat(filepath.Join(dir, "templates", "dangers.yaml"))
	require.NoError(t, err)

	code, _, stderr = runExportCLI("templates", "init", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "already exists (use --force")
	code, _, _ = runExportCLI("templates", "init", filepath.Join(dir, "templates"), "--force")
	assert.Equal(t, exitOK, code)

	code, stdout, _ = runExportCLI("templates", "check", dir)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "ok: 18 templates\n", stdout)

	// An override is picked up by name.
	body, err := os.ReadFile(filepath.Join(dir, "templates", "gear.yaml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "templates", "gear.yaml"), bytes.Replace(body, []byte("size: poker"), []byte("size: tarot"), 1), 0o644))
	code, stdout, _ = runExportCLI("templates", "list", dir)
	assert.Equal(t, exitOK, code)
	assert.Regexp(t, `(?m)^gear\s+gear\s+tarot 70×120 mm\s+yes\s+`+regexp.QuoteMeta(filepath.ToSlash(filepath.Join(dir, "templates", "gear.yaml")))+`$`, stdout)
	assert.Regexp(t, `(?m)^dangers\s+dangers\s+poker`, stdout)

	code, _, stderr = runExportCLI("templates", "list", filepath.Join(dir, "nowhere"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "is not a folder")
	code, _, _ = runExportCLI("templates")
	assert.Equal(t, exitUsage, code)
}

func TestExportCommandsHaveHelpWithExamples(t *testing.T) {
	for _, args := range [][]string{{"export"}, {"export", "pdf"}, {"templates"}, {"templates", "init"}, {"templates", "list"}, {"templates", "check"}} {
		code, stdout, _ := runExportCLI(append(args, "--help")...)
		assert.Equal(t, exitOK, code)
		assert.Contains(t, stdout, "Examples:", strings.Join(args, " "))
	}
}

// TestExportBundledSet exports every bundled card with no flags: the
// whole set, ready to print, with no diagnostic (every card's text fits,
// every deck has a template). With poppler installed it also renders the
// first page and checks that every card's title band holds a title.
func TestExportBundledSet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", "-o", out)
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, stderr, "warning")
	assert.NotContains(t, stderr, "error")
	n := pdfPageCount(t, out)
	assert.Greater(t, n, 40)
	assert.Zero(t, n%2, "every page of fronts has its page of backs")

	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm is not installed (apt-get install poppler-utils): visual check skipped")
	}
	png1 := filepath.Join(t.TempDir(), "page")
	msg, err := exec.Command("pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", "-singlefile", out, png1).CombinedOutput()
	require.NoError(t, err, "%s", msg)
	f, err := os.Open(png1 + ".png")
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	g, err := export.NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
	require.NoError(t, err)
	px := func(mm float64) int { return int(mm * 100 / 25.4) }
	for i := 0; i < g.PerPage(); i++ {
		r := g.Trim(i)
		// The title is white on the deck's band: count light pixels.
		light := 0
		for y := px(r.Y + 3); y < px(r.Y+11); y++ {
			for x := px(r.X + 4); x < px(r.X+59.5); x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				if cr>>8 > 200 && cg>>8 > 200 && cb>>8 > 200 {
					light++
				}
			}
		}
		assert.Greater(t, light, 30, "card %d of page 1 has a title", i+1)
	}
}

// BenchmarkExportBundledSet exports every card of each bundled set, fronts
// and backs (templates loaded and checked, every page laid out and
// written); the target is under 3 s.
func BenchmarkExportBundledSet(b *testing.B) {
	for _, game := range []string{"fortune-and-glory", "fallen-land"} {
		b.Run(game, func(b *testing.B) {
			bd, err := project.Load(nil, project.Options{Game: game})
			require.NoError(b, err)
			require.NotNil(b, bd.Tables)
			var st *export.Stats
			for b.Loop() {
				set, l := templates.Load(bd.Module.Schema())
				require.Zero(b, l.Errors())
				st, _, err = export.Export(set, bd.Tables, export.Output{Fronts: io.Discard}, export.DefaultOptions())
				require.NoError(b, err)
			}
			b.ReportMetric(float64(st.Cards), "cards")
			b.ReportMetric(float64(st.Pages), "pages")
		})
	}
}

// BenchmarkImagesBundledSet renders every card of each bundled set as PNG
// at 300 dpi (one image per face of each distinct card), encoding them as
// 'export png' does, and then the Tabletop Simulator sheets.
func BenchmarkImagesBundledSet(b *testing.B) {
	for _, game := range []string{"fortune-and-glory", "fallen-land"} {
		bd, err := project.Load(nil, project.Options{Game: game})
		require.NoError(b, err)
		set, l := templates.Load(bd.Module.Schema())
		require.Zero(b, l.Errors())
		b.Run("png/"+game, func(b *testing.B) {
			var st *export.Stats
			for b.Loop() {
				st, _, err = export.Images(set, bd.Tables, export.DefaultOptions(), export.DefaultDPI, func(f export.Face) error {
					var buf bytes.Buffer
					return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, f.Image)
				})
				require.NoError(b, err)
			}
			b.ReportMetric(float64(st.Faces), "images")
		})
		b.Run("tts/"+game, func(b *testing.B) {
			for b.Loop() {
				_, _, err = export.TTS(set, bd.Tables, export.DefaultOptions(), export.TTSOptions{URL: "file:///x/"}, func(f export.TTSFile) error {
					if f.Image == nil {
						return nil
					}
					var buf bytes.Buffer
					return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, f.Image)
				})
				require.NoError(b, err)
			}
		})
	}
}

// BenchmarkExportBundledEndToEnd adds reading and compiling the bundled
// workbook: what `deckwright export pdf` does.
func BenchmarkExportBundledEndToEnd(b *testing.B) {
	out := filepath.Join(b.TempDir(), "cards.pdf")
	for b.Loop() {
		if code, _, stderr := runExportCLI("export", "pdf", "-o", out, "-q"); code != exitOK {
			b.Fatal(stderr)
		}
	}
}

func TestExportSingleLayoutHasBleedForPrintShops(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	for _, tc := range []struct {
		args     []string
		w, h     string // page size in points
		trimLeft string
	}{
		{nil, "197.01", "269.01", "8.50"},                      // 63.5+6 × 88.9+6 mm
		{[]string{"--bleed", "0"}, "180.00", "252.00", "0.00"}, // trim size
		{[]string{"--size", "tarot", "--bleed", "2"}, "209.76", "351.50", "5.67"},
	} {
		out := filepath.Join(t.TempDir(), "shop.pdf")
		code, _, stderr := runExportCLI(append([]string{"export", "pdf", in, "-o", out, "--layout", "single", "--deck", "dangers", "-q"}, tc.args...)...)
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Equal(t, 6, bytes.Count(data, []byte("/MediaBox [0 0 "+tc.w+" "+tc.h+"]")), "%v", tc.args)
		assert.Equal(t, 6, bytes.Count(data, []byte("/TrimBox ["+tc.trimLeft+" "+tc.trimLeft+" ")), "%v", tc.args)
		assert.Equal(t, 6, bytes.Count(data, []byte("/BleedBox [0.00 0.00 "+tc.w+" "+tc.h+"]")), "%v", tc.args)
	}
}

func TestProgressPrinter(t *testing.T) {
	var b bytes.Buffer
	p := exportProgress(&b, "card faces")
	p(1, 400)
	p(2, 400) // the same percentage: nothing new
	p(200, 400)
	assert.Equal(t, "\rexporting: 1/400 card faces (0%)\rexporting: 200/400 card faces (50%)", b.String())
	assert.False(t, isTerminal(&b))
}

// TestValidateLaysOutTheCards: validate reports what the cards would print
// badly, each at its cell, with the project's own templates.
func TestValidateLaysOutTheCards(t *testing.T) {
	// A designer's project: a picture that is not there, and a text too long
	// for the card, are problems validate reports at their cells.
	dir := newProject(t, "art")
	base := filepath.Join(dir, "fng-base.xlsx")
	art := editRow(t, base, "Dangers", "boat-chase-falls", map[string]any{"Art": "art/missing.png"})
	text := editRow(t, base, "Dangers", "ancient-puzzle", map[string]any{"Text": strings.Repeat("The planks groan and the ropes fray as you edge across the gorge. ", 20)})
	require.NoError(t, os.Mkdir(filepath.Join(dir, "templates"), 0o755))
	dangers := `name: dangers
sheet: Dangers
size: poker
front:
  zones:
    - {type: text, name: title, at: [4, 3, 55.5, 8], text: "{{name}}", size: 12, min: 7, lines: 1}
    - {type: image, at: [4, 12, 55.5, 30], field: art}
    - {type: text, name: text, at: [5, 45, 53.5, 20], text: "{{text}}", size: 8, min: 6}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "templates", "dangers.yaml"), []byte(dangers), 0o644))
	code, stdout, _ := runExportCLI("validate", dir)
	assert.Equal(t, exitContent, code)
	// The path is relative to the workbook's folder, wherever validate runs.
	assert.Contains(t, stdout, "fng-base.xlsx:Dangers!"+art["Art"]+": error[DW3108]: card \"boat-chase-falls\": no file "+filepath.Join(dir, "art", "missing.png")+"\n")
	assert.Contains(t, stdout, "fng-base.xlsx:Dangers!"+text["Text"]+": error[DW3101]: text of \"ancient-puzzle\" does not fit the text even at 6 pt")

	// Fixed (the picture put where the cell says, beside the workbook, not
	// where validate runs), the same project validates clean.
	var pic bytes.Buffer
	require.NoError(t, png.Encode(&pic, image.NewGray(image.Rect(0, 0, 30, 20))))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "art"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "art", "missing.png"), pic.Bytes(), 0o644))
	editRow(t, base, "Dangers", "ancient-puzzle", map[string]any{"Text": "Solve it or fall."})
	code, stdout, _ = runExportCLI("validate", dir)
	assert.Equal(t, exitOK, code, stdout)
	assert.NotContains(t, stdout, "DW31", stdout)
}

func pngSize(t *testing.T, path string) (int, int) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	require.NoError(t, err)
	return cfg.Width, cfg.Height
}

func TestExportPNG(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	tests := []struct {
		name string
		args []string
		w, h int
	}{
		{"300 dpi", nil, 750, 1050},
		{"--bleed alone is 3 mm", []string{"--bleed"}, 821, 1121},
		{"The Game Crafter", []string{"--bleed=3.175"}, 825, 1125},
		{"100 dpi", []string{"--dpi", "100"}, 250, 350},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "cards")
			code, _, stderr := runExportCLI(append([]string{"export", "png", in, "-o", out, "--deck", "dangers"}, tc.args...)...)
			require.Equal(t, exitOK, code, stderr)
			entries, err := os.ReadDir(out)
			require.NoError(t, err)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			assert.Equal(t, []string{"ancient-trap-back.png", "ancient-trap-front.png", "rope-bridge-back.png", "rope-bridge-front.png"}, names,
				"one image per face of each card, whatever its Count")
			w, h := pngSize(t, filepath.Join(out, "ancient-trap-front.png"))
			assert.Equal(t, [2]int{tc.w, tc.h}, [2]int{w, h})
			// The file says its resolution (pHYs, pixels a metre): 300 dpi
			// is 11811, 100 dpi 3937.
			data, err := os.ReadFile(filepath.Join(out, "ancient-trap-front.png"))
			require.NoError(t, err)
			require.Equal(t, "pHYs", string(data[37:41]))
			assert.Equal(t, map[int]uint32{750: 11811, 821: 11811, 825: 11811, 250: 3937}[tc.w], uint32(data[41])<<24|uint32(data[42])<<16|uint32(data[43])<<8|uint32(data[44]))
			assert.Contains(t, stderr, "wrote 4 PNG images of 2 cards to "+out)
		})
	}
	code, _, stderr := runExportCLI("export", "png", in)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "name the folder to write to: -o DIR")
	code, _, stderr = runExportCLI("export", "png", in, "-o", in)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "is a file: name a folder")
	code, _, stderr = runExportCLI("export", "png", in, "-o", t.TempDir(), "--dpi", "20")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--dpi must be from 50 to 1200, not 20")
}

func TestExportTTS(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	out := filepath.Join(t.TempDir(), "tts")
	code, _, stderr := runExportCLI("export", "tts", filepath.Join(dir, "tables.json"), "-o", out)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(filepath.Join(out, "dangers.json"))
	require.NoError(t, err)
	var s struct {
		ObjectStates []struct {
			DeckIDs    []int
			CustomDeck map[string]struct{ FaceURL, BackURL string }
		}
	}
	require.NoError(t, json.Unmarshal(data, &s))
	require.Len(t, s.ObjectStates, 1)
	assert.Len(t, s.ObjectStates[0].DeckIDs, 3, "Ancient Trap twice, Rope Bridge once")
	abs, err := filepath.Abs(out)
	require.NoError(t, err)
	cd := s.ObjectStates[0].CustomDeck["1"]
	assert.Equal(t, "file://"+filepath.ToSlash(abs)+"/dangers-1.png", cd.FaceURL)
	assert.Equal(t, "file://"+filepath.ToSlash(abs)+"/dangers-backs-1.png", cd.BackURL, "Danger/Cliffhanger cards have their own backs")
	for _, f := range []string{"dangers-1.png", "dangers-backs-1.png", "fortune-and-glory.json"} {
		_, err := os.Stat(filepath.Join(out, f))
		assert.NoError(t, err, f)
	}
	code, _, stderr = runExportCLI("export", "tts", filepath.Join(dir, "tables.json"), "-o", t.TempDir(), "--url", "https://example.org/cards", "--deck", "dangers")
	require.Equal(t, exitOK, code, stderr)
}

func TestExportCalibrationSheet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "calibrate.pdf")
	code, _, stderr := runExportCLI("export", "pdf", "--calibrate", "--page", "letter", "--back-offset", "0.5,-1", "-o", out)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, 2, pdfPageCount(t, out))
	assert.Contains(t, stderr, "the duplex calibration sheet (letter, long-edge duplex, --back-offset 0.5,-1)")
	code, _, stderr = runExportCLI("export", "pdf", "--calibrate", "--duplex", "none", "-o", out)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "needs --duplex long or short")
}

// What the calibration sheet does not read is refused, not ignored.
func TestExportCalibrationRefusesCardFlags(t *testing.T) {
	reads := " (it reads only --page, --duplex, --back-offset and -o)\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--deck", "gear"}, "deckwright: --calibrate prints the duplex calibration sheet, not cards: --deck does nothing with it" + reads},
		{[]string{"--layout", "sheets"}, "deckwright: --calibrate prints the duplex calibration sheet, not cards: --layout does nothing with it" + reads},
		{[]string{"--no-crop-marks"}, "deckwright: --calibrate prints the duplex calibration sheet, not cards: --no-crop-marks does nothing with it" + reads},
		{[]string{"my-project"}, "deckwright: --calibrate prints the duplex calibration sheet, not content: leave out my-project" + reads},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "calibrate.pdf")
			code, _, stderr := runExportCLI(append([]string{"export", "pdf", "--calibrate", "-o", out}, tc.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Equal(t, tc.want, stderr)
			assert.NoFileExists(t, out)
		})
	}
}

func TestExportSplitsIntoNumberedFiles(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	out := filepath.Join(dir, "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "--deck", "dangers", "--max-cards", "2", "-o", out)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "writing "+filepath.Join(dir, "cards-1.pdf")+" … "+filepath.Join(dir, "cards-2.pdf"))
	assert.Equal(t, 2, pdfPageCount(t, filepath.Join(dir, "cards-1.pdf")))
	assert.Equal(t, 2, pdfPageCount(t, filepath.Join(dir, "cards-2.pdf")))
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "no unnumbered file")
	code, _, stderr = runExportCLI("export", "pdf", filepath.Join(dir, "tables.json"), "--deck", "dangers", "--max-cards", "2", "-o", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "the export has 3 cards, more than one PDF holds (2)")
}

// TestPartNamesListInPrintOrder: the numbered files of a split export
// sort by name in the order they print, whatever their number.
func TestPartNamesListInPrintOrder(t *testing.T) {
	for _, tc := range []struct {
		total      int
		first, end string
	}{
		{2, "cards-1.pdf", "cards-2.pdf"},
		{9, "cards-1.pdf", "cards-9.pdf"},
		{10, "cards-01.pdf", "cards-10.pdf"},
		{372, "cards-001.pdf", "cards-372.pdf"},
	} {
		var names []string
		for n := 1; n <= tc.total; n++ {
			names = append(names, partName("cards.pdf", n, tc.total))
		}
		assert.Equal(t, tc.first, names[0])
		assert.Equal(t, tc.end, names[tc.total-1])
		assert.True(t, sort.StringsAreSorted(names), "%d parts list in print order: %v", tc.total, names)
	}
}

func TestExportPack(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	out := filepath.Join(dir, "cards.pdf")
	code, _, stderr := runExportCLI("export", "pdf", in, "-o", out, "--duplex", "none")
	require.Equal(t, exitOK, code, stderr)
	unpacked := pdfPageCount(t, out)
	code, _, stderr = runExportCLI("export", "pdf", in, "-o", out, "--duplex", "none", "--pack")
	require.Equal(t, exitOK, code, stderr)
	// Dangers (3), Enemies (1), Enemy Reference (1), Summary (8): 13 poker
	// cards on two sheets, not four.
	assert.Equal(t, 4, unpacked)
	assert.Equal(t, 2, pdfPageCount(t, out))
}

func TestExportNeverReplacesWhatIsNotAFile(t *testing.T) {
	dir := exportProject(t, exportFixtureTables(t, nil), nil)
	in := filepath.Join(dir, "tables.json")
	keep := filepath.Join(dir, "keep.pdf")
	require.NoError(t, os.WriteFile(keep, []byte("the old PDF"), 0o644))
	link := filepath.Join(dir, "link.pdf")
	require.NoError(t, os.Symlink(keep, link))
	code, _, stderr := runExportCLI("export", "pdf", in, "-o", link, "--deck", "dangers")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "refusing to replace "+link+": it is a symbolic link")
	data, err := os.ReadFile(keep)
	require.NoError(t, err)
	assert.Equal(t, "the old PDF", string(data), "the link's target is untouched")
	if _, err := os.Stat("/dev/null"); err == nil {
		code, _, stderr = runExportCLI("export", "pdf", in, "-o", "/dev/null", "--deck", "dangers")
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, "refusing to replace /dev/null: it is a device")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		assert.False(t, strings.HasSuffix(e.Name(), ".tmp"), "no temporary file left: %s", e.Name())
	}
}
