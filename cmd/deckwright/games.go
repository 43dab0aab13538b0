package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games" // every game deckwright ships
	"github.com/deckwright/deckwright/engine/table"
)

// gameNamed is the game --game names, or the default game for "".
func gameNamed(name string) (game.Module, error) {
	if name == "" {
		return game.Default(), nil
	}
	if m := game.Lookup(name); m != nil {
		return m, nil
	}
	return nil, usageErr("unknown game %q (known: %s)", name, game.IDs())
}

func addGameFlag(c *cobra.Command, name *string) {
	c.Flags().StringVar(name, "game", "", "the game when no path is given, or to override the workbooks' Set sheet ("+game.IDs()+")")
	_ = c.RegisterFlagCompletionFunc("game", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var ids []string
		for _, m := range game.Modules() {
			ids = append(ids, m.ID()+"\t"+m.Title())
		}
		return ids, cobra.ShellCompDirectiveNoFileComp
	})
}

// loadOption tunes loadBuild.
type loadOption int

// valuesOnly: engine tables are checked value by value, not against the
// game's rules (export prints rows; it never plays them).
const valuesOnly loadOption = 1

// build is a compiled project.
type build struct {
	mod    game.Module
	tables *table.Tables
	diags  *diag.List
}

// loadBuild compiles the workbooks named by paths (files or folders), or
// the bundled base set of the game when there are none, or reads the
// engine tables 'deckwright build' wrote when the path is a .json file. A usage or I/O
// failure is an error; content problems are in diags.
//
// Engine tables are checked again, value by value and against the game's
// rules; a reader that only prints rows passes valuesOnly to skip the
// game's rules.
func loadBuild(paths []string, gameName string, strict bool, opts ...loadOption) (*build, error) {
	if len(paths) == 1 && strings.EqualFold(filepath.Ext(paths[0]), ".json") {
		return loadTables(paths, gameName, !slices.Contains(opts, valuesOnly))
	}
	var wbs []*compiler.Workbook
	diags := &diag.List{}
	if len(paths) == 0 {
		mod, err := gameNamed(gameName)
		if err != nil {
			return nil, err
		}
		wb, err := bundled(mod.ID())
		if err != nil {
			return nil, err
		}
		wbs = append(wbs, wb)
	} else {
		var l *diag.List
		wbs, l = compiler.ReadPaths(paths, compiler.DefaultLimits)
		for _, d := range l.Items() {
			// A path that cannot be read is the command line's fault (exit
			// 2), not the content's; a damaged workbook is the content's.
			if d.Code == compiler.CodeIO || d.Code == compiler.CodeNoWorkbooks {
				msg := d.Message
				if d.Hint != "" {
					msg += " (" + d.Hint + ")"
				}
				return nil, usageErr("%s", msg)
			}
		}
		diags.Append(l)
		if len(wbs) == 0 {
			return &build{diags: diags}, nil
		}
	}
	mod, err := pickModule(wbs, gameName)
	if err != nil {
		return nil, err
	}
	t, l := compiler.Compile(mod, wbs, compiler.Options{Strict: strict, Provide: provideBundled})
	diags.Append(l)
	diags.Sort()
	return &build{mod: mod, tables: t, diags: diags}, nil
}

func pickModule(wbs []*compiler.Workbook, gameName string) (game.Module, error) {
	if gameName != "" {
		return gameNamed(gameName)
	}
	for _, wb := range wbs {
		if g := wb.Game(); g != "" {
			if m := game.Lookup(g); m != nil {
				return m, nil
			}
		}
	}
	// No Set sheet says: the compiler will report that; check against the default game.
	return game.Default(), nil
}

func bundled(gameID string) (*compiler.Workbook, error) {
	set, ok := content.BaseOf(gameID)
	if !ok {
		return nil, usageErr("no bundled set for %s", gameID)
	}
	return bundledSet(set)
}

func bundledSet(set content.Set) (*compiler.Workbook, error) {
	data, err := set.Workbook()
	if err != nil {
		return nil, fmt.Errorf("bundled set %s: %w", set.ID, err)
	}
	wb, l := compiler.ReadWorkbook("bundled:"+set.FileName(), data, compiler.DefaultLimits)
	if wb == nil {
		return nil, fmt.Errorf("bundled set %s cannot be read: %v", set.ID, l.Items())
	}
	return wb, nil
}

func provideBundled(setID string) (*compiler.Workbook, bool) {
	set, ok := content.ByID(setID)
	if !ok {
		return nil, false
	}
	wb, err := bundledSet(set)
	return wb, err == nil
}

// maxTables bounds the size of an engine-tables file read (the bundled
// sets' are under 1 MiB).
const maxTables = 32 << 20

// loadTables reads engine tables written by 'deckwright build' and checks
// every value again as validate would (compiler.Recheck): the file is a
// cache, not a trust boundary. Values that fail are content errors at
// their cells.
func loadTables(args []string, gameName string, gameRules bool) (*build, error) {
	st, err := os.Stat(args[0])
	switch {
	case err != nil:
		return nil, usageErr("cannot read %s: %v", args[0], unwrapPathErr(err))
	case !st.Mode().IsRegular():
		return nil, usageErr("cannot read %s: it is not a regular file (a device, a pipe, …)", args[0])
	}
	data, err := compiler.ReadLimited(args[0], maxTables)
	if err != nil {
		return nil, usageErr("cannot read %s: %v", args[0], unwrapPathErr(err))
	}
	if len(data) > maxTables {
		return nil, usageErr("%s: the file is more than %d MiB; engine tables are at most %d MiB (is it engine tables?)", args[0], maxTables>>20, maxTables>>20)
	}
	var head struct {
		Format string `json:"format"`
		Game   string `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil || head.Format != table.Format {
		_, err := table.Decode(data, nil) // says what the file is not
		return nil, usageErr("%s: %v", args[0], err)
	}
	if gameName == "" {
		gameName = head.Game
	}
	mod := game.Lookup(gameName)
	if mod == nil {
		return nil, usageErr("%s: unknown game %q (known: %s)", args[0], gameName, game.IDs())
	}
	t, err := table.Decode(data, mod.Schema())
	if err != nil {
		return nil, usageErr("%s: %v", args[0], err)
	}
	checked, l := compiler.Recheck(mod, t, filepath.Base(args[0]), compiler.DefaultLimits, gameRules)
	return &build{mod: mod, tables: checked, diags: l}, nil
}
