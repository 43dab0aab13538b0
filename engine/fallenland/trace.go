package fallenland

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
	fmt.Fprintf(g.trace.w, "t%-3d %s\n", g.turn, fmt.Sprintf(format, args...))
}

// name is a player's name in the log: seat and Faction.
func (g *Game) name(p *Player) string {
	return fmt.Sprintf("P%d %s", p.seat+1, p.fac.Name)
}

// Trace plays one game, writing every roll, choice and card to w.
func (g *Game) Trace(w io.Writer, seed uint64, opt Options) (res Result, err error) {
	g.trace = &tracer{w: w}
	defer func() { g.trace = nil }()
	return g.PlaySafe(seed, opt)
}

// PlaySafe plays a game, turning a stall or a panic into an error that
// names the seed, the Turn and the card in play.
func (g *Game) PlaySafe(seed uint64, opt Options) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = g.result
			res.Seed, res.Turns, res.Winner = seed, g.turn, -1
			err = g.failure(r)
			g.fx.Reset()
		}
	}()
	return g.Play(seed, opt), nil
}

// Failure is a game that did not finish normally (its Round is the Turn).
type Failure = game.Failure

func (g *Game) failure(r any) *Failure {
	f := game.Recovered(r, g.seed, g.turn)
	f.InPlay = g.inPlay()
	if g.src != nil {
		f.Card = g.src.ID
	} else if g.enc != nil {
		f.Card = g.enc.ID
	}
	return f
}

// inPlay lists the cards on the table: Characters, equipment, attached
// cards and World cards.
func (g *Game) inPlay() []string {
	var out []string
	defer func() { _ = recover() }() // a broken state must not hide the failure
	for _, w := range g.worlds {
		if w.live {
			out = append(out, g.c.Encounters[w.enc].ID)
		}
	}
	for seat := range g.players {
		p := &g.players[seat]
		if p.fac == nil {
			continue
		}
		out = append(out, p.fac.ID)
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if m.char >= 0 {
				out = append(out, g.c.Characters[m.char].ID)
			}
			if m.hitman >= 0 {
				out = append(out, g.c.Actions[m.hitman].ID)
			}
			for _, it := range m.items {
				if it.card >= 0 {
					out = append(out, g.c.Spoils[it.card].ID)
				}
			}
			for _, a := range m.acts {
				out = append(out, g.c.Actions[a].ID)
			}
		}
		if v := p.party.vehicle.card; v >= 0 {
			out = append(out, g.c.Spoils[v].ID)
		}
		for _, a := range p.townActs {
			out = append(out, g.c.Actions[a].ID)
		}
	}
	for _, n := range g.npcms {
		if n.live {
			out = append(out, g.c.Actions[n.act].ID)
		}
	}
	return out
}
