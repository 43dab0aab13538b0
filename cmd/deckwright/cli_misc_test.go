package main

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersion(t *testing.T) {
	for _, flag := range []string{"--version", "-v"} {
		r := dw(t, flag)
		requireExit(t, exitOK, r)
		assert.Equal(t, "deckwright "+version+"\n", r.stdout)
		assert.Empty(t, r.stderr)
	}
}

// commandPaths lists every command of the tree deckwright builds, as the
// words a user types ("export pdf"), the root aside.
func commandPaths(t *testing.T) map[string]*cobra.Command {
	t.Helper()
	paths := map[string]*cobra.Command{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			paths[strings.TrimPrefix(sub.CommandPath(), "deckwright ")] = sub
			walk(sub)
		}
	}
	walk(newRoot(io.Discard, io.Discard))
	// The walk must see the commands users know, or the tests below prove nothing.
	for _, p := range []string{"init", "validate", "build", "inspect", "dump", "schema", "effects", "codes", "sim",
		"export", "export pdf", "templates", "templates init", "templates list", "templates check"} {
		require.Contains(t, paths, p)
	}
	return paths
}

func TestEveryCommandHasHelpWithExamples(t *testing.T) {
	for path := range commandPaths(t) {
		t.Run(path, func(t *testing.T) {
			r := dw(t, append(strings.Fields(path), "--help")...)
			requireExit(t, exitOK, r)
			assert.Contains(t, r.stdout, "Usage:\n  deckwright "+path)
			assert.Contains(t, r.stdout, "\nExamples:\n  deckwright ")
			assert.Empty(t, r.stderr)

			h := dw(t, append([]string{"help"}, strings.Fields(path)...)...)
			assert.Equal(t, r.stdout, h.stdout, "`deckwright help %s` is the same help", path)
		})
	}
	r := dw(t, "--help")
	requireExit(t, exitOK, r)
	for path := range commandPaths(t) {
		if !strings.Contains(path, " ") {
			assert.Regexp(t, `(?m)^  `+path+`\s+\S`, r.stdout, "the tour lists %s", path)
		}
	}
}

// TestHelpExamplesUseRealFlags: every flag an example shows exists on the
// command it is shown for, so copying an example never gives "unknown flag".
func TestHelpExamplesUseRealFlags(t *testing.T) {
	checked := 0
	for path, c := range commandPaths(t) {
		for _, line := range strings.Split(c.Example, "\n") {
			line, _, _ = strings.Cut(strings.TrimSpace(line), " #")
			line, _, _ = strings.Cut(line, "|") // a pipe into another program
			line, _, _ = strings.Cut(line, ">") // output into a file
			words := shellWords(line)
			if len(words) == 0 || words[0] != "deckwright" {
				continue
			}
			// Parsed as the command line would be: quoted words whole,
			// flag values of the flag's type.
			checked++
			assert.Empty(t, parseCommandLine(words[1:]), "%s --help: the example %q", path, strings.TrimSpace(line))
		}
	}
	assert.Greater(t, checked, 20, "the examples were read")
}

func TestUnknownCommand(t *testing.T) {
	r := dw(t, "frobnicate")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `unknown command "frobnicate" for "deckwright"`)
	assert.Contains(t, r.stderr, "Run 'deckwright --help' for usage.")
	assert.Empty(t, r.stdout)

	r = dw(t, "valdate")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "Did you mean this?\n\tvalidate")
}

// TestWrongNumberOfArguments: a command given too few or too many
// arguments exits 2 and points at that command's help, as a flag error
// does ("Run 'deckwright validate --help' for usage."), not at the root's.
func TestWrongNumberOfArguments(t *testing.T) {
	for _, args := range [][]string{
		{"init"},
		{"init", "a", "b"},
		{"dump"},
		{"inspect", "a", "b"},
		{"sim", "a", "b"},
		{"schema", "extra"},
		{"effects", "extra"},
		{"codes", "extra"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := dw(t, args...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Empty(t, r.stdout)
			assert.Contains(t, r.stderr, "Run 'deckwright "+args[0]+" --help' for usage.")
		})
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		r := dw(t, "completion", shell)
		requireExit(t, exitOK, r)
		assert.Contains(t, r.stdout, "deckwright", shell)
	}
	// Choice flags complete to the selected game's choices, each with what
	// it does (the default game's without --game).
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"sim", "--mode", ""}, []string{"competitive\t", "coop\t", "team\t", "solo\t"}, []string{"short"}},
		{[]string{"sim", "--game", "fallen-land", "--mode", ""}, []string{"competitive\t", "short\tthe quick-start's Short Game\n"}, []string{"coop"}},
		{[]string{"sim", "--level", ""}, []string{"advanced\t", "basic\tthe rulebook's Basic Game\n"}, nil},
		{[]string{"sim", "--game", "fallen-land", "--level", ""}, nil, []string{"basic", "advanced"}},
		{[]string{"sim", "--org", ""}, []string{"random\t", "nazi\t", "mob\t"}, nil},
		{[]string{"sim", "--variant", ""}, []string{"fortune-goal=\t", "solo-hard\t"}, []string{"draft-setup"}},
		{[]string{"sim", "--game", "fl", "--variant", ""}, []string{"draft-setup\t"}, []string{"solo-hard"}},
		{[]string{"sim", "--policy", ""}, []string{"cautious\t", "mix\t"}, nil},
	} {
		r := dw(t, append([]string{"__complete"}, tc.args...)...)
		requireExit(t, exitOK, r)
		for _, w := range tc.want {
			assert.Contains(t, r.stdout, w, "%v", tc.args)
		}
		for _, w := range tc.not {
			assert.NotContains(t, r.stdout, w, "%v", tc.args)
		}
	}
	r := dw(t, "__complete", "validate", "--game", "")
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "fortune-and-glory\tFortune and Glory\nfallen-land\tFallen Land\n", "each game with its title, in registry order")
}
