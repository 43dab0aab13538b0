package compiler_test

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// toy is a tiny game module, so the compiler is tested generically, without
// Fortune and Glory. Its schema has every column kind: string, text, int
// with and without bounds, bool, enum, ref, list of enum, list of ref,
// effect, condition and a custom grammar ("roll"), a deck, an optional
// sheet and an optional deck, sheet and column aliases, and static,
// sheet and filtered sheet domains.
type toyModule struct{}

var toy game.Module = toyModule{}

const toyGame = "toy-game"

// The module's own codes: a hero must live in a town, and the map needs
// one (a check over a whole sheet).
var (
	codeToyHome   = diag.Register("DW8001", diag.Error, "toy: a hero's home must be a town")
	codeToyNoTown = diag.Register("DW8002", diag.Error, "toy: the map has no town")
)

func (toyModule) ID() string                  { return toyGame }
func (toyModule) Title() string               { return "Toy Game" }
func (toyModule) Schema() *table.Schema       { return toySchema }
func (toyModule) Envs() []*effects.Env        { return []*effects.Env{toyEnv} }
func (toyModule) Validate(v *game.Validation) { toyValidate(v) }

var toySchema = &table.Schema{
	Game:  toyGame,
	Title: "Toy Game",
	Grammars: map[string]table.Grammar{
		"roll": {Name: "roll", Title: "roll (5+ vs Fire in Water)", Doc: "a target, optionally against a keyword, in an element", Parse: parseRoll},
	},
	Domains: []table.Domain{
		{Name: "keyword", Sheet: "keywords"},
		{Name: "element", Static: []string{"Fire", "Water", "Earth"}},
		{Name: "town", Sheet: "places", WhereColumn: "kind", WhereValue: "town"},
	},
	Sheets: []table.Sheet{
		{
			Name: "Heroes", Aliases: []string{"Champions"},
			Columns: []table.Column{
				{Name: "Power", Type: table.TRange(1, 9), Required: true, Doc: "dice rolled"},
				{Name: "Home", Type: table.TRef("places"), Required: true, Doc: "where the hero lives"},
				{Name: "Brave", Type: table.TBool, Default: "FALSE"},
				{Name: "Class", Type: table.TEnum("warrior", "mage", "rogue"), Default: "warrior"},
				{Name: "Bio", Type: table.TText},
				{Name: "Motto", Type: table.TString, Aliases: []string{"Slogan"}},
				{Name: "Elements", Type: table.TList(table.TEnum("fire", "water", "earth"))},
				{Name: "Luck", Type: table.TInt},
			},
		},
		{
			Name: "Places",
			Columns: []table.Column{
				{Name: "Kind", Type: table.TEnum("town", "wild"), Required: true, Doc: "town or wild"},
				{Name: "Links", Type: table.TList(table.TRef("places"))},
			},
		},
		{
			Name: "Keywords", Optional: true,
			Columns: []table.Column{{Name: "Icon", Type: table.TString}},
		},
		{
			Name: "Cards", Deck: true,
			Columns: []table.Column{
				{Name: "Text", Type: table.TText, Print: true},
				{Name: "Effect", Type: table.TEffect("toy")},
				{Name: "Condition", Type: table.TCondition("toy")},
				{Name: "Tags", Type: table.TList(table.TRef("keywords"))},
				{Name: "Roll", Type: table.TGrammar("roll")},
				{Name: "Cost", Type: table.TRange(0, 5), Default: "0"},
				{Name: "Holder", Type: table.TRef("heroes")},
			},
		},
		{Name: "Relics", Deck: true, Optional: true, Columns: []table.Column{{Name: "Text", Type: table.TText, Print: true}}},
	},
}

// parseRoll is the toy grammar: "<n>+ [vs <keyword>] [in <element>]".
func parseRoll(text string) (string, []table.SymbolRef, *table.CellError) {
	words := strings.Fields(text)
	offs := make([]int, len(words)) // rune offsets of the words
	rest, base := text, 0
	for i, w := range words {
		j := strings.Index(rest, w)
		offs[i] = base + utf8.RuneCountInString(rest[:j])
		base = offs[i] + utf8.RuneCountInString(w)
		rest = rest[j+len(w):]
	}
	if len(words) == 0 || !strings.HasSuffix(words[0], "+") {
		return "", nil, &table.CellError{Offset: 0, Message: "expected a target like 5+", Hint: "targets run from 2+ to 6+"}
	}
	n, err := strconv.Atoi(strings.TrimSuffix(words[0], "+"))
	if err != nil || n < 2 || n > 6 {
		return "", nil, &table.CellError{Offset: offs[0], Message: fmt.Sprintf("target %s cannot be rolled", words[0])}
	}
	canon := words[0]
	var refs []table.SymbolRef
	for i := 1; i < len(words); i += 2 {
		kw := strings.ToLower(words[i])
		if (kw != "vs" && kw != "in") || i+1 >= len(words) {
			return "", nil, &table.CellError{Offset: offs[i], Message: fmt.Sprintf("unexpected %q", words[i]), Hint: `write "vs <keyword>" or "in <element>"`}
		}
		domain := "keyword"
		if kw == "in" {
			domain = "element"
		}
		refs = append(refs, table.SymbolRef{Domain: domain, Name: words[i+1], Offset: offs[i+1]})
		canon += " " + kw + " " + words[i+1]
	}
	return canon, refs, nil
}

// toyHost is the state toy effects run against.
type toyHost struct {
	fx    effects.Frame
	power int64
	round int64
	log   []string
}

func (h *toyHost) Frame() *effects.Frame { return &h.fx }

var toyEnv = func() *effects.Env {
	e := effects.NewEnv("toy", "toy effects")
	e.Domain("keyword", "keywords")
	e.Domain("town", "towns")
	e.AddValue(&effects.Value{Name: "hero.power", Type: effects.TInt, Doc: "the hero's power", Get: func(h *toyHost) int64 { return h.power }})
	e.AddValue(&effects.Value{Name: "round", Type: effects.TInt, Doc: "the round", Get: func(h *toyHost) int64 { return h.round }})
	e.AddVerb(&effects.Verb{Name: "gain", Doc: "gain points", Result: effects.TVoid, Params: []effects.Param{{Name: "n", Type: effects.TInt}},
		Call: func(h *toyHost, a effects.Args) int64 { h.log = append(h.log, fmt.Sprint("gain ", a[0])); return 0 }})
	e.AddVerb(&effects.Verb{Name: "draw", Doc: "draw cards", Result: effects.TVoid, Params: []effects.Param{{Name: "n", Type: effects.TInt, Optional: true, Default: 1}},
		Call: func(h *toyHost, a effects.Args) int64 { h.log = append(h.log, fmt.Sprint("draw ", a[0])); return 0 }})
	e.AddVerb(&effects.Verb{Name: "has", Doc: "the test has a keyword", Result: effects.TBool, Params: []effects.Param{{Name: "keyword", Type: effects.TSym("keyword")}},
		Call: func(h *toyHost, a effects.Args) int64 { return a[0] & 1 }})
	e.AddVerb(&effects.Verb{Name: "goTo", Doc: "move to a town", Result: effects.TVoid, Params: []effects.Param{{Name: "town", Type: effects.TSym("town")}},
		Call: func(h *toyHost, a effects.Args) int64 { h.log = append(h.log, fmt.Sprint("goTo ", a[0])); return 0 }})
	return e
}()

// toyValidate is a module's checks as the one-pass contract asks: it
// sees the rows that compiled, skips a reference to one that did not, and
// checks a whole sheet only when it is complete.
func toyValidate(v *game.Validation) {
	kinds := map[string]string{}
	for _, r := range v.Tables.Rows("places") {
		kinds[r.ID] = r.Str("kind")
	}
	for _, r := range v.Tables.Rows("heroes") {
		// A home that did not compile was reported already.
		if k, ok := kinds[r.Str("home")]; ok && k != "town" {
			v.Diags.Add(diag.Errorf(r.Pos("Home"), codeToyHome, "%s lives in %q, a %s, not a town", r.Str("name"), r.Str("home"), k).WithHint("heroes start in a town"))
		}
	}
	towns := 0
	for _, k := range kinds {
		if k == "town" {
			towns++
		}
	}
	if towns == 0 && v.Complete("places") {
		v.Diags.Errorf(game.TablePos(v.Tables, "places"), codeToyNoTown, "the map has no town")
	}
}
