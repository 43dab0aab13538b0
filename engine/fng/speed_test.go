package fng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game allocates next to nothing (the game loop's buffers live in the
// Game and are reused): a regression past the budget shows in games/s.
func TestGameAllocations(t *testing.T) {
	for _, tc := range []struct {
		mode   Mode
		budget float64
	}{{Competitive, 32}, {Cooperative, 42}} {
		mode := tc.mode
		g := New(bundled(t))
		opt := Options{Mode: mode, Players: 4, Advanced: true}
		seed := uint64(0)
		play := func() {
			seed++
			_, err := g.PlaySafe(seed, opt)
			require.NoError(t, err)
		}
		for range 200 { // warm the pools and memos
			play()
		}
		assert.LessOrEqual(t, testing.AllocsPerRun(200, play), tc.budget, "mode %v", mode)
	}
}

// Every Fight clause of the loaded content has the bots' typical enemy
// resolved once (resolveFoes), the same the clause names: a deck's average
// or the reference enemy; and the fight's own enemy and type (Only), the
// same the names give.
func TestResolveFoes(t *testing.T) {
	c := bundled(t)
	fights, only := 0, 0
	check := func(where string, spec *TestSpec) {
		for _, alt := range spec.Alts {
			for i := range alt {
				cl := &alt[i]
				if cl.Kind != FightTest {
					assert.Nil(t, cl.typical, where)
					continue
				}
				fights++
				require.NotNil(t, cl.typical, "%s: %s", where, cl)
				assert.Same(t, c.typicalEnemy(cl), cl.typical, "%s: %s", where, cl)
				assert.True(t, cl.resolved, where)
				assert.Equal(t, c.onlyCode(cl), cl.only, where)
				switch cl.FoeKind {
				case FoeDeck:
					assert.Contains(t, []*EnemyDef{c.avgEnemy(0), c.avgEnemy(1)}, cl.typical, where)
					assert.Nil(t, cl.ref, where)
					if cl.Only != "" {
						only++
						assert.Equal(t, c.kw[fold(cl.Only)], cl.only, where)
					}
				case FoeReference:
					assert.Equal(t, idOf(cl.Foe), cl.typical.ID, where)
					assert.Same(t, cl.typical, cl.ref, where)
				}
			}
		}
	}
	for i := range c.Dangers {
		check(c.Dangers[i].ID, &c.Dangers[i].Test)
		check(c.Dangers[i].ID, &c.Dangers[i].CliffTest)
	}
	for i := range c.Outposts {
		check(c.Outposts[i].ID, &c.Outposts[i].Destroy)
	}
	assert.Greater(t, fights, 5, "the bundled set's Dangers and outposts fight")
	assert.Positive(t, only, "a Danger fights one type of enemy (Infantry)")
	nazi := Clause{Kind: FightTest, Foe: "Nazi Enemies", FoeKind: FoeDeck}
	assert.Same(t, c.avgEnemy(1), New(c).typicalEnemy(&nazi), "a clause the content did not load is worked out")
}

// A worker's Game keeps each level's decks from game to game; a game of the
// other level, or one that excludes cards, still gets exactly its decks:
// the basic game without advanced cards, an excluded card in no deck.
func TestResetDecksByLevel(t *testing.T) {
	c := bundled(t)
	g := New(c)
	var advancedEvent, someDanger int16 = -1, c.DeckDangers[0]
	for _, x := range c.DeckEvents {
		if c.Events[x].Advanced {
			advancedEvent = x
		}
	}
	require.GreaterOrEqual(t, advancedEvent, int16(0), "the bundled Events have advanced cards")
	count := func(cards []int16, x int16) int {
		n := 0
		for _, y := range cards {
			if y == x {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name     string
		opt      Options
		advanced bool
		excluded bool
	}{
		{"advanced", Options{Players: 4, Advanced: true}, true, false},
		{"basic", Options{Players: 4}, false, false},
		{"advanced again", Options{Players: 4, Advanced: true}, true, false},
		{"advanced without a Danger", Options{Players: 4, Advanced: true, Exclude: map[int]bool{c.Dangers[someDanger].N: true}}, true, true},
		{"advanced with it back", Options{Players: 4, Advanced: true}, true, false},
	} {
		g.reset(3, tc.opt)
		assert.Equal(t, tc.advanced, count(g.events.Cards(), advancedEvent) > 0, tc.name)
		assert.Equal(t, tc.excluded, count(g.dangers.Cards(), someDanger) == 0, tc.name)
		want := 0
		for _, x := range c.DeckDangers {
			if (tc.advanced || !c.Dangers[x].Advanced) && !(tc.excluded && x == someDanger) {
				want++
			}
		}
		assert.Equal(t, want, g.dangers.Len(), tc.name)
	}
}

// nextStepScan is nextStep as it was before the next-hop tables: a scan of
// the neighbours, first avoiding henchmen (but on the target), then not.
func nextStepScan(g *Game, from, target int16, points int) int16 {
	c := g.c
	pick := func(avoid bool) int16 {
		best, bestDist := int16(-1), c.Dist[from][target]
		for _, n := range c.Spaces[from].Adj {
			cost := int(c.Spaces[n].Cost)
			if cost > points || (avoid && g.henchmen[n] != 0 && n != target) {
				continue
			}
			d := c.Dist[n][target]
			if d < bestDist || (d == bestDist && best >= 0 && cost < int(c.Spaces[best].Cost)) {
				best, bestDist = n, d
			}
		}
		return best
	}
	if n := pick(true); n >= 0 {
		return n
	}
	return pick(false)
}

// The next-hop tables take the step the neighbour scan takes, on every
// (from, target, points) of the bundled map: without henchmen, and with
// henchmen on the board (on neighbours, on the target, everywhere).
func TestNextStepTableMatchesScan(t *testing.T) {
	c := bundled(t)
	require.NotNil(t, c.walk)
	require.GreaterOrEqual(t, c.walk.maxCost, 2, "the map has a space dearer than 1 (a sea)")
	for _, tc := range []struct {
		name     string
		henchmen func(g *Game, i int) bool // a henchman stands on space i
	}{
		{"no henchmen", func(*Game, int) bool { return false }},
		{"every 7th space", func(_ *Game, i int) bool { return i%7 == 3 }},
		{"every 3rd space", func(_ *Game, i int) bool { return i%3 == 0 }},
		{"every space", func(*Game, int) bool { return true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(c)
			for i := range g.henchmen {
				if tc.henchmen(g, i) {
					g.henchmen[i] = 1
				}
			}
			steps, moved := 0, 0
			for from := range int16(len(c.Spaces)) {
				for target := range int16(len(c.Spaces)) {
					for points := -1; points <= c.walk.maxCost+3; points++ {
						want := nextStepScan(g, from, target, points)
						if got := g.nextStep(from, target, points); got != want {
							require.Equal(t, want, got, "from %s to %s with %d points", c.Spaces[from].ID, c.Spaces[target].ID, points)
						}
						steps++
						if want >= 0 {
							moved++
						}
					}
				}
			}
			assert.Greater(t, moved, steps/3, "most asks move")
		})
	}
}

// estimateByClause is estimateFor as it was before the Danger plan: clause
// by clause through the deck.
func estimateByClause(g *Game, k *estimateKey) float64 {
	var modded uint32
	for _, m := range k.mods[:k.n] {
		modded |= 1 << m.Stat
	}
	sum, n := 0.0, 0
	for i := range g.c.Dangers {
		d := &g.c.Dangers[i]
		if d.Advanced && !k.advanced {
			continue
		}
		best := 0.0
		for ai := range d.Test.Alts {
			p := 1.0
			for ci := range d.Test.Alts[ai] {
				p *= g.estimateClause(k, modded, &d.Test.Alts[ai][ci], d.Keywords)
			}
			best = max(best, p)
		}
		sum += best
		n++
	}
	if n == 0 {
		return 0.5
	}
	return max(sum/float64(n), 0.01)
}

// The Danger plan gives the bots' pass estimate to the bit as the clause
// by clause walk does, for every hero with the scoped modifiers of the
// bundled set's cards (on tests, against enemies, in a terrain), stats
// from weak to strong, in the basic and the advanced game.
func TestDangerPlanEstimateIsExact(t *testing.T) {
	c := bundled(t)
	var scoped []Mod
	for _, mods := range func() [][]Mod {
		var all [][]Mod
		for i := range c.Heroes {
			all = append(all, c.Heroes[i].Mods)
		}
		for i := range c.Items {
			all = append(all, c.Items[i].Mods)
		}
		for _, events := range [][]EventDef{c.Events, c.City} {
			for i := range events {
				all = append(all, events[i].Mods)
			}
		}
		return all
	}() {
		for _, m := range mods {
			if m.Scope != Always {
				scoped = append(scoped, m)
			}
		}
	}
	require.Greater(t, len(scoped), 5, "the bundled cards have scoped modifiers")
	stats := map[Stat]bool{}
	for _, m := range scoped {
		stats[m.Stat] = true
	}
	assert.True(t, stats[StatCombat] && stats[StatTests] || len(stats) >= 3, "modifiers to several stats: %v", stats)
	g := New(c)
	asked := 0
	for i := range c.Heroes {
		def := &c.Heroes[i]
		for bonus := -2; bonus <= 3; bonus++ {
			for _, advanced := range []bool{false, true} {
				for first := 0; first < len(scoped); first += 3 {
					k := estimateKey{tests: int8(bonus / 2), combat: int8(int(def.Skills[Combat]) + bonus),
						defense: int8(int(def.Defense) + bonus/2), wounds: int8(int(def.Wounds) + bonus), advanced: advanced}
					for s := range NumSkills {
						k.skills[s] = int8(int(def.Skills[s]) + bonus)
					}
					for j := first; j < len(scoped) && int(k.n) < bonus+3; j += 5 {
						k.mods[k.n] = scoped[j]
						k.n++
					}
					want, got := estimateByClause(g, &k), g.estimateFor(&k)
					if math.Float64bits(want) != math.Float64bits(got) {
						require.Equal(t, want, got, "hero %s, key %+v", def.ID, k)
					}
					asked++
				}
			}
		}
	}
	assert.Greater(t, asked, 500)
}

// The zeppelin's table of steps takes, for every space and destination of
// the bundled map, the step the scan of the neighbours' hops takes.
func TestZeppelinStepsMatchScan(t *testing.T) {
	c := bundled(t)
	n := len(c.Spaces)
	require.Len(t, c.zeppelinSteps, n*n)
	moved := 0
	for dest := range n {
		for from := range n {
			best := int16(from)
			for _, a := range c.Spaces[from].Adj {
				if c.Hops[a][dest] < c.Hops[best][dest] {
					best = a
				}
			}
			require.Equal(t, best, c.zeppelinSteps[dest*n+from], "from %s toward %s", c.Spaces[from].ID, c.Spaces[dest].ID)
			if best != int16(from) {
				moved++
				assert.Equal(t, c.Hops[from][dest]-1, c.Hops[best][dest], "each step one hop nearer")
			}
		}
	}
	assert.Equal(t, n*n-n, moved, "every space but the destination steps (the map is connected)")
}

// The city tables answer as the scans of the cities do: the nearest city
// from every space (with and without the major-city preference), and the
// city a bot flies to from every city toward every target.
func TestCityTablesMatchScans(t *testing.T) {
	c := bundled(t)
	require.Greater(t, len(c.Cities), 2)
	g := New(c)
	saved := c.flyCity
	defer func() { c.flyCity = saved }()
	h := &Hero{def: &c.Heroes[0], freeFly: true}
	flights := 0
	for from := range int16(len(c.Spaces)) {
		for _, major := range []bool{false, true} {
			require.Equal(t, c.nearestCityScan(from, major), g.nearestCity(from, major), "from %s, major %v", c.Spaces[from].ID, major)
		}
	}
	for _, city := range c.Cities {
		h.space = city
		for target := range int16(len(c.Spaces)) {
			c.flyCity = saved
			got := bots[Bold].Fly(g, h, target, 1)
			c.flyCity = nil // the scan
			want := bots[Bold].Fly(g, h, target, 1)
			require.Equal(t, want, got, "from %s toward %s", c.Spaces[city].ID, c.Spaces[target].ID)
			if got >= 0 {
				flights++
			}
		}
	}
	assert.Greater(t, flights, 20, "free flights are taken toward far targets")
}

// The step budget stops a game at its first step past the budget, as a
// stall: a game that takes S steps finishes with a budget of S and stalls
// with S−1, having counted S.
func TestStepBudgetBoundary(t *testing.T) {
	g := New(bundled(t))
	opt := Options{Players: 4, Advanced: true}
	_, err := g.PlaySafe(7, opt)
	require.NoError(t, err)
	steps := int(g.steps)
	require.Greater(t, steps, 100, "a game rolls dice")

	opt.MaxSteps = steps
	_, err = g.PlaySafe(7, opt)
	require.NoError(t, err, "a budget of exactly the game's steps")

	opt.MaxSteps = steps - 1
	_, err = g.PlaySafe(7, opt)
	var f *Failure
	require.ErrorAs(t, err, &f)
	assert.True(t, f.Stall, "a stall, not an internal error")
	assert.Contains(t, f.Message, fmt.Sprintf("step budget of %d exceeded", steps-1))
	assert.Equal(t, steps, int(g.steps), "the step past the budget is counted")
}
