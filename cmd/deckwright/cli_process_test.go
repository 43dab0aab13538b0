package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// The deckwright binary, built once for the tests that need a real
// process: signals, file size limits.
var (
	binOnce sync.Once
	binPath string
	binErr  error
	binOut  []byte
)

func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "deckwright-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "deckwright")
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		binOut, binErr = cmd.CombinedOutput()
	})
	if binErr != nil {
		t.Fatalf("go build: %v\n%s", binErr, binOut)
	}
	return binPath
}

// proc is a finished deckwright process.
type proc struct {
	code           int
	stdout, stderr string
}

// runLimited runs deckwright with a file size limit of kib KiB, as a full
// disk would stop it (writes beyond it fail with "file too large").
func runLimited(t *testing.T, kib int, args ...string) proc {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"-c", `ulimit -f "$0" && exec "$@"`, strconv.Itoa(kib), binary(t)}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return proc{code: code, stdout: out.String(), stderr: errb.String()}
}
