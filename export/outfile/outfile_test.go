package outfile

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/deckwright/deckwright/export/outfile/outfiletest"
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
		{name: "empty path", path: "", err: "no output file named: give a file name, or - for standard output"},
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
	t.Cleanup(restart)
	f.Abort()
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "good", string(got))
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	assert.Empty(t, left)
}

// diskFull is a writer that fails as a full disk does once it holds n bytes.
type diskFull struct {
	w io.Writer
	n int
}

func (d *diskFull) Write(p []byte) (int, error) {
	if len(p) <= d.n {
		d.n -= len(p)
		return d.w.Write(p)
	}
	n, _ := d.w.Write(p[:d.n])
	d.n = 0
	return n, &fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}
}

// TestFullDiskKeepsTheOldFile injects a disk that fills up mid-write: the
// error names the file and the cause, and the old content survives even
// when the caller ignores the write's error and commits anyway.
func TestFullDiskKeepsTheOldFile(t *testing.T) {
	for _, ignoreWriteError := range []bool{false, true} {
		t.Run(fmt.Sprintf("caller ignores the write error: %v", ignoreWriteError), func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "tables.json")
			require.NoError(t, os.WriteFile(target, []byte("the previous good tables"), 0o644))
			f, err := Create(target, nil)
			require.NoError(t, err)
			f.w = &diskFull{w: f.w, n: 10}
			_, err = f.Write(bytes.Repeat([]byte("x"), 100))
			require.Error(t, err)
			if !ignoreWriteError {
				f.Abort()
			} else {
				_, err = f.Write([]byte("more")) // the error sticks
				require.ErrorIs(t, err, syscall.ENOSPC)
				require.EqualError(t, f.Commit(), "cannot write "+target+": no space left on device")
			}
			assert.Equal(t, "the previous good tables", string(readAll(t, target)))
			assert.Equal(t, []string{"tables.json"}, names(t, dir), "no temporary file is left")
		})
	}
}

func TestStdoutWriteErrorIsReported(t *testing.T) {
	f, err := Create("-", &diskFull{w: io.Discard, n: 3})
	require.NoError(t, err)
	_, _ = fmt.Fprintf(f, "more than three bytes")
	require.EqualError(t, f.Commit(), "cannot write standard output: no space left on device")
	require.EqualError(t, WriteFile("-", []byte("data"), &diskFull{w: io.Discard}), "cannot write standard output: no space left on device")
}

// TestRealFullDisk writes onto a 64 KiB tmpfs (mounting needs root; the
// test is skipped only where mounting is impossible).
func TestRealFullDisk(t *testing.T) {
	dir := outfiletest.SmallDisk(t, 64<<10)
	target := filepath.Join(dir, "report.html")
	require.NoError(t, os.WriteFile(target, []byte("last week's report"), 0o644))
	err := WriteFile(target, bytes.Repeat([]byte("x"), 256<<10), nil)
	require.EqualError(t, err, "cannot write "+target+": no space left on device")
	assert.Equal(t, "last week's report", string(readAll(t, target)))
	assert.Equal(t, []string{"report.html"}, names(t, dir))

	// A disk full to the last byte: even a small write fails, at Sync or
	// at Close if not before.
	outfiletest.Fill(t, dir)
	err = WriteFile(target, []byte("tiny"), nil)
	require.EqualError(t, err, "cannot write "+target+": no space left on device")
	assert.Equal(t, "last week's report", string(readAll(t, target)))
	assert.Equal(t, []string{outfiletest.FillerName, "report.html"}, names(t, dir))
}

func TestOtherTargetsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	err := WriteFile(fifo, []byte("x"), nil)
	require.EqualError(t, err, "refusing to replace "+fifo+": it is a named pipe, not a regular file (name a new file, or - for standard output)")
	dangling := filepath.Join(dir, "dangling")
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere"), dangling))
	err = WriteFile(dangling, []byte("x"), nil)
	require.EqualError(t, err, "refusing to replace "+dangling+": it is a symbolic link, not a regular file (name a new file, or - for standard output)")
	_, err = os.Stat(filepath.Join(dir, "nowhere"))
	assert.True(t, os.IsNotExist(err), "nothing was written through the dangling link")
}

func TestLongNameGetsATemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, strings.Repeat("n", 250)+".pdf")
	require.NoError(t, WriteFile(target, []byte("pdf"), nil))
	assert.Equal(t, "pdf", string(readAll(t, target)))
}

// TestCommitAfterRemoveTemps: a signal handler removed the temporary file
// while a write was under way; the commit fails and the target stays, and
// a file another goroutine starts afterwards is refused, not left behind.
func TestCommitAfterRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.json")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	f, err := Create(target, nil)
	require.NoError(t, err)
	_, err = f.Write([]byte("new"))
	require.NoError(t, err)
	RemoveTemps()
	t.Cleanup(restart)
	err = f.Commit()
	require.ErrorIs(t, err, ErrStopped)
	assert.EqualError(t, err, "cannot write "+target+": stopped before it was written")
	assert.Equal(t, "old", string(readAll(t, target)))
	assert.Equal(t, []string{"out.json"}, names(t, dir))

	_, err = Create(filepath.Join(dir, "backs.pdf"), nil)
	assert.EqualError(t, err, "cannot write "+filepath.Join(dir, "backs.pdf")+": stopped before it was written")
	assert.ErrorIs(t, WriteFile(target, []byte("newer"), nil), ErrStopped)
	assert.Equal(t, "old", string(readAll(t, target)))
	assert.Equal(t, []string{"out.json"}, names(t, dir))
}

func readAll(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestNewFileFollowsTheUmask: a new file gets what the umask leaves of
// 0666, as os.Create gives; a replaced file keeps its own mode (above).
func TestNewFileFollowsTheUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	target := filepath.Join(t.TempDir(), "private.json")
	require.NoError(t, WriteFile(target, []byte("x"), nil))
	st, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}

// An input the program reads is never replaced, by whatever name the
// output gives it; other files, and the input once the program has
// forgotten it (a new file on a reused inode), are written.
func TestProtectedInputsAreRefused(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "exp.xlsx")
	require.NoError(t, os.WriteFile(book, []byte("the designer's work"), 0o644))
	hard := filepath.Join(dir, "hard.xlsx")
	require.NoError(t, os.Link(book, hard))
	other := filepath.Join(dir, "other.html")
	require.NoError(t, os.WriteFile(other, []byte("last run's report"), 0o644))
	Protect("a workbook this command reads", book, filepath.Join(dir, "missing.xlsx"))

	refused := func(path string) string {
		return "refusing to replace " + path + ": it is a workbook this command reads (name a new file, or - for standard output)"
	}
	dotted := dir + "/../" + filepath.Base(dir) + "/./exp.xlsx"
	tests := []struct{ name, path, err string }{
		{"the input", book, refused(book)},
		{"the input by another spelling", dotted, refused(dotted)},
		{"the input by a hard link", hard, refused(hard)},
		{"another file, replaced", other, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WriteFile(tt.path, []byte("report"), nil)
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tt.err)
			got, rerr := os.ReadFile(book)
			require.NoError(t, rerr)
			assert.Equal(t, "the designer's work", string(got), "the input is intact")
		})
	}
}
