package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Scenario tests of movement, Weeks, damage, Resources, the town, PVP and
// victory, with forced dice on the test map (fixture_test.go).

// TestMovementExamples reproduces the movement examples (RB p.30, p.37;
// FL-MOV-09) and the last-point rule (FL-MOV-03, FL-AMB-12).
func TestMovementExamples(t *testing.T) {
	for _, tc := range []struct {
		name       string
		from, goal [2]int // row, column of the test map
		points     int
		lastAny    bool
		end        [2]int
		left       int
	}{
		{"Ex.1: 8 points, Mountain ×3 + Resource = 7, 1 forfeited", [2]int{0, 0}, [2]int{0, 4}, 8, false, [2]int{0, 4}, 1},
		{"Ex.2: City 3 + City 3, the last point enters a third City", [2]int{2, 0}, [2]int{2, 9}, 7, false, [2]int{2, 3}, 0},
		{"Ex.3: 5 Plains reach the Resource exactly", [2]int{4, 0}, [2]int{4, 5}, 5, false, [2]int{4, 5}, 0},
		{"2 points cannot enter a City (exactly one point rule)", [2]int{2, 0}, [2]int{2, 9}, 2, false, [2]int{2, 0}, 2},
		{"variant last-point-any: 2 points enter it", [2]int{2, 0}, [2]int{2, 9}, 2, true, [2]int{2, 1}, 0},
		{"a goal beyond Water is reached the long way", [2]int{0, 18}, [2]int{2, 18}, 6, false, [2]int{2, 18}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, examples(t), quiet...)
			s.opt.Variants.LastPointAny = tc.lastAny
			s.crown(0, 1, "ex-a")
			p := &s.players[0]
			p.party.hex = s.hexAt(tc.from[0], tc.from[1])
			left := s.walk(p, s.hexAt(tc.goal[0], tc.goal[1]), tc.points)
			assert.Equal(t, s.hexAt(tc.end[0], tc.end[1]), p.party.hex)
			assert.Equal(t, tc.left, left)
		})
	}
}

// TestMovementDeedExample: roll 1 + Movement Bonus 2 = 3: a Mountain (2),
// then a Radiation hex with the last point; each Character takes 1
// Radiation damage that Armor does not stop, and the next Deed must be an
// Encounter, PVP, Resource or Mission (RB p.37; FL-MOV-05, FL-MOV-08).
func TestMovementDeedExample(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.crown(0, 1, "ex-b") // Armor 1
	s.crown(0, 2, "ex-a")
	s.vehicle(0, "ex-bike")
	p := &s.players[0]
	require.Equal(t, 2, p.party.move)
	p.party.hex = s.hexAt(6, 0)
	s.dice(1)
	s.moveDeed(p, s.hexAt(6, 9))
	s.done()
	assert.Equal(t, s.hexAt(6, 2), p.party.hex)
	assert.Equal(t, int8(1), p.party.crowns[0].dmg[Radiation])
	assert.Equal(t, int8(1), p.party.crowns[1].dmg[Radiation])
	assert.True(t, p.mustAct)
	p.weeks = 4
	ch := s.chooseDeed(p)
	assert.NotEqual(t, DeedMove, ch.Deed, "no second Movement Deed before an Encounter")
	assert.NotEqual(t, DeedHeal, ch.Deed, "Healing never replaces the Encounter")
}

// TestTownEndsObligation: ending a move on a Starting Town creates no
// obligation (FL-MOV-08), and ending on a rival's town triggers its Town
// Defense chips once per Turn, ignoring Armor (FL-MOV-07, FL-TDC-05).
func TestTownEndsObligation(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.crown(0, 1, "ex-b") // Armor 1
	p, rival := &s.players[0], &s.players[1]
	rival.tdc = 2
	p.party.hex = s.hexAt(4, 2)
	s.walk(p, rival.fac.StartHex, 5)
	s.arrive(p, true)
	assert.Equal(t, rival.fac.StartHex, p.party.hex)
	assert.False(t, p.mustAct)
	assert.Equal(t, int8(2), p.party.crowns[0].dmg[Physical])
	s.arrive(p, true)
	assert.Equal(t, int8(2), p.party.crowns[0].dmg[Physical], "once per Turn")
}

// TestWeeks: four Weeks less penalties; overspending with one Week left
// earns a Penalty chip for the next Phase (RB p.37, FL-WK-01…05).
func TestWeeks(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	s.crown(0, 1, "ex-a")
	p.weeks, p.inPhase = 1, true
	cost := s.deedWeeks(DeedMission)
	p.weeks -= cost
	if p.weeks < 0 {
		p.penalty += -p.weeks
		p.weeks = 0
	}
	assert.Equal(t, 2, p.penalty, "1 Week left, a 3-Week Mission: a 2-Week Penalty chip")
	p.inPhase = false
	// A Delay received before the Party's own Phase applies at its next.
	s.delay(p, 1)
	assert.Equal(t, 3, p.penalty)
	// A Delay during the Party's own Phase takes Weeks now.
	p.penalty, p.weeks, p.inPhase = 0, 3, true
	s.delay(p, 2)
	assert.Equal(t, 1, p.weeks)
	assert.Zero(t, p.penalty)
	// Party death discards every Penalty chip (FL-WK-07).
	p.penalty = 2
	s.cause = causeParty
	s.applyDamage(p, &p.party.crowns[0], 50, Physical)
	assert.True(t, p.partyDead)
	assert.Zero(t, p.penalty)
}

// TestArmor: Party damage is reduced once by the Party's Armor, damage to
// one Character by its own; Radiation and Psych pass Armor (FL-DMG-05/06);
// nobody takes more than its remaining Health (FL-DMG-04).
func TestArmor(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	s.crown(0, 1, "ex-b") // Armor 1, Health 9
	s.crown(0, 2, "ex-d") // Armor 1, Health 9
	s.crown(0, 3, "ex-a") // Health 9
	require.Equal(t, 2, p.party.armor)
	s.damageParty(p, 19, Physical, false)
	assert.Equal(t, 17, s.hurt(p), "4d6 = 19 less Party Armor 2 (RB p.22)")
	s.damageMember(p, &p.party.crowns[0], 1, Physical, false)
	assert.Equal(t, 17, s.hurt(p), "a Character's Armor stops 1")
	s.damageMember(p, &p.party.crowns[0], 1, Radiation, false)
	assert.Equal(t, 18, s.hurt(p), "Radiation ignores Armor")
	s.damageParty(p, 100, Physical, true)
	assert.Zero(t, p.party.alive(), "the excess is lost")
}

// TestDeathEquipment: a Character killed by a Party card leaves its
// equipment with the Party; killed on a Solo or Individual check it is
// discarded (FL-DEATH-02).
func TestDeathEquipment(t *testing.T) {
	for _, tc := range []struct {
		cause deathCause
		kept  bool
	}{{causeParty, true}, {causeInfection, true}, {causeSolo, false}, {causeAction, false}, {causeNPCM, false}, {causePsych, false}} {
		s := newScenario(t, examples(t), quiet...)
		p := &s.players[0]
		s.crown(0, 1, "ex-a")
		m := s.crown(0, 2, "ex-d", "ex-plus-9")
		s.cause = tc.cause
		s.applyDamage(p, m, 50, Physical)
		assert.False(t, m.present())
		assert.Equal(t, tc.kept, s.hasSpoilsCard(p, s.spoilsIdx("ex-plus-9")) || len(p.auction) > 0, "cause %d", tc.cause)
	}
}

// TestEffectsPhase: Infected Wounds grow by 1, a Character with 3 Psych
// damage is discarded with its cards, and a dead Party is rebuilt from the
// Town Roster and new Characters at 1 Prestige or 4 Town Health each, with
// 10 free Spoils, at home (FL-EFF-01…04, FL-DEATH-06).
func TestEffectsPhase(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.strict = false
	p, q := &s.players[0], &s.players[1]
	a := s.crown(0, 1, "ex-a")
	a.dmg[Infected] = 1
	b := s.crown(0, 2, "ex-d", "ex-plus-9")
	b.dmg[Psych] = 3
	q.partyDead = true
	q.roster = []Member{{char: s.charIdx("ex-e"), hitman: -1}}
	q.pr, q.th = 5, 30
	q.party.hex = s.hexAt(8, 15)
	s.effectsPhase()
	assert.Equal(t, int8(2), a.dmg[Infected])
	assert.False(t, b.present())
	assert.False(t, s.hasSpoilsCard(p, s.spoilsIdx("ex-plus-9")), "discarded with the Character")
	assert.False(t, q.partyDead)
	assert.Equal(t, q.fac.StartHex, q.party.hex)
	assert.Equal(t, s.charIdx("ex-e"), q.party.crowns[0].char, "the Roster first")
	paid := (5 - q.pr) + (30-q.th)/4
	assert.Equal(t, q.party.alive()-1, paid, "one Prestige or four Town Health per new Character")
}

// TestResources: capturing a Neutral Resource (+1 Prestige), an owned one
// through Town Defense chips (each deals 1 to each Character, ignoring
// Armor; +1/−1), destroying one (owner −2, destroyer −2), the maximum of
// five and production n TH, n² SC (FL-RES-*, RB p.31, p.36, p.38).
func TestResources(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-b") // Armor 1: no help against chips
	h := s.c.ResHexes[0]
	s.capture(q, h)
	assert.Equal(t, 1, q.pr)
	q.tdc = 3
	p.party.hex = h
	s.resourceDeed(p, Choice{Deed: DeedResource})
	assert.Equal(t, int8(3), p.party.crowns[0].dmg[Physical], "3 TDCs: 3 damage each")
	assert.Equal(t, int(p.seat), int(s.resOwner[h]))
	assert.Equal(t, 1, p.pr)
	assert.Zero(t, q.pr)
	q.pr = 5
	p.pr = 5
	q.party.hex = h
	s.crown(1, 1, "ex-e")
	s.resourceDeed(q, Choice{Deed: DeedResource, Destroy: true})
	assert.Equal(t, int8(-2), s.resOwner[h])
	assert.Equal(t, 3, p.pr, "the owner loses 2")
	assert.Equal(t, 3, q.pr, "the destroyer loses 2")
	// The maximum: a sixth capture reverts another.
	p.pr = 0
	n := 0
	for _, r := range s.c.ResHexes {
		if s.resOwner[r] == -1 && n < 6 {
			s.capture(p, r)
			n++
		}
	}
	assert.Equal(t, 5, p.resources)
	assert.Equal(t, 5, p.pr, "six captures, one reverted")
	// Production: 5 Resources give 5 TH and 25 SC.
	p.th, p.sc = 30, 0
	s.produce(p)
	assert.Equal(t, 35, p.th)
	assert.Equal(t, 25, p.sc)
}

// TestProductionTable: the rulebook's example (RB p.36, FL-TB-04).
func TestProductionTable(t *testing.T) {
	for owned, want := range map[int][2]int{0: {0, 0}, 1: {1, 1}, 2: {2, 4}, 3: {3, 9}, 5: {5, 25}} {
		s := newScenario(t, examples(t), quiet...)
		p := &s.players[0]
		p.resources, p.th, p.sc = owned, 0, 0
		s.produce(p)
		assert.Equal(t, want, [2]int{p.th, p.sc}, "%d Resources", owned)
	}
}

// TestTownEvents: every row of the chart (FL-EVT-01…03; RB p.38: a 5 does
// nothing, a 2 gives 1 Prestige and 2 Town Health).
func TestTownEvents(t *testing.T) {
	for _, tc := range []struct {
		roll, pr, th, cards int
		lose                bool
	}{
		{1, 2, 4, 1, false}, {2, 1, 2, 0, false}, {3, 0, 1, 0, false}, {4, 0, 0, 0, false}, {5, 0, 0, 0, false}, {7, 0, 0, 0, false},
		{8, 0, -1, 0, false}, {9, -1, -2, 0, false}, {10, -1, 0, 0, true},
	} {
		s := newScenario(t, examples(t), quiet...)
		p := &s.players[0]
		s.crown(0, 1, "ex-a")
		s.capture(p, s.c.ResHexes[0])
		p.pr, p.th = 5, 30
		before := len(p.hand) + len(p.roster) + len(p.auction) + countItems(p)
		s.dice(tc.roll)
		s.townEvent(p)
		s.done()
		assert.Equal(t, 5+tc.pr, p.pr, "roll %d", tc.roll)
		assert.Equal(t, 30+tc.th, p.th, "roll %d", tc.roll)
		assert.Equal(t, tc.cards, len(p.hand)+len(p.roster)+len(p.auction)+countItems(p)-before, "roll %d", tc.roll)
		assert.Equal(t, !tc.lose, p.resources == 1, "roll %d", tc.roll)
	}
	// A 10 with no Resource does nothing (FL-EVT-03).
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	p.pr = 3
	s.dice(10)
	s.townEvent(p)
	assert.Equal(t, 3, p.pr)
}

func countItems(p *Player) int {
	n := 0
	for i := range p.party.crowns {
		n += len(p.party.crowns[i].items)
	}
	return n
}

// TestTechnologies: a new Tier 1 gives 1 Prestige and 5 Town Health, an
// upgrade nothing; losing a Tier 1 costs them back, a Tier 2 drops to Tier
// 1; starting Technologies are never lost (FL-TT-03/06/07); Tier 2 doubles.
func TestTechnologies(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	p.tech = append(p.tech, OwnedTech{tech: s.techIdx("garrison"), tier: 1, starting: true})
	gm := s.techIdx("medical-center")
	s.gainTech(p, gm)
	assert.Equal(t, [2]int{1, 35}, [2]int{p.pr, p.th})
	s.gainTech(p, gm)
	assert.Equal(t, [2]int{1, 35}, [2]int{p.pr, p.th}, "an upgrade gives nothing")
	assert.Equal(t, 2, s.techBonus(p, Medical), "Tier 2 doubles")
	s.loseTech(p)
	assert.Equal(t, 1, s.techBonus(p, Medical), "Tier 2 drops to Tier 1")
	s.loseTech(p)
	assert.Equal(t, [2]int{0, 30}, [2]int{p.pr, p.th})
	s.loseTech(p)
	assert.Len(t, p.tech, 1, "a starting Technology stays")
}

// TestDefenseCosts: the nth chip costs 10, 15, 20, 25, 30; none above 5
// (FL-TDC-03, FL-AMB-37).
func TestDefenseCosts(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	for n, want := range []int{10, 15, 20, 25, 30, -1} {
		p.tdc = n
		assert.Equal(t, want, s.tdcCost(p), "owning %d", n)
	}
}

// TestHealingDeed: 5 successes (4 rolled + Medical Center) heal 5d6 = 22
// (RB p.38, FL-HEAL-07); in the own town each Character first removes 1
// damage for free, Infected included (FL-HEAL-03/04).
func TestHealingDeed(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	for crown := 1; crown <= 4; crown++ {
		m := s.crown(0, crown, "ex-medic", "ex-medkit") // Medical 22: 2 automatic + 1 on a roll ≤ 2
		m.dmg[Physical] = 8
	}
	p.party.crowns[0].dmg[Physical], p.party.crowns[0].dmg[Infected] = 2, 6
	p.party.hex = p.fac.StartHex
	s.tech(0, "medical-center", 1)
	// Four dice of TS 22 (Master +1 each): 3, 3, 9, 10 → 3 + 3 + 3 + 0 = 9,
	// +1 Medical Center = 10; ten d6.
	before := s.hurt(p)
	s.dice(3, 3, 9, 10, 6, 6, 5, 3, 2, 1, 1, 1, 1, 1)
	s.healDeed(p)
	s.done()
	assert.Equal(t, before-4-27, s.hurt(p), "4 free points, then 27 healed")
	assert.Zero(t, p.party.crowns[0].dmg[Infected], "Infected Wounds heal in town")
}

// TestPVPFlightExample: attacker 5 + 2 = 7 against defender 6 + 5 = 11:
// the defender escapes 4 hexes and loses 1 Prestige; it was Delayed a Week
// (RB p.39, FL-PVP-09, FL-PVP-21).
func TestPVPFlightExample(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	a, d := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.vehicle(0, "ex-bike")
	s.crown(1, 1, "ex-d")
	s.vehicle(1, "ex-truck")
	a.party.hex, d.party.hex = s.hexAt(8, 8), s.hexAt(8, 8)
	a.pr, d.pr = 3, 3
	s.pvpFlee(-1, 1)
	s.dice(5, 6)
	s.pvpDeed(a, d.seat)
	s.done()
	assert.Equal(t, int16(4), s.c.Hops[s.hexAt(8, 8)][d.party.hex])
	assert.Equal(t, 2, d.pr)
	assert.Equal(t, 3, a.pr, "nobody was killed: no reward")
	assert.Equal(t, 1, d.penalty, "the defender is Delayed")
}

// TestPVPFightWins: attacker 8 against the runner's 6: 2d6 damage; the
// defender dies, the attacker gains 2 Prestige (a wipe) and a Loot Deck of
// 1 + 1 cards (FL-PVP-09, FL-PVP-21/22).
func TestPVPFightWins(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	a, d := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.vehicle(0, "ex-bike")
	s.crown(1, 1, "ex-d", "knife-0", "knife-1", "knife-2") // Armor 1, Health 9
	s.vehicle(1, "ex-truck")
	a.party.hex, d.party.hex = s.hexAt(8, 8), s.hexAt(8, 8)
	a.pr, d.pr = 3, 3
	s.pvpFlee(-1, 1)
	s.dice(6, 1, 6, 6)
	s.pvpDeed(a, d.seat)
	s.done()
	assert.True(t, d.partyDead)
	assert.Equal(t, 5, a.pr)
	assert.Equal(t, 2, d.pr)
	knives := 0
	for _, it := range append(append([]Item{}, a.party.crowns[0].items...), a.auction...) {
		if s.c.Spoils[it.card].Name[:5] == "Knife" {
			knives++
		}
	}
	assert.Equal(t, 2, knives, "one card per Character killed, plus one")
}

// TestVictory: 20 Prestige or 80 Town Health at the end of a Phase wins;
// two at once compare TH + 4 × PR, then Resources (FL-VIC-01…04).
func TestVictory(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pr, th [2]int
		res    [2]int
		winner int
		end    string
	}{
		{"none", [2]int{19, 0}, [2]int{79, 30}, [2]int{0, 0}, -1, ""},
		{"prestige", [2]int{20, 0}, [2]int{30, 30}, [2]int{0, 0}, 0, "prestige"},
		{"town health", [2]int{0, 3}, [2]int{30, 80}, [2]int{0, 0}, 1, "town-health"},
		{"combined score", [2]int{20, 8}, [2]int{30, 81}, [2]int{0, 0}, 1, "tiebreak"},
		{"then Resources", [2]int{20, 0}, [2]int{40, 120}, [2]int{1, 2}, 1, "tiebreak"},
	} {
		s := newScenario(t, examples(t), quiet...)
		for seat := range 2 {
			p := &s.players[seat]
			p.pr, p.th, p.resources = tc.pr[seat], tc.th[seat], tc.res[seat]
		}
		s.checkVictory()
		assert.Equal(t, tc.winner >= 0, s.over, tc.name)
		if tc.winner >= 0 {
			assert.Equal(t, tc.winner, s.result.Winner, tc.name)
			assert.Equal(t, tc.end, s.result.End, tc.name)
		}
	}
	// Short Game: 10 Prestige or 55 Town Health (FL-VIC-05).
	s := newScenario(t, examples(t), quiet...)
	s.opt.Short = true
	s.players[1].th = 55
	s.checkVictory()
	assert.Equal(t, 1, s.result.Winner)
}

// TestHandLimit: more than 7 Action cards at the end of a Phase are
// discarded (FL-ACT-05).
func TestHandLimit(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	for range 10 {
		p.hand = append(p.hand, s.actIdx("coin-0"))
	}
	s.endPhase()
	assert.Len(t, p.hand, 7)
}

// TestMissionRelocates: the Mission chip moves by 2d10 after the Mission
// (FL-MIS-04, FL-AMB-27), and an Optional Skill Check follows success.
func TestMissionRelocates(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.strict = false
	p := &s.players[0]
	s.crown(0, 1, "ex-e", "ex-rifle")
	s.crown(0, 2, "ex-a")
	s.crown(0, 3, "ex-b")
	require.NotEmpty(t, s.missions)
	p.party.hex = s.missions[0]
	at := s.missions[0]
	s.flee(-1)
	// 1 Combat: a 2 passes; the OSC, 1 Survival at 5: a 3 passes; 2d10 4, 2 → 42.
	s.dice(2, 9, 9, 3, 9, 9, 4, 2)
	s.missionDeed(p)
	assert.Equal(t, 2, p.pr, "the Mission's reward")
	assert.Equal(t, 31, p.th, "the OSC's reward")
	assert.NotEqual(t, at, s.missions[0])
	assert.Equal(t, 42, s.c.Hexes[s.missions[0]].Random)
}

// TestRandomLocation: 2d10, the first die the tens; 0 reads 0, 0 0 is 100
// (FL-MAP-08: red 0 + black 9 = 9; red 7 + black 3 = 73).
func TestRandomLocation(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	for _, tc := range [][3]int{{10, 9, 9}, {7, 3, 73}, {10, 10, 100}, {4, 3, 43}} {
		s.dice(tc[0], tc[1])
		assert.Equal(t, tc[2], s.randomLocation())
	}
	s.done()
}

// TestFreeCard: drawing from the City/Rad deck on a City hex first gives
// a free Spoils or Action card (FL-EXP-11).
func TestFreeCard(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.strict = false
	p := &s.players[0]
	s.crown(0, 1, "ex-a")
	p.party.hex = s.hexAt(2, 3)
	before := len(p.hand) + len(p.auction) + countItems(p)
	s.freeCard(p, DCityRad)
	assert.Equal(t, before+1, len(p.hand)+len(p.auction)+countItems(p))
	s.freeCard(p, DPlains)
	assert.Equal(t, before+1, len(p.hand)+len(p.auction)+countItems(p), "not for other decks")
}

// TestSellToBank: a Town Defense chip sells for 10, never a Perk chip; a
// Technology for 25: a Tier 2 flips back, a Tier 1 costs its Prestige and
// Town Health, a starting one never sells (FL-TB-07, FL-TT-05, FL-TDC-07).
func TestSellToBank(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	p.tdc, p.perkTDC = 2, 1
	assert.True(t, s.sellTDC(p))
	assert.False(t, s.sellTDC(p), "a Perk chip")
	assert.Equal(t, 10, p.sc)
	p.tech = append(p.tech, OwnedTech{tech: s.techIdx("garrison"), tier: 1, starting: true})
	s.gainTech(p, s.techIdx("medical-center"))
	s.gainTech(p, s.techIdx("medical-center"))
	p.pr, p.th, p.sc = 1, 35, 0
	assert.True(t, s.sellTech(p, 1))
	assert.Equal(t, [3]int{1, 35, 25}, [3]int{p.pr, p.th, p.sc}, "Tier 2 → Tier 1, no loss")
	assert.True(t, s.sellTech(p, 1))
	assert.Equal(t, [3]int{0, 30, 50}, [3]int{p.pr, p.th, p.sc})
	assert.False(t, s.sellTech(p, 0), "a starting Technology")
}

// TestWaterTravel: a Perk lets the Party cross Water, 1 Movement a hex and
// 1 Salvage Coin per body of water (FL-MAP-06).
func TestWaterTravel(t *testing.T) {
	c := fixtureContent(t, func(sh sheets) {
		exampleRows(sh)
		sh["Factions"][0]["Water Move Cost"] = "1"
	})
	s := newScenario(t, c, quiet...)
	s.crown(0, 1, "ex-a")
	p := &s.players[0]
	p.sc = 5
	p.party.hex = s.hexAt(0, 5)
	left := s.walk(p, s.hexAt(2, 5), 3)
	assert.Equal(t, s.hexAt(2, 5), p.party.hex)
	assert.Equal(t, 1, left)
	assert.Equal(t, 4, p.sc)
	// Without the Perk the other Faction goes round by land.
	s.crown(1, 1, "ex-a")
	q := &s.players[1]
	q.party.hex = s.hexAt(0, 5)
	s.walk(q, s.hexAt(2, 5), 3)
	assert.Equal(t, s.hexAt(0, 8), q.party.hex)
}

// TestNPCMClaimsResource: a hired NPCM enters at the hiring town, moves
// (each hex 1) to a Neutral Resource, wins its Encounter with its Omega
// dice and captures it for the hirer (FL-NPCM-04…06, FL-AMB-20).
func TestNPCMClaimsResource(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.strict = false
	p := &s.players[1] // Faction B, town at t-4-0
	p.sc = 30
	p.hand = []int16{s.actIdx("ex-merc")}
	s.hire(p)
	require.Len(t, s.npcms, 1)
	assert.Equal(t, 20, p.sc, "the red hiring cost")
	assert.Equal(t, s.hexAt(4, 5), s.npcms[0].goal)
	s.dice(2, 3, 4, 5, 6)
	s.npcmPhase()
	assert.Equal(t, int8(1), s.resOwner[s.hexAt(4, 5)])
	assert.Equal(t, 1, p.pr)
	assert.Empty(t, s.npcms, "discarded after its assignment")
}

// TestTargetedCard: an Action played on an opponent acts on them, unless
// they answer with a card that ignores it (FL-ACT-03, FL-AMB-58).
func TestTargetedCard(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	p.hand = []int16{s.actIdx("ex-sabotage")}
	s.playHand(p, TTownBusiness, nil)
	assert.Equal(t, 27, q.th)
	p.hand = []int16{s.actIdx("ex-sabotage")}
	q.hand = []int16{s.actIdx("ex-shield")}
	s.playHand(p, TTownBusiness, nil)
	assert.Equal(t, 27, q.th, "ignored")
	assert.Empty(t, q.hand)
}

// TestEquipRules: Carrying Capacity (the excess to the Auction House), one
// Armor or Clothing per Character, Party Equipment charged to each and
// giving each its bonus, a Permanent card mounted on a matching host, a
// Stowable card riding in the Vehicle, and one Link Bonus however many
// linked cards (FL-SP-05/17/24/25/26, FL-CH-07).
func TestEquipRules(t *testing.T) {
	equip := func(t *testing.T, chars []string, vehicle string, cards ...string) (*scenario, *Player) {
		s := newScenario(t, examples(t), quiet...)
		p := &s.players[0]
		for i, c := range chars {
			s.crown(0, i+1, c)
		}
		if vehicle != "" {
			s.vehicle(0, vehicle)
		}
		for _, id := range cards {
			p.auction = append(p.auction, Item{card: s.spoilsIdx(id), mount: -1})
		}
		p.party.hex = p.fac.StartHex
		s.equipParty(p, 0)
		return s, p
	}
	t.Run("capacity", func(t *testing.T) {
		_, p := equip(t, []string{"ex-e"}, "", "ex-heavy", "ex-heavy")
		assert.Len(t, p.party.crowns[0].items, 1)
		assert.Len(t, p.auction, 1)
	})
	t.Run("one Armor", func(t *testing.T) {
		_, p := equip(t, []string{"ex-e"}, "", "ex-vest", "ex-plate")
		assert.Len(t, p.party.crowns[0].items, 1)
		assert.Equal(t, int8(2), p.party.crowns[0].armor, "the better one")
	})
	t.Run("Permanent and Link", func(t *testing.T) {
		s, p := equip(t, []string{"ex-e"}, "", "ex-scope", "ex-rifle")
		m := &p.party.crowns[0]
		require.Len(t, m.items, 1)
		assert.Equal(t, s.spoilsIdx("ex-scope"), m.items[0].mount)
		assert.Equal(t, int8(10+12+2+2), m.ts[Combat], "one Link Bonus")
	})
	t.Run("Party Equipment", func(t *testing.T) {
		_, p := equip(t, []string{"ex-a", "ex-b"}, "", "ex-tarp")
		require.Len(t, p.party.equip, 1)
		for i := range 2 {
			m := &p.party.crowns[i]
			assert.Equal(t, int8(6), m.ts[Survival])
			assert.Equal(t, int8(4), m.load)
		}
	})
	t.Run("Stowable in the Vehicle", func(t *testing.T) {
		_, p := equip(t, []string{"ex-e"}, "ex-jeep", "ex-heavy", "ex-plate", "ex-kit")
		require.Len(t, p.party.vehItems, 1, "the full Character leaves the kit to the Vehicle")
		assert.Equal(t, 0, len(p.auction))
	})
}

// TestOneUseItem: an item's ability with Uses 1 is discarded after use.
func TestOneUseItem(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	p := &s.players[0]
	m := s.crown(0, 1, "ex-a", "ex-bandage")
	m.dmg[Physical] = 4
	s.recompute(p)
	s.eachHook(p, TAnytime, func(*AbilityHook) bool { return true })
	assert.Equal(t, int8(1), m.dmg[Physical])
	assert.Empty(t, m.items, "discarded after its one use")
}

// TestWorldCard: a World card's Point of Interest on the hex; each Party
// may visit it once (1 Week); it leaves play in End Turn of the Turn it
// expires (FL-ENC-20…25, FL-AMB-26).
func TestWorldCard(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.strict = false
	p := &s.players[0]
	s.crown(0, 1, "ex-a")
	p.party.hex = s.hexAt(8, 8)
	p.inPhase, p.weeks = true, 1
	s.playCard(p, DPlains, s.encIdx("ex-fair"))
	assert.Equal(t, 3, p.weeks, "the drawer's 2 free Weeks")
	require.Len(t, s.worlds, 1)
	w := s.worlds[0]
	assert.Equal(t, s.turn+2, w.expires)
	poi := s.poiHere(p)
	require.GreaterOrEqual(t, poi, 0)
	s.activatePOI(p, poi)
	assert.Equal(t, 3, p.sc)
	assert.Equal(t, -1, s.poiHere(p), "once per Party")
	s.turn = w.expires
	s.endTurnPhase()
	assert.False(t, s.worlds[0].live)
	assert.False(t, s.pois[poi].live)
}

// TestDeckReshuffle: an empty deck is re-shuffled from its discard pile
// and a new top card starts a fresh discard pile (FL-DECK-03).
func TestDeckReshuffle(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	d := &s.decks[DMissions]
	total := d.Len() + d.Discarded()
	for d.Len() > 0 {
		d.Discard(s.draw(DMissions, 0))
	}
	x := s.draw(DMissions, 0)
	assert.GreaterOrEqual(t, x, int16(0))
	assert.Equal(t, 1, d.Discarded(), "one card flipped to the new discard pile")
	assert.Equal(t, total-2, d.Len())
}
