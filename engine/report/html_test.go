package report

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

func sample() *game.SimReport {
	return &game.SimReport{Game: "fortune-and-glory", Games: 200, Seed: 1, Mode: "coop", Players: 3, Level: "advanced", Policy: "mix",
		Rounds: game.Quantiles{Median: 11, P10: 8, P90: 16, Mean: 11.6, Histogram: []int64{0, 0, 0, 0, 0, 2, 5, 9, 20, 30, 28, 26, 22, 18, 14, 10, 8, 5, 3}},
		Ends:   map[string]int{"fortune": 110, "track": 90},
		Heroes: []game.Rate{{ID: "jake-zane", Name: "Jake Zane", Games: 75, Wins: 40, Rate: 0.533, Low: 0.42, High: 0.64}, {ID: "li-mei-chen", Name: "Li Mei Chen <&>", Games: 80, Wins: 44, Rate: 0.55, Low: 0.44, High: 0.65}},
		Coop:   &game.CoopReport{HeroWins: game.Rate{ID: "heroes", Games: 200, Wins: 110, Rate: 0.55, Low: 0.48, High: 0.62}, TrackHistogram: []int64{0, 3, 8, 20, 40, 30}, Organization: "nazi"},
		Cards: []game.CardReport{
			{ID: "ancient-trap", Name: "Ancient Trap", Deck: "dangers", Where: "base.xlsx:Dangers!3", Drawn: 120, Tests: 150, Passed: 90, Faced: 120, Overcome: 80, PassRate: 0.67, Lift: 0.01},
			{ID: "lucky-strike", Name: "Lucky Strike", Deck: "events", Where: "planted.xlsx:Events!2", Drawn: 50, Used: 50, Tests: 10, Passed: 9, PassRate: 0.9, Lift: 0.6, Flags: []string{"broken"}},
		},
		Flags:    []game.Flag{{Kind: "broken", Card: "lucky-strike", Where: "planted.xlsx:Events!2", Message: "heroes who drew it won 90%"}},
		Coverage: &game.Coverage{NeverDrawn: []string{"quiet-card"}, RulesNeverTriggered: []string{"auction"}},
		Stalls:   []game.Incident{{Index: 4, Seed: 99, Round: 100, Message: "round cap", Replay: "deckwright sim --seed 1 --from 4 --games 1 --trace"}},
	}
}

func TestWriteContainsEverySection(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, "Balance <report>", sample()))
	out := b.String()
	for _, want := range []string{
		"<title>Balance &lt;report&gt;</title>", // escaped
		`<span class="flag broken">broken</span> <b>lucky-strike</b>`,
		"planted.xlsx:Events!2",     // each card names its source cell
		"Li Mei Chen &lt;&amp;&gt;", // names are escaped in tables and charts
		`<svg class="chart"`,        // charts are inline SVG
		"Never drawn (1)", "quiet-card", "Rules never triggered (1)",
		"deckwright sim --seed 1 --from 4 --games 1 --trace",
		`id="cards"`, "data-state",
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "http://", "the report must open offline: no remote resources")
	assert.NotContains(t, out, "https://")
	assert.Equal(t, 4, strings.Count(out, `<svg class="chart"`), "length, win rates, track and card scatter")
}

// TestOpensInBrowser loads the report in headless Chromium: its script must
// run without error and the page must render charts (a non-blank
// screenshot). CI installs Chromium; without it the test is skipped.
func TestOpensInBrowser(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (CI installs it: apt-get install chromium)")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	f, err := os.Create(page)
	require.NoError(t, err)
	require.NoError(t, Write(f, "Balance report", sample()))
	require.NoError(t, f.Close())
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile")}
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
