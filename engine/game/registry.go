package game

import (
	"strings"
	"sync"

	"github.com/deckwright/deckwright/engine/diag"
)

// The registry of game modules. A module is registered once, as a
// database/sql driver is (the engine/games package registers every game
// deckwright ships); the command line, content generation and the
// project loader find games here, never in a list of their own.
var (
	registryMu sync.RWMutex
	registry   []Module
)

// Register makes a module available by its ID, title and initials. The
// first module registered is the default game: the one a command plays
// when neither a workbook nor --game names another. Registering nil, or
// an ID twice, panics: it is a mistake in the program, not in input.
func Register(m Module) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if m == nil {
		panic("game: Register of a nil module")
	}
	for _, r := range registry {
		if r.ID() == m.ID() {
			panic("game: Register called twice for " + m.ID())
		}
	}
	registry = append(registry, m)
}

// Modules lists the registered modules, the default game first.
func Modules() []Module {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return append([]Module(nil), registry...)
}

// Default is the default game, or nil when none is registered.
func Default() Module {
	if ms := Modules(); len(ms) > 0 {
		return ms[0]
	}
	return nil
}

// Lookup finds a registered module by ID or title, ignoring case and
// spacing ("fortune-and-glory", "Fortune and Glory"), or by its initials
// ("fng", "fl"). It returns nil for a name no module answers to.
func Lookup(name string) Module {
	for _, m := range Modules() {
		if diag.Fold(m.ID()) == diag.Fold(name) || diag.Fold(m.Title()) == diag.Fold(name) || Initials(m.ID()) == strings.ToLower(name) {
			return m
		}
	}
	return nil
}

// IDs lists the registered modules' IDs, comma-separated, for messages
// and help: "fortune-and-glory, fallen-land".
func IDs() string {
	var ids []string
	for _, m := range Modules() {
		ids = append(ids, m.ID())
	}
	return strings.Join(ids, ", ")
}

// Initials abbreviates a game ID the way players do: the first letter of
// each word, "and" as n ("fortune-and-glory" → "fng", "fallen-land" → "fl").
func Initials(id string) string {
	var b strings.Builder
	for _, w := range strings.Split(id, "-") {
		switch {
		case w == "and":
			b.WriteByte('n')
		case w != "":
			b.WriteByte(w[0])
		}
	}
	return b.String()
}
