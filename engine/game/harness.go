package game

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// The harness plays a module's games for `deckwright sim`: it reads the
// request against the module's SimSpec, deals each game its player count,
// sides, seat policies and seed, runs the workers, recovers what a game
// cannot, tallies outcomes (sums and counts only, so runs and workers
// merge in any order), traces a replayed game, plays on --until-decided,
// measures --impact by paired games and builds the report. A module
// supplies its rules and bots behind Game, and the rest as data.

// Simulator is a module the harness can play.
type Simulator interface {
	Module
	// SimSpec describes the game's options and words.
	SimSpec() *SimSpec
	// Prepare loads compiled tables for a run and reads the request's
	// game options (mode, level, org, teams, variants, already checked
	// against SimSpec). An option the content rules out is an
	// OptionError.
	Prepare(t *table.Tables, req SimRequest) (*Run, error)
}

// Run is a module's side of one run of games.
type Run struct {
	// Sides are what a seat plays (heroes, Factions), in report order.
	Sides []Side
	// Cards are the card rows by card number: what Game.Counts and
	// Result.Held count by number, what --impact and excluded cards name.
	Cards []*table.Row
	// Shared: the players win or lose together (cooperative, solo).
	Shared bool
	// NewGame makes the game one worker plays on.
	NewGame func(GameConfig) Game
	// Rated says whether --impact measures a card: one the report rates,
	// in the run's decks.
	Rated func(card *table.Row) bool
	// Report adds the module's parts to a report of the tally: per-card
	// metrics and coverage (from Tally.Counts), breakdowns of its own.
	Report func(r *SimReport, t *Tally)
	// Parts says the module's Counts travel in a part file (sim --part,
	// deckwright merge): encoding/json writes and reads every count, each
	// in an exported field (unexported ones are a game's scratch). A run
	// whose counts do not is refused a part rather than merged without
	// them.
	Parts bool
}

// GameConfig is how a worker's game is set up for a run.
type GameConfig struct {
	Stats bool  // collect per-card metrics and rule coverage (Game.Counts)
	Track []int // with Stats: who got each of these cards (Result.Held)
	// Exclude leaves cards out of their decks; Substitute puts a random
	// other card of the deck in their place (Substitute).
	Exclude, Substitute map[int]bool
}

// Game plays games on one worker.
type Game interface {
	// Play plays the game s deals into res (zero but for Winner, -1). A
	// stall or an engine failure is res.Failure; it must not panic.
	Play(s *Setup, res *Result)
	// Counts are what the worker counted beyond Result (per-card
	// statistics, a module's own tallies), or nil.
	Counts() Counts
}

// Counts are a worker's module-specific counts; the run merges every
// worker's into the first. Like Tally they must be sums.
type Counts interface{ Merge(Counts) }

// Setup is one game as the harness deals it.
type Setup struct {
	Index   int
	Seed    uint64
	Players int
	// Spread: the run spreads its games over player counts (Sides is nil).
	Spread   bool
	Sides    []int // sides (indexes into Run.Sides) by seat; nil: at random
	Policies []int // policy (index into SimSpec.Policies) by seat
	Trace    Tracer
}

// SeatPolicies are a game's seat policies in a module's own policy type.
func SeatPolicies[P ~uint8 | ~int](s *Setup) []P {
	out := make([]P, len(s.Policies))
	for seat, p := range s.Policies {
		out[seat] = P(p)
	}
	return out
}

// Result is one game's outcome, as the module reports it to the harness.
type Result struct {
	End     string // how it ended: the module's ending ("fortune", "track")
	Rounds  int
	Sides   []int // the side of each seat
	Winner  int   // the seat that won alone, −1 for none
	Won     uint8 // the seats that won (shared and team wins too), a bit each
	Decided bool  // someone won: a rival, a team, or the players' side
	SideWon bool  // the players won together (cooperative)
	Losses  int   // what Terms.Losses counts, over the seats
	Prizes  int   // what Terms.Prizes counts
	Held    []uint16
	Failure *Failure
}

// Tally is what a run counts: the generic tally, the sums behind the
// report's per-game figures, failures, kept outcomes and the module's
// counts.
type Tally struct {
	sim.Tally
	Losses, Prizes int
	SideWins       int // finished games the players won together
	Failures       []Failed
	Outcomes       []Outcome // by game index − the first's, when kept
	Counts         Counts
}

func newTally(seats int) *Tally { return &Tally{Tally: sim.NewTally(seats)} }

func (t *Tally) merge(o *Tally) {
	t.Tally.Merge(&o.Tally)
	t.Losses += o.Losses
	t.Prizes += o.Prizes
	t.SideWins += o.SideWins
	t.Failures = append(t.Failures, o.Failures...)
	t.mergeCounts(o.Counts)
}

func (t *Tally) mergeCounts(c Counts) {
	switch {
	case c == nil:
	case t.Counts == nil:
		t.Counts = c
	default:
		t.Counts.Merge(c)
	}
}

// Simulate plays a request's games of a module and reports them. An
// error is an OptionError when the request asks what the game cannot do.
func Simulate(s Simulator, t *table.Tables, req SimRequest) (*SimReport, error) {
	spec := s.SimSpec()
	if err := spec.Check(s.Title(), &req); err != nil {
		return nil, err
	}
	run, err := s.Prepare(t, req)
	if err != nil {
		return nil, err
	}
	h := &harness{id: s.ID(), spec: spec, run: run, req: req, tables: t}
	if err := h.deal(); err != nil {
		return nil, err
	}
	if req.Trace != nil {
		return h.trace(), nil
	}
	return h.simulate()
}

type harness struct {
	id     string
	spec   *SimSpec
	run    *Run
	req    SimRequest
	tables *table.Tables // what the run was prepared from, nil in tests
	// sides by seat (--heroes), cards left out, policy by number.
	sides   []int
	exclude map[int]bool
	policy  int
}

// deal reads what the harness deals every game: the sides named by seat,
// the cards left out, the policy.
func (h *harness) deal() error {
	req, terms := &h.req, h.spec.Terms.Or(DefaultTerms)
	if n := max(req.Players, req.PlayersMax); n > len(h.run.Sides) {
		return Optionf("%d players but only %d %s", n, len(h.run.Sides), terms.Players)
	}
	for _, name := range req.Heroes {
		i := h.side(name)
		if i < 0 {
			if _, r := findDisabled(h.sideSheets(), name); r != nil {
				return Optionf("%s %s", terms.Player, disabledText(r, "play"))
			}
			ids := make([]string, len(h.run.Sides))
			for k, s := range h.run.Sides {
				ids[k] = s.ID
			}
			return Optionf("unknown %s %q (known: %s)", terms.Player, name, strings.Join(ids, ", "))
		}
		for _, x := range h.sides {
			if x == i {
				return Optionf("%s %q is named twice", terms.Player, name)
			}
		}
		h.sides = append(h.sides, i)
	}
	if len(req.Heroes) > 0 && (len(req.Heroes) != req.Players || req.PlayersMax > req.Players) {
		return Optionf("--heroes names %d %s for %d players", len(req.Heroes), terms.Players, req.Players)
	}
	if len(req.Exclude) > 0 {
		var err error
		if h.exclude, err = CardIndexes(h.run.Cards, req.Exclude); err != nil {
			return err
		}
	}
	h.policy = -1
	for i, p := range h.spec.Policies {
		if p.Name == req.Policy {
			h.policy = i
		}
	}
	return nil
}

// sideSheets are the sheets the run's sides are rows of.
func (h *harness) sideSheets() []*table.Table {
	var out []*table.Table
	if h.tables == nil {
		return nil
	}
	for _, tb := range h.tables.Sheets {
		for _, s := range h.run.Sides {
			if r := tb.Find(s.ID); r != nil && r.Where() == s.Where {
				out = append(out, tb)
				break
			}
		}
	}
	return out
}

// side finds a side by ID or name.
func (h *harness) side(name string) int {
	for i, s := range h.run.Sides {
		if s.ID == name || diag.Fold(s.Name) == diag.Fold(name) {
			return i
		}
	}
	return -1
}

// setup deals game index: its player count (in a range run), the sides
// named and the seats' policies — one for all, or for mix a rotation so
// every seat plays every policy equally often.
func (h *harness) setup(s *Setup, index int, seed uint64) {
	req := &h.req
	s.Index, s.Seed, s.Players, s.Sides = index, seed, req.Players, h.sides
	if s.Spread = req.PlayersMax > req.Players; s.Spread {
		s.Players = req.Players + index%(req.PlayersMax-req.Players+1)
		s.Sides = nil
	}
	s.Policies = s.Policies[:0]
	for seat := range s.Players {
		p := h.policy
		if p < 0 {
			p = (seat + index) % len(h.spec.Policies)
		}
		s.Policies = append(s.Policies, p)
	}
}

// trace plays the single game req.From, writing its log.
func (h *harness) trace() *SimReport {
	var t Tracer = TextTracer{W: h.req.Trace, Prefix: h.spec.Terms.Or(DefaultTerms).Round[:1]}
	if h.req.TraceJSON {
		t = JSONTracer{W: h.req.Trace}
	}
	w := h.worker(GameConfig{Exclude: h.exclude}, nil, nil, h.req.From)
	h.setup(&w.setup, h.req.From, rng.Seed(h.req.Seed, h.req.From))
	w.setup.Trace, w.t = t, newTally(w.setup.Players)
	w.play()
	w.t.mergeCounts(w.g.Counts())
	return h.report(w.t, sim.Stats{Games: 1})
}

// simulate plays the run: all at once or in looks (--until-decided),
// then the paired games of --impact.
func (h *harness) simulate() (*SimReport, error) {
	req := &h.req
	cfg := GameConfig{Stats: req.Stats, Exclude: h.exclude}
	keep := req.KeepGames || req.ImpactLayer != ""
	var targets []int
	if req.ImpactLayer != "" {
		var err error
		if targets, err = h.impactTargets(req.ImpactLayer); err != nil {
			return nil, err
		}
		cfg.Stats, cfg.Track = true, targets
	} else if len(req.Track) > 0 {
		cfg.Stats, cfg.Track, keep = true, h.tracked(req.Track), true
	}
	total := newTally(h.seats())
	var elapsed time.Duration
	rep := Play(*req, func(from, games int) *SimReport {
		t, st := h.batch(from, games, cfg, keep, req.Progress)
		total.merge(t)
		if keep {
			total.Outcomes = append(total.Outcomes, t.Outcomes[:st.Games]...) // the games played, if the run was stopped
		}
		elapsed += st.Elapsed
		return h.report(total, sim.Stats{Games: total.Games, Elapsed: elapsed})
	})
	if keep {
		rep.Outcomes = total.Outcomes
	}
	if req.ImpactLayer != "" && !sim.Stopped(req.Stop) {
		h.impact(rep, targets)
	}
	return rep, nil
}

// cardIDs are the IDs of cards by number.
func (h *harness) cardIDs(cards []int) []string {
	ids := make([]string, len(cards))
	for k, n := range cards {
		ids[k] = h.run.Cards[n].ID
	}
	return ids
}

// impact measures each target card by paired runs: the games of the run
// against the same seeds with a random other card of its deck in its
// place, played again only where the card was drawn. With
// --impact-games, on the run's first games for every card
// (MeasureImpact); else adaptively (adaptive.go).
func (h *harness) impact(rep *SimReport, targets []int) {
	ids := h.cardIDs(targets)
	substitute := func(id string) GameConfig {
		sub, _ := CardIndexes(h.run.Cards, []string{id}) // id is a card of the report
		return GameConfig{Exclude: h.exclude, Substitute: sub}
	}
	if h.req.ImpactGames > 0 {
		h.fixedImpact(rep, ids, targets, substitute)
		return
	}
	a := newAdaptive(rep, h.req.ImpactPlan.Or(DefaultImpactPlan), ids)
	base := GameConfig{Stats: true, Track: targets, Exclude: h.exclude}
	a.played = h.req.ImpactPlayed
	// told the games of a batch as they finish, counted with those before
	progress := func() func(int) {
		if a.played == nil {
			return nil
		}
		spent := a.spent
		return func(done int) { a.played(spent+done, a.plan.Budget) }
	}
	ok := a.run(func(n int) []Outcome {
		t, st := h.batch(len(a.base), n, base, true, progress())
		if st.Stopped {
			return nil
		}
		return t.Outcomes
	}, func(cards []*impactCard, games [][]int) [][]Outcome {
		lists := make([]pairList, len(cards))
		for k, c := range cards {
			lists[k] = pairList{substitute(c.card.ID), games[k]}
		}
		out, done := h.playLists(lists, progress())
		if done < len(lists) {
			return nil
		}
		return out
	}, h.req.ImpactRound)
	// Interrupted, the rounds finished are kept (the one under way was
	// undone): an effect from them is as valid as any, only less precise.
	if ok || a.rounds > 0 {
		a.report(rep)
		rep.Judge()
		a.closeVerdicts(rep)
	}
}

// fixedImpact pairs every card on the run's first ImpactGames games
// (--impact-games), only those it was drawn in (in the others the two
// games are the same game). A shard pairs its share of them, split as
// the games are (sim.Shard): at or before its own slice, so it plays
// again those before it, for their outcomes. The report gets the cards'
// impact on the games paired, and keeps their sums for a part.
func (h *harness) fixedImpact(rep *SimReport, ids []string, targets []int, substitute func(string) GameConfig) {
	// The base games paired: base[i] is game from+i (from h.req.From).
	from, games := 0, min(h.req.ImpactGames, len(rep.Outcomes))
	base := rep.Outcomes[:games]
	first := -1 // a shard's share: its first paired game, from the run's
	if s := h.req.Shard; s != nil {
		var count int
		first, count = sim.Shard(h.req.ImpactGames, s.K, s.N)
		own := h.req.From - s.From // the shard's first game, from the run's
		from, games = first-own, count
		base = rep.Outcomes[:max(first+count-own, 0)]
		if before := min(count, own-first); before > 0 {
			t, st := h.batch(from, before, GameConfig{Stats: true, Track: targets, Exclude: h.exclude}, true, nil)
			if st.Stopped {
				return
			}
			base = append(t.Outcomes, base...)
		}
	}
	sums, done := pairCards(rep, ids, base, from, func(drawn [][]int) ([][]Outcome, int) {
		lists := make([]pairList, len(ids))
		for k, id := range ids {
			if len(drawn[k]) > 0 {
				lists[k] = pairList{substitute(id), drawn[k]}
			}
		}
		return h.playLists(lists, cardProgress(lists, ids, h.req.ImpactProgress))
	})
	// Interrupted, the cards whose paired games all finished are kept:
	// the lists are played in order, so they are the first ones.
	rep.keptImpact(ids, games, sums, done)
	if first >= 0 && rep.ImpactRun != nil {
		rep.ImpactRun.ShareOf, rep.ImpactRun.ShareFrom = h.req.ImpactGames, first
	}
}

// cardProgress tells progress, if set, which card's list (of lists, by
// card as ids) the games done have reached, as each card begins: the
// first at once, the others as the games done (told to the function it
// returns) reach them.
func cardProgress(lists []pairList, ids []string, progress func(card, cards int, id string)) func(done int) {
	if progress == nil || len(ids) == 0 {
		return nil
	}
	ends := make([]int, len(lists)) // each list's end, from the first's start
	for k, l := range lists {
		ends[k] = len(l.games)
		if k > 0 {
			ends[k] += ends[k-1]
		}
	}
	told := -1
	tell := func(done int) {
		k := min(sort.SearchInts(ends, done+1), len(ids)-1) // the first list not done
		if k > told {
			told = k
			progress(k+1, len(ids), ids[k])
		}
	}
	tell(0)
	return tell
}

// pairList is one card's paired games: the run's games numbered games
// (from the request's first; a shard's fixed --impact numbers those
// before its slice below 0), played with cfg (the card's substitute).
type pairList struct {
	cfg   GameConfig
	games []int
}

// playLists plays the games of every list on one pool of workers, list
// after list, and returns each list's outcomes in its order, and how
// many lists, from the first, were played whole: all of them unless the
// run was stopped (sim.Run's games played are always the first ones).
// One pool for all the lists of a round keeps every
// worker busy to the end: a list of its own would be a parallel run with
// a start and a tail, for a card's few games. A game's outcome depends on
// its seed and its card alone, so which worker plays it changes nothing.
// progress, if set, is told the games done, of all the lists.
func (h *harness) playLists(lists []pairList, progress func(done int)) ([][]Outcome, int) {
	starts := make([]int, len(lists)+1)
	for k, l := range lists {
		starts[k+1] = starts[k] + len(l.games)
	}
	total := starts[len(lists)]
	kept := make([]Outcome, total)
	out := make([][]Outcome, len(lists))
	for k := range lists {
		out[k] = kept[starts[k]:starts[k+1]:starts[k+1]]
	}
	if total == 0 {
		return out, len(lists)
	}
	st := sim.Run(sim.Config{Games: total, Workers: h.req.Workers, Seed: h.req.Seed, Stop: h.req.Stop, Progress: progress},
		func(int) sim.Worker {
			return &listWorker{h: h, lists: lists, starts: starts, kept: kept, t: newTally(h.seats())}
		})
	if !st.Stopped {
		return out, len(lists)
	}
	whole := 0
	for whole < len(lists) && starts[whole+1] <= st.Games {
		whole++
	}
	return out[:whole], whole
}

// listWorker plays the games of lists: sim.Run's game i is the i-th of
// them all, with that game's own seed. A worker is handed its games in
// increasing order, so it moves from list to list only forward, and makes
// the game of a list's card (its substitute) once.
type listWorker struct {
	h      *harness
	lists  []pairList
	starts []int // the lists' first games, from all the lists' first
	kept   []Outcome
	t      *Tally // the worker's games' (only kept's outcomes are used)
	list   int    // the list of the last game played
	w      *worker
}

// at sets the worker up for game i of all the lists and returns the
// game's index in the run.
func (l *listWorker) at(i int) int {
	for i >= l.starts[l.list+1] {
		l.list++
		l.w = nil
	}
	if l.w == nil {
		l.w = l.h.worker(l.lists[l.list].cfg, l.t, l.kept, 0)
	}
	l.w.slot = i
	return l.h.req.From + l.lists[l.list].games[i-l.starts[l.list]]
}

func (l *listWorker) Play(i int, _ uint64) {
	index := l.at(i)
	l.w.h.setup(&l.w.setup, index, rng.Seed(l.h.req.Seed, index))
	l.w.play()
}

func (l *listWorker) Failed(i int, _ uint64, r any) {
	index := l.at(i)
	l.w.fail(index, rng.Seed(l.h.req.Seed, index), r)
}

// tracked are the card numbers of the cards ids names, in order.
func (h *harness) tracked(ids []string) []int {
	var out []int
	for _, id := range ids {
		for n, row := range h.run.Cards {
			if row.ID == id {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

func (h *harness) seats() int { return max(h.req.Players, h.req.PlayersMax) }

// batch plays games from index req.From+from on every worker and merges
// their tallies.
func (h *harness) batch(from, games int, cfg GameConfig, keep bool, progress func(int)) (*Tally, sim.Stats) {
	var kept []Outcome
	if keep {
		kept = make([]Outcome, games)
	}
	first := h.req.From + from
	var workers []*worker
	st := sim.Run(sim.Config{Games: games, Workers: h.req.Workers, Seed: h.req.Seed, From: first, Progress: progress, Stop: h.req.Stop},
		func(int) sim.Worker {
			w := h.worker(cfg, newTally(h.seats()), kept, first)
			workers = append(workers, w)
			return w
		})
	total := newTally(h.seats())
	total.Outcomes = kept
	for _, w := range workers {
		total.merge(w.t)
		total.mergeCounts(w.g.Counts())
	}
	sort.Slice(total.Failures, func(i, j int) bool { return total.Failures[i].Index < total.Failures[j].Index })
	return total, st
}

// worker plays games on one goroutine into its own tally.
type worker struct {
	h     *harness
	g     Game
	t     *Tally
	kept  []Outcome // shared by the workers: each writes its own games'
	first int
	slot  int // the game's place in kept
	setup Setup
	res   Result
}

func (h *harness) worker(cfg GameConfig, t *Tally, kept []Outcome, first int) *worker {
	return &worker{h: h, g: h.run.NewGame(cfg), t: t, kept: kept, first: first}
}

func (w *worker) Play(index int, seed uint64) {
	w.slot = index - w.first
	w.h.setup(&w.setup, index, seed)
	w.play()
}

func (w *worker) play() {
	w.res = Result{Winner: -1}
	w.g.Play(&w.setup, &w.res)
	w.record()
}

// Failed records a game that panicked outside the module's recovery.
func (w *worker) Failed(index int, seed uint64, r any) {
	w.slot = index - w.first
	w.fail(index, seed, r)
}

func (w *worker) fail(index int, seed uint64, r any) {
	w.setup.Index = index
	w.res = Result{Winner: -1, Failure: &Failure{Seed: seed, Message: fmt.Sprint(r)}}
	w.record()
}

func (w *worker) record() {
	t, res, s := w.t, &w.res, &w.setup
	t.Games++
	var out *Outcome
	if w.kept != nil {
		out = &w.kept[w.slot]
		*out = Outcome{Done: res.Failure == nil, Rounds: res.Rounds, Win: res.SideWon}
		if res.Winner >= 0 && res.Winner < len(res.Sides) {
			out.Winner = w.h.run.Sides[res.Sides[res.Winner]].ID
		}
	}
	if f := res.Failure; f != nil {
		if f.Stall {
			t.Ends["stall"]++
		} else {
			t.Ends["error"]++
		}
		t.Failures = append(t.Failures, Failed{Index: s.Index, Failure: f})
		return
	}
	t.Ends[res.End]++
	t.Rounds.Add(res.Rounds)
	if res.SideWon {
		t.SideWins++
	}
	n := len(res.Sides)
	t.Finished(n, res.Decided)
	policies := w.h.spec.Policies
	for seat, side := range res.Sides {
		t.Seat(n, w.h.run.Sides[side].ID, seat, policies[s.Policies[seat]].Name, res.Won&(1<<seat) != 0)
	}
	t.Losses += res.Losses
	t.Prizes += res.Prizes
	if out != nil {
		out.Won, out.Held = res.Won, res.Held
	}
}

// report turns a tally into the report.
func (h *harness) report(t *Tally, st sim.Stats) *SimReport {
	req := &h.req
	r := &SimReport{Game: h.id, Seed: req.Seed, Mode: req.Mode, Players: req.Players, PlayersMax: req.PlayersMax,
		Level: req.Option("level"), Policy: req.Policy, Terms: h.spec.Terms, Balance: req.Balance,
		Stalls: []Incident{}, Errors: []Incident{}, NeverDrawn: []string{}, GamesPerSecond: st.GamesPerSecond()}
	names := make([]string, len(h.spec.Policies))
	for i, p := range h.spec.Policies {
		names[i] = p.Name
	}
	r.AddTally(&t.Tally, h.run.Sides, names, h.run.Shared)
	r.full, r.parts = t, h.run.Parts || t.Counts == nil
	if finished := t.Rounds.N(); finished > 0 {
		r.LossesPerGame = perGame(t.Losses, finished)
		r.PrizesPerGame = perGame(t.Prizes, finished)
	}
	r.AddFailures(t.Failures)
	for _, list := range [][]Incident{r.Stalls, r.Errors} {
		for i := range list {
			for _, row := range h.run.Cards {
				if row.ID == list[i].Card {
					list[i].Where = row.Where()
					break
				}
			}
		}
	}
	if h.run.Report != nil {
		h.run.Report(r, t)
	}
	if r.Coverage != nil {
		r.NeverDrawn = r.Coverage.NeverDrawn
	}
	if r.Cards != nil {
		r.CountCardErrors()
	}
	r.Judge()
	return r
}

// perGame is a sum over finished games, per game, to 2 places (as the
// reports have always rounded it).
func perGame(sum int, games int64) float64 {
	return float64(int64(float64(sum)/float64(games)*100+0.5)) / 100
}

// Games plays req.Games games of a prepared run and returns their tally:
// the harness without a request's parsing, for a module's tests and
// benchmarks of its rules and bots.
func Games(spec *SimSpec, run *Run, req SimRequest) (*Tally, sim.Stats) {
	if req.Policy == "" {
		req.Policy = spec.Policies[0].Name
	}
	h := &harness{spec: spec, run: run, req: req}
	if err := h.deal(); err != nil {
		panic(err) // a test's mistake
	}
	return h.batch(0, req.Games, GameConfig{Stats: req.Stats, Exclude: h.exclude}, req.KeepGames, req.Progress)
}
