package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/report"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/export/outfile"
)

type simFlags struct {
	games, workers, maxRounds, from, teams, impactGames int
	seed                                                uint64
	players, mode, level, policy, org, heroes           string
	variants                                            []string
	trace, asJSON, allowErrors, shardEnv, impactDecide  bool
	shard, part                                         string
	game, report, impact, compare, failOn, until        string
	band, fdr, impactPrecision                          float64
	impactBudget                                        string
	// --sweep: the cell and values, parsed by request.
	sweep string
	sw    game.Sweep
	// The games' own options beyond --level, --org and --teams
	// (optionFlags), by name.
	options map[string]*string

	// What --shard (or --part) picked, and the whole run's games: the
	// shard's request plays its slice of them.
	picked   shard
	runGames int
	// When the games began and ended (the machine's clock), for a part.
	played [2]time.Time
	// shards, in the report of a merge, is the number of parts merged.
	shards int
}

func newSimCmd() *cobra.Command {
	var f simFlags
	c := &cobra.Command{
		Use:   "sim [PATH]",
		Short: "Smoke-play thousands of games with bots and summarise them",
		Long: `Sim plays the content with bots: whole games by the rulebook, in parallel,
reproducibly, and gives every hero (or Faction) and every card a verdict:
overpowered, underpowered, fine, or undecided (with the games it would take).

  heroes  win rate at each player count against a typical hero at the same
          tables (a model of who wins from who sat with whom): beside a far
          stronger hero every other wins less than the fair share without
          being weaker, so heroes far out of line are left out of the
          others' reference and games; in cooperative and solo games, the
          same games with a typical hero in its place. The plain difference
          from the fair share (1/players; from the games without the hero)
          is shown beside
  cards   a card dealt by chance against its deck's other cards: among the
          players who drew from the deck, which card they got is luck, so the
          difference is the card's own (--impact adds paired games with and
          without each card, on the same seeds)

--impact plays each card's games again on the same seeds with a random other
card of its deck in its place, only the games it was drawn in, in rounds: a
card stops once its win effect is known to ±--impact-precision points (95%),
a rarely drawn one makes the run play on past --games for more games to pair;
with --impact-decide the cards whose verdict is still undecided then play on
until decided; all within --impact-budget games. Cards not precise within
the budget are named; with --impact-decide so are the close calls, the
paired games each got past the precision, and those still undecided when
the budget ran out. --impact-games N instead pairs every card on the run's
first N games (fixed allocation, as before). An effect on fewer than 100
pairs is shown but not judged: too few for its interval to be trusted.

Interrupts: Ctrl-C or SIGTERM stops the run between games; the report of
what finished is printed marked PARTIAL, and the exit status is 130. An
adaptive --impact keeps the rounds it finished, whole (every card's paired
games as they stood at the end of the last one, on the same seeds; the
round under way is dropped): its effects are valid, only less precise, and
the report says which round was cut short and which cards were not yet
precise. With --impact-games it keeps the cards whose paired games had all
finished, each as an uninterrupted run measures it, and names the others.
A --report of a run that kept such measurements is written, marked
PARTIAL; one cut short in its own games keeps the last report instead.

A verdict is over- or underpowered only when it is significant after
controlling the false discovery rate over everything the run tested
(--fdr, Benjamini–Hochberg) and beyond a practical band (--band: 5 points at
4 players, in proportion to the fair share at other counts). Flags also name
dead cards (never usable), impossible ones (never passed), outliers and
mismatches with the dice, each at the cell of the row's ID.

It also reports seats, bot policies, game length, KOs, artifacts, and every
game that stalled or failed with the command that replays it. With no PATH it
plays the bundled base set. The same content, seed and options give the same
results whatever --workers is.

Sweeps: --sweep SHEET.ID.NAME=VALUES plays the content once for each value
of one whole number of a row — a card's Count, a hero's Combat, the 5 of
gainGlory(5) in a card's Effect, the +5 of a Gear's Bonus Combat +5 — every
value on the same seeds, and reports the curve: the win rate of whoever drew
or used the card (or of the hero),
its difference from its deck's other cards (or from a typical hero) against
the fair band and where it crosses it, the paired difference from the
current value, the card's draws, uses and score per draw (and, for a loss
such as loseFortune(1), what it takes away a draw), and game length.
SHEET is a sheet's name (case and spacing ignored) or cards for whichever
card sheet holds the ID. NAME is a whole-number column's header; or, for a
number written in an effect or condition cell, the verb it is an argument
of (gainGlory), a word ending that verb's name (glory), or the cell's column
(condition: any number there, one in roll() >= 5 too); for a number in a
cell of the game's own grammar (a Bonus, a test, a check), the word written
beside it (combat for Combat +5) or the cell's column; NAME#N picks the Nth
of the numbers NAME finds, as written (gainGlory#2). A name that finds
several numbers lists each with the address that picks it. VALUES: a range
1..5, a range with a step 0..10/2, or a list 1,2,4, at most 50 values
(the current value is played besides them); a number written in an effect
keeps its sign. Each value is checked as if typed into the cell
before any game is played. A sweep shards: with --shard K/N each shard
plays its slice of the games at every value, and deckwright merge adds
the parts up into the sweep's report.

Shards: --shard K/N plays shard K of N of the run — its slice of the games,
with --impact-games its share of every card's paired games, with --compare
the baseline on its games, with --sweep its slice at every value. With --json its report carries, in "part", the
counts and sums that deckwright merge adds up into the whole run's report,
byte for byte:

  for k in 1 2 3 4; do deckwright sim --games 4000 --seed 7 --shard $k/4 --json > parts/$k.json; done
  deckwright merge parts/*.json

--part FILE also writes them to a file of their own, beside a text
report. Adaptive --impact and --until-decided decide their games from the
results so far and are not sharded: shard a fixed allocation,
--impact-games N, or a fixed run. On a batch engine --shard-env takes K and
N from its environment (a Kubernetes Indexed Job, 0-based; a Slurm array):
the README's Shards section has recipes.

Policies: cautious (presses on only with good odds), bold (pushes its luck),
random (any legal choice), mix (seats rotate through the three).

` + variantHelp(),
		Example: `  deckwright sim
  deckwright sim my-expansion/ --games 20000 --players 4 --mode coop --org nazis
  deckwright sim my-expansion/ --mode coop --players 1-4 --report balance.html
  deckwright sim my-expansion/ --until-decided 200000       # play on until every verdict is decided
  deckwright sim my-expansion/ --compare base --fail-on hero=0.05,card=0.05
  deckwright sim my-expansion/ --impact my-expansion        # each card's win effect to ±3 points
  deckwright sim my-expansion/ --impact golden-idol,thunder-gun   # just these two cards
  deckwright sim --impact all --impact-precision 2 --impact-budget 5M
  deckwright sim my-expansion/ --sweep events.lucky-coin.count=0..3   # one cell's values, same seeds
  deckwright sim my-expansion/ --sweep cards.golden-idol.glory=1..5   # the 5 of gainGlory(5) in its Effect
  deckwright sim --sweep 'heroes.jake-zane.combat=1..9/2' --report sweep.html
  deckwright sim --players 2 --heroes jake-zane,li-mei-chen --policy bold --json
  deckwright sim --games 100000 --shard 3/8 --json > parts/3.json  # games 25000–37499 of the run, for deckwright merge
  deckwright sim --impact all --games 20000 --impact-games 20000 --shard 3/8 --json > parts/3.json
  deckwright sim --sweep cards.golden-idol.glory=1..5 --games 100000 --shard 3/8 --json > parts/3.json
  deckwright sim --games 100000 --shard 3/8 --part part-3.json  # the text report, and the part in its own file
  deckwright sim --seed 7 --from 123 --games 1 --trace     # replay game 123 of seed 7
  deckwright sim --seed 7 --trace --json > game.jsonl      # its events, one JSON object a line`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return runSim(c, args, &f) },
	}
	fl := c.Flags()
	fl.IntVar(&f.games, "games", 1000, "games to play")
	fl.StringVar(&f.players, "players", "4", playersHelp())
	fl.StringVar(&f.heroes, "heroes", "random", "random, or hero IDs by seat, comma-separated")
	fl.StringVar(&f.mode, "mode", "competitive", specHelp("the game's mode (the first is the default)", specModes))
	fl.StringVar(&f.level, "level", "", optionHelp("level"))
	fl.StringVar(&f.policy, "policy", "cautious", "bot policy: cautious, bold, random or mix")
	fl.StringVar(&f.org, "org", "", optionHelp("org"))
	fl.IntVar(&f.teams, "teams", 2, optionHelp("teams"))
	fl.StringSliceVar(&f.variants, "variant", nil, "named rule variants and optional rules (repeatable; the table above lists each game's)")
	fl.Uint64Var(&f.seed, "seed", 1, "the run's seed: game i's seed derives from it and i")
	fl.IntVar(&f.from, "from", 0, "index of the first game (with --games 1 and --trace, replays one game of a run)")
	fl.IntVar(&f.workers, "workers", 0, "parallel workers (default: one per CPU); results do not depend on it")
	fl.IntVar(&f.maxRounds, "max-rounds", 100, "round cap: a game that reaches it is reported as a stall")
	fl.BoolVar(&f.trace, "trace", false, "play one game (the first) and print every roll, choice and card (with --json: one event a line)")
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON (with per-card metrics, coverage and flags); a shard's (--shard, --shard-env) carries its part for deckwright merge")
	fl.StringVar(&f.report, "report", "", "write a self-contained HTML report (charts, card table, coverage) to this file")
	fl.StringVar(&f.impact, "impact", "", "measure cards by paired games: all, a layer (its set ID: the cards it adds or replaces) or card IDs, separated by commas (my-expansion, or golden-idol,thunder-gun); each on the same seeds, with it and with a random other card of its deck in its place: the effect on the win rate of whoever gets it (cooperative: the heroes') and on game length")
	fl.Float64Var(&f.impactPrecision, "impact-precision", 100*game.DefaultImpactPlan.Precision, "--impact plays each card's paired games in rounds until its win effect is known to ± this many points (the 95% interval's half-width), within --impact-budget")
	fl.StringVar(&f.impactBudget, "impact-budget", budgetText(game.DefaultImpactPlan.Budget), "games --impact may play beyond the run's (paired games, and more of the run's games for rarely drawn cards): a number, or with k or M (500k, 2M); the cards not precise within it are listed")
	fl.BoolVar(&f.impactDecide, "impact-decide", false, "once every card is precise, spend what is left of --impact-budget on the cards whose verdict is still undecided (their interval straddles the band's edge) until decided; a close call on a rarely drawn card can take the whole budget")
	fl.IntVar(&f.impactGames, "impact-games", 0, "fixed allocation instead: every card paired on the run's first N games (at most --games), as before adaptive --impact")
	fl.StringVar(&f.compare, "compare", "", "compare with a baseline build on the same seeds: a path, or base for the bundled set")
	fl.BoolVar(&f.allowErrors, "allow-errors", false, "exit 0 even when games failed with an error (they are still listed); without it such a run exits 1")
	fl.StringVar(&f.failOn, "fail-on", "", "with --compare, exit 1 when a significant difference exceeds a bound: hero=0.05 and card=0.05 for the heroes and cards the build adds or changes (against their reference), win, rounds, card-win and pass for how far the baseline's metrics move")
	fl.StringVar(&f.until, "until-decided", "", "play on past --games, doubling, until every verdict is decided or the budget is spent: games (200000, 200k), time (10m), or both (200k,10m)")
	fl.Float64Var(&f.band, "band", game.DefaultBalance.Band, "practical band of a verdict at 4 players, as a win-rate difference (0.05 = 5 points); in proportion to the fair share at other counts")
	fl.Float64Var(&f.fdr, "fdr", game.DefaultBalance.FDR, "false discovery rate controlled over everything a run tests (0.05: of the differences called significant, 5% may be chance)")
	fl.StringVar(&f.shard, "shard", "", "play shard K of N of the run (K/N, 1-based): its consecutive slice of the games, the same games a whole run plays there, so N machines share a run")
	fl.StringVar(&f.sweep, "sweep", "", sweepHelp)
	fl.StringVar(&f.part, "part", "", "write the shard's part to a file of its own (a shard's --json report carries it too): the run's definition and the shard's counts (with --impact-games its cards' paired sums, with --compare its baseline's counts, with --sweep each value's counts), which deckwright merge adds up into the whole run's report (without --shard the run is one part, 1/1)")
	fl.BoolVar(&f.shardEnv, "shard-env", false, "take --shard from a batch engine: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based: index 0 is shard 1) with JOB_COMPLETIONS, which the Job must set in its container's env to its completions; or a Slurm array's SLURM_ARRAY_TASK_ID, _MIN, _STEP and _COUNT (--array=1-8, or stepped 1-15:2)")
	c.Flags().StringVar(&f.game, "game", "", "the game when no path is given ("+game.IDs()+"), and/or the level: basic or advanced (as --level)")
	onceFlags(fl)
	f.optionFlags(c)
	_ = c.RegisterFlagCompletionFunc("mode", specCompletion(specModes))
	_ = c.RegisterFlagCompletionFunc("policy", policyCompletion)
	_ = c.RegisterFlagCompletionFunc("level", specCompletion(specOption("level")))
	_ = c.RegisterFlagCompletionFunc("org", specCompletion(specOption("org")))
	_ = c.RegisterFlagCompletionFunc("variant", specCompletion(specVariants))
	return c
}

// runSim is the sim command: the flags make a request, the project is
// loaded, the run (and its --compare baseline) played, and the reports
// written. Each step is one function below.
func runSim(c *cobra.Command, args []string, f *simFlags) error {
	req, limits, err := f.request(c)
	if err != nil {
		return err
	}
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	b, simr, err := simBuild(args, f.game, stderr)
	if err != nil {
		return err
	}
	simDefaults(c, f, simr, &req)
	if f.sweep != "" {
		return runSweep(c, args, f, b, simr, req)
	}
	var html *outfile.File
	if f.report != "" {
		// Before the run: a report that cannot be written should not cost
		// the games.
		if html, err = createOutput("--report", f.report, stdout); err != nil {
			return err
		}
		defer html.Abort()
	}
	var part *outfile.File
	if f.part != "" {
		if part, err = createOutput("--part", f.part, stdout); err != nil {
			return err
		}
		defer part.Abort()
	}
	def := game.RunOf(req, f.runGames, f.from)
	def.Compare, def.FailOn = f.compare, limits
	var base *project.Build
	if f.compare != "" {
		// Before the main run, so a baseline that cannot be built stops
		// the command at once.
		if base, err = baselineBuild(f.compare, b, stderr); err != nil {
			return err
		}
	}
	prog := f.follow(&req, stdout, stderr)
	if err := testInterrupt(&req, c.Context().Done()); err != nil {
		return err
	}
	// From here an interrupt (SIGINT, SIGTERM) stops the run between games
	// and the report of the games finished is printed, marked partial.
	graceful.Store(true)
	defer graceful.Store(false)
	started := time.Now()
	rep, err := simulate(c.Context(), simr, b, base, req, f.compare, limits, prog)
	f.played = [2]time.Time{started, time.Now()}
	if err != nil {
		return err
	}
	if c.Context().Err() != nil {
		rep.MarkPartial(f.games)
		rep.PartialNote = partialNote(rep, f)
	}
	f.setReplays(rep, args)
	if err := f.writeHTML(html, b, rep, stderr); err != nil {
		return err
	}
	p, err := f.shardPart(part, b, base, rep, def, args, stderr)
	if err != nil {
		return err
	}
	if err := f.writePart(part, p, stderr); err != nil {
		return err
	}
	if err := f.print(stdout, stderr, b, rep, p); err != nil {
		return err
	}
	return f.status(rep)
}

// request checks the flags and makes the request they describe, and the
// bounds of --fail-on.
func (f *simFlags) request(c *cobra.Command) (game.SimRequest, game.Thresholds, error) {
	var req game.SimRequest
	if err := f.check(c); err != nil {
		return req, nil, err
	}
	// --game names the game (fallen-land) or, as in the spelling,
	// the level of the game (basic, advanced); both may be given:
	// --game fortune-and-glory,basic.
	var games []string
	for _, part := range strings.Split(f.game, ",") {
		switch part = strings.TrimSpace(part); {
		case isLevel(part):
			f.level = part
		case part != "":
			games = append(games, part)
		}
	}
	f.game = strings.Join(games, ",")
	lo, hi, err := parseRange(f.players)
	if err != nil {
		return req, nil, err
	}
	limits, err := game.ParseThresholds(f.failOn)
	if err != nil {
		return req, nil, usageErr("%v", err)
	}
	if f.failOn != "" && f.compare == "" {
		return req, nil, usageErr("--fail-on needs --compare")
	}
	until, err := f.checkBalance()
	if err != nil {
		return req, nil, err
	}
	if err := f.checkSweep(c); err != nil {
		return req, nil, err
	}
	plan, err := f.impactPlan()
	if err != nil {
		return req, nil, err
	}
	if c.Flags().Changed("impact") && strings.TrimSpace(f.impact) == "" {
		return req, nil, usageErr("--impact is empty: name all, a layer (its set ID) or card IDs, separated by commas")
	}
	if c.Flags().Changed("impact-games") && f.impactGames == 0 {
		f.impactGames = f.games // 0 is --games, as before adaptive --impact
	}
	req = game.SimRequest{Games: f.games, Players: lo, PlayersMax: hi, Workers: f.workers, MaxRounds: f.maxRounds, From: f.from,
		Seed: f.seed, Mode: f.mode, Policy: f.policy, Options: f.gameOptions(c), Variants: f.variants,
		Stats: true, ImpactLayer: f.impact, ImpactGames: f.impactGames, ImpactPlan: plan, KeepGames: f.compare != "",
		Balance: game.Balance{Band: f.band, FDR: f.fdr}, Until: until}
	s, err := f.shardOf(os.LookupEnv)
	if err != nil {
		return req, nil, err
	}
	f.picked, f.runGames = s, f.games
	if s.n > 0 && f.part == "" && !f.asJSON {
		fmt.Fprintf(c.ErrOrStderr(), "deckwright sim: shard %s without --json or --part: its counts are not saved for deckwright merge (add --json > parts/%d.json, or --part FILE)\n", s, s.k)
	}
	if s.n > 0 {
		req.Shard = &game.Shard{K: s.k, N: s.n, From: req.From, Games: f.games}
		from, count := sim.Shard(f.games, s.k, s.n)
		req.From += from
		req.Games, f.games = count, count // a partial shard's note counts its own games
	}
	if f.heroes != "" && f.heroes != "random" {
		for _, h := range strings.Split(f.heroes, ",") {
			req.Heroes = append(req.Heroes, strings.TrimSpace(h))
		}
	}
	return req, limits, nil
}

// gameOptions are the game's own options the flags set: --level, --org,
// --teams when given (the module's default is 2), and any other a game
// declares (optionFlags). The harness refuses an option the selected game
// does not have.
func (f *simFlags) gameOptions(c *cobra.Command) map[string]string {
	opts := map[string]string{}
	if f.level != "" {
		opts["level"] = f.level
	}
	if f.org != "" {
		opts["org"] = f.org
	}
	if c.Flags().Changed("teams") {
		opts["teams"] = strconv.Itoa(f.teams)
	}
	for name, v := range f.options {
		if *v != "" {
			opts[name] = *v
		}
	}
	return opts
}

// checkBalance checks how verdicts are reached: --band, --fdr and the
// budget of --until-decided (nil without it).
func (f *simFlags) checkBalance() (*game.Until, error) {
	if !(f.band > 0 && f.band < 0.5) {
		return nil, usageErr("--band must be a win-rate difference above 0 and below 0.5 (0.05 is 5 points), not %g", f.band)
	}
	if !(f.fdr > 0 && f.fdr <= 0.5) {
		return nil, usageErr("--fdr must be above 0 and at most 0.5 (0.05 is 5%%), not %g", f.fdr)
	}
	if f.until == "" {
		return nil, nil
	}
	u, err := game.ParseUntil(f.until)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	if u.Games > 0 && u.Games < f.games {
		return nil, usageErr("--until-decided %s: the budget is below --games %d", f.until, f.games)
	}
	return &u, nil
}

// simBuild loads the project to play and its game's simulator. Content
// errors are printed to w and end the command.
func simBuild(args []string, gameName string, w io.Writer) (*project.Build, game.Simulator, error) {
	b, err := load(args, project.Options{Game: gameName})
	if err != nil {
		return nil, nil, err
	}
	// An error found reading a workbook (a formula without a saved
	// result, merged cells) loses its cell but leaves tables to play:
	// they are not the content the designer wrote, so sim refuses them
	// as validate, build and export do.
	if b.Tables == nil || b.Diags.Errors() > 0 {
		df := diagFlags{format: "text", maxPerSheet: 20}
		if err := df.print(w, b.Diags); err != nil {
			return nil, nil, err
		}
		fmt.Fprintln(w, "deckwright: fix the errors above, then run sim again (deckwright validate shows them too)")
		return nil, nil, &diag.ContentError{List: b.Diags}
	}
	simr, ok := b.Module.(game.Simulator)
	if !ok {
		return nil, nil, usageErr("%s has no simulator", b.Module.Title())
	}
	return b, simr, nil
}

// follow wires where the run reports as it goes: with --trace one game's
// log on standard output (readable lines, or with --json one game.Event a
// line, and then no report); else progress on standard error. The
// progress is nil for a trace.
func (f *simFlags) follow(req *game.SimRequest, stdout, stderr io.Writer) *simProgress {
	if f.trace {
		req.Games, req.Until = 1, nil
		// Text traces quote content: control characters are escaped (JSON
		// lines escape them themselves).
		req.Trace = diag.EscapeWriter(stdout)
		req.TraceJSON = f.asJSON
		return nil
	}
	prog := newSimProgress(stderr, isTerminal(stderr))
	prog.begin("", req.Games)
	req.Progress = prog.games
	req.ImpactProgress = prog.card
	req.ImpactRound = prog.round
	req.ImpactPlayed = prog.impactPlayed
	req.Look = func(look, games, undecided int) {
		if undecided < 0 {
			prog.begin(fmt.Sprintf("look %d", look), games)
			return
		}
		prog.note("look %d: %d games more, %d verdict%s undecided", look, games, undecided, plural(undecided))
	}
	return prog
}

// simulate plays the run and, with a baseline (--compare), the baseline
// on the same seeds, as many games as the run played; the comparison is
// made unless the run was stopped. Cancelling ctx stops the run between
// games.
func simulate(ctx context.Context, simr game.Simulator, b, base *project.Build, req game.SimRequest, compare string, limits game.Thresholds, prog *simProgress) (*game.SimReport, error) {
	req.Stop = ctx.Done()
	rep, err := game.Simulate(simr, b.Tables, req)
	if err != nil {
		return nil, simErr("", err)
	}
	if base != nil && ctx.Err() == nil {
		breq := req
		breq.ImpactLayer, breq.Until, breq.Look, breq.ImpactProgress, breq.ImpactRound, breq.ImpactPlayed = "", nil, nil, nil, nil, nil
		breq.Games = rep.Games // as many as the run played (--until-decided may have played more)
		if prog != nil {
			prog.begin("baseline", breq.Games)
		}
		brep, err := game.Simulate(simr, base.Tables, breq)
		if err != nil {
			return nil, simErr("baseline: ", err)
		}
		if ctx.Err() == nil {
			rep.Comparison = game.Compare(compare, brep, rep, game.Changes(base.Tables, b.Tables), limits)
		}
	}
	if prog != nil {
		prog.done()
	}
	return rep, nil
}

// writeHTML writes the HTML report (--report) through the atomic writer,
// created before the run: it replaces the last report only once complete,
// and never with a partial one.
// An interrupted run whose report keeps --impact measurements (the rounds
// or cards finished: hours of games, perhaps) is written, marked partial
// at its top: what is in it would otherwise be lost.
func (f *simFlags) writeHTML(html *outfile.File, b *project.Build, rep *game.SimReport, stderr io.Writer) error {
	if skipped(html, rep.Partial && rep.ImpactRun == nil, f.report, "run", stderr) {
		return nil
	}
	name := f.report
	if rep.Partial && name != "-" {
		name += " (partial: the run was interrupted)"
	}
	return commitHTML(html, name, stderr, func(w io.Writer) error {
		return report.HTML(w, b.Module.Title()+" — balance report", rep)
	})
}

// skipped reports whether an output file (created before the run) is not
// to be written: there is none, or the run was interrupted — then the file
// is aborted, the one it would replace kept, and stderr says so.
func skipped(out *outfile.File, interrupted bool, name, what string, stderr io.Writer) bool {
	switch {
	case out == nil:
		return true
	case interrupted:
		out.Abort()
		fmt.Fprintf(stderr, "deckwright: %s was not written: the %s was interrupted\n", name, what)
		return true
	}
	return false
}

// commitHTML writes an HTML report (--report) with write and replaces
// the file with it, saying so on stderr.
func commitHTML(html *outfile.File, name string, stderr io.Writer, write func(io.Writer) error) error {
	if err := write(html); err != nil {
		html.Abort()
		return usageErr("cannot write %s: %v", html.Path(), unwrapPathErr(err))
	}
	if err := html.Commit(); err != nil {
		return outputErr("--report", err)
	}
	if name != "-" {
		fmt.Fprintf(stderr, "wrote %s\n", name)
	}
	return nil
}

// print prints the report on standard output: text, or JSON with --json.
// The text report escapes control characters from content (a hero's
// name) before they reach a terminal; with --report - it goes to
// standard error, beside the HTML on standard output.
// A shard's JSON carries its part p for deckwright merge (a run that
// --part alone makes one part of is no shard: its report is the run's).
func (f *simFlags) print(stdout, stderr io.Writer, b *project.Build, rep *game.SimReport, p *game.Part) error {
	out := stdout
	if f.report == "-" || f.part == "-" {
		out = stderr
	}
	if !f.carriesPart() {
		p = nil
	}
	return f.printTo(out, b, rep, p)
}

// printTo prints the report to out: text, or JSON with --json, with the
// shard's part p beside it when p is not nil.
func (f *simFlags) printTo(out io.Writer, b *project.Build, rep *game.SimReport, p *game.Part) error {
	switch {
	case f.trace && f.asJSON:
		// Standard output holds the game's events only.
		return nil
	case f.asJSON:
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if p != nil {
			return enc.Encode(game.ShardReport{SimReport: rep, Part: p})
		}
		return enc.Encode(rep)
	}
	text := diag.EscapeWriter(out)
	if rep.Partial {
		fmt.Fprintf(text, "PARTIAL: %s\n\n", rep.PartialNote)
	}
	return report.Text(text, b.Module.Title(), rep, textOptions(b, f))
}

// status is the run's exit status: 130 when interrupted, 1 when games
// failed (unless --allow-errors) or balance moved beyond --fail-on (not
// in a shard's slice: in the merged run).
func (f *simFlags) status(rep *game.SimReport) error {
	if rep.Partial {
		return &exitError{code: exitInterrupted, msg: "interrupted: " + rep.PartialNote}
	}
	if n := len(rep.Errors); n > 0 && !f.allowErrors {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%d of %d game%s failed with an error (listed in the report): fix what they name, or pass --allow-errors to accept them", n, rep.Games, plural(rep.Games))}
	}
	// A shard's comparison is of its slice: the merge of the parts
	// judges the run against --fail-on.
	if rep.Comparison != nil && len(rep.Comparison.Failed) > 0 && f.picked.n == 0 {
		return &exitError{code: exitContent, msg: "balance moved beyond --fail-on: " + strings.Join(rep.Comparison.Failed, "; ")}
	}
	return nil
}

// simErr is a run's error: a usage error when the request asks what the
// game cannot do, else a failure of the run.
func simErr(prefix string, err error) error {
	if game.IsOptionError(err) {
		return usageErr("%s%v", prefix, err)
	}
	return &exitError{code: exitContent, msg: prefix + err.Error()}
}

// partialNote says what the report of an interrupted run covers: the
// games finished and, if --impact was under way, what it kept.
func partialNote(rep *game.SimReport, f *simFlags) string {
	if rep.Games < f.games {
		return fmt.Sprintf("the report covers the first %d of %d games", rep.Games, f.games)
	}
	var missing []string
	kept := ""
	switch run := rep.ImpactRun; {
	case f.impact == "":
	case run == nil:
		missing = append(missing, "the --impact measurements")
	case run.Interrupted && run.Adaptive:
		measurable := run.Cards - len(run.NoWinEffect)
		kept = fmt.Sprintf("; --impact was interrupted in round %d and keeps the %d round%s finished before it (%d base games, %d paired): %d of %d cards' win effects precise to ±%.1f points",
			run.Rounds+1, run.Rounds, plural(run.Rounds), run.BaseGames, run.Paired, run.Precise, measurable, 100*run.Precision)
		if run.Precise < measurable {
			kept += ", the others less precise"
		}
	case run.Interrupted:
		n := run.Cards + len(run.Unmeasured)
		kept = fmt.Sprintf("; --impact was interrupted and keeps the %d of %d card%s whose paired games had all finished", run.Cards, n, plural(n))
	}
	if f.compare != "" {
		missing = append(missing, "the --compare baseline")
	}
	note := fmt.Sprintf("the report covers all %d games", rep.Games)
	if len(missing) > 0 {
		note += ", without " + strings.Join(missing, " or ")
	}
	return note + kept
}

// parseRange reads "4" or "1-4".
func parseRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi = lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if most := maxPlayers(); err1 != nil || err2 != nil || lo < 1 || hi > most || hi < lo {
		return 0, 0, usageErr("--players must be 1 to %d, or a range such as 1-4, not %q", most, s)
	}
	if hi == lo {
		hi = 0 // 4-4 is --players 4: the same games, the same run
	}
	return lo, hi, nil
}

// baselineBuild compiles the baseline of --compare: a path, or "base" for
// the bundled set of the same game. What keeps it from building is
// printed to w.
func baselineBuild(spec string, cur *project.Build, w io.Writer) (*project.Build, error) {
	var paths []string
	if spec != "base" {
		paths = []string{spec}
	}
	b, err := load(paths, project.Options{Game: cur.Module.ID()})
	if err != nil {
		return nil, usageErr("--compare: %v", err)
	}
	if b.Tables == nil || b.Diags.Errors() > 0 {
		df := diagFlags{format: "text", maxPerSheet: 20}
		if err := df.print(w, b.Diags); err != nil {
			return nil, err
		}
		return nil, usageErr("--compare %s: the baseline does not build (a project folder or workbooks, or base)", spec)
	}
	return b, nil
}

// setReplays gives every game that stalled or failed the command line
// that replays it.
func (f *simFlags) setReplays(rep *game.SimReport, args []string) {
	for _, list := range [][]game.Incident{rep.Stalls, rep.Errors} {
		for i := range list {
			list[i].Replay = replayCommand(args, f, list[i].Index)
		}
	}
}

// replayCommand is the command line that replays one game of the run.
func replayCommand(args []string, f *simFlags, index int) string {
	parts := []string{"deckwright", "sim"}
	parts = append(parts, args...)
	players := f.players
	if lo, hi, err := parseRange(f.players); err == nil && hi > lo {
		players = strconv.Itoa(lo + index%(hi-lo+1)) // the range run's count for this game
	}
	parts = append(parts, fmt.Sprintf("--seed %d --from %d --games 1 --trace", f.seed, index),
		fmt.Sprintf("--players %s --mode %s --policy %s --max-rounds %d", players, f.mode, f.policy, f.maxRounds))
	if f.level != "" {
		parts = append(parts, "--level "+f.level)
	}
	if f.heroes != "random" && f.heroes != "" {
		parts = append(parts, "--heroes "+f.heroes)
	}
	if f.org != "" {
		parts = append(parts, "--org "+f.org)
	}
	if f.mode == "team" {
		parts = append(parts, fmt.Sprintf("--teams %d", f.teams))
	}
	for _, v := range slices.Sorted(slices.Values(f.variants)) { // in the order a part keeps them
		parts = append(parts, "--variant "+v)
	}
	for _, name := range slices.Sorted(maps.Keys(f.options)) {
		if v := *f.options[name]; v != "" {
			parts = append(parts, "--"+name+" "+v)
		}
	}
	if f.game != "" {
		parts = append(parts, "--game "+f.game)
	}
	return strings.Join(parts, " ")
}

// textOptions are what the text report shows beside the results: the
// throughput on the run's workers (not in a trace) and, for a project
// with expansions, the cards they add.
func textOptions(b *project.Build, f *simFlags) report.TextOptions {
	var o report.TextOptions
	switch {
	case f.shards > 0:
		o.Shards = f.shards
	case !f.trace:
		o.Workers = f.workers
		if o.Workers == 0 {
			o.Workers = runtime.GOMAXPROCS(0)
		}
	}
	if len(b.Tables.Layers) > 1 {
		o.BaseLayer = b.Tables.Layers[0].ID
	}
	return o
}
