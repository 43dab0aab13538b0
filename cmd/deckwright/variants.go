package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
)

// variantDocs are each game's named rule variants with what they do.
var variantDocs = []struct {
	title    string
	variants map[string]string
}{
	{"Fortune and Glory", fng.VariantNames()},
	{"Fallen Land", fallenland.VariantNames()},
}

// variantHelp is the --help table of every game's --variant names.
func variantHelp() string {
	var b strings.Builder
	b.WriteString("Rule variants (--variant NAME, repeatable), by game:")
	for _, g := range variantDocs {
		fmt.Fprintf(&b, "\n\n  %s:", g.title)
		names := make([]string, 0, len(g.variants))
		width := 0
		for n := range g.variants {
			names = append(names, n)
			width = max(width, len(n))
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&b, "\n    %-*s  %s", width, n, g.variants[n])
		}
	}
	return b.String()
}
