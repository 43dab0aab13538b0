package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
)

func newInitCmd() *cobra.Command {
	var game, name string
	var force bool
	c := &cobra.Command{
		Use:   "init DIR",
		Short: "Start a project: the bundled base set and an empty expansion workbook",
		Long: `Init creates a project folder holding a copy of the bundled base set and an
expansion workbook ready to fill in: every sheet, a frozen header row, a
comment on each header cell explaining the column, dropdown lists for choice
columns, and one example row per sheet (disabled: set Disabled to FALSE, or
copy it, to use it). The expansion's Set sheet requires the base set, so
'deckwright validate DIR' builds both, in order.

It also writes a .gitattributes so 'git diff' shows workbook changes as text
once you run: git config diff.deckwright.textconv "deckwright dump"

Into a folder that is not empty, init says what it would do and stops;
with --force it writes the files the folder lacks, adds its line to an
existing .gitattributes (keeping yours), and keeps every file that differs
from what it would write: nothing you changed is overwritten.`,
		Example: `  deckwright init my-expansion
  deckwright init arctic --name "Arctic Expedition"`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			dir := args[0]
			mod, err := gameNamed(game)
			if err != nil {
				return err
			}
			base, ok := content.BaseOf(mod.ID())
			if !ok {
				return usageErr("no bundled base set for %s", mod.ID())
			}
			if name == "" {
				name = titleCase(filepath.Base(filepath.Clean(dir)))
			}
			id := compiler.Slug(name)
			if id == "" {
				id = "expansion"
			}
			for _, set := range content.Sets {
				if id == set.ID {
					// The expansion must not take a bundled set's ID (and
					// file name): it would overwrite the base it requires.
					id += "-expansion"
				}
			}
			baseData, err := base.Workbook()
			if err != nil {
				return err
			}
			var data []compiler.SheetData
			for _, sh := range mod.Schema().Sheets {
				if sh.Example == nil {
					continue
				}
				row := map[string]string{}
				for k, v := range sh.Example {
					row[k] = v
				}
				row["Disabled"] = "TRUE"
				if row["Change"] == "" {
					row["Change"] = "add"
				}
				data = append(data, compiler.SheetData{Sheet: sh.Name, Rows: []map[string]string{row}})
			}
			var exp bytes.Buffer
			set := compiler.SetRow{ID: id, Name: name, Game: mod.ID(), Requires: base.ID, Version: "0.1",
				Description: "An expansion for " + mod.Title() + "."}
			if err := compiler.WriteWorkbook(&exp, mod.Schema(), set, data); err != nil {
				return err
			}
			files := []initFile{
				{name: base.FileName(), data: baseData, what: fmt.Sprintf("the bundled base set (set %s)", base.ID)},
				{name: id + ".xlsx", data: exp.Bytes(), what: fmt.Sprintf("your expansion (set %s, requires %s)", id, base.ID)},
				{name: ".gitattributes", data: []byte(gitattributesLine + "\n"), what: "readable workbook diffs in git"},
			}
			plan := planInit(dir, files)
			if !force && !emptyDir(dir) {
				return usageErr("%s already exists and is not empty; init would:\n%sRun it again with --force to do that: files you changed are kept, never overwritten.", dir, plan.describe())
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usageErr("cannot create the project folder %s: %v", dir, unwrapPathErr(err))
			}
			if err := plan.apply(dir, c.OutOrStdout()); err != nil {
				return err
			}
			out := c.OutOrStdout()
			if plan.touchedExisting() {
				fmt.Fprintf(out, "Updated %s for %s:\n%s", dir, mod.Title(), plan.describe())
			} else {
				fmt.Fprintf(out, "Created %s for %s:\n", dir, mod.Title())
				for _, f := range files[:2] {
					fmt.Fprintf(out, "  %-24s %s\n", f.name, f.what)
				}
			}
			fmt.Fprintf(out, "\nNext:\n  deckwright validate %s\n  deckwright sim %s\n  deckwright export pdf %s -o cards.pdf\n", dir, dir, dir)
			fmt.Fprintf(out, "\nFor readable workbook diffs: git config diff.deckwright.textconv \"deckwright dump\"\n")
			return nil
		},
	}
	addGameFlag(c, &game)
	c.Flags().StringVar(&name, "name", "", "the expansion's name (default: from DIR)")
	c.Flags().BoolVar(&force, "force", false, "write into a folder that is not empty: write the files it lacks, merge .gitattributes, keep every file you changed")
	return c
}

func titleCase(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' || r == ' ' })
	for i, w := range words {
		first, size := utf8.DecodeRuneInString(w) // "über": Ü, not half of it
		words[i] = string(unicode.ToUpper(first)) + w[size:]
	}
	return strings.Join(words, " ")
}
