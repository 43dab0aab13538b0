// Package games registers every game module deckwright ships. A program
// imports it for that alone:
//
//	import _ "github.com/deckwright/deckwright/engine/games"
//
// and then finds its games in the registry (game.Modules, game.Lookup).
// This is the one list of the shipped games; the first is the default
// game, the one `deckwright sim` plays with no workbook and no --game.
package games

import (
	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
)

func init() {
	game.Register(fng.Module)
	game.Register(fallenland.Module)
}
