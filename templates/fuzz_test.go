package templates_test

import (
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/templates"
)

// FuzzLoadTemplate: any bytes as a template override (or as shared.yaml or
// icons.yaml) load without a panic, and whatever is wrong is a diagnostic
// with a position in the file.
func FuzzLoadTemplate(f *testing.F) {
	for _, s := range []string{
		"deck: events\nsheet: Events\nfront:\n  - type: text\n    at: [3, 3, 57, 10]\n    text: \"{{name|upper}}\"\n",
		"deck: x\nsize: poker\nfront:\n  - {type: rows, sheet: Tactics, at: [1,1,2,2], if: [a, b], unless: \"kind = npcm\"}\n",
		"colors: {ink: \"#zzz\"}\nfonts: [1, 2]\n",
		"icons:\n  star: {path: \"M 0 0 L\"}\n",
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
		fs := fstest.MapFS{name: {Data: []byte(data)}}
		_, l := templates.Load(fng.Schema, templates.Folder{FS: fs, Label: "fuzz"})
		for _, d := range l.Items() {
			if d.Pos.File == "" {
				t.Fatalf("a diagnostic without a file: %v", d)
			}
		}
	})
}
