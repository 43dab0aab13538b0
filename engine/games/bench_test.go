package games_test

import (
	"bytes"
	"testing"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/engine/table"
)

// BenchmarkSimulate runs `deckwright sim`'s own path for every shipped
// game: the module's Simulate through the generic harness, 4 players, the
// cautious bots, per-card statistics on, every worker. games/s is the
// figure to compare before and after a change to the harness.
func BenchmarkSimulate(b *testing.B) {
	games := map[string]int{"fortune-and-glory": 4000, "fallen-land": 1000} // about a second each
	for _, m := range game.Modules() {
		b.Run(game.Initials(m.ID()), func(b *testing.B) {
			t := bundledTables(b, m)
			s := m.(game.Simulator)
			var perSecond float64
			for b.Loop() {
				rep, err := game.Simulate(s, t, game.SimRequest{Games: games[m.ID()], Players: 4, Seed: 1, Mode: "competitive", Stats: true, MaxRounds: 100})
				if err != nil {
					b.Fatal(err)
				}
				perSecond = rep.GamesPerSecond
			}
			b.ReportMetric(perSecond, "games/s")
		})
	}
}

func bundledTables(b testing.TB, m game.Module) *table.Tables {
	set, ok := content.BaseOf(m.ID())
	if !ok {
		b.Skip("no bundled set")
	}
	data, err := set.Workbook()
	if err != nil {
		b.Fatal(err)
	}
	wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
	if wb == nil {
		b.Fatal(l.Items())
	}
	t, l := compiler.Compile(m, []*compiler.Workbook{wb}, compiler.Options{})
	if t == nil {
		b.Fatal(l.Items())
	}
	return t
}

// BenchmarkMerge is `deckwright merge`'s own work on 16 parts of the
// bundled Fortune and Glory set with per-card metrics: reading each part
// file and adding them up into the run's report (the content is compiled
// once, outside the loop, as a merge loads it once). MergeImpact merges
// those of a run with --impact all --impact-games (every card's paired
// sums in each part), MergeCompare those of a run with --compare (the
// baseline's counts too: the set against itself).
func BenchmarkMerge(b *testing.B) {
	benchmarkMerge(b, game.SimRequest{Games: 16000, Players: 4, Seed: 1, Mode: "competitive", Stats: true, MaxRounds: 100}, false, false)
}

// BenchmarkMergeReports merges the shards' --json reports, which carry
// their parts, as BenchmarkMerge merges the part files.
func BenchmarkMergeReports(b *testing.B) {
	benchmarkMerge(b, game.SimRequest{Games: 16000, Players: 4, Seed: 1, Mode: "competitive", Stats: true, MaxRounds: 100}, false, true)
}

func BenchmarkMergeImpact(b *testing.B) {
	benchmarkMerge(b, game.SimRequest{Games: 320, Players: 4, Seed: 1, Mode: "competitive", Stats: true, MaxRounds: 100,
		ImpactLayer: "all", ImpactGames: 320}, false, false)
}

func BenchmarkMergeCompare(b *testing.B) {
	benchmarkMerge(b, game.SimRequest{Games: 16000, Players: 4, Seed: 1, Mode: "competitive", Stats: true, MaxRounds: 100, KeepGames: true}, true, false)
}

func benchmarkMerge(b *testing.B, req game.SimRequest, compare, reports bool) {
	m := game.Lookup("fortune-and-glory")
	t := bundledTables(b, m)
	var base *table.Tables
	if compare {
		base = t
	}
	files, shardReports := shardFiles(b, m, t, base, req, 16)
	if reports {
		files = shardReports
	}
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.ReportMetric(float64(size)/16, "bytes/part")
	for b.Loop() {
		parts := make([]*game.Part, len(files))
		for k, f := range files {
			p, err := game.ReadPart(bytes.NewReader(f), "part.json")
			if err != nil {
				b.Fatal(err)
			}
			parts[k] = p
		}
		if _, err := game.MergeParts(m.(game.Simulator), t, base, parts); err != nil {
			b.Fatal(err)
		}
	}
}
