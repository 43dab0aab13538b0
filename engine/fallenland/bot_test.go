package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Verdicts rest on the bots: every action a Fallen Land bot can take —
// each Deed, each rule a bot's choice can trigger (a Party attacking a
// Party included: the bots used never to start PVP) and every card timing
// the bundled cards use — is taken at least once over a fixed set of runs
// covering both modes, 2 to 6 players, every policy and Draft Setup.
func TestEveryBotActionIsTaken(t *testing.T) {
	c := bundled(t)
	runs := []SimOptions{
		{Options: Options{Players: 4}, Policy: "mix", Games: 300},
		{Options: Options{Players: 4}, Policy: "cautious", Games: 500},
		{Options: Options{Players: 2}, Policy: "bold", Games: 150},
		{Options: Options{Players: 6}, Policy: "random", Games: 100},
		{Options: Options{Players: 3, Short: true}, Policy: "mix", Games: 150},
		{Options: Options{Players: 4, Variants: Variants{DraftSetup: true}}, Policy: "mix", Games: 50},
	}
	var rules [NumRules]uint64
	var deeds [numDeeds]uint64
	used := map[Timing]uint64{}
	for i, opt := range runs {
		opt.Seed, opt.Stats, opt.MaxRounds = 11, true, 100
		tally, _ := Simulate(c, opt)
		s := tally.Stats
		for r, n := range s.Rules {
			rules[r] += n
		}
		for d, n := range s.Deeds {
			deeds[d] += n
		}
		for n, row := range c.Cards {
			if row.Declares("timing") {
				used[Timing(max(indexOf(Timings, row.Str("timing")), 0))] += s.Cards[n].Used
			}
		}
		if i == 1 {
			assert.Positive(t, s.Rules[RulePartyPVP], "cautious bots attack a Party they expect to beat")
		}
	}
	for d := range deeds {
		assert.Positive(t, deeds[d], "the %s Deed is never taken", deedNames[d])
	}
	for r := Rule(0); r < NumRules; r++ {
		if r == RuleWaterTravel && c.WaterDist == nil {
			continue // no Faction of the bundled set travels by water
		}
		assert.Positive(t, rules[r], "rule %q is never triggered", RuleNames[r])
	}
	timings := map[Timing]bool{}
	for _, row := range c.Cards {
		if !row.Declares("timing") {
			continue // Encounters and Missions
		}
		if tm := row.Str("timing"); tm != "" && row.Has("effect") {
			timings[Timing(max(indexOf(Timings, tm), 0))] = true
		}
	}
	require.NotEmpty(t, timings)
	for tm := range timings {
		assert.Positive(t, used[tm], "no card of timing %q is ever used", Timings[tm])
	}
}
