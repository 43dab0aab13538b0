package main

import (
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// init names the expansion after its folder whatever the folder's script:
// the Name keeps every letter whole (it wrote "\ufffd\ufffdber Raschung",
// half of the Ü, invalid text in the workbook), and the ID keeps the
// letters under the accents ("uber-raschung", not "ber-raschung").
func TestInitNamesAnExpansionAfterAFolderInAnyScript(t *testing.T) {
	for _, tc := range []struct{ folder, id, name string }{
		{"über raschung", "uber-raschung", "Über Raschung"},
		{"Über-Raschung", "uber-raschung", "Über Raschung"},
		{"île_de_café", "ile-de-cafe", "Île De Café"},
		{"ēōā", "eoa", "Ēōā"},
		{"日本", "expansion", "日本"},
		{"dark-forest", "dark-forest", "Dark Forest"},
	} {
		t.Run(tc.folder, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), tc.folder)
			requireExit(t, exitOK, dw(t, "init", dir))
			path := filepath.Join(dir, tc.id+".xlsx")
			wb, l := compiler.ReadWorkbook(path, readFile(t, path), compiler.DefaultLimits)
			require.Zero(t, l.Len(), "%v", l.Items())
			set := wb.Sheet("Set")
			require.NotNil(t, set)
			require.GreaterOrEqual(t, len(set.Rows), 2)
			assert.Equal(t, []string{"ID", "Name"}, set.Rows[0][:2])
			assert.Equal(t, tc.id, set.Rows[1][0])
			assert.Equal(t, tc.name, set.Rows[1][1])
			assert.True(t, utf8.ValidString(set.Rows[1][1]))
			requireExit(t, exitOK, dw(t, "validate", dir))
		})
	}
}
