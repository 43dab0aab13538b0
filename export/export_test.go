package export

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

func testOptions() Options {
	o := DefaultOptions()
	o.uncompressed = true
	return o
}

func TestExportPagesAndSizes(t *testing.T) {
	set := toySet(t, nil)
	tests := []struct {
		name      string
		cards     int
		opt       func(*Options)
		pages     int
		backPages int
		mediaBox  string // the document's page size, in points
	}{
		{"9 cards fill one A4 sheet, then its backs", 9, nil, 2, 1, "[0 0 595.28 841.89]"},
		{"10 cards take two sheets", 10, nil, 4, 2, "[0 0 595.28 841.89]"},
		{"Letter holds 3×3 too", 9, func(o *Options) { o.Page = Pages[1] }, 2, 1, "[0 0 612.00 792.00]"},
		{"fronts only", 10, func(o *Options) { o.Duplex = DuplexNone }, 2, 0, "[0 0 595.28 841.89]"},
		{"bleed: 6 poker cards to an A4 page", 7, func(o *Options) { o.Bleed = 3 }, 4, 2, "[0 0 595.28 841.89]"},
		{"mini cards: 16 to a page", 16, func(o *Options) { sz, _ := templates.ParseSize("mini"); o.CardSize = &sz }, 2, 1, "[0 0 595.28 841.89]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions()
			if tc.opt != nil {
				tc.opt(&opt)
			}
			pdf, l, st := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(tc.cards)}), opt)
			assert.Zero(t, l.Errors(), "%v", l.Items())
			assert.Equal(t, tc.pages, pageCount(pdf))
			assert.Equal(t, tc.pages, st.Pages)
			assert.Equal(t, tc.backPages, st.BackPages)
			assert.Equal(t, tc.cards, st.Cards)
			assert.Contains(t, string(pdf), "/MediaBox "+tc.mediaBox)
		})
	}
}

func TestExportCountsCopies(t *testing.T) {
	set := toySet(t, nil)
	rows := []toyRow{
		{"id": "three", "name": "Three", "deck": "red", "count": 3},
		{"id": "none", "name": "None", "deck": "red", "count": 0},
		{"id": "one", "name": "One", "deck": "blue"},
	}
	tb := toyTables(map[string][]toyRow{"cards": rows})
	tests := []struct {
		name  string
		opt   func(*Options)
		cards map[string]int
	}{
		{"Count copies; Count 0 prints none", nil, map[string]int{"three": 3, "one": 1}},
		{"one each", func(o *Options) { o.OneEach = true }, map[string]int{"three": 1, "one": 1}},
		{"a deck", func(o *Options) { o.Decks = []string{"Blue"} }, map[string]int{"one": 1}},
		{"named cards, a Count 0 one prints once", func(o *Options) { o.Cards = []string{"none", "three"} }, map[string]int{"three": 3, "none": 1}},
		{"proof: one of each, Count 0 too", func(o *Options) { o.Layout = LayoutProof }, map[string]int{"three": 1, "none": 1, "one": 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions()
			if tc.opt != nil {
				tc.opt(&opt)
			}
			items, err := Select(set, tb, opt)
			require.NoError(t, err)
			got := map[string]int{}
			for _, it := range items {
				got[it.ID()] += it.Copies
			}
			assert.Equal(t, tc.cards, got)
		})
	}
}

func TestSelectionErrors(t *testing.T) {
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{"cards": toyCards(3)})
	tests := []struct {
		name string
		opt  func(*Options)
		want string
	}{
		{"unknown deck, close to one", func(o *Options) { o.Decks = []string{"redd"} }, `no deck is called "redd": did you mean "red"?`},
		{"unknown deck", func(o *Options) { o.Decks = []string{"zzz"} }, "decks: red, blue"},
		{"unknown card", func(o *Options) { o.Cards = []string{"card-9"} }, `no card has the ID "card-9"`},
		{"unknown layer", func(o *Options) { o.Layer = "arctic" }, `no layer "arctic" (layers: base, exp)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions()
			tc.opt(&opt)
			_, _, err := Export(set, tb, Output{Fronts: &bytes.Buffer{}}, opt)
			var ue *UsageError
			require.ErrorAs(t, err, &ue)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestLayerPrintsOnlyItsRows(t *testing.T) {
	set := toySet(t, nil)
	rows := toyCards(4)
	rows[1]["_layer"] = "exp"
	rows[3]["_layer"] = "exp"
	opt := testOptions()
	opt.Layer = "Expansion"
	items, err := Select(set, toyTables(map[string][]toyRow{"cards": rows}), opt)
	require.NoError(t, err)
	var ids []string
	for _, it := range items {
		ids = append(ids, it.ID())
	}
	assert.Equal(t, []string{"card-2", "card-4"}, ids)
}

// contentOf returns the content stream of page n (1-based) of an
// uncompressed gofpdf document.
func contentOf(t *testing.T, pdf []byte, n int) string {
	t.Helper()
	streams := regexp.MustCompile(`(?s)<</Length \d+>>\nstream\n(.*?)endstream`).FindAllSubmatch(pdf, -1)
	require.Greater(t, len(streams), n-1, "page %d", n)
	return string(streams[n-1][1])
}

func TestCropMarksAreDrawnAtTheCutLines(t *testing.T) {
	set := toySet(t, nil)
	pdf, _, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(9)}), testOptions())
	page := contentOf(t, pdf, 1)
	g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
	require.NoError(t, err)
	marks := g.CropMarks()
	require.Len(t, marks, 16)
	for _, m := range marks {
		// A line is "x1 y1 m x2 y2 l S" in points, y up from the bottom.
		op := fmt.Sprintf("%s %s m %s %s l S", pt(m.X1), pt(297-m.Y1), pt(m.X2), pt(297-m.Y2))
		assert.Contains(t, page, op)
	}
	// The first vertical cut is 9.75 mm from the left edge.
	assert.Contains(t, page, fmt.Sprintf("%s %s m", pt(9.75), pt(297-(15.15-6))))
	// The back page has no crop marks: they would print mirrored.
	assert.NotContains(t, contentOf(t, pdf, 2), fmt.Sprintf("%s %s m %s", pt(9.75), pt(297-(15.15-6)), pt(9.75)))

	opt := testOptions()
	opt.CropMarks = false
	pdf, _, _ = exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(9)}), opt)
	assert.NotContains(t, contentOf(t, pdf, 1), fmt.Sprintf("%s %s m %s", pt(9.75), pt(297-(15.15-6)), pt(9.75)))
}

func TestBacksLandBehindFrontsInTheDocument(t *testing.T) {
	set := toySet(t, nil)
	for _, tc := range []struct {
		page    Page
		duplex  Duplex
		acrossY bool // the sheet turns top to bottom: backs mirrored top to bottom and turned
	}{
		{Page{"a4", 210, 297}, DuplexLong, false},
		{Page{"a4", 210, 297}, DuplexShort, true},
		// A landscape sheet's long edge is its top.
		{Page{"297x210", 297, 210}, DuplexLong, true},
		{Page{"297x210", 297, 210}, DuplexShort, false},
	} {
		t.Run(tc.page.Name+" "+tc.duplex.String(), func(t *testing.T) {
			var faces []placed
			opt := testOptions()
			opt.Page = tc.page
			opt.Duplex = tc.duplex
			opt.BackOffset = [2]float64{0.4, -0.6}
			opt.trace = func(p placed) { faces = append(faces, p) }
			exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(11)}), opt)
			front, back := map[string]placed{}, map[string]placed{}
			for _, f := range faces {
				if f.back {
					back[f.id] = f
				} else {
					front[f.id] = f
				}
			}
			require.Len(t, front, 11)
			require.Len(t, back, 11)
			for id, f := range front {
				b := back[id]
				assert.Equal(t, f.page+1, b.page, "%s: the back page follows its front page", id)
				fx, fy := f.trim.X+f.trim.W/2, f.trim.Y+f.trim.H/2
				bx, by := b.trim.X+b.trim.W/2-0.4, b.trim.Y+b.trim.H/2+0.6
				if tc.acrossY {
					assert.InDelta(t, fx, bx, 1e-9, id)
					assert.InDelta(t, tc.page.H-fy, by, 1e-9, id)
				} else {
					assert.InDelta(t, tc.page.W-fx, bx, 1e-9, id)
					assert.InDelta(t, fy, by, 1e-9, id)
				}
				assert.Equal(t, tc.acrossY, b.turned, id)
			}
		})
	}
}

func TestBacksSeparate(t *testing.T) {
	set := toySet(t, nil)
	var fronts, backs bytes.Buffer
	opt := testOptions()
	st, _, err := Export(set, toyTables(map[string][]toyRow{"cards": toyCards(12)}), Output{Fronts: &fronts, Backs: &backs}, opt)
	require.NoError(t, err)
	assert.Equal(t, 2, pageCount(fronts.Bytes()))
	assert.Equal(t, 2, pageCount(backs.Bytes()))
	assert.Equal(t, 2, st.Pages)
	assert.Equal(t, 2, st.BackPages)
}

func TestSingleLayoutSetsTrimAndBleedBoxes(t *testing.T) {
	set := toySet(t, nil)
	opt := testOptions()
	opt.Layout = LayoutSingle
	opt.Bleed = 3
	rows := toyCards(2)
	rows[0]["count"] = 2
	pdf, l, st := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), opt)
	assert.Zero(t, l.Errors())
	// Three cards, each a front page and a back page.
	assert.Equal(t, 6, pageCount(pdf))
	assert.Equal(t, 6, st.Pages)
	s := string(pdf)
	media := fmt.Sprintf("/MediaBox [0 0 %s %s]", ptf(69.5), ptf(94.9))
	trim := fmt.Sprintf("/TrimBox [%s %s %s %s]", ptf(3), ptf(3), ptf(66.5), ptf(91.9))
	bleed := fmt.Sprintf("/BleedBox [0.00 0.00 %s %s]", ptf(69.5), ptf(94.9))
	assert.Equal(t, 6, strings.Count(s, media), media)
	assert.Equal(t, 6, strings.Count(s, trim), trim)
	assert.Equal(t, 6, strings.Count(s, bleed), bleed)
	// Boxes are written in one order, so the bytes do not depend on map order.
	assert.Equal(t, 6, strings.Count(s, trim+"\n"+bleed))
}

func TestSameInputSameBytes(t *testing.T) {
	set := toySet(t, nil)
	for _, layout := range []Layout{LayoutSheets, LayoutSingle, LayoutProof} {
		opt := DefaultOptions()
		opt.Layout = layout
		opt.Bleed = 3
		tb := toyTables(map[string][]toyRow{"cards": toyCards(10)})
		first, _, _ := exportToy(t, set, tb, opt)
		for i := 0; i < 4; i++ {
			again, _, _ := exportToy(t, toySet(t, nil), toyTables(map[string][]toyRow{"cards": toyCards(10)}), opt)
			require.True(t, bytes.Equal(first, again), "layout %d, run %d: the PDF changed", layout, i)
		}
	}
}

func TestFontsAreEmbedded(t *testing.T) {
	set := toySet(t, nil)
	rows := []toyRow{{"id": "hargrove", "name": "Shelly Hargrove", "deck": "red", "text": "Dr Zhukov, Jacques Moreau, Ω, Жуков, «Ça va», naïve café"}}
	pdf, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	assert.Zero(t, l.Len(), "every character prints: %v", l.Items())
	s := string(pdf)
	assert.Contains(t, s, "/FontFile2", "TrueType font programs are embedded")
	assert.Contains(t, s, "/BaseFont /utf8dwsans-bold\n")
	assert.Contains(t, s, "/BaseFont /utf8dwsans-regular\n")
	assert.GreaterOrEqual(t, strings.Count(s, "/FontFile2"), 2)
}

func TestCharactersTheFontsLackAreReported(t *testing.T) {
	set := toySet(t, nil)
	rows := []toyRow{{"id": "emoji", "name": "Emoji", "deck": "red", "text": "Snake 🐍 pit"}}
	_, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	require.Equal(t, 1, l.Len())
	d := l.Items()[0]
	assert.Equal(t, CodeGlyph, d.Code)
	assert.Equal(t, diag.Warning, d.Severity)
	assert.Equal(t, "toy.xlsx:Cards!H2", d.Pos.String(), "at the cell of the text")
}

func TestTextThatDoesNotFitIsAnErrorAtItsCell(t *testing.T) {
	set := toySet(t, nil)
	long := strings.Repeat("The floor gives way beneath you and the spikes below gleam. ", 12)
	rows := toyCards(3)
	rows[1]["text"] = long
	var buf bytes.Buffer
	st, l, err := Export(set, toyTables(map[string][]toyRow{"cards": rows}), Output{Fronts: &buf}, testOptions())
	require.NoError(t, err, "the PDF is still written")
	assert.Equal(t, 2, st.Pages)
	require.Equal(t, 1, l.Errors(), "%v", l.Items())
	d := l.Items()[0]
	assert.Equal(t, CodeOverflow, d.Code)
	assert.Equal(t, "toy.xlsx:Cards!H3", d.Pos.String(), "the Text cell of card-2")
	assert.Contains(t, d.Message, `"card-2"`)
	assert.Contains(t, d.Message, "even at 6 pt")
	assert.Contains(t, d.Hint, "toy/red.yaml:")
	// The zone is outlined in red on the card.
	assert.Contains(t, contentOf(t, buf.Bytes(), 1), "0.902 0 0 RG")
}

func TestTitleThatDoesNotFitOneLine(t *testing.T) {
	set := toySet(t, nil)
	rows := []toyRow{{"id": "long", "name": strings.Repeat("Extraordinarily ", 6) + "Long", "deck": "red"}}
	_, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	require.Equal(t, 1, l.Errors())
	d := l.Items()[0]
	assert.Equal(t, "toy.xlsx:Cards!B2", d.Pos.String(), "the Name cell")
	assert.Contains(t, d.Message, "title")
}

func TestUnknownTokensAreWarnings(t *testing.T) {
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{
		"keywords": {{"id": "fire", "name": "Fire", "icon": "dot"}, {"id": "fall", "name": "Fall"}},
		"cards":    {{"id": "c", "name": "C", "deck": "red", "text": "Take {Fire} and {fall}, then {stra}."}},
	})
	_, l, _ := exportToy(t, set, tb, testOptions())
	require.Equal(t, 1, l.Len(), "%v", l.Items())
	d := l.Items()[0]
	assert.Equal(t, CodeUnknownToken, d.Code)
	assert.Equal(t, diag.Warning, d.Severity)
	assert.Contains(t, d.Message, "{stra}")
	assert.Equal(t, `did you mean "star"?`, d.Hint)
}

// A template printing a row the build lacks is an error once per
// template; a row the workbook has but disables is named as disabled, at
// its cell.
func TestMissingLookupRow(t *testing.T) {
	set := toySet(t, map[string]string{"red.yaml": strings.Replace(toyRed, `text: "{{text}}"`, `text: "{{text}} {{places.atlantis.name}}"`, 1)})
	for _, tc := range []struct {
		name     string
		disabled string
		msg      string
		hint     string
	}{
		{"unknown", "", `template "red" prints {{places.atlantis.name}}, but sheet places has no row "atlantis"`, "add the row to the workbook, or change the template"},
		{"disabled", "atlantis", `template "red" prints {{places.atlantis.name}}, but row atlantis of sheet places is disabled (exp.xlsx:Places!A4, Disabled is TRUE)`,
			"set its Disabled to FALSE, or change the template"},
		{"another disabled", "lemuria", `template "red" prints {{places.atlantis.name}}, but sheet places has no row "atlantis"`, "add the row to the workbook, or change the template"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tables := toyTables(map[string][]toyRow{"cards": toyCards(2)})
			if tc.disabled != "" {
				places := tables.Table("places")
				places.Disabled = []*table.Row{{ID: tc.disabled, Src: table.RowSrc{Source: 1, Row: 4}}}
				places.Bind()
			}
			_, l, _ := exportToy(t, set, tables, testOptions())
			require.Equal(t, 1, l.Errors(), "reported once per template: %v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, CodeMissingRow, d.Code)
			assert.Equal(t, tc.msg, d.Message)
			assert.Equal(t, tc.hint, d.Hint)
		})
	}
}

func TestProofsShowWhatIdentifiesTheCard(t *testing.T) {
	set := toySet(t, nil)
	opt := testOptions()
	opt.Layout = LayoutProof
	rows := toyCards(3)
	rows[0]["count"] = 4
	pdf, _, st := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), opt)
	assert.Equal(t, 3, pageCount(pdf), "one page per card")
	assert.Equal(t, 3, st.Cards)
	assert.Contains(t, string(pdf), "/MediaBox [0 0 841.89 595.28]", "landscape")
	assert.Contains(t, string(pdf), "/ca 0.160", "a faint PROTOTYPE watermark")
}

func TestSheetsAndRelatedRows(t *testing.T) {
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{
		"places": {{"id": "bay", "name": "Bay", "terrain": []string{"sea"}}},
		"notes": {
			{"id": "n1", "name": "Tide", "place": "bay", "text": "Rises twice a day."},
			{"id": "n2", "name": "Fog", "place": "bay", "text": strings.Repeat("Thick as soup. ", 200)},
		},
		"cards": {{"id": "b", "name": "Boat", "deck": "blue", "home": "bay"}},
	})
	opt := testOptions()
	opt.Decks = []string{"notes", "blue"}
	_, l, st := exportToy(t, set, tb, opt)
	assert.Equal(t, 2, st.Cards)
	// Fog's text does not fit the table even at its smallest size: reported
	// at Fog's Text cell.
	require.Equal(t, 1, l.Errors(), "%v", l.Items())
	assert.Equal(t, "toy.xlsx:Notes!D3", l.Items()[0].Pos.String())
}

func TestNoTemplateForADeckIsAWarning(t *testing.T) {
	set := toySet(t, map[string]string{"blue.yaml": "name: blue\nsheet: Cards\nwhere: {deck: blue}\nsize: bridge\ndisabled: true\nfront: {zones: []}\n"})
	rows := toyCards(1)
	rows = append(rows, toyRow{"id": "b", "name": "B", "deck": "blue"})
	_, l, st := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
	assert.Equal(t, 1, st.Cards)
	require.Equal(t, 1, l.Len())
	assert.Equal(t, CodeNoTemplate, l.Items()[0].Code)
	assert.Contains(t, l.Items()[0].Message, "1 Cards row")
}

func TestBadOptions(t *testing.T) {
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{"cards": toyCards(1)})
	for name, mod := range map[string]func(*Options){
		"bleed":          func(o *Options) { o.Bleed = -1 },
		"margin":         func(o *Options) { o.Margin = 500 },
		"offset":         func(o *Options) { o.BackOffset = [2]float64{99, 0} },
		"card too large": func(o *Options) { sz := templates.Size{W: 400, H: 400}; o.CardSize = &sz },
		"nothing":        func(o *Options) { o.Decks = []string{"blue"} },
	} {
		t.Run(name, func(t *testing.T) {
			opt := testOptions()
			mod(&opt)
			_, _, err := Export(set, tb, Output{Fronts: &bytes.Buffer{}}, opt)
			var ue *UsageError
			assert.ErrorAs(t, err, &ue)
		})
	}
}

func TestParsePageAndOffset(t *testing.T) {
	p, err := ParsePage("Letter")
	require.NoError(t, err)
	assert.Equal(t, 215.9, p.W)
	p, err = ParsePage("148x210")
	require.NoError(t, err)
	assert.Equal(t, Page{W: 148, H: 210}, p)
	_, err = ParsePage("a3")
	assert.Error(t, err)
	_, err = ParsePage("poker")
	assert.Error(t, err)
	// A WxH page out of range says so, at both ends of the range.
	for _, tc := range []struct{ page, want string }{
		{"100000x100000", `page size "100000x100000" is out of range: each side from 10 to 1000 mm`},
		{"9.9x297", `page size "9.9x297" is out of range: each side from 10 to 1000 mm`},
		{"210x1000.1", `page size "210x1000.1" is out of range: each side from 10 to 1000 mm`},
		{"a5", `unknown page size "a5": use a4, letter, or WxH in millimetres such as 210x297`},
	} {
		_, err := ParsePage(tc.page)
		require.Error(t, err, tc.page)
		assert.Equal(t, tc.want, err.Error())
	}
	for _, ok := range []string{"10x10", "1000x1000"} {
		_, err := ParsePage(ok)
		assert.NoError(t, err, ok)
	}
	off, err := ParseOffset("0.5,-1")
	require.NoError(t, err)
	assert.Equal(t, [2]float64{0.5, -1}, off)
	for _, bad := range []string{"1", "a,b", "1,2,3", ""} {
		_, err := ParseOffset(bad)
		assert.Error(t, err, bad)
	}
}

func TestOddTablesNeverPanic(t *testing.T) {
	set := toySet(t, nil)
	// Cells of unexpected types, references to rows that do not exist,
	// missing sheets: the export prints what it can.
	odd := toyTables(map[string][]toyRow{
		"cards": {
			{"id": "a", "name": "A", "deck": "red", "keywords": "fire", "power": "lots", "text": []string{"x", "y"}, "count": "2"},
			{"id": "b", "name": "", "deck": "blue", "home": "atlantis", "keywords": []string{"nope"}},
			{"id": "c", "name": "C", "deck": []string{"red"}, "text": 42},
		},
		"notes": {{"id": "n", "name": "N", "place": []string{"x"}, "text": true}},
	})
	odd.Sheets = odd.Sheets[2:] // no Keywords or Places sheet at all
	for _, layout := range []Layout{LayoutSheets, LayoutSingle, LayoutProof} {
		opt := testOptions()
		opt.Layout = layout
		opt.OneEach = true
		var buf bytes.Buffer
		_, _, err := Export(set, odd, Output{Fronts: &buf}, opt)
		require.NoError(t, err)
		assert.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")))
	}
}

func TestTextFittedBelowSixPointsIsAWarningAtItsCell(t *testing.T) {
	set := toySet(t, nil)
	// The text zone is 53.5×20 mm, its text set from 8 pt down to 4: short
	// text at 8 pt, longer text shrunk but not below 6 pt (no warning),
	// and text that needs less than 6 pt.
	long := strings.Repeat("The floor gives way beneath you. ", 16)
	tests := []struct {
		name, text string
		warn       bool
	}{
		{"short", "Gain 2.", false},
		{"shrinks, to 6 pt or more", strings.Repeat("The floor gives way. ", 14), false},
		{"below 6 pt", long, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			red := strings.Replace(toyRed, `text: "{{text}}", size: 8, min: 6`, `text: "{{text}}", size: 8, min: 4`, 1)
			set := toySet(t, map[string]string{"red.yaml": red})
			rows := []toyRow{{"id": "c", "name": "C", "deck": "red", "text": tc.text}}
			_, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), testOptions())
			if !tc.warn {
				assert.Zero(t, l.Len(), "%v", l.Items())
				return
			}
			require.Equal(t, 1, l.Len(), "%v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, CodeSmallText, d.Code)
			assert.Equal(t, diag.Warning, d.Severity)
			assert.Equal(t, "toy.xlsx:Cards!H2", d.Pos.String(), "at the Text cell")
			assert.Regexp(t, `^the text of "c" prints at [45](\.\d+)? pt in the text zone, below the 6 pt`, d.Message)
		})
	}
	// Printed smaller (--size mini), text that fits at 8 pt on a poker card
	// falls below 6 pt.
	opt := testOptions()
	sz, _ := templates.ParseSize("mini")
	opt.CardSize = &sz
	rows := []toyRow{{"id": "c", "name": "C", "deck": "red", "text": strings.Repeat("Words words. ", 12)}}
	_, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": rows}), opt)
	found := false
	for _, d := range l.Items() {
		found = found || d.Code == CodeSmallText
	}
	assert.True(t, found, "%v", l.Items())
}

func TestLargeExportsAreSplitIntoParts(t *testing.T) {
	set := toySet(t, nil)
	rows := toyCards(5)
	rows[1]["count"] = 9 // 13 cards in all
	tb := toyTables(map[string][]toyRow{"cards": rows})
	opt := testOptions()
	opt.MaxCards = 6
	// Without somewhere to put the parts: a clear error, nothing written.
	_, _, err := Export(set, tb, Output{Fronts: &bytes.Buffer{}}, opt)
	var ue *UsageError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "the export has 13 cards, more than one PDF holds (6): write it to a file (-o cards.pdf) and it is split into 3 numbered parts, or print fewer (--deck, --cards)", err.Error())

	var parts []*bytes.Buffer
	var calls []string
	out := Output{Part: func(n, total int) (Output, error) {
		calls = append(calls, fmt.Sprintf("%d/%d", n, total))
		b := &bytes.Buffer{}
		parts = append(parts, b)
		return Output{Fronts: b}, nil
	}}
	var faces []placed
	opt.trace = func(p placed) { faces = append(faces, p) }
	st, _, err := Export(set, tb, out, opt)
	require.NoError(t, err)
	assert.Equal(t, []string{"1/3", "2/3", "3/3"}, calls)
	assert.Equal(t, 3, st.Files)
	assert.Equal(t, 13, st.Cards)
	fronts := 0
	for _, f := range faces {
		if !f.back {
			fronts++
		}
	}
	assert.Equal(t, 13, fronts, "every copy prints once, across the parts")
	// Six cards, six, then one: each part a front page and its back page.
	for i, p := range parts {
		assert.Equal(t, 2, pageCount(p.Bytes()), "part %d", i+1)
	}
}

func TestPackFillsSheetsAcrossDecks(t *testing.T) {
	// Red and blue cards are both poker-size here: packed, three red and
	// three blue cards share one sheet instead of taking one each.
	blue := strings.Replace(toyBlue, "size: bridge", "size: poker", 1)
	set := toySet(t, map[string]string{"blue.yaml": blue})
	rows := toyCards(3)
	for i := 0; i < 3; i++ {
		rows = append(rows, toyRow{"id": fmt.Sprintf("b%d", i), "name": "B", "deck": "blue"})
	}
	tb := toyTables(map[string][]toyRow{"cards": rows})
	opt := testOptions()
	opt.Duplex = DuplexNone
	_, _, st := exportToy(t, set, tb, opt)
	assert.Equal(t, 2, st.Pages, "each deck starts a sheet")
	opt.Pack = true
	var faces []placed
	opt.trace = func(p placed) { faces = append(faces, p) }
	_, _, st = exportToy(t, set, tb, opt)
	assert.Equal(t, 1, st.Pages, "one sheet holds both decks")
	onFirst := map[string]int{}
	for _, f := range faces {
		if f.page == 1 {
			onFirst[f.tpl]++
		}
	}
	assert.Equal(t, map[string]int{"red": 3, "blue": 3}, onFirst)
	// Different sizes never share a sheet.
	set = toySet(t, nil)
	_, _, st = exportToy(t, set, tb, opt)
	assert.Equal(t, 2, st.Pages)
}

// A back offset where no back prints behind a sheet would be ignored
// without a word: it is refused, saying why.
func TestBackOffsetOnlyWhereBacksPrintBehindASheet(t *testing.T) {
	set := toySet(t, nil)
	tests := []struct {
		name   string
		layout Layout
		duplex Duplex
		offset [2]float64
		want   string // "" for accepted
	}{
		{"sheets, long edge", LayoutSheets, DuplexLong, [2]float64{0.5, -1}, ""},
		{"sheets, short edge", LayoutSheets, DuplexShort, [2]float64{0, 0.3}, ""},
		{"single, no offset", LayoutSingle, DuplexLong, [2]float64{}, ""},
		{"single", LayoutSingle, DuplexLong, [2]float64{2, 2}, "--back-offset lines up backs printed behind a sheet of fronts; --layout single puts each face on its own page: leave it out"},
		{"proof", LayoutProof, DuplexLong, [2]float64{0, -0.1}, "--back-offset lines up backs printed behind a sheet of fronts; --proof shows each back beside its front: leave it out"},
		{"no backs", LayoutSheets, DuplexNone, [2]float64{0.1, 0}, "--back-offset moves the backs, and --duplex none prints none: leave it out"},
		{"single, short edge", LayoutSingle, DuplexShort, [2]float64{}, "--duplex short turns backs printed behind a sheet of fronts; --layout single puts each face upright on its own page, for the print shop to impose: leave it out"},
		{"single, fronts only", LayoutSingle, DuplexNone, [2]float64{}, ""},
		{"proof, short edge", LayoutProof, DuplexShort, [2]float64{}, "--duplex short turns backs printed behind a sheet of fronts; --proof shows each back beside its front: leave it out"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions()
			opt.Layout, opt.Duplex, opt.BackOffset = tc.layout, tc.duplex, tc.offset
			var out bytes.Buffer
			_, _, err := Export(set, toyTables(map[string][]toyRow{"cards": toyCards(2)}), Output{Fronts: &out}, opt)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			assert.Zero(t, out.Len(), "nothing written")
		})
	}
}
