package fng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// script is a scripted Decider for tests: each choice given a func is
// forced, every other one left to the Decider it wraps (the seat's bot).
type script struct {
	Decider
	sell      func(a int) bool
	heal      func() int
	buy       func(ally bool) bool
	buyCommon func() int16
	discard   func(kind ItemKind) int
	loseGlory func(loss int) int
	sneak     func() int
	board     func() bool
	reward    func() int
	keep      func(ids []int16) int
	use       func(c *Card, t Timing) bool
}

func (s *script) Sell(g *Game, h *Hero, a int) bool {
	if s.sell != nil {
		return s.sell(a)
	}
	return s.Decider.Sell(g, h, a)
}

func (s *script) Heal(g *Game, h *Hero) int {
	if s.heal != nil {
		return s.heal()
	}
	return s.Decider.Heal(g, h)
}

func (s *script) Buy(g *Game, h *Hero, ally bool) bool {
	if s.buy != nil {
		return s.buy(ally)
	}
	return s.Decider.Buy(g, h, ally)
}

func (s *script) BuyCommon(g *Game, h *Hero) int16 {
	if s.buyCommon != nil {
		return s.buyCommon()
	}
	return s.Decider.BuyCommon(g, h)
}

func (s *script) Discard(g *Game, h *Hero, kind ItemKind) int {
	if s.discard != nil {
		return s.discard(kind)
	}
	return s.Decider.Discard(g, h, kind)
}

func (s *script) LoseGlory(g *Game, h *Hero, loss int) int {
	if s.loseGlory != nil {
		return s.loseGlory(loss)
	}
	return s.Decider.LoseGlory(g, h, loss)
}

func (s *script) SneakNumber(g *Game, h *Hero) int {
	if s.sneak != nil {
		return s.sneak()
	}
	return s.Decider.SneakNumber(g, h)
}

func (s *script) Board(g *Game, h *Hero) bool {
	if s.board != nil {
		return s.board()
	}
	return s.Decider.Board(g, h)
}

func (s *script) Reward(g *Game, h *Hero) int {
	if s.reward != nil {
		return s.reward()
	}
	return s.Decider.Reward(g, h)
}

func (s *script) Keep(g *Game, h *Hero, ids []int16) int {
	if s.keep != nil {
		return s.keep(ids)
	}
	return s.Decider.Keep(g, h, ids)
}

func (s *script) Use(g *Game, h *Hero, c *Card, t Timing) bool {
	if s.use != nil {
		return s.use(c, t)
	}
	return s.Decider.Use(g, h, c, t)
}

// force has the hero's choices the script names made by it.
func (h *Hero) force(s script) {
	s.Decider = h.dec
	h.dec = &s
}

// Each choice a Decider makes is the one the rules apply: the scripted
// Decider forces a choice the bot would not make (the game seeded 7, the
// dice forced), and the rule's outcome follows it.
func TestDeciderForcesTheChoice(t *testing.T) {
	no := func() bool { return false }
	yes := func() bool { return true }
	for _, tt := range []struct {
		name  string
		opt   Options
		coop  bool
		play  func(t *testing.T, s *scenario, h *Hero)
		force script
		check func(t *testing.T, s *scenario, h *Hero)
	}{
		{
			name: "sells only the second of two artifacts",
			play: func(t *testing.T, s *scenario, h *Hero) {
				h.artifacts = append(h.artifacts,
					carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4},
					carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
				s.sell(h)
			},
			force: script{sell: func(a int) bool { return a == 1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, 6+s.c.Rules.MajorCityBonus+int(s.auction[h.space]), h.fortune)
				require.Len(t, h.artifacts, 1, "the first is kept")
				assert.Equal(t, 4, h.artifacts[0].value)
			},
		},
		{
			name: "heals one wound of three it could pay for",
			play: func(t *testing.T, s *scenario, h *Hero) {
				h.glory, h.wounds = 5, 3
				s.shop(h)
			},
			force: script{heal: func() int { return 1 }, buy: func(bool) bool { return false }, buyCommon: func() int16 { return -1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, 2, h.wounds)
				assert.Equal(t, 5-s.c.Rules.HealCost, h.glory)
				assert.Empty(t, h.items)
			},
		},
		{
			name: "buys Gear only, to the limit",
			opt:  Options{Policies: []Policy{Bold}},
			play: func(t *testing.T, s *scenario, h *Hero) {
				h.glory = s.c.Rules.GearLimit*s.c.Rules.GearCost + 1
				s.shop(h)
			},
			force: script{buy: func(ally bool) bool { return !ally }, buyCommon: func() int16 { return -1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, s.c.Rules.GearLimit, s.gearCount(h))
				assert.Zero(t, s.allyCount(h), "a bold bot buys an ally first")
				assert.Equal(t, 1, h.glory)
			},
		},
		{
			name: "over the Gear limit, discards the card just gained",
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.equip(0, "first-aid-kit", "electric-torch", "grappling-hook", "elephant-gun")
			},
			force: script{discard: func(kind ItemKind) int { return 3 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, []string{"first-aid-kit", "electric-torch", "grappling-hook"}, s.itemIDs(0),
					"the bot discards the first-aid kit")
				assert.Equal(t, 1, s.gear.Discarded())
			},
		},
		{
			name: "a KO's loss paid in items and Fortune, not Glory",
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.equip(0, "first-aid-kit", "electric-torch")
				h.glory, h.fortune = 3, 5
				h.wounds = s.maxWounds(h)
				s.dice(4)
				s.knockOut(0)
			},
			force: script{loseGlory: func(int) int { return 0 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, 3, h.glory, "the bot pays in Glory first")
				assert.Empty(t, h.items)
				assert.Equal(t, 3, h.fortune)
			},
		},
		{
			name: "a KO's loss kept off Glory, in the cooperative game, falls on Glory when the items run out",
			coop: true,
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.equip(0, "first-aid-kit")
				h.glory = 3
				h.wounds = s.maxWounds(h)
				s.dice(3)
				s.knockOut(0)
			},
			force: script{loseGlory: func(int) int { return 0 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Empty(t, h.items)
				assert.Equal(t, 1, h.glory, "Fortune is never lost: 1 item, then 2 Glory")
			},
		},
		{
			name: "sneaks past a villain on the number it names",
			opt:  Options{Advanced: true},
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.at(0, "sahara")
				v := s.villainNamed("tresa")
				s.deployVillainAt(v, s.space("sahara"), true)
				s.dice(5, 5, 5, 5) // Tresa's 3 Search dice, +1 for the Duke
				assert.True(t, s.sneakTest(0, v, true))
			},
			force: script{sneak: func() int { return 3 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				s.logHas("sneaks past Tresa on 3: 0 dice show it")
			},
		},
		{
			name: "stays off a zeppelin worth boarding",
			opt:  Options{Advanced: true},
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.at(0, "sahara")
				s.equip(0, "shotgun")
				s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("sahara"), dest: -1, fortune: 3, live: true}
				require.True(t, h.dec.(*script).Decider.Board(s.Game, h), "the bot would board")
				assert.False(t, s.boardZeppelin(0))
			},
			force: script{board: no},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, 3, s.zeppelin.fortune)
				assert.Zero(t, h.fortune)
			},
		},
		{
			name: "boards a zeppelin no bot would, unseen",
			opt:  Options{Advanced: true},
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.at(0, "sahara")
				s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("sahara"), dest: -1, fortune: 1, live: true}
				require.False(t, h.dec.(*script).Decider.Board(s.Game, h), "a hold of 1 is not worth it to the bot")
				s.dice(2, 2) // the guards miss 1
				assert.True(t, s.boardZeppelin(0))
			},
			force: script{board: yes, sneak: func() int { return 1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Equal(t, 1, h.fortune)
				assert.Zero(t, s.zeppelin.fortune)
			},
		},
		{
			name: "an outpost's reward: the Fortune and the track back, not the artifact",
			coop: true,
			play: func(t *testing.T, s *scenario, h *Hero) {
				s.coop.loot = append(s.coop.loot, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
				s.coop.track, s.coop.villainFortune = 4, 2
				s.dice(6) // D3: 3
				s.outpostReward(h)
			},
			force: script{reward: func() int { return -1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				assert.Empty(t, h.artifacts, "the bot takes the artifact back")
				assert.Len(t, s.coop.loot, 1)
				assert.Equal(t, 1, s.coop.track)
				assert.Equal(t, 2, s.coop.fortune)
			},
		},
		{
			name: "keeps the second Event drawn",
			play: func(t *testing.T, s *scenario, h *Hero) {
				stack(&s.events, s.eventCard("not-so-fast"), s.eventCard("lucky-break"))
				require.Equal(t, 0, h.dec.(*script).Decider.Keep(s.Game, h, []int16{s.eventCard("not-so-fast"), s.eventCard("lucky-break")}), "the bot keeps the first")
				s.drawEventKeep(0, 2)
			},
			force: script{keep: func(ids []int16) int { return 1 }},
			check: func(t *testing.T, s *scenario, h *Hero) {
				require.Len(t, h.hand, 1)
				assert.Equal(t, "lucky-break", s.c.Events[h.hand[0].card].ID)
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s *scenario
			if tt.coop {
				s = newCoop(t, tt.opt, "nazi", nil, "duke-dudley", "li-mei-chen")
			} else {
				s = newScenario(t, tt.opt, "duke-dudley")
			}
			h := s.h(0)
			h.force(tt.force)
			tt.play(t, s, h)
			s.done()
			tt.check(t, s, h)
		})
	}
}

// A Decider whose answer the rules do not allow fails the game, naming
// the choice, instead of bending a rule.
func TestDeciderIllegalChoiceFailsTheGame(t *testing.T) {
	for _, tt := range []struct {
		name  string
		force script
		play  func(s *scenario)
		want  string
	}{
		{"a seventh face", script{sneak: func() int { return 7 }}, func(s *scenario) {
			s.at(0, "sahara")
			v := s.villainNamed("tresa")
			s.deployVillainAt(v, s.space("sahara"), true)
			s.sneakTest(0, v, true)
		}, "decider: Duke Dudley sneaks on 7"},
		{"healing unpaid", script{heal: func() int { return 2 }}, func(s *scenario) {
			h := s.h(0)
			h.glory, h.wounds = 1, 3
			s.shop(h)
		}, "decider: Duke Dudley heals 2 wounds"},
		{"an Ally for a Gear discard", script{discard: func(ItemKind) int { return 0 }}, func(s *scenario) {
			s.equip(0, "hired-gun", "first-aid-kit", "electric-torch", "grappling-hook", "elephant-gun")
		}, "decider: Duke Dudley discards item 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			s.h(0).force(tt.force)
			msg := func() (msg string) {
				defer func() { msg, _ = recover().(string) }()
				tt.play(s)
				return ""
			}()
			assert.Contains(t, msg, tt.want)
		})
	}
}
