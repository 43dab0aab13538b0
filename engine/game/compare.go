package game

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/sim"
)

// Thresholds for --fail-on: the largest significant move a designer's CI
// accepts, by metric (win, rounds, card-win, pass).
type Thresholds map[string]float64

// ParseThresholds reads "win=0.05,rounds=2,card-win=0.1".
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
		switch k {
		case "win", "rounds", "card-win", "pass":
		default:
			return nil, fmt.Errorf("--fail-on: unknown metric %q (win, rounds, card-win, pass)", k)
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 {
			return nil, fmt.Errorf("--fail-on: %q is not a bound", v)
		}
		t[k] = f
	}
	return t, nil
}

// Compare sets a run against a baseline run of the same seeds and options:
// game-level metrics paired game by game, cards matched by ID. It keeps
// the moves whose 95% interval excludes zero, cards first, largest first,
// and names the thresholds they break.
func Compare(baseline string, base, cur *SimReport, limits Thresholds) *Comparison {
	cmp := &Comparison{Baseline: baseline, Games: cur.Games, Moves: []Movement{}}
	var cards []Movement
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
		bw, cw := int(math.Round(b.HolderRate*float64(b.Holders))), int(math.Round(c.HolderRate*float64(c.Holders)))
		if m, ok := moved("card-win", c.ID, bw, int(b.Holders), cw, int(c.Holders)); ok {
			cards = append(cards, m)
		}
		if m, ok := moved("pass", c.ID, int(b.Passed), int(b.Tests), int(c.Passed), int(c.Tests)); ok {
			cards = append(cards, m)
		}
	}
	sort.SliceStable(cards, func(i, j int) bool { return math.Abs(cards[i].Delta) > math.Abs(cards[j].Delta) })
	cmp.Moves = append(cmp.Moves, cards...)
	// Game level, paired game by game on the same seeds.
	var rounds, wins sim.Paired
	n := min(len(base.Outcomes), len(cur.Outcomes))
	bw, cw, played := 0, 0, 0
	for i := range n {
		b, c := base.Outcomes[i], cur.Outcomes[i]
		if !b.Done || !c.Done {
			continue
		}
		played++
		rounds.Add(float64(c.Rounds - b.Rounds))
		wins.Add(b2f(c.Win) - b2f(b.Win))
		if b.Win {
			bw++
		}
		if c.Win {
			cw++
		}
	}
	if ci := rounds.Interval(); played > 1 && (ci.Low > 0 || ci.High < 0) {
		cmp.Moves = append(cmp.Moves, Movement{Metric: "rounds", Baseline: base.Rounds.Mean, Current: cur.Rounds.Mean,
			Delta: round(rounds.Mean()), Low: round(ci.Low), High: round(ci.High), P: round(rounds.PValue())})
	}
	if cur.Coop != nil {
		if ci := wins.Interval(); played > 1 && (ci.Low > 0 || ci.High < 0) {
			cmp.Moves = append(cmp.Moves, Movement{Metric: "win", Card: "heroes", Baseline: frac(bw, played), Current: frac(cw, played),
				Delta: round(wins.Mean()), Low: round(ci.Low), High: round(ci.High), P: round(wins.PValue())})
		}
	} else {
		baseHeroes := map[string]Rate{}
		for _, h := range base.Heroes {
			baseHeroes[h.ID] = h
		}
		for _, h := range cur.Heroes {
			if b, ok := baseHeroes[h.ID]; ok {
				if m, ok := moved("win", h.ID, b.Wins, b.Games, h.Wins, h.Games); ok {
					cmp.Moves = append(cmp.Moves, m)
				}
			}
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

// moved compares two proportions and keeps the move if its interval
// excludes zero.
func moved(metric, card string, k1, n1, k2, n2 int) (Movement, bool) {
	if n1 < 20 || n2 < 20 {
		return Movement{}, false
	}
	d, ci := sim.DiffInterval(k2, n2, k1, n1)
	if ci.Low <= 0 && ci.High >= 0 {
		return Movement{}, false
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	pooled := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pooled * (1 - pooled) * (1/float64(n1) + 1/float64(n2)))
	p := 0.0
	if se > 0 {
		p = sim.TwoSided(d / se)
	}
	return Movement{Metric: metric, Card: card, Baseline: round(p1), Current: round(p2), Delta: round(d), Low: round(ci.Low), High: round(ci.High), P: round(p)}, true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
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
