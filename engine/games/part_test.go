package games_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// shardParts plays the n shards of the run req defines, each as its own
// run, and returns their part files.
func shardParts(t testing.TB, m game.Module, tb *table.Tables, req game.SimRequest, n int) [][]byte {
	t.Helper()
	def := game.RunOf(req, req.Games, req.From)
	var files [][]byte
	for k := 1; k <= n; k++ {
		from, games := sim.Shard(req.Games, k, n)
		sreq := req
		sreq.From, sreq.Games = req.From+from, games
		started := time.Now()
		rep, err := game.Simulate(m.(game.Simulator), tb, sreq)
		require.NoError(t, err)
		p, err := game.NewPart(rep, def, k, n)
		require.NoError(t, err)
		p.Engine, p.Content, p.Started, p.Finished = "test", tb.Hash, started, time.Now()
		data, err := json.Marshal(p)
		require.NoError(t, err)
		files = append(files, data)
	}
	return files
}

func readParts(t testing.TB, files [][]byte) []*game.Part {
	t.Helper()
	var parts []*game.Part
	for k, data := range files {
		p, err := game.ReadPart(bytes.NewReader(data), fmt.Sprintf("part-%d.json", k+1))
		require.NoError(t, err)
		parts = append(parts, p)
	}
	return parts
}

// stable is a report's JSON without its throughput, the one figure a
// merge does not reproduce.
func stable(t testing.TB, r *game.SimReport) string {
	t.Helper()
	r.GamesPerSecond = 0
	data, err := json.Marshal(r)
	require.NoError(t, err)
	return string(data)
}

// Merged parts give the whole run's report: every count, rate, verdict
// and flag, for both games, a cooperative range of player counts, games
// that stalled, and per-card metrics.
func TestMergePartsIsTheRun(t *testing.T) {
	for _, tc := range []struct {
		game string
		req  game.SimRequest
		n    int
	}{
		{"fortune-and-glory", game.SimRequest{Games: 300, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}, 3},
		{"fortune-and-glory", game.SimRequest{Games: 200, Players: 1, PlayersMax: 4, Seed: 2, Mode: "coop", Stats: true, MaxRounds: 100}, 4},
		{"fortune-and-glory", game.SimRequest{Games: 100, Players: 4, Seed: 1, Policy: "mix", Stats: true, MaxRounds: 8, From: 11}, 7},
		{"fallen-land", game.SimRequest{Games: 120, Players: 4, Seed: 5, Stats: true, MaxRounds: 100}, 3},
		{"fallen-land", game.SimRequest{Games: 60, Players: 3, Seed: 5, MaxRounds: 100}, 2},
	} {
		t.Run(fmt.Sprintf("%s/%s/%d-%d/%d", tc.game, tc.req.Mode, tc.req.Players, tc.req.PlayersMax, tc.n), func(t *testing.T) {
			m := game.Lookup(tc.game)
			require.NotNil(t, m)
			tb := bundledTables(t, m)
			whole, err := game.Simulate(m.(game.Simulator), tb, tc.req)
			require.NoError(t, err)
			parts := readParts(t, shardParts(t, m, tb, tc.req, tc.n))
			merged, err := game.MergeParts(m.(game.Simulator), tb, nil, parts)
			require.NoError(t, err)
			assert.Positive(t, merged.GamesPerSecond, "the parts' throughput")
			if tc.req.MaxRounds < 10 {
				require.NotEmpty(t, whole.Stalls, "the test covers games that stalled")
			}
			assert.Equal(t, stable(t, whole), stable(t, merged))
		})
	}
}

// A part file another program wrote, or one damaged, gets an error that
// names the file and what is wrong in it, and never a panic.
func TestReadPartErrors(t *testing.T) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(t, m)
	req := game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}
	good := shardParts(t, m, tb, req, 2)[1]
	run, err := m.(game.Simulator).Prepare(tb, req)
	require.NoError(t, err)
	edit := func(f func(p map[string]any)) []byte {
		var p map[string]any
		d := json.NewDecoder(bytes.NewReader(good))
		d.UseNumber()
		require.NoError(t, d.Decode(&p))
		f(p)
		data, err := json.Marshal(p)
		require.NoError(t, err)
		return data
	}
	var head struct {
		Tally struct{ Sides map[string]any }
	}
	require.NoError(t, json.Unmarshal(good, &head))
	firstSide := slices.Sorted(maps.Keys(head.Tally.Sides))[0]
	obj := func(v any, path ...string) map[string]any {
		for _, k := range path {
			v = v.(map[string]any)[k]
		}
		return v.(map[string]any)
	}
	card := func(p map[string]any, n int) map[string]any {
		return obj(p, "counts", "Stats")["Cards"].([]any)[n].(map[string]any)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" reads; the error of merging it as shard 2/2 is then wantMerge
		// wantMerge is the error of MergeParts with shard 1/2.
		wantMerge string
	}{
		{name: "truncated", data: good[:len(good)/2], want: "cut short: the file ends inside the part (was its shard stopped while writing?)"},
		{name: "damaged", data: append(append([]byte{}, good[:60]...), '}'), want: "damaged: invalid character '}' looking for beginning of object key string (at byte 61)"},
		{name: "not JSON", data: []byte("PK\x03\x04 a workbook"), want: "not a part file (deckwright sim --shard K/N --part FILE writes them)"},
		{name: "other JSON", data: []byte(`{"format":"deckwright-tables","version":1}`), want: "not a part file (deckwright sim --shard K/N --part FILE writes them)"},
		{name: "a report", data: []byte(`{"game":"fortune-and-glory","games":20,"games_per_second":12}`), want: "a sim report, not a part: write parts with deckwright sim --shard K/N --part FILE"},
		{name: "version", data: edit(func(p map[string]any) { p["version"] = 2 }), want: "part version 2; this deckwright reads version 1: merge with the deckwright that played it"},
		{name: "unknown field", data: edit(func(p map[string]any) { p["extra"] = 1 }), want: `json: unknown field "extra"`},
		{name: "negative games", data: edit(func(p map[string]any) { obj(p, "tally")["games"] = -10 }), want: "tally.games: -10, a count below 0"},
		{name: "huge number", data: edit(func(p map[string]any) { obj(p, "tally")["games"] = json.Number("1e400") }), want: "tally.games: number 1e400, not a whole number of 64 bits"},
		{name: "too many games", data: edit(func(p map[string]any) { obj(p, "tally")["games"] = 11 }), want: "tally: 11 games, but shard 2/2 plays 10"},
		{name: "not the slice", data: edit(func(p map[string]any) { obj(p, "shard")["from"] = 9 }), want: "shard 2/2 of 20 games plays games 10 to 19, not 9 to 18"},
		{name: "shard beyond", data: edit(func(p map[string]any) { obj(p, "shard")["k"] = 3 }), want: "shard 3/2 of 20 games: not a shard"},
		{name: "finished first", data: edit(func(p map[string]any) {
			p["started"], p["finished"] = "2026-11-24T18:00:05Z", "2026-11-24T18:00:00Z"
		}), want: "finished at 2026-11-24T18:00:00Z, before it started at 2026-11-24T18:00:05Z"},
		{name: "ends", data: edit(func(p map[string]any) { obj(p, "tally", "ends")["fortune"] = 1 }), want: "tally: 1 games ended, of 10 played"},
		{name: "negative card count", data: edit(func(p map[string]any) { card(p, 3)["Drawn"] = -1 }), wantMerge: "part-2.json: counts: Stats.Cards.Drawn: number -1, not a count (a whole number from 0 to 18446744073709551615)"},
		{name: "negative module count", data: edit(func(p map[string]any) { obj(p, "counts")["VillainArtifacts"] = -2 }), wantMerge: "part-2.json: counts.VillainArtifacts: -2, a count below 0"},
		{name: "cards missing", data: edit(func(p map[string]any) {
			s := obj(p, "counts", "Stats")
			s["Cards"] = s["Cards"].([]any)[:5]
		}), wantMerge: fmt.Sprintf("part-2.json: counts.Stats.Cards: 5 entries, the run has %d", len(run.Cards))},
		{name: "per side", data: edit(func(p map[string]any) { card(p, 0)["PerSide"] = []any{map[string]any{"Tests": 1}} }),
			wantMerge: "part-2.json: counts.Stats.Cards[0].PerSide: 1 entries, the run has 8 sides"},
		{name: "coverage", data: edit(func(p map[string]any) { obj(p, "counts", "Stats")["Coverage"] = []any{1, 2} }),
			wantMerge: "part-2.json: counts.Stats.Coverage: 2 entries, the run has"},
		{name: "rules", data: edit(func(p map[string]any) { obj(p, "counts", "Stats")["Rules"] = []any{1, 2} }),
			wantMerge: fmt.Sprintf("part-2.json: counts.Stats.Rules: 2 entries, the run has %d", fng.NumRules)},
		{name: "rules in a map", data: edit(func(p map[string]any) { obj(p, "counts", "Stats")["Rules"] = map[string]any{"a": 1} }),
			wantMerge: fmt.Sprintf("part-2.json: counts: Stats.Rules: object where a list of %d belongs", fng.NumRules)},
		{name: "no counts", data: edit(func(p map[string]any) { p["counts"] = nil }), wantMerge: "part-2.json: counts: missing"},
		{name: "unknown hero", data: edit(func(p map[string]any) {
			s := obj(p, "tally", "sides")
			for k, v := range s {
				delete(s, k)
				s["nobody"] = v
				break
			}
		}), wantMerge: `part-2.json: tally.sides: "nobody" is not one of the run's`},
		{name: "won more than played", data: edit(func(p map[string]any) {
			s := obj(p, "tally", "sides")
			first := slices.Sorted(maps.Keys(s))[0]
			s[first] = map[string]any{"played": 98, "won": 99}
		}), wantMerge: fmt.Sprintf("part-2.json: tally.sides.%s: 99 won of 98 played", firstSide)},
		{name: "seats", data: edit(func(p map[string]any) { obj(p, "tally")["seats"] = []any{} }), wantMerge: "part-2.json: tally.seats: 0 seats, the run has 4"},
		{name: "table of 5", data: edit(func(p map[string]any) { obj(p, "tally", "tables")["5"] = obj(p, "tally", "tables")["4"] }),
			wantMerge: "part-2.json: tally.tables.5: games of 5 players in a run of 4 to 4"},
		{name: "null table", data: edit(func(p map[string]any) { obj(p, "tally", "tables")["4"] = nil }), wantMerge: "part-2.json: tally.tables.4: null"},
		{name: "lineup key", data: edit(func(p map[string]any) {
			l := obj(p, "tally", "tables", "4", "lineups")
			for k, v := range l {
				delete(l, k)
				l["x"] = v
				break
			}
		}), wantMerge: `part-2.json: tally.tables.4.lineups: "x" is not the key of its sides`},
		{name: "lineup wins", data: edit(func(p map[string]any) {
			for _, v := range obj(p, "tally", "tables", "4", "lineups") {
				v.(map[string]any)["wins"] = []any{1}
			}
		}), wantMerge: "part-2.json: tally.tables.4.lineups: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.ReadPart(bytes.NewReader(tc.data), "part-2.json")
			if tc.want != "" {
				require.Error(t, err)
				assert.Equal(t, "part-2.json: "+tc.want, err.Error())
				return
			}
			require.NoError(t, err)
			first := readParts(t, shardParts(t, m, tb, req, 2)[:1])
			_, err = game.MergeParts(m.(game.Simulator), tb, nil, append(first, p))
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tc.wantMerge), "%s\nwant prefix %s", err, tc.wantMerge)
		})
	}
}

// FuzzMergePart feeds the part reader and the merge hostile files: cut
// short, huge or negative numbers, lists of the wrong length, keys that
// name nothing. Each must be an error or a report, never a panic.
func FuzzMergePart(f *testing.F) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(f, m)
	req := game.SimRequest{Games: 6, Players: 2, Seed: 9, Stats: true, MaxRounds: 100}
	f.Add(shardParts(f, m, tb, req, 1)[0])
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 64 << 20, Time: 2 * time.Second}, func() {
			p, err := game.ReadPart(bytes.NewReader(data), "part.json")
			if err != nil {
				require.Contains(t, err.Error(), "part.json: ")
				return
			}
			rep, err := game.MergeParts(m.(game.Simulator), tb, nil, []*game.Part{p})
			if err == nil {
				require.Equal(t, p.Tally.Games, rep.Games)
			}
		})
	})
}

// A merge's throughput is the run's games over the span from the first
// shard's start to the last one's finish, whatever order they ran in.
func TestThroughput(t *testing.T) {
	at := func(s float64) time.Time {
		return time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC).Add(time.Duration(s * float64(time.Second)))
	}
	part := func(games int, started, finished float64) *game.Part {
		return &game.Part{Shard: game.PartShard{Games: games}, Started: at(started), Finished: at(finished)}
	}
	assert.Equal(t, 50.0, game.Throughput([]*game.Part{part(100, 1, 4), part(100, 0, 2)}), "200 games from 0 s to 4 s")
	assert.Equal(t, 100.0, game.Throughput([]*game.Part{part(100, 0, 1), part(100, 1, 2)}), "one after the other")
	assert.Zero(t, game.Throughput([]*game.Part{part(100, 0, 1), {Shard: game.PartShard{Games: 5}}}), "a part that does not say when")
}
