package main

import (
	"fmt"
	"io"
	"math"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
)

type diagFlags struct {
	format      string
	strict      bool
	maxPerSheet int
	game        string
}

func (f *diagFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.format, "format", "text", "output format: text or json (validate --help describes its keys)")
	c.Flags().BoolVar(&f.strict, "strict", false, "treat warnings as errors (exit 1)")
	c.Flags().IntVar(&f.maxPerSheet, "max-per-sheet", 20, "show at most N errors and N warnings per sheet (0: all)")
	addGameFlag(c, &f.game)
	_ = c.RegisterFlagCompletionFunc("format", fixedCompletion("text", "json"))
}

func fixedCompletion(words ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	}
}

func (f *diagFlags) check() error {
	if f.format != "text" && f.format != "json" {
		return usageErr("--format must be text or json, not %q", f.format)
	}
	return checkRanges(intRange{flag: "--max-per-sheet", value: f.maxPerSheet, lo: 0, hi: math.MaxInt, note: "0 shows all"})
}

// compile checks the flags, compiles the paths and prints the diagnostics
// to w; content errors (or warnings with --strict) end the command.
func (f *diagFlags) compile(w io.Writer, args []string) (*project.Build, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	b, err := load(args, project.Options{Game: f.game, Strict: f.strict})
	if err != nil {
		return nil, err
	}
	if err := f.report(w, b.Diags); err != nil {
		return nil, err
	}
	return b, nil
}

// report prints diagnostics. Its error is a failure to write them (exit
// 2), or else the content's failure (exit 1).
func (f *diagFlags) report(w io.Writer, l *diag.List) error {
	if err := f.print(w, l); err != nil {
		return err
	}
	return f.failure(l)
}

// print sorts, caps and prints diagnostics; its error is a failure to
// write them.
func (f *diagFlags) print(w io.Writer, l *diag.List) error {
	l.Sort()
	l.Cap(f.maxPerSheet)
	if f.format == "json" {
		return diag.WriteJSON(w, l)
	}
	if l.Len() == 0 {
		return nil
	}
	return diag.WriteText(w, l)
}

// fail prints the diagnostics of content that cannot go on and returns
// its failure.
func (f *diagFlags) fail(w io.Writer, l *diag.List) error {
	if err := f.print(w, l); err != nil {
		return err
	}
	return &diag.ContentError{List: l}
}

// failure is the content's errors (with --strict, its warnings too) as a
// *diag.ContentError, or nil.
func (f *diagFlags) failure(l *diag.List) error {
	if f.strict && l.Warnings() > 0 {
		return &diag.ContentError{List: l}
	}
	return l.Err()
}

func newValidateCmd() *cobra.Command {
	var f diagFlags
	var tplDir string
	c := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check workbooks and report every problem at its cell",
		Long: `Validate compiles the workbooks (files or project folders) exactly as build and
sim do, and reports every problem in one pass, each at its cell:

  base.xlsx:Dangers!I7: error[DW0412]: unknown verb "gainGlroy"
      gainGlroy(2)
      ^
    hint: did you mean "gainGlory"?

Then it lays out every card with the project's templates (its templates/
folder, or --templates) as the export would, and reports what would print
badly, each at its cell: text that does not fit its zone, text fitted below
6 pt, characters no font of the templates can print, and pictures named in
an Art cell that are missing, unreadable, not PNG or JPEG, or oversized.

With no PATH it validates the bundled base set. Exit status: 0 clean (warnings
allowed unless --strict), 1 content errors, 2 usage or I/O failure (a path
that cannot be read, a folder without workbooks). 'deckwright codes' lists
every diagnostic code.

--format json prints {"diagnostics": [...], "errors": N, "warnings": M}. Each
diagnostic has file, sheet, cell (the spreadsheet cell, such as I7), char
(the character inside the cell's text the caret points at: 1 is the first,
0 the whole cell), severity, code, message and hint; a template's
diagnostics add line. Deprecated: column is char's old name, with the same
number, kept for this release only; read char.`,
		Example: `  deckwright validate my-expansion/
  deckwright validate base.xlsx arctic.xlsx --strict
  deckwright validate my-expansion/ --format json | jq '.diagnostics[0]'`,
		RunE: func(c *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			b, err := load(args, project.Options{Game: f.game, Strict: f.strict})
			if err != nil {
				return err
			}
			if err := checkCards(b, args, tplDir); err != nil {
				return err
			}
			if err := f.report(c.OutOrStdout(), b.Diags); err != nil {
				return err
			}
			if f.format == "text" {
				fmt.Fprintf(c.OutOrStdout(), "ok: %s\n", summary(b))
			}
			return nil
		},
	}
	f.add(c)
	c.Flags().StringVar(&tplDir, "templates", "", "a folder of templates overriding the bundled ones (default: PATH/templates)")
	return c
}

// summary describes a build in one line.
func summary(b *project.Build) string {
	if b.Tables == nil {
		return "nothing built"
	}
	cards, rows := 0, 0
	for _, sh := range b.Module.Schema().Sheets {
		for _, r := range b.Tables.Rows(sh.Key()) {
			rows++
			if sh.Deck {
				cards += r.Int("count")
			}
		}
	}
	layers := len(b.Tables.Layers)
	errs, warns := b.Diags.Errors(), b.Diags.Warnings()
	return fmt.Sprintf("%s, %d layer%s, %d rows, %d cards; %d error%s, %d warning%s",
		b.Module.Title(), layers, plural(layers), rows, cards, errs, plural(errs), warns, plural(warns))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
