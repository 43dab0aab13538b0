package fng

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// plantedTables builds the bundled base set plus an expansion with planted
// defects: a card that wins on the spot, a card that can never be used, a
// Danger nobody can pass, and a fair coin that does nothing either way.
func plantedTables(t *testing.T, events ...map[string]string) *table.Tables {
	t.Helper()
	set, _ := content.BaseOf(GameID)
	data, err := set.Workbook()
	require.NoError(t, err)
	base, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
	require.NotNil(t, base, "%v", l.Items())
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, Schema, compiler.SetRow{ID: "planted", Name: "Planted defects", Game: GameID, Requires: set.ID},
		[]compiler.SheetData{
			{Sheet: "Events", Rows: append([]map[string]string{
				{"ID": "lucky-strike", "Name": "Lucky Strike", "Count": "4", "Keywords": "Event, Luck", "Immediately": "TRUE",
					"Effect": "gainFortune(15)", "Text": "Gain 15 {fortune}."},
				{"ID": "never-ever", "Name": "Never Ever", "Count": "4", "Keywords": "Event, Luck", "Timing": "test",
					"Condition": "round > 500", "Effect": "addDice(3)", "Text": "After round 500, add 3 dice to a test."},
				{"ID": "fair-coin", "Name": "Fair Coin", "Count": "4", "Keywords": "Event, Luck", "Immediately": "TRUE",
					"Effect": "roll() >= 4 ? nothing() : nothing()", "Text": "Flip a coin. Nothing happens either way."},
			}, events...)},
			{Sheet: "Dangers", Rows: []map[string]string{
				{"ID": "sheer-wall", "Name": "Sheer Wall", "Count": "4", "Keywords": "Danger, Fall", "Test": "Agility 6+ x9 and Lore 6+ x9", "Glory": "2",
					"Text": "Climb it.", "Cliffhanger": "Long Way Down", "Cliffhanger Keywords": "Cliffhanger, Fall",
					"Cliffhanger Test": "Agility 3+", "Cliffhanger Glory": "1", "Cliffhanger Text": "Grab a root."},
			}},
		}))
	exp, l := compiler.ReadWorkbook("planted.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.NotNil(t, exp, "%v", l.Items())
	tables, l := compiler.Compile(Module, []*compiler.Workbook{base, exp}, compiler.Options{})
	require.NotNil(t, tables, "%v", l.Items())
	return tables
}

func TestReportFlagsPlantedDefectsFirst(t *testing.T) {
	tables := plantedTables(t)
	rep, err := game.Simulate(Module, tables, game.SimRequest{Games: 1500, Players: 4, Seed: 3, Mode: "competitive",
		Policy: "cautious", MaxRounds: 100, Stats: true})
	require.NoError(t, err)
	var got []string
	for _, f := range rep.Flags {
		if f.Where[:len("planted.xlsx")] == "planted.xlsx" {
			got = append(got, f.Kind+" "+f.ID)
		}
	}
	assert.Equal(t, []string{"overpowered lucky-strike", "impossible sheer-wall", "dead never-ever"}, got,
		"the planted defects, most serious first; all flags: %+v", rep.Flags)
	assert.Equal(t, "lucky-strike", rep.Flags[0].ID, "the most serious flag of all")
	for _, f := range rep.Flags {
		assert.NotEqual(t, "fair-coin", f.ID, "a fair coin is not flagged")
		if f.ID == "sheer-wall" {
			assert.Equal(t, "planted.xlsx:Dangers!A2", f.Where, "a flag names the cell of the row's ID")
		}
	}
	// Coverage names the never-overcome Danger and the never-true condition.
	require.NotNil(t, rep.Coverage)
	assert.Contains(t, rep.Coverage.TestsNeverPassed, "sheer-wall")
	var conds []string
	for _, n := range rep.Coverage.ConditionsNeverTrue {
		conds = append(conds, n.Card+" "+n.Text)
	}
	assert.Contains(t, conds, "never-ever round > 500")
}

// --impact in a cooperative game: the heroes' win rate with the card
// against a typical card of its deck in its place, on the same seeds.
func TestImpactSeparatesStrongCardFromFairCoin(t *testing.T) {
	tables := plantedTables(t)
	rep, err := game.Simulate(Module, tables, game.SimRequest{Games: 500, Players: 2, Seed: 5, Mode: "coop",
		Policy: "cautious", MaxRounds: 100, Stats: true, ImpactLayer: "planted"})
	require.NoError(t, err)
	byID := map[string]*game.CardReport{}
	for i := range rep.Cards {
		byID[rep.Cards[i].ID] = &rep.Cards[i]
	}
	coin, strike := byID["fair-coin"].Impact, byID["lucky-strike"].Impact
	require.NotNil(t, coin)
	require.NotNil(t, strike)
	require.NotNil(t, coin.Win)
	require.NotNil(t, strike.Win)
	assert.False(t, coin.Win.Significant, "a fair coin has no significant impact: %+v", coin.Win)
	assert.LessOrEqual(t, coin.Win.Low, 0.0)
	assert.GreaterOrEqual(t, coin.Win.High, 0.0)
	assert.True(t, strike.Win.Significant, "15 Fortune on the spot changes the game: %+v", strike.Win)
	assert.Greater(t, strike.Win.Delta, 0.1)
	assert.Less(t, strike.Rounds.Delta, 0.0, "and shortens it")
	assert.Equal(t, "the heroes' win rate in games where it was drawn", strike.Measure)
}

// --impact in a competitive game measures the win rate of the hero who
// got the card (issue 11: it used to report 0 for every card).
func TestImpactInCompetitiveGames(t *testing.T) {
	tables := plantedTables(t)
	rep, err := game.Simulate(Module, tables, game.SimRequest{Games: 600, Players: 4, Seed: 5, Mode: "competitive",
		Policy: "cautious", MaxRounds: 100, Stats: true, ImpactLayer: "planted", ImpactGames: 600})
	require.NoError(t, err)
	byID := map[string]*game.CardReport{}
	for i := range rep.Cards {
		byID[rep.Cards[i].ID] = &rep.Cards[i]
	}
	strike, coin := byID["lucky-strike"].Impact, byID["fair-coin"].Impact
	require.NotNil(t, strike.Win, "the win effect is measured in a game of rivals")
	assert.Equal(t, "the win rate of the hero who got it", strike.Measure)
	assert.Greater(t, strike.Win.Delta, 0.15, "%+v", strike.Win)
	assert.True(t, strike.Win.Significant)
	assert.Equal(t, game.Overpowered, strike.Verdict)
	require.NotNil(t, coin.Win)
	assert.False(t, coin.Win.Significant, "%+v", coin.Win)
	require.NotNil(t, byID["sheer-wall"].Impact.Win, "a Danger: the hero who faced it")
}

func TestReportIdenticalForAnyWorkerCount(t *testing.T) {
	sameForAnyWorkers(t, bundledTables(t), game.SimRequest{Players: 4, MaxRounds: 100, Policy: "mix", Games: 300, Seed: 9, Stats: true}, 1, 2, 3)
}

// sameForAnyWorkers checks that req gives the same report (but for its
// throughput) on each number of workers.
func sameForAnyWorkers(t *testing.T, tables *table.Tables, req game.SimRequest, workers ...int) {
	t.Helper()
	var want []byte
	for _, w := range workers {
		req.Workers = w
		rep, err := game.Simulate(Module, tables, req)
		require.NoError(t, err)
		rep.GamesPerSecond = 0
		got, err := json.Marshal(rep)
		require.NoError(t, err)
		if want == nil {
			want = got
			continue
		}
		assert.JSONEq(t, string(want), string(got), "workers=%d", w)
	}
}
