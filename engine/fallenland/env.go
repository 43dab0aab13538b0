package fallenland

import (
	"sync"

	"github.com/deckwright/deckwright/effects"
)

// The effect vocabulary of Fallen Land: every verb and value an Effect,
// Condition or other expression cell may use, with its type and a one-line
// doc. The implementations live with the engine (verbs.go); a test checks
// that each declared name has one.

type (
	valueDecl effects.ValueDecl
	verbDecl  effects.VerbDecl
)

// optDamage is an optional damage-type parameter defaulting to Physical
// (FL-DMG-01: "unless otherwise specified, all damage is Physical").
func optDamage() effects.Param {
	return effects.Param{Name: "type", Type: tDamage, Optional: true, Default: 0}
}

func optBool(name string) effects.Param {
	return effects.Param{Name: name, Type: effects.TBool, Optional: true}
}

var (
	tInt, tBool, tVoid = effects.TInt, effects.TBool, effects.TVoid
	tSkill             = effects.TSym(DomainSkill)
	tCategory          = effects.TSym(DomainCategory)
	tFaction           = effects.TSym(DomainFaction)
	tTech              = effects.TSym(DomainTech)
	tHex               = effects.TSym(DomainHex)
	tCharacter         = effects.TSym(DomainCharacter)
	tSpoils            = effects.TSym(DomainSpoils)
	tDamage            = effects.TSym(DomainDamage)
	tTerrain           = effects.TSym(DomainTerrain)
	tDeck              = effects.TSym(DomainDeck)
)

var valueDecls = []valueDecl{
	{"prestige", "the player's Prestige", tInt},
	{"townHealth", "the player's Town Health", tInt},
	{"salvage", "the player's Salvage Coins", tInt},
	{"resources", "Resources the player owns (a Double counts two)", tInt},
	{"tdcs", "Town Defense chips the player owns", tInt},
	{"techs", "Town Technologies the player owns", tInt},
	{"hand", "Action cards in the player's hand", tInt},
	{"auction", "Spoils cards in the player's Auction House", tInt},
	{"roster", "Characters in the player's Town Roster", tInt},
	{"turn", "the Turn (1 for the first)", tInt},
	{"weeksLeft", "Weeks the Party has left this Party Exploits Phase", tInt},
	{"players", "players in the game", tInt},
	{"firstPlayer", "the player is the First Player", tBool},
	{"drawer", "the player drew the World card whose effect this is", tBool},
	{"party.faction", "the player's Faction", tFaction},
	{"party.hex", "the hex the Party is on", tHex},
	{"party.size", "living Characters in the Party", tInt},
	{"party.hasVehicle", "the Party has a Vehicle", tBool},
	{"party.motorized", "the Party has a motorized Vehicle", tBool},
	{"party.armor", "the Party's Armor: the sum of its Characters' Armor", tInt},
	{"party.movement", "the Movement Bonus Track", tInt},
	{"party.damage", "Physical, Infected and Radiation damage on the Party's Characters", tInt},
	{"party.infected", "Infected Wounds on the Party's Characters, in all", tInt},
	{"party.radiation", "Radiation damage on the Party's Characters, in all", tInt},
	{"party.psychDamage", "Psychological damage on the Party's Characters, in all", tInt},
	{"party.jinxed", "a Jinxed card (Spoils or Action) is attached to the Party or one of its Characters", tBool},
	{"party.inTown", "the Party is on its own Starting Town Location", tBool},
	{"party.onTown", "the Party is on any Starting Town Location", tBool},
	{"party.onResource", "the Party is on a Resource Location", tBool},
	{"party.onNeutralResource", "the Party is on a Neutral Resource Location (nobody owns it, not destroyed)", tBool},
	{"party.onOwnResource", "the Party is on a Resource Location the player owns", tBool},
	{"party.coastal", "the Party's hex is next to Water", tBool},
	{"char.combat", "the Character's Total Skill in Combat", tInt},
	{"char.survival", "the Character's Total Skill in Survival", tInt},
	{"char.diplomacy", "the Character's Total Skill in Diplomacy", tInt},
	{"char.mechanical", "the Character's Total Skill in Mechanical", tInt},
	{"char.technical", "the Character's Total Skill in Technical", tInt},
	{"char.medical", "the Character's Total Skill in Medical", tInt},
	{"char.health", "damage the Character can still take before dying", tInt},
	{"char.damage", "Physical, Infected and Radiation damage on the Character", tInt},
	{"char.infected", "Infected Wounds on the Character", tInt},
	{"char.radiation", "Radiation damage on the Character", tInt},
	{"char.psych", "the Character's Psych, with bonuses", tInt},
	{"char.psychDamage", "Psychological damage on the Character", tInt},
	{"char.jinxed", "a Jinxed card (Spoils or Action) is attached to the Character", tBool},
	{"char.master", "the Character is a Master", tBool},
	{"char.crown", "the Character's Crown, 1–5 (0: no Character in focus)", tInt},
	{"check.skill", "the skill of the Skill Check being made", tSkill},
	{"check.needed", "Necessary Successes of the Skill Check being made", tInt},
	{"check.successes", "successes of the Skill Check so far", tInt},
	{"check.melee", "the Skill Check is Melee Weapons Only", tBool},
	{"check.party", "the Skill Check is a Party check (not Solo or Individual)", tBool},
	{"pvp.defending", "the player's Party is the defender in the PVP fight being fought (false for the attacker and outside PVP)", tBool},
	{"memory", "the number remember() kept for this card and Character", tInt},
	{"lastRoll", "the last result of roll() or d10()", tInt},
}

var verbDecls = []verbDecl{
	// Queries.
	{"party.has", "Queries", "a Spoils card of the category is equipped in the Party (Characters, Vehicle, Party Equipment)", tBool, []effects.Param{effects.P("category", tCategory)}},
	{"party.hasSpoils", "Queries", "the Spoils card is equipped in the Party", tBool, []effects.Param{effects.P("spoils", tSpoils)}},
	{"party.hasCharacter", "Queries", "the Character is alive in the Party", tBool, []effects.Param{effects.P("character", tCharacter)}},
	{"party.on", "Queries", "the Party's hex shows the terrain", tBool, []effects.Param{effects.P("terrain", tTerrain)}},
	{"party.at", "Queries", "the Party is on the hex", tBool, []effects.Param{effects.P("hex", tHex)}},
	{"party.best", "Queries", "the highest Total Skill in the skill among the Party's Characters", tInt, []effects.Param{effects.P("skill", tSkill)}},
	{"char.is", "Queries", "the Character in focus is this one", tBool, []effects.Param{effects.P("character", tCharacter)}},
	{"char.has", "Queries", "a Spoils card of the category is equipped to the Character", tBool, []effects.Param{effects.P("category", tCategory)}},
	{"encounter.has", "Queries", "the Encounter or Mission card being resolved has the category", tBool, []effects.Param{effects.P("category", tCategory)}},
	{"encounter.from", "Queries", "the card being resolved came from the deck", tBool, []effects.Param{effects.P("deck", tDeck)}},
	{"hasTech", "Queries", "the player owns the Town Technology", tBool, []effects.Param{effects.P("tech", tTech)}},
	{"isFaction", "Queries", "the player's Faction is this one", tBool, []effects.Param{effects.P("faction", tFaction)}},

	// Victory tracks and coins.
	{"gainPrestige", "Tracks and coins", "the player gains n Prestige", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"losePrestige", "Tracks and coins", "the player loses n Prestige (not below 0)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"gainTownHealth", "Tracks and coins", "the player gains n Town Health", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"loseTownHealth", "Tracks and coins", "the player loses n Town Health (not below 0; Town Defense chips may be discarded to prevent it)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"gainSalvage", "Tracks and coins", "the player gains n Salvage Coins", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"loseSalvage", "Tracks and coins", "the player loses n Salvage Coins (not below 0)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"stealSalvage", "Tracks and coins", "the player who played the card takes up to n Salvage Coins from the player", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"skipProduction", "Tracks and coins", "the player's Resources produce no Salvage Coins this Turn", tVoid, nil},

	// Cards.
	{"drawSpoils", "Cards", "draw n Spoils cards: Events are played, Jinxed attach, the rest are equipped or go to the Auction House", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawActions", "Cards", "draw n Action cards into the hand", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawCharacters", "Cards", "draw n Character cards: each joins the Party on an empty Crown, or goes to the Town Roster", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawToRoster", "Cards", "draw n Character cards into the Town Roster", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"discardActions", "Cards", "discard n Action cards at random from the hand", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"discardSpoils", "Cards", "the player discards n equipped Spoils cards of their choice (not Allies)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"discardAuction", "Cards", "discard every Spoils card in the player's Auction House", tVoid, nil},
	{"stealSpoils", "Cards", "the player who played the card takes a Spoils card from the player's Auction House (else an equipped one)", tVoid, nil},
	{"discardThis", "Cards", "discard the card whose ability or effect this is: an equipped item (its ability), an attached Action card (its Effect or Ongoing), a World card (any of its cells: it leaves play with its Point of Interest)", tVoid, nil},
	{"destroyVehicle", "Cards", "the Party's Vehicle is destroyed, with its Stowable and Permanent equipment", tVoid, nil},
	{"removeJinx", "Cards", "discard one Jinxed card from the Party or its Characters", tVoid, nil},
	{"ignoreCard", "Cards", "the Action card targeting the player has no effect (timing targeted)", tVoid, nil},

	// Damage and healing.
	{"damageParty", "Damage and healing", "the Party sustains n damage: Armor (the Party's sum) reduces Physical and Infected once; the player assigns it", tVoid, []effects.Param{effects.P("n", tInt), optDamage(), optBool("ignoreArmor")}},
	{"damageEach", "Damage and healing", "each Party Character takes n damage (its own Armor reduces Physical and Infected)", tVoid, []effects.Param{effects.P("n", tInt), optDamage(), optBool("ignoreArmor")}},
	{"damageChar", "Damage and healing", "the Character takes n damage (its Armor applies); with none in focus, one the player chooses", tVoid, []effects.Param{effects.P("n", tInt), optDamage(), optBool("ignoreArmor")}},
	{"damageCrown", "Damage and healing", "the Character on Crown 1–5 takes n damage (0: a random Crown, 1d6, re-rolling 6 and empty Crowns)", tVoid, []effects.Param{effects.P("crown", tInt), effects.P("n", tInt), optDamage(), optBool("ignoreArmor")}},
	{"healParty", "Damage and healing", "remove n damage of the type from the Party's Characters, as the player sees fit", tVoid, []effects.Param{effects.P("n", tInt), optDamage()}},
	{"healEach", "Damage and healing", "remove n damage of the type from each Party Character", tVoid, []effects.Param{effects.P("n", tInt), optDamage()}},
	{"healChar", "Damage and healing", "remove n damage of the type from the Character (with none in focus, the most hurt)", tVoid, []effects.Param{effects.P("n", tInt), optDamage()}},
	{"preventDeath", "Damage and healing", "the Character about to die lives with 1 Health left (timing death)", tVoid, nil},
	{"killChar", "Damage and healing", "the Character dies (its equipment stays with the Party)", tVoid, nil},

	// Weeks and movement.
	{"delay", "Weeks and movement", "the Party receives an n-Week Penalty chip", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"bonusWeeks", "Weeks and movement", "the Party gains n Weeks this Turn (the next Party Exploits Phase, if this one is over)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"addMove", "Weeks and movement", "n more movement for this Movement Deed (timing movement)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"moveRandom", "Weeks and movement", "the Party moves to a Random Location (2d10; Water allowed)", tVoid, nil},
	{"moveToWater", "Weeks and movement", "the Party moves to the closest hex next to Water", tVoid, nil},
	{"moveHome", "Weeks and movement", "the Party moves to its Starting Town Location", tVoid, nil},
	{"moveTo", "Weeks and movement", "the Party moves to the hex", tVoid, []effects.Param{effects.P("hex", tHex)}},

	// Skill Checks.
	{"addSuccess", "Skill Checks", "n more successes for the check being made (from a Character's card: lost if that Character rolls a 10)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"passCheck", "Skill Checks", "the check being made (or just failed) succeeds", tVoid, nil},
	{"winCard", "Skill Checks", "the Encounter or Mission card being resolved succeeds without its checks (timing encounter)", tVoid, nil},
	{"redraw", "Skill Checks", "discard the Encounter or Mission card being resolved and draw another from the same deck (timing encounter, or a card's Before)", tVoid, nil},

	// PVP.
	{"noFirstStrike", "PVP", "the attacker's First Strike does not happen in this PVP fight (timing pvp; only the defender can use it: pvp.defending)", tVoid, nil},
	{"addPVPDamage", "PVP", "each round the player's side wins in this PVP fight deals n more damage (timing pvp)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"destroyEnemyVehicle", "PVP", "the opposing Party's Vehicle is destroyed, with its Stowable and Permanent equipment (timing pvp)", tVoid, nil},

	// Town.
	{"gainTech", "Town", "the player equips the Town Technology (a new Tier 1 gives Prestige and Town Health; an owned Tier 1 is upgraded)", tVoid, []effects.Param{effects.P("tech", tTech)}},
	{"gainRandomTech", "Town", "the player gains a random Town Technology (1d10, re-rolling 10s)", tVoid, nil},
	{"loseTech", "Town", "the player loses a Town Technology of their choice (never a starting one; a Tier 2 drops to Tier 1)", tVoid, nil},
	{"gainTDC", "Town", "the player gains n Town Defense chips (up to the maximum)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"loseTDC", "Town", "the player loses n Town Defense chips (never Perk chips)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"captureResource", "Town", "the player captures the Resource the Party is on, without an Encounter or Town Defense", tVoid, nil},
	{"loseResource", "Town", "the player reverts one owned Resource of their choice to Neutral (with its penalties)", tVoid, nil},
	{"createResource", "Town", "the Party's hex becomes a Resource Location (a Resource becomes a Double Resource)", tVoid, nil},
	{"poiTowardCoast", "Town", "the World card's Point of Interest moves n hexes toward the nearest coast; on reaching a hex next to Water the card leaves play with it (FL-EFF-02)", tVoid, []effects.Param{effects.P("n", tInt)}},

	// Dice and memory.
	{"roll", "Dice", "roll n dice of the given sides and add them (roll(2, 6) is 2d6); also kept in lastRoll", tInt, []effects.Param{effects.Opt("n", 1), effects.Opt("sides", 6)}},
	{"d10", "Dice", "roll a d10 (a 0 face reads 10); also kept in lastRoll", tInt, nil},
	{"remember", "Dice", "keep n for this card and Character (read it with memory), such as leeches rolled in the directions", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"nothing", "Dice", "does nothing: the other branch of a choice, as in party.motorized ? drawSpoils(1) : nothing()", tVoid, nil},
}

// Env returns the Fallen Land effect environment, "fl", built on first use.
var Env = sync.OnceValue(func() *effects.Env {
	e := effects.NewEnv("fl", "Effects and conditions of every Fallen Land card, perk and map feature. "+
		"They act on \"the player\" — whose card, Deed or ability it is (for an Action with Target opponent, the opponent targeted, its Condition included; "+
		"for a World card's Ongoing, each player in turn) — on \"the Party\", the player's Party, and on \"the Character\" (char): "+
		"the Character making a Solo or Individual check, holding the Spoils card, wearing the attached card or having the ability. "+
		"Where no Character is in focus, char values read 0 and verbs on the Character act on one the player chooses.")
	e.Reference = "deckwright effects --game fallen-land"
	e.Examples = effects.Examples{Steps: "gainPrestige(1); drawSpoils(1)", Values: []string{"party.size", "turn"},
		Names: []string{`party.has("Vehicle")`, `gainTech("Garrison")`}, In: `party.hex in ["hex-05-09", "hex-06-09"]`,
		Let: "let r = d10(); r >= 6 ? gainSalvage(r) : damageParty(1)"}
	e.Domain(DomainSkill, "Combat, Survival, Diplomacy, Mechanical, Technical, Medical")
	e.Domain(DomainCategory, "categories of the Categories sheet (ID or Name)")
	e.Domain(DomainFaction, "Factions of the Factions sheet")
	e.Domain(DomainTech, "Town Technologies of the Technologies sheet")
	e.Domain(DomainHex, "hexes of the Hexes sheet (ID or Name)")
	e.Domain(DomainCharacter, "Character cards")
	e.Domain(DomainSpoils, "Spoils cards")
	e.Domain(DomainDamage, "damage types: Physical (the default), Infected, Radiation, Psych")
	e.Domain(DomainTerrain, "terrains: Plains, Mountain, City, Radiation, Water")
	e.Domain(DomainDeck, "Plains, Mountain, City/Rad, Missions, Spoils, Actions, Characters")
	effects.Declare(e, valueDecls, verbDecls, valueImpl, verbImpl)
	return e
})
