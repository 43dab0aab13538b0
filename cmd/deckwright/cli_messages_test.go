package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// setWorkbook writes a workbook holding only a Set sheet: a layer that
// adds nothing.
func setWorkbook(t *testing.T, path, id, requires string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	require.NoError(t, f.SetSheetName("Sheet1", "Set"))
	require.NoError(t, f.SetSheetRow("Set", "A1", &[]any{"ID", "Name", "Game", "Requires"}))
	require.NoError(t, f.SetSheetRow("Set", "A2", &[]any{id, id, "fortune-and-glory", requires}))
	require.NoError(t, f.SaveAs(path))
}

// renameSheet renames a sheet inside an .xlsx the way a script could
// (spreadsheet programs refuse some names, such as one ending in ').
func renameSheet(t *testing.T, path, from, to string) {
	t.Helper()
	data := withParts(t, readFile(t, path), func(name string, body []byte) []byte {
		if name == "xl/workbook.xml" {
			body = bytes.Replace(body, []byte(`name="`+from+`"`), []byte(`name="`+to+`"`), 1)
		}
		return body
	}, nil)
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

// lineOf is the 1-based line of the first line of a file containing s.
func lineOf(t *testing.T, path, s string) int {
	t.Helper()
	for i, line := range strings.Split(string(readFile(t, path)), "\n") {
		if strings.Contains(line, s) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", path, s)
	return 0
}

// TestMessages: each message the issue found wrong, with its exact text.
func TestMessages(t *testing.T) {
	t.Run("a two-set Requires cycle is reported at a set in the cycle", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		setWorkbook(t, filepath.Join(dir, "x.xlsx"), "x", "y")
		setWorkbook(t, filepath.Join(dir, "y.xlsx"), "y", "x")
		r := dw(t, "validate", dir)
		assert.Equal(t, exitContent, r.code, r.String())
		assert.Equal(t, "x.xlsx:Set!2: error[DW0504]: the sets' Requires form a cycle: x → y → x\n"+
			"  hint: one of these sets must require the base set, or a set that builds on it\n"+
			"1 error, 0 warnings\n", r.stdout)
	})
	t.Run("a formula stored with its = prints once", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		wb := filepath.Join(dir, "my-exp.xlsx")
		cells := editRow(t, wb, "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Combat": nil})
		f, err := excelize.OpenFile(wb)
		require.NoError(t, err)
		require.NoError(t, f.SetCellFormula("Heroes", cells["Combat"], "=1+1"))
		require.NoError(t, f.Save())
		f.Close()
		r := dw(t, "validate", dir)
		assert.Equal(t, exitContent, r.code, r.String())
		assert.Equal(t, "my-exp.xlsx:Heroes!"+cells["Combat"]+": error[DW0109]: the formula =1+1 has no saved result\n"+
			"  hint: open the workbook in your spreadsheet program and save it, so results are stored; or type the value\n"+
			"1 error, 0 warnings\n", r.stdout)
	})
	for _, name := range []string{"Danger's", "Dangers’"} {
		t.Run("a sheet named "+name+" is not Dangers", func(t *testing.T) {
			dir := newProject(t, "my-exp")
			wb := filepath.Join(dir, "my-exp.xlsx")
			editRow(t, wb, "Dangers", "frozen-bridge", map[string]any{"Disabled": false})
			renameSheet(t, wb, "Dangers", strings.ReplaceAll(name, "'", "&apos;"))
			r := dw(t, "validate", dir)
			requireExit(t, exitOK, r)
			assert.Regexp(t, `^`+regexpQuote("my-exp.xlsx:"+name+": warning[DW0201]: sheet \""+name+"\" is not part of Fortune and Glory; it is ignored\n"+
				"  hint: did you mean \"Dangers\"?\n"+
				"0 errors, 1 warning\n")+`ok: Fortune and Glory, 2 layers`, r.stdout)
			assert.Equal(t, exitContent, dw(t, "validate", dir, "--strict").code, "--strict fails on it")
		})
	}
	t.Run("an Arabic ID's hint gives a real example", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		cells := editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "ID": "بطل"})
		r := dw(t, "validate", dir)
		assert.Equal(t, exitContent, r.code, r.String())
		row := strings.TrimLeft(cells["ID"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		assert.Equal(t, "my-exp.xlsx:Heroes!"+cells["ID"]+": error[DW0306]: ID \"بطل\" is not a slug\n"+
			"  hint: use lower-case letters a–z, digits and hyphens, e.g. heroes-"+row+" (the Name column may hold any text)\n"+
			"1 error, 0 warnings\n", r.stdout)
	})
	t.Run("control characters: an error at the cell, printed escaped, caret aligned", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		// _x001B_ is how a workbook's XML holds an ESC.
		cells := editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Name": "Na_x001B_]0;pwned_x0007_dia"})
		r := dw(t, "validate", dir)
		assert.Equal(t, exitContent, r.code, r.String())
		assert.Equal(t, "my-exp.xlsx:Heroes!"+cells["Name"]+": error[DW0308]: Name holds a control character, U+001B (ESC), which no card can print\n"+
			"    Na\\x1b]0;pwned\\x07dia\n"+
			"      ^\n"+
			"  hint: delete it: it usually comes with text pasted from elsewhere (deckwright prints it escaped, as \\x1b)\n"+
			"1 error, 0 warnings\n", r.stdout)
		assert.NotContains(t, r.stdout+r.stderr, "\x1b")
		dump := dw(t, "dump", filepath.Join(dir, "my-exp.xlsx"))
		requireExit(t, exitOK, dump)
		assert.Contains(t, dump.stdout, "\nName: Na\\x1b]0;pwned\\x07dia\n")
		assert.NotContains(t, dump.stdout, "\x1b")
	})
	t.Run("a template value error is not followed by has no size or position", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		requireExit(t, exitOK, dw(t, "templates", "init", dir))
		file := filepath.Join(dir, "templates", "dangers.yaml")
		src := string(readFile(t, file))
		src = strings.Replace(src, "size: poker", "size: 9999x9999", 1)
		src = strings.Replace(src, "{type: box, at: [0, 0, 63.5, 13], fill: danger}", "{type: box, at: [0, 0, 63.5, 5000], fill: danger}", 1)
		require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
		r := dw(t, "templates", "check", dir)
		assert.Equal(t, exitContent, r.code, r.String())
		rel := filepath.Join(dir, "templates", "dangers.yaml")
		assert.Equal(t, rel+":"+strconv.Itoa(lineOf(t, file, "size: 9999x9999"))+`: error[DW3006]: size "9999x9999" is out of range: each side from 10 to 1000 mm`+"\n"+
			rel+":"+strconv.Itoa(lineOf(t, file, "5000"))+`: error[DW3006]: at [x, y, width, height] must be from -1000 to 2000, not 5000`+"\n"+
			"2 errors, 0 warnings\n", r.stdout)
	})
	t.Run("a template zone's own text is reported at its line", func(t *testing.T) {
		dir := newProject(t, "my-exp")
		requireExit(t, exitOK, dw(t, "templates", "init", dir))
		file := filepath.Join(dir, "templates", "dangers.yaml")
		src := strings.Replace(string(readFile(t, file)), `text: "DANGER TEST"`, `text: "DANGER {glorx} TEST"`, 1)
		require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
		r := dw(t, "export", "pdf", dir, "--deck", "dangers", "-o", filepath.Join(t.TempDir(), "d.pdf"))
		requireExit(t, exitOK, r)
		line := lineOf(t, file, "{glorx}")
		assert.True(t, strings.HasPrefix(r.stderr, file+":"+strconv.Itoa(line)+`: warning[DW3102]: {glorx} on card "boat-chase-falls" is neither an icon nor a keyword; it prints as written`+"\n"), r.stderr)
	})
}

// TestNumericFlags: every numeric flag of every command refuses values
// outside its range with one message shape, before any work (exit 2).
func TestNumericFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--from", "-1"}, "--from must be from 0 to 9007199254740992 (the index of the first game), not -1"},
		{[]string{"sim", "--teams", "0", "--mode", "team"}, "--teams must be from 2 to 4 (a team game has 2 to 4 teams of 2 to 4 heroes), not 0"},
		{[]string{"sim", "--teams", "3"}, "--teams is for the team game: add --mode team"},
		{[]string{"sim", "--impact", "all", "--impact-games", "-1"}, "--impact-games must be from 0 to 1000 (paired games replay the first games of the run; 0 is --games), not -1"},
		{[]string{"sim", "--impact", "all", "--games", "50", "--impact-games", "51"}, "--impact-games must be from 0 to 50 (paired games replay the first games of the run; 0 is --games), not 51"},
		{[]string{"sim", "--impact-games", "10"}, "--impact-games is for --impact: name all, a layer or card IDs"},
		{[]string{"sim", "--impact-precision", "3"}, "--impact-precision is for --impact: name all, a layer or card IDs"},
		{[]string{"sim", "--impact", "all", "--impact-precision", "0.03"}, "--impact-precision is in points (3 is ±3 points: a win-rate difference of 0.03), from 0.1 to 50, not 0.03"},
		{[]string{"sim", "--impact", "all", "--impact-budget", "2G"}, `--impact-budget must be a number of games from 1 to 100000000 (500000, 500k, 2M or 2.5M), not "2G"`},
		{[]string{"sim", "--impact", "all", "--impact-budget", "101M"}, `--impact-budget must be a number of games from 1 to 100000000 (500000, 500k, 2M or 2.5M), not "101M"`},
		{[]string{"sim", "--impact", "all", "--impact-games", "10", "--impact-budget", "5k"}, "--impact-games plays a fixed number of games for every card; --impact-precision, --impact-budget and --impact-decide are for the adaptive run without it"},
		{[]string{"sim", "--games", "0"}, "--games must be from 1 to 100000000, not 0"},
		{[]string{"sim", "--games", "100000001"}, "--games must be from 1 to 100000000, not 100000001"},
		{[]string{"sim", "--workers", "-1"}, "--workers must be from 0 to 1024 (0 is one per CPU), not -1"},
		{[]string{"sim", "--workers", "1025"}, "--workers must be from 0 to 1024 (0 is one per CPU), not 1025"},
		{[]string{"sim", "--max-rounds", "0"}, "--max-rounds must be from 1 to 10000, not 0"},
		{[]string{"sim", "--seed", "-1"}, `invalid argument "-1" for --seed: want a whole number, 0 or more` + "\nRun 'deckwright sim --help' for usage."},
		{[]string{"sim", "--report", ""}, `--report needs a file name (or - for standard output), not ""`},
		{[]string{"sim", "--report", "x.pdf"}, `--report writes an HTML page; "x.pdf" would hold HTML under a .pdf name: name it x.html`},
		{[]string{"merge", "--report", "out/Report.JSON", "p.json"}, `--report writes an HTML page; "out/Report.JSON" would hold HTML under a .json name: name it out/Report.html`},
		{[]string{"sim", "--report", "-", "--json"}, "--report - and --json both want standard output: name a file for the report"},
		{[]string{"build", "-o", ""}, `-o needs a file name (or - for standard output), not ""`},
		{[]string{"export", "pdf", "-o", ""}, `-o needs a file name (or - for standard output), not ""`},
		{[]string{"validate", "--max-per-sheet", "-1"}, "--max-per-sheet must be 0 or more (0 shows all), not -1"},
		{[]string{"export", "pdf", "--bleed", "NaN", "-o", "-"}, "--bleed must be from 0 to 20 mm, not NaN"},
		{[]string{"export", "pdf", "--margin", "-1", "-o", "-"}, "--margin must be from 0 to 100 mm, not -1"},
		{[]string{"export", "pdf", "--gutter", "1e300", "-o", "-"}, "--gutter must be from 0 to 100 mm, not 1e+300"},
		{[]string{"export", "pdf", "--back-offset", "NaN,0", "-o", "-"}, "--back-offset must be within ±50 mm"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := dw(t, tc.args...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Equal(t, "deckwright: "+tc.want+"\n", r.stderr)
			assert.Empty(t, r.stdout)
		})
	}
}

// TestContentNeverDrivesTheTerminal: a carriage return (a line break some
// editors write, so not an error) in a hero's and a set's name reaches no
// terminal raw: inspect, the sim report and the trace print it escaped.
func TestContentNeverDrivesTheTerminal(t *testing.T) {
	dir := newProject(t, "my-exp")
	wb := filepath.Join(dir, "my-exp.xlsx")
	editRow(t, wb, "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Name": "Nadia\rEvil"})
	f, err := excelize.OpenFile(wb)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue("Set", "B2", "My\rExp"))
	require.NoError(t, f.Save())
	f.Close()
	for _, args := range [][]string{
		{"inspect", dir},
		{"sim", dir, "--games", "20", "--players", "2", "--heroes", "nadia-volkova,jake-zane"},
		{"sim", dir, "--games", "1", "--players", "2", "--heroes", "nadia-volkova,jake-zane", "--trace"},
	} {
		r := dw(t, args...)
		requireExit(t, exitOK, r, "%s", args)
		assert.NotContains(t, r.stdout+r.stderr, "\r", "%s", args)
		want := `Nadia\rEvil`
		if args[0] == "inspect" {
			want = `My\rExp`
		}
		assert.Contains(t, r.stdout, want, "%s", args)
	}
}
