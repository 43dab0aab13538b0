package export

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games"
)

// The layout benchmarks grow their input; a cost linear in its size shows
// as a steady MB/s (b.SetBytes) across the sizes. Run with
//
//	go test ./export -run '^$' -bench 'Markup|FitText'

func BenchmarkMarkup(b *testing.B) {
	for _, kind := range []struct{ name, unit string }{
		{"stars", "**"}, // 43 KB of these took 34 s (issue 14)
		{"text", "Gain **2** {glory} and *rest*. "},
	} {
		for _, n := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10} {
			s := strings.Repeat(kind.unit, n/len(kind.unit))
			b.Run(fmt.Sprintf("%s/%dKB", kind.name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					parseMarkup(s, resolveTest)
				}
			})
		}
	}
}

func BenchmarkFitText(b *testing.B) {
	st := textStyle{family: "sans", style: "regular", leading: 1.15}
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10} {
		s := strings.Repeat("The floor gives way and {glory} 2 waits below. ", n/48)
		paras, _ := parseMarkup(s, resolveTest)
		b.Run(fmt.Sprintf("%dKB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				fitText(paras, 53.5, 23, st, 8, 5)
			}
		})
	}
}

// BenchmarkExportCards measures a whole PDF export of n toy cards, for the
// cost and memory per card (-benchmem; /usr/bin/time -v on the CLI for the
// peak).
func BenchmarkExportCards(b *testing.B) {
	set := toySet(b, nil)
	for _, n := range []int{100, 1000, 10000} {
		tb := toyTables(map[string][]toyRow{"cards": toyCards(n)})
		b.Run(fmt.Sprintf("%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				parts := func(int, int) (Output, error) { return Output{Fronts: io.Discard}, nil }
				if _, _, err := Export(set, tb, Output{Part: parts}, DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "cards")
		})
	}
}

// BenchmarkCheckBundled measures what `deckwright validate` adds to a
// build: every card of a bundled set laid out once, nothing drawn.
func BenchmarkCheckBundled(b *testing.B) {
	for _, mod := range game.Modules() {
		set, tb := bundledGame(b, mod)
		b.Run(mod.ID(), func(b *testing.B) {
			for b.Loop() {
				if l := Check(set, tb); l.Errors() > 0 {
					b.Fatal(l.Items())
				}
			}
		})
	}
}

// BenchmarkImagesCards renders n toy cards as images at 300 dpi (both
// faces), for the time and memory of `export png` per card.
func BenchmarkImagesCards(b *testing.B) {
	set := toySet(b, nil)
	tb := toyTables(map[string][]toyRow{"cards": toyCards(200)})
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Images(set, tb, DefaultOptions(), DefaultDPI, func(Face) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(200, "cards")
}
