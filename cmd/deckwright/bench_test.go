package main

import (
	"testing"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
)

// BenchmarkValidateBundled measures what `deckwright validate` and
// `deckwright build` do with each bundled base set: read the workbook from
// its bytes, compile and validate it, and encode the engine tables. Each
// iteration starts from the bytes, so it is a cold build of the content
// (run with -benchtime=1x for the very first one, which also builds the
// effect environment). Target for Fortune and Glory: under 300 ms.
func BenchmarkValidateBundled(b *testing.B) {
	for _, set := range content.Sets {
		b.Run(set.ID, func(b *testing.B) {
			mod := findModule(set.Game)
			data, err := set.Workbook()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				wb, rl := compiler.ReadWorkbook(set.FileName(), data, compiler.DefaultLimits)
				if wb == nil {
					b.Fatalf("the bundled workbook does not read: %v", rl.Items())
				}
				tb, cl := compiler.Compile(mod, []*compiler.Workbook{wb}, compiler.Options{})
				if tb == nil {
					b.Fatalf("the bundled %s has %d errors", set.ID, cl.Errors())
				}
				if _, err := tb.Encode(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
