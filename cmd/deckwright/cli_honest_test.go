package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimFailsWhenGamesError: a run in which games failed exits 1 (the
// games are listed; --allow-errors accepts them), and the card whose
// effect failed is flagged as erroring, first, not scored as a card that
// gives a lot of Glory.
func TestSimFailsWhenGamesError(t *testing.T) {
	for _, tc := range []struct {
		name, effect, message string
	}{
		{"division by zero", "gainGlory(1 / (round - round))", "division by zero"},
		{"arithmetic overflow", "gainGlory(4611686018427387904 * 2)", "arithmetic overflow: 4611686018427387904 * 2 is beyond the whole numbers effects use"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newProject(t, "my-exp")
			cells := editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Dangers", "frozen-bridge", map[string]any{"Disabled": false, "Count": 20, "Effect": tc.effect})
			r := dw(t, "sim", dir, "--games", "60")
			assert.Equal(t, exitContent, r.code, r.String())
			assert.Regexp(t, `^deckwright: (\d+) of 60 games failed with an error \(listed in the report\): fix what they name, or pass --allow-errors to accept them\n$`, r.stderr)
			cause := "my-exp.xlsx:Dangers!" + cells["Effect"] + `: effect "` + tc.effect + `": ` + tc.message
			assert.Regexp(t, `(?m)^flags \(most serious first\):\n  erroring     card frozen-bridge: its effect failed in \d+ games?, so it is not scored: `+regexpQuote(cause)+`  \[my-exp.xlsx:Dangers!A\d+\]$`, r.stdout)
			assert.NotRegexp(t, `(?m)^  \w+ +card frozen-bridge: gives`, r.stdout, "not scored")
			assert.Regexp(t, `(?m)^  game \d+ \(seed \d+\), round \d+: `+regexpQuote(cause)+` \[card frozen-bridge at my-exp\.xlsx:Dangers!A\d+\]$`, r.stdout)

			r = dw(t, "sim", dir, "--games", "60", "--allow-errors")
			requireExit(t, exitOK, r, "--allow-errors accepts them")

			r = dw(t, "sim", dir, "--games", "60", "--json")
			assert.Equal(t, exitContent, r.code, r.String())
			var rep struct {
				Errors []struct{ Card, Message string } `json:"errors"`
				Flags  []struct{ Kind, ID string }      `json:"flags"`
				Cards  []struct {
					ID         string `json:"id"`
					Errors     int    `json:"errors"`
					FirstError string `json:"first_error"`
				} `json:"cards"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
			require.NotEmpty(t, rep.Errors)
			assert.Equal(t, cause, rep.Errors[0].Message)
			assert.Equal(t, "erroring", rep.Flags[0].Kind)
			assert.Equal(t, "frozen-bridge", rep.Flags[0].ID)
			for _, c := range rep.Cards {
				if c.ID == "frozen-bridge" {
					assert.Equal(t, len(rep.Errors), c.Errors, "every failed game counted on the card")
					assert.Equal(t, cause, c.FirstError)
				}
			}
		})
	}
	r := dw(t, "sim", "--games", "40")
	requireExit(t, exitOK, r, "the bundled set has no failing games")
	assert.False(t, strings.Contains(r.stdout, "errors:"), r.stdout)
}
