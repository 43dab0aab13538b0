package fng

import "github.com/deckwright/deckwright/effects"

// valueImpl and verbImpl implement the vocabulary declared in env.go.
var (
	valueImpl = map[string]any{}
	verbImpl  = map[string]any{}
)

var _ = effects.Args{}
