// Package outfile writes deckwright's output files so that nothing is lost:
// a file is written beside its target under a temporary name, synced, and
// renamed over the target only when complete. A failed or interrupted write
// leaves the previous file as it was. Only regular files are replaced: a
// device node, a symlink, a folder or a pipe at the target is refused, so
// `-o /dev/full` can never swap a device for a file. The path "-" writes to
// standard output instead.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// File is an output being written. Write to it, then Commit or Abort.
//
// The first failed Write is remembered: Commit then reports it and leaves
// the target untouched, so a caller that ignores Write's error (fmt.Fprintf
// into a File) still never commits a truncated file.
type File struct {
	path string
	tmp  *os.File // nil when writing to stdout
	w    io.Writer
	mode fs.FileMode
	err  error // the first write error
	done bool  // finished: complete on disk and closed, not yet renamed
}

// ErrNoPath is what Create says to an empty path (-o "").
var ErrNoPath = errors.New("no output file named: give a file name, or - for standard output")

// Create starts writing path, or stdout when path is "-". It refuses an
// empty path and a target that exists and is not a regular file.
func Create(path string, stdout io.Writer) (*File, error) {
	switch path {
	case "":
		return nil, ErrNoPath
	case "-":
		return &File{path: "-", w: stdout}, nil
	}
	mode, err := check(path)
	if err != nil {
		return nil, err
	}
	// Created and tracked under the lock, so that RemoveTemps, called at
	// any moment by a signal handler, either sees the file or refuses it.
	mu.Lock()
	defer mu.Unlock()
	if stopped {
		return nil, fmt.Errorf("cannot write %s: %w", path, ErrStopped)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", path, unwrap(err))
	}
	temps[tmp.Name()] = true
	return &File{path: path, tmp: tmp, w: tmp, mode: mode}, nil
}

// ErrStopped is the error of a Create or Commit after RemoveTemps: the
// program is stopping, and writes nothing more.
var ErrStopped = errors.New("stopped before it was written")

// tempPattern names the temporary file after its target (".cards.pdf.123.tmp"),
// shortened so that a target whose name is near the system's limit still
// gets a temporary file.
func tempPattern(path string) string {
	base := filepath.Base(path)
	if len(base) > 100 {
		base = base[:100]
	}
	return "." + base + ".*.tmp"
}

// check returns the mode the new file gets (the old file's, or what the
// umask leaves of 0666, as os.Create would give) and refuses targets that
// are not regular files.
func check(path string) (fs.FileMode, error) {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0o666 &^ umask(), nil
	case err != nil:
		return 0, fmt.Errorf("cannot write %s: %v", path, unwrap(err))
	}
	if st.Mode().IsRegular() {
		if what := protected(st); what != "" {
			return 0, fmt.Errorf("refusing to replace %s: it is %s (name a new file, or - for standard output)", path, what)
		}
		return st.Mode().Perm(), nil
	}
	return 0, fmt.Errorf("refusing to replace %s: it is %s, not a regular file (name a new file, or - for standard output)", path, kind(st.Mode()))
}

// umask is the process's file mode creation mask, read without changing
// it (syscall.Umask would, for every goroutine at once); 022 where the
// system does not say.
func umask() fs.FileMode {
	data, err := os.ReadFile("/proc/self/status")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "Umask:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					return fs.FileMode(m) & fs.ModePerm
				}
			}
		}
	}
	return 0o022
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// Path is the target's path ("-" for standard output).
func (f *File) Path() string { return f.path }

// Write writes to the temporary file (or stdout). After a failure every
// later Write fails with the same error.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		// Name the target, never the temporary file the user did not ask for.
		f.err = &fs.PathError{Op: "write", Path: f.path, Err: unwrap(err)}
		return n, f.err
	}
	return n, nil
}

// Err is the first failed Write, worded as Commit would say it, or nil:
// for a caller whose writer returned an error to tell a failed write
// (the output's failure) from its own.
func (f *File) Err() error {
	if f.err == nil {
		return nil
	}
	if f.path == "-" {
		return fmt.Errorf("cannot write standard output: %v", unwrap(f.err))
	}
	return fmt.Errorf("cannot write %s: %v", f.path, unwrap(f.err))
}

// Commit makes the written bytes the target's content: sync, close, and
// rename over the target, then sync the folder so the rename survives a
// crash. On any failure (this one or an earlier Write's) the target is
// left untouched and the temporary file removed.
func (f *File) Commit() error {
	if err := f.finish(); err != nil {
		return err
	}
	return f.replace()
}

// finish makes the temporary file complete on disk (synced, closed, with
// the target's mode), or removes it and says why it cannot be. For
// standard output it reports a write that failed.
func (f *File) finish() error {
	if f == nil {
		return nil
	}
	if f.tmp == nil {
		if f.err != nil && f.path == "-" {
			return fmt.Errorf("cannot write standard output: %v", unwrap(f.err))
		}
		return nil
	}
	if f.done {
		return nil
	}
	err := f.err
	if err == nil {
		err = f.tmp.Chmod(f.mode)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if err == nil {
		err = f.tmp.Close()
	}
	if err != nil {
		f.Abort()
		return fmt.Errorf("cannot write %s: %v", f.path, unwrap(err))
	}
	f.done = true
	return nil
}

// replace renames a finished temporary file over the target, unless the
// target changed into something that is not a regular file meanwhile.
func (f *File) replace() error {
	if f == nil || f.tmp == nil {
		return nil
	}
	tmp := f.tmp.Name()
	f.tmp = nil
	// Under the lock: a target is never replaced once RemoveTemps has run.
	mu.Lock()
	defer mu.Unlock()
	delete(temps, tmp)
	if stopped {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", f.path, ErrStopped)
	}
	if _, err := check(f.path); err != nil { // the target changed while we wrote
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, f.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %v", f.path, unwrap(err))
	}
	syncDir(filepath.Dir(f.path))
	return nil
}

// syncDir makes a rename in dir durable. Not every system can sync a
// folder; the file itself is already synced, so a failure is ignored.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}

// Abort discards what was written; the target is left as it was. It is
// safe to call after Commit (it then does nothing) and more than once.
func (f *File) Abort() {
	if f == nil || f.tmp == nil {
		return
	}
	if !f.done {
		f.tmp.Close()
	}
	os.Remove(f.tmp.Name())
	untrack(f.tmp.Name())
	f.tmp = nil
}

// WriteFile writes data to path (or stdout for "-") atomically.
func WriteFile(path string, data []byte, stdout io.Writer) error {
	f, err := Create(path, stdout)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		if path == "-" {
			return fmt.Errorf("cannot write standard output: %v", unwrap(err))
		}
		return fmt.Errorf("cannot write %s: %v", path, unwrap(err))
	}
	return f.Commit()
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// The temporary files being written, so that an interrupted program can
// remove them (RemoveTemps) before it exits; stopped once it has.
var (
	mu      sync.Mutex
	temps   = map[string]bool{}
	stopped bool
)

func untrack(name string) {
	mu.Lock()
	defer mu.Unlock()
	delete(temps, name)
}

// RemoveTemps removes every temporary file not yet committed or aborted,
// and makes every later Create and Commit fail with ErrStopped: a signal
// handler calls it before exiting, while other goroutines may still be
// writing, and the targets stay as they were.
func RemoveTemps() {
	mu.Lock()
	defer mu.Unlock()
	stopped = true
	for name := range temps {
		os.Remove(name)
		delete(temps, name)
	}
}

// The files this program reads, which no output may replace: an output
// flag that names the designer's workbook, or a part merge is adding up,
// would otherwise lose it for good.
var (
	inputsMu sync.Mutex // not mu: check runs under mu in replace
	inputs   []input
)

type input struct {
	st   fs.FileInfo
	what string // "a workbook this command reads"
}

// Protect refuses every later Create or WriteFile whose target is one of
// paths (the same file by any name: a link, ./x, an absolute path); what
// says what the file is, for the message. Paths that cannot be read are
// skipped: the reader reports them.
func Protect(what string, paths ...string) {
	inputsMu.Lock()
	defer inputsMu.Unlock()
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		// A command that reloads (watch) keeps one entry a file, as the
		// file is now.
		if i := slices.IndexFunc(inputs, func(in input) bool { return os.SameFile(in.st, st) }); i >= 0 {
			inputs[i] = input{st, what}
			continue
		}
		inputs = append(inputs, input{st, what})
	}
}

// protected says what a target is when it is a protected input, or "".
func protected(st fs.FileInfo) string {
	inputsMu.Lock()
	defer inputsMu.Unlock()
	for _, in := range inputs {
		// The same inode, and unchanged since it was read: once a file is
		// deleted its inode may come back as a new file (tests run many
		// commands in one process), which is not the input.
		if os.SameFile(in.st, st) && in.st.ModTime().Equal(st.ModTime()) && in.st.Size() == st.Size() {
			return in.what
		}
	}
	return ""
}
