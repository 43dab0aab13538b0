package compiler_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/table"
)

func buildToy(t *testing.T, books ...book) []byte {
	t.Helper()
	tb, l := compileBooks(t, compiler.Options{}, books...)
	assertDiags(t, l)
	require.NotNil(t, tb)
	enc, err := tb.Encode()
	require.NoError(t, err)
	return enc
}

func TestTablesDeterministic(t *testing.T) {
	exp := expBook("exp.xlsx", "exp", "base", sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town"), r("bob", "Bob", "5", "town", "replace")))
	first := buildToy(t, baseBook(), exp)
	for range 3 {
		// The same content gives the same bytes, whatever the order the
		// workbooks are named in.
		require.True(t, bytes.Equal(first, buildToy(t, exp, baseBook())), "identical input must give byte-identical tables")
	}
	assert.True(t, strings.HasPrefix(string(first), "{\n \"format\": \"deckwright-tables\",\n \"version\": 1,\n \"game\": \"toy-game\",\n \"hash\": \"sha256:"), string(first[:120]))

	// A change to one cell changes the hash.
	exp.sheets[1].rows[1][2] = "3"
	other := buildToy(t, baseBook(), exp)
	a, err := table.Decode(first, toySchema)
	require.NoError(t, err)
	b, err := table.Decode(other, toySchema)
	require.NoError(t, err)
	assert.NotEqual(t, a.Hash, b.Hash)
}

// Tables written by a build read back with every cell's Go type and every
// row's provenance, and encode to the same bytes again.
func TestTablesRoundTrip(t *testing.T) {
	exp := expBook("exp.xlsx", "exp", "base", sheet("Heroes", expHeroHeader, r("cid", "Cid", "2", "town")))
	enc := buildToy(t, baseBook(), exp)
	tb, err := table.Decode(enc, toySchema)
	require.NoError(t, err)
	alice := tb.Table("heroes").Find("alice")
	require.NotNil(t, alice)
	assert.Equal(t, map[string]any{"id": "alice", "name": "Alice", "power": 3, "home": "town", "brave": true, "class": "mage", "elements": []string{"fire", "water"}}, alice.Cells)
	assert.Equal(t, 3, alice.Int("power"))
	assert.True(t, alice.Bool("brave"))
	assert.Equal(t, []string{"fire", "water"}, alice.List("elements"))
	assert.Equal(t, "base.xlsx:Heroes!G2", alice.Pos("Elements").String())
	cid := tb.Table("heroes").Find("cid")
	assert.Equal(t, "exp", cid.Layer())
	assert.Equal(t, "exp.xlsx:Heroes!D2", cid.Pos("home").String())
	assert.Equal(t, 2, tb.Table("cards").Find("spark").Int("count"))

	again, err := tb.Encode()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(enc, again), "decode then encode gives the same bytes")

	// Symbols agree between the compiler and an engine loading the tables.
	sy := table.NewSymbols(toySchema, tb)
	code, ok := sy.Resolve("town", "town")
	assert.True(t, ok)
	assert.Equal(t, 0, code)
	_, ok = sy.Resolve("town", "The Wilds")
	assert.False(t, ok, "the town domain is narrowed to Kind = town")
	assert.Equal(t, []string{"Fire", "Trap"}, sy.Names("keyword"))
}
