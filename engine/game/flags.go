package game

import (
	"fmt"
	"math"
	"sort"

	"github.com/deckwright/deckwright/engine/sim"
)

// Flag kinds, most serious first. An erroring card comes first: its
// effect fails, so its other numbers mean nothing.
const (
	KindErroring     = "erroring"
	KindOverpowered  = Overpowered
	KindUnderpowered = Underpowered
	KindImpossible   = "impossible"
	KindDead         = "dead"
	KindOutlier      = "outlier"
	KindMismatch     = "mismatch"
)

var flagOrder = map[string]int{KindErroring: -1, KindOverpowered: 0, KindUnderpowered: 1, KindImpossible: 2, KindDead: 3, KindOutlier: 4, KindMismatch: 5}

// Thresholds of the descriptive flags (dead, impossible, outlier). They
// are deliberately conservative: a flag is something a designer should
// look at, not noise.
const (
	minHolders     = 30   // players holding an earned card before its lift counts
	prizeLift      = 0.20 // an earned card's holders win this much more than its deck's typical …
	prizeLiftLow   = 0.10 // … and surely at least this much more
	minTests       = 20   // tests before "never passed" counts
	minDrawsDead   = 20   // draws before "never used" counts
	outlierZ       = 3.5  // a card this many deviations from its deck
	mismatchBand   = 0.03 // unaided tests this far from the dice's chance …
	minCleanTests  = 30   // … over at least this many tests
	tooHard        = 0.05
	nearlyNever    = 0.01 // overcome surely less often than this: as good as impossible
	tooEasy        = 0.995
	minOutlierTest = 100
)

// flags lists every finding, most serious first (within a kind,
// strongest first), and writes each card's flags into it.
func (r *SimReport) flags(terms Terms) []Flag {
	type scored struct {
		Flag
		strength float64
	}
	var out []scored
	ci := ciLabel(r.Balance.Level)
	for _, v := range r.Verdicts {
		if v.Verdict == Overpowered || v.Verdict == Underpowered {
			f := Flag{Kind: v.Verdict, Subject: v.Subject, ID: v.ID, Name: v.Name, Where: v.Where, Players: v.Players}
			switch {
			case v.typical:
				f.Message = typicalText(v, r.SharedWins || v.Players == 1, terms, ci)
			case v.fixed:
				f.Message = fmt.Sprintf("won %s of %s games (%s %s); %s is %s: %s, beyond the ±%.1f-point band (%s)",
					pct1(v.Rate), countGames(v.Players, terms), ci, rangePct(v.Low, v.High), v.Reference, pct1(v.RefRate),
					points(v.Delta), 100*v.Band, QText(v.Q))
			default:
				f.Message = fmt.Sprintf("%s won %s of %s games with it and %s without: %s (%s %s), beyond the ±%.1f-point band (%s)",
					terms.Players, pct1(v.Rate), countGames(v.Players, terms), pct1(v.RefRate), points(v.Delta), ci,
					rangePoints(v.DeltaLow, v.DeltaHigh), 100*v.Band, QText(v.Q))
			}
			out = append(out, scored{f, math.Abs(v.Delta)})
		}
	}
	never := map[string]bool{}
	if r.Coverage != nil {
		for _, id := range r.Coverage.NeverDrawn {
			never[id] = true
		}
	}
	cards := r.Cards
	add := func(c *CardReport, kind string, strength float64, format string, args ...any) {
		f := Flag{Kind: kind, Subject: "card", ID: c.ID, Name: c.Name, Where: c.Where, Message: fmt.Sprintf(format, args...)}
		c.Flags = append(c.Flags, kind)
		out = append(out, scored{f, strength})
	}
	deckScore, deckMoney := deckMoments(cards)
	typical := typicalLifts(cards)
	for i := range cards {
		c := &cards[i]
		c.Flags = nil
		if c.Errors > 0 {
			// Not scored: what the games it broke measured is not the card.
			add(c, KindErroring, float64(c.Errors), "its effect failed in %d game%s, so it is not scored: %s", c.Errors, plural(c.Errors), c.FirstError)
			continue
		}
		strong := false
		switch verdict, byImpact := c.Power(); {
		case verdict != Overpowered && verdict != Underpowered:
		case byImpact:
			im := c.Impact
			e := im.Win
			add(c, verdict, math.Abs(e.Delta), "paired games on the same seeds, with it and %s: %s moves %s (%s %s over %d holders in %d paired games), beyond the ±%.1f-point band (%s)",
				pairedWith(cards, c), im.Measure, points(e.Delta), ci, rangePoints(e.Low, e.High), e.Pairs, im.Played, 100*im.Band, QText(e.Q))
			strong = true
		default:
			v := c.Peers
			msg := fmt.Sprintf("%s who drew or used it won %s of games (%s %s); %s won %s: %s (%s %s), beyond the ±%.1f-point band (%s)",
				terms.Players, pct1(v.Rate), ci, rangePct(v.Low, v.High), v.Reference, pct1(v.RefRate), points(v.Delta), ci,
				rangePoints(v.DeltaLow, v.DeltaHigh), 100*v.Band, QText(v.Q))
			if im := c.Impact; im != nil && im.Win != nil {
				// The experiment has not decided: say what it found so far.
				msg += fmt.Sprintf("; paired on the same seeds so far: %s (%s %s over %d holders), %s",
					points(im.Win.Delta), ci, rangePoints(im.Win.Low, im.Win.High), im.Win.Pairs, im.Verdict)
			}
			add(c, verdict, math.Abs(v.Delta), "%s", msg)
			strong = true
		}
		if h := c.Holding; h != nil && c.Earned && c.Holders >= minHolders {
			base := typical[c.Deck]
			if h.Lift-base >= prizeLift && h.Low-base >= prizeLiftLow {
				add(c, KindOutlier, h.Lift-base, "%s who won it won %.0f%% of games (%+.0f points over others; typical for its deck %+.0f): a prize that decides games",
					terms.Players, 100*h.Rate, 100*h.Lift, 100*base)
			}
		}
		// Impossible: a Danger nobody overcomes, a test nobody passes, or
		// one nobody passes unaided whose dice say as much (help from
		// cards, a Danger discarded, may still scrape a pass now and then).
		impossible := true
		switch e := c.Exact; {
		case c.Faced >= minTests && c.Overcome == 0:
			add(c, KindImpossible, float64(c.Faced), "never overcome in %d attempts", c.Faced)
		case c.Faced >= minTests && sim.Wilson(int(c.Overcome), int(c.Faced)).High < nearlyNever:
			add(c, KindImpossible, float64(c.Faced), "overcome only %d of %d times (95%% CI up to %.2g%%): as good as impossible",
				c.Overcome, c.Faced, 100*sim.Wilson(int(c.Overcome), int(c.Faced)).High)
		case e != nil && e.Tests >= minTests && e.Observed == 0 && e.Expected < tooHard/5:
			if c.Faced > 0 {
				add(c, KindImpossible, float64(e.Tests), "its test was never passed unaided in %d tries (exact chance %.2g%%); overcome %d of %d times, only with help",
					e.Tests, 100*e.Expected, c.Overcome, c.Faced)
			} else {
				add(c, KindImpossible, float64(e.Tests), "its test was never passed unaided in %d tries (exact chance %.2g%%; %d of %d passed with help)",
					e.Tests, 100*e.Expected, c.Passed, c.Tests)
			}
		case c.Faced == 0 && c.Tests >= minTests && c.Passed == 0:
			add(c, KindImpossible, float64(c.Tests), "its test was never passed in %d tries", c.Tests)
		default:
			impossible = false
		}
		switch {
		case never[c.ID]:
			add(c, KindDead, 0, "never drawn in %d games", r.Games)
		case c.HasAbility && c.Drawn >= minDrawsDead && c.Used == 0:
			add(c, KindDead, float64(c.Drawn), "drawn %d times, never used: its timing or condition never fits", c.Drawn)
		}
		// A Danger nearly always or nearly never overcome (other cards'
		// tests, such as escapes, may be easy by design).
		if c.Faced >= minOutlierTest && c.Overcome > 0 && c.PassRate != nil && !impossible {
			switch pr := *c.PassRate; {
			case pr < tooHard:
				add(c, KindOutlier, 1-pr, "overcome only %.1f%% of %d times", 100*pr, c.Faced)
			case pr > tooEasy:
				add(c, KindOutlier, pr, "overcome %.1f%% of %d times: hardly a danger", 100*pr, c.Faced)
			}
		}
		// A number far from its deck's, not shown to change who wins: an
		// outlier (a card already judged over- or underpowered says more).
		if !strong && c.Drawn >= minDrawsDead {
			if z := deckScore.z(c.Deck, c.ScorePer); z >= outlierZ {
				add(c, KindOutlier, z, "gives %.1f %s a draw, %.1f deviations above its deck", c.ScorePer, terms.Score, z)
			}
			if z := deckMoney.z(c.Deck, c.MoneyPer); z >= outlierZ {
				add(c, KindOutlier, z, "gives %.1f %s a draw, %.1f deviations above its deck", c.MoneyPer, terms.Money, z)
			}
		}
		if e := c.Exact; e != nil && e.Tests >= minCleanTests && e.Q < r.Balance.Level && math.Abs(e.Observed-e.Expected) >= mismatchBand {
			add(c, KindMismatch, math.Abs(e.Z), "unaided tests passed %.1f%% but the dice give %.1f%% (z = %.1f, %s): the card plays differently than printed",
				100*e.Observed, 100*e.Expected, e.Z, QText(e.Q))
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

// Power is a card's verdict on its strength and whether the paired impact
// gave it. The paired games are an experiment — the card against a random
// other card of its deck on the same seeds — and once they have decided
// (overpowered, underpowered or fine) they outweigh the comparison of its
// holders with its deck's, which also sees who tends to draw or keep the
// card. Until then a comparison beyond the band stands; else whichever
// measure there is.
func (c *CardReport) Power() (verdict string, byImpact bool) {
	im, peers := c.Impact, c.Peers
	if im != nil && im.Win == nil {
		im = nil
	}
	switch {
	case im != nil && (im.Verdict == Overpowered || im.Verdict == Underpowered || im.Verdict == Fine):
		return im.Verdict, true
	case peers != nil && (peers.Verdict == Overpowered || peers.Verdict == Underpowered):
		return peers.Verdict, false
	case im != nil:
		return im.Verdict, true
	case peers != nil:
		return peers.Verdict, false
	}
	return "", false
}

// moments are the mean and deviation of a per-draw amount by deck.
type moments map[string]*struct{ n, s, ss float64 }

func deckMoments(cards []CardReport) (score, money moments) {
	score, money = moments{}, moments{}
	for i := range cards {
		c := &cards[i]
		if c.Drawn == 0 || c.Errors > 0 {
			continue
		}
		score.add(c.Deck, c.ScorePer)
		money.add(c.Deck, c.MoneyPer)
	}
	return score, money
}

func (m moments) add(deck string, v float64) {
	x := m[deck]
	if x == nil {
		x = &struct{ n, s, ss float64 }{}
		m[deck] = x
	}
	x.n++
	x.s += v
	x.ss += v * v
}

// z is a card's z-score against the rest of its deck: counting the card
// itself would cap z at √(n−1) and hide outliers in small decks.
func (m moments) z(deck string, v float64) float64 {
	x := m[deck]
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

// typicalLifts is each deck's median holders' lift: holding some cards
// goes with winning by nature (an artifact is how a Fortune and Glory hero
// wins), so an earned card stands out only against its own deck.
func typicalLifts(cards []CardReport) map[string]float64 {
	lifts := map[string][]float64{}
	for i := range cards {
		if c := &cards[i]; c.Holding != nil && c.Holders >= minHolders && c.Errors == 0 {
			lifts[c.Deck] = append(lifts[c.Deck], c.Holding.Lift)
		}
	}
	typical := map[string]float64{}
	for deck, l := range lifts {
		sort.Float64s(l)
		typical[deck] = l[len(l)/2]
	}
	return typical
}

// ciLabel names the confidence of a look's intervals: "95% CI".
func ciLabel(level float64) string {
	c := 100 * (1 - level)
	if math.Abs(c-math.Round(c)) < 1e-9 {
		return fmt.Sprintf("%.0f%% CI", c)
	}
	return fmt.Sprintf("%.1f%% CI", c)
}

// typicalText is the flag of a side judged against a typical side at the
// same tables (together: where the players win together): its plain
// figures first, then the difference the verdict is decided on.
func typicalText(v Verdict, together bool, terms Terms, ci string) string {
	u := v.Unadjusted
	if u == nil {
		u = &Difference{Rate: v.Rate, Low: v.Low, High: v.High, Games: v.Games}
	}
	games := countGames(v.Players, terms)
	head := fmt.Sprintf("won %s of %s games (%s %s; %s)", pct1(u.Rate), games, ci, rangePct(u.Low, u.High), plainText(v.Unadjusted, "fair share"))
	ref := fmt.Sprintf("a typical %s at the same tables would have won %s", terms.Player, pct1(v.RefRate))
	if together {
		head = fmt.Sprintf("%s won %s of %s games with it (%s)", terms.Players, pct1(u.Rate), games, plainText(v.Unadjusted, "without it"))
		ref = fmt.Sprintf("with a typical %s in its place, %s", terms.Player, pct1(v.RefRate))
	}
	if v.Apart != "" {
		ref = fmt.Sprintf("in its %d games without %s at the table, %s; %s", v.Games, v.Apart, pct1(v.Rate), ref)
	}
	return fmt.Sprintf("%s; %s: %s (%s %s), beyond the ±%.1f-point band (%s)", head, ref, points(v.Delta), ci,
		rangePoints(v.DeltaLow, v.DeltaHigh), 100*v.Band, QText(v.Q))
}

// plainText is a side's plain difference as a flag quotes it beside the
// verdict's: "fair share 25.0%: -3.1 points".
func plainText(u *Difference, name string) string {
	if u == nil {
		return name + " n/a"
	}
	if u.Reference == "the average seat's win rate" {
		name = "average seat"
	}
	return fmt.Sprintf("%s %s: %s", name, pct1(u.RefRate), points(u.Delta))
}

func pct1(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func rangePct(lo, hi float64) string { return fmt.Sprintf("%.1f–%.1f%%", 100*lo, 100*hi) }

func points(d float64) string {
	if math.Abs(d) < 0.0005 {
		return "±0.0 points"
	}
	return fmt.Sprintf("%+.1f points", 100*d)
}

func rangePoints(lo, hi float64) string { return fmt.Sprintf("%+.1f to %+.1f", 100*lo, 100*hi) }

// QText is a q-value as people read it: "q = 0.012", "q < 0.001".
func QText(q float64) string {
	if q < 0.001 {
		return "q < 0.001"
	}
	return fmt.Sprintf("q = %.3f", q)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pairedWith says what a card's paired games set it against: a random
// other card of its deck in its place or, alone in its deck, the deck
// without it (Substitute leaves its copies out).
func pairedWith(cards []CardReport, c *CardReport) string {
	for i := range cards {
		if o := &cards[i]; o.Deck == c.Deck && o.ID != c.ID {
			return "with a random other card of its deck in its place"
		}
	}
	return "without it (its deck, " + c.Deck + ", has no other card to put in its place)"
}
