package fallenland

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// SimOptions configure a quick-sim run.
type SimOptions struct {
	Options
	// Policy is cautious, bold, random, or mix (seats rotate through the
	// three, game by game).
	Policy     string
	Games      int
	Seed       uint64
	From       int
	Workers    int
	Stats      bool
	Progress   func(done int)
	PlayersMax int
	KeepGames  bool
	Stop       <-chan struct{} // closed: the run ends between games
	// Track (with Stats and KeepGames) records in each outcome who got
	// each of these cards (by Card.N): the cards --impact measures.
	Track []int
	// Balance is how the report's verdicts are reached.
	Balance game.Balance
}

// GameOutcome is one game's result, kept for paired comparisons.
type GameOutcome struct {
	Turns  int16
	End    uint8 // 0 finished, 2 stall, 3 error
	Winner int16 // the winning Faction's index, -1 none
	Won    uint8 // the seats that won (shared wins too), one bit a seat
	Held   []uint16
}

// Tally is one worker's (then the whole run's) counts.
type Tally struct {
	sim.Tally        // by Faction ID; Rounds counts Turns
	Deaths, Captures int
	Failures         []game.Failed
	Stats            *Stats
	PerGame          []GameOutcome
}

func newTally(seats int) *Tally {
	return &Tally{Tally: sim.NewTally(seats)}
}

func (t *Tally) merge(o *Tally) {
	t.Tally.Merge(&o.Tally)
	t.Deaths += o.Deaths
	t.Captures += o.Captures
	t.Failures = append(t.Failures, o.Failures...)
	if o.Stats != nil {
		if t.Stats == nil {
			t.Stats = o.Stats
		} else {
			t.Stats.Merge(o.Stats)
		}
	}
}

type simWorker struct {
	g     *Game
	opt   SimOptions
	tally *Tally
}

func (w *simWorker) Play(index int, seed uint64) {
	opt := w.opt.gameOptions(index)
	res, err := w.g.PlaySafe(seed, opt)
	w.record(index, res, err)
}

func (w *simWorker) Failed(index int, seed uint64, r any) {
	w.record(index, Result{Seed: seed, Winner: -1}, &Failure{Seed: seed, Message: fmt.Sprint(r)})
}

// gameOptions are the options of game index: its player count (in a range
// run) and the seats' policies.
func (o *SimOptions) gameOptions(index int) Options {
	opt := o.Options
	if o.PlayersMax > o.Players {
		opt.Players = o.Players + index%(o.PlayersMax-o.Players+1)
		opt.Factions = nil
	}
	opt.Policies = seatPolicies(o.Policy, opt.Players, index)
	return opt
}

// seatPolicies gives each seat its policy: one for all, or for mix a
// rotation so every seat plays every policy equally often.
func seatPolicies(policy string, players, index int) []Policy {
	out := make([]Policy, players)
	if policy == "mix" {
		for s := range out {
			out[s] = Policy((s + index) % len(policyNames))
		}
		return out
	}
	p, _ := ParsePolicy(policy)
	for s := range out {
		out[s] = p
	}
	return out
}

func (w *simWorker) record(index int, res Result, err error) {
	t := w.tally
	t.Games++
	c := w.g.c
	if t.PerGame != nil {
		out := GameOutcome{Turns: int16(res.Turns), Winner: -1}
		if res.Winner >= 0 && res.Winner < len(res.Factions) {
			out.Winner = int16(res.Factions[res.Winner])
		}
		if err != nil {
			out.End = 3
			if f, ok := err.(*Failure); ok && f.Stall {
				out.End = 2
			}
		}
		t.PerGame[index-w.opt.From] = out
	}
	if err != nil {
		f, ok := err.(*Failure)
		if !ok {
			f = &Failure{Seed: res.Seed, Message: err.Error()}
		}
		if f.Stall {
			t.Ends["stall"]++
		} else {
			t.Ends["error"]++
		}
		t.Failures = append(t.Failures, game.Failed{Index: index, Failure: f})
		if w.g.stats != nil {
			w.g.stats.clearGame()
		}
		return
	}
	t.Ends[res.End]++
	t.Rounds.Add(res.Turns)
	n := len(res.Factions)
	t.Finished(n, res.Winner >= 0)
	for seat, fi := range res.Factions {
		id := c.Factions[fi].ID
		pol := res.Policies[seat].String()
		won := res.Winner == seat
		for _, s := range res.Shared {
			won = won || s == seat
		}
		t.Seat(n, id, seat, pol, won)
		if won && t.PerGame != nil {
			t.PerGame[index-w.opt.From].Won |= 1 << seat
		}
		if seat < len(res.Deaths) {
			t.Deaths += res.Deaths[seat]
		}
	}
	for _, p := range w.g.players {
		t.Captures += p.captures
	}
	if st := w.g.stats; st != nil {
		st.endGame(w.g)
		if t.PerGame != nil {
			t.PerGame[index-w.opt.From].Held = st.held
		}
	}
}

// Simulate plays a run of games and returns the merged tally.
func Simulate(c *Content, opt SimOptions) (*Tally, sim.Stats) {
	if opt.Policy == "" {
		opt.Policy = "cautious"
	}
	if opt.Players <= 0 {
		opt.Players = 4
	}
	var workers []*simWorker
	var perGame []GameOutcome
	if opt.KeepGames {
		perGame = make([]GameOutcome, opt.Games)
	}
	seats := max(opt.Players, opt.PlayersMax)
	stats := sim.Run(sim.Config{Games: opt.Games, Workers: opt.Workers, Seed: opt.Seed, From: opt.From, Progress: opt.Progress, Stop: opt.Stop},
		func(int) sim.Worker {
			w := &simWorker{g: New(c), opt: opt, tally: newTally(seats)}
			w.tally.PerGame = perGame
			if opt.Stats {
				w.g.stats = NewStats(c)
				w.g.fx.Coverage = w.g.stats.Coverage
				w.tally.Stats = w.g.stats
				if opt.Track != nil && opt.KeepGames {
					w.g.stats.track(opt.Track)
				}
			}
			workers = append(workers, w)
			return w
		})
	total := newTally(seats)
	total.PerGame = perGame
	for _, w := range workers {
		total.merge(w.tally)
	}
	sort.Slice(total.Failures, func(i, j int) bool { return total.Failures[i].Index < total.Failures[j].Index })
	return total, stats
}

// Modes are the games `deckwright sim --mode` plays.
var Modes = []string{"competitive", "short"}

func (module) SimModes() (modes, policies []string) {
	return Modes, append(append([]string{}, policyNames...), "mix")
}

// variantNames are the named rule variants of `deckwright sim --variant`.
var variantNames = map[string]string{
	"tiebreak-other-track":     "FL-AMB-01: a victory tie compares the other track instead of Town Health + 4 × Prestige",
	"exact-ten-formula":        "FL-AMB-03: a Total Skill of exactly 10, 20, 30 reads by the formula (1, 2, 3 automatic successes, a 1 adds one) instead of as 9, 19, 29",
	"master-bonus-all":         "FL-AMB-04: the Master bonus on Solo and Individual checks too",
	"first-strike-no-master":   "FL-AMB-04: no Master bonus on a First Strike roll (it is one Character's check, not the Party's)",
	"last-point-any":           "FL-AMB-12: with any movement left, the last step enters a hex of any cost",
	"radiation-any-move":       "FL-AMB-25: Radiation damage whenever a Party lands on the hex (Flight, PVP escape, a card), not only when a Movement Deed ends there",
	"ambush-any-move":          "FL-AMB-25: a rival town's Town Defense chips strike a Party that lands there by a Flight, a PVP escape or a card, not only one whose Movement Deed ends there",
	"town-heal-own":            "FL-AMB-14: the free healing point only in the Faction's own Starting Town",
	"mission-relocate-on-draw": "FL-AMB-27: a Mission chip moves when the Mission is drawn, not after",
	"mission-on-water":         "FL-AMB-56: Mission chips may land on Water",
	"short-town-health-50":     "FL-OPT-08: the quick-start's Short Game Town Health of 50",
	"no-npcm":                  "bots never hire NPCMs or hit men",
	"draft-setup":              "FL-OPT-01: Draft Setup: each player keeps one of the six Characters dealt and passes the rest left, then two Spoils at a time passing right",
}

// VariantNames lists the variant names with what they do.
func VariantNames() map[string]string { return variantNames }

func findFaction(c *Content, id string) int {
	for i := range c.Factions {
		if c.Factions[i].ID == id || strings.EqualFold(c.Factions[i].Name, id) {
			return i
		}
	}
	return -1
}

// options turns a generic request into game options.
func (m module) options(c *Content, req game.SimRequest) (SimOptions, error) {
	opt := SimOptions{Options: Options{Players: req.Players, MaxRounds: req.MaxRounds}, Policy: req.Policy, Games: req.Games,
		Seed: req.Seed, From: req.From, Workers: req.Workers, Stats: req.Stats, Progress: req.Progress, PlayersMax: req.PlayersMax,
		KeepGames: req.KeepGames || req.ImpactLayer != "", Stop: req.Stop, Balance: req.Balance}
	switch req.Mode {
	case "", "competitive":
	case "short":
		opt.Short = true
	default:
		return opt, fmt.Errorf("Fallen Land has no %q mode (competitive, short)", req.Mode)
	}
	if req.Level != "" {
		return opt, fmt.Errorf("Fallen Land has no game levels (--level is a Fortune and Glory option; for a short game, --mode short)")
	}
	if req.Org != "" {
		return opt, fmt.Errorf("--org is a Fortune and Glory option; Fallen Land has no organizations")
	}
	if opt.Players < 1 || opt.Players > 6 || opt.PlayersMax > 6 {
		return opt, fmt.Errorf("Fallen Land is for 1 to 6 players, not %d", max(opt.Players, opt.PlayersMax))
	}
	if max(opt.Players, opt.PlayersMax) > len(c.Factions) {
		return opt, fmt.Errorf("%d players but only %d Factions", max(opt.Players, opt.PlayersMax), len(c.Factions))
	}
	if len(req.Exclude) > 0 {
		var err error
		if opt.Exclude, err = game.CardIndexes(c.Cards, req.Exclude); err != nil {
			return opt, err
		}
	}
	if len(req.Heroes) > 0 {
		var ids []string
		for i := range c.Factions {
			ids = append(ids, c.Factions[i].ID)
		}
		for _, id := range req.Heroes {
			f := findFaction(c, id)
			if f < 0 {
				return opt, fmt.Errorf("unknown Faction %q (known: %s)", id, strings.Join(ids, ", "))
			}
			for _, x := range opt.Factions {
				if x == f {
					return opt, fmt.Errorf("Faction %q is named twice", id)
				}
			}
			opt.Factions = append(opt.Factions, f)
		}
		if len(req.Heroes) != opt.Players || opt.PlayersMax > opt.Players {
			return opt, fmt.Errorf("--heroes names %d Factions for %d players", len(req.Heroes), opt.Players)
		}
	}
	for _, v := range req.Variants {
		if !opt.Variants.Set(v) {
			return opt, fmt.Errorf("unknown variant %q (known: %s)", v, strings.Join(sim.SortedKeys(variantNames), ", "))
		}
	}
	if opt.Policy == "" {
		opt.Policy = "cautious"
	}
	if _, err := ParsePolicy(opt.Policy); err != nil && opt.Policy != "mix" {
		return opt, fmt.Errorf("unknown policy %q (cautious, bold, random, mix)", opt.Policy)
	}
	return opt, nil
}

func (m module) Simulate(t *table.Tables, req game.SimRequest) (*game.SimReport, error) {
	c, err := Load(t)
	if err != nil {
		return nil, err
	}
	opt, err := m.options(c, req)
	if err != nil {
		return nil, err
	}
	if req.Trace != nil {
		g := New(c)
		o := opt.gameOptions(opt.From)
		var t game.Tracer = game.TextTracer{W: req.Trace, Prefix: "t"}
		if req.TraceJSON {
			t = game.JSONTracer{W: req.Trace}
		}
		res, err := g.Trace(t, rng.Seed(opt.Seed, opt.From), o)
		tally := newTally(o.Players)
		(&simWorker{g: g, opt: opt, tally: tally}).record(opt.From, res, err)
		return m.report(c, opt, tally, sim.Stats{Games: 1}), nil
	}
	var targets []int
	if req.ImpactLayer != "" {
		if targets, err = impactTargets(c, req.ImpactLayer); err != nil {
			return nil, err
		}
		opt.Stats, opt.Track = true, targets
	}
	tally := newTally(max(opt.Players, opt.PlayersMax))
	var elapsed time.Duration
	play := func(from, games int) *game.SimReport {
		o := opt
		o.From, o.Games = opt.From+from, games
		t, st := Simulate(c, o)
		tally.merge(t)
		if t.PerGame != nil {
			tally.PerGame = append(tally.PerGame, t.PerGame[:st.Games]...) // the games played, if the run was stopped
		}
		elapsed += st.Elapsed
		return m.report(c, opt, tally, sim.Stats{Games: tally.Games, Elapsed: elapsed})
	}
	rep := game.Play(req, play)
	if opt.KeepGames {
		rep.Outcomes = outcomes(c, tally.PerGame)
	}
	if req.ImpactLayer != "" && !sim.Stopped(req.Stop) {
		measureImpact(c, opt, req, rep, targets)
	}
	return rep, nil
}

// outcomes converts kept game outcomes to the generic form.
func outcomes(c *Content, per []GameOutcome) []game.Outcome {
	out := make([]game.Outcome, len(per))
	for i, o := range per {
		out[i] = game.Outcome{Done: o.End < 2, Rounds: int(o.Turns), Won: o.Won, Held: o.Held}
		if o.Winner >= 0 {
			out[i].Winner = c.Factions[o.Winner].ID
		}
	}
	return out
}

// Terms are Fallen Land's words for the generic report: Factions are its
// players, Turns its rounds, Character deaths its losses, Resources
// captured its prizes.
var Terms = game.Terms{Player: "faction", Players: "factions", Round: "turn", Rounds: "turns", Losses: "character deaths",
	Prizes: "resources captured", Score: "Prestige", Money: "Salvage", Damage: "damage"}

// report turns a tally into the generic report.
func (m module) report(c *Content, opt SimOptions, t *Tally, st sim.Stats) *game.SimReport {
	mode := "competitive"
	if opt.Short {
		mode = "short"
	}
	r := &game.SimReport{Game: GameID, Seed: opt.Seed, Mode: mode, Players: opt.Players, PlayersMax: opt.PlayersMax,
		Policy: opt.Policy, Terms: Terms, Balance: opt.Balance,
		Stalls: []game.Incident{}, Errors: []game.Incident{}, NeverDrawn: []string{}, GamesPerSecond: st.GamesPerSecond()}
	sides := make([]game.Side, len(c.Factions))
	for i, f := range c.Factions {
		sides[i] = game.Side{ID: f.ID, Name: f.Name, Where: f.Row.Where()}
	}
	r.AddTally(&t.Tally, sides, policyNames, false)
	if finished := t.Rounds.N(); finished > 0 {
		r.LossesPerGame = round2(float64(t.Deaths) / float64(finished))
		r.PrizesPerGame = round2(float64(t.Captures) / float64(finished))
	}
	r.AddFailures(t.Failures)
	rows := map[string]*table.Row{}
	for _, row := range c.Cards {
		rows[row.ID] = row
	}
	for _, list := range [][]game.Incident{r.Stalls, r.Errors} {
		for i := range list {
			if row := rows[list[i].Card]; row != nil {
				list[i].Where = row.Where()
			}
		}
	}
	if t.Stats != nil {
		r.Cards = cardReports(c, t.Stats)
		r.Coverage = coverage(c, opt, t.Stats, r.Cards)
		r.NeverDrawn = r.Coverage.NeverDrawn
		r.CountCardErrors()
	}
	r.Judge()
	return r
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
