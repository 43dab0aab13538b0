package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/export/outfile/outfiletest"
)

// TestGenKeepsTheOldWorkbook: gen -o onto a full disk, a symlink or a
// device fails with a message naming the file, and what was there stays.
func TestGenKeepsTheOldWorkbook(t *testing.T) {
	t.Chdir("..") // go generate runs gen in ./content
	set := content.Sets[0]
	const old = "the committed workbook"
	defer func(o string) { *out = o }(*out)

	t.Run("written", func(t *testing.T) {
		*out = filepath.Join(t.TempDir(), "base.xlsx")
		require.NoError(t, os.WriteFile(*out, []byte(old), 0o644))
		require.NoError(t, build(set))
		data, err := os.ReadFile(*out)
		require.NoError(t, err)
		assert.Equal(t, "PK\x03\x04", string(data[:4]), "an .xlsx (zip) replaced the old file")
	})
	t.Run("symlink", func(t *testing.T) {
		dir := t.TempDir()
		real := filepath.Join(dir, "real.xlsx")
		require.NoError(t, os.WriteFile(real, []byte(old), 0o644))
		*out = filepath.Join(dir, "link.xlsx")
		require.NoError(t, os.Symlink(real, *out))
		require.EqualError(t, build(set), "refusing to replace "+*out+": it is a symbolic link, not a regular file (name a new file, or - for standard output)")
		assertContent(t, real, old)
	})
	t.Run("device", func(t *testing.T) {
		*out = filepath.Join(t.TempDir(), "null")
		if err := syscall.Mknod(*out, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("cannot make a device node here: %v", err)
		}
		require.EqualError(t, build(set), "refusing to replace "+*out+": it is a device, not a regular file (name a new file, or - for standard output)")
	})
	t.Run("full disk", func(t *testing.T) {
		dir := outfiletest.SmallDisk(t, 1<<20)
		*out = filepath.Join(dir, "base.xlsx")
		require.NoError(t, os.WriteFile(*out, []byte(old), 0o644))
		outfiletest.Fill(t, dir)
		require.EqualError(t, build(set), "cannot write "+*out+": no space left on device")
		assertContent(t, *out, old)
	})
}

func assertContent(t *testing.T, path, want string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, string(data))
}
