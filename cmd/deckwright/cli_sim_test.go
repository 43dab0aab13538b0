package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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
	if p, ok := m["part"].(map[string]any); ok {
		// A shard's part: its machine's figures differ from run to run.
		delete(p, "games_per_second")
		delete(p, "started")
		delete(p, "finished")
	}
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
			[]string{`(?m)^rounds\s+median \d+\s+p10 \d+\s+p90 \d+\s+mean `, `(?m)^hero verdicts: flagged against a typical hero at the same tables, `,
				`(?m)^hero\s+games\s+wins\s+win rate\s+95% CI\s+vs fair share, points\s+typical hero\s+vs typical, points\s+verdict$`,
				`(?m)^Jake Zane\s+\d+\s+\d+\s+[\d.]+%\s+[\d.]+–[\d.]+%\s+[-+][\d.]+ \([-+][\d.]+ to [-+][\d.]+\)\s+[\d.]+%\s+[-+][\d.]+ \([-+][\d.]+ to [-+][\d.]+\)\s+(fine|undecided \(about \d+ more games\)|overpowered|underpowered)$`,
				`(?m)^seat\s+games`, `(?m)^per game\s+[\d.]+ KOs`},
			[]string{`(?m)^turns\s`, `(?m)^faction\s`, `factions`}},
		{"fallen land", []string{"--game", "fallen-land"}, "Fallen Land — 50 competitive games, 4 factions, cautious bots, seed 7\n",
			[]string{`(?m)^turns\s+median \d+\s+p10 \d+\s+p90 \d+\s+mean `, `(?m)^faction verdicts: `, `(?m)^faction\s+games\s+wins\s+win rate\s+95% CI\s+vs fair share, points\s+typical faction\s+vs typical`, `(?m)^seat\s+games`},
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
		{"mode", []string{"--mode", "nonsense"}, []string{`Fortune and Glory has no "nonsense" mode`, "competitive", "coop", "team", "solo"}},
		{"variant", []string{"--variant", "nonsense"}, []string{`unknown variant "nonsense"`, "advanced-nazis", "fixed-movement", "german-collapse", "solo-hard", "draw-from-bottom", "fortune-goal=N"}},
		{"variant value", []string{"--variant", "fortune-goal=lots"}, []string{"fortune-goal", `"lots"`}},
		{"policy", []string{"--policy", "nonsense"}, []string{`unknown policy "nonsense"`, "cautious", "bold", "random", "mix"}},
		{"level", []string{"--level", "expert"}, []string{`Fortune and Glory has no "expert" level (advanced, basic)`}},
		{"fallen land level", []string{"--game", "fallen-land", "--level", "basic"}, []string{"Fallen Land has no --level option"}},
		{"fallen land org", []string{"--game", "fallen-land", "--org", "nazi"}, []string{"Fallen Land has no --org option"}},
		{"fallen land players", []string{"--game", "fallen-land", "--players", "7"}, []string{"Fallen Land is for 1 to 6 players, not 7"}},
		{"fallen land variant", []string{"--game", "fallen-land", "--variant", "solo-hard"}, []string{`unknown variant "solo-hard" of Fallen Land`, "draft-setup"}},
		{"org", []string{"--mode", "coop", "--org", "nonsense"}, []string{`unknown organization "nonsense"`, "nazi", "mob"}},
		{"hero", []string{"--players", "1", "--heroes", "nobody"}, []string{`unknown hero "nobody"`, "jake-zane"}},
		{"teams", []string{"--mode", "team", "--teams", "3"}, []string{"4 heroes cannot make 3 teams"}},
		{"fallen land mode", []string{"--game", "fallen-land", "--mode", "coop"}, []string{`Fallen Land has no "coop" mode`, "competitive"}},
		{"game", []string{"--game", "chess"}, []string{`unknown game "chess"`, "fortune-and-glory", "fallen-land"}},
		{"fail-on without compare", []string{"--fail-on", "win=0.05"}, []string{"--fail-on needs --compare"}},
		{"fail-on metric", []string{"--compare", "base", "--fail-on", "luck=1"}, []string{`unknown metric "luck"`, "hero", "card", "win", "rounds", "card-win", "pass"}},
		{"band", []string{"--band", "0.5"}, []string{"--band must be a win-rate difference above 0 and below 0.5 (0.05 is 5 points), not 0.5"}},
		{"band zero", []string{"--band", "0"}, []string{"--band must be"}},
		{"fdr", []string{"--fdr", "0"}, []string{"--fdr must be above 0 and at most 0.5 (0.05 is 5%), not 0"}},
		{"until-decided budget", []string{"--until-decided", "lots"}, []string{`--until-decided: "lots" is neither a number of games`}},
		{"until-decided below games", []string{"--games", "500", "--until-decided", "100"}, []string{"--until-decided 100: the budget is below --games 500"}},
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
			assert.Regexp(t, `\nno metric moved significantly \(false discovery rate 5% over \d+ comparisons\)\n`, r.stdout)
			assert.Contains(t, r.stdout, "\nchanges against "+baseline+": 0 rows\n", "the same content: nothing added, replaced or removed")
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

// simVerdicts is the part of `sim --json` the verdict tests read.
type simVerdicts struct {
	Balance struct {
		Band float64 `json:"band"`
		FDR  float64 `json:"fdr"`
	} `json:"balance"`
	Tested   int `json:"tested"`
	Verdicts []struct {
		Subject string  `json:"subject"`
		ID      string  `json:"id"`
		Where   string  `json:"where"`
		Players int     `json:"players"`
		Rate    float64 `json:"rate"`
		RefRate float64 `json:"ref_rate"`
		Verdict string  `json:"verdict"`
	} `json:"verdicts"`
	Flags []struct {
		Kind, Subject, ID, Where, Message string
	} `json:"flags"`
	Comparison *struct {
		Changes []struct{ Kind, Sheet, ID, Where string } `json:"changes"`
		New     []struct {
			Subject, ID, Verdict string
			Delta                float64
		} `json:"new"`
		Failed []string `json:"failed"`
	} `json:"comparison"`
	Decision *struct {
		Looks     int  `json:"looks"`
		Decided   bool `json:"decided"`
		Undecided []struct {
			ID        string `json:"id"`
			MoreGames int    `json:"more_games"`
		} `json:"undecided"`
	} `json:"until_decided"`
}

func verdictsJSON(t *testing.T, out string) simVerdicts {
	t.Helper()
	var v simVerdicts
	require.NoError(t, json.Unmarshal([]byte(out), &v), out[:min(len(out), 400)])
	return v
}

// jakeCopy is the bundled Jake Zane under another name: a harmless copy.
var jakeCopy = map[string]any{"Disabled": false, "Name": "Jake Twin", "Title": "Flying Ace", "Start City": "san-francisco",
	"Combat": 4, "Agility": 3, "Cunning": 2, "Lore": 2, "Wounds": 7, "Defense": 0, "Bonus": "Agility +2 on Flying, Flight -1",
	"Timing": "fight", "Condition": "fight.round == 1", "Effect": "addDice(2)", "Activate": false}

// The acceptance test of issue 11: `--compare base --fail-on hero=0.05`
// fails a designer's CI on an expansion that adds an overpowered hero,
// naming it and its cell, and passes one that adds a harmless copy.
func TestSimCompareFailsOnANewOverpoweredHero(t *testing.T) {
	strong := newProject(t, "strong")
	cells := editRow(t, filepath.Join(strong, "strong.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false,
		"Combat": 6, "Agility": 6, "Cunning": 6, "Lore": 6, "Wounds": 10})
	_ = cells
	r := dw(t, "sim", strong, "--games", "1200", "--seed", "5", "--compare", "base", "--fail-on", "hero=0.05")
	assert.Equal(t, exitContent, r.code, r.String())
	assert.Regexp(t, `deckwright: balance moved beyond --fail-on: new hero nadia-volkova at 4 players is \+0\.\d+ from a typical baseline hero at the same tables \(bound 0\.05\)`, r.stderr)
	assert.Contains(t, r.stdout, "\nchanges against base: 1 row\n  added  Heroes  nadia-volkova  strong.xlsx:Heroes!A2\n", "what the expansion changed comes first")
	assert.Regexp(t, `(?m)^  overpowered  hero nadia-volkova: won [\d.]+% of 4-player games .*\[strong\.xlsx:Heroes!A2\]$`, r.stdout, "the flag names the cell of the hero's ID")
	assert.Regexp(t, `(?m)^hero nadia-volkova\s+4\s+[\d.]+%\s+25\.0%\s+\+[\d.]+ \(\+[\d.]+ to \+[\d.]+\)\s+overpowered$`, r.stdout)

	copyDir := newProject(t, "copy")
	editRow(t, filepath.Join(copyDir, "copy.xlsx"), "Heroes", "nadia-volkova", jakeCopy)
	r = dw(t, "sim", copyDir, "--games", "1200", "--seed", "5", "--compare", "base", "--fail-on", "hero=0.05")
	requireExit(t, exitOK, r, "a harmless copy passes")
	assert.NotRegexp(t, `(?m)^  (overpowered|underpowered)  hero nadia-volkova`, r.stdout)

	j := dw(t, "sim", copyDir, "--games", "1200", "--seed", "5", "--compare", "base", "--json")
	requireExit(t, exitOK, j)
	v := verdictsJSON(t, j.stdout)
	require.NotNil(t, v.Comparison)
	require.Len(t, v.Comparison.Changes, 1)
	assert.Equal(t, "copy.xlsx:Heroes!A2", v.Comparison.Changes[0].Where)
	require.Len(t, v.Comparison.New, 1)
	assert.Equal(t, "nadia-volkova", v.Comparison.New[0].ID)
	assert.NotEqual(t, "overpowered", v.Comparison.New[0].Verdict)
}

// Every hero gets a verdict at every player count of a range, each flag
// names the cell of its row's ID, and --band and --fdr reach the report.
func TestSimVerdictsJSON(t *testing.T) {
	r := dw(t, "sim", "--json", "--games", "300", "--seed", "2", "--players", "2-3", "--band", "0.08", "--fdr", "0.1")
	requireExit(t, exitOK, r)
	v := verdictsJSON(t, r.stdout)
	assert.Equal(t, 0.08, v.Balance.Band)
	assert.Equal(t, 0.1, v.Balance.FDR)
	assert.Positive(t, v.Tested)
	counts := map[int]int{}
	for _, x := range v.Verdicts {
		counts[x.Players]++
		assert.Equal(t, "hero", x.Subject)
		assert.Regexp(t, `^bundled:fng-base\.xlsx:Heroes!A\d+$`, x.Where)
		assert.Contains(t, []string{"overpowered", "underpowered", "fine", "undecided"}, x.Verdict)
	}
	assert.Equal(t, map[int]int{2: 8, 3: 8}, counts, "each of the 8 heroes at 2 and at 3 players")
	for _, f := range v.Flags {
		assert.Regexp(t, `![A-Z]+\d+$`, f.Where, "%s %s names a cell, not a row", f.Kind, f.ID)
	}
}

// --until-decided plays on until every verdict is decided or the budget
// is spent, and says which are undecided and how many more games each
// would take.
func TestSimUntilDecided(t *testing.T) {
	r := dw(t, "sim", "--json", "--games", "200", "--seed", "2", "--until-decided", "800")
	requireExit(t, exitOK, r)
	v := verdictsJSON(t, r.stdout)
	var games struct {
		Games int `json:"games"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &games))
	require.NotNil(t, v.Decision)
	assert.Equal(t, 800, games.Games, "200, 400, 800: the budget spent")
	assert.Equal(t, 3, v.Decision.Looks)
	assert.False(t, v.Decision.Decided, "800 games decide few card verdicts")
	require.NotEmpty(t, v.Decision.Undecided)
	assert.Positive(t, v.Decision.Undecided[0].MoreGames)

	text := dw(t, "sim", "--games", "200", "--seed", "2", "--until-decided", "800")
	requireExit(t, exitOK, text)
	assert.Regexp(t, `(?m)^until decided \(800 games\): 3 looks, 800 games, each look at level 0\.0167: \d+ still undecided$`, text.stdout)
	assert.Regexp(t, `(?m)^  (card|hero) \S+.*: about \d+ more games  \[.*![A-Z]+\d+\]$`, text.stdout)
	assert.Contains(t, text.stderr, "deckwright sim: look 1: 200 games more, ", "each look is reported")
}

// On a terminal the bar redraws in place; in a CI log (standard error not
// a terminal) a long run prints a progress line every few seconds, and
// --impact counts its cards.
func TestSimProgressInLogs(t *testing.T) {
	defer func(d time.Duration) { logEvery = d }(logEvery)
	logEvery = time.Nanosecond
	dir := newProject(t, "prog")
	editRow(t, filepath.Join(dir, "prog.xlsx"), "Heroes", "nadia-volkova", jakeCopy)
	r := dw(t, "sim", "--games", "3000", "--workers", "1") // long enough for a few progress ticks
	requireExit(t, exitOK, r)
	assert.Regexp(t, `(?m)^deckwright sim: \d+/3000 games \(\d+%\), \d+/s, ETA \d+(ms|s|m\d+s|µs|ns|[\d.]+s)$`, r.stderr)
	r = dw(t, "sim", "--games", "20", "--impact", "all", "--impact-games", "20", "--workers", "1")
	requireExit(t, exitOK, r)
	assert.Regexp(t, `(?m)^deckwright sim: impact: card \d+ of \d+ \(\S+\)$`, r.stderr)
	assert.Regexp(t, `(?m)^impact: \d+ cards by paired games with and without each \(same seeds\); \d+ significant, largest first$`, r.stdout)
	assert.Regexp(t, `(?m)^fixed allocation: every card paired on the run's first 20 games \(--impact-games\); \d+ games played again, those each card was drawn in$`, r.stdout)
	// Adaptive: rounds, and every card left wide by the budget named.
	r = dw(t, "sim", "--games", "20", "--impact", "all", "--impact-precision", "20", "--impact-budget", "2k", "--workers", "1")
	requireExit(t, exitOK, r)
	assert.Regexp(t, `(?m)^deckwright sim: impact: round 1, \d+ of \d+ cards precise$`, r.stderr)
	// Within a round, the games played against the budget.
	assert.Regexp(t, `(?m)^deckwright sim: impact: round 1, \d+ games of a budget of 2000$`, r.stderr)
	assert.Regexp(t, `(?m)^adaptive: \d+ of \d+ cards' win effects to ±20\.0 points \(95%\) within a budget of 2000 games: \d+ games of the run's seeds as base, \d+ paired, in \d+ rounds?`, r.stdout)
	assert.Regexp(t, `(?m)^not precise within the budget \(\d+\): \S+`, r.stdout)
}

// An adaptive --impact run's progress: a line at each round's end, and
// within a round the games played against the budget with the cards
// precise so far.
func TestImpactProgressLines(t *testing.T) {
	defer func(d time.Duration) { logEvery = d }(logEvery)
	logEvery = time.Nanosecond
	var b strings.Builder
	p := newSimProgress(&b, false)
	p.impactPlayed(400, 2000000)
	p.round(1, 50, 203)
	p.impactPlayed(91000, 2000000)
	assert.Equal(t, "deckwright sim: impact: round 1, 400 games of a budget of 2000000\n"+
		"deckwright sim: impact: round 1, 50 of 203 cards precise\n"+
		"deckwright sim: impact: round 2, 91000 games of a budget of 2000000; 50 of 203 cards precise after round 1\n", b.String())
}

// A request the game cannot play is a usage error (exit 2); any other
// failure of a run exits 1.
func TestSimErrExitCodes(t *testing.T) {
	err := simErr("", game.Optionf("Fallen Land has no --level option"))
	var e *exitError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, exitUsage, e.code)
	err = simErr("baseline: ", errors.New("tables are for \"chess\", not fallen-land"))
	require.ErrorAs(t, err, &e)
	assert.Equal(t, exitContent, e.code)
	assert.Equal(t, `baseline: tables are for "chess", not fallen-land`, e.msg)
}
