package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/report"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export/outfile"
)

type mergeFlags struct {
	asJSON, allowErrors           bool
	report, out, content, compare string
}

func newMergeCmd() *cobra.Command {
	var f mergeFlags
	c := &cobra.Command{
		Use:   "merge PART...",
		Short: "Add up the parts of a sharded sim run into the run's report",
		Long: `Merge adds up the parts of a run that shards played on many machines
and prints the report the whole run gives on one machine: the same text,
--json and --report HTML, byte for byte, its verdicts and flags worked out
from the merged counts. Only the throughput differs: it is the run's games
over the span from the first shard's start to the last one's finish, by the
clocks of the machines that played them.

A part is a shard's --json report, which carries it (deckwright sim
--shard K/N --json > parts/K.json, or --shard-env on a Kubernetes Indexed
Job or a Slurm array), or a part file (--part FILE); the two mix. The
report of a whole run (no --shard) carries no part and is refused, as is an
interrupted shard's.

The parts must be every shard of one run once: the same request (games, seed,
players, mode, level, policy, organization, heroes, variants, teams, max
rounds, band, FDR, --impact and --impact-games, --compare and --fail-on,
--sweep), the
same content (its hash) and the same deckwright build.
A file that is not such a part, or a shard missing or given twice, is an
error naming the file and what differs (exit 1).

Runs with a fixed --impact (--impact-games N) and with --compare merge the same
way: each shard played its share of the paired games (the run's first N games
split as the games are) or the baseline on its games, and its part carries the
sums they add up to. Parts of different kinds of run (plain, --impact with
other --impact-games, --compare with another baseline) are refused. The merge,
not a shard, judges --fail-on (a shard saw a slice) and exits 1 beyond it.
Adaptive --impact and --until-decided decide their games as they go: they are
not sharded.

A sweep (--sweep) merges the same way: each shard played its slice of the
games at every value, and its part carries each value's counts and, for a
card's number, the sums of its games paired with the current value's. The
merge compiles the content at each value again and prints the sweep's
report as sim --sweep does; parts of another sweep (another number or other
values) are refused.

The content is loaded from where the shards' command named it (their PATH, or
the bundled set); give it with --content when it is elsewhere here, and the
baseline of --compare with --compare. Each must be the content the shards
played (its hash).`,
		Example: `  deckwright sim my-expansion/ --games 100000 --seed 7 --shard 3/8 --json > parts/3.json
  deckwright merge parts/*.json
  deckwright merge parts/*.json --report balance.html --json -o report.json
  deckwright merge parts/*.json --content ~/expansions/my-expansion
  deckwright sim my-expansion/ --impact all --impact-games 20000 --games 20000 --shard 3/8 --json > parts/3.json
  deckwright sim my-expansion/ --compare base --fail-on hero=0.05 --shard 3/8 --json > parts/3.json
  deckwright sim my-expansion/ --sweep cards.golden-idol.glory=1..5 --shard 3/8 --json > parts/3.json
  deckwright sim my-expansion/ --games 100000 --seed 7 --shard 3/8 --part part-3.json   # the part alone
  deckwright merge part-*.json`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("merge needs the parts of a run: its shards' --json reports or part files (deckwright sim --shard K/N --json > parts/K.json writes them)")
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return runMerge(c, args, &f) },
	}
	fl := c.Flags()
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON, as deckwright sim --json does for the whole run (no part in it)")
	fl.StringVar(&f.report, "report", "", "write the self-contained HTML report to this file, as deckwright sim --report does")
	fl.StringVarP(&f.out, "output", "o", "", "write the report (text, or JSON with --json) to this file instead of standard output")
	fl.StringVar(&f.content, "content", "", "the content the shards played, when it is not where their command named it: a project folder or workbooks")
	fl.StringVar(&f.compare, "compare", "", "the baseline the shards of a --compare run played, when it is not where their command named it: a project folder or workbooks")
	fl.BoolVar(&f.allowErrors, "allow-errors", false, "exit 0 even when games failed with an error (they are still listed); without it such a run exits 1")
	return c
}

// runMerge reads the parts, loads their content, merges and writes the
// report as the sim command would have.
func runMerge(c *cobra.Command, args []string, f *mergeFlags) error {
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	names, err := partFiles(args)
	if err != nil {
		return err
	}
	parts, err := readParts(names)
	if err != nil {
		return err
	}
	if err := game.CheckParts(parts); err != nil {
		return &exitError{code: exitContent, msg: err.Error()}
	}
	p0 := parts[0]
	if own := engineVersion(); p0.Engine != own {
		// The parts agree among themselves; this build may still count
		// their sums into a report otherwise than theirs would.
		fmt.Fprintf(stderr, "deckwright merge: note: the parts were played by deckwright %s, and this is deckwright %s: the report is this build's reading of their counts, byte for byte the shards' own only if the two builds report alike\n",
			game.Clip(p0.Engine), own)
	}
	b, simr, err := mergeContent(p0, f.content, stderr)
	if err != nil {
		return err
	}
	base, err := mergeBaseline(p0, b, f.compare, stderr)
	if err != nil {
		return err
	}
	if f.report == "-" && f.out == "-" {
		return usageErr("--report - and -o - both write standard output: give one of them a file")
	}
	var html, out *outfile.File
	if f.report != "" {
		if html, err = createOutput("--report", f.report, stdout); err != nil {
			return err
		}
		defer html.Abort()
	}
	if f.out != "" {
		if out, err = createOutput("-o", f.out, stdout); err != nil {
			return err
		}
		defer out.Abort()
	}
	if p0.Run.Sweep != "" {
		return mergeSweep(c, f, parts, b, simr, html, out)
	}
	var baseTables *table.Tables
	if base != nil {
		baseTables = base.Tables
	}
	rep, err := game.MergeParts(simr, b.Tables, baseTables, parts)
	if err != nil {
		return &exitError{code: exitContent, msg: err.Error()}
	}
	sf := runFlags(p0, f, len(parts))
	sf.setReplays(rep, p0.Source.Paths)
	if err := sf.writeHTML(html, b, rep, stderr); err != nil {
		return err
	}
	err = f.printReport(out, stdout, stderr, func(w io.Writer) error { return sf.printTo(w, b, rep, nil) })
	if err != nil {
		return err
	}
	return sf.status(rep)
}

// mergeSweep merges the parts of a sweep: the number it names is found
// in the content again and the content compiled at each value, as the
// shards did, then each value's counts added up and the report written as
// sim --sweep writes it (html and out were created before: --report, -o).
func mergeSweep(c *cobra.Command, f *mergeFlags, parts []*game.Part, b *project.Build, simr game.Simulator, html, out *outfile.File) error {
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	p0 := parts[0]
	spec := p0.Run.Sweep
	sw, err := game.ParseSweep(spec)
	if err != nil {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%s: run.sweep: %v", p0.Name, err)}
	}
	target, err := sw.Resolve(b.Module.Schema(), b.Tables)
	if err != nil {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%s: --sweep %s: %v", p0.Name, spec, err)}
	}
	variants, err := sweepVariants(b, target, sw.Values, spec, stderr)
	if err != nil {
		return err
	}
	sr, err := game.MergeSweep(simr, target, b.Tables, variants, parts)
	if err != nil {
		return &exitError{code: exitContent, msg: err.Error()}
	}
	title := b.Module.Title()
	if err := writeSweepHTML(html, f.report, title, sr, stderr); err != nil {
		return err
	}
	err = f.printReport(out, stdout, stderr, func(w io.Writer) error {
		return printSweep(w, f.asJSON, title, sr, nil, report.TextOptions{Shards: len(parts)})
	})
	if err != nil {
		return err
	}
	return sweepStatus(sr, f.allowErrors)
}

// printReport prints the merged report with print: to the -o file (out,
// replaced once the report is complete), or standard output — standard
// error with --report -, as sim does, the HTML being on standard output.
func (f *mergeFlags) printReport(out *outfile.File, stdout, stderr io.Writer, print func(io.Writer) error) error {
	w := stdout
	switch {
	case out != nil:
		w = out
	case f.report == "-":
		w = stderr
	}
	if err := print(w); err != nil {
		if out != nil && out.Err() != nil {
			return outputErr("-o", out.Err()) // a full disk: the old file is kept
		}
		return err
	}
	if out == nil {
		return nil
	}
	if err := out.Commit(); err != nil {
		return outputErr("-o", err)
	}
	if f.out != "-" {
		fmt.Fprintf(stderr, "wrote %s\n", f.out)
	}
	return nil
}

// partFiles are the part files the arguments name. A pattern the shell
// left as it was (quoted, or matching nothing) is expanded here when no
// file has its literal name; standard input, a folder and a file given
// twice are refused, each by name.
func partFiles(args []string) ([]string, error) {
	var names []string
	for _, arg := range args {
		if arg == "-" {
			return nil, usageErr("merge reads files, not standard input: give the shards' reports or parts (deckwright merge parts/*.json)")
		}
		if _, err := os.Lstat(arg); errors.Is(err, fs.ErrNotExist) && strings.ContainsAny(arg, "*?[") {
			matches, err := filepath.Glob(arg)
			switch {
			case err != nil:
				return nil, usageErr("%s: %v", arg, err)
			case len(matches) == 0:
				return nil, usageErr("no file matches %s", arg)
			}
			names = append(names, matches...)
			continue
		}
		if st, err := os.Stat(arg); err == nil && st.IsDir() {
			return nil, usageErr("%s is a folder: give its files (%s)", arg, filepath.Join(arg, "*.json"))
		}
		names = append(names, arg)
	}
	seen := map[string]string{}
	for _, name := range names {
		key := filepath.Clean(name)
		if abs, err := filepath.Abs(key); err == nil {
			key = abs
		}
		if _, twice := seen[key]; twice {
			return nil, usageErr("%s is given twice", name)
		}
		seen[key] = name
	}
	return names, nil
}

// readParts reads the part files: one that cannot be opened is a usage
// error (exit 2), one that is not a part a content error (exit 1).
func readParts(names []string) ([]*game.Part, error) {
	var parts []*game.Part
	for _, name := range names {
		st, err := os.Stat(name)
		switch {
		case err != nil:
			return nil, usageErr("cannot read %s: %v", name, unwrapPathErr(err))
		case !st.Mode().IsRegular(): // a device or a pipe would never end, or block
			return nil, usageErr("cannot read %s: it is not a regular file (a device, a pipe, …)", name)
		}
		fh, err := os.Open(name)
		if err != nil {
			return nil, usageErr("cannot read %s: %v", name, unwrapPathErr(err))
		}
		p, err := game.ReadPart(fh, name)
		fh.Close()
		outfile.Protect("a part this merge reads", name)
		if err != nil {
			return nil, &exitError{code: exitContent, msg: err.Error()}
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// mergeContent loads the content the parts were played on: from path, or
// where the shards' command named it. Other content is refused.
func mergeContent(p *game.Part, path string, stderr io.Writer) (*project.Build, game.Simulator, error) {
	paths, where := p.Source.Paths, "the bundled set"
	if len(paths) > 0 {
		where = strings.Join(paths, " ")
	}
	if path != "" {
		paths, where = []string{path}, path
	}
	for _, pth := range paths {
		if _, err := os.Stat(pth); err != nil && path == "" {
			return nil, nil, usageErr("%s was played on %s, which is not here: give the content with --content PATH", p.Name, pth)
		}
	}
	b, simr, err := simBuild(paths, p.Source.Game, stderr)
	if err != nil {
		return nil, nil, err
	}
	if b.Tables.Hash != p.Content {
		return nil, nil, &exitError{code: exitContent, msg: fmt.Sprintf("%s was played on content %s, but %s is %s: merge against the content the shards played (--content PATH)",
			p.Name, short(p.Content), where, short(b.Tables.Hash))}
	}
	return b, simr, nil
}

// mergeBaseline loads the baseline of a --compare run's parts: from path,
// or where the shards' command named it (base: the bundled set of the
// game). Other content than the shards played is refused; a run without
// --compare has none (nil).
func mergeBaseline(p *game.Part, b *project.Build, path string, stderr io.Writer) (*project.Build, error) {
	spec := p.Run.Compare
	switch {
	case spec == "" && path != "":
		return nil, usageErr("--compare: %s is a part of a run without --compare", p.Name)
	case spec == "":
		return nil, nil
	case path != "":
		spec = path
	case spec != "base":
		if _, err := os.Stat(spec); err != nil {
			return nil, usageErr("%s was compared with %s, which is not here: give the baseline with --compare PATH", p.Name, spec)
		}
	}
	base, err := baselineBuild(spec, b, stderr)
	if err != nil {
		return nil, err
	}
	if want := p.Baseline.Content; base.Tables.Hash != want {
		return nil, &exitError{code: exitContent, msg: fmt.Sprintf("%s was compared with baseline content %s, but %s is %s: merge against the baseline the shards played (--compare PATH)",
			p.Name, short(want), spec, short(base.Tables.Hash))}
	}
	return base, nil
}

// short is a content hash cut to tell hashes apart.
func short(hash string) string { return hash[:min(len(hash), 19)] }

// runFlags are the sim flags of the run the parts are shards of, for what
// the report shows of them: the replay commands, the throughput line (the
// shards') and the output options of the merge.
func runFlags(p *game.Part, f *mergeFlags, shards int) *simFlags {
	d := p.Run
	players := strconv.Itoa(d.Players)
	if d.PlayersMax > d.Players {
		players += "-" + strconv.Itoa(d.PlayersMax)
	}
	heroes := "random"
	if len(d.Heroes) > 0 {
		heroes = strings.Join(d.Heroes, ",")
	}
	sf := &simFlags{games: d.Games, from: d.From, seed: d.Seed, players: players, mode: d.Mode, policy: d.Policy,
		heroes: heroes, teams: 2, variants: d.Variants, maxRounds: d.MaxRounds, game: p.Source.Game,
		asJSON: f.asJSON, report: f.report, allowErrors: f.allowErrors, shards: shards, options: map[string]*string{},
		impact: d.Impact, impactGames: d.ImpactGames, compare: d.Compare}
	// The game's options as the flags that gave them: --level, --org and
	// --teams their own, any other by its name (gameOptions in reverse).
	for name, v := range d.Options {
		switch name {
		case "level":
			sf.level = v
		case "org":
			sf.org = v
		case "teams":
			sf.teams, _ = strconv.Atoi(v)
		default:
			sf.options[name] = &v
		}
	}
	return sf
}
