package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// TestCellNumbers: the numbers of a module's own grammar, each with the
// word written beside it (before, else after; "or" and the like name
// nothing) and the clause they make; a '-' is a sign unless it joins a
// range; digits inside a word or code are no number.
func TestCellNumbers(t *testing.T) {
	type num struct {
		value  int64
		number string // src[Start:End]
		word   string
		clause string // src[CallStart:CallEnd]
	}
	for _, tc := range []struct {
		src  string
		want []num
	}{
		{"Combat +5, Agility +1 on Chase", []num{{5, "5", "Combat", "Combat +5"}, {1, "1", "Agility", "Agility +1"}}},
		{"Combat +9, Survival +9, Diplomacy +9, Mechanical +9", []num{{9, "9", "Combat", "Combat +9"}, {9, "9", "Survival", "Survival +9"},
			{9, "9", "Diplomacy", "Diplomacy +9"}, {9, "9", "Mechanical", "Mechanical +9"}}},
		{"5 Mechanical or 6 Combat, psych", []num{{5, "5", "Mechanical", "5 Mechanical"}, {6, "6", "Combat", "6 Combat"}}},
		{"Agility 5+ x2 or Fight Enemies", []num{{5, "5", "Agility", "Agility 5+"}}},
		{"Tests -1", []num{{-1, "-1", "Tests", "Tests -1"}}},
		{"1-2", []num{{1, "1", "", "1"}, {2, "2", "", "2"}}},
		{"All +1", []num{{1, "1", "All", "All +1"}}},
		{"Fight Zombies", nil},
		{"", nil},
		{"Combat +9999999", nil},
	} {
		t.Run(tc.src, func(t *testing.T) {
			var got []num
			for _, l := range cellNumbers(tc.src) {
				got = append(got, num{l.Value, tc.src[l.Start:l.End], l.Verb, tc.src[l.CallStart:l.CallEnd]})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestSweepResolveCellNumbers: a number written in a module's own grammar
// — a Gear's Bonus — is swept by the word beside it or by its column, and
// each value is the cell with that number rewritten; the sign is kept;
// a name that finds none lists the numbers the row has.
func TestSweepResolveCellNumbers(t *testing.T) {
	schema := &table.Schema{Game: "g", Title: "Game", Sheets: []table.Sheet{
		{Name: "Gear", Deck: true, Columns: []table.Column{{Name: "Bonus", Type: table.TGrammar("modifiers")}, {Name: "Price", Type: table.TInt}}},
	}}
	gear := &table.Table{Key: "gear", Name: "Gear", Columns: []string{"id", "name", "count", "bonus", "price"},
		Sources: []*table.Source{{File: "exp.xlsx", Sheet: "Gear", Columns: map[string]string{"id": "A", "name": "B", "count": "C", "bonus": "D", "price": "E"}}},
		Rows: []*table.Row{
			{ID: "doom-cannon", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"id": "doom-cannon", "name": "Doom Cannon", "count": 1, "bonus": "Combat +5, Agility +1 on Chase"}},
			{ID: "lead-boots", Src: table.RowSrc{Row: 3}, Cells: map[string]any{"id": "lead-boots", "name": "Lead Boots", "count": 1, "bonus": "Agility -2"}},
			{ID: "twin-blades", Src: table.RowSrc{Row: 4}, Cells: map[string]any{"id": "twin-blades", "name": "Twin Blades", "count": 1, "bonus": "Combat +1, Combat +2 on Fight"}},
		}}
	gear.Bind()
	tables := &table.Tables{Game: "g", Sheets: []*table.Table{gear}}
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		in   string
		want SweepTarget
		edit string
		err  string
	}{
		{in: "cards.doom-cannon.combat=1..9", edit: "Combat +1, Agility +1 on Chase", want: SweepTarget{Address: "gear.doom-cannon.combat",
			Sheet: "Gear", ID: "doom-cannon", Name: "Doom Cannon", Column: "Bonus", Where: "exp.xlsx:Gear!D2", In: "Combat +5",
			What: "the 5 in Combat +5, doom-cannon's Bonus", Current: n(5)}},
		{in: "gear.doom-cannon.AGILITY=3", edit: "Combat +5, Agility +3 on Chase", want: SweepTarget{Address: "gear.doom-cannon.agility",
			Sheet: "Gear", ID: "doom-cannon", Name: "Doom Cannon", Column: "Bonus", Where: "exp.xlsx:Gear!D2", In: "Agility +1",
			What: "the 1 in Agility +1, doom-cannon's Bonus", Current: n(1)}},
		{in: "cards.doom-cannon.bonus#2=0", edit: "Combat +5, Agility +0 on Chase", want: SweepTarget{Address: "gear.doom-cannon.agility",
			Sheet: "Gear", ID: "doom-cannon", Name: "Doom Cannon", Column: "Bonus", Where: "exp.xlsx:Gear!D2", In: "Agility +1",
			What: "the 1 in Agility +1, doom-cannon's Bonus", Current: n(1)}},
		{in: "cards.lead-boots.bonus=-4..-1", edit: "Agility -4", want: SweepTarget{Address: "gear.lead-boots.agility",
			Sheet: "Gear", ID: "lead-boots", Name: "Lead Boots", Column: "Bonus", Where: "exp.xlsx:Gear!D3", In: "Agility -2",
			What: "the -2 in Agility -2, lead-boots's Bonus", Current: n(-2)}},
		{in: "cards.twin-blades.combat#2=4", edit: "Combat +1, Combat +4 on Fight", want: SweepTarget{Address: "gear.twin-blades.combat#2",
			Sheet: "Gear", ID: "twin-blades", Name: "Twin Blades", Column: "Bonus", Where: "exp.xlsx:Gear!D4", In: "Combat +2",
			What: "the 2 in Combat +2, twin-blades's Bonus", Current: n(2)}},

		{in: "cards.lead-boots.agility=1", err: `1 has another sign than the -2 written in Agility -2 (exp.xlsx:Gear!D3): Agility 1 would turn its meaning around; a sweep keeps the sign of a number written in a cell`},
		{in: "cards.doom-cannon.bonus=1", err: `doom-cannon's Bonus has 2 numbers written in it; name the one to sweep:
  gear.doom-cannon.combat   the 5 in Combat +5, exp.xlsx:Gear!D2
  gear.doom-cannon.agility  the 1 in Agility +1, exp.xlsx:Gear!D2`},
		{in: "cards.twin-blades.combat=1", err: `twin-blades's cells write combat with a number twice; name the one to sweep:
  gear.twin-blades.combat#1  the 1 in Combat +1, exp.xlsx:Gear!D4
  gear.twin-blades.combat#2  the 2 in Combat +2, exp.xlsx:Gear!D4`},
		{in: "cards.doom-cannon.cunning=1", err: `Gear has no column "cunning" and no number in doom-cannon's cells goes with "cunning" (its whole-number columns: Count, Price); the numbers written in its cells:
  gear.doom-cannon.combat   the 5 in Combat +5, exp.xlsx:Gear!D2
  gear.doom-cannon.agility  the 1 in Agility +1, exp.xlsx:Gear!D2`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			sw, err := ParseSweep(tc.in)
			require.NoError(t, err)
			got, err := sw.Resolve(schema, tables)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			_, _, column, text := got.Edit(sw.Values[0])
			assert.Equal(t, tc.edit, text)
			assert.Equal(t, "bonus", column)
			got.sheetKey, got.columnKey, got.src, got.start, got.end = "", "", "", 0, 0
			assert.Equal(t, tc.want, got)
		})
	}
}
