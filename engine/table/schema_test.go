package table_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

func TestKey(t *testing.T) {
	for in, want := range map[string]string{
		"Start City": "start_city", "  Common Items ": "common_items", "ID": "id", "Deep-Jungle": "deep_jungle",
		"Fight Dice (x2)": "fight_dice_x2", "": "", "__": "", "Villain Events": "villain_events", "Größe": "gr_e",
	} {
		assert.Equal(t, want, table.Key(in), in)
	}
}

func TestSchemaLookup(t *testing.T) {
	for _, name := range []string{"Common Items", "common items", "common_items", "CommonItems", "Items", "items"} {
		sh := schema.Sheet(name)
		require.NotNil(t, sh, name)
		assert.Equal(t, "common_items", sh.Key())
	}
	assert.Nil(t, schema.Sheet("Villains"))
	sh := schema.Sheet("Items")
	require.NotNil(t, sh.Column("start city"))
	assert.Equal(t, "Start City", sh.Column("Start_City").Name)
	assert.Nil(t, sh.Column("ID"), "standard columns are not the sheet's own")
	assert.Equal(t, []string{"Common Items", "Keywords"}, schema.SheetNames())
	assert.NotNil(t, schema.Domain("skill"))
	assert.Nil(t, schema.Domain("Skill"))
}

func TestStandardColumns(t *testing.T) {
	names := func(cols []table.Column) []string {
		var out []string
		for _, c := range cols {
			out = append(out, c.Name)
		}
		return out
	}
	assert.Equal(t, []string{"ID", "Name", "Count", "Change", "Disabled"}, names(table.StandardColumns(&table.Sheet{Deck: true})))
	assert.Equal(t, []string{"ID", "Name", "Change", "Disabled"}, names(table.StandardColumns(&table.Sheet{})))
	assert.Equal(t, []string{"ID", "Name", "Count", "Change", "Disabled", "Cost", "Keywords", "Start City", "Art"}, names(table.AllColumns(&schema.Sheets[0])), "Art ends every sheet")
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		typ  table.Type
		want string
	}{
		{table.TString, "string"},
		{table.TText, "text"},
		{table.TInt, "whole number"},
		{table.TRange(-3, 12), "whole number -3–12"},
		{table.TBool, "TRUE or FALSE"},
		{table.TEnum("land", "sea"), "one of land, sea"},
		{table.TRef("keywords"), "ID of a Keywords row"},
		{table.TRef("villains"), "ID of a villains row"},
		{table.TList(table.TRef("common_items")), "comma-separated list of ID of a Common Items row"},
		{table.TEffect("fng"), "effect expression (fng)"},
		{table.TCondition("fng"), "condition expression (fng)"},
		{table.TGrammar("test"), "skill test"},
		{table.TGrammar("nope"), "nope"},
	}
	s := *schema
	s.Grammars = map[string]table.Grammar{"test": {Title: "skill test"}}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.typ.Describe(&s))
	}
	assert.Equal(t, "custom", table.Custom.String())
}

func TestWriteFormat(t *testing.T) {
	var b strings.Builder
	s := *schema
	s.Sheets = append([]table.Sheet{}, s.Sheets...)
	s.Sheets[0].Doc = "Things | to buy"
	s.Grammars = map[string]table.Grammar{"b": {Title: "B grammar", Doc: "second"}, "a": {Title: "A grammar", Doc: "first"}}
	require.NoError(t, table.WriteFormat(&b, &s))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "# Toy workbook format\n\n"))
	assert.Contains(t, out, "\n## Common Items (cards)\n\nThings | to buy\n\n| column | type | default | meaning | example |\n|---|---|---|---|---|\n| Cost | whole number 0–9 |  |  |  |\n")
	assert.Contains(t, out, "\n## Keywords (sheet)\n")
	assert.Contains(t, out, "| ID | string, required |  | stable identifier")
	assert.Contains(t, out, "## Set\n")
	assert.Less(t, strings.Index(out, "**A grammar**"), strings.Index(out, "**B grammar**"), "grammars in a stable order")
}
