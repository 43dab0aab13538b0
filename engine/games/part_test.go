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
	"github.com/deckwright/deckwright/engine/fuzzseed"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// shardParts plays the n shards of the run req defines, each as its own
// run, and returns their part files.
func shardParts(t testing.TB, m game.Module, tb *table.Tables, req game.SimRequest, n int) [][]byte {
	return comparedParts(t, m, tb, nil, req, n)
}

// simulate plays the run req on tb as deckwright sim does: with a
// baseline on base (when not nil), compared with it.
func simulate(t testing.TB, m game.Module, tb, base *table.Tables, req game.SimRequest) *game.SimReport {
	t.Helper()
	rep, err := game.Simulate(m.(game.Simulator), tb, req)
	require.NoError(t, err)
	if base != nil {
		breq := req
		breq.ImpactLayer, breq.ImpactGames, breq.Games = "", 0, rep.Games
		brep, err := game.Simulate(m.(game.Simulator), base, breq)
		require.NoError(t, err)
		rep.Comparison = game.Compare("base", brep, rep, game.Changes(base, tb), game.Thresholds{"rounds": 0.5})
	}
	return rep
}

// comparedParts plays the n shards of the run req defines, each as its
// own run, with a baseline on base when it is not nil (--compare), and
// returns their part files.
func comparedParts(t testing.TB, m game.Module, tb, base *table.Tables, req game.SimRequest, n int) [][]byte {
	parts, _ := shardFiles(t, m, tb, base, req, n)
	return parts
}

// shardFiles plays the n shards of the run req defines, each as its own
// run, with a baseline on base when it is not nil (--compare), and
// returns each shard's part file and its --json report, which carries
// the part.
func shardFiles(t testing.TB, m game.Module, tb, base *table.Tables, req game.SimRequest, n int) (parts, reports [][]byte) {
	t.Helper()
	def := game.RunOf(req, req.Games, req.From)
	if base != nil {
		def.Compare, def.FailOn = "base", game.Thresholds{"rounds": 0.5}
	}
	for k := 1; k <= n; k++ {
		from, games := sim.Shard(req.Games, k, n)
		sreq := req
		sreq.From, sreq.Games = req.From+from, games
		sreq.Shard = &game.Shard{K: k, N: n, From: req.From, Games: req.Games}
		started := time.Now()
		rep := simulate(t, m, tb, base, sreq)
		p, err := game.NewPart(rep, def, k, n)
		require.NoError(t, err)
		p.Engine, p.Content, p.Started, p.Finished = "test", tb.Hash, started, time.Now()
		if base != nil {
			p.Baseline.Content = base.Hash
		}
		data, err := json.Marshal(p)
		require.NoError(t, err)
		parts = append(parts, data)
		data, err = json.MarshalIndent(game.ShardReport{SimReport: rep, Part: p}, "", "  ")
		require.NoError(t, err)
		reports = append(reports, data)
	}
	return parts, reports
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
	return stableJSON(t, r)
}

// stableJSON is a report's JSON, its throughput already cleared.
func stableJSON(t testing.TB, report any) string {
	t.Helper()
	data, err := json.Marshal(report)
	require.NoError(t, err)
	return string(data)
}

// Merged parts give the whole run's report: every count, rate, verdict
// and flag, for both games, a cooperative range of player counts, games
// that stalled, and per-card metrics; every card's paired effect of a
// fixed --impact (its paired games split unlike the games when
// ImpactGames is below Games); and a --compare run's comparison.
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
		{"fortune-and-glory", game.SimRequest{Games: 120, Players: 4, Seed: 4, Stats: true, MaxRounds: 100, From: 7, ImpactLayer: "all", ImpactGames: 70}, 3},
		{"fortune-and-glory", game.SimRequest{Games: 90, Players: 1, PlayersMax: 4, Seed: 2, Mode: "coop", Stats: true, MaxRounds: 100, ImpactLayer: "all", ImpactGames: 90}, 4},
		{"fortune-and-glory", game.SimRequest{Games: 30, Players: 4, Seed: 4, Stats: true, MaxRounds: 100, ImpactLayer: "all", ImpactGames: 2}, 3},
		{"fallen-land", game.SimRequest{Games: 30, Players: 4, Seed: 5, Stats: true, MaxRounds: 100, ImpactLayer: "all", ImpactGames: 20}, 2},
	} {
		t.Run(fmt.Sprintf("%s/%s/%d-%d/%d", tc.game, tc.req.Mode, tc.req.Players, tc.req.PlayersMax, tc.n), func(t *testing.T) {
			m := game.Lookup(tc.game)
			require.NotNil(t, m)
			tb := bundledTables(t, m)
			whole, err := game.Simulate(m.(game.Simulator), tb, tc.req)
			require.NoError(t, err)
			files, reports := shardFiles(t, m, tb, nil, tc.req, tc.n)
			parts := readParts(t, files)
			merged, err := game.MergeParts(m.(game.Simulator), tb, nil, parts)
			require.NoError(t, err)
			// The shards' --json reports carry the same parts: read from
			// them, or some from each, they merge into the same run.
			for k, p := range readParts(t, reports) {
				want, err := json.Marshal(parts[k])
				require.NoError(t, err)
				got, err := json.Marshal(p)
				require.NoError(t, err)
				assert.Equal(t, string(want), string(got), "shard %d: a report's part is the shard's part", k+1)
			}
			mixed := slices.Clone(files)
			for k := 0; k < len(mixed); k += 2 {
				mixed[k] = reports[k]
			}
			fromMixed, err := game.MergeParts(m.(game.Simulator), tb, nil, readParts(t, mixed))
			require.NoError(t, err)
			assert.Equal(t, stable(t, whole), stable(t, fromMixed))
			assert.Positive(t, merged.GamesPerSecond, "the parts' throughput")
			if tc.req.MaxRounds < 10 {
				require.NotEmpty(t, whole.Stalls, "the test covers games that stalled")
			}
			if tc.req.ImpactLayer != "" {
				require.NotNil(t, whole.ImpactRun, "the run measures its cards")
				require.Positive(t, whole.ImpactRun.Paired)
			}
			assert.Equal(t, stable(t, whole), stable(t, merged))
		})
	}
}

// A --compare run's parts carry the baseline's counts on their games and
// the games paired: merged, they give the run's comparison, and the
// merge needs the baseline's content.
func TestMergePartsComparison(t *testing.T) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(t, m)
	req := game.SimRequest{Games: 90, Players: 4, Seed: 6, Stats: true, MaxRounds: 100, KeepGames: true, ImpactLayer: "all", ImpactGames: 60}
	// The baseline is the set itself, so nothing moves; its counts travel
	// and add up all the same. TestMergeIsTheRun (cmd/deckwright) merges
	// an expansion that moves the game against its baseline.
	base := bundledTables(t, m)
	whole := simulate(t, m, tb, base, req)
	require.NotNil(t, whole.Comparison)
	files, reports := shardFiles(t, m, tb, base, req, 3)
	parts := readParts(t, files)
	merged, err := game.MergeParts(m.(game.Simulator), tb, base, parts)
	require.NoError(t, err)
	assert.Equal(t, stable(t, whole), stable(t, merged))
	fromReports, err := game.MergeParts(m.(game.Simulator), tb, base, readParts(t, reports))
	require.NoError(t, err)
	assert.Equal(t, stable(t, whole), stable(t, fromReports), "the shards' --json reports carry the baseline's counts too")

	_, err = game.MergeParts(m.(game.Simulator), tb, nil, parts)
	require.EqualError(t, err, "part-1.json: a part of a run with --compare base: the merge needs the baseline's content")
}

const (
	notAPart = "not a part file or a shard's report (deckwright sim --shard K/N --json, or --part FILE, writes them)"
	wholeRun = "a sim report of a whole run, not a shard's: its counts cannot be merged; play shards with deckwright sim --shard K/N --json (or --part FILE)"
)

// A part file or a shard's report another program wrote, or one damaged,
// gets an error that names the file and what is wrong in it, and never a
// panic.
func TestReadPartErrors(t *testing.T) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(t, m)
	req := game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}
	files, reports := shardFiles(t, m, tb, nil, req, 2)
	good, goodReport := files[1], reports[1]
	wholeReport, err := json.MarshalIndent(simulate(t, m, tb, nil, req), "", "  ")
	require.NoError(t, err)
	editReport := func(f func(r map[string]any)) []byte { return editPart(t, goodReport, f) }
	// A report's damage is found where it is: past the report's first
	// 60 bytes, in its part.
	partAt := bytes.Index(goodReport, []byte(`"part": {`))
	require.Positive(t, partAt)
	run, err := m.(game.Simulator).Prepare(tb, req)
	require.NoError(t, err)
	edit := func(f func(p map[string]any)) []byte { return editPart(t, good, f) }
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
		{name: "not JSON", data: []byte("PK\x03\x04 a workbook"), want: notAPart},
		{name: "other JSON", data: []byte(`{"format":"deckwright-tables","version":1}`), want: notAPart},
		{name: "empty", data: nil, want: "empty: its shard wrote no report (did it fail, or was it stopped? play it again)"},
		{name: "blank", data: []byte("\n \n"), want: "empty: its shard wrote no report (did it fail, or was it stopped? play it again)"},
		{name: "a report", data: []byte(`{"game":"fortune-and-glory","games":20,"games_per_second":12}`), want: wholeRun},
		{name: "a whole run's report", data: wholeReport, want: wholeRun},
		{name: "a report whose part is null", data: editReport(func(r map[string]any) { r["part"] = nil }), want: wholeRun},
		{name: "an interrupted shard's report", data: editReport(func(r map[string]any) {
			delete(r, "part")
			r["partial"], r["games"], r["games_requested"] = true, 7, 10
		}), want: "the report of an interrupted run (7 of 10 games), which carries no part: play the shard again"},
		{name: "a report cut short", data: goodReport[:40], want: "cut short: the file ends inside the shard's report (was its shard stopped while writing?)"},
		{name: "a report cut short in its part", data: goodReport[:partAt+200], want: "cut short: the file ends inside the shard's report (was its shard stopped while writing?)"},
		{name: "a report damaged in its part", data: slices.Concat(goodReport[:partAt+9], []byte("x"), goodReport[partAt+9:]),
			want: fmt.Sprintf("damaged: invalid character 'x' looking for beginning of object key string (at byte %d)", partAt+10)},
		{name: "a report with more after it", data: append(slices.Clone(goodReport), "{}"...),
			want: fmt.Sprintf("damaged: invalid character '{' after top-level value (at byte %d)", len(goodReport)+1)},
		{name: "a report's part of another version", data: editReport(func(r map[string]any) { obj(r, "part")["version"] = 2 }),
			want: "part version 2; this deckwright reads version 3: merge with the deckwright that played it, test"},
		{name: "a report's part that is not one", data: editReport(func(r map[string]any) { r["part"] = 5 }), want: `its "part" is not a part of deckwright sim --shard K/N --json`},
		{name: "a report's part of other JSON", data: editReport(func(r map[string]any) { r["part"] = map[string]any{"format": "deckwright-tables"} }),
			want: `its "part" is not a part of deckwright sim --shard K/N --json`},
		{name: "a report's part with an unknown field", data: editReport(func(r map[string]any) { obj(r, "part")["extra"] = 1 }), want: `unknown field "extra"`},
		{name: "a report's part with negative games", data: editReport(func(r map[string]any) { obj(r, "part", "tally")["games"] = -10 }),
			want: "tally.games: -10, a count below 0"},
		{name: "a report's part with a negative card count", data: editReport(func(r map[string]any) { card(obj(r, "part"), 3)["Drawn"] = -1 }),
			wantMerge: "part-2.json: counts: Stats.Cards.Drawn: number -1, not a count (a whole number from 0 to 18446744073709551615)"},
		{name: "version", data: edit(func(p map[string]any) { p["version"] = 1 }), want: "part version 1; this deckwright reads version 3: merge with the deckwright that played it, test"},
		{name: "unknown field", data: edit(func(p map[string]any) { p["extra"] = 1 }), want: `unknown field "extra"`},
		{name: "unknown long field", data: edit(func(p map[string]any) { obj(p, "counts")[strings.Repeat("x", 1000)] = 1 }), wantMerge: `part-2.json: counts: unknown field "` + strings.Repeat("x", 80) + `…"`},
		{name: "started not a time", data: edit(func(p map[string]any) { p["started"] = "yesterday" }), want: `started: "yesterday" is not a time (RFC 3339, as sim writes it)`},
		{name: "finished not a time", data: edit(func(p map[string]any) { p["finished"] = 5 }), want: `finished: 5 is not a time (RFC 3339, as sim writes it)`},
		{name: "long engine", data: edit(func(p map[string]any) { p["engine"] = strings.Repeat("x", 100000) }),
			wantMerge: "part-2.json: not a shard of the run of part-1.json: played by deckwright " + strings.Repeat("x", 80) + "…, not test"},
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
		// The sums a run's tally keeps: one count edited is out of step with the others.
		{name: "a seat's games", data: edit(func(p map[string]any) {
			obj(p, "tally")["seats"].([]any)[0] = map[string]any{"played": 1000000000, "won": 1000000000}
		}), wantMerge: "part-2.json: tally.seats[0]: 1000000000 won of 1000000000 played, but its tables add up to "},
		{name: "a seat's wins", data: edit(func(p map[string]any) {
			s := obj(p, "tally")["seats"].([]any)[1].(map[string]any)
			s["won"] = inc(s["won"])
		}), wantMerge: "part-2.json: tally.seats[1]: "},
		{name: "a table seat's games", data: edit(func(p map[string]any) {
			obj(p, "tally", "tables", "4")["seats"].([]any)[2] = map[string]any{"played": 9, "won": 0}
		}), wantMerge: "part-2.json: tally.tables.4.seats[2]: 9 games played, but the table's games are 10"},
		{name: "a table's games", data: edit(func(p map[string]any) {
			obj(p, "tally", "tables", "4")["games"] = map[string]any{"played": 9, "won": 0}
		}), wantMerge: "part-2.json: tally.tables.4.seats[0]: 10 games played, but the table's games are 9"},
		{name: "a side's games", data: edit(func(p map[string]any) {
			s := obj(p, "tally", "sides")
			c := s[firstSide].(map[string]any)
			c["played"] = inc(c["played"])
		}), wantMerge: "part-2.json: tally.sides: 41 seats played, but the tables seat 40"},
		{name: "a policy's games", data: edit(func(p map[string]any) {
			for _, v := range obj(p, "tally", "policies") {
				c := v.(map[string]any)
				c["played"] = inc(c["played"])
			}
		}), wantMerge: "part-2.json: tally.policies: 41 seats played, but the tables seat 40"},
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

// inc is a count of a part's JSON, one more.
func inc(v any) json.Number {
	n, err := v.(json.Number).Int64()
	if err != nil {
		panic(err)
	}
	return json.Number(fmt.Sprint(n + 1))
}

// editPart is a part file with f applied to its JSON.
func editPart(t *testing.T, good []byte, f func(p map[string]any)) []byte {
	t.Helper()
	var p map[string]any
	d := json.NewDecoder(bytes.NewReader(good))
	d.UseNumber()
	require.NoError(t, d.Decode(&p))
	f(p)
	data, err := json.Marshal(p)
	require.NoError(t, err)
	return data
}

// The parts of --impact and --compare runs are checked as closely: their
// paired sums and baseline counts must be such as the shard's games give,
// each there when and only when the run has it.
func TestReadImpactAndComparePartErrors(t *testing.T) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(t, m)
	impactReq := game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100, ImpactLayer: "all", ImpactGames: 12}
	impact := comparedParts(t, m, tb, nil, impactReq, 2)
	compareReq := game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100, KeepGames: true}
	compare := comparedParts(t, m, tb, tb, compareReq, 2)
	plain := shardParts(t, m, tb, game.SimRequest{Games: 20, Players: 4, Seed: 3, Stats: true, MaxRounds: 100}, 2)
	var head struct {
		Impact struct{ Cards []struct{ Card string } }
	}
	require.NoError(t, json.Unmarshal(impact[1], &head))
	require.NotEmpty(t, head.Impact.Cards)
	firstCard := head.Impact.Cards[0].Card
	obj := func(v any, path ...any) map[string]any {
		for _, k := range path {
			switch k := k.(type) {
			case string:
				v = v.(map[string]any)[k]
			case int:
				v = v.([]any)[k]
			}
		}
		return v.(map[string]any)
	}
	for _, tc := range []struct {
		name      string
		first     [][]byte // the parts the edited shard 2/2 is merged with
		data      []byte
		want      string // "" reads; merging it is then wantMerge
		wantMerge string
	}{
		{name: "impact missing", data: editPart(t, impact[1], func(p map[string]any) { delete(p, "impact") }),
			want: "impact: missing: the part of an --impact run carries its paired sums"},
		{name: "impact in a plain part", data: editPart(t, plain[1], func(p map[string]any) {
			var c map[string]any
			require.NoError(t, json.Unmarshal(impact[1], &c))
			p["impact"] = c["impact"]
		}), want: "impact: paired sums in the part of a run without --impact"},
		{name: "adaptive", data: editPart(t, impact[1], func(p map[string]any) { delete(obj(p, "run"), "impact_games") }),
			want: "run: --impact-games 0 of a run of 20 games: adaptive --impact is not sharded, and a fixed one pairs 1 to --games games"},
		{name: "not the paired slice", data: editPart(t, impact[1], func(p map[string]any) { obj(p, "impact")["from"] = 3 }),
			want: "impact: shard 2/2 of 12 paired games pairs games 6 to 11, not 3 to 8"},
		{name: "drawn too often", data: editPart(t, impact[1], func(p map[string]any) { obj(p, "impact", "cards", 0)["played"] = 7 }),
			want: "impact.cards[0]: drawn in 7 of 6 games paired"},
		{name: "more pairs than draws", data: editPart(t, impact[1], func(p map[string]any) {
			obj(p, "impact", "cards", 0)["played"] = 1
			obj(p, "impact", "cards", 0)["rounds"] = map[string]any{"N": 2, "Sum": 0, "SumSq": 0}
			obj(p, "impact", "cards", 0)["win"] = map[string]any{"N": 0, "Sum": 0, "SumSq": 0}
		}), want: "impact.cards[0]: 2 pairs of game length and 0 of wins, of 1 games drawn in"},
		{name: "not sums of wins", data: editPart(t, impact[1], func(p map[string]any) {
			obj(p, "impact", "cards", 0)["played"] = 1
			obj(p, "impact", "cards", 0)["win"] = map[string]any{"N": 1, "Sum": 5, "SumSq": 1}
			obj(p, "impact", "cards", 0)["rounds"] = map[string]any{"N": 1, "Sum": 0, "SumSq": 0}
		}), want: "impact.cards[0].win: sum 5 and sum of squares 1 of 1 differences of at most 1: not sums of differences"},
		{name: "huge rounds", data: editPart(t, impact[1], func(p map[string]any) {
			obj(p, "impact", "cards", 0)["played"] = 1
			obj(p, "impact", "cards", 0)["rounds"] = map[string]any{"N": 1, "Sum": -9e15, "SumSq": json.Number("9000000000000000000")}
			obj(p, "impact", "cards", 0)["win"] = map[string]any{"N": 1, "Sum": 0, "SumSq": 0}
		}), want: "impact.cards[0].rounds: sum -9000000000000000 and sum of squares 9000000000000000000 of 1 differences of at most 100: not sums of differences"},
		{name: "other cards", first: impact[:1], data: editPart(t, impact[1], func(p map[string]any) { obj(p, "impact", "cards", 0)["card"] = "x" }),
			wantMerge: fmt.Sprintf(`part-2.json: impact.cards[0]: "x", where the run measures %q`, firstCard)},
		{name: "fewer cards", first: impact[:1], data: editPart(t, impact[1], func(p map[string]any) {
			obj(p, "impact")["cards"] = obj(p, "impact")["cards"].([]any)[:1]
		}), wantMerge: fmt.Sprintf("part-2.json: impact.cards: 1 cards, the run measures %d", len(head.Impact.Cards))},
		{name: "baseline missing", data: editPart(t, compare[1], func(p map[string]any) { delete(p, "baseline") }),
			want: "baseline: missing: the part of a --compare run carries its baseline's counts"},
		{name: "baseline in a plain part", data: editPart(t, plain[1], func(p map[string]any) {
			var c map[string]any
			require.NoError(t, json.Unmarshal(compare[1], &c))
			p["baseline"] = c["baseline"]
		}), want: "baseline: a baseline's counts in the part of a run without --compare"},
		{name: "baseline games", data: editPart(t, compare[1], func(p map[string]any) { obj(p, "baseline", "tally")["games"] = 11 }),
			want: "baseline.tally: 11 games, but shard 2/2 plays 10"},
		{name: "baseline negative", data: editPart(t, compare[1], func(p map[string]any) { obj(p, "baseline", "tally")["side_wins"] = -1 }),
			want: "baseline.tally.side_wins: -1, a count below 0"},
		{name: "more pairs than games", data: editPart(t, compare[1], func(p map[string]any) {
			obj(p, "baseline", "pairs")["rounds"] = map[string]any{"N": 11, "Sum": 0, "SumSq": 0}
		}), want: "baseline.pairs: 11 pairs of game length and 10 of wins, of 10 games"},
		{name: "more wins than pairs", data: editPart(t, compare[1], func(p map[string]any) { obj(p, "baseline", "pairs")["wins_now"] = 11 }),
			want: "baseline.pairs: 0 and 11 wins of 10 games paired"},
		{name: "baseline counts", first: compare[:1], data: editPart(t, compare[1], func(p map[string]any) { obj(p, "baseline")["counts"] = nil }),
			wantMerge: "part-2.json: baseline: counts: missing"},
		{name: "baseline unknown hero", first: compare[:1], data: editPart(t, compare[1], func(p map[string]any) {
			obj(p, "baseline", "tally", "sides")["nobody"] = map[string]any{"played": 1, "won": 0}
		}), wantMerge: `part-2.json: baseline: tally.sides: "nobody" is not one of the run's`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.ReadPart(bytes.NewReader(tc.data), "part-2.json")
			if tc.want != "" {
				require.Error(t, err)
				assert.Equal(t, "part-2.json: "+tc.want, err.Error())
				return
			}
			require.NoError(t, err)
			_, err = game.MergeParts(m.(game.Simulator), tb, tb, append(readParts(t, tc.first), p))
			require.Error(t, err)
			assert.Equal(t, tc.wantMerge, err.Error())
		})
	}

	// Parts of runs of other kinds are not shards of one run.
	impact10 := comparedParts(t, m, tb, nil, func() game.SimRequest { r := impactReq; r.ImpactGames = 10; return r }(), 2)
	for _, tc := range []struct {
		name  string
		parts [][]byte
		want  string
	}{
		{"plain and impact", [][]byte{plain[0], impact[1]}, "a run with --impact all --impact-games 12, not a plain run"},
		{"impact and plain", [][]byte{impact[0], plain[1]}, "a plain run, not a run with --impact all --impact-games 12"},
		{"other impact games", [][]byte{impact[0], impact10[1]}, "a run with --impact all --impact-games 10, not a run with --impact all --impact-games 12"},
		{"plain and compare", [][]byte{plain[0], compare[1]}, "a run with --compare base, not a plain run"},
		{"other baseline", [][]byte{compare[0], editPart(t, compare[1], func(p map[string]any) { obj(p, "baseline")["content"] = "sha256:other" })},
			fmt.Sprintf("baseline content sha256:other, not %s (the shards compared with different baselines)", tb.Hash)},
		{"other bounds", [][]byte{compare[0], editPart(t, compare[1], func(p map[string]any) { obj(p, "run")["fail_on"] = map[string]any{"rounds": 1} })},
			"--fail-on rounds=1, not --fail-on rounds=0.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := game.MergeParts(m.(game.Simulator), tb, tb, readParts(t, tc.parts))
			require.Error(t, err)
			assert.Equal(t, "part-2.json: not a shard of the run of part-1.json: "+tc.want, err.Error())
		})
	}
}

// FuzzMergePart feeds the part reader and the merge hostile files, parts
// and shards' reports carrying them: cut short, huge or negative numbers,
// lists of the wrong length, keys that name nothing, paired sums and
// baseline counts no shard gives. Each must be an error or a report,
// never a panic.
func FuzzMergePart(f *testing.F) {
	m := game.Lookup("fortune-and-glory")
	tb := bundledTables(f, m)
	req := game.SimRequest{Games: 6, Players: 2, Seed: 9, Stats: true, MaxRounds: 100}
	f.Add(shardParts(f, m, tb, req, 1)[0])
	impact, compare := req, req
	impact.ImpactLayer, impact.ImpactGames = "all", 4
	compare.KeepGames = true
	f.Add(shardParts(f, m, tb, impact, 1)[0])
	f.Add(comparedParts(f, m, tb, tb, compare, 1)[0])
	// A shard's --json report, carrying its part.
	_, reports := shardFiles(f, m, tb, nil, impact, 1)
	f.Add(reports[0])
	for _, data := range fuzzseed.JSONVariants(shardParts(f, m, tb, req, 1)[0], 80) {
		f.Add(data)
	}
	for _, data := range fuzzseed.JSONVariants(shardParts(f, m, tb, impact, 1)[0], 80) {
		f.Add(data)
	}
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
