package game

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// SweepVariant is the content with the swept cell at one value.
type SweepVariant struct {
	Value  int
	Tables *table.Tables
}

// SweepReport is a sweep's metric curve: one point a value, every value
// played on the same seeds.
type SweepReport struct {
	Game       string      `json:"game"`
	Target     SweepTarget `json:"target"`
	Kind       string      `json:"kind"` // "card", the game's word for a side, or "row"
	Games      int         `json:"games"`
	Seed       uint64      `json:"seed"`
	Mode       string      `json:"mode"`
	Players    int         `json:"players"`
	PlayersMax int         `json:"players_max,omitempty"`
	Level      string      `json:"level,omitempty"`
	Policy     string      `json:"policy"`
	Terms      Terms       `json:"terms"`
	Balance    Balance     `json:"balance"`
	// Band is the fair band of Fair's verdicts (Balance.BandAt the fair
	// share); FairMeasure says what they set against what.
	Band        float64      `json:"band"`
	SharedWins  bool         `json:"shared_wins"`
	FairMeasure string       `json:"fair_measure,omitempty"`
	Points      []SweepPoint `json:"points"`
	// Crossing says, in a line, at which values the row is inside the
	// fair band and where it crosses the band's edges.
	Crossing       string  `json:"crossing"`
	Partial        bool    `json:"partial,omitempty"`
	GamesPerSecond float64 `json:"games_per_second"`
	// sidePlayers is the player count whose verdict on a side the curve
	// reads (sideVerdict), once the first run has picked it.
	sidePlayers int

	earned bool // the card is earned (an artifact): its holders are the winners
	// runs are the values' runs in the order played (the current value
	// first): what a shard's part carries (NewSweepPart).
	runs []sweepRun
}

// sweepRun is one value's run: its report (without its games' outcomes)
// and its pairs with the current value's.
type sweepRun struct {
	value int
	rep   *SimReport
	pairs *SweepPairs
}

// SweepPoint is the run at one value.
type SweepPoint struct {
	Value   int  `json:"value"`
	Blank   bool `json:"blank,omitempty"`   // the current cell is blank (Value is 0)
	Current bool `json:"current,omitempty"` // the project's own value
	Games   int  `json:"games"`
	// Games that stalled or failed with an error (not counted in the
	// metrics).
	Stalls int     `json:"stalls"`
	Errors int     `json:"errors"`
	Rounds Mean    `json:"rounds"`
	Median int     `json:"rounds_median"`
	Losses float64 `json:"losses_per_game"`
	Prizes float64 `json:"prizes_per_game"`
	// Card: the swept card's metrics; Side: the swept side's win rate.
	Card *SweepCard `json:"card,omitempty"`
	Side *Rate      `json:"side,omitempty"`
	// Fair is the verdict the fair band reads: a card dealt by chance
	// against its deck's other cards, a side against a typical side.
	Fair *Verdict `json:"fair,omitempty"`
	// Paired is the difference from the current value on the same seeds
	// (absent at the current value): a card's, for the players who got
	// it in either game. The games are the same until the card is first
	// drawn, so the difference is the value's own; not for a Count,
	// whose decks shuffle differently from the start.
	Paired *Impact `json:"paired,omitempty"`
}

// Mean is a mean with its interval.
type Mean struct {
	Mean float64 `json:"mean"`
	Low  float64 `json:"ci_low"`
	High float64 `json:"ci_high"`
}

// SweepCard is a swept card's own metrics at one value.
type SweepCard struct {
	Drawn    uint64  `json:"drawn"`
	Used     uint64  `json:"used"`
	ScorePer float64 `json:"score_per"`
	MoneyPer float64 `json:"money_per"`
	// Taken away per draw, where the game counts gains and losses apart
	// (ScorePer and MoneyPer count gains): a loss's curve (loseFortune).
	ScoreLostPer float64  `json:"score_lost_per,omitempty"`
	MoneyLostPer float64  `json:"money_lost_per,omitempty"`
	PassRate     *float64 `json:"pass_rate,omitempty"`
	// Passive: the card has nothing to play (a Gear's or Spoils' bonus
	// works while held), so its uses are not counted: Used is not 0 uses.
	Passive bool `json:"passive,omitempty"`
	// Held is the win rate of the players who drew or used it.
	Held Rate `json:"held"`
}

// RunSweep plays the request's games at the target's current value (the
// tables as they are) and at each variant's, on the same seeds, and
// reports the curve. progress, if set, is told as each value begins
// (value of values, its label). A stopped request (an interrupt) ends the
// sweep with the values finished; the report is then Partial. A request
// for a shard (SimRequest.Shard) plays the shard's slice of the games at
// every value: its report is the slice's, and NewSweepPart its part.
func RunSweep(s Simulator, target SweepTarget, current *table.Tables, variants []SweepVariant, req SimRequest, progress func(i, n int, label string)) (*SweepReport, error) {
	req.KeepGames = true
	req.Track = []string{target.ID}
	runs := sweepRuns(target, current, variants)
	sr := newSweepReport(s, target, req)
	var seconds float64
	var base []Outcome // the current value's games
	for i, v := range runs {
		if progress != nil {
			progress(i+1, len(runs), sr.runLabel(i, v.Value))
		}
		rep, err := Simulate(s, v.Tables, req)
		switch {
		case IsOptionError(err):
			return nil, err // the request's, at every value
		case err != nil:
			return nil, fmt.Errorf("at %s: %w", target.Label(v.Value), err)
		}
		stopped := sim.Stopped(req.Stop)
		if stopped && rep.Games < req.Games {
			sr.Partial = true // this value's games were cut short: left out
			break
		}
		if rep.GamesPerSecond > 0 {
			seconds += float64(rep.Games) / rep.GamesPerSecond
		}
		// Each value's games are paired with the current value's as they
		// come, so that only the current value's are kept; not for a
		// Count, whose decks shuffle differently from the start.
		var pairs *SweepPairs
		switch {
		case i == 0:
			base = rep.Outcomes
		case !target.IsCount():
			pairs = sr.pairs(base, rep.Outcomes)
		}
		rep.Outcomes, rep.full.Outcomes = nil, nil
		sr.add(v.Value, i == 0, rep, pairs)
		if stopped {
			sr.Partial = len(sr.Points) < len(runs)
			break
		}
	}
	if seconds > 0 {
		sr.GamesPerSecond = math.Round(float64(len(sr.Points)*req.Games) / seconds)
	}
	sr.finish()
	return sr, nil
}

// sweepRuns are the runs a sweep plays, in order: the current value (the
// tables as they are; 0 when its cell is blank), then each variant's but
// the current one's.
func sweepRuns(target SweepTarget, current *table.Tables, variants []SweepVariant) []SweepVariant {
	runs := []SweepVariant{{Tables: current}}
	if target.Current != nil {
		runs[0].Value = *target.Current
	}
	for _, v := range variants {
		if target.Current == nil || v.Value != *target.Current {
			runs = append(runs, v)
		}
	}
	return runs
}

// newSweepReport is the report of a sweep of req's games, with no value
// played yet.
func newSweepReport(s Simulator, target SweepTarget, req SimRequest) *SweepReport {
	return &SweepReport{Game: s.ID(), Target: target, Games: req.Games, Seed: req.Seed, Mode: req.Mode, Players: req.Players,
		PlayersMax: req.PlayersMax, Level: req.Option("level"), Policy: req.Policy, Terms: s.SimSpec().Terms.Or(DefaultTerms),
		Balance: req.Balance.Or(DefaultBalance), Points: []SweepPoint{}}
}

// runLabel names the ith run, of value v, for progress.
func (sr *SweepReport) runLabel(i, v int) string {
	switch {
	case i > 0:
		return sr.Target.Label(v)
	case sr.Target.Current == nil:
		return sr.Target.Heading() + " blank (current)"
	}
	return sr.Target.Label(v) + " (current)"
}

// add adds the run of value v (the current one's first) to the curve:
// its report, and its games' pairs with the current value's (nil for the
// current value, a Count, a row that is not a card). The report is kept
// for the sweep's part (NewSweepPart).
func (sr *SweepReport) add(v int, current bool, rep *SimReport, pairs *SweepPairs) {
	p := sr.point(rep, sr.Target)
	p.Value, p.Current, p.Blank = v, current, current && sr.Target.Current == nil
	p.Paired = sr.impact(pairs)
	sr.Points = append(sr.Points, p)
	sr.runs = append(sr.runs, sweepRun{value: v, rep: rep, pairs: pairs})
}

// finish corrects the paired effects over the values, puts the values in
// order and says where the curve crosses the fair band.
func (sr *SweepReport) finish() {
	sr.correct()
	slices.SortStableFunc(sr.Points, func(a, b SweepPoint) int { return a.Value - b.Value })
	sr.Crossing = sr.crossing()
}

// sideVerdict is the verdict on a side the curve reads. Over a range of
// player counts each count is judged apart, and the curve reads the one
// the side played most games at (a hero sits in far fewer 1-player games
// than 4-player ones: --players 1-4 read its 1-player games, 5 of 66),
// the same count at every value: the first run picks it, and the lineups,
// drawn from the seeds, are the same at every value.
func (sr *SweepReport) sideVerdict(rep *SimReport, id string) *Verdict {
	var best *Verdict
	for i := range rep.Verdicts {
		v := &rep.Verdicts[i]
		switch {
		case v.ID != id:
		case sr.sidePlayers != 0:
			if v.Players == sr.sidePlayers {
				return v
			}
		case best == nil || v.Games > best.Games:
			best = v
		}
	}
	if best != nil {
		sr.sidePlayers = best.Players
	}
	return best
}

// point is one value's run, as the curve shows it. The first run tells
// what kind of row the target is.
func (sr *SweepReport) point(rep *SimReport, target SweepTarget) SweepPoint {
	terms := sr.Terms
	p := SweepPoint{Games: rep.Games, Stalls: len(rep.Stalls), Errors: len(rep.Errors), Median: rep.Rounds.Median,
		Rounds: histogramMean(rep.Rounds.Histogram, sr.Balance.z()), Losses: rep.LossesPerGame, Prizes: rep.PrizesPerGame}
	band := sr.Balance.Band
	if !rep.SharedWins {
		band = sr.Balance.BandAt(rep.fairShare())
	}
	if sr.Band == 0 {
		sr.Band, sr.SharedWins = round(band), rep.SharedWins
	}
	for i := range rep.Cards {
		c := &rep.Cards[i]
		if c.ID != target.ID {
			continue
		}
		sr.Kind, sr.earned = "card", c.Earned
		p.Card = &SweepCard{Drawn: c.Drawn, Used: c.Used, ScorePer: c.ScorePer, MoneyPer: c.MoneyPer, PassRate: c.PassRate,
			ScoreLostPer: c.scoreLostPer, MoneyLostPer: c.moneyLostPer, Held: NewRate(c.ID, c.Name, int(c.HolderWins), int(c.Holders)),
			Passive: !c.HasAbility}
		if c.Dealt {
			p.Fair = c.Peers
			sr.FairMeasure = fmt.Sprintf("win rate of the %s who drew or used it, against that of the %s who drew or used other %s cards",
				terms.Players, terms.Players, DeckName(c.Deck))
		}
	}
	for _, h := range rep.Heroes {
		if h.ID != target.ID {
			continue
		}
		sr.Kind = terms.Player
		p.Side = &h
		p.Fair = sr.sideVerdict(rep, target.ID)
		if p.Fair != nil {
			sr.FairMeasure = p.Fair.Measure + ", against " + p.Fair.Reference
		}
	}
	if sr.Kind == "" {
		sr.Kind = "row"
	}
	return p
}

// SweepPairs are the sums of a value's games paired with the current
// value's on the same seeds (SweepReport.pairs): sums, so that the
// shards of a sweep add up.
type SweepPairs struct {
	Win    sim.Paired `json:"win"`
	Rounds sim.Paired `json:"rounds"`
}

// pairs pairs a value's games (other) with the current value's (base),
// game by game on the same seeds, over the games where the card was
// drawn in either: the win of each player who got it in either (where the
// players win together, the side's win), and game length. Only a card
// has them (else nil).
func (sr *SweepReport) pairs(base, other []Outcome) *SweepPairs {
	if sr.Kind != "card" {
		return nil
	}
	ps := &SweepPairs{}
	shared := sr.SharedWins
	for g := range min(len(base), len(other)) {
		a, b := &base[g], &other[g]
		if !a.Done || !b.Done || len(a.Held) == 0 || len(b.Held) == 0 || a.Held[0]|b.Held[0] == 0 {
			continue
		}
		ps.Rounds.Add(b.Rounds - a.Rounds)
		if shared {
			ps.Win.Add(b2i(b.Win) - b2i(a.Win))
			continue
		}
		if sr.earned {
			continue // no win measure: who earns it is who is winning
		}
		for seats := uint8(a.Held[0] | b.Held[0]); seats != 0; seats &= seats - 1 {
			bit := uint8(1) << bits.TrailingZeros8(seats)
			ps.Win.Add(b2i(b.Won&bit != 0) - b2i(a.Won&bit != 0))
		}
	}
	return ps
}

// impact is the difference a value makes against the current one, from
// its pairs (nil without).
func (sr *SweepReport) impact(ps *SweepPairs) *Impact {
	if ps == nil {
		return nil
	}
	z := sr.Balance.z()
	im := &Impact{Games: sr.Games, Band: sr.Band, Rounds: effect(&ps.Rounds, z), Win: effect(&ps.Win, z)}
	// Pairs that all agree bound the effect by how many there are, as
	// --impact's do: not an interval of width 0.
	agreed(im.Win, ps.Win.SumSq, ps.Win.N, z)
	im.Measure = fmt.Sprintf("the win rate of the %s who got it, against the current value on the same seeds", sr.Terms.Player)
	if sr.SharedWins {
		im.Measure = fmt.Sprintf("the %s' win rate in games where it was drawn, against the current value on the same seeds", sr.Terms.Players)
	}
	return im
}

// correct corrects the paired effects' p-values over the sweep's values
// (Benjamini–Hochberg), as a run corrects what it tests: of the values
// called significantly different from the current one, at most the
// false discovery rate are expected to be chance.
func (sr *SweepReport) correct() {
	var effects []*Effect
	for _, p := range sr.Points {
		if p.Paired == nil {
			continue
		}
		for _, e := range []*Effect{p.Paired.Win, p.Paired.Rounds} {
			if e != nil && e.Pairs >= 2 {
				effects = append(effects, e)
			}
		}
	}
	ps := make([]float64, len(effects))
	for i, e := range effects {
		ps[i] = e.p
	}
	for i, q := range sim.BenjaminiHochberg(ps) {
		effects[i].Q, effects[i].Significant = round(q), q < sr.Balance.Level
	}
}

// histogramMean is the mean of a histogram of values (index = value) and
// its interval at the normal quantile z.
func histogramMean(h []int64, z float64) Mean {
	var n, sum, sq float64
	for v, c := range h {
		n += float64(c)
		sum += float64(c) * float64(v)
		sq += float64(c) * float64(v) * float64(v)
	}
	if n == 0 {
		return Mean{}
	}
	m := sum / n
	half := 0.0
	if n > 1 {
		half = z * math.Sqrt(max(sq-n*m*m, 0)/(n-1)/n)
	}
	r2 := func(x float64) float64 { return math.Round(x*100) / 100 }
	return Mean{Mean: r2(m), Low: r2(m - half), High: r2(m + half)}
}

// crossing is the line that says where the row is fair: the values whose
// verdict's estimate lies inside the band, and where the curve crosses
// its edges (the value there interpolated between the two either side).
func (sr *SweepReport) crossing() string {
	var pts []SweepPoint
	var unmeasured []string // values played without a figure: a Count of 0 has no holders
	for _, p := range sr.Points {
		switch {
		case p.Fair != nil && !p.Blank:
			pts = append(pts, p)
		case !p.Blank:
			unmeasured = append(unmeasured, fmt.Sprint(p.Value))
		}
	}
	switch {
	case len(sr.Points) == 0:
		return "no value was played to the end"
	case len(pts) == 0:
		if sr.Kind == "card" {
			return fmt.Sprintf("no fair band: %s is not dealt by chance (its holders are not a random draw of its deck's), so no reference judges it", sr.Target.ID)
		}
		return fmt.Sprintf("no fair band: %s is neither a card dealt by chance nor a %s, so no reference judges it", sr.Target.ID, sr.Terms.Or(DefaultTerms).Player)
	}
	band := pts[0].Fair.Band
	side := func(d float64) int {
		switch {
		case d >= band:
			return 1
		case d <= -band:
			return -1
		}
		return 0
	}
	col := sr.Target.Heading()
	var inside []string
	for _, p := range pts {
		if side(p.Fair.Delta) == 0 {
			inside = append(inside, fmt.Sprint(p.Value))
		}
	}
	head := fmt.Sprintf("fair band ±%.1f points: ", 100*band)
	every, tail := "every value", ""
	if len(unmeasured) > 0 {
		every, tail = "every value measured", fmt.Sprintf("; not measured at %s %s", col, strings.Join(unmeasured, ", "))
	}
	if len(pts) == 1 { // one value measured: no span to give
		where := "outside"
		if len(inside) == 1 {
			where = "inside"
		}
		return head + fmt.Sprintf("%s at %s (%+.1f)", where, sr.Target.Label(pts[0].Value), 100*pts[0].Fair.Delta) + tail
	}
	switch len(inside) {
	case len(pts):
		return head + fmt.Sprintf("inside at %s (%s %s)", every, col, strings.Join(inside, ", ")) + tail
	case 0:
		first, last := pts[0], pts[len(pts)-1]
		return head + fmt.Sprintf("outside at %s, from %+.1f at %s to %+.1f at %s", every, 100*first.Fair.Delta, sr.Target.Label(first.Value),
			100*last.Fair.Delta, sr.Target.Label(last.Value)) + tail
	}
	out := head + fmt.Sprintf("inside at %s %s", col, strings.Join(inside, ", "))
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		sa, sb := side(a.Fair.Delta), side(b.Fair.Delta)
		if sa == sb {
			continue
		}
		edge := band * float64(sa+sb) // the edge crossed: ±band
		at := fmt.Sprintf("between %s (%+.1f) and %s (%+.1f)", sr.Target.Label(a.Value), 100*a.Fair.Delta, sr.Target.Label(b.Value), 100*b.Fair.Delta)
		if sa*sb < 0 {
			out += "; jumps across the band " + at
			continue
		}
		x := float64(a.Value) + (edge-a.Fair.Delta)*float64(b.Value-a.Value)/(b.Fair.Delta-a.Fair.Delta)
		verb := "enters"
		if sa == 0 {
			verb = "leaves"
		}
		out += fmt.Sprintf("; %s the band at %+.1f %s, at about %s=%.1f", verb, 100*edge, at, col, x)
	}
	return out + tail
}
