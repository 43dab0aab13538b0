package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
)

// TestSimHelpListsVariants: `deckwright sim --help` lists every variant of
// both games with what it does.
func TestSimHelpListsVariants(t *testing.T) {
	var out, errb bytes.Buffer
	require.Zero(t, run([]string{"sim", "--help"}, &out, &errb), errb.String())
	help := out.String()
	for _, m := range []game.Module{fng.Module, fallenland.Module} {
		for _, v := range m.(game.Simulator).SimSpec().Variants {
			assert.Contains(t, help, v.Name)
			assert.Contains(t, help, v.Help)
		}
	}
	assert.Less(t, strings.Index(help, "Fortune and Glory:"), strings.Index(help, "Fallen Land:"))
}
