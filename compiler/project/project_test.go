package project_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games"
)

// TestLoadBundled: with no path, the bundled base set of the game named
// (by ID, title or initials), or of the default game.
func TestLoadBundled(t *testing.T) {
	for _, tc := range []struct{ name, game, layer string }{
		{"default game", "", "fng-base"},
		{"by ID", "fallen-land", "fl-base"},
		{"by title", "Fallen Land", "fl-base"},
		{"by initials", "fng", "fng-base"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := project.Load(nil, project.Options{Game: tc.game})
			require.NoError(t, err)
			require.NotNil(t, b.Tables)
			assert.Zero(t, b.Diags.Errors(), "%v", b.Diags.Items())
			require.Len(t, b.Tables.Layers, 1)
			assert.Equal(t, tc.layer, b.Tables.Layers[0].ID)
			assert.Equal(t, b.Tables.Game, b.Module.ID())
		})
	}
}

// TestLoadErrors: what keeps a project from loading at all is an *Error
// saying so (the command line's fault); nothing is returned to play.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.json")
	require.NoError(t, os.WriteFile(junk, []byte(`{"hello": 1}`), 0o644))
	tables := filepath.Join(dir, "tables.json")
	b, err := project.Load(nil, project.Options{Game: "fallen-land"})
	require.NoError(t, err)
	data, err := b.Tables.Encode()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(tables, data, 0o644))
	for _, tc := range []struct {
		name  string
		paths []string
		game  string
		want  string
	}{
		{"unknown game", nil, "chess", `unknown game "chess" (known: fortune-and-glory, fallen-land)`},
		{"missing path", []string{filepath.Join(dir, "nowhere")}, "", "nowhere"},
		{"empty folder", []string{dir + "/empty"}, "", "holds no workbooks"},
		{"not engine tables", []string{junk}, "", "junk.json: "},
		{"missing tables", []string{filepath.Join(dir, "gone.json")}, "", "cannot read " + filepath.Join(dir, "gone.json") + ": no such file or directory"},
		{"tables as another game", []string{tables}, "chess", `tables.json: unknown game "chess"`},
		{"a folder named .json", []string{dir + "/x.json"}, "", "it is not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_ = os.Mkdir(filepath.Join(dir, "empty"), 0o755)
			_ = os.Mkdir(filepath.Join(dir, "x.json"), 0o755)
			_, err := project.Load(tc.paths, project.Options{Game: tc.game})
			var pe *project.Error
			require.ErrorAs(t, err, &pe)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestLoadTables: engine tables load as the build that wrote them, the
// game from the file (or --game), every value checked again.
func TestLoadTables(t *testing.T) {
	for _, m := range game.Modules() {
		if _, ok := content.BaseOf(m.ID()); !ok {
			continue
		}
		t.Run(m.ID(), func(t *testing.T) {
			b, err := project.Load(nil, project.Options{Game: m.ID()})
			require.NoError(t, err)
			data, err := b.Tables.Encode()
			require.NoError(t, err)
			path := filepath.Join(t.TempDir(), "tables.JSON")
			require.NoError(t, os.WriteFile(path, data, 0o644))
			for _, o := range []project.Options{{}, {ValuesOnly: true}, {Game: m.Title()}} {
				got, err := project.Load([]string{path}, o)
				require.NoError(t, err)
				assert.Equal(t, m.ID(), got.Module.ID())
				assert.Zero(t, got.Diags.Errors(), "%v", got.Diags.Items())
				assert.Equal(t, b.Tables.Hash, got.Tables.Hash)
			}
		})
	}
}

// TestLoadProject: a project folder is compiled on its base set, the game
// read from its Set sheet whatever the default game.
func TestLoadProject(t *testing.T) {
	wb, err := project.Bundled("fallen-land")
	require.NoError(t, err)
	require.Equal(t, "fallen-land", wb.Game())
	_, err = project.Bundled("chess")
	var pe *project.Error
	require.ErrorAs(t, err, &pe)
	set, ok := content.BaseOf("fallen-land")
	require.True(t, ok)
	data, err := set.Workbook()
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, set.FileName()), data, 0o644))
	b, err := project.Load([]string{dir}, project.Options{})
	require.NoError(t, err)
	assert.Equal(t, "fallen-land", b.Module.ID(), "the Set sheet names the game")
	assert.Zero(t, b.Diags.Errors(), "%v", b.Diags.Items())
}

// TestLoadContentProblems: a workbook that is damaged or for another game
// is the content's problem, a diagnostic (validate lists it, exit 1),
// never an *Error (exit 2); the workbooks that read still build.
func TestLoadContentProblems(t *testing.T) {
	set, ok := content.BaseOf("fallen-land")
	require.True(t, ok)
	base, err := set.Workbook()
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		files  map[string][]byte
		game   string
		module string // "" for none
		code   string // the first error's code
		built  bool   // tables compiled
	}{
		{"a damaged workbook alone", map[string][]byte{"x.xlsx": []byte("PK\x03\x04 not a zip")}, "", "", "DW0105", false},
		{"a damaged workbook beside the base", map[string][]byte{set.FileName(): base, "x.xlsx": []byte("PK\x03\x04 not a zip")}, "", "fallen-land", "DW0105", true},
		{"--game against the Set sheet", map[string][]byte{set.FileName(): base}, "fortune-and-glory", "fortune-and-glory", "DW0204", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
			}
			b, err := project.Load([]string{dir}, project.Options{Game: tc.game})
			require.NoError(t, err)
			require.NotNil(t, b)
			assert.Equal(t, tc.built, b.Tables != nil)
			if tc.module == "" {
				assert.Nil(t, b.Module, "no workbook read: no game")
			} else {
				assert.Equal(t, tc.module, b.Module.ID())
			}
			require.NotZero(t, b.Diags.Errors())
			assert.Equal(t, tc.code, string(b.Diags.Items()[0].Code), "%v", b.Diags.Items())
		})
	}
}

// TestLoadTablesSizeLimit: an engine-tables file of MaxTables bytes is
// read (and refused for what it holds); one byte more is refused for its
// size, unread.
func TestLoadTablesSizeLimit(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		size int64
		want string
	}{
		{project.MaxTables, "at.json: "},
		{project.MaxTables + 1, "over.json: the file is more than 32 MiB; engine tables are at most 32 MiB (is it engine tables?)"},
	} {
		name := "at.json"
		if tc.size > project.MaxTables {
			name = "over.json"
		}
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(tc.size)) // sparse: zeros, no disk
		require.NoError(t, f.Close())
		_, err = project.Load([]string{path}, project.Options{})
		var pe *project.Error
		require.ErrorAs(t, err, &pe)
		assert.Contains(t, err.Error(), tc.want)
		if tc.size == project.MaxTables {
			assert.NotContains(t, err.Error(), "more than", "at the limit the file is read")
		}
	}
}
