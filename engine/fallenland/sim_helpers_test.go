package fallenland

import (
	"strings"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
)

// SimOptions are a run of games with game options as they are, for tests
// and benchmarks of the rules and bots (no request to read).
type SimOptions struct {
	Options
	Policy string
	Games  int
	Seed   uint64
	Stats  bool
}

// simTally is a run's tally with its per-card statistics.
type simTally struct {
	*game.Tally
	Stats *Stats
}

// Simulate plays a run through the harness.
func Simulate(c *Content, o SimOptions) (simTally, sim.Stats) {
	t, st := game.Games(spec, newRun(c, o.Options), game.SimRequest{Games: o.Games, Players: o.Players, Seed: o.Seed,
		Policy: o.Policy, Stats: o.Stats})
	out := simTally{Tally: t}
	if n, ok := t.Counts.(counts); ok {
		out.Stats = n.Stats
	}
	return out, st
}

// findFaction finds a Faction by ID or name, or −1.
func findFaction(c *Content, id string) int {
	for i := range c.Factions {
		if c.Factions[i].ID == id || strings.EqualFold(c.Factions[i].Name, id) {
			return i
		}
	}
	return -1
}
