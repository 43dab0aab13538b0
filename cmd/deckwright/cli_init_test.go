package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

func TestInitMakesAProjectThatValidates(t *testing.T) {
	tests := []struct {
		name, title, base, baseID string
		args                      []string
		expansion, setName        string
	}{
		{"default game", "Fortune and Glory", "fng-base.xlsx", "fng-base", nil, "my-exp.xlsx", "My Exp"},
		{"fallen land", "Fallen Land", "fl-base.xlsx", "fl-base", []string{"--game", "fallen-land"}, "my-exp.xlsx", "My Exp"},
		{"game by initials", "Fallen Land", "fl-base.xlsx", "fl-base", []string{"--game", "FL"}, "my-exp.xlsx", "My Exp"},
		{"named", "Fortune and Glory", "fng-base.xlsx", "fng-base", []string{"--name", "Arctic Expedition"}, "arctic-expedition.xlsx", "Arctic Expedition"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "my-exp")
			r := dw(t, append([]string{"init", dir}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.True(t, strings.HasPrefix(r.stdout, "Created "+dir+" for "+tc.title+":\n"), r.stdout)
			assert.Contains(t, r.stdout, "deckwright validate "+dir)

			want := []string{".gitattributes", tc.base, tc.expansion}
			sort.Strings(want)
			assert.Equal(t, want, listDir(t, dir))
			assert.Equal(t, "*.xlsx diff=deckwright\n", string(readFile(t, filepath.Join(dir, ".gitattributes"))))

			// The expansion's Set sheet names its game and requires the base set.
			set := dw(t, "dump", filepath.Join(dir, tc.expansion)).stdout
			assert.Contains(t, set, "\nName: "+tc.setName+"\n")
			assert.Contains(t, set, "\nRequires: "+tc.baseID+"\n")

			// No --game: the game comes from the workbooks' Set sheet.
			r = dw(t, "validate", dir)
			requireExit(t, exitOK, r)
			assert.Regexp(t, `^ok: `+tc.title+`, 2 layers, \d+ rows, \d+ cards; 0 errors, 0 warnings\n$`, r.stdout)
			requireExit(t, exitOK, dw(t, "validate", dir, "--strict"), "a new project has no warnings")

			r = dw(t, "inspect", dir, "--json")
			requireExit(t, exitOK, r)
			var in struct{ Layers []struct{ ID, Name string } }
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &in))
			require.Len(t, in.Layers, 2)
			assert.Equal(t, tc.baseID, in.Layers[0].ID, "the base set first")
			assert.Equal(t, strings.TrimSuffix(tc.expansion, ".xlsx"), in.Layers[1].ID)
			assert.Equal(t, tc.setName, in.Layers[1].Name)

			// The new project adds nothing until a row is enabled: it has
			// the bundled set's rows and cards.
			counts := regexp.MustCompile(`\d+ rows, \d+ cards`)
			bundled := dw(t, "validate", "--game", tc.title).stdout
			assert.Equal(t, counts.FindString(bundled), counts.FindString(dw(t, "validate", dir).stdout))
		})
	}
}

// TestInitExpansionWorkbookHelpsTheDesigner: every sheet of the schema, a
// frozen header, a comment on header cells, one disabled example row.
func TestInitExpansionWorkbookHelpsTheDesigner(t *testing.T) {
	for _, g := range []string{"fortune-and-glory", "fallen-land"} {
		t.Run(g, func(t *testing.T) {
			dir := newProject(t, "my-exp", "--game", g)
			f, err := excelize.OpenFile(filepath.Join(dir, "my-exp.xlsx"))
			require.NoError(t, err)
			defer f.Close()
			sheets := f.GetSheetList()
			require.Contains(t, sheets, "Set")
			schema := dw(t, "schema", "--game", g).stdout
			for _, sh := range sheets {
				assert.Contains(t, schema, "## "+sh, "schema documents the sheet %s that init writes", sh)
			}
			comments, err := f.GetComments("Heroes")
			if g == "fallen-land" {
				comments, err = f.GetComments("Characters")
			}
			require.NoError(t, err)
			assert.NotEmpty(t, comments, "header cells carry a comment explaining the column")
		})
	}
}

func TestInitRefusesANonEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	mine := map[string]string{
		"fng-base.xlsx":  "my own edited base set",
		"notes.txt":      "playtest notes",
		".gitattributes": "*.psd filter=lfs diff=lfs merge=lfs -text\n",
	}
	for name, body := range mine {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	// The refusal names every file init would touch, and what it would do.
	r := dw(t, "init", dir, "--name", "arctic")
	assert.Equal(t, exitUsage, r.code, r.String())
	assert.Equal(t, "deckwright: "+dir+" already exists and is not empty; init would:\n"+
		"  keep    fng-base.xlsx            it differs from the bundled copy: yours is kept\n"+
		"  create  arctic.xlsx              your expansion (set arctic, requires fng-base)\n"+
		"  add     .gitattributes           the line \"*.xlsx diff=deckwright\" (your lines are kept)\n"+
		"Run it again with --force to do that: files you changed are kept, never overwritten.\n", r.stderr)
	assert.Empty(t, r.stdout)
	assert.Equal(t, []string{".gitattributes", "fng-base.xlsx", "notes.txt"}, listDir(t, dir), "nothing is added")
	for name, body := range mine {
		assert.Equal(t, body, string(readFile(t, filepath.Join(dir, name))), "%s is untouched", name)
	}

	// --force does just that: the edited base set and the notes stay, the
	// expansion is written, .gitattributes gains a line and keeps the user's.
	r = dw(t, "init", dir, "--force", "--name", "arctic")
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "Updated "+dir+" for Fortune and Glory:\n"+
		"  keep    fng-base.xlsx            it differs from the bundled copy: yours is kept\n"+
		"  create  arctic.xlsx              your expansion (set arctic, requires fng-base)\n"+
		"  add     .gitattributes           the line \"*.xlsx diff=deckwright\" (your lines are kept)\n")
	assert.Equal(t, "my own edited base set", string(readFile(t, filepath.Join(dir, "fng-base.xlsx"))))
	assert.Equal(t, "playtest notes", string(readFile(t, filepath.Join(dir, "notes.txt"))))
	assert.Equal(t, "*.psd filter=lfs diff=lfs merge=lfs -text\n*.xlsx diff=deckwright\n", string(readFile(t, filepath.Join(dir, ".gitattributes"))))
	assert.Equal(t, []string{".gitattributes", "arctic.xlsx", "fng-base.xlsx", "notes.txt"}, listDir(t, dir))
}

func TestInitUsageErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown game", []string{filepath.Join(t.TempDir(), "p"), "--game", "chess"}, `unknown game "chess" (known: fortune-and-glory, fallen-land)`},
		{"a file, not a folder", []string{file}, "a-file"},
		{"no folder", nil, "arg"},
		{"two folders", []string{"a", "b"}, "arg"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"init"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Contains(t, r.stderr, tc.want)
		})
	}
}

// TestInitNamedLikeTheBaseSet: an expansion whose name slugs to the base
// set's ID ("init fng-base", "--name 'FNG Base'") must not overwrite the
// base workbook it copies: either init refuses, or the project it makes
// validates with both layers.
func TestInitNamedLikeTheBaseSet(t *testing.T) {
	for _, tc := range []struct {
		name, dir string
		args      []string
	}{
		{"folder", "fng-base", nil},
		{"--name", "proj", []string{"--name", "FNG Base"}},
		{"fallen land", "fl-base", []string{"--game", "fallen-land"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), tc.dir)
			r := dw(t, append([]string{"init", dir}, tc.args...)...)
			if r.code != exitOK {
				assert.Equal(t, exitUsage, r.code, r.String())
				assert.Contains(t, r.stderr, "base", "the refusal says why")
				return
			}
			assert.Len(t, listDir(t, dir), 3, "the base set and the expansion are two workbooks: %v", listDir(t, dir))
			v := dw(t, "validate", dir)
			assert.Equal(t, exitOK, v.code, "the project init made validates\n%s", v)
			assert.Contains(t, v.stdout, "2 layers")
		})
	}
}
