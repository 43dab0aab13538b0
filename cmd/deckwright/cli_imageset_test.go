package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/export/outfile/outfiletest"
)

// An image export is one set of files: when the disk fills up after its
// first files were written, every file of the folder keeps its previous
// content — never a set half of this export and half of the last, which a
// print shop would take as it is.
func TestImageExportOnAFullDiskKeepsTheWholeSet(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string // without -o
	}{
		{"export png", []string{"export", "png", "--cards", "trusty-revolver,tommy-gun,ancient-puzzle", "--dpi", "150", "--quiet"}},
		{"export tts", []string{"export", "tts", "--deck", "gear", "--dpi", "150", "--quiet"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The export's files, written where there is room: their names
			// and the largest one's size.
			ref := t.TempDir()
			requireExit(t, exitOK, dw(t, append(tc.args, "-o", ref)...))
			entries, err := os.ReadDir(ref)
			require.NoError(t, err)
			require.Greater(t, len(entries), 2)
			largest, total := int64(0), int64(0)
			var names []string
			for _, e := range entries {
				info, err := e.Info()
				require.NoError(t, err)
				largest, total = max(largest, info.Size()), total+info.Size()
				names = append(names, e.Name())
			}

			// The folder holds the last export (here, each file's old
			// content), and the disk has room for the largest file and a
			// little, not for the whole set: the first file fits.
			disk := outfiletest.SmallDisk(t, 4<<20)
			out := filepath.Join(disk, "out")
			require.NoError(t, os.Mkdir(out, 0o755))
			for _, n := range names {
				require.NoError(t, os.WriteFile(filepath.Join(out, n), []byte(oldContent), 0o644))
			}
			room := largest + 8<<10
			require.Less(t, room, total, "the set must not fit")
			spacer := filepath.Join(disk, "spacer")
			require.NoError(t, os.WriteFile(spacer, make([]byte, room), 0o644))
			outfiletest.Fill(t, disk)
			require.NoError(t, os.Remove(spacer))

			r := dw(t, append(tc.args, "-o", out)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Regexp(t, `^deckwright: cannot write `+regexpQuote(out)+`/\S+: no space left on device\n$`, lastLine(r.stderr))
			after, err := os.ReadDir(out)
			require.NoError(t, err)
			var left []string
			for _, e := range after {
				left = append(left, e.Name())
				assert.Equal(t, oldContent, string(readFile(t, filepath.Join(out, e.Name()))), "%s keeps the last export's content", e.Name())
			}
			slices.Sort(names)
			assert.Equal(t, names, left, "no temporary file is left, no file added")
		})
	}
}
