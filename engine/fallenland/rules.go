package fallenland

import "github.com/deckwright/deckwright/engine/game"

// RuleDef declares one rule constant of the Rules sheet. Values live in the
// workbook, never in Go: the engine reads every number from there.
type RuleDef struct {
	ID       string
	Min, Max int
	Doc      string
	Rulebook int    // the rulebook's value
	Ref      string // the rule in RULES.md
}

// Bounds is what validation checks of the constant.
func (d RuleDef) Bounds() game.RuleBounds {
	return game.RuleBounds{ID: d.ID, Min: d.Min, Max: d.Max, Rulebook: d.Rulebook}
}

// RuleDefs lists every rule constant the engine reads.
var RuleDefs = []RuleDef{
	{"victory-prestige", 1, 200, "Prestige that wins, held at the end of a Phase", 20, "FL-VIC-01"},
	{"victory-town-health", 1, 500, "Town Health that wins, held at the end of a Phase", 80, "FL-VIC-01"},
	{"short-prestige", 1, 200, "Short Game: Prestige that wins", 10, "FL-VIC-05"},
	{"short-town-health", 1, 500, "Short Game: Town Health that wins (the quick-start's 50 is a variant)", 55, "FL-VIC-05"},
	{"tiebreak-prestige-weight", 0, 20, "tie-break: Town Health one Prestige is worth", 4, "FL-VIC-03"},
	{"start-salvage", 0, 200, "Salvage Coins each player starts with", 10, "FL-START-02"},
	{"start-town-health", 0, 200, "Town Health each player starts with", 30, "FL-START-02"},
	{"start-prestige", 0, 100, "Prestige each player starts with", 0, "FL-START-02"},
	{"start-characters", 1, 20, "Character cards dealt at setup (the Party's Crowns, the rest to the Town Roster)", 6, "FL-SET-07"},
	{"party-size", 1, 5, "Character Crowns of a Party", 5, "FL-CH-05"},
	{"start-spoils", 0, 40, "Spoils cards dealt at setup (Jinxed and Events replaced)", 10, "FL-SET-07"},
	{"start-actions", 0, 20, "Action cards dealt at setup", 3, "FL-SET-07"},
	{"hand-limit", 1, 30, "Action cards a player may hold at the end of a Phase", 7, "FL-ACT-05"},
	{"deal-actions", 0, 10, "Action cards dealt to each player in Deal", 1, "FL-TB-02"},
	{"weeks-per-turn", 1, 12, "Weeks a Party spends each Party Exploits Phase", 4, "FL-WK-01"},
	{"weeks-movement", 1, 4, "Weeks of a Movement Deed", 1, "FL-EXP-03"},
	{"weeks-encounter", 1, 4, "Weeks of an Encounter Deed (and a Point of Interest)", 1, "FL-EXP-03"},
	{"weeks-pvp", 1, 4, "Weeks of a PVP Deed", 1, "FL-EXP-03"},
	{"weeks-resource", 1, 4, "Weeks of a Resource Deed", 2, "FL-EXP-03"},
	{"weeks-healing", 1, 4, "Weeks of a Healing Deed", 2, "FL-EXP-03"},
	{"weeks-mission", 1, 4, "Weeks of a Mission Deed", 3, "FL-EXP-03"},
	{"mission-locations", 0, 20, "Mission Location chips on the map", 7, "FL-MIS-02"},
	{"max-resources", 1, 18, "Resources a Faction may own (a Double counts two)", 5, "FL-RES-02"},
	{"resource-capture-prestige", 0, 10, "Prestige for capturing a Resource", 1, "FL-RES-03"},
	{"resource-loss-prestige", 0, 10, "Prestige lost with an owned Resource", 1, "FL-RES-03"},
	{"resource-destroy-owner-extra", 0, 10, "extra Prestige the owner loses when a Resource is destroyed", 1, "FL-RES-11"},
	{"resource-destroyer-penalty", 0, 10, "Prestige the destroyer of a Resource loses", 2, "FL-RES-11"},
	{"double-destroy-owner", 0, 10, "Prestige the owner loses when a Double Resource is destroyed (in all)", 2, "FL-AMB-36"},
	{"double-destroyer-penalty", 0, 20, "Prestige the destroyer of a Double Resource loses", 4, "FL-RES-13"},
	{"tdc-damage", 0, 5, "Physical damage (ignoring Armor) each Town Defense chip deals to each Character", 1, "FL-TDC-04"},
	{"max-tdc", 0, 10, "Town Defense chips a player may own", 5, "FL-TDC-01"},
	{"tdc-sell", 0, 100, "Salvage Coins the Bank pays for a Town Defense chip", 10, "FL-TDC-07"},
	{"max-tech", 2, 9, "Town Technologies a Faction may own, the two starting ones included", 7, "FL-TT-02"},
	{"tech-sell", 0, 200, "Salvage Coins the Bank pays for a Town Technology", 25, "FL-TT-05"},
	{"tech-prestige", 0, 10, "Prestige for equipping a new Tier 1 Technology (lost with it)", 1, "FL-TT-03"},
	{"tech-town-health", 0, 50, "Town Health for equipping a new Tier 1 Technology (lost with it)", 5, "FL-TT-03"},
	{"neutral-heal-fee", 0, 50, "Salvage Coins paid to the Bank to heal in a neutral Starting Town", 5, "FL-HEAL-05"},
	{"town-heal-free", 0, 5, "damage each Character removes for free before the Medical check of a Healing Deed in a Starting Town", 1, "FL-HEAL-04"},
	{"rebuild-prestige", 0, 10, "Prestige per Character drawn to rebuild a dead Party (or the Town Health below)", 1, "FL-DEATH-06"},
	{"rebuild-town-health", 0, 40, "Town Health per Character drawn to rebuild a dead Party (or the Prestige above)", 4, "FL-DEATH-06"},
	{"rebuild-spoils", 0, 40, "Spoils cards a rebuilt Party draws", 10, "FL-DEATH-06"},
	{"psych-discard", 1, 9, "Psych damage at which a Character is discarded in the next Effects Phase", 3, "FL-DMG-11"},
	{"infected-growth", 0, 5, "Infected Wounds added each Effects Phase to a Character that has any", 1, "FL-EFF-03"},
	{"master-bonus", 0, 5, "extra successes of a Master on Party checks of the Master Skill", 1, "FL-SC-07"},
	{"flight-hexes", 0, 5, "hexes a Party moves away after a successful Encounter Flight", 1, "FL-ENC-16"},
	{"pvp-defender-delay", 0, 4, "Week Penalty of a Party attacked in a PVP Deed", 1, "FL-PVP-01"},
	{"pvp-kill-npcm-prestige", 0, 10, "Prestige for killing an NPCM in standard PVP", 1, "FL-PVP-21"},
	{"pvp-kill-npcm-salvage", 0, 50, "Salvage Coins for killing an NPCM in standard PVP", 5, "FL-PVP-21"},
	{"pvp-flee-kill-prestige", 0, 10, "Prestige for the victor when the opponent fled after losing a Character", 1, "FL-PVP-21"},
	{"pvp-wipe-prestige", 0, 10, "Prestige for the victor who killed the entire opposing Party", 2, "FL-PVP-21"},
	{"pvp-loser-prestige", 0, 10, "Prestige the loser of a PVP loses", 1, "FL-PVP-21"},
	{"pvp-double-wipe-prestige", 0, 10, "Prestige each player loses when both sides are eliminated", 2, "FL-PVP-20"},
	{"pvp-tie-damage", 0, 5, "damage each Character takes (ignoring Armor) in a tied PVP round", 1, "FL-PVP-14"},
	{"pvp-tie-npcm-damage", 0, 20, "damage an NPCM takes in a tied PVP round", 5, "FL-PVP-14"},
	{"loot-extra-cards", 0, 5, "Loot Deck cards dealt beyond one per Character killed", 1, "FL-PVP-22"},
	{"free-card-choice", 0, 1, "1: the City/Rad free card is a Spoils or an Action, the player's choice", 1, "FL-EXP-11"},
}

// rulesSheet is the workbook sheet that sets the rule constants.
var rulesSheet = game.RulesSheet("Rule variants that are not numbers are named options of `deckwright sim --variant`.",
	"20", "Prestige a player needs to win",
	map[string]string{"ID": "victory-prestige", "Name": "Victory Prestige", "Value": "25", "Change": "replace", "Notes": "a longer game"})

// ruleDef finds a constant's declaration.
func ruleDef(id string) *RuleDef {
	for i := range RuleDefs {
		if RuleDefs[i].ID == id {
			return &RuleDefs[i]
		}
	}
	return nil
}

// Rules holds every rule constant, read from the workbook.
type Rules struct {
	VictoryPrestige, VictoryTownHealth, ShortPrestige, ShortTownHealth, TiebreakWeight int
	StartSalvage, StartTownHealth, StartPrestige, StartCharacters, PartySize           int
	StartSpoils, StartActions, HandLimit, DealActions, WeeksPerTurn                    int
	WeeksMove, WeeksEncounter, WeeksPVP, WeeksResource, WeeksHealing, WeeksMission     int
	MissionLocations, MaxResources, ResourceCapturePR, ResourceLossPR                  int
	DestroyOwnerExtra, DestroyerPenalty, DoubleDestroyOwner, DoubleDestroyerPenalty    int
	TDCDamage, MaxTDC, TDCSell, MaxTech, TechSell, TechPrestige, TechTownHealth        int
	NeutralHealFee, TownHealFree, RebuildPrestige, RebuildTownHealth, RebuildSpoils    int
	PsychDiscard, InfectedGrowth, MasterBonus, FlightHexes                             int
	PVPDefenderDelay, PVPKillNPCMPrestige, PVPKillNPCMSalvage, PVPFleeKillPrestige     int
	PVPWipePrestige, PVPLoserPrestige, PVPDoubleWipePrestige, PVPTieDamage             int
	PVPTieNPCMDamage, LootExtra, FreeCardChoice                                        int
}

// bindRules maps constant IDs to the fields of Rules, so the loader and a
// test can check that every declared constant is read.
func (r *Rules) bind() map[string]*int {
	return map[string]*int{
		"victory-prestige": &r.VictoryPrestige, "victory-town-health": &r.VictoryTownHealth, "short-prestige": &r.ShortPrestige,
		"short-town-health": &r.ShortTownHealth, "tiebreak-prestige-weight": &r.TiebreakWeight, "start-salvage": &r.StartSalvage,
		"start-town-health": &r.StartTownHealth, "start-prestige": &r.StartPrestige, "start-characters": &r.StartCharacters,
		"party-size": &r.PartySize, "start-spoils": &r.StartSpoils, "start-actions": &r.StartActions, "hand-limit": &r.HandLimit,
		"deal-actions": &r.DealActions, "weeks-per-turn": &r.WeeksPerTurn, "weeks-movement": &r.WeeksMove,
		"weeks-encounter": &r.WeeksEncounter, "weeks-pvp": &r.WeeksPVP, "weeks-resource": &r.WeeksResource,
		"weeks-healing": &r.WeeksHealing, "weeks-mission": &r.WeeksMission, "mission-locations": &r.MissionLocations,
		"max-resources": &r.MaxResources, "resource-capture-prestige": &r.ResourceCapturePR, "resource-loss-prestige": &r.ResourceLossPR,
		"resource-destroy-owner-extra": &r.DestroyOwnerExtra, "resource-destroyer-penalty": &r.DestroyerPenalty,
		"double-destroy-owner": &r.DoubleDestroyOwner, "double-destroyer-penalty": &r.DoubleDestroyerPenalty,
		"tdc-damage": &r.TDCDamage, "max-tdc": &r.MaxTDC, "tdc-sell": &r.TDCSell, "max-tech": &r.MaxTech, "tech-sell": &r.TechSell,
		"tech-prestige": &r.TechPrestige, "tech-town-health": &r.TechTownHealth, "neutral-heal-fee": &r.NeutralHealFee,
		"town-heal-free": &r.TownHealFree, "rebuild-prestige": &r.RebuildPrestige, "rebuild-town-health": &r.RebuildTownHealth,
		"rebuild-spoils": &r.RebuildSpoils, "psych-discard": &r.PsychDiscard, "infected-growth": &r.InfectedGrowth,
		"master-bonus": &r.MasterBonus, "flight-hexes": &r.FlightHexes, "pvp-defender-delay": &r.PVPDefenderDelay,
		"pvp-kill-npcm-prestige": &r.PVPKillNPCMPrestige, "pvp-kill-npcm-salvage": &r.PVPKillNPCMSalvage,
		"pvp-flee-kill-prestige": &r.PVPFleeKillPrestige, "pvp-wipe-prestige": &r.PVPWipePrestige,
		"pvp-loser-prestige": &r.PVPLoserPrestige, "pvp-double-wipe-prestige": &r.PVPDoubleWipePrestige,
		"pvp-tie-damage": &r.PVPTieDamage, "pvp-tie-npcm-damage": &r.PVPTieNPCMDamage, "loot-extra-cards": &r.LootExtra,
		"free-card-choice": &r.FreeCardChoice,
	}
}
