package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
)

// impactTargets are the cards --impact measures (by Card.N): every card
// of a layer (or every card) that the run's decks hold.
func impactTargets(c *Content, opt SimOptions, layer string) ([]int, error) {
	var targets []int
	for n, row := range c.Cards {
		if !reportable(deckOf(row)) || row.Int("count") == 0 || (!opt.Advanced && row.Bool("advanced")) {
			continue
		}
		if layer == "all" || row.Layer() == layer {
			targets = append(targets, n)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("--impact %s: no cards to test (a layer's set ID, or all)", layer)
	}
	return targets, nil
}

// measureImpact measures each target card by paired runs: the games of
// the main run against the same seeds with a random other card of its
// deck in its place (see game.MeasureImpact).
func measureImpact(c *Content, opt SimOptions, req game.SimRequest, rep *game.SimReport, targets []int) {
	ids := make([]string, len(targets))
	for k, n := range targets {
		ids[k] = c.Cards[n].ID
	}
	game.MeasureImpact(rep, ids, req.ImpactGames, func(id string, games int) []game.Outcome {
		o := opt
		o.Games, o.Stats, o.KeepGames, o.Progress, o.Track = games, false, true, nil, nil
		o.Substitute, _ = game.CardIndexes(c.Cards, []string{id}) // id is a card of the report
		tally, st := Simulate(c, o)
		if st.Stopped {
			return nil
		}
		return outcomes(c, tally.PerGame)
	}, req.ImpactProgress)
}
