package referee

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
)

// TestRefereeHitmanSoloPVP: a hit man hired to attack a Character strikes
// first when its card prints First Strike dice (step 2 of the PVP order of
// play holds in Solo PVP, FL-PVP-05, FL-NPCM-08), and a Solo PVP round it
// loses costs it 1d6 per success of difference (and a point per Infected or
// Radiation weapon of the Character's, FL-AMB-42), a tie 5 (FL-PVP-14). The
// Butcher of Route 9 is given 2 First Strike dice.
func TestRefereeHitmanSoloPVP(t *testing.T) {
	c := *base(t)
	c.Actions = slices.Clone(c.Actions)
	const id = "butcher-of-route-9"
	a := slices.IndexFunc(c.Actions, func(d fallenland.ActionDef) bool { return d.ID == id })
	if !assert.GreaterOrEqual(t, a, 0) {
		return
	}
	c.Actions[a].Strike = 2
	ref := New(&c)
	ev := func(kind, card string, d fallenland.D) game.Event {
		return game.Event{Turn: 1, Seat: 0, Kind: kind, Card: card, Data: d}
	}
	roll := func(face int, why string) game.Event {
		return ev("roll", "", fallenland.D{"face": face, "for": why, "sides": 6})
	}
	hire := ev("hire", id, fallenland.D{"assignment": "attack-character", "target": 1, "goal": -1, "cost": 8})
	strike := []game.Event{roll(3, "first-strike"), roll(4, "first-strike"), ev("first-strike", id, fallenland.D{"damage": 7})}
	round := func(hitman, character int) game.Event {
		return ev("solo-pvp-round", id, fallenland.D{"hitman": hitman, "character": character, "who": "CC1"})
	}
	hurt := func(n int) game.Event {
		return ev("damage", id, fallenland.D{"who": "NPCM", "type": "Physical", "amount": n, "left": 9 - n})
	}
	point := func(t string) game.Event {
		return ev("damage", id, fallenland.D{"who": "NPCM", "type": t, "amount": 1, "left": 3})
	}
	join := func(parts ...any) []game.Event {
		var out []game.Event
		for _, p := range parts {
			switch p := p.(type) {
			case game.Event:
				out = append(out, p)
			case []game.Event:
				out = append(out, p...)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		events []game.Event
		broken bool
	}{
		{"strikes first, loses a round by 1", join(hire, strike, round(1, 2), roll(5, "damage"), hurt(5)), false},
		{"strikes first, ties", join(hire, strike, round(2, 2), hurt(5)), false},
		{"no First Strike", join(hire, round(1, 2), roll(5, "damage"), hurt(5)), true},
		{"First Strike short of a die", join(hire, roll(3, "first-strike"), ev("first-strike", id, fallenland.D{"damage": 3}), round(2, 2), hurt(5)), true},
		{"a lost round's damage is not its dice", join(hire, strike, round(1, 3), roll(5, "damage"), hurt(5)), true},
		{"a tie costs 5", join(hire, strike, round(2, 2), hurt(4)), true},
		{"hurt in a round it won", join(hire, strike, round(3, 2), hurt(2)), true},
		{"a lost round's Infected weapon point", join(hire, strike, round(1, 2), roll(5, "damage"), hurt(5), point("Infected")), false},
		{"a weapon point after a tie", join(hire, strike, round(2, 2), hurt(5), point("Radiation")), true},
		{"a second Physical hit after a lost round", join(hire, strike, round(1, 2), roll(5, "damage"), hurt(5), point("Physical")), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pvp []game.Violation
			for _, v := range ref.Check(tc.events) {
				if v.Rule == "pvp" {
					pvp = append(pvp, v)
				}
			}
			if tc.broken {
				assert.NotEmpty(t, pvp)
			} else {
				assert.Empty(t, pvp)
			}
		})
	}
}

// TestRefereeHitmenWithFirstStrikeInPlay: games whose hit men all print 2
// First Strike dice break no rule; their Solo PVPs strike first.
func TestRefereeHitmenWithFirstStrikeInPlay(t *testing.T) {
	c := *base(t)
	c.Actions = slices.Clone(c.Actions)
	for i := range c.Actions {
		if c.Actions[i].Kind == fallenland.KHitman {
			c.Actions[i].Strike = 2
		}
	}
	ref := New(&c)
	strikes := 0
	for i, events := range tracedGamesOn(t, &c, 7, 16) {
		require.Empty(t, ref.Check(events), "game %d", i)
		hitman := ""
		for _, e := range events {
			switch {
			case e.Kind == "hire" && e.Data["assignment"] == "attack-character":
				hitman = e.Card
			case e.Kind == "first-strike" && e.Card == hitman && hitman != "":
				strikes++
			}
		}
	}
	assert.Positive(t, strikes, "no hit man struck first in these games")
}
