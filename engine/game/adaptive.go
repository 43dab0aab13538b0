package game

import (
	"fmt"
	"math"
	"sort"
)

// Adaptive paired impact (--impact without --impact-games): each card is
// paired in rounds, on the run's own seeds in order, only in the games in
// which it was drawn (in the others the two games are the same game and
// the pair says nothing), until its win effect's interval is as narrow
// as asked (Precision, the half-width) or the budget is spent. The base
// games (with the card) are the run's, extended on the run's next seeds
// when a rarely drawn card needs more games to be paired in; every card's
// estimate uses all of them through the control variate of paired.go.
// With budget left once every card is precise, the cards whose verdict
// the interval leaves undecided (it straddles the band's edge) are
// played on, doubling, until decided or the budget is spent.

// ImpactRun summarises an --impact run: how its games were allocated.
type ImpactRun struct {
	// Adaptive: games were allocated card by card to reach Precision
	// within Budget; else every card was paired on the run's first
	// FixedGames games (--impact-games).
	Adaptive   bool    `json:"adaptive"`
	Precision  float64 `json:"precision,omitempty"` // target half-width of the win effect's interval
	Budget     int     `json:"budget,omitempty"`    // games at most: base games beyond the run's, and paired
	FixedGames int     `json:"fixed_games,omitempty"`
	// ShareOf and ShareFrom (a shard's own report): the shard paired
	// FixedGames of the run's first ShareOf games, from game ShareFrom.
	ShareOf   int `json:"share_of,omitempty"`
	ShareFrom int `json:"share_from,omitempty"`
	// BaseGames are the run's games the cards were paired against (the
	// report's own and, adaptive, those played on past them); Paired the
	// games played with a substitute; Rounds the rounds of allocation.
	BaseGames int `json:"base_games"`
	Paired    int `json:"paired_games"`
	Rounds    int `json:"rounds,omitempty"`
	// Cards measured; Precise, those whose win effect reached Precision.
	Cards   int `json:"cards"`
	Precise int `json:"precise"`
	// NotPrecise are the cards whose win effect did not reach Precision
	// within the budget, those the budget left unpaired included;
	// NoWinEffect those without one (earned by the winners, or never
	// drawn in BaseGames games).
	NotPrecise  []string `json:"not_precise"`
	NoWinEffect []string `json:"no_win_effect"`
	// NeverDrawn are those of NoWinEffect never drawn in the games paired
	// from: the others are earned by the winners.
	NeverDrawn []string `json:"never_drawn"`
	// VarianceRatio is the median over the cards of the win effect's
	// variance with the control variate against the plain paired
	// difference's on the same pairs (below 1: fewer games for the same
	// precision).
	VarianceRatio float64 `json:"variance_ratio,omitempty"`
	// Decide (--impact-decide): once every card was precise, the budget
	// left went to the close calls. Closing says it got that far;
	// CloseCalls are the cards it found precise with their verdict
	// undecided (the interval straddling the band's edge) then or after
	// (the base played on for the others moves every card's estimate a
	// little), in the order of the cards: where the budget went past the
	// precision.
	// Spent (with Decide) is the games played beyond the run's, base and
	// paired: the budget is spent when it reaches Budget.
	Decide     bool        `json:"decide,omitempty"`
	Closing    bool        `json:"closing,omitempty"`
	CloseCalls []CloseCall `json:"close_calls,omitempty"`
	Spent      int         `json:"spent,omitempty"`
	// Interrupted: the run was stopped (SIGINT, SIGTERM) while measuring,
	// and the report keeps what had finished. Adaptive: the Rounds before
	// the one under way, each whole — every card's sums as they stood at
	// the end of a round, on the same seeds; the round cut short is
	// dropped, its base games too, so no card is precise that was not
	// then. Fixed: the cards whose paired games had all finished, each
	// with the sums an uninterrupted run has (the cards are played in
	// order); Unmeasured are the others.
	Interrupted bool     `json:"interrupted,omitempty"`
	Unmeasured  []string `json:"unmeasured,omitempty"`
}

// CloseCall is a card --impact-decide played on past the precision:
// Games its paired games then, Verdict its win verdict in the report
// (still undecided when the budget, or the interrupt, ended it).
type CloseCall struct {
	Card    string `json:"card"`
	Games   int    `json:"games"`
	Verdict string `json:"verdict"`
}

// ImpactPlan is how an adaptive --impact run allocates its games.
type ImpactPlan struct {
	Precision float64 // target half-width of the win effect's interval (0.03: ±3 points)
	Budget    int     // games at most beyond the run's: base and paired
	// First is the games a card is paired in first (those it was drawn
	// in); MinPairs the pairs before its interval is trusted to stop it.
	First, MinPairs int
	// PreciseOnly stops at the precision: no close calls after it.
	PreciseOnly bool
}

// DefaultImpactPlan is the plan when a request leaves it unset.
var DefaultImpactPlan = ImpactPlan{Precision: 0.03, Budget: 2_000_000, First: 200, MinPairs: MinImpactPairs}

// Or fills p's zero fields from d.
func (p ImpactPlan) Or(d ImpactPlan) ImpactPlan {
	if p.Precision <= 0 {
		p.Precision = d.Precision
	}
	if p.Budget <= 0 {
		p.Budget = d.Budget
	}
	if p.First <= 0 {
		// About half the games a card drawn in every game needs at the
		// precision (a win difference's variance is at most about 1/4),
		// so no card is paired in far more than it needs at first.
		p.First = min(d.First, max(p.MinPairs, d.MinPairs, int(0.5*math.Pow(0.5*1.96/p.Precision, 2))))
	}
	if p.MinPairs <= 0 {
		p.MinPairs = d.MinPairs
	}
	return p
}

// keepSeen caps the games a card's list of draws keeps (the base run may
// go on for rarer cards): more than a card is ever paired in at a
// precision worth asking for.
const keepSeen = 1 << 16

// baseGame is what pairing needs of a base game.
type baseGame struct {
	won    uint8
	win    bool
	done   bool
	rounds int32
}

// drawn is a base game in which a card was drawn, and its holders.
type drawn struct {
	game  int32
	seats uint8
}

// impactCard is one card's measurement in progress.
type impactCard struct {
	k      int // its index in Outcome.Held
	card   *CardReport
	noWin  bool    // an earned card in a game of rivals: no win effect
	seen   []drawn // base games it was drawn in, up to keep (then skipped: still a random sample)
	keep   int     // how many seen holds at most: room for the rounds planned
	drawn  int     // all of them
	paired int     // seen[:paired] are paired
	played int     // games played with its substitute
	last   int     // the last base game paired, + 1
	win    pairSums
	rounds pairSums
	// Over every base unit.
	winBase, roundsBase baseSums
	precise             bool
	// closeFrom is the games played when it became a close call (precise,
	// verdict undecided, with --impact-decide): when every card was
	// precise, or later, when played on; -1 it is none.
	closeFrom int
}

// adaptive is an adaptive impact run.
type adaptive struct {
	plan   ImpactPlan
	shared bool
	z      float64 // of the intervals
	level  float64 // of significance
	band   float64
	cards  []*impactCard
	byK    []*impactCard // the cards by index in Outcome.Held (nil: not measured)
	base   []baseGame
	spent  int // games played beyond the run's: base and paired
	paired int
	rounds int
	// closing: every card was precise, the close calls are played on.
	closing bool
	// interrupted: the run was stopped; what is kept is the rounds before.
	interrupted bool
	// played, if set, is told the games spent so far as they are played.
	played func(played, budget int)
}

// roundStart is where an adaptive run stood when a round began: an
// interrupted round is undone to it, whole, so what is reported is a set
// of complete rounds.
type roundStart struct {
	base, spent, paired, rounds int
	cards                       []impactCard
}

// mark records the run's state before a round.
func (a *adaptive) mark() roundStart {
	m := roundStart{base: len(a.base), spent: a.spent, paired: a.paired, rounds: a.rounds, cards: make([]impactCard, len(a.cards))}
	for i, c := range a.cards {
		m.cards[i] = *c // seen only grows: its first entries stay as they were
	}
	return m
}

// undo puts the run back as it stood at m.
func (a *adaptive) undo(m roundStart) {
	a.base = a.base[:m.base]
	a.spent, a.paired, a.rounds = m.spent, m.paired, m.rounds
	for i, c := range a.cards {
		*c = m.cards[i]
	}
	a.interrupted = true
}

// newAdaptive sets up an adaptive run measuring the cards ids (in the
// order of Outcome.Held, each a card of rep) on the run's games,
// rep.Outcomes.
func newAdaptive(rep *SimReport, plan ImpactPlan, ids []string) *adaptive {
	bal := rep.Balance.Or(DefaultBalance)
	a := &adaptive{plan: plan, shared: rep.SharedWins, z: bal.z(), level: bal.Level, band: bal.Band}
	if !rep.SharedWins {
		a.band = bal.BandAt(rep.fairShare())
	}
	for k, id := range ids {
		for i := range rep.Cards {
			if c := &rep.Cards[i]; c.ID == id {
				a.cards = append(a.cards, &impactCard{k: k, card: c, noWin: !rep.SharedWins && c.Earned, keep: max(2*plan.First, len(rep.Outcomes)), closeFrom: -1})
				break
			}
		}
	}
	a.byK = make([]*impactCard, len(ids))
	for _, c := range a.cards {
		a.byK[c.k] = c
	}
	a.scan(rep.Outcomes)
	return a
}

// scan adds base games (the next ones of the run, in order) to every
// card's draws and base sums.
func (a *adaptive) scan(games []Outcome) {
	for i := range games {
		o := &games[i]
		g := len(a.base)
		a.base = append(a.base, baseGame{won: o.Won, win: o.Win, done: o.Done, rounds: int32(o.Rounds)})
		if !o.Done {
			continue
		}
		// By the cards drawn, not by every card: a game holds few.
		for k, held := range o.Held[:min(len(o.Held), len(a.byK))] {
			c := a.byK[k]
			if held == 0 || c == nil {
				continue
			}
			seats := uint8(held)
			c.drawn++
			if len(c.seen) < c.keep {
				c.seen = append(c.seen, drawn{game: int32(g), seats: seats})
			}
			c.roundsBase.add(o.Rounds)
			units, n := a.units(o.Won, o.Win, seats, c.noWin)
			for _, won := range units[:n] {
				c.winBase.add(b2i(won))
			}
		}
	}
}

// units are a game's win units for a card, the first n of them: the
// side's win when the players win together, else each holder's, by seat
// (an array, not a slice: scan asks for every card of every base game).
func (a *adaptive) units(won uint8, win bool, seats uint8, noWin bool) (units [8]bool, n int) {
	if a.shared {
		units[0] = win
		return units, 1
	}
	if noWin {
		return units, 0
	}
	for s := range uint(8) {
		if seats&(1<<s) != 0 {
			units[n] = won&(1<<s) != 0
			n++
		}
	}
	return units, n
}

// pair adds a card's paired games: seen[from:] with their outcomes with
// the substitute.
func (a *adaptive) pair(c *impactCard, from int, with []Outcome) {
	for i := range with {
		d, b := c.seen[from+i], &with[i]
		base := a.base[d.game]
		c.played++
		c.last = int(d.game) + 1
		if !b.Done {
			continue
		}
		c.rounds.add(int(base.rounds), b.Rounds)
		as, n := a.units(base.won, base.win, d.seats, c.noWin)
		bs, _ := a.units(b.Won, b.Win, d.seats, c.noWin)
		for u := range n {
			c.win.add(b2i(as[u]), b2i(bs[u]))
		}
	}
	c.paired = from + len(with)
}

// halfWidth is the half-width of a card's win interval so far, as
// reported (to 4 places); +Inf before two pairs.
func (a *adaptive) halfWidth(c *impactCard) float64 {
	e := winEffect(c.win, c.winBase, a.z)
	if e == nil {
		return math.Inf(1)
	}
	return round((e.High - e.Low) / 2)
}

// stops says whether a card's win effect is precise enough to stop: at
// least MinPairs pairs and a half-width, as reported, at most the
// target.
func (p ImpactPlan) stops(pairs int, halfWidth float64) bool {
	return pairs >= p.MinPairs && halfWidth <= p.Precision
}

// want is the games a card should have been paired in after this round
// (at most the ones it was drawn in, which the base may have to grow
// for): First to begin with, then what its interval's half-width says
// its precision needs (variance shrinks as 1/games), a little more to
// not fall just short, at most four times as many a round.
func (a *adaptive) want(c *impactCard, hw float64, target float64) int {
	if c.paired == 0 {
		return a.plan.First
	}
	need := c.paired + 1
	if !math.IsInf(hw, 1) && c.win.N >= 2 {
		need = int(math.Ceil(float64(c.paired)*(hw/target)*(hw/target)*1.1)) + 10
	} else {
		need = 4 * c.paired
	}
	if c.win.N < int64(a.plan.MinPairs) {
		need = max(need, c.paired*a.plan.MinPairs/max(int(c.win.N), 1)+10)
	}
	return min(max(need, c.paired+c.paired/4+10), 4*c.paired)
}

// decided says whether a card's win verdict is decided at its interval:
// within the band (fine), or beyond it and significant (its p-value,
// Bonferroni-corrected over the cards: stricter than the report's
// false discovery rate).
func (a *adaptive) decided(c *impactCard) bool {
	e := winEffect(c.win, c.winBase, a.z)
	if e == nil {
		return false
	}
	v, _ := classify(e.Delta, e.Low, e.High, min(e.p*float64(len(a.cards)), 1), a.band, a.level)
	return v != Undecided
}

// run plays the rounds: extend(n) plays the run's next n base games (with
// the cards tracked) and returns them, play(cards, games) a round's paired
// games, games[k] (base game numbers) with the substitute of cards[k],
// and returns their outcomes, by card and in that order; either returns
// nil when the run was stopped: the round under way is undone, whole
// (its base games too), and run returns false with the rounds before it
// kept. progress, if set, is told after each round.
func (a *adaptive) run(extend func(n int) []Outcome, play func(cards []*impactCard, games [][]int) [][]Outcome, progress func(round, precise, cards int)) bool {
	for a.spent < a.plan.Budget {
		wants, baseWant := a.allocate(a.closing)
		if wants == nil {
			if a.closing || a.plan.PreciseOnly {
				return true
			}
			a.closing = true // every card precise: on to the close calls
			for _, c := range a.cards {
				if c.precise && !c.noWin && !a.decided(c) {
					c.closeFrom = c.played
				}
			}
			continue
		}
		start := a.mark()
		a.rounds++
		spent := a.spent
		for i, c := range a.cards {
			// Keep the draws this round and the next may pair: the base
			// grows for the rarest card, and a common card's every draw
			// would cost memory for nothing.
			c.keep = min(max(c.keep, 4*wants[i]), keepSeen)
		}
		if extra := min(baseWant-len(a.base), a.plan.Budget-a.spent); extra > 0 {
			games := extend(extra)
			if games == nil {
				a.undo(start)
				return false
			}
			a.spent += len(games)
			a.scan(games)
		}
		// Every card's games of the round, in the order of the cards, as
		// far as the budget goes; all played at once, then paired.
		var cards []*impactCard
		var lists [][]int
		left := a.plan.Budget - a.spent
		for i, c := range a.cards {
			to := min(wants[i], len(c.seen), c.paired+left)
			if to <= c.paired {
				continue
			}
			if a.closing && !c.noWin && c.closeFrom < 0 {
				// Decided when closing began, undecided since: the base
				// played on for the others moved its estimate.
				c.closeFrom = c.played
			}
			games := make([]int, 0, to-c.paired)
			for _, d := range c.seen[c.paired:to] {
				games = append(games, int(d.game))
			}
			left -= len(games)
			cards, lists = append(cards, c), append(lists, games)
		}
		if len(cards) > 0 {
			with := play(cards, lists)
			if with == nil {
				a.undo(start)
				return false
			}
			for k, c := range cards {
				a.spent += len(with[k])
				a.paired += len(with[k])
				a.pair(c, c.paired, with[k])
			}
		}
		precise := 0
		for _, c := range a.cards {
			if !c.noWin && a.plan.stops(int(c.win.N), a.halfWidth(c)) {
				c.precise = true
			}
			if c.precise {
				precise++
			}
		}
		if progress != nil {
			progress(a.rounds, precise, a.measurable())
		}
		if a.spent == spent {
			return true // nothing more can be played within the budget
		}
	}
	return true
}

// measurable counts the cards with a win effect to measure.
func (a *adaptive) measurable() int {
	n := 0
	for _, c := range a.cards {
		if !c.noWin && c.drawn > 0 {
			n++
		}
	}
	return n
}

// allocate plans a round: the games each card should have been paired
// in after it (by card; nil: no card needs more) and the base games that
// takes (the most a card needs at its rate of draws; the base at most
// quadruples a round). A round that would overspend the budget is
// scaled down to what is left. A card with no win effect is paired once
// (First games: its effect on game length); in closing, the precise
// cards whose verdict is undecided double.
func (a *adaptive) allocate(closing bool) ([]int, int) {
	wants := make([]int, len(a.cards))
	any := false
	for i, c := range a.cards {
		switch {
		case c.drawn == 0:
		case c.noWin:
			if c.paired == 0 {
				wants[i] = a.plan.First
			}
		case closing:
			if c.precise && !a.decided(c) {
				wants[i] = min(2*c.paired, keepSeen)
			}
		case !c.precise:
			wants[i] = min(a.want(c, a.halfWidth(c), a.plan.Precision), keepSeen)
		}
		if wants[i] > c.paired {
			any = true
		}
	}
	if !any {
		return nil, len(a.base)
	}
	baseWant := len(a.base)
	for i, c := range a.cards {
		if wants[i] > len(c.seen) && !c.noWin && len(c.seen) < keepSeen && c.drawn > 0 {
			rate := float64(c.drawn) / float64(len(a.base))
			baseWant = max(baseWant, len(a.base)+int(math.Ceil(float64(wants[i]-len(c.seen))/rate*1.05)))
		}
	}
	baseWant = min(baseWant, 4*max(len(a.base), 1000))
	left := a.plan.Budget - a.spent
	cost := baseWant - len(a.base)
	for i, c := range a.cards {
		cost += max(min(wants[i], len(c.seen))-c.paired, 0)
	}
	if cost > left {
		f := float64(left) / float64(cost)
		baseWant = len(a.base) + int(float64(baseWant-len(a.base))*f)
		for i, c := range a.cards {
			if wants[i] > c.paired {
				wants[i] = c.paired + int(float64(wants[i]-c.paired)*f)
			}
		}
	}
	return wants, baseWant
}

// report writes each card's impact and the run's summary.
func (a *adaptive) report(rep *SimReport) {
	measure := measureWords(rep, rep.Terms.Or(DefaultTerms))
	run := &ImpactRun{Adaptive: true, Precision: a.plan.Precision, Budget: a.plan.Budget, BaseGames: len(a.base),
		Paired: a.paired, Rounds: a.rounds, Cards: len(a.cards), NotPrecise: []string{}, NoWinEffect: []string{}, NeverDrawn: []string{},
		Decide: !a.plan.PreciseOnly, Closing: a.closing, Interrupted: a.interrupted}
	if run.Decide {
		run.Spent = a.spent
	}
	var ratios []float64
	for _, c := range a.cards {
		im := &Impact{Games: c.last, Played: c.played, BaseGames: len(a.base), Band: round(a.band), Measure: measure,
			Rounds: controlledEffect(c.rounds, c.roundsBase, a.z)}
		if c.win.N >= 2 {
			im.Win = winEffect(c.win, c.winBase, a.z)
			im.HalfWidth = round((im.Win.High - im.Win.Low) / 2)
			_, se, plain := controlled(c.win, c.winBase)
			if plain > 0 {
				ratios = append(ratios, se*se/(plain*plain))
			}
		}
		im.Precise = c.precise
		switch {
		case c.noWin || c.drawn == 0:
			run.NoWinEffect = append(run.NoWinEffect, c.card.ID)
			if !c.noWin {
				run.NeverDrawn = append(run.NeverDrawn, c.card.ID)
			}
		case c.precise:
			run.Precise++
		default:
			run.NotPrecise = append(run.NotPrecise, c.card.ID)
		}
		c.card.Impact = im
		if c.closeFrom >= 0 {
			run.CloseCalls = append(run.CloseCalls, CloseCall{Card: c.card.ID, Games: c.played - c.closeFrom})
		}
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		run.VarianceRatio = round(ratios[len(ratios)/2])
	}
	rep.ImpactRun = run
}

// closeVerdicts gives each close call its card's verdict, once the
// report is judged.
func (a *adaptive) closeVerdicts(rep *SimReport) {
	for i := range rep.ImpactRun.CloseCalls {
		cc := &rep.ImpactRun.CloseCalls[i]
		if im := rep.card(cc.Card).Impact; im != nil {
			cc.Verdict = im.Verdict
		}
	}
}

// measureWords is what a win effect measures, in the game's words.
func measureWords(rep *SimReport, terms Terms) string {
	if rep.SharedWins {
		return fmt.Sprintf("the %s' win rate in games where it was drawn", terms.Players)
	}
	return fmt.Sprintf("the win rate of the %s who got it", terms.Player)
}
