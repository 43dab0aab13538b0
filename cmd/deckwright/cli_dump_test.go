package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// dump shows what reading could not read in its text and says why on
// standard error, still exit 0 (git diff fails on a textconv that exits
// otherwise); a workbook read whole prints nothing there.
func TestDumpSaysWhatItCouldNotRead(t *testing.T) {
	dir := newProject(t, "my-exp")
	file := filepath.Join(dir, "my-exp.xlsx")
	r := dw(t, "dump", file)
	requireExit(t, exitOK, r)
	assert.Empty(t, r.stderr)

	cells := editRow(t, file, "Heroes", "nadia-volkova", map[string]any{"Abilities": strings.Repeat("long ", 1700)})
	r = dw(t, "dump", file)
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "\nAbilities: (cut: 8500 characters, more than deckwright reads; sha256 ")
	assert.Equal(t, "my-exp.xlsx:Heroes!"+cells["Abilities"]+": error[DW0108]: the cell holds 8500 characters; the limit is 8000\n"+
		"  hint: no card can print this much: shorten it\n1 error, 0 warnings\n", r.stderr)
}
