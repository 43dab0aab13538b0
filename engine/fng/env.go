package fng

import (
	_ "embed"

	"github.com/deckwright/deckwright/effects"
)

// The effect vocabulary of Fortune and Glory: every verb and value a card's
// Effect or Condition may use, with its type and a one-line doc. The
// implementations live with the engine (verbs.go); a test checks that each
// declared name has one.

// vocabulary is the table of every value and verb, with the environment's
// doc and examples (effects.FromTable).
//
//go:embed vocabulary.tsv
var vocabulary string

// Env returns the Fortune and Glory effect environment, "fng", built on first use.
var Env = effects.TableEnv(vocabulary, valueImpl, verbImpl)
