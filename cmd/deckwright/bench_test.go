package main

import (
	"testing"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/fng"
)

// BenchmarkValidateBundled measures what `deckwright validate` and
// `deckwright build` do with the bundled Fortune and Glory base set:
// read the workbook from its bytes, compile and validate it, and encode the
// engine tables. Each iteration starts from the bytes, so it is a cold
// build of the content (run with -benchtime=1x for the very first one,
// which also builds the effect environment). Target: under 300 ms.
func BenchmarkValidateBundled(b *testing.B) {
	set, ok := content.BaseOf(fng.GameID)
	if !ok {
		b.Fatal("no bundled base set for ", fng.GameID)
	}
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
		tb, cl := compiler.Compile(fng.Module, []*compiler.Workbook{wb}, compiler.Options{})
		if tb != nil {
			if _, err := tb.Encode(); err != nil {
				b.Fatal(err)
			}
		} else if b.N == 1 {
			// The bundled content is being written: report, do not fail.
			b.Logf("the bundled content has %d errors", cl.Errors())
		}
	}
}
