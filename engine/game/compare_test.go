package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

func TestParseThresholds(t *testing.T) {
	tests := []struct {
		in   string
		want Thresholds
		err  string
	}{
		{"", Thresholds{}, ""},
		{"win=0.05, rounds=2,card-win=0.1,pass=0.2", Thresholds{"win": 0.05, "rounds": 2, "card-win": 0.1, "pass": 0.2}, ""},
		{"hero=0.05,card=0.05", Thresholds{"hero": 0.05, "card": 0.05}, ""},
		{"win", nil, `--fail-on: "win" is not metric=bound`},
		{"glory=1", nil, `--fail-on: unknown metric "glory" (hero, card, win, rounds, card-win, pass)`},
		{"win=lots", nil, `--fail-on: "lots" is not a bound`},
		{"rounds=-1", nil, `--fail-on: "-1" is not a bound`},
		{"hero=NaN", nil, `--fail-on: "NaN" is not a bound`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseThresholds(tt.in)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// outcomes returns n finished games lasting rounds(i), won when win(i).
func outcomes(n int, rounds func(int) int, win func(int) bool) []Outcome {
	out := make([]Outcome, n)
	for i := range out {
		out[i] = Outcome{Done: true, Rounds: rounds(i), Win: win(i)}
	}
	return out
}

// A change that makes games two rounds longer and one card easier shows
// as two significant moves, cards first; the unchanged card and win rate
// do not; and only the bounds they exceed fail.
func TestCompare(t *testing.T) {
	base := &SimReport{Games: 400, Rounds: Quantiles{Mean: 10}, SharedWins: true,
		Outcomes: outcomes(400, func(i int) int { return 10 + i%3 }, func(i int) bool { return i%2 == 0 }),
		Cards: []CardReport{
			{ID: "bridge", Tests: 400, Passed: 200, Holders: 100, HolderWins: 50},
			{ID: "steady", Tests: 400, Passed: 300},
		}}
	cur := &SimReport{Games: 400, Rounds: Quantiles{Mean: 12}, SharedWins: true,
		Outcomes: outcomes(400, func(i int) int { return 12 + i%3 }, func(i int) bool { return i%2 == 0 }),
		Cards: []CardReport{
			{ID: "bridge", Tests: 400, Passed: 320, Holders: 100, HolderWins: 50},
			{ID: "steady", Tests: 400, Passed: 302},
			{ID: "new-card", Tests: 400, Passed: 10},
		}}
	cmp := Compare("main", base, cur, nil, Thresholds{"pass": 0.1, "rounds": 3, "win": 0})
	require.Len(t, cmp.Moves, 2)
	pass, rounds := cmp.Moves[0], cmp.Moves[1]
	assert.Equal(t, "pass", pass.Metric)
	assert.Equal(t, "bridge", pass.Card)
	assert.InDelta(t, 0.3, pass.Delta, 1e-9)
	assert.Greater(t, pass.Low, 0.0)
	assert.Less(t, pass.Q, 0.05)
	assert.Equal(t, "rounds", rounds.Metric)
	assert.InDelta(t, 2, rounds.Delta, 1e-9)
	assert.Equal(t, []string{"pass of bridge moved +0.3 (bound 0.1)"}, cmp.Failed, "rounds moved 2, within its bound of 3")
	assert.Equal(t, 5, cmp.Tested, "bridge's holders' win rate, two pass rates, game length, the side's win")
	assert.Equal(t, []Change{}, cmp.Changes)
}

// In a competitive run the win metric is each player's win rate; a move
// that would be significant alone is not among many fair ones (the false
// discovery rate is controlled).
func TestCompareCompetitiveWins(t *testing.T) {
	base := &SimReport{Heroes: []Rate{{ID: "jake", Games: 500, Wins: 100}, {ID: "li", Games: 500, Wins: 125}}}
	cur := &SimReport{Heroes: []Rate{{ID: "jake", Games: 500, Wins: 200}, {ID: "li", Games: 500, Wins: 126}}}
	cmp := Compare("v1", base, cur, nil, Thresholds{"win": 0.1})
	require.Len(t, cmp.Moves, 1)
	m := cmp.Moves[0]
	assert.Equal(t, Movement{Metric: "win", Card: "jake", Baseline: 0.2, Current: 0.4, Delta: 0.2, Low: m.Low, High: m.High, P: 0, Q: 0}, m)
	assert.Equal(t, []string{"win of jake moved +0.2 (bound 0.1)"}, cmp.Failed)

	// 120 → 155 of 600 (p ≈ 0.016): significant alone, not among 30
	// unchanged heroes.
	base.Heroes, cur.Heroes = []Rate{{ID: "edge", Games: 600, Wins: 120}}, []Rate{{ID: "edge", Games: 600, Wins: 155}}
	assert.Len(t, Compare("v1", base, cur, nil, nil).Moves, 1, "alone it is significant")
	for i := range 30 {
		h := Rate{ID: string(rune('a' + i)), Games: 600, Wins: 150}
		base.Heroes, cur.Heroes = append(base.Heroes, h), append(cur.Heroes, h)
	}
	cmp = Compare("v1", base, cur, nil, nil)
	assert.Empty(t, cmp.Moves, "among 31 tests it is not")
	assert.Equal(t, 31, cmp.Tested)
}

// New content is listed and judged against the baseline: a new hero
// against the baseline's fair share at its player count, a new card
// against its deck in the baseline; hero= and card= bounds fail the run
// on them, a harmless copy passes.
func TestCompareJudgesNewContent(t *testing.T) {
	base := &SimReport{Games: 2000, PlayerCounts: []PlayerCount{{Players: 4, Games: 2000, Won: 2000, SeatGames: 8000, SeatWins: 2000}},
		Cards: []CardReport{{ID: "revolver", Deck: "gear", Dealt: true, Holders: 2000, HolderWins: 600}}}
	cur := &SimReport{Games: 2000, Verdicts: []Verdict{}, Cards: []CardReport{
		{ID: "revolver", Deck: "gear", Dealt: true, Holders: 1500, HolderWins: 450},
		{ID: "big-gun", Deck: "gear", Dealt: true, Holders: 600, HolderWins: 330, Where: "exp.xlsx:Gear!A3"},
		{ID: "revolver-copy", Deck: "gear", Dealt: true, Holders: 600, HolderWins: 181}}}
	for _, h := range []struct {
		id         string
		wins, play int
	}{{"titan", 560, 900}, {"copy", 228, 900}} {
		v := Verdict{Subject: "hero", ID: h.id, Players: 4, Where: "exp.xlsx:Heroes!A2", Band: 0.05, runGames: 2000}
		v.fixedShare(h.wins, h.play, 0.25, DefaultBalance)
		cur.Verdicts = append(cur.Verdicts, v)
	}
	changes := []Change{{Kind: "added", Sheet: "Heroes", ID: "titan"}, {Kind: "added", Sheet: "Heroes", ID: "copy"},
		{Kind: "added", Sheet: "Gear", ID: "big-gun"}, {Kind: "added", Sheet: "Gear", ID: "revolver-copy"}, {Kind: "removed", Sheet: "Gear", ID: "old"}}
	cmp := Compare("base", base, cur, changes, Thresholds{"hero": 0.05, "card": 0.05})
	assert.Equal(t, changes, cmp.Changes)
	verdicts := map[string]string{}
	for _, v := range cmp.New {
		verdicts[v.ID] = v.Verdict
	}
	assert.Equal(t, map[string]string{"titan": Overpowered, "copy": Fine, "big-gun": Overpowered, "revolver-copy": Fine}, verdicts)
	assert.Equal(t, []string{
		"new hero titan at 4 players is +0.372 from the baseline's fair share (bound 0.05)",
		"new card big-gun is +0.25 from players who drew or used Gear cards in the baseline (bound 0.05)",
	}, cmp.Failed)
	cmp = Compare("base", base, cur, changes, Thresholds{"hero": 0.4, "card": 0.3})
	assert.Empty(t, cmp.Failed, "within the bounds")
}

// Changes lists the rows a build adds, replaces (other cells) and
// removes, at the cell of their ID.
func TestChanges(t *testing.T) {
	sheet := func(name string, rows ...*table.Row) *table.Table {
		tb := &table.Table{Key: table.Key(name), Name: name, Sources: []*table.Source{{File: name + ".xlsx", Sheet: name, Columns: map[string]string{"id": "A"}}}, Rows: rows}
		tb.Bind()
		return tb
	}
	row := func(id string, n int, cells map[string]any) *table.Row {
		return &table.Row{ID: id, Src: table.RowSrc{Row: n}, Cells: cells}
	}
	base := &table.Tables{Sheets: []*table.Table{
		sheet("Heroes", row("jake", 2, map[string]any{"combat": 4}), row("li", 3, map[string]any{"combat": 3})),
		sheet("Gear", row("whip", 2, map[string]any{"name": "Whip"})),
	}}
	cur := &table.Tables{Sheets: []*table.Table{
		sheet("Heroes", row("jake", 2, map[string]any{"combat": 4}), row("li", 3, map[string]any{"combat": 5}), row("titan", 4, map[string]any{"name": "Titan"})),
	}}
	assert.Equal(t, []Change{
		{Kind: "replaced", Sheet: "Heroes", ID: "li", Where: "Heroes.xlsx:Heroes!A3"},
		{Kind: "added", Sheet: "Heroes", ID: "titan", Name: "Titan", Where: "Heroes.xlsx:Heroes!A4"},
		{Kind: "removed", Sheet: "Gear", ID: "whip", Name: "Whip", Where: "Gear.xlsx:Gear!A2"},
	}, Changes(base, cur))
	assert.Equal(t, []Change{}, Changes(base, base))
}

// Where the lineups tell, a new hero is judged against a typical baseline
// hero at the same tables of this run: a copy added beside a titan (who
// makes every other hero win less than the fair share) passes hero=0.05,
// which a verdict against the baseline's fair share would not tell apart
// from a weak hero; the titan fails it.
func TestCompareJudgesNewHeroesAgainstTypicalBaselineHeroes(t *testing.T) {
	strength := map[string]float64{"titan": 30, "copy": 1}
	ids := []string{"titan", "copy"}
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		strength[id] = 1
		ids = append(ids, id)
	}
	base := &SimReport{Games: 20000, PlayerCounts: []PlayerCount{{Players: 4, Games: 20000, Won: 20000, SeatGames: 80000, SeatWins: 20000}}}
	cur := &SimReport{Games: 20000, Terms: Terms{Player: "hero", Players: "heroes"}}
	cur.AddTally(playTables(3, 20000, 4, strength, false, 0), sides(ids...), nil, false)
	cur.Judge()
	changes := []Change{{Kind: "added", Sheet: "Heroes", ID: "titan"}, {Kind: "added", Sheet: "Heroes", ID: "copy"}}
	cmp := Compare("base", base, cur, changes, Thresholds{"hero": 0.05})
	require.Len(t, cmp.New, 2)
	titan, cp := cmp.New[0], cmp.New[1]
	assert.Equal(t, "a typical baseline hero at the same tables", titan.Reference)
	assert.Equal(t, Overpowered, titan.Verdict)
	assert.Equal(t, "win rate in 4-player games without titan at the table", cp.Measure)
	assert.Equal(t, Fine, cp.Verdict, "%+v", cp)
	assert.Less(t, cp.Unadjusted.DeltaHigh, -0.05, "against the fair share it would fail hero=0.05")
	require.Len(t, cmp.Failed, 1)
	assert.Contains(t, cmp.Failed[0], "new hero titan at 4 players is +0.")
}
