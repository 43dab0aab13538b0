package main

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games" // every game deckwright ships
	"github.com/deckwright/deckwright/export/outfile"
)

// gameNamed is the game --game names, or the default game for "".
func gameNamed(name string) (game.Module, error) {
	m, err := project.Game(name)
	return m, loadErr(err)
}

func addGameFlag(c *cobra.Command, name *string) {
	c.Flags().StringVar(name, "game", "", "the game when no path is given, or to override the workbooks' Set sheet ("+game.IDs()+")")
	_ = c.RegisterFlagCompletionFunc("game", completeGames)
}

// completeGames completes --game to the registered games, with titles.
func completeGames(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var ids []string
	for _, m := range game.Modules() {
		ids = append(ids, m.ID()+"\t"+m.Title())
	}
	return ids, cobra.ShellCompDirectiveNoFileComp
}

// load loads a project (project.Load): a project that cannot be read is a
// usage or I/O failure (exit 2); content problems are in the build's
// diagnostics.
func load(paths []string, o project.Options) (*project.Build, error) {
	for _, in := range compiler.Inputs(paths) {
		outfile.Protect(inputKind(in), in)
	}
	b, err := project.Load(paths, o)
	return b, loadErr(err)
}

// inputKind is what a content file is, for the message that refuses an
// output naming it.
func inputKind(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return "the engine tables this command reads"
	case ".csv":
		return "a sheet of a workbook this command reads"
	}
	return "a workbook this command reads"
}

// loadErr gives a loader's error its exit status: 2 for what the command
// line got wrong, an internal error for anything else.
func loadErr(err error) error {
	var pe *project.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return usageErr("%v", err)
	}
	return internalErr(err)
}
