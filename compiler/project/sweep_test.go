package project_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// bundled loads a game's bundled set, which must build.
func bundled(t *testing.T, gameName string) *project.Build {
	t.Helper()
	b, err := project.Load(nil, project.Options{Game: gameName})
	require.NoError(t, err)
	require.NotNil(t, b.Tables)
	return b
}

// target resolves a sweep against a build.
func target(t *testing.T, b *project.Build, spec string) (game.SweepTarget, []int) {
	t.Helper()
	sw, err := game.ParseSweep(spec)
	require.NoError(t, err)
	tg, err := sw.Resolve(b.Module.Schema(), b.Tables)
	require.NoError(t, err)
	return tg, sw.Values
}

// TestEditRecompiles: a value typed into a cell is compiled like any
// cell: the row holds it, the tables given are unchanged, and typing the
// value the cell already holds gives the very same tables.
func TestEditRecompiles(t *testing.T) {
	b := bundled(t, "fng")
	before, err := b.Tables.Encode()
	require.NoError(t, err)

	edited, l := compiler.Edit(b.Module, b.Tables, []compiler.CellEdit{{Sheet: "heroes", ID: "jake-zane", Column: "combat", Text: "6"}})
	require.NotNil(t, edited, "%v", l.Items())
	assert.Equal(t, 6, edited.Table("heroes").Find("jake-zane").Int("combat"))
	assert.Equal(t, 4, b.Tables.Table("heroes").Find("jake-zane").Int("combat"), "the tables given are not changed")
	after, err := b.Tables.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))

	same, l := compiler.Edit(b.Module, b.Tables, []compiler.CellEdit{{Sheet: "heroes", ID: "jake-zane", Column: "combat", Text: "4"}})
	require.NotNil(t, same, "%v", l.Items())
	again, err := same.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(before), string(again), "the current value recompiles to the same tables")
}

// TestSweepValuesChecked: each value is checked as if typed into the
// cell, before any game: a value the schema or the game's rules forbid
// is an error at the cell, with its code and the value in the hint.
func TestSweepValuesChecked(t *testing.T) {
	for _, tc := range []struct {
		name, game, sweep string
		variants          []int
		errs              []string
	}{
		{"in range", "fng", "heroes.jake-zane.combat=1..9/4", []int{1, 5, 9}, nil},
		{"one value out of range", "fng", "heroes.jake-zane.combat=8..10", []int{8, 9}, []string{
			"bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9, not 10 (hint: at the sweep's combat=10)",
		}},
		{"two values out of range: one error naming both", "fng", "heroes.jake-zane.combat=8..12/2", []int{8}, []string{
			"bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9: the sweep's values 10, 12 (2 of 3) are refused (hint: )",
		}},
		{"every value out of range", "fng", "heroes.jake-zane.combat=10..11", nil, []string{
			"bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9: the sweep's values 10, 11 (all 2) are refused (hint: )",
		}},
		{"46 of 50 out of range", "fng", "heroes.jake-zane.combat=0..98/2", []int{2, 4, 6, 8}, []string{
			"bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9: the sweep's values 0, 10, 12, …, 98 (46 of 50) are refused (hint: )",
		}},
		{"a negative Count, twice", "fng", "city.army-surplus-store.count=-2..0", []int{0}, []string{
			"bundled:fng-base.xlsx:City!C2: error[DW0303]: Count must be between 0 and 99: the sweep's values -2, -1 (2 of 3) are refused (hint: )",
		}},
		{"numbers besides the value differ: the first value's message", "fallen-land", "characters.rosa-delgado.combat=5..7", []int{5}, []string{
			"bundled:fl-base.xlsx:Characters!I2: error[DW2040]: the six Base Skills add up to 36, not 35 (at combat=6, and alike at the others): the sweep's values 6, 7 (2 of 3) are refused (hint: adjust the skills, or set Budget Override to TRUE)",
		}},
		{"two kinds of error stay apart", "fallen-land", "characters.rosa-delgado.combat=9..12", nil, []string{
			"bundled:fl-base.xlsx:Characters!I2: error[DW2040]: the six Base Skills add up to 39, not 35 (at combat=9, and alike at the others): the sweep's values 9, 10 (2 of 4) are refused (hint: adjust the skills, or set Budget Override to TRUE)",
			"bundled:fl-base.xlsx:Characters!I2: error[DW0303]: Combat must be between 0 and 10: the sweep's values 11, 12 (2 of 4) are refused (hint: )",
		}},
		{"a Count of 0 is allowed", "fng", "city.army-surplus-store.count=0..1", []int{0, 1}, nil},
		{"a negative Count is not", "fng", "city.army-surplus-store.count=-1..0", []int{0}, []string{
			"bundled:fng-base.xlsx:City!C2: error[DW0303]: Count must be between 0 and 99, not -1 (hint: at the sweep's count=-1)",
		}},
		{"the game's own rules", "fallen-land", "characters.rosa-delgado.combat=5..6", []int{5}, []string{
			"bundled:fl-base.xlsx:Characters!I2: error[DW2040]: the six Base Skills add up to 36, not 35 (hint: adjust the skills, or set Budget Override to TRUE (at the sweep's combat=6))",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bundled(t, tc.game)
			tg, values := target(t, b, tc.sweep)
			variants, l := b.Sweep(tg, values)
			var got []int
			for _, v := range variants {
				got = append(got, v.Value)
			}
			assert.Equal(t, tc.variants, got)
			var errs []string
			for _, d := range l.Items() {
				errs = append(errs, d.String()+" (hint: "+d.Hint+")")
			}
			assert.Equal(t, tc.errs, errs)
		})
	}
}

// expansion writes a one-card expansion as a CSV folder: an Event
// without a Count column (so Count is 1).
func expansion(t *testing.T) string { return expansionWith(t, "gainGlory(5); gainFortune(4)") }

// expansionWith is the one-card expansion with the Golden Idol's effect.
func expansionWith(t *testing.T, effect string) string {
	dir := filepath.Join(t.TempDir(), "exp")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Set.csv"), []byte("ID,Name,Game,Requires\nmy-exp,My Expansion,fortune-and-glory,fng-base\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Events.csv"),
		[]byte("ID,Name,Timing,Effect,Text\ngolden-idol,Golden Idol,any,\""+effect+"\",Gain 5 {glory} and 4 {fortune}.\n"), 0o644))
	return dir
}

// TestSweepEffectNumber: a number written in an effect is typed into its
// cell's text where it is written, and compiled: each variant's effect is
// the edited text, the tables given are unchanged, and playing the
// variants shows the Glory the card gives follow the number.
func TestSweepEffectNumber(t *testing.T) {
	b, err := project.Load([]string{expansion(t)}, project.Options{})
	require.NoError(t, err)
	require.Zero(t, b.Diags.Errors(), "%v", b.Diags.Items())
	tg, values := target(t, b, "cards.golden-idol.glory=1..5")
	assert.Equal(t, "events.golden-idol.gainGlory", tg.Address)
	assert.Equal(t, "exp:Events!D2", tg.Where)
	assert.Equal(t, "the 5 in gainGlory(5), golden-idol's Effect", tg.What)
	assert.Equal(t, 5, *tg.Current)
	variants, l := b.Sweep(tg, values)
	require.Zero(t, l.Errors(), "%v", l.Items())
	require.Len(t, variants, 5)
	for i, v := range variants {
		assert.Equal(t, i+1, v.Value)
		assert.Equal(t, fmt.Sprintf("gainGlory(%d); gainFortune(4)", i+1), v.Tables.Table("events").Find("golden-idol").Str("effect"))
	}
	assert.Equal(t, "gainGlory(5); gainFortune(4)", b.Tables.Table("events").Find("golden-idol").Str("effect"), "the tables given are not changed")

	simr := b.Module.(game.Simulator)
	req := game.SimRequest{Games: 300, Players: 4, Workers: 2, Seed: 1, Stats: true, MaxRounds: 100, Mode: "competitive", Policy: "cautious"}
	sr, err := game.RunSweep(simr, tg, b.Tables, variants, req, nil)
	require.NoError(t, err)
	require.Len(t, sr.Points, 5, "1..5, the current 5 among them")
	for _, p := range sr.Points {
		require.NotNil(t, p.Card, "at %d", p.Value)
		require.Positive(t, p.Card.Used, "at %d", p.Value)
		// Each use gives the number in Glory, the Fortune unchanged.
		assert.InDelta(t, float64(p.Value), p.Card.ScorePer*float64(p.Card.Drawn)/float64(p.Card.Used), 0.01, "Glory a use at %d", p.Value)
	}
}

// TestSweepEffectValueForbidden: a value the compiler refuses in the
// edited effect is an error at the cell, with its code and the value.
// The effect here is a character short of the length limit with its
// 5, so 99999 fits and 999999 does not.
func TestSweepEffectValueForbidden(t *testing.T) {
	effect := "gainGlory(5) //" + strings.Repeat("x", 2000-len("gainGlory(5) //")-4)
	b, err := project.Load([]string{expansionWith(t, effect)}, project.Options{})
	require.NoError(t, err)
	require.Zero(t, b.Diags.Errors(), "%v", b.Diags.Items())
	tg, values := target(t, b, "cards.golden-idol.gainGlory=99999,999999")
	variants, l := b.Sweep(tg, values)
	require.Len(t, variants, 1)
	assert.Equal(t, 99999, variants[0].Value)
	var errs []string
	for _, d := range l.Items() {
		errs = append(errs, d.String()+" (hint: "+d.Hint+")")
	}
	assert.Equal(t, []string{"exp:Events!D2: error[DW0412]: expression is 2001 characters long; the limit is 2000 (hint: split the effect across cards or ask for a verb that does the work (at the sweep's gainGlory=999999))"}, errs)
}

// TestSweepColumnTheSheetLacks: a cell of a column the row's sheet does
// not have in its workbook is typed in a column after the sheet's last,
// and reported there.
func TestSweepColumnTheSheetLacks(t *testing.T) {
	b, err := project.Load([]string{expansion(t)}, project.Options{})
	require.NoError(t, err)
	require.NotNil(t, b.Tables, "%v", b.Diags.Items())
	tg, values := target(t, b, "cards.golden-idol.count=2..100/98")
	assert.Equal(t, "exp:Events!2", tg.Where, "no Count cell in the workbook: the row")
	assert.Equal(t, 1, *tg.Current, "the default")
	variants, l := b.Sweep(tg, values)
	require.Len(t, variants, 1)
	assert.Equal(t, 2, variants[0].Tables.Table("events").Find("golden-idol").Int("count"))
	require.Len(t, l.Items(), 1)
	assert.Equal(t, "exp:Events!F2: error[DW0303]: Count must be between 0 and 99, not 100", l.Items()[0].String())
}

// sweep plays a sweep of a bundled set.
func sweep(t *testing.T, gameName, spec string, req game.SimRequest) *game.SweepReport {
	t.Helper()
	b := bundled(t, gameName)
	tg, values := target(t, b, spec)
	variants, l := b.Sweep(tg, values)
	require.Zero(t, l.Errors(), "%v", l.Items())
	simr := b.Module.(game.Simulator)
	if req.Players == 0 {
		req.Players = 4
	}
	req.Seed, req.Stats, req.MaxRounds = 1, true, 100
	if req.Mode == "" {
		req.Mode = simr.SimSpec().Modes[0].Name
	}
	if req.Policy == "" {
		req.Policy = simr.SimSpec().Policies[0].Name
	}
	var labels []string
	sr, err := game.RunSweep(simr, tg, b.Tables, variants, req, func(i, n int, label string) { labels = append(labels, label) })
	require.NoError(t, err)
	require.Len(t, labels, len(sr.Points), "progress for every value")
	return sr
}

// values are a sweep's values in report order.
func values(sr *game.SweepReport) []int {
	var out []int
	for _, p := range sr.Points {
		out = append(out, p.Value)
	}
	return out
}

// TestSweepCurveHero: a hero's Combat — more dice, more wins — under a
// fixed seed: the curve rises, the verdict goes from underpowered to
// fine, and the line says where it crosses the band. The current value
// (4) is played and starred even when the values do not name it.
func TestSweepCurveHero(t *testing.T) {
	sr := sweep(t, "fng", "heroes.jake-zane.combat=1..7/3", game.SimRequest{Games: 1000})
	assert.Equal(t, "hero", sr.Kind)
	assert.Equal(t, []int{1, 4, 7}, values(sr))
	var rates []float64
	for _, p := range sr.Points {
		require.NotNil(t, p.Side)
		require.NotNil(t, p.Fair)
		rates = append(rates, p.Side.Rate)
		assert.Equal(t, 1000, p.Games)
		assert.Equal(t, p.Value == 4, p.Current)
	}
	assert.Less(t, rates[0], rates[1])
	assert.Less(t, rates[1], rates[2])
	assert.Equal(t, game.Underpowered, sr.Points[0].Fair.Verdict)
	assert.Equal(t, 0.05, sr.Band)
	assert.Contains(t, sr.Crossing, "; enters the band at -5.0 between combat=1 (")
}

// TestSweepCurveFaction: Fallen Land's own sheets: a Faction's Starting
// Town Health — a head start in the race to the Town Health goal.
func TestSweepCurveFaction(t *testing.T) {
	sr := sweep(t, "fallen-land", "factions.kettle-ridge-miners.starting-town-health=0..20/10", game.SimRequest{Games: 500})
	assert.Equal(t, "faction", sr.Kind)
	require.Len(t, sr.Points, 3)
	assert.Less(t, sr.Points[0].Side.Rate, sr.Points[1].Side.Rate)
	assert.Less(t, sr.Points[1].Side.Rate, sr.Points[2].Side.Rate)
	assert.Greater(t, sr.Points[0].Rounds.Mean, sr.Points[2].Rounds.Mean, "games end sooner")
}

// TestSweepCurveCard: a card's own cell. An artifact's Fortune: its
// holders win more the more it is worth (an earned card: no paired win,
// its holders being the winners); a City Danger's Glory: the Glory per
// draw follows the cell, and the paired difference from the current
// value is measured on the same games.
func TestSweepCurveCard(t *testing.T) {
	art := sweep(t, "fng", "artifacts.the-mine.fortune=1..13/6", game.SimRequest{Games: 1500})
	assert.Equal(t, "card", art.Kind)
	assert.Equal(t, []int{1, 7, 8, 13}, values(art))
	for i := 1; i < len(art.Points); i++ {
		assert.Less(t, art.Points[i-1].Card.Held.Rate, art.Points[i].Card.Held.Rate, "at %d", art.Points[i].Value)
	}
	for _, p := range art.Points {
		if !p.Current {
			require.NotNil(t, p.Paired)
			assert.Nil(t, p.Paired.Win, "earned: no win measure")
			assert.NotNil(t, p.Paired.Rounds)
		}
	}

	city := sweep(t, "fng", "city.rooftop-chase.glory=0..9/9", game.SimRequest{Games: 1000})
	require.Equal(t, []int{0, 2, 9}, values(city))
	zero, two, nine := city.Points[0], city.Points[1], city.Points[2]
	assert.Less(t, zero.Card.ScorePer, two.Card.ScorePer)
	assert.Less(t, two.Card.ScorePer, nine.Card.ScorePer)
	assert.Nil(t, two.Paired, "the reference")
	require.NotNil(t, nine.Paired.Win)
	assert.Greater(t, nine.Paired.Win.Pairs, 500)
	require.NotNil(t, two.Fair)
	assert.Equal(t, "card", two.Fair.Subject)
}

// TestSweepCurveDealtCard: a card dealt by chance, Fallen Land's
// Character Rosa Delgado: the more Movement Bonus, the more the Factions
// who drew her win — in her holders' win rate, against her deck, and
// paired with her current value on the same games — and the line says
// where she leaves the fair band.
func TestSweepCurveDealtCard(t *testing.T) {
	sr := sweep(t, "fallen-land", "characters.rosa-delgado.movement-bonus=0..10/5", game.SimRequest{Games: 1000})
	require.Equal(t, []int{0, 1, 5, 10}, values(sr))
	for i := 1; i < len(sr.Points); i++ {
		a, b := sr.Points[i-1], sr.Points[i]
		assert.Less(t, a.Card.Held.Rate, b.Card.Held.Rate, "held at %d", b.Value)
		assert.Less(t, a.Fair.Delta, b.Fair.Delta, "against the deck at %d", b.Value)
	}
	assert.Nil(t, sr.Points[1].Paired, "the current value is the reference")
	assert.Less(t, sr.Points[0].Paired.Win.Delta, 0.0)
	assert.Greater(t, sr.Points[3].Paired.Win.Delta, sr.Points[2].Paired.Win.Delta)
	assert.Positive(t, sr.Points[3].Paired.Win.Low, "10 is significantly better than 1 on the same games")
	assert.Equal(t, game.Overpowered, sr.Points[3].Fair.Verdict)
	assert.Contains(t, sr.Crossing, "; leaves the band at +5.0 between movement bonus=")
}

// TestSweepCount: a Count of 0 is a value like any other (the schema
// allows it: the row stays, no copy is shuffled): the card is never
// drawn there, and every copy more is drawn more. A Count has no paired
// difference: decks of other sizes shuffle differently.
func TestSweepCount(t *testing.T) {
	sr := sweep(t, "fng", "city.army-surplus-store.count=0..2", game.SimRequest{Games: 800})
	assert.Equal(t, "card", sr.Kind)
	require.Equal(t, []int{0, 1, 2}, values(sr))
	assert.Zero(t, sr.Points[0].Card.Drawn)
	assert.Zero(t, sr.Points[0].Card.Held.Games)
	assert.Nil(t, sr.Points[0].Fair, "never held: nothing to judge")
	assert.Less(t, sr.Points[0].Card.Drawn, sr.Points[1].Card.Drawn)
	assert.Less(t, sr.Points[1].Card.Drawn, sr.Points[2].Card.Drawn)
	for _, p := range sr.Points {
		assert.Nil(t, p.Paired)
		assert.Equal(t, 800, p.Games)
	}
}

// TestSweepDeterministic: the same sweep gives the same report whatever
// the workers, and its current value's run is the plain run's.
func TestSweepDeterministic(t *testing.T) {
	encode := func(sr *game.SweepReport) string {
		sr.GamesPerSecond = 0
		data, err := json.Marshal(sr)
		require.NoError(t, err)
		return string(data)
	}
	for _, g := range []struct{ game, spec string }{
		{"fng", "city.rooftop-chase.glory=1,5"},
		{"fallen-land", "cards.rosa-delgado.armor=0..2/2"},
	} {
		t.Run(g.game, func(t *testing.T) {
			one := sweep(t, g.game, g.spec, game.SimRequest{Games: 200, Workers: 1})
			three := sweep(t, g.game, g.spec, game.SimRequest{Games: 200, Workers: 3})
			assert.Equal(t, encode(one), encode(three))
		})
	}
}

// BenchmarkSweep: a five-value sweep of a card at sim's default 1,000
// games a value, on 2 workers — the values compiled, then played
// (what `deckwright sim --sweep city.rooftop-chase.glory=1..5` does past
// loading the project).
func BenchmarkSweep(b *testing.B) {
	bd, err := project.Load(nil, project.Options{Game: "fng"})
	require.NoError(b, err)
	sw, err := game.ParseSweep("city.rooftop-chase.glory=1..5")
	require.NoError(b, err)
	tg, err := sw.Resolve(bd.Module.Schema(), bd.Tables)
	require.NoError(b, err)
	simr := bd.Module.(game.Simulator)
	req := game.SimRequest{Games: 1000, Players: 4, Workers: 2, Seed: 1, Stats: true, MaxRounds: 100,
		Mode: simr.SimSpec().Modes[0].Name, Policy: simr.SimSpec().Policies[0].Name}
	b.Run("compile", func(b *testing.B) {
		for b.Loop() {
			bd.Sweep(tg, sw.Values)
		}
	})
	// The same for a number written in an effect: Jake Zane's addDice(2).
	fx, err := game.ParseSweep("heroes.jake-zane.addDice=1..5")
	require.NoError(b, err)
	fxt, err := fx.Resolve(bd.Module.Schema(), bd.Tables)
	require.NoError(b, err)
	b.Run("compile-effect", func(b *testing.B) {
		for b.Loop() {
			bd.Sweep(fxt, fx.Values)
		}
	})
	b.Run("compile+play", func(b *testing.B) {
		for b.Loop() {
			variants, _ := bd.Sweep(tg, sw.Values)
			if _, err := game.RunSweep(simr, tg, bd.Tables, variants, req, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestSweepValueAsItIs: the content recompiled with the value its cell
// already holds plays exactly the games of the content as it is, so a
// value's games differ from the current value's by the value alone.
func TestSweepValueAsItIs(t *testing.T) {
	b := bundled(t, "fng")
	same, l := compiler.Edit(b.Module, b.Tables, []compiler.CellEdit{{Sheet: "city", ID: "rooftop-chase", Column: "glory", Text: "2"}})
	require.NotNil(t, same, "%v", l.Items())
	simr := b.Module.(game.Simulator)
	req := game.SimRequest{Games: 300, Players: 4, Workers: 2, Seed: 1, Stats: true, MaxRounds: 100, Mode: "competitive", Policy: "cautious"}
	encode := func(tables *table.Tables) string {
		r, err := game.Simulate(simr, tables, req)
		require.NoError(t, err)
		r.GamesPerSecond = 0
		data, err := json.Marshal(r)
		require.NoError(t, err)
		return string(data)
	}
	assert.Equal(t, encode(b.Tables), encode(same))
}

// TestSweepBlankCurrent: a cell left blank (a Faction without water
// travel) is swept too: the blank is the current value, played first and
// listed first, and left out of the fair-band line.
func TestSweepBlankCurrent(t *testing.T) {
	sr := sweep(t, "fallen-land", "factions.kettle-ridge-miners.water-move-cost=0,5", game.SimRequest{Games: 200})
	assert.Nil(t, sr.Target.Current)
	require.Len(t, sr.Points, 3)
	assert.True(t, sr.Points[0].Blank)
	assert.True(t, sr.Points[0].Current)
	assert.Equal(t, []int{0, 0, 5}, values(sr))
	assert.False(t, sr.Points[1].Blank || sr.Points[1].Current, "0 is a value, not the blank")
	assert.Contains(t, sr.Crossing, "(water move cost 0, 5)", "the two values, not the blank, by the column's header")
	assert.Equal(t, "factions.kettle-ridge-miners.water-move-cost", sr.Target.Address)
}

// TestSweepAtMostFiftyValues: the bound is on the values typed; the
// current value the curve is measured against is played besides them, so
// 50 values that leave it out play 51 runs, and a 51st value is refused.
func TestSweepAtMostFiftyValues(t *testing.T) {
	sr := sweep(t, "fng", "cards.trusty-revolver.count=5..54", game.SimRequest{Games: 1})
	require.Len(t, sr.Points, 51)
	assert.Equal(t, append([]int{2}, seqFrom(5, 54)...), values(sr), "the current Count 2, then the 50 values")

	_, err := game.ParseSweep("cards.trusty-revolver.count=5..55")
	require.Error(t, err)
	assert.Equal(t, `"cards.trusty-revolver.count=5..55": 5..55/1 is 51 values; a sweep takes at most 50 values, besides the current one the curve is measured against: widen the step`, err.Error())
}

func seqFrom(a, b int) []int {
	var out []int
	for v := a; v <= b; v++ {
		out = append(out, v)
	}
	return out
}

// TestSweepCellNumber: a number written in a module's own grammar — a
// Gear's "Combat +1", a Spoils' "Combat +3, Survival +1" — is swept by
// the word beside it: each variant is the cell rewritten and parsed
// again by the module, and a value its grammar refuses is an error at the
// cell, with the sweep's value in the hint.
func TestSweepCellNumber(t *testing.T) {
	for _, tc := range []struct {
		game, spec, address, what, cell string
		values                          []string
		refused                         string // a spec whose value the grammar refuses
		message                         string
	}{
		{"fng", "cards.trusty-revolver.combat=1..3", "gear.trusty-revolver.combat", "the 1 in Combat +1, trusty-revolver's Bonus", "bonus",
			[]string{"Combat +1", "Combat +2", "Combat +3"}, "", ""},
		{"fallen-land", "cards.machete.combat=3..5", "spoils.machete.combat", "the 3 in Combat +3, machete's Bonuses", "bonuses",
			[]string{"Combat +3, Survival +1", "Combat +4, Survival +1", "Combat +5, Survival +1"},
			"cards.machete.combat=40..41", `"+41" is not a bonus from -20 to +40`},
	} {
		t.Run(tc.game, func(t *testing.T) {
			b := bundled(t, tc.game)
			tg, values := target(t, b, tc.spec)
			assert.Equal(t, tc.address, tg.Address)
			assert.Equal(t, tc.what, tg.What)
			variants, l := b.Sweep(tg, values)
			require.Zero(t, l.Errors(), "%v", l.Items())
			require.Len(t, variants, len(tc.values))
			sheet := strings.SplitN(tc.address, ".", 2)[0]
			id := strings.SplitN(tc.address, ".", 3)[1]
			for i, v := range variants {
				assert.Equal(t, tc.values[i], v.Tables.Table(sheet).Find(id).Str(tc.cell), "at %d", v.Value)
			}
			if tc.refused == "" {
				return
			}
			tg, values = target(t, b, tc.refused)
			_, l = b.Sweep(tg, values)
			require.Equal(t, 1, l.Errors(), "%v", l.Items())
			assert.Equal(t, tc.message, l.Items()[0].Message)
		})
	}
}
