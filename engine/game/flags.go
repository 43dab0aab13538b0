package game

import (
	"fmt"
	"math"
	"sort"
)

// Flag kinds, most serious first. An erroring card comes first: its
// effect fails, so its other numbers mean nothing.
var flagOrder = map[string]int{"erroring": -1, "broken": 0, "impossible": 1, "dead": 2, "outlier": 3, "mismatch": 4}

// Thresholds of the flags. They are deliberately conservative: a flag is
// something a designer should look at, not noise.
const (
	minHolders     = 30   // players holding a card before its win rate counts
	brokenLift     = 0.20 // holders win this much more often …
	brokenLiftLow  = 0.10 // … and surely at least this much more
	minTests       = 20   // tests before "never passed" counts
	minDrawsDead   = 20   // draws before "never used" counts
	outlierZ       = 3.5  // a card this many deviations from its deck
	mismatchZ      = 4.5  // observed pass rate this far from the exact chance
	minCleanTests  = 30
	tooHard        = 0.05
	tooEasy        = 0.995
	minOutlierTest = 100
)

// FlagCards finds broken, impossible, dead, outlier and mismatched cards,
// writes each card's flags into it, and returns them all, most serious
// first (within a kind, strongest first). Messages use the game's terms.
func FlagCards(cards []CardReport, cov *Coverage, terms Terms) []Flag {
	terms = terms.Or(DefaultTerms)
	type scored struct {
		Flag
		strength float64
	}
	var out []scored
	add := func(c *CardReport, kind string, strength float64, format string, args ...any) {
		f := Flag{Kind: kind, Card: c.ID, Where: c.Where, Message: fmt.Sprintf(format, args...)}
		c.Flags = append(c.Flags, kind)
		out = append(out, scored{f, strength})
	}
	never := map[string]bool{}
	if cov != nil {
		for _, id := range cov.NeverDrawn {
			never[id] = true
		}
	}
	// Deck statistics for outliers: mean and deviation of score and money
	// per draw.
	type moments struct{ n, s, ss float64 }
	deckScore, deckMoney := map[string]*moments{}, map[string]*moments{}
	for i := range cards {
		c := &cards[i]
		if c.Drawn == 0 || c.Errors > 0 {
			continue
		}
		for _, m := range []struct {
			d map[string]*moments
			v float64
		}{{deckScore, c.ScorePer}, {deckMoney, c.MoneyPer}} {
			x := m.d[c.Deck]
			if x == nil {
				x = &moments{}
				m.d[c.Deck] = x
			}
			x.n++
			x.s += m.v
			x.ss += m.v * m.v
		}
	}
	// Holding some cards goes with winning by nature (an artifact is how a
	// Fortune and Glory hero wins): a card is broken when its lift stands out from its deck's.
	lifts := map[string][]float64{}
	for i := range cards {
		if c := &cards[i]; c.Holders >= minHolders && c.Errors == 0 {
			lifts[c.Deck] = append(lifts[c.Deck], c.Lift)
		}
	}
	typical := map[string]float64{}
	for deck, l := range lifts {
		sort.Float64s(l)
		typical[deck] = l[len(l)/2]
	}
	// A card's z-score is against the rest of its deck: counting the card
	// itself would cap z at √(n−1) and hide outliers in small decks.
	zscore := func(d map[string]*moments, deck string, v float64) float64 {
		x := d[deck]
		if x == nil || x.n-1 < 5 {
			return 0
		}
		n, sum, sq := x.n-1, x.s-v, x.ss-v*v
		mean := sum / n
		sd := math.Sqrt(max(sq/n-mean*mean, 0))
		if sd < 0.25 {
			sd = 0.25
		}
		return (v - mean) / sd
	}
	for i := range cards {
		c := &cards[i]
		if c.Errors > 0 {
			// Not scored: what the games it broke measured is not the card.
			add(c, "erroring", float64(c.Errors), "its effect failed in %d game%s, so it is not scored: %s", c.Errors, plural(c.Errors), c.FirstError)
			continue
		}
		base := typical[c.Deck]
		standsOut := c.Holders >= minHolders && c.Lift-base >= brokenLift && c.LiftLow-base >= brokenLiftLow
		switch {
		case standsOut && c.Dealt:
			add(c, "broken", c.Lift-base, "%s who drew or used it won %.0f%% of games, others %.0f%% (%+.0f points, 95%% CI %+.0f to %+.0f; typical for its deck %+.0f)",
				terms.Players, 100*c.HolderRate, 100*c.OthersRate, 100*c.Lift, 100*c.LiftLow, 100*c.LiftHigh, 100*base)
		case standsOut:
			add(c, "outlier", c.Lift-base, "%s who won it won %.0f%% of games (%+.0f points over others; typical for its deck %+.0f): a prize that decides games",
				terms.Players, 100*c.HolderRate, 100*c.Lift, 100*base)
		case c.Impact != nil && c.Impact.Significant && math.Abs(c.Impact.WinDelta) >= 0.05:
			add(c, "broken", math.Abs(c.Impact.WinDelta), "with it in the deck the win rate moves %+.1f points (95%% CI %+.1f to %+.1f, q = %.3f)",
				100*c.Impact.WinDelta, 100*c.Impact.WinLow, 100*c.Impact.WinHigh, c.Impact.Q)
		}
		// Impossible: a Danger nobody overcomes, or a test nobody passes
		// unaided (help from cards may still scrape a pass now and then).
		switch e := c.Exact; {
		case c.Faced >= minTests && c.Overcome == 0:
			add(c, "impossible", float64(c.Faced), "never overcome in %d attempts", c.Faced)
		case c.Faced > 0:
		case e != nil && e.Tests >= minTests && e.Observed == 0:
			add(c, "impossible", float64(e.Tests), "its test was never passed unaided in %d tries (exact chance %.2g%%; %d of %d passed with help)",
				e.Tests, 100*e.Expected, c.Passed, c.Tests)
		case c.Tests >= minTests && c.Passed == 0:
			add(c, "impossible", float64(c.Tests), "its test was never passed in %d tries", c.Tests)
		}
		switch {
		case never[c.ID]:
			add(c, "dead", 0, "never drawn")
		case c.HasAbility && c.Drawn >= minDrawsDead && c.Used == 0:
			add(c, "dead", float64(c.Drawn), "drawn %d times, never used: its timing or condition never fits", c.Drawn)
		}
		// A Danger nearly always or nearly never overcome (other cards'
		// tests, such as escapes, may be easy by design).
		if c.Faced >= minOutlierTest && c.Overcome > 0 {
			switch {
			case c.PassRate < tooHard:
				add(c, "outlier", 1-c.PassRate, "overcome only %.1f%% of %d times", 100*c.PassRate, c.Faced)
			case c.PassRate > tooEasy:
				add(c, "outlier", c.PassRate, "overcome %.1f%% of %d times: hardly a danger", 100*c.PassRate, c.Faced)
			}
		}
		if z := zscore(deckScore, c.Deck, c.ScorePer); z >= outlierZ && c.Drawn >= minDrawsDead {
			add(c, "outlier", z, "gives %.1f %s a draw, %.1f deviations above its deck", c.ScorePer, terms.Score, z)
		}
		if z := zscore(deckMoney, c.Deck, c.MoneyPer); z >= outlierZ && c.Drawn >= minDrawsDead {
			add(c, "outlier", z, "gives %.1f %s a draw, %.1f deviations above its deck", c.MoneyPer, terms.Money, z)
		}
		if e := c.Exact; e != nil && e.Tests >= minCleanTests && math.Abs(e.Z) >= mismatchZ {
			add(c, "mismatch", math.Abs(e.Z), "unaided tests passed %.1f%% but the dice give %.1f%% (z = %.1f): the card plays differently than printed",
				100*e.Observed, 100*e.Expected, e.Z)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if flagOrder[a.Kind] != flagOrder[b.Kind] {
			return flagOrder[a.Kind] < flagOrder[b.Kind]
		}
		return a.strength > b.strength
	})
	flags := make([]Flag, len(out))
	for i, f := range out {
		flags[i] = f.Flag
	}
	return flags
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
