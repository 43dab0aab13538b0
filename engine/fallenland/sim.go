package fallenland

import (
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Fallen Land's side of `deckwright sim`: its options as data and their
// meaning for a game. The harness (engine/game) does the rest.

// Terms are Fallen Land's words for the generic report: Factions are its
// players, Turns its rounds, Character deaths its losses, Resources
// captured its prizes.
var Terms = game.Terms{Player: "faction", Players: "factions", Round: "turn", Rounds: "turns", Losses: "character deaths",
	Prizes: "resources captured", Score: "Prestige", Money: "Salvage", Damage: "damage"}

// spec is what Fallen Land offers `deckwright sim`. Its variants are the
// names Variants.Set knows.
var spec = &game.SimSpec{MinPlayers: 1, MaxPlayers: 6, Terms: Terms,
	Modes: []game.Choice{
		{Name: "competitive", Help: "the full game: the first to the Prestige goal, or the last Town standing, wins"},
		{Name: "short", Help: "the quick-start's Short Game"},
	},
	Policies: game.Policies,
	Variants: []game.Choice{
		{Name: "tiebreak-other-track", Help: "FL-AMB-01: a victory tie compares the other track instead of Town Health + 4 × Prestige"},
		{Name: "exact-ten-formula", Help: "FL-AMB-03: a Total Skill of exactly 10, 20, 30 reads by the formula (1, 2, 3 automatic successes, a 1 adds one) instead of as 9, 19, 29"},
		{Name: "master-bonus-all", Help: "FL-AMB-04: the Master bonus on Solo and Individual checks too"},
		{Name: "first-strike-no-master", Help: "FL-AMB-04: no Master bonus on a First Strike roll (it is one Character's check, not the Party's)"},
		{Name: "last-point-any", Help: "FL-AMB-12: with any movement left, the last step enters a hex of any cost"},
		{Name: "radiation-any-move", Help: "FL-AMB-25: Radiation damage whenever a Party lands on the hex (Flight, PVP escape, a card), not only when a Movement Deed ends there"},
		{Name: "ambush-any-move", Help: "FL-AMB-25: a rival town's Town Defense chips strike a Party that lands there by a Flight, a PVP escape or a card, not only one whose Movement Deed ends there"},
		{Name: "town-heal-own", Help: "FL-AMB-14: the free healing point only in the Faction's own Starting Town"},
		{Name: "mission-relocate-on-draw", Help: "FL-AMB-27: a Mission chip moves when the Mission is drawn, not after"},
		{Name: "mission-on-water", Help: "FL-AMB-56: Mission chips may land on Water"},
		{Name: "short-town-health-50", Help: "FL-OPT-08: the quick-start's Short Game Town Health of 50"},
		{Name: "no-npcm", Help: "bots never hire NPCMs or hit men"},
		{Name: "draft-setup", Help: "FL-OPT-01: Draft Setup: each player keeps one of the six Characters dealt and passes the rest left, then two Spoils at a time passing right"},
	},
}

func (module) SimSpec() *game.SimSpec { return spec }

// Prepare reads a request's Fallen Land options for a run.
func (module) Prepare(t *table.Tables, req game.SimRequest) (*game.Run, error) {
	c, err := Load(t)
	if err != nil {
		return nil, err
	}
	return newRun(c, options(req)), nil
}

// options are a request's game options (checked against the spec).
func options(req game.SimRequest) Options {
	opt := Options{Players: req.Players, MaxRounds: req.MaxRounds, Short: req.Mode == "short"}
	for _, v := range req.Variants {
		opt.Variants.Set(v)
	}
	return opt
}

// newRun is a run of games with these options on the content.
func newRun(c *Content, opt Options) *game.Run {
	sides := make([]game.Side, len(c.Factions))
	for i, f := range c.Factions {
		sides[i] = game.Side{ID: f.ID, Name: f.Name, Where: f.Row.Where()}
	}
	return &game.Run{Sides: sides, Cards: c.Cards,
		NewGame: func(cfg game.GameConfig) game.Game { return newSimGame(c, opt, cfg) },
		Rated:   func(row *table.Row) bool { return reportable(game.DeckOf(row)) && row.Int("count") > 0 },
		Report: func(r *game.SimReport, t *game.Tally) {
			if st, ok := t.Counts.(counts); ok {
				r.Cards = cardReports(c, st.Stats)
				r.Coverage = coverage(c, opt, st.Stats, r.Cards)
			}
		},
		Parts: true,
	}
}

// simGame plays a run's games on one worker.
type simGame struct {
	g   *Game
	opt Options
}

func newSimGame(c *Content, opt Options, cfg game.GameConfig) *simGame {
	opt.Exclude, opt.Substitute = cfg.Exclude, cfg.Substitute
	w := &simGame{g: New(c), opt: opt}
	if cfg.Stats {
		w.g.stats = NewStats(c)
		w.g.fx.Coverage = w.g.stats.Coverage
		w.g.stats.touched.Track(cfg.Track)
	}
	return w
}

// counts are a worker's per-card statistics: all Fallen Land counts
// beyond the harness.
type counts struct{ *Stats }

func (c counts) Merge(o game.Counts) { c.Stats.Merge(o.(counts).Stats) }

func (w *simGame) Counts() game.Counts {
	if w.g.stats == nil {
		return nil
	}
	return counts{w.g.stats}
}

func (w *simGame) Play(s *game.Setup, res *game.Result) {
	o := w.opt
	o.Players, o.Factions, o.Policies = s.Players, s.Sides, game.SeatPolicies[Policy](s)
	play := w.g.PlaySafe
	if s.Trace != nil {
		play = func(seed uint64, o Options) (Result, error) { return w.g.Trace(s.Trace, seed, o) }
	}
	r, err := play(s.Seed, o)
	res.End, res.Rounds, res.Sides, res.Winner = r.End, r.Turns, r.Factions, r.Winner
	if res.Failure = game.AsFailure(err, r.Seed); res.Failure != nil {
		if w.g.stats != nil {
			w.g.stats.touched.Clear()
		}
		return
	}
	res.Decided = r.Winner >= 0
	for seat := range r.Factions {
		if seat < len(r.Deaths) {
			res.Losses += r.Deaths[seat]
		}
	}
	if r.Winner >= 0 {
		res.Won |= 1 << r.Winner
	}
	for _, seat := range r.Shared {
		res.Won |= 1 << seat
	}
	for _, p := range w.g.players {
		res.Prizes += p.captures
	}
	if st := w.g.stats; st != nil {
		st.endGame(w.g)
		res.Held = st.touched.Tracked()
	}
}
