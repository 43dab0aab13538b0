package report

import (
	"bytes"
	"html"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// sweepSample is a hero's sweep over three values, the middle one
// current, each judged against a typical hero.
func sweepSample() *game.SweepReport {
	v := func(d, lo, hi float64, verdict string) *game.Verdict {
		return &game.Verdict{Delta: d, DeltaLow: lo, DeltaHigh: hi, Band: 0.05, Verdict: verdict}
	}
	two := 2
	return &game.SweepReport{Game: "g", Kind: "hero", Games: 100, Seed: 1, Mode: "competitive", Players: 4, Policy: "cautious",
		Terms: game.Terms{Player: "hero", Players: "heroes", Rounds: "rounds"}, Balance: game.DefaultBalance, Band: 0.05,
		Target:   game.SweepTarget{Address: "heroes.ace.combat", Sheet: "Heroes", ID: "ace", Column: "Combat", Where: "base.xlsx:Heroes!C2", Current: &two},
		Crossing: "fair band ±5.0 points: inside at combat 2",
		Points: []game.SweepPoint{
			{Value: 1, Games: 100, Side: &game.Rate{Games: 50, Wins: 5, Rate: 0.1, Low: 0.04, High: 0.21}, Fair: v(-0.05, -0.07, -0.03, game.Underpowered), Rounds: game.Mean{Mean: 12, Low: 11.5, High: 12.5}},
			{Value: 2, Current: true, Games: 100, Side: &game.Rate{Games: 50, Wins: 12, Rate: 0.24, Low: 0.14, High: 0.37}, Fair: v(0, -0.02, 0.02, game.Fine), Rounds: game.Mean{Mean: 11, Low: 10.5, High: 11.5}},
			{Value: 3, Games: 100, Side: &game.Rate{Games: 50, Wins: 20, Rate: 0.4, Low: 0.27, High: 0.54}, Fair: v(0.05, 0.03, 0.07, game.Overpowered), Rounds: game.Mean{Mean: 10, Low: 9.5, High: 10.5}},
		}}
}

// TestSweepChartGeometry: each value's dot sits at its difference, its
// interval bar spans the interval, and the fair band is shaded between
// ±band, on one scale.
func TestSweepChartGeometry(t *testing.T) {
	svg := string(sweepChart(sweepSample()))
	// The scale runs from −7.5 to +7.5 points (1.5 bands) over y 184 (bottom) to 36 (top).
	py := func(v float64) float64 { return 184 - (v+0.075)/0.15*148 }
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		return f
	}
	dots := regexp.MustCompile(`<circle cx="([\d.]+)" cy="([\d.]+)"`).FindAllStringSubmatch(svg, -1)
	require.Len(t, dots, 3)
	for i, want := range []struct{ x, d float64 }{{60, -0.05}, {330, 0}, {600, 0.05}} {
		assert.InDelta(t, want.x, num(dots[i][1]), 0.05, "dot %d x", i)
		assert.InDelta(t, py(want.d), num(dots[i][2]), 0.05, "dot %d y", i)
	}
	bars := regexp.MustCompile(`<line x1="([\d.]+)" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)" class="ci"/>`).FindAllStringSubmatch(svg, -1)
	require.Len(t, bars, 3)
	assert.InDelta(t, py(-0.07), num(bars[0][2]), 0.05)
	assert.InDelta(t, py(-0.03), num(bars[0][3]), 0.05)
	band := regexp.MustCompile(`<rect x="60" y="([\d.]+)" width="540" height="([\d.]+)" class="band">`).FindStringSubmatch(svg)
	require.NotNil(t, band, svg)
	assert.InDelta(t, py(0.05), num(band[1]), 0.05)
	assert.InDelta(t, py(-0.05)-py(0.05), num(band[2]), 0.1)
}

// TestWinChartGeometry: the win-rate chart puts each value's dot at its
// rate, on a scale from the lowest interval's bottom to the highest's
// top.
func TestWinChartGeometry(t *testing.T) {
	svg := string(winChart(sweepSample()))
	py := func(v float64) float64 { return 184 - (v-0.04)/0.5*148 }
	dots := regexp.MustCompile(`<circle cx="([\d.]+)" cy="([\d.]+)"`).FindAllStringSubmatch(svg, -1)
	require.Len(t, dots, 3)
	for i, rate := range []float64{0.1, 0.24, 0.4} {
		y, err := strconv.ParseFloat(dots[i][2], 64)
		require.NoError(t, err)
		assert.InDelta(t, py(rate), y, 0.05, "dot %d", i)
	}
	assert.NotContains(t, svg, `class="band"`, "no band on win rates")
	assert.Contains(t, svg, "<title>combat=2: 24.0 % (14.0 to 37.0)</title>")
	// The scale's bounds (4.0 and 54.0) right-aligned at the axis, and the
	// unit up its side.
	assert.Contains(t, svg, `<line x1="60" y1="36.0" x2="60" y2="184.0" class="axis"/>`)
	assert.Contains(t, svg, `<text x="56" y="39.0" class="tick" text-anchor="end">54.0</text><text x="56" y="187.0" class="tick" text-anchor="end">4.0</text>`)
	assert.Contains(t, svg, `transform="rotate(-90 12 110)">%</text>`)
}

// TestSweepText: a side's sweep as the terminal shows it.
func TestSweepText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, SweepText(&b, "Game", sweepSample(), TextOptions{}))
	assert.Equal(t, `Game — sweep of Heroes ace Combat (base.xlsx:Heroes!C2, now 2) from 1 to 3: 100 competitive games a value on the same seeds, 4 heroes, cautious bots, seed 1

fair band ±5.0 points: inside at combat 2

combat  games  played  wins  win rate  95% CI      vs typical, points   verdict       rounds (mean)  95% CI
1       100    50      5     10.0%     4.0–21.0%   -5.0 (-7.0 to -3.0)  underpowered  12.00          11.50–12.50
2 *     100    50      12    24.0%     14.0–37.0%  +0.0 (-2.0 to +2.0)  fine          11.00          10.50–11.50
3       100    50      20    40.0%     27.0–54.0%  +5.0 (+3.0 to +7.0)  overpowered   10.00          9.50–10.50
* the current value, the project's own
`, b.String())
}

// TestSweepTextEffect: a number written in an effect is named in words —
// the number in its source, the row's cell — and by its address's last
// part in the table and labels, in the text and the HTML page.
func TestSweepTextEffect(t *testing.T) {
	s := sweepSample()
	s.Target = game.SweepTarget{Address: "events.golden-idol.gainGlory#2", Sheet: "Events", ID: "golden-idol", Column: "Effect",
		Where: "exp.xlsx:Events!D2", Verb: "gainGlory", In: "gainGlory(2)", What: "the 2 in gainGlory(2), golden-idol's Effect", Current: s.Target.Current}
	var b bytes.Buffer
	require.NoError(t, SweepText(&b, "Game", s, TextOptions{}))
	lines := strings.Split(b.String(), "\n")
	assert.Equal(t, "Game — sweep of the 2 in gainGlory(2), golden-idol's Effect (exp.xlsx:Events!D2, now 2) from 1 to 3: 100 competitive games a value on the same seeds, 4 heroes, cautious bots, seed 1", lines[0])
	assert.Regexp(t, `^gainGlory#2  games  `, lines[4])
	assert.Regexp(t, `^2 \*  +100 `, lines[6])
	b.Reset()
	require.NoError(t, SweepHTML(&b, "Game — sweep of events.golden-idol.gainGlory#2", s))
	page := html.UnescapeString(b.String())
	assert.Contains(t, page, `<div>the 2 in gainGlory(2), golden-idol's Effect <span class="where">exp.xlsx:Events!D2</span> from 1 to 3 · 100 competitive games`)
	assert.Contains(t, page, "<title>gainGlory#2=3: 40.0 % (27.0 to 54.0)</title>", "the win-rate chart's labels")
	assert.Contains(t, page, "<th>gainGlory#2</th>")
}

// TestSweepTableLosses: a card that takes Score or Money away at some
// value gets a "lost/draw" column for it, beside what it gives, its cell
// at each value in that column (n/a where nobody held the card); a card
// that takes nothing away has no such column. The merged shards' report
// and a gain's sweep keep their columns.
func TestSweepTableLosses(t *testing.T) {
	card := func(score, money, scoreLost, moneyLost float64) *game.SweepCard {
		return &game.SweepCard{Drawn: 10, Used: 10, ScorePer: score, MoneyPer: money, ScoreLostPer: scoreLost, MoneyLostPer: moneyLost,
			Held: game.Rate{Games: 10, Wins: 3, Rate: 0.3, Low: 0.1, High: 0.6}}
	}
	s := &game.SweepReport{Kind: "card", Terms: game.Terms{Score: "Glory", Money: "Fortune", Rounds: "rounds"}, Balance: game.DefaultBalance,
		Target: game.SweepTarget{Address: "city.urchin.loseFortune", Column: "Effect", In: "loseFortune(1)"},
		Points: []game.SweepPoint{
			{Value: 0, Games: 10},
			{Value: 1, Games: 10, Current: true, Card: card(0.5, 0, 0, 0.76)},
			{Value: 3, Games: 10, Card: card(0.5, 0, 0, 2.14)},
		}}
	head, rows := sweepTable(s)
	col := slices.Index(head, "Fortune lost/draw")
	require.Equal(t, slices.Index(head, "Fortune/draw")+1, col, "beside what it gives: %v", head)
	assert.NotContains(t, head, "Glory lost/draw", "it takes no Glory away")
	for i, want := range []string{"n/a", "0.76", "2.14"} {
		require.Len(t, rows[i], len(head), "row %d", i)
		assert.Equal(t, want, rows[i][col].Text, "row %d", i)
	}
	assert.Equal(t, "0", rows[0][col+1].Text, "holders")

	s.Points[2].Card = card(0.5, 0, 0.01, 2.14)
	head, rows = sweepTable(s)
	assert.Equal(t, []string{"Glory/draw", "Fortune/draw", "Glory lost/draw", "Fortune lost/draw", "holders"}, head[4:9])
	assert.Equal(t, "0.01", rows[2][6].Text)
	assert.Equal(t, "0.00", rows[1][6].Text)

	for i := range s.Points {
		if c := s.Points[i].Card; c != nil {
			c.ScoreLostPer, c.MoneyLostPer = 0, 0
		}
	}
	head, _ = sweepTable(s)
	assert.Equal(t, []string{"Glory/draw", "Fortune/draw", "holders"}, head[4:7], "nothing taken away: no lost column")
}

// TestSweepSideReference: a side's verdict column is headed by what its
// verdicts are against — a typical side, or in a team game the average
// seat or the fair share — as the band line says.
func TestSweepSideReference(t *testing.T) {
	for _, tc := range []struct{ reference, head string }{
		{"", "vs typical, points"},
		{"a typical hero at the same tables", "vs typical, points"},
		{"the average seat's win rate", "vs average seat, points"},
		{"the fair share", "vs fair share, points"},
	} {
		s := sweepSample()
		for _, p := range s.Points {
			p.Fair.Reference = tc.reference
		}
		head, _ := sweepTable(s)
		assert.Equal(t, tc.head, head[len(head)-4], "reference %q", tc.reference)
	}
}

// TestSweepPassiveCardUses: a card with nothing to play (a Gear's bonus)
// shows its uses as n/a, said so under the table, not as 0 uses at every
// value; a card with something to play shows its count, 0 included.
func TestSweepPassiveCardUses(t *testing.T) {
	for _, tc := range []struct {
		passive bool
		used    uint64
		want    string
		note    bool
	}{
		{true, 0, "n/a", true},
		{false, 0, "0", false},
		{false, 7, "7", false},
		{true, 3, "3", false}, // counted after all: shown
	} {
		s := &game.SweepReport{Kind: "card", Terms: game.Terms{Score: "Glory", Money: "Fortune", Rounds: "rounds"}, Balance: game.DefaultBalance,
			Target: game.SweepTarget{Address: "gear.revolver.combat", Column: "Bonus", In: "Combat +1"},
			Points: []game.SweepPoint{{Value: 1, Games: 10, Current: true, Card: &game.SweepCard{Drawn: 9, Used: tc.used, Passive: tc.passive}}}}
		head, rows := sweepTable(s)
		assert.Equal(t, tc.want, rows[0][slices.Index(head, "used")].Text, "%+v", tc)
		note := sweepNote(s, s.Terms)
		if tc.note {
			assert.True(t, strings.HasSuffix(note, `; "used" is n/a: the card has nothing to play (its bonus works while held, uncounted)`), note)
		} else {
			assert.NotContains(t, note, `"used"`)
		}
	}
}

// The band's tick labels never print over the scale's bounds: one closer
// to a bound than a line of ticks is left out, the bound's kept.
func TestSweepChartTicksDoNotOverlap(t *testing.T) {
	ticks := regexp.MustCompile(`<text x="56" y="([\d.]+)" class="tick" text-anchor="end">([^<]*)</text>`)
	tests := []struct {
		name     string
		lo, hi   float64
		want     []string
		notShown []string
	}{
		// −7.5 to +28.2: -5.0 would sit 10 units above -7.5's label.
		{"a band edge near the bottom", -0.075, 0.282, []string{"+28.2", "+5.0", "+0.0", "-7.5"}, []string{"-5.0"}},
		{"far from both", -0.2, 0.2, []string{"+20.0", "+5.0", "+0.0", "-5.0", "-20.0"}, nil},
		// The scale reaches at least 1.5 bands: +7.5 at the top, +5.0 too close to it.
		{"near the top", -0.3, 0.06, []string{"+7.5", "+0.0", "-5.0", "-30.0"}, []string{"+5.0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pts := []curvePoint{{0, tc.lo / 2, tc.lo, 0}, {1, tc.hi / 2, 0, tc.hi}}
			svg := string(curveChart("combat", pts, curveAxis{unit: "points", format: "%+.1f", scale: 100, band: 0.05}))
			var labels []string
			var ys []float64
			for _, m := range ticks.FindAllStringSubmatch(svg, -1) {
				labels = append(labels, m[2])
				y, err := strconv.ParseFloat(m[1], 64)
				require.NoError(t, err)
				ys = append(ys, y)
			}
			assert.ElementsMatch(t, tc.want, labels)
			for _, n := range tc.notShown {
				assert.NotContains(t, labels, n)
			}
			for i := range ys {
				for j := i + 1; j < len(ys); j++ {
					assert.GreaterOrEqual(t, math.Abs(ys[i]-ys[j]), float64(tickGap), "%s and %s", labels[i], labels[j])
				}
			}
		})
	}
}
