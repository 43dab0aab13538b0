package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
)

// TestSimHelpListsVariants: `deckwright sim --help` lists every variant of
// both games with what it does.
func TestSimHelpListsVariants(t *testing.T) {
	var out, errb bytes.Buffer
	require.Zero(t, run([]string{"sim", "--help"}, &out, &errb), errb.String())
	help := out.String()
	for _, vs := range []map[string]string{fng.VariantNames(), fallenland.VariantNames()} {
		for name, doc := range vs {
			assert.Contains(t, help, name)
			assert.Contains(t, help, doc)
		}
	}
	assert.Less(t, strings.Index(help, "Fortune and Glory:"), strings.Index(help, "Fallen Land:"))
}
