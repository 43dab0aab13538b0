package main

import (
	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/effects"
)

func newEffectsCmd() *cobra.Command {
	var game string
	c := &cobra.Command{
		Use:   "effects",
		Short: "Print the effect language reference (Markdown), generated from the verb registry",
		Long: `Effects prints the reference of the effect language for a game: the syntax,
and every verb and value an Effect or Condition cell may use, with its type and
what it does. It is generated from the same registry the compiler checks
against, so it is always complete.`,
		Example: `  deckwright effects > EFFECTS.md
  deckwright effects --game fortune-and-glory | grep fight`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			mod, err := gameNamed(game)
			if err != nil {
				return err
			}
			return effects.WriteMarkdown(c.OutOrStdout(), mod.Title()+" effect reference", mod.Envs()...)
		},
	}
	addGameFlag(c, &game)
	return c
}
