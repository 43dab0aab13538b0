package game

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Event is one thing that happened in a traced game, in a form a referee
// can replay without the engine's code: every roll, re-roll, move, card
// drawn or played, resource gained or spent, modifier applied, reveal.
//
// Kind is a word from the module's documented event list (its RULES.md
// "Trace format" section); Data holds the event's values under documented
// keys (numbers as int, lists as []int or []string), so the text line and
// the JSON line say the same thing.
type Event struct {
	Turn int            `json:"turn"`           // the round (F&G) or Turn (Fallen Land)
	Seat int            `json:"seat"`           // 0-based seat of the player it concerns; -1 for none
	Kind string         `json:"kind"`           // e.g. "roll", "move", "gain", "draw"
	Card string         `json:"card,omitempty"` // the ID of the card (or row) it comes from
	Data map[string]any `json:"data,omitempty"` // the event's values
	Text string         `json:"text"`           // the readable line, without the turn prefix
}

// Tracer receives a traced game's events in order.
type Tracer interface {
	Event(e Event)
}

// TextTracer writes events as readable lines: "r3   P1 Jake Zane rolls …".
// Prefix is the turn word's letter ("r" for rounds, "t" for turns).
type TextTracer struct {
	W      io.Writer
	Prefix string
}

// Event writes one line.
func (t TextTracer) Event(e Event) {
	fmt.Fprintf(t.W, "%s%-3d %s\n", t.Prefix, e.Turn, e.Text)
}

// JSONTracer writes one JSON object per line (JSON Lines), keys sorted, so
// identical games give identical bytes.
type JSONTracer struct{ W io.Writer }

// Event writes one line.
func (t JSONTracer) Event(e Event) {
	b, err := json.Marshal(e)
	if err != nil { // Data held a value JSON cannot encode: a bug in a module
		b, _ = json.Marshal(Event{Turn: e.Turn, Seat: e.Seat, Kind: "error", Text: err.Error()})
	}
	t.W.Write(append(b, '\n'))
}

// EventLog keeps events in memory, for referees and tests.
type EventLog struct{ Events []Event }

// Event appends e.
func (l *EventLog) Event(e Event) { l.Events = append(l.Events, e) }

// Violation is a broken invariant a referee found in a traced game.
type Violation struct {
	Index int    `json:"index"` // the event's index in the game's log
	Turn  int    `json:"turn"`
	Rule  string `json:"rule"`    // a short stable name, e.g. "movement", "deck-conservation"
	Msg   string `json:"message"` // what was wrong, with the numbers
}

func (v Violation) String() string {
	return fmt.Sprintf("event %d (turn %d): %s: %s", v.Index, v.Turn, v.Rule, v.Msg)
}

// Referee checks a traced game against the rules, independently of the
// engine that played it.
type Referee interface {
	Check(events []Event) []Violation
}

// DataString renders Data as "k=v k=v" with sorted keys, for text lines
// and test failure messages.
func (e Event) DataString() string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%v", k, e.Data[k])
	}
	return b.String()
}
