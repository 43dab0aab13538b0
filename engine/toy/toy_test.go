package toy

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/report"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/templates"
)

// Pips is registered here, in its tests, not with the shipped games: a
// user's `deckwright` never offers it, and the tests find it as any
// command finds a game, in the registry.
func init() { game.Register(Module) }

var players = []map[string]string{
	{"ID": "ann", "Name": "Ann", "Start": "0"},
	{"ID": "bo", "Name": "Bo", "Start": "0"},
	{"ID": "cy", "Name": "Cy", "Start": "0"},
}

var cards = []map[string]string{
	{"ID": "step", "Name": "Step", "Count": "4", "Effect": "gain(1)", "Text": "Gain 1 point."},
	{"ID": "push", "Name": "Push", "Count": "3", "Effect": "extraRoll()", "Text": "Roll once more this turn."},
	{"ID": "spite", "Name": "Spite", "Count": "2", "Effect": "lose(2)", "Text": "Every other player loses 2 points."},
	{"ID": "jackpot", "Name": "Jackpot", "Count": "1", "Effect": "gain(10)", "Text": "Gain 10 points."},
	{"ID": "dud", "Name": "Dud", "Count": "2", "Effect": "score > 100 ? gain(1) : gain(0)", "Text": "Nothing, mostly."},
}

// build compiles a workbook of Pips with the platform's compiler.
func build(t *testing.T, players, cards []map[string]string) (*table.Tables, *diag.List) {
	t.Helper()
	mod := game.Lookup("pips")
	require.NotNil(t, mod, "registered")
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, mod.Schema(), compiler.SetRow{ID: "base", Name: "Pips", Game: GameID},
		[]compiler.SheetData{{Sheet: "Players", Rows: players}, {Sheet: "Cards", Rows: cards}}))
	wb, l := compiler.ReadWorkbook("pips.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	return compiler.Compile(mod, []*compiler.Workbook{wb}, compiler.Options{})
}

func sim(t *testing.T, tables *table.Tables, req game.SimRequest) *game.SimReport {
	t.Helper()
	rep, err := game.Simulate(Module, tables, req)
	require.NoError(t, err)
	return rep
}

// Validation: the compiler checks the schema's cells and the effect
// vocabulary (with a did-you-mean at the cell); the module adds its own
// check.
func TestValidate(t *testing.T) {
	tables, l := build(t, players, cards)
	require.NotNil(t, tables)
	assert.Zero(t, l.Len(), "%v", l.Items())

	bad := []map[string]string{{"ID": "typo", "Name": "Typo", "Count": "2", "Effect": "gian(2)", "Text": "Gain 2."}}
	tables, l = build(t, players, bad)
	assert.Nil(t, tables)
	var codes []string
	for _, d := range l.Items() {
		codes = append(codes, string(d.Code)+" "+d.Pos.String()+" "+d.Message+" "+d.Hint)
	}
	joined := strings.Join(codes, "\n")
	assert.Contains(t, joined, "pips.xlsx:Cards!")
	assert.Contains(t, joined, "gian")
	assert.Contains(t, joined, `did you mean "gain"?`)
	assert.NotContains(t, joined, string(CodeThinDeck), "a deck that lost a row is not reported again as thin")

	// The module's own check, at its boundary: 6 cards are enough.
	for _, n := range []string{"5", "6"} {
		thin := []map[string]string{{"ID": "step", "Name": "Step", "Count": n, "Effect": "gain(1)", "Text": "Gain 1."}}
		tables, l = build(t, players, thin)
		require.NotNil(t, tables, "a warning keeps the build")
		if n == "5" {
			require.Equal(t, 1, l.Len(), "%v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, CodeThinDeck, d.Code)
			assert.Equal(t, "the deck has 5 cards; a game of 4 draws more than that each round", d.Message)
		} else {
			assert.Zero(t, l.Len(), "%v", l.Items())
		}
	}
}

// Sim: the harness plays Pips with its bots and reports it like any game,
// the same whatever the number of workers.
func TestSim(t *testing.T) {
	tables, _ := build(t, players, cards)
	var want []byte
	for _, workers := range []int{1, 2} {
		rep := sim(t, tables, game.SimRequest{Games: 600, Players: 3, Seed: 4, Policy: "mix", Stats: true, MaxRounds: 60, Workers: workers})
		assert.Equal(t, 600, rep.Games)
		assert.Equal(t, "race", rep.Mode)
		wins := 0
		for _, w := range rep.Wins {
			wins += w
		}
		assert.Equal(t, rep.Games-len(rep.Stalls), wins, "every finished game has one winner")
		require.Len(t, rep.Cards, len(cards))
		require.Len(t, rep.Policies, 3)
		assert.Positive(t, rep.LossesPerGame, "busts")
		rep.GamesPerSecond = 0
		js, err := json.Marshal(rep)
		require.NoError(t, err)
		if want == nil {
			want = js
			continue
		}
		assert.JSONEq(t, string(want), string(js), "workers=%d", workers)
	}
	var html bytes.Buffer
	rep := sim(t, tables, game.SimRequest{Games: 200, Players: 2, Seed: 1, Stats: true, MaxRounds: 60})
	require.NoError(t, report.HTML(&html, "Pips — balance report", rep))
	assert.Contains(t, html.String(), "Jackpot")
	var text bytes.Buffer
	require.NoError(t, report.Text(&text, "Pips", rep, report.TextOptions{}))
	assert.Contains(t, text.String(), "Pips — 200 race games, 2 players, cautious bots, seed 1\n")
	assert.Contains(t, text.String(), "busts", "in the game's own words")

	// A variant from the module's table changes the game; options it
	// lacks are usage errors naming it.
	short := sim(t, tables, game.SimRequest{Games: 200, Players: 2, Seed: 1, MaxRounds: 60, Variants: []string{"goal=5"}})
	assert.Less(t, short.Rounds.Mean, rep.Rounds.Mean)
	for req, msg := range map[*game.SimRequest]string{
		{Games: 1, Players: 5}: "Pips is for 2 to 4 players, not 5",
		{Games: 1, Players: 2, Options: map[string]string{"level": "basic"}}: "Pips has no --level option",
		{Games: 1, Players: 2, Mode: "coop"}:                                 `Pips has no "coop" mode (race)`,
		{Games: 1, Players: 4}:                                               "4 players but only 3 players",
		{Games: 1, Players: 2, Variants: []string{"x"}}:                      `unknown variant "x" of Pips (known: goal=N, no-cards)`,
	} {
		_, err := game.Simulate(Module, tables, *req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), msg)
		assert.True(t, game.IsOptionError(err))
	}
}

// Trace: one game's log, each line with its round.
func TestTrace(t *testing.T) {
	tables, _ := build(t, players, cards)
	var log bytes.Buffer
	rep := sim(t, tables, game.SimRequest{Games: 1, Players: 2, Seed: 3, From: 5, MaxRounds: 60, Trace: &log})
	assert.Equal(t, 1, rep.Games)
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	require.NotEmpty(t, lines)
	for _, line := range lines {
		assert.Regexp(t, regexp.MustCompile(`^r[0-9]+ `), line)
	}
	assert.Contains(t, log.String(), "rolls")
}

// Impact: paired games with and without each card find the card that
// wins games.
func TestImpact(t *testing.T) {
	tables, _ := build(t, players, cards)
	rep := sim(t, tables, game.SimRequest{Games: 3000, Players: 2, Seed: 2, MaxRounds: 60, Stats: true, ImpactLayer: "all"})
	byID := map[string]*game.CardReport{}
	for i := range rep.Cards {
		byID[rep.Cards[i].ID] = &rep.Cards[i]
	}
	jackpot := byID["jackpot"].Impact
	require.NotNil(t, jackpot)
	require.NotNil(t, jackpot.Win)
	assert.Greater(t, jackpot.Win.Delta, 0.1, "%+v", jackpot.Win)
	assert.True(t, jackpot.Win.Significant)
	require.NotNil(t, byID["dud"].Impact.Win)
	assert.Less(t, byID["dud"].Impact.Win.Delta, jackpot.Win.Delta)
}

// Export: the platform prints Pips cards from the module's templates.
func TestExport(t *testing.T) {
	tables, _ := build(t, players, cards)
	set, l := templates.Load(Module.Schema(), templates.DirFolder("testdata/templates"))
	require.Zero(t, l.Errors(), "%v", l.Items())
	var pdf bytes.Buffer
	st, l, err := export.Export(set, tables, export.Output{Fronts: &pdf}, export.DefaultOptions())
	require.NoError(t, err)
	assert.Zero(t, l.Len(), "%v", l.Items())
	assert.Equal(t, 12, st.Cards, "every copy")
	assert.Equal(t, 4, st.Pages, "9 poker cards a page, each front page with its back")
	assert.True(t, bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")))
}

// Pips keeps its per-card counts in unexported fields, which a part file
// would drop: it is refused a part with them (rather than merged without
// them), and without them its runs travel and merge as any game's.
func TestParts(t *testing.T) {
	tables, _ := build(t, players, cards)
	req := game.SimRequest{Games: 40, Players: 3, Seed: 2, Stats: true}
	_, err := game.NewPart(sim(t, tables, req), game.RunOf(req, 40, 0), 1, 1)
	assert.EqualError(t, err, "pips keeps counts a part file cannot carry: it plays no shards with --part")
	assert.True(t, game.IsOptionError(err), "the request's fault (exit 2), not a failure")

	req.Stats = false
	whole := sim(t, tables, req)
	p, err := game.NewPart(whole, game.RunOf(req, 40, 0), 1, 1)
	require.NoError(t, err)
	p.Engine, p.Content, p.Name = "test", tables.Hash, "part.json"
	merged, err := game.MergeParts(Module, tables, nil, []*game.Part{p})
	require.NoError(t, err)
	merged.GamesPerSecond, whole.GamesPerSecond = 0, 0
	assert.Equal(t, whole, merged)
}

// --impact names what it measures: all, a layer or card IDs (any case,
// separated by commas); a word that names nothing is an error listing the
// layers, with a did-you-mean; a word naming a disabled row says so, at
// its cell, and is never corrected to another card.
func TestImpactTargets(t *testing.T) {
	withDisabled := append(slices.Clone(cards),
		map[string]string{"ID": "mirage", "Name": "Mirage", "Count": "1", "Effect": "gain(3)", "Text": "Gain 3 points.", "Disabled": "TRUE"})
	tables, l := build(t, players, withDisabled)
	require.Zero(t, l.Errors(), "%v", l.Items())
	tests := []struct {
		sel      string
		measured []string
		err      string
	}{
		{"all", []string{"step", "push", "spite", "jackpot", "dud"}, ""},
		{"base", []string{"step", "push", "spite", "jackpot", "dud"}, ""},
		{"jackpot", []string{"jackpot"}, ""},
		{" JACKPOT , dud", []string{"jackpot", "dud"}, ""},
		{"dud,jackpot,dud", []string{"jackpot", "dud"}, ""},
		{"jackpt", nil, `--impact jackpt: no layer or card is called "jackpt" (layers: base; or all, or card IDs, separated by commas); did you mean "jackpot"?`},
		{"dud,,step", nil, `--impact "dud,,step": an empty name; want all, a layer (base) or card IDs, separated by commas`},
		{"zzzzzz", nil, `--impact zzzzzz: no layer or card is called "zzzzzz" (layers: base; or all, or card IDs, separated by commas)`},
		{"mirage", nil, `--impact mirage: mirage is disabled (pips.xlsx:Cards!A7, Disabled is TRUE): set Disabled to FALSE to measure it`},
		{"step,MIRAGE", nil, `--impact step,MIRAGE: mirage is disabled (pips.xlsx:Cards!A7, Disabled is TRUE): set Disabled to FALSE to measure it`},
		{"mirag", nil, `--impact mirag: no layer or card is called "mirag" (layers: base; or all, or card IDs, separated by commas); did you mean "mirage"?`},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			rep, err := game.Simulate(Module, tables, game.SimRequest{Games: 200, Players: 2, Seed: 2, MaxRounds: 60, Stats: true,
				ImpactLayer: tt.sel, ImpactGames: 100})
			if tt.err != "" {
				require.Error(t, err)
				assert.True(t, game.IsOptionError(err))
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			var measured []string
			for _, c := range rep.Cards {
				if c.Impact != nil {
					measured = append(measured, c.ID)
				}
			}
			assert.Equal(t, tt.measured, measured)
		})
	}
}

// --heroes naming a disabled player row says so, at its cell; a name that
// is nowhere is unknown, as before.
func TestHeroesDisabled(t *testing.T) {
	withDisabled := append(slices.Clone(players), map[string]string{"ID": "dee", "Name": "Dee", "Start": "0", "Disabled": "TRUE"})
	tables, l := build(t, withDisabled, cards)
	require.Zero(t, l.Errors(), "%v", l.Items())
	for _, tc := range []struct {
		heroes []string
		err    string
	}{
		{[]string{"ann", "DEE"}, "player dee is disabled (pips.xlsx:Players!A5, Disabled is TRUE): set Disabled to FALSE to play it"},
		{[]string{"ann", "dea"}, `unknown player "dea" (known: ann, bo, cy)`},
	} {
		_, err := game.Simulate(Module, tables, game.SimRequest{Games: 10, Players: 2, Seed: 2, Heroes: tc.heroes})
		require.Error(t, err, tc.heroes)
		assert.True(t, game.IsOptionError(err))
		assert.Equal(t, tc.err, err.Error())
	}
}
