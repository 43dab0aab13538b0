// Package fallenland is the Fallen Land game module: its workbook format,
// effect vocabulary, content validation, rules engine, bots and simulator.
// RULES.md in this folder is the rule-by-rule digest the engine follows;
// rule IDs (FL-SC-04, FL-AMB-12, …) in comments and tests point into it.
package fallenland

import (
	"github.com/deckwright/deckwright/engine/table"
)

// GameID is the game's identifier in workbooks.
const GameID = "fallen-land"

// Symbol domains: the kinds of names effects refer to.
const (
	DomainSkill     = "skill"
	DomainCategory  = "category"
	DomainFaction   = "faction"
	DomainTech      = "tech"
	DomainHex       = "hex"
	DomainCharacter = "character"
	DomainSpoils    = "spoils"
	DomainDamage    = "damage"
	DomainTerrain   = "terrain"
	DomainDeck      = "deck"
)

// DamageNames are the four damage types (FL-DMG-01).
var DamageNames = []string{"Physical", "Infected", "Radiation", "Psych"}

// TerrainNames are the map's terrains, as printed.
var TerrainNames = []string{"Plains", "Mountain", "City", "Radiation", "Water"}

// terrainKeys are the terrains as enum values in cells.
var terrainKeys = []string{"plains", "mountain", "city", "radiation", "water"}

// DeckNames are the decks an effect may name.
var DeckNames = []string{"Plains", "Mountain", "City/Rad", "Missions", "Spoils", "Actions", "Characters"}

// encounterDecks are the values of the Encounters sheet's Deck column.
var encounterDecks = []string{"plains", "mountain", "cityrad"}

// Timings say when an ability may act. One list serves Characters, Spoils,
// Actions and Perks; the engine offers an ability only at its timing.
var Timings = []string{
	"passive",       // never acts: the card's bonuses and symbols only
	"setup",         // once, when the game is set up (Perks, dealt cards; Action cards after the deal)
	"on-draw",       // at once when drawn (Spoils Events; any other Spoils, Character or Action card; never a Perk)
	"effects",       // each Effects Phase
	"town-business", // at the start of each Town Business Phase, before Deal
	"production",    // in Resource Production, after the table is paid
	"purchase",      // in the Sell and Purchase Sub-Phase
	"hire",          // in the Hire Sub-Phase
	"exploits",      // in the owner's Party Exploits, before a Deed (bots use it when it helps)
	"movement",      // at the Movement Deed, after the roll (addMove)
	"encounter",     // an Encounter or Mission card was drawn, before its checks (winCard, redraw)
	"check",         // a Skill Check is about to be rolled (addSuccess)
	"failed-check",  // a Skill Check just failed (passCheck turns it into a success)
	"after-card",    // an Encounter or Mission card was completed successfully (every Party of a Multiple Party card)
	"pvp",           // a PVP fight starts (either side; pvp.defending tells the defender)
	"death",         // a Character would die (preventDeath)
	"targeted",      // an opponent's Action card targets the owner (ignoreCard)
	"end-turn",      // in the End Turn Phase, before Town Events
	"anytime",       // whenever it helps: bots use it in their Party Exploits and when damaged
}

// Limits say how often an ability may act.
var Limits = []string{"none", "once-per-turn", "once-per-game"}

// Category rules: the built-in rule a Spoils or Encounter category triggers.
var CategoryRules = []string{"none", "melee", "ranged", "armor", "clothing", "book", "medical", "vehicle",
	"vehicle-equipment", "stowable", "party-equipment", "permanent", "relic", "event", "ally", "jinxed", "motorized"}

// ActionKinds are what an Action card is.
var ActionKinds = []string{"instant", "attach-character", "attach-party", "attach-town", "jinxed", "town-tech", "npcm", "hitman"}

// Assignments are the NPCM assignments the engine carries out.
var Assignments = []string{"attack-party", "attack-character", "claim-resource", "destroy-resource", "mission", "join-party"}

// Shared columns.
var (
	colTiming = table.Column{Name: "Timing", Type: table.TEnum(Timings...), Doc: "when the ability acts or the card may be played (see AUTHORING.md)", Example: "check"}
	colCond   = table.Column{Name: "Condition", Type: table.TCondition("fl"), Doc: "the ability acts (or the card may be played) only when this is true", Example: `check.skill == "Combat"`}
	colEffect = table.Column{Name: "Effect", Type: table.TEffect("fl"), Doc: "what the ability or card does", Example: "addSuccess(1)"}
	colLimit  = table.Column{Name: "Limit", Type: table.TEnum(Limits...), Default: "none", Doc: "how often the ability may act", Example: "once-per-turn"}
	colText   = table.Column{Name: "Text", Type: table.TText, Print: true, Doc: "the card's rules text as printed", Example: "Gain 1 additional Combat Success on Wild Animal cards."}
	colBonus  = table.Column{Name: "Bonuses", Type: table.TGrammar("bonuses"), Doc: "Skill Bonuses: Combat +5, Diplomacy +1; All +1 adds to every skill (Omega)", Example: "Combat +3, Survival +1"}
	colChecks = table.Column{Name: "Checks", Type: table.TGrammar("checks"), Doc: "the Skill Check strip; blank for a card without checks", Example: "5 Mechanical or 6 Combat, psych"}
)

func skillCol(name string) table.Column {
	return table.Column{Name: name, Type: table.TRange(0, 10), Required: true, Doc: "Base Skill in " + name + " (3–10 on the rulebook's cards)", Example: "6"}
}

// outcomeCols are an Encounter's or Mission's story and outcomes.
func outcomeCols() []table.Column {
	return []table.Column{
		{Name: "Categories", Type: table.TList(table.TRef("categories")), Doc: "the printed category line; abilities and perks refer to categories", Example: "Wild Animal, Ambush"},
		{Name: "World", Type: table.TBool, Default: "FALSE", Doc: "a World card: captures a neutral Resource automatically; may place a Point of Interest and act each Effects Phase", Example: "FALSE"},
		{Name: "Scavenged", Type: table.TRange(0, 30), Default: "0", Doc: "Scavenged Salvage Coins, received before the checks (returned if Flight fails)", Example: "3"},
		{Name: "Requires", Type: table.TCondition("fl"), Doc: "a gate in the directions: when false the card is discarded and another drawn", Example: "party.motorized"},
		{Name: "Directions", Type: table.TText, Print: true, Doc: "the bold-italic directions as printed", Example: "Character Crown 3 takes 2d6 Damage."},
		{Name: "Before", Type: table.TEffect("fl"), Doc: "directions applied after the Scavenged coins and before the checks (Individual cards: once per Character, char bound to it)", Example: "damageCrown(3, roll(2, 6))"},
		{Name: "Story", Type: table.TText, Print: true, Doc: "the main text", Example: "Something moves in the corn."},
		colChecks,
		{Name: "Success Text", Type: table.TText, Print: true, Doc: "the Success portion as printed (the first alternative's, when the checks offer two)", Example: "You drive them off. Draw 2 Spoils."},
		{Name: "Success", Type: table.TEffect("fl"), Doc: "the reward (Solo and Individual cards: char is the Character)", Example: "drawSpoils(2)"},
		{Name: "Failure Text", Type: table.TText, Print: true, Doc: "the Failure portion as printed", Example: "Your Party sustains 3d6 Damage."},
		{Name: "Failure", Type: table.TEffect("fl"), Doc: "the consequence", Example: "damageParty(roll(3, 6))"},
		{Name: "Alt Success Text", Type: table.TText, Print: true, Doc: "the second alternative's Success portion (after \"or\" in Checks)", Example: "You talk your way past."},
		{Name: "Alt Success", Type: table.TEffect("fl"), Doc: "the second alternative's reward", Example: "gainSalvage(3)"},
		{Name: "Alt Failure Text", Type: table.TText, Print: true, Doc: "the second alternative's Failure portion", Example: "They take your coins."},
		{Name: "Alt Failure", Type: table.TEffect("fl"), Doc: "the second alternative's consequence", Example: "loseSalvage(5)"},
		{Name: "POI", Type: table.TEnum("none", "here", "random"), Default: "none", Doc: "a World card's Point of Interest: none, on the Party's hex, or at a Random Location (2d10)", Example: "random"},
		{Name: "POI Effect", Type: table.TEffect("fl"), Doc: "what a Party gets for activating the Point of Interest (an Encounter Deed, 1 Week)", Example: "drawSpoils(3)"},
		{Name: "POI Once", Type: table.TBool, Default: "TRUE", Doc: "each Party may activate the Point of Interest only once", Example: "TRUE"},
		{Name: "Expires", Type: table.TRange(0, 20), Default: "0", Doc: "a World card stays this many Turns (expiry marker on the Turn track), then is discarded in End Turn; 0 = until resolved", Example: "3"},
		{Name: "Ongoing", Type: table.TEffect("fl"), Doc: "a World card's effect each Effects Phase while in play, once per player (drawer tells who drew it)", Example: "drawer ? gainSalvage(1) : nothing()"},
	}
}

// Schema is the Fallen Land workbook format.
var Schema = &table.Schema{
	Game:  GameID,
	Title: "Fallen Land",
	Grammars: map[string]table.Grammar{
		"checks": {Name: "checks", Title: "skill checks (5 Mechanical or 6 Combat, psych)", Parse: checksGrammar,
			Doc: "The Skill Check strip as printed: `<Necessary Successes> <Skill>`, checks joined by `,` are attempted left to right, " +
				"`or` offers two alternatives (their outcomes are Success/Failure and Alt Success/Alt Failure). Flags after a check: " +
				"`melee` (Melee Weapons Only), and one kind for the whole card: `party` (the default), `solo` with `CC1`…`CC5` or `CC?` " +
				"(random; no Crown = the player's choice), `individual` (each Character separately), `multi` (Multiple Party). " +
				"Card symbols as items: `psych` (Psychological Check), `no flight`. Examples: `7 Combat`, `1 Medical individual, psych`, " +
				"`1 Survival solo CC4`, `5 Combat melee`, `3 Mechanical or 4 Combat`, `12 Combat multi, no flight`."},
		"osc": {Name: "osc", Title: "optional skill check (4 Technical)", Parse: oscGrammar,
			Doc: "A Mission's Optional Skill Check: one Party check, `<Necessary Successes> <Skill>`, such as `4 Technical`."},
		"bonuses": {Name: "bonuses", Title: "skill bonuses (Combat +3, Survival +1)", Parse: bonusesGrammar,
			Doc: "Comma-separated `<Skill> +N` (or −N for Jinxed cards). `All +N` adds to every skill (an Omega bonus). Skills: Combat, Survival, Diplomacy, Mechanical, Technical, Medical."},
	},
	Domains: []table.Domain{
		{Name: DomainSkill, Doc: "a Base Skill", Static: SkillNames},
		{Name: DomainCategory, Doc: "a category of the Categories sheet", Sheet: "categories"},
		{Name: DomainFaction, Doc: "a Faction", Sheet: "factions"},
		{Name: DomainTech, Doc: "a Town Technology", Sheet: "technologies"},
		{Name: DomainHex, Doc: "a hex of the map", Sheet: "hexes"},
		{Name: DomainCharacter, Doc: "a Character card", Sheet: "characters"},
		{Name: DomainSpoils, Doc: "a Spoils card", Sheet: "spoils"},
		{Name: DomainDamage, Doc: "a damage type", Static: DamageNames},
		{Name: DomainTerrain, Doc: "a terrain", Static: TerrainNames},
		{Name: DomainDeck, Doc: "a deck", Static: DeckNames},
	},
	Sheets: []table.Sheet{
		rulesSheet,
		{
			Name: "Categories", Doc: "Every category Spoils and Encounter cards may carry. Rule gives a category its built-in meaning (a Melee Weapon, a Vehicle, Party Equipment…); pure keywords (Blunt, Biker Gang) have none.",
			Columns: []table.Column{
				{Name: "Applies To", Type: table.TEnum("spoils", "encounter", "both"), Default: "both", Doc: "which cards may carry it", Example: "spoils"},
				{Name: "Rule", Type: table.TEnum(CategoryRules...), Default: "none", Doc: "the built-in rule the category triggers", Example: "melee"},
				{Name: "Description", Type: table.TText, Doc: "what the category marks", Example: "knives, bats, machetes"},
			},
			Example: map[string]string{"ID": "polearm", "Name": "Polearm", "Applies To": "spoils", "Rule": "melee", "Description": "long-hafted melee weapons"},
		},
		{
			Name: "Technologies", Doc: "The nine Town Technologies: Tier 1 and Tier 2 (double) sides. Number is the result of a random-Technology roll (1d10, re-rolling 10s).",
			Columns: []table.Column{
				{Name: "Number", Type: table.TRange(1, 9), Required: true, Doc: "random-Technology number (FL-TT-10)", Example: "1"},
				{Name: "Tier 1 Cost", Type: table.TRange(0, 200), Required: true, Doc: "Salvage Coins to buy Tier 1", Example: "30"},
				{Name: "Tier 2 Cost", Type: table.TRange(0, 400), Required: true, Doc: "Salvage Coins to upgrade to Tier 2", Example: "60"},
				{Name: "Kind", Type: table.TEnum("auto-success", "movement", "extra-actions", "extra-spoils"), Required: true, Doc: "its mechanic: automatic successes on Party checks of Skill, Movement Bonus, extra Action cards or free Spoils at Deal", Example: "auto-success"},
				{Name: "Skill", Type: table.TEnum(skillKeys...), Doc: "the skill of an auto-success Technology", Example: "combat"},
				{Name: "Tier 1 Amount", Type: table.TRange(0, 9), Required: true, Doc: "successes, Movement, or cards at Tier 1", Example: "1"},
				{Name: "Tier 2 Amount", Type: table.TRange(0, 18), Required: true, Doc: "the same at Tier 2 (double)", Example: "2"},
				{Name: "Text", Type: table.TText, Print: true, Doc: "the chip's ability as printed", Example: "1 automatic success on Party Combat checks."},
				{Name: "Story", Type: table.TText, Doc: "flavour", Example: "Walls, watch fires and a bell."},
			},
		},
		{
			Name: "Defense Costs", Doc: "Salvage Coins for the nth Town Defense chip a player owns (FL-TDC-03).",
			Columns: []table.Column{
				{Name: "Ordinal", Type: table.TRange(1, 10), Required: true, Doc: "the nth chip", Example: "1"},
				{Name: "Cost", Type: table.TRange(0, 200), Required: true, Doc: "its price", Example: "10"},
			},
		},
		{
			Name: "Resource Production", Doc: "Town Health and Salvage Coins each Town Business Phase by Resources owned (FL-RES-04); a Double Resource counts two.",
			Columns: []table.Column{
				{Name: "Owned", Type: table.TRange(1, 10), Required: true, Doc: "Resources owned", Example: "3"},
				{Name: "Town Health", Type: table.TRange(0, 50), Required: true, Doc: "Town Health gained", Example: "3"},
				{Name: "Salvage", Type: table.TRange(0, 200), Required: true, Doc: "Salvage Coins gained", Example: "9"},
			},
		},
		{
			Name: "Town Events", Doc: "The Town Events chart (End Turn A): rows covering the rolls 1–10 of a d10 exactly once.",
			Columns: []table.Column{
				{Name: "From", Type: table.TRange(1, 10), Required: true, Doc: "first roll of the row", Example: "4"},
				{Name: "To", Type: table.TRange(1, 10), Required: true, Doc: "last roll of the row", Example: "7"},
				{Name: "Prestige", Type: table.TRange(-10, 10), Default: "0", Doc: "Prestige change", Example: "1"},
				{Name: "Town Health", Type: table.TRange(-20, 20), Default: "0", Doc: "Town Health change", Example: "2"},
				{Name: "Card", Type: table.TBool, Default: "FALSE", Doc: "the player draws one card: Action, Spoils or Character (their choice; a Character goes to the Town Roster)", Example: "FALSE"},
				{Name: "Lose Resource", Type: table.TBool, Default: "FALSE", Doc: "the player reverts one owned Resource to Neutral, with its penalties", Example: "FALSE"},
				{Name: "Text", Type: table.TText, Print: true, Doc: "the chart line", Example: "Gain 1 Prestige and 2 Town Health."},
			},
		},
		{
			Name: "Terrain", Doc: "The Map Key: each terrain's movement cost and the Encounter deck it draws from.",
			Columns: []table.Column{
				{Name: "Terrain", Type: table.TEnum(terrainKeys...), Required: true, Doc: "the terrain", Example: "mountain"},
				{Name: "Move Cost", Type: table.TRange(0, 9), Required: true, Doc: "movement to enter (a multiple-terrain hex costs its highest)", Example: "2"},
				{Name: "Passable", Type: table.TBool, Default: "TRUE", Doc: "FALSE for Water: impassable unless a rule or card allows", Example: "TRUE"},
				{Name: "Deck", Type: table.TEnum("plains", "mountain", "cityrad", "none"), Required: true, Doc: "the Encounter deck drawn there", Example: "mountain"},
				{Name: "End Damage", Type: table.TRange(0, 5), Default: "0", Doc: "damage to each Party Character ending its movement there (Radiation: 1)", Example: "0"},
				{Name: "End Damage Type", Type: table.TEnum("physical", "infected", "radiation", "psych"), Default: "physical", Doc: "the type of that damage (Armor never reduces Radiation)", Example: "radiation"},
				{Name: "Free Card", Type: table.TBool, Default: "FALSE", Doc: "drawing from the City/Rad deck here first gives a free Spoils or Action card", Example: "FALSE"},
			},
		},
		{
			Name: "Hexes", Doc: "The map: one row per hex in axial coordinates (adjacency follows from Q and R). Starting Towns and Resource Locations are features on a hex; Random Location numbers 1–100 place Mission chips and Points of Interest.",
			Columns: []table.Column{
				{Name: "Q", Type: table.TRange(-100, 100), Required: true, Doc: "axial column: neighbours differ by (±1, 0), (0, ±1), (+1, −1), (−1, +1)", Example: "4"},
				{Name: "R", Type: table.TRange(-100, 100), Required: true, Doc: "axial row", Example: "7"},
				{Name: "Terrains", Type: table.TList(table.TEnum(terrainKeys...)), Required: true, Doc: "the terrain(s) shown; several make a multiple-terrain hex (cost: the highest; deck: the player's choice)", Example: "plains, city"},
				{Name: "Feature", Type: table.TEnum("none", "town", "resource"), Default: "none", Doc: "a Starting Town Location (cost 1) or a Resource Location (cost 1)", Example: "resource"},
				{Name: "Random Number", Type: table.TRange(1, 100), Doc: "the Random Location number 1–100 (2d10) of the hex", Example: "43"},
				{Name: "Water Body", Type: table.TString, Doc: "the lake or sea a Water hex belongs to (perks that cross water pay per body)", Example: "Lake Huron"},
				{Name: "Label", Type: table.TString, Doc: "a place name printed on the map", Example: "Old Refinery"},
				{Name: "POI Effect", Type: table.TEffect("fl"), Doc: "a permanent Point of Interest: what a Party gets for activating it (1 Week, once per Party per game)", Example: "drawActions(1)"},
			},
			Example: map[string]string{"ID": "hex-20-05", "Name": "Quarry", "Q": "20", "R": "5", "Terrains": "mountain", "Label": "Quarry"},
		},
		{
			Name: "Factions", Doc: "The twelve Town Play Mats: Faction number, Starting Town, starting Town Technologies and the structural part of the Perks (the rest is on the Perks sheet).",
			Columns: []table.Column{
				{Name: "Number", Type: table.TRange(1, 24), Required: true, Doc: "Faction number on the mat and the Faction chart (1d12 with twelve Factions)", Example: "7"},
				{Name: "Symbol", Type: table.TString, Doc: "the Faction symbol (an icon key for print and map)", Example: "anchor"},
				{Name: "Location", Type: table.TString, Doc: "the town's pre-war location", Example: "Grand Haven"},
				{Name: "Start Hex", Type: table.TRef("hexes"), Required: true, Doc: "the Starting Town Location (a town hex)", Example: "hex-05-09"},
				{Name: "Tech 1", Type: table.TRef("technologies"), Required: true, Doc: "first starting Town Technology (Tier 1; no Prestige or Town Health for it)", Example: "communication-center"},
				{Name: "Tech 2", Type: table.TRef("technologies"), Required: true, Doc: "second starting Town Technology", Example: "learning-center"},
				{Name: "Starting TDCs", Type: table.TRange(0, 5), Default: "0", Doc: "Perk Town Defense chips (count toward the price and maximum; can never be sold or lost)", Example: "1"},
				{Name: "Extra Actions", Type: table.TRange(0, 9), Default: "0", Doc: "extra Action cards at setup (a Perk)", Example: "2"},
				{Name: "Starting Spoils", Type: table.TList(table.TRef("spoils")), Doc: "Perk Spoils given at setup (cards with this Faction set are not shuffled into the deck)", Example: "salvage-crane"},
				{Name: "Starting Prestige", Type: table.TRange(-10, 10), Default: "0", Doc: "Prestige adjustment at setup (a Perk)", Example: "0"},
				{Name: "Starting Town Health", Type: table.TRange(-30, 30), Default: "0", Doc: "Town Health adjustment at setup (a Perk)", Example: "0"},
				{Name: "Movement Bonus", Type: table.TRange(0, 10), Default: "0", Doc: "a Perk's permanent Movement Bonus", Example: "0"},
				{Name: "Water Move Cost", Type: table.TRange(0, 20), Doc: "a Perk letting the Party move through Water: Salvage Coins per Water Body crossed (each Water hex costs 1 Movement; the move cannot end on Water); blank = no water travel", Example: "1"},
				{Name: "Story", Type: table.TText, Print: true, Doc: "the story on the back of the mat", Example: "They fished the lake when nobody else would."},
			},
		},
		{
			Name: "Perks", Doc: "The four Faction Perks of each mat: text, and the ability the engine plays (extra cards, Perk TDCs, Perk Spoils, Movement and water travel are Factions columns).",
			Columns: []table.Column{
				{Name: "Faction", Type: table.TRef("factions"), Required: true, Doc: "the mat", Example: "ashford-grange"},
				{Name: "Order", Type: table.TRange(1, 4), Required: true, Doc: "position on the mat", Example: "2"},
				{Name: "Text", Type: table.TText, Print: true, Required: true, Doc: "the Perk as printed", Example: "Each Effects Phase you may pay 2 Salvage to draw a Spoils card."},
				colTiming, colCond, colEffect, colLimit,
			},
		},
		{
			Name: "Characters", Deck: true, Doc: "Character cards: six Base Skills (35 points, 40 for a Master with one skill of 10), Health, Psych, Carrying Capacity, Links and abilities.",
			Columns: []table.Column{
				{Name: "Occupation", Type: table.TString, Doc: "the trade line", Example: "Trucker"},
				{Name: "Master", Type: table.TBool, Default: "FALSE", Doc: "a Master Character: +1 success on Party checks of the Master Skill", Example: "FALSE"},
				{Name: "Master Skill", Type: table.TEnum(skillKeys...), Doc: "a Master's skill (its Base Skill must be 10)", Example: "combat"},
				skillCol("Combat"), skillCol("Survival"), skillCol("Diplomacy"), skillCol("Mechanical"), skillCol("Technical"), skillCol("Medical"),
				{Name: "Health", Type: table.TRange(1, 20), Required: true, Doc: "Physical + Infected + Radiation damage that kills (5–10 on the rulebook's cards)", Example: "8"},
				{Name: "Psych", Type: table.TRange(1, 9), Required: true, Doc: "Psychological stat: a Psych Check rolls above it to take 1 Psych damage (2–6 printed)", Example: "4"},
				{Name: "Capacity", Type: table.TRange(0, 40), Required: true, Doc: "Carrying Capacity: total Carrying Cost of equipped Spoils", Example: "15"},
				{Name: "Armor", Type: table.TRange(0, 5), Default: "0", Doc: "innate (white) Armor", Example: "0"},
				{Name: "First Strike", Type: table.TBool, Default: "FALSE", Doc: "the First Strike ability (PVP)", Example: "FALSE"},
				{Name: "Psych Bonus", Type: table.TRange(0, 5), Default: "0", Doc: "innate Psych bonus symbols", Example: "0"},
				{Name: "Movement Bonus", Type: table.TRange(0, 10), Default: "0", Doc: "Movement Bonus while in the Party", Example: "0"},
				{Name: "Link", Type: table.TList(table.TString), Doc: "linked Spoils cards and categories (IDs or names)", Example: "Handgun, long-haul-rig"},
				{Name: "Link Bonus", Type: table.TGrammar("bonuses"), Doc: "Skill Bonuses while a linked item is equipped to this Character", Example: "Combat +2"},
				{Name: "Link Stacks", Type: table.TBool, Default: "FALSE", Doc: "the Link Bonus counts once per linked item (the rulebook's default: once)", Example: "FALSE"},
				{Name: "Ability Text", Type: table.TText, Print: true, Doc: "the Unique Ability as printed", Example: "Once per Turn, heal 2 Physical damage on a Party member."},
				colTiming, colCond, colEffect, colLimit,
				{Name: "Budget Override", Type: table.TBool, Default: "FALSE", Doc: "allow Base Skills that do not add up to 35 (40 for a Master)", Example: "FALSE"},
				{Name: "Quote", Type: table.TText, Print: true, Doc: "a flavour line, printed", Example: "Roads don't care who drives them."},
			},
			Example: map[string]string{"ID": "mara-quill", "Name": "Mara Quill", "Count": "1", "Occupation": "Radio Operator", "Combat": "4", "Survival": "5", "Diplomacy": "7",
				"Mechanical": "5", "Technical": "9", "Medical": "5", "Health": "7", "Psych": "4", "Capacity": "14", "Ability Text": "Knows every frequency.", "Disabled": "TRUE"},
		},
		{
			Name: "Spoils", Deck: true, Doc: "Spoils cards: equipment, weapons, Vehicles, Allies, Events, Relics and Jinxed cards. Categories with a Rule give a card its built-in behaviour.",
			Columns: []table.Column{
				{Name: "Categories", Type: table.TList(table.TRef("categories")), Required: true, Doc: "classifications (Links and rules), in printed order", Example: "Melee Weapon, Blunt, Relic"},
				{Name: "Value", Type: table.TRange(0, 99), Doc: "Salvage Coin value (Bank sale); blank = NA (cannot be sold)", Example: "15"},
				{Name: "Carrying Cost", Type: table.TRange(0, 20), Default: "0", Doc: "Carrying Cost to equip it (a Vehicle: 0)", Example: "1"},
				{Name: "Capacity Bonus", Type: table.TRange(0, 20), Default: "0", Doc: "\"+N\": extra Carrying Capacity for the holder", Example: "0"},
				colBonus,
				{Name: "Armor", Type: table.TRange(0, 5), Default: "0", Doc: "Armor (black symbol): reduces Physical and Infected damage", Example: "1"},
				{Name: "Psych Bonus", Type: table.TRange(0, 5), Default: "0", Doc: "Psych bonus symbols", Example: "1"},
				{Name: "Movement Bonus", Type: table.TRange(0, 10), Default: "0", Doc: "Movement Bonus while equipped (Vehicles: their movement)", Example: "0"},
				{Name: "First Strike", Type: table.TBool, Default: "FALSE", Doc: "grants First Strike to its holder", Example: "FALSE"},
				{Name: "PVP Damage", Type: table.TEnum("none", "infected", "radiation"), Default: "none", Doc: "an Infected Wounds or Radiation weapon: 1 extra point of that damage in PVP", Example: "none"},
				{Name: "Vehicle Skills", Type: table.TGrammar("bonuses"), Doc: "a Vehicle's Base Skills (the black die)", Example: "Combat +4, Mechanical +3"},
				{Name: "Vehicle Capacity", Type: table.TRange(0, 40), Default: "0", Doc: "a Vehicle's Carrying Capacity (Stowable and Vehicle Equipment only)", Example: "10"},
				{Name: "Attaches To", Type: table.TList(table.TRef("categories")), Doc: "Permanent Equipment: the categories of Spoils it mounts on", Example: "Rifle"},
				{Name: "Hire Cost", Type: table.TRange(0, 99), Doc: "an Ally's hiring price paid to the Bank (blank = its Value)", Example: "6"},
				{Name: "Jinx Target", Type: table.TEnum("party", "character"), Default: "character", Doc: "where a Jinxed card attaches when drawn", Example: "character"},
				{Name: "Uses", Type: table.TRange(0, 9), Default: "0", Doc: "uses of its ability before it is discarded (0 = unlimited)", Example: "1"},
				colText, colTiming, colCond, colEffect, colLimit,
				{Name: "Faction", Type: table.TRef("factions"), Doc: "a Perk Spoils card showing this Faction's symbol: given at setup by the Faction, never shuffled into the deck", Example: "cinder-bay-salvagers"},
				{Name: "Flavor", Type: table.TText, Doc: "flavour text", Example: "Signed by a man who never struck out."},
			},
			Example: map[string]string{"ID": "road-flare", "Name": "Road Flare", "Count": "2", "Categories": "Equipment", "Value": "2", "Carrying Cost": "1", "Bonuses": "Survival +1", "Text": "+1 Survival.", "Disabled": "TRUE"},
		},
		{
			Name: "Actions", Deck: true, Doc: "Action cards, NPCM (Non-Player Character Mercenary) and hit-man cards included. The first line of the text says when a card may be played: Timing.",
			Columns: []table.Column{
				colTiming,
				{Name: "Red Dot", Type: table.TBool, Default: "FALSE", Doc: "the Red Dot: the card needs other players", Example: "FALSE"},
				{Name: "Value", Type: table.TRange(0, 99), Doc: "Salvage Coin value (black); blank = NA", Example: "4"},
				{Name: "Kind", Type: table.TEnum(ActionKinds...), Default: "instant", Doc: "instant (played and discarded), attached to a Character, the Party or the town, Jinxed (attached to an opponent), a Town Technology card, an NPCM, a hit man", Example: "instant"},
				{Name: "Target", Type: table.TEnum("self", "opponent"), Default: "self", Doc: "whom the card acts on: the player, or an opponent (the player's choice)", Example: "opponent"},
				colCond, colEffect, colBonus,
				{Name: "Armor", Type: table.TRange(0, 5), Default: "0", Doc: "Armor while attached (to the Character, or each Character of the Party)", Example: "0"},
				{Name: "Movement Bonus", Type: table.TRange(-10, 10), Default: "0", Doc: "Movement Bonus while attached", Example: "0"},
				{Name: "Ongoing", Type: table.TEffect("fl"), Doc: "an attached card's effect, acting at Ongoing Timing on the player it is attached to", Example: "loseTownHealth(1)"},
				{Name: "Ongoing Timing", Type: table.TEnum("effects", "town-business", "end-turn"), Default: "effects", Doc: "when Ongoing acts", Example: "town-business"},
				{Name: "Tech", Type: table.TRef("technologies"), Doc: "a Town Technology card: the Technology it is traded for (blank with Kind town-tech = a random one)", Example: "garrison"},
				{Name: "Hire Cost", Type: table.TRange(0, 99), Doc: "NPCM and hit man: the red hiring cost", Example: "20"},
				{Name: "Omega", Type: table.TRange(1, 40), Doc: "NPCM: Total Skill in every skill", Example: "15"},
				{Name: "Dice", Type: table.TRange(1, 8), Default: "5", Doc: "NPCM: d10s rolled per check", Example: "6"},
				{Name: "Solo Dice", Type: table.TRange(1, 3), Default: "1", Doc: "NPCM: d10s in Solo PVP", Example: "1"},
				{Name: "Health", Type: table.TRange(1, 40), Doc: "NPCM and hit man: damage that kills it", Example: "18"},
				{Name: "Movement", Type: table.TRange(0, 30), Default: "0", Doc: "NPCM: hexes per Turn (each costs 1)", Example: "15"},
				{Name: "Strike Dice", Type: table.TRange(0, 10), Default: "0", Doc: "NPCM: First Strike d6 dealt when it attacks (0 = none)", Example: "4"},
				{Name: "Assignments", Type: table.TList(table.TEnum(Assignments...)), Doc: "NPCM and hit man: the assignments it may be hired for", Example: "attack-party, claim-resource"},
				colText,
			},
			Example: map[string]string{"ID": "lucky-break", "Name": "Lucky Break", "Count": "2", "Timing": "failed-check", "Value": "3", "Effect": "passCheck()", "Text": "Play after a failed Skill Check: it succeeds.", "Disabled": "TRUE"},
		},
		{
			Name: "Encounters", Deck: true, Group: "Deck", Doc: "The three Encounter decks (Plains, Mountain, City/Rad) in one sheet, split by Deck.",
			Columns: append([]table.Column{
				{Name: "Deck", Type: table.TEnum(encounterDecks...), Required: true, Doc: "the deck: plains, mountain or cityrad", Example: "plains"},
			}, outcomeCols()...),
			Example: map[string]string{"ID": "stray-dogs", "Name": "Stray Dogs", "Count": "1", "Deck": "plains", "Categories": "Wild Animal", "Scavenged": "1", "Story": "A pack circles the camp.",
				"Checks": "3 Combat", "Success Text": "They scatter.", "Success": "gainSalvage(2)", "Failure Text": "Your Party sustains 2d6 Damage.", "Failure": "damageParty(roll(2, 6))", "Disabled": "TRUE"},
		},
		{
			Name: "Missions", Deck: true, Doc: "Mission cards, drawn by a Mission Deed on a Mission Location chip; most end with an Optional Skill Check.",
			Columns: append(outcomeCols(),
				table.Column{Name: "OSC", Type: table.TGrammar("osc"), Doc: "the Optional Skill Check (white on black): one Party check, after the card succeeded", Example: "4 Technical"},
				table.Column{Name: "OSC Success Text", Type: table.TText, Print: true, Doc: "the OSC success part", Example: "Gain 2 Town Health and 1 Action card."},
				table.Column{Name: "OSC Success", Type: table.TEffect("fl"), Doc: "the OSC reward", Example: "gainTownHealth(2); drawActions(1)"},
				table.Column{Name: "OSC Failure Text", Type: table.TText, Print: true, Doc: "the OSC failure part", Example: "Lose 2 Town Health."},
				table.Column{Name: "OSC Failure", Type: table.TEffect("fl"), Doc: "the OSC penalty", Example: "loseTownHealth(2)"},
				table.Column{Name: "Storyline", Type: table.TEnum("faction", "council", "other"), Default: "other", Doc: "whose story the Mission tells", Example: "council"},
			),
		},
	},
}
