// Package outfiletest provides what tests of file writers need: a real
// disk that fills up.
package outfiletest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// SmallDisk mounts a tmpfs of size bytes in a new folder and returns the
// folder; it is unmounted when the test ends. Mounting needs root; where
// it is impossible the test is skipped (tests that must always run inject
// a failing writer or a file size limit instead).
func SmallDisk(t testing.TB, size int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "small-disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+strconv.Itoa(size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v: %s); the injected-writer tests cover a full disk", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// FillerName is the file Fill writes.
const FillerName = ".filler"

// Fill fills the disk holding dir (a SmallDisk) to the last byte.
func Fill(t testing.TB, dir string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, FillerName), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	for _, n := range []int{512, 64, 1} { // the last partial page
		for {
			if _, err := f.Write(chunk[:n]); err != nil {
				break
			}
		}
	}
}
