package fng_test

import (
	"errors"
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

// plain is a whole Decider written from scratch outside the package: it
// names every type the interface does, and answers each choice with the
// first legal option, reading only the accessors — it heads for the first
// artifact on the board, always presses on and sells what it finds.
type plain struct{}

var _ fng.Decider = plain{}

func (plain) Route(g *fng.Game, h *fng.Hero) int16 {
	for i := range g.Sites() {
		if space, _, live := g.Site(i); live {
			return space
		}
	}
	return h.Space()
}
func (plain) Waypoint(g *fng.Game, h *fng.Hero, target int16, points int) int16 { return target }
func (plain) Fly(g *fng.Game, h *fng.Hero, target int16, points int) int16      { return -1 }
func (plain) FixedMove(g *fng.Game, h *fng.Hero) bool                           { return false }
func (plain) SoloMove(g *fng.Game, h *fng.Hero, rolls []int) int                { return rolls[0] }
func (plain) RideAlong(g *fng.Game, h, mover *fng.Hero, from, to int16) bool    { return false }
func (plain) StepAside(g *fng.Game, h *fng.Hero, spaces []int16) int {
	if len(spaces) == 0 {
		return -1
	}
	return 0
}
func (plain) TeamOrder(g *fng.Game, first *fng.Hero, block []int8)  {}
func (plain) Adventure(g *fng.Game, h *fng.Hero, site int) bool     { return true }
func (plain) PressOn(g *fng.Game, h *fng.Hero, site, left int) bool { return true }
func (plain) TestOption(g *fng.Game, h *fng.Hero, spec *fng.TestSpec, kw fng.KW, exert bool) int {
	return 0
}
func (plain) GroupOption(g *fng.Game, lead *fng.Hero, seats []int, spec *fng.TestSpec, kw fng.KW, cliff bool) int {
	return 0
}
func (plain) GroupTaker(g *fng.Game, lead *fng.Hero, seats []int, cl *fng.Clause, kw fng.KW, cliff bool) int {
	return seats[0]
}
func (plain) Exert(g *fng.Game, h *fng.Hero, ts *fng.TestState) bool       { return false }
func (plain) Help(g *fng.Game, h, taker *fng.Hero, ts *fng.TestState) bool { return false }
func (plain) Escape(g *fng.Game, h *fng.Hero, fs *fng.FightState) bool     { return false }
func (plain) Use(g *fng.Game, h *fng.Hero, c *fng.Card, t fng.Timing) bool { return false }
func (plain) Target(g *fng.Game, h *fng.Hero, c *fng.Card) int             { return -1 }
func (plain) Keep(g *fng.Game, h *fng.Hero, ids []int16) int               { return 0 }
func (plain) Cancel(g *fng.Game, h *fng.Hero) int                          { return -1 }
func (plain) Sell(g *fng.Game, h *fng.Hero, a int) bool                    { return true }
func (plain) Heal(g *fng.Game, h *fng.Hero) int                            { return 0 }
func (plain) Buy(g *fng.Game, h *fng.Hero, ally bool) bool                 { return false }
func (plain) BuyCommon(g *fng.Game, h *fng.Hero) int16                     { return -1 }
func (plain) SneakNumber(g *fng.Game, h *fng.Hero) int                     { return 1 }
func (plain) Board(g *fng.Game, h *fng.Hero) bool                          { return false }
func (plain) Raid(g *fng.Game, h *fng.Hero) int                            { return -1 }
func (plain) Reward(g *fng.Game, h *fng.Hero) int                          { return -1 }
func (plain) Carrier(g *fng.Game, h *fng.Hero, seats []int) int            { return -1 }
func (plain) Pass(g *fng.Game, h *fng.Hero, seats []int, id int16) int     { return -1 }
func (plain) LoseGlory(g *fng.Game, h *fng.Hero, loss int) int             { return min(loss, h.Glory()) }
func (plain) PlayOn(g *fng.Game, h, target *fng.Hero, e *fng.EventDef, t fng.Timing) bool {
	return false
}

// Discard: the first item of the kind; for a KO's loss, none while Fortune
// may pay.
func (plain) Discard(g *fng.Game, h *fng.Hero, kind fng.ItemKind) int {
	for i := range h.Items() {
		if kind.Is(&g.Content().Items[h.Item(i)]) {
			return i
		}
	}
	return -1
}

// A whole Decider from another package plays every mode to its end (or
// the round cap) without an answer the rules refuse, and its choices are
// played: its heroes find and sell artifacts.
func TestWholeDeciderFromAnotherPackage(t *testing.T) {
	g := fng.New(bundled(t))
	every := []fng.Decider{plain{}, plain{}, plain{}, plain{}}
	fortune := 0
	for _, opt := range []fng.Options{
		{Mode: fng.Competitive, Players: 4, Advanced: true},
		{Mode: fng.Competitive, Players: 3},
		{Mode: fng.Cooperative, Players: 2, Advanced: true, Org: "nazi"},
		{Mode: fng.Team, Players: 4, Advanced: true, Teams: []int{0, 1, 0, 1}},
		{Mode: fng.Solo, Players: 1, Advanced: true, Org: "mob"},
	} {
		opt.MaxRounds, opt.Deciders = 60, every[:opt.Players]
		for seed := uint64(1); seed <= 6; seed++ {
			res, err := g.PlaySafe(seed, opt)
			var f *fng.Failure
			if err != nil && !(errors.As(err, &f) && f.Stall) {
				t.Fatalf("%v seed %d: %v", opt.Mode, seed, err)
			}
			for _, n := range res.Fortune {
				fortune += n
			}
		}
	}
	assert.Positive(t, fortune, "artifacts found and sold")
}
