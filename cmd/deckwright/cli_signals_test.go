package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
	cmd := exec.Command(binary(t), args...)
	if sigintIgnored {
		cmd = exec.Command("bash", append([]string{"-c", `trap '' INT; exec "$@"`, "bash", binary(t)}, args...)...)
	}
	return launch(t, cmd)
}

// launch starts cmd in the background, its output kept, and kills it at
// the end of the test if it is still running.
func launch(t *testing.T, cmd *exec.Cmd) *started {
	t.Helper()
	p := &started{cmd: cmd, done: make(chan error, 1)}
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
// and exits 130 — also when the run was started with SIGINT ignored, and
// when its terminal closes (SIGHUP) under a run whose output goes to a file.
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
		{"SIGHUP (the terminal closed), JSON report", syscall.SIGHUP, false, true},
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
// stops the same way. What it keeps is whole rounds: none if the signal
// came in the first (the usual case here: 300 games play in well under a
// second, the first round's paired games of every card take seconds),
// else the rounds finished, said so (TestImpactInterruptKeepsRounds stops
// one at an exact round).
func TestImpactRunStopsOnSignal(t *testing.T) {
	p := start(t, false, "sim", "--games", "300", "--impact", "all", "--json")
	time.Sleep(2500 * time.Millisecond)
	code, took := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	assert.Less(t, took, stopWithin)
	var rep struct {
		Games       int    `json:"games"`
		Partial     bool   `json:"partial"`
		PartialNote string `json:"partial_note"`
		ImpactRun   *struct {
			Interrupted bool `json:"interrupted"`
			Rounds      int  `json:"rounds"`
		} `json:"impact_run"`
		Cards []struct {
			ID     string          `json:"id"`
			Impact json.RawMessage `json:"impact"`
		} `json:"cards"`
	}
	require.NoError(t, json.Unmarshal(p.out.Bytes(), &rep))
	assert.True(t, rep.Partial)
	assert.Equal(t, 300, rep.Games)
	require.NotEmpty(t, rep.Cards)
	stderr := strings.TrimSuffix(lastLine(p.errOut.String()), "\n")
	assert.Equal(t, "deckwright: interrupted: "+rep.PartialNote, stderr)
	if rep.ImpactRun == nil {
		assert.Equal(t, "deckwright: interrupted: the report covers all 300 games, without the --impact measurements", stderr)
		for _, c := range rep.Cards {
			assert.Empty(t, c.Impact, "%s: no impact measured on cut-short rounds", c.ID)
		}
		return
	}
	assert.True(t, rep.ImpactRun.Interrupted)
	assert.GreaterOrEqual(t, rep.ImpactRun.Rounds, 1)
	assert.Regexp(t, `^deckwright: interrupted: the report covers all 300 games; --impact was interrupted in round \d+ and keeps the \d+ rounds? finished before it`, stderr)
}

// startEnv runs deckwright in the background with env added to its
// environment.
func startEnv(t *testing.T, env []string, args ...string) *started {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	return launch(t, cmd)
}

// wait waits for the process to end by itself and returns its exit code.
func (p *started) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(5 * time.Minute):
		t.Fatalf("still running after 5 minutes")
	}
	return p.cmd.ProcessState.ExitCode()
}

// impactJSON is what the interrupt tests read of a --json report.
type impactJSON struct {
	Games       int    `json:"games"`
	Partial     bool   `json:"partial"`
	PartialNote string `json:"partial_note"`
	ImpactRun   *struct {
		Adaptive    bool     `json:"adaptive"`
		Interrupted bool     `json:"interrupted"`
		BaseGames   int      `json:"base_games"`
		Paired      int      `json:"paired_games"`
		Rounds      int      `json:"rounds"`
		Cards       int      `json:"cards"`
		Precise     int      `json:"precise"`
		NotPrecise  []string `json:"not_precise"`
		Unmeasured  []string `json:"unmeasured"`
	} `json:"impact_run"`
	Cards []struct {
		ID     string `json:"id"`
		Impact *struct {
			Played  int             `json:"played"`
			Precise bool            `json:"precise"`
			Win     json.RawMessage `json:"win"`
			Rounds  json.RawMessage `json:"rounds"`
			Verdict string          `json:"verdict"`
		} `json:"impact"`
	} `json:"cards"`
}

// interruptCards are bundled cards an adaptive --impact measures in the
// interrupt tests: drawn often and rarely (its base played on for them).
const interruptCards = "jungle-cat,tommy-gun,the-spymaster,tibetan-mystic"

// TestImpactInterruptKeepsRounds: SIGTERM after an adaptive --impact's
// second round (the test hook sends it there, and holds the run until it
// lands, so the third round is the one cut short) keeps the two rounds
// finished: each card's 800 paired games (200, then 600) with its effect,
// none precise at ±0.5 points; the header says so in text, JSON and the
// HTML report, which is written (what it holds cost the run's games) —
// and the exit status is 130.
func TestImpactInterruptKeepsRounds(t *testing.T) {
	const note = "the report covers all 200 games; --impact was interrupted in round 3 and keeps the 2 rounds finished before it (7530 base games, 3200 paired): 0 of 4 cards' win effects precise to ±0.5 points, the others less precise"
	env := []string{"DECKWRIGHT_TEST_INTERRUPT=impact-round=2"}
	args := []string{"sim", "--games", "200", "--seed", "5", "--impact", interruptCards, "--impact-budget", "5M", "--impact-precision", "0.5"}
	t.Run("text and HTML", func(t *testing.T) {
		dir := t.TempDir()
		html := filepath.Join(dir, "report.html")
		require.NoError(t, os.WriteFile(html, []byte("last week's report"), 0o644))
		p := startEnv(t, env, append(args, "--report", html)...)
		code := p.wait(t)
		assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
		assert.Equal(t, "deckwright sim: impact: round 1, 0 of 4 cards precise\n"+
			"deckwright sim: impact: round 2, 0 of 4 cards precise\n"+
			"wrote "+html+" (partial: the run was interrupted)\n"+
			"deckwright: interrupted: "+note+"\n", withoutLogLines(p.errOut.String()))
		out := p.out.String()
		assert.True(t, strings.HasPrefix(out, "PARTIAL: "+note+"\n\nFortune and Glory — 200 competitive games"), out)
		assert.Contains(t, out, "\nadaptive, interrupted in round 3 (the 2 rounds before it kept, the one under way dropped): 0 of 4 cards' win effects to ±0.5 points (95%) within a budget of 5000000 games: 7530 games of the run's seeds as base, 3200 paired, in 2 rounds;")
		assert.Contains(t, out, "\nnot precise when interrupted (4): jungle-cat, tommy-gun, the-spymaster, tibetan-mystic\n")
		page := string(readFile(t, html))
		assert.Contains(t, page, "<b>PARTIAL:</b> the report covers all 200 games; --impact was interrupted in round 3 and keeps the 2 rounds finished before it (7530 base games, 3200 paired)")
		assert.Contains(t, page, "adaptive, interrupted in round 3 (the 2 rounds before it kept, the one under way dropped)")
		assert.Contains(t, page, "<td>800</td><td>±")
		assert.Empty(t, tempFiles(t, dir), "no temporary file is left")
	})
	t.Run("JSON", func(t *testing.T) {
		p := startEnv(t, env, append(args, "--json")...)
		code := p.wait(t)
		assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
		assert.Equal(t, "deckwright: interrupted: "+note+"\n", lastLine(p.errOut.String()))
		var rep impactJSON
		require.NoError(t, json.Unmarshal(p.out.Bytes(), &rep), "one JSON document: %s", p.out.String())
		assert.True(t, rep.Partial)
		assert.Equal(t, note, rep.PartialNote)
		require.NotNil(t, rep.ImpactRun)
		run := rep.ImpactRun
		assert.True(t, run.Adaptive)
		assert.True(t, run.Interrupted)
		assert.Equal(t, [5]int{2, 7530, 3200, 4, 0}, [5]int{run.Rounds, run.BaseGames, run.Paired, run.Cards, run.Precise})
		assert.Equal(t, strings.Split(interruptCards, ","), run.NotPrecise)
		measured := 0
		for _, c := range rep.Cards {
			if c.Impact == nil {
				continue
			}
			measured++
			assert.Equal(t, 800, c.Impact.Played, "%s: rounds 1 and 2, 200 and 600 games", c.ID)
			assert.False(t, c.Impact.Precise, c.ID)
			assert.NotEmpty(t, c.Impact.Win, c.ID)
			assert.NotEmpty(t, c.Impact.Verdict, c.ID)
		}
		assert.Equal(t, 4, measured)
	})
}

// withoutLogLines drops the progress lines a run prints every few seconds
// on a loaded machine (sim.Line's, and an impact round's games so far):
// the lines a test expects are the rest.
func withoutLogLines(s string) string {
	var keep []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(l, "deckwright sim: ") && (strings.Contains(l, " games of a budget of ") || strings.Contains(l, " games/s")) {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "")
}

// TestFixedImpactInterruptKeepsCards: a fixed --impact (--impact-games)
// interrupted as its fourth card's paired games begin keeps the cards
// whose paired games all finished — at least the first three it plays
// (cards are played in the order of their rows), each with the numbers of
// an uninterrupted run — names the others unmeasured, and
// exits 130 with a valid JSON report.
func TestFixedImpactInterruptKeepsCards(t *testing.T) {
	cards := "jungle-cat,tommy-gun,the-spymaster,tibetan-mystic,cursed-ground,jinxed"
	ids := strings.Split(cards, ",")
	// Enough games that each card's take several of the progress's tenths
	// of a second, which the hook reads.
	args := []string{"sim", "--games", "3000", "--seed", "5", "--impact", cards, "--impact-games", "3000", "--json"}
	whole := dw(t, args...)
	requireExit(t, exitOK, whole)
	var want impactJSON
	require.NoError(t, json.Unmarshal([]byte(whole.stdout), &want))

	p := startEnv(t, []string{"DECKWRIGHT_TEST_INTERRUPT=impact-card=3"}, args...)
	code := p.wait(t)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	var rep impactJSON
	require.NoError(t, json.Unmarshal(p.out.Bytes(), &rep), "one JSON document: %s", p.out.String())
	require.NotNil(t, rep.ImpactRun)
	run := rep.ImpactRun
	assert.True(t, run.Interrupted)
	kept := run.Cards
	require.GreaterOrEqual(t, kept, 3, "cards 1 to 3 finished before the signal")
	require.Less(t, kept, len(ids), "the signal came before the last card finished")
	require.Len(t, run.Unmeasured, len(ids)-kept)
	note := fmt.Sprintf("the report covers all 3000 games; --impact was interrupted and keeps the %d of 6 cards whose paired games had all finished", kept)
	assert.Equal(t, "deckwright: interrupted: "+note+"\n", lastLine(p.errOut.String()))
	assert.Equal(t, note, rep.PartialNote)
	byID := func(r impactJSON) map[string]int {
		m := map[string]int{}
		for i, c := range r.Cards {
			m[c.ID] = i
		}
		return m
	}
	at, wantAt := byID(rep), byID(want)
	measured := 0
	for _, id := range ids {
		got := rep.Cards[at[id]].Impact
		if slices.Contains(run.Unmeasured, id) {
			assert.Nil(t, got, "%s: not measured", id)
			continue
		}
		measured++
		w := want.Cards[wantAt[id]].Impact
		require.NotNil(t, got, id)
		assert.Equal(t, w.Played, got.Played, id)
		assert.JSONEq(t, withoutQ(t, w.Win), withoutQ(t, got.Win), "%s: the effect of the uninterrupted run (the q-values are over the cards kept)", id)
		assert.JSONEq(t, withoutQ(t, w.Rounds), withoutQ(t, got.Rounds), id)
	}
	assert.Equal(t, kept, measured)
}

// withoutQ is an effect's JSON without its q-value and significance,
// which depend on what else the run tested.
func withoutQ(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	delete(m, "q")
	delete(m, "significant")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
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
