// Command deckwright authors, validates, simulates and prints board-game
// content kept in spreadsheets. Run `deckwright --help` for the tour.
package main

import (
	"os"
)

func main() {
	ctx := watchSignals(os.Stderr)
	os.Exit(runContext(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
