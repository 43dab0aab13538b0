package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine/diag"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "0.1.0-dev"

// Exit codes: 0 clean, 1 content errors, 2 usage or I/O failure, 3 an
// internal error (a bug in deckwright, never the input's fault).
const (
	exitOK       = 0
	exitContent  = 1
	exitUsage    = 2
	exitInternal = 3
)

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// internalErr reports a failure that is deckwright's own, as such.
func internalErr(err error) error {
	return &exitError{code: exitInternal, msg: fmt.Sprintf("internal error: %v (a bug in deckwright, not in your files: please report it with the command line)", err)}
}

// run executes the command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext runs the command line; a command that can stop early (sim)
// stops when ctx is cancelled.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	root := newRoot(out, stderr)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		err = out.failure()
	}
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if werr := out.failure(); werr != nil && !errors.As(err, &ee) {
		err = &exitError{code: exitUsage, msg: werr.Error()}
	}
	// Messages may quote content (a cell, a file name): control characters
	// in it are printed escaped.
	msgs := diag.EscapeWriter(stderr)
	// Content that failed (a *diag.ContentError) was printed as
	// diagnostics: exit 1. Any other error is a usage or I/O failure.
	var ce *diag.ContentError
	if errors.As(err, &ce) {
		return exitContent
	}
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(msgs, "deckwright:", ee.msg)
		}
		return ee.code
	}
	// Cobra's own errors: unknown commands and flags, wrong arguments.
	fmt.Fprintln(msgs, "deckwright:", err)
	fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
	return exitUsage
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "deckwright",
		Short: "Author, validate, smoke-play and print board-game content kept in spreadsheets",
		Long: `deckwright turns spreadsheet workbooks of board-game content into checked,
playable, printable decks. It ships two games: Fortune and Glory and Fallen Land.

A project is a folder of .xlsx workbooks: the base set and your expansions.
Each workbook's Set sheet says which set it builds on, which orders the layers.

The designer's day:
  deckwright init my-expansion          start a project (base set + empty expansion)
  deckwright validate my-expansion/     every problem, each at its cell, with a hint
  deckwright sim my-expansion/          smoke-play thousands of games with bots
  deckwright export pdf my-expansion/   print-ready card sheets
  deckwright watch my-expansion/        re-validate on every save: new and fixed problems
  deckwright sim                        no path: play the bundled base set`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("deckwright {{.Version}}\n")
	root.AddCommand(
		newInitCmd(),
		newValidateCmd(),
		newBuildCmd(),
		newInspectCmd(),
		newDumpCmd(),
		newEffectsCmd(),
		newCodesCmd(),
		newSchemaCmd(),
		newSimCmd(),
		newMergeCmd(),
		newExportCmd(),
		newTemplatesCmd(),
		newWatchCmd(),
	)
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		// A file flag given an empty value (-o "") names no file: say so
		// before any work, for every command that writes one.
		for _, name := range []string{"output", "report"} {
			if fl := c.Flags().Lookup(name); fl != nil && fl.Changed && fl.Value.String() == "" {
				flag := "--" + name
				if fl.Shorthand != "" {
					flag = "-" + fl.Shorthand
				}
				return usageErr("%s needs a file name (or - for standard output), not \"\"", flag)
			}
		}
		// The HTML report under another format's name (report.pdf) opens
		// in nothing that expects that format: refuse it before any work.
		if fl := c.Flags().Lookup("report"); fl != nil && fl.Changed {
			name := fl.Value.String()
			if ext := strings.ToLower(filepath.Ext(name)); ext != "" && ext != ".html" && ext != ".htm" {
				return usageErr("--report writes an HTML page; %q would hold HTML under a %s name: name it %s", name, ext, strings.TrimSuffix(name, filepath.Ext(name))+".html")
			}
		}
		return nil
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr("%v\nRun '%s --help' for usage.", flagValueErr(err), c.CommandPath())
	})
	return root
}

// isTerminal says whether w is a terminal: progress lines go only there.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
