// Package project loads what a designer points deckwright at: a project
// folder, workbooks (.xlsx, .ods, folders of CSV files), the engine tables
// `deckwright build` wrote, or nothing at all — the bundled base set of a
// game. It finds the game in the registry (by the workbooks' Set sheet or
// by name), compiles every layer and returns the tables with every problem
// found, each at its cell.
//
//	b, err := project.Load([]string{"my-expansion"}, project.Options{})
//	if err != nil { … }          // the project cannot be read at all
//	if b.Diags.Errors() > 0 { … } // content problems, at their cells
//
// The games are those registered (see game.Register); a program imports
// engine/games to know the ones deckwright ships.
package project

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// A Build is a loaded project: its game, the tables that compiled and what
// the compiler found.
type Build struct {
	Module game.Module
	// Tables are nil when nothing could be compiled (no workbook read);
	// with errors in Diags they hold the rows that compiled cleanly.
	Tables *table.Tables
	Diags  *diag.List
}

// Options tune Load.
type Options struct {
	// Game names the game (by ID, title or initials) when no path is
	// given, or to override the workbooks' Set sheet.
	Game string
	// Strict makes warnings fail the build.
	Strict bool
	// ValuesOnly checks engine tables value by value, not against the
	// game's rules: for a reader that prints rows and never plays them.
	ValuesOnly bool
}

// An Error is a project that cannot be loaded at all: an unknown game, a
// path that cannot be read, a file that is not engine tables. It is the
// command line's fault, not the content's: problems inside workbooks are
// the Build's Diags instead.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, args ...any) error { return &Error{msg: fmt.Sprintf(format, args...)} }

// Game is the registered game a name names, or the default game for "".
func Game(name string) (game.Module, error) {
	if name == "" {
		if m := game.Default(); m != nil {
			return m, nil
		}
		return nil, errorf("no game is registered")
	}
	if m := game.Lookup(name); m != nil {
		return m, nil
	}
	return nil, errorf("unknown game %q (known: %s)", name, game.IDs())
}

// Load compiles the workbooks named by paths (files or folders), or the
// bundled base set of the game when there are none, or reads the engine
// tables `deckwright build` wrote when the one path is a .json file. A
// project that cannot be read is an *Error; content problems are in the
// Build's Diags.
//
// Engine tables are a cache, not a trust boundary: every value is checked
// again as validate would, and against the game's rules unless
// ValuesOnly.
func Load(paths []string, o Options) (*Build, error) {
	if len(paths) == 1 && strings.EqualFold(filepath.Ext(paths[0]), ".json") {
		return loadTables(paths[0], o)
	}
	wbs, diags, err := read(paths, o.Game)
	if err != nil {
		return nil, err
	}
	if len(wbs) == 0 {
		return &Build{Diags: diags}, nil
	}
	mod, err := pick(wbs, o.Game)
	if err != nil {
		return nil, err
	}
	t, l := compiler.Compile(mod, wbs, compiler.Options{Strict: o.Strict, Provide: provideBundled})
	diags.Append(l)
	diags.Sort()
	return &Build{Module: mod, Tables: t, Diags: diags}, nil
}

// read reads the workbooks of paths, or the game's bundled base set.
func read(paths []string, gameName string) ([]*compiler.Workbook, *diag.List, error) {
	diags := &diag.List{}
	if len(paths) == 0 {
		mod, err := Game(gameName)
		if err != nil {
			return nil, diags, err
		}
		wb, err := Bundled(mod.ID())
		return []*compiler.Workbook{wb}, diags, err
	}
	// A path that cannot be read is the command line's fault (a
	// *compiler.ReadError), not the content's; a damaged workbook is the
	// content's (a diagnostic).
	wbs, l, err := compiler.ReadPaths(paths, compiler.DefaultLimits)
	if err != nil {
		return nil, diags, errorf("%v", err)
	}
	diags.Append(l)
	return wbs, diags, nil
}

// pick is the game of the workbooks: the one named, else the first Set
// sheet's, else the default game (the compiler then reports the missing
// Set sheet).
func pick(wbs []*compiler.Workbook, gameName string) (game.Module, error) {
	if gameName != "" {
		return Game(gameName)
	}
	for _, wb := range wbs {
		if g := wb.Game(); g != "" {
			if m := game.Lookup(g); m != nil {
				return m, nil
			}
		}
	}
	return Game("")
}

// Bundled reads the bundled base-set workbook of a game.
func Bundled(gameID string) (*compiler.Workbook, error) {
	set, ok := content.BaseOf(gameID)
	if !ok {
		return nil, errorf("no bundled set for %s", gameID)
	}
	return bundledSet(set)
}

// bundledSet reads a bundled set. It cannot fail but for a broken build
// of deckwright itself: the error is not an *Error.
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

// provideBundled gives the compiler a bundled set a workbook builds on.
func provideBundled(setID string) (*compiler.Workbook, bool) {
	set, ok := content.ByID(setID)
	if !ok {
		return nil, false
	}
	wb, err := bundledSet(set)
	return wb, err == nil
}

// MaxTables bounds the size of an engine-tables file read (the bundled
// sets' are under 1 MiB).
const MaxTables = 32 << 20

// loadTables reads engine tables written by `deckwright build` and checks
// every value again (compiler.Recheck). Values that fail are content
// errors at their cells.
func loadTables(path string, o Options) (*Build, error) {
	data, err := readTables(path)
	if err != nil {
		return nil, err
	}
	var head struct {
		Format string `json:"format"`
		Game   string `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil || head.Format != table.Format {
		_, err := table.Decode(data, nil) // says what the file is not
		return nil, errorf("%s: %v", path, err)
	}
	name := o.Game
	if name == "" {
		name = head.Game
	}
	mod := game.Lookup(name)
	if mod == nil {
		return nil, errorf("%s: unknown game %q (known: %s)", path, name, game.IDs())
	}
	t, err := table.Decode(data, mod.Schema())
	if err != nil {
		return nil, errorf("%s: %v", path, err)
	}
	checked, l := compiler.Recheck(mod, t, filepath.Base(path), compiler.DefaultLimits, !o.ValuesOnly)
	return &Build{Module: mod, Tables: checked, Diags: l}, nil
}

// readTables reads an engine-tables file: a regular file of at most
// MaxTables bytes.
func readTables(path string) ([]byte, error) {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, errorf("cannot read %s: %v", path, cause(err))
	case !st.Mode().IsRegular():
		return nil, errorf("cannot read %s: it is not a regular file (a device, a pipe, …)", path)
	}
	data, err := compiler.ReadLimited(path, MaxTables)
	if err != nil {
		return nil, errorf("cannot read %s: %v", path, cause(err))
	}
	if len(data) > MaxTables {
		return nil, errorf("%s: the file is more than %d MiB; engine tables are at most %d MiB (is it engine tables?)", path, MaxTables>>20, MaxTables>>20)
	}
	return data, nil
}

// cause is what went wrong with a path, without the path: the message
// names it already.
func cause(err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Sweep compiles the build again once for each value of a sweep's cell,
// as if the designer had typed it there (compiler.Edit): each variant's
// tables, or the errors the values cause, each at its cell. An error
// that several values cause alike is reported once, naming the values
// (refusals); one that a single value causes names it in its hint. Only
// errors are reported: the warnings are the build's own, which validate
// shows.
func (b *Build) Sweep(target game.SweepTarget, values []int) ([]game.SweepVariant, *diag.List) {
	var out []game.SweepVariant
	var refused refusals
	for _, v := range values {
		sheet, id, column, text := target.Edit(v)
		t, l := compiler.Edit(b.Module, b.Tables, []compiler.CellEdit{{Sheet: sheet, ID: id, Column: column, Text: text}})
		for _, d := range l.Items() {
			if d.Severity == diag.Error {
				refused.add(d, v)
			}
		}
		if t != nil {
			out = append(out, game.SweepVariant{Value: v, Tables: t})
		}
	}
	errs := refused.list(target, len(values))
	errs.Sort()
	return out, errs
}
