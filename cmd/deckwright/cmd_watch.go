package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// watchFlags are the flags of watch.
type watchFlags struct {
	game        string
	strict      bool
	maxPerSheet int
	debounce    time.Duration
	simGames    int
	simArgs     string
	export      string
	out         string
	exportArgs  string
}

func newWatchCmd() *cobra.Command {
	var f watchFlags
	c := &cobra.Command{
		Use:   "watch [PATH...]",
		Short: "Re-validate on every save and print what changed: new and fixed problems",
		Long: `Watch validates the project (by default the current folder) and then again
every time a workbook is saved — from Excel, LibreOffice, a script or a text
editor — printing only what changed since the last run: the problems that
are new, each at its cell with its hint, and those that are fixed.

It follows the files a spreadsheet program saves (.xlsx, .ods, .fods, and
CSV files of a CSV workbook), through the way editors save: a new file
renamed over the old one, temporary files, lock files (~$x.xlsx,
.~lock.x.ods#), several writes in a row (it waits until the writing stops,
--debounce). A file caught half-written is read again on its next save.

With --sim N it also plays N games after every clean run and prints the
summary; with --export pdf -o FILE it writes the cards you are editing
(the rows changed since the last run; on the first run, the project's last
layer) to FILE. Ctrl-C stops it cleanly (exit status 130, as for every command a signal stops).`,
		Example: `  deckwright watch my-expansion/
  deckwright watch my-expansion/ --sim 200
  deckwright watch my-expansion/ --sim 500 --sim-args "--mode coop --players 2"
  deckwright watch my-expansion/ --export pdf -o proof.pdf --export-args "--proof"`,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if err := f.check(); err != nil {
				return err
			}
			// Ctrl-C is how watch ends: it stops cleanly, exit status 130
			// (watchSignals cancels the context of a graceful command).
			graceful.Store(true)
			defer graceful.Store(false)
			return watchProject(c.Context(), c.OutOrStdout(), c.ErrOrStderr(), args, &f, nil)
		},
	}
	fl := c.Flags()
	addGameFlag(c, &f.game)
	fl.BoolVar(&f.strict, "strict", false, "count warnings as errors: --sim and --export wait for none")
	fl.IntVar(&f.maxPerSheet, "max-per-sheet", 20, "on the first run, show at most N errors and N warnings per sheet (0: all)")
	fl.DurationVar(&f.debounce, "debounce", 300*time.Millisecond, "wait this long after the last change before validating")
	fl.IntVar(&f.simGames, "sim", 0, "after every clean run, play N games (0: no simulation)")
	fl.StringVar(&f.simArgs, "sim-args", "", "more 'deckwright sim' flags for --sim, in one quoted string")
	fl.StringVar(&f.export, "export", "", "after every clean run, export the cards being edited: pdf")
	fl.StringVarP(&f.out, "output", "o", "", "the file --export writes")
	fl.StringVar(&f.exportArgs, "export-args", "", "more 'deckwright export pdf' flags for --export, in one quoted string (--deck, --cards or --layer replace the cards being edited)")
	_ = c.RegisterFlagCompletionFunc("export", fixedCompletion("pdf"))
	return c
}

func (f *watchFlags) check() error {
	switch {
	case f.debounce < 0:
		return usageErr("--debounce must be 0 or more")
	case f.simGames < 0:
		return usageErr("--sim must be 0 (off) or a number of games")
	case f.maxPerSheet < 0:
		return usageErr("--max-per-sheet must be 0 or more")
	case f.export != "" && f.export != "pdf":
		return usageErr("--export takes pdf, not %q", f.export)
	case f.export != "" && f.out == "":
		return usageErr("--export pdf needs a file to write: -o cards.pdf")
	case f.export == "" && f.out != "":
		return usageErr("-o names the file --export writes: add --export pdf")
	case f.export == "" && f.exportArgs != "":
		return usageErr("--export-args needs --export pdf")
	case f.simGames == 0 && f.simArgs != "":
		return usageErr("--sim-args needs --sim N")
	}
	if f.out != "" && f.out != "-" && !strings.EqualFold(filepath.Ext(f.out), ".pdf") {
		return usageErr("-o %s: --export pdf writes a .pdf file", f.out)
	}
	return nil
}

// watchRun is what a run leaves for the next to compare with.
type watchRun struct {
	problems map[string]int // problem key → how many
	byKey    map[string][]diag.Diagnostic
	rows     map[string][32]byte // row ID → its content's hash
	layers   []table.Layer
	errors   int
	warnings int
}

// watchProject validates paths, then again whenever their workbooks
// change, until ctx is done. ran, when not nil, is told after each run
// (tests wait on it).
func watchProject(ctx context.Context, out, errw io.Writer, paths []string, f *watchFlags, ran func(n int)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return usageErr("cannot watch files: %v", err)
	}
	defer w.Close()
	dirs, err := watchDirs(paths)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if err := w.Add(d); err != nil {
			return usageErr("cannot watch %s: %v", d, err)
		}
	}
	fmt.Fprintf(out, "watching %s (Ctrl-C to stop)\n", strings.Join(paths, ", "))
	prev, err := watchOnce(ctx, out, errw, paths, f, nil, nil)
	if err != nil {
		return err
	}
	runs := 1
	if ran != nil {
		ran(runs)
	}
	changed := map[string]bool{} // base names, for the run's header
	files := map[string]bool{}   // paths, to see whether their writing is done
	var timer *time.Timer
	var fire <-chan time.Time
	var waitingSince time.Time
	var gone <-chan time.Time // while a folder watched is gone: look for it again
	arm := func() {
		if timer == nil {
			timer = time.NewTimer(f.debounce)
		} else {
			if !timer.Stop() {
				select {
				case <-timer.C:
				default:
				}
			}
			timer.Reset(f.debounce)
		}
		fire = timer.C
	}
	for {
		select {
		case <-ctx.Done():
			// Ctrl-C is how watch ends; the status says so, as for every
			// command a signal stops (130), so a script can tell.
			fmt.Fprintln(out, "stopped watching")
			return &exitError{code: exitInterrupted}
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintf(errw, "deckwright: watching: %v\n", err)
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Create) {
				// A new CSV workbook folder, or a templates folder.
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() && !strings.HasPrefix(filepath.Base(ev.Name), ".") {
					_ = w.Add(ev.Name)
				}
			}
			if ev.Op == fsnotify.Chmod || !watched(ev.Name) {
				continue
			}
			changed[filepath.Base(ev.Name)] = true
			files[ev.Name] = true
			if len(files) == 1 {
				waitingSince = time.Now()
			}
			// Editors write in several steps: wait until they stop.
			arm()
		case <-gone:
			gone = nil
			dirs, err := watchDirs(paths)
			if err != nil {
				gone = time.After(time.Second)
				continue
			}
			for _, d := range dirs {
				_ = w.Add(d) // a folder watched already is watched once
			}
			for _, p := range paths {
				changed[filepath.Base(p)] = true
			}
			arm()
		case <-fire:
			fire = nil
			// Some programs empty a file, then take a while to write it
			// (exceljs): wait, a few seconds at most, for a whole file.
			if !settled(files) && time.Since(waitingSince) < maxSettle {
				arm()
				continue
			}
			files = map[string]bool{}
			names := make([]string, 0, len(changed))
			for n := range changed {
				names = append(names, n)
			}
			sort.Strings(names)
			changed = map[string]bool{}
			next, err := watchOnce(ctx, out, errw, paths, f, prev, names)
			if err != nil {
				// The folder went away, or another usage problem: say so
				// and keep watching, the designer may put it back. A
				// folder removed is no longer watched: a new one by its
				// name is looked for every second.
				fmt.Fprintf(errw, "deckwright: %v\n", err)
				if gone == nil {
					gone = time.After(time.Second)
				}
				continue
			}
			prev = next
			runs++
			if ran != nil {
				ran(runs)
			}
		}
	}
}

// maxSettle bounds the wait for a file being written.
const maxSettle = 5 * time.Second

// settled reports whether every changed file is gone or whole: not empty,
// and for the zip formats with the directory that ends a complete zip.
func settled(files map[string]bool) bool {
	for name := range files {
		st, err := os.Stat(name)
		if err != nil {
			continue // removed, or renamed away: nothing to wait for
		}
		if st.Size() == 0 {
			return false
		}
		switch strings.ToLower(filepath.Ext(name)) {
		case ".xlsx", ".xlsm", ".ods":
			zr, err := zip.OpenReader(name)
			if err != nil {
				return false
			}
			zr.Close()
		}
	}
	return true
}

// watched reports whether a changed file is one a run reads: a workbook,
// a CSV sheet, or a template.
func watched(name string) bool {
	base := filepath.Base(name)
	if compiler.Watched(base) {
		return true
	}
	return filepath.Base(filepath.Dir(name)) == "templates" && (strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")) && !strings.HasPrefix(base, ".")
}

// watchDirs lists the folders to watch: each folder named, its
// subfolders (CSV workbooks, templates), and the folder of each file
// named. Watching folders, not files, follows editors that save a new
// file and rename it over the old one.
func watchDirs(paths []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, usageErr("cannot watch %s: %v", p, unwrapPathErr(err))
		}
		if !st.IsDir() {
			add(filepath.Dir(p))
			continue
		}
		add(p)
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, usageErr("cannot watch %s: %v", p, unwrapPathErr(err))
		}
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
				add(filepath.Join(p, e.Name()))
			}
		}
	}
	return out, nil
}

// watchOnce validates and prints the whole report (the first run) or what
// changed since prev, then runs --sim and --export on a clean build.
func watchOnce(ctx context.Context, out, errw io.Writer, paths []string, f *watchFlags, prev *watchRun, saved []string) (*watchRun, error) {
	b, err := load(paths, project.Options{Game: f.game, Strict: f.strict})
	if err != nil {
		return nil, err
	}
	b.Diags.Sort()
	cur := &watchRun{problems: map[string]int{}, byKey: map[string][]diag.Diagnostic{}, rows: rowHashes(b.Tables),
		errors: b.Diags.Errors(), warnings: b.Diags.Warnings()}
	for _, d := range b.Diags.Items() {
		k := problemKey(d)
		cur.problems[k]++
		cur.byKey[k] = append(cur.byKey[k], d)
	}
	if b.Tables != nil {
		cur.layers = b.Tables.Layers
	}
	now := fmt.Sprintf("%d error%s, %d warning%s", cur.errors, plural(cur.errors), cur.warnings, plural(cur.warnings))
	if prev == nil {
		df := diagFlags{format: "text", maxPerSheet: f.maxPerSheet}
		if b.Diags.Len() > 0 {
			if err := df.print(out, b.Diags); err != nil {
				return nil, err
			}
		} else {
			fmt.Fprintf(out, "ok: %s\n", summary(b))
		}
	} else {
		fmt.Fprintf(out, "\n— %s saved —\n", strings.Join(saved, ", "))
		var added, fixed diag.List
		for _, d := range b.Diags.Items() {
			k := problemKey(d)
			// The same problem as many times as before is not new; a
			// problem that moved with its row is the same problem.
			if n := cur.problems[k] - prev.problems[k]; n > 0 && countBefore(cur.byKey[k], d) < n {
				added.Add(d)
			}
		}
		for k, ds := range prev.byKey {
			for i := cur.problems[k]; i < len(ds); i++ {
				fixed.Add(ds[i])
			}
		}
		fixed.Sort()
		switch {
		case added.Len() == 0 && fixed.Len() == 0:
			fmt.Fprintf(out, "no change: %s\n", now)
		default:
			if added.Len() > 0 {
				fmt.Fprintln(out, "new:")
				if err := writeProblems(out, &added); err != nil {
					return nil, err
				}
			}
			for _, d := range fixed.Items() {
				fmt.Fprintf(out, "fixed: %s\n", d)
			}
			fmt.Fprintf(out, "%d new, %d fixed; now %s\n", added.Len(), fixed.Len(), now)
		}
	}
	clean := b.Tables != nil && cur.errors == 0 && (!f.strict || cur.warnings == 0)
	if !clean {
		return cur, nil
	}
	if f.simGames > 0 {
		args := append([]string{"sim", paths[0], "--games", strconv.Itoa(f.simGames)}, strings.Fields(f.simArgs)...)
		if f.game != "" {
			args = append(args, "--game", f.game)
		}
		fmt.Fprintf(out, "$ deckwright %s\n", strings.Join(args, " "))
		if code := runInner(ctx, args, out, errw); code != exitOK {
			fmt.Fprintf(out, "sim exited with status %d\n", code)
		}
	}
	if f.export != "" {
		exportEdited(ctx, out, errw, paths, f, prev, cur)
	}
	return cur, nil
}

// countBefore counts the diagnostics of ds that sort before d: which of
// several identical problems d is.
func countBefore(ds []diag.Diagnostic, d diag.Diagnostic) int {
	n := 0
	for _, x := range ds {
		if x == d {
			return n
		}
		n++
	}
	return n
}

// problemKey identifies a problem across runs: what it says about which
// sheet, not the row it is on, so a problem that moves with its row when
// rows are inserted above is the same problem.
func problemKey(d diag.Diagnostic) string {
	return strings.Join([]string{d.Pos.File, d.Pos.Sheet, d.Severity.String(), string(d.Code), d.Message, d.Hint, d.Source}, "\x00")
}

// writeProblems prints diagnostics as validate does, without its count.
func writeProblems(w io.Writer, l *diag.List) error {
	var buf bytes.Buffer
	if err := diag.WriteText(&buf, l); err != nil {
		return err
	}
	text := strings.TrimSuffix(buf.String(), "\n")
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		text = text[:i+1]
	} else {
		text = ""
	}
	_, err := io.WriteString(w, text)
	return err
}

// rowHashes fingerprints every row of a build by ID, to tell which rows a
// save changed.
func rowHashes(t *table.Tables) map[string][32]byte {
	out := map[string][32]byte{}
	if t == nil {
		return out
	}
	for _, tb := range t.Sheets {
		for _, r := range tb.Rows {
			data, _ := json.Marshal(r.Cells) // map keys are sorted
			out[r.ID] = sha256.Sum256(data)
		}
	}
	return out
}

// exportEdited exports the cards being edited: the rows a save changed
// (added or edited), or on the first run the project's last layer; flags
// in --export-args that choose cards replace that choice.
func exportEdited(ctx context.Context, out, errw io.Writer, paths []string, f *watchFlags, prev, cur *watchRun) {
	extra := strings.Fields(f.exportArgs)
	args := append([]string{"export", "pdf", paths[0], "-o", f.out}, extra...)
	chosen := false
	for _, a := range extra {
		chosen = chosen || a == "--deck" || a == "--cards" || a == "--layer" || strings.HasPrefix(a, "--deck=") || strings.HasPrefix(a, "--cards=") || strings.HasPrefix(a, "--layer=")
	}
	switch {
	case chosen:
	case prev == nil && len(cur.layers) > 1:
		args = append(args, "--layer", cur.layers[len(cur.layers)-1].ID)
	case prev != nil:
		var ids []string
		for id, h := range cur.rows {
			if old, ok := prev.rows[id]; !ok || old != h {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			fmt.Fprintf(out, "no card changed: %s is as it was\n", f.out)
			return
		}
		sort.Strings(ids)
		args = append(args, "--cards", strings.Join(ids, ","))
	}
	if f.game != "" {
		args = append(args, "--game", f.game)
	}
	fmt.Fprintf(out, "$ deckwright %s\n", strings.Join(args, " "))
	if code := runInner(ctx, args, out, errw); code != exitOK {
		fmt.Fprintf(out, "export exited with status %d\n", code)
	}
}

// runInner runs another deckwright command for watch, stopped with it by
// Ctrl-C; watch stays the command that stops gracefully afterwards.
func runInner(ctx context.Context, args []string, out, errw io.Writer) int {
	defer graceful.Store(graceful.Load())
	return runContext(ctx, args, out, errw)
}
