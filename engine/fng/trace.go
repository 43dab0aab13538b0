package fng

import (
	"fmt"
	"io"

	"github.com/deckwright/deckwright/engine/game"
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
type Failure = game.Failure

func (g *Game) failure(r any) *Failure {
	f := game.Recovered(r, g.seed, g.round)
	f.InPlay = g.inPlay()
	if g.card != nil {
		f.Card = g.card.ID
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
