package fng

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
)

// Scenario tests set a game up by hand on the bundled content and force the
// dice, so each rule is checked exactly.

type scenario struct {
	t *testing.T
	*Game
	log strings.Builder
}

// newScenario starts a game of the bundled set with the given heroes (IDs)
// and options, then clears the board: no artifacts, villains, henchmen or
// zeppelin, empty hands. Tests place what they need.
func newScenario(t *testing.T, opt Options, heroes ...string) *scenario {
	t.Helper()
	return newScenarioOn(t, bundled(t), opt, heroes...)
}

// newScenarioOn is newScenario on other content (a changed rule constant).
func newScenarioOn(t *testing.T, c *Content, opt Options, heroes ...string) *scenario {
	t.Helper()
	s := &scenario{t: t, Game: New(c)}
	if opt.Players == 0 {
		opt.Players = len(heroes)
	}
	for _, id := range heroes {
		opt.Heroes = append(opt.Heroes, s.heroIndex(id))
	}
	if opt.MaxRounds == 0 {
		opt.MaxRounds = 100
	}
	s.reset(7, opt)
	s.trace = game.TextTracer{W: &s.log, Prefix: "r"}
	s.setupGame()
	for i := range s.sites {
		s.sites[i].live = false
	}
	for i := range s.villains {
		s.villains[i].space = -1
	}
	clear(s.henchmen)
	s.zeppelin.live = false
	for seat := range s.heroes {
		h := &s.heroes[seat]
		h.hand, h.items, h.activated, h.remains = h.hand[:0], h.items[:0], h.activated[:0], h.remains[:0]
		h.glory, h.fortune, h.wounds = 0, 0, 0
		h.recompute(s.Game)
	}
	s.round = 1
	s.log.Reset()
	return s
}

// withHero changes a hero's sheet for this scenario only (the stats a
// test's forced dice were counted for), leaving the shared content alone.
func (s *scenario) withHero(seat int, change func(d *HeroDef)) *Hero {
	h := s.h(seat)
	d := *h.def
	change(&d)
	h.def = &d
	h.recompute(s.Game)
	return h
}

// dice forces the next dice faces.
func (s *scenario) dice(faces ...int) { s.forced = append(s.forced, faces...) }

// done asserts every forced die was used.
func (s *scenario) done() {
	s.t.Helper()
	require.Empty(s.t, s.forced, "forced dice left over; log:\n%s", s.log.String())
}

func (s *scenario) heroIndex(id string) int {
	for i, h := range s.c.Heroes {
		if h.ID == id {
			return i
		}
	}
	s.t.Fatalf("no hero %q", id)
	return -1
}

func (s *scenario) space(id string) int16 {
	for i, sp := range s.c.Spaces {
		if sp.ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no space %q", id)
	return -1
}

func (s *scenario) card(list []Card, id string) int {
	for i := range list {
		if list[i].ID == id {
			return i
		}
	}
	s.t.Fatalf("no card %q", id)
	return -1
}

func (s *scenario) danger(id string) int16 {
	for i := range s.c.Dangers {
		if s.c.Dangers[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no danger %q", id)
	return -1
}

func (s *scenario) enemy(id string) *EnemyDef {
	for i := range s.c.Enemies {
		if s.c.Enemies[i].ID == id {
			return &s.c.Enemies[i]
		}
	}
	s.t.Fatalf("no enemy %q", id)
	return nil
}

func (s *scenario) item(id string) int16 {
	for i := range s.c.Items {
		if s.c.Items[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no item %q", id)
	return -1
}

func (s *scenario) artifact(id string) int16 {
	for i := range s.c.Artifacts {
		if s.c.Artifacts[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no artifact %q", id)
	return -1
}

func (s *scenario) adventure(id string) int16 {
	for i := range s.c.Adventures {
		if s.c.Adventures[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no adventure %q", id)
	return -1
}

// site puts an artifact adventure in a space and returns its index.
func (s *scenario) site(art, adv, space string) int {
	a := s.artifact(art)
	st := Site{art: a, adv: s.adventure(adv), space: s.space(space), villain: -1, live: true}
	if s.opt.Advanced && s.c.Artifacts[a].Temple {
		st.coins = int(s.c.Artifacts[a].Fortune)
	}
	s.sites = append(s.sites, st)
	return len(s.sites) - 1
}

// at puts a hero in a space.
func (s *scenario) at(seat int, space string) *Hero {
	h := s.h(seat)
	h.space = s.space(space)
	return h
}

// topDangers stacks the Dangers deck so these come next (in order), in
// the draw-from-bottom mode.
func (s *scenario) topDangers(ids ...string) {
	s.opt.Dangers = DrawFromBottom
	for i := len(ids) - 1; i >= 0; i-- {
		s.dangers.Remove(s.danger(ids[i]))
	}
	s.dangers.PushTop(func() []int16 {
		out := make([]int16, len(ids))
		for i := range ids {
			out[len(ids)-1-i] = s.danger(ids[i])
		}
		return out
	}()...)
}

// firstDanger is a plain single-skill danger of the bundled set, found by
// its test, for scenarios that only need "a Danger".
func (s *scenario) dangerWith(test string) string {
	for _, d := range s.c.Dangers {
		if d.Test.String() == test && d.Effect == nil && !d.Advanced {
			return d.ID
		}
	}
	s.t.Fatalf("no plain danger with test %q", test)
	return ""
}

func TestScenarioFixture(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	require.Equal(t, "london", s.c.Spaces[s.h(0).space].ID)
	s.dice(6)
	require.Equal(t, 6, s.roll())
	s.done()
}

// eventCard returns an Events card's index.
func (s *scenario) eventCard(id string) int16 {
	for i := range s.c.Events {
		if s.c.Events[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no event %q", id)
	return -1
}

// cityCard returns a City card's index.
func (s *scenario) cityCard(id string) int16 {
	for i := range s.c.City {
		if s.c.City[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no city card %q", id)
	return -1
}

// enemyIndex returns an enemy card's index.
func (s *scenario) enemyIndex(id string) int16 {
	for i := range s.c.Enemies {
		if s.c.Enemies[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no enemy %q", id)
	return -1
}

// stack puts cards on top of a deck, the first given drawn first.
func stack(d *deck.Deck, ids ...int16) {
	for i := len(ids) - 1; i >= 0; i-- {
		d.Remove(ids[i])
	}
	for i := len(ids) - 1; i >= 0; i-- {
		d.PushTop(ids[i])
	}
}

// holding puts Event cards (by ID) in a hero's hand.
func (s *scenario) holding(seat int, ids ...string) {
	h := s.h(seat)
	for _, id := range ids {
		h.hand = append(h.hand, handCard{card: s.eventCard(id)})
	}
	s.Game.handChanged(h)
}

// holdingCity puts secret City cards (by ID) in a hero's hand.
func (s *scenario) holdingCity(seat int, ids ...string) {
	h := s.h(seat)
	for _, id := range ids {
		h.hand = append(h.hand, handCard{city: true, card: s.cityCard(id)})
	}
	s.Game.handChanged(h)
}

// equip gives a hero items (Gear, Allies or Common Items) by ID.
func (s *scenario) equip(seat int, ids ...string) {
	for _, id := range ids {
		s.gainItem(seat, s.item(id))
	}
}

// villainNamed returns a villain's state by ID. Every villain's state is
// made first, so the pointers stay good.
func (s *scenario) villainNamed(id string) *Villain {
	for i := range s.c.Villains {
		s.villain(int16(i))
	}
	for i := range s.c.Villains {
		if s.c.Villains[i].ID == id {
			return s.villain(int16(i))
		}
	}
	s.t.Fatalf("no villain %q", id)
	return nil
}

// spaceID names a space.
func (s *scenario) spaceID(sp int16) string { return s.c.Spaces[sp].ID }
