package report

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

func ptr(x float64) *float64 { return &x }

func sample() *game.SimReport {
	return &game.SimReport{Game: "fortune-and-glory", Games: 200, Seed: 1, Mode: "coop", Players: 3, Level: "advanced", Policy: "mix",
		Rounds:  game.Quantiles{Median: 11, P10: 8, P90: 16, Mean: 11.6, Histogram: []int64{0, 0, 0, 0, 0, 2, 5, 9, 20, 30, 28, 26, 22, 18, 14, 10, 8, 5, 3}},
		Ends:    map[string]int{"fortune": 110, "track": 90},
		Heroes:  []game.Rate{{ID: "jake-zane", Name: "Jake Zane", Games: 75, Wins: 40, Rate: 0.533, Low: 0.42, High: 0.64}, {ID: "li-mei-chen", Name: "Li Mei Chen <&>", Games: 80, Wins: 44, Rate: 0.55, Low: 0.44, High: 0.65}},
		Coop:    &game.CoopReport{HeroWins: game.Rate{ID: "heroes", Games: 200, Wins: 110, Rate: 0.55, Low: 0.48, High: 0.62}, TrackHistogram: []int64{0, 3, 8, 20, 40, 30}, Organization: "nazi"},
		Balance: game.DefaultBalance, Tested: 12, SharedWins: true, Terms: game.Terms{Player: "hero", Players: "heroes", Rounds: "rounds"},
		Verdicts: []game.Verdict{{Subject: "hero", ID: "jake-zane", Name: "Jake Zane", Where: "base.xlsx:Heroes!A2", Players: 3, Games: 75, Wins: 40,
			Rate: 0.533, Low: 0.42, High: 0.64, Reference: "3-player games without it", RefRate: 0.55, Delta: -0.017, DeltaLow: -0.15, DeltaHigh: 0.12,
			Band: 0.05, Q: 0.9, Verdict: "undecided", MoreGames: 5400}, {Subject: "hero", ID: "li-mei-chen", Name: "Li Mei Chen <&>", Players: 3,
			Measure: "win rate in 3-player games without iron-titan at the table", Apart: "iron-titan", Games: 30, Wins: 15, Rate: 0.5, Low: 0.33, High: 0.67,
			Reference: "3-player games with a typical hero in its place", RefRate: 0.48, Delta: 0.02, DeltaLow: -0.1, DeltaHigh: 0.14, Band: 0.05, Q: 0.8, Verdict: "undecided",
			Unadjusted: &game.Difference{Wins: 44, Games: 80, Rate: 0.55, Low: 0.44, High: 0.65, Reference: "3-player games without it", RefRate: 0.61,
				Delta: -0.06, DeltaLow: -0.19, DeltaHigh: 0.08}}},
		Cards: []game.CardReport{
			{ID: "ancient-trap", Name: "Ancient Trap", Deck: "dangers", Where: "base.xlsx:Dangers!A3", Drawn: 120, Tests: 150, Passed: 90, Faced: 120, Overcome: 80, PassRate: ptr(0.67),
				Impact: &game.Impact{Games: 200, Measure: "the win rate of the hero who got it", Rounds: &game.Effect{Pairs: 120, Delta: 0.4, Low: 0.1, High: 0.7}}},
			{ID: "lucky-strike", Name: "Lucky Strike", Deck: "events", Where: "planted.xlsx:Events!A2", Drawn: 50, Used: 50, Tests: 10, Passed: 9, PassRate: ptr(0.9),
				Holders: 50, HolderWins: 45, Dealt: true, Flags: []string{"overpowered"},
				Peers: &game.Verdict{Delta: 0.6, DeltaLow: 0.45, DeltaHigh: 0.7, Verdict: "overpowered"}},
			{ID: "quiet-card", Name: "Quiet Card", Deck: "events", Where: "base.xlsx:Events!A9"},
		},
		Flags:    []game.Flag{{Kind: "overpowered", Subject: "card", ID: "lucky-strike", Where: "planted.xlsx:Events!A2", Message: "heroes who drew it won 90%"}},
		Coverage: &game.Coverage{NeverDrawn: []string{"quiet-card"}, RulesNeverTriggered: []string{"auction"}},
		Stalls:   []game.Incident{{Index: 4, Seed: 99, Round: 100, Message: "round cap", Replay: "deckwright sim --seed 1 --from 4 --games 1 --trace"}},
		Comparison: &game.Comparison{Baseline: "base", Tested: 7, Changes: []game.Change{{Kind: "added", Sheet: "Events", ID: "lucky-strike", Where: "planted.xlsx:Events!A2"}},
			New:   []game.Verdict{{Subject: "card", ID: "lucky-strike", Rate: 0.9, RefRate: 0.3, Delta: 0.6, DeltaLow: 0.5, DeltaHigh: 0.7, Reference: "heroes who drew or used Events cards in the baseline", Verdict: "overpowered"}},
			Moves: []game.Movement{{Metric: "rounds", Baseline: 12, Current: 11, Delta: -1, Low: -1.4, High: -0.6, Q: 0.001}}},
	}
}

func TestWriteContainsEverySection(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "Balance <report>", sample()))
	out := b.String()
	for _, want := range []string{
		"<title>Balance &lt;report&gt;</title>", // escaped
		`<span class="flag overpowered">overpowered</span> card <b>lucky-strike</b>`,
		"planted.xlsx:Events!A2", // each card names the cell of its ID
		"Hero verdicts", "base.xlsx:Heroes!A2",
		"over 12 tests", "±5.0 points at 4 players", "95% CIs",
		`<td>&#43;60.0 (&#43;45.0 to &#43;70.0)</td>`, // a card against its deck, in points with its interval
		`<td>&#43;0.40 (&#43;0.10 to &#43;0.70)</td>`, // impact on game length
		"heroes against the same games with a typical hero in their place",
		// The plain figures over all its games, then the verdict's, over the games without a far-out hero.
		`<td>80</td><td>44</td><td>55.0%</td><td>44.0%–65.0%</td><td title="3-player games without it 61.0%">-6.0 (-19.0 to &#43;8.0)</td>` +
			`<td title="win rate in 3-player games without iron-titan at the table">15 of 30, 50.0%*</td><td title="3-player games with a typical hero in its place">48.0%</td><td>&#43;2.0 (-10.0 to &#43;14.0)</td>`,
		"<p>* over the games without iron-titan at the table: far out of line",
		// A verdict not against a typical hero is its plain one: said so.
		`<td>75</td><td>40</td><td>53.3%</td><td>42.0%–64.0%</td><td title="3-player games without it 55.0%">-1.7 (-15.0 to &#43;12.0)</td><td>all</td><td class="na">n/a</td><td class="na">n/a</td>`,
		"undecided (about 5400 more games) (against 3-player games without it)</td>",
		"<th>vs games without it, points</th>",
		"What changed (1 rows)", "New and changed, against the baseline", "Significant moves (1 of 7 comparisons",
		"Li Mei Chen &lt;&amp;&gt;", // names are escaped in tables and charts
		`<svg class="chart"`,        // charts are inline SVG
		"Never drawn (1)", "quiet-card", "Rules never triggered (1)",
		"deckwright sim --seed 1 --from 4 --games 1 --trace",
		`id="cards"`, "data-state",
		"<p>Endings: fortune 110 · track 90</p>", // a separator between, none after
		// q-values with three decimals, as in the text report.
		`<td>±5.0</td><td>0.900</td><td class="l undecided">undecided (about 5400 more games)`,
		`<td>±5.0</td><td>0.800</td>`,
		`<td>&#43;60.0 (&#43;50.0 to &#43;70.0)</td><td>&lt; 0.001</td>`, // below 0.001: as the text says it
		`<td>0.001</td></tr>`,
	} {
		assert.Contains(t, out, want)
	}
	// Not measured is "n/a", never "0.0%": quiet-card has nothing to
	// play, no tests, no holders, no impact.
	row := out[strings.Index(out, `title="Quiet Card"`):]
	row = row[:strings.Index(row, "</tr>")]
	assert.Equal(t, 11, strings.Count(row, ">n/a<"), "used, pass, exact, z, holder win, vs deck, two impacts, its paired games and ±, verdict: %s", row)
	assert.NotContains(t, row, "0.0%")
	assert.NotContains(t, out, "http://", "the report must open offline: no remote resources")
	assert.NotContains(t, out, "https://")
	assert.Equal(t, 4, strings.Count(out, `<svg class="chart"`), "length, win rates, track and card scatter")
}

// sampleInBrowser writes the sample report to a temporary folder and
// returns Chromium, the folder, the page and the headless flags; it skips
// the test where Chromium is not installed.
func sampleInBrowser(t *testing.T) (chromium, dir, page string, flags []string) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (CI installs it: apt-get install chromium)")
	}
	dir = t.TempDir()
	page = filepath.Join(dir, "report.html")
	f, err := os.Create(page)
	require.NoError(t, err)
	require.NoError(t, HTML(f, "Balance report", sample()))
	require.NoError(t, f.Close())
	flags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile")}
	return chromium, dir, page, flags
}

// TestOpensInBrowser loads the report in headless Chromium: its script must
// run without error and the page must render charts (a non-blank
// screenshot). CI installs Chromium; without it the test is skipped.
func TestOpensInBrowser(t *testing.T) {
	chromium, dir, page, flags := sampleInBrowser(t)
	dom, err := exec.Command(chromium, append(flags, "--dump-dom", "file://"+page)...).Output()
	require.NoError(t, err)
	assert.Contains(t, string(dom), `data-state="ready"`, "the report's script ran to the end without an error")
	assert.NotContains(t, string(dom), `data-state="error"`)
	shot := filepath.Join(dir, "shot.png")
	require.NoError(t, exec.Command(chromium, append(flags, "--screenshot="+shot, "--window-size=1200,1400", "file://"+page)...).Run())
	img, err := os.Open(shot)
	require.NoError(t, err)
	defer img.Close()
	pic, err := png.Decode(img)
	require.NoError(t, err)
	// Count distinct colours on a grid: a blank page has one or two.
	colours := map[uint32]bool{}
	bounds := pic.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 7 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 7 {
			r, g, b, _ := pic.At(x, y).RGBA()
			colours[(r>>8)<<16|(g>>8)<<8|b>>8] = true
		}
	}
	assert.Greater(t, len(colours), 20, "the screenshot shows charts and text, not a blank page")
}

// An adaptive --impact run shows each card's paired games and the
// half-width it reached, marks a card still wide, and says how the games
// were allocated, naming every card not precise within the budget.
func TestHTMLImpactAllocation(t *testing.T) {
	r := sample()
	r.Cards[0].Impact = &game.Impact{Games: 400, Played: 118, HalfWidth: 0.03, Precise: true,
		Win: &game.Effect{Pairs: 130, Delta: 0.02, Low: -0.01, High: 0.05}}
	r.Cards[1].Impact = &game.Impact{Games: 900, Played: 90, HalfWidth: 0.041,
		Win: &game.Effect{Pairs: 150, Delta: 0.2, Low: 0.159, High: 0.241}}
	r.ImpactRun = &game.ImpactRun{Adaptive: true, Precision: 0.03, Budget: 5000, BaseGames: 900, Paired: 208, Rounds: 3, Cards: 3,
		Precise: 1, NotPrecise: []string{"lucky-strike"}, NoWinEffect: []string{"quiet-card"}}
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "impact", r))
	out := b.String()
	assert.Contains(t, out, "<th>paired games</th><th>±points</th>")
	assert.Contains(t, out, "<td>118</td><td>±3.0</td>")
	assert.Contains(t, out, "<td>90</td><td>±4.1 (not precise)</td>")
	assert.Contains(t, out, "adaptive: 1 of 2 cards&#39; win effects to ±3.0 points (95%) within a budget of 5000 games")
	assert.Contains(t, out, "<br>\nnot precise within the budget (1): lucky-strike", "each line of the allocation on its own line")
	assert.Contains(t, out, `<div class="wide"><table id="cards">`, "the wide card table scrolls in its own box, not the page")
	// Without --impact the table has no such columns.
	b.Reset()
	plain := sample()
	plain.Cards[0].Impact = nil
	require.NoError(t, HTML(&b, "plain", plain))
	assert.NotContains(t, b.String(), "paired games")
}

// The scatter's dots sit at their pass rate and effect, and the effect's
// bounds are written right-aligned against the axis (x = pad-4), inside
// the chart.
func TestScatterGeometry(t *testing.T) {
	pass, half := 0.5, 1.0
	cards := []game.CardReport{
		{ID: "a", PassRate: &pass, Impact: &game.Impact{Win: &game.Effect{Delta: 0.2}}},
		{ID: "b", PassRate: &half, Peers: &game.Verdict{Delta: -0.1}},
	}
	out := string(scatter(cards))
	// x: 36 + rate × 568; y: 184 − (effect + 0.1) / 0.3 × 148 over the
	// range −10 to +20 points.
	assert.Contains(t, out, `<circle cx="320.0" cy="36.0" r="3.5" class="pt"><title>a: pass 50%, effect +20.0 points</title></circle>`)
	assert.Contains(t, out, `<circle cx="604.0" cy="184.0" r="3.5" class="pt"><title>b: pass 100%, effect -10.0 points</title></circle>`)
	assert.Contains(t, out, `<text x="32" y="40.0" class="tick end">+20</text><text x="32" y="184.0" class="tick end">-10</text>`)
	assert.Contains(t, out, `>win effect, points</text>`)
}

// TestHTMLHeaderCounts: the page's header counts players in words that
// agree with the number, as the text report's heading does.
func TestHTMLHeaderCounts(t *testing.T) {
	for _, tc := range []struct {
		players, max int
		want         string
	}{
		{1, 0, "200 coop games · 1 hero · advanced game"},
		{3, 0, "200 coop games · 3 heroes · advanced game"},
		{2, 4, "200 coop games · 2–4 heroes · advanced game"},
	} {
		r := sample()
		r.Players, r.PlayersMax = tc.players, tc.max
		var b bytes.Buffer
		require.NoError(t, HTML(&b, "counts", r))
		assert.Contains(t, b.String(), "<div>"+tc.want+" · mix bots · seed 1</div>")
	}
}

// TestHTMLNoGameFinished: a run whose every game stalled shows no
// lengths and no prizes a game (they count finished games), not zeros.
func TestHTMLNoGameFinished(t *testing.T) {
	r := sample()
	r.Rounds = game.Quantiles{}
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "stalled", r))
	assert.Contains(t, b.String(), "<p>n/a: no game finished (every game stalled or failed).</p>")
	assert.NotContains(t, b.String(), "median 0")
	b.Reset()
	require.NoError(t, HTML(&b, "finished", sample()))
	assert.Contains(t, b.String(), "<p>median 11, p10 8, p90 16, mean 11.60; 0.00 losses and 0.00 prizes a game.</p>")
}

// TestHTMLCardUses: the card table's "used" is n/a for a card with
// nothing to play (a passive bonus, uncounted), its count otherwise.
func TestHTMLCardUses(t *testing.T) {
	r := sample()
	r.Cards[0].HasAbility, r.Cards[0].Used, r.Cards[0].Drawn = false, 0, 12
	r.Cards[1].HasAbility, r.Cards[1].Used, r.Cards[1].Drawn = true, 0, 30
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "uses", r))
	page := b.String()
	assert.Contains(t, page, ">"+r.Cards[0].ID+"</td><td class=\"l\">"+r.Cards[0].Deck+"</td><td>12</td><td>n/a</td>")
	assert.Contains(t, page, ">"+r.Cards[1].ID+"</td><td class=\"l\">"+r.Cards[1].Deck+"</td><td>30</td><td>0</td>")
}

// TestPrintsWholeTables prints the report as a browser does (Ctrl-P): paper
// has no scroll bar, so every table must fit the page's width — the Cards
// table's last columns, its verdicts, on paper like the rest.
func TestPrintsWholeTables(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (CI installs poppler-utils)")
	}
	chromium, dir, page, flags := sampleInBrowser(t)
	pdf := filepath.Join(dir, "report.pdf")
	require.NoError(t, exec.Command(chromium, append(flags, "--no-pdf-header-footer", "--print-to-pdf="+pdf, "file://"+page)...).Run())
	out, err := exec.Command("pdftotext", "-bbox", pdf, "-").Output()
	require.NoError(t, err)
	pageW := regexp.MustCompile(`<page width="([0-9.]+)"`).FindSubmatch(out)
	require.NotNil(t, pageW)
	width, err := strconv.ParseFloat(string(pageW[1]), 64)
	require.NoError(t, err)
	words := regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>`).FindAllSubmatch(out, -1)
	require.NotEmpty(t, words)
	seen := map[string]bool{}
	for _, w := range words {
		xMax, err := strconv.ParseFloat(string(w[2]), 64)
		require.NoError(t, err)
		assert.LessOrEqual(t, xMax, width, "%q ends past the paper's right edge", w[3])
		seen[string(w[3])] = true
	}
	// The Cards table's last columns, and a verdict in them.
	for _, want := range []string{"holders", "impact", "verdict", "overpowered", "flags"} {
		assert.True(t, seen[want], "%q is on paper", want)
	}
}

// A report where no card has both tests and a measured effect says so in
// the scatter's place, not an empty box under the caption of its dots.
func TestEmptyScatterSaysWhy(t *testing.T) {
	r := sample()
	for i := range r.Cards {
		r.Cards[i].PassRate = nil
	}
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "Balance report", r))
	out := b.String()
	assert.Equal(t, 3, strings.Count(out, `<svg class="chart"`), "length, win rates and track: no scatter")
	assert.Contains(t, out, `<h3>Cards: pass rate against effect on winning</h3>
<p class="na">n/a: no card has both tests and a measured effect on winning`)
	assert.NotContains(t, out, "Each dot is a card")
}

// A side's name in the win-rate chart ends before the chart's 0% line: a
// long one is shortened, whole in its tooltip, inside a box that clips at
// the line; the dots and intervals stay at their rates.
func TestRateChartNamesStayLeftOfTheChart(t *testing.T) {
	long := "Professor Archibald Montgomery-Smythe the Third of Little Whinging"
	svg := string(rateChart([]game.Rate{
		{ID: "jake-zane", Name: "Jake Zane", Games: 100, Wins: 25, Rate: 0.25, Low: 0.17, High: 0.34},
		{ID: "prof", Name: long, Games: 100, Wins: 20, Rate: 0.2, Low: 0.13, High: 0.29},
		{ID: "exactly-thirty", Name: "Abcdefghij Abcdefghij Abcdefgh", Games: 100, Wins: 30, Rate: 0.3, Low: 0.22, High: 0.4},
	}))
	box := regexp.MustCompile(`<svg width="(\d+)" height="\d+" overflow="hidden">(.*?)</svg>`).FindStringSubmatch(svg)
	require.NotNil(t, box, svg)
	w, err := strconv.Atoi(box[1])
	require.NoError(t, err)
	assert.Less(t, w, 200, "the names' box ends before the 0%% line at x 200")
	labels := regexp.MustCompile(`<text x="4" y="\d+" class="label">([^<]*)<title>([^<]*)</title></text>`).FindAllStringSubmatch(box[2], -1)
	require.Len(t, labels, 3)
	assert.Equal(t, []string{"Jake Zane", "Jake Zane"}, labels[0][1:])
	assert.Equal(t, "Professor Archibald Montgomer…", labels[1][1], "29 characters and the ellipsis")
	assert.Equal(t, long, labels[1][2], "the whole name in its tooltip")
	assert.Equal(t, "Abcdefghij Abcdefghij Abcdefgh", labels[2][1], "30 characters: as it is")
	// The dots at 200 + 400·rate, outside the names' box.
	dots := regexp.MustCompile(`<circle cx="([\d.]+)"`).FindAllStringSubmatch(svg, -1)
	require.Len(t, dots, 3)
	for i, rate := range []float64{0.25, 0.2, 0.3} {
		x, err := strconv.ParseFloat(dots[i][1], 64)
		require.NoError(t, err)
		assert.InDelta(t, 200+400*rate, x, 0.05)
	}
}
