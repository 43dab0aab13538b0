package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// cliResult is one in-process run of the deckwright command line.
type cliResult struct {
	code           int
	stdout, stderr string
}

func (r cliResult) String() string {
	return fmt.Sprintf("exit %d\n--- stdout:\n%s\n--- stderr:\n%s", r.code, clip(r.stdout), clip(r.stderr))
}

func clip(s string) string {
	if len(s) > 4000 {
		return s[:4000] + "\n…"
	}
	return s
}

// dw runs the root command in-process, as main does, and checks what must
// hold for every run: no panic, no Go stack trace, an exit code the root
// command defines.
func dw(t *testing.T, args ...string) cliResult {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	r := cliResult{code: code, stdout: out.String(), stderr: errb.String()}
	assert.Contains(t, []int{exitOK, exitContent, exitUsage}, r.code, "deckwright %s: an exit code root.go defines", strings.Join(args, " "))
	for _, s := range []string{"panic:", "goroutine ", "runtime error", ".go:"} {
		assert.NotContains(t, r.stderr, s, "deckwright %s: no Go stack trace or panic", strings.Join(args, " "))
	}
	return r
}

// requireExit fails the test at once unless the run exited with code.
func requireExit(t *testing.T, want int, r cliResult, msgAndArgs ...any) {
	t.Helper()
	require.Equal(t, want, r.code, append(msgAndArgs, r.String())...)
}

// newProject runs `deckwright init` into a new folder called name (the
// expansion is then name.xlsx) and returns the folder.
func newProject(t *testing.T, name string, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	r := dw(t, append([]string{"init", dir}, args...)...)
	requireExit(t, exitOK, r, "init")
	return dir
}

// editRow sets cells of the row whose ID is id on a workbook's sheet, the
// columns found by their header names (as a designer would), and returns
// each edited column's cell name ("F2").
func editRow(t *testing.T, path, sheet, id string, values map[string]any) map[string]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := f.GetRows(sheet)
	require.NoError(t, err)
	require.NotEmpty(t, rows, "%s has a header row", sheet)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[strings.ToLower(h)] = i + 1
	}
	idCol, ok := col["id"]
	require.True(t, ok, "%s has an ID column", sheet)
	rowNum := 0
	for i, r := range rows[1:] {
		if len(r) >= idCol && r[idCol-1] == id {
			rowNum = i + 2
		}
	}
	require.NotZero(t, rowNum, "%s has a row %q", sheet, id)
	cells := map[string]string{}
	for name, v := range values {
		c, ok := col[strings.ToLower(name)]
		require.True(t, ok, "%s has a column %q", sheet, name)
		cell, err := excelize.CoordinatesToCellName(c, rowNum)
		require.NoError(t, err)
		require.NoError(t, f.SetCellValue(sheet, cell, v))
		cells[name] = cell
	}
	require.NoError(t, f.Save())
	return cells
}

// addColumn writes a header after a sheet's last column and returns its cell.
func addColumn(t *testing.T, path, sheet, header string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := f.GetRows(sheet)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	cell, err := excelize.CoordinatesToCellName(len(rows[0])+1, 1)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue(sheet, cell, header))
	require.NoError(t, f.Save())
	return cell
}

// jsonDiagnostics is the documented shape of --format json.
type jsonDiagnostics struct {
	Diagnostics []struct {
		File     string `json:"file"`
		Sheet    string `json:"sheet"`
		Cell     string `json:"cell"`
		Char     int    `json:"char"`
		Column   int    `json:"column"` // deprecated: Char's old name
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Message  string `json:"message"`
		Hint     string `json:"hint"`
	} `json:"diagnostics"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

func decodeDiagnostics(t *testing.T, s string) jsonDiagnostics {
	t.Helper()
	var raw struct {
		Diagnostics []map[string]any `json:"diagnostics"`
	}
	require.NoError(t, json.Unmarshal([]byte(s), &raw), "--format json prints one JSON document:\n%s", s)
	for _, d := range raw.Diagnostics {
		for _, k := range []string{"file", "sheet", "cell", "char", "column", "severity", "code", "message", "hint"} {
			assert.Contains(t, d, k, "every diagnostic has %q", k)
		}
		assert.Equal(t, d["char"], d["column"], "the deprecated column repeats char")
	}
	var d jsonDiagnostics
	require.NoError(t, json.Unmarshal([]byte(s), &d))
	return d
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// listDir names a folder's entries, for checking what a command wrote.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
