package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
)

// TextOptions are what the text report shows beside the run's results.
type TextOptions struct {
	// Workers, when not 0, adds the run's throughput on that many workers
	// (a timing; a replayed game's trace leaves it out).
	Workers int
	// Shards, when not 0, says the report is a merge of that many parts
	// (deckwright merge), and the throughput theirs: the games over the
	// span from the first one's start to the last one's finish.
	Shards int
	// BaseLayer is the layer the expansions build on: every card of
	// another layer is listed as new, with its verdict. "" lists none.
	BaseLayer string
}

// Text writes the report of a run as a terminal shows it: aligned
// columns, the most serious flags first, then the verdicts, rates,
// impact, comparison and the games that stalled or failed, each with
// the command that replays it. What it quotes from content is written
// as is: a caller writing to a terminal escapes it (diag.EscapeWriter).
func Text(w io.Writer, title string, r *game.SimReport, o TextOptions) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	terms := r.Terms.Or(game.DefaultTerms)
	heading(tw, title, r, o, terms)
	flagList(tw, r)
	decision(tw, r)
	summary(tw, r, terms)
	rateTables(tw, r, terms)
	if o.BaseLayer != "" {
		newCards(tw, r, o.BaseLayer)
	}
	impactTable(tw, r, terms)
	if len(r.NeverDrawn) > 0 {
		fmt.Fprintf(tw, "\nnever drawn\t%s\n", strings.Join(r.NeverDrawn, ", "))
	}
	if cov := r.Coverage; cov != nil && len(cov.RulesNeverTriggered) > 0 {
		fmt.Fprintf(tw, "rules never triggered\t%s\n", strings.Join(cov.RulesNeverTriggered, "; "))
	}
	if cmp := r.Comparison; cmp != nil {
		comparisonTable(tw, cmp, r)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	incidents(w, "stall", r.Stalls, terms)
	incidents(w, "error", r.Errors, terms)
	return nil
}

// heading says what was played: the game, games, mode, players, level,
// bots and seed, and how fast.
func heading(tw io.Writer, title string, r *game.SimReport, o TextOptions, terms game.Terms) {
	level := ""
	if r.Level != "" {
		level = ", " + r.Level + " game"
	}
	fmt.Fprintf(tw, "%s — %d %s game%s, %s%s, %s bots, seed %d\n", title, r.Games, r.Mode, plural(r.Games), PlayerCount(r.Players, r.PlayersMax, terms), level, r.Policy, r.Seed)
	throughput(tw, r.GamesPerSecond, o)
	fmt.Fprintln(tw)
}

// throughput is the line of games a second: on the run's workers, or
// over the shards a merge adds up; none when o says neither.
func throughput(w io.Writer, gamesPerSecond float64, o TextOptions) {
	switch {
	case o.Shards != 0:
		fmt.Fprintf(w, "%.0f games/s over %d shard%s, first start to last finish\n", gamesPerSecond, o.Shards, plural(o.Shards))
	case o.Workers != 0:
		fmt.Fprintf(w, "%.0f games/s on %d worker%s\n", gamesPerSecond, o.Workers, plural(o.Workers))
	}
}

// maxFlags is how many flags the text lists; the rest are counted.
const maxFlags = 12

// flagList lists the flags, most serious first.
func flagList(tw io.Writer, r *game.SimReport) {
	if len(r.Flags) == 0 {
		return
	}
	fmt.Fprintf(tw, "flags (most serious first):\n")
	for i, fl := range r.Flags {
		if i == maxFlags {
			fmt.Fprintf(tw, "  … and %d more (see --report or --json)\n", len(r.Flags)-maxFlags)
			break
		}
		fmt.Fprintf(tw, "  %-12s %s %s: %s  [%s]\n", fl.Kind, fl.Subject, fl.ID, fl.Message, fl.Where)
	}
	fmt.Fprintln(tw)
}

// maxUndecided is how many undecided verdicts the text lists.
const maxUndecided = 8

// decision summarises an --until-decided run: its looks and what is
// still undecided, with the games it would take.
func decision(tw io.Writer, r *game.SimReport) {
	d := r.Decision
	if d == nil {
		return
	}
	fmt.Fprintf(tw, "until decided (%s): %d look%s, %d games, each look at level %.3g: ", d.Budget, d.Looks, plural(d.Looks), r.Games, d.Level)
	if d.Decided {
		fmt.Fprintf(tw, "every verdict decided\n\n")
		return
	}
	fmt.Fprintf(tw, "%d still undecided\n", len(d.Undecided))
	for i, p := range d.Undecided {
		if i == maxUndecided {
			fmt.Fprintf(tw, "  … and %d more (see --json)\n", len(d.Undecided)-maxUndecided)
			break
		}
		who := p.ID
		if p.Players > 0 {
			who += fmt.Sprintf(" (%d players)", p.Players)
		}
		fmt.Fprintf(tw, "  %s %s: %s  [%s]\n", p.Subject, who, game.MoreGamesText(p.MoreGames), p.Where)
	}
	fmt.Fprintln(tw)
}

// summary gives the games' length, losses and prizes, endings and, in a
// cooperative run, how the heroes fared against the villains.
func summary(tw io.Writer, r *game.SimReport, terms game.Terms) {
	if len(r.Rounds.Histogram) == 0 {
		// Lengths and prizes count finished games (the histogram's): with
		// none, 0 would read as games of no rounds ("n/a" is never 0).
		fmt.Fprintf(tw, "%s\tn/a: no game finished (endings below)\n", terms.Rounds)
	} else {
		fmt.Fprintf(tw, "%s\tmedian %d\tp10 %d\tp90 %d\tmean %.1f\n", terms.Rounds, r.Rounds.Median, r.Rounds.P10, r.Rounds.P90, r.Rounds.Mean)
		fmt.Fprintf(tw, "per game\t%.2f %s\t%.2f %s\n", r.LossesPerGame, terms.Losses, r.PrizesPerGame, terms.Prizes)
	}
	fmt.Fprintf(tw, "endings\t%s\n", endings(r.Ends, ", "))
	if r.Coop != nil {
		h := r.Coop.HeroWins
		fmt.Fprintf(tw, "heroes win\t%.1f%%\t[%.1f–%.1f]\tvs %s; villains took %.2f artifacts a game\n", 100*h.Rate, 100*h.Low, 100*h.High, r.Coop.Organization, r.Coop.VillainArtifactsMean)
		track := sim.Histogram{Counts: r.Coop.TrackHistogram}
		fmt.Fprintf(tw, "villain track\tmedian %d\tp10 %d\tp90 %d\tat the end of the game\n", track.Quantile(0.5), track.Quantile(0.1), track.Quantile(0.9))
	}
}

// rateTables gives each side's verdicts (or win rates), then the win
// rates by seat (where each seat plays for itself or its team), policy,
// player count and organization.
func rateTables(tw io.Writer, r *game.SimReport, terms game.Terms) {
	if len(r.Verdicts) > 0 {
		sideVerdicts(tw, r, terms)
	} else {
		rates(tw, terms.Player, r.Heroes)
	}
	if r.Mode == "competitive" || r.Mode == "team" || r.Mode == "short" {
		rates(tw, "seat", r.Seats)
	}
	if len(r.Policies) > 1 {
		rates(tw, "policy", r.Policies)
	}
	rates(tw, "players", r.ByPlayers)
	if len(r.ByOrg) > 1 {
		rates(tw, "organization", r.ByOrg)
	}
}

// rates is a table of win rates with their intervals.
func rates(tw io.Writer, title string, list []game.Rate) {
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

// maxIncidents is how many stalls (and errors) the text lists.
const maxIncidents = 10

// incidents lists the games that stalled or failed, each with the command
// that replays it.
func incidents(w io.Writer, name string, list []game.Incident, terms game.Terms) {
	if len(list) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d %s%s:\n", len(list), name, plural(len(list)))
	for i, in := range list {
		if i == maxIncidents {
			fmt.Fprintf(w, "  … and %d more (see --json)\n", len(list)-maxIncidents)
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

// sideVerdicts prints each side's verdict at each player count: its win
// rate and interval over all its games and its plain difference from the
// fair share (where the players win together, from the games without
// it), then the difference the verdict is decided on, from a typical side
// at the same tables.
func sideVerdicts(tw io.Writer, r *game.SimReport, terms game.Terms) {
	byCount := len(r.PlayerCounts) > 1
	plainRef, typical := "fair share", "typical "+terms.Player
	against := "against a typical " + terms.Player + " at the same tables"
	band := fmt.Sprintf("±%.1f points at 4 players (in proportion to the fair share at other counts)", 100*r.Balance.Band)
	if r.SharedWins {
		plainRef, typical = "without it", "typical "+terms.Player+" in its place"
		against = "against the same games with a typical " + terms.Player + " in its place"
		band = fmt.Sprintf("±%.1f points", 100*r.Balance.Band)
	}
	fmt.Fprintf(tw, "\n%s verdicts: flagged %s, beyond %s when significant (false discovery rate %g%% over %d tests)\n",
		terms.Player, against, band, 100*r.Balance.FDR, r.Tested)
	head := terms.Player
	if byCount {
		head += "\tplayers"
	}
	ci := ciHeader(r.Balance.Level)
	fmt.Fprintf(tw, "%s\tgames\twins\twin rate\t%s\tvs %s, points\t%s\tvs typical, points\tverdict\n", head, ci, plainRef, typical)
	var apart []string
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		name := v.Name
		if name == "" {
			name = v.ID
		}
		if byCount {
			name += "\t" + strconv.Itoa(v.Players)
		}
		verdict := v.Verdict
		if v.MoreGames > 0 {
			verdict += " (" + game.MoreGamesText(v.MoreGames) + ")"
		}
		// The plain figures are over all its games; the verdict's own may be
		// over the games without the sides far out of line.
		u := plain(*v)
		ref, vsRef := "n/a", "n/a"
		if v.Typical() {
			ref = fmt.Sprintf("%.1f%%", 100*v.RefRate)
			vsRef = fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*v.Delta, 100*v.DeltaLow, 100*v.DeltaHigh)
			if v.Apart != "" {
				vsRef += "*"
				if !slices.Contains(apart, v.Apart) {
					apart = append(apart, v.Apart)
				}
			}
		} else {
			verdict += " (against " + v.Reference + ")"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%.1f–%.1f%%\t%+.1f (%+.1f to %+.1f)\t%s\t%s\t%s\n", name, u.Games, u.Wins, 100*u.Rate, 100*u.Low, 100*u.High,
			100*u.Delta, 100*u.DeltaLow, 100*u.DeltaHigh, ref, vsRef, verdict)
	}
	for _, a := range apart {
		fmt.Fprintf(tw, "* over the games without %s at the table: far out of line, beside them the others do not all lose alike\n", a)
	}
}

// newCards prints the verdict on every card the expansions add: the
// answer to "is my new card broken, dead, or fine?".
func newCards(tw io.Writer, r *game.SimReport, base string) {
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
		// The verdict: its flags, else what decides its strength (Power).
		peers, impact, verdict := "n/a", "n/a", "n/a"
		if v := c.Peers; v != nil {
			peers = pts(v.Delta, v.DeltaLow, v.DeltaHigh)
		}
		if im := c.Impact; im != nil && im.Win != nil {
			impact = pts(im.Win.Delta, im.Win.Low, im.Win.High)
		}
		if v, _ := c.Power(); v != "" {
			verdict = v
		}
		if len(c.Flags) > 0 {
			verdict = strings.Join(c.Flags, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", c.ID, game.DeckName(c.Deck), c.Drawn, na(c.PassRate), peers, impact, verdict)
	}
}

// impactListAll is how many cards --impact may measure and still have
// every one listed: a handful named by ID, whose numbers the designer
// asked for. A layer or all lists the significant effects (every card is
// in --json and the HTML card table).
const impactListAll = 20

// impactTable lists the paired effects --impact found significant,
// largest first; when it measured at most impactListAll cards, every
// card with an effect, the significant first. A row shows each effect
// measured, with its q-value: n/a only where there is none.
func impactTable(tw io.Writer, r *game.SimReport, terms game.Terms) {
	type row struct {
		id          string
		win, rd     *game.Effect
		significant bool
		size        float64
		played      int
	}
	var rows []row
	var few []string
	measured, significant := 0, 0
	measure := ""
	for i := range r.Cards {
		im := r.Cards[i].Impact
		if im == nil {
			continue
		}
		measured++
		measure = im.Measure
		if im.Win != nil && im.Win.Pairs < game.MinImpactPairs {
			few = append(few, r.Cards[i].ID)
		}
		x := row{id: r.Cards[i].ID, played: im.Played, win: im.Win, rd: im.Rounds}
		if im.Win != nil {
			x.size = math.Abs(im.Win.Delta)
			x.significant = im.Win.Significant
		}
		if im.Rounds != nil {
			x.size = max(x.size, math.Abs(im.Rounds.Delta)/10)
			x.significant = x.significant || im.Rounds.Significant
		}
		if x.significant {
			significant++
		}
		if x.significant || x.win != nil || x.rd != nil {
			rows = append(rows, x)
		}
	}
	if measured == 0 {
		return
	}
	listed := ", largest first"
	switch {
	case measured > impactListAll || len(rows) == significant:
		rows = slices.DeleteFunc(rows, func(x row) bool { return !x.significant })
	case significant == 0:
		listed = "; every card below, by size"
	default:
		listed = "; every card below, the significant first, each by size"
	}
	fmt.Fprintf(tw, "\nimpact: %d card%s by paired games with and without each (same seeds); %d significant%s\n", measured, plural(measured), significant, listed)
	if r.ImpactRun != nil {
		fmt.Fprintf(tw, "%s\n", impactRun(r.ImpactRun))
	}
	if len(few) > 0 && (r.ImpactRun == nil || !r.ImpactRun.Adaptive) { // adaptive: among the not precise
		fmt.Fprintf(tw, "too few pairs to judge (under %d), %d: %s\n", game.MinImpactPairs, len(few), strings.Join(few, ", "))
	}
	if len(rows) == 0 {
		return
	}
	judged := func(x row) bool { return x.win == nil || x.win.Significant || x.win.Pairs >= game.MinImpactPairs }
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		switch {
		case a.significant != b.significant:
			return a.significant
		case judged(a) != judged(b): // too few pairs: last, whatever their size
			return judged(a)
		}
		return a.size > b.size
	})
	fmt.Fprintf(tw, "card\t%s, points\t%s\tpaired games\n", measure, terms.Rounds)
	for _, x := range rows {
		win, rd := "n/a", "n/a"
		if x.win != nil {
			win = pts(x.win.Delta, x.win.Low, x.win.High) + ", " + qOf(x.win)
		}
		if x.rd != nil {
			rd = fmt.Sprintf("%+.2f (%+.2f to %+.2f), %s", x.rd.Delta, x.rd.Low, x.rd.High, qOf(x.rd))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", x.id, win, rd, x.played)
	}
}

// qOf is an effect's q-value, or, for one on too few pairs to be judged
// (shown, outside the false discovery rate's family), how many it has.
func qOf(e *game.Effect) string {
	if !e.Significant && e.Pairs < game.MinImpactPairs {
		return fmt.Sprintf("not judged: %d pairs", e.Pairs)
	}
	return game.QText(e.Q)
}

// impactRun says how --impact allocated its games, and names every card
// whose win effect did not reach the precision asked, the close calls of
// --impact-decide, and what an interrupt left.
func impactRun(run *game.ImpactRun) string {
	var b strings.Builder
	if !run.Adaptive {
		head, games := "fixed allocation", fmt.Sprintf("the run's first %d games", run.FixedGames)
		if run.ShareOf > 0 {
			head, games = head+", this shard's share", fmt.Sprintf("games %d to %d of the run's first %d", run.ShareFrom+1, run.ShareFrom+run.FixedGames, run.ShareOf)
		}
		if run.Interrupted {
			fmt.Fprintf(&b, "%s, interrupted: %d of %d cards paired on %s (--impact-games), those whose paired games had all finished, each as an uninterrupted run measures it; %d games played again, those each card was drawn in",
				head, run.Cards, run.Cards+len(run.Unmeasured), games, run.Paired)
			fmt.Fprintf(&b, "\nnot measured: interrupted before their paired games finished (%d): %s", len(run.Unmeasured), strings.Join(run.Unmeasured, ", "))
		} else {
			fmt.Fprintf(&b, "%s: every card paired on %s (--impact-games); %d games played again, those each card was drawn in", head, games, run.Paired)
		}
	} else {
		measurable := run.Cards - len(run.NoWinEffect)
		head, within := "adaptive", "within the budget"
		if run.Interrupted {
			head = fmt.Sprintf("adaptive, interrupted in round %d (the %d round%s before it kept, the one under way dropped)", run.Rounds+1, run.Rounds, plural(run.Rounds))
			within = "when interrupted"
		}
		fmt.Fprintf(&b, "%s: %d of %d cards' win effects to ±%.1f points (95%%) within a budget of %d game%s: %d games of the run's seeds as base, %d paired, in %d round%s",
			head, run.Precise, measurable, 100*run.Precision, run.Budget, plural(run.Budget), run.BaseGames, run.Paired, run.Rounds, plural(run.Rounds))
		if run.VarianceRatio > 0 {
			fmt.Fprintf(&b, "; the holders' mean over every base game (control variate) cut the variance to %.2f of the plain paired difference's (median)", run.VarianceRatio)
		}
		if len(run.NotPrecise) > 0 {
			fmt.Fprintf(&b, "\nnot precise %s (%d): %s", within, len(run.NotPrecise), strings.Join(run.NotPrecise, ", "))
		}
		if run.Decide {
			b.WriteString("\n" + closeCalls(run))
		}
	}
	var earned []string
	for _, id := range run.NoWinEffect {
		if !slices.Contains(run.NeverDrawn, id) {
			earned = append(earned, id)
		}
	}
	if n := len(earned); n > 0 {
		fmt.Fprintf(&b, "\nno win effect: earned by the winners, %d: %s", n, strings.Join(earned, ", "))
	}
	if n := len(run.NeverDrawn); n > 0 {
		fmt.Fprintf(&b, "\nno win effect: not drawn in any finished game paired from (games that stalled or failed pair nothing), %d: %s", n, strings.Join(run.NeverDrawn, ", "))
	}
	return b.String()
}

// closeCalls says where --impact-decide spent the budget past the
// precision: the close calls, the games each got, which were decided and
// which were still undecided when the budget (or an interrupt) ended it.
func closeCalls(run *game.ImpactRun) string {
	switch {
	case !run.Closing && run.Interrupted:
		return "--impact-decide: no close call played: interrupted before every card was precise"
	case !run.Closing:
		return "--impact-decide: no close call played: the budget was spent before every card was precise"
	case len(run.CloseCalls) == 0:
		return "--impact-decide: no close call: every precise card's verdict was decided"
	}
	var decided, undecided []string
	games := 0
	for _, c := range run.CloseCalls {
		games += c.Games
		if c.Verdict == game.Undecided || c.Verdict == "" {
			undecided = append(undecided, fmt.Sprintf("%s +%d", c.Card, c.Games))
		} else {
			decided = append(decided, fmt.Sprintf("%s +%d (%s)", c.Card, c.Games, c.Verdict))
		}
	}
	n := len(run.CloseCalls)
	var b strings.Builder
	fmt.Fprintf(&b, "--impact-decide: %d close call%s (precise, the verdict undecided: the interval straddles the band's edge) got %d paired game%s more; %d of the budget's %d game%s spent",
		n, plural(n), games, plural(games), run.Spent, run.Budget, plural(run.Budget))
	if len(decided) > 0 {
		fmt.Fprintf(&b, "\nclose calls decided (%d): %s", len(decided), strings.Join(decided, ", "))
	}
	if len(undecided) > 0 {
		end := "when the budget ran out"
		switch {
		case run.Interrupted:
			end = "when interrupted"
		case run.Spent < run.Budget:
			end = "when no more games could be paired"
		}
		fmt.Fprintf(&b, "\nclose calls still undecided %s (%d): %s", end, len(undecided), strings.Join(undecided, ", "))
	}
	return b.String()
}

// comparisonTable prints what the build changed, how its new content
// fares against the baseline, and what moved.
func comparisonTable(tw io.Writer, cmp *game.Comparison, r *game.SimReport) {
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

// PlayerCount is a run's player count in the game's words: "4 heroes",
// "2–4 heroes", "1 hero".
func PlayerCount(players, max int, terms game.Terms) string {
	if max > players {
		return fmt.Sprintf("%d–%d %s", players, max, terms.Players)
	}
	if players == 1 {
		return "1 " + terms.Player
	}
	return fmt.Sprintf("%d %s", players, terms.Players)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// endings lists how games ended, by name with their counts, separated by
// sep.
func endings(ends map[string]int, sep string) string {
	var out []string
	for _, k := range sim.SortedKeys(ends) {
		out = append(out, fmt.Sprintf("%s %d", k, ends[k]))
	}
	return strings.Join(out, sep)
}
