package referee

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// tracedGames plays n 4-player games of mixed bots with traces.
func tracedGames(t *testing.T, n int) [][]game.Event { return tracedGamesOn(t, base(t), 99, n) }

// tracedGamesOn plays n such games on content c, from seed.
func tracedGamesOn(t *testing.T, c *fallenland.Content, seed uint64, n int) [][]game.Event {
	g := fallenland.New(c)
	var out [][]game.Event
	for i := range n {
		var log game.EventLog
		opt := fallenland.Options{Players: 4, MaxRounds: 100,
			Policies: []fallenland.Policy{fallenland.Bold, fallenland.Random, fallenland.Cautious, fallenland.Bold}}
		_, err := g.Trace(&log, rng.Seed(seed, i), opt)
		require.NoError(t, err)
		out = append(out, log.Events)
	}
	return out
}

// edit returns a copy of events whose event i has its own Data, to change.
func edit(events []game.Event, i int) []game.Event {
	out := slices.Clone(events)
	out[i].Data = maps.Clone(out[i].Data)
	return out
}

func first(events []game.Event, ok func(e *game.Event) bool) int {
	for i := range events {
		if ok(&events[i]) {
			return i
		}
	}
	return -1
}

// TestRefereeCatches breaks one event of real games at a time, in each way
// a buggy engine could, and expects the referee to name the broken rule;
// the games as played break none.
func TestRefereeCatches(t *testing.T) {
	ref := New(base(t))
	games := tracedGames(t, 12)
	for i, ev := range games {
		require.Empty(t, ref.Check(ev), "game %d as played", i)
	}
	kind := func(k string) func(e *game.Event) bool { return func(e *game.Event) bool { return e.Kind == k } }
	for _, tc := range []struct {
		name, rule string
		// change returns the broken events, or nil when the game has no
		// event to break that way.
		change func(ev []game.Event) []game.Event
	}{
		{"a die scores one success too many", "dice", func(ev []game.Event) []game.Event {
			i := first(ev, kind("die"))
			out := edit(ev, i)
			out[i].Data["successes"] = num(&ev[i], "successes") + 1
			return out
		}},
		{"a die showing no 1 is re-rolled", "dice", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "die" && num(e, "face") > 1 && num(e, "face") < 10 })
			if i < 0 {
				return nil
			}
			out := slices.Insert(slices.Clone(ev), i+1, game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "reroll",
				Data: fallenland.D{"who": ev[i].Data["who"], "die": ev[i].Data["die"], "face": 2, "successes": num(&ev[i], "successes") + 1}})
			return out
		}},
		{"a Total Skill of 10 played as 10", "dice", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "die" && num(e, "ts") == 10 })
			if i < 0 {
				return nil
			}
			out := edit(ev, i)
			out[i].Data["play"] = 10
			return out
		}},
		{"a check totals its dice wrong", "dice", func(ev []game.Event) []game.Event {
			i := first(ev, kind("check"))
			out := edit(ev, i)
			out[i].Data["total"] = num(&ev[i], "total") + 1
			return out
		}},
		{"a Total Skill that is not its sources", "total-skill", func(ev []game.Event) []game.Event {
			i := first(ev, kind("die"))
			out := edit(ev, i)
			out[i].Data["base"] = num(&ev[i], "base") + 1
			return out
		}},
		{"a move spends a point it does not have", "movement", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "move" && len(ints(e, "path")) > 1 })
			out := edit(ev, i)
			out[i].Data["roll"] = num(&ev[i], "roll") - 1
			out[i].Data["points"] = num(&ev[i], "points") - 1
			return out
		}},
		{"a move jumps a hex", "movement", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "move" && len(ints(e, "path")) > 2 })
			out := edit(ev, i)
			path := slices.Clone(ints(&ev[i], "path"))
			out[i].Data["path"] = append(path[:1], path[2:]...)
			return out
		}},
		{"coins below 0", "resources", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "lose" && str(e, "res") == "salvage" })
			out := edit(ev, i)
			out[i].Data["total"] = num(&ev[i], "total") - 100
			return out
		}},
		{"a Town Defense chip under its price", "costs", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "pay" && str(e, "for") == "tdc" })
			if i < 0 {
				return nil
			}
			out := edit(ev, i)
			out[i].Data["amount"] = num(&ev[i], "amount") - 1
			out[i].Data["total"] = num(&ev[i], "total") + 1
			return out
		}},
		{"a card discarded twice", "deck-conservation", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "discard" && e.Turn > 0 })
			return slices.Insert(slices.Clone(ev), i, ev[i])
		}},
		{"a card vanishes from a hand", "deck-conservation", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "state" && len(strs(e, "hand")) > 0 })
			out := edit(ev, i)
			out[i].Data["hand"] = strs(&ev[i], "hand")[1:]
			return out
		}},
		{"a hand over the limit", "hand-limit", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "state" && len(strs(e, "hand")) > 0 })
			out := edit(ev, i)
			hand := strs(&ev[i], "hand")
			for len(hand) <= 7 {
				hand = append(hand, hand[0])
			}
			out[i].Data["hand"] = hand
			return out
		}},
		{"a Character carries too much", "capacity", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "state" && len(strs(e, "cc1")) > 0 })
			out := edit(ev, i)
			items := strs(&ev[i], "cc1")
			for range 20 {
				items = append(items, items[0])
			}
			out[i].Data["cc1"] = items
			return out
		}},
		{"Weeks left unspent", "weeks", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "deed" && num(e, "weeks") == 0 && str(e, "deed") != "Wait" })
			out := edit(ev, i)
			out[i].Data["cost"] = num(&ev[i], "cost") - 1
			return out
		}},
		{"Radiation damage after a card moved the Party", "radiation", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "deed" && str(e, "deed") == "Encounter" })
			hex := num(&ev[i], "hex")
			return slices.Insert(slices.Clone(ev), i+1,
				game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "place", Data: fallenland.D{"from": hex, "to": hex, "why": "card"}},
				game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "hex-damage", Data: fallenland.D{"hex": hex, "amount": 0}})
		}},
		{"a Resource captured after its card failed", "capture", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "capture" && num(e, "from") == -1 && e.Card == "" })
			if i < 0 {
				return nil
			}
			r := i
			for r >= 0 && ev[r].Kind != "resolved" {
				r--
			}
			if r < 0 || !flag(&ev[r], "success") {
				return nil
			}
			out := edit(ev, r)
			out[r].Data["success"] = false
			return out
		}},
		{"a winner short of the thresholds", "victory", func(ev []game.Event) []game.Event {
			i := first(ev, kind("end"))
			w := num(&ev[i], "winner")
			if w < 0 {
				return nil
			}
			out := edit(ev, i)
			out[i].Data["winner"] = (w + 1) % 4
			return out
		}},
		{"a town's Defense chips strike a Party a card put there", "ambush", func(ev []game.Event) []game.Event {
			i := first(ev, kind("move"))
			town := -1
			for h := range base(t).Hexes {
				if base(t).Hexes[h].Town >= 0 {
					town = h
				}
			}
			path := ints(&ev[i], "path")
			return slices.Insert(slices.Clone(ev), i+1,
				game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "place", Data: fallenland.D{"from": path[len(path)-1], "to": town, "why": "card"}},
				game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "ambush", Data: fallenland.D{"owner": 0, "tdc": 1, "each": 1, "hex": town, "town": true}})
		}},
		{"a card completed without its Psychological Check", "psych-check", func(ev []game.Event) []game.Event {
			i := first(ev, kind("psych"))
			if i < 0 {
				return nil
			}
			var out []game.Event
			for j := range ev {
				if j < i || ev[j].Kind != "psych" || first(ev[i:j], kind("resolved")) >= 0 {
					out = append(out, ev[j])
				}
			}
			return out
		}},
		{"the map's Radiation hurts a hit man", "radiation", func(ev []game.Event) []game.Event {
			i := first(ev, kind("hex-damage"))
			if i < 0 {
				return nil
			}
			return slices.Insert(slices.Clone(ev), i+1, game.Event{Turn: ev[i].Turn, Seat: ev[i].Seat, Kind: "damage", Card: "the-quiet-man",
				Data: fallenland.D{"who": "CC5", "type": "Radiation", "amount": 1, "left": 8}})
		}},
		{"a PVP loser keeps its Prestige", "pvp", func(ev []game.Event) []game.Event {
			i := first(ev, func(e *game.Event) bool { return e.Kind == "pvp-end" && num(e, "winner") >= 0 })
			if i < 0 {
				return nil
			}
			out := edit(ev, i)
			out[i].Data["winner"] = 1 - num(&ev[i], "winner")
			return out
		}},
		{"a PVP round deals a die too many", "pvp", func(ev []game.Event) []game.Event {
			i := first(ev, kind("pvp-hit"))
			if i < 0 {
				return nil
			}
			out := edit(ev, i)
			out[i].Data["dice"] = num(&ev[i], "dice") + 1
			return out
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tried := false
			for _, ev := range games {
				broken := tc.change(ev)
				if broken == nil {
					continue
				}
				tried = true
				var rules []string
				for _, v := range ref.Check(broken) {
					rules = append(rules, v.Rule)
				}
				assert.Contains(t, rules, tc.rule)
				break
			}
			require.True(t, tried, "no game had an event to break")
		})
	}
}

// TestRefereeReadsJSON: the referee checks a game read back from its JSON
// lines (`sim --trace --json`) as well as from memory.
func TestRefereeReadsJSON(t *testing.T) {
	c := base(t)
	var buf bytes.Buffer
	_, err := fallenland.New(c).Trace(game.JSONTracer{W: &buf}, rng.Seed(5, 1), fallenland.Options{Players: 3, MaxRounds: 100})
	require.NoError(t, err)
	var events []game.Event
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		var e game.Event
		require.NoError(t, json.Unmarshal(line, &e))
		events = append(events, e)
	}
	require.Greater(t, len(events), 500)
	assert.Empty(t, New(c).Check(events))
	i := first(events, func(e *game.Event) bool { return e.Kind == "die" })
	broken := edit(events, i)
	broken[i].Data["successes"] = float64(num(&events[i], "successes") + 1)
	assert.NotEmpty(t, New(c).Check(broken), "a miscounted die read from JSON")
}
