package game

import "github.com/deckwright/deckwright/engine/sim"

// MeasureImpact measures cards by paired runs: the first games of the
// main run (rep.Outcomes) against the same seeds with one card left out
// of its deck (common random numbers), so that the difference is the
// card's own effect and not the dice's. without(id, games) plays those
// games without card id. Game length is always measured; the win rate
// when wins is set (cooperative games, where "the players won" is one
// outcome). p-values are corrected over all the cards measured
// (Benjamini–Hochberg), and the report's flags are worked out again.
// progress, if set, is called with −k after k cards. without returns nil
// when the run was stopped (an interrupt): measuring ends there.
func MeasureImpact(rep *SimReport, cards []int, games int, wins bool, without func(id string, games int) []Outcome, progress func(int)) {
	if games <= 0 || games > len(rep.Outcomes) {
		games = len(rep.Outcomes)
	}
	base := rep.Outcomes[:games]
	ps := make([]float64, len(cards))
	for k, i := range cards {
		card := &rep.Cards[i]
		other := without(card.ID, games)
		if other == nil { // the run was stopped: its report is partial, without impacts
			return
		}
		var rounds, won sim.Paired
		for g := range base {
			if !base[g].Done || !other[g].Done {
				continue
			}
			rounds.Add(float64(base[g].Rounds - other[g].Rounds))
			won.Add(b2f(base[g].Win) - b2f(other[g].Win))
		}
		im := &Impact{Games: games, RoundsDelta: round(rounds.Mean()), P: rounds.PValue()}
		ci := rounds.Interval()
		im.RoundsLow, im.RoundsHigh = round(ci.Low), round(ci.High)
		if wins {
			ci := won.Interval()
			im.WinDelta, im.WinLow, im.WinHigh = round(won.Mean()), round(ci.Low), round(ci.High)
			im.P = won.PValue()
		}
		card.Impact = im
		ps[k] = im.P
		if progress != nil {
			progress(-(k + 1))
		}
	}
	qs := sim.BenjaminiHochberg(ps)
	for k, i := range cards {
		im := rep.Cards[i].Impact
		im.P, im.Q = round(im.P), round(qs[k])
		im.Significant = qs[k] < 0.05
	}
	for i := range rep.Cards {
		rep.Cards[i].Flags = nil
	}
	rep.Flags = FlagCards(rep.Cards, rep.Coverage, rep.Terms)
}
