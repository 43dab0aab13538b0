package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestShardsOfOneRunSpelledOtherwise: shards of one run whose command
// lines say the same thing in other words — variants in another order,
// --players 4-4 for --players 4 — are shards of that run: merged, they
// print its report. A variant given twice, which would make the order
// matter, is refused before any game.
func TestShardsOfOneRunSpelledOtherwise(t *testing.T) {
	dir := t.TempDir()
	run := []string{"sim", "--game", "fallen-land", "--games", "12", "--seed", "4", "--max-rounds", "6"}
	with := func(extra ...string) []string { return append(append([]string{}, run...), extra...) }
	whole := dw(t, with("--players", "4", "--variant", "draft-setup", "--variant", "exact-ten-formula")...)
	requireExit(t, exitOK, whole)
	p1, p2 := filepath.Join(dir, "1.json"), filepath.Join(dir, "2.json")
	requireExit(t, exitOK, dw(t, with("--players", "4", "--variant", "exact-ten-formula", "--variant", "draft-setup", "--shard", "1/2", "--part", p1)...))
	requireExit(t, exitOK, dw(t, with("--players", "4-4", "--variant", "draft-setup", "--variant", "exact-ten-formula", "--shard", "2/2", "--part", p2)...))
	merged := dw(t, "merge", p1, p2)
	requireExit(t, exitOK, merged)
	assert.Equal(t, withoutThroughput(t, whole.stdout, 0), withoutThroughput(t, merged.stdout, 2))

	twice := dw(t, "sim", "--games", "2", "--variant", "fortune-goal=12", "--variant", "fortune-goal=10")
	requireExit(t, exitUsage, twice)
	assert.Equal(t, "deckwright: --variant fortune-goal given twice (fortune-goal=12, then fortune-goal=10): give it once\n", twice.stderr)
}
