// Package referee checks a traced Fallen Land game against the rules. It
// replays the game's events (engine/fallenland RULES.md, "Trace format")
// with its own ledgers — coins and tracks, Weeks, where each Party stands,
// every card's place — and the content's printed data, and never calls the
// engine's code: a bug in the engine shows as a broken invariant here.
package referee

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
)

// Referee checks games played on one content.
type Referee struct {
	c     *fallenland.Content
	chars map[string]int // Character ID → index
	spoil map[string]int
	act   map[string]int
	techs map[string]int
	decks map[string]int // deck name → index in DeckNames
	encs  map[string]int // Encounter ID → index
	miss  map[string]int // Mission ID → index
}

// New prepares a referee for games on c.
func New(c *fallenland.Content) *Referee {
	r := &Referee{c: c, chars: map[string]int{}, spoil: map[string]int{}, act: map[string]int{}, techs: map[string]int{}, decks: map[string]int{},
		encs: map[string]int{}, miss: map[string]int{}}
	for i := range c.Encounters {
		r.encs[c.Encounters[i].ID] = i
	}
	for i := range c.Missions {
		r.miss[c.Missions[i].ID] = i
	}
	for i := range c.Characters {
		r.chars[c.Characters[i].ID] = i
	}
	for i := range c.Spoils {
		r.spoil[c.Spoils[i].ID] = i
	}
	for i := range c.Actions {
		r.act[c.Actions[i].ID] = i
	}
	for i := range c.Techs {
		r.techs[c.Techs[i].ID] = i
	}
	for i, n := range fallenland.DeckNames {
		r.decks[n] = i
	}
	return r
}

var _ game.Referee = (*Referee)(nil)

// Check replays a game's events and returns the invariants they break.
func (r *Referee) Check(events []game.Event) []game.Violation {
	s := &state{r: r, c: r.c}
	for i := range events {
		s.i, s.e = i, &events[i]
		s.event()
	}
	s.finish()
	return s.out
}

// state is the referee's own account of the game so far.
type state struct {
	r   *Referee
	c   *fallenland.Content
	out []game.Violation
	i   int
	e   *game.Event

	variants  map[string]bool
	vp, vth   int
	players   []seat
	phase     string
	turn      int
	cards     cardLedger
	chk       checkLedger
	deedOf    []deedContext // per seat: the Deed being done
	lastMove  []moveEnd     // per seat: where its last Movement Deed ended
	purchases []purchase    // per seat, this Turn
	pvp       pvpLedger
	alt       altLedger
	owedPsych map[int]map[string]*psychDue
	mapDamage bool // the damage events that follow are a hex's (Radiation) // per seat, the cards drawn that show the Psychological Check
}

// seat is one player's ledgers.
type seat struct {
	res     map[string]int // prestige, town-health, salvage, tdc
	hex     int
	weeks   int
	penalty int
	bonus   int
	inPhase bool
	faction int                 // index in the content's Factions, -1 unknown
	frozen  map[string][]string // crown → a Character with 3 Psych damage and its cards at the last state
	crowns  map[string]string   // crown → the Character (or hit man) on it at the last state, less deaths since
}

// violate records a broken invariant at the current event.
func (s *state) violate(rule, format string, args ...any) {
	s.out = append(s.out, game.Violation{Index: s.i, Turn: s.e.Turn, Rule: rule, Msg: fmt.Sprintf(format, args...)})
}

// event dispatches one event to the ledgers that follow it.
func (s *state) event() {
	e := s.e
	if e.Kind != "damage" && e.Kind != "hex-damage" && e.Kind != "death" && e.Kind != "discard" {
		s.mapDamage = false // a hex's damage events come together, right after it
	}
	switch e.Kind {
	case "game":
		s.startGame()
	case "setup":
		s.setup()
	case "turn":
		s.turn = e.Turn
		for i := range s.purchases {
			s.purchases[i] = purchase{}
		}
	case "phase":
		s.phase = str(e, "phase")
	case "deck", "draw", "discard", "reshuffle", "receive":
		s.cardEvent()
	case "state":
		s.stateEvent()
	case "table":
		s.tableEvent()
	case "gain", "lose", "pay", "transfer":
		s.resourceEvent()
	case "die", "reroll", "check", "modifier", "turned":
		s.diceEvent()
	case "weeks", "deed", "delay", "bonus-weeks", "weeks-end", "wiped":
		s.weeksEvent()
	}
	switch e.Kind {
	case "move", "place", "rebuild", "hex-damage", "npcm-move":
		s.moveEvent()
	case "damage":
		if s.mapDamage {
			s.moveEvent()
		}
		s.pvpEvent()
	case "deed", "weeks-end", "card", "resolved", "capture", "ambush":
		s.deedEvent()
		switch e.Kind {
		case "card", "resolved":
			s.psychEvent()
		case "ambush":
			s.moveEvent()
		}
	case "tech":
		s.techEvent()
	case "outcome", "psych", "death":
		s.psychEvent()
	case "pvp", "check", "first-strike", "pvp-round", "pvp-hit", "pvp-end", "roll", "lose", "hire", "solo-pvp-round":
		s.pvpEvent()
	case "end":
		s.endEvent()
	}
	switch e.Kind {
	case "card", "check", "outcome", "resolved":
		s.outcomeEvent()
	}
}

func (s *state) startGame() {
	e := s.e
	n := num(e, "players")
	s.players = make([]seat, n)
	for i := range s.players {
		s.players[i] = seat{res: map[string]int{}, frozen: map[string][]string{}, crowns: map[string]string{}}
	}
	s.deedOf = make([]deedContext, n)
	s.lastMove = make([]moveEnd, n)
	s.purchases = make([]purchase, n)
	s.variants = map[string]bool{}
	for _, v := range strs(e, "variants") {
		s.variants[v] = true
	}
	s.vp, s.vth = num(e, "victory-prestige"), num(e, "victory-town-health")
	s.cards.init(len(fallenland.DeckNames))
}

func (s *state) setup() {
	e := s.e
	p := s.seatOf(e.Seat)
	if p == nil {
		return
	}
	for _, k := range []string{"prestige", "town-health", "salvage", "tdc"} {
		p.res[k] = num(e, k)
	}
	p.hex = num(e, "hex")
	p.faction = -1
	for i := range s.c.Factions {
		if s.c.Factions[i].ID == e.Card {
			p.faction = i
		}
	}
	s.lastMove[e.Seat] = moveEnd{hex: -1, deed: -1}
}

// seatOf is the seat's ledger, or nil (with a violation) for a seat the
// game does not have.
func (s *state) seatOf(seat int) *seat {
	if seat < 0 || seat >= len(s.players) {
		s.violate("seat", "%s event for seat %d of a %d-player game", s.e.Kind, seat, len(s.players))
		return nil
	}
	return &s.players[seat]
}

func (s *state) finish() {
	s.cards.finish(s)
}

// Data accessors: events in memory hold ints and string or int lists;
// events read back from JSON hold float64 and []any.

func num(e *game.Event, k string) int {
	switch v := e.Data[k].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	case int8:
		return int(v)
	case int16:
		return int(v)
	}
	return 0
}

func has(e *game.Event, k string) bool {
	_, ok := e.Data[k]
	return ok
}

func flag(e *game.Event, k string) bool {
	b, _ := e.Data[k].(bool)
	return b
}

func str(e *game.Event, k string) string {
	v, _ := e.Data[k].(string)
	return v
}

func strs(e *game.Event, k string) []string {
	switch v := e.Data[k].(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func ints(e *game.Event, k string) []int {
	switch v := e.Data[k].(type) {
	case []int:
		return v
	case []any:
		out := make([]int, 0, len(v))
		for _, x := range v {
			if f, ok := x.(float64); ok {
				out = append(out, int(f))
			}
		}
		return out
	}
	return nil
}
