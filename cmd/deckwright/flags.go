package main

import (
	"math"

	"github.com/spf13/cobra"
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
	if c.Flags().Changed("teams") && f.mode != "team" {
		return usageErr("--teams is for the team game: add --mode team")
	}
	if c.Flags().Changed("impact-games") && f.impact == "" {
		return usageErr("--impact-games is for --impact: name a layer, or all")
	}
	if f.report == "-" && f.asJSON {
		return usageErr("--report - and --json both want standard output: name a file for the report")
	}
	return nil
}
