package outfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/export/outfile/outfiletest"
)

// TestBatch: the files of one command replace their targets together or
// not at all: a failure writing any of them (a full disk at the last
// file, a target turned into a folder) leaves every target as it was
// and no temporary file behind.
func TestBatch(t *testing.T) {
	for _, tc := range []struct {
		name string
		// spoil makes the batch fail, given its files' paths; nil for none.
		spoil func(t *testing.T, files []*File, paths []string)
		want  string // Commit's error, "" for none
		kept  []bool // per target: still the old content
	}{
		{name: "all written", kept: []bool{false, false, false}},
		{name: "the last file's disk fills up", spoil: func(t *testing.T, files []*File, _ []string) {
			files[2].w = &diskFull{w: files[2].w, n: 1}
			_, _ = files[2].Write([]byte("more than a byte")) // a caller that ignores the error
		}, want: "cannot write {2}: no space left on device", kept: []bool{true, true, true}},
		{name: "the first file's disk fills up", spoil: func(t *testing.T, files []*File, _ []string) {
			files[0].w = &diskFull{w: files[0].w, n: 1}
			_, _ = files[0].Write([]byte("more than a byte"))
		}, want: "cannot write {0}: no space left on device", kept: []bool{true, true, true}},
		{name: "a target becomes a pipe while written", spoil: func(t *testing.T, _ []*File, paths []string) {
			require.NoError(t, os.Remove(paths[1]))
			require.NoError(t, syscall.Mkfifo(paths[1], 0o644))
		}, want: "refusing to replace {1}: it is a named pipe, not a regular file (name a new file, or - for standard output)", kept: []bool{false, true, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			for _, name := range []string{"cards.pdf", "cards-backs.pdf", "cards-2.pdf"} {
				p := filepath.Join(dir, name)
				require.NoError(t, os.WriteFile(p, []byte("old"), 0o644))
				paths = append(paths, p)
			}
			b := NewBatch(nil)
			var files []*File
			for _, p := range paths {
				f, err := b.Create(p)
				require.NoError(t, err)
				_, err = f.Write([]byte("new"))
				require.NoError(t, err)
				files = append(files, f)
			}
			if tc.spoil != nil {
				tc.spoil(t, files, paths)
			}
			err := b.Commit()
			if tc.want == "" {
				require.NoError(t, err)
			} else {
				require.EqualError(t, err, strings.NewReplacer("{0}", paths[0], "{1}", paths[1], "{2}", paths[2]).Replace(tc.want))
			}
			for i, p := range paths {
				if st, err := os.Stat(p); err == nil && !st.Mode().IsRegular() {
					continue // the pipe
				}
				want := "new"
				if tc.kept[i] {
					want = "old"
				}
				assert.Equal(t, want, string(readAll(t, p)), "%s", filepath.Base(p))
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
			assert.Empty(t, left, "no temporary file is left")
			b.Abort() // after Commit: nothing to do
		})
	}
}

// TestBatchAbort: an aborted batch (an export that failed half-way)
// leaves the targets as they were; files created after the abort start a
// new batch.
func TestBatchAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "cards.pdf")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	b := NewBatch(nil)
	f, err := b.Create(target)
	require.NoError(t, err)
	_, err = f.Write([]byte("half"))
	require.NoError(t, err)
	_, err = b.Create(filepath.Join(dir, "new.pdf"))
	require.NoError(t, err)
	b.Abort()
	require.NoError(t, b.Commit(), "an aborted batch commits nothing")
	assert.Equal(t, "old", string(readAll(t, target)))
	assert.Equal(t, []string{"cards.pdf"}, names(t, dir))
	_, err = b.Create("")
	assert.ErrorIs(t, err, ErrNoPath)
}

// TestBatchRealFullDisk: two files on a 64 KiB tmpfs, the second too big
// for it: neither target is replaced.
func TestBatchRealFullDisk(t *testing.T) {
	dir := outfiletest.SmallDisk(t, 64<<10)
	fronts, backs := filepath.Join(dir, "cards.pdf"), filepath.Join(dir, "cards-backs.pdf")
	for _, p := range []string{fronts, backs} {
		require.NoError(t, os.WriteFile(p, []byte("last week's"), 0o644))
	}
	b := NewBatch(nil)
	f, err := b.Create(fronts)
	require.NoError(t, err)
	_, _ = f.Write([]byte("small"))
	g, err := b.Create(backs)
	require.NoError(t, err)
	_, _ = g.Write(bytes.Repeat([]byte("x"), 256<<10))
	require.EqualError(t, b.Commit(), "cannot write "+backs+": no space left on device")
	assert.Equal(t, "last week's", string(readAll(t, fronts)))
	assert.Equal(t, "last week's", string(readAll(t, backs)))
	assert.Equal(t, []string{"cards-backs.pdf", "cards.pdf"}, names(t, dir))
}
