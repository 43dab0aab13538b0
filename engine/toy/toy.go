// Package toy is Pips, a small dice-and-cards race game that exists to
// prove the platform: everything a game module writes to get validation,
// `deckwright sim` with its reports, --impact and printing from deckwright,
// and nothing more. It is not registered with the shipped games
// (engine/games); its tests register it.
//
// The rules: each player's turn draws a card from the one deck and does
// what its Effect says, then rolls a die one or more times, banking the
// pips unless a roll is a 1, which loses the turn's rolls. The first
// player to the goal (20 points) at the end of a turn wins.
package toy

import (
	_ "embed"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// GameID is the game's identifier in workbooks.
const GameID = "pips"

// CodeThinDeck warns about a deck too small to shuffle into a game.
var CodeThinDeck = diag.Register("DW9101", diag.Warning, "the Pips deck has fewer than 6 cards")

// Module is Pips.
var Module game.Simulator = module{game.NewBase(schema, env)}

type module struct{ game.Base }

// Validate checks what only Pips knows: the deck is large enough.
func (module) Validate(v *game.Validation) {
	n := 0
	for _, r := range v.Tables.Rows("cards") {
		n += r.Int("count")
	}
	if n < 6 && v.Complete("cards") {
		v.Diags.Add(diag.Warnf(game.TablePos(v.Tables, "cards"), CodeThinDeck, "the deck has %d cards; a game of 4 draws more than that each round", n).
			WithHint("add cards, or raise a Count"))
	}
}

var schema = &table.Schema{Game: GameID, Title: "Pips", Sheets: []table.Sheet{
	{Name: "Players", Doc: "who a seat can play", Columns: []table.Column{
		{Name: "Start", Type: table.TRange(0, 10), Default: "0", Doc: "points at the start", Example: "2"},
	}},
	{Name: "Cards", Doc: "the one deck", Deck: true, Columns: []table.Column{
		{Name: "Effect", Type: table.TEffect("pips"), Required: true, Doc: "what drawing the card does", Example: "gain(2)"},
		{Name: "Text", Type: table.TText, Print: true, Doc: "the card's text", Example: "Gain 2 points."},
	}},
}}

// host is what an effect runs on: the game, as the player who drew.
type host = *Game

// vocabulary is the table of the values and verbs cards may use.
//
//go:embed vocabulary.tsv
var vocabulary string

var env = effects.TableEnv(vocabulary, map[string]any{
	"score": func(g host) int64 { return int64(g.score[g.seat]) },
	"round": func(g host) int64 { return int64(g.round) },
}, map[string]any{
	"gain": func(g host, a effects.Args) int64 { g.score[g.seat] += int(a[0]); return 0 },
	"lose": func(g host, a effects.Args) int64 {
		for s := range g.score {
			if s != g.seat {
				g.score[s] = max(g.score[s]-int(a[0]), 0)
			}
		}
		return 0
	},
	"extraRoll": func(g host, _ effects.Args) int64 { g.extra++; return 0 },
})
