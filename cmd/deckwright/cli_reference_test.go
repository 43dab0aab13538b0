package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reference commands print Markdown generated from what the compiler
// checks against: each game's own sheets, verbs and codes.

func TestSchemaPerGame(t *testing.T) {
	tests := []struct {
		game          string
		title         string
		sheets, cards []string
		notSheets     []string
	}{
		{"fortune-and-glory", "Fortune and Glory", []string{"Set", "Rules", "Keywords", "Spaces", "Heroes", "Villains"},
			[]string{"Dangers", "Enemies", "Events", "Artifacts"}, []string{"Factions", "Characters"}},
		{"fallen-land", "Fallen Land", []string{"Set", "Rules", "Hexes", "Factions", "Perks"},
			[]string{"Characters", "Spoils", "Actions", "Encounters", "Missions"}, []string{"Heroes", "Dangers"}},
	}
	outputs := map[string]string{}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			r := dw(t, "schema", "--game", tc.game)
			requireExit(t, exitOK, r)
			out := r.stdout
			outputs[tc.game] = out
			assert.True(t, strings.HasPrefix(out, "# "+tc.title+" workbook format\n"), out[:min(100, len(out))])
			for _, s := range tc.sheets {
				assert.Regexp(t, `(?m)^## `+s+`( \(sheet\))?$`, out)
			}
			for _, s := range tc.cards {
				assert.Regexp(t, `(?m)^## `+s+` \(cards\)$`, out)
			}
			for _, s := range tc.notSheets {
				assert.NotRegexp(t, `(?m)^## `+s+`\b`, out, "another game's sheet")
			}
			assert.Contains(t, out, "## Cell grammars")
			assert.Empty(t, r.stderr)
		})
	}
	assert.NotEqual(t, outputs["fortune-and-glory"], outputs["fallen-land"])
	assert.Equal(t, outputs["fortune-and-glory"], dw(t, "schema").stdout, "Fortune and Glory is the default game")
}

func TestEffectsPerGame(t *testing.T) {
	tests := []struct {
		game, title, env string
		verbs            []string
		notVerbs         []string
	}{
		{"fortune-and-glory", "Fortune and Glory", "fng", []string{"gainGlory(n int)", "wound(n int)", "fight(deck deck) bool"}, []string{"gainPrestige("}},
		{"fallen-land", "Fallen Land", "fl", []string{"gainPrestige(n int)", "gainSalvage(n int)", "killChar()"}, []string{"gainGlory(n int)"}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			r := dw(t, "effects", "--game", tc.game)
			requireExit(t, exitOK, r)
			out := r.stdout
			assert.True(t, strings.HasPrefix(out, "# "+tc.title+" effect reference\n"))
			assert.Contains(t, out, "\n## Environment `"+tc.env+"`\n")
			for _, v := range tc.verbs {
				assert.Contains(t, out, "| `"+v+"`")
			}
			for _, v := range tc.notVerbs {
				assert.NotContains(t, out, "| `"+v, "another game's verb")
			}
		})
	}
	assert.Equal(t, dw(t, "effects", "--game", "fortune-and-glory").stdout, dw(t, "effects").stdout)
}

// TestEffectsSyntaxExamplesUseTheGamesOwnVerbs: the Syntax table at the top
// of a game's reference is what a designer copies first; every verb and
// value it shows must exist in that game (the compiler rejects the others).
func TestEffectsSyntaxExamplesUseTheGamesOwnVerbs(t *testing.T) {
	call := regexp.MustCompile(`(^|[^.\w])([a-z]\w*)\(`)
	value := regexp.MustCompile("`([a-z]\\w*)\\.[a-z]")
	helpers := map[string]bool{"min": true, "max": true, "abs": true}
	for _, g := range []string{"fortune-and-glory", "fallen-land"} {
		t.Run(g, func(t *testing.T) {
			out := dw(t, "effects", "--game", g).stdout
			start := strings.Index(out, "## Syntax\n")
			require.GreaterOrEqual(t, start, 0)
			end := strings.Index(out[start+1:], "\n## ")
			require.Greater(t, end, 0)
			syntax, rest := out[start:start+1+end], out[start+1+end:]
			documented := map[string]bool{}
			for _, m := range regexp.MustCompile("(?m)^\\| `([a-z]\\w*)[(.]").FindAllStringSubmatch(rest, -1) {
				documented[m[1]] = true
			}
			checked := 0
			var missing []string
			for _, line := range strings.Split(syntax, "\n") {
				code, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | ") // the "you write" column
				if !ok {
					continue
				}
				var names []string
				for _, m := range call.FindAllStringSubmatch(code, -1) {
					if !helpers[m[2]] {
						names = append(names, m[2]+"()")
					}
				}
				for _, m := range value.FindAllStringSubmatch(code, -1) {
					names = append(names, m[1]+".")
				}
				for _, n := range names {
					checked++
					if !documented[strings.TrimRight(n, "().")] {
						missing = append(missing, n+" in "+code)
					}
				}
			}
			assert.Empty(t, missing, "the Syntax examples of %s use verbs and values %s does not have (a designer who copies them gets an error)", g, g)
			assert.Greater(t, checked, 3, "the Syntax table shows verbs")
		})
	}
}

func TestCodes(t *testing.T) {
	r := dw(t, "codes")
	requireExit(t, exitOK, r)
	line := regexp.MustCompile(`^(DW\d{4})\s+(error|warning)\s+\S.*$`)
	seen := map[string]bool{}
	ranges := map[byte]int{}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if !assert.NotNil(t, m, "a code, its severity and its meaning: %q", l) {
			continue
		}
		assert.False(t, seen[m[1]], "%s is listed once", m[1])
		seen[m[1]] = true
		ranges[m[1][2]]++
	}
	// DW0xxx generic, DW1xxx Fortune and Glory, DW2xxx Fallen Land, DW3xxx templates and export.
	for _, digit := range []byte("0123") {
		assert.Positive(t, ranges[digit], "codes DW%cxxx", digit)
	}
	// Every code this suite sees deckwright print is explained.
	for _, c := range []string{"DW0001", "DW0101", "DW0102", "DW0103", "DW0105", "DW0112", "DW0205", "DW0302", "DW0401", "DW0412", "DW2040", "DW3003", "DW3101"} {
		assert.True(t, seen[c], "%s is listed", c)
	}

	md := dw(t, "codes", "--markdown")
	requireExit(t, exitOK, md)
	mdLines := strings.Split(strings.TrimSuffix(md.stdout, "\n"), "\n")
	require.Greater(t, len(mdLines), 2)
	assert.Equal(t, []string{"| code | severity | meaning |", "|---|---|---|"}, mdLines[:2])
	assert.Len(t, mdLines[2:], len(lines), "the same codes as a table")
	assert.Contains(t, md.stdout, "| DW0412 | error | ")

	r = dw(t, "codes", "extra")
	assert.Equal(t, exitUsage, r.code)
}

// TestGameNames: --game takes a game's ID, its title, or its short name:
// the one the project itself uses for it (engine/fng, set fng-base, the
// effect environment `fng`; fl for Fallen Land). game.Lookup documents
// "fng" as accepted.
func TestGameNames(t *testing.T) {
	fng := dw(t, "schema", "--game", "fortune-and-glory").stdout
	fl := dw(t, "schema", "--game", "fallen-land").stdout
	for _, tc := range []struct {
		name, want string
	}{
		{"Fortune and Glory", fng}, {"fortune and glory", fng}, {"FORTUNE-AND-GLORY", fng}, {"fng", fng},
		{"Fallen Land", fl}, {"fallen land", fl}, {"fl", fl}, {"FL", fl},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, "schema", "--game", tc.name)
			assert.Equal(t, exitOK, r.code, r.String())
			assert.True(t, r.stdout == tc.want, "--game %q selects the right game", tc.name)
		})
	}
	for _, cmd := range [][]string{{"schema"}, {"effects"}, {"inspect"}, {"sim", "--games", "1"}, {"export", "pdf", "-o", "-"}} {
		r := dw(t, append(cmd, "--game", "chess")...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", cmd, r)
		assert.Contains(t, r.stderr, `unknown game "chess" (known: fortune-and-glory, fallen-land)`, "%v", cmd)
	}
}
