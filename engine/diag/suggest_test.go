package diag_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/engine/diag"
)

func TestSuggest(t *testing.T) {
	verbs := []string{"gainGlory", "gainFortune", "loseGlory", "drawEvent", "wound", "heal"}
	tests := []struct {
		name  string
		cands []string
		want  string
	}{
		{"gainGlroy", verbs, "gainGlory"},  // transposition: one edit
		{"gainglory", verbs, "gainGlory"},  // case
		{"gain_glory", verbs, "gainGlory"}, // separators are ignored
		{"gain glory", verbs, "gainGlory"},
		{"gainFortun", verbs, "gainFortune"},
		{"drawEvnt", verbs, "drawEvent"},
		{"wond", verbs, "wound"},
		{"fly", verbs, ""}, // nothing close
		{"", verbs, ""},    // nothing to match
		{"heal", nil, ""},  // no candidates
		{"Agilty", []string{"Combat", "Agility", "Cunning", "Lore"}, "Agility"},
		{"Lre", []string{"Combat", "Agility", "Cunning", "Lore"}, "Lore"}, // short names allow one edit
		{"Lr", []string{"Combat", "Agility", "Cunning", "Lore"}, ""},      // …not two
		{"Nazi Enemeis", []string{"Enemies", "Nazi Enemies"}, "Nazi Enemies"},
		{"bcd", []string{"bce", "bcf"}, "bce"}, // ties go to the first in order
		{"bcd", []string{"bcf", "bce"}, "bce"},
		{"Mountian's", []string{"Mountains"}, "Mountains"},               // apostrophes are ignored
		{strings.Repeat("a", 70), []string{strings.Repeat("a", 69)}, ""}, // long names match only exactly
		{strings.Repeat("a", 70), []string{strings.Repeat("A", 70)}, strings.Repeat("A", 70)},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, diag.Suggest(tt.name, tt.cands), "Suggest(%q)", tt.name)
	}
	// Longer names tolerate three edits.
	assert.Equal(t, "adventureCard", diag.Suggest("advntureCrd", []string{"adventureCard"}))
	assert.Equal(t, "", diag.Suggest("avntreCrd", []string{"adventureCard"}))
}

func TestDidYouMean(t *testing.T) {
	assert.Equal(t, `did you mean "Heroes"?`, diag.DidYouMean("Herose", []string{"Heroes", "Villains"}))
	assert.Equal(t, "", diag.DidYouMean("Spaceships", []string{"Heroes", "Villains"}))
}

func TestFold(t *testing.T) {
	assert.Equal(t, "startcity", diag.Fold(" Start_City "))
	assert.Equal(t, "naziens", diag.Fold("Nazi-En’s"))
	assert.Equal(t, "größe", diag.Fold("GRÖßE"))
}
