package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
)

// impact measures each card of a layer (or every card) by paired runs: the
// games of the main run against the same seeds with the card left out of
// its deck (common random numbers), so the difference is the card's own
// effect and not the dice's. p-values are corrected over all the cards
// tested (Benjamini–Hochberg).
func impact(c *Content, opt SimOptions, req game.SimRequest, rep *game.SimReport) error {
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
	game.MeasureImpact(rep, targets, req.ImpactGames, opt.Mode == Cooperative || opt.Mode == Solo, func(id string, games int) []game.Outcome {
		o := opt
		o.Games, o.Stats, o.KeepGames, o.Progress = games, false, true, nil
		o.Exclude, _ = game.CardIndexes(c.Cards, []string{id}) // id is a card of the report
		tally, st := Simulate(c, o)
		if st.Stopped {
			return nil
		}
		return outcomes(c, tally.PerGame)
	}, req.Progress)
	return nil
}
