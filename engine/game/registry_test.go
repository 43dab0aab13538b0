package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

// named is a module with only a name.
type named struct{ id, title string }

func (m named) ID() string          { return m.id }
func (m named) Title() string       { return m.title }
func (named) Schema() *table.Schema { return &table.Schema{} }
func (named) Envs() []*effects.Env  { return nil }
func (named) Validate(*Validation)  {}

// withRegistry runs f on a registry of its own, restoring the real one.
func withRegistry(t *testing.T, ms ...Module) {
	saved := registry
	registry = nil
	t.Cleanup(func() { registry = saved })
	for _, m := range ms {
		Register(m)
	}
}

func TestRegistry(t *testing.T) {
	fng := named{"fortune-and-glory", "Fortune and Glory"}
	fl := named{"fallen-land", "Fallen Land"}
	withRegistry(t, fng, fl)
	assert.Equal(t, []Module{fng, fl}, Modules(), "in the order registered")
	assert.Equal(t, fng, Default(), "the first registered is the default game")
	assert.Equal(t, "fortune-and-glory, fallen-land", IDs())
	for name, want := range map[string]Module{
		"fortune-and-glory": fng, "Fortune and Glory": fng, "FORTUNE AND GLORY": fng, "fng": fng, "FnG": fng,
		"fallen-land": fl, "fallen land": fl, "Fallen_Land": fl, "fl": fl,
	} {
		assert.Equal(t, want, Lookup(name), name)
	}
	for _, name := range []string{"", "chess", "fortune", "f"} {
		assert.Nil(t, Lookup(name), name)
	}
	assert.PanicsWithValue(t, "game: Register called twice for fallen-land", func() { Register(named{"fallen-land", "Another"}) })
	assert.Panics(t, func() { Register(nil) })
	require.Len(t, Modules(), 2, "a refused registration adds nothing")
	ms := Modules()
	ms[0] = nil
	assert.Equal(t, fng, Default(), "Modules returns a copy")
}

func TestRegistryEmpty(t *testing.T) {
	withRegistry(t)
	assert.Nil(t, Default())
	assert.Empty(t, IDs())
}
