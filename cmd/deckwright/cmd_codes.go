package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine/diag"
)

func newCodesCmd() *cobra.Command {
	var markdown bool
	c := &cobra.Command{
		Use:   "codes",
		Short: "List every diagnostic code with what it means",
		Example: `  deckwright codes
  deckwright codes --markdown`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if markdown {
				fmt.Fprintln(c.OutOrStdout(), "| code | severity | meaning |\n|---|---|---|")
				for _, e := range diag.Catalog() {
					fmt.Fprintf(c.OutOrStdout(), "| %s | %s | %s |\n", e.Code, e.Severity, e.Summary)
				}
				return nil
			}
			w := tabwriter.NewWriter(c.OutOrStdout(), 0, 0, 2, ' ', 0)
			for _, e := range diag.Catalog() {
				fmt.Fprintf(w, "%s\t%s\t%s\n", e.Code, e.Severity, e.Summary)
			}
			return w.Flush()
		},
	}
	c.Flags().BoolVar(&markdown, "markdown", false, "print a Markdown table")
	return c
}
