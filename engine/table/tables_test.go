package table_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

var schema = &table.Schema{
	Game: "toy", Title: "Toy",
	Sheets: []table.Sheet{
		{Name: "Common Items", Deck: true, Aliases: []string{"Items"}, Columns: []table.Column{
			{Name: "Cost", Type: table.TRange(0, 9)},
			{Name: "Keywords", Type: table.TList(table.TRef("keywords"))},
			{Name: "Start City", Type: table.TRef("spaces")},
		}},
		{Name: "Keywords", Columns: []table.Column{{Name: "Kind", Type: table.TEnum("gear", "ally")}}},
	},
	Domains: []table.Domain{
		{Name: "keyword", Sheet: "keywords"},
		{Name: "gear", Sheet: "keywords", WhereColumn: "kind", WhereValue: "Gear"},
		{Name: "skill", Static: []string{"Combat", "Agility"}},
	},
}

// sample builds tables by hand, as a test of the engine would.
func sample() *table.Tables {
	items := &table.Table{Key: "common_items", Name: "Common Items", Columns: []string{"id", "name", "count", "cost", "keywords", "start_city"},
		Sources: []*table.Source{
			{File: "base.xlsx", Sheet: "Common Items", Layer: "base", Columns: map[string]string{"id": "A", "name": "B", "cost": "AB"}},
			{File: "exp.xlsx", Sheet: "Items", Layer: "exp", Columns: map[string]string{"id": "A", "keywords": "C"}},
		},
		Rows: []*table.Row{
			{ID: "rope", Src: table.RowSrc{Source: 0, Row: 2}, Cells: map[string]any{"id": "rope", "name": "Rope", "count": 2, "cost": 3, "keywords": []string{"gear"}, "flag": true, "note": "12"}},
			{ID: "dog", Src: table.RowSrc{Source: 1, Row: 7}, Cells: map[string]any{"id": "dog", "name": "Dog", "count": 1, "keywords": []string{"ally", "gear"}}},
		}}
	items.Bind()
	kw := &table.Table{Key: "keywords", Name: "Keywords", Columns: []string{"id", "name", "kind"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Keywords", Layer: "base", Columns: map[string]string{"id": "A"}}},
		Rows: []*table.Row{
			{ID: "gear", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"id": "gear", "name": "Gear", "kind": "gear"}},
			{ID: "ally", Src: table.RowSrc{Row: 3}, Cells: map[string]any{"id": "ally", "name": "Ally", "kind": "ally"}},
		}}
	kw.Bind()
	return &table.Tables{Game: "toy", Layers: []table.Layer{{ID: "base", Name: "Base", File: "base.xlsx"}, {ID: "exp", Name: "Exp", Requires: "base", File: "exp.xlsx"}},
		Sheets: []*table.Table{items, kw}}
}

func encode(t *testing.T, tb *table.Tables) []byte {
	t.Helper()
	b, err := tb.Encode()
	require.NoError(t, err)
	return b
}

func TestEncodeDeterministic(t *testing.T) {
	a := encode(t, sample())
	for range 10 {
		require.True(t, bytes.Equal(a, encode(t, sample())))
	}
	tb := sample()
	encode(t, tb)
	assert.Equal(t, table.Format, tb.Format)
	assert.Equal(t, table.Version, tb.Version)
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, tb.Hash)
	// The hash covers the content: encoding again after a change differs.
	tb.Sheets[0].Rows[0].Cells["cost"] = 4
	assert.NotEqual(t, a, encode(t, tb))
	// Text is not HTML-escaped: designers read these files.
	tb.Sheets[0].Rows[0].Cells["name"] = "Rope & <Hook>"
	assert.Contains(t, string(encode(t, tb)), `"Rope & <Hook>"`)
}

func TestDecodeRoundTrip(t *testing.T) {
	data := encode(t, sample())
	tb, err := table.Decode(data, schema)
	require.NoError(t, err)
	rope := tb.Table("common_items").Find("rope")
	require.NotNil(t, rope)
	// Types are restored: int, bool, string (even when it looks like a
	// number) and []string.
	assert.Equal(t, map[string]any{"id": "rope", "name": "Rope", "count": 2, "cost": 3, "keywords": []string{"gear"}, "flag": true, "note": "12"}, rope.Cells)
	assert.Equal(t, 3, rope.Int("cost"))
	assert.True(t, rope.Bool("flag"))
	assert.Equal(t, "12", rope.Str("note"))
	assert.Equal(t, []string{"gear"}, rope.List("keywords"))
	// Provenance survives: the position of a cell names its column letter.
	assert.Equal(t, diag.Pos{File: "base.xlsx", Sheet: "Common Items", Row: 2, Col: 28}, rope.Pos("Cost"))
	assert.Equal(t, "base.xlsx:Common Items!AB2", rope.Pos("cost").String())
	assert.Equal(t, "base", rope.Layer())
	dog := tb.Table("common_items").Find("dog")
	assert.Equal(t, "exp.xlsx:Items!C7", dog.Pos("keywords").String())
	assert.Equal(t, "exp.xlsx:Items!7", dog.Pos("cost").String(), "a column the layer's sheet lacks points at the row")
	assert.Equal(t, "exp.xlsx:Items!A7", dog.Where(), "a row is named by the cell of its ID")
	assert.Equal(t, "exp", dog.Layer())
	assert.Equal(t, sample().Layers, tb.Layers)
	assert.True(t, bytes.Equal(data, encode(t, tb)))
	// Without a schema, the game is not checked.
	_, err = table.Decode(data, nil)
	assert.NoError(t, err)
}

func TestDecodeRefuses(t *testing.T) {
	good := string(encode(t, sample()))
	tests := []struct {
		name, data, err string
	}{
		{"not JSON", "PK\x03\x04", "not an engine-tables file: invalid character 'P' looking for beginning of value"},
		{"empty", "", "not an engine-tables file: EOF"},
		{"other JSON", `{"name": "x"}`, `not an engine-tables file (format "", want "deckwright-tables")`},
		{"wrong format", strings.Replace(good, `"deckwright-tables"`, `"other-tables"`, 1), `not an engine-tables file (format "other-tables", want "deckwright-tables")`},
		{"newer version", strings.Replace(good, `"version": 1`, `"version": 2`, 1), "engine tables version 2; this deckwright reads version 1: rebuild them with `deckwright build`"},
		{"other game", strings.Replace(good, `"game": "toy"`, `"game": "fallen-land"`, 1), `engine tables are for game "fallen-land", not "toy"`},
		{"tampered cell", strings.Replace(good, `"cost": 3`, `"cost": 9`, 1), "engine tables were edited after they were built (hash sha256:"},
		{"tampered hash", strings.Replace(good, `"hash": "sha256:`, `"hash": "sha256:00`, 1), "engine tables were edited after they were built (hash sha256:00"},
		{"a null sheet", strings.Replace(good, `"sheets": [`, `"sheets": [null, `, 1), "engine tables are damaged: sheet 1 is null: rebuild them"},
		{"a null row", strings.Replace(good, `"rows": [`, `"rows": [null, `, 1), `engine tables are damaged: sheet "common_items", row 1 is null: rebuild them`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb, err := table.Decode([]byte(tt.data), schema)
			assert.Nil(t, tb)
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.err), err.Error())
		})
	}
}

func TestRowAccessors(t *testing.T) {
	r := &table.Row{ID: "x", Cells: map[string]any{"s": "a", "e": "", "n": 0, "b": false, "l": []string{}, "nil": nil}}
	assert.True(t, r.Has("s"))
	assert.False(t, r.Has("e"))
	assert.True(t, r.Has("n"), "a zero is a value")
	assert.True(t, r.Has("b"), "false is a value")
	assert.False(t, r.Has("l"))
	assert.False(t, r.Has("nil"))
	assert.False(t, r.Has("missing"))
	assert.Equal(t, "", r.Str("n"), "accessors of the wrong type give the zero value")
	assert.Equal(t, 0, r.Int("s"))
	assert.False(t, r.Bool("s"))
	assert.Nil(t, r.List("s"))
	// An unbound row still knows its row number.
	r.Src.Row = 9
	assert.Equal(t, diag.Pos{Row: 9}, r.Pos("s"))
	assert.Equal(t, "", r.Layer())

	tb := sample()
	assert.Nil(t, tb.Table("villains"))
	assert.Nil(t, tb.Rows("villains"))
	assert.Nil(t, tb.Table("keywords").Find("nope"))
	assert.Len(t, tb.Rows("keywords"), 2)
}

func TestSymbols(t *testing.T) {
	sy := table.NewSymbols(schema, sample())
	for _, name := range []string{"gear", "Gear", "GEAR", " g-e_a r"} {
		code, ok := sy.Resolve("keyword", name)
		assert.True(t, ok, name)
		assert.Equal(t, 0, code, name)
	}
	code, ok := sy.Resolve("keyword", "Ally")
	assert.True(t, ok)
	assert.Equal(t, 1, code)
	assert.Equal(t, []string{"Gear", "Ally"}, sy.Names("keyword"))
	assert.Equal(t, "Ally", sy.Name("keyword", 1))
	assert.Equal(t, "", sy.Name("keyword", 2))
	assert.Equal(t, "", sy.Name("keyword", -1))
	assert.Equal(t, "", sy.Name("nope", 0))
	// A filtered domain: rows whose column matches, ignoring case.
	assert.Equal(t, []string{"Gear"}, sy.Names("gear"))
	_, ok = sy.Resolve("gear", "ally")
	assert.False(t, ok)
	// A static domain, in declared order.
	code, ok = sy.Resolve("skill", "agility")
	assert.True(t, ok)
	assert.Equal(t, 1, code)
	_, ok = sy.Resolve("nope", "x")
	assert.False(t, ok)
	assert.Nil(t, sy.Names("nope"))
	// Without tables, sheet domains are empty and static ones full.
	sy = table.NewSymbols(schema, nil)
	assert.Empty(t, sy.Names("keyword"))
	assert.Equal(t, []string{"Combat", "Agility"}, sy.Names("skill"))
}

func TestUndeclaredKeyFailsLoudlyUnderTest(t *testing.T) {
	items := sample().Table("common_items")
	rope, dog := items.Find("rope"), items.Find("dog")
	msg := `table: Row.%s("costs") on row "dog" of sheet "common_items": the sheet declares no column "costs" (it has id, name, count, cost, keywords, start_city)`
	read := map[string]func(r *table.Row, key string) any{
		"Str":  func(r *table.Row, k string) any { return r.Str(k) },
		"Int":  func(r *table.Row, k string) any { return r.Int(k) },
		"Bool": func(r *table.Row, k string) any { return r.Bool(k) },
		"List": func(r *table.Row, k string) any { return r.List(k) },
		"Has":  func(r *table.Row, k string) any { return r.Has(k) },
		"Pos":  func(r *table.Row, k string) any { return r.Pos(k) },
	}
	for name, get := range read {
		t.Run(name, func(t *testing.T) {
			assert.PanicsWithValue(t, strings.Replace(msg, "%s", name, 1), func() { get(dog, "costs") },
				"a misspelled key fails loudly under test")
			assert.NotPanics(t, func() { get(dog, "cost") }, "a declared column left blank reads as blank")
			if name != "Pos" {
				assert.NotPanics(t, func() { get(rope, "flag") }, "the check is only made when the row has no value: it costs a hit nothing")
			}

			defer table.SetCheckKeys(false)()
			assert.NotPanics(t, func() { get(dog, "costs") }, "a designer's run never panics on our mistake")
		})
	}

	defer table.SetCheckKeys(false)()
	assert.Equal(t, "", dog.Str("costs"), "in a designer's run an undeclared key reads as blank")
	assert.Equal(t, 0, dog.Int("costs"))
	assert.False(t, dog.Has("costs"))
	assert.Equal(t, diag.Pos{File: "exp.xlsx", Sheet: "Items", Row: 7}, dog.Pos("costs"), "and points at the row")
}

func TestDeclares(t *testing.T) {
	items := sample().Table("common_items")
	dog := items.Find("dog")
	for _, tc := range []struct {
		key  string
		want bool
	}{
		{"cost", true},
		{"start_city", true},
		{"id", true},
		{"costs", false},
		{"Cost", false}, // keys, not column names
		{"", false},
	} {
		assert.Equal(t, tc.want, dog.Declares(tc.key), tc.key)
		assert.Equal(t, tc.want, items.Declares(tc.key), tc.key)
	}
	assert.True(t, (&table.Row{ID: "loose"}).Declares("anything"), "a row not bound to a table has nothing to check against")
	assert.True(t, (&table.Table{Key: "by-hand"}).Declares("anything"), "nor a table without Columns")
	assert.NotPanics(t, func() { dog.Pos(table.ColChange); dog.Pos(table.ColDisabled); dog.Pos("") },
		"Change and Disabled are declared by every sheet though the tables leave them out")
}
