package outfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file finished early is complete and closed on disk, its target still
// the old one, until Commit replaces every target; Abort removes it.
func TestBatchFinish(t *testing.T) {
	for _, tc := range []struct {
		name   string
		commit bool
		want   string
	}{
		{"committed", true, "new"},
		{"aborted", false, "old"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			paths := []string{filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")}
			for _, p := range paths {
				require.NoError(t, os.WriteFile(p, []byte("old"), 0o644))
			}
			b := NewBatch(nil)
			for _, p := range paths {
				f, err := b.Create(p)
				require.NoError(t, err)
				_, err = f.Write([]byte("new"))
				require.NoError(t, err)
				require.NoError(t, b.Finish(f))
				assert.Error(t, f.tmp.Close(), "finished: its temporary file is closed already")
				assert.Equal(t, "old", string(readAll(t, p)), "a finished file does not replace its target yet")
				assert.Equal(t, "new", string(readAll(t, f.tmp.Name())), "it is complete on disk")
			}
			if tc.commit {
				require.NoError(t, b.Commit())
			} else {
				b.Abort()
			}
			for _, p := range paths {
				assert.Equal(t, tc.want, string(readAll(t, p)))
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
			assert.Empty(t, left, "no temporary file is left")
		})
	}
}
