package fng

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// Fortune and Glory's side of `deckwright sim`: its options as data, the
// options' meaning for a game, and its counts beyond the harness's. The
// harness (engine/game) does the rest.

// Terms are Fortune and Glory's words for the generic report.
var Terms = game.Terms{Player: "hero", Players: "heroes", Round: "round", Rounds: "rounds", Losses: "KOs",
	Prizes: "artifacts recovered", Score: "Glory", Money: "Fortune", Damage: "wounds"}

// variants are the named rule variants and optional rules of
// `deckwright sim --variant`, and what each sets.
var variants = []struct {
	game.Choice
	set func(o *Options, n int)
}{
	{game.Choice{Name: "advanced-nazis", Help: "optional rule: a Nazi soldier figure is fought as a drawn Nazi Enemies card"},
		func(o *Options, _ int) { o.Variants.AdvancedNazis = true }},
	{game.Choice{Name: "fixed-movement", Help: "optional rule: move 4 spaces, or roll (a 1–2 draws an Event); no move in a cliffhanger"},
		func(o *Options, _ int) { o.Variants.FixedMovement = true }},
	{game.Choice{Name: "german-collapse", Help: "variant from the German quick rules: each cliffhanger at a Temple (or villain search there with a 1) rolls dice equal to its Danger value, each 1–2 a collapse marker; it collapses when they reach the Danger value"},
		func(o *Options, _ int) { o.Variants.GermanCollapse = true }},
	{game.Choice{Name: "solo-hard", Help: "harder solo game: villains win at 15, the hero needs 20"},
		func(o *Options, _ int) { o.Variants.SoloHard = true }},
	{game.Choice{Name: "draw-from-bottom", Help: "Dangers deck drawn from the bottom, cycling through every card before any repeats"},
		func(o *Options, _ int) { o.Dangers = DrawFromBottom }},
	{game.Choice{Name: "villain-successes-first", Help: "a villain's search counts its successes (markers, Temple coins, the artifact) before the wounds of its 1s; " +
		"the rulebook's reading takes the wounds first, so a villain they KO loses that roll's markers"},
		func(o *Options, _ int) { o.Variants.VillainSuccessesFirst = true }},
	{game.Choice{Name: "fortune-goal", Max: 200, Help: "optional rule: the Fortune a hero (cooperative: the heroes; team game: a team) needs to win is N"},
		func(o *Options, n int) { o.Variants.FortuneGoal = n }},
	{game.Choice{Name: "track-goal", Max: 30, Help: "optional rule: the villain track the vile organization needs to win is N (up to 30)"},
		func(o *Options, n int) { o.Variants.TrackGoal = n }},
}

// spec is what Fortune and Glory offers `deckwright sim`.
var spec = func() *game.SimSpec {
	s := &game.SimSpec{MinPlayers: 1, MaxPlayers: 8, Terms: Terms,
		Modes: []game.Choice{
			{Name: "competitive", Help: "every hero for themselves: the first to the Fortune goal who makes it to a city wins"},
			{Name: "coop", Aliases: []string{"cooperative"}, Help: "the heroes together against a vile organization's villains and its track"},
			{Name: "team", Help: "even teams of 2 to 4 heroes (--teams), a team's Fortune together"},
			{Name: "solo", Help: "one player running 1 to 4 heroes against a vile organization"},
		},
		Options: []game.Option{
			{Name: "level", Help: "the game's level (the first is the default)", Choices: []game.Choice{
				{Name: "advanced", Help: "every advanced element: villains, temples, deep jungle, flights, the zeppelin"},
				{Name: "basic", Help: "the rulebook's Basic Game"},
			}},
			{Name: "org", Open: true, Help: "the opposing organization, by ID (the content may add more; coop default: random, competitive: none)", Choices: []game.Choice{
				{Name: "random", Help: "an organization at random (the cooperative default; in a competitive game, the optional rule)"},
				{Name: "nazi", Help: "the Nazis (bundled set)"},
				{Name: "mob", Help: "the Mob (bundled set)"},
			}},
			{Name: "teams", Number: true, Help: "team game: number of teams (even teams of 2 to 4 heroes)"},
		},
		Policies: game.Policies,
	}
	for _, v := range variants {
		s.Variants = append(s.Variants, v.Choice)
	}
	return s
}()

func (module) SimSpec() *game.SimSpec { return spec }

// Prepare reads a request's Fortune and Glory options for a run.
func (module) Prepare(t *table.Tables, req game.SimRequest) (*game.Run, error) {
	c, err := Load(t)
	if err != nil {
		return nil, err
	}
	opt, err := options(c, req)
	if err != nil {
		return nil, err
	}
	return newRun(c, opt), nil
}

// options reads a request's options (checked against the spec) for the
// content.
func options(c *Content, req game.SimRequest) (Options, error) {
	mode, _ := ParseMode(req.Mode) // the harness checked it against the spec
	opt := Options{Mode: mode, Players: req.Players, Advanced: req.Option("level") == "advanced", MaxRounds: req.MaxRounds}
	if err := setOrg(c, &opt, req.Option("org")); err != nil {
		return opt, err
	}
	teams, _ := strconv.Atoi(req.Option("teams")) // a number, checked by the harness; unset is 0
	if err := setTeams(&opt, mode, teams); err != nil {
		return opt, err
	}
	// A range plays every count between its ends (--players 4-6: 4, 5
	// and 6), so each must be a game of the mode, not only the first.
	if req.PlayersMax > req.Players {
		switch mode {
		case Team:
			return opt, game.Optionf("the team game takes one player count (even teams of 2 to 4 heroes), not a range: --players %d-%d would play %d heroes too; run each count on its own",
				req.Players, req.PlayersMax, req.Players+1)
		case Solo:
			if req.PlayersMax > 4 {
				return opt, game.Optionf("the solo game is for one player running 1 to 4 heroes: --players %d-%d would play %d", req.Players, req.PlayersMax, req.PlayersMax)
			}
		}
	}
	if mode == Solo && opt.Players > 4 {
		return opt, game.Optionf("the solo game is for one player running 1 to 4 heroes")
	}
	for _, v := range req.Variants {
		choice, n, _ := spec.Variant("", v) // checked by the harness
		for _, x := range variants {
			if x.Name == choice.Name {
				x.set(&opt, n)
			}
		}
	}
	return opt, nil
}

// setOrg reads --org: an organization of the content by ID or name, or
// random; a vile organization needs the advanced level.
func setOrg(c *Content, opt *Options, org string) error {
	if org == "random" {
		org = ""
		if opt.Mode == Competitive || opt.Mode == Team {
			org = "random" // the optional rule: an organization at random
		}
	}
	if !opt.Advanced && (opt.Mode == Cooperative || opt.Mode == Solo || org != "") {
		return game.Optionf("a vile organization's villains are an advanced element: the %s game needs the advanced level", opt.Mode)
	}
	opt.Org = org
	if org == "" || org == "random" {
		return nil
	}
	var ids []string
	for _, o := range c.Orgs {
		ids = append(ids, o.ID)
		if o.ID == org || fold(o.Name) == fold(org) || fold(o.ID)+"s" == fold(org) {
			opt.Org = o.ID
			return nil
		}
	}
	return game.Optionf("unknown organization %q (known: %s, random)", org, strings.Join(ids, ", "))
}

// setTeams divides the team game's heroes into teams that take turns
// around the table.
func setTeams(opt *Options, mode Mode, teams int) error {
	if mode != Team {
		return nil
	}
	if teams == 0 {
		teams = 2
	}
	if teams < 2 || opt.Players%teams != 0 || opt.Players/teams < 2 || opt.Players/teams > 4 {
		return game.Optionf("the team game needs even teams of 2 to 4 heroes: %d heroes cannot make %d teams", opt.Players, teams)
	}
	opt.Teams = make([]int, opt.Players)
	for s := range opt.Teams {
		opt.Teams[s] = s % teams
	}
	return nil
}

// newRun is a run of games with these options on the content.
func newRun(c *Content, opt Options) *game.Run {
	sides := make([]game.Side, len(c.Heroes))
	for i, h := range c.Heroes {
		sides[i] = game.Side{ID: h.ID, Name: h.Name, Where: h.Row.Where()}
	}
	return &game.Run{Sides: sides, Cards: c.Cards, Shared: opt.Mode == Cooperative || opt.Mode == Solo,
		NewGame: func(cfg game.GameConfig) game.Game { return newSimGame(c, opt, cfg) },
		Rated: func(row *table.Row) bool {
			return reportable(game.DeckOf(row)) && row.Int("count") > 0 && (opt.Advanced || !row.Bool("advanced"))
		},
		Report: func(r *game.SimReport, t *game.Tally) { report(c, opt, r, t) },
		Parts:  true,
	}
}

// counts are what Fortune and Glory counts beyond the harness: the villain
// track, the villains' artifacts, cooperative games by player count and
// organization, and per-card statistics.
type counts struct {
	Track                    sim.Histogram
	VillainArtifacts         int
	ByPlayers, ByPlayersWins map[int]int
	ByOrg, ByOrgWins         map[string]int
	Stats                    *Stats
}

func (c *counts) Merge(other game.Counts) {
	o := other.(*counts)
	c.Track.Merge(&o.Track)
	c.VillainArtifacts += o.VillainArtifacts
	for k, v := range o.ByPlayers {
		c.ByPlayers[k] += v
	}
	for k, v := range o.ByPlayersWins {
		c.ByPlayersWins[k] += v
	}
	for k, v := range o.ByOrg {
		c.ByOrg[k] += v
	}
	for k, v := range o.ByOrgWins {
		c.ByOrgWins[k] += v
	}
	switch {
	case o.Stats == nil:
	case c.Stats == nil:
		c.Stats = o.Stats
	default:
		c.Stats.Merge(o.Stats)
	}
}

// simGame plays a run's games on one worker.
type simGame struct {
	g      *Game
	opt    Options
	counts *counts
}

func newSimGame(c *Content, opt Options, cfg game.GameConfig) *simGame {
	opt.Exclude, opt.Substitute = cfg.Exclude, cfg.Substitute
	w := &simGame{g: New(c), opt: opt, counts: &counts{ByPlayers: map[int]int{}, ByPlayersWins: map[int]int{}, ByOrg: map[string]int{}, ByOrgWins: map[string]int{}}}
	if cfg.Stats {
		w.g.stats = NewStats(c)
		w.g.fx.Coverage = w.g.stats.Coverage
		w.counts.Stats = w.g.stats
		if cfg.Track != nil {
			w.g.stats.touched.Track(cfg.Track)
		}
	}
	return w
}

func (w *simGame) Counts() game.Counts { return w.counts }

func (w *simGame) Play(s *game.Setup, res *game.Result) {
	o := w.opt
	o.Players, o.Heroes = s.Players, s.Sides // a team game is never a range (options)
	o.Policies = game.SeatPolicies[Policy](s)
	var r Result
	var err error
	if s.Trace != nil {
		r, err = w.g.TraceEvents(s.Trace, s.Seed, o)
	} else {
		r, err = w.g.PlaySafe(s.Seed, o)
	}
	w.record(r, err, res)
}

// record reports a game's result to the harness and counts the rest.
func (w *simGame) record(r Result, err error, res *game.Result) {
	mode := w.opt.Mode
	res.End, res.Rounds, res.Sides, res.Winner = r.End, r.Rounds, r.Heroes, r.Winner
	res.SideWon = r.End == "fortune" && (mode == Cooperative || mode == Solo)
	if res.Failure = game.AsFailure(err, r.Seed); res.Failure != nil {
		if w.g.stats != nil {
			w.g.stats.touched.Clear()
		}
		return
	}
	res.Decided = res.SideWon || r.Winner >= 0 || r.Team >= 0
	teams := w.opt.Teams
	for seat := range r.Heroes {
		if r.Winner == seat || res.SideWon || (mode == Team && r.Team >= 0 && seat < len(teams) && teams[seat] == r.Team) {
			res.Won |= 1 << seat
		}
		if seat < len(r.KOs) {
			res.Losses += r.KOs[seat]
			res.Prizes += r.Artifacts[seat]
		}
	}
	c := w.counts
	c.Track.Add(r.Track)
	c.VillainArtifacts += r.VillainArtifacts
	n := len(r.Heroes)
	c.ByPlayers[n]++
	c.ByOrg[r.Org]++
	if res.SideWon {
		c.ByPlayersWins[n]++
		c.ByOrgWins[r.Org]++
	}
	if st := w.g.stats; st != nil {
		st.endGame(w.g)
		res.Held = st.touched.Tracked()
	}
}

// report adds Fortune and Glory's parts to a run's report: the villains'
// side of the game, per-card metrics and coverage, and cooperative games
// by player count and organization.
func report(c *Content, opt Options, r *game.SimReport, t *game.Tally) {
	n := t.Counts.(*counts)
	finished := t.Rounds.N()
	if opt.Mode == Cooperative || opt.Mode == Solo {
		org := opt.Org
		if org == "" {
			org = "random"
		}
		r.Coop = &game.CoopReport{HeroWins: game.NewRate("heroes", "", t.SideWins, int(finished)), TrackHistogram: n.Track.Counts, Organization: org}
		if finished > 0 {
			r.Coop.VillainArtifactsMean = round2(float64(n.VillainArtifacts) / float64(finished))
		}
		for _, p := range sortedInts(n.ByPlayers) {
			label := fmt.Sprintf("%d heroes", p)
			if p == 1 {
				label = "1 hero"
			}
			r.ByPlayers = append(r.ByPlayers, game.NewRate(label, "", n.ByPlayersWins[p], n.ByPlayers[p]))
		}
		for _, o := range sim.SortedKeys(n.ByOrg) {
			r.ByOrg = append(r.ByOrg, game.NewRate(o, "", n.ByOrgWins[o], n.ByOrg[o]))
		}
	}
	if n.Stats != nil {
		r.Cards = cardReports(c, opt, n.Stats)
		r.Coverage = coverage(c, opt, n.Stats, r.Cards)
	}
}

func sortedInts(m map[int]int) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }

// level names a game's level.
func level(advanced bool) string {
	if advanced {
		return "advanced"
	}
	return "basic"
}
