package fng

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
)

// A traced game reports everything that happens as game.Event values: every
// die with the reason it was rolled, every card moved, every resource
// gained or spent, every modifier applied with its source card. The kinds
// and their Data keys are documented in RULES.md ("Trace format"); the
// referee (engine/fng/referee) replays them.
//
// Every event is built behind a g.trace != nil check, so an untraced game
// formats and allocates nothing for it.

// Trace plays one game, writing every roll, choice and card to w as
// readable lines.
func (g *Game) Trace(w io.Writer, seed uint64, opt Options) (Result, error) {
	return g.TraceEvents(game.TextTracer{W: w, Prefix: "r"}, seed, opt)
}

// TraceEvents plays one game, sending its events to t.
func (g *Game) TraceEvents(t game.Tracer, seed uint64, opt Options) (res Result, err error) {
	g.trace = t
	defer func() { g.trace = nil }()
	return g.PlaySafe(seed, opt)
}

// emit sends one event. Dice rolled since the last report and not yet
// reported go out first, as a roll with the reason "unlabelled": the
// referee flags them (every die is reported with its reason).
func (g *Game) emit(seat int, kind, card string, data map[string]any, format string, args ...any) {
	if len(g.pend) > 0 {
		g.logDice(-1, "unlabelled", "")
	}
	text := format
	if len(args) > 0 {
		text = fmt.Sprintf(format, args...)
	}
	g.trace.Event(game.Event{Turn: g.round, Seat: seat, Kind: kind, Card: card, Data: data, Text: text})
}

// logf reports a line that changes nothing a referee tracks (kind "note").
func (g *Game) logf(format string, args ...any) {
	if g.trace == nil {
		return
	}
	g.emit(-1, "note", "", nil, format, args...)
}

// logDice reports the dice rolled since the last report, and why: a "roll"
// event. Nothing is reported when no die was rolled.
func (g *Game) logDice(seat int, why, card string) {
	if len(g.pend) == 0 {
		return
	}
	dice := append([]int(nil), g.pend...)
	g.pend = g.pend[:0]
	who := "the dice show"
	if seat >= 0 {
		who = g.heroes[seat].def.Name + " rolls"
	}
	data := map[string]any{"why": why, "dice": dice}
	for_ := why
	if card != "" {
		for_ += ": " + card
	}
	g.emit(seat, "roll", card, data, "%s%s %s (%s)", indent(why), who, faces(dice), for_)
}

// indent lines up the steps of tests and fights under their heading.
func indent(why string) string {
	switch why {
	case "test", "add-dice", "reroll", "exert", "fight", "enemy", "villain-fight", "villain", "escape":
		return "    "
	}
	return ""
}

func faces(dice []int) string {
	var b strings.Builder
	for i, d := range dice {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(d))
	}
	return b.String()
}

// cardID is the ID of the card whose effect is running, or "".
func (g *Game) cardID() string {
	if g.card != nil {
		return g.card.ID
	}
	return ""
}

// name is a seat's hero name (or "the villains" for -1).
func (g *Game) name(seat int) string {
	if seat < 0 {
		return "the villains"
	}
	return g.heroes[seat].def.Name
}

// pile names the Fortune pile a hero spends from: its own, the party's
// (cooperative, solo) or its team's.
func (g *Game) pile(h *Hero) string {
	switch g.opt.Mode {
	case Cooperative, Solo:
		return "party"
	case Team:
		return "team:" + strconv.Itoa(h.team)
	}
	return "hero:" + strconv.Itoa(h.seat)
}

// deckName is a deck's name in the trace.
func (g *Game) deckName(d *deck.Deck) string {
	switch d {
	case &g.dangers:
		return "dangers"
	case &g.enemies:
		return "enemies"
	case &g.nazi:
		return "nazi-enemies"
	case &g.events:
		return "events"
	case &g.city:
		return "city"
	case &g.gear:
		return "gear"
	case &g.allies:
		return "allies"
	case &g.artifacts:
		return "artifacts"
	case &g.adventures:
		return "adventures"
	case &g.locations:
		return "locations"
	case &g.villainEvents:
		return "villain-events"
	}
	return "?"
}

// Zones a card can be in (the "from" and "to" of a card event), besides a
// deck's draw pile and discard pile.
func zoneHand(seat int) string    { return "hand:" + strconv.Itoa(seat) }
func zoneItems(seat int) string   { return "items:" + strconv.Itoa(seat) }
func zoneCarried(seat int) string { return "carried:" + strconv.Itoa(seat) }

const (
	zoneDeck    = "deck"    // the deck's draw pile
	zoneDiscard = "discard" // its discard pile
	zonePlay    = "play"    // being resolved: a Danger faced, a card played, an enemy fought
	zoneInPlay  = "in-play" // a Remains in Play card acting on heroes
	zoneBoard   = "board"   // an artifact adventure's cards on the map
	zoneCliff   = "cliffhanger"
	zoneLoot    = "loot"    // artifacts the villains hold
	zoneVillain = "villain" // a Remains in Play Villain Event with its villain
	zoneStack   = "stack"   // the Common Items stack
)

// logCard reports a card moving between zones.
func (g *Game) logCard(seat int, deck string, card *Card, from, to, why string) {
	g.emit(seat, "card", card.ID, map[string]any{"deck": deck, "from": from, "to": to, "why": why},
		"  [%s %s: %s → %s]", deck, card.ID, from, to)
}

// PlaySafe plays a game, turning a stall or a panic into an error that
// names the seed, the round and the card in play.
func (g *Game) PlaySafe(seed uint64, opt Options) (res Result, err error) {
	defer game.Recover(&res, &err, g.failed)
	return g.Play(seed, opt), nil
}

// Failure is a game that did not finish normally.
type Failure = game.Failure

// failed is the result of a game that panicked, and its Failure: the seed,
// the round and the cards in play.
func (g *Game) failed(r any) (Result, error) {
	f := game.Recovered(r, g.seed, g.round)
	f.InPlay = g.inPlay()
	if g.card != nil {
		f.Card = g.card.ID
	}
	g.fx.Reset()
	res := g.result
	res.Seed, res.Rounds = g.seed, g.round
	return res, f
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

// eachMod calls f with each modifier of a hero's cards that applies to a
// stat now (on a test or fight with keywords kw, in its space's terrain),
// with its source card: the hero's sheet, its items, the Remains in Play
// cards on it. Their sum is h.always[stat] + condMod(h, stat, kw).
//
// With cond false only the unconditional ones count (h.always[stat]).
func (g *Game) eachMod(h *Hero, stat Stat, kw KW, cond bool, f func(src *Card, scope string, amount int)) {
	terrain := g.c.Spaces[h.space].Terrain
	each := func(src *Card, mods []Mod) {
		for _, m := range mods {
			if m.Stat != stat || !cond && m.Scope != Always {
				continue
			}
			scope := "cond"
			switch m.Scope {
			case Always:
				scope = "always"
			case OnTest, VsEnemy:
				if !kw.Has(int(m.Sym)) {
					continue
				}
			case InSpace:
				if m.Sym < 0 || terrain&(1<<m.Sym) == 0 {
					continue
				}
			default:
				continue
			}
			f(src, scope, int(m.Amount))
		}
	}
	each(&h.def.Card, h.def.Mods)
	for _, id := range h.items {
		each(&g.c.Items[id].Card, g.c.Items[id].Mods)
	}
	for _, r := range h.remains {
		each(&r.ev.Card, r.ev.Mods)
	}
}

// logMods reports the modifiers applied to a stat of a hero (a "modifier"
// event each, with its source card), for the roll or cost that follows.
func (g *Game) logMods(h *Hero, stat Stat, kw KW, to string) {
	g.eachMod(h, stat, kw, true, func(src *Card, scope string, amount int) {
		g.logMod(h.seat, src.ID, stat, amount, to, scope)
	})
}

// logMod reports one modifier: scope is "always" (a bonus the card always
// gives), "cond" (one that applies here: a keyword, a terrain), "special"
// (an adventure's special text) or "card" (a card played now).
func (g *Game) logMod(seat int, src string, stat Stat, amount int, to, scope string) {
	if amount == 0 {
		return
	}
	g.emit(seat, "modifier", src, map[string]any{"stat": StatNames[stat], "amount": amount, "to": to, "scope": scope},
		"    (%s %+d from %s, on the %s)", StatNames[stat], amount, src, to)
}

// orderInts is the turn order as seats.
func (g *Game) orderInts() []int {
	out := make([]int, len(g.order))
	for i, s := range g.order {
		out[i] = int(s)
	}
	return out
}

// itemDeck names the deck an item belongs to.
func (g *Game) itemDeck(id int16) string {
	switch it := &g.c.Items[id]; {
	case it.Common:
		return "common-items"
	case it.Ally:
		return "allies"
	}
	return "gear"
}

// flag is a yes/no value of an event's Data: 1 or 0.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
