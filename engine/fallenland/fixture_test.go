package fallenland

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/game"
)

// Scenario tests build content from the bundled sources plus test rows
// (the rulebook's worked examples need exact Total Skills), set a game up
// by hand, force the dice, and check each rule exactly.

type sheets map[string][]map[string]string

// fixtureContent compiles the test content (baseSheets, independent of the
// bundled set, which authors change) with edits applied.
func fixtureContent(t *testing.T, edit func(sheets)) *Content {
	t.Helper()
	sh := baseSheets()
	edit(sh)
	var out []compiler.SheetData
	for _, sheet := range Schema.Sheets {
		if rows, ok := sh[sheet.Name]; ok {
			out = append(out, compiler.SheetData{Sheet: sheet.Name, Rows: rows})
		}
	}
	set := compiler.SetRow{ID: "fl-test", Name: "Fallen Land test set", Game: GameID}
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, Schema, set, out))
	tables, err := compileWorkbook("fixture.xlsx", buf.Bytes())
	require.NoError(t, err)
	c, err := Load(tables)
	require.NoError(t, err)
	return c
}

func row(kv ...string) map[string]string {
	r := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		r[kv[i]] = kv[i+1]
	}
	return r
}

// Test map: four corridors between Water rows, joined at q = 20, and an
// open field (r = 8).
//
//	r 0  A town, Mountain ×3, Resource, Plains…   (movement example 1)
//	r 2  Plains, Plains+City, Mountain+City, City… (example 2)
//	r 4  B town, Plains ×4, Resource, Plains…      (example 3)
//	r 6  Plains, Mountain, Radiation, Plains…      (the Deed example)
//	r 8  an open field with C's town at q 10 and Resources at q 1, 3, 5, 12, 15, 17, 19
func testHexes() []map[string]string {
	var out []map[string]string
	num := 1
	for r := 0; r <= 8; r++ {
		for q := 0; q <= 20; q++ {
			terr, feature := "plains", "none"
			switch {
			case r%2 == 1 && q != 20:
				terr = "water"
			case r == 0 && q >= 1 && q <= 3:
				terr = "mountain"
			case r == 0 && q == 0, r == 4 && q == 0, r == 8 && q == 10:
				feature = "town"
			case r == 0 && q == 4, r == 4 && q == 5, r == 8 && (q == 1 || q == 3 || q == 5 || q == 12 || q == 15 || q == 17 || q == 19):
				feature = "resource"
			case r == 2 && q == 1:
				terr = "plains, city"
			case r == 2 && q == 2:
				terr = "mountain, city"
			case r == 2 && q == 3:
				terr = "city"
			case r == 6 && q == 1:
				terr = "mountain"
			case r == 6 && q == 2:
				terr = "radiation"
			}
			id := "t-" + itoa(r) + "-" + itoa(q)
			h := row("ID", id, "Name", id, "Q", itoa(q-r/2), "R", itoa(r), "Terrains", terr, "Feature", feature)
			if terr == "water" {
				h["Water Body"] = "Test Lake"
			} else if num <= 100 {
				h["Random Number"] = itoa(num)
				num++
			}
			out = append(out, h)
		}
	}
	return out
}

// hexAt is the test map's hex at a row and column.
func (s *scenario) hexAt(r, q int) int16 {
	id := "t-" + itoa(r) + "-" + itoa(q)
	for i := range s.c.Hexes {
		if s.c.Hexes[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no hex %s", id)
	return -1
}

// baseSheets is a complete small set: the rulebook's constants and charts,
// the test map, three Factions without Perks, and a few cards per deck.
func baseSheets() sheets {
	sh := sheets{}
	for _, d := range RuleDefs {
		sh["Rules"] = append(sh["Rules"], row("ID", d.ID, "Name", d.ID, "Value", itoa(d.Rulebook)))
	}
	cat := func(name, rule, applies string) map[string]string {
		return row("ID", strings.ToLower(strings.ReplaceAll(name, " ", "-")), "Name", name, "Rule", rule, "Applies To", applies)
	}
	sh["Categories"] = []map[string]string{cat("Melee Weapon", "melee", "spoils"), cat("Ranged Weapon", "ranged", "spoils"), cat("Rifle", "none", "spoils"),
		cat("Armor", "armor", "spoils"), cat("Medical", "medical", "spoils"), cat("Vehicle", "vehicle", "spoils"), cat("Motorized", "motorized", "spoils"),
		cat("Stowable", "stowable", "spoils"), cat("Party Equipment", "party-equipment", "spoils"), cat("Permanent", "permanent", "spoils"),
		cat("Event", "event", "spoils"), cat("Ally", "ally", "spoils"), cat("Jinxed", "jinxed", "both"), cat("Raiders", "none", "encounter"),
		cat("Book", "book", "spoils")}
	tech := func(id string, n int, c1, c2 int, kind, skill string, a1, a2 int) map[string]string {
		return row("ID", id, "Name", id, "Number", itoa(n), "Tier 1 Cost", itoa(c1), "Tier 2 Cost", itoa(c2), "Kind", kind, "Skill", skill,
			"Tier 1 Amount", itoa(a1), "Tier 2 Amount", itoa(a2), "Text", id)
	}
	sh["Technologies"] = []map[string]string{tech("garrison", 1, 30, 60, "auto-success", "combat", 1, 2), tech("water-and-supplies", 2, 30, 60, "auto-success", "survival", 1, 2),
		tech("learning-center", 3, 30, 60, "auto-success", "diplomacy", 1, 2), tech("machinist-shop", 4, 30, 60, "auto-success", "mechanical", 1, 2),
		tech("energy-production", 5, 30, 60, "auto-success", "technical", 1, 2), tech("medical-center", 6, 30, 60, "auto-success", "medical", 1, 2),
		tech("communication-center", 7, 30, 60, "movement", "", 2, 4), tech("law-and-order", 8, 40, 80, "extra-actions", "", 1, 2),
		tech("marketplace", 9, 40, 80, "extra-spoils", "", 1, 2)}
	for i, c := range []int{10, 15, 20, 25, 30} {
		sh["Defense Costs"] = append(sh["Defense Costs"], row("ID", "tdc-"+itoa(i+1), "Name", "tdc "+itoa(i+1), "Ordinal", itoa(i+1), "Cost", itoa(c)))
	}
	for n := 1; n <= 5; n++ {
		sh["Resource Production"] = append(sh["Resource Production"], row("ID", "own-"+itoa(n), "Name", "own "+itoa(n), "Owned", itoa(n), "Town Health", itoa(n), "Salvage", itoa(n*n)))
	}
	ev := func(from, to, pr, th int, card, lose bool) map[string]string {
		return row("ID", "ev-"+itoa(from), "Name", "ev "+itoa(from), "From", itoa(from), "To", itoa(to), "Prestige", itoa(pr), "Town Health", itoa(th),
			"Card", map[bool]string{true: "TRUE", false: "FALSE"}[card], "Lose Resource", map[bool]string{true: "TRUE", false: "FALSE"}[lose], "Text", "chart")
	}
	sh["Town Events"] = []map[string]string{ev(1, 1, 2, 4, true, false), ev(2, 2, 1, 2, false, false), ev(3, 3, 0, 1, false, false), ev(4, 7, 0, 0, false, false),
		ev(8, 8, 0, -1, false, false), ev(9, 9, -1, -2, false, false), ev(10, 10, 0, 0, false, true)}
	sh["Terrain"] = []map[string]string{
		row("ID", "plains", "Name", "Plains", "Terrain", "plains", "Move Cost", "1", "Deck", "plains"),
		row("ID", "mountain", "Name", "Mountain", "Terrain", "mountain", "Move Cost", "2", "Deck", "mountain"),
		row("ID", "city", "Name", "City", "Terrain", "city", "Move Cost", "3", "Deck", "cityrad", "Free Card", "TRUE"),
		row("ID", "radiation", "Name", "Radiation", "Terrain", "radiation", "Move Cost", "3", "Deck", "cityrad", "Free Card", "TRUE", "End Damage", "1", "End Damage Type", "radiation"),
		row("ID", "water", "Name", "Water", "Terrain", "water", "Move Cost", "0", "Passable", "FALSE", "Deck", "none"),
	}
	sh["Hexes"] = testHexes()
	sh["Factions"] = []map[string]string{
		row("ID", "f-a", "Name", "Faction A", "Number", "1", "Start Hex", "t-0-0", "Tech 1", "garrison", "Tech 2", "learning-center"),
		row("ID", "f-b", "Name", "Faction B", "Number", "2", "Start Hex", "t-4-0", "Tech 1", "water-and-supplies", "Tech 2", "medical-center"),
		row("ID", "f-c", "Name", "Faction C", "Number", "3", "Start Hex", "t-8-10", "Tech 1", "machinist-shop", "Tech 2", "energy-production"),
	}
	for i := range 8 {
		sh["Characters"] = append(sh["Characters"], row("ID", "filler-"+itoa(i), "Name", "Filler "+itoa(i), "Count", "3", "Combat", "6", "Survival", "6",
			"Diplomacy", "6", "Mechanical", "6", "Technical", "6", "Medical", "5", "Health", "8", "Psych", "4", "Capacity", "14", "Quote", "Filler."))
	}
	for i := range 12 {
		sh["Spoils"] = append(sh["Spoils"], row("ID", "knife-"+itoa(i), "Name", "Knife "+itoa(i), "Count", "4", "Categories", "Melee Weapon", "Value", "2",
			"Carrying Cost", "1", "Bonuses", "Combat +1", "Text", "+1 Combat."))
	}
	for i := range 6 {
		sh["Actions"] = append(sh["Actions"], row("ID", "coin-"+itoa(i), "Name", "Coin "+itoa(i), "Count", "4", "Timing", "end-turn", "Value", "2",
			"Effect", "gainSalvage(1)", "Text", "Gain 1 Salvage."))
	}
	for _, d := range encounterDecks {
		for i := range 4 {
			sh["Encounters"] = append(sh["Encounters"], row("ID", d+"-"+itoa(i), "Name", d+" "+itoa(i), "Deck", d, "Categories", "Raiders",
				"Story", "Filler.", "Checks", "1 Combat", "Success", "gainSalvage(1)", "Failure", "damageParty(1)"))
		}
	}
	for i := range 4 {
		sh["Missions"] = append(sh["Missions"], row("ID", "mission-"+itoa(i), "Name", "Mission "+itoa(i), "Story", "Filler.",
			"Checks", "1 Combat", "Success", "gainPrestige(2)", "Failure", "losePrestige(1)", "OSC", "1 Survival", "OSC Success", "gainTownHealth(1)"))
	}
	return sh
}

// exampleRows adds the Characters, Spoils and cards of the rulebook's
// worked examples (§4.2, §8.6): Total Skills 19, 12, 11, 8 and a Combat
// Master of 24 (with a +2 Link Bonus), and a Vehicle of Combat 4.
func exampleRows(s sheets) {
	char := func(id string, combat, medical, health, psych, armor int, extra map[string]string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Combat": itoa(combat), "Survival": "5", "Diplomacy": "5",
			"Mechanical": "5", "Technical": "5", "Medical": itoa(medical), "Health": itoa(health), "Psych": itoa(psych), "Capacity": "20",
			"Armor": itoa(armor), "Budget Override": "TRUE", "Quote": "A worked example."}
		for k, v := range extra {
			r[k] = v
		}
		return r
	}
	s["Characters"] = append(s["Characters"],
		char("ex-a", 10, 5, 9, 4, 0, nil),
		char("ex-b", 10, 5, 9, 5, 1, nil),
		char("ex-c", 10, 5, 8, 4, 1, nil),
		char("ex-d", 8, 5, 9, 3, 1, nil),
		char("ex-e", 10, 10, 10, 5, 0, map[string]string{"Master": "TRUE", "Master Skill": "combat", "Link": "ex-rifle", "Link Bonus": "Combat +2"}),
		char("ex-medic", 5, 10, 9, 4, 0, map[string]string{"Master": "TRUE", "Master Skill": "medical"}),
	)
	item := func(id, cats, bonus string, extra map[string]string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Categories": cats, "Value": "1", "Bonuses": bonus, "Text": "Example gear."}
		for k, v := range extra {
			r[k] = v
		}
		return r
	}
	s["Spoils"] = append(s["Spoils"],
		item("ex-plus-9", "Melee Weapon", "Combat +9", nil),
		item("ex-plus-2", "Ranged Weapon", "Combat +2", nil),
		item("ex-plus-1", "Melee Weapon", "Combat +1", nil),
		item("ex-rifle", "Ranged Weapon, Rifle", "Combat +12", nil),
		item("ex-medkit", "Medical", "Medical +12", nil),
		item("ex-vest", "Armor", "", map[string]string{"Armor": "1", "Carrying Cost": "3"}),
		item("ex-plate", "Armor", "", map[string]string{"Armor": "2", "Carrying Cost": "5"}),
		item("ex-heavy", "Melee Weapon", "Combat +3", map[string]string{"Carrying Cost": "15"}),
		item("ex-tarp", "Party Equipment", "Survival +1", map[string]string{"Carrying Cost": "4"}),
		item("ex-scope", "Permanent", "Combat +2", map[string]string{"Attaches To": "Rifle", "Carrying Cost": "1"}),
		item("ex-kit", "Medical, Stowable", "Medical +1", map[string]string{"Carrying Cost": "2"}),
		item("ex-bandage", "Medical", "", map[string]string{"Uses": "1", "Timing": "anytime", "Condition": "party.damage >= 3", "Effect": "healEach(3)"}),
		map[string]string{"ID": "ex-jeep", "Name": "EX-JEEP", "Count": "0", "Categories": "Vehicle, Motorized", "Value": "5", "Vehicle Skills": "Combat +4", "Vehicle Capacity": "5", "Text": "Example Vehicle."},
		map[string]string{"ID": "ex-bike", "Name": "EX-BIKE", "Count": "0", "Categories": "Vehicle", "Value": "5", "Movement Bonus": "2", "Vehicle Skills": "Survival +1", "Text": "Example Vehicle."},
		map[string]string{"ID": "ex-van", "Name": "EX-VAN", "Count": "0", "Categories": "Vehicle", "Value": "5", "Movement Bonus": "4", "Vehicle Skills": "Survival +1", "Text": "Example Vehicle."},
		map[string]string{"ID": "ex-truck", "Name": "EX-TRUCK", "Count": "0", "Categories": "Vehicle, Motorized", "Value": "5", "Movement Bonus": "5", "Vehicle Skills": "Survival +1", "Text": "Example Vehicle."},
	)
	s["Actions"] = append(s["Actions"],
		row("ID", "ex-merc", "Name", "EX-MERC", "Count", "0", "Kind", "npcm", "Hire Cost", "10", "Omega", "15", "Dice", "5", "Health", "12",
			"Movement", "30", "Strike Dice", "2", "Assignments", "claim-resource, attack-party", "Text", "Example NPCM."),
		row("ID", "ex-sabotage", "Name", "EX-SABOTAGE", "Count", "0", "Timing", "town-business", "Target", "opponent", "Effect", "loseTownHealth(3)",
			"Text", "An opponent loses 3 Town Health."),
		row("ID", "ex-shield", "Name", "EX-SHIELD", "Count", "0", "Timing", "targeted", "Effect", "ignoreCard()", "Text", "Ignore it."))
	s["Actions"] = append(s["Actions"], map[string]string{"ID": "ex-drill", "Name": "EX-DRILL", "Count": "0", "Timing": "exploits", "Kind": "attach-character",
		"Bonuses": "Combat +1", "Text": "Example attachment."})
	enc := func(id string, kv map[string]string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Deck": "plains", "Story": "A worked example."}
		for k, v := range kv {
			r[k] = v
		}
		return r
	}
	s["Encounters"] = append(s["Encounters"],
		enc("ex-highway", map[string]string{"Categories": "Raiders", "Scavenged": "4", "Requires": "party.motorized", "Checks": "7 Combat",
			"Success": "gainSalvage(30)", "Failure": "damageParty(roll(2, 6))"}),
		enc("ex-scarecrow", map[string]string{"Scavenged": "3", "Before": "damageCrown(3, roll(2, 6))", "Checks": "5 Combat, psych",
			"Success": "gainSalvage(30)", "Failure": "damageParty(roll(4, 6))"}),
		enc("ex-brackish", map[string]string{"Scavenged": "3", "Before": "remember(roll())", "Checks": "1 Medical individual, psych",
			"Success": "damageChar(1); gainSalvage(memory)", "Failure": `damageChar(memory, "Infected")`}),
		enc("ex-fair", map[string]string{"Categories": "Raiders", "World": "TRUE", "POI": "here", "POI Effect": "gainSalvage(3)", "Expires": "2",
			"Success": "bonusWeeks(2)"}),
		enc("ex-flight", map[string]string{"Scavenged": "2", "Checks": "7 Combat", "Success": "gainSalvage(30)", "Failure": "gainPrestige(5)"}),
	)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

type scenario struct {
	t *testing.T
	*Game
	log strings.Builder
}

// newScenario starts a game on content c with the Factions named (by ID),
// then clears every Party, hand, Auction House and purse: tests place what
// they need.
func newScenario(t *testing.T, c *Content, factions ...string) *scenario {
	t.Helper()
	s := &scenario{t: t, Game: New(c)}
	opt := Options{Players: len(factions), MaxRounds: 100}
	for _, id := range factions {
		f := findFaction(c, id)
		require.GreaterOrEqual(t, f, 0, "no Faction %s", id)
		opt.Factions = append(opt.Factions, f)
	}
	s.reset(7, opt)
	s.trace = game.TextTracer{W: &s.log, Prefix: "t"}
	s.setupGame()
	for seat := range s.players {
		p := &s.players[seat]
		for i := range p.party.crowns {
			p.party.crowns[i] = Member{char: -1, hitman: -1}
		}
		p.party.vehicle = Item{card: -1, mount: -1}
		p.party.vehItems, p.party.equip, p.party.jinx, p.party.acts = nil, nil, nil, nil
		p.hand, p.auction, p.roster, p.townActs = nil, nil, nil, nil
		p.sc, p.pr, p.th = 0, 0, 30
		p.tech = p.tech[:0]
		p.tdc, p.perkTDC = 0, 0
		s.recompute(p)
	}
	s.order = s.order[:0]
	for seat := range s.players {
		s.order = append(s.order, seat)
	}
	s.turn = 1
	s.strict = true
	s.log.Reset()
	return s
}

func (s *scenario) charIdx(id string) int16 {
	for i := range s.c.Characters {
		if s.c.Characters[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Character %q", id)
	return -1
}

func (s *scenario) spoilsIdx(id string) int16 {
	for i := range s.c.Spoils {
		if s.c.Spoils[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Spoils %q", id)
	return -1
}

func (s *scenario) encIdx(id string) int16 {
	for i := range s.c.Encounters {
		if s.c.Encounters[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Encounter %q", id)
	return -1
}

func (s *scenario) actIdx(id string) int16 {
	for i := range s.c.Actions {
		if s.c.Actions[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Action %q", id)
	return -1
}

func (s *scenario) techIdx(id string) int16 {
	for i := range s.c.Techs {
		if s.c.Techs[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Technology %q", id)
	return -1
}

// crown puts a Character on a Crown (1–5) with equipment.
func (s *scenario) crown(seat, crown int, char string, items ...string) *Member {
	p := &s.players[seat]
	m := &p.party.crowns[crown-1]
	*m = Member{char: s.charIdx(char), hitman: -1}
	for _, it := range items {
		m.items = append(m.items, Item{card: s.spoilsIdx(it), mount: -1})
	}
	s.recompute(p)
	return m
}

func (s *scenario) vehicle(seat int, id string) {
	p := &s.players[seat]
	p.party.vehicle = Item{card: s.spoilsIdx(id), mount: -1}
	s.recompute(p)
}

func (s *scenario) tech(seat int, id string, tier uint8) {
	p := &s.players[seat]
	p.tech = append(p.tech, OwnedTech{tech: s.techIdx(id), tier: tier})
	s.recompute(p)
}

// dice forces the next dice faces.
func (s *scenario) dice(faces ...int) { s.forced = append(s.forced, faces...) }

// done asserts every forced die was used.
func (s *scenario) done() {
	s.t.Helper()
	require.Empty(s.t, s.forced, "forced dice left over; log:\n%s", s.log.String())
}

// exampleParty is the Party of Party Skill Check Example 1 (RB p.21):
// Combat 19, 12, 11 (Armor 1, Health 8), 8, a Combat Master of 24 with a
// linked rifle, a Vehicle of Combat 4, Garrison and Learning Center Tier 1.
func (s *scenario) exampleParty(seat int) {
	s.crown(seat, 1, "ex-a", "ex-plus-9")
	s.crown(seat, 2, "ex-b", "ex-plus-2")
	s.crown(seat, 3, "ex-c").acts = []int16{s.actIdx("ex-drill")}
	s.recompute(&s.players[seat])
	s.crown(seat, 4, "ex-d")
	s.crown(seat, 5, "ex-e", "ex-rifle")
	s.vehicle(seat, "ex-jeep")
	s.tech(seat, "garrison", 1)
	s.tech(seat, "learning-center", 1)
}
