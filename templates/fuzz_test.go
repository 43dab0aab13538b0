package templates_test

import (
	"runtime"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/templates"
)

// Each fuzzed template may allocate at most this much, loading and laying
// out cards, and take at most this long (a budget far above what any real
// template needs, so that only a super-linear path trips it).
const (
	fuzzMemory = 256 << 20
	fuzzTime   = 20 * time.Second
)

// fuzzTables is a few rows of each sheet of the bundled Fortune and Glory
// set: enough for a fuzzed template to lay out cards.
var fuzzTables = sync.OnceValue(func() *table.Tables {
	base, _ := content.BaseOf(fng.GameID)
	data, err := base.Workbook()
	if err != nil {
		panic(err)
	}
	wb, _ := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
	tb, _ := compiler.Compile(fng.Module, []*compiler.Workbook{wb}, compiler.Options{})
	for _, s := range tb.Sheets {
		if len(s.Rows) > 3 {
			s.Rows = s.Rows[:3]
			s.Bind()
		}
	}
	return tb
})

// FuzzLoadTemplate: any bytes as a template override (or as shared.yaml or
// icons.yaml) load without a panic, whatever is wrong is a diagnostic with
// a position in the file, and a template that loads lays out cards within
// a memory and time budget.
func FuzzLoadTemplate(f *testing.F) {
	for _, s := range []string{
		"deck: events\nsheet: Events\nfront:\n  - type: text\n    at: [3, 3, 57, 10]\n    text: \"{{name|upper}}\"\n",
		"deck: x\nsize: poker\nfront:\n  - {type: rows, sheet: Tactics, at: [1,1,2,2], if: [a, b], unless: \"kind = npcm\"}\n",
		"colors: {ink: \"#zzz\"}\nfonts: [1, 2]\n",
		"icons:\n  star: {path: \"M 0 0 L\"}\n",
		"name: dangers\nsheet: Dangers\nsize: poker\nfront:\n  zones:\n    - {type: text, at: [1, 1, 60, 80], text: \"**a** *b* {{text}} {{text}} {glory}\", size: 8, min: 1}\n    - {type: image, at: [0, 0, 63.5, 88.9], field: art}\n",
		"fonts: {x: a.ttf}\nfallback: [x, sans]\n",
		"- [\n", "deck: &a [*a]\n", "\t\x00",
	} {
		f.Add("dangers.yaml", s)
		f.Add("shared.yaml", s)
		f.Add("icons.yaml", s)
	}
	f.Fuzz(func(t *testing.T, name, data string) {
		switch name {
		case "dangers.yaml", "shared.yaml", "icons.yaml", "new.yaml":
		default:
			name = "new.yaml"
		}
		tables := fuzzTables()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		fs := fstest.MapFS{name: {Data: []byte(data)}}
		set, l := templates.Load(fng.Schema, templates.Folder{FS: fs, Label: "fuzz"})
		for _, d := range l.Items() {
			if d.Pos.File == "" {
				t.Fatalf("a diagnostic without a file: %v", d)
			}
		}
		if l.Errors() == 0 {
			export.Check(set, tables)
		}
		runtime.ReadMemStats(&after)
		if used := after.TotalAlloc - before.TotalAlloc; used > fuzzMemory {
			t.Fatalf("loading and laying out the template allocated %d MB, over the %d MB budget", used>>20, fuzzMemory>>20)
		}
		if took := time.Since(start); took > fuzzTime {
			t.Fatalf("loading and laying out the template took %v, over the %v budget", took, fuzzTime)
		}
	})
}
