package fng

import (
	goflag "flag"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests run with the shortcuts' self-checks on (selfCheck); the
// benchmarks, and .ci/instructions, measure the shortcuts alone.
func TestMain(m *testing.M) {
	goflag.Parse()
	selfCheck = goflag.Lookup("test.bench").Value.String() == ""
	os.Exit(m.Run())
}

// Every shortcut matches the plain computation at every read over a few
// hundred games of every mode, size and policy mix, at both levels and with
// the variants: a memo entry shared by keys that differ (or a stale one)
// panics in selfCheck, which PlaySafe reports as an error.
func TestShortcutsMatchThePlainComputation(t *testing.T) {
	require.True(t, selfCheck, "TestMain turns the self-checks on")
	g := New(bundled(t))
	g.stats = NewStats(g.c)
	modes := []Mode{Competitive, Cooperative, Team, Solo}
	for seed := uint64(1); seed <= 240; seed++ {
		opt := Options{Mode: modes[seed%4], Players: 2 + int(seed%3), Advanced: seed%5 != 0}
		switch opt.Mode {
		case Team:
			opt.Players = 4
			opt.Teams = []int{0, 1, 0, 1}
		case Solo:
			opt.Players = 1 + int(seed%4)
		}
		if !opt.Advanced && (opt.Mode == Cooperative || opt.Mode == Solo) {
			opt.Advanced = true
		}
		for i := range opt.Players {
			opt.Policies = append(opt.Policies, Policy((int(seed)+i)%3))
		}
		if seed%3 == 1 {
			opt.Variants = Variants{FixedMovement: true, AdvancedNazis: true}
		}
		_, err := g.PlaySafe(seed, opt)
		require.NoError(t, err, "seed %d, %+v", seed, opt)
	}
}
