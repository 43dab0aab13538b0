package fng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/table"
)

// Verdicts rest on the bots: every action a bot can take in Fortune and
// Glory — each rule a bot's choice can trigger, and every card timing the
// bundled cards use — is taken at least once over a fixed set of runs
// covering the four modes, both levels, an organization in the
// competitive game and every policy.
func TestEveryBotActionIsTaken(t *testing.T) {
	c := bundled(t)
	runs := []SimOptions{
		{Options: Options{Mode: Competitive, Players: 4, Advanced: true}, Policy: "mix", Games: 400},
		{Options: Options{Mode: Competitive, Players: 4, Advanced: true, Org: "random"}, Policy: "mix", Games: 200},
		{Options: Options{Mode: Competitive, Players: 3}, Policy: "mix", Games: 150},
		{Options: Options{Mode: Cooperative, Players: 4, Advanced: true}, Policy: "mix", Games: 300},
		{Options: Options{Mode: Team, Players: 4, Advanced: true, Teams: []int{0, 1, 0, 1}}, Policy: "mix", Games: 150},
		{Options: Options{Mode: Solo, Players: 1, Advanced: true}, Policy: "mix", Games: 150},
		{Options: Options{Mode: Solo, Players: 3, Advanced: true}, Policy: "mix", Games: 150},
	}
	var rules [NumRules]uint64
	used := map[Timing]uint64{}
	for _, opt := range runs {
		opt.Seed, opt.Stats, opt.MaxRounds = 11, true, 100
		tally, _ := Simulate(c, opt)
		for r, n := range tally.Stats.Rules {
			rules[r] += n
		}
		for n, row := range c.Cards {
			for _, tm := range cardTimings(row) {
				used[tm] += tally.Stats.Cards[n].Used
			}
		}
	}
	// Rules no bot's choice can reach with the bundled set, and why.
	unreachable := map[Rule]string{
		RuleTurf:            "the Mob's turf blocks a Nazi Occupation: no game has both organizations",
		RuleNaziGoldVillain: "rare: a Nazi Gold card whose villain the hero beats in the one round (a few games in 10,000)",
	}
	for r := Rule(0); r < NumRules; r++ {
		if _, ok := unreachable[r]; !ok {
			assert.Positive(t, rules[r], "rule %q is never triggered", RuleNames[r])
		}
	}
	timings := map[Timing]bool{}
	for _, row := range c.Cards {
		for _, tm := range cardTimings(row) {
			timings[tm] = true
		}
	}
	require.NotEmpty(t, timings)
	for tm := range timings {
		assert.Positive(t, used[tm], "no card of timing %q is ever used", Timings[tm-1])
	}
}

// cardTimings are the moments a card row names in its Timing cell ("any"
// aside: it names no moment of its own).
func cardTimings(row *table.Row) []Timing {
	var out []Timing
	if !row.Declares("timing") {
		return nil
	}
	for _, t := range row.List("timing") {
		if i := enumIndex(Timings, t); t != AnyTiming && Timings[i] == t {
			out = append(out, Timing(i+1))
		}
	}
	return out
}

// A hurt hero with no Glory to heal in a city used to stand beside its
// artifact for the rest of the game (a bold Sharon Hunter from round 3 to
// 17, 4 of 40 seeds): it neither hunted (too hurt) nor healed (no Glory).
// It adventures now — camping after the first Danger heals it fully.
func TestHurtHeroWithoutGloryDoesNotIdle(t *testing.T) {
	c := bundled(t)
	for _, tc := range []struct {
		mode    Mode
		players int
		policy  Policy
	}{{Competitive, 4, Bold}, {Competitive, 2, Bold}, {Competitive, 4, Cautious}, {Cooperative, 1, Bold}} {
		stuck := 0
		for seed := range 40 {
			g := New(c)
			pols := make([]Policy, tc.players)
			for i := range pols {
				pols[i] = tc.policy
			}
			g.reset(simSeed(1, seed+1), Options{Mode: tc.mode, Players: tc.players, Advanced: true, MaxRounds: 60, Policies: pols})
			g.setupGame()
			idle := make([]int, tc.players)
			for !g.over && g.round < 40 {
				g.playRound()
				for s := range g.heroes {
					h := &g.heroes[s]
					if !h.ko && g.health(h) < 2 && h.glory < c.Rules.HealCost {
						idle[s]++
						if idle[s] == 5 {
							stuck++
						}
					} else {
						idle[s] = 0
					}
				}
			}
		}
		assert.Zero(t, stuck, "%v %d heroes, %v: heroes stuck hurt without Glory for 5 rounds", tc.mode, tc.players, tc.policy)
	}
}

// The decision itself: at its artifact, hurt and penniless, a bold hero
// goes on the adventure; with the Glory to heal it first goes to heal.
func TestHurtHeroAdventuresWhenItCannotHeal(t *testing.T) {
	s := newScenario(t, Options{Policies: []Policy{Bold}}, "sharon-hunter")
	site := s.site("the-idol", "of-kings", "sahara")
	h := s.at(0, "sahara")
	h.wounds = s.maxWounds(h) - 1
	h.glory = 0
	assert.True(t, h.dec.Adventure(s.Game, h, site), "with 1 wound left and no Glory: adventure, camp, heal")
	h.glory = 5
	assert.False(t, h.dec.Adventure(s.Game, h, site), "with Glory it heals in a city first")
	assert.Equal(t, s.nearestCity(h.space, false), s.route(h))
}

// The path-finder plans by expected movement rolls, not by least
// movement: a roll below the next sea's cost goes to a better shore or a
// cheaper sea instead of standing still. Over the same walks it needs
// fewer rolls and stands still far less often.
func TestPathFinderUsesRollsBelowASeasCost(t *testing.T) {
	c := bundled(t)
	walk := func(planner bool) (rolls, idle int) {
		g := New(c)
		g.reset(1, Options{Players: 1, Advanced: true})
		g.setupGame()
		saved := c.walk
		if !planner {
			c.walk = nil // walkGoal then heads straight for the target
		}
		defer func() { c.walk = saved }()
		h := &g.heroes[0]
		for trial := range 3000 {
			from, to := int16(trial%len(c.Spaces)), int16((trial*37+11)%len(c.Spaces))
			h.space = from
			for n := 0; h.space != to && n < 60; n++ {
				points, before := g.roll(), h.space
				for steps := 0; steps < 64 && h.space != to; steps++ {
					next := g.nextStep(h.space, g.walkGoal(h.space, to, points), points)
					if next < 0 {
						break
					}
					points -= int(c.Spaces[next].Cost)
					h.space = next
				}
				if h.space == before {
					idle++
				}
				rolls++
			}
		}
		return rolls, idle
	}
	greedyRolls, greedyIdle := walk(false)
	rolls, idle := walk(true)
	assert.Less(t, float64(rolls), 0.98*float64(greedyRolls), "fewer rolls: %d against %d", rolls, greedyRolls)
	assert.Less(t, float64(idle), 0.75*float64(greedyIdle), "fewer rolls standing still: %d against %d", idle, greedyIdle)

	// Alaska to Sydney: the shortest way starts across the North Pacific
	// (4). With a roll of 2 the greedy walker cannot enter it and stays;
	// the planner goes to Canada, where a way that needs no 4 begins.
	s := newScenario(t, Options{}, "duke-dudley")
	from, to := s.space("alaska"), s.space("sydney")
	require.Equal(t, int16(-1), s.nextStep(from, to, 2), "two points cannot enter the first sea")
	goal := s.walkGoal(from, to, 2)
	assert.Equal(t, "canada", s.spaceID(goal))
	turns, _ := c.walk.plan(to)
	assert.Less(t, turns[goal], turns[from])
}

// Double Cross robs a hero of another side in the space: a bot keeps it
// until one there carries an artifact, and in the solo game (all heroes
// one side) it has no use, so it is never called dead there.
func TestDoubleCrossWaitsForARival(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	duke, jake := s.at(0, "sahara"), s.at(1, "sahara")
	s.holding(0, "double-cross")
	s.offerSelf(0, TAdventure)
	assert.Equal(t, []string{"double-cross"}, s.handIDs(0), "nobody here to rob: kept")
	jake.artifacts = append(jake.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	s.offerSelf(0, TAdventure)
	assert.Empty(t, s.handIDs(0), "played")
	require.Len(t, duke.artifacts, 1)
	assert.Empty(t, jake.artifacts)

	c := bundled(t)
	for _, mode := range []Mode{Solo, Cooperative} {
		tally, _ := Simulate(c, SimOptions{Options: Options{Mode: mode, Players: 1, Advanced: true, MaxRounds: 100}, Policy: "cautious", Games: 300, Seed: 4, Stats: true})
		for _, r := range cardReports(c, Options{Mode: mode}, tally.Stats) {
			if r.ID == "double-cross" {
				assert.Positive(t, r.Drawn)
				assert.Zero(t, r.Used)
				assert.False(t, r.HasAbility, "%v: no use, so never dead", mode)
			}
		}
	}
}

// A bot buys a Common Item only with its cost plus the Glory it keeps in
// hand: one Glory short of the cheapest, there is nothing to buy.
func TestCommonChoiceGloryBoundary(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	h := &s.heroes[0]
	cheapest := 1 << 30
	for _, id := range s.c.CommonItems {
		cheapest = min(cheapest, s.commonCost(h, id))
	}
	require.Less(t, cheapest, 1<<30, "the bundled set has Common Items")
	for _, buffer := range []int{0, 2} {
		h.glory = cheapest + buffer - 1
		assert.Equal(t, int16(-1), s.commonChoice(h, buffer), "buffer %d, %d Glory", buffer, h.glory)
		h.glory = cheapest + buffer
		id := s.commonChoice(h, buffer)
		require.GreaterOrEqual(t, id, int16(0), "buffer %d, %d Glory", buffer, h.glory)
		assert.Equal(t, cheapest, s.commonCost(h, id))
	}
}
