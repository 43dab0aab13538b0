package games_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// A part's module counts are checked as its tally is: each game module
// says what one shard of its games could have counted (CountsChecker),
// and a part beyond that is refused by field, at the bound and not below
// it. The shard: 10 games of 4 players, at most 100 rounds, none failed.
func TestPartCountsChecked(t *testing.T) {
	// A card's draws: 10 games × 101 rounds (setup one) × 4 seats × 16.
	const mostDrawn = 10 * 101 * 4 * 16
	obj := func(v any, path ...string) map[string]any {
		for _, k := range path {
			v = v.(map[string]any)[k]
		}
		return v.(map[string]any)
	}
	// Fallen Land's counts are its Stats, at the top of counts.
	card := func(p map[string]any, n int) map[string]any {
		c := obj(p, "counts")
		if s, ok := c["Stats"]; ok {
			c = s.(map[string]any)
		}
		return c["Cards"].([]any)[n].(map[string]any)
	}
	set := func(m map[string]any, kv ...any) {
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
	}
	for _, tc := range []struct {
		game, name string
		edit       func(p map[string]any)
		want       string // "" merges
	}{
		{"fortune-and-glory", "counts empty", func(p map[string]any) { p["counts"] = map[string]any{} }, "counts.ByOrg: missing"},
		{"fortune-and-glory", "no Stats", func(p map[string]any) { delete(obj(p, "counts"), "Stats") }, "counts.Stats: missing"},
		{"fortune-and-glory", "a card's count left out", func(p map[string]any) { delete(card(p, 2), "Drawn") }, "counts.Stats.Cards[2].Drawn: missing"},
		{"fortune-and-glory", "no track", func(p map[string]any) { delete(obj(p, "counts"), "Track") }, "counts.Track: missing"},
		{"fortune-and-glory", "holders' wins", func(p map[string]any) { set(card(p, 0), "Holders", 25, "HolderWins", 1000000) },
			"counts.Stats.Cards[0]: 1000000 holders' wins of 25 holders"},
		{"fortune-and-glory", "holders' wins at the bound", func(p map[string]any) { set(card(p, 0), "Holders", 25, "HolderWins", 25) }, ""},
		{"fortune-and-glory", "holders", func(p map[string]any) { set(card(p, 0), "Holders", 41, "HolderWins", 0) },
			"counts.Stats.Cards[0]: 41 holders, but the shard's 10 finished games seat 40"},
		{"fortune-and-glory", "holders at the bound", func(p map[string]any) { set(card(p, 0), "Holders", 40, "HolderWins", 0) }, ""},
		{"fortune-and-glory", "drawn", func(p map[string]any) { set(card(p, 1), "Drawn", 1000000000) },
			"counts.Stats.Cards[1]: drawn 1000000000, used 0 and tested 2 times in 10 games of at most 100 rounds: more than 64640 (16 a seat a round)"},
		{"fortune-and-glory", "drawn at the bound", func(p map[string]any) { set(card(p, 1), "Drawn", mostDrawn) }, ""},
		{"fortune-and-glory", "drawn past the bound", func(p map[string]any) { set(card(p, 1), "Drawn", mostDrawn+1) },
			"counts.Stats.Cards[1]: drawn 64641, used 0 and tested 2 times in 10 games of at most 100 rounds: more than 64640 (16 a seat a round)"},
		{"fortune-and-glory", "passed", func(p map[string]any) { set(card(p, 1), "Tests", 3, "Passed", 4) }, "counts.Stats.Cards[1]: 4 passed of 3 tests"},
		{"fortune-and-glory", "unaided", func(p map[string]any) { set(card(p, 1), "Clean", 1, "CleanPassed", 2) },
			"counts.Stats.Cards[1]: 1 unaided tests (2 passed) of 2 tests"},
		{"fortune-and-glory", "overcome", func(p map[string]any) { set(card(p, 1), "Faced", 2, "Overcome", 3) },
			"counts.Stats.Cards[1]: overcome 3 times of 2 faced"},
		{"fortune-and-glory", "score", func(p map[string]any) { set(card(p, 1), "Score", -int64(1)<<40) },
			"counts.Stats.Cards[1]: score -1099511627776, money 0, damage 1 and losses 0: more than 66191360 a shard of 10 games can gain (1024 an event)"},
		{"fortune-and-glory", "hero games", func(p map[string]any) { obj(p, "counts", "Stats")["HeroGames"] = 41 },
			"counts.Stats.HeroGames: 41 seat-games, but the shard's 10 finished games seat 40"},
		{"fortune-and-glory", "by players empty", func(p map[string]any) { obj(p, "counts")["ByPlayers"] = map[string]any{} },
			"counts.ByPlayers: 0 games, but the shard finished 10"},
		{"fortune-and-glory", "by players short", func(p map[string]any) { obj(p, "counts")["ByPlayers"] = map[string]any{"4": 5} },
			"counts.ByPlayers: 5 games, but the shard finished 10"},
		{"fortune-and-glory", "by players at another table", func(p map[string]any) { obj(p, "counts")["ByPlayers"] = map[string]any{"3": 10} },
			"counts.ByPlayers.3: 10 games, but the tally's table of 3 has 0"},
		{"fortune-and-glory", "by players' wins", func(p map[string]any) { obj(p, "counts")["ByPlayersWins"] = map[string]any{"4": 11} },
			"counts.ByPlayersWins.4: 11 won of 10 games"},
		{"fortune-and-glory", "by players' wins at the bound", func(p map[string]any) { obj(p, "counts")["ByPlayersWins"] = map[string]any{"4": 10} }, ""},
		{"fortune-and-glory", "track empty", func(p map[string]any) { obj(p, "counts")["Track"] = map[string]any{"counts": []any{}} },
			"counts.Track: 0 games, but the shard finished 10"},
		{"fortune-and-glory", "track one more", func(p map[string]any) { obj(p, "counts")["Track"] = map[string]any{"counts": []any{11}} },
			"counts.Track: 11 games, but the shard finished 10"},
		{"fallen-land", "no cards", func(p map[string]any) { delete(obj(p, "counts"), "Cards") }, "counts.Cards: missing"},
		{"fallen-land", "seat games", func(p map[string]any) { obj(p, "counts")["SeatGames"] = 39 },
			"counts.SeatGames: 39 seat-games, but the shard's 10 finished games seat 40"},
		{"fallen-land", "seat wins", func(p map[string]any) { obj(p, "counts")["SeatWins"] = 41 },
			"counts.SeatGames: 41 wins of 40 seat-games"},
		{"fallen-land", "succeeded", func(p map[string]any) { set(card(p, 0), "Resolved", 1, "Succeeded", 2) },
			"counts.Cards[0]: succeeded 2 times of 1 resolved"},
		{"fallen-land", "town health", func(p map[string]any) { set(card(p, 0), "TownHealth", int64(1)<<50) },
			"counts.Cards[0].TownHealth: 1125899906842624, more than a shard of 10 games can gain or lose (66191360)"},
		{"fallen-land", "holders at the bound", func(p map[string]any) { set(card(p, 0), "Holders", 40, "HolderWins", 40) }, ""},
	} {
		t.Run(tc.game+"/"+tc.name, func(t *testing.T) {
			m := game.Lookup(tc.game)
			tb := bundledTables(t, m)
			req := game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}
			files := shardParts(t, m, tb, req, 2)
			p, err := game.ReadPart(bytes.NewReader(editPart(t, files[1], tc.edit)), "part-2.json")
			require.NoError(t, err)
			_, err = game.MergeParts(m.(game.Simulator), tb, nil, append(readParts(t, files[:1]), p))
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, "part-2.json: "+tc.want, err.Error())
		})
	}
}
