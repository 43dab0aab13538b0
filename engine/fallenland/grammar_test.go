package fallenland

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fuzzlimit"
)

func TestParseChecks(t *testing.T) {
	for _, tc := range []struct {
		in, canon string
		kind      CheckKind
		crown     int
		branches  int
		psych     bool
		noFlight  bool
	}{
		{"7 Combat", "7 Combat", PartyCheck, 0, 1, false, false},
		{"5 mechanical OR 6 combat", "5 Mechanical or 6 Combat", PartyCheck, 0, 2, false, false},
		{"1 Medical individual, psych", "1 Medical individual, psych", IndividualCheck, 0, 1, true, false},
		{"1 Survival solo CC4", "1 Survival solo CC4", SoloCheck, 4, 1, false, false},
		{"2 Survival solo cc?", "2 Survival solo CC?", SoloCheck, -1, 1, false, false},
		{"2 Survival solo", "2 Survival solo", SoloCheck, 0, 1, false, false},
		{"5 Combat melee", "5 Combat melee", PartyCheck, 0, 1, false, false},
		{"3 Combat, 2 Survival", "3 Combat, 2 Survival", PartyCheck, 0, 1, false, false},
		{"12 Combat multi, no flight", "12 Combat multi, no flight", MultiCheck, 0, 1, false, true},
		{"3 Combat, 2 Survival or 4 Diplomacy", "3 Combat, 2 Survival or 4 Diplomacy", PartyCheck, 0, 2, false, false},
		{"psych", "psych", PartyCheck, 0, 0, true, false},
		{"", "", PartyCheck, 0, 0, false, false},
	} {
		c, err := ParseChecks(tc.in)
		require.Nil(t, err, tc.in)
		assert.Equal(t, tc.canon, c.String(), tc.in)
		assert.Equal(t, tc.kind, c.Kind, tc.in)
		assert.Equal(t, tc.crown, c.Crown, tc.in)
		assert.Len(t, c.Branches, tc.branches, tc.in)
		assert.Equal(t, tc.psych, c.Psych, tc.in)
		assert.Equal(t, tc.noFlight, c.NoFlight, tc.in)
		again, err := ParseChecks(c.String())
		require.Nil(t, err)
		assert.Equal(t, c, again, "canonical form parses to the same")
	}
}

func TestParseChecksErrors(t *testing.T) {
	for _, tc := range []struct {
		in, msg, hint string
		offset        int
	}{
		{"5 Combt", `unknown skill "Combt"`, `did you mean "Combat"?`, 2},
		{"Combat 5", `a check starts with its Necessary Successes, not "Combat"`, "", 0},
		{"41 Combat", "Necessary Successes must be 0 to 40, not 41", "", 0},
		{"5", "a skill must follow 5", "", 0},
		{"5 Combat or", `"or" needs a check after it`, "", 9},
		{"1 Combat or 2 Survival or 3 Medical", `a card offers at most two alternatives (one "or")`, "", 23},
		{"1 Survival solo, 2 Combat", "every check of a card has the same kind", "", 17},
		{"1 Survival solo CC7", `unknown Character Crown "CC7"`, "", 16},
		{"1 Survival CC3", "a Character Crown belongs to a solo check", "", 11},
		{"5 Combat 3 Survival", `expected "," or "or", not "3"`, "", 9},
		{"5 Combat,", `the cell ends with ","; a check must follow`, "", 8},
	} {
		_, err := ParseChecks(tc.in)
		require.NotNil(t, err, tc.in)
		assert.Contains(t, err.Message, tc.msg, tc.in)
		assert.Equal(t, tc.offset, err.Offset, tc.in)
		if tc.hint != "" {
			assert.Equal(t, tc.hint, err.Hint, tc.in)
		}
	}
}

func TestParseBonuses(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  Bonuses
		canon string
	}{
		{"Combat +5, Diplomacy +1", Bonuses{5, 0, 1, 0, 0, 0}, "Combat +5, Diplomacy +1"},
		{"combat+2", Bonuses{2, 0, 0, 0, 0, 0}, "Combat +2"},
		{"All +1", Bonuses{1, 1, 1, 1, 1, 1}, "All +1"},
		{"Omega 2, Combat 1", Bonuses{3, 2, 2, 2, 2, 2}, "Combat +3, Survival +2, Diplomacy +2, Mechanical +2, Technical +2, Medical +2"},
		{"Survival -1", Bonuses{0, -1, 0, 0, 0, 0}, "Survival -1"},
		{"", Bonuses{}, ""},
	} {
		b, err := ParseBonuses(tc.in)
		require.Nil(t, err, tc.in)
		assert.Equal(t, tc.want, b, tc.in)
		assert.Equal(t, tc.canon, b.String(), tc.in)
	}
	for _, in := range []string{"Combt +1", "Combat", "+2", "Combat +x", "Combat +1,, Survival +1"} {
		_, err := ParseBonuses(in)
		assert.NotNil(t, err, in)
	}
	_, err := ParseBonuses("Survivl +1")
	require.NotNil(t, err)
	assert.Equal(t, `did you mean "Survival"?`, err.Hint)
}

func TestOSCGrammar(t *testing.T) {
	_, _, err := oscGrammar("4 Technical")
	assert.Nil(t, err)
	for _, in := range []string{"4 Technical, 2 Combat", "4 Technical solo", "3 Combat or 4 Survival", "4 Technical, psych"} {
		_, _, err := oscGrammar(in)
		assert.NotNil(t, err, in)
	}
}

func FuzzParseChecks(f *testing.F) {
	for _, s := range []string{"7 Combat", "5 Mechanical or 6 Combat, psych", "1 Survival solo CC?", "12 Combat multi, no flight", ",,or"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.RuneCountInString(s) > 8000 { // no cell holds more
			return
		}
		fuzzlimit.Check(t, fuzzlimit.Budget{Alloc: 64 << 20, Time: 2 * time.Second}, func() {
			c, err := ParseChecks(s)
			if err != nil {
				return
			}
			again, err := ParseChecks(c.String())
			if err != nil {
				t.Fatalf("canonical %q of %q does not parse: %v", c.String(), s, err)
			}
			if again.String() != c.String() {
				t.Fatalf("canonical form unstable: %q → %q", c.String(), again.String())
			}
		})
	})
}
