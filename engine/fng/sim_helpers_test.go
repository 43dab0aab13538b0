package fng

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// SimOptions are a run of games with game options as they are, for tests
// and benchmarks of the rules and bots (no request to read).
type SimOptions struct {
	Options
	Policy  string
	Games   int
	Seed    uint64
	Workers int
	Stats   bool
}

// simTally is a run's tally with Fortune and Glory's own counts.
type simTally struct {
	*game.Tally
	*counts
}

// Simulate plays a run through the harness.
func Simulate(c *Content, o SimOptions) (simTally, sim.Stats) {
	if o.Mode == Team && o.Teams == nil {
		_ = setTeams(&o.Options, Team, 2)
	}
	t, st := game.Games(spec, newRun(c, o.Options), game.SimRequest{Games: o.Games, Players: o.Players, Seed: o.Seed,
		Workers: o.Workers, Policy: o.Policy, Stats: o.Stats})
	return simTally{t, t.Counts.(*counts)}, st
}

// simSeed is the seed of game index of a run.
func simSeed(run uint64, index int) uint64 { return rng.Seed(run, index) }

// checkedOptions reads a request's options as the harness and Prepare do.
func checkedOptions(c *Content, req game.SimRequest) (Options, error) {
	if err := spec.Check(Module.Title(), &req); err != nil {
		return Options{}, err
	}
	return options(c, req)
}

// bundledTables compiles the bundled base set (once).
func bundledTables(t testing.TB) *table.Tables {
	t.Helper()
	tablesOnce.Do(func() {
		set, _ := content.BaseOf(GameID)
		data, err := set.Workbook()
		require.NoError(t, err)
		wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
		require.NotNil(t, wb, "%v", l.Items())
		baseTables, l = compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{})
		require.NotNil(t, baseTables, "%v", l.Items())
	})
	require.NotNil(t, baseTables)
	return baseTables
}

var (
	tablesOnce sync.Once
	baseTables *table.Tables
)
