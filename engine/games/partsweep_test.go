package games_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// sweepOf is a sweep of the bundled content of module m (spec names it,
// as --sweep does): the number it varies, the content at each value, and
// the values.
func sweepOf(t testing.TB, m game.Module, tb *table.Tables, spec string) (game.SweepTarget, []game.SweepVariant, []int) {
	t.Helper()
	sw, err := game.ParseSweep(spec)
	require.NoError(t, err)
	target, err := sw.Resolve(m.Schema(), tb)
	require.NoError(t, err)
	var variants []game.SweepVariant
	for _, v := range sw.Values {
		sheet, id, column, text := target.Edit(v)
		vt, l := compiler.Edit(m, tb, []compiler.CellEdit{{Sheet: sheet, ID: id, Column: column, Text: text}})
		require.NotNil(t, vt, "%s at %d: %v", spec, v, l.Items())
		variants = append(variants, game.SweepVariant{Value: v, Tables: vt})
	}
	return target, variants, sw.Values
}

// sweepParts plays the n shards of a sweep, each its slice of the games at
// every value, and returns their part files.
func sweepParts(t testing.TB, m game.Module, tb *table.Tables, target game.SweepTarget, variants []game.SweepVariant, values []int, req game.SimRequest, n int) [][]byte {
	t.Helper()
	def := game.RunOf(req, req.Games, req.From)
	def.Sweep = game.SweepSpec(target, values)
	var files [][]byte
	for k := 1; k <= n; k++ {
		from, games := sim.Shard(req.Games, k, n)
		sreq := req
		sreq.From, sreq.Games = req.From+from, games
		sreq.Shard = &game.Shard{K: k, N: n, From: req.From, Games: req.Games}
		started := time.Now()
		sr, err := game.RunSweep(m.(game.Simulator), target, tb, variants, sreq, nil)
		require.NoError(t, err)
		p, err := game.NewSweepPart(sr, def, k, n)
		require.NoError(t, err)
		p.Engine, p.Content, p.Started, p.Finished = "test", tb.Hash, started, time.Now().Add(time.Millisecond)
		data, err := json.Marshal(p)
		require.NoError(t, err)
		files = append(files, data)
	}
	return files
}

// played is how many values a sweep plays: its values and the current
// one.
func played(target game.SweepTarget, values []int) int {
	if target.Current != nil && slices.Contains(values, *target.Current) {
		return len(values)
	}
	return len(values) + 1
}

// stableSweep is a sweep's JSON without its throughput.
func stableSweep(t testing.TB, sr *game.SweepReport) string {
	t.Helper()
	sr.GamesPerSecond = 0
	return stableJSON(t, sr)
}

// Merged sweep parts give the sweep on one machine, value by value: each
// value's figures, verdicts and paired differences (their q-values
// corrected over the merged values), for a card's number, a Count, a
// hero's stat over a range of player counts, and in Fallen Land.
func TestMergeSweepIsTheSweep(t *testing.T) {
	for _, tc := range []struct {
		game, spec string
		req        game.SimRequest
		n          int
	}{
		{"fortune-and-glory", "city.rooftop-chase.glory=0,5", game.SimRequest{Games: 80, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}, 3},
		{"fortune-and-glory", "city.light-fingered-urchin.loseFortune=0..2", game.SimRequest{Games: 60, Players: 4, Seed: 2, Stats: true, MaxRounds: 100, From: 5}, 2},
		{"fortune-and-glory", "city.rooftop-chase.count=0,3", game.SimRequest{Games: 60, Players: 4, Seed: 4, Stats: true, MaxRounds: 100}, 2},
		{"fortune-and-glory", "heroes.jake-zane.combat=2,7", game.SimRequest{Games: 80, Players: 1, PlayersMax: 4, Mode: "coop", Seed: 2, Stats: true, MaxRounds: 100}, 4},
		{"fallen-land", "spoils.dynamite-bundle.addSuccess=1,5", game.SimRequest{Games: 60, Players: 4, Seed: 5, Stats: true, MaxRounds: 100}, 3},
	} {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.game, tc.spec, tc.n), func(t *testing.T) {
			m := game.Lookup(tc.game)
			tb := bundledTables(t, m)
			target, variants, values := sweepOf(t, m, tb, tc.spec)
			whole, err := game.RunSweep(m.(game.Simulator), target, tb, variants, tc.req, nil)
			require.NoError(t, err)
			merged, err := game.MergeSweep(m.(game.Simulator), target, tb, variants,
				readParts(t, sweepParts(t, m, tb, target, variants, values, tc.req, tc.n)))
			require.NoError(t, err)
			assert.Positive(t, merged.GamesPerSecond, "the parts' throughput")
			assert.Equal(t, stableSweep(t, whole), stableSweep(t, merged))
			require.Len(t, merged.Points, played(target, values), "every value and the current one")
		})
	}
}

// FuzzMergeSweep feeds the part reader and the sweep's merge hostile
// parts of a sweep: values missing, twice or unknown, pairs no games
// give, counts of the wrong shape. Each must be an error or the sweep,
// never a panic.
func FuzzMergeSweep(f *testing.F) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(f, m)
	target, variants, values := sweepOf(f, m, tb, "city.rooftop-chase.glory=0,5")
	req := game.SimRequest{Games: 6, Players: 2, Seed: 9, Stats: true, MaxRounds: 100}
	f.Add(sweepParts(f, m, tb, target, variants, values, req, 1)[0])
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 256 << 20, Time: 4 * time.Second}, func() {
			p, err := game.ReadPart(bytes.NewReader(data), "part.json")
			if err != nil {
				require.Contains(t, err.Error(), "part.json: ")
				return
			}
			sr, err := game.MergeSweep(m.(game.Simulator), target, tb, variants, []*game.Part{p})
			if err == nil {
				require.Len(t, sr.Points, played(target, values))
			}
		})
	})
}
