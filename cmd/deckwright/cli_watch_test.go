package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// syncBuffer is a buffer the watcher writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// watching is a watch running on a project, driven by real file writes.
type watching struct {
	t      *testing.T
	dir    string
	out    syncBuffer
	runs   chan int
	cancel context.CancelFunc
	done   chan error
	seen   int // output read so far
}

func startWatch(t *testing.T, dir string, f watchFlags) *watching {
	t.Helper()
	if f.debounce == 0 {
		f.debounce = 200 * time.Millisecond
	}
	w := &watching{t: t, dir: dir, runs: make(chan int, 16), done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	var errb syncBuffer
	go func() {
		w.done <- watchProject(ctx, &w.out, &errb, []string{dir}, &f, func(n int) { w.runs <- n })
	}()
	t.Cleanup(func() { w.stop() })
	w.next("the first run")
	return w
}

// next waits for the next run and returns what it printed.
func (w *watching) next(what string) string {
	w.t.Helper()
	select {
	case <-w.runs:
	case <-time.After(20 * time.Second):
		w.t.Fatalf("no run after %s; output so far:\n%s", what, w.out.String())
	}
	all := w.out.String()
	got := all[w.seen:]
	w.seen = len(all)
	return got
}

// quiet checks that no run follows, for a while.
func (w *watching) quiet(what string) {
	w.t.Helper()
	select {
	case <-w.runs:
		w.t.Fatalf("%s started a run:\n%s", what, w.out.String()[w.seen:])
	case <-time.After(1500 * time.Millisecond):
	}
}

func (w *watching) stop() {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
		select {
		case err := <-w.done:
			var ee *exitError
			if assert.ErrorAs(w.t, err, &ee) {
				assert.Equal(w.t, exitInterrupted, ee.code, "stopped by a signal")
			}
		case <-time.After(10 * time.Second):
			w.t.Error("watch did not stop")
		}
	}
}

// setCell edits a workbook cell as a spreadsheet program saving in place
// would: the file is rewritten where it is.
func setCell(t *testing.T, path, sheet, cell string, v any) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue(sheet, cell, v))
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
}

// saveAsRename edits a cell the way LibreOffice and Excel save: the new
// workbook goes to a temporary file beside the old one, under a name no
// reader wants, and is renamed over it.
func saveAsRename(t *testing.T, path, sheet, cell string, v any) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue(sheet, cell, v))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	require.NoError(t, f.Close())
	tmp := filepath.Join(filepath.Dir(path), "lu4711abcd.tmp")
	require.NoError(t, os.WriteFile(tmp, buf.Bytes(), 0o644))
	require.NoError(t, os.Rename(tmp, path))
}

func TestWatchReportsWhatChanged(t *testing.T) {
	dir := newProject(t, "arctic")
	base := filepath.Join(dir, "fng-base.xlsx")
	w := startWatch(t, dir, watchFlags{maxPerSheet: 20})
	assert.Contains(t, w.out.String(), "watching "+dir+" (Ctrl-C to stop)\nok: Fortune and Glory, 2 layers")

	// A save that breaks a cell: the problem, at its cell, with its hint.
	setCell(t, base, "Heroes", "G2", "lots")
	got := w.next("a broken cell")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nnew:\nfng-base.xlsx:Heroes!G2: error[DW0302]: Combat must be a whole number, not \"lots\"\n"+
		"1 new, 0 fixed; now 1 error, 0 warnings\n", got)

	// Another, saved the way LibreOffice saves (a temporary file renamed
	// over the workbook): only the new one is printed.
	saveAsRename(t, base, "Events", "J2", "gainGlroy(1)")
	got = w.next("a rename over the workbook")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nnew:\nfng-base.xlsx:Events!J2: error[DW0412]: unknown verb \"gainGlroy\"\n"+
		"    gainGlroy(1)\n    ^\n  hint: did you mean \"gainGlory\"?\n1 new, 0 fixed; now 2 errors, 0 warnings\n", got)

	// Lock files, temporary files and other files come and go: no run.
	for _, n := range []string{".~lock.fng-base.xlsx#", "~$fng-base.xlsx", "notes.txt", "fng-base.xlsx~", "4913", "cards.pdf"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644))
		require.NoError(t, os.Remove(filepath.Join(dir, n)))
	}
	w.quiet("lock and temporary files")

	// A fix: only the fixed problem.
	setCell(t, base, "Heroes", "G2", 4)
	got = w.next("a fix")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nfixed: fng-base.xlsx:Heroes!G2: error[DW0302]: Combat must be a whole number, not \"lots\"\n"+
		"0 new, 1 fixed; now 1 error, 0 warnings\n", got)

	// Many writes in a row (an editor saving in steps): one run, once the
	// writing stops. A save that changes nothing says so.
	same := readFile(t, base)
	for range 5 {
		require.NoError(t, os.WriteFile(base, same, 0o644))
		time.Sleep(20 * time.Millisecond)
	}
	got = w.next("a burst of writes")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nno change: 1 error, 0 warnings\n", got)
	w.quiet("the end of a burst")

	// A file emptied and written only later (exceljs saves so): the run
	// waits for the whole file instead of reporting it empty.
	data := readFile(t, base)
	require.NoError(t, os.WriteFile(base, nil, 0o644))
	time.Sleep(600 * time.Millisecond)
	saveTo := filepath.Join(t.TempDir(), "b.xlsx")
	require.NoError(t, os.WriteFile(saveTo, data, 0o644))
	saveAsRename(t, saveTo, "Events", "J2", "gainGlory(1)")
	require.NoError(t, os.WriteFile(base, readFile(t, saveTo), 0o644))
	got = w.next("a slow save")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nfixed: fng-base.xlsx:Events!J2: error[DW0412]: unknown verb \"gainGlroy\"\n"+
		"0 new, 1 fixed; now 0 errors, 0 warnings\n", got)

	// A problem that moves with its row (rows inserted above) is the same
	// problem, not a new one.
	setCell(t, base, "Heroes", "G3", "x")
	w.next("a second broken cell")
	f, err := excelize.OpenFile(base)
	require.NoError(t, err)
	require.NoError(t, f.InsertRows("Heroes", 2, 1))
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
	got = w.next("rows inserted")
	assert.Equal(t, "\n— fng-base.xlsx saved —\nno change: 1 error, 0 warnings\n", got)

	w.stop()
	assert.True(t, strings.HasSuffix(w.out.String(), "stopped watching\n"))
}

// A CSV workbook is watched as its files change, and --sim plays games
// after every clean run.
func TestWatchCSVWorkbookAndSim(t *testing.T) {
	dir := newProject(t, "arctic")
	csvDir := filepath.Join(dir, "frost")
	require.NoError(t, os.Mkdir(csvDir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(csvDir, "Set.csv"), []byte("ID,Name,Game,Requires\nfrost,Frost,fortune-and-glory,arctic\n"), 0o644))
	w := startWatch(t, dir, watchFlags{maxPerSheet: 20, simGames: 20})
	out := w.out.String()
	assert.Contains(t, out, "ok: Fortune and Glory, 3 layers")
	assert.Contains(t, out, "$ deckwright sim "+dir+" --games 20\n")
	assert.Contains(t, out, "— 20 competitive games", "the sim's summary follows the run")

	heroes := filepath.Join(csvDir, "Heroes.csv")
	require.NoError(t, os.WriteFile(heroes, []byte("ID,Name,Start City,Combat,Agility,Cunning,Lore,Wounds\nolga,Olga,london,x,3,3,3,6\n"), 0o644))
	got := w.next("a new CSV sheet")
	assert.Equal(t, "\n— Heroes.csv saved —\nnew:\nfrost:Heroes!D2: error[DW0302]: Combat must be a whole number, not \"x\"\n"+
		"1 new, 0 fixed; now 1 error, 0 warnings\n", got, "no sim while the content has errors")
	require.NoError(t, os.WriteFile(heroes, []byte("ID,Name,Start City,Combat,Agility,Cunning,Lore,Wounds\nolga,Olga,london,3,3,3,3,6\n"), 0o644))
	got = w.next("the fix")
	assert.True(t, strings.HasPrefix(got, "\n— Heroes.csv saved —\nfixed: frost:Heroes!D2: error[DW0302]: Combat must be a whole number, not \"x\"\n"+
		"0 new, 1 fixed; now 0 errors, 0 warnings\n$ deckwright sim "+dir+" --games 20\n"), got)
	assert.Contains(t, got, "Olga", "the sim plays the new hero")
}

// --export pdf writes the cards being edited: on the first run the
// expansion's layer, then the rows each save changed.
func TestWatchExportsTheCardsBeingEdited(t *testing.T) {
	dir := newProject(t, "arctic")
	exp := filepath.Join(dir, "arctic.xlsx")
	// The expansion gets one card of its own: the example Danger, enabled.
	f, err := excelize.OpenFile(exp)
	require.NoError(t, err)
	rows, err := f.GetRows("Dangers")
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue("Dangers", "E2", "FALSE"), "Disabled") // the example row
	require.Equal(t, "Disabled", rows[0][4])
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
	pdf := filepath.Join(t.TempDir(), "proof.pdf")
	w := startWatch(t, dir, watchFlags{maxPerSheet: 20, export: "pdf", out: pdf})
	out := w.out.String()
	assert.Contains(t, out, "$ deckwright export pdf "+dir+" -o "+pdf+" --layer arctic\n")
	require.FileExists(t, pdf)
	first := readFile(t, pdf)

	setCell(t, filepath.Join(dir, "fng-base.xlsx"), "Dangers", "J2", "A new text for the first Danger.")
	got := w.next("a card edited")
	id := cellOf(t, filepath.Join(dir, "fng-base.xlsx"), "Dangers", "A2")
	assert.Contains(t, got, "$ deckwright export pdf "+dir+" -o "+pdf+" --cards "+id+"\n")
	assert.NotEqual(t, first, readFile(t, pdf), "the PDF holds the edited card now")
	setCell(t, filepath.Join(dir, "fng-base.xlsx"), "Dangers", "J2", "A new text for the first Danger.")
	got = w.next("a save that changes no card")
	assert.Contains(t, got, "no card changed: "+pdf+" is as it was\n")
}

func cellOf(t *testing.T, path, sheet, cell string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	v, err := f.GetCellValue(sheet, cell)
	require.NoError(t, err)
	return v
}

func TestWatchUsage(t *testing.T) {
	dir := newProject(t, "arctic")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--export", "png", "-o", "x.png"}, "--export takes pdf, not \"png\""},
		{[]string{"--export", "pdf"}, "--export pdf needs a file to write: -o cards.pdf"},
		{[]string{"-o", "x.pdf"}, "-o names the file --export writes: add --export pdf"},
		{[]string{"--sim", "-1"}, "--sim must be 0 (off) or a number of games"},
		{[]string{"--sim-args", "--mode coop"}, "--sim-args needs --sim N"},
		{[]string{"--debounce", "-1s"}, "--debounce must be 0 or more"},
	} {
		r := dw(t, append([]string{"watch", dir}, tc.args...)...)
		requireExit(t, exitUsage, r, tc.args)
		assert.Contains(t, r.stderr, tc.msg)
	}
	r := dw(t, "watch", filepath.Join(dir, "missing"))
	requireExit(t, exitUsage, r)
	assert.Contains(t, r.stderr, "cannot watch "+filepath.Join(dir, "missing")+": no such file or directory")
}

// Ctrl-C stops watch cleanly: exit status 0, a last line, no trace.
func TestWatchCtrlC(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "deckwright")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	dir := newProject(t, "arctic")
	var stdout, stderr syncBuffer
	cmd := exec.Command(bin, "watch", dir)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stdout.String(), "ok: ") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	require.Contains(t, stdout.String(), "ok: ")
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	var ee *exec.ExitError
	require.ErrorAs(t, cmd.Wait(), &ee, stderr.String())
	assert.Equal(t, exitInterrupted, ee.ExitCode(), "a watch stopped by Ctrl-C exits 130, as every command a signal stops")
	assert.True(t, strings.HasSuffix(stdout.String(), "stopped watching\n"), stdout.String())
	assert.Empty(t, stderr.String())
}
