package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/engine/game"
)

// TestPartialNote: the PARTIAL line says what an interrupted run's report
// covers — the games finished and what --impact kept of its rounds or
// cards, or that it kept nothing — in each case a run can stop in.
func TestPartialNote(t *testing.T) {
	adaptive := &game.ImpactRun{Adaptive: true, Interrupted: true, Precision: 0.03, BaseGames: 4000, Paired: 50411, Rounds: 1, Cards: 5, Precise: 2, NoWinEffect: []string{"idol"}}
	allPrecise := *adaptive
	allPrecise.Rounds, allPrecise.Precise = 3, 4
	fixed := &game.ImpactRun{Interrupted: true, Cards: 1, Unmeasured: []string{"b", "c"}}
	for _, c := range []struct {
		name    string
		games   int
		run     *game.ImpactRun
		compare string
		want    string
	}{
		{"in the games", 300, nil, "", "the report covers the first 300 of 1000 games"},
		{"in the first round", 1000, nil, "", "the report covers all 1000 games, without the --impact measurements"},
		{"adaptive, rounds kept", 1000, adaptive, "", "the report covers all 1000 games; --impact was interrupted in round 2 and keeps the 1 round finished before it (4000 base games, 50411 paired): 2 of 4 cards' win effects precise to ±3.0 points, the others less precise"},
		{"adaptive, every card precise", 1000, &allPrecise, "", "the report covers all 1000 games; --impact was interrupted in round 4 and keeps the 3 rounds finished before it (4000 base games, 50411 paired): 4 of 4 cards' win effects precise to ±3.0 points"},
		{"fixed, cards kept", 1000, fixed, "", "the report covers all 1000 games; --impact was interrupted and keeps the 1 of 3 cards whose paired games had all finished"},
		{"kept, without the baseline", 1000, fixed, "base", "the report covers all 1000 games, without the --compare baseline; --impact was interrupted and keeps the 1 of 3 cards whose paired games had all finished"},
		{"nothing kept, without the baseline", 1000, nil, "base", "the report covers all 1000 games, without the --impact measurements or the --compare baseline"},
		{"impact whole, without the baseline", 1000, &game.ImpactRun{Adaptive: true, Cards: 5}, "base", "the report covers all 1000 games, without the --compare baseline"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &simFlags{games: 1000, impact: "all", compare: c.compare}
			assert.Equal(t, c.want, partialNote(&game.SimReport{Games: c.games, ImpactRun: c.run}, f))
		})
	}
}
