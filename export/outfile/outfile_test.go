package outfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	require.NoError(t, os.WriteFile(old, []byte("previous"), 0o600))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(old, link))

	tests := []struct {
		name, path, err string
		want            string // the target's content afterwards
	}{
		{name: "new file", path: filepath.Join(dir, "new.json"), want: "data"},
		{name: "replaces a regular file", path: old, want: "data"},
		{name: "refuses a symlink", path: link, err: "refusing to replace " + link + ": it is a symbolic link, not a regular file (name a new file, or - for standard output)", want: "data"},
		{name: "refuses a device", path: "/dev/null", err: "refusing to replace /dev/null: it is a device, not a regular file (name a new file, or - for standard output)"},
		{name: "refuses a folder", path: dir, err: "refusing to replace " + dir + ": it is a folder, not a regular file (name a new file, or - for standard output)"},
		{name: "empty path", path: "", err: "no output file named (an empty path)"},
		{name: "missing folder", path: filepath.Join(dir, "nope", "x.json"), err: "cannot write " + filepath.Join(dir, "nope", "x.json") + ": no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WriteFile(tt.path, []byte("data"), nil)
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
			} else {
				require.NoError(t, err)
			}
			if tt.want != "" {
				got, err := os.ReadFile(tt.path)
				require.NoError(t, err)
				assert.Equal(t, tt.want, string(got))
			}
		})
	}
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the symlink is still a symlink")
	st, err = os.Stat(old)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "a replaced file keeps its mode")
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	assert.Empty(t, left, "no temporary files are left")
}

func TestStdoutAndAbort(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, WriteFile("-", []byte("to stdout"), &out))
	assert.Equal(t, "to stdout", out.String())

	dir := t.TempDir()
	target := filepath.Join(dir, "cards.pdf")
	require.NoError(t, os.WriteFile(target, []byte("good"), 0o644))
	f, err := Create(target, nil)
	require.NoError(t, err)
	_, err = f.Write([]byte("half"))
	require.NoError(t, err)
	RemoveTemps() // as a signal handler would
	f.Abort()
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "good", string(got))
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	assert.Empty(t, left)
}
