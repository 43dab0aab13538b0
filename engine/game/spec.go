package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// SimSpec is what a game offers `deckwright sim`, as data: its player
// counts, the values of --mode, --level, --org and --variant with what
// each does, its bot policies and its words. The command line reads it
// for --help, validation and shell completion; the harness checks a
// request against it before the module sees the request, so a module
// reads only values it declared.
type SimSpec struct {
	MinPlayers, MaxPlayers int
	// Modes: every game has at least one; the first is the default.
	Modes []Choice
	// Levels, if the game has levels; the first is the default.
	Levels []Choice
	// Orgs, if the game has an --org option: the values to suggest (the
	// content decides which are valid, so the module checks them).
	Orgs []Choice
	// Variants are named rule variants and optional rules. A variant with
	// Max > 0 takes a number from 1 to Max, written name=N.
	Variants []Choice
	// Policies are the bots' policies, by number; the first is the
	// default. "mix" (seats rotate through them game by game) is added.
	Policies []Choice
	// Teams says the game has a team mode that --teams divides.
	Teams bool
	Terms Terms
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
// their defaults and canonical names into it: the mode, level and policy
// the run plays. title names the game in errors ("Fallen Land has no
// --level option").
func (s *SimSpec) Check(title string, req *SimRequest) error {
	mode, err := pick(title, "mode", s.Modes, req.Mode)
	if err != nil {
		return err
	}
	req.Mode = mode
	if len(s.Levels) == 0 && req.Level != "" {
		return Optionf("%s has no --level option (its modes: %s)", title, strings.Join(Names(s.Modes), ", "))
	}
	if len(s.Levels) > 0 {
		if req.Level, err = pick(title, "level", s.Levels, req.Level); err != nil {
			return err
		}
	}
	if len(s.Orgs) == 0 && req.Org != "" {
		return Optionf("%s has no --org option: it has no organizations", title)
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
	for _, v := range req.Variants {
		if _, _, err := s.Variant(title, v); err != nil {
			return err
		}
	}
	return nil
}

// pick finds a mode or level by name, "" being the first.
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
