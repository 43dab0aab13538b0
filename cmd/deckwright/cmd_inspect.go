package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// inspection is what inspect --json prints.
type inspection struct {
	Game   string               `json:"game"`
	Hash   string               `json:"hash"`
	Layers []table.Layer        `json:"layers"`
	Decks  map[string]deckCount `json:"decks"`
	Sheets map[string]int       `json:"sheets"`
}

type deckCount struct {
	Cards  int `json:"cards"`
	Copies int `json:"copies"`
}

func inspect(b *project.Build) inspection {
	in := inspection{Game: b.Module.ID(), Hash: b.Tables.Hash, Layers: b.Tables.Layers, Decks: map[string]deckCount{}, Sheets: map[string]int{}}
	for _, sh := range b.Module.Schema().Sheets {
		rows := b.Tables.Rows(sh.Key())
		if !sh.Deck {
			in.Sheets[sh.Key()] = len(rows)
			continue
		}
		// A sheet holding several decks (Enemies) reports each.
		for _, r := range rows {
			key := sh.Key()
			if sh.Group != "" {
				key = table.Key(r.Str(table.Key(sh.Group)))
			}
			d := in.Decks[key]
			d.Cards++ // a distinct card, even at Count 0 (a reference card prints once)
			d.Copies += r.Int("count")
			in.Decks[key] = d
		}
	}
	return in
}

func newInspectCmd() *cobra.Command {
	var asJSON bool
	var game string
	c := &cobra.Command{
		Use:   "inspect [PATH]",
		Short: "Show what a build contains: layers, decks and their sizes, sheets",
		Long: `Inspect compiles the content and prints what it holds: the layers in build order,
each deck with its distinct cards and copies, and the row count of every
other sheet. With no PATH it inspects the bundled base set.`,
		Example: `  deckwright inspect
  deckwright inspect my-expansion/ --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			b, err := load(args, project.Options{Game: game})
			if err != nil {
				return err
			}
			if b.Tables == nil {
				f := diagFlags{format: "text", maxPerSheet: 20}
				return f.fail(c.ErrOrStderr(), b.Diags)
			}
			in := inspect(b)
			if asJSON {
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(in)
			}
			// Layer names come from cells: escaped before they reach a terminal.
			w := tabwriter.NewWriter(diag.EscapeWriter(c.OutOrStdout()), 0, 0, 2, ' ', 0)
			fmt.Fprintf(w, "%s  %s\n\nlayers:\n", b.Module.Title(), in.Hash)
			for i, l := range in.Layers {
				fmt.Fprintf(w, "  %d\t%s\t%s\t%s\n", i+1, l.ID, l.Name, l.File)
			}
			fmt.Fprintf(w, "\ndeck\tcards\tcopies\n")
			for _, k := range table.SortedKeys(in.Decks) {
				fmt.Fprintf(w, "%s\t%d\t%d\n", k, in.Decks[k].Cards, in.Decks[k].Copies)
			}
			fmt.Fprintf(w, "\nsheet\trows\n")
			for _, k := range table.SortedKeys(in.Sheets) {
				fmt.Fprintf(w, "%s\t%d\n", k, in.Sheets[k])
			}
			return w.Flush()
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	addGameFlag(c, &game)
	return c
}
