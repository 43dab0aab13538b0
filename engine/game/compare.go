package game

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/sim"
)

// Thresholds for --fail-on: the largest significant difference a
// designer's CI accepts, by metric. win, rounds, card-win and pass bound
// how far the baseline's metrics move; hero and card bound how far a side
// or card the build adds or replaces lies from its reference.
type Thresholds map[string]float64

var metrics = []string{"hero", "card", "win", "rounds", "card-win", "pass"}

// ParseThresholds reads "hero=0.05,card=0.05,rounds=2".
func ParseThresholds(s string) (Thresholds, error) {
	t := Thresholds{}
	if strings.TrimSpace(s) == "" {
		return t, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return nil, fmt.Errorf("--fail-on: %q is not metric=bound", part)
		}
		known := false
		for _, m := range metrics {
			known = known || k == m
		}
		if !known {
			return nil, fmt.Errorf("--fail-on: unknown metric %q (%s)", k, strings.Join(metrics, ", "))
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("--fail-on: %q is not a bound", v)
		}
		t[k] = f
	}
	return t, nil
}

// Compare sets a run against a baseline run of the same seeds and options.
// It lists the rows the build changes; judges each side and dealt card it
// adds or replaces against the baseline (a side against a typical
// baseline side at the same tables of this run where the lineups tell,
// else against the baseline's fair share or its side's win rate; a card
// against its deck's cards in the baseline); and finds the metrics that moved — game length and the
// side's win rate paired game by game, each side's win rate, each card's
// holders' win rate and pass rate. Every p-value enters one
// Benjamini–Hochberg correction, so the moves listed are significant
// after it; it names the bounds they break.
func Compare(baseline string, base, cur *SimReport, changes []Change, limits Thresholds) *Comparison {
	return CompareWith(baseline, base, cur, changes, limits, PairGames(base.Outcomes, cur.Outcomes))
}

// ComparePairs are a comparison's games paired game by game on the same
// seeds (both finished): the differences in game length and in the
// players' win (this build's − the baseline's), and the wins of each.
// Sums, so the shards of a run add up to the run's.
type ComparePairs struct {
	Rounds   sim.Paired `json:"rounds"`
	Wins     sim.Paired `json:"wins"`
	BaseWins int        `json:"base_wins"`
	CurWins  int        `json:"wins_now"`
}

// PairGames pairs the outcomes of a baseline run and a run on the same
// seeds, game by game.
func PairGames(base, cur []Outcome) ComparePairs {
	var p ComparePairs
	for i := range min(len(base), len(cur)) {
		b, c := &base[i], &cur[i]
		if !b.Done || !c.Done {
			continue
		}
		p.Rounds.Add(c.Rounds - b.Rounds)
		p.Wins.Add(b2i(c.Win) - b2i(b.Win))
		p.BaseWins += b2i(b.Win)
		p.CurWins += b2i(c.Win)
	}
	return p
}

func (p *ComparePairs) merge(o *ComparePairs) {
	p.Rounds.Merge(o.Rounds)
	p.Wins.Merge(o.Wins)
	p.BaseWins += o.BaseWins
	p.CurWins += o.CurWins
}

// CompareWith is Compare with the games paired already (pairs): what a
// merge of shards has, in place of the runs' outcomes.
func CompareWith(baseline string, base, cur *SimReport, changes []Change, limits Thresholds, pairs ComparePairs) *Comparison {
	bal := cur.Balance.Or(DefaultBalance)
	cmp := &Comparison{Baseline: baseline, Games: cur.Games, Changes: changes, New: []Verdict{}, Moves: []Movement{}}
	if cmp.Changes == nil {
		cmp.Changes = []Change{}
	}
	changed := map[string]bool{}
	for _, c := range changes {
		if c.Kind != "removed" {
			changed[c.ID] = true
		}
	}
	var f family

	// New and replaced sides, against the baseline at each player count.
	baseCounts := map[int]PlayerCount{}
	for _, pc := range base.PlayerCounts {
		baseCounts[pc.Players] = pc
	}
	for _, v := range cur.Verdicts {
		pc, ok := baseCounts[v.Players]
		if !changed[v.ID] || !ok || pc.Games == 0 {
			continue
		}
		nv := Verdict{Subject: v.Subject, ID: v.ID, Name: v.Name, Where: v.Where, Players: v.Players, Measure: v.Measure,
			Band: v.Band, runGames: v.runGames}
		// Where the lineups tell, against a typical baseline side at the
		// same tables of this run; else against the baseline's fair share
		// (its games, where the players win together).
		together := cur.SharedWins || v.Players == 1
		base := func(id string) bool { return !changed[id] }
		wins, games := v.Wins, v.Games // in all its games
		if u := v.Unadjusted; u != nil {
			wins, games = u.Wins, u.Games
		}
		switch {
		case v.typical && cur.typicalAt(&nv, together, cur.far[v.Players], base, "baseline "):
			nv.Unadjusted = v.Unadjusted
		case !together:
			nv.fixedShare(wins, games, frac0(pc.SeatWins, pc.SeatGames), bal)
			nv.Reference = "the baseline's fair share"
		default:
			nv.against(wins, games, pc.Won, pc.Games, bal)
			nv.Reference = "the baseline's " + countGames(v.Players, cur.Terms) + " games"
		}
		cmp.New = append(cmp.New, nv)
	}
	// New and replaced dealt cards, against their deck in the baseline.
	type pool struct{ wins, holders int }
	baseDecks := map[string]pool{}
	for _, c := range base.Cards {
		if c.Dealt {
			p := baseDecks[c.Deck]
			p.wins += int(c.HolderWins)
			p.holders += int(c.Holders)
			baseDecks[c.Deck] = p
		}
	}
	band := bal.Band
	if !cur.SharedWins {
		band = bal.BandAt(cur.fairShare())
	}
	terms := cur.Terms.Or(DefaultTerms)
	for _, c := range cur.Cards {
		p := baseDecks[c.Deck]
		if !changed[c.ID] || !c.Dealt || c.Holders == 0 || p.holders == 0 {
			continue
		}
		nv := Verdict{Subject: "card", ID: c.ID, Name: c.Name, Where: c.Where, Band: round(band), runGames: cur.Games,
			Measure:   fmt.Sprintf("win rate of %s who drew or used it", terms.Players),
			Reference: fmt.Sprintf("%s who drew or used %s cards in the baseline", terms.Players, DeckName(c.Deck))}
		nv.against(int(c.HolderWins), int(c.Holders), p.wins, p.holders, bal)
		cmp.New = append(cmp.New, nv)
	}
	for i := range cmp.New {
		f.verdict(&cmp.New[i], bal.Level)
	}

	// Moves of what both builds have.
	var cards, game []Movement
	keep := func(list *[]Movement, m Movement, p float64) {
		*list = append(*list, m)
		idx := len(*list) - 1
		f.add(p, func(q float64, _ int) { (*list)[idx].Q = round(q) })
	}
	baseCards := map[string]*CardReport{}
	for i := range base.Cards {
		baseCards[base.Cards[i].ID] = &base.Cards[i]
	}
	for i := range cur.Cards {
		c := &cur.Cards[i]
		b := baseCards[c.ID]
		if b == nil {
			continue
		}
		if m, p, ok := proportions("card-win", c.ID, int(b.HolderWins), int(b.Holders), int(c.HolderWins), int(c.Holders), bal); ok {
			keep(&cards, m, p)
		}
		bp, bn, cp, cn := b.Passed, b.Tests, c.Passed, c.Tests
		if b.Faced > 0 || c.Faced > 0 {
			bp, bn, cp, cn = b.Overcome, b.Faced, c.Overcome, c.Faced
		}
		if m, p, ok := proportions("pass", c.ID, int(bp), int(bn), int(cp), int(cn), bal); ok {
			keep(&cards, m, p)
		}
	}
	// Game level, paired game by game on the same seeds.
	rounds, wins, bw, cw := pairs.Rounds, pairs.Wins, pairs.BaseWins, pairs.CurWins
	cmp.base, cmp.pairs = base, pairs
	if rounds.N > 1 {
		ci := rounds.IntervalZ(bal.z())
		keep(&game, Movement{Metric: "rounds", Baseline: base.Rounds.Mean, Current: cur.Rounds.Mean,
			Delta: round(rounds.Mean()), Low: round(ci.Low), High: round(ci.High), P: round(rounds.PValue())}, rounds.PValue())
	}
	if cur.SharedWins && wins.N > 1 {
		ci := wins.IntervalZ(bal.z())
		keep(&game, Movement{Metric: "win", Card: terms.Players, Baseline: frac(bw, int(wins.N)), Current: frac(cw, int(wins.N)),
			Delta: round(wins.Mean()), Low: round(ci.Low), High: round(ci.High), P: round(wins.PValue())}, wins.PValue())
	}
	if !cur.SharedWins {
		baseSides := map[string]Rate{}
		for _, h := range base.Heroes {
			baseSides[h.ID] = h
		}
		for _, h := range cur.Heroes {
			if b, ok := baseSides[h.ID]; ok {
				if m, p, ok := proportions("win", h.ID, b.Wins, b.Games, h.Wins, h.Games, bal); ok {
					keep(&game, m, p)
				}
			}
		}
	}

	cmp.Tested = f.correct()
	significant := func(list []Movement) []Movement {
		var out []Movement
		for _, m := range list {
			if m.Q < bal.Level {
				out = append(out, m)
			}
		}
		return out
	}
	cards, game = significant(cards), significant(game)
	sort.SliceStable(cards, func(i, j int) bool { return math.Abs(cards[i].Delta) > math.Abs(cards[j].Delta) })
	cmp.Moves = append(append(cmp.Moves, cards...), game...)

	for _, v := range cmp.New {
		metric := "hero"
		if v.Subject == "card" {
			metric = "card"
		}
		if bound, ok := limits[metric]; ok && v.enough() && v.Q < bal.Level && math.Abs(v.Delta) > bound {
			who := v.ID
			if v.Players > 0 {
				who += fmt.Sprintf(" at %d players", v.Players)
			}
			cmp.Failed = append(cmp.Failed, fmt.Sprintf("new %s %s is %+.3g from %s (bound %g)", v.Subject, who, v.Delta, v.Reference, bound))
		}
	}
	for _, m := range cmp.Moves {
		if bound, ok := limits[m.Metric]; ok && math.Abs(m.Delta) > bound {
			who := m.Metric
			if m.Card != "" {
				who += " of " + m.Card
			}
			cmp.Failed = append(cmp.Failed, fmt.Sprintf("%s moved %+.3g (bound %g)", who, m.Delta, bound))
		}
	}
	return cmp
}

// proportions compares two proportions (baseline k1/n1, now k2/n2): the
// move, its interval and its p-value. Too few trials on either side is
// no comparison.
func proportions(metric, card string, k1, n1, k2, n2 int, bal Balance) (Movement, float64, bool) {
	if n1 < minTrials || n2 < minTrials {
		return Movement{}, 0, false
	}
	d, ci := sim.DiffIntervalZ(k2, n2, k1, n1, bal.z())
	p := sim.TwoProportions(k2, n2, k1, n1)
	return Movement{Metric: metric, Card: card, Baseline: frac(k1, n1), Current: frac(k2, n2), Delta: round(d),
		Low: round(ci.Low), High: round(ci.High), P: round(p)}, p, true
}

func frac(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return round(float64(k) / float64(n))
}

func round(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0
	}
	return math.Round(x*10000) / 10000
}
