package fng

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

func (module) SimModes() (modes, policies []string) {
	return []string{"competitive", "coop", "team", "solo"}, append(append([]string{}, policyNames...), "mix")
}

// variantNames are the named rule variants and optional rules of
// `deckwright sim --variant`.
var variantNames = map[string]string{
	"advanced-nazis":   "optional rule: a Nazi soldier figure is fought as a drawn Nazi Enemies card",
	"fixed-movement":   "optional rule: move 4 spaces, or roll (a 1–2 draws an Event); no move in a cliffhanger",
	"german-collapse":  "variant from the German quick rules: each cliffhanger at a Temple (or villain search there with a 1) rolls dice equal to its Danger value, each 1–2 a collapse marker; it collapses when they reach the Danger value",
	"solo-hard":        "harder solo game: villains win at 15, the hero needs 20",
	"draw-from-bottom": "Dangers deck drawn from the bottom, cycling through every card before any repeats",
	"villain-successes-first": "a villain's search counts its successes (markers, Temple coins, the artifact) before the wounds of its 1s; " +
		"the rulebook's reading takes the wounds first, so a villain they KO loses that roll's markers",
	"fortune-goal=N": "optional rule: the Fortune a hero (cooperative: the heroes; team game: a team) needs to win is N",
	"track-goal=N":   "optional rule: the villain track the vile organization needs to win is N (up to 30)",
}

// Variants lists the variant names with what they do.
func VariantNames() map[string]string { return variantNames }

// options turns a generic request into game options.
func (m module) options(c *Content, req game.SimRequest) (SimOptions, error) {
	mode, err := ParseMode(req.Mode)
	if err != nil {
		return SimOptions{}, err
	}
	var advanced bool
	switch req.Level {
	case "", "advanced":
		advanced = true
	case "basic":
	default:
		return SimOptions{}, fmt.Errorf("unknown level %q (basic, advanced)", req.Level)
	}
	opt := SimOptions{Options: Options{Mode: mode, Players: req.Players, Advanced: advanced, MaxRounds: req.MaxRounds,
		Org: req.Org}, Policy: req.Policy, Games: req.Games, Seed: req.Seed, From: req.From, Workers: req.Workers, Stats: req.Stats,
		Progress: req.Progress, PlayersMax: req.PlayersMax, KeepGames: req.KeepGames || req.ImpactLayer != "", Stop: req.Stop, Balance: req.Balance}
	if len(req.Exclude) > 0 {
		if opt.Exclude, err = game.CardIndexes(c.Cards, req.Exclude); err != nil {
			return opt, err
		}
	}
	if opt.PlayersMax > 8 || (opt.PlayersMax > 0 && opt.PlayersMax < opt.Players) {
		return opt, fmt.Errorf("player range %d–%d is not within 1–8", opt.Players, opt.PlayersMax)
	}
	if opt.Org == "random" {
		opt.Org = ""
		if mode == Competitive || mode == Team {
			opt.Org = "random" // the optional rule: an organization at random
		}
	}
	if !opt.Advanced && (mode == Cooperative || mode == Solo || opt.Org != "") {
		return opt, fmt.Errorf("a vile organization's villains are an advanced element: the %s game needs the advanced level", mode)
	}
	if opt.Org != "" && opt.Org != "random" {
		found := false
		var ids []string
		for _, o := range c.Orgs {
			ids = append(ids, o.ID)
			found = found || o.ID == opt.Org || fold(o.Name) == fold(opt.Org) || fold(o.ID)+"s" == fold(opt.Org)
			if found && o.ID != opt.Org && (fold(o.Name) == fold(opt.Org) || fold(o.ID)+"s" == fold(opt.Org)) {
				opt.Org = o.ID
			}
		}
		if !found {
			return opt, fmt.Errorf("unknown organization %q (known: %s, random)", req.Org, strings.Join(ids, ", "))
		}
	}
	if opt.Players < 1 || opt.Players > 8 {
		return opt, fmt.Errorf("--players must be 1 to 8, not %d", opt.Players)
	}
	if mode == Solo && opt.Players != 1 && opt.Players > 4 {
		return opt, fmt.Errorf("the solo game is for one player running 1 to 4 heroes")
	}
	if opt.Players > len(c.Heroes) {
		return opt, fmt.Errorf("%d players but only %d heroes", opt.Players, len(c.Heroes))
	}
	if mode == Team {
		teams := req.Teams
		if teams == 0 {
			teams = 2
		}
		if teams < 2 || opt.Players%teams != 0 || opt.Players/teams < 2 || opt.Players/teams > 4 {
			return opt, fmt.Errorf("the team game needs even teams of 2 to 4 heroes: %d heroes cannot make %d teams", opt.Players, teams)
		}
		opt.Teams = make([]int, opt.Players)
		for s := range opt.Teams {
			opt.Teams[s] = s % teams // teammates take turns around the table
		}
	}
	if len(req.Heroes) > 0 {
		for _, id := range req.Heroes {
			idx := -1
			var ids []string
			for i, h := range c.Heroes {
				ids = append(ids, h.ID)
				if h.ID == id || fold(h.Name) == fold(id) {
					idx = i
				}
			}
			if idx < 0 {
				return opt, fmt.Errorf("unknown hero %q (known: %s)", id, strings.Join(ids, ", "))
			}
			if containsInt(opt.Heroes, idx) {
				return opt, fmt.Errorf("hero %q is named twice", id)
			}
			opt.Heroes = append(opt.Heroes, idx)
		}
		if len(req.Heroes) != opt.Players {
			return opt, fmt.Errorf("--heroes names %d heroes for %d players", len(req.Heroes), opt.Players)
		}
	}
	for _, v := range req.Variants {
		switch v {
		case "advanced-nazis":
			opt.Variants.AdvancedNazis = true
		case "fixed-movement":
			opt.Variants.FixedMovement = true
		case "german-collapse":
			opt.Variants.GermanCollapse = true
		case "solo-hard":
			opt.Variants.SoloHard = true
		case "draw-from-bottom":
			opt.Dangers = DrawFromBottom
		case "villain-successes-first":
			opt.Variants.VillainSuccessesFirst = true
		default:
			if name, val, ok := strings.Cut(v, "="); ok && (name == "fortune-goal" || name == "track-goal") {
				n, err := strconv.Atoi(val)
				if err != nil || n < 1 || (name == "track-goal" && n > 30) || n > 200 {
					return opt, fmt.Errorf("variant %s wants a goal from 1 to %d, not %q", name, map[bool]int{true: 30, false: 200}[name == "track-goal"], val)
				}
				if name == "fortune-goal" {
					opt.Variants.FortuneGoal = n
				} else {
					opt.Variants.TrackGoal = n
				}
				continue
			}
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
		o := opt.Options
		o.Policies = seatPolicies(opt.Policy, o.Players, opt.From)
		seed := simSeed(opt.Seed, opt.From)
		var t game.Tracer = game.TextTracer{W: req.Trace, Prefix: "r"}
		if req.TraceJSON {
			t = game.JSONTracer{W: req.Trace}
		}
		res, err := g.TraceEvents(t, seed, o)
		tally := newTally(o.Players)
		(&simWorker{g: g, opt: opt, tally: tally}).record(opt.From, res, err)
		return m.report(c, opt, tally, sim.Stats{Games: 1}), nil
	}
	var targets []int
	if req.ImpactLayer != "" {
		if targets, err = impactTargets(c, opt, req.ImpactLayer); err != nil {
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
		out[i] = game.Outcome{Done: o.End < 2, Rounds: int(o.Rounds), Win: o.HeroWin, Won: o.Won, Held: o.Held}
		if o.Winner >= 0 {
			out[i].Winner = c.Heroes[o.Winner].ID
		}
	}
	return out
}

// Terms are Fortune and Glory's words for the generic report.
var Terms = game.Terms{Player: "hero", Players: "heroes", Round: "round", Rounds: "rounds", Losses: "KOs",
	Prizes: "artifacts recovered", Score: "Glory", Money: "Fortune", Damage: "wounds"}

func level(advanced bool) string {
	if advanced {
		return "advanced"
	}
	return "basic"
}

// report turns a tally into the generic report.
func (m module) report(c *Content, opt SimOptions, t *Tally, st sim.Stats) *game.SimReport {
	r := &game.SimReport{Game: GameID, Seed: opt.Seed, Mode: opt.Mode.String(), Players: opt.Players, PlayersMax: opt.PlayersMax,
		Level: level(opt.Advanced), Policy: opt.Policy, Terms: Terms, Balance: opt.Balance,
		Stalls: []game.Incident{}, Errors: []game.Incident{}, NeverDrawn: []string{}, GamesPerSecond: st.GamesPerSecond()}
	sides := make([]game.Side, len(c.Heroes))
	for i, h := range c.Heroes {
		sides[i] = game.Side{ID: h.ID, Name: h.Name, Where: h.Row.Where()}
	}
	r.AddTally(&t.Tally, sides, policyNames, opt.Mode == Cooperative || opt.Mode == Solo)
	finished := t.Rounds.N()
	if finished > 0 {
		r.LossesPerGame = round2(float64(t.KOs) / float64(finished))
		r.PrizesPerGame = round2(float64(t.Artifacts) / float64(finished))
	}
	if opt.Mode != Competitive {
		org := opt.Org
		if org == "" {
			org = "random"
		}
		cr := &game.CoopReport{HeroWins: game.NewRate("heroes", "", t.HeroWins, int(finished)), TrackHistogram: t.Track.Counts, Organization: org}
		if finished > 0 {
			cr.VillainArtifactsMean = round2(float64(t.VillainArtifacts) / float64(finished))
		}
		if opt.Mode != Team {
			r.Coop = cr
		}
	}
	r.AddFailures(t.Failures)
	for _, list := range [][]game.Incident{r.Stalls, r.Errors} {
		for i := range list {
			if row := findRow(c, list[i].Card); row != nil {
				list[i].Where = row.Where()
			}
		}
	}
	if t.Stats != nil {
		r.Cards = cardReports(c, opt, t.Stats)
		r.Coverage = coverage(c, opt, t.Stats, r.Cards)
		r.NeverDrawn = r.Coverage.NeverDrawn
		r.CountCardErrors()
	}
	r.Judge()
	if opt.Mode == Cooperative || opt.Mode == Solo {
		for _, n := range sortedInts(t.ByPlayers) {
			label := fmt.Sprintf("%d heroes", n)
			if n == 1 {
				label = "1 hero"
			}
			r.ByPlayers = append(r.ByPlayers, game.NewRate(label, "", t.ByPlayersWins[n], t.ByPlayers[n]))
		}
		for _, o := range sim.SortedKeys(t.ByOrg) {
			r.ByOrg = append(r.ByOrg, game.NewRate(o, "", t.ByOrgWins[o], t.ByOrg[o]))
		}
	}
	return r
}

func sortedInts(m map[int]int) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
