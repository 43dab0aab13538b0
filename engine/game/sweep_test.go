package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// TestParseSweep: the grammar SHEET.ID.COLUMN=VALUES, each mistake with
// its exact message.
func TestParseSweep(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   Sweep
		values []int
		err    string
	}{
		{in: "events.lucky-coin.count=0..3", want: Sweep{Sheet: "events", ID: "lucky-coin", Column: "count"}, values: []int{0, 1, 2, 3}},
		{in: " Heroes . jake-zane . Combat = 1..9/4 ", want: Sweep{Sheet: "Heroes", ID: "jake-zane", Column: "Combat"}, values: []int{1, 5, 9}},
		{in: "cards.x.glory=1..6/2", want: Sweep{Sheet: "cards", ID: "x", Column: "glory"}, values: []int{1, 3, 5}, err: ""},
		{in: "cards.x.glory=4,1,2", want: Sweep{Sheet: "cards", ID: "x", Column: "glory"}, values: []int{1, 2, 4}},
		{in: "town_events.t1.prestige=-2..2/2", want: Sweep{Sheet: "town_events", ID: "t1", Column: "prestige"}, values: []int{-2, 0, 2}},
		{in: "cards.x.glory=3", want: Sweep{Sheet: "cards", ID: "x", Column: "glory"}, values: []int{3}},
		{in: "cards.x.glory=3..3", want: Sweep{Sheet: "cards", ID: "x", Column: "glory"}, values: []int{3}},
		{in: "cards.x.glory=1..50", want: Sweep{Sheet: "cards", ID: "x", Column: "glory"}, values: seq(1, 50)},

		{in: "cards.x.glory", err: `"cards.x.glory": want SHEET.ID.COLUMN=VALUES, such as events.lucky-coin.count=0..3`},
		{in: "x.glory=1..3", err: `"x.glory=1..3": want SHEET.ID.COLUMN=VALUES, such as events.lucky-coin.count=0..3`},
		{in: "a.b.c.d=1", err: `"a.b.c.d=1": want SHEET.ID.COLUMN=VALUES, such as events.lucky-coin.count=0..3`},
		{in: "cards..glory=1", err: `"cards..glory=1": want SHEET.ID.COLUMN=VALUES, such as events.lucky-coin.count=0..3`},
		{in: "cards.x.glory=", err: `"cards.x.glory=": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not ""`},
		{in: "cards.x.glory=1-5", err: `"cards.x.glory=1-5": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1-5"`},
		{in: "cards.x.glory=1.5", err: `"cards.x.glory=1.5": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1.5"`},
		{in: "cards.x.glory=a..3", err: `"cards.x.glory=a..3": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "a..3"`},
		{in: "cards.x.glory=1..5/x", err: `"cards.x.glory=1..5/x": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1..5/x"`},
		{in: "cards.x.glory=1,,2", err: `"cards.x.glory=1,,2": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1,,2"`},
		{in: "cards.x.glory=9999999", err: `"cards.x.glory=9999999": values must be from -999999 to 999999`},
		{in: "cards.x.glory=1..99999999999999999999", err: `"cards.x.glory=1..99999999999999999999": values must be from -999999 to 999999`},
		{in: "cards.x.glory=5..1", err: `"cards.x.glory=5..1": the range 5..1 runs backward: write 1..5`},
		{in: "cards.x.glory=1..5/0", err: `"cards.x.glory=1..5/0": the step must be 1 or more, not 0`},
		{in: "cards.x.glory=1..5/-1", err: `"cards.x.glory=1..5/-1": the step must be 1 or more, not -1`},
		{in: "cards.x.glory=1..51", err: `"cards.x.glory=1..51": 1..51/1 is 51 values; a sweep plays at most 50: widen the step`},
		{in: "cards.x.glory=1,2,1", err: `"cards.x.glory=1,2,1": 1 is listed twice`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseSweep(tc.in)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			tc.want.Values = tc.values
			assert.Equal(t, tc.want, got)
		})
	}
}

func seq(a, b int) []int {
	var out []int
	for v := a; v <= b; v++ {
		out = append(out, v)
	}
	return out
}

// sweepTables is a small game: a Heroes sheet and an Events deck, each
// from one workbook, the Events sheet without a Bonus column.
func sweepTables() (*table.Schema, *table.Tables) {
	schema := &table.Schema{Game: "g", Title: "Game", Sheets: []table.Sheet{
		{Name: "Heroes", Columns: []table.Column{{Name: "Combat", Type: table.TRange(1, 9)}, {Name: "Start City", Type: table.TString}}},
		{Name: "Events", Deck: true, Columns: []table.Column{{Name: "Effect", Type: table.TEffect("e")}, {Name: "Bonus", Type: table.TInt}}},
		{Name: "Rules", Columns: []table.Column{{Name: "Text", Type: table.TText}}},
	}}
	heroes := &table.Table{Key: "heroes", Name: "Heroes", Columns: []string{"id", "name", "combat", "start_city"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Heroes", Columns: map[string]string{"id": "A", "name": "B", "combat": "C", "start_city": "D"}}},
		Rows:    []*table.Row{{ID: "jake-zane", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"id": "jake-zane", "name": "Jake Zane", "combat": 4}}}}
	events := &table.Table{Key: "events", Name: "Events", Columns: []string{"id", "name", "count", "effect", "bonus"},
		Sources: []*table.Source{{File: "exp.xlsx", Sheet: "Events", Columns: map[string]string{"id": "A", "name": "B", "count": "C", "effect": "D"}}},
		Rows:    []*table.Row{{ID: "lucky-coin", Src: table.RowSrc{Row: 5}, Cells: map[string]any{"id": "lucky-coin", "name": "Lucky Coin", "count": 2, "effect": "gain(1)"}}}}
	rules := &table.Table{Key: "rules", Name: "Rules", Columns: []string{"id", "name", "text"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Rules", Columns: map[string]string{"id": "A", "name": "B", "text": "C"}}}}
	for _, tb := range []*table.Table{heroes, events, rules} {
		tb.Bind()
	}
	return schema, &table.Tables{Game: "g", Sheets: []*table.Table{heroes, events, rules}}
}

// TestSweepResolve: the cell a sweep names, found ignoring case and
// spacing; what does not exist is named with the closest name there is,
// and a column that is not a whole number is refused.
func TestSweepResolve(t *testing.T) {
	schema, tables := sweepTables()
	four, two := 4, 2
	for _, tc := range []struct {
		in   string
		want SweepTarget
		err  string
	}{
		{in: "heroes.jake-zane.combat=1..3", want: SweepTarget{Address: "heroes.jake-zane.combat", Sheet: "Heroes", ID: "jake-zane", Name: "Jake Zane",
			Column: "Combat", Where: "base.xlsx:Heroes!C2", Current: &four}},
		{in: "HEROES.Jake-Zane.COMBAT=1", want: SweepTarget{Address: "heroes.jake-zane.combat", Sheet: "Heroes", ID: "jake-zane", Name: "Jake Zane",
			Column: "Combat", Where: "base.xlsx:Heroes!C2", Current: &four}},
		{in: "cards.lucky-coin.count=0..3", want: SweepTarget{Address: "events.lucky-coin.count", Sheet: "Events", ID: "lucky-coin", Name: "Lucky Coin",
			Column: "Count", Where: "exp.xlsx:Events!C5", Current: &two}},
		{in: "events.lucky-coin.bonus=0..3", want: SweepTarget{Address: "events.lucky-coin.bonus", Sheet: "Events", ID: "lucky-coin", Name: "Lucky Coin",
			Column: "Bonus", Where: "exp.xlsx:Events!5"}},

		{in: "heros.jake-zane.combat=1", err: `no sheet "heros" in Game (did you mean "Heroes"?)`},
		{in: "villains.jake-zane.combat=1", err: `no sheet "villains" in Game (its sheets: Heroes, Events, Rules, or cards for any card sheet)`},
		{in: "heroes.jake-zan.combat=1", err: `no row "jake-zan" in Heroes (did you mean "jake-zane"?)`},
		{in: "heroes.nobody.combat=1", err: `no row "nobody" in Heroes`},
		{in: "cards.lucky-con.count=1", err: `no row "lucky-con" in any card sheet (did you mean "lucky-coin"?)`},
		{in: "heroes.lucky-coin.count=1", err: `no row "lucky-coin" in Heroes: it is a row of Events (events.lucky-coin.count)`},
		{in: "cards.jake-zane.combat=1", err: `no row "jake-zane" in any card sheet: it is a row of Heroes (heroes.jake-zane.combat)`},
		{in: "heroes.jake-zane.combt=1", err: `Heroes has no column "combt" (did you mean "Combat"?)`},
		{in: "heroes.jake-zane.wounds=1", err: `Heroes has no column "wounds" (its whole-number columns: Combat)`},
		{in: "heroes.jake-zane.count=1", err: `Heroes has no column "count" (its whole-number columns: Combat)`},
		{in: "heroes.jake-zane.start-city=1", err: `Heroes Start City holds text, not a whole number: a sweep varies a whole-number column (Heroes has Combat)`},
		{in: "events.lucky-coin.effect=1", err: `Events Effect holds effect expression (e), not a whole number: a sweep varies a whole-number column (Events has Count, Bonus)`},
		{in: "heroes.jake-zane.name=1", err: `Heroes Name holds text, not a whole number: a sweep varies a whole-number column (Heroes has Combat)`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			sw, err := ParseSweep(tc.in)
			require.NoError(t, err)
			got, err := sw.Resolve(schema, tables)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			got.sheetKey, got.columnKey = "", ""
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestSweepCrossing: the line that says where the row is fair, at the
// band's edges: an estimate on the edge is outside (as a verdict beyond
// the band), and the crossing is interpolated between the values either
// side.
func TestSweepCrossing(t *testing.T) {
	at := func(deltas ...float64) []SweepPoint {
		var out []SweepPoint
		for i, d := range deltas {
			out = append(out, SweepPoint{Value: i + 1, Fair: &Verdict{Delta: d, Band: 0.05}})
		}
		return out
	}
	target := SweepTarget{ID: "lucky-coin", Column: "Glory"}
	for _, tc := range []struct {
		name   string
		points []SweepPoint
		want   string
	}{
		{"inside throughout", at(-0.02, 0, 0.049), "fair band ±5.0 points: inside at every value (glory 1, 2, 3)"},
		{"outside throughout", at(0.05, 0.08, 0.12), "fair band ±5.0 points: outside at every value, from +5.0 at glory=1 to +12.0 at glory=3"},
		{"crosses the upper edge", at(0.01, 0.03, 0.07, 0.1),
			"fair band ±5.0 points: inside at glory 1, 2; leaves the band at +5.0 between glory=2 (+3.0) and glory=3 (+7.0), at about glory=2.5"},
		{"enters from below", at(-0.11, -0.05, -0.01),
			"fair band ±5.0 points: inside at glory 3; enters the band at -5.0 between glory=2 (-5.0) and glory=3 (-1.0), at about glory=2.0"},
		{"jumps across", at(-0.06, 0.07, 0.02),
			"fair band ±5.0 points: inside at glory 3; jumps across the band between glory=1 (-6.0) and glory=2 (+7.0); enters the band at +5.0 between glory=2 (+7.0) and glory=3 (+2.0), at about glory=2.4"},
		{"no reference", []SweepPoint{{Value: 1}, {Value: 2}}, "no fair band: lucky-coin is neither a card dealt by chance nor a player, so no reference judges it"},
		{"a card not dealt", []SweepPoint{{Value: 1, Card: &SweepCard{}}}, "no fair band: lucky-coin is not dealt by chance (its holders are not a random draw of its deck's), so no reference judges it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sr := &SweepReport{Target: target, Points: tc.points}
			if tc.points[0].Card != nil {
				sr.Kind = "card"
			}
			assert.Equal(t, tc.want, sr.crossing())
		})
	}
}

// TestHistogramMean: game length's mean and its interval from the
// histogram of lengths.
func TestHistogramMean(t *testing.T) {
	// Lengths 2, 2, 4, 4: mean 3, sd 2/√3·… — s² = (1+1+1+1)/3, se = √(4/3/4).
	m := histogramMean([]int64{0, 0, 2, 0, 2}, 1.959964)
	assert.Equal(t, Mean{Mean: 3, Low: 1.87, High: 4.13}, m)
	assert.Equal(t, Mean{Mean: 7, Low: 7, High: 7}, histogramMean([]int64{0, 0, 0, 0, 0, 0, 0, 1}, 1.96), "one game: no spread")
	assert.Equal(t, Mean{}, histogramMean(nil, 1.96))
}

// TestSweepPaired: a value against the current one on the same seeds:
// each player who got the card in either game is a pair, games where
// nobody drew it or that did not finish are left out.
func TestSweepPaired(t *testing.T) {
	sr := &SweepReport{Kind: "card", Balance: DefaultBalance, Band: 0.05}
	base := []Outcome{
		{Done: true, Rounds: 10, Won: 0b0001, Held: []uint16{Seen | 0b0001}}, // seat 1 held it and won
		{Done: true, Rounds: 10, Won: 0b0100, Held: []uint16{Seen | 0b0001}}, // seat 1 held it and lost
		{Done: true, Rounds: 10, Won: 0b0001, Held: []uint16{0}},             // nobody drew it: left out
		{Done: false, Rounds: 10, Won: 0, Held: []uint16{Seen | 0b0100}},     // stalled: left out
	}
	other := []Outcome{
		{Done: true, Rounds: 12, Won: 0b0001, Held: []uint16{Seen | 0b0001}}, // still wins: 0
		{Done: true, Rounds: 9, Won: 0b0001, Held: []uint16{Seen | 0b0011}},  // seat 1 now wins (+1), seat 2 got it too and lost again (0)
		{Done: true, Rounds: 10, Won: 0b0010, Held: []uint16{0}},
		{Done: true, Rounds: 10, Won: 0b0100, Held: []uint16{Seen | 0b0100}},
	}
	im := sr.paired(base, other)
	require.NotNil(t, im)
	require.NotNil(t, im.Win)
	assert.Equal(t, 3, im.Win.Pairs)
	assert.InDelta(t, 1.0/3, im.Win.Delta, 1e-4, "the value's games minus the current one's")
	require.NotNil(t, im.Rounds)
	assert.Equal(t, 2, im.Rounds.Pairs)
	assert.InDelta(t, 0.5, im.Rounds.Delta, 1e-9, "+2 and −1 rounds")
	sr.SharedWins = true
	im = sr.paired(base, other)
	assert.Equal(t, 2, im.Win.Pairs, "the players win together: one pair a game")
	assert.InDelta(t, 0, im.Win.Delta, 1e-9)
	sr.SharedWins, sr.earned = false, true
	im = sr.paired(base, other)
	assert.Nil(t, im.Win, "an earned card: no win measure")
	assert.NotNil(t, im.Rounds)
	sr.Kind = "hero"
	assert.Nil(t, sr.paired(base, other), "only a card is paired")
}

// FuzzParseSweep: whatever a designer types, a sweep or an error, never
// a panic; a sweep names three parts and 1 to MaxSweepValues values,
// ascending and distinct.
func FuzzParseSweep(f *testing.F) {
	for _, s := range []string{"events.lucky-coin.count=0..3", "a.b.c=1..9/4", "a.b.c=4,1,2", "a.b.c=-2..2", "a.b.c=5..1", "a.b.c=1..5/0",
		"a.b.c=", "=", "a.b.c=1..99999999", "a..c=1", "a.b.c=1,,2", "a.b.c=..", "a.b.c=1../2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sw, err := ParseSweep(s)
		if err != nil {
			return
		}
		if sw.Sheet == "" || sw.ID == "" || sw.Column == "" {
			t.Fatalf("%q: an empty part: %+v", s, sw)
		}
		if len(sw.Values) == 0 || len(sw.Values) > MaxSweepValues {
			t.Fatalf("%q: %d values", s, len(sw.Values))
		}
		for i := 1; i < len(sw.Values); i++ {
			if sw.Values[i] <= sw.Values[i-1] {
				t.Fatalf("%q: values not ascending and distinct: %v", s, sw.Values)
			}
		}
	})
}

// TestSweepCorrect: the values' paired effects are corrected together:
// a p-value that alone would be significant is not, among many that are
// not.
func TestSweepCorrect(t *testing.T) {
	effect := func(p float64) *Effect { return &Effect{Pairs: 100, p: p, P: p} }
	sr := &SweepReport{Balance: DefaultBalance, Points: []SweepPoint{
		{Current: true},
		{Paired: &Impact{Win: effect(0.03), Rounds: effect(0.9)}},
		{Paired: &Impact{Win: effect(0.5), Rounds: effect(0.6)}},
		{Paired: &Impact{Win: effect(0.001), Rounds: &Effect{Pairs: 1, p: 0.0001}}},
	}}
	sr.correct()
	win1, win3 := sr.Points[1].Paired.Win, sr.Points[3].Paired.Win
	assert.Equal(t, 0.075, win1.Q, "0.03 × 5 tests / rank 2")
	assert.False(t, win1.Significant)
	assert.Equal(t, 0.005, win3.Q)
	assert.True(t, win3.Significant)
	assert.Zero(t, sr.Points[3].Paired.Rounds.Q, "one pair: not tested")
}
