package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/export/outfile"
)

// shard is which slice of a run one machine plays: K of N, 1-based.
type shard struct{ k, n int }

// parseShard reads --shard K/N.
func parseShard(s string) (shard, error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		msg := fmt.Sprintf("--shard must be K/N with 1 ≤ K ≤ N (shard 2 of 8: 2/8), not %q", s)
		if ok && err1 == nil && err2 == nil && k == 0 && n >= 1 {
			msg += "; shards count from 1 (a Kubernetes 0-based index: use --shard-env)"
		}
		return shard{}, usageErr("%s", msg)
	}
	return shard{k, n}, nil
}

// shardFromEnv reads the shard from a batch engine's environment, for
// --shard-env: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based)
// with the completions in JOB_COMPLETIONS (the manifest sets it), or a
// Slurm array's SLURM_ARRAY_TASK_ID, _MIN, _STEP and _COUNT (an evenly
// stepped array: --array=1-8, 0-7 or 1-7:2). lookup is os.LookupEnv: a
// variable set but empty is told apart from one not set.
func shardFromEnv(lookup func(string) (string, bool)) (shard, error) {
	// num reads a variable; def is its value when it is not set, or -1
	// when it must be set.
	num := func(name string, def int) (int, error) {
		v, set := lookup(name)
		switch {
		case !set && def >= 0:
			return def, nil
		case !set:
			return 0, usageErr("--shard-env: %s is not set", name)
		case strings.TrimSpace(v) == "":
			return 0, usageErr("--shard-env: %s is set but empty", name)
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, usageErr("--shard-env: %s is %q, not a number", name, v)
		}
		return n, nil
	}
	_, kube := lookup("JOB_COMPLETION_INDEX")
	_, slurm := lookup("SLURM_ARRAY_TASK_ID")
	var index, count string
	var i, n, k int
	var err error
	switch {
	case kube && slurm:
		return shard{}, usageErr("--shard-env: both JOB_COMPLETION_INDEX (Kubernetes Indexed Job) and SLURM_ARRAY_TASK_ID (Slurm array) are set, so the shard is ambiguous: unset the one that is not this job's, or give --shard K/N")
	case kube:
		index, count = "JOB_COMPLETION_INDEX", "JOB_COMPLETIONS"
		if _, set := lookup(count); !set {
			return shard{}, usageErr("--shard-env: JOB_COMPLETION_INDEX is set but not JOB_COMPLETIONS: set it in the Job's env to its completions")
		}
		if i, err = num(index, -1); err != nil {
			return shard{}, err
		}
		k = i + 1
	case slurm:
		index, count = "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"
		var lo, step int
		if i, err = num(index, -1); err != nil {
			return shard{}, err
		}
		if lo, err = num("SLURM_ARRAY_TASK_MIN", 0); err != nil {
			return shard{}, err
		}
		if step, err = num("SLURM_ARRAY_TASK_STEP", 1); err != nil {
			return shard{}, err
		}
		if step < 1 {
			return shard{}, usageErr("--shard-env: SLURM_ARRAY_TASK_STEP=%d: an array steps by 1 or more", step)
		}
		if i >= lo && (i-lo)%step != 0 {
			return shard{}, usageErr("--shard-env: SLURM_ARRAY_TASK_ID=%d is not a task of the array (SLURM_ARRAY_TASK_MIN=%d, SLURM_ARRAY_TASK_STEP=%d: tasks %d, %d, %d, …); shard an evenly stepped array, --array=MIN-MAX:STEP", i, lo, step, lo, lo+step, lo+2*step)
		}
		// A list (--array=1,3,8) is not evenly stepped: its tasks are
		// not MIN, MIN+STEP, … up to COUNT of them.
		if _, set := lookup("SLURM_ARRAY_TASK_MAX"); set {
			hi, err := num("SLURM_ARRAY_TASK_MAX", -1)
			if err != nil {
				return shard{}, err
			}
			n, err := num(count, -1)
			if err == nil && (hi-lo)/step+1 != n {
				return shard{}, usageErr("--shard-env: the array is not evenly stepped (SLURM_ARRAY_TASK_MIN=%d, _MAX=%d, _STEP=%d, _COUNT=%d); shard an array --array=MIN-MAX:STEP", lo, hi, step, n)
			}
		}
		k = (i-lo)/step + 1
		if i < lo {
			k = 0
		}
	default:
		return shard{}, usageErr("--shard-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set; outside a batch engine use --shard K/N")
	}
	if n, err = num(count, -1); err != nil {
		return shard{}, err
	}
	if n < 1 {
		return shard{}, usageErr("--shard-env: %s=%d: a run has at least 1 shard", count, n)
	}
	if k >= 1 && k <= n {
		return shard{k, n}, nil
	}
	return shard{}, usageErr("--shard-env: %s=%d is outside the %d shards (%s=%d)", index, i, n, count, n)
}

// shardOf is the shard the flags ask for, or the zero shard for the
// whole run. A part of a run without a shard (--part alone) is shard 1/1.
func (f *simFlags) shardOf(lookup func(string) (string, bool)) (shard, error) {
	var s shard
	var err error
	switch {
	case f.shard != "" && f.shardEnv:
		return s, usageErr("--shard and --shard-env both pick the shard: give one")
	case f.part == "-" && f.report == "-":
		return s, usageErr("--part - and --report - both write standard output: give one of them a file")
	case f.shard != "":
		s, err = parseShard(f.shard)
	case f.shardEnv:
		s, err = shardFromEnv(lookup)
	case f.part != "":
		s = shard{1, 1}
	default:
		return s, nil
	}
	if err != nil {
		return s, err
	}
	var why string
	switch {
	case f.trace:
		why = "a shard plays a fixed slice of the run's games; --trace needs the whole run on one machine"
	case f.until != "":
		why = "--until-decided decides how many games to play from the verdicts so far, which no shard sees: shard a fixed run (--games N); the merged report gives each undecided verdict the games it would take"
	case f.impact != "" && f.impactGames == 0:
		why = "adaptive --impact decides each card's games from the results so far, which no shard sees: shard a fixed allocation, --impact-games N (every card paired on the run's first N games; a card's ± shrinks as 1/√N: on the bundled set N = 10000 puts 202 of its 203 cards within ±3 points)"
	}
	switch {
	case why != "" && f.shard == "" && !f.shardEnv:
		// Who gave --part alone did not ask for a shard: say where it came from.
		return s, usageErr("--part without --shard or --shard-env makes the run one shard (1/1) for deckwright merge, and %s", why)
	case why != "":
		return s, usageErr("%s", why)
	}
	if s.n > f.games {
		return s, usageErr("shard %d/%d: %d shards of %d game%s would leave some empty (at most --games shards)", s.k, s.n, s.n, f.games, plural(f.games))
	}
	return s, nil
}

// String is the shard as --shard spells it.
func (s shard) String() string { return fmt.Sprintf("%d/%d", s.k, s.n) }

// carriesPart says the run's --json report carries its part: the run is
// a shard (--shard or --shard-env; --part alone makes no shard of it).
func (f *simFlags) carriesPart() bool {
	return f.asJSON && (f.shard != "" || f.shardEnv)
}

// shardPart is the shard's part, for the part file (out, created before
// the run) and the --json report: the request that defines the run, the
// content's hash and the shard's counts (with --compare, the baseline's
// too, and its content's hash: base). It is nil when neither wants it,
// and when the run was interrupted (its counts are not the shard's; the
// part file is aborted, the one it would replace kept).
func (f *simFlags) shardPart(out *outfile.File, b, base *project.Build, rep *game.SimReport, def game.RunDef, args []string, stderr io.Writer) (*game.Part, error) {
	p, err := f.newPart(out, rep.Partial, "run", b, args, stderr, func() (*game.Part, error) {
		return game.NewPart(rep, def, f.picked.k, f.picked.n)
	})
	if p != nil && p.Baseline != nil {
		p.Baseline.Content = base.Tables.Hash
	}
	return p, err
}

// newPart makes the shard's part with build, when the part file (out) or
// the --json report wants one and the run (or sweep: what) was not
// interrupted, and stamps it with what only the command knows: the
// engine, the content, when it was played and how the command named the
// content.
func (f *simFlags) newPart(out *outfile.File, interrupted bool, what string, b *project.Build, args []string, stderr io.Writer, build func() (*game.Part, error)) (*game.Part, error) {
	switch {
	case out == nil && !f.carriesPart():
		return nil, nil
	case interrupted:
		skipped(out, true, f.part, what, stderr)
		if f.carriesPart() {
			fmt.Fprintf(stderr, "deckwright: the report carries no part for deckwright merge: the %s was interrupted\n", what)
		}
		return nil, nil
	}
	flag := "--part"
	if out == nil {
		flag = "--json"
	}
	p, err := build()
	if err != nil {
		out.Abort()
		if game.IsOptionError(err) {
			return nil, usageErr("%s: %v", flag, err)
		}
		return nil, internalErr(err)
	}
	p.Engine, p.Content = engineVersion(), b.Tables.Hash
	p.Started, p.Finished = f.played[0].UTC(), f.played[1].UTC()
	p.Source = game.Source{Paths: append([]string{}, args...), Game: f.game}
	return p, nil
}

// writePart writes the shard's part p to its file (--part), through the
// atomic writer created before the run; nothing when either is nil.
func (f *simFlags) writePart(out *outfile.File, p *game.Part, stderr io.Writer) error {
	if out == nil || p == nil {
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		out.Abort()
		return internalErr(err)
	}
	// A failed write is remembered by out, and Commit says it as every
	// output does ("cannot write part-1.json: no space left on device").
	out.Write(append(data, '\n'))
	if err := out.Commit(); err != nil {
		return outputErr("--part", err)
	}
	if f.part != "-" {
		fmt.Fprintf(stderr, "wrote %s (shard %s)\n", f.part, f.picked)
	}
	return nil
}
