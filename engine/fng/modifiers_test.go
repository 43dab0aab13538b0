package fng_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
	"github.com/deckwright/deckwright/engine/table"
)

func TestParseModifiersValid(t *testing.T) {
	tests := []struct {
		in    string
		canon string
		mods  []fng.Modifier
		refs  []table.SymbolRef
	}{
		{"Combat +1", "Combat +1", []fng.Modifier{{Stat: fng.StatCombat, Amount: 1}}, nil},
		{"defense + 2", "Defense +2", []fng.Modifier{{Stat: fng.StatDefense, Amount: 2}}, nil},
		{"Sneak -1; Cost -2", "Sneak -1, Cost -2", []fng.Modifier{{Stat: fng.StatSneak, Amount: -1}, {Stat: fng.StatCost, Amount: -2}}, nil},
		{"Combat +1, Agility +2 on Chase, Lore +1 in Desert", "Combat +1, Agility +2 on Chase, Lore +1 in Desert",
			[]fng.Modifier{{Stat: fng.StatCombat, Amount: 1}, {Stat: fng.StatAgility, Amount: 2, Scope: fng.OnTest, Name: "Chase"}, {Stat: fng.StatLore, Amount: 1, Scope: fng.InSpace, Name: "Desert"}},
			[]table.SymbolRef{{Domain: fng.DomainKeyword, Name: "Chase", Offset: 25}, {Domain: fng.DomainTerrain, Name: "Desert", Offset: 43}}},
		{"  ,Tests +1 VS Ancient  Evil,, ", "Tests +1 vs Ancient Evil",
			[]fng.Modifier{{Stat: fng.StatTests, Amount: 1, Scope: fng.VsEnemy, Name: "Ancient Evil"}},
			[]table.SymbolRef{{Domain: fng.DomainKeyword, Name: "Ancient Evil", Offset: 15}}},
		{"", "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			mods, refs, err := fng.ParseModifiers(tt.in)
			require.Nil(t, err)
			assert.Equal(t, tt.mods, mods)
			assert.Equal(t, tt.refs, refs)
			parts := make([]string, len(mods))
			for i, m := range mods {
				parts[i] = m.String()
			}
			canon := strings.Join(parts, ", ")
			assert.Equal(t, tt.canon, canon)
			again, _, err := fng.ParseModifiers(canon)
			require.Nil(t, err)
			assert.Equal(t, mods, again)
		})
	}
}

func TestParseModifiersErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
		hint   string
	}{
		{"Combat", 0, `"Combat" is not a modifier`, "write a stat and an amount, e.g. Combat +1 or Agility +2 on Chase"},
		{"Combt +1", 0, `unknown stat "Combt"`, `did you mean "Combat"?`},
		{"Strength +1", 0, `unknown stat "Strength"`, "one of: Combat, Agility, Cunning, Lore, Tests, Defense, Wounds, Move, Escape, Search, Sneak, Cost, Flight"},
		{"Combat 1", 7, `expected a signed amount like +1 or -2, not "1"`, ""},
		{"Combat +0", 7, `expected a signed amount like +1 or -2, not "+0"`, ""},
		{"Combat +one", 7, `expected a signed amount like +1 or -2, not "+one"`, ""},
		{"Combat +1 at Chase", 10, `unexpected "at"`, `narrow a modifier with "on <keyword>" (tests), "vs <keyword>" (fights) or "in <terrain>"`},
		{"Combat +1 on", 10, "on needs a name after it", ""},
		{"Combat +1,  Lore x", 17, `expected a signed amount like +1 or -2, not "x"`, ""},
		{"Combat +1, Lóre +", 11, `unknown stat "Lóre"`, `did you mean "Lore"?`},
		{"Combat +1,  Lore", 12, `"Lore" is not a modifier`, "write a stat and an amount, e.g. Combat +1 or Agility +2 on Chase"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, _, err := fng.ParseModifiers(tt.in)
			require.NotNil(t, err)
			assert.Equal(t, tt.offset, err.Offset)
			assert.Equal(t, tt.msg, err.Message)
			assert.Equal(t, tt.hint, err.Hint)
		})
	}
}

func TestParseRolls(t *testing.T) {
	for in, want := range map[string][2]int{"3": {3, 3}, "1-2": {1, 2}, "1–2": {1, 2}, " 5 - 6 ": {5, 6}, "6": {6, 6}} {
		lo, hi, err := fng.ParseRolls(in)
		require.Nil(t, err, in)
		assert.Equal(t, want, [2]int{lo, hi}, in)
	}
	for _, in := range []string{"0", "7", "4-3", "a", "", "1-7", "-1"} {
		_, _, err := fng.ParseRolls(in)
		require.NotNil(t, err, in)
		assert.Equal(t, `"`+in+`" is not a die roll`, err.Message)
		assert.Equal(t, "write one face (3) or a range (1-2), from 1 to 6", err.Hint)
	}
}

// FuzzParseModifiers: never a panic; errors inside the text; what parses
// prints canonically and parses back to the same modifiers.
func FuzzParseModifiers(f *testing.F) {
	for _, s := range []string{
		"Combat +1", "Combat +1, Agility +2 on Chase, Lore +1 in Desert", "Sneak -1; Cost -2", "Tests + 1 vs Ancient Evil",
		"Combat", "Combat +0", "Combat +1 at Chase", "Combat +1 on", ",,", "Move +9223372036854775807", "+", "Combat +1 on A+B",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.RuneCountInString(s) > 8000 { // no cell holds more
			return
		}
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 64 << 20, Time: 2 * time.Second}, func() {
			mods, refs, err := fng.ParseModifiers(s)
			n := utf8.RuneCountInString(s)
			if err != nil {
				if err.Offset < 0 || err.Offset > n {
					t.Fatalf("ParseModifiers(%q): error %q at %d, outside 0…%d", s, err.Message, err.Offset, n)
				}
				return
			}
			for _, r := range refs {
				if r.Offset < 0 || r.Offset >= n || r.Name == "" {
					t.Fatalf("ParseModifiers(%q): ref %+v outside the text", s, r)
				}
			}
			parts := make([]string, len(mods))
			for i, m := range mods {
				parts[i] = m.String()
			}
			canon := strings.Join(parts, ", ")
			again, _, err := fng.ParseModifiers(canon)
			if err != nil {
				t.Fatalf("ParseModifiers(%q) printed %q, which does not parse: %s", s, canon, err.Message)
			}
			parts = parts[:0]
			for _, m := range again {
				parts = append(parts, m.String())
			}
			if got := strings.Join(parts, ", "); got != canon {
				t.Fatalf("ParseModifiers(%q): %q reprints as %q", s, canon, got)
			}
		})
	})
}
