package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/report"
	"github.com/deckwright/deckwright/export/outfile"
)

const sweepHelp = "play the run once for each value of one whole number of a row, on the same seeds, and report the curve: " +
	"SHEET.ID.NAME=VALUES with NAME a whole-number column (events.lucky-coin.count=0..3) or a number written in an effect, " +
	"by its verb or a word ending it (cards.golden-idol.glory=1..5 for gainGlory(5)), NAME#N the Nth of several; VALUES 1..5, 0..10/2 or 1,2,4 (see Sweeps above)"

// checkSweep reads --sweep and refuses the flags a sweep cannot honour.
func (f *simFlags) checkSweep(c *cobra.Command) error {
	if f.sweep == "" {
		return nil
	}
	sw, err := game.ParseSweep(f.sweep)
	if err != nil {
		return usageErr("--sweep %v", err)
	}
	f.sw = sw
	for _, other := range []string{"impact", "compare", "until-decided", "trace", "shard", "shard-env", "part", "fail-on"} {
		if c.Flags().Changed(other) {
			return usageErr("--sweep and --%s cannot go together: a sweep plays its own runs, one a value", other)
		}
	}
	return nil
}

// runSweep is sim --sweep: the cell is found, every value compiled (a
// value the content forbids stops the command before any game, at its
// cell), and the runs played and reported.
func runSweep(c *cobra.Command, f *simFlags, b *project.Build, simr game.Simulator, req game.SimRequest) error {
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	target, err := f.sw.Resolve(b.Module.Schema(), b.Tables)
	if err != nil {
		return usageErr("--sweep %s: %v", f.sweep, err)
	}
	variants, errs := b.Sweep(target, f.sw.Values)
	if errs.Errors() > 0 {
		// All of them: the values' errors are grouped already (one a cell
		// and kind of error), and sim has no --max-per-sheet to raise.
		df := diagFlags{format: "text"}
		if err := df.print(stderr, errs); err != nil {
			return err
		}
		at := fmt.Sprintf("%d of the %d values", len(f.sw.Values)-len(variants), len(f.sw.Values))
		if len(variants) == 0 {
			at = fmt.Sprintf("any of the %d values", len(f.sw.Values))
		}
		fmt.Fprintf(stderr, "deckwright: --sweep %s: the content does not build at %s (no game was played)\n", f.sweep, at)
		return &diag.ContentError{List: errs}
	}
	var html *outfile.File
	if f.report != "" {
		if html, err = createOutput("--report", f.report, stdout); err != nil {
			return err
		}
		defer html.Abort()
	}
	prog := newSimProgress(stderr, isTerminal(stderr))
	req.Progress = prog.games
	req.Stop = c.Context().Done()
	graceful.Store(true)
	defer graceful.Store(false)
	sr, err := game.RunSweep(simr, target, b.Tables, variants, req, func(i, n int, label string) {
		prog.begin(label, req.Games)
		prog.note("sweep %d of %d: %s", i, n, label)
	})
	prog.done()
	if err != nil {
		return simErr("", err)
	}
	title := b.Module.Title()
	if !skipped(html, sr.Partial, f.report, "sweep", stderr) {
		err := commitHTML(html, f.report, stderr, func(w io.Writer) error {
			return report.SweepHTML(w, title+" — sweep of "+target.Address, sr)
		})
		if err != nil {
			return err
		}
	}
	out := stdout
	if f.report == "-" {
		out = stderr
	}
	if f.asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sr); err != nil {
			return err
		}
	} else if err := report.SweepText(diag.EscapeWriter(out), title, sr, textOptions(b, f).Workers); err != nil {
		return err
	}
	if sr.Partial {
		return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted: the sweep covers %d of its values", len(sr.Points))}
	}
	failed := 0
	for _, p := range sr.Points {
		failed += p.Errors
	}
	if failed > 0 && !f.allowErrors {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%d game%s of the sweep failed with an error: type the value into its cell and run sim to list them with the commands that replay them, or pass --allow-errors to accept them", failed, plural(failed))}
	}
	return nil
}
