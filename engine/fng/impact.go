package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
)

// impact measures each card of a layer (or every card) by paired runs: the
// games of the main run against the same seeds with the card left out of
// its deck (common random numbers), so the difference is the card's own
// effect and not the dice's. p-values are corrected over all the cards
// tested (Benjamini–Hochberg).
func impact(c *Content, opt SimOptions, req game.SimRequest, rep *game.SimReport) error {
	games := req.ImpactGames
	if games <= 0 || games > len(rep.Outcomes) {
		games = len(rep.Outcomes)
	}
	var targets []int
	for i := range rep.Cards {
		card := &rep.Cards[i]
		row := findRow(c, card.ID)
		if row == nil || row.Int("count") == 0 || (!opt.Advanced && row.Bool("advanced")) {
			continue
		}
		if req.ImpactLayer == "all" || card.Layer == req.ImpactLayer {
			targets = append(targets, i)
		}
	}
	if len(targets) == 0 {
		return fmt.Errorf("--impact %s: no cards to test (a layer's set ID, or all)", req.ImpactLayer)
	}
	coop := opt.Mode == Cooperative || opt.Mode == Solo
	ps := make([]float64, len(targets))
	base := rep.Outcomes[:games]
	for k, i := range targets {
		card := &rep.Cards[i]
		o := opt
		o.Games, o.Stats, o.KeepGames, o.Progress = games, false, true, nil
		o.Exclude = map[int]bool{}
		for n, r := range c.Cards {
			if r.ID == card.ID {
				o.Exclude[n] = true
			}
		}
		tally, _ := Simulate(c, o)
		without := outcomes(c, tally.PerGame)
		var rounds, wins sim.Paired
		for g := range base {
			if !base[g].Done || !without[g].Done {
				continue
			}
			rounds.Add(float64(base[g].Rounds - without[g].Rounds))
			if coop {
				wins.Add(b2f(base[g].Win) - b2f(without[g].Win))
			}
		}
		im := &game.Impact{Games: games, RoundsDelta: round4(rounds.Mean())}
		rc := rounds.Interval()
		im.RoundsLow, im.RoundsHigh = round4(rc.Low), round4(rc.High)
		im.P = rounds.PValue()
		if coop {
			wc := wins.Interval()
			im.WinDelta, im.WinLow, im.WinHigh = round4(wins.Mean()), round4(wc.Low), round4(wc.High)
			im.P = wins.PValue()
		}
		card.Impact = im
		ps[k] = im.P
		if req.Progress != nil {
			req.Progress(-(k + 1)) // negative: impact progress, cards done
		}
	}
	qs := sim.BenjaminiHochberg(ps)
	for k, i := range targets {
		im := rep.Cards[i].Impact
		im.P, im.Q = round4(im.P), round4(qs[k])
		im.Significant = qs[k] < 0.05
	}
	// Impact may add broken flags.
	for i := range rep.Cards {
		rep.Cards[i].Flags = nil
	}
	rep.Flags = game.FlagCards(rep.Cards, rep.Coverage, rep.Terms)
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
