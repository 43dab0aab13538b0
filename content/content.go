// Package content embeds deckwright's bundled base sets. Each game's folder
// holds its base-set workbook, generated from the tab-separated sources in
// its src folder (reviewable in diffs) by `go generate ./content`; a test
// checks the workbook matches its sources.
package content

import (
	"embed"
	"io/fs"
)

//go:generate go run ./gen

// files are the base-set workbooks Sets lists, each in its game's folder.
//
//go:embed */base.xlsx
var files embed.FS

// Set is a bundled set.
type Set struct {
	ID   string // the set's ID, as in its Set sheet
	Game string // the game module's ID
	Path string // the workbook inside the embedded files
	Src  string // the folder of its sources, relative to this package
}

// Sets lists the bundled sets.
var Sets = []Set{
	{ID: "fng-base", Game: "fortune-and-glory", Path: "fortune-and-glory/base.xlsx", Src: "fortune-and-glory/src"},
	{ID: "fl-base", Game: "fallen-land", Path: "fallen-land/base.xlsx", Src: "fallen-land/src"},
}

// Workbook returns a bundled set's workbook bytes.
func (s Set) Workbook() ([]byte, error) { return fs.ReadFile(files, s.Path) }

// FileName is the name used for the workbook in messages and projects.
func (s Set) FileName() string { return s.ID + ".xlsx" }

// ByID finds a bundled set by its ID.
func ByID(id string) (Set, bool) {
	for _, s := range Sets {
		if s.ID == id {
			return s, true
		}
	}
	return Set{}, false
}

// BaseOf returns the bundled base set of a game.
func BaseOf(game string) (Set, bool) {
	for _, s := range Sets {
		if s.Game == game {
			return s, true
		}
	}
	return Set{}, false
}
