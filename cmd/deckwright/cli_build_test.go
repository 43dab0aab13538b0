package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// builtTables is the part of the engine-tables artifact these tests read.
type builtTables struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Game    string `json:"game"`
	Hash    string `json:"hash"`
	Layers  []struct {
		ID, Name, File string
	} `json:"layers"`
	Sheets []struct {
		Key     string `json:"key"`
		Sources []struct {
			File  string `json:"file"`
			Sheet string `json:"sheet"`
			Layer string `json:"layer"`
		} `json:"sources"`
		Rows []struct {
			ID  string `json:"id"`
			Src struct {
				Source int `json:"source"`
				Row    int `json:"row"`
			} `json:"src"`
			Cells map[string]any `json:"cells"`
		} `json:"rows"`
	} `json:"sheets"`
}

func decodeTables(t *testing.T, data []byte) builtTables {
	t.Helper()
	var tb builtTables
	require.NoError(t, json.Unmarshal(data, &tb))
	return tb
}

func (tb builtTables) rowCount(key string) int {
	for _, s := range tb.Sheets {
		if s.Key == key {
			return len(s.Rows)
		}
	}
	return -1
}

var hashRe = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

func TestBuildIsByteIdentical(t *testing.T) {
	fng := newProject(t, "my-exp")
	fl := newProject(t, "my-exp", "--game", "fallen-land")
	tests := []struct {
		name   string
		args   []string
		game   string
		layers []string
	}{
		{"bundled Fortune and Glory", nil, "fortune-and-glory", []string{"fng-base"}},
		{"bundled Fallen Land", []string{"--game", "fallen-land"}, "fallen-land", []string{"fl-base"}},
		{"Fortune and Glory project", []string{fng}, "fortune-and-glory", []string{"fng-base", "my-exp"}},
		{"Fallen Land project", []string{fl}, "fallen-land", []string{"fl-base", "my-exp"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var outs [][]byte
			for _, name := range []string{"a.json", "b.json"} {
				out := filepath.Join(dir, name)
				r := dw(t, append([]string{"build", "-o", out}, tc.args...)...)
				requireExit(t, exitOK, r)
				assert.Empty(t, r.stdout, "the tables go to the file")
				assert.Regexp(t, `^wrote `+regexp.QuoteMeta(out)+` \(sha256:[0-9a-f]{12}\)\n$`, r.stderr)
				outs = append(outs, readFile(t, out))
			}
			assert.Equal(t, outs[0], outs[1], "a second build is byte-identical")

			r := dw(t, append([]string{"build", "-o", "-"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.Equal(t, string(outs[0]), r.stdout, "-o - writes the same bytes to standard output")

			tb := decodeTables(t, outs[0])
			assert.Equal(t, "deckwright-tables", tb.Format)
			assert.Positive(t, tb.Version)
			assert.Equal(t, tc.game, tb.Game)
			assert.Regexp(t, hashRe, tb.Hash)
			var layers []string
			for _, l := range tb.Layers {
				layers = append(layers, l.ID)
			}
			assert.Equal(t, tc.layers, layers, "layers in build order")
		})
	}
}

// TestBuildDoesNotDependOnWhereTheProjectIs: two copies of the same project
// in different folders give the same bytes (provenance names the workbook,
// not the folder), so tables can be cached and compared across machines.
func TestBuildDoesNotDependOnWhereTheProjectIs(t *testing.T) {
	var outs [][]byte
	for range 2 {
		dir := newProject(t, "arctic")
		out := filepath.Join(t.TempDir(), "tables.json")
		requireExit(t, exitOK, dw(t, "build", dir, "-o", out))
		outs = append(outs, readFile(t, out))
	}
	assert.Equal(t, outs[0], outs[1])
}

// TestBuildTablesHoldRowsWithTheirSource: the artifact holds the bundled
// rows and an expansion's added row, typed, each with the cell it came from.
func TestBuildTablesHoldRowsWithTheirSource(t *testing.T) {
	dir := newProject(t, "my-exp")
	out := filepath.Join(t.TempDir(), "base.json")
	requireExit(t, exitOK, dw(t, "build", dir, "-o", out))
	base := decodeTables(t, readFile(t, out))

	editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false})
	requireExit(t, exitOK, dw(t, "build", dir, "-o", out))
	tb := decodeTables(t, readFile(t, out))
	assert.NotEqual(t, base.Hash, tb.Hash, "the content hash follows the content")
	assert.Equal(t, base.rowCount("heroes")+1, tb.rowCount("heroes"))

	found := map[string]bool{}
	for _, s := range tb.Sheets {
		if s.Key != "heroes" {
			continue
		}
		for _, row := range s.Rows {
			switch row.ID {
			case "jake-zane":
				found[row.ID] = true
				assert.Equal(t, "Jake Zane", row.Cells["name"])
				assert.Equal(t, "fng-base", s.Sources[row.Src.Source].Layer)
			case "nadia-volkova":
				found[row.ID] = true
				assert.Equal(t, "Nadia Volkova", row.Cells["name"])
				assert.Equal(t, float64(2), row.Cells["combat"], "typed: a number, not text")
				src := s.Sources[row.Src.Source]
				assert.Equal(t, "my-exp", src.Layer)
				assert.Equal(t, "my-exp.xlsx", src.File)
				assert.Equal(t, "Heroes", src.Sheet)
				assert.Equal(t, 2, row.Src.Row)
			}
		}
	}
	assert.Len(t, found, 2, "a bundled hero and the expansion's hero are in the tables")
}

func TestBuildFailures(t *testing.T) {
	t.Run("content errors write nothing and keep the old file", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Wounds": "many"})
		out := filepath.Join(t.TempDir(), "tables.json")
		require.NoError(t, os.WriteFile(out, []byte("last good build"), 0o644))
		r := dw(t, "build", dir, "-o", out)
		assert.Equal(t, exitContent, r.code, r.String())
		assert.Empty(t, r.stdout)
		assert.Contains(t, r.stderr, "error[DW0302]: Wounds must be a whole number")
		assert.Equal(t, "last good build", string(readFile(t, out)))
	})
	for _, tc := range []struct {
		name, out, want string
	}{
		{"output folder missing", filepath.Join(t.TempDir(), "no", "such", "t.json"), "no such file or directory"},
		{"output is a folder", t.TempDir(), "it is a folder, not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, "build", "-o", tc.out)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Contains(t, r.stderr, tc.want)
			assert.Contains(t, r.stderr, tc.out)
		})
	}
	r := dw(t, "build", "--format", "yaml")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--format must be text or json")
}

func TestInspect(t *testing.T) {
	fng := newProject(t, "my-exp")
	editRow(t, filepath.Join(fng, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false})
	tests := []struct {
		name, title string
		args        []string
		layers      []string
		extraHeroes int
	}{
		{"bundled", "Fortune and Glory", nil, []string{"fng-base"}, 0},
		{"bundled Fallen Land", "Fallen Land", []string{"--game", "fallen-land"}, []string{"fl-base"}, 0},
		{"project with a new hero", "Fortune and Glory", []string{fng}, []string{"fng-base", "my-exp"}, 1},
	}
	bundledHeroes := -1
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "tables.json")
			requireExit(t, exitOK, dw(t, append([]string{"build", "-o", out}, tc.args...)...))
			tb := decodeTables(t, readFile(t, out))
			v := dw(t, append([]string{"validate"}, tc.args...)...)
			requireExit(t, exitOK, v)
			cards, err := strconv.Atoi(regexp.MustCompile(`(\d+) cards;`).FindStringSubmatch(v.stdout)[1])
			require.NoError(t, err)

			r := dw(t, append([]string{"inspect", "--json"}, tc.args...)...)
			requireExit(t, exitOK, r)
			var in struct {
				Game   string
				Hash   string
				Layers []struct{ ID string }
				Decks  map[string]struct{ Cards, Copies int }
				Sheets map[string]int
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &in), r.stdout)
			assert.Equal(t, tb.Game, in.Game)
			assert.Equal(t, tb.Hash, in.Hash, "inspect describes the same build as build writes")
			var layers []string
			for _, l := range in.Layers {
				layers = append(layers, l.ID)
			}
			assert.Equal(t, tc.layers, layers)
			copies := 0
			for _, d := range in.Decks {
				copies += d.Copies
				assert.Positive(t, d.Cards, "a deck is listed only when it has cards")
			}
			assert.Equal(t, cards, copies, "every copy of every deck, as validate counts them")
			assert.NotEmpty(t, in.Sheets)
			for key, n := range in.Sheets {
				assert.Equal(t, tb.rowCount(key), n, "rows of %s", key)
			}
			if tc.title == "Fortune and Glory" {
				if bundledHeroes < 0 {
					bundledHeroes = in.Sheets["heroes"]
				}
				assert.Equal(t, bundledHeroes+tc.extraHeroes, in.Sheets["heroes"])
			}

			r = dw(t, append([]string{"inspect"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.True(t, strings.HasPrefix(r.stdout, tc.title+"  "+in.Hash+"\n"), r.stdout)
			for i, l := range tc.layers {
				assert.Regexp(t, `(?m)^  `+strconv.Itoa(i+1)+`\s+`+l+`\s`, r.stdout)
			}
			assert.Regexp(t, `(?m)^deck\s+cards\s+copies$`, r.stdout)
			assert.Regexp(t, `(?m)^sheet\s+rows$`, r.stdout)
		})
	}

	r := dw(t, "inspect", "a", "b")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "accepts at most 1 arg")
}

func TestDump(t *testing.T) {
	dir := newProject(t, "my-exp")
	base := filepath.Join(dir, "fng-base.xlsx")
	r := dw(t, "dump", base)
	requireExit(t, exitOK, r)
	assert.True(t, strings.HasPrefix(r.stdout, "# fng-base.xlsx\n\n## Set\n"), r.stdout[:min(200, len(r.stdout))])
	assert.Regexp(t, `(?m)^## Heroes\ncolumns: ID \| Name \| `, r.stdout)
	assert.Regexp(t, `(?m)^\[Heroes \d+\] jake-zane\nID: jake-zane\nName: Jake Zane\n`, r.stdout)
	assert.Equal(t, r.stdout, dw(t, "dump", base).stdout, "stable: the same workbook, the same text")

	// As a diff driver: an edited cell shows as one changed line.
	exp := filepath.Join(dir, "my-exp.xlsx")
	before := dw(t, "dump", exp).stdout
	editRow(t, exp, "Heroes", "nadia-volkova", map[string]any{"Start City": "london"})
	after := dw(t, "dump", exp).stdout
	assert.Contains(t, before, "\nStart City: moscow\n")
	assert.Equal(t, strings.Replace(before, "\nStart City: moscow\n", "\nStart City: london\n", 1), after)

	// A Fallen Land workbook dumps the same way.
	fl := newProject(t, "my-exp", "--game", "fallen-land")
	r = dw(t, "dump", filepath.Join(fl, "my-exp.xlsx"))
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "\nGame: fallen-land\n")
	assert.Regexp(t, `(?m)^\[Characters 2\] mara-quill$`, r.stdout)

	r = dw(t, "dump")
	assert.Equal(t, exitUsage, r.code)
	r = dw(t, "dump", base, exp)
	assert.Equal(t, exitUsage, r.code, "dump reads one workbook")
}
