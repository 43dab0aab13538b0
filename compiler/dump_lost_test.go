package compiler_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// A sheet reading could not read (stored out of order, damaged) is shown
// by name in the dump: under git diff, its rows then read "not read", not
// gone.
func TestDumpShowsASheetNotRead(t *testing.T) {
	data := rawXLSX(t, strings.NewReader(`<row r="1">`+inlineCell("A1", "ID")+`</row><row r="3">`+inlineCell("A3", "c")+`</row><row r="2">`+inlineCell("A2", "b")+`</row>`))
	wb, l := compiler.ReadWorkbook("x.xlsx", data, compiler.DefaultLimits)
	require.Equal(t, 1, l.Len())
	var b strings.Builder
	require.NoError(t, compiler.Dump(&b, wb))
	assert.Equal(t, "# x.xlsx\n\n## Data\n(not read: deckwright validate says why)\n", b.String())
}
