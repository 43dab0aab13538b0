package fng

import (
	"github.com/deckwright/deckwright/engine/table"
)

// GameID is the game's identifier in workbooks.
const GameID = "fortune-and-glory"

// Symbol domains: the kinds of names cells and effects refer to.
const (
	DomainKeyword   = "keyword"
	DomainTerrain   = "terrain"
	DomainReference = "enemy"
	DomainFaction   = "faction"
	DomainSkill     = "skill"
	DomainDeck      = "deck"
	DomainSpace     = "space"
	DomainItem      = "item"
	DomainVillain   = "villain"
)

// Terrains are the terrain icons of the board.
var Terrains = []string{"Jungle", "Mountains", "Desert", "Ice", "Sea"}

// Decks a card effect may draw from, as printed.
var DeckNames = []string{"Events", "Gear", "Allies", "City", "Enemies", "Nazi Enemies", "Dangers", "Artifacts", "Adventures", "Locations", "Villain Events"}

// Timings say when a card's ability may be used. The engine offers an
// ability at each of its timings; bots decide whether to use it then.
var Timings = []string{
	"immediately", // when drawn (Play Immediately), or when it enters play
	"setup",       // at the start of the game (heroes)
	"initiative",  // in the initiative phase
	"move",        // in the hero's move, before moving
	"adventure",   // at the start of the hero's adventure phase
	"danger",      // when a Danger is drawn, before its tests
	"test",        // after a test's dice are rolled
	"fight",       // at the start of a fight round
	"cliffhanger", // when a Danger is failed, before flipping
	"city",        // in a city, after the City card
	"ko",          // when the hero would be KO'd
	"end",         // in the end phase
	"cancel",      // in answer to another card being played
}

// AnyTiming in a Timing cell is every moment a card may be played: the
// rulebook's "at any time", the default for Events and secret City cards.
const AnyTiming = "any"

// timingNames are the names a Timing cell may list.
var timingNames = append(append([]string(nil), Timings...), AnyTiming)

// Targets say whom a played card's effect applies to.
var Targets = []string{"self", "opponent", "space", "all", "others"}

// Untils say when a Remains in Play card leaves play.
var Untils = []string{"canceled", "round", "city", "heal", "ko"}

// Icons are the built-in vector icons a keyword may show.
var Icons = []string{"fire", "gun", "sidekick", "water", "trap", "chase", "driving", "flying", "undead", "beast", "magic",
	"ancient", "poison", "explosive", "sneak", "nazi", "mob", "cult", "curse", "treasure", "weapon", "vehicle"}

// Rule columns shared by several sheets.
var (
	colKeywords = table.Column{Name: "Keywords", Type: table.TList(table.TRef("keywords")), Doc: "keywords printed under the picture, in order; the first names the card's type", Example: "Trap, Ancient"}
	colText     = table.Column{Name: "Text", Type: table.TText, Print: true, Doc: "rules text printed on the card; {combat} {agility} {cunning} {lore} {fortune} {glory} {danger} {wound} and keyword names in braces print as icons", Example: "Gain 2 {glory}."}
	colFlavor   = table.Column{Name: "Flavor", Type: table.TText, Doc: "italic flavour text", Example: "The floor tilts. Something clicks."}
	colAdvanced = table.Column{Name: "Advanced", Type: table.TBool, Default: "FALSE", Doc: "TRUE removes the card from the Basic Game", Example: "FALSE"}
	colShuffle  = table.Column{Name: "Shuffle", Type: table.TBool, Default: "FALSE", Doc: "the Shuffle icon: when discarded, shuffle the discard pile back into the deck", Example: "FALSE"}
	colBonus    = table.Column{Name: "Bonus", Type: table.TGrammar("modifiers"), Doc: "passive modifiers while the card is held or in play", Example: "Combat +1, Agility +1 on Chase"}
	colTiming   = table.Column{Name: "Timing", Type: table.TList(table.TEnum(timingNames...)), Doc: "when the ability may be used: a moment, several, or any (every moment a card may be played)", Example: "test"}
	// Events are played "at any time" unless they say otherwise.
	colPlayTiming = table.Column{Name: "Timing", Type: table.TList(table.TEnum(timingNames...)), Default: AnyTiming, Doc: "when the card may be played: any (the rulebook's default: at any time), or the moments its text allows", Example: "test"}
	colCond       = table.Column{Name: "Condition", Type: table.TCondition("fng"), Doc: "the ability may be used only when this is true", Example: `test.has("Chase")`}
	colEffect     = table.Column{Name: "Effect", Type: table.TEffect("fng"), Doc: "what the ability does", Example: "addDice(2)"}
	colActivate   = table.Column{Name: "Activate", Type: table.TBool, Default: "FALSE", Doc: "the ability is used once per round (rotate the card); bonuses still apply", Example: "TRUE"}
)

func skill(name string) table.Column {
	return table.Column{Name: name, Type: table.TRange(1, 9), Required: true, Doc: "dice rolled for " + name + " tests", Example: "3"}
}

func testCol(name, doc string, required bool) table.Column {
	return table.Column{Name: name, Type: table.TGrammar("test"), Required: required, Doc: doc, Example: "Agility 5+ x2 or Fight Enemies"}
}

// Schema is the Fortune and Glory workbook format.
var Schema = &table.Schema{
	Game:  GameID,
	Title: "Fortune and Glory",
	Grammars: map[string]table.Grammar{
		"test": {Name: "test", Title: "skill test (Agility 5+ x2 or Fight Enemies)", Parse: testGrammar,
			Doc: "Tests read like the printed card: `Agility 5+ x2` (a skill, a target, successes), `Combat+Lore 4+ x3` (skills combined), `Dice 3 5+` (a non-skill test), `Fight Enemies`, `Fight Nazi Enemies (Infantry)`, `Fight Mobsters` (a reference enemy), `Fight Nazi Villain`, `Sneak`; join with `or` (choose) and `and` (pass both)."},
		"modifiers": {Name: "modifiers", Title: "modifiers (Combat +1, Agility +2 on Chase)", Parse: modifiersGrammar,
			Doc: "Comma-separated `Stat ±N`, optionally narrowed: `on <keyword>` (tests carrying it), `vs <keyword>` (fights against it), `in <terrain>` (while there). Stats: Combat, Agility, Cunning, Lore, Tests (every skill test), Defense, Wounds, Move, Escape (escape-test dice), Search (a villain's), Sneak (dice a villain rolls against the hero sneaking), Cost (Glory paid for Common Items), Flight (Fortune paid for flights)."},
		"rolls": {Name: "rolls", Title: "die roll (3 or 1-2)", Parse: rollsGrammar, Doc: "One face of a d6, or a range such as 1-2."},
	},
	Domains: []table.Domain{
		{Name: DomainKeyword, Doc: "a keyword of the Keywords sheet", Sheet: "keywords"},
		{Name: DomainTerrain, Doc: "a terrain icon", Static: Terrains},
		{Name: DomainReference, Doc: "an enemy of a reference card (Enemies with Deck = reference)", Sheet: "enemies", WhereColumn: "deck", WhereValue: "reference"},
		{Name: DomainFaction, Doc: "a vile organization", Sheet: "organizations"},
		{Name: DomainSkill, Doc: "a skill", Static: SkillNames},
		{Name: DomainDeck, Doc: "a deck", Static: DeckNames},
		{Name: DomainSpace, Doc: "a space of the map", Sheet: "spaces"},
		{Name: DomainItem, Doc: "a Common Item", Sheet: "common_items"},
		{Name: DomainVillain, Doc: "a villain", Sheet: "villains"},
	},
	Sheets: []table.Sheet{
		rulesSheet,
		{
			Name: "Victory", Doc: "The cooperative and solo victory chart: per number of heroes, the Fortune the heroes need, the active villains and the villain track the villains need.",
			Columns: []table.Column{
				{Name: "Players", Type: table.TRange(1, 8), Required: true, Doc: "number of heroes", Example: "4"},
				{Name: "Fortune", Type: table.TRange(1, 200), Required: true, Doc: "shared Fortune the heroes need", Example: "40"},
				{Name: "Villains", Type: table.TRange(1, 6), Required: true, Doc: "active villains", Example: "2"},
				{Name: "Track", Type: table.TRange(1, 30), Required: true, Doc: "villain track the villains need", Example: "15"},
			},
			Example: map[string]string{"ID": "players-4", "Name": "4 heroes", "Players": "4", "Fortune": "45", "Villains": "2", "Track": "15", "Change": "replace"},
		},
		{
			Name: "Keywords", Doc: "Every keyword cards may carry. Cards and effects refer to keywords by ID or Name.",
			Columns: []table.Column{
				{Name: "Icon", Type: table.TEnum(Icons...), Doc: "a built-in icon printed for the keyword", Example: "fire"},
				{Name: "Description", Type: table.TText, Doc: "what the keyword marks", Example: "burning things"},
			},
			Example: map[string]string{"ID": "arctic", "Name": "Arctic", "Description": "frozen places and the things that live there"},
		},
		{
			Name: "Spaces", Doc: "The map: land, sea and city spaces with their adjacency. Land and city spaces cost 1 movement; a sea costs its Cost.",
			Columns: []table.Column{
				{Name: "Type", Type: table.TEnum("land", "sea", "city"), Required: true, Doc: "land, sea or city", Example: "land"},
				{Name: "Cost", Type: table.TRange(1, 9), Doc: "movement to enter a sea space (land and cities always cost 1)", Example: "2"},
				{Name: "Size", Type: table.TEnum("major", "minor"), Doc: "for cities: major (gold border, +1 Fortune when selling) or minor", Example: "major"},
				{Name: "Port", Type: table.TBool, Default: "FALSE", Doc: "a port city touches its seas", Example: "TRUE"},
				{Name: "Inside", Type: table.TRef("spaces"), Doc: "the land space a city lies within (entered only through it)", Example: "british-isles"},
				{Name: "Terrain", Type: table.TList(table.TEnum("jungle", "mountains", "desert", "ice", "sea")), Doc: "terrain icons", Example: "jungle, mountains"},
				{Name: "Deep Jungle", Type: table.TBool, Default: "FALSE", Doc: "a deep jungle: artifacts here are worth more and must be explored for", Example: "FALSE"},
				{Name: "Pacific Crossing", Type: table.TBool, Default: "FALSE", Doc: "the one space that joins the two edges of the map", Example: "FALSE"},
				{Name: "Adjacent", Type: table.TList(table.TRef("spaces")), Doc: "neighbouring spaces (adjacency must be listed on both sides)", Example: "western-europe, north-sea"},
				{Name: "Text", Type: table.TText, Doc: "a note about the space", Example: "Fog and old money."},
			},
			Example: map[string]string{"ID": "svalbard", "Name": "Svalbard", "Type": "land", "Terrain": "ice", "Adjacent": "arctic-ocean", "Disabled": "TRUE"},
		},
		{
			Name: "Heroes", Doc: "Hero character sheets.",
			Columns: []table.Column{
				{Name: "Title", Type: table.TString, Doc: "the hero's calling, printed under the name", Example: "Flying Ace"},
				{Name: "Start City", Type: table.TRef("spaces"), Required: true, Doc: "the city the hero starts in, returns to when KO'd, and must reach to win", Example: "london"},
				skill("Combat"), skill("Agility"), skill("Cunning"), skill("Lore"),
				{Name: "Wounds", Type: table.TRange(1, 12), Required: true, Doc: "wounds the hero can take before being KO'd", Example: "6"},
				{Name: "Defense", Type: table.TRange(0, 5), Default: "0", Doc: "hits prevented each time the hero takes hits", Example: "1"},
				colBonus,
				{Name: "Setup", Type: table.TEffect("fng"), Doc: "what the hero gets at the start of the game", Example: "drawGear()"},
				colTiming, colCond, colEffect, colActivate,
				{Name: "Abilities", Type: table.TText, Print: true, Doc: "the abilities as printed on the sheet", Example: "Starts with one Gear."},
				{Name: "Profile", Type: table.TText, Doc: "the hero's story", Example: "A stunt pilot who never lands the same way twice."},
			},
			Example: map[string]string{"ID": "nadia-volkova", "Name": "Nadia Volkova", "Title": "Mountaineer", "Start City": "moscow", "Combat": "2", "Agility": "4", "Cunning": "3", "Lore": "2", "Wounds": "5", "Defense": "0", "Bonus": "Agility +1 in Mountains", "Abilities": "+1 {agility} in Mountains.", "Disabled": "TRUE"},
		},
		{
			Name: "Villains", Doc: "Villain cards.",
			Columns: []table.Column{
				{Name: "Organization", Type: table.TRef("organizations"), Required: true, Doc: "the vile organization (faction) the villain belongs to", Example: "nazi"},
				{Name: "Search", Type: table.TRange(1, 9), Required: true, Doc: "dice the villain rolls to search for artifacts and to spot sneaking heroes", Example: "3"},
				{Name: "Combat", Type: table.TRange(1, 9), Required: true, Doc: "fight dice", Example: "4"},
				{Name: "Wounds", Type: table.TRange(1, 15), Required: true, Doc: "wounds before KO", Example: "6"},
				{Name: "Defense", Type: table.TRange(0, 5), Default: "0", Doc: "hits prevented each time", Example: "1"},
				colBonus,
				{Name: "When", Type: table.TEnum("deploy", "search", "fight", "ko"), Doc: "when the villain's ability acts", Example: "fight"},
				colEffect,
				{Name: "Abilities", Type: table.TText, Print: true, Doc: "the abilities as printed", Example: "Each fight round, the hero takes 1 extra wound."},
			},
		},
		{
			Name: "Organizations", Doc: "Vile organizations (Nazis, The Mob): record-sheet rules and henchmen.",
			Columns: []table.Column{
				{Name: "Henchman", Type: table.TRef("enemies"), Required: true, Doc: "the reference enemy the organization's henchmen figures represent", Example: "nazi-soldiers"},
				{Name: "Figures", Type: table.TRange(0, 40), Required: true, Doc: "henchmen figures in the box", Example: "16"},
				{Name: "Bodyguards", Type: table.TRange(0, 4), Default: "0", Doc: "henchmen figures that escort each villain of this faction as bodyguards", Example: "2"},
				{Name: "Zeppelin", Type: table.TRef("zeppelins"), Doc: "the zeppelin side this organization fields in the cooperative game", Example: "war-zeppelin"},
				{Name: "Setup", Type: table.TEffect("fng"), Doc: "extra set-up of the cooperative game", Example: "placeOutpost()"},
				{Name: "Rules", Type: table.TText, Print: true, Doc: "the record-sheet rules as printed", Example: "Nazi villains come with 2 bodyguards."},
			},
		},
		{
			Name: "Tactics", Doc: "Each organization's d6 tactics chart, rolled by Vile Tactics.",
			Columns: []table.Column{
				{Name: "Organization", Type: table.TRef("organizations"), Required: true, Doc: "whose chart", Example: "nazi"},
				{Name: "Roll", Type: table.TGrammar("rolls"), Required: true, Doc: "the die faces of this result", Example: "1-2"},
				{Name: "Effect", Type: table.TEffect("fng"), Required: true, Doc: "what happens", Example: "occupy()"},
				{Name: "Text", Type: table.TText, Print: true, Doc: "the result as printed", Example: "Occupation: place an Occupation marker in a random city."},
			},
		},
		{
			Name: "Outposts", Doc: "Each organization's outposts: placed on the board, acting every villain phase, destroyed by heroes.",
			Columns: []table.Column{
				{Name: "Organization", Type: table.TRef("organizations"), Required: true, Doc: "whose outpost", Example: "mob"},
				{Name: "Initial", Type: table.TRange(0, 6), Default: "0", Doc: "outposts of this kind placed at set-up", Example: "1"},
				{Name: "Placement", Type: table.TEnum("random-city", "random-location"), Default: "random-city", Doc: "where a new outpost goes", Example: "random-city"},
				{Name: "Destroy", Type: table.TGrammar("test"), Required: true, Doc: "the test a hero in the space passes (in the adventure phase) to destroy it", Example: "Fight Mobsters and Cunning 5+"},
				{Name: "Effect", Type: table.TEffect("fng"), Doc: "what it does in the outpost step", Example: "advanceTrack(1)"},
				{Name: "Text", Type: table.TText, Print: true, Doc: "the outpost as printed", Example: "Each villain phase, roll a die: on 6 the villain track moves 1."},
			},
		},
		{
			Name: "Zeppelins", Doc: "The zeppelin record sheet: The Zeppelin (competitive, advanced) and the War Zeppelin (cooperative, Nazis).",
			Columns: []table.Column{
				{Name: "Mode", Type: table.TEnum("competitive", "cooperative"), Required: true, Doc: "which game uses this side", Example: "competitive"},
				{Name: "Moves", Type: table.TRange(0, 9), Required: true, Doc: "spaces it moves toward a random location each end phase", Example: "3"},
				{Name: "Fortune", Type: table.TRange(0, 9), Default: "0", Doc: "Fortune loaded aboard each end phase (heroes can steal it)", Example: "1"},
				{Name: "Drop", Type: table.TRange(0, 6), Default: "0", Doc: "each end phase roll a die: on this or less it drops a henchman in its space", Example: "2"},
				{Name: "Guards", Type: table.TRange(0, 9), Required: true, Doc: "dice the guards roll to spot a hero sneaking aboard", Example: "2"},
				{Name: "Glory", Type: table.TRange(0, 9), Default: "0", Doc: "Glory for a hero who comes through a sneak aboard (the War Zeppelin's destroyer)", Example: "3"},
				{Name: "Effect", Type: table.TEffect("fng"), Doc: "what it does each villain phase (War Zeppelin)", Example: "advanceTrack(1)"},
				{Name: "Text", Type: table.TText, Print: true, Doc: "the record-sheet rules as printed", Example: "Sneak aboard to steal its gold."},
			},
		},
		{
			Name: "Dangers", Deck: true, Doc: "Double-sided Danger/Cliffhanger cards. The front is the Danger; the back, the Cliffhanger a hero faces after failing it.",
			Columns: []table.Column{
				colKeywords,
				testCol("Test", "the Danger's test", true),
				{Name: "Glory", Type: table.TRange(0, 9), Default: "0", Doc: "Glory for overcoming the Danger", Example: "2"},
				{Name: "Effect", Type: table.TEffect("fng"), Doc: "what happens when the Danger is drawn, before its test", Example: `placeVillain()`},
				colText,
				{Name: "Cliffhanger", Type: table.TString, Required: true, Doc: "the name on the back", Example: "Hanging by a Thread"},
				{Name: "Cliffhanger Keywords", Type: table.TList(table.TRef("keywords")), Doc: "keywords of the back (the front's keywords apply too)", Example: "Cliffhanger, Fall"},
				testCol("Cliffhanger Test", "the Cliffhanger's test; failing it KOs the hero (exerting allowed)", true),
				{Name: "Cliffhanger Glory", Type: table.TRange(0, 9), Default: "0", Doc: "Glory for surviving the Cliffhanger", Example: "3"},
				{Name: "Cliffhanger Effect", Type: table.TEffect("fng"), Doc: "what happens when the Cliffhanger is resolved, before its test", Example: "wound(1)"},
				{Name: "Cliffhanger Text", Type: table.TText, Print: true, Doc: "rules text of the back", Example: "Take 1 {wound}, then test."},
				colFlavor, colAdvanced,
			},
			Example: map[string]string{"ID": "frozen-bridge", "Name": "Frozen Bridge", "Count": "1", "Keywords": "Danger", "Test": "Agility 4+ x2", "Glory": "2", "Text": "The ice groans under your boots.", "Cliffhanger": "Through the Ice", "Cliffhanger Keywords": "Cliffhanger", "Cliffhanger Test": "Combat 5+", "Cliffhanger Glory": "2", "Cliffhanger Text": "Haul yourself out.", "Disabled": "TRUE"},
		},
		{
			Name: "Enemies", Deck: true, Group: "Deck", Doc: "Enemies: the Enemies deck, the Nazi Enemies deck and the enemies of the reference cards (fought by name).",
			Columns: []table.Column{
				{Name: "Deck", Type: table.TEnum("enemies", "nazi-enemies", "reference"), Required: true, Doc: "which deck the card is in, or reference for the reference cards", Example: "enemies"},
				colKeywords,
				{Name: "Glory", Type: table.TRange(0, 9), Required: true, Doc: "Glory for defeating it", Example: "2"},
				{Name: "Fight Dice", Type: table.TRange(0, 12), Required: true, Doc: "dice it rolls each fight round (4–6 hits)", Example: "3"},
				{Name: "Wounds", Type: table.TRange(1, 20), Required: true, Doc: "wounds that defeat it", Example: "2"},
				{Name: "Defense", Type: table.TRange(0, 5), Default: "0", Doc: "hits it prevents each time", Example: "0"},
				testCol("Escape", "the test to escape it instead of fighting a round", false),
				{Name: "Bonus Fortune", Type: table.TRange(0, 9), Default: "0", Doc: "Fortune for defeating it (Escorted cards add theirs to the enemy they escort)", Example: "3"},
				{Name: "When", Type: table.TEnum("start", "round", "hit", "defeated"), Doc: "when its ability acts: fight start, each round, when it hits, when defeated", Example: "start"},
				colEffect,
				colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "Events", Deck: true, Doc: "Event cards: held in hand and played at their timing, unless Play Immediately.",
			Columns: []table.Column{
				colKeywords, colPlayTiming,
				{Name: "Target", Type: table.TEnum(Targets...), Default: "self", Doc: "whom the effect applies to", Example: "opponent"},
				colCond, colEffect, colBonus,
				{Name: "Immediately", Type: table.TBool, Default: "FALSE", Doc: "Play Immediately when drawn", Example: "FALSE"},
				{Name: "Remains", Type: table.TBool, Default: "FALSE", Doc: "Remains in Play: its Bonus lasts until Until", Example: "FALSE"},
				{Name: "Until", Type: table.TEnum(Untils...), Default: "canceled", Doc: "when a Remains in Play card leaves play", Example: "heal"},
				colShuffle, colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "City", Deck: true, Doc: "City cards, drawn first in every city. Secret cards are kept like Events; City Dangers carry their Cliffhanger on the front.",
			Columns: []table.Column{
				colKeywords,
				{Name: "Secret", Type: table.TBool, Default: "FALSE", Doc: "the Secret icon: kept hidden in hand and played later like an Event", Example: "FALSE"},
				colPlayTiming,
				{Name: "Target", Type: table.TEnum(Targets...), Default: "self", Doc: "whom the effect applies to", Example: "self"},
				colCond, colEffect, colBonus,
				testCol("Test", "a City Danger's test", false),
				{Name: "Glory", Type: table.TRange(0, 9), Default: "0", Doc: "Glory for a City Danger", Example: "2"},
				testCol("Cliffhanger Test", "a City Danger's cliffhanger, printed on the front", false),
				{Name: "Cliffhanger Glory", Type: table.TRange(0, 9), Default: "0", Doc: "Glory for surviving it", Example: "2"},
				{Name: "Cliffhanger Effect", Type: table.TEffect("fng"), Doc: "what happens before the cliffhanger test", Example: "wound(1)"},
				{Name: "Remains", Type: table.TBool, Default: "FALSE", Doc: "Remains in Play", Example: "FALSE"},
				{Name: "Until", Type: table.TEnum(Untils...), Default: "canceled", Doc: "when it leaves play", Example: "city"},
				colShuffle, colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "Gear", Deck: true, Doc: "Gear cards: carried (up to the limit) and used by the hero.",
			Columns: []table.Column{colKeywords, colBonus, colActivate, colTiming, colCond, colEffect, colText, colFlavor, colAdvanced},
		},
		{
			Name: "Allies", Deck: true, Doc: "Allies cards: companions, counted against the Allies limit; Sidekicks are limited to one.",
			Columns: []table.Column{
				colKeywords, colBonus, colActivate, colTiming, colCond, colEffect,
				{Name: "Loyalty", Type: table.TRange(1, 6), Required: true, Doc: "dice rolled for Loyalty tests", Example: "3"},
				{Name: "Location", Type: table.TRef("spaces"), Doc: "an Immobile ally's city (it helps from afar)", Example: "cairo"},
				colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "Common Items", Deck: true, Doc: "The face-up Common Items stack: bought by choice for their cost; returned to the stack when discarded.",
			Columns: []table.Column{
				{Name: "Cost", Type: table.TRange(1, 20), Required: true, Doc: "Glory to buy it (never below 1 after discounts)", Example: "3"},
				colKeywords, colBonus, colActivate, colTiming, colCond, colEffect, colText, colFlavor,
			},
		},
		{
			Name: "Artifacts", Deck: true, Doc: "Artifact cards: the first half of an Artifact Adventure, with its Fortune value. Temples are places, not objects.",
			Columns: []table.Column{
				colKeywords,
				{Name: "Fortune", Type: table.TRange(1, 20), Required: true, Doc: "Fortune value (a Temple: Fortune coins placed on it)", Example: "4"},
				{Name: "Temple", Type: table.TBool, Default: "FALSE", Doc: "a Temple (advanced): Fortune collected per danger, instability and collapse", Example: "FALSE"},
				testCol("Escape", "a Temple's collapse escape test", false),
				colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "Adventures", Deck: true, Doc: "Adventure cards: the second half of an Artifact Adventure, with its Danger value and special text.",
			Columns: []table.Column{
				colKeywords,
				{Name: "Dangers", Type: table.TRange(1, 9), Required: true, Doc: "Dangers to overcome (at a Temple: dangers per instability marker)", Example: "3"},
				{Name: "Special", Type: table.TGrammar("modifiers"), Doc: "modifiers for heroes on this adventure (advanced)", Example: "Tests -1"},
				{Name: "When", Type: table.TEnum("danger", "recover", "cliffhanger"), Doc: "when Special Effect acts", Example: "recover"},
				{Name: "Special Effect", Type: table.TEffect("fng"), Doc: "a special effect of the adventure (advanced)", Example: "wound(1)"},
				{Name: "Temples", Type: table.TBool, Default: "TRUE", Doc: "FALSE: the special text does not apply when paired with a Temple", Example: "FALSE"},
				{Name: "Final Fight", Type: table.TGrammar("test"), Doc: "a fight the heroes must win before they collect the artifact, once their danger markers reach the Danger value (advanced; never at a Temple): one Fight against an enemy deck or a reference enemy. The turn's Danger Glory is collected before it; escaping it leaves the artifact, and the next adventure turn there starts with the fight again", Example: "Fight Zombies"},
				colText, colFlavor, colAdvanced,
			},
		},
		{
			Name: "Locations", Deck: true, Doc: "Location cards: random spaces, and at the bottom a random city.",
			Columns: []table.Column{
				{Name: "Space", Type: table.TRef("spaces"), Required: true, Doc: "the space the card shows", Example: "sahara"},
				{Name: "City", Type: table.TRef("spaces"), Required: true, Doc: "the city drawn when a random city is needed", Example: "cairo"},
				{Name: "Bonus Fortune", Type: table.TBool, Default: "FALSE", Doc: "the Bonus Fortune icon (deep jungles): an artifact placed here is worth the deep-jungle bonus", Example: "FALSE"},
				colShuffle,
				{Name: "Text", Type: table.TText, Doc: "a note", Example: ""},
			},
		},
		{
			Name: "Villain Events", Deck: true, Doc: "Villain Event cards, drawn each villain phase of the cooperative game.",
			Columns: []table.Column{
				colKeywords,
				{Name: "Target", Type: table.TEnum("organization", "random-villain", "heroes", "all-heroes"), Default: "organization", Doc: "what it acts on: the organization, a random villain in play (back at base included), each hero for whom Condition holds, or every hero", Example: "random-villain"},
				{Name: "Vile Tactics", Type: table.TBool, Default: "FALSE", Doc: "roll on the organization's tactics chart", Example: "FALSE"},
				colCond, colEffect, colBonus,
				{Name: "Remains", Type: table.TBool, Default: "FALSE", Doc: "Remains in Play on its villain (its Bonus lasts)", Example: "FALSE"},
				colShuffle, colText, colFlavor,
			},
		},
	},
}
