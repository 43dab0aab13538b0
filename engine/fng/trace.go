package fng

import (
	"fmt"
	"io"
	"runtime/debug"
)

// tracer writes a game as a readable log.
type tracer struct {
	w io.Writer
}

// logf writes one line of the trace. Callers on hot paths check g.trace
// first, so an untraced game formats nothing.
func (g *Game) logf(format string, args ...any) {
	if g.trace == nil {
		return
	}
	fmt.Fprintf(g.trace.w, "r%-3d %s\n", g.round, fmt.Sprintf(format, args...))
}

// Trace plays one game, writing every roll, choice and card to w.
func (g *Game) Trace(w io.Writer, seed uint64, opt Options) (res Result, err error) {
	g.trace = &tracer{w: w}
	defer func() { g.trace = nil }()
	return g.PlaySafe(seed, opt)
}

// PlaySafe plays a game, turning a stall or a panic into an error that
// names the seed, the round and the card in play.
func (g *Game) PlaySafe(seed uint64, opt Options) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = g.result
			res.Seed, res.Rounds = seed, g.round
			err = g.failure(r)
			g.fx.Reset()
		}
	}()
	return g.Play(seed, opt), nil
}

// Failure is a game that did not finish normally.
type Failure struct {
	Stall   bool   // the round cap or step budget was reached
	Seed    uint64 // the game's seed
	Round   int
	Message string
	Card    string   // the card whose effect was running, if any
	InPlay  []string // cards in play when it stopped
	Stack   string   // where an internal error happened, for bug reports
}

func (f *Failure) Error() string {
	kind := "error"
	if f.Stall {
		kind = "stall"
	}
	s := fmt.Sprintf("%s in round %d (seed %d): %s", kind, f.Round, f.Seed, f.Message)
	if f.Card != "" {
		s += " [card " + f.Card + "]"
	}
	return s
}

func (g *Game) failure(r any) *Failure {
	f := &Failure{Seed: g.seed, Round: g.round, InPlay: g.inPlay()}
	if g.card != nil {
		f.Card = g.card.ID
	}
	switch v := r.(type) {
	case stall:
		f.Stall = true
		f.Message = v.why
	case error:
		f.Message = v.Error()
		f.Stack = string(debug.Stack())
	default:
		f.Message = fmt.Sprint(v)
		f.Stack = string(debug.Stack())
	}
	return f
}

// inPlay lists the card IDs on the board and in the heroes' hands.
func (g *Game) inPlay() []string {
	var out []string
	for _, s := range g.sites {
		if s.live {
			out = append(out, g.c.Artifacts[s.art].ID+"+"+g.c.Adventures[s.adv].ID)
		}
	}
	for seat := range g.heroes {
		h := &g.heroes[seat]
		out = append(out, h.def.ID)
		for _, id := range h.items {
			out = append(out, g.c.Items[id].ID)
		}
		for _, hc := range h.hand {
			out = append(out, g.eventOf(hc).ID)
		}
		if h.cliff.active {
			out = append(out, h.cliff.danger.ID)
		}
	}
	return out
}
