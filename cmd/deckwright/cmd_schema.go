package main

import (
	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine/table"
)

func newSchemaCmd() *cobra.Command {
	var game string
	c := &cobra.Command{
		Use:   "schema",
		Short: "Print the workbook format (Markdown): every sheet and column, with types and examples",
		Long: `Schema prints the workbook format of a game: each sheet, each column with its
type, default, meaning and an example, and the small grammars some cells use
(skill tests, modifiers). It is generated from the schema the compiler checks
against.`,
		Example: `  deckwright schema > FORMAT.md
  deckwright schema --game fortune-and-glory | less`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			mod, err := gameNamed(game)
			if err != nil {
				return err
			}
			return table.WriteFormat(c.OutOrStdout(), mod.Schema())
		},
	}
	addGameFlag(c, &game)
	return c
}
