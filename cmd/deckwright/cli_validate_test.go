package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidateBundledSetsAreClean(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		title string
	}{
		{nil, "Fortune and Glory"},
		{[]string{"--game", "fortune-and-glory"}, "Fortune and Glory"},
		{[]string{"--game", "fallen-land"}, "Fallen Land"},
		{[]string{"--game", "Fallen Land"}, "Fallen Land"}, // a title, spaced and capitalised
		{[]string{"--game", "fl"}, "Fallen Land"},          // initials
	} {
		t.Run(strings.Join(append([]string{"validate"}, tc.args...), " "), func(t *testing.T) {
			r := dw(t, append([]string{"validate", "--strict"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.Regexp(t, `^ok: `+regexp.QuoteMeta(tc.title)+`, 1 layer, [1-9]\d* rows, [1-9]\d* cards; 0 errors, 0 warnings\n$`, r.stdout,
				"a clean build prints exactly the one ok line")
			assert.Empty(t, r.stderr)

			r = dw(t, append([]string{"validate", "--strict", "--format", "json"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.Contains(t, r.stdout, `"diagnostics": []`, "an empty list, never null, so scripts can rely on the shape")
			d := decodeDiagnostics(t, r.stdout)
			assert.Zero(t, d.Errors)
			assert.Zero(t, d.Warnings)
			assert.NotContains(t, r.stdout, "ok:", "JSON output is JSON only")
		})
	}
}

// TestValidateReportsEachProblemAtItsCell breaks cells of a project made
// by init, as a designer would in a spreadsheet, and checks the whole
// report: position, severity, code, message, caret and hint, exactly.
func TestValidateReportsEachProblemAtItsCell(t *testing.T) {
	tests := []struct {
		name    string
		game    []string
		sheet   string
		id      string
		edit    map[string]any
		column  string // the column whose cell is blamed
		code    string
		message string
		more    string // caret and hint lines, as printed
		hint    string // the JSON hint
		char    int    // the character inside the cell under the caret (JSON char)
	}{
		{
			name: "reference with a typo", sheet: "Heroes", id: "nadia-volkova",
			edit: map[string]any{"Disabled": false, "Start City": "moskow"}, column: "Start City",
			code: "DW0401", message: `no Spaces row is called "moskow"`,
			more: "  hint: did you mean \"moscow\"?\n", hint: `did you mean "moscow"?`,
		},
		{
			name: "not a number", sheet: "Heroes", id: "nadia-volkova",
			edit: map[string]any{"Disabled": false, "Combat": "lots"}, column: "Combat",
			code: "DW0302", message: `Combat must be a whole number, not "lots"`,
		},
		{
			name: "misspelled verb in an effect", sheet: "Heroes", id: "nadia-volkova",
			edit: map[string]any{"Disabled": false, "Effect": "gainGlroy(2)"}, column: "Effect",
			code: "DW0412", message: `unknown verb "gainGlroy"`,
			more: "    gainGlroy(2)\n    ^\n  hint: did you mean \"gainGlory\"?\n", hint: `did you mean "gainGlory"?`, char: 1,
		},
		{
			name: "misspelled verb inside an effect", sheet: "Heroes", id: "nadia-volkova",
			edit: map[string]any{"Disabled": false, "Effect": "gainGlory(2); gainGlroy(1)"}, column: "Effect",
			code: "DW0412", message: `unknown verb "gainGlroy"`,
			more: "    gainGlory(2); gainGlroy(1)\n                  ^\n  hint: did you mean \"gainGlory\"?\n", hint: `did you mean "gainGlory"?`, char: 15,
		},
		{
			name: "Fallen Land skill budget", game: []string{"--game", "fallen-land"}, sheet: "Characters", id: "mara-quill",
			edit: map[string]any{"Disabled": false, "Combat": 6, "Survival": 6, "Diplomacy": 6, "Mechanical": 6, "Technical": 6, "Medical": 6}, column: "Combat",
			code: "DW2040", message: "the six Base Skills add up to 36, not 35",
			more: "  hint: adjust the skills, or set Budget Override to TRUE\n", hint: "adjust the skills, or set Budget Override to TRUE",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := newProject(t, "my-exp", tc.game...)
			cells := editRow(t, filepath.Join(dir, "my-exp.xlsx"), tc.sheet, tc.id, tc.edit)
			pos := fmt.Sprintf("my-exp.xlsx:%s!%s", tc.sheet, cells[tc.column])

			r := dw(t, "validate", dir)
			assert.Equal(t, exitContent, r.code, r.String())
			assert.Equal(t, pos+": error["+tc.code+"]: "+tc.message+"\n"+tc.more+"1 error, 0 warnings\n", r.stdout)
			assert.NotContains(t, r.stdout, "ok:")

			r = dw(t, "validate", dir, "--format", "json")
			assert.Equal(t, exitContent, r.code, r.String())
			d := decodeDiagnostics(t, r.stdout)
			require.Len(t, d.Diagnostics, 1, r.stdout)
			got := d.Diagnostics[0]
			assert.Equal(t, "my-exp.xlsx", got.File)
			assert.Equal(t, tc.sheet, got.Sheet)
			assert.Equal(t, cells[tc.column], got.Cell)
			assert.Equal(t, "error", got.Severity)
			assert.Equal(t, tc.code, got.Code)
			assert.Equal(t, tc.message, got.Message)
			assert.Equal(t, tc.hint, got.Hint)
			assert.Equal(t, 1, d.Errors)
			// The cell is the spreadsheet's; char is the character inside
			// its text under the caret (0: the whole cell).
			assert.Equal(t, tc.char, got.Char, "the caret's character inside the cell")
			assert.Equal(t, tc.char, got.Column, "the deprecated alias of char")

			// The same problem stops build and sim, at the same cell.
			out := filepath.Join(t.TempDir(), "tables.json")
			r = dw(t, "build", dir, "-o", out)
			assert.Equal(t, exitContent, r.code, r.String())
			assert.Contains(t, r.stderr, pos+": error["+tc.code+"]")
			assert.NoFileExists(t, out)
		})
	}
}

// TestValidateFallenLandVerbHintNamesItsReference: an unknown verb in a
// Fallen Land workbook points the designer at a reference. `deckwright
// effects` alone prints the Fortune and Glory one, where gainGlory, the
// very verb just rejected, is listed; the hint must name the game.
func TestValidateFallenLandVerbHintNamesItsReference(t *testing.T) {
	dir := newProject(t, "my-exp", "--game", "fallen-land")
	editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Characters", "mara-quill", map[string]any{"Disabled": false, "Timing": "passive", "Effect": "gainGlory(2)"})
	r := dw(t, "validate", dir, "--format", "json")
	assert.Equal(t, exitContent, r.code, r.String())
	d := decodeDiagnostics(t, r.stdout)
	require.NotEmpty(t, d.Diagnostics)
	got := d.Diagnostics[0]
	require.Equal(t, "DW0412", got.Code, r.stdout)
	assert.Equal(t, `unknown verb "gainGlory"`, got.Message)
	if strings.Contains(got.Hint, "deckwright effects") {
		assert.Contains(t, got.Hint, "fallen-land", "the hint's command must print Fallen Land's verbs, not Fortune and Glory's")
	}
}

func TestValidateWarningsAndStrict(t *testing.T) {
	dir := newProject(t, "my-exp")
	cell := addColumn(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "Colour")
	line := "my-exp.xlsx:Heroes!" + cell + `: warning[DW0205]: column "Colour" is not part of the Heroes sheet; it is ignored`

	r := dw(t, "validate", dir)
	requireExit(t, exitOK, r, "warnings alone do not fail a build")
	assert.Contains(t, r.stdout, line+"\n  hint: start a column's name with _ to keep notes without this warning\n")
	assert.Regexp(t, `(?m)^ok: Fortune and Glory, 2 layers, .*; 0 errors, 1 warnings?$`, r.stdout)

	r = dw(t, "validate", dir, "--strict")
	assert.Equal(t, exitContent, r.code, "--strict fails on warnings\n%s", r)
	assert.Contains(t, r.stdout, line)
	assert.NotContains(t, r.stdout, "ok:")

	r = dw(t, "validate", dir, "--strict", "--format", "json")
	assert.Equal(t, exitContent, r.code, r.String())
	d := decodeDiagnostics(t, r.stdout)
	assert.Equal(t, 0, d.Errors)
	assert.Equal(t, 1, d.Warnings)
	require.Len(t, d.Diagnostics, 1)
	assert.Equal(t, "warning", d.Diagnostics[0].Severity)
	assert.Equal(t, cell, d.Diagnostics[0].Cell)

	// A column whose name starts with _ is the designer's notes: no warning.
	dir = newProject(t, "notes")
	addColumn(t, filepath.Join(dir, "notes.xlsx"), "Heroes", "_Colour")
	r = dw(t, "validate", dir, "--strict")
	requireExit(t, exitOK, r)
}

func TestValidateMaxPerSheet(t *testing.T) {
	dir := newProject(t, "my-exp")
	editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova",
		map[string]any{"Disabled": false, "Combat": "x", "Agility": "x", "Cunning": "x"})

	count := func(s string) int { return len(regexp.MustCompile(`(?m)error\[DW0302\]`).FindAllString(s, -1)) }
	r := dw(t, "validate", dir, "--max-per-sheet", "1")
	assert.Equal(t, exitContent, r.code)
	assert.Equal(t, 1, count(r.stdout), r.stdout)
	assert.Contains(t, r.stdout, "my-exp.xlsx:Heroes: error[DW0001]: … and 2 more errors in Heroes\n")
	assert.True(t, strings.HasSuffix(r.stdout, "\n3 errors, 0 warnings\n"), "the count includes what was left out:\n%s", r.stdout)

	for _, n := range []string{"0", "20"} {
		r = dw(t, "validate", dir, "--max-per-sheet", n)
		assert.Equal(t, exitContent, r.code)
		assert.Equal(t, 3, count(r.stdout), "--max-per-sheet %s\n%s", n, r.stdout)
		assert.NotContains(t, r.stdout, "DW0001")
	}
}

func TestValidateUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown flag", []string{"--bogus"}, []string{"unknown flag: --bogus", "Run 'deckwright validate --help' for usage."}},
		{"format", []string{"--format", "xml"}, []string{`--format must be text or json, not "xml"`}},
		{"max per sheet", []string{"--max-per-sheet", "-1"}, []string{"--max-per-sheet must be 0 or more"}},
		{"max per sheet not a number", []string{"--max-per-sheet", "many"}, []string{"invalid argument", "--max-per-sheet"}},
		{"game", []string{"--game", "chess"}, []string{`unknown game "chess" (known: fortune-and-glory, fallen-land)`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"validate"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Empty(t, r.stdout)
			for _, w := range tc.want {
				assert.Contains(t, r.stderr, w)
			}
		})
	}
}

// TestMissingPathIsAnIOError: a path that does not exist is a usage or I/O
// failure (exit 2, as root.go and the design define, and as export pdf
// and dump already do), not a content error of the project.
func TestMissingPathIsAnIOError(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-project")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"validate", []string{"validate", missing}},
		{"validate json", []string{"validate", missing, "--format", "json"}},
		{"build", []string{"build", missing, "-o", filepath.Join(t.TempDir(), "t.json")}},
		{"inspect", []string{"inspect", missing}},
		{"sim", []string{"sim", missing, "--games", "1"}},
		{"export pdf", []string{"export", "pdf", missing + ".json", "-o", filepath.Join(t.TempDir(), "x.pdf")}},
		{"dump", []string{"dump", missing + ".xlsx"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			r := dw(t, args...)
			assert.Equal(t, exitUsage, r.code, "%v\n%s", args, r)
			assert.Contains(t, r.stdout+r.stderr, "cannot read")
			assert.Contains(t, r.stdout+r.stderr, "no-such-project")
		})
	}
}

// TestValidateDamagedWorkbooks: files that are not workbooks get one clear
// diagnostic naming the file: a content error (exit 1), since the file is
// the designer's, and never a panic. dump, which reads one file, exits 2.
func TestValidateDamagedWorkbooks(t *testing.T) {
	good := readFile(t, filepath.Join(newProject(t, "good"), "good.xlsx"))
	tests := []struct {
		name, line, hint string
		data             []byte
	}{
		{"truncated", "error[DW0105]: the workbook is truncated or damaged", "save it again as .xlsx", good[:len(good)/3]},
		{"cut short at the end", "error[DW0105]: the workbook is truncated or damaged", "save it again as .xlsx", good[:len(good)-100]},
		{"empty", "error[DW0105]: the file is empty", "save it again as .xlsx", nil},
		{"csv renamed", "error[DW0102]: this is a text file (CSV?), not a workbook (.xlsx or .ods)", `save it as "Excel Workbook (.xlsx)"`, []byte("ID,Name\njake,Jake\n")},
		{"binary noise", "error[DW0102]: this is not a workbook (.xlsx or .ods)", `save it as "Excel Workbook (.xlsx)"`, []byte(strings.Repeat("\x00\x01\x02\xff", 300))},
		{"old xls", "error[DW0103]: this is an old binary .xls workbook", `save it as "Excel Workbook (.xlsx)"`, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + strings.Repeat("\x00", 504))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "broken.xlsx")
			require.NoError(t, os.WriteFile(path, tc.data, 0o644))

			r := dw(t, "validate", path)
			assert.Equal(t, exitContent, r.code, r.String())
			assert.True(t, strings.HasPrefix(r.stdout, "broken.xlsx: "+tc.line), r.stdout)
			assert.Contains(t, r.stdout, "  hint: ")
			assert.Contains(t, r.stdout, tc.hint)
			assert.True(t, strings.HasSuffix(r.stdout, "\n1 error, 0 warnings\n"), r.stdout)

			r = dw(t, "validate", path, "--format", "json")
			assert.Equal(t, exitContent, r.code)
			d := decodeDiagnostics(t, r.stdout)
			require.Len(t, d.Diagnostics, 1)
			assert.Equal(t, "broken.xlsx", d.Diagnostics[0].File)

			r = dw(t, "dump", path)
			assert.Equal(t, exitUsage, r.code)
			assert.Empty(t, r.stdout)
			assert.Contains(t, r.stderr, "broken.xlsx: "+tc.line)
		})
	}
}

func TestValidateEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a workbook"), 0o644))
	r := dw(t, "validate", dir)
	assert.NotEqual(t, exitOK, r.code)
	assert.Contains(t, r.stdout+r.stderr, "holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv)")
	assert.Contains(t, r.stdout+r.stderr, "deckwright init DIR", "the hint says how to start a project")
}
