package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
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
			mod := game.Lookup(set.Game)
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

// BenchmarkReadWorkbook compares reading each bundled base set as .xlsx
// (excelize), as the .ods LibreOffice saves of it (deckwright's own
// streaming reader), and as LibreOffice's CSV export (a folder, one file a
// sheet).
// The .ods and CSV files are made with soffice first (skipped without it).
func BenchmarkReadWorkbook(b *testing.B) {
	if _, err := exec.LookPath("soffice"); err != nil {
		b.Skip("LibreOffice (soffice) is not installed")
	}
	dir := b.TempDir()
	var paths []string
	for _, set := range content.Sets {
		data, err := set.Workbook()
		if err != nil {
			b.Fatal(err)
		}
		p := filepath.Join(dir, set.FileName())
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	ods := toODS(b, dir, paths...)
	for i, set := range content.Sets {
		csvDir := filepath.Join(dir, set.ID)
		args := []string{"--headless", "-env:UserInstallation=file://" + b.TempDir(), "--convert-to",
			"csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", csvDir, paths[i]}
		if out, err := exec.Command("soffice", args...).CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
		for _, f := range []struct{ kind, path string }{{"xlsx", paths[i]}, {"ods", ods[i]}} {
			data, err := os.ReadFile(f.path)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(set.ID+"/"+f.kind, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if wb, l := compiler.ReadWorkbook(f.kind, data, compiler.DefaultLimits); wb == nil || l.Len() > 0 {
						b.Fatalf("%v", l.Items())
					}
				}
			})
		}
		b.Run(set.ID+"/csv", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if wbs, l, err := compiler.ReadPaths([]string{csvDir}, compiler.DefaultLimits); err != nil || len(wbs) != 1 || l.Len() > 0 {
					b.Fatalf("%d workbooks: %v", len(wbs), l.Items())
				}
			}
		})
	}
}
