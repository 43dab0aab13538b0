package templates_test

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// A small game to check templates against.
var schema = &table.Schema{
	Game: "toy",
	Sheets: []table.Sheet{
		{Name: "Keywords", Columns: []table.Column{{Name: "Icon", Type: table.TString}}},
		{Name: "Cards", Deck: true, Columns: []table.Column{
			{Name: "Keywords", Type: table.TList(table.TRef("keywords"))},
			{Name: "Power", Type: table.TInt},
			{Name: "Text", Type: table.TText},
			{Name: "Kind", Type: table.TEnum("red", "blue")},
		}},
		{Name: "Notes", Columns: []table.Column{
			{Name: "Card", Type: table.TRef("cards")},
			{Name: "Text", Type: table.TText},
		}},
		{Name: "Rules", Columns: []table.Column{{Name: "Value", Type: table.TInt}}},
	},
}

const shared = "game: toy\ncolors:\n  ink: \"#000000\"\n  band: \"#223344\"\n"
const icons = "icons:\n  star:\n    - {circle: [50, 50, 40]}\n"

// good is a template every case starts from; line numbers matter.
const good = `name: cards
sheet: Cards
size: poker
safe: 3
front:
  background: band
  zones:
    - {type: box, at: [0, 0, 63.5, 12], fill: band}
    - {type: text, at: [4, 4, 55.5, 6], text: "{{name}}", style: bold}
    - {type: icon, at: [4, 14, 5, 5], icon: star}
    - {type: icons, at: [4, 20, 55.5, 5], field: keywords, via: icon}
back:
  zones:
    - {type: text, at: [4, 40, 55.5, 8], text: "{{@title|upper}} {{rules.gear-cost.value}}"}
`

func load(t *testing.T, files map[string]string) (*templates.Set, *diag.List) {
	t.Helper()
	fs := fstest.MapFS{"shared.yaml": {Data: []byte(shared)}, "icons.yaml": {Data: []byte(icons)}}
	for k, v := range files {
		fs[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return templates.Load(schema, templates.Folder{FS: fs, Label: "my/templates"})
}

func TestAGoodTemplateLoads(t *testing.T) {
	set, l := load(t, map[string]string{"cards.yaml": good})
	require.Zero(t, l.Len(), "%v", l.Items())
	tp := set.Find("cards")
	require.NotNil(t, tp)
	assert.Equal(t, "cards", tp.Sheet)
	assert.Equal(t, "Cards", tp.Title, "the title defaults to the sheet's name")
	assert.Equal(t, "cards", tp.Deck)
	assert.Equal(t, "count", tp.Copies, "deck sheets print their Count")
	assert.Equal(t, templates.Size{Name: "poker", W: 63.5, H: 88.9}, tp.Size)
	require.Len(t, tp.Front.Zones, 4)
	z := tp.Front.Zones[1]
	assert.Equal(t, "sans", z.Font, "defaults are filled in")
	assert.Equal(t, 8.0, z.SizePt)
	assert.Equal(t, 5.0, z.MinPt)
	assert.Equal(t, "my/templates/cards.yaml:9", z.Pos.String())
}

// TestDiagnosticsAtTheirLine: every problem in a template is reported at
// the line that holds it, with a hint where one helps.
func TestDiagnosticsAtTheirLine(t *testing.T) {
	tests := []struct {
		name    string
		replace [2]string // in good
		code    diag.Code
		line    int
		message string
		hint    string
	}{
		{"unknown zone key", [2]string{`icon: star}`, `icon: star, colour: band}`}, templates.CodeUnknownKey, 10, `unknown key "colour" in a zone`, `did you mean "color"?`},
		{"key of another zone type", [2]string{`style: bold}`, `style: bold, fill: band}`}, templates.CodeUnknownKey, 9, `a text zone has no key "fill"`, "keys of a text zone"},
		{"unknown zone type", [2]string{`{type: icon,`, `{type: picture,`}, templates.CodeUnknownKey, 10, `unknown zone type "picture"`, "zone types: box, line, text, icon, icons, rows"},
		{"unknown template key", [2]string{`safe: 3`, `sfe: 3`}, templates.CodeUnknownKey, 4, `unknown key "sfe" in a template`, `did you mean "safe"?`},
		{"unknown field", [2]string{`{{name}}`, `{{nmae}}`}, templates.CodeUnknownField, 9, `sheet Cards has no column "nmae"`, `did you mean "name"?`},
		{"unknown lookup column", [2]string{`gear-cost.value`, `gear-cost.valeu`}, templates.CodeUnknownField, 14, `sheet Rules has no column "valeu"`, `did you mean "value"?`},
		{"unknown lookup sheet", [2]string{`{{rules.gear`, `{{rulez.gear`}, templates.CodeUnknownSheet, 14, `no sheet "rulez"`, `did you mean "Rules"?`},
		{"a field that is not a reference", [2]string{`{{name}}`, `{{power.name}}`}, templates.CodeUnknownField, 9, "column power does not name rows of another sheet", ""},
		{"unknown special", [2]string{`{{@title|upper}}`, `{{@titel}}`}, templates.CodeUnknownField, 14, `unknown field "@titel"`, "special fields: @title, @deck, @id"},
		{"unknown filter", [2]string{`{{@title|upper}}`, `{{@title|shout}}`}, templates.CodeBadValue, 14, `unknown filter "shout"`, ""},
		{"unclosed binding", [2]string{`{{name}}`, `{{name`}, templates.CodeBadValue, 9, "has {{ without }}", ""},
		{"unknown font", [2]string{`style: bold}`, `style: bold, font: comic}`}, templates.CodeUnknownFont, 9, `unknown font "comic"`, "fonts: sans, medium, mono, smallcaps"},
		{"unknown style", [2]string{`style: bold}`, `style: bolt}`}, templates.CodeUnknownFont, 9, `font sans has no style "bolt"`, `did you mean "bold"?`},
		{"style the font lacks", [2]string{`style: bold}`, `style: bold, font: smallcaps}`}, templates.CodeUnknownFont, 9, `font smallcaps has no style "bold"`, ""},
		{"unknown sheet", [2]string{`sheet: Cards`, `sheet: Crads`}, templates.CodeUnknownSheet, 1, `the game has no sheet "Crads"`, `did you mean "Cards"?`},
		{"bad size", [2]string{`size: poker`, `size: pokr`}, templates.CodeBadValue, 3, `unknown size "pokr"`, ""},
		{"unknown icon", [2]string{`icon: star}`, `icon: sun}`}, templates.CodeUnknownIcon, 10, `no icon is called "sun"`, "icons are defined in icons.yaml: star"},
		{"unknown via column", [2]string{`via: icon}`, `via: icn}`}, templates.CodeUnknownField, 11, `sheet Keywords has no column "icn"`, `did you mean "icon"?`},
		{"unknown colour", [2]string{`fill: band}`, `fill: bnad}`}, templates.CodeUnknownColor, 8, `fill colour "bnad" is neither #rrggbb nor a palette colour`, `did you mean "band"?`},
		{"unquoted hex colour", [2]string{`background: band`, "background: #223344"}, templates.CodeUnknownColor, 6, "background has no value", "quote colours"},
		{"number expected", [2]string{`safe: 3`, `safe: three`}, templates.CodeBadValue, 4, `safe must be a number, not "three"`, ""},
		{"position of three numbers", [2]string{`at: [4, 14, 5, 5]`, `at: [4, 14, 5]`}, templates.CodeBadValue, 10, "at [x, y, width, height] must be a list of 4 numbers", ""},
		{"zone without position", [2]string{`{type: icon, at: [4, 14, 5, 5],`, `{type: icon,`}, templates.CodeMissing, 10, "the icon zone has no position", ""},
		{"zone outside the card", [2]string{`at: [4, 14, 5, 5]`, `at: [60, 14, 5, 5]`}, templates.CodeOutside, 10, "reaches outside the poker 63.5×88.9 mm card", ""},
		{"text outside the safe area", [2]string{`at: [4, 4, 55.5, 6]`, `at: [1, 4, 55.5, 6]`}, templates.CodeOutside, 9, "reaches into the 3 mm safe margin", ""},
		{"min larger than size", [2]string{`style: bold}`, `style: bold, size: 6, min: 7}`}, templates.CodeBadValue, 9, "min 7 pt is larger than size 6 pt", ""},
		{"repeated key", [2]string{`safe: 3`, "safe: 3\nsafe: 4"}, templates.CodeDuplicate, 5, `a template has "safe" twice`, ""},
		{"YAML syntax", [2]string{`  zones:`, `  zones: [`}, templates.CodeSyntax, 0, "", "indentation"},
		{"tabs", [2]string{"    - {type: box", "\t- {type: box"}, templates.CodeSyntax, 8, "", ""},
		{"no name", [2]string{`name: cards`, `title: Cards`}, templates.CodeMissing, 1, "the template has no name", ""},
		{"copies count on a sheet without Count", [2]string{`sheet: Cards`, "sheet: Notes\ncopies: count"}, templates.CodeBadValue, 1, "copies: count, but sheet Notes has no Count column", ""},
		{"condition on an unknown field", [2]string{`icon: star}`, `icon: star, if: powr}`}, templates.CodeUnknownField, 10, `sheet Cards has no column "powr"`, `did you mean "power"?`},
		{"condition value the enum lacks", [2]string{`icon: star}`, `icon: star, if: "kind = green"}`}, templates.CodeBadValue, 10, `Kind = green: "green" is not one of red, blue`, ""},
		{"condition value close to the enum's", [2]string{`icon: star}`, `icon: star, unless: "kind = red, blu"}`}, templates.CodeBadValue, 10, `"blu" is not one of red, blue`, `did you mean "blue"?`},
		{"condition number expected", [2]string{`icon: star}`, `icon: star, if: "power = high"}`}, templates.CodeBadValue, 10, `"high" is not a whole number`, ""},
		{"condition with !=", [2]string{`icon: star}`, `icon: star, if: "kind != red"}`}, templates.CodeBadValue, 10, `there is no !=; write unless: "kind = red"`, ""},
		{"condition without values after =", [2]string{`icon: star}`, `icon: star, if: "kind ="}`}, templates.CodeBadValue, 10, "name the values after =", ""},
		{"condition list with an unknown field", [2]string{`icon: star}`, `icon: star, if: [power, txet]}`}, templates.CodeUnknownField, 10, `sheet Cards has no column "txet"`, `did you mean "text"?`},
		{"range with an unknown end", [2]string{`{{name}}`, `{{power..pwoer}}`}, templates.CodeUnknownField, 9, `sheet Cards has no column "pwoer"`, `did you mean "power"?`},
		{"range with an empty end", [2]string{`{{name}}`, `{{power..}}`}, templates.CodeBadValue, 9, "has an empty part", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, good, tc.replace[0])
			src := strings.Replace(good, tc.replace[0], tc.replace[1], 1)
			_, l := load(t, map[string]string{"cards.yaml": src})
			var found *diag.Diagnostic
			for i, d := range l.Items() {
				if d.Code == tc.code {
					found = &l.Items()[i]
					break
				}
			}
			require.NotNil(t, found, "want %s, got %v", tc.code, l.Items())
			assert.Equal(t, "my/templates/cards.yaml", found.Pos.File)
			if tc.line > 0 {
				assert.Equal(t, tc.line, found.Pos.Line, "%s", found)
			} else {
				assert.Positive(t, found.Pos.Line)
			}
			assert.Contains(t, found.Message, tc.message)
			assert.Contains(t, found.Hint, tc.hint)
		})
	}
}

func TestConditionsAndRangesThatAreFine(t *testing.T) {
	zones := []string{
		`    - {type: text, at: [4, 30, 55.5, 6], text: "{{power..power}}", if: "kind = red, BLUE"}`,
		`    - {type: text, at: [4, 30, 55.5, 6], text: "x", if: [power, "keywords = fire"], unless: ["kind = blue", text]}`,
		`    - {type: text, at: [4, 30, 55.5, 6], text: "x", if: "power = -2", unless: "keywords.icon = star"}`,
		`    - {type: text, at: [4, 30, 55.5, 6], text: "{{rules.gear-cost.value..rules.heal.value}}", if: "rules.gear-cost.value = 3"}`,
	}
	for _, z := range zones {
		src := strings.Replace(good, "back:\n", z+"\nback:\n", 1)
		set, l := load(t, map[string]string{"cards.yaml": src})
		require.Zero(t, l.Len(), "%s: %v", z, l.Items())
		require.NotNil(t, set.Find("cards"))
	}
	tp, _ := load(t, map[string]string{"cards.yaml": strings.Replace(good, "back:\n", zones[1]+"\nback:\n", 1)})
	z := tp.Find("cards").Front.Zones[4]
	assert.Equal(t, []string{"power", "keywords = fire"}, z.If, "if: takes a list: all must hold")
	assert.Equal(t, []string{"kind = blue", "text"}, z.Unless, "unless: takes a list: any hides the zone")

	c, err := templates.ParseCondition(" kind = red ,blue ")
	require.NoError(t, err)
	assert.Equal(t, []string{"kind"}, c.Field.Path)
	assert.Equal(t, []string{"red", "blue"}, c.Values)
	b, err := templates.ParsePath("from..to|upper")
	require.NoError(t, err)
	assert.Equal(t, []string{"from"}, b.Path)
	assert.Equal(t, []string{"to"}, b.Upto)
	assert.Equal(t, "{{from..to|upper}}", b.String())
}

func TestRowsZonesAndTemplateCards(t *testing.T) {
	rows := `name: notes
sheet: Cards
kind: sheet
size: 100x60
front:
  zones:
    - type: rows
      at: [4, 4, 92, 50]
      rows:
        sheet: Notes
        match: card
        columns:
          - {text: "{{name}}", width: 20, style: bold}
          - {text: "{{text}} {{power}}"}
`
	_, l := load(t, map[string]string{"notes.yaml": rows})
	require.Equal(t, 1, l.Len(), "%v", l.Items())
	d := l.Items()[0]
	assert.Equal(t, templates.CodeUnknownField, d.Code)
	assert.Equal(t, 14, d.Pos.Line, "the column's line")
	assert.Contains(t, d.Message, `sheet Notes has no column "power"`)

	_, l = load(t, map[string]string{"notes.yaml": strings.Replace(rows, "match: card", "match: text", 1)})
	require.Positive(t, l.Errors())
	assert.Contains(t, l.Items()[0].Message, "does not name Cards rows")

	// Without match a rows zone lists every row of its sheet.
	_, l = load(t, map[string]string{"notes.yaml": strings.Replace(strings.Replace(rows, "        match: card\n", "", 1), " {{power}}", "", 1)})
	assert.Zero(t, l.Len(), "%v", l.Items())

	own := `name: summary
size: poker
cards:
  - id: round
    count: 8
    fields:
      title: A Round
      text: Buy gear for {{rules.gear-cost.value}} Glory.
  - id: round
    fields:
      title: Again {{title}}
front:
  zones:
    - {type: text, at: [4, 4, 55, 8], text: "{{title}} {{body}}"}
`
	set, l := load(t, map[string]string{"summary.yaml": own})
	var msgs []string
	for _, d := range l.Items() {
		msgs = append(msgs, d.Pos.String()+" "+d.Message)
	}
	assert.ElementsMatch(t, []string{
		`my/templates/summary.yaml:9 card "round" appears twice in template "summary"`,
		`my/templates/summary.yaml:11 {{title}}: a card's field may look up sheet.id.column (such as {{rules.gear-cost.value}}), not another field`,
		`my/templates/summary.yaml:14 no card of template "summary" has a field "body"`,
	}, msgs)
	tp := set.Find("summary")
	require.NotNil(t, tp)
	assert.Equal(t, 8, tp.Cards[0].Count)
	assert.Equal(t, "Buy gear for {{rules.gear-cost.value}} Glory.", tp.Cards[0].Fields["text"])
}

func TestHostileFilesDoNotHang(t *testing.T) {
	// A billion-laughs alias bomb, deep nesting, garbage and a huge file
	// are all diagnostics, quickly.
	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nname: x\nfront:\n  zones: *e\n"
	files := map[string]string{
		"bomb.yaml":    bomb,
		"deep.yaml":    "name: deep\nfront: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n",
		"garbage.yaml": "\x00\x01\x02 not yaml at all: [",
		"list.yaml":    "- just\n- a list\n",
		"empty.yaml":   "",
		"huge.yaml":    "name: huge\n#" + strings.Repeat("x", 2<<20) + "\n",
	}
	_, l := load(t, files)
	assert.Positive(t, l.Errors())
	seen := map[string]bool{}
	for _, d := range l.Items() {
		seen[filepath.Base(d.Pos.File)] = true
	}
	for name := range files {
		assert.True(t, seen[name], "%s has a diagnostic", name)
	}
}

func TestOverridesReplaceByNameAndMerge(t *testing.T) {
	base := fstest.MapFS{
		"shared.yaml": {Data: []byte(shared + "order: [cards, other]\n")},
		"icons.yaml":  {Data: []byte(icons)},
		"cards.yaml":  {Data: []byte(good)},
		"other.yaml":  {Data: []byte(strings.Replace(good, "name: cards", "name: other", 1))},
	}
	override := fstest.MapFS{
		"shared.yaml": {Data: []byte("colors:\n  band: \"#ff0000\"\n")},
		"icons.yaml":  {Data: []byte("icons:\n  moon:\n    - {circle: [50, 50, 30]}\n")},
		"big.yaml":    {Data: []byte(strings.Replace(strings.Replace(good, "name: cards", "name: cards\ntitle: Big Cards", 1), "size: poker", "size: tarot", 1))},
		"new.yaml":    {Data: []byte(strings.Replace(good, "name: cards", "name: extra", 1))},
	}
	set, l := templates.Load(schema, templates.Folder{FS: base, Label: "base"}, templates.Folder{FS: override, Label: "project/templates"})
	require.Zero(t, l.Len(), "%v", l.Items())
	var names []string
	for _, tp := range set.Templates {
		names = append(names, tp.Name)
	}
	assert.Equal(t, []string{"cards", "other", "extra"}, names, "print order: shared.yaml's order, then the rest by name")
	cards := set.Find("cards")
	assert.Equal(t, "Big Cards", cards.Title, "a project template replaces the one with its name, whatever its file is called")
	assert.Equal(t, "tarot", cards.Size.Name)
	assert.Equal(t, "project/templates/big.yaml", cards.Pos.File)
	assert.Equal(t, templates.Color{R: 255}, set.Colors["band"], "colours merge name by name")
	assert.Equal(t, templates.Color{}, set.Colors["ink"])
	assert.Contains(t, set.Icons, "moon")
	assert.Contains(t, set.Icons, "star")
}

func TestDuplicateNamesInOneFolder(t *testing.T) {
	_, l := load(t, map[string]string{"a.yaml": good, "b.yaml": good})
	require.Equal(t, 1, l.Errors())
	assert.Equal(t, templates.CodeDuplicate, l.Items()[0].Code)
	assert.Contains(t, l.Items()[0].Message, `template "cards" is also defined in a.yaml`)
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want templates.Size
		err  string
	}{
		{"poker", templates.Size{Name: "poker", W: 63.5, H: 88.9}, ""},
		{"Bridge", templates.Size{Name: "bridge", W: 57, H: 89}, ""},
		{"tarot", templates.Size{Name: "tarot", W: 70, H: 120}, ""},
		{"mini", templates.Size{Name: "mini", W: 44, H: 67}, ""},
		{"63.5x88.9", templates.Size{W: 63.5, H: 88.9}, ""},
		{"70×120mm", templates.Size{W: 70, H: 120}, ""},
		{"70 x 120", templates.Size{W: 70, H: 120}, ""},
		{"huge", templates.Size{}, "unknown size"},
		{"5x5", templates.Size{}, "out of range"},
		{"ax5", templates.Size{}, "not WxH"},
	}
	for _, tc := range tests {
		got, err := templates.ParseSize(tc.in)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestParsePath2D(t *testing.T) {
	ops, err := templates.ParsePath2D("M10 10 l 10 0 H 40 v 10 Q 50 50 60 20 Z m 5,5 20 0 z")
	require.NoError(t, err)
	var got []string
	for _, op := range ops {
		s := string(op.Op)
		for _, p := range op.Pts {
			s += " " + strconv.FormatFloat(math.Round(p*1000)/1000, 'f', -1, 64)
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{"M 10 10", "L 20 10", "L 40 10", "L 40 20", "C 46.667 40 53.333 40 60 20", "Z", "M 15 15", "L 35 15", "Z"}, got)
	for _, bad := range []string{"", "L 1 2", "M 1", "M 1 2 X 3", "M 1 2 A 1 1 0 0 1 2 2", "M 1 2 Z 3"} {
		_, err := templates.ParsePath2D(bad)
		assert.Error(t, err, bad)
	}
}

// TestBundledTemplates checks the Fortune and Glory defaults: they load
// without a single diagnostic, cover every card sheet of the game, define
// every icon a keyword may name, and give every deck a back.
func TestBundledTemplates(t *testing.T) {
	set, l := templates.Load(fng.Schema)
	require.Zero(t, l.Len(), "%v", l.Items())
	decks := map[string]bool{}
	sheets := map[string]bool{}
	for _, tp := range set.Templates {
		assert.False(t, decks[tp.Deck], "deck %s printed by two templates", tp.Deck)
		decks[tp.Deck] = true
		sheets[tp.Sheet] = true
		if tp.Kind == "card" {
			assert.NotNil(t, tp.Back, "%s cards have a back", tp.Name)
		}
		assert.Equal(t, "bundled:templates/fortune-and-glory/"+tp.Name+".yaml", tp.Pos.File, "one file per template, named after it")
	}
	for _, want := range []string{"dangers", "enemies", "nazi-enemies", "enemy-reference", "events", "city", "gear", "allies",
		"common-items", "artifacts", "adventures", "locations", "villain-events", "villains", "heroes", "organizations", "zeppelins", "summary"} {
		assert.True(t, decks[want], "a template for %s", want)
	}
	for _, sh := range fng.Schema.Sheets {
		if sh.Deck || sh.Name == "Villains" || sh.Name == "Heroes" || sh.Name == "Organizations" || sh.Name == "Zeppelins" {
			assert.True(t, sheets[sh.Key()], "sheet %s prints", sh.Name)
		}
	}
	for _, ic := range append(append([]string{}, fng.Icons...), "combat", "agility", "cunning", "lore", "fortune", "glory", "danger", "wound") {
		assert.Contains(t, set.Icons, ic, "icon %s", ic)
	}
	// Enemies: three decks from one sheet; reference cards print once each.
	ref := set.Find("enemy-reference")
	require.NotNil(t, ref)
	assert.Equal(t, "one", ref.Copies)
	assert.Equal(t, map[string][]string{"deck": {"reference"}}, ref.Where)
	// Dangers are double-sided: the back binds the cliffhanger side.
	d := set.Find("dangers")
	require.NotNil(t, d)
	var back []string
	for _, z := range d.Back.Zones {
		back = append(back, z.Text)
	}
	assert.Contains(t, strings.Join(back, " "), "{{cliffhanger_test|icons}}")
}

// TestBundledFallenLandTemplates checks the Fallen Land defaults: they load
// without a single diagnostic, print every card sheet (each Encounter deck
// in its own colour), the town mats, the Technologies and the reference
// cards, give every card deck a back, and define an icon for every skill,
// damage type and symbol the cards name.
func TestBundledFallenLandTemplates(t *testing.T) {
	set, l := templates.Load(fallenland.Schema)
	require.Zero(t, l.Len(), "%v", l.Items())
	var names []string
	decks := map[string]bool{}
	sheets := map[string]bool{}
	for _, tp := range set.Templates {
		names = append(names, tp.Name)
		assert.False(t, decks[tp.Deck], "deck %s printed by two templates", tp.Deck)
		decks[tp.Deck] = true
		sheets[tp.Sheet] = true
		assert.NotNil(t, tp.Back, "%s has a back", tp.Name)
		assert.Equal(t, "bundled:templates/fallen-land/"+tp.Name+".yaml", tp.Pos.File, "one file per template, named after it")
		var title *templates.Zone
		for _, z := range tp.Front.Zones {
			if z.Name == "title" {
				title = z
			}
		}
		assert.NotNil(t, title, "%s has a zone named title (the export test looks for it)", tp.Name)
	}
	assert.Equal(t, []string{"characters", "spoils", "actions", "plains", "mountain", "city-rad", "missions",
		"town-mats", "technologies", "town-events", "reference"}, names, "print order")
	for _, sh := range fallenland.Schema.Sheets {
		if sh.Deck || sh.Name == "Factions" || sh.Name == "Technologies" {
			assert.True(t, sheets[sh.Key()], "sheet %s prints", sh.Name)
		}
	}

	tests := []struct {
		name  string
		where map[string][]string
		kind  string
		size  string
		fill  string // the title band
	}{
		{"plains", map[string][]string{"deck": {"plains"}}, "card", "poker 63.5×88.9 mm", "plains"},
		{"mountain", map[string][]string{"deck": {"mountain"}}, "card", "poker 63.5×88.9 mm", "mountain"},
		{"city-rad", map[string][]string{"deck": {"cityrad"}}, "card", "poker 63.5×88.9 mm", "cityrad"},
		{"characters", nil, "card", "poker 63.5×88.9 mm", "character"},
		{"missions", nil, "card", "poker 63.5×88.9 mm", "mission"},
		{"town-mats", nil, "sheet", "190×130 mm", "town"},
	}
	colors := map[templates.Color]string{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tp := set.Find(tc.name)
			require.NotNil(t, tp)
			if tc.where == nil {
				assert.Empty(t, tp.Where)
			} else {
				assert.Equal(t, tc.where, tp.Where)
			}
			assert.Equal(t, tc.kind, tp.Kind)
			assert.Equal(t, tc.size, tp.Size.String())
			assert.Equal(t, tc.fill, tp.Front.Zones[0].Fill, "the title band's colour")
			c, ok := set.Color(tp, tc.fill)
			require.True(t, ok)
			assert.Empty(t, colors[c], "%s has its own colour, not %s's", tc.name, colors[c])
			colors[c] = tc.name
		})
	}
	assert.Equal(t, "one", set.Find("technologies").Copies, "one double-sided card per Technology")
	assert.Equal(t, "count", set.Find("spoils").Copies)

	var want []string
	for _, s := range fallenland.SkillNames {
		want = append(want, strings.ToLower(s))
	}
	for _, s := range fallenland.DamageNames {
		want = append(want, strings.ToLower(s))
	}
	want = append(want, "salvage", "prestige", "town-health", "health", "armor", "first-strike", "movement", "capacity",
		"vehicle", "week", "cc", "party", "solo", "individual", "multi", "melee", "flight", "world", "poi", "reddot", "d10", "tech",
		"sheaf", "pick", "tower", "hook", "gear", "horseshoe", "cross", "coin", "hammer", "book", "scales", "anchor")
	for _, ic := range want {
		assert.Contains(t, set.Icons, ic, "icon %s", ic)
	}
}

func TestWriteDefaultsThenLoadThemAsOverrides(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "templates")
	files, err := templates.WriteDefaults(fng.GameID, dir, false)
	require.NoError(t, err)
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, len(files))
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	sort.Strings(names)
	assert.Contains(t, names, "dangers.yaml")
	assert.Contains(t, names, "shared.yaml")
	assert.Contains(t, names, "icons.yaml")

	_, err = templates.WriteDefaults(fng.GameID, dir, false)
	assert.ErrorContains(t, err, "already exists")
	_, err = templates.WriteDefaults(fng.GameID, dir, true)
	assert.NoError(t, err)

	set, l := templates.Load(fng.Schema, templates.DirFolder(dir))
	require.Zero(t, l.Len(), "%v", l.Items())
	assert.Equal(t, filepath.ToSlash(filepath.Join(dir, "dangers.yaml")), set.Find("dangers").Pos.File)

	_, ok := templates.ProjectFolder(filepath.Dir(dir))
	assert.True(t, ok)
	_, ok = templates.ProjectFolder(dir)
	assert.False(t, ok)
}

func TestTextOverArtIsAWarning(t *testing.T) {
	zone := func(z string) string {
		return strings.Replace(good, "    - {type: icons,", "    - "+z+"\n    - {type: icons,", 1)
	}
	tests := []struct {
		name, zones string
		warn        bool
	}{
		{"text over an icon", `{type: text, name: rule, at: [2, 15, 30, 3], text: "PLAY NOW"}`, true},
		{"text beside the icon", `{type: text, name: rule, at: [10, 14, 30, 5], text: "PLAY NOW"}`, false},
		{"a number on a badge", `{type: text, name: cost, at: [5, 15, 3, 3], text: "{{power}}"}`, false},
		{"never shown together", `{type: text, name: rule, at: [2, 15, 30, 3], text: "x", unless: power}` + "\n    - {type: icon, at: [2, 15, 5, 5], icon: star, if: power}", true},
		{"one field, other values", `{type: text, name: rule, at: [2, 30, 30, 3], text: "x", if: "kind = red"}` + "\n    - {type: icon, at: [2, 30, 5, 5], icon: star, if: \"kind = blue\"}", false},
		{"one field, a shared value", `{type: text, name: rule, at: [2, 30, 30, 3], text: "x", if: "kind = red"}` + "\n    - {type: icon, at: [2, 30, 5, 5], icon: star, if: \"kind = red, blue\"}", true},
		{"text over card art", `{type: image, at: [0, 30, 63.5, 30], field: art}` + "\n    - {type: text, name: rule, at: [4, 40, 30, 5], text: \"x\"}", true},
		{"text over a frame picture is fine", `{type: box, at: [0, 30, 63.5, 30], fill: band}` + "\n    - {type: text, name: rule, at: [4, 40, 30, 5], text: \"x\"}", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, l := load(t, map[string]string{"cards.yaml": zone(tc.zones)})
			var over []diag.Diagnostic
			for _, d := range l.Items() {
				if d.Code == templates.CodeOverArt {
					over = append(over, d)
				}
			}
			if !tc.warn {
				assert.Empty(t, over)
				return
			}
			require.NotEmpty(t, over, "%v", l.Items())
			assert.Equal(t, diag.Warning, over[0].Severity)
			assert.Contains(t, over[0].Message, "so its text can print over the")
		})
	}
}

// TestPathologicalTemplatesAreRefused: templates that would make an export
// slow or huge are errors at their line, so 'templates check' catches them.
func TestPathologicalTemplatesAreRefused(t *testing.T) {
	text := func(s string) string {
		return strings.Replace(good, `text: "{{name}}"`, `text: "`+s+`"`, 1)
	}
	tests := []struct {
		name, tpl, want string
	}{
		{"43 KB of markup", text(strings.Repeat("**", 21500)), "the text is 43000 characters; a zone's text may have at most 8000"},
		{"a text of bindings", text(strings.Repeat("{{text}}", 101)), "the text has 101 bindings; a zone's text may have at most 100"},
		{"just within the limits", text(strings.Repeat("{{text}}", 100)), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, l := load(t, map[string]string{"cards.yaml": tc.tpl})
			if tc.want == "" {
				assert.Zero(t, l.Errors(), "%v", l.Items())
				return
			}
			require.Equal(t, 1, l.Errors(), "%v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, templates.CodeLimit, d.Code)
			assert.Equal(t, "my/templates/cards.yaml:9", d.Pos.String())
			assert.Contains(t, d.Message, tc.want)
		})
	}
	// 800 KB of {{text}}: refused before a card is laid out.
	_, l := load(t, map[string]string{"cards.yaml": text(strings.Repeat("{{text}}", 100_000))})
	require.Equal(t, 1, l.Errors())
	assert.Contains(t, l.Items()[0].Message, "the text is 800000 characters")
}

// TestEveryShippedGameHasTemplates: every registered game with a bundled
// set has bundled templates, found by its ID, that load without a problem
// against its schema; no folder is a game nobody registered.
func TestEveryShippedGameHasTemplates(t *testing.T) {
	ids := map[string]bool{}
	for _, m := range game.Modules() {
		ids[m.ID()] = true
		if _, ok := content.BaseOf(m.ID()); !ok {
			continue
		}
		_, ok := templates.Defaults(m.ID())
		require.True(t, ok, "%s ships a base set but no templates", m.ID())
		_, l := templates.Load(m.Schema())
		assert.Empty(t, l.Items(), m.ID())
	}
	for _, s := range content.Sets {
		assert.True(t, ids[s.Game], "bundled set %s is for %s, which is not registered", s.ID, s.Game)
	}
	_, ok := templates.Defaults("chess")
	assert.False(t, ok)
}
