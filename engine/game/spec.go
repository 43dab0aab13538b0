package game

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// SimSpec is what a game offers `deckwright sim`, as data: its player
// counts, the values of --mode and --variant with what each does, its own
// options (Fortune and Glory's --level, --org, --teams), its bot policies
// and its words. The command line reads it for --help, validation and
// shell completion; the harness checks a request against it before the
// module sees the request, so a module reads only values it declared.
type SimSpec struct {
	MinPlayers, MaxPlayers int
	// Modes: every game has at least one; the first is the default.
	Modes []Choice
	// Options are the game's own options, beyond the modes, variants and
	// policies every game has; a request sets no other (SimRequest.Options).
	Options []Option
	// Variants are named rule variants and optional rules. A variant with
	// Max > 0 takes a number from 1 to Max, written name=N.
	Variants []Choice
	// Policies are the bots' policies, by number; the first is the
	// default. "mix" (seats rotate through them game by game) is added.
	Policies []Choice
	Terms    Terms
}

// Option is one of a game's own options of `deckwright sim`, the flag
// --Name: its values, each with what it does, and how one is read.
type Option struct {
	Name string // the flag without its dashes: "level"
	Help string // what it sets, for the flag's help
	// Choices are its values. Unless the option is Open or a Number, a
	// value must be one of them (or an alias), and the first is the
	// default: the harness writes it into a request that leaves the
	// option unset.
	Choices []Choice
	// Open: the content decides which values are valid (the organizations
	// a set adds), so Choices are suggestions and the module checks the
	// value; unset stays unset.
	Open bool
	// Number: the value is a whole number (the module checks its range);
	// unset stays unset.
	Number bool
}

// Option returns the game's option of that name, or nil.
func (s *SimSpec) Option(name string) *Option {
	for i := range s.Options {
		if s.Options[i].Name == name {
			return &s.Options[i]
		}
	}
	return nil
}

// Choices are the values of the game's option of that name; none when the
// game does not have it.
func (s *SimSpec) Choices(name string) []Choice {
	if o := s.Option(name); o != nil {
		return o.Choices
	}
	return nil
}

// Policies are the bot policies of the shipped games: modules whose bots
// play these three name them so.
var Policies = []Choice{
	{Name: "cautious", Help: "presses on only with good odds"},
	{Name: "bold", Help: "pushes its luck"},
	{Name: "random", Help: "any legal choice"},
}

// Choice is one value of an option, with what it does.
type Choice struct {
	Name    string
	Help    string
	Aliases []string // other spellings it accepts ("cooperative" for coop)
	Max     int      // a variant taking a number: its largest value
}

// Mix is the policy that rotates seats through every policy.
const Mix = "mix"

// Names lists choices' names; a choice taking a number is name=N.
func Names(cs []Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
		if c.Max > 0 {
			out[i] += "=N"
		}
	}
	return out
}

// find returns the choice named s (by name or alias), or nil.
func find(cs []Choice, s string) *Choice {
	for i := range cs {
		if cs[i].Name == s {
			return &cs[i]
		}
		for _, a := range cs[i].Aliases {
			if a == s {
				return &cs[i]
			}
		}
	}
	return nil
}

// PolicyNames are the spec's policies and mix, for help and completion.
func (s *SimSpec) PolicyNames() []string { return append(Names(s.Policies), Mix) }

// OptionError is a request the game cannot play: an option it does not
// have, a value outside its range. The command line reports it as a usage
// error; any other error of a run is a failure of the run.
type OptionError struct{ msg string }

func (e *OptionError) Error() string { return e.msg }

// Optionf makes an OptionError.
func Optionf(format string, args ...any) error {
	return &OptionError{msg: fmt.Sprintf(format, args...)}
}

// IsOptionError says whether err is (or wraps) an OptionError.
func IsOptionError(err error) bool {
	var o *OptionError
	return errors.As(err, &o)
}

// Check checks a request's game-wide options against the spec and writes
// their defaults and canonical names into it: the mode, the options
// (level) and the policy the run plays. title names the game in errors
// ("Fallen Land has no --level option").
func (s *SimSpec) Check(title string, req *SimRequest) error {
	mode, err := pick(title, "mode", s.Modes, req.Mode)
	if err != nil {
		return err
	}
	req.Mode = mode
	if err := s.checkOptions(title, req); err != nil {
		return err
	}
	lo, hi := req.Players, max(req.Players, req.PlayersMax)
	if lo < s.MinPlayers || hi > s.MaxPlayers {
		if req.PlayersMax > req.Players {
			return Optionf("%s is for %d to %d players: the range %d–%d is not", title, s.MinPlayers, s.MaxPlayers, lo, hi)
		}
		return Optionf("%s is for %d to %d players, not %d", title, s.MinPlayers, s.MaxPlayers, lo)
	}
	if req.PlayersMax > 0 && req.PlayersMax < req.Players {
		return Optionf("player range %d–%d runs backwards", req.Players, req.PlayersMax)
	}
	if req.Policy == "" {
		req.Policy = s.Policies[0].Name
	}
	if req.Policy != Mix && find(s.Policies, req.Policy) == nil {
		return Optionf("unknown policy %q (%s)", req.Policy, strings.Join(s.PolicyNames(), ", "))
	}
	given := map[string]string{}
	for _, v := range req.Variants {
		c, _, err := s.Variant(title, v)
		if err != nil {
			return err
		}
		// Each variant once: given twice, which value counts would hang on
		// the flags' order, which no run should.
		if first, twice := given[c.Name]; twice {
			return Optionf("--variant %s given twice (%s, then %s): give it once", c.Name, first, v)
		}
		given[c.Name] = v
	}
	return nil
}

// checkOptions checks a request's options against the game's, and writes
// the canonical value of each option with choices, or its default, into a
// copy of the request's map (the caller's is left as it was).
func (s *SimSpec) checkOptions(title string, req *SimRequest) error {
	for _, name := range slices.Sorted(maps.Keys(req.Options)) {
		if s.Option(name) == nil {
			what := "its modes: " + strings.Join(Names(s.Modes), ", ")
			if len(s.Options) > 0 {
				what = "its options: --" + strings.Join(optionNames(s.Options), ", --")
			}
			return Optionf("%s has no --%s option (%s)", title, name, what)
		}
	}
	opts := maps.Clone(req.Options)
	if opts == nil {
		opts = map[string]string{}
	}
	for _, o := range s.Options {
		v, set := opts[o.Name]
		switch {
		case o.Number:
			if _, err := strconv.Atoi(v); set && err != nil {
				return Optionf("--%s wants a whole number, not %q", o.Name, v)
			}
		case o.Open:
		default:
			v, err := pick(title, o.Name, o.Choices, v)
			if err != nil {
				return err
			}
			opts[o.Name] = v
		}
	}
	req.Options = opts
	return nil
}

func optionNames(os []Option) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Name
	}
	return out
}

// pick finds a mode or an option's value by name, "" being the first.
func pick(title, what string, cs []Choice, s string) (string, error) {
	if s == "" {
		return cs[0].Name, nil
	}
	if c := find(cs, s); c != nil {
		return c.Name, nil
	}
	return "", Optionf("%s has no %q %s (%s)", title, s, what, strings.Join(Names(cs), ", "))
}

// Variant reads a --variant value: its choice, and its number for a
// variant that takes one (fortune-goal=12).
func (s *SimSpec) Variant(title, v string) (*Choice, int, error) {
	name, val, hasVal := strings.Cut(v, "=")
	c := find(s.Variants, name)
	if c == nil || hasVal != (c.Max > 0) {
		return nil, 0, Optionf("unknown variant %q of %s (known: %s)", v, title, strings.Join(Names(s.Variants), ", "))
	}
	if !hasVal {
		return c, 0, nil
	}
	n, err := strconv.Atoi(val)
	if err != nil || n < 1 || n > c.Max {
		return nil, 0, Optionf("variant %s wants a number from 1 to %d, not %q", name, c.Max, val)
	}
	return c, n, nil
}
