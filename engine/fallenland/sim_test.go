package fallenland

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

func simReport(t *testing.T, req game.SimRequest) *game.SimReport {
	t.Helper()
	bundled(t)
	rep, err := game.Simulate(Module.(game.Simulator), bundledTables, req)
	require.NoError(t, err)
	return rep
}

// TestDeterministicAcrossWorkers: the same seed gives the same report on 1
// and 2 workers (DESIGN: the simulator is deterministic).
func TestDeterministicAcrossWorkers(t *testing.T) {
	req := game.SimRequest{Games: 300, Players: 4, Seed: 11, Policy: "mix", Stats: true, MaxRounds: 100}
	var out [2]string
	for i, w := range []int{1, 2} {
		req.Workers = w
		rep := simReport(t, req)
		rep.GamesPerSecond = 0
		b, err := json.Marshal(rep)
		require.NoError(t, err)
		out[i] = string(b)
	}
	assert.Equal(t, out[0], out[1])
}

// TestSimReport: a run fills the generic report.
func TestSimReport(t *testing.T) {
	rep := simReport(t, game.SimRequest{Games: 200, Players: 3, Seed: 3, Policy: "mix", Stats: true, MaxRounds: 100})
	assert.Equal(t, GameID, rep.Game)
	assert.Equal(t, 200, rep.Games)
	finished := 0
	for k, v := range rep.Ends {
		if k != "stall" && k != "error" {
			finished += v
		}
	}
	assert.Equal(t, 200, finished+len(rep.Stalls)+len(rep.Errors))
	assert.Empty(t, rep.Errors, "no game fails on the bundled set")
	assert.NotEmpty(t, rep.Heroes)
	assert.Len(t, rep.Seats, 3)
	assert.Len(t, rep.Policies, 3)
	assert.Positive(t, rep.Rounds.Median)
	assert.NotEmpty(t, rep.Cards)
	require.NotNil(t, rep.Coverage)
	var wins int
	for _, r := range rep.Seats {
		wins += r.Wins
	}
	assert.GreaterOrEqual(t, wins, finished, "every finished game has a winner (or shared winners)")
}

func TestSimOptions(t *testing.T) {
	bundled(t)
	sim := Module.(game.Simulator)
	for _, tc := range []struct {
		req  game.SimRequest
		want string
	}{
		{game.SimRequest{Games: 1, Players: 4, Mode: "coop"}, `no "coop" mode`},
		{game.SimRequest{Games: 1, Players: 7}, "1 to 6 players"},
		{game.SimRequest{Games: 1, Players: 2, Heroes: []string{"nobody", "x"}}, "unknown faction"},
		{game.SimRequest{Games: 1, Players: 2, Variants: []string{"fast"}}, "unknown variant"},
		{game.SimRequest{Games: 1, Players: 2, Policy: "wild"}, "unknown policy"},
		{game.SimRequest{Games: 1, Players: 2, Options: map[string]string{"org": "nazi"}}, "Fallen Land has no --org option (its modes: competitive, short)"},
		{game.SimRequest{Games: 1, Players: 2, Options: map[string]string{"level": "basic"}}, "Fallen Land has no --level option"},
	} {
		_, err := game.Simulate(sim, bundledTables, tc.req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.want)
	}
	assert.Equal(t, []string{"competitive", "short"}, game.Names(sim.SimSpec().Modes))
	assert.Contains(t, sim.SimSpec().PolicyNames(), "mix")
}

// TestTrace: --trace plays one game and writes its log.
func TestTrace(t *testing.T) {
	var buf bytes.Buffer
	rep := simReport(t, game.SimRequest{Games: 1, Players: 2, Seed: 5, Trace: &buf, MaxRounds: 100})
	assert.Equal(t, 1, rep.Games)
	assert.Contains(t, buf.String(), "Turn 1")
	assert.True(t, strings.Contains(buf.String(), "wins") || len(rep.Stalls) > 0)
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		require.Regexp(t, `^t[0-9]+ +\S`, line, "every line starts with its Turn")
	}
}

// TestVariantsAndModes run.
func TestVariantsAndModes(t *testing.T) {
	var vs []string
	for _, v := range spec.Variants {
		vs = append(vs, v.Name)
	}
	rep := simReport(t, game.SimRequest{Games: 100, Players: 5, Seed: 9, Mode: "short", Variants: vs, Policy: "bold", MaxRounds: 100})
	assert.Empty(t, rep.Errors)
	assert.Equal(t, "short", rep.Mode)
}

// TestStallReported: a Turn cap too low for any game is a stall with its
// seed and replay information, never dropped.
func TestStallReported(t *testing.T) {
	rep := simReport(t, game.SimRequest{Games: 5, Players: 4, Seed: 1, MaxRounds: 1})
	assert.Len(t, rep.Stalls, 5)
	assert.NotZero(t, rep.Stalls[0].Seed)
	assert.Contains(t, rep.Stalls[0].Message, "no winner after 1 Turns")
}

// TestHostileEffects: absurd numbers in effects end games (a win, an
// effect error or a stall, each reported), never a hang or a crash.
func TestHostileEffects(t *testing.T) {
	c := fixtureContent(t, func(sh sheets) {
		for _, r := range sh["Encounters"] {
			r["Success"] = `bonusWeeks(100000); drawSpoils(100000); damageParty(100000, "Psych"); delay(-5); roll(100000, 100000)`
			r["Failure"] = `damageEach(2000000000); healParty(2000000000); gainTDC(-9); discardActions(1000000)`
		}
		sh["Spoils"] = append(sh["Spoils"], row("ID", "loop", "Name", "Loop", "Count", "6", "Categories", "Event", "Effect", "drawSpoils(2)", "Text", "Again."))
	})
	tally, _ := Simulate(c, SimOptions{Options: Options{Players: 3, MaxRounds: 30, MaxSteps: 200000}, Games: 40, Seed: 1, Policy: "mix"})
	assert.Equal(t, 40, tally.Games)
	for _, f := range tally.Failures {
		assert.NotEmpty(t, f.Message, "reported with a message")
	}
}

// TestTraceJSON: with TraceJSON the trace is game.Event JSON lines, the
// same bytes for the same game, every kind of event documented in RULES.md
// §18 (Trace format).
func TestTraceJSON(t *testing.T) {
	var a, b bytes.Buffer
	req := game.SimRequest{Games: 1, Players: 4, Seed: 5, From: 3, Trace: &a, TraceJSON: true, MaxRounds: 100, Policy: "mix"}
	simReport(t, req)
	req.Trace = &b
	simReport(t, req)
	assert.Equal(t, a.String(), b.String(), "deterministic")
	raw, err := os.ReadFile("RULES.md")
	require.NoError(t, err)
	doc := string(raw)
	sec := doc[strings.Index(doc, "## 18. Trace format"):strings.Index(doc, "## 19. The referee")]
	documented := map[string]bool{}
	for _, line := range strings.Split(sec, "\n") {
		if cells := strings.Split(line, "|"); strings.HasPrefix(line, "| `") && len(cells) > 2 {
			for _, m := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(cells[1], -1) {
				documented[m[1]] = true
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(a.String()), "\n")
	require.Greater(t, len(lines), 500)
	for i, line := range lines {
		var e game.Event
		require.NoError(t, json.Unmarshal([]byte(line), &e), "line %d", i+1)
		assert.True(t, documented[e.Kind], "kind %q (line %d) is not in RULES.md §18", e.Kind, i+1)
		assert.NotEmpty(t, e.Text)
	}
	var first game.Event
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, "game", first.Kind)
	assert.EqualValues(t, 4, first.Data["players"])
}

// The spec's variants are exactly the rule variants the game knows, so
// --help, completion and validation offer every one and no other.
func TestSpecVariantsAreTheGames(t *testing.T) {
	var v Variants
	for _, c := range spec.Variants {
		assert.True(t, v.Set(c.Name), c.Name)
		assert.NotEmpty(t, c.Help, c.Name)
	}
	assert.Len(t, spec.Variants, len(v.flags()))
}
