package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/templates"
)

func newTemplatesCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "templates",
		Short: "Card templates: write the defaults to a project, list them, check overrides",
		Long: `Card templates say how each kind of card or sheet prints: its size, its zones
(boxes, text bound to the row's columns with {{column}}, icons, tables of
related rows), fonts, colours, the deck it belongs to and its back. They are
YAML files, one per template, plus shared.yaml (palette, print order) and
icons.yaml (vector icons).

A project overrides the bundled templates from its templates/ folder: a file
whose template has a bundled template's name replaces it; other names add
templates; shared.yaml and icons.yaml merge with the bundled ones. Templates
are checked like workbooks: an unknown zone, field, font, colour or icon is a
diagnostic at its line.`,
		Example: `  deckwright templates init my-expansion      # writes my-expansion/templates/*.yaml
  deckwright templates list my-expansion
  deckwright templates check my-expansion`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErr("say what to do: deckwright templates init|list|check")
		},
	}
	c.AddCommand(newTemplatesInitCmd(), newTemplatesListCmd(), newTemplatesCheckCmd())
	return c
}

// templatesDir is where a project keeps its templates: DIR/templates, or
// DIR itself when it is already called templates.
func templatesDir(dir string) string {
	if filepath.Base(filepath.Clean(dir)) == "templates" {
		return dir
	}
	return filepath.Join(dir, "templates")
}

func newTemplatesInitCmd() *cobra.Command {
	var gameName string
	var force bool
	c := &cobra.Command{
		Use:   "init DIR",
		Short: "Write the default templates into a project's templates/ folder to start from",
		Long: `Init writes the bundled templates of the game into DIR/templates (or into DIR
when it is itself called templates), where 'deckwright export pdf DIR' finds
them. The game is the one the project's workbooks name (or --game). Edit any of them; delete the ones you do not change, so they keep
following the bundled defaults. Existing files are kept unless --force.`,
		Example: `  deckwright templates init my-expansion
  deckwright templates init my-expansion/templates --force`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if gameName == "" {
				gameName = projectGame(args[0])
			}
			mod, err := gameNamed(gameName)
			if err != nil {
				return err
			}
			dir := templatesDir(args[0])
			files, err := templates.WriteDefaults(mod.ID(), dir, force)
			if err != nil {
				return usageErr("%v", err)
			}
			fmt.Fprintf(c.OutOrStdout(), "wrote %d template files to %s\nedit them, then: deckwright export pdf %s\n", len(files), dir, args[0])
			return nil
		},
	}
	addGameFlag(c, &gameName)
	c.Flags().BoolVar(&force, "force", false, "overwrite template files that exist")
	return c
}

// loadTemplates loads the templates for a project folder (or a templates
// folder), without the workbooks.
func loadTemplates(args []string, gameName string) (*templates.Set, *diag.List, error) {
	if gameName == "" && len(args) == 1 {
		gameName = projectGame(args[0])
	}
	mod, err := gameNamed(gameName)
	if err != nil {
		return nil, nil, err
	}
	var folders []templates.Folder
	if len(args) == 1 {
		dir := args[0]
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() {
			return nil, nil, usageErr("%s is not a folder", dir)
		}
		if f, ok := templates.ProjectFolder(dir); ok {
			folders = append(folders, f)
		} else if filepath.Base(filepath.Clean(dir)) == "templates" {
			folders = append(folders, templates.DirFolder(dir))
		} else {
			return nil, nil, usageErr("%s has no templates/ folder (create one with: deckwright templates init %s)", dir, dir)
		}
	}
	set, l := templates.Load(mod.Schema(), folders...)
	return set, l, nil
}

// projectGame is the game a project's workbooks name in their Set sheet
// (the project is DIR, or the folder above a templates folder), or "".
func projectGame(dir string) string {
	if filepath.Base(filepath.Clean(dir)) == "templates" {
		dir = filepath.Dir(filepath.Clean(dir))
	}
	wbs, _, _ := compiler.ReadPaths([]string{dir}, compiler.DefaultLimits)
	for _, wb := range wbs {
		if g := wb.Game(); g != "" {
			return g
		}
	}
	return ""
}

func newTemplatesListCmd() *cobra.Command {
	var gameName string
	c := &cobra.Command{
		Use:   "list [DIR]",
		Short: "List the templates (bundled, or a project's with its overrides) in print order",
		Example: `  deckwright templates list
  deckwright templates list my-expansion`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			set, _, err := loadTemplates(args, gameName)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(c.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "DECK\tPRINTS\tSIZE\tBACK\tFILE")
			for _, t := range set.Templates {
				prints := t.Sheet
				if prints == "" {
					prints = fmt.Sprintf("%d own card%s", len(t.Cards), plural(len(t.Cards)))
				}
				if len(t.Where) > 0 {
					var w []string
					for k, v := range t.Where {
						w = append(w, k+"="+strings.Join(v, "|"))
					}
					prints += " (" + strings.Join(w, ", ") + ")"
				}
				back := "yes"
				if t.Back == nil {
					back = "-"
				}
				if t.Disabled {
					back += " (disabled)"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", t.Deck, prints, t.Size, back, t.Pos.File)
			}
			return tw.Flush()
		},
	}
	addGameFlag(c, &gameName)
	return c
}

func newTemplatesCheckCmd() *cobra.Command {
	var f diagFlags
	c := &cobra.Command{
		Use:   "check [DIR]",
		Short: "Check templates (bundled, or a project's overrides) and report every problem at its line",
		Long: `Check loads the bundled templates and a project's overrides (DIR/templates, or
DIR when it is a templates folder) and reports every problem at its file and
line, without building the workbooks: unknown keys, zone types, fields,
fonts, colours and icons, and zones outside the card or its safe area.`,
		Example: `  deckwright templates check my-expansion
  deckwright templates check my-expansion --format json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			set, l, err := loadTemplates(args, f.game)
			if err != nil {
				return err
			}
			if err := f.report(c.OutOrStdout(), l); err != nil {
				return err
			}
			if f.format == "text" {
				fmt.Fprintf(c.OutOrStdout(), "ok: %d templates\n", len(set.Templates))
			}
			return nil
		},
	}
	f.add(c)
	return c
}
