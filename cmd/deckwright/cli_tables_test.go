package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// editTables changes one cell of a tables.json the way anyone can: edit the
// JSON, recompute the (plain SHA-256) hash. It returns the cell's position
// as diagnostics print it.
func editTables(t *testing.T, path, sheet, column string, value any) string {
	t.Helper()
	var tb table.Tables
	require.NoError(t, json.Unmarshal(readFile(t, path), &tb))
	s := tb.Table(sheet)
	require.NotNil(t, s)
	row := s.Rows[0]
	row.Cells[column] = value
	src := s.Sources[row.Src.Source]
	data, err := tb.Encode()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return src.File + ":" + src.Sheet + "!" + src.Columns[column] + strconv.Itoa(row.Src.Row)
}

// TestEditedTablesAreChecked: a tables.json edited with its hash
// recomputed gets the checks validate makes, at the cell the row came
// from, in every command that reads it — never a crash, an out-of-memory
// or a silent zero.
func TestEditedTablesAreChecked(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	requireExit(t, exitOK, dw(t, "build", "-o", good))
	for _, tc := range []struct {
		name          string
		sheet, column string
		value         any
		want          string // the first diagnostic after the position
	}{
		{"a billion copies", "dangers", "count", 1e9, "error[DW0303]: Count must be between 0 and 99, not 1000000000"},
		{"minus five copies", "dangers", "count", -5, "error[DW0303]: Count must be between 0 and 99, not -5"},
		{"lots of copies", "dangers", "count", "lots", `error[DW0302]: Count must be a whole number, not "lots"`},
		{"a test that is an object", "dangers", "test", map[string]any{}, "error[DW0113]: Test holds {}, which no cell can"},
		{"an escape sequence", "dangers", "name", "Boat\x1b[2J", "error[DW0308]: Name holds a control character, U+001B (ESC), which no card can print"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tables.json")
			require.NoError(t, os.WriteFile(path, readFile(t, good), 0o644))
			at := editTables(t, path, tc.sheet, tc.column, tc.value)
			first := at + ": " + tc.want + "\n"
			for _, args := range [][]string{
				{"validate", path},
				{"inspect", path},
				{"sim", path, "--games", "5"},
				{"export", "pdf", path, "-o", filepath.Join(t.TempDir(), "x.pdf")},
			} {
				r := dw(t, args...)
				assert.Equal(t, exitContent, r.code, "%s\n%s", args, r)
				out := r.stderr
				if args[0] == "validate" {
					out = r.stdout
				}
				assert.True(t, strings.HasPrefix(out, first), "%s: the first line is\n%s\ngot\n%s", args[0], first, out)
				assert.NotContains(t, r.stdout+r.stderr, "\x1b")
			}
		})
	}
}
