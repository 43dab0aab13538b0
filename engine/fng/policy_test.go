package fng_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games" // registers the games project.Load finds
)

// dogged is a policy written outside the package, as any new one is: it
// embeds the bold bot for the choices it leaves alone and makes two of its
// own from what the game shows it (the accessors of view.go).
type dogged struct {
	fng.Decider
	escapes, exerts int // asked
	exerted         int // answered yes
}

// Escape: it never flees a fight.
func (d *dogged) Escape(g *fng.Game, h *fng.Hero, fs *fng.FightState) bool {
	d.escapes++
	return false
}

// Exert: it takes a wound for one more die while it has two to spare and
// the roll is short of the test's need.
func (d *dogged) Exert(g *fng.Game, h *fng.Hero, ts *fng.TestState) bool {
	d.exerts++
	if g.Health(h) > 2 && ts.Successes()+ts.Rolled() < ts.Need() {
		d.exerted++
		return true
	}
	return false
}

// A Decider from another package plays whole games through the public
// API: every answer it gives is one the rules allow (an illegal one fails
// the game), and its choices are the ones played — its hero flees a fight
// only by a card's escape, less often than the bold bot in its place, and
// takes one wound for each time it chose to exert.
func TestPolicyFromAnotherPackage(t *testing.T) {
	g := fng.New(bundled(t))
	pol := &dogged{Decider: fng.Bold.Decider()}
	botEscapes, polEscapes, exertWounds := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		opt := fng.Options{Mode: fng.Competitive, Players: 4, Advanced: true, MaxRounds: 100,
			Policies: []fng.Policy{fng.Bold, fng.Bold, fng.Bold, fng.Bold}}
		var bot, mine game.EventLog
		_, err := g.TraceEvents(&bot, seed, opt)
		require.NoError(t, err)
		opt.Deciders = []fng.Decider{pol}
		_, err = g.TraceEvents(&mine, seed, opt)
		require.NoError(t, err, "seed %d", seed)
		botEscapes += count(bot, "escape", 0)
		polEscapes += count(mine, "escape", 0)
		for _, e := range mine.Events {
			if e.Kind == "wounds" && e.Seat == 0 && e.Data["why"] == "exert" {
				exertWounds++
			}
		}
	}
	assert.Positive(t, pol.escapes, "asked to escape")
	assert.Less(t, polEscapes, botEscapes)
	assert.Positive(t, pol.exerted, "chose to exert")
	assert.Less(t, pol.exerted, pol.exerts, "and not to")
	assert.Equal(t, pol.exerted, exertWounds, "a wound for each exertion it chose")
}

// count counts the events of a kind about a seat in a game's events.
func count(log game.EventLog, kind string, seat int) int {
	n := 0
	for _, e := range log.Events {
		if e.Kind == kind && e.Seat == seat {
			n++
		}
	}
	return n
}

// bundled loads the bundled base set, as a program using the module does.
func bundled(t testing.TB) *fng.Content {
	t.Helper()
	b, err := project.Load(nil, project.Options{Game: fng.GameID})
	require.NoError(t, err)
	require.NoError(t, b.Diags.Err())
	c, err := fng.Load(b.Tables)
	require.NoError(t, err)
	return c
}
