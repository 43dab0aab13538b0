package fng

import "github.com/deckwright/deckwright/engine/game"

// RuleDef declares one rule constant of the Rules sheet. Values live in the
// workbook, never in Go: the engine reads every number from there.
type RuleDef struct {
	ID       string
	Min, Max int
	Doc      string
	Rulebook int // the rulebook's value, written into new base sets by init
}

// Bounds is what validation checks of the constant.
func (d RuleDef) Bounds() game.RuleBounds {
	return game.RuleBounds{ID: d.ID, Min: d.Min, Max: d.Max, Rulebook: d.Rulebook}
}

// RuleDefs lists every rule constant the engine reads.
var RuleDefs = []RuleDef{
	{"fortune-to-win", 1, 200, "Fortune a hero needs (in the starting city, at an end phase) to win the competitive game", 15},
	{"gear-cost", 0, 50, "Glory to buy a Gear card in a city", 5},
	{"ally-cost", 0, 50, "Glory to buy an Allies card in a city", 5},
	{"gear-limit", 0, 20, "Gear cards a hero may carry", 3},
	{"ally-limit", 0, 20, "Allies cards a hero may carry", 3},
	{"sidekick-limit", 0, 20, "Sidekick allies a hero may have", 1},
	{"heal-cost", 0, 20, "Glory to heal one wound in a city", 1},
	{"flight-major", 0, 20, "Fortune to fly to a major city", 2},
	{"flight-minor", 0, 20, "Fortune to fly to a minor city", 3},
	{"major-city-bonus", 0, 10, "extra Fortune for selling an artifact in a major city", 1},
	{"common-item-min-cost", 0, 20, "the lowest a Common Item's cost can fall", 1},
	{"artifacts-on-board", 1, 12, "artifacts kept on the board", 4},
	{"deep-jungle-bonus", 0, 20, "extra Fortune for an artifact placed in a deep jungle", 2},
	{"temple-treasure", 0, 20, "Fortune value of a Temple Treasure", 3},
	{"temple-fortune-per-danger", 0, 10, "Fortune a hero takes from a Temple per danger overcome", 1},
	{"collapse-on", 0, 6, "a collapse die at or below this collapses the Temple", 1},
	{"event-on", 1, 7, "adventuring in a land or sea space without an artifact: a roll at or above this draws an Event", 4},
	{"enemy-on", 0, 6, "…and a roll at or below this starts a fight with the Enemies deck", 1},
	{"free-event-on", 0, 6, "an initiative or movement roll at or below this draws a free Event", 1},
	{"hit-on", 1, 7, "fight dice at or above this hit", 4},
	{"explore-on", 1, 7, "deep-jungle exploration dice at or above this find the adventure", 4},
	{"ko-artifact-loss", 0, 6, "when KO'd, each carried artifact is lost on a roll at or below this", 3},
	{"villain-search-on", 1, 7, "villain search dice at or above this succeed", 4},
	{"villain-wound-on", 0, 6, "villain search dice at or below this wound the villain", 1},
	{"villain-glory-per-hit", 0, 10, "Glory a hero gains per hit done to a villain", 1},
	{"track-per-artifact", 0, 10, "villain track steps when the villains collect an artifact", 2},
	{"track-fortune-step", 1, 20, "villain Fortune that converts to one villain track step", 3},
	{"track-per-henchman", 0, 10, "villain track steps when a henchman cannot be placed", 1},
	{"team-fortune-per-hero", 1, 50, "team game: Fortune a team needs per hero on it", 10},
	{"solo-fortune", 1, 200, "single-hero solo game: Fortune to win", 15},
	{"solo-track", 1, 30, "single-hero solo game: villain track the villains need", 20},
	{"solo-villains", 1, 6, "single-hero solo game: active villains the organization fields", 2},
	{"solo-hard-fortune", 1, 200, "harder solo variant: Fortune to win", 20},
	{"solo-hard-track", 1, 30, "harder solo variant: villain track the villains need", 15},
	{"solo-move-dice", 1, 4, "single-hero solo game: movement dice rolled (the hero picks one)", 2},
	{"fixed-move", 0, 12, "fixed movement option: spaces of fixed movement", 4},
	{"fixed-move-event-on", 0, 6, "fixed movement option: a rolled move at or below this draws a free Event", 2},
	{"outpost-track-back", 0, 6, "destroying an outpost moves the villain track back D-this (a D3)", 3},
	{"german-collapse-on", 0, 6, "German quick rules variant: a Temple collapse die at or below this adds an instability marker", 2},
}

// rulesSheet is the workbook sheet that sets the rule constants.
var rulesSheet = game.RulesSheet("",
	"15", "Fortune a hero needs to win",
	map[string]string{"ID": "fortune-to-win", "Name": "Fortune to win", "Value": "20", "Change": "replace", "Notes": "a longer game"})
