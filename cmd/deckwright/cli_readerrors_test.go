package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// An error found while reading a workbook — a formula without a saved
// result, merged cells — loses its cell but leaves tables that compile.
// sim played them silently, exit 0, with the cell blank (a Count blank is
// no copy in the deck), while validate, build and export refuse the
// project: every command that plays content must refuse it alike, naming
// the cell.
func TestSimRefusesWhatValidateRefuses(t *testing.T) {
	formula := func(t *testing.T, dir string) string {
		p := hostileProject(t, dir, "Heroes", "nadia-volkova", map[string]any{"Combat": nil})
		f, err := excelize.OpenFile(filepath.Join(p, "exp.xlsx"))
		require.NoError(t, err)
		require.NoError(t, f.SetCellFormula("Heroes", "G2", "=1+1"))
		require.NoError(t, f.Save())
		return p
	}
	merged := func(t *testing.T, dir string) string {
		p := hostileProject(t, dir, "Heroes", "nadia-volkova", map[string]any{})
		f, err := excelize.OpenFile(filepath.Join(p, "exp.xlsx"))
		require.NoError(t, err)
		require.NoError(t, f.MergeCell("Heroes", "G2", "H2"))
		require.NoError(t, f.Save())
		return p
	}
	for _, tc := range []struct {
		name    string
		project func(t *testing.T, dir string) string
		args    func(p string) []string
		code    int
		first   string
		last    string
	}{
		{"sim, a formula without a saved result", formula, func(p string) []string { return []string{"sim", p, "--games", "4"} },
			exitContent, "exp.xlsx:Heroes!G2: error[DW0109]: the formula =1+1 has no saved result",
			"deckwright: fix the errors above, then run sim again (deckwright validate shows them too)"},
		{"sim, merged cells", merged, func(p string) []string { return []string{"sim", p, "--games", "4"} },
			exitContent, "exp.xlsx:Heroes!G2: error[DW0110]: cells G2:H2 are merged; only G2 keeps a value",
			"deckwright: fix the errors above, then run sim again (deckwright validate shows them too)"},
		{"a sweep", formula, func(p string) []string {
			return []string{"sim", p, "--games", "4", "--sweep", "heroes.nadia-volkova.combat=2..3"}
		}, exitContent, "exp.xlsx:Heroes!G2: error[DW0109]: the formula =1+1 has no saved result", ""},
		{"a trace", formula, func(p string) []string { return []string{"sim", p, "--trace"} },
			exitContent, "exp.xlsx:Heroes!G2: error[DW0109]: the formula =1+1 has no saved result", ""},
		{"the baseline of --compare", formula, func(p string) []string { return []string{"sim", "--games", "4", "--compare", p} },
			exitUsage, "exp.xlsx:Heroes!G2: error[DW0109]: the formula =1+1 has no saved result",
			"deckwright: --compare {p}: the baseline does not build (a project folder or workbooks, or base)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.project(t, t.TempDir())
			requireExit(t, exitContent, dw(t, "validate", p), "validate refuses the project")
			r := dw(t, tc.args(p)...)
			requireExit(t, tc.code, r)
			assert.Empty(t, r.stdout, "no report of content that does not build")
			lines := nonEmptyLines(r.stderr)
			require.NotEmpty(t, lines)
			assert.Equal(t, tc.first, lines[0])
			if tc.last != "" {
				assert.Equal(t, expandP(tc.last, p), lines[len(lines)-1])
			}
		})
	}
}

// nonEmptyLines are s's lines that hold something.
func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// expandP puts the project's path where a message names it.
func expandP(s, p string) string { return strings.ReplaceAll(s, "{p}", p) }
