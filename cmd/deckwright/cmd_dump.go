package main

import (
	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
)

func newDumpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "dump FILE.xlsx",
		Short: "Print a workbook as stable plain text (a git diff driver)",
		Long: `Dump prints every sheet of a workbook as plain text, one cell a line under a
line naming its row, so workbook changes show up in 'git diff'. It reads any
.xlsx, content or not. To use it as a diff driver:

  # .gitattributes
  *.xlsx diff=deckwright

  git config diff.deckwright.textconv "deckwright dump"
  git config diff.deckwright.cachetextconv true`,
		Example: `  deckwright dump base.xlsx | less
  git diff expansion.xlsx`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			wbs, l, err := compiler.ReadPaths(args, compiler.DefaultLimits)
			if err != nil {
				return usageErr("%v", err)
			}
			if len(wbs) == 0 {
				_ = diag.WriteText(c.ErrOrStderr(), l)
				return &exitError{code: exitUsage}
			}
			if l.Len() > 0 {
				// What reading could not read is missing from the dump:
				// say why, beside it (git diff shows textconv's stderr),
				// rather than let a sheet vanish from a diff unexplained.
				_ = diag.WriteText(c.ErrOrStderr(), l)
			}
			return compiler.Dump(c.OutOrStdout(), wbs[0])
		},
	}
}
