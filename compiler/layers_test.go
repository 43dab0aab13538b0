package compiler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

func baseBook() book { return book{"base.xlsx", toyBase()} }

func expBook(file, id, requires string, sheets ...sheetRows) book {
	return book{file, append([]sheetRows{setSheet(id, requires)}, sheets...)}
}

var expHeroHeader = r("ID", "Name", "Power", "Home", "Change")

func ids(rows []*table.Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return out
}

func TestLayersAddReplaceRemove(t *testing.T) {
	exp := expBook("exp.xlsx", "exp", "base",
		sheet("Heroes", expHeroHeader,
			r("cid", "Cid", "2", "wilds"),
			r("bob", "Robert", "5", "town", "Replace"),
			r("alice", "", "", "", "remove", "")),
		sheet("Cards", r("ID", "Name", "Count", "Text", "Change", "Holder", "Disabled"),
			r("pit", "", "", "", "remove"),
			r("spark", "", "", "", "remove", "", "TRUE"), // disabled: spark stays
			r("sword", "Sword", "1", "A sword.", "", "Robert")),
	)
	// The order of the layers comes from Requires, not from the order given.
	tb, l := compileBooks(t, compiler.Options{}, exp, baseBook())
	// cid lives in the wilds: the module's check runs on the merged content.
	assertDiags(t, l, dg("exp.xlsx:Heroes!D2", 0, E, codeToyHome, `Cid lives in "wilds", a wild, not a town`, "heroes start in a town"))
	require.Nil(t, tb)

	exp.sheets[1].rows[1][3] = "town"
	tb, l = compileBooks(t, compiler.Options{}, exp, baseBook())
	assertDiags(t, l)
	require.NotNil(t, tb)
	assert.Equal(t, []table.Layer{
		{ID: "base", Name: "Base", File: "base.xlsx"},
		{ID: "exp", Name: "Exp", Requires: "base", File: "exp.xlsx"},
	}, tb.Layers)

	heroes := tb.Table("heroes")
	// A replaced row keeps its place; added rows follow; removed rows go.
	assert.Equal(t, []string{"bob", "cid"}, ids(heroes.Rows))
	bob := heroes.Find("bob")
	assert.Equal(t, map[string]any{"id": "bob", "name": "Robert", "power": 5, "home": "town", "brave": false, "class": "warrior"}, bob.Cells)
	// Provenance: every row points at the cell a designer must edit.
	assert.Equal(t, "exp", bob.Layer())
	assert.Equal(t, diag.Pos{File: "exp.xlsx", Sheet: "Heroes", Row: 3, Col: 3}, bob.Pos("Power"))
	assert.Equal(t, "exp.xlsx:Heroes!A3", bob.Where(), "a row is named by the cell of its ID")
	cards := tb.Table("cards")
	assert.Equal(t, []string{"spark", "sword"}, ids(cards.Rows))
	spark := cards.Find("spark")
	assert.Equal(t, "base", spark.Layer())
	assert.Equal(t, "base.xlsx:Cards!H2", spark.Pos("roll").String())
	assert.Equal(t, "exp.xlsx:Cards!F4", cards.Find("sword").Pos("Holder").String())
	// A reference by name resolves to the ID.
	assert.Equal(t, "bob", cards.Find("sword").Str("holder"))
	// Each layer's copy of a sheet is a source, with its own column letters.
	require.Len(t, cards.Sources, 2)
	assert.Equal(t, "E", cards.Sources[0].Columns["effect"])
	assert.Equal(t, "F", cards.Sources[1].Columns["holder"])
}

func TestLayersDiagnostics(t *testing.T) {
	exp := func(sheets ...sheetRows) book { return expBook("exp.xlsx", "exp", "base", sheets...) }
	tests := []struct {
		name  string
		opt   compiler.Options
		books []book
		want  []diag.JSONDiagnostic
	}{
		{"accidental clash names both cells",
			compiler.Options{}, []book{baseBook(), exp(sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town"), r("alice", "Alice II", "4", "town")))},
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!A3", 0, E, compiler.CodeIDClash, `ID "alice" is already defined in base.xlsx:Heroes!A2`, "to change that row set Change to replace; to add a new one, choose another ID")}},
		{"replace and remove of unknown IDs",
			compiler.Options{}, []book{baseBook(), exp(sheet("Heroes", expHeroHeader, r("alcie", "Alice", "4", "town", "replace"), r("zed", "", "", "", "remove")))},
			[]diag.JSONDiagnostic{
				dg("exp.xlsx:Heroes!A2", 0, E, compiler.CodeChangeUnknown, `cannot replace "alcie": no earlier layer defines it`, `did you mean "alice"?`),
				dg("exp.xlsx:Heroes!A3", 0, E, compiler.CodeChangeUnknown, `cannot remove "zed": no earlier layer defines it`, ""),
			}},
		{"a row removed by a later layer is no longer there to refer to",
			compiler.Options{}, []book{baseBook(), exp(sheet("Places", r("ID", "Change"), r("wilds", "remove")))},
			[]diag.JSONDiagnostic{dg("base.xlsx:Places!D2", 0, E, compiler.CodeUnknownRef, `no Places row is called "wilds"`, "")}},
		{"a replace needs every required cell",
			compiler.Options{}, []book{baseBook(), exp(sheet("Heroes", expHeroHeader, r("bob", "Bob", "", "town", "replace")))},
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!C2", 0, E, compiler.CodeRequired, "Power is required", "Power: dice rolled")}},
		{"an ID used twice in one expansion",
			compiler.Options{}, []book{baseBook(), exp(sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town"), r("cid", "Cid", "2", "town")))},
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!A3", 0, E, compiler.CodeDupID, `ID "cid" is already used in exp.xlsx:Heroes!A2`, "IDs must be unique; rename one of them")}},
		{"duplicate set IDs",
			compiler.Options{}, []book{baseBook(), expBook("copy.xlsx", "base", "")},
			[]diag.JSONDiagnostic{dg("copy.xlsx:Set!2", 0, E, compiler.CodeDupSet, `set "base" is also declared by base.xlsx:Set!2`, "give each workbook its own set ID")}},
		{"two expansions on the same base",
			compiler.Options{}, []book{baseBook(), expBook("a.xlsx", "a", "base"), expBook("b.xlsx", "b", "base")},
			[]diag.JSONDiagnostic{dg("b.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `sets "a" and "b" both build directly on "base", so their order is not stated`, `make one require the other: set Requires of "b" to "a"`)}},
		{"an ID an earlier layer uses on another sheet",
			compiler.Options{}, []book{baseBook(), exp(sheet("Keywords", r("ID", "Name"), r("bob", "Bob's Mark")))},
			[]diag.JSONDiagnostic{dg("exp.xlsx:Keywords!A2", 0, E, compiler.CodeIDAcrossSheets, `ID "bob" is already used on the Heroes sheet (base.xlsx:Heroes!A3)`, "IDs are unique across every sheet and layer; rename one of them")}},
		{"a clashing row's cells are checked too",
			compiler.Options{}, []book{baseBook(), exp(sheet("Heroes", expHeroHeader, r("alice", "Alice II", "0", "nowhere")))},
			[]diag.JSONDiagnostic{
				dg("exp.xlsx:Heroes!A2", 0, E, compiler.CodeIDClash, `ID "alice" is already defined in base.xlsx:Heroes!A2`, "to change that row set Change to replace; to add a new one, choose another ID"),
				dg("exp.xlsx:Heroes!C2", 0, E, compiler.CodeRange, "Power must be between 1 and 9, not 0", ""),
				dg("exp.xlsx:Heroes!D2", 0, E, compiler.CodeUnknownRef, `no Places row is called "nowhere"`, ""),
			}},
		{"the layers that fit are built beside a misplaced one",
			compiler.Options{}, []book{baseBook(), expBook("other.xlsx", "other", ""), exp(sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "wilds")))},
			[]diag.JSONDiagnostic{
				dg("exp.xlsx:Heroes!D2", 0, E, codeToyHome, `Cid lives in "wilds", a wild, not a town`, "heroes start in a town"),
				dg("other.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `two base sets: "base" and "other" (neither requires another set)`, "an expansion's Set row must name the set it builds on in Requires"),
			}},
		{"two base sets",
			compiler.Options{}, []book{baseBook(), expBook("other.xlsx", "other", "")},
			[]diag.JSONDiagnostic{dg("other.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `two base sets: "base" and "other" (neither requires another set)`, "an expansion's Set row must name the set it builds on in Requires")}},
		{"requires a set that is not in the build",
			compiler.Options{}, []book{baseBook(), expBook("exp.xlsx", "exp", "bsae"), expBook("more.xlsx", "more", "arctic")},
			[]diag.JSONDiagnostic{
				dg("exp.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `set "exp" requires "bsae", which is not in the build`, `did you mean "base"?`),
				dg("more.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `set "more" requires "arctic", which is not in the build`, "put the workbook of set arctic in the project folder, or name it on the command line"),
			}},
		{"a two-set cycle beside the base, reported at a set in it",
			compiler.Options{}, []book{baseBook(), expBook("a.xlsx", "a", "b"), expBook("b.xlsx", "b", "a")},
			[]diag.JSONDiagnostic{dg("a.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, "the sets' Requires form a cycle: a → b → a", "one of these sets must require the base set, or a set that builds on it")}},
		{"a cycle given after the base and a good expansion",
			compiler.Options{}, []book{baseBook(), expBook("good.xlsx", "good", "base"), expBook("y.xlsx", "y", "x"), expBook("x.xlsx", "x", "y")},
			[]diag.JSONDiagnostic{dg("y.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, "the sets' Requires form a cycle: y → x → y", "one of these sets must require the base set, or a set that builds on it")}},
		{"a cycle without a base",
			compiler.Options{}, []book{expBook("a.xlsx", "a", "b"), expBook("b.xlsx", "b", "a")},
			[]diag.JSONDiagnostic{dg("a.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, "no base set: the sets' Requires form a cycle: a → b → a", "the base set's Requires must be blank")}},
		{"no base: the cycle starts at the set given first",
			compiler.Options{}, []book{expBook("c.xlsx", "c", "a"), expBook("a.xlsx", "a", "b"), expBook("b.xlsx", "b", "c")},
			[]diag.JSONDiagnostic{dg("c.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, "no base set: the sets' Requires form a cycle: c → a → b → c", "the base set's Requires must be blank")}},
		{"a set requiring itself",
			compiler.Options{}, []book{baseBook(), expBook("a.xlsx", "a", "a")},
			[]diag.JSONDiagnostic{dg("a.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, "the sets' Requires form a cycle: a → a", "one of these sets must require the base set, or a set that builds on it")}},
		{"an expansion of another game",
			compiler.Options{}, []book{baseBook(), {"fng.xlsx", []sheetRows{sheet("Set", r("ID", "Game", "Requires"), r("arctic", "fortune-and-glory", "base"))}}},
			[]diag.JSONDiagnostic{dg("fng.xlsx:Set!B2", 0, E, compiler.CodeWrongGame, `this workbook is for "fortune-and-glory", not toy-game`, "every workbook of a build must be for the same game")}},
		{"nothing to compile",
			compiler.Options{}, nil,
			[]diag.JSONDiagnostic{dg("", 0, E, compiler.CodeNoWorkbooks, "no workbooks to compile", "")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb, l := compileBooks(t, tt.opt, tt.books...)
			assertDiags(t, l, tt.want...)
			assert.Nil(t, tb)
		})
	}
}

// An expansion built alone takes the set it requires from Provide (the
// bundled base set); a set the build names itself wins over Provide.
func TestLayersProvide(t *testing.T) {
	baseWB, rl := read(t, "bundled.xlsx", xlsx(t, toyBase()...))
	require.Zero(t, rl.Len())
	var asked []string
	opt := compiler.Options{Provide: func(id string) (*compiler.Workbook, bool) {
		asked = append(asked, id)
		if id == "base" {
			return baseWB, true
		}
		return nil, false
	}}
	exp := expBook("exp.xlsx", "exp", "base", sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town")))
	tb, l := compileBooks(t, opt, exp)
	assertDiags(t, l)
	require.NotNil(t, tb)
	assert.Equal(t, []string{"base"}, asked)
	assert.Equal(t, []string{"base", "exp"}, []string{tb.Layers[0].ID, tb.Layers[1].ID})
	assert.Equal(t, "bundled.xlsx", tb.Layers[0].File)
	assert.Equal(t, []string{"alice", "bob", "cid"}, ids(tb.Rows("heroes")))

	asked = nil
	tb, l = compileBooks(t, opt, baseBook(), exp)
	assertDiags(t, l)
	require.NotNil(t, tb)
	assert.Empty(t, asked, "Provide is asked only for sets the build lacks")
	assert.Equal(t, "base.xlsx", tb.Layers[0].File)

	// A chain of expansions: more requires exp requires base (provided).
	more := expBook("more.xlsx", "more", "exp", sheet("Heroes", expHeroHeader, r("cid", "Cid the Bold", "3", "town", "replace")))
	tb, l = compileBooks(t, opt, more, exp)
	assertDiags(t, l)
	require.NotNil(t, tb)
	assert.Equal(t, "Cid the Bold", tb.Table("heroes").Find("cid").Str("name"))
	assert.Equal(t, "more", tb.Table("heroes").Find("cid").Layer())

	// Provide cannot help: the message says what is missing.
	_, l = compileBooks(t, opt, expBook("x.xlsx", "x", "arctic"))
	assertDiags(t, l, dg("x.xlsx:Set!2", 0, E, compiler.CodeLayerOrder, `set "x" requires "arctic", which is not in the build`, "put the workbook of set arctic in the project folder, or name it on the command line"))
}
