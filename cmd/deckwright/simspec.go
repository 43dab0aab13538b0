package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine/game"
)

// The game-specific flags of `deckwright sim` (--mode, --level, --org,
// --variant, --policy) take their help and completions from each
// registered game's SimSpec; the harness validates them against the
// selected game's, naming the game when a flag does not apply to it.

// simulators are the registered games the harness can play (a variable:
// a test adds a game to the flags without registering it for every test).
var simulators = registeredSimulators

func registeredSimulators() []game.Simulator {
	var out []game.Simulator
	for _, m := range game.Modules() {
		if s, ok := m.(game.Simulator); ok {
			out = append(out, s)
		}
	}
	return out
}

// Pickers of a spec's choices.
var (
	specModes    = func(s *game.SimSpec) []game.Choice { return s.Modes }
	specVariants = func(s *game.SimSpec) []game.Choice { return s.Variants }
)

// specOption picks the values of a game's own option.
func specOption(name string) func(*game.SimSpec) []game.Choice {
	return func(s *game.SimSpec) []game.Choice { return s.Choices(name) }
}

// specHelp is a flag's help: what it is, then each game's values (the
// first its default), for the games that have the option at all.
func specHelp(what string, pick func(*game.SimSpec) []game.Choice) string {
	var parts []string
	for _, s := range simulators() {
		if cs := pick(s.SimSpec()); len(cs) > 0 {
			parts = append(parts, fmt.Sprintf("%s: %s", s.Title(), strings.Join(game.Names(cs), ", ")))
		}
	}
	if len(parts) == 0 {
		return what
	}
	return what + " — " + strings.Join(parts, "; ")
}

// optionFlags adds a flag for each option a registered game declares
// beyond --level, --org and --teams (defined with the flags above): a
// string whose help, values and completion come from the specs, so a
// game's own option needs no code here.
func (f *simFlags) optionFlags(c *cobra.Command) {
	f.options = map[string]*string{}
	for _, s := range simulators() {
		for _, o := range s.SimSpec().Options {
			if c.Flags().Lookup(o.Name) != nil {
				continue // its own flag, or another game's option of that name
			}
			v := new(string)
			f.options[o.Name] = v
			c.Flags().StringVar(v, o.Name, "", optionHelp(o.Name))
			_ = c.RegisterFlagCompletionFunc(o.Name, specCompletion(specOption(o.Name)))
		}
	}
}

// optionHelp is the help of the flag of a game's own option: what the
// first game that has it says it sets, then each game's values.
func optionHelp(name string) string {
	for _, s := range simulators() {
		if o := s.SimSpec().Option(name); o != nil {
			return specHelp(o.Help, specOption(name))
		}
	}
	return "an option no registered game has"
}

// playersHelp gives each game's player counts.
func playersHelp() string {
	var parts []string
	for _, s := range simulators() {
		sp := s.SimSpec()
		parts = append(parts, fmt.Sprintf("%d to %d in %s", sp.MinPlayers, sp.MaxPlayers, s.Title()))
	}
	return "players in each game (" + strings.Join(parts, ", ") + "), or a range such as 1-4 (games spread evenly)"
}

// maxPlayers is the most players any registered game seats.
func maxPlayers() int {
	n := 1
	for _, s := range simulators() {
		n = max(n, s.SimSpec().MaxPlayers)
	}
	return n
}

// isLevel says whether a word is a level of a registered game (--game
// takes one: --game fortune-and-glory,basic).
func isLevel(word string) bool {
	for _, s := range simulators() {
		for _, l := range s.SimSpec().Choices("level") {
			if l.Name == word {
				return true
			}
		}
	}
	return false
}

// selectedSpec is the spec of the game a command line names with --game,
// or the default game's: what completion offers.
func selectedSpec(c *cobra.Command) *game.SimSpec {
	name, _ := c.Flags().GetString("game")
	for _, part := range strings.Split(name, ",") {
		if m, ok := game.Lookup(strings.TrimSpace(part)).(game.Simulator); ok {
			return m.SimSpec()
		}
	}
	if m, ok := game.Default().(game.Simulator); ok {
		return m.SimSpec()
	}
	return &game.SimSpec{}
}

// specCompletion completes a flag with the selected game's values, each
// with what it does.
func specCompletion(pick func(*game.SimSpec) []game.Choice) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		cs := pick(selectedSpec(c))
		out := make([]string, len(cs))
		for i, ch := range cs {
			name := ch.Name
			if ch.Max > 0 {
				name += "="
			}
			out[i] = name + "\t" + ch.Help
		}
		directive := cobra.ShellCompDirectiveNoFileComp
		if len(cs) > 0 && cs[0].Max > 0 {
			directive |= cobra.ShellCompDirectiveNoSpace
		}
		return out, directive
	}
}

// policyCompletion completes --policy with the selected game's policies.
func policyCompletion(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	spec := selectedSpec(c)
	out := []string{}
	for _, p := range spec.Policies {
		out = append(out, p.Name+"\t"+p.Help)
	}
	return append(out, game.Mix+"\tseats rotate through the policies game by game"), cobra.ShellCompDirectiveNoFileComp
}

// simDefaults gives the flags left unset the selected game's defaults,
// in the request and for the replay commands.
func simDefaults(c *cobra.Command, f *simFlags, s game.Simulator, req *game.SimRequest) {
	spec := s.SimSpec()
	if !c.Flags().Changed("mode") {
		f.mode = spec.Modes[0].Name
	}
	if !c.Flags().Changed("policy") && len(spec.Policies) > 0 {
		f.policy = spec.Policies[0].Name
	}
	req.Mode, req.Policy = f.mode, f.policy
}
