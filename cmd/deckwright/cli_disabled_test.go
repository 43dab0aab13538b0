package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestImpactSweepDisabledRow: deckwright init writes example rows with
// Disabled TRUE. A designer who names one with --impact or --sweep is
// told it is disabled, at the cell of its ID, and what to do — never that
// there is no such card, with a did-you-mean naming another row; a layer
// whose every card is disabled (init's expansion) is not unknown either.
func TestImpactSweepDisabledRow(t *testing.T) {
	projects := map[string]string{
		"fortune-and-glory": newProject(t, "proj"),
		"fallen-land":       newProject(t, "p2", "--game", "fallen-land"),
	}
	for _, tc := range []struct {
		game, flag, value, want string
		more                    []string
	}{
		{"fortune-and-glory", "--impact", "frozen-bridge",
			"--impact frozen-bridge: frozen-bridge is disabled (proj.xlsx:Dangers!A2, Disabled is TRUE): set Disabled to FALSE to measure it", nil},
		{"fortune-and-glory", "--impact", "rope-bridge,Frozen-Bridge",
			"--impact rope-bridge,Frozen-Bridge: frozen-bridge is disabled (proj.xlsx:Dangers!A2, Disabled is TRUE): set Disabled to FALSE to measure it", nil},
		{"fortune-and-glory", "--impact", "nadia-volkova",
			"--impact nadia-volkova: nadia-volkova is disabled (proj.xlsx:Heroes!A2, Disabled is TRUE), and --impact measures no Heroes row", nil},
		{"fortune-and-glory", "--impact", "frozen-bridg",
			`--impact frozen-bridg: no layer or card is called "frozen-bridg" (layers: fng-base; or all, or card IDs, separated by commas); did you mean "frozen-bridge"?`, nil},
		{"fortune-and-glory", "--impact", "proj",
			"--impact proj: the cards layer proj adds are all disabled (frozen-bridge at proj.xlsx:Dangers!A2, Disabled is TRUE): set Disabled to FALSE to measure them", nil},
		{"fortune-and-glory", "--sweep", "cards.frozen-bridge.count=0..2",
			"--sweep cards.frozen-bridge.count=0..2: frozen-bridge is disabled (proj.xlsx:Dangers!A2, Disabled is TRUE): set Disabled to FALSE to sweep it", nil},
		{"fortune-and-glory", "--sweep", "dangers.frozen-bridge.count=0..2",
			"--sweep dangers.frozen-bridge.count=0..2: frozen-bridge is disabled (proj.xlsx:Dangers!A2, Disabled is TRUE): set Disabled to FALSE to sweep it", nil},
		{"fortune-and-glory", "--sweep", "heroes.frozen-bridge.count=0..2",
			`--sweep heroes.frozen-bridge.count=0..2: no row "frozen-bridge" in Heroes: it is a disabled row of Dangers (proj.xlsx:Dangers!A2, Disabled is TRUE)`, nil},
		{"fortune-and-glory", "--heroes", "jake-zane,Nadia-Volkova",
			"hero nadia-volkova is disabled (proj.xlsx:Heroes!A2, Disabled is TRUE): set Disabled to FALSE to play it", []string{"--players", "2"}},
		{"fallen-land", "--impact", "road-flare",
			"--impact road-flare: road-flare is disabled (p2.xlsx:Spoils!A2, Disabled is TRUE): set Disabled to FALSE to measure it", nil},
		{"fallen-land", "--impact", "stray-dogs",
			"--impact stray-dogs: stray-dogs is disabled (p2.xlsx:Encounters!A2, Disabled is TRUE): set Disabled to FALSE to measure it", nil},
		{"fallen-land", "--impact", "P2",
			"--impact P2: the cards layer p2 adds are all disabled (mara-quill at p2.xlsx:Characters!A2 and 3 more, Disabled is TRUE): set Disabled to FALSE to measure them", nil},
		{"fallen-land", "--sweep", "cards.road-flare.count=0..2",
			"--sweep cards.road-flare.count=0..2: road-flare is disabled (p2.xlsx:Spoils!A2, Disabled is TRUE): set Disabled to FALSE to sweep it", nil},
		{"fallen-land", "--sweep", "encounters.stray-dogs.count=0..2",
			"--sweep encounters.stray-dogs.count=0..2: stray-dogs is disabled (p2.xlsx:Encounters!A2, Disabled is TRUE): set Disabled to FALSE to sweep it", nil},
	} {
		t.Run(tc.game+" "+tc.flag+" "+tc.value, func(t *testing.T) {
			r := dw(t, append([]string{"sim", projects[tc.game], tc.flag, tc.value, "--games", "20"}, tc.more...)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Equal(t, "deckwright: "+tc.want+"\n", r.stderr)
			assert.Empty(t, r.stdout)
		})
	}
}
