package content_test

// The tests find the game of each bundled set in the registry.
import _ "github.com/deckwright/deckwright/engine/games"
