package main

import (
	"encoding/json"
	stdhtml "html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimSweepUsageErrors: a sweep that names nothing there is, or asks
// what a sweep cannot do, is a usage error (exit 2) naming what is wrong,
// before any game.
func TestSimSweepUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"syntax", []string{"--sweep", "heroes.jake-zane=1..3"},
			`deckwright: --sweep "heroes.jake-zane=1..3": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{"values", []string{"--sweep", "heroes.jake-zane.combat=3..1"},
			`deckwright: --sweep "heroes.jake-zane.combat=3..1": the range 3..1 runs backward: write 1..3`},
		{"sheet", []string{"--sweep", "heros.jake-zane.combat=1..3"},
			`deckwright: --sweep heros.jake-zane.combat=1..3: no sheet "heros" in Fortune and Glory (did you mean "Heroes"?)`},
		{"row", []string{"--sweep", "heroes.jake-zain.combat=1..3"},
			`deckwright: --sweep heroes.jake-zain.combat=1..3: no row "jake-zain" in Heroes (did you mean "jake-zane"?)`},
		{"column", []string{"--sweep", "heroes.jake-zane.combta=1..3"},
			`deckwright: --sweep heroes.jake-zane.combta=1..3: Heroes has no column "combta" and no number in jake-zane's cells goes with "combta" (did you mean "Combat"?); the numbers written in its cells:
  heroes.jake-zane.bonus#1    the 2 in Agility +2, bundled:fng-base.xlsx:Heroes!M2
  heroes.jake-zane.flight     the -1 in Flight -1, bundled:fng-base.xlsx:Heroes!M2
  heroes.jake-zane.condition  the 1 in fight.round == 1, bundled:fng-base.xlsx:Heroes!P2
  heroes.jake-zane.addDice    the 2 in addDice(2), bundled:fng-base.xlsx:Heroes!Q2`},
		{"not a number", []string{"--sweep", "city.rooftop-chase.keywords=1..3"},
			`deckwright: --sweep city.rooftop-chase.keywords=1..3: City Keywords holds comma-separated list of ID of a Keywords row, not a whole number: a sweep varies a whole-number column (City has Count, Glory, Cliffhanger Glory); or a number written in its cells:
  city.rooftop-chase.agility  the 4 in Agility 4+, bundled:fng-base.xlsx:City!M22
  city.rooftop-chase.combat   the 4 in Combat 4+, bundled:fng-base.xlsx:City!O22`},
		{"fallen land sheet", []string{"--game", "fallen-land", "--sweep", "villains.x.combat=1"},
			`deckwright: --sweep villains.x.combat=1: no sheet "villains" in Fallen Land (its sheets: Rules, Categories, Technologies, Defense Costs, Resource Production, Town Events, Terrain, Hexes, Factions, Perks, Characters, Spoils, Actions, Encounters, Missions, or cards for any card sheet)`},
		{"with impact", []string{"--sweep", "heroes.jake-zane.combat=1..3", "--impact", "all"},
			"deckwright: --sweep and --impact cannot go together: a sweep plays its own runs, one a value"},
		{"with until-decided", []string{"--sweep", "heroes.jake-zane.combat=1..3", "--until-decided", "10k"},
			"deckwright: --sweep and --until-decided cannot go together: a sweep plays its own runs, one a value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"sim", "--games", "2"}, tc.args...)...)
			requireExit(t, exitUsage, r)
			assert.Empty(t, r.stdout)
			assert.Equal(t, tc.want, strings.TrimSpace(r.stderr))
		})
	}
}

// TestSimSweepValueForbidden: a value the content forbids is an error at
// its cell, with its code and the value (exit 1), and no game is played.
func TestSimSweepValueForbidden(t *testing.T) {
	for _, tc := range []struct {
		sweep, want string
	}{
		{"heroes.jake-zane.combat=8..10", `bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9, not 10
  hint: at the sweep's combat=10
1 error, 0 warnings
deckwright: --sweep heroes.jake-zane.combat=8..10: the content does not build at 1 of the 3 values (no game was played)`},
		// Past the bound at 46 values: one error naming them, every one of
		// them counted, and no hint at a flag sim does not have.
		{"heroes.jake-zane.combat=0..98/2", `bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9: the sweep's values 0, 10, 12, …, 98 (46 of 50) are refused
1 error, 0 warnings
deckwright: --sweep heroes.jake-zane.combat=0..98/2: the content does not build at 46 of the 50 values (no game was played)`},
		{"heroes.jake-zane.combat=10..11", `bundled:fng-base.xlsx:Heroes!G2: error[DW0303]: Combat must be between 1 and 9: the sweep's values 10, 11 (all 2) are refused
1 error, 0 warnings
deckwright: --sweep heroes.jake-zane.combat=10..11: the content does not build at any of the 2 values (no game was played)`},
	} {
		t.Run(tc.sweep, func(t *testing.T) {
			r := dw(t, "sim", "--games", "20", "--sweep", tc.sweep)
			requireExit(t, exitContent, r)
			assert.Empty(t, r.stdout)
			assert.Equal(t, tc.want, strings.TrimSpace(r.stderr))
		})
	}
}

// sweepJSON is the part of sim --sweep --json these tests read.
type sweepJSON struct {
	Kind   string `json:"kind"`
	Games  int    `json:"games"`
	Target struct {
		Address string `json:"address"`
		Where   string `json:"where"`
		Current *int   `json:"current"`
	} `json:"target"`
	Band   float64 `json:"band"`
	Points []struct {
		Value   int  `json:"value"`
		Current bool `json:"current"`
		Games   int  `json:"games"`
		Card    *struct {
			Drawn uint64 `json:"drawn"`
			Held  struct {
				Games int     `json:"games"`
				Rate  float64 `json:"rate"`
			} `json:"held"`
		} `json:"card"`
		Fair *struct {
			Delta float64 `json:"delta"`
		} `json:"fair"`
		Paired *struct {
			Win *struct {
				Pairs int `json:"pairs"`
			} `json:"win"`
		} `json:"paired"`
	} `json:"points"`
	Crossing string `json:"crossing"`
}

// TestSimSweep: the text, JSON and HTML of a sweep, with progress for
// every value on standard error.
func TestSimSweep(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep.html")
	r := dw(t, "sim", "--games", "300", "--sweep", "city.rooftop-chase.glory=0,9", "--json", "--report", out)
	requireExit(t, exitOK, r)
	var s sweepJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &s), r.stdout)
	assert.Equal(t, "card", s.Kind)
	assert.Equal(t, "city.rooftop-chase.glory", s.Target.Address)
	assert.Equal(t, "bundled:fng-base.xlsx:City!N22", s.Target.Where)
	require.Len(t, s.Points, 3, "0, the current 2, 9")
	for i, want := range []int{0, 2, 9} {
		p := s.Points[i]
		assert.Equal(t, want, p.Value)
		assert.Equal(t, want == 2, p.Current)
		assert.Equal(t, 300, p.Games)
		require.NotNil(t, p.Card)
		require.NotNil(t, p.Fair)
		if p.Current {
			assert.Nil(t, p.Paired)
		} else {
			require.NotNil(t, p.Paired)
			require.NotNil(t, p.Paired.Win)
			assert.Positive(t, p.Paired.Win.Pairs)
		}
	}
	assert.Contains(t, s.Crossing, "fair band ±5.0 points: ")
	for _, line := range []string{"sweep 1 of 3: glory=2 (current)", "sweep 2 of 3: glory=0", "sweep 3 of 3: glory=9", "wrote " + out} {
		assert.Contains(t, r.stderr, line)
	}
	html := stdhtml.UnescapeString(string(readFile(t, out)))
	assert.Contains(t, html, "<title>Fortune and Glory — sweep of city.rooftop-chase.glory</title>")
	assert.Contains(t, html, `<p id="crossing">`+s.Crossing+`</p>`)
	assert.Equal(t, 6, strings.Count(html, `class="dot"`), "a dot a value, on the fair-band chart and the win-rate chart")
	assert.NotRegexp(t, `(src|href)=["']?(https?:)?//`, html, "self-contained")

	r = dw(t, "sim", "--game", "fallen-land", "--games", "100", "--sweep", "factions.kettle-ridge-miners.starting-town-health=0,10")
	requireExit(t, exitOK, r)
	lines := strings.Split(r.stdout, "\n")
	assert.Equal(t, "Fallen Land — sweep of Factions kettle-ridge-miners Starting Town Health (bundled:fl-base.xlsx:Factions!O3, now 0) from 0 to 10: 100 competitive games a value on the same seeds, 4 factions, cautious bots, seed 1", lines[0])
	assert.Regexp(t, `^fair band ±5\.0 points: `, lines[3])
	assert.Regexp(t, `^starting town health +games +played +wins +win rate +95% CI +vs typical, points +verdict +turns \(mean\) +95% CI$`, lines[6])
	assert.Regexp(t, `^0 \* +100 `, lines[7])
	assert.Regexp(t, `^10 +100 `, lines[8])
	assert.Equal(t, "* the current value, the project's own", lines[9])
}

// TestSweepStopsOnSignal: SIGINT stops a sweep within a second; the
// values played to the end are printed, the one cut short left out, the
// JSON marked partial, and the exit status is 130.
func TestSweepStopsOnSignal(t *testing.T) {
	p := start(t, false, "sim", "--games", "20000", "--sweep", "heroes.jake-zane.combat=1..9", "--json")
	waitFor(t, "the second value", func() bool { return strings.Contains(p.errOut.String(), "sweep 2 of 9: combat=1") })
	time.Sleep(200 * time.Millisecond)
	code, took := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	assert.Less(t, took, stopWithin)
	assert.True(t, strings.HasSuffix(p.errOut.String(), "deckwright: interrupted: the sweep covers 1 of its values\n"), p.errOut.String())
	var s struct {
		Partial bool `json:"partial"`
		Points  []struct {
			Value   int  `json:"value"`
			Current bool `json:"current"`
			Games   int  `json:"games"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal(p.out.Bytes(), &s), p.out.String())
	assert.True(t, s.Partial)
	require.Len(t, s.Points, 1, "the current value, played to the end")
	assert.Equal(t, 4, s.Points[0].Value)
	assert.Equal(t, 20000, s.Points[0].Games)
}

// idolExpansion writes a one-card expansion as CSV files: the Golden Idol,
// an Event of three copies whose Effect is effect.
func idolExpansion(t *testing.T, effect string) string {
	dir := filepath.Join(t.TempDir(), "my-expansion")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Set.csv"), []byte("ID,Name,Game,Requires\nmy-exp,My Expansion,fortune-and-glory,fng-base\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Events.csv"),
		[]byte("ID,Name,Count,Timing,Effect,Text\ngolden-idol,Golden Idol,3,any,\""+effect+"\",Gain riches.\n"), 0o644))
	return dir
}

// TestSimSweepEffectNumber: the issue's own example, a number written in
// an effect: cards.golden-idol.glory sweeps the 5 of gainGlory(5) — each
// value typed where the 5 is written, the Glory a draw following it —
// named in words in the text, the JSON and the HTML; and its Fortune,
// which wins games, raises its holders' win rate value by value.
func TestSimSweepEffectNumber(t *testing.T) {
	dir := idolExpansion(t, "gainGlory(5); gainFortune(4)")
	out := filepath.Join(t.TempDir(), "sweep.html")
	r := dw(t, "sim", dir, "--games", "200", "--sweep", "cards.golden-idol.glory=1..5", "--json", "--report", out)
	requireExit(t, exitOK, r)
	var s struct {
		Target struct {
			Address, Column, Where, Verb, In, What string
			Current                                *int
		} `json:"target"`
		Points []struct {
			Value   int  `json:"value"`
			Current bool `json:"current"`
			Card    struct {
				Drawn    int     `json:"drawn"`
				Used     int     `json:"used"`
				ScorePer float64 `json:"score_per"`
				MoneyPer float64 `json:"money_per"`
			} `json:"card"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &s), r.stdout)
	assert.Equal(t, "events.golden-idol.gainGlory", s.Target.Address)
	assert.Equal(t, "Effect", s.Target.Column)
	assert.Equal(t, "my-expansion:Events!E2", s.Target.Where)
	assert.Equal(t, "gainGlory", s.Target.Verb)
	assert.Equal(t, "gainGlory(5)", s.Target.In)
	assert.Equal(t, "the 5 in gainGlory(5), golden-idol's Effect", s.Target.What)
	require.Len(t, s.Points, 5)
	for i, p := range s.Points {
		assert.Equal(t, i+1, p.Value)
		assert.Equal(t, p.Value == 5, p.Current)
		require.Positive(t, p.Card.Used)
		// Every use gives the value in Glory and 4 Fortune.
		assert.InDelta(t, float64(p.Value), p.Card.ScorePer*float64(p.Card.Drawn)/float64(p.Card.Used), 0.01, "Glory a use at %d", p.Value)
		assert.InDelta(t, 4, p.Card.MoneyPer*float64(p.Card.Drawn)/float64(p.Card.Used), 0.01, "Fortune a use at %d", p.Value)
	}
	for _, line := range []string{"sweep 1 of 5: gainGlory=5 (current)", "sweep 2 of 5: gainGlory=1", "sweep 5 of 5: gainGlory=4"} {
		assert.Contains(t, r.stderr, line)
	}
	html := stdhtml.UnescapeString(string(readFile(t, out)))
	assert.Contains(t, html, "<title>Fortune and Glory — sweep of events.golden-idol.gainGlory</title>")
	assert.Contains(t, html, `<div>the 5 in gainGlory(5), golden-idol's Effect <span class="where">my-expansion:Events!E2</span> from 1 to 5 · 200 competitive games`)
	assert.Contains(t, html, "<th>gainGlory</th>")

	r = dw(t, "sim", dir, "--games", "400", "--sweep", "cards.golden-idol.fortune=0..8/4")
	requireExit(t, exitOK, r)
	lines := strings.Split(r.stdout, "\n")
	assert.Equal(t, "Fortune and Glory — sweep of the 4 in gainFortune(4), golden-idol's Effect (my-expansion:Events!E2, now 4) from 0 to 8: 400 competitive games a value on the same seeds, 4 heroes, cautious bots, seed 1", lines[0])
	assert.Regexp(t, `^gainFortune +games +drawn +used +Glory/draw +Fortune/draw +holders +win when held `, lines[6])
	var held []float64
	for _, line := range lines[7:10] {
		f := strings.Fields(line)
		if f[1] == "*" {
			f = append(f[:1], f[2:]...)
		}
		rate, err := strconv.ParseFloat(strings.TrimSuffix(f[7], "%"), 64)
		require.NoError(t, err, line)
		held = append(held, rate)
	}
	assert.Less(t, held[0], held[1], "holders win more with 4 Fortune than with none: %v", held)
	assert.Less(t, held[1], held[2], "and more with 8: %v", held)
}

// TestSimSweepEffectNumberErrors: a name that finds several numbers lists
// each with the address that picks it and its cell; a value of the other
// sign is refused; both before any game (exit 2).
func TestSimSweepEffectNumberErrors(t *testing.T) {
	dir := idolExpansion(t, "gainGlory(2); loseGlory(1); gainGlory(3)")
	for _, tc := range []struct {
		sweep, want string
	}{
		{"cards.golden-idol.glory=1..5", `deckwright: --sweep cards.golden-idol.glory=1..5: 3 numbers in golden-idol's effects are of verbs ending in "glory"; name the one to sweep:
  events.golden-idol.gainGlory#1  the 2 in gainGlory(2), my-expansion:Events!E2
  events.golden-idol.loseGlory    the 1 in loseGlory(1), my-expansion:Events!E2
  events.golden-idol.gainGlory#2  the 3 in gainGlory(3), my-expansion:Events!E2`},
		{"cards.golden-idol.gainGlory#2=-1..1", `deckwright: --sweep cards.golden-idol.gainGlory#2=-1..1: -1 has another sign than the 3 written in gainGlory(3) (my-expansion:Events!E2): gainGlory(-1) would turn its meaning around; a sweep keeps the sign of a number written in an effect (to sweep the opposite, write the verb that does it and sweep its number)`},
		{"cards.golden-idol.armor=1", `deckwright: --sweep cards.golden-idol.armor=1: Events has no column "armor" and golden-idol's effects call no verb "armor" with a number (its whole-number columns: Count); the numbers written in its effects:
  events.golden-idol.gainGlory#1  the 2 in gainGlory(2), my-expansion:Events!E2
  events.golden-idol.loseGlory    the 1 in loseGlory(1), my-expansion:Events!E2
  events.golden-idol.gainGlory#2  the 3 in gainGlory(3), my-expansion:Events!E2`},
	} {
		t.Run(tc.sweep, func(t *testing.T) {
			r := dw(t, "sim", dir, "--games", "2", "--sweep", tc.sweep)
			requireExit(t, exitUsage, r)
			assert.Empty(t, r.stdout)
			assert.Equal(t, tc.want, strings.TrimSpace(r.stderr))
		})
	}
}

// TestSimSweepNames: a column of several words is one spelling in every
// output whatever was typed: the address with dashes (what --sweep reads
// back), the prose and the table by the column's header.
func TestSimSweepNames(t *testing.T) {
	dir := t.TempDir()
	html := filepath.Join(dir, "sweep.html")
	r := dw(t, "sim", "--game", "fallen-land", "--games", "40", "--sweep", "Characters.rosa-delgado.Movement_Bonus=0,4", "--json", "--report", html)
	requireExit(t, exitOK, r)
	var s sweepJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &s), r.stdout)
	assert.Equal(t, "characters.rosa-delgado.movement-bonus", s.Target.Address)
	assert.Contains(t, s.Crossing, "movement bonus")
	assert.NotContains(t, s.Crossing, "movement_bonus")
	page, err := os.ReadFile(html)
	require.NoError(t, err)
	assert.Contains(t, string(page), "sweep of characters.rosa-delgado.movement-bonus")
	assert.NotContains(t, string(page), "movement_bonus")

	r = dw(t, "sim", "--game", "fallen-land", "--games", "40", "--sweep", s.Target.Address+"=0,4")
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "\nmovement bonus  games")
	assert.Contains(t, r.stdout, s.Crossing, "the line as in --json")
	assert.NotContains(t, r.stdout, "movement_bonus")
}

// TestSimSweepLoss (qa4 F14): a sweep of a loss's number, loseFortune(N)
// of a City card, reads as a curve: the Fortune it takes away a draw
// rises with N in a "Fortune lost/draw" column (its gains stay 0), in the
// text and the JSON; the run's own report shows no such figure.
func TestSimSweepLoss(t *testing.T) {
	args := []string{"sim", "--games", "400", "--sweep", "cards.light-fingered-urchin.loseFortune=0..3"}
	r := dw(t, append(args, "--json")...)
	requireExit(t, exitOK, r)
	var s struct {
		Points []struct {
			Value int `json:"value"`
			Card  struct {
				Used      int      `json:"used"`
				MoneyPer  float64  `json:"money_per"`
				MoneyLost *float64 `json:"money_lost_per"`
				ScoreLost *float64 `json:"score_lost_per"`
			} `json:"card"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &s), r.stdout)
	require.Len(t, s.Points, 4)
	last := 0.0
	for _, p := range s.Points {
		require.Positive(t, p.Card.Used, "the card is played at %d", p.Value)
		assert.Zero(t, p.Card.MoneyPer, "it gives no Fortune at %d", p.Value)
		assert.Nil(t, p.Card.ScoreLost, "it takes no Glory at %d", p.Value)
		if p.Value == 0 {
			assert.Nil(t, p.Card.MoneyLost, "nothing taken at 0")
			continue
		}
		require.NotNil(t, p.Card.MoneyLost, "Fortune taken at %d", p.Value)
		lost := *p.Card.MoneyLost
		assert.Greater(t, lost, last, "more taken at %d than at %d", p.Value, p.Value-1)
		// At most the value a draw (a hero with less loses what it has).
		assert.LessOrEqual(t, lost, float64(p.Value), "at %d", p.Value)
		last = lost
	}

	text := dw(t, args...)
	requireExit(t, exitOK, text)
	lines := strings.Split(text.stdout, "\n")
	require.Regexp(t, `^loseFortune +games +drawn +used +Glory/draw +Fortune/draw +Fortune lost/draw +holders `, lines[6])
	for i, p := range s.Points {
		f := strings.Fields(strings.Replace(lines[7+i], " * ", " ", 1))
		want := "0.00"
		if p.Card.MoneyLost != nil {
			want = strconv.FormatFloat(*p.Card.MoneyLost, 'f', 2, 64)
		}
		assert.Equal(t, want, f[6], "the lost column at %d: %s", p.Value, lines[7+i])
	}

	run := dw(t, "sim", "--games", "50", "--json")
	requireExit(t, exitOK, run)
	assert.NotContains(t, run.stdout, "lost_per", "a run's report is as it was")
}
