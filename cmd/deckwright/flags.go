package main

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deckwright/deckwright/engine/game"
)

// intRange is a numeric flag's allowed values, for one message shape
// across commands: "--from must be from 0 to …, not -1".
type intRange struct {
	flag   string
	value  int
	lo, hi int
	note   string // what the bounds mean, if anything
}

func checkRanges(rs ...intRange) error {
	for _, r := range rs {
		if r.value >= r.lo && r.value <= r.hi {
			continue
		}
		note := ""
		if r.note != "" {
			note = " (" + r.note + ")"
		}
		if r.hi == math.MaxInt {
			return usageErr("%s must be %d or more%s, not %d", r.flag, r.lo, note, r.value)
		}
		return usageErr("%s must be from %d to %d%s, not %d", r.flag, r.lo, r.hi, note, r.value)
	}
	return nil
}

// Bounds of sim's numbers: beyond them a run would only exhaust memory or
// time (a run keeps one outcome per game for --compare and --impact).
const (
	maxGames     = 100_000_000
	maxWorkers   = 1024
	maxRounds    = 10_000
	maxFromIndex = 1 << 53
)

// check refuses sim's numeric flags out of range, and flags that contradict
// each other, before anything is built.
func (f *simFlags) check(c *cobra.Command) error {
	err := checkRanges(
		intRange{flag: "--games", value: f.games, lo: 1, hi: maxGames},
		intRange{flag: "--from", value: f.from, lo: 0, hi: maxFromIndex, note: "the index of the first game"},
		intRange{flag: "--workers", value: f.workers, lo: 0, hi: maxWorkers, note: "0 is one per CPU"},
		intRange{flag: "--max-rounds", value: f.maxRounds, lo: 1, hi: maxRounds},
		intRange{flag: "--teams", value: f.teams, lo: 2, hi: 4, note: "a team game has 2 to 4 teams of 2 to 4 heroes"},
		intRange{flag: "--impact-games", value: f.impactGames, lo: 0, hi: f.games, note: "paired games replay the first games of the run; 0 is --games"},
	)
	if err != nil {
		return err
	}
	if err := givenTwice(c.Flags()); err != nil {
		return err
	}
	if c.Flags().Changed("teams") && f.mode != "team" {
		return usageErr("--teams is for the team game: add --mode team")
	}
	for _, name := range []string{"impact-games", "impact-precision", "impact-budget", "impact-decide"} {
		if c.Flags().Changed(name) && f.impact == "" {
			return usageErr("--%s is for --impact: name all, a layer or card IDs", name)
		}
	}
	if f.trace {
		for _, name := range []string{"impact", "until-decided"} {
			if c.Flags().Changed(name) {
				return usageErr("--trace plays one game and prints it; --%s needs many: run it without --trace", name)
			}
		}
	}
	if c.Flags().Changed("impact-games") && (c.Flags().Changed("impact-precision") || c.Flags().Changed("impact-budget") || c.Flags().Changed("impact-decide")) {
		return usageErr("--impact-games plays a fixed number of games for every card; --impact-precision, --impact-budget and --impact-decide are for the adaptive run without it")
	}
	if f.report == "-" && f.asJSON {
		return usageErr("--report - and --json both want standard output: name a file for the report")
	}
	return nil
}

// impactPlan reads --impact-precision (points) and --impact-budget
// (games: 500000, 500k, 2M) into the adaptive plan.
func (f *simFlags) impactPlan() (game.ImpactPlan, error) {
	var p game.ImpactPlan
	if !(f.impactPrecision >= 0.1 && f.impactPrecision <= 50) {
		return p, usageErr("--impact-precision is in points (3 is ±3 points: a win-rate difference of 0.03), from 0.1 to 50, not %g", f.impactPrecision)
	}
	p.Precision = f.impactPrecision / 100
	n, err := parseBudget(f.impactBudget)
	if err != nil {
		return p, err
	}
	p.Budget, p.PreciseOnly = n, !f.impactDecide
	return p, nil
}

// parseBudget reads a number of games: 500000, 500k, 2M or 2.5M (a
// decimal only with k or M, and only where it makes whole games).
func parseBudget(s string) (int, error) {
	bad := usageErr("--impact-budget must be a number of games from 1 to %d (500000, 500k, 2M or 2.5M), not %q", maxGames, s)
	t, mult := strings.TrimSpace(s), 1
	switch {
	case strings.HasSuffix(t, "k"), strings.HasSuffix(t, "K"):
		t, mult = t[:len(t)-1], 1000
	case strings.HasSuffix(t, "M"):
		t, mult = t[:len(t)-1], 1_000_000
	}
	whole, frac, dotted := strings.Cut(t, ".")
	if dotted && (mult == 1 || frac == "" || len(frac) > 6 || strings.ContainsAny(frac, "+-")) {
		return 0, bad
	}
	n, err := strconv.Atoi(whole)
	if err != nil || n < 0 || n > maxGames/mult {
		return 0, bad
	}
	n *= mult
	if dotted {
		f, err := strconv.Atoi(frac)
		scale := 1
		for range frac {
			scale *= 10
		}
		if err != nil || f*mult%scale != 0 {
			return 0, bad
		}
		n += f * mult / scale
	}
	if n < 1 || n > maxGames {
		return 0, bad
	}
	return n, nil
}

// budgetText writes a budget as --impact-budget reads it.
func budgetText(n int) string {
	switch {
	case n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}

// onceValue keeps every value a flag was given. A string flag given twice
// keeps the last, silently; for flags that name what to measure the user
// meant both (--impact a --impact b measured b alone), so givenTwice
// refuses them.
type onceValue struct {
	pflag.Value
	given []string
}

func (o *onceValue) Set(s string) error {
	o.given = append(o.given, s)
	return o.Value.Set(s)
}

// twiceHints are the flags refused when given twice with different values,
// and what to do instead.
var twiceHints = map[string]string{
	"impact": "it takes one list: name them all in one, separated by commas (--impact %s)",
	"sweep":  "a sweep varies one number: run each sweep on its own",
}

// onceFlags makes the flags of twiceHints remember every value given.
func onceFlags(fs *pflag.FlagSet) {
	for name := range twiceHints {
		if fl := fs.Lookup(name); fl != nil {
			fl.Value = &onceValue{Value: fl.Value}
		}
	}
}

// givenTwice refuses a flag of twiceHints given different values.
func givenTwice(fs *pflag.FlagSet) error {
	for _, name := range slices.Sorted(maps.Keys(twiceHints)) {
		fl := fs.Lookup(name)
		if fl == nil {
			continue
		}
		o, ok := fl.Value.(*onceValue)
		if !ok || len(slices.Compact(slices.Clone(o.given))) < 2 {
			continue
		}
		hint := twiceHints[name]
		if strings.Contains(hint, "%s") {
			hint = fmt.Sprintf(hint, strings.Join(o.given, ","))
		}
		times := fmt.Sprintf("%d times", len(o.given))
		if len(o.given) == 2 {
			times = "twice"
		}
		return usageErr("--%s is given %s (%s): %s", name, times, strings.Join(o.given, ", then "), hint)
	}
	return nil
}

// flagValueErr says in words what a flag's value should have been, for a
// value its type cannot parse: pflag's own text names Go's parser
// ("strconv.ParseUint: parsing "-1": invalid syntax"). Other flag errors
// are returned as they are.
func flagValueErr(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	v, typ := ive.GetValue(), ive.GetFlag().Value.Type()
	want := ""
	switch {
	case errors.Is(err, strconv.ErrRange):
		want = "too large a number"
	case strings.HasPrefix(typ, "uint"):
		want = "want a whole number, 0 or more"
	case strings.HasPrefix(typ, "int"):
		want = "want a whole number"
	case strings.HasPrefix(typ, "float"):
		want = "want a number"
	case typ == "bool":
		want = "want true or false, or the flag alone"
	default:
		return err
	}
	return fmt.Errorf("invalid argument %q for --%s: %s", v, ive.GetFlag().Name, want)
}
