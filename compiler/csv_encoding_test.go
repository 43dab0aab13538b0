package compiler_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

func utf16File(text string, order binary.AppendByteOrder) []byte {
	out := []byte{0xFF, 0xFE}
	if order == binary.AppendByteOrder(binary.BigEndian) {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(text)) {
		out = order.AppendUint16(out, u)
	}
	return out
}

// Excel's "Unicode Text" (UTF-16 with its byte-order mark, tab-separated)
// reads as UTF-8 does; text in another encoding (Excel's plain "CSV" on
// Windows) is refused at the line of its first stray byte, saying which
// letter it likely was.
func TestReadCSVEncodings(t *testing.T) {
	const set = "ID,Name,Game,Requires\nbase,Base,toy-game,\n"
	const hint = `save it as "CSV UTF-8" (Excel) or with character set Unicode (UTF-8) (LibreOffice)`
	for _, tc := range []struct {
		name string
		data []byte
		want []string // the Keywords sheet's rows; nil when refused
		at   string   // where the refusal is
		diag string
	}{
		{"UTF-8", []byte("ID,Name\nfire,Fïre\n"), []string{"fire", "Fïre"}, "", ""},
		{"UTF-8 with a byte-order mark", []byte("\ufeffID,Name\nfire,Fïre\n"), []string{"fire", "Fïre"}, "", ""},
		{"UTF-16, little-endian, tabs", utf16File("ID\tName\r\nfire\tFïre 🔥\r\n", binary.LittleEndian), []string{"fire", "Fïre 🔥"}, "", ""},
		{"UTF-16, big-endian", utf16File("ID,Name\nfire,Fïre\n", binary.BigEndian), []string{"fire", "Fïre"}, "", ""},
		{"Windows-1252 on line 3", []byte("ID,Name\nfire,Fire\ntrap,Pi\xe8ge\n"), nil, "base:Keywords!3",
			`the CSV file is not UTF-8 text: line 3 has the byte 0xE8 (in Windows' Western encoding, "è")`},
		{"Windows-1252 quotes on line 2", []byte("ID,Name\nfire,\x93Fire\x94\n"), nil, "base:Keywords!2",
			`the CSV file is not UTF-8 text: line 2 has the byte 0x93 (in Windows' Western encoding, "“")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "base")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "Set.csv"), []byte(set), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "Keywords.csv"), tc.data, 0o644))
			wbs, l, err := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
			require.NoError(t, err)
			require.Len(t, wbs, 1)
			sheet := wbs[0].Sheet("Keywords")
			if tc.want == nil {
				assertDiags(t, l, dg(tc.at, 0, E, compiler.CodeDamaged, tc.diag, hint))
				assert.Nil(t, sheet)
				return
			}
			assertDiags(t, l)
			require.NotNil(t, sheet)
			assert.Equal(t, [][]string{{"ID", "Name"}, tc.want}, sheet.Rows)
		})
	}
}
