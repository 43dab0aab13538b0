package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

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
	trace, asJSON, allowErrors                          bool
	game, report, impact, compare, failOn, until        string
	band, fdr                                           float64
}

func newSimCmd() *cobra.Command {
	var f simFlags
	c := &cobra.Command{
		Use:   "sim [PATH]",
		Short: "Smoke-play thousands of games with bots and summarise them",
		Long: `Sim plays the content with bots: whole games by the rulebook, in parallel,
reproducibly, and gives every hero (or Faction) and every card a verdict:
overpowered, underpowered, fine, or undecided (with the games it would take).

  heroes  win rate at each player count against the fair share (1/players
          when every game has one winner); in cooperative and solo games,
          games with the hero against games without it
  cards   a card dealt by chance against its deck's other cards: among the
          players who drew from the deck, which card they got is luck, so the
          difference is the card's own (--impact adds paired games with and
          without each card, on the same seeds)

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

Policies: cautious (presses on only with good odds), bold (pushes its luck),
random (any legal choice), mix (seats rotate through the three).

` + variantHelp(),
		Example: `  deckwright sim
  deckwright sim my-expansion/ --games 20000 --players 4 --mode coop --org nazis
  deckwright sim my-expansion/ --mode coop --players 1-4 --report balance.html
  deckwright sim my-expansion/ --until-decided 200000       # play on until every verdict is decided
  deckwright sim my-expansion/ --compare base --fail-on hero=0.05,card=0.05
  deckwright sim my-expansion/ --impact my-expansion --games 4000
  deckwright sim --players 2 --heroes jake-zane,li-mei-chen --policy bold --json
  deckwright sim --seed 7 --from 123 --games 1 --trace     # replay game 123 of seed 7
  deckwright sim --seed 7 --trace --json > game.jsonl      # its events, one JSON object a line`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return runSim(c, args, &f) },
	}
	fl := c.Flags()
	fl.IntVar(&f.games, "games", 1000, "games to play")
	fl.StringVar(&f.players, "players", "4", "heroes in each game (1 to 8), or a range such as 1-4 (games spread evenly)")
	fl.StringVar(&f.heroes, "heroes", "random", "random, or hero IDs by seat, comma-separated")
	fl.StringVar(&f.mode, "mode", "competitive", "competitive, coop, team or solo")
	fl.StringVar(&f.level, "level", "", "Fortune and Glory: basic (the rulebook's Basic Game) or advanced (every advanced element; the default)")
	fl.StringVar(&f.policy, "policy", "cautious", "bot policy: cautious, bold, random or mix")
	fl.StringVar(&f.org, "org", "", "the vile organization: an ID such as nazi or mob, or random (coop default: random; competitive: none)")
	fl.IntVar(&f.teams, "teams", 2, "team game: number of teams (even teams of 2 to 4 heroes)")
	fl.StringSliceVar(&f.variants, "variant", nil, "named rule variants and optional rules (repeatable; the table above lists each game's)")
	fl.Uint64Var(&f.seed, "seed", 1, "the run's seed: game i's seed derives from it and i")
	fl.IntVar(&f.from, "from", 0, "index of the first game (with --games 1 and --trace, replays one game of a run)")
	fl.IntVar(&f.workers, "workers", 0, "parallel workers (default: one per CPU); results do not depend on it")
	fl.IntVar(&f.maxRounds, "max-rounds", 100, "round cap: a game that reaches it is reported as a stall")
	fl.BoolVar(&f.trace, "trace", false, "play one game (the first) and print every roll, choice and card (with --json: one event a line)")
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON (with per-card metrics, coverage and flags)")
	fl.StringVar(&f.report, "report", "", "write a self-contained HTML report (charts, card table, coverage) to this file")
	fl.StringVar(&f.impact, "impact", "", "measure each card of a layer (its set ID, or all) by paired games on the same seeds, with it and with a random other card of its deck in its place: the effect on the win rate of whoever gets it (cooperative: the heroes') and on game length")
	fl.IntVar(&f.impactGames, "impact-games", 0, "games per card for --impact (default: --games)")
	fl.StringVar(&f.compare, "compare", "", "compare with a baseline build on the same seeds: a path, or base for the bundled set")
	fl.BoolVar(&f.allowErrors, "allow-errors", false, "exit 0 even when games failed with an error (they are still listed); without it such a run exits 1")
	fl.StringVar(&f.failOn, "fail-on", "", "with --compare, exit 1 when a significant difference exceeds a bound: hero=0.05 and card=0.05 for the heroes and cards the build adds or changes (against their reference), win, rounds, card-win and pass for how far the baseline's metrics move")
	fl.StringVar(&f.until, "until-decided", "", "play on past --games, doubling, until every verdict is decided or the budget is spent: games (200000, 200k), time (10m), or both (200k,10m)")
	fl.Float64Var(&f.band, "band", game.DefaultBalance.Band, "practical band of a verdict at 4 players, as a win-rate difference (0.05 = 5 points); in proportion to the fair share at other counts")
	fl.Float64Var(&f.fdr, "fdr", game.DefaultBalance.FDR, "false discovery rate controlled over everything a run tests (0.05: of the differences called significant, 5% may be chance)")
	c.Flags().StringVar(&f.game, "game", "", "the game when no path is given ("+game.IDs()+"), and/or the level: basic or advanced (as --level)")
	_ = c.RegisterFlagCompletionFunc("mode", fixedCompletion("competitive", "coop", "team", "solo"))
	_ = c.RegisterFlagCompletionFunc("policy", fixedCompletion("cautious", "bold", "random", "mix"))
	_ = c.RegisterFlagCompletionFunc("level", fixedCompletion("basic", "advanced"))
	return c
}

func runSim(c *cobra.Command, args []string, f *simFlags) error {
	if err := f.check(c); err != nil {
		return err
	}
	// --game names the game (fallen-land) or, as in the spelling,
	// the level of the game (basic, advanced); both may be given:
	// --game fortune-and-glory,basic.
	var games []string
	for _, part := range strings.Split(f.game, ",") {
		switch part = strings.TrimSpace(part); part {
		case "basic", "advanced":
			f.level = part
		case "":
		default:
			games = append(games, part)
		}
	}
	f.game = strings.Join(games, ",")
	if f.level != "" && f.level != "basic" && f.level != "advanced" {
		return usageErr("--level must be basic or advanced, not %q", f.level)
	}
	lo, hi, err := parseRange(f.players)
	if err != nil {
		return err
	}
	limits, err := game.ParseThresholds(f.failOn)
	if err != nil {
		return usageErr("%v", err)
	}
	if f.failOn != "" && f.compare == "" {
		return usageErr("--fail-on needs --compare")
	}
	if !(f.band > 0 && f.band < 0.5) {
		return usageErr("--band must be a win-rate difference above 0 and below 0.5 (0.05 is 5 points), not %g", f.band)
	}
	if !(f.fdr > 0 && f.fdr <= 0.5) {
		return usageErr("--fdr must be above 0 and at most 0.5 (0.05 is 5%%), not %g", f.fdr)
	}
	var until *game.Until
	if f.until != "" {
		u, err := game.ParseUntil(f.until)
		if err != nil {
			return usageErr("%v", err)
		}
		if u.Games > 0 && u.Games < f.games {
			return usageErr("--until-decided %s: the budget is below --games %d", f.until, f.games)
		}
		until = &u
	}
	b, err := load(args, project.Options{Game: f.game})
	if err != nil {
		return err
	}
	if b.Tables == nil {
		df := diagFlags{format: "text", maxPerSheet: 20}
		if _, err := df.report(c.ErrOrStderr(), b.Diags); err != nil {
			return err
		}
		fmt.Fprintln(c.ErrOrStderr(), "deckwright: fix the errors above, then run sim again (deckwright validate shows them too)")
		return contentFailed
	}
	simr, ok := b.Module.(game.Simulator)
	if !ok {
		return usageErr("%s has no simulator", b.Module.Title())
	}
	var html *reportFile
	if f.report != "" {
		// Before the run: a report that cannot be written should not cost
		// the games.
		if html, err = createReport(f.report, c.OutOrStdout()); err != nil {
			return err
		}
		defer html.abandon()
	}
	var base *project.Build
	if f.compare != "" {
		// Before the main run, so a baseline that cannot be built stops
		// the command at once.
		if base, err = baselineBuild(f.compare, b, c.ErrOrStderr()); err != nil {
			return err
		}
	}
	req := game.SimRequest{Games: f.games, Players: lo, PlayersMax: hi, Workers: f.workers, MaxRounds: f.maxRounds, From: f.from,
		Seed: f.seed, Mode: f.mode, Level: f.level, Policy: f.policy, Org: f.org, Variants: f.variants,
		Teams: f.teams, Stats: true, ImpactLayer: f.impact, ImpactGames: f.impactGames, KeepGames: f.compare != "",
		Balance: game.Balance{Band: f.band, FDR: f.fdr}, Until: until}
	if f.heroes != "" && f.heroes != "random" {
		for _, h := range strings.Split(f.heroes, ",") {
			req.Heroes = append(req.Heroes, strings.TrimSpace(h))
		}
	}
	stderr := c.ErrOrStderr()
	var prog *simProgress
	if f.trace {
		// One game's log on standard output: readable lines, or with
		// --json one game.Event a line (JSON Lines), and then no report.
		req.Games, req.Until = 1, nil
		// Text traces quote content: control characters are escaped (JSON
		// lines escape them themselves).
		req.Trace = diag.EscapeWriter(c.OutOrStdout())
		req.TraceJSON = f.asJSON
	} else {
		prog = newSimProgress(stderr, isTerminal(stderr))
		prog.begin("", req.Games)
		req.Progress = prog.games
		req.ImpactProgress = prog.card
		req.Look = func(look, games, undecided int) {
			if undecided < 0 {
				prog.begin(fmt.Sprintf("look %d", look), games)
				return
			}
			prog.note("look %d: %d games more, %d verdict%s undecided", look, games, undecided, plural(undecided))
		}
	}
	// From here an interrupt (SIGINT, SIGTERM) stops the run between games
	// and the report of the games finished is printed, marked partial.
	ctx := c.Context()
	req.Stop = ctx.Done()
	graceful.Store(true)
	defer graceful.Store(false)
	rep, err := simr.Simulate(b.Tables, req)
	if err != nil {
		return usageErr("%v", err)
	}
	if base != nil && ctx.Err() == nil {
		breq := req
		breq.ImpactLayer, breq.Until, breq.Look, breq.ImpactProgress = "", nil, nil, nil
		breq.Games = rep.Games // as many as the run played (--until-decided may have played more)
		if prog != nil {
			prog.begin("baseline", breq.Games)
		}
		brep, err := simr.Simulate(base.Tables, breq)
		if err != nil {
			return usageErr("baseline: %v", err)
		}
		if ctx.Err() == nil {
			rep.Comparison = game.Compare(f.compare, brep, rep, game.Changes(base.Tables, b.Tables), limits)
		}
	}
	if prog != nil {
		prog.done()
	}
	interrupted := ctx.Err() != nil
	if interrupted {
		rep.MarkPartial(f.games)
	}
	for _, list := range [][]game.Incident{rep.Stalls, rep.Errors} {
		for i := range list {
			list[i].Replay = replayCommand(args, f, list[i].Index)
		}
	}
	switch {
	case html != nil && interrupted:
		// Never replace a complete report with a partial one.
		html.abandon()
		fmt.Fprintf(stderr, "deckwright: %s was not written: the run was interrupted\n", f.report)
	case html != nil:
		if err := html.write(b.Module.Title()+" — balance report", rep); err != nil {
			return err
		}
		if f.report != "-" {
			fmt.Fprintf(stderr, "wrote %s\n", f.report)
		}
	}
	// The text report escapes control characters from content (a hero's
	// name) before they reach a terminal; with --report - it goes to
	// standard error, beside the HTML on standard output.
	out := c.OutOrStdout()
	if f.report == "-" {
		out = stderr
	}
	switch {
	case f.trace && f.asJSON:
		// Standard output holds the game's events only.
	case f.asJSON:
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	default:
		text := diag.EscapeWriter(out)
		if interrupted {
			fmt.Fprintf(text, "PARTIAL: %s\n\n", partialNote(rep, f))
		}
		if err := printReport(text, b, rep, f); err != nil {
			return err
		}
	}
	if interrupted {
		return &exitError{code: exitInterrupted, msg: "interrupted: " + partialNote(rep, f)}
	}
	if n := len(rep.Errors); n > 0 && !f.allowErrors {
		return &exitError{code: exitContent, msg: fmt.Sprintf("%d of %d game%s failed with an error (listed in the report): fix what they name, or pass --allow-errors to accept them", n, rep.Games, plural(rep.Games))}
	}
	if rep.Comparison != nil && len(rep.Comparison.Failed) > 0 {
		return &exitError{code: exitContent, msg: "balance moved beyond --fail-on: " + strings.Join(rep.Comparison.Failed, "; ")}
	}
	return nil
}

// partialNote says what the report of an interrupted run covers.
func partialNote(rep *game.SimReport, f *simFlags) string {
	if rep.Games < f.games {
		return fmt.Sprintf("the report covers the first %d of %d games", rep.Games, f.games)
	}
	var missing []string
	if f.impact != "" {
		missing = append(missing, "the --impact measurements")
	}
	if f.compare != "" {
		missing = append(missing, "the --compare baseline")
	}
	return fmt.Sprintf("the report covers all %d games, without %s", rep.Games, strings.Join(missing, " or "))
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
	if err1 != nil || err2 != nil || lo < 1 || hi > 8 || hi < lo {
		return 0, 0, usageErr("--players must be 1 to 8, or a range such as 1-4, not %q", s)
	}
	if !isRange {
		hi = 0
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
	if b.Tables == nil {
		df := diagFlags{format: "text", maxPerSheet: 20}
		if _, err := df.report(w, b.Diags); err != nil {
			return nil, err
		}
		return nil, usageErr("--compare %s: the baseline does not build (a project folder or workbooks, or base)", spec)
	}
	return b, nil
}

// reportFile is the HTML report being written, through the atomic writer:
// it is created before the run, so a report that cannot be written does
// not cost the games, and renamed over the target only once complete, so
// a failed or interrupted run never leaves half a report or loses the
// last one.
type reportFile struct {
	out *outfile.File
}

func createReport(path string, stdout io.Writer) (*reportFile, error) {
	f, err := createOutput("--report", path, stdout)
	if err != nil {
		return nil, err
	}
	return &reportFile{out: f}, nil
}

func (r *reportFile) write(title string, rep *game.SimReport) error {
	if err := report.Write(r.out, title, rep); err != nil {
		r.out.Abort()
		return usageErr("cannot write %s: %v", r.out.Path(), unwrapPathErr(err))
	}
	if err := r.out.Commit(); err != nil {
		return outputErr("--report", err)
	}
	return nil
}

// abandon removes the temporary file of a report that was not written.
func (r *reportFile) abandon() { r.out.Abort() }

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
	for _, v := range f.variants {
		parts = append(parts, "--variant "+v)
	}
	if f.game != "" {
		parts = append(parts, "--game "+f.game)
	}
	return strings.Join(parts, " ")
}

func printReport(w io.Writer, b *project.Build, r *game.SimReport, f *simFlags) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	terms := r.Terms.Or(game.DefaultTerms)
	level := ""
	if r.Level != "" {
		level = ", " + r.Level + " game"
	}
	players := strconv.Itoa(r.Players)
	if r.PlayersMax > r.Players {
		players += "–" + strconv.Itoa(r.PlayersMax)
	}
	fmt.Fprintf(tw, "%s — %d %s game%s, %s %s%s, %s bots, seed %d\n", b.Module.Title(), r.Games, r.Mode, plural(r.Games), players, terms.Players, level, r.Policy, r.Seed)
	if f.workers == 0 {
		f.workers = runtime.GOMAXPROCS(0)
	}
	if !f.trace {
		fmt.Fprintf(tw, "%.0f games/s on %d workers\n", r.GamesPerSecond, f.workers)
	}
	fmt.Fprintln(tw)
	if len(r.Flags) > 0 {
		fmt.Fprintf(tw, "flags (most serious first):\n")
		for i, fl := range r.Flags {
			if i == 12 {
				fmt.Fprintf(tw, "  … and %d more (see --report or --json)\n", len(r.Flags)-12)
				break
			}
			fmt.Fprintf(tw, "  %-12s %s %s: %s  [%s]\n", fl.Kind, fl.Subject, fl.ID, fl.Message, fl.Where)
		}
		fmt.Fprintln(tw)
	}
	if d := r.Decision; d != nil {
		fmt.Fprintf(tw, "until decided (%s): %d look%s, %d games, each look at level %.3g: ", d.Budget, d.Looks, plural(d.Looks), r.Games, d.Level)
		if d.Decided {
			fmt.Fprintf(tw, "every verdict decided\n\n")
		} else {
			fmt.Fprintf(tw, "%d still undecided\n", len(d.Undecided))
			for i, p := range d.Undecided {
				if i == 8 {
					fmt.Fprintf(tw, "  … and %d more (see --json)\n", len(d.Undecided)-8)
					break
				}
				who := p.ID
				if p.Players > 0 {
					who += fmt.Sprintf(" (%d players)", p.Players)
				}
				fmt.Fprintf(tw, "  %s %s: about %d more games  [%s]\n", p.Subject, who, p.MoreGames, p.Where)
			}
			fmt.Fprintln(tw)
		}
	}
	fmt.Fprintf(tw, "%s\tmedian %d\tp10 %d\tp90 %d\tmean %.1f\n", terms.Rounds, r.Rounds.Median, r.Rounds.P10, r.Rounds.P90, r.Rounds.Mean)
	fmt.Fprintf(tw, "per game\t%.2f %s\t%.2f %s\n", r.LossesPerGame, terms.Losses, r.PrizesPerGame, terms.Prizes)
	var ends []string
	for _, k := range sim.SortedKeys(r.Ends) {
		ends = append(ends, fmt.Sprintf("%s %d", k, r.Ends[k]))
	}
	fmt.Fprintf(tw, "endings\t%s\n", strings.Join(ends, ", "))
	if r.Coop != nil {
		h := r.Coop.HeroWins
		fmt.Fprintf(tw, "heroes win\t%.1f%%\t[%.1f–%.1f]\tvs %s; villains took %.2f artifacts a game\n", 100*h.Rate, 100*h.Low, 100*h.High, r.Coop.Organization, r.Coop.VillainArtifactsMean)
		track := sim.Histogram{Counts: r.Coop.TrackHistogram}
		fmt.Fprintf(tw, "villain track\tmedian %d\tp10 %d\tp90 %d\tat the end of the game\n", track.Quantile(0.5), track.Quantile(0.1), track.Quantile(0.9))
	}
	rates := func(title string, list []game.Rate) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(tw, "\n%s\tgames\twins\twin rate\t95%% CI\n", title)
		for _, x := range list {
			name := x.ID
			if x.Name != "" {
				name = x.Name
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%.1f–%.1f%%\n", name, x.Games, x.Wins, 100*x.Rate, 100*x.Low, 100*x.High)
		}
	}
	if len(r.Verdicts) > 0 {
		printSideVerdicts(tw, r, terms)
	} else {
		rates(terms.Player, r.Heroes)
	}
	if r.Mode == "competitive" || r.Mode == "team" || r.Mode == "short" {
		rates("seat", r.Seats)
	}
	if len(r.Policies) > 1 {
		rates("policy", r.Policies)
	}
	rates("players", r.ByPlayers)
	if len(r.ByOrg) > 1 {
		rates("organization", r.ByOrg)
	}
	if len(b.Tables.Layers) > 1 {
		printLayerCards(tw, r, b.Tables.Layers[0].ID, terms)
	}
	printImpact(tw, r, terms)
	if len(r.NeverDrawn) > 0 {
		fmt.Fprintf(tw, "\nnever drawn\t%s\n", strings.Join(r.NeverDrawn, ", "))
	}
	if cov := r.Coverage; cov != nil && len(cov.RulesNeverTriggered) > 0 {
		fmt.Fprintf(tw, "rules never triggered\t%s\n", strings.Join(cov.RulesNeverTriggered, "; "))
	}
	if cmp := r.Comparison; cmp != nil {
		printComparison(tw, cmp, r)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, group := range []struct {
		name string
		list []game.Incident
	}{{"stalls", r.Stalls}, {"errors", r.Errors}} {
		if len(group.list) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%d %s:\n", len(group.list), group.name)
		for i, in := range group.list {
			if i == 10 {
				fmt.Fprintf(w, "  … and %d more (see --json)\n", len(group.list)-10)
				break
			}
			card := ""
			if in.Card != "" {
				card = " [card " + in.Card + "]"
				if in.Where != "" {
					card = " [card " + in.Card + " at " + in.Where + "]"
				}
			}
			fmt.Fprintf(w, "  game %d (seed %d), %s %d: %s%s\n    replay: %s\n", in.Index, in.Seed, terms.Round, in.Round, in.Message, card, in.Replay)
		}
	}
	return nil
}

// printSideVerdicts prints each side's verdict at each player count.
func printSideVerdicts(tw io.Writer, r *game.SimReport, terms game.Terms) {
	byCount := len(r.PlayerCounts) > 1
	against := "against the fair share"
	if r.SharedWins {
		against = "against the games without it"
	}
	band := fmt.Sprintf("±%.1f points at 4 players (in proportion to the fair share at other counts)", 100*r.Balance.Band)
	if r.SharedWins {
		band = fmt.Sprintf("±%.1f points", 100*r.Balance.Band)
	}
	fmt.Fprintf(tw, "\n%s verdicts: win rate %s; flagged beyond %s when significant (false discovery rate %g%% over %d tests)\n",
		terms.Player, against, band, 100*r.Balance.FDR, r.Tested)
	head := terms.Player
	if byCount {
		head += "\tplayers"
	}
	ci := ciHeader(r.Balance.Level)
	fmt.Fprintf(tw, "%s\tgames\twins\twin rate\t%s\tagainst\tdifference, points\tverdict\n", head, ci)
	for _, v := range r.Verdicts {
		name := v.Name
		if name == "" {
			name = v.ID
		}
		if byCount {
			name += "\t" + strconv.Itoa(v.Players)
		}
		verdict := v.Verdict
		if v.MoreGames > 0 {
			verdict += fmt.Sprintf(" (about %d more games)", v.MoreGames)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%.1f–%.1f%%\t%.1f%%\t%+.1f (%+.1f to %+.1f)\t%s\n", name, v.Games, v.Wins, 100*v.Rate, 100*v.Low, 100*v.High,
			100*v.RefRate, 100*v.Delta, 100*v.DeltaLow, 100*v.DeltaHigh, verdict)
	}
}

// printLayerCards prints the verdict on every card the expansions add: the
// answer to "is my new card broken, dead, or fine?".
func printLayerCards(tw io.Writer, r *game.SimReport, base string, terms game.Terms) {
	var cards []*game.CardReport
	for i := range r.Cards {
		if c := &r.Cards[i]; c.Layer != "" && c.Layer != base {
			cards = append(cards, c)
		}
	}
	if len(cards) == 0 {
		return
	}
	fmt.Fprintf(tw, "\nnew cards\tdeck\tdrawn\tpass\tvs deck, points\timpact, points\tverdict\n")
	for _, c := range cards {
		pass := "n/a"
		if c.PassRate != nil {
			pass = fmt.Sprintf("%.1f%%", 100**c.PassRate)
		}
		// The verdict: its flags, else the surest of its two measures.
		peers, impact, verdict := "n/a", "n/a", "n/a"
		if v := c.Peers; v != nil {
			peers = fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*v.Delta, 100*v.DeltaLow, 100*v.DeltaHigh)
			verdict = v.Verdict
		}
		if im := c.Impact; im != nil && im.Win != nil {
			impact = fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*im.Win.Delta, 100*im.Win.Low, 100*im.Win.High)
			if verdict == "n/a" || verdict == game.Undecided {
				verdict = im.Verdict
			}
		}
		if len(c.Flags) > 0 {
			verdict = strings.Join(c.Flags, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", c.ID, game.DeckName(c.Deck), c.Drawn, pass, peers, impact, verdict)
	}
}

// printImpact lists the paired effects --impact found significant,
// largest first.
func printImpact(tw io.Writer, r *game.SimReport, terms game.Terms) {
	type row struct {
		id      string
		win, rd *game.Effect
		size    float64
	}
	var rows []row
	measured := 0
	measure := ""
	for i := range r.Cards {
		im := r.Cards[i].Impact
		if im == nil {
			continue
		}
		measured++
		measure = im.Measure
		x := row{id: r.Cards[i].ID}
		if im.Win != nil && im.Win.Significant {
			x.win, x.size = im.Win, math.Abs(im.Win.Delta)
		}
		if im.Rounds != nil && im.Rounds.Significant {
			x.rd = im.Rounds
			x.size = max(x.size, math.Abs(im.Rounds.Delta)/10)
		}
		if x.win != nil || x.rd != nil {
			rows = append(rows, x)
		}
	}
	if measured == 0 {
		return
	}
	fmt.Fprintf(tw, "\nimpact: %d cards by paired games with and without each (same seeds); %d significant, largest first\n", measured, len(rows))
	if len(rows) == 0 {
		return
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].size > rows[j].size })
	fmt.Fprintf(tw, "card\t%s, points\t%s\n", measure, terms.Rounds)
	for _, x := range rows {
		win, rd := "n/a", "n/a"
		if x.win != nil {
			win = fmt.Sprintf("%+.1f (%+.1f to %+.1f), %s", 100*x.win.Delta, 100*x.win.Low, 100*x.win.High, qShort(x.win.Q))
		}
		if x.rd != nil {
			rd = fmt.Sprintf("%+.2f (%+.2f to %+.2f), %s", x.rd.Delta, x.rd.Low, x.rd.High, qShort(x.rd.Q))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", x.id, win, rd)
	}
}

// printComparison prints what the build changed, how its new content
// fares against the baseline, and what moved.
func printComparison(tw io.Writer, cmp *game.Comparison, r *game.SimReport) {
	fmt.Fprintf(tw, "\nchanges against %s: %d row%s\n", cmp.Baseline, len(cmp.Changes), plural(len(cmp.Changes)))
	for _, c := range cmp.Changes {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", c.Kind, c.Sheet, c.ID, c.Where)
	}
	if len(cmp.New) > 0 {
		fmt.Fprintf(tw, "\nnew and changed, against %s\tplayers\trate\treference\tdifference, points\tverdict\n", cmp.Baseline)
		for _, v := range cmp.New {
			players := ""
			if v.Players > 0 {
				players = strconv.Itoa(v.Players)
			}
			fmt.Fprintf(tw, "%s %s\t%s\t%.1f%%\t%.1f%%\t%+.1f (%+.1f to %+.1f)\t%s\n", v.Subject, v.ID, players, 100*v.Rate, 100*v.RefRate,
				100*v.Delta, 100*v.DeltaLow, 100*v.DeltaHigh, v.Verdict)
		}
	}
	fmt.Fprintf(tw, "\nagainst %s (same seeds)\tbaseline\tnow\tchange\t%s\n", cmp.Baseline, ciHeader(r.Balance.Level))
	if len(cmp.Moves) == 0 {
		fmt.Fprintf(tw, "no metric moved significantly (false discovery rate %g%% over %d comparisons)\n", 100*r.Balance.FDR, cmp.Tested)
	}
	for _, m := range cmp.Moves {
		name := m.Metric
		if m.Card != "" {
			name += " " + m.Card
		}
		fmt.Fprintf(tw, "%s\t%.3g\t%.3g\t%+.3g\t%+.3g to %+.3g\n", name, m.Baseline, m.Current, m.Delta, m.Low, m.High)
	}
}

// ciHeader names the confidence of a run's intervals: "95% CI".
func ciHeader(level float64) string {
	c := strconv.FormatFloat(100*(1-level), 'f', 1, 64)
	return strings.TrimSuffix(c, ".0") + "% CI"
}

func qShort(q float64) string {
	if q < 0.001 {
		return "q < 0.001"
	}
	return fmt.Sprintf("q = %.3f", q)
}
