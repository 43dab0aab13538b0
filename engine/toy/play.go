package toy

import (
	"fmt"
	"math/bits"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/table"
)

// content is a compiled workbook ready to play.
type content struct {
	sides  []game.Side
	starts []int
	cards  []*table.Row // by card number
	progs  []*effects.Program[host]
	deck   []int16 // a card number a copy
	sites  game.Sites
}

func load(t *table.Tables) (*content, error) {
	c, errs := &content{}, &game.LoadErrors{}
	for _, r := range t.Rows("players") {
		c.sides = append(c.sides, game.Side{ID: r.ID, Name: r.Str("name"), Where: r.Where()})
		c.starts = append(c.starts, r.Int("start"))
	}
	syms := table.NewSymbols(schema, t)
	for _, r := range t.Rows("cards") {
		ck := errs.Check(env(), syms, r, "Effect", effects.AnyResult)
		if ck == nil {
			continue
		}
		for range r.Int("count") {
			c.deck = append(c.deck, int16(len(c.cards)))
		}
		c.cards, c.progs = append(c.cards, r), append(c.progs, game.Bind[host](&c.sites, ck, r, "Effect"))
	}
	return game.Load(t, GameID, c, errs)
}

// Game is one game of Pips, reused game after game.
type Game struct {
	c         *content
	frame     effects.Frame
	deck      deck.Deck
	dice      rng.Rand
	score     []int
	seat      int
	round     int
	extra     int
	trace     game.Tracer
	busts     int // turns a 1 lost
	draws     int
	stats     *stats
	opt       options
	sides     []int
	policies  []int
	winner    int
	deckCards []int16
}

func (g *Game) Frame() *effects.Frame { return &g.frame }

type options struct {
	goal       int
	maxRounds  int
	noCards    bool
	exclude    map[int]bool
	substitute map[int]bool
}

// play plays one game; a stall (no winner by the round cap) panics with
// game.Stall, as an effect's runtime error does.
func (g *Game) play(s *game.Setup) {
	c := g.c
	g.seat, g.round, g.winner, g.trace, g.busts, g.draws = 0, 0, -1, s.Trace, 0, 0
	g.score = append(g.score[:0], make([]int, s.Players)...)
	g.sides = s.Sides
	if g.sides == nil {
		r := rng.New(s.Seed, rng.Stream("sides"))
		perm := make([]int, len(c.sides))
		for i := range perm {
			perm[i] = i
		}
		rng.Shuffle(&r, perm)
		g.sides = perm[:s.Players]
	}
	for seat, side := range g.sides {
		g.score[seat] = c.starts[side]
	}
	cards := g.deckCards[:0]
	for _, x := range c.deck {
		if !g.opt.exclude[int(x)] && !g.opt.noCards {
			cards = append(cards, x)
		}
	}
	if g.opt.substitute != nil {
		cards = game.Substitute(cards, func(x int16) bool { return g.opt.substitute[int(x)] }, s.Seed)
	}
	g.deckCards = cards
	g.deck.Reset(cards, rng.New(s.Seed, rng.Stream("deck")))
	g.dice = rng.New(s.Seed, rng.Stream("dice"))
	g.policies = s.Policies
	for g.round = 1; g.round <= g.opt.maxRounds; g.round++ {
		for g.seat = range s.Players {
			if g.turn() {
				g.winner = g.seat
				return
			}
		}
	}
	panic(game.Stall{Why: fmt.Sprintf("no winner after %d rounds", g.opt.maxRounds)})
}

// turn plays the seat's turn and says whether it won.
func (g *Game) turn() bool {
	g.extra = 0
	if x := g.deck.Draw(); x >= 0 {
		g.log("draw", g.c.cards[x].ID, "draws %s", g.c.cards[x].Str("name"))
		g.c.progs[x].Run(g)
		g.deck.Discard(x)
		g.draws++
		if g.stats != nil {
			g.stats.draw(g, int(x))
		}
	}
	rolls, bank := 1+g.extra+g.rollsMore(), 0
	for range rolls {
		d := g.dice.D6()
		g.log("roll", "", "rolls %d", d)
		if d == 1 {
			bank = 0
			g.busts++
			break
		}
		bank += d
	}
	g.score[g.seat] += bank
	return g.score[g.seat] >= g.opt.goal
}

// rollsMore is the bot's choice: how many rolls beyond the first it risks.
// Cautious never pushes; bold pushes while behind the leader; random
// flips a coin.
func (g *Game) rollsMore() int {
	switch game.Policies[g.policies[g.seat]].Name {
	case "bold":
		lead := 0
		for _, s := range g.score {
			lead = max(lead, s)
		}
		if g.score[g.seat] < lead {
			return 2
		}
		return 1
	case "random":
		return g.dice.Intn(2)
	}
	return 0
}

func (g *Game) log(kind, card, format string, args ...any) {
	if g.trace != nil {
		g.trace.Event(game.Event{Turn: g.round, Seat: g.seat, Kind: kind, Card: card, Text: fmt.Sprintf(format, args...)})
	}
}

// The harness hooks.

var spec = &game.SimSpec{MinPlayers: 2, MaxPlayers: 4, Policies: game.Policies,
	Terms: game.Terms{Player: "player", Players: "players", Score: "points", Losses: "busts", Prizes: "cards drawn"},
	Modes: []game.Choice{{Name: "race", Help: "the first to the goal wins"}},
	Variants: []game.Choice{
		{Name: "goal", Max: 50, Help: "the points that win are N (20 by default)"},
		{Name: "no-cards", Help: "dice only: no card is drawn"},
	},
}

func (module) SimSpec() *game.SimSpec { return spec }

func (module) Prepare(t *table.Tables, req game.SimRequest) (*game.Run, error) {
	c, err := load(t)
	if err != nil {
		return nil, err
	}
	opt := options{goal: 20, maxRounds: req.MaxRounds}
	for _, v := range req.Variants {
		choice, n, _ := spec.Variant("", v)
		switch choice.Name {
		case "goal":
			opt.goal = n
		case "no-cards":
			opt.noCards = true
		}
	}
	return &game.Run{Sides: c.sides, Cards: c.cards,
		NewGame: func(cfg game.GameConfig) game.Game { return newWorker(c, opt, cfg) },
		Rated:   func(r *table.Row) bool { return r.Int("count") > 0 },
		Report: func(r *game.SimReport, t *game.Tally) {
			if st, ok := t.Counts.(*stats); ok {
				st.report(c, r)
			}
		},
	}, nil
}

// worker is a Game as the harness plays it.
type worker struct{ g *Game }

func newWorker(c *content, opt options, cfg game.GameConfig) *worker {
	opt.exclude, opt.substitute = cfg.Exclude, cfg.Substitute
	g := &Game{c: c, opt: opt}
	if cfg.Stats {
		g.stats = &stats{cards: make([]cardCounts, len(c.cards)), track: cfg.Track}
		g.frame.Coverage = make([]uint32, c.sites.CoverSize)
	}
	return &worker{g}
}

func (w *worker) Counts() game.Counts {
	if w.g.stats == nil {
		return nil
	}
	w.g.stats.coverage = w.g.frame.Coverage
	return w.g.stats
}

func (w *worker) Play(s *game.Setup, res *game.Result) {
	g := w.g
	func() {
		defer func() {
			if r := recover(); r != nil {
				g.frame.Reset()
				res.Failure = game.Recovered(r, s.Seed, g.round)
			}
		}()
		g.play(s)
	}()
	res.Rounds, res.Sides, res.Winner = g.round, g.sides, g.winner
	if g.stats != nil {
		res.Held = g.stats.end(g, res.Failure == nil)
	}
	if res.Failure != nil {
		return
	}
	res.End, res.Decided, res.Won = "goal", true, 1<<g.winner
	res.Losses, res.Prizes = g.busts, g.draws
}

// stats count each card's draws and its holders' wins.
type stats struct {
	cards    []cardCounts
	track    []int
	coverage []uint32
	held     [][]uint64 // by seat, a bit a card, this game
}

type cardCounts struct{ drawn, holders, wins uint64 }

func (st *stats) draw(g *Game, x int) {
	st.cards[x].drawn++
	for len(st.held) < len(g.score) {
		st.held = append(st.held, make([]uint64, (len(st.cards)+63)/64))
	}
	st.held[g.seat][x/64] |= 1 << (x % 64)
}

// end credits the game's holders and clears it; it returns who held each
// tracked card (Result.Held).
func (st *stats) end(g *Game, finished bool) []uint16 {
	var out []uint16
	if st.track != nil {
		out = make([]uint16, len(st.track))
	}
	for seat := range st.held {
		for w, bitsW := range st.held[seat] {
			for b := bitsW; b != 0; b &= b - 1 {
				x := w*64 + bits.TrailingZeros64(b)
				if finished && seat < len(g.score) {
					st.cards[x].holders++
					if seat == g.winner {
						st.cards[x].wins++
					}
				}
				for i, n := range st.track {
					if n == x {
						out[i] |= game.Seen | 1<<seat
					}
				}
			}
			st.held[seat][w] = 0
		}
	}
	return out
}

func (st *stats) Merge(o game.Counts) {
	x := o.(*stats)
	for i, c := range x.cards {
		st.cards[i].drawn += c.drawn
		st.cards[i].holders += c.holders
		st.cards[i].wins += c.wins
	}
	for i, v := range x.coverage {
		st.coverage[i] += v
	}
}

func (st *stats) report(c *content, r *game.SimReport) {
	r.Coverage = game.NewCoverage()
	r.Cards = game.CardReports(c.cards, func(string) bool { return true }, func(i int, cr *game.CardReport) {
		n := st.cards[i]
		cr.Drawn, cr.Used, cr.Holders, cr.HolderWins = n.drawn, n.drawn, n.holders, n.wins
		if n.drawn == 0 && c.cards[i].Int("count") > 0 {
			r.Coverage.NeverDrawn = append(r.Coverage.NeverDrawn, cr.ID)
		}
	})
}
