package content_test

import (
	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
)

// modules are the game modules with bundled sets.
var modules = []game.Module{fng.Module, fallenland.Module}
