package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/deckwright/deckwright/engine/cputime"
)

// BenchmarkImpactAllGames is `deckwright sim --impact all` on each bundled
// game's set, the command as a designer types it: the adaptive run to ±3
// points (95%) on every card's win effect. Each reports its wall time,
// its CPU time and their ratio, the cores it kept busy (2 at best on the
// 2-core machine; on a shared machine the wall time is not the run's, the
// ratio less so), and the games it played (the run's, those played on past
// them, the paired ones). Minutes each: run with -benchtime=1x:
//
//	go test ./cmd/deckwright -run '^$' -bench ImpactAllGames -benchtime=1x
func BenchmarkImpactAllGames(b *testing.B) {
	for _, g := range []string{"fortune-and-glory", "fallen-land"} {
		b.Run(g, func(b *testing.B) {
			var out bytes.Buffer
			cpu := cputime.Process()
			for b.Loop() {
				out.Reset()
				if code := run([]string{"sim", "--game", g, "--impact", "all", "--json"}, &out, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			wall := b.Elapsed().Seconds() / float64(b.N)
			used := (cputime.Process() - cpu).Seconds() / float64(b.N)
			var rep struct {
				Games  int `json:"games"`
				Impact struct {
					Base   int `json:"base_games"`
					Paired int `json:"paired_games"`
				} `json:"impact_run"`
			}
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(wall, "s")
			b.ReportMetric(used, "cpu-s")
			b.ReportMetric(used/wall, "cores")
			b.ReportMetric(float64(max(rep.Games, rep.Impact.Base)+rep.Impact.Paired), "games")
		})
	}
}
