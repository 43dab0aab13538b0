package fng_test

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
	"github.com/deckwright/deckwright/engine/table"
)

func skill(target, succ int, s ...fng.Skill) fng.Clause {
	return fng.Clause{Kind: fng.SkillTest, Skills: s, Target: target, Successes: succ}
}

func TestParseTestValid(t *testing.T) {
	tests := []struct {
		in    string
		canon string
		spec  fng.TestSpec
		refs  []table.SymbolRef
	}{
		{"Agility 5+ x2", "Agility 5+ x2", fng.TestSpec{Alts: [][]fng.Clause{{skill(5, 2, fng.Agility)}}}, nil},
		{"agility 5+ X1", "Agility 5+", fng.TestSpec{Alts: [][]fng.Clause{{skill(5, 1, fng.Agility)}}}, nil},
		{"Lore 6+ ×3", "Lore 6+ x3", fng.TestSpec{Alts: [][]fng.Clause{{skill(6, 3, fng.Lore)}}}, nil},
		{"Combat + Lore 4+ x3", "Combat+Lore 4+ x3", fng.TestSpec{Alts: [][]fng.Clause{{skill(4, 3, fng.Combat, fng.Lore)}}}, nil},
		{"Dice 3 2+", "Dice 3 2+", fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.DiceTest, Dice: 3, Target: 2, Successes: 1}}}}, nil},
		{"sneak", "Sneak", fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.SneakTest, Successes: 1}}}}, nil},
		{"Fight enemies", "Fight Enemies", fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Enemies", FoeKind: fng.FoeDeck, Successes: 1}}}}, nil},
		{"fight  Nazi  Enemies (Infantry)", "Fight Nazi Enemies (Infantry)",
			fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Nazi Enemies", FoeKind: fng.FoeDeck, Only: "Infantry", Infantry: true, Successes: 1}}}},
			[]table.SymbolRef{{Domain: fng.DomainKeyword, Name: "Infantry", Offset: 22}}},
		{"Fight Enemies (Cavalry)", "Fight Enemies (Cavalry)",
			fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Enemies", FoeKind: fng.FoeDeck, Only: "Cavalry", Successes: 1}}}},
			[]table.SymbolRef{{Domain: fng.DomainKeyword, Name: "Cavalry", Offset: 15}}},
		{"Fight Mobsters", "Fight Mobsters",
			fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Mobsters", FoeKind: fng.FoeReference, Successes: 1}}}},
			[]table.SymbolRef{{Domain: fng.DomainReference, Name: "Mobsters", Offset: 6}}},
		{"Fight Villain", "Fight Villain", fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Villain", FoeKind: fng.FoeVillain, Successes: 1}}}}, nil},
		{"Fight Black Sun villain", "Fight Black Sun Villain",
			fng.TestSpec{Alts: [][]fng.Clause{{{Kind: fng.FightTest, Foe: "Black Sun Villain", FoeKind: fng.FoeVillain, Successes: 1}}}},
			[]table.SymbolRef{{Domain: fng.DomainFaction, Name: "Black Sun", Offset: 6}}},
		{"Agility 5+ x2 or Fight Enemies", "Agility 5+ x2 or Fight Enemies",
			fng.TestSpec{Alts: [][]fng.Clause{{skill(5, 2, fng.Agility)}, {{Kind: fng.FightTest, Foe: "Enemies", FoeKind: fng.FoeDeck, Successes: 1}}}}, nil},
		{"Lore 4+ AND Cunning 5+ x2 OR Sneak", "Lore 4+ and Cunning 5+ x2 or Sneak",
			fng.TestSpec{Alts: [][]fng.Clause{{skill(4, 1, fng.Lore), skill(5, 2, fng.Cunning)}, {{Kind: fng.SneakTest, Successes: 1}}}}, nil},
		// Offsets are characters from the start of the cell.
		{"Cunning 5+ or Fight Él Mummy and Fight Zombies", "Cunning 5+ or Fight Él Mummy and Fight Zombies",
			fng.TestSpec{Alts: [][]fng.Clause{{skill(5, 1, fng.Cunning)}, {
				{Kind: fng.FightTest, Foe: "Él Mummy", FoeKind: fng.FoeReference, Successes: 1},
				{Kind: fng.FightTest, Foe: "Zombies", FoeKind: fng.FoeReference, Successes: 1}}}},
			[]table.SymbolRef{{Domain: fng.DomainReference, Name: "Él Mummy", Offset: 20}, {Domain: fng.DomainReference, Name: "Zombies", Offset: 39}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			spec, refs, err := fng.ParseTest(tt.in)
			require.Nil(t, err)
			assert.Equal(t, tt.spec, spec)
			assert.Equal(t, tt.refs, refs)
			assert.Equal(t, tt.canon, spec.String())
			// The canonical text parses to the same test.
			again, _, err := fng.ParseTest(spec.String())
			require.Nil(t, err)
			assert.Equal(t, spec, again)
		})
	}
}

func TestParseTestErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
		hint   string
	}{
		{"", 0, "a test is missing here", `write a test like "Agility 5+ x2", "Fight Enemies" or "Sneak"`},
		{"Agilty 5+", 0, `unknown test "Agilty"`, `did you mean "Agility"?`},
		{"Strength 5+", 0, `unknown test "Strength"`, "a test starts with a skill (Combat, Agility, Cunning, Lore), Dice, Fight or Sneak"},
		{"Combat+Lroe 4+", 7, `unknown test "Lroe"`, `did you mean "Lore"?`},
		{"Agility 5", 8, `expected a target like 5+, not "5"`, "each die at or above the target is a success: 2+ to 6+"},
		{"Agility", 7, `expected a target like 5+, not ""`, "each die at or above the target is a success: 2+ to 6+"},
		{"Agility 7+", 8, "target 7+ cannot be rolled on a die", "targets run from 2+ to 6+"},
		{"Agility 1+", 8, "target 1+ cannot be rolled on a die", "targets run from 2+ to 6+"},
		{"Agility 5+ x0", 11, `expected a number of successes like x2, not "x0"`, "x1 to x9"},
		{"Agility 5+ x10", 11, `expected a number of successes like x2, not "x10"`, "x1 to x9"},
		{"Agility 5+ xtra", 11, `expected a number of successes like x2, not "xtra"`, "x1 to x9"},
		{"Dice 0 5+", 5, `Dice needs a number of dice (1–12), not "0"`, "e.g. Dice 3 5+ x2"},
		{"Dice three 5+", 5, `Dice needs a number of dice (1–12), not "three"`, "e.g. Dice 3 5+ x2"},
		{"Fight", 0, "Fight needs an opponent", "e.g. Fight Enemies, Fight Nazi Enemies, Fight Mobsters, Fight Villain"},
		{"Agility 5+ or Fight (Infantry)", 14, "Fight needs an opponent", "e.g. Fight Enemies, Fight Nazi Enemies, Fight Mobsters, Fight Villain"},
		{"Fight Enemies (Infantry", 15, "expected an enemy type in parentheses, such as (Infantry)", "Fight Nazi Enemies (Infantry) redraws enemies whose type (first keyword) is not Infantry"},
		{"Fight Enemies ()", 15, "expected an enemy type in parentheses, such as (Infantry)", "Fight Nazi Enemies (Infantry) redraws enemies whose type (first keyword) is not Infantry"},
		{"Fight Enemies (", 15, "expected an enemy type in parentheses, such as (Infantry)", "Fight Nazi Enemies (Infantry) redraws enemies whose type (first keyword) is not Infantry"},
		{"Fight Mobsters (Infantry)", 0, "(Infantry) applies only to drawing from an enemy deck", ""},
		{"Fight Nazi) Enemies", 10, `unexpected ")" in the opponent's name`, "e.g. Fight Enemies, Fight Nazi Enemies (Infantry), Fight Mobsters, Fight Villain"},
		{"Fight Mobsters, Zombies", 14, `unexpected "," in the opponent's name`, "e.g. Fight Enemies, Fight Nazi Enemies (Infantry), Fight Mobsters, Fight Villain"},
		{"Agility 5+ Sneak", 11, `unexpected "Sneak"`, `join tests with "or" (choose one) or "and" (pass both)`},
		{"Sneak, Agility 5+", 5, `unexpected ","`, `join tests with "or" (choose one) or "and" (pass both)`},
		{"Agility 5+ or", 13, "a test is missing here", `write a test like "Agility 5+ x2", "Fight Enemies" or "Sneak"`},
		{"Sneak and  ", 9, "a test is missing here", `write a test like "Agility 5+ x2", "Fight Enemies" or "Sneak"`},
		{"Lore 5+ and Cömbat 4+", 12, `unknown test "Cömbat"`, `did you mean "Combat"?`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, refs, err := fng.ParseTest(tt.in)
			require.NotNil(t, err)
			assert.Nil(t, refs)
			assert.Equal(t, tt.offset, err.Offset)
			assert.Equal(t, tt.msg, err.Message)
			assert.Equal(t, tt.hint, err.Hint)
		})
	}
}

// FuzzParseTest: the grammar never panics; errors point inside the text
// (or just past it); what parses prints canonically and parses back to the
// same test; names refer to text of the cell.
func FuzzParseTest(f *testing.F) {
	for _, s := range []string{
		"Agility 5+ x2", "Combat+Lore 4+ x3", "Dice 3 5+ x2", "Fight Nazi Enemies (Infantry)", "Fight Mobsters",
		"Fight Black Sun Villain", "Sneak", "Agility 5+ x2 or Fight Enemies", "Lore 4+ and Cunning 5+ x2 or Sneak",
		"Agility 5", "Agility 7+", "Dice 0 5+", "Fight (Infantry)", "Combat+", "Agility 5+ ×2", "", "or", "x2 5+",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.RuneCountInString(s) > 8000 { // no cell holds more
			return
		}
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 64 << 20, Time: 2 * time.Second}, func() {
			spec, refs, err := fng.ParseTest(s)
			n := utf8.RuneCountInString(s)
			if err != nil {
				if err.Offset < 0 || err.Offset > n {
					t.Fatalf("ParseTest(%q): error %q at %d, outside 0…%d", s, err.Message, err.Offset, n)
				}
				return
			}
			if len(spec.Alts) == 0 {
				t.Fatalf("ParseTest(%q) succeeded with no test", s)
			}
			for _, r := range refs {
				// The name is the words as parsed (re-joined with single
				// spaces), so only its start is a position in the text.
				if r.Offset < 0 || r.Offset >= n || r.Name == "" {
					t.Fatalf("ParseTest(%q): ref %+v outside the text", s, r)
				}
			}
			canon := spec.String()
			again, _, err := fng.ParseTest(canon)
			if err != nil {
				t.Fatalf("ParseTest(%q) printed %q, which does not parse: %s", s, canon, err.Message)
			}
			if again.String() != canon {
				t.Fatalf("ParseTest(%q): %q reprints as %q", s, canon, again.String())
			}
		})
	})
}
