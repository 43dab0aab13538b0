package fng

import (
	"fmt"
	"sort"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
)

// simSeed is the seed of game index of a run (as sim.Run derives it).
func simSeed(run uint64, index int) uint64 { return rng.Seed(run, index) }

// SimOptions configure a quick-sim run.
type SimOptions struct {
	Options
	// Policy is cautious, bold, random, or mix (seats rotate through the
	// three, game by game).
	Policy string
	Games  int
	Seed   uint64
	From   int // the first game's index (replaying one game of a run)
	// Workers: 0 for one per CPU. Results do not depend on it.
	Workers  int
	Stats    bool // collect per-card metrics and rule coverage
	Progress func(done int)
	// PlayersMax > Players spreads the games over player counts
	// Players..PlayersMax (game i has Players + i mod the range).
	PlayersMax int
	// KeepGames records each game's outcome (for paired comparisons).
	KeepGames bool
	// Stop, when closed, ends the run between games.
	Stop <-chan struct{}
	// Track (with Stats and KeepGames) records in each outcome who got
	// each of these cards (by Card.N): the cards --impact measures.
	Track []int
	// Balance is how the report's verdicts are reached.
	Balance game.Balance
}

// GameOutcome is one game's result, kept for paired comparisons.
type GameOutcome struct {
	Rounds  int16
	End     uint8 // 0 fortune, 1 track, 2 stall, 3 error
	HeroWin bool  // cooperative: the heroes won
	Winner  int16 // competitive: the winning hero's index, -1 none
	Won     uint8 // the seats that won, one bit a seat
	Held    []uint16
}

// Tally is one worker's (then the whole run's) counts.
type Tally struct {
	sim.Tally        // by hero ID; ends: fortune, track, stall, error
	Track            sim.Histogram
	KOs              int
	Artifacts        int
	VillainArtifacts int
	HeroWins         int // cooperative: games the heroes won
	Failures         []game.Failed
	Stats            *Stats
	// Cooperative breakdowns: games and hero wins by player count and by
	// organization.
	ByPlayers, ByPlayersWins map[int]int
	ByOrg, ByOrgWins         map[string]int
	PerGame                  []GameOutcome // by game index − From, with KeepGames
}

func newTally(players int) *Tally {
	return &Tally{Tally: sim.NewTally(players),
		ByPlayers: map[int]int{}, ByPlayersWins: map[int]int{}, ByOrg: map[string]int{}, ByOrgWins: map[string]int{}}
}

// merge adds another tally.
func (t *Tally) merge(o *Tally) {
	t.Tally.Merge(&o.Tally)
	t.Track.Merge(&o.Track)
	t.KOs += o.KOs
	t.Artifacts += o.Artifacts
	t.VillainArtifacts += o.VillainArtifacts
	t.HeroWins += o.HeroWins
	t.Failures = append(t.Failures, o.Failures...)
	for k, v := range o.ByPlayers {
		t.ByPlayers[k] += v
	}
	for k, v := range o.ByPlayersWins {
		t.ByPlayersWins[k] += v
	}
	for k, v := range o.ByOrg {
		t.ByOrg[k] += v
	}
	for k, v := range o.ByOrgWins {
		t.ByOrgWins[k] += v
	}
	if o.Stats != nil {
		if t.Stats == nil {
			t.Stats = o.Stats
		} else {
			t.Stats.Merge(o.Stats)
		}
	}
}

// simWorker plays games for one goroutine.
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

// gameOptions are the options of game index: its player count (in a
// range run) and the seats' policies.
func (o *SimOptions) gameOptions(index int) Options {
	opt := o.Options
	if o.PlayersMax > o.Players {
		opt.Players = o.Players + index%(o.PlayersMax-o.Players+1)
		opt.Heroes = nil
		if opt.Mode == Team {
			opt.Teams = nil
		}
	}
	opt.Policies = seatPolicies(o.Policy, opt.Players, index)
	return opt
}

func (w *simWorker) Failed(index int, seed uint64, r any) {
	w.record(index, Result{Seed: seed, Winner: -1}, &Failure{Seed: seed, Message: fmt.Sprint(r)})
}

func (w *simWorker) record(index int, res Result, err error) {
	t := w.tally
	t.Games++
	if t.PerGame != nil {
		out := GameOutcome{Rounds: int16(res.Rounds), Winner: -1, HeroWin: res.End == "fortune" && (w.opt.Mode == Cooperative || w.opt.Mode == Solo)}
		if res.Winner >= 0 && res.Winner < len(res.Heroes) {
			out.Winner = int16(res.Heroes[res.Winner])
		}
		switch {
		case err != nil:
			out.End = 3
		case res.End == "track":
			out.End = 1
		}
		if f, ok := err.(*Failure); ok && f.Stall {
			out.End = 2
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
	t.Rounds.Add(res.Rounds)
	t.Track.Add(res.Track)
	t.VillainArtifacts += res.VillainArtifacts
	c := w.g.c
	heroesWon := res.End == "fortune" && (w.opt.Mode == Cooperative || w.opt.Mode == Solo)
	if heroesWon {
		t.HeroWins++
	}
	n := len(res.Heroes)
	t.Finished(n, heroesWon || res.Winner >= 0 || res.Team >= 0)
	t.ByPlayers[n]++
	t.ByOrg[res.Org]++
	if heroesWon {
		t.ByPlayersWins[n]++
		t.ByOrgWins[res.Org]++
	}
	for seat, hi := range res.Heroes {
		id := c.Heroes[hi].ID
		pol := res.Policies[seat].String()
		won := res.Winner == seat || heroesWon || (w.opt.Mode == Team && res.Team >= 0 && seat < len(w.opt.Teams) && w.opt.Teams[seat] == res.Team)
		t.Seat(n, id, seat, pol, won)
		if won && t.PerGame != nil {
			t.PerGame[index-w.opt.From].Won |= 1 << seat
		}
		if seat < len(res.KOs) {
			t.KOs += res.KOs[seat]
			t.Artifacts += res.Artifacts[seat]
		}
	}
	if st := w.g.stats; st != nil {
		st.endGame(w.g)
		if t.PerGame != nil {
			t.PerGame[index-w.opt.From].Held = st.held
		}
	}
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
