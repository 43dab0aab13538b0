package fng

import (
	"sync"

	"github.com/deckwright/deckwright/effects"
)

// The effect vocabulary of Fortune and Glory: every verb and value a card's
// Effect or Condition may use, with its type and a one-line doc. The
// implementations live with the engine (verbs.go); a test checks that each
// declared name has one.

type (
	valueDecl effects.ValueDecl
	verbDecl  effects.VerbDecl
)

var (
	tInt, tBool, tVoid = effects.TInt, effects.TBool, effects.TVoid
	tKeyword           = effects.TSym(DomainKeyword)
	tTerrain           = effects.TSym(DomainTerrain)
	tSkill             = effects.TSym(DomainSkill)
	tDeck              = effects.TSym(DomainDeck)
	tSpace             = effects.TSym(DomainSpace)
	tEnemy             = effects.TSym(DomainReference)
	tFaction           = effects.TSym(DomainFaction)
	tItem              = effects.TSym(DomainItem)
)

var valueDecls = []valueDecl{
	{"hero.combat", "the hero's Combat, with bonuses", tInt},
	{"hero.agility", "the hero's Agility, with bonuses", tInt},
	{"hero.cunning", "the hero's Cunning, with bonuses", tInt},
	{"hero.lore", "the hero's Lore, with bonuses", tInt},
	{"hero.wounds", "wound markers on the hero", tInt},
	{"hero.health", "wounds the hero can still take before being KO'd", tInt},
	{"hero.defense", "the hero's Defense, with bonuses", tInt},
	{"hero.glory", "the hero's Glory", tInt},
	{"hero.fortune", "the hero's Fortune (the shared Fortune in cooperative and team games)", tInt},
	{"hero.gear", "Gear cards the hero carries (Common Items included)", tInt},
	{"hero.allies", "Allies cards the hero has", tInt},
	{"hero.artifacts", "artifacts the hero carries", tInt},
	{"hero.events", "Event cards in the hero's hand", tInt},
	{"hero.space", "the hero's space", tSpace},
	{"hero.startCity", "the hero's start city", tSpace},
	{"hero.inCity", "the hero is in a city", tBool},
	{"hero.inMajorCity", "the hero is in a major city", tBool},
	{"hero.atSea", "the hero is in a sea space", tBool},
	{"hero.inCliffhanger", "the hero is in a cliffhanger", tBool},
	{"hero.onAdventure", "the hero is hunting the artifact in their space", tBool},
	{"hero.dangerMarkers", "danger markers the hero holds toward the artifact", tInt},
	{"space.isCity", "the hero's space is a city", tBool},
	{"space.isSea", "the hero's space is a sea", tBool},
	{"space.isDeepJungle", "the hero's space is a deep jungle", tBool},
	{"space.hasArtifact", "an artifact adventure is in the hero's space", tBool},
	{"space.hasVillain", "a villain is in the hero's space", tBool},
	{"space.hasHenchman", "a henchman figure is in the hero's space", tBool},
	{"space.heroes", "heroes in the hero's space (the hero included)", tInt},
	{"test.skill", "the skill of the test being taken (the first, for combined tests)", tSkill},
	{"test.target", "the target number of the test being taken", tInt},
	{"test.needed", "successes the test needs", tInt},
	{"test.successes", "successes rolled so far", tInt},
	{"test.dice", "dice in the current roll", tInt},
	{"fight.round", "the current fight round (1 for the first)", tInt},
	{"enemy.wounds", "wounds the enemy being fought can still take", tInt},
	{"enemy.glory", "the Glory of the enemy being fought", tInt},
	{"danger.glory", "the Glory of the Danger being faced", tInt},
	{"artifact.fortune", "the printed Fortune of the artifact in the hero's space", tInt},
	{"artifact.dangers", "the Danger value of the artifact in the hero's space", tInt},
	{"artifact.temple", "the artifact in the hero's space is a Temple", tBool},
	{"round", "the game round (1 for the first)", tInt},
	{"players", "heroes in the game", tInt},
	{"coop", "the game is cooperative (or solo)", tBool},
	{"advanced", "the game uses the advanced elements", tBool},
	{"track", "the villain track (cooperative)", tInt},
	{"villainFortune", "Fortune the villains hold (cooperative)", tInt},
	{"lastRoll", "the last die rolled by roll() or d3()", tInt},
}

var verbDecls = []verbDecl{
	// Queries.
	{"hero.has", "Queries", "the hero holds a card (Gear, Ally, Common Item, Remains in Play) with the keyword", tBool, []effects.Param{effects.P("keyword", tKeyword)}},
	{"space.has", "Queries", "the hero's space shows the terrain icon", tBool, []effects.Param{effects.P("terrain", tTerrain)}},
	{"test.has", "Queries", "the test being taken carries the keyword (a test has its Danger's keywords)", tBool, []effects.Param{effects.P("keyword", tKeyword)}},
	{"test.uses", "Queries", "the test being taken uses the skill", tBool, []effects.Param{effects.P("skill", tSkill)}},
	{"enemy.has", "Queries", "the enemy being fought has the keyword", tBool, []effects.Param{effects.P("keyword", tKeyword)}},
	{"danger.has", "Queries", "the side of the Danger card face up has the keyword: the Danger's while it is faced or failed, the Cliffhanger's (which keeps the Danger's keywords) while it is resolved", tBool, []effects.Param{effects.P("keyword", tKeyword)}},
	{"hero.at", "Queries", "the hero is in the space", tBool, []effects.Param{effects.P("space", tSpace)}},

	// Resources.
	{"gainGlory", "Resources", "the hero gains n Glory", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"loseGlory", "Resources", "the hero loses n Glory (not below 0)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"gainFortune", "Resources", "the hero gains n Fortune", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"loseFortune", "Resources", "the hero loses n Fortune (not below 0)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"heal", "Resources", "heal n wounds", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"fullHeal", "Resources", "remove every wound", tVoid, nil},
	{"wound", "Resources", "the hero takes n wounds, ignoring Defense (may KO)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"hits", "Resources", "the hero takes n hits; Defense prevents some (may KO)", tVoid, []effects.Param{effects.P("n", tInt)}},

	// Cards.
	{"drawEvent", "Cards", "draw n Event cards (Play Immediately ones are played)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawEventKeep", "Cards", "draw n Event cards and keep one (the hero chooses), discarding the others: a Play Immediately card is played only if it is the one kept", tVoid, []effects.Param{effects.Opt("n", 2)}},
	{"drawGear", "Cards", "draw n Gear cards", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawAlly", "Cards", "draw n Allies cards", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"drawCity", "Cards", "draw and resolve a City card", tVoid, nil},
	{"discardGear", "Cards", "discard n Gear cards (the hero chooses)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"discardAlly", "Cards", "discard n Allies cards (the hero chooses)", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"discardEvent", "Cards", "discard n Event cards at random from the hero's hand", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"gainItem", "Cards", "take the Common Item for free", tVoid, []effects.Param{effects.P("item", tItem)}},
	{"discardThis", "Cards", "discard the card whose ability this is (a one-use item, or a Remains in Play card)", tVoid, nil},
	{"loseArtifact", "Cards", "discard one carried artifact (the least valuable)", tVoid, nil},
	{"stealArtifact", "Cards", "take an artifact from another hero in the space (the most valuable)", tBool, nil},
	{"loyaltyTest", "Cards", "the hero's weakest-loyalty ally makes a Loyalty test at target; on failure it is discarded; true if passed or no ally", tBool, []effects.Param{effects.P("target", tInt)}},

	// Movement.
	{"addMove", "Movement", "add n movement points to this move", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"moveTo", "Movement", "place the hero in the space (adventure progress there is lost)", tVoid, []effects.Param{effects.P("space", tSpace)}},
	{"moveToRandomLocation", "Movement", "place the hero at a random location", tVoid, nil},
	{"moveToRandomCity", "Movement", "place the hero in a random city", tVoid, nil},
	{"goHome", "Movement", "place the hero in their start city", tVoid, nil},
	{"freeFlight", "Movement", "the hero's next flight this round costs no Fortune", tVoid, nil},
	{"endMove", "Movement", "the hero's move ends now", tVoid, nil},
	{"takeAlong", "Movement", "heroes in the hero's space may move along with this move, for free (it does not count as their move)", tVoid, nil},

	// Tests and fights.
	{"addDice", "Tests and fights", "add n dice to the current roll (a test) or to this fight round", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"addSuccess", "Tests and fights", "add n successes to the test being taken", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"reroll", "Tests and fights", "re-roll the failed dice of the current roll", tVoid, nil},
	{"passTest", "Tests and fights", "the test being taken is passed", tVoid, nil},
	{"testSkill", "Tests and fights", "the hero takes a test: skill, target, successes; true if passed", tBool, []effects.Param{effects.P("skill", tSkill), effects.P("target", tInt), effects.P("successes", tInt)}},
	{"testDice", "Tests and fights", "the hero rolls n dice as a test: target, successes; true if passed", tBool, []effects.Param{effects.P("n", tInt), effects.P("target", tInt), effects.P("successes", tInt)}},
	{"fight", "Tests and fights", "fight an enemy drawn from the deck; true if it was defeated", tBool, []effects.Param{effects.P("deck", tDeck)}},
	{"fightEnemy", "Tests and fights", "fight the reference enemy; true if it was defeated", tBool, []effects.Param{effects.P("enemy", tEnemy)}},
	{"fightVillain", "Tests and fights", "fight one round against the villain in the space (a random villain is placed if none)", tVoid, nil},
	{"escape", "Tests and fights", "the hero escapes the current fight (no Glory)", tVoid, nil},
	{"damageEnemy", "Tests and fights", "the enemy being fought takes n wounds", tVoid, []effects.Param{effects.P("n", tInt)}},

	// Adventures.
	{"addDangerMarker", "Adventures", "the hero gains n danger markers toward the artifact in the space", tVoid, []effects.Param{effects.Opt("n", 1)}},
	{"loseDangerMarkers", "Adventures", "the hero loses every danger marker", tVoid, nil},
	{"discardDanger", "Adventures", "discard the Danger being faced: it is overcome without Glory", tVoid, nil},
	{"avoidCliffhanger", "Adventures", "the failed Danger is discarded instead of flipping to its Cliffhanger (the turn still ends)", tVoid, nil},
	{"endTurn", "Adventures", "the hero's adventure phase ends now", tVoid, nil},
	{"auction", "Adventures", "an auction in this city: artifacts sold here this round gain n Fortune", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"placeArtifact", "Adventures", "place a new artifact adventure at a random location", tVoid, nil},
	{"placeTemple", "Adventures", "place a new Temple artifact adventure at a random location (artifacts are drawn until a Temple comes up)", tVoid, nil},
	{"cancel", "Adventures", "cancel the card being played, or else a card in play on the hero (the hero chooses); never a card that has caused dice to roll, nor a Villain Event", tVoid, nil},

	// Villains and henchmen.
	{"placeVillain", "Villains", "a random villain (of any faction) enters play in the hero's space", tVoid, nil},
	{"placeFactionVillain", "Villains", "a random villain of the faction enters play in the hero's space", tVoid, []effects.Param{effects.P("faction", tFaction)}},
	{"removeVillain", "Villains", "the villain in the hero's space returns to base", tVoid, nil},
	{"woundVillain", "Villains", "the villain in the hero's space takes n wounds (bodyguards first)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"placeHenchman", "Villains", "a henchman figure of the faction is placed in the hero's space (a fight starts)", tVoid, []effects.Param{effects.P("faction", tFaction)}},
	{"placeHenchmanRandom", "Villains", "a henchman figure of the faction is placed at a random location", tVoid, []effects.Param{effects.P("faction", tFaction)}},
	{"removeHenchman", "Villains", "remove the henchman figure from the hero's space", tVoid, nil},
	{"healVillain", "Villains", "the villain (chosen by a Villain Event, else in the hero's space) heals n wounds", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"villainSearch", "Villains", "the villain in the hero's space rolls n extra search dice now", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"moveZeppelin", "Villains", "the zeppelin moves to the hero's space", tVoid, nil},

	// The vile organization (cooperative game).
	{"advanceTrack", "Organization", "the villain track moves n steps forward", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"retreatTrack", "Organization", "the villain track moves n steps back (not below 0)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"villainsGainFortune", "Organization", "the villains gain n Fortune (every full step converts to the track)", tVoid, []effects.Param{effects.P("n", tInt)}},
	{"occupy", "Organization", "place an Occupation marker in a random city (not on the Mob's turf)", tVoid, nil},
	{"hideout", "Organization", "place a Hideout marker and a Mobster figure in a random city", tVoid, nil},
	{"placeOutpost", "Organization", "the organization places a new outpost (of a random kind)", tVoid, nil},
	{"reinforce", "Organization", "a henchman figure of the organization in play is placed at a random location", tVoid, nil},
	{"vileTactics", "Organization", "roll on the organization's tactics chart", tVoid, nil},
	{"readyVillain", "Organization", "the leftmost delayed or KO'd villain becomes ready", tVoid, nil},
	{"deployVillain", "Organization", "the leftmost ready villain deploys to the best free artifact", tVoid, nil},

	// Dice.
	{"roll", "Dice", "roll a die: 1–6 (also kept in lastRoll)", tInt, nil},
	{"d3", "Dice", "roll a D3: 1–3 (also kept in lastRoll)", tInt, nil},
	{"nothing", "Dice", "does nothing: the other branch of a choice, as in roll() >= 4 ? gainGlory(1) : nothing()", tVoid, nil},
}

// Env returns the Fortune and Glory effect environment, "fng", built on first use.
var Env = sync.OnceValue(func() *effects.Env {
	e := effects.NewEnv("fng", "Effects and conditions of every Fortune and Glory card, hero, villain and chart. "+
		"They act on \"the hero\": the one who drew, played or holds the card (for Target = opponent, the chosen opponent).")
	e.Reference = "deckwright effects --game fortune-and-glory"
	e.Examples = effects.Examples{Steps: "gainGlory(2); drawEvent()", Values: []string{"hero.combat", "round"},
		Names: []string{`test.has("Chase")`, `fight("Nazi Enemies")`}, In: `hero.space in ["london", "paris"]`,
		Let: "let r = roll(); r >= 5 ? gainGlory(2) : wound(1)"}
	e.Domain(DomainKeyword, "keywords of the Keywords sheet (ID or Name)")
	e.Domain(DomainTerrain, "terrain icons: Jungle, Mountains, Desert, Ice, Sea")
	e.Domain(DomainSkill, "Combat, Agility, Cunning, Lore")
	e.Domain(DomainDeck, "Events, Gear, Allies, City, Enemies, Nazi Enemies, Dangers, Artifacts, Adventures, Locations, Villain Events")
	e.Domain(DomainSpace, "spaces of the Spaces sheet (ID or Name)")
	e.Domain(DomainReference, "reference enemies: Enemies rows with Deck = reference")
	e.Domain(DomainFaction, "vile organizations of the Organizations sheet")
	e.Domain(DomainItem, "Common Items")
	effects.Declare(e, valueDecls, verbDecls, valueImpl, verbImpl)
	return e
})
