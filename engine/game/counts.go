package game

import (
	"math"

	"github.com/deckwright/deckwright/engine/sim"
)

// CardCounts are the counters behind a CardReport. A module's stats hooks
// keep one per card during a run (one set per worker, merged after) and
// add their own beside it.
type CardCounts struct {
	Drawn, Used   uint64
	Tests, Passed uint64
	// Unaided tests: their count, passes, and the sums of their exact
	// pass chances p and of p(1−p), in billionths, so that sums are
	// integers and add up the same on any number of workers.
	Clean, CleanPassed, Expected, Variance uint64
	// Gained from the card, in the game's Terms: sums that may be
	// negative (a part file keeps their sign).
	Score, Money   int64 `part:"signed"`
	Damage, Losses uint64
	// Taken away by the card, in the game's Terms, where Score and Money
	// count gains only (a module that nets losses into them leaves
	// these 0): what a sweep of a loss (loseGlory) reads.
	ScoreLost, MoneyLost uint64
	Holders, HolderWins  uint64 // players who drew or used it, and how many won
	PerSide              []TestCounts
}

// TestCounts counts unaided tests of one side.
type TestCounts struct{ Tests, Passed, Expected uint64 }

// Test records a test on the card. An unaided one (exact ≥ 0, its exact
// pass chance) also counts toward the comparison with the dice, for side
// (an index into sides sides). cleanPassed is whether the dice alone
// passed it.
func (c *CardCounts) Test(passed bool, exact float64, cleanPassed bool, side, sides int) {
	c.Tests++
	if passed {
		c.Passed++
	}
	if exact < 0 {
		return
	}
	e := uint64(exact*1e9 + 0.5)
	c.Clean++
	c.Expected += e
	c.Variance += uint64(exact*(1-exact)*1e9 + 0.5)
	if c.PerSide == nil {
		c.PerSide = make([]TestCounts, sides)
	}
	s := &c.PerSide[side]
	s.Tests++
	s.Expected += e
	if cleanPassed {
		c.CleanPassed++
		s.Passed++
	}
}

// Merge adds another worker's counters.
func (c *CardCounts) Merge(o *CardCounts) {
	c.Drawn += o.Drawn
	c.Used += o.Used
	c.Tests += o.Tests
	c.Passed += o.Passed
	c.Clean += o.Clean
	c.CleanPassed += o.CleanPassed
	c.Expected += o.Expected
	c.Variance += o.Variance
	c.Score += o.Score
	c.Money += o.Money
	c.Damage += o.Damage
	c.Losses += o.Losses
	c.ScoreLost += o.ScoreLost
	c.MoneyLost += o.MoneyLost
	c.Holders += o.Holders
	c.HolderWins += o.HolderWins
	if o.PerSide != nil && c.PerSide == nil {
		c.PerSide = make([]TestCounts, len(o.PerSide))
	}
	for i, s := range o.PerSide {
		c.PerSide[i].Tests += s.Tests
		c.PerSide[i].Passed += s.Passed
		c.PerSide[i].Expected += s.Expected
	}
}

// MergeEach merges a worker's per-card counters into into's, index by
// index, with the module's merge.
func MergeEach[C any](into, from []C, merge func(into, from *C)) {
	for i := range into {
		merge(&into[i], &from[i])
	}
}

// AddCounts adds a worker's counters (rule counts, effect coverage) to
// into's, index by index.
func AddCounts[T ~uint32 | ~uint64 | ~int64](into, from []T) {
	for i := range into {
		into[i] += from[i]
	}
}

// Fill writes the counters into r: counts, the pass rate of its tests,
// the unaided tests against the dice (by side, named by sides), amounts
// per draw (or per use, for a card never drawn), and how much more often
// its holders won than everyone else (of wins out of games in all).
func (c *CardCounts) Fill(r *CardReport, sides []string, wins, games uint64) {
	r.Drawn, r.Used, r.Tests, r.Passed, r.Losses, r.Holders, r.HolderWins = c.Drawn, c.Used, c.Tests, c.Passed, c.Losses, c.Holders, c.HolderWins
	if c.Tests > 0 {
		r.PassRate = Ratio(c.Passed, c.Tests)
	}
	if c.Clean > 0 {
		exp, v := float64(c.Expected)/1e9, float64(c.Variance)/1e9
		e := &ExactCheck{Tests: c.Clean, Observed: round(float64(c.CleanPassed) / float64(c.Clean)), Expected: round(exp / float64(c.Clean))}
		if v > 0 {
			e.Z = round2((float64(c.CleanPassed) - exp) / math.Sqrt(v))
		}
		r.Exact = e
		for i, s := range c.PerSide {
			if s.Tests > 0 {
				r.PerHero = append(r.PerHero, HeroOdds{Hero: sides[i], Tests: s.Tests,
					Observed: round(float64(s.Passed) / float64(s.Tests)), Expected: round(float64(s.Expected) / 1e9 / float64(s.Tests))})
			}
		}
	}
	per := c.Drawn
	if per == 0 {
		per = c.Used
	}
	if per > 0 {
		r.ScorePer = round2(float64(c.Score) / float64(per))
		r.MoneyPer = round2(float64(c.Money) / float64(per))
		r.DamagePer = round2(float64(c.Damage) / float64(per))
		r.scoreLostPer = round2(float64(c.ScoreLost) / float64(per))
		r.moneyLostPer = round2(float64(c.MoneyLost) / float64(per))
	}
	if c.Holders > 0 {
		h := &Holding{Rate: round(float64(c.HolderWins) / float64(c.Holders))}
		ow, og := wins-c.HolderWins, games-c.Holders
		if og > 0 {
			h.Others = round(float64(ow) / float64(og))
		}
		d, ci := sim.DiffInterval(int(c.HolderWins), int(c.Holders), int(ow), int(og))
		h.Lift, h.Low, h.High = round(d), round(ci.Low), round(ci.High)
		r.Holding = h
	}
}

// Ratio is k/n to 4 places, or nil (not measured) when n is 0.
func Ratio(k, n uint64) *float64 {
	if n == 0 {
		return nil
	}
	v := round(float64(k) / float64(n))
	return &v
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
