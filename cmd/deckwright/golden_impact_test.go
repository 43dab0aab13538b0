package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// impactRuns are fixed --impact runs of both games: adaptive (several
// rounds, the base played on for rare cards, the close calls after the
// precision, until the budget is spent) and fixed (--impact-games, every
// card). How the paired games are handed
// to the workers is no part of their results: each report is the same
// whatever the worker count, and the same as when every card's paired
// games were a parallel run of their own (testdata/golden-impact.txt was
// written by that code).
// Cards drawn often and rarely (the base played on for them).
const (
	fngCards = "jungle-cat,flamethrower-trooper,boat-chase-rammed,cursed-ground,charter-flight,jinxed,tommy-gun,motorcycle-with-sidecar,the-spymaster,tibetan-mystic"
	flCards  = "rosa-delgado,climbing-gear,glowing-trinket,black-market-contact,false-alarm,rad-zombies,cold-springs-clinic,the-missing-mayor"
)

var impactRuns = []struct {
	name string
	args []string
}{
	{"fng adaptive", []string{"--games", "200", "--impact", fngCards, "--impact-precision", "6", "--impact-budget", "30k"}},
	{"fng adaptive decide", []string{"--games", "200", "--impact", fngCards, "--impact-precision", "10", "--impact-budget", "10k", "--impact-decide"}},
	{"fng fixed", []string{"--games", "100", "--impact", "all", "--impact-games", "100"}},
	{"fl adaptive", []string{"--game", "fallen-land", "--games", "200", "--impact", flCards, "--impact-precision", "10", "--impact-budget", "12k"}},
	{"fl fixed", []string{"--game", "fallen-land", "--games", "40", "--impact", "all", "--impact-games", "40"}},
}

func TestGoldenImpact(t *testing.T) {
	var lines []string
	for _, run := range impactRuns {
		digests := map[string]string{}
		for _, workers := range []string{"1", "2"} {
			args := append([]string{"sim", "--seed", "5", "--workers", workers, "--json"}, run.args...)
			r := dw(t, args...)
			require.Equal(t, exitOK, r.code, "%s: %s", run.name, r)
			digests[workers] = goldenDigest(t, r.stdout)
		}
		assert.Equal(t, digests["1"], digests["2"], "%s: the same report on 1 worker as on 2", run.name)
		lines = append(lines, run.name+"\t"+digests["2"])
	}
	checkGolden(t, "golden-impact.txt", strings.Join(lines, "\n")+"\n",
		"impact results moved; if a commit changes rules or bots on purpose, say so and rerun with -update")
}
