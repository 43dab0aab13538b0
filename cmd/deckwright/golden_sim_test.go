package main

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden-sim.txt from this build's results")

// goldenRuns are fixed runs of both games over every mode, level, policy
// and a player range. Their reports must not change unless a commit says
// why (a rules fix, a bot change): refactoring the harness, the modules or
// the statistics keeps them byte for byte. After an intended change,
// `go test ./cmd/deckwright -run TestGoldenSim -update` rewrites the file,
// and the diff shows which runs moved.
var goldenRuns = []struct {
	name string
	args []string
}{
	{"fng competitive advanced mix", []string{"--games", "120", "--policy", "mix"}},
	{"fng competitive basic 2-5", []string{"--games", "120", "--level", "basic", "--players", "2-5"}},
	{"fng coop nazi 1-4", []string{"--games", "120", "--mode", "coop", "--org", "nazi", "--players", "1-4"}},
	{"fng team bold", []string{"--games", "120", "--mode", "team", "--policy", "bold"}},
	{"fng solo random", []string{"--games", "120", "--mode", "solo", "--policy", "random"}},
	{"fng impact", []string{"--games", "60", "--impact", "all", "--impact-games", "20"}},
	{"fl competitive mix", []string{"--game", "fallen-land", "--games", "80", "--policy", "mix"}},
	{"fl short 1-6", []string{"--game", "fallen-land", "--games", "80", "--mode", "short", "--players", "1-6"}},
	{"fl variants", []string{"--game", "fallen-land", "--games", "80", "--variant", "draft-setup", "--variant", "exact-ten-formula"}},
}

func TestGoldenSim(t *testing.T) {
	var lines []string
	for _, run := range goldenRuns {
		args := append([]string{"sim", "--seed", "11", "--workers", "2", "--json"}, run.args...)
		r := dw(t, args...)
		require.Equal(t, exitOK, r.code, "%s: %s", run.name, r)
		lines = append(lines, run.name+"\t"+goldenDigest(t, r.stdout))
	}
	checkGolden(t, "golden-sim.txt", strings.Join(lines, "\n")+"\n",
		"simulation results moved; if a commit changes rules or bots on purpose, say so and rerun with -update")
}

// checkGolden compares got with testdata/name, or with -update rewrites
// it; moved says what a difference means.
func checkGolden(t *testing.T, name, got, moved string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateGolden {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	assert.Equal(t, string(want), got, moved)
}

// goldenDigest is a report's hash (without its timing) and the figures a
// reader of a failing diff wants first: wins, lengths, endings.
func goldenDigest(t *testing.T, report string) string {
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(report), &m))
	delete(m, "games_per_second")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	wins, _ := m["wins"].(map[string]any)
	keys := make([]string, 0, len(wins))
	for k := range wins {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var w []string
	for _, k := range keys {
		w = append(w, fmt.Sprintf("%s=%v", k, wins[k]))
	}
	rounds, _ := m["rounds"].(map[string]any)
	return fmt.Sprintf("%x\twins %s\trounds mean %v\tends %v", sha256.Sum256(b), strings.Join(w, ","), rounds["mean"], m["ends"])
}
