package game

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
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
		{in: "events.lucky-coin.count=0..3", want: Sweep{Sheet: "events", ID: "lucky-coin", Name: "count"}, values: []int{0, 1, 2, 3}},
		{in: " Heroes . jake-zane . Combat = 1..9/4 ", want: Sweep{Sheet: "Heroes", ID: "jake-zane", Name: "Combat"}, values: []int{1, 5, 9}},
		{in: "cards.x.glory=1..6/2", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: []int{1, 3, 5}, err: ""},
		{in: "cards.x.glory=4,1,2", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: []int{1, 2, 4}},
		{in: "town_events.t1.prestige=-2..2/2", want: Sweep{Sheet: "town_events", ID: "t1", Name: "prestige"}, values: []int{-2, 0, 2}},
		{in: "cards.x.glory=3", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: []int{3}},
		{in: "cards.x.glory=3..3", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: []int{3}},
		{in: "cards.x.glory=1..50", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: seq(1, 50)},

		{in: "cards.x.glory", err: `"cards.x.glory": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{in: "x.glory=1..3", err: `"x.glory=1..3": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{in: "cards.x.test.has=1", want: Sweep{Sheet: "cards", ID: "x", Name: "test.has"}, values: []int{1}},
		{in: "cards.x.gainGlory#2=1..2", want: Sweep{Sheet: "cards", ID: "x", Name: "gainGlory", Pick: 2}, values: []int{1, 2}},
		{in: "cards.x. gainGlory # 12 =1", want: Sweep{Sheet: "cards", ID: "x", Name: "gainGlory", Pick: 12}, values: []int{1}},
		{in: "cards.x.gainGlory#0=1", err: `"cards.x.gainGlory#0=1": #N picks the Nth number NAME finds, from #1, not #0`},
		{in: "cards.x.gainGlory#=1", err: `"cards.x.gainGlory#=1": #N picks the Nth number NAME finds, from #1, not #`},
		{in: "cards.x.gainGlory#-1=1", err: `"cards.x.gainGlory#-1=1": #N picks the Nth number NAME finds, from #1, not #-1`},
		{in: "cards.x.gainGlory#1000=1", err: `"cards.x.gainGlory#1000=1": #N picks the Nth number NAME finds, from #1, not #1000`},
		{in: "cards.x.gainGlory#2#3=1", err: `"cards.x.gainGlory#2#3=1": #N picks the Nth number NAME finds, from #1, not #2#3`},
		{in: "cards.x.#2=1", err: `"cards.x.#2=1": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{in: "cards..glory=1", err: `"cards..glory=1": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{in: "cards.x.glory=", err: `"cards.x.glory=": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not ""`},
		{in: "cards.x.glory=1-5", err: `"cards.x.glory=1-5": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1-5"`},
		{in: "cards.x.glory=1.5", err: `"cards.x.glory=1.5": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1.5"`},
		{in: "cards.x.glory=a..3", err: `"cards.x.glory=a..3": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "a..3"`},
		{in: "cards.x.glory=1..5/x", err: `"cards.x.glory=1..5/x": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1..5/x"`},
		{in: "cards.x.glory=1,,2", err: `"cards.x.glory=1,,2": values must be whole numbers: a range (1..5), a range with a step (0..10/2) or a list (1,2,4), not "1,,2"`},
		{in: "cards.x.glory=9999999", err: `"cards.x.glory=9999999": values must be from -999999 to 999999`},
		{in: "cards.x.glory=1..99999999999999999999", err: `"cards.x.glory=1..99999999999999999999": values must be from -999999 to 999999`},
		{in: "cards.x.glory=5..1", err: `"cards.x.glory=5..1": the range 5..1 runs backward: write 1..5`},
		{in: "cards.x.glory=5..1/2", err: `"cards.x.glory=5..1/2": the range 5..1/2 runs backward: write 1..5/2`},
		{in: "cards.x.glory=1..5/0", err: `"cards.x.glory=1..5/0": the step must be 1 or more, not 0`},
		{in: "cards.x.glory=1..5/-1", err: `"cards.x.glory=1..5/-1": the step must be 1 or more, not -1`},
		{in: "cards.x.glory=1..51", err: `"cards.x.glory=1..51": 1..51/1 is 51 values; a sweep takes at most 50 values, besides the current one the curve is measured against: widen the step`},
		{in: "cards.x.glory=0..100/2", err: `"cards.x.glory=0..100/2": 0..100/2 is 51 values; a sweep takes at most 50 values, besides the current one the curve is measured against: widen the step`},
		{in: "cards.x.glory=0..99/2", want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: seqStep(0, 98, 2)},
		{in: "cards.x.glory=" + list(seq(1, 50)), want: Sweep{Sheet: "cards", ID: "x", Name: "glory"}, values: seq(1, 50)},
		{in: "cards.x.glory=" + list(seq(1, 51)), err: `"cards.x.glory=` + list(seq(1, 51)) + `": 51 values; a sweep takes at most 50 values, besides the current one the curve is measured against: list fewer`},
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

func seq(a, b int) []int { return seqStep(a, b, 1) }

func seqStep(a, b, step int) []int {
	var out []int
	for v := a; v <= b; v += step {
		out = append(out, v)
	}
	return out
}

// list writes values as a sweep's list: 1,2,4.
func list(values []int) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

// sweepTables is a small game: a Heroes sheet and an Events deck, each
// from one workbook, the Events sheet without a Bonus column; the events
// have numbers written in their effects and conditions.
func sweepTables() (*table.Schema, *table.Tables) {
	schema := &table.Schema{Game: "g", Title: "Game", Sheets: []table.Sheet{
		{Name: "Heroes", Columns: []table.Column{{Name: "Combat", Type: table.TRange(1, 9)}, {Name: "Start City", Type: table.TString}}},
		{Name: "Events", Deck: true, Columns: []table.Column{{Name: "Effect", Type: table.TEffect("e")}, {Name: "Condition", Type: table.TCondition("e")},
			{Name: "Bonus", Type: table.TInt}}},
		{Name: "Rules", Columns: []table.Column{{Name: "Text", Type: table.TText}}},
		{Name: "Town Events", Columns: []table.Column{{Name: "Town Health", Type: table.TInt}, {Name: "Ongoing Effect", Type: table.TEffect("e")}}},
	}}
	heroes := &table.Table{Key: "heroes", Name: "Heroes", Columns: []string{"id", "name", "combat", "start_city"},
		Sources:  []*table.Source{{File: "base.xlsx", Sheet: "Heroes", Columns: map[string]string{"id": "A", "name": "B", "combat": "C", "start_city": "D"}}},
		Rows:     []*table.Row{{ID: "jake-zane", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"id": "jake-zane", "name": "Jake Zane", "combat": 4}}},
		Disabled: []*table.Row{{ID: "nadia-volkova", Src: table.RowSrc{Row: 3}}}}
	event := func(row int, id, name string, count int, effect, condition string) *table.Row {
		cells := map[string]any{"id": id, "name": name, "count": count}
		if effect != "" {
			cells["effect"] = effect
		}
		if condition != "" {
			cells["condition"] = condition
		}
		return &table.Row{ID: id, Src: table.RowSrc{Row: row}, Cells: cells}
	}
	events := &table.Table{Key: "events", Name: "Events", Columns: []string{"id", "name", "count", "effect", "condition", "bonus"},
		Sources: []*table.Source{{File: "exp.xlsx", Sheet: "Events", Columns: map[string]string{"id": "A", "name": "B", "count": "C", "effect": "D", "condition": "E"}}},
		Rows: []*table.Row{
			event(2, "golden-idol", "Golden Idol", 1, "gainGlory(5); gainFortune(4)", ""),
			event(3, "twin-idol", "Twin Idol", 1, "gainGlory(2); loseGlory(1); gainGlory(3)", "roll() >= 5"),
			event(4, "plain", "Plain", 1, "drawEvent()", ""),
			event(5, "lucky-coin", "Lucky Coin", 2, "gain(1)", ""),
			event(6, "empty-purse", "Empty Purse", 1, "gainFortune(0); wound(-2)", ""),
		},
		Disabled: []*table.Row{{ID: "frozen-bridge", Src: table.RowSrc{Row: 7}}}}
	rules := &table.Table{Key: "rules", Name: "Rules", Columns: []string{"id", "name", "text"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Rules", Columns: map[string]string{"id": "A", "name": "B", "text": "C"}}}}
	towns := &table.Table{Key: "town_events", Name: "Town Events", Columns: []string{"id", "name", "town_health", "ongoing_effect"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Town Events", Columns: map[string]string{"id": "A", "name": "B", "town_health": "C", "ongoing_effect": "D"}}},
		Rows: []*table.Row{{ID: "mill", Src: table.RowSrc{Row: 2},
			Cells: map[string]any{"id": "mill", "name": "Mill", "town_health": 12, "ongoing_effect": "roll() >= 4"}}}}
	for _, tb := range []*table.Table{heroes, events, rules, towns} {
		tb.Bind()
	}
	return schema, &table.Tables{Game: "g", Sheets: []*table.Table{heroes, events, rules, towns}}
}

// TestSweepResolve: the number a sweep names, found ignoring case and
// spacing — a whole-number cell, or a number written in an effect by its
// verb, a word ending the verb, or its column, #N of several — with the
// text each value is typed as. What does not exist is named with the
// closest name there is and the numbers the row has; a name that finds
// several lists each with the address that picks it.
func TestSweepResolve(t *testing.T) {
	schema, tables := sweepTables()
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		in   string
		want SweepTarget
		edit string // the cell's text at the sweep's first value
		err  string
	}{
		{in: "heroes.jake-zane.combat=1..3", want: SweepTarget{Address: "heroes.jake-zane.combat", Sheet: "Heroes", ID: "jake-zane", Name: "Jake Zane",
			Column: "Combat", Where: "base.xlsx:Heroes!C2", What: "Heroes jake-zane Combat", Current: n(4)}, edit: "1"},
		{in: "HEROES.Jake-Zane.COMBAT=1", want: SweepTarget{Address: "heroes.jake-zane.combat", Sheet: "Heroes", ID: "jake-zane", Name: "Jake Zane",
			Column: "Combat", Where: "base.xlsx:Heroes!C2", What: "Heroes jake-zane Combat", Current: n(4)}, edit: "1"},
		{in: "cards.lucky-coin.count=0..3", want: SweepTarget{Address: "events.lucky-coin.count", Sheet: "Events", ID: "lucky-coin", Name: "Lucky Coin",
			Column: "Count", Where: "exp.xlsx:Events!C5", What: "Events lucky-coin Count", Current: n(2)}, edit: "0"},
		{in: "events.lucky-coin.bonus=0..3", want: SweepTarget{Address: "events.lucky-coin.bonus", Sheet: "Events", ID: "lucky-coin", Name: "Lucky Coin",
			Column: "Bonus", Where: "exp.xlsx:Events!5", What: "Events lucky-coin Bonus"}, edit: "0"},

		// Numbers written in effects.
		{in: "cards.golden-idol.glory=1..5", edit: "gainGlory(1); gainFortune(4)", want: SweepTarget{Address: "events.golden-idol.gainGlory",
			Sheet: "Events", ID: "golden-idol", Name: "Golden Idol", Column: "Effect", Where: "exp.xlsx:Events!D2", Verb: "gainGlory", In: "gainGlory(5)",
			What: "the 5 in gainGlory(5), golden-idol's Effect", Current: n(5)}},
		{in: "cards.golden-idol.gainGlory=10", edit: "gainGlory(10); gainFortune(4)", want: SweepTarget{Address: "events.golden-idol.gainGlory",
			Sheet: "Events", ID: "golden-idol", Name: "Golden Idol", Column: "Effect", Where: "exp.xlsx:Events!D2", Verb: "gainGlory", In: "gainGlory(5)",
			What: "the 5 in gainGlory(5), golden-idol's Effect", Current: n(5)}},
		{in: "cards.golden-idol.GAINFORTUNE#1=0..2", edit: "gainGlory(5); gainFortune(0)", want: SweepTarget{Address: "events.golden-idol.gainFortune",
			Sheet: "Events", ID: "golden-idol", Name: "Golden Idol", Column: "Effect", Where: "exp.xlsx:Events!D2", Verb: "gainFortune", In: "gainFortune(4)",
			What: "the 4 in gainFortune(4), golden-idol's Effect", Current: n(4)}},
		{in: "events.golden-idol.fortune=7", edit: "gainGlory(5); gainFortune(7)", want: SweepTarget{Address: "events.golden-idol.gainFortune",
			Sheet: "Events", ID: "golden-idol", Name: "Golden Idol", Column: "Effect", Where: "exp.xlsx:Events!D2", Verb: "gainFortune", In: "gainFortune(4)",
			What: "the 4 in gainFortune(4), golden-idol's Effect", Current: n(4)}},
		{in: "cards.twin-idol.gainGlory#2=4", edit: "gainGlory(2); loseGlory(1); gainGlory(4)", want: SweepTarget{Address: "events.twin-idol.gainGlory#2",
			Sheet: "Events", ID: "twin-idol", Name: "Twin Idol", Column: "Effect", Where: "exp.xlsx:Events!D3", Verb: "gainGlory", In: "gainGlory(3)",
			What: "the 3 in gainGlory(3), twin-idol's Effect", Current: n(3)}},
		{in: "cards.twin-idol.effect#3=4", edit: "gainGlory(2); loseGlory(1); gainGlory(4)", want: SweepTarget{Address: "events.twin-idol.gainGlory#2",
			Sheet: "Events", ID: "twin-idol", Name: "Twin Idol", Column: "Effect", Where: "exp.xlsx:Events!D3", Verb: "gainGlory", In: "gainGlory(3)",
			What: "the 3 in gainGlory(3), twin-idol's Effect", Current: n(3)}},
		{in: "cards.twin-idol.glory#2=0", edit: "gainGlory(2); loseGlory(0); gainGlory(3)", want: SweepTarget{Address: "events.twin-idol.loseGlory",
			Sheet: "Events", ID: "twin-idol", Name: "Twin Idol", Column: "Effect", Where: "exp.xlsx:Events!D3", Verb: "loseGlory", In: "loseGlory(1)",
			What: "the 1 in loseGlory(1), twin-idol's Effect", Current: n(1)}},
		{in: "cards.twin-idol.lose-glory=2", edit: "gainGlory(2); loseGlory(2); gainGlory(3)", want: SweepTarget{Address: "events.twin-idol.loseGlory",
			Sheet: "Events", ID: "twin-idol", Name: "Twin Idol", Column: "Effect", Where: "exp.xlsx:Events!D3", Verb: "loseGlory", In: "loseGlory(1)",
			What: "the 1 in loseGlory(1), twin-idol's Effect", Current: n(1)}},
		{in: "cards.twin-idol.condition=2..6", edit: "roll() >= 2", want: SweepTarget{Address: "events.twin-idol.condition",
			Sheet: "Events", ID: "twin-idol", Name: "Twin Idol", Column: "Condition", Where: "exp.xlsx:Events!E3", In: "roll() >= 5",
			What: "the 5 in roll() >= 5, twin-idol's Condition", Current: n(5)}},
		{in: "events.lucky-coin.effect=1", edit: "gain(1)", want: SweepTarget{Address: "events.lucky-coin.gain",
			Sheet: "Events", ID: "lucky-coin", Name: "Lucky Coin", Column: "Effect", Where: "exp.xlsx:Events!D5", Verb: "gain", In: "gain(1)",
			What: "the 1 in gain(1), lucky-coin's Effect", Current: n(1)}},

		// Names of several words: the address spells them with dashes, however typed.
		{in: "town-events.mill.town-health=10..14", edit: "10", want: SweepTarget{Address: "town-events.mill.town-health", Sheet: "Town Events", ID: "mill",
			Name: "Mill", Column: "Town Health", Where: "base.xlsx:Town Events!C2", What: "Town Events mill Town Health", Current: n(12)}},
		{in: "Town Events.mill.Town Health=10", edit: "10", want: SweepTarget{Address: "town-events.mill.town-health", Sheet: "Town Events", ID: "mill",
			Name: "Mill", Column: "Town Health", Where: "base.xlsx:Town Events!C2", What: "Town Events mill Town Health", Current: n(12)}},
		{in: "town_events.mill.town_health=10", edit: "10", want: SweepTarget{Address: "town-events.mill.town-health", Sheet: "Town Events", ID: "mill",
			Name: "Mill", Column: "Town Health", Where: "base.xlsx:Town Events!C2", What: "Town Events mill Town Health", Current: n(12)}},
		{in: "town-events.mill.ongoing_effect=5", edit: "roll() >= 5", want: SweepTarget{Address: "town-events.mill.ongoing-effect", Sheet: "Town Events",
			ID: "mill", Name: "Mill", Column: "Ongoing Effect", Where: "base.xlsx:Town Events!D2", In: "roll() >= 4",
			What: "the 4 in roll() >= 4, mill's Ongoing Effect", Current: n(4)}},
		{in: "heroes.mill.town-health=1", err: `no row "mill" in Heroes: it is a row of Town Events (town-events.mill.town-health)`},

		// A disabled row is named as one, at its ID's cell; a typo of one is
		// corrected to it, never to another row.
		{in: "cards.frozen-bridge.count=0..2", err: `frozen-bridge is disabled (exp.xlsx:Events!A7, Disabled is TRUE): set Disabled to FALSE to sweep it`},
		{in: "events.Frozen-Bridge.count=1", err: `frozen-bridge is disabled (exp.xlsx:Events!A7, Disabled is TRUE): set Disabled to FALSE to sweep it`},
		{in: "heroes.nadia-volkova.combat=1", err: `nadia-volkova is disabled (base.xlsx:Heroes!A3, Disabled is TRUE): set Disabled to FALSE to sweep it`},
		{in: "heroes.frozen-bridge.count=1", err: `no row "frozen-bridge" in Heroes: it is a disabled row of Events (exp.xlsx:Events!A7, Disabled is TRUE)`},
		{in: "cards.frozen-bridg.count=1", err: `no row "frozen-bridg" in any card sheet (did you mean "frozen-bridge"?)`},
		{in: "cards.frozen-bridge-2.count=1", err: `no row "frozen-bridge-2" in any card sheet (did you mean "frozen-bridge"?)`},

		{in: "heros.jake-zane.combat=1", err: `no sheet "heros" in Game (did you mean "Heroes"?)`},
		{in: "villains.jake-zane.combat=1", err: `no sheet "villains" in Game (its sheets: Heroes, Events, Rules, Town Events, or cards for any card sheet)`},
		{in: "heroes.jake-zan.combat=1", err: `no row "jake-zan" in Heroes (did you mean "jake-zane"?)`},
		{in: "heroes.nobody.combat=1", err: `no row "nobody" in Heroes`},
		{in: "cards.lucky-con.count=1", err: `no row "lucky-con" in any card sheet (did you mean "lucky-coin"?)`},
		{in: "heroes.lucky-coin.count=1", err: `no row "lucky-coin" in Heroes: it is a row of Events (events.lucky-coin.count)`},
		{in: "heroes.golden-idol.gainGlory#1=1", err: `no row "golden-idol" in Heroes: it is a row of Events (events.golden-idol.gainGlory#1)`},
		{in: "cards.jake-zane.combat=1", err: `no row "jake-zane" in any card sheet: it is a row of Heroes (heroes.jake-zane.combat)`},
		{in: "heroes.jake-zane.combt=1", err: `Heroes has no column "combt" (did you mean "Combat"?)`},
		{in: "heroes.jake-zane.wounds=1", err: `Heroes has no column "wounds" (its whole-number columns: Combat)`},
		{in: "heroes.jake-zane.count=1", err: `Heroes has no column "count" (its whole-number columns: Combat)`},
		{in: "heroes.jake-zane.start-city=1", err: `Heroes Start City holds text, not a whole number: a sweep varies a whole-number column (Heroes has Combat)`},
		{in: "heroes.jake-zane.name=1", err: `Heroes Name holds text, not a whole number: a sweep varies a whole-number column (Heroes has Combat)`},
		{in: "heroes.jake-zane.combat#2=1", err: `Heroes Combat is one cell: drop #2 (#N picks one of several numbers written in an effect)`},

		{in: "cards.golden-idol.name=1", err: `Events Name holds text, not a whole number: a sweep varies a whole-number column (Events has Count, Bonus); or a number written in its effects:
  events.golden-idol.gainGlory    the 5 in gainGlory(5), exp.xlsx:Events!D2
  events.golden-idol.gainFortune  the 4 in gainFortune(4), exp.xlsx:Events!D2`},
		{in: "cards.golden-idol.wounds=1", err: `Events has no column "wounds" and golden-idol's effects call no verb "wounds" with a number (its whole-number columns: Count, Bonus); the numbers written in its effects:
  events.golden-idol.gainGlory    the 5 in gainGlory(5), exp.xlsx:Events!D2
  events.golden-idol.gainFortune  the 4 in gainFortune(4), exp.xlsx:Events!D2`},
		{in: "cards.golden-idol.gainGlroy=1", err: `Events has no column "gainGlroy" and golden-idol's effects call no verb "gainGlroy" with a number (did you mean "gainGlory"?); the numbers written in its effects:
  events.golden-idol.gainGlory    the 5 in gainGlory(5), exp.xlsx:Events!D2
  events.golden-idol.gainFortune  the 4 in gainFortune(4), exp.xlsx:Events!D2`},
		{in: "cards.golden-idol.condition=1", err: `golden-idol's Condition has no number written in it: a sweep varies a whole-number column or a number written in an effect (its whole-number columns: Count, Bonus); the numbers written in its effects:
  events.golden-idol.gainGlory    the 5 in gainGlory(5), exp.xlsx:Events!D2
  events.golden-idol.gainFortune  the 4 in gainFortune(4), exp.xlsx:Events!D2`},
		{in: "cards.plain.effect=1", err: `plain's Effect has no number written in it: a sweep varies a whole-number column or a number written in an effect (its whole-number columns: Count, Bonus)`},
		{in: "cards.plain.glory=1", err: `Events has no column "glory" (its whole-number columns: Count, Bonus)`},
		{in: "cards.twin-idol.glory=1..3", err: `3 numbers in twin-idol's effects are of verbs ending in "glory"; name the one to sweep:
  events.twin-idol.gainGlory#1  the 2 in gainGlory(2), exp.xlsx:Events!D3
  events.twin-idol.loseGlory    the 1 in loseGlory(1), exp.xlsx:Events!D3
  events.twin-idol.gainGlory#2  the 3 in gainGlory(3), exp.xlsx:Events!D3`},
		{in: "cards.twin-idol.gainglory=1..3", err: `twin-idol's effects call gainglory with a number twice; name the one to sweep:
  events.twin-idol.gainGlory#1  the 2 in gainGlory(2), exp.xlsx:Events!D3
  events.twin-idol.gainGlory#2  the 3 in gainGlory(3), exp.xlsx:Events!D3`},
		{in: "cards.twin-idol.gainGlory#3=1", err: `twin-idol's effects call gainGlory with a number twice: #3 is past the last; name one:
  events.twin-idol.gainGlory#1  the 2 in gainGlory(2), exp.xlsx:Events!D3
  events.twin-idol.gainGlory#2  the 3 in gainGlory(3), exp.xlsx:Events!D3`},
		{in: "cards.twin-idol.effect=1", err: `twin-idol's Effect has 3 numbers written in it; name the one to sweep:
  events.twin-idol.gainGlory#1  the 2 in gainGlory(2), exp.xlsx:Events!D3
  events.twin-idol.loseGlory    the 1 in loseGlory(1), exp.xlsx:Events!D3
  events.twin-idol.gainGlory#2  the 3 in gainGlory(3), exp.xlsx:Events!D3`},
		{in: "cards.empty-purse.fortune=-1..1", err: `-1 has another sign than the 0 written in gainFortune(0) (exp.xlsx:Events!D6): gainFortune(-1) would turn its meaning around; a sweep keeps the sign of a number written in an effect (to sweep the opposite, write the verb that does it and sweep its number)`},
		{in: "cards.empty-purse.wound=1", err: `1 has another sign than the -2 written in wound(-2) (exp.xlsx:Events!D6): wound(1) would turn its meaning around; a sweep keeps the sign of a number written in an effect (to sweep the opposite, write the verb that does it and sweep its number)`},
		{in: "cards.empty-purse.fortune=0..3", edit: "gainFortune(0); wound(-2)", want: SweepTarget{Address: "events.empty-purse.gainFortune",
			Sheet: "Events", ID: "empty-purse", Name: "Empty Purse", Column: "Effect", Where: "exp.xlsx:Events!D6", Verb: "gainFortune", In: "gainFortune(0)",
			What: "the 0 in gainFortune(0), empty-purse's Effect", Current: n(0)}},
		{in: "cards.empty-purse.wound=-5..0", edit: "gainFortune(0); wound(-5)", want: SweepTarget{Address: "events.empty-purse.wound",
			Sheet: "Events", ID: "empty-purse", Name: "Empty Purse", Column: "Effect", Where: "exp.xlsx:Events!D6", Verb: "wound", In: "wound(-2)",
			What: "the -2 in wound(-2), empty-purse's Effect", Current: n(-2)}},
		{in: "cards.golden-idol.glory=-1..5", err: `-1 has another sign than the 5 written in gainGlory(5) (exp.xlsx:Events!D2): gainGlory(-1) would turn its meaning around; a sweep keeps the sign of a number written in an effect (to sweep the opposite, write the verb that does it and sweep its number)`},
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
			sheet, id, column, text := got.Edit(sw.Values[0])
			assert.Equal(t, tc.edit, text)
			assert.Equal(t, []string{got.sheetKey, got.ID, got.columnKey}, []string{sheet, id, column})
			assert.Equal(t, table.Key(got.Column), column)
			got.sheetKey, got.columnKey, got.src, got.start, got.end = "", "", "", 0, 0
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestSweepAddressesRoundTrip: the address listed for each number of a
// row picks that very number.
func TestSweepAddressesRoundTrip(t *testing.T) {
	schema, tables := sweepTables()
	for _, key := range []string{"events", "town_events"} {
		sh := schema.Sheet(key)
		for _, row := range tables.Table(key).Rows {
			for _, num := range effectNumbers(sh, row) {
				sw, err := ParseSweep(num.addr + "=0")
				require.NoError(t, err)
				got, err := sw.Resolve(schema, tables)
				require.NoError(t, err, num.addr)
				assert.Equal(t, num.addr, got.Address)
				assert.Equal(t, [2]int{num.Start, num.End}, [2]int{got.start, got.end}, num.addr)
				assert.Equal(t, num.col.Key(), got.columnKey, num.addr)
			}
		}
	}
}

// TestSweepNames: a number's address is what ParseSweep reads back, its
// sheet and column spelled with dashes whatever the designer typed; the
// prose names it by its column's header, as the table's heading does.
func TestSweepNames(t *testing.T) {
	schema, tables := sweepTables()
	for _, tc := range []struct {
		in, address, heading, label, crossing string
	}{
		{"town_events.mill.Town Health=1..3", "town-events.mill.town-health", "town health", "town health=2",
			"fair band ±5.0 points: inside at town health 1; leaves the band at +5.0 between town health=1 (+1.0) and town health=2 (+9.0), at about town health=1.5"},
		{"heroes.jake-zane.combat=1..3", "heroes.jake-zane.combat", "combat", "combat=2",
			"fair band ±5.0 points: inside at combat 1; leaves the band at +5.0 between combat=1 (+1.0) and combat=2 (+9.0), at about combat=1.5"},
		{"town-events.mill.ongoing-effect=1..3", "town-events.mill.ongoing-effect", "ongoing-effect", "ongoing-effect=2",
			"fair band ±5.0 points: inside at ongoing-effect 1; leaves the band at +5.0 between ongoing-effect=1 (+1.0) and ongoing-effect=2 (+9.0), at about ongoing-effect=1.5"},
		{"cards.golden-idol.glory=1..3", "events.golden-idol.gainGlory", "gainGlory", "gainGlory=2",
			"fair band ±5.0 points: inside at gainGlory 1; leaves the band at +5.0 between gainGlory=1 (+1.0) and gainGlory=2 (+9.0), at about gainGlory=1.5"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			sw, err := ParseSweep(tc.in)
			require.NoError(t, err)
			got, err := sw.Resolve(schema, tables)
			require.NoError(t, err)
			assert.Equal(t, tc.address, got.Address)
			assert.Equal(t, tc.heading, got.Heading())
			assert.Equal(t, tc.label, got.Label(2))
			back, err := ParseSweep(got.Address + "=1")
			require.NoError(t, err)
			again, err := back.Resolve(schema, tables)
			require.NoError(t, err)
			assert.Equal(t, got, again, "the address picks the same number")
			sr := &SweepReport{Target: got, Points: []SweepPoint{{Value: 1, Fair: &Verdict{Delta: 0.01, Band: 0.05}}, {Value: 2, Fair: &Verdict{Delta: 0.09, Band: 0.05}}}}
			assert.Equal(t, tc.crossing, sr.crossing())
		})
	}
}

// TestEndsWord: a word ends a verb's name at one of its camelCase or
// dotted parts.
func TestEndsWord(t *testing.T) {
	for _, tc := range []struct {
		verb, word string
		want       bool
	}{
		{"gainGlory", "glory", true},
		{"gainGlory", "GLORY", true},
		{"gainGlory", "gainglory", true},
		{"gainGlory", "gain-glory", true},
		{"gainGlory", "lory", false},
		{"gainGlory", "gain", false},
		{"drawEventKeep", "keep", true},
		{"drawEventKeep", "event_keep", true},
		{"drawEventKeep", "ventkeep", false},
		{"test.has", "has", true},
		{"test.has", "testhas", true},
		{"test.has", "st.has", false},
		{"wound", "wound", true},
		{"wound", "", false},
	} {
		assert.Equal(t, tc.want, endsWord(tc.verb, tc.word), "%s %s", tc.verb, tc.word)
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
		{"a Count of 0 has no holders", append([]SweepPoint{{Value: 0}}, at(0.08, 0.12)...),
			"fair band ±5.0 points: outside at every value measured, from +8.0 at glory=1 to +12.0 at glory=2; not measured at glory 0"},
		{"inside where measured", append([]SweepPoint{{Value: 0}}, at(0.01, -0.02)...),
			"fair band ±5.0 points: inside at every value measured (glory 1, 2); not measured at glory 0"},
		{"crosses, one value unmeasured", append([]SweepPoint{{Value: 0}}, at(0.01, 0.09)...),
			"fair band ±5.0 points: inside at glory 1; leaves the band at +5.0 between glory=1 (+1.0) and glory=2 (+9.0), at about glory=1.5; not measured at glory 0"},
		{"a blank current cell is no value", append([]SweepPoint{{Value: 0, Blank: true}}, at(0.08, 0.12)...),
			"fair band ±5.0 points: outside at every value, from +8.0 at glory=1 to +12.0 at glory=2"},
		{"one value, outside", at(0.125), "fair band ±5.0 points: outside at glory=1 (+12.5)"},
		{"one value, inside", at(-0.02), "fair band ±5.0 points: inside at glory=1 (-2.0)"},
		{"one value measured of two", append([]SweepPoint{{Value: 0}}, at(0.08)...),
			"fair band ±5.0 points: outside at glory=1 (+8.0); not measured at glory 0"},
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
	im := sr.impact(sr.pairs(base, other))
	require.NotNil(t, im)
	require.NotNil(t, im.Win)
	assert.Equal(t, 3, im.Win.Pairs)
	assert.InDelta(t, 1.0/3, im.Win.Delta, 1e-4, "the value's games minus the current one's")
	require.NotNil(t, im.Rounds)
	assert.Equal(t, 2, im.Rounds.Pairs)
	assert.InDelta(t, 0.5, im.Rounds.Delta, 1e-9, "+2 and −1 rounds")
	sr.SharedWins = true
	im = sr.impact(sr.pairs(base, other))
	assert.Equal(t, 2, im.Win.Pairs, "the players win together: one pair a game")
	assert.InDelta(t, 0, im.Win.Delta, 1e-9)
	// Both pairs agree: the effect is bounded by two pairs' worth (the
	// Wilson bound of 0 in 2), not an interval of width 0.
	assert.InDelta(t, 0.6576, im.Win.High, 1e-3, "%+v", im.Win)
	assert.Equal(t, -im.Win.High, im.Win.Low)
	assert.Equal(t, 1.0, im.Win.P)
	sr.SharedWins, sr.earned = false, true
	im = sr.impact(sr.pairs(base, other))
	assert.Nil(t, im.Win, "an earned card: no win measure")
	assert.NotNil(t, im.Rounds)
	sr.Kind = "hero"
	assert.Nil(t, sr.pairs(base, other), "only a card is paired")
}

// FuzzParseSweep: whatever a designer types, a sweep or an error, never
// a panic; a sweep names three parts and 1 to MaxSweepValues values,
// ascending and distinct.
func FuzzParseSweep(f *testing.F) {
	for _, s := range []string{"events.lucky-coin.count=0..3", "a.b.c=1..9/4", "a.b.c=4,1,2", "a.b.c=-2..2", "a.b.c=5..1", "a.b.c=1..5/0",
		"a.b.c=", "=", "a.b.c=1..99999999", "a..c=1", "a.b.c=1,,2", "a.b.c=..", "a.b.c=1../2", "a.b.c#2=1", "a.b.c.d#1=0..2", "a.b.#1=1", "a.b.c#x=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sw, err := ParseSweep(s)
		if err != nil {
			return
		}
		if sw.Sheet == "" || sw.ID == "" || sw.Name == "" || sw.Pick < 0 || strings.Contains(sw.Sheet+sw.ID, ".") {
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

// FuzzSweepResolve: whatever address a designer types against rows with
// numbers in their effects, a target or an error, never a panic; a
// number inside an effect, edited, is the value where the number was.
func FuzzSweepResolve(f *testing.F) {
	for _, s := range []string{"cards.golden-idol.glory=1..5", "cards.twin-idol.gainGlory#2=0", "cards.twin-idol.effect#3=4", "cards.twin-idol.condition=2",
		"cards.empty-purse.wound=-3", "heroes.jake-zane.combat#1=2", "events.lucky-coin.gain=1", "cards.twin-idol.glory#9=1", "cards.plain.effect=1"} {
		f.Add(s)
	}
	schema, tables := sweepTables()
	f.Fuzz(func(t *testing.T, s string) {
		sw, err := ParseSweep(s)
		if err != nil {
			return
		}
		target, err := sw.Resolve(schema, tables)
		if err != nil || !target.InEffect() {
			return
		}
		before, err := effects.Literals(target.src)
		if err != nil {
			t.Fatalf("%q: %v", target.src, err)
		}
		i := slices.IndexFunc(before, func(l effects.Literal) bool { return l.Start == target.start })
		for _, v := range sw.Values {
			_, _, _, text := target.Edit(v)
			after, err := effects.Literals(text)
			if err != nil || len(after) != len(before) || after[i].Value != int64(v) {
				t.Fatalf("%q at %d: %q: %v", s, v, text, err)
			}
		}
	})
}

// TestExcerpt: the source shown around a number is its verb call, or its
// cell, cut to 48 characters around the number when longer.
func TestExcerpt(t *testing.T) {
	long := "if round > 3 and hero.glory >= 10 { gainFortune(2) } else { wound(1) }; roll() >= 5 ? drawEvent() : heal(1)"
	for _, tc := range []struct {
		src, number string // number: the text of the literal, its first occurrence
		want        string
	}{
		{"gainGlory(5); gainFortune(4)", "4", "gainFortune(4)"},
		{"roll() >= 5", "5", "roll() >= 5"},
		{long, "5", "…{ wound(1) }; roll() >= 5 ? drawEvent() : heal(1)"},
		{long, "3", "if round > 3 and hero.glory >= 10 { gainFortune(…"},
		{long, "10", "…> 3 and hero.glory >= 10 { gainFortune(2) } els…"},
		{"gainGlory(" + strings.Repeat("1 + ", 20) + "7)", "7", "…+ 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 7)"},
	} {
		lits, err := effects.Literals(tc.src)
		require.NoError(t, err)
		i := slices.IndexFunc(lits, func(l effects.Literal) bool { return tc.src[l.Start:l.End] == tc.number })
		require.GreaterOrEqual(t, i, 0)
		got := excerpt(effectNumber{Literal: lits[i], src: tc.src})
		assert.Equal(t, tc.want, got, tc.src)
		assert.LessOrEqual(t, len([]rune(got)), maxExcerpt+2)
	}
}

// TestSweepSpec: a part names its sweep by the number's address and the
// values, a range where they are evenly stepped; ParseSweep reads back
// the same values.
func TestSweepSpec(t *testing.T) {
	target := SweepTarget{Address: "events.golden-idol.gainGlory"}
	for _, tc := range []struct {
		values []int
		want   string
	}{
		{[]int{1, 2, 3, 4, 5}, "events.golden-idol.gainGlory=1..5"},
		{[]int{1, 3, 5, 7}, "events.golden-idol.gainGlory=1..7/2"},
		{[]int{-4, -2, 0}, "events.golden-idol.gainGlory=-4..0/2"},
		{[]int{0, 1, 3}, "events.golden-idol.gainGlory=0,1,3"},
		{[]int{2, 9}, "events.golden-idol.gainGlory=2,9"},
		{[]int{7}, "events.golden-idol.gainGlory=7"},
	} {
		spec := SweepSpec(target, tc.values)
		assert.Equal(t, tc.want, spec)
		sw, err := ParseSweep(spec)
		require.NoError(t, err, spec)
		assert.Equal(t, tc.values, sw.Values, spec)
	}
}
