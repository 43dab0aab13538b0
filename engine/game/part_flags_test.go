package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A part of another run is refused in the words of the flags that differ.
func TestSameRunSaysTheFlags(t *testing.T) {
	base := RunDef{Games: 100, Seed: 5, Players: 4, MaxRounds: 100, Mode: "competitive", Policy: "cautious", Stats: true,
		Balance: Balance{Band: 0.05, FDR: 0.05}}
	tests := []struct {
		name string
		edit func(d *RunDef)
		want string
	}{
		{"seed", func(d *RunDef) { d.Seed = 6 }, "--seed 6, not --seed 5"},
		{"games", func(d *RunDef) { d.Games = 200 }, "--games 200, not --games 100"},
		{"players range", func(d *RunDef) { d.PlayersMax = 6 }, "--players up to 6, not one player count"},
		{"variant", func(d *RunDef) { d.Variants = []string{"fixed-movement"} }, "--variant fixed-movement, not no --variant"},
		{"two variants", func(d *RunDef) { d.Variants = []string{"a", "b"} }, "--variant a --variant b, not no --variant"},
		{"heroes", func(d *RunDef) { d.Heroes = []string{"jake-zane", "li-mei-chen"} }, "--heroes jake-zane,li-mei-chen, not random heroes"},
		{"band", func(d *RunDef) { d.Balance.Band = 0.04 }, "--band 0.04 --fdr 0.05, not --band 0.05 --fdr 0.05"},
		{"policy", func(d *RunDef) { d.Policy = "bold" }, "--policy bold, not --policy cautious"},
		{"option", func(d *RunDef) { d.Options = map[string]string{"level": "basic"} }, "--level basic, not no game option"},
		{"metrics", func(d *RunDef) { d.Stats = false }, "without per-card metrics, not with per-card metrics"},
		{"fail-on", func(d *RunDef) { d.FailOn = Thresholds{"rounds": 1} }, "--fail-on rounds=1, not no --fail-on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			other := base
			tt.edit(&other)
			err := sameRun(&Part{Run: base}, &Part{Run: other})
			if assert.Error(t, err) {
				assert.Equal(t, tt.want, err.Error())
			}
		})
	}
}
