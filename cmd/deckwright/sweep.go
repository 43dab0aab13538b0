package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

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
	for _, other := range []string{"impact", "compare", "until-decided", "trace", "fail-on"} {
		if c.Flags().Changed(other) {
			return usageErr("--sweep and --%s cannot go together: a sweep plays its own runs, one a value", other)
		}
	}
	return nil
}

// runSweep is sim --sweep: the cell is found, every value compiled (a
// value the content forbids stops the command before any game, at its
// cell), and the runs played and reported. A shard (--shard, --shard-env)
// plays its slice of the games at every value, and its part (--json,
// --part) carries what deckwright merge adds up into the whole sweep's
// report.
func runSweep(c *cobra.Command, args []string, f *simFlags, b *project.Build, simr game.Simulator, req game.SimRequest) error {
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	target, err := f.sw.Resolve(b.Module.Schema(), b.Tables)
	if err != nil {
		return usageErr("--sweep %s: %v", f.sweep, err)
	}
	variants, err := sweepVariants(b, target, f.sw.Values, f.sweep, stderr)
	if err != nil {
		return err
	}
	var html, part *outfile.File
	if f.report != "" {
		if html, err = createOutput("--report", f.report, stdout); err != nil {
			return err
		}
		defer html.Abort()
	}
	if f.part != "" {
		if part, err = createOutput("--part", f.part, stdout); err != nil {
			return err
		}
		defer part.Abort()
	}
	def := game.RunOf(req, f.runGames, f.from)
	def.Sweep = game.SweepSpec(target, f.sw.Values)
	prog := newSimProgress(stderr, isTerminal(stderr))
	req.Progress = prog.games
	req.Stop = c.Context().Done()
	graceful.Store(true)
	defer graceful.Store(false)
	started := time.Now()
	sr, err := game.RunSweep(simr, target, b.Tables, variants, req, func(i, n int, label string) {
		prog.begin(label, req.Games)
		prog.note("sweep %d of %d: %s", i, n, label)
	})
	f.played = [2]time.Time{started, time.Now()}
	prog.done()
	if err != nil {
		return simErr("", err)
	}
	title := b.Module.Title()
	if err := writeSweepHTML(html, f.report, title, sr, stderr); err != nil {
		return err
	}
	p, err := f.newPart(part, sr.Partial, "sweep", b, args, stderr, func() (*game.Part, error) {
		return game.NewSweepPart(sr, def, f.picked.k, f.picked.n)
	})
	if err != nil {
		return err
	}
	if err := f.writePart(part, p, stderr); err != nil {
		return err
	}
	out := stdout
	if f.report == "-" || f.part == "-" {
		out = stderr
	}
	if !f.carriesPart() {
		p = nil
	}
	if err := printSweep(out, f.asJSON, title, sr, p, textOptions(b, f)); err != nil {
		return err
	}
	if sr.Partial {
		return &exitError{code: exitInterrupted, msg: fmt.Sprintf("interrupted: the sweep covers %d of its values", len(sr.Points))}
	}
	return sweepStatus(sr, f.allowErrors)
}

// sweepVariants compiles the content at each of the sweep's values. A
// value the content forbids is printed at its cell, and ends the command
// before any game (spec is the sweep as given, for the message).
func sweepVariants(b *project.Build, target game.SweepTarget, values []int, spec string, stderr io.Writer) ([]game.SweepVariant, error) {
	variants, errs := b.Sweep(target, values)
	if errs.Errors() == 0 {
		return variants, nil
	}
	// All of them: the values' errors are grouped already (one a cell
	// and kind of error), and sim has no --max-per-sheet to raise.
	df := diagFlags{format: "text"}
	if err := df.print(stderr, errs); err != nil {
		return nil, err
	}
	at := fmt.Sprintf("%d of the %d values", len(values)-len(variants), len(values))
	if len(variants) == 0 {
		at = fmt.Sprintf("any of the %d values", len(values))
	}
	fmt.Fprintf(stderr, "deckwright: --sweep %s: the content does not build at %s (no game was played)\n", spec, at)
	return nil, &diag.ContentError{List: errs}
}

// writeSweepHTML writes a sweep's HTML report (--report) through the
// atomic writer created before it was played; not for an interrupted one.
func writeSweepHTML(html *outfile.File, name, title string, sr *game.SweepReport, stderr io.Writer) error {
	if skipped(html, sr.Partial, name, "sweep", stderr) {
		return nil
	}
	return commitHTML(html, name, stderr, func(w io.Writer) error {
		return report.SweepHTML(w, title+" — sweep of "+sr.Target.Address, sr)
	})
}

// printSweep prints a sweep's report to out: text, or JSON with asJSON,
// with a shard's part p beside it when p is not nil.
func printSweep(out io.Writer, asJSON bool, title string, sr *game.SweepReport, p *game.Part, o report.TextOptions) error {
	if !asJSON {
		return report.SweepText(diag.EscapeWriter(out), title, sr, o)
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if p != nil {
		return enc.Encode(game.SweepShardReport{SweepReport: sr, Part: p})
	}
	return enc.Encode(sr)
}

// sweepStatus is a finished sweep's exit status: 1 when games failed
// with an error (unless allowErrors).
func sweepStatus(sr *game.SweepReport, allowErrors bool) error {
	failed := 0
	for _, p := range sr.Points {
		failed += p.Errors
	}
	if failed > 0 && !allowErrors {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%d game%s of the sweep failed with an error: type the value into its cell and run sim to list them with the commands that replay them, or pass --allow-errors to accept them", failed, plural(failed))}
	}
	return nil
}
