package fallenland

import (
	_ "embed"

	"github.com/deckwright/deckwright/effects"
)

// The effect vocabulary of Fallen Land: every verb and value an Effect,
// Condition or other expression cell may use, with its type and a one-line
// doc. The implementations live with the engine (verbs.go); a test checks
// that each declared name has one.

// vocabulary is the table of every value and verb, with the environment's
// doc and examples (effects.FromTable).
//
//go:embed vocabulary.tsv
var vocabulary string

// Env returns the Fallen Land effect environment, "fl", built on first use.
var Env = effects.TableEnv(vocabulary, valueImpl, verbImpl)
