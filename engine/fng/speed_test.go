package fng

import (
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
// or the reference enemy.
func TestResolveFoes(t *testing.T) {
	c := bundled(t)
	fights := 0
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
				switch cl.FoeKind {
				case FoeDeck:
					assert.Contains(t, []*EnemyDef{c.avgEnemy(0), c.avgEnemy(1)}, cl.typical, where)
				case FoeReference:
					assert.Equal(t, idOf(cl.Foe), cl.typical.ID, where)
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
