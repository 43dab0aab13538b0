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
