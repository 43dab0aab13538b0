package game

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

func TestBaseDescribesAGameByItsSchema(t *testing.T) {
	schema := &table.Schema{Game: "pips", Title: "Pips"}
	built := 0
	env := sync.OnceValue(func() *effects.Env { built++; return effects.NewEnv("pips", "test") })
	b := NewBase(schema, env)
	assert.Equal(t, 0, built, "an environment is built on first use, not when the module is declared")

	var m Module = struct {
		Base
		noValidation
	}{b, noValidation{}}
	assert.Equal(t, "pips", m.ID())
	assert.Equal(t, "Pips", m.Title())
	assert.Same(t, schema, m.Schema())
	envs := m.Envs()
	if assert.Len(t, envs, 1) {
		assert.Equal(t, "pips", envs[0].Name)
	}
	assert.Same(t, envs[0], Env(m, "pips"))
	assert.Nil(t, Env(m, "fng"))
	assert.Equal(t, 1, built, "built once, as the module's sync.OnceValue does")
}

type noValidation struct{}

func (noValidation) Validate(*Validation) {}

func TestMergeAWorkersCounters(t *testing.T) {
	into, from := []uint64{1, 2, 3}, []uint64{10, 0, 5}
	AddCounts(into, from)
	assert.Equal(t, []uint64{11, 2, 8}, into)
	cov := []uint32{0, 7}
	AddCounts(cov, []uint32{2, 1})
	assert.Equal(t, []uint32{2, 8}, cov)

	cards := []CardCounts{{Drawn: 1}, {Used: 2}}
	MergeEach(cards, []CardCounts{{Drawn: 2, Holders: 1}, {Used: 1}}, (*CardCounts).Merge)
	assert.Equal(t, []CardCounts{{Drawn: 3, Holders: 1}, {Used: 3}}, cards)
}

func TestCardReportsNameEachRatedCardAndItsDeck(t *testing.T) {
	sheet := func(name string, cols []string, rows ...*table.Row) *table.Table {
		letters := map[string]string{}
		for i, c := range cols {
			letters[c] = string(rune('A' + i))
		}
		tb := &table.Table{Key: table.Key(name), Name: name, Columns: cols,
			Sources: []*table.Source{{File: "base.xlsx", Sheet: name, Layer: "base", Columns: letters}}, Rows: rows}
		tb.Bind()
		return tb
	}
	enemies := sheet("Enemies", []string{"id", "name", "deck"},
		&table.Row{ID: "thug", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"name": "Thug", "deck": "nazi-enemies"}},
		&table.Row{ID: "snake", Src: table.RowSrc{Row: 3}, Cells: map[string]any{"name": "Snake"}})
	events := sheet("Events", []string{"id", "name"}, &table.Row{ID: "storm", Src: table.RowSrc{Row: 5}, Cells: map[string]any{"name": "Storm"}})
	heroes := sheet("Heroes", []string{"id", "name"}, &table.Row{ID: "jake", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"name": "Jake"}})
	cards := []*table.Row{enemies.Rows[0], enemies.Rows[1], heroes.Rows[0], events.Rows[0]}

	assert.Equal(t, []string{"nazi-enemies", "enemies", "heroes", "events"},
		[]string{DeckOf(cards[0]), DeckOf(cards[1]), DeckOf(cards[2]), DeckOf(cards[3])}, "the Deck column, else the sheet")

	var filled []int
	got := CardReports(cards, func(deck string) bool { return deck != "heroes" }, func(n int, r *CardReport) {
		filled = append(filled, n)
		r.Drawn = uint64(10 * n)
	})
	assert.Equal(t, []int{0, 1, 3}, filled, "by card number, the unrated left out")
	assert.Equal(t, []CardReport{
		{ID: "thug", Name: "Thug", Deck: "nazi-enemies", Layer: "base", Where: "base.xlsx:Enemies!A2"},
		{ID: "snake", Name: "Snake", Deck: "enemies", Layer: "base", Where: "base.xlsx:Enemies!A3", Drawn: 10},
		{ID: "storm", Name: "Storm", Deck: "events", Layer: "base", Where: "base.xlsx:Events!A5", Drawn: 30},
	}, got)
}
