package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// simReport is the part of `sim --json` these tests read.
type simReport struct {
	Game    string         `json:"game"`
	Games   int            `json:"games"`
	Seed    uint64         `json:"seed"`
	Mode    string         `json:"mode"`
	Players int            `json:"players"`
	Policy  string         `json:"policy"`
	Wins    map[string]int `json:"wins"`
	Rounds  struct {
		Median    int   `json:"median"`
		Histogram []int `json:"histogram"`
	} `json:"rounds"`
	Ends   map[string]int `json:"ends"`
	Heroes []struct {
		ID    string `json:"id"`
		Games int    `json:"games"`
		Wins  int    `json:"wins"`
	} `json:"heroes"`
	Seats []struct {
		Games int `json:"games"`
	} `json:"seats"`
	Stalls []json.RawMessage `json:"stalls"`
	Errors []json.RawMessage `json:"errors"`
	Terms  map[string]string `json:"terms"`
	Cards  []struct {
		ID    string `json:"id"`
		Where string `json:"where"`
	} `json:"cards"`
	Coverage   json.RawMessage `json:"coverage"`
	Flags      json.RawMessage `json:"flags"`
	Comparison json.RawMessage `json:"comparison"`
}

// simJSON runs sim --json and returns the report and its JSON without
// games_per_second, the one field that depends on the machine.
func simJSON(t *testing.T, args ...string) (simReport, string) {
	t.Helper()
	r := dw(t, append([]string{"sim", "--json"}, args...)...)
	requireExit(t, exitOK, r)
	var rep simReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), "sim --json prints one JSON document")
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &m))
	require.Contains(t, m, "games_per_second")
	delete(m, "games_per_second")
	stable, err := json.Marshal(m)
	require.NoError(t, err)
	return rep, string(stable)
}

func TestSimJSON(t *testing.T) {
	for _, tc := range []struct {
		game   string
		args   []string
		player string
		rounds string
	}{
		{"fortune-and-glory", nil, "hero", "rounds"},
		{"fallen-land", []string{"--game", "fallen-land"}, "faction", "turns"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			rep, _ := simJSON(t, append([]string{"--games", "50", "--seed", "7"}, tc.args...)...)
			assert.Equal(t, tc.game, rep.Game)
			assert.Equal(t, 50, rep.Games)
			assert.Equal(t, uint64(7), rep.Seed)
			assert.Equal(t, "competitive", rep.Mode)
			assert.Equal(t, 4, rep.Players)
			assert.Equal(t, "cautious", rep.Policy)
			assert.Equal(t, tc.player, rep.Terms["player"])
			assert.Equal(t, tc.rounds, rep.Terms["rounds"])

			seated := 0
			for _, h := range rep.Heroes {
				seated += h.Games
				assert.LessOrEqual(t, h.Wins, h.Games, h.ID)
			}
			assert.Equal(t, 4*50, seated, "four seats in each of 50 games")
			require.Len(t, rep.Seats, 4)
			for _, s := range rep.Seats {
				assert.Equal(t, 50, s.Games)
			}
			ended := 0
			for _, n := range rep.Ends {
				ended += n
			}
			assert.Equal(t, 50, ended+len(rep.Stalls)+len(rep.Errors), "every game ends, stalls or fails, and is counted once")
			played := 0
			for _, n := range rep.Rounds.Histogram {
				played += n
			}
			assert.Equal(t, 50, played, "the length histogram counts every game")
			assert.Positive(t, rep.Rounds.Median)
			assert.NotEmpty(t, rep.Cards, "per-card metrics")
			for _, c := range rep.Cards {
				assert.NotEmpty(t, c.Where, "%s: each card names its source cell", c.ID)
			}
			assert.NotEmpty(t, rep.Coverage)
			assert.NotNil(t, rep.Stalls, "stalls is a list, never null")
			assert.NotNil(t, rep.Errors, "errors is a list, never null")
		})
	}
}

// TestSimIsDeterministic: the same content, seed and options give the same
// report whatever --workers is; another seed gives other games.
func TestSimIsDeterministic(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"competitive", nil},
		{"fallen land", []string{"--game", "fallen-land"}},
		{"coop", []string{"--mode", "coop"}},
		{"player range, mixed bots", []string{"--players", "1-4", "--policy", "mix"}},
		{"team, basic game", []string{"--mode", "team", "--level", "basic"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--games", "40", "--seed", "7"}, tc.args...)
			_, one := simJSON(t, append(args, "--workers", "1")...)
			_, two := simJSON(t, append(args, "--workers", "2")...)
			_, three := simJSON(t, append(args, "--workers", "3")...)
			assert.JSONEq(t, one, two, "--workers 1 and 2")
			assert.JSONEq(t, one, three, "--workers 1 and 3")

			args = append([]string{"--games", "40", "--seed", "8"}, tc.args...)
			_, other := simJSON(t, append(args, "--workers", "2")...)
			assert.NotEqual(t, one, other, "the seed matters")
		})
	}
}

// TestSimReplaysOneGame: game i of a run depends on the seed and i only, so
// `--from i --games 1` (the replay command sim prints for stalls and
// errors) plays the same game as the run did.
func TestSimReplaysOneGame(t *testing.T) {
	for _, g := range []string{"fortune-and-glory", "fallen-land"} {
		t.Run(g, func(t *testing.T) {
			run, _ := simJSON(t, "--game", g, "--games", "4", "--seed", "7", "--workers", "2")
			wins := map[string]int{}
			lengths := make([]int, len(run.Rounds.Histogram))
			for i := range 4 {
				one, _ := simJSON(t, "--game", g, "--games", "1", "--from", strconv.Itoa(i), "--seed", "7")
				for id, n := range one.Wins {
					wins[id] += n
				}
				for k, n := range one.Rounds.Histogram {
					if k >= len(lengths) {
						lengths = append(lengths, make([]int, k-len(lengths)+1)...)
					}
					lengths[k] += n
				}
			}
			for id, n := range run.Wins {
				assert.Equal(t, n, wins[id], "wins of %s", id)
			}
			assert.Equal(t, trimZeros(run.Rounds.Histogram), trimZeros(lengths), "the same game lengths")
		})
	}
}

func trimZeros(h []int) []int {
	for len(h) > 0 && h[len(h)-1] == 0 {
		h = h[:len(h)-1]
	}
	return h
}

// TestSimSummarySpeaksTheGamesLanguage: Fortune and Glory has heroes and
// rounds; Fallen Land has factions and turns.
func TestSimSummarySpeaksTheGamesLanguage(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		header   string
		want     []string
		wantNone []string
	}{
		{"fortune and glory", nil, "Fortune and Glory — 50 competitive games, 4 heroes, advanced game, cautious bots, seed 7\n",
			[]string{`(?m)^rounds\s+median \d+\s+p10 \d+\s+p90 \d+\s+mean `, `(?m)^hero\s+games\s+wins\s+win rate\s+95% CI$`, `(?m)^Jake Zane\s+\d+\s+\d+\s+[\d.]+%`, `(?m)^seat\s+games`, `(?m)^per game\s+[\d.]+ KOs`},
			[]string{`(?m)^turns\s`, `(?m)^faction\s`, `factions`}},
		{"fallen land", []string{"--game", "fallen-land"}, "Fallen Land — 50 competitive games, 4 factions, cautious bots, seed 7\n",
			[]string{`(?m)^turns\s+median \d+\s+p10 \d+\s+p90 \d+\s+mean `, `(?m)^faction\s+games\s+wins\s+win rate\s+95% CI$`, `(?m)^seat\s+games`},
			[]string{`(?m)^rounds\s`, `(?m)^hero\s`, ` heroes`, `KOs`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"sim", "--games", "50", "--seed", "7", "--workers", "2"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.True(t, strings.HasPrefix(r.stdout, tc.header), r.stdout)
			assert.Regexp(t, `(?m)^\d+ games/s on 2 workers$`, r.stdout)
			for _, re := range tc.want {
				assert.Regexp(t, re, r.stdout)
			}
			for _, re := range tc.wantNone {
				assert.NotRegexp(t, re, r.stdout, "the other game's words")
			}
			assert.Empty(t, r.stderr, "no progress bar when standard error is not a terminal")
		})
	}
}

func TestSimUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"no players", []string{"--players", "0"}, []string{`--players must be 1 to 8, or a range such as 1-4, not "0"`}},
		{"too many players", []string{"--players", "9"}, []string{`--players must be 1 to 8, or a range such as 1-4, not "9"`}},
		{"range backwards", []string{"--players", "4-2"}, []string{`--players must be 1 to 8`}},
		{"players not a number", []string{"--players", "four"}, []string{`--players must be 1 to 8`}},
		{"mode", []string{"--mode", "nonsense"}, []string{`unknown mode "nonsense"`, "competitive", "coop", "team", "solo"}},
		{"variant", []string{"--variant", "nonsense"}, []string{`unknown variant "nonsense"`, "advanced-nazis", "fixed-movement", "german-collapse", "solo-hard", "draw-from-bottom", "fortune-goal=N"}},
		{"variant value", []string{"--variant", "fortune-goal=lots"}, []string{"fortune-goal", `"lots"`}},
		{"policy", []string{"--policy", "nonsense"}, []string{`unknown policy "nonsense"`, "cautious", "bold", "random", "mix"}},
		{"level", []string{"--level", "expert"}, []string{`--level must be basic or advanced, not "expert"`}},
		{"org", []string{"--mode", "coop", "--org", "nonsense"}, []string{`unknown organization "nonsense"`, "nazi", "mob"}},
		{"hero", []string{"--players", "1", "--heroes", "nobody"}, []string{`unknown hero "nobody"`, "jake-zane"}},
		{"teams", []string{"--mode", "team", "--teams", "3"}, []string{"4 heroes cannot make 3 teams"}},
		{"fallen land mode", []string{"--game", "fallen-land", "--mode", "coop"}, []string{`Fallen Land has no "coop" mode`, "competitive"}},
		{"game", []string{"--game", "chess"}, []string{`unknown game "chess"`, "fortune-and-glory", "fallen-land"}},
		{"fail-on without compare", []string{"--fail-on", "win=0.05"}, []string{"--fail-on needs --compare"}},
		{"fail-on metric", []string{"--compare", "base", "--fail-on", "luck=1"}, []string{`unknown metric "luck"`, "win", "rounds", "card-win", "pass"}},
		{"fail-on bound", []string{"--compare", "base", "--fail-on", "win=lots"}, []string{`"lots" is not a bound`}},
		{"unknown flag", []string{"--rounds", "5"}, []string{"unknown flag: --rounds", "deckwright sim --help"}},
		{"two paths", []string{"a", "b"}, []string{"accepts at most 1 arg"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"sim", "--games", "2"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Empty(t, r.stdout)
			for _, w := range tc.want {
				assert.Contains(t, r.stderr, w)
			}
		})
	}
}

func TestSimTrace(t *testing.T) {
	tests := []struct {
		name           string
		args           []string
		line, start    string
		setup, victory string
	}{
		{"fortune and glory", nil, `(?m)^r\d+\s+\S`, "— round 1 —", `(?m)^r0\s+setup: 4 players`, `(?m)^r\d+\s+.* wins in round \d+`},
		{"fallen land", []string{"--game", "fallen-land"}, `(?m)^t\d+\s+\S`, "— Turn 1 —", `(?m)^t0\s+P1 `, `(?m)^t\d+\s+P\d .* wins \(`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"sim", "--games", "50", "--seed", "7", "--trace"}, tc.args...)...)
			requireExit(t, exitOK, r)
			lines := regexp.MustCompile(tc.line).FindAllString(r.stdout, -1)
			assert.Greater(t, len(lines), 20, "a game log: every roll, choice and card")
			assert.Contains(t, r.stdout, tc.start)
			assert.Regexp(t, tc.setup, r.stdout)
			assert.Regexp(t, tc.victory, r.stdout)
			assert.Regexp(t, `(?m)— 1 competitive games?, `, r.stdout, "--trace plays one game")

		})
	}
}

// TestSimTraceJSON: --trace --json writes the game's events, one JSON
// object a line, and nothing else on standard output: the same game as the
// text trace, line for line.
func TestSimTraceJSON(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		first  string
		prefix string   // the turn word's letter in the text trace
		kinds  []string // events every game has
	}{
		{"fortune and glory", nil, "setup", "r", []string{"roll", "card", "glory", "move-roll", "step", "test", "test-result"}},
		{"fallen land", []string{"--game", "fallen-land"}, "game", "t", []string{"die", "roll", "draw", "check", "deed", "move", "gain", "state"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := dw(t, append([]string{"sim", "--seed", "7", "--trace"}, tc.args...)...)
			requireExit(t, exitOK, text)
			j := dw(t, append([]string{"sim", "--seed", "7", "--trace", "--json"}, tc.args...)...)
			requireExit(t, exitOK, j)
			var events []game.Event
			for _, line := range strings.Split(strings.TrimSuffix(j.stdout, "\n"), "\n") {
				var e game.Event
				require.NoError(t, json.Unmarshal([]byte(line), &e), "a JSON object a line: %q", line)
				events = append(events, e)
			}
			require.Greater(t, len(events), 100)
			assert.Equal(t, tc.first, events[0].Kind)
			assert.Equal(t, "end", events[len(events)-1].Kind, "the game to its end, and no report after it")
			kinds := map[string]bool{}
			for _, e := range events {
				kinds[e.Kind] = true
			}
			for _, k := range tc.kinds {
				assert.True(t, kinds[k], "a %q event", k)
			}
			// Each event's text is the text trace's line.
			var lines []string
			for _, e := range events {
				lines = append(lines, fmt.Sprintf("%s%-3d %s", tc.prefix, e.Turn, e.Text))
			}
			assert.True(t, strings.HasPrefix(text.stdout, strings.Join(lines, "\n")+"\n"), "the same game as the text trace")
		})
	}
}

func TestSimHTMLReport(t *testing.T) {
	for _, tc := range []struct {
		game, title string
	}{
		{"fortune-and-glory", "Fortune and Glory — balance report"},
		{"fallen-land", "Fallen Land — balance report"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "balance.html")
			r := dw(t, "sim", "--game", tc.game, "--games", "20", "--report", out)
			requireExit(t, exitOK, r)
			assert.Contains(t, r.stderr, "wrote "+out+"\n")
			html := string(readFile(t, out))
			assert.True(t, strings.HasPrefix(strings.ToLower(html), "<!doctype html>"), html[:min(100, len(html))])
			assert.Contains(t, html, "<title>"+tc.title+"</title>")
			assert.True(t, strings.HasSuffix(strings.TrimSpace(html), "</html>"), "a complete page")
			assert.NotRegexp(t, `(src|href)=["']?(https?:)?//`, html, "self-contained: it opens offline")
			assert.Regexp(t, `(?m)^Fortune and Glory|^Fallen Land`, r.stdout, "the summary is still printed")
		})
	}
	r := dw(t, "sim", "--games", "2", "--report", filepath.Join(t.TempDir(), "no", "such", "r.html"))
	assert.Equal(t, exitUsage, r.code, r.String())
	assert.Contains(t, r.stderr, "no such file or directory")
}

// TestSimCompare plays a baseline on the same seeds. The same content
// moves nothing; an expansion that changes a rule moves the game length,
// and --fail-on turns that into exit 1 for a designer's CI.
func TestSimCompare(t *testing.T) {
	dir := newProject(t, "my-exp")
	for _, baseline := range []string{"base", dir} {
		t.Run("same content against "+filepath.Base(baseline), func(t *testing.T) {
			r := dw(t, "sim", dir, "--games", "30", "--seed", "3", "--compare", baseline, "--fail-on", "win=0")
			requireExit(t, exitOK, r)
			assert.Contains(t, r.stdout, "\nagainst "+baseline+" (same seeds)")
			assert.Contains(t, r.stdout, "\nno metric moved significantly\n")
		})
	}

	// Enable the example rule (Fortune to win 15 → 20): longer games.
	editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Rules", "fortune-to-win", map[string]any{"Disabled": false})
	r := dw(t, "sim", dir, "--games", "40", "--seed", "3", "--compare", "base")
	requireExit(t, exitOK, r, "without --fail-on a move is reported, not failed")
	assert.Regexp(t, `(?m)^rounds\s+[\d.]+\s+[\d.]+\s+\+[\d.]+\s+\+[\d.]+ to \+[\d.]+$`, r.stdout, "rounds moved up, with its interval")

	r = dw(t, "sim", dir, "--games", "40", "--seed", "3", "--compare", "base", "--fail-on", "rounds=0.5")
	assert.Equal(t, exitContent, r.code, r.String())
	assert.Regexp(t, `deckwright: balance moved beyond --fail-on: rounds moved \+[\d.]+ \(bound 0.5\)`, r.stderr)

	r = dw(t, "sim", dir, "--games", "40", "--seed", "3", "--compare", "base", "--fail-on", "rounds=50")
	requireExit(t, exitOK, r, "a move within the bound passes")

	rep, _ := simJSON(t, dir, "--games", "40", "--seed", "3", "--compare", "base")
	assert.NotEmpty(t, rep.Comparison, "--json includes the comparison")
}

// TestSimCompareBaselineThatCannotBeBuilt: when the baseline cannot be read
// the message must say so, not that it "has content errors".
func TestSimCompareBaselineThatCannotBeBuilt(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "base.json")
	rep := dw(t, "sim", "--games", "5", "--json")
	requireExit(t, exitOK, rep)
	require.NoError(t, os.WriteFile(report, []byte(rep.stdout), 0o644))
	for _, tc := range []struct {
		name, baseline, want string
	}{
		{"missing", filepath.Join(dir, "nowhere"), "cannot read"},
		{"a saved sim report", report, "not an engine-tables file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, "sim", "--games", "5", "--compare", tc.baseline)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Contains(t, r.stderr, tc.baseline)
			assert.Contains(t, r.stderr, tc.want, "the reason the baseline cannot be built")
		})
	}
}

// TestSimProject: sim on a project folder reads the game from its
// workbooks, and a broken project stops with its diagnostics.
func TestSimProject(t *testing.T) {
	for _, tc := range []struct {
		game, title string
	}{
		{"fortune-and-glory", "Fortune and Glory"},
		{"fallen-land", "Fallen Land"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			dir := newProject(t, "my-exp", "--game", tc.game)
			r := dw(t, "sim", dir, "--games", "10")
			requireExit(t, exitOK, r)
			assert.True(t, strings.HasPrefix(r.stdout, tc.title+" — 10 competitive games"), r.stdout)
			rep, _ := simJSON(t, dir, "--games", "10")
			assert.Equal(t, tc.game, rep.Game)
			for _, c := range rep.Cards {
				assert.NotContains(t, c.Where, "bundled:", "the project's own base workbook is played, with its cells")
			}
		})
	}

	dir := newProject(t, "my-exp")
	cells := editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Start City": "moskow"})
	r := dw(t, "sim", dir, "--games", "10")
	assert.Equal(t, exitContent, r.code, r.String())
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "my-exp.xlsx:Heroes!"+cells["Start City"]+`: error[DW0401]: no Spaces row is called "moskow"`)
	assert.Contains(t, r.stderr, "fix the errors above")
}
