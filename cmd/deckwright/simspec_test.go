package main

import (
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/toy"
)

// weatherly is a game declaring an option of its own, --weather: Pips
// with one more option in its spec.
type weatherly struct{ game.Simulator }

func (weatherly) Title() string { return "Weatherly" }

func (w weatherly) SimSpec() *game.SimSpec {
	s := *w.Simulator.SimSpec()
	s.Options = []game.Option{{Name: "weather", Help: "the weather the games are played in",
		Choices: []game.Choice{{Name: "calm", Help: "no wind"}, {Name: "storm", Help: "every die re-rolled once"}}}}
	return &s
}

// A game's own option gets its flag from the game's spec, with its help
// and values, without a line of cmd code; it travels in the request, and
// in the command that replays a game; the harness refuses it for a game
// without it, naming the game.
func TestSimGameOwnOption(t *testing.T) {
	real := simulators
	simulators = func() []game.Simulator { return append(real(), weatherly{toy.Module}) }
	defer func() { simulators = real }()

	r := dw(t, "sim", "--help")
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "--weather string")
	assert.Contains(t, r.stdout, "the weather the games are played in — Weatherly: calm, storm")
	assert.Contains(t, r.stdout, "the game's level (the first is the default) — Fortune and Glory: advanced, basic", "--level as before")

	r = dw(t, "sim", "--games", "2", "--weather", "storm")
	requireExit(t, exitUsage, r)
	assert.Contains(t, r.stderr, "Fortune and Glory has no --weather option (its options: --level, --org, --teams)")

	var f simFlags
	c := &cobra.Command{}
	c.Flags().IntVar(&f.teams, "teams", 2, "")
	f.optionFlags(c)
	require.NoError(t, c.Flags().Parse([]string{"--weather", "storm"}))
	f.level = "basic"
	assert.Equal(t, map[string]string{"level": "basic", "weather": "storm"}, f.gameOptions(c), "--teams only when given")
	f.mode, f.policy, f.players = "competitive", "cautious", "2"
	assert.Contains(t, replayCommand(nil, &f, 3), "--level basic --weather storm")
}
