package compiler_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
	"github.com/deckwright/deckwright/engine/fuzzseed"
	"github.com/deckwright/deckwright/engine/table"
)

// layeredTables compiles the toy base set and an expansion that adds,
// replaces and removes rows, and encodes the tables as build writes them.
func layeredTables(t testing.TB) []byte {
	t.Helper()
	exp := expBook("exp.xlsx", "exp", "base",
		sheet("Heroes", r("ID", "Name", "Power", "Home", "Change", "Elements", "Bio"),
			r("cid", "Cid", "2", "town"),
			r("alice", "Alicia", "5", "town", "replace"),
			r("bob", "", "", "", "remove")),
		sheet("Cards", r("ID", "Name", "Count", "Text", "Roll"), r("bolt", "Bolt", "3", "Zap.", "4+ in Earth")),
	)
	tb, l := compileBooks(t, compiler.Options{}, baseBook(), exp)
	require.NotNil(t, tb, "%v", l.Items())
	data, err := tb.Encode()
	require.NoError(t, err)
	return data
}

// TestRecheckReproducesTheBuild: tables that deckwright wrote come back
// from Recheck byte for byte: the rows keep their order (a replaced row
// its place), their values and their cells.
func TestRecheckReproducesTheBuild(t *testing.T) {
	data := layeredTables(t)
	tb, err := table.Decode(data, toySchema)
	require.NoError(t, err)
	out, l := compiler.Recheck(toy, tb, "tables.json", compiler.DefaultLimits, true)
	assertDiags(t, l)
	require.NotNil(t, out)
	again, err := out.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))
	assert.Equal(t, []string{"alice", "cid"}, ids(out.Table("heroes").Rows), "the replaced row keeps its place")
}

// tamper edits decoded tables as JSON and recomputes the hash, as anyone
// can: the hash is no defence, only the checks are.
func tamper(t testing.TB, data []byte, edit func(doc map[string]any)) *table.Tables {
	t.Helper()
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	edit(doc)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	var tb table.Tables
	require.NoError(t, json.Unmarshal(raw, &tb))
	enc, err := tb.Encode() // the recomputed hash
	require.NoError(t, err)
	out, err := table.Decode(enc, toySchema)
	require.NoError(t, err)
	return out
}

// cell sets a cell of the row with the given ID.
func cell(sheetKey, id, column string, v any) func(map[string]any) {
	return func(doc map[string]any) {
		for _, s := range doc["sheets"].([]any) {
			sh := s.(map[string]any)
			if sh["key"] != sheetKey {
				continue
			}
			for _, row := range sh["rows"].([]any) {
				rw := row.(map[string]any)
				if rw["id"] == id {
					rw["cells"].(map[string]any)[column] = v
				}
			}
		}
	}
}

// TestRecheckValuesOnly: without the game's rules, a value that breaks
// only them passes (a printer has no use for them); values are checked.
func TestRecheckValuesOnly(t *testing.T) {
	data := layeredTables(t)
	out, l := compiler.Recheck(toy, tamper(t, data, cell("heroes", "cid", "home", "wilds")), "tables.json", compiler.DefaultLimits, false)
	assertDiags(t, l)
	require.NotNil(t, out)
	assert.Equal(t, "wilds", out.Table("heroes").Find("cid").Str("home"))
	out, l = compiler.Recheck(toy, tamper(t, data, cell("cards", "spark", "count", 1e9)), "tables.json", compiler.DefaultLimits, false)
	assertDiags(t, l, dg("base.xlsx:Cards!C2", 0, E, compiler.CodeRange, "Count must be between 0 and 99, not 1000000000", ""))
	assert.Nil(t, out)
}

// TestRecheckRefusesEditedValues: every value of edited tables (with the
// hash recomputed) passes the checks validate makes, and a bad one is an
// error at the cell the row came from — never a crash, an OOM or a silent
// zero.
func TestRecheckRefusesEditedValues(t *testing.T) {
	data := layeredTables(t)
	rebuild := "rebuild the tables from the workbooks with deckwright build"
	for _, tc := range []struct {
		name string
		edit func(map[string]any)
		want []diag.JSONDiagnostic
	}{
		{"a count of a billion", cell("cards", "spark", "count", 1e9),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!C2", 0, E, compiler.CodeRange, "Count must be between 0 and 99, not 1000000000", "")}},
		{"a negative count", cell("cards", "bolt", "count", -5),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Cards!C2", 0, E, compiler.CodeRange, "Count must be between 0 and 99, not -5", "")}},
		{"a word for a number", cell("heroes", "cid", "power", "lots"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!C2", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "lots"`, "")}},
		{"a fraction", cell("heroes", "cid", "power", 2.5),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!C2", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "2.5"`, "")}},
		{"an object for a structured cell", cell("cards", "spark", "roll", map[string]any{}),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!H2", 0, E, compiler.CodeTables, "Roll holds {}, which no cell can", rebuild)}},
		{"a list of numbers", cell("heroes", "alice", "elements", []any{1, 2}),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!F3", 0, E, compiler.CodeTables, "Elements holds [1,2], which no cell can", rebuild)}},
		{"an unknown word in a list", cell("heroes", "alice", "elements", []any{"fire", "plasma"}),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!F3", 7, E, compiler.CodeEnum, `Elements must be one of fire, water, earth, not "plasma"`, "")}},
		{"a reference to nothing", cell("heroes", "cid", "home", "atlantis"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!D2", 0, E, compiler.CodeUnknownRef, `no Places row is called "atlantis"`, "")}},
		{"an effect that does not check", cell("cards", "spark", "effect", "gian(1)"),
			[]diag.JSONDiagnostic{dg("base.xlsx:Cards!E2", 1, E, compiler.CodeEffectType, `unknown verb "gian"`, `did you mean "gain"?`)}},
		{"the game's own rule", cell("heroes", "cid", "home", "wilds"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!D2", 0, E, codeToyHome, `Cid lives in "wilds", a wild, not a town`, "heroes start in a town")}},
		{"a control character", cell("heroes", "cid", "name", "C\x1bid"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!B2", 2, E, compiler.CodeControl, "Name holds a control character, U+001B (ESC), which no card can print", controlHint)}},
		{"a column the sheet lacks", cell("heroes", "cid", "wings", 2),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!2", 0, E, compiler.CodeTables, `row "cid" holds a value for "wings", a column its sheet does not have`, rebuild)}},
		{"an ID that differs from its cell", cell("heroes", "cid", "id", "dic"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!A2", 0, E, compiler.CodeTables, `row "cid" has ID "dic" in its cells`, rebuild)}},
		{"a cell too long", cell("heroes", "cid", "bio", string(make([]byte, 9000))),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!G2", 0, E, compiler.CodeTables, "Bio holds 9000 characters; the limit is 8000", rebuild)}},
		{"a row out of the sheet", func(doc map[string]any) {
			rowOf(doc, "heroes", "cid")["src"].(map[string]any)["row"] = 1e7
		}, []diag.JSONDiagnostic{dg("exp.xlsx:Heroes", 0, E, compiler.CodeTables, `row "cid" of sheet Heroes is at row 10000000, which is not a data row deckwright reads`, rebuild)}},
		{"a source that is not there", func(doc map[string]any) {
			rowOf(doc, "heroes", "cid")["src"].(map[string]any)["source"] = 9
		}, []diag.JSONDiagnostic{dg("tables.json", 0, E, compiler.CodeTables, `row "cid" of sheet "heroes" points at source 9, which the tables do not have`, rebuild)}},
		{"a column far away", func(doc map[string]any) {
			sourceOf(doc, "heroes", 1)["columns"].(map[string]any)["power"] = "ZZZ"
		}, []diag.JSONDiagnostic{dg("exp.xlsx:Heroes", 0, E, compiler.CodeTables, `column Power of sheet Heroes is at "ZZZ", which is not a column deckwright reads`, rebuild)}},
		{"the ID column far away", func(doc map[string]any) {
			sourceOf(doc, "heroes", 1)["columns"].(map[string]any)["id"] = "ZZZ"
		}, []diag.JSONDiagnostic{dg("exp.xlsx:Heroes", 0, E, compiler.CodeTables, `column ID of sheet Heroes is at "ZZZ", which is not a column deckwright reads`, rebuild)}},
		{"the ID column at no letter", func(doc map[string]any) {
			sourceOf(doc, "heroes", 1)["columns"].(map[string]any)["id"] = "1"
		}, []diag.JSONDiagnostic{dg("exp.xlsx:Heroes", 0, E, compiler.CodeTables, `column ID of sheet Heroes is at "1", which is not a column deckwright reads`, rebuild)}},
		{"a null source", func(doc map[string]any) {
			for _, sh := range doc["sheets"].([]any) {
				if sh := sh.(map[string]any); sh["key"] == "heroes" {
					sh["sources"].([]any)[1] = nil
				}
			}
		}, []diag.JSONDiagnostic{dg("tables.json", 0, E, compiler.CodeTables, `sheet "heroes": source 1 is null`, rebuild)}},
		{"a duplicated ID", cell("heroes", "cid", "id", "alice"),
			[]diag.JSONDiagnostic{dg("exp.xlsx:Heroes!A2", 0, E, compiler.CodeTables, `row "cid" has ID "alice" in its cells`, rebuild)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := tamper(t, data, tc.edit)
			out, l := compiler.Recheck(toy, tb, "tables.json", compiler.DefaultLimits, true)
			assertDiags(t, l, tc.want...)
			assert.Nil(t, out)
		})
	}
}

func rowOf(doc map[string]any, sheetKey, id string) map[string]any {
	for _, s := range doc["sheets"].([]any) {
		sh := s.(map[string]any)
		if sh["key"] != sheetKey {
			continue
		}
		for _, row := range sh["rows"].([]any) {
			if rw := row.(map[string]any); rw["id"] == id {
				return rw
			}
		}
	}
	panic("no row " + id)
}

func sourceOf(doc map[string]any, sheetKey string, i int) map[string]any {
	for _, s := range doc["sheets"].([]any) {
		if sh := s.(map[string]any); sh["key"] == sheetKey {
			return sh["sources"].([]any)[i].(map[string]any)
		}
	}
	panic("no sheet " + sheetKey)
}

// FuzzLoadTables: whatever a tables.json holds — with its hash recomputed,
// as anyone can — Recheck never panics and stays within its budget; it
// gives tables or errors, never both or neither; and tables it gives come
// back unchanged through another build and Recheck.
func FuzzLoadTables(f *testing.F) {
	good := layeredTables(f)
	f.Add(good)
	for _, edit := range []func(map[string]any){
		cell("cards", "spark", "count", 1e9), cell("cards", "bolt", "count", -5), cell("heroes", "cid", "power", "lots"),
		cell("cards", "spark", "roll", map[string]any{}), cell("heroes", "alice", "elements", []any{1, []any{}}),
		func(doc map[string]any) { rowOf(doc, "heroes", "cid")["src"].(map[string]any)["source"] = -1 },
		func(doc map[string]any) { sourceOf(doc, "heroes", 1)["columns"].(map[string]any)["power"] = "A" },
		func(doc map[string]any) { doc["layers"] = []any{} },
	} {
		var doc map[string]any
		require.NoError(f, json.Unmarshal(good, &doc))
		edit(doc)
		data, err := json.Marshal(doc)
		require.NoError(f, err)
		f.Add(data)
	}
	f.Add([]byte(`{"sheets":[{"key":"heroes","rows":[{"id":"x","src":{"source":0,"row":2},"cells":{"power":1e999}}]}]}`))
	// Every value of the good tables replaced, one at a time, by what byte
	// mutations rarely reach: null, an empty value, a negative number.
	for _, data := range fuzzseed.JSONVariants(good, 0) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<20 {
			return
		}
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 256 << 20, Time: 10 * time.Second}, func() {
			var tb table.Tables
			if json.Unmarshal(data, &tb) != nil {
				return
			}
			tb.Game = toyGame
			enc, err := tb.Encode()
			if err != nil {
				return
			}
			dec, err := table.Decode(enc, toySchema)
			if err != nil {
				return
			}
			out, l := compiler.Recheck(toy, dec, "tables.json", fuzzLimits, true)
			if (out == nil) != (l.Errors() > 0) {
				t.Fatalf("Recheck gave tables %v with %d errors", out != nil, l.Errors())
			}
			codes := map[diag.Code]bool{}
			for _, e := range diag.Catalog() {
				codes[e.Code] = true
			}
			for _, d := range l.Items() {
				if !codes[d.Code] || d.Message == "" {
					t.Fatalf("%s: an unregistered code or no message", d)
				}
			}
			if out == nil {
				return
			}
			first, err := out.Encode()
			if err != nil {
				t.Fatal(err)
			}
			again, err := table.Decode(first, toySchema)
			if err != nil {
				t.Fatalf("tables Recheck gave do not decode: %v", err)
			}
			out2, l2 := compiler.Recheck(toy, again, "tables.json", fuzzLimits, true)
			if out2 == nil {
				t.Fatalf("tables Recheck gave fail it again: %v", l2.Items())
			}
			second, _ := out2.Encode()
			if string(first) != string(second) {
				t.Fatalf("Recheck is not stable")
			}
		})
	})
}
