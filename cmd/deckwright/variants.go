package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/game"
)

// variantHelp is the --help table of every registered game's --variant
// names, from each game's SimSpec.
func variantHelp() string {
	var b strings.Builder
	b.WriteString("Rule variants (--variant NAME, repeatable), by game:")
	for _, m := range game.Modules() {
		s, ok := m.(game.Simulator)
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "\n\n  %s:", m.Title())
		writeChoices(&b, s.SimSpec().Variants)
	}
	return b.String()
}

// writeChoices writes a table of choices in name order, as --help shows them.
func writeChoices(b *strings.Builder, cs []game.Choice) {
	names := game.Names(cs)
	width := 0
	order := make([]int, len(cs))
	for i, n := range names {
		width, order[i] = max(width, len(n)), i
	}
	sort.Slice(order, func(a, b int) bool { return names[order[a]] < names[order[b]] })
	for _, i := range order {
		fmt.Fprintf(b, "\n    %-*s  %s", width, names[i], cs[i].Help)
	}
}
