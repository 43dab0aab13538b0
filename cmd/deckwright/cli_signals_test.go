package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// started is a deckwright process under way.
type started struct {
	cmd         *exec.Cmd
	out, errOut bytes.Buffer
	done        chan error
}

// start runs deckwright in the background; with sigintIgnored it starts
// with SIGINT ignored, as under nohup-like wrappers or trap ” INT.
func start(t *testing.T, sigintIgnored bool, args ...string) *started {
	t.Helper()
	p := &started{done: make(chan error, 1)}
	if sigintIgnored {
		p.cmd = exec.Command("bash", append([]string{"-c", `trap '' INT; exec "$@"`, "bash", binary(t)}, args...)...)
	} else {
		p.cmd = exec.Command(binary(t), args...)
	}
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.errOut
	require.NoError(t, p.cmd.Start())
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// stopWithin bounds how long a stopped run may take to exit. The promise
// is a second on a quiet machine (README "Interrupts"); the bound allows
// for a loaded CI machine. A run that plays on instead of stopping fails
// the other checks (exit 130, the games covered, the old file kept).
const stopWithin = 3 * time.Second

// waitFor polls until cond holds (the process reached the point a test
// interrupts it at), for at most a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop sends sig and returns the exit code and how long the process took
// to end.
func (p *started) stop(t *testing.T, sig syscall.Signal) (int, time.Duration) {
	t.Helper()
	t0 := time.Now()
	require.NoError(t, p.cmd.Process.Signal(sig))
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("still running 30 s after %v", sig)
	}
	return p.cmd.ProcessState.ExitCode(), time.Since(t0)
}

func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, n := range listDir(t, dir) {
		if strings.HasSuffix(n, ".tmp") {
			out = append(out, n)
		}
	}
	return out
}

// TestSimStopsOnSignal: SIGINT or SIGTERM stops a long sim within a
// second (the games under way finish), prints the report of the games
// finished marked partial (text or JSON), keeps the last HTML report
// instead of replacing it with a partial one, leaves no temporary file,
// and exits 130 — also when the run was started with SIGINT ignored.
func TestSimStopsOnSignal(t *testing.T) {
	for _, tc := range []struct {
		name          string
		sig           syscall.Signal
		sigintIgnored bool
		json          bool
	}{
		{"SIGINT, text report", syscall.SIGINT, false, false},
		{"SIGTERM, JSON report", syscall.SIGTERM, false, true},
		{"SIGINT while ignored at start", syscall.SIGINT, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			html := filepath.Join(dir, "report.html")
			require.NoError(t, os.WriteFile(html, []byte("last week's report"), 0o644))
			args := []string{"sim", "--games", "10000000", "--report", html}
			if tc.json {
				args = append(args, "--json")
			}
			p := start(t, tc.sigintIgnored, args...)
			// The report's temporary file exists once the games begin.
			waitFor(t, "the run to start", func() bool { return len(tempFiles(t, dir)) > 0 })
			time.Sleep(300 * time.Millisecond)
			code, took := p.stop(t, tc.sig)
			assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
			assert.Less(t, took, stopWithin, "stopped promptly")
			assert.Regexp(t, `^deckwright: `+regexpQuote(html)+` was not written: the run was interrupted\ndeckwright: interrupted: the report covers the first \d+ of 10000000 games\n$`, p.errOut.String())
			assert.Equal(t, "last week's report", string(readFile(t, html)))
			assert.Empty(t, tempFiles(t, dir), "no temporary file is left")
			if tc.json {
				var rep struct {
					Games          int  `json:"games"`
					Partial        bool `json:"partial"`
					GamesRequested int  `json:"games_requested"`
					Wins           map[string]int
				}
				require.NoError(t, json.Unmarshal(p.out.Bytes(), &rep), "one JSON document: %s", p.out.String())
				assert.True(t, rep.Partial)
				assert.Equal(t, 10000000, rep.GamesRequested)
				assert.Greater(t, rep.Games, 0)
				assert.Less(t, rep.Games, 10000000)
				wins := 0
				for _, n := range rep.Wins {
					wins += n
				}
				assert.LessOrEqual(t, wins, rep.Games, "the numbers are the finished games'")
				return
			}
			assert.Regexp(t, `^PARTIAL: the report covers the first \d+ of 10000000 games\n\nFortune and Glory — \d+ competitive games`, p.out.String())
		})
	}
}

// TestImpactRunStopsOnSignal: an impact run (paired games card by card)
// stops the same way; its half-measured impacts are dropped, not shown.
func TestImpactRunStopsOnSignal(t *testing.T) {
	// 300 games play in well under a second; the paired games of every
	// card then take minutes: the signal comes during them.
	p := start(t, false, "sim", "--games", "300", "--impact", "all", "--json")
	time.Sleep(2500 * time.Millisecond)
	code, took := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	assert.Less(t, took, stopWithin)
	assert.Equal(t, "deckwright: interrupted: the report covers all 300 games, without the --impact measurements\n", p.errOut.String())
	var rep struct {
		Games   int  `json:"games"`
		Partial bool `json:"partial"`
		Cards   []struct {
			ID     string          `json:"id"`
			Impact json.RawMessage `json:"impact"`
		} `json:"cards"`
	}
	require.NoError(t, json.Unmarshal(p.out.Bytes(), &rep))
	assert.True(t, rep.Partial)
	assert.Equal(t, 300, rep.Games)
	require.NotEmpty(t, rep.Cards)
	for _, c := range rep.Cards {
		assert.Empty(t, c.Impact, "%s: no impact measured on cut-short games", c.ID)
	}
}

// TestExportStopsOnSignal: an interrupted export exits 130 at once,
// leaves the previous PDF as it was and removes its temporary file.
func TestExportStopsOnSignal(t *testing.T) {
	dir := t.TempDir()
	pdf := filepath.Join(dir, "cards.pdf")
	require.NoError(t, os.WriteFile(pdf, []byte("last good PDF"), 0o644))
	p := start(t, false, "export", "pdf", "--layout", "single", "--quiet", "-o", pdf)
	waitFor(t, "the export to start writing", func() bool { return len(tempFiles(t, dir)) > 0 })
	code, took := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	assert.Less(t, took, stopWithin)
	assert.Equal(t, "\ndeckwright: stopped by SIGINT\n", p.errOut.String())
	assert.Equal(t, "last good PDF", string(readFile(t, pdf)))
	assert.Empty(t, tempFiles(t, dir), "no temporary file left")
}
