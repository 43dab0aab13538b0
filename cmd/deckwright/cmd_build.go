package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newBuildCmd() *cobra.Command {
	var f diagFlags
	var out string
	c := &cobra.Command{
		Use:   "build [PATH...] -o tables.json",
		Short: "Compile workbooks into engine tables (a versioned, hashed JSON artifact)",
		Long: `Build compiles the workbooks and writes the engine tables: every sheet's merged
rows, typed, with the cell each came from, a format version and a content hash.
Identical input gives byte-identical output, so tables can be committed,
diffed and cached. Diagnostics go to standard error; nothing is written when
the content has errors. The file is written beside its target and renamed
over it when complete, so a full disk or an interrupted build leaves the
previous tables as they were; a device, a link or a folder at the target
is refused.`,
		Example: `  deckwright build my-expansion/ -o tables.json
  deckwright build -o - | jq '.layers'`,
		RunE: func(c *cobra.Command, args []string) error {
			b, err := f.compile(c.ErrOrStderr(), args)
			if err != nil {
				return err
			}
			data, err := b.Tables.Encode()
			if err != nil {
				return err
			}
			if err := writeOutput("-o", out, data, c.OutOrStdout()); err != nil {
				return err
			}
			if out == "-" {
				return nil
			}
			fmt.Fprintf(c.ErrOrStderr(), "wrote %s (%s)\n", out, b.Tables.Hash[:19])
			return nil
		},
	}
	f.add(c)
	c.Flags().StringVarP(&out, "output", "o", "tables.json", "file to write, or - for standard output")
	return c
}
