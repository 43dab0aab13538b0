package fallenland

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Scenario tests of the content authors' engine gaps: every timing
// reachable, redraw at the encounter timing and in directions, Optional
// Skill Checks after Multiple Party checks, World Missions, World cards
// that end themselves, Points of Interest reaching the coast, conditions of
// opponent-targeted cards, PVP defence, the newer condition values and
// Psych-only cards.

var (
	gapsOnce    sync.Once
	gapsContent *Content
)

// gaps is the example content plus the rows these tests need.
func gaps(t *testing.T) *Content {
	t.Helper()
	gapsOnce.Do(func() { gapsContent = fixtureContent(t, func(sh sheets) { exampleRows(sh); gapRows(sh) }) })
	require.NotNil(t, gapsContent)
	return gapsContent
}

// act is a test Action card (Count 0: never in the deck).
func act(id, timing, effect string, kv ...string) map[string]string {
	r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Timing": timing, "Value": "1", "Effect": effect, "Text": "A test card."}
	for i := 0; i+1 < len(kv); i += 2 {
		r[kv[i]] = kv[i+1]
	}
	return r
}

func gapRows(sh sheets) {
	sh["Characters"] = append(sh["Characters"],
		map[string]string{"ID": "ex-striker", "Name": "EX-STRIKER", "Count": "0", "Combat": "10", "Survival": "5", "Diplomacy": "5", "Mechanical": "5",
			"Technical": "5", "Medical": "5", "Health": "9", "Psych": "4", "Capacity": "20", "First Strike": "TRUE", "Budget Override": "TRUE", "Quote": "First."},
		map[string]string{"ID": "ex-herald", "Name": "EX-HERALD", "Count": "0", "Combat": "5", "Survival": "5", "Diplomacy": "5", "Mechanical": "5",
			"Technical": "5", "Medical": "5", "Health": "9", "Psych": "4", "Capacity": "20", "Budget Override": "TRUE", "Quote": "Hello.",
			"Ability Text": "When drawn, gain 2 Salvage Coins.", "Timing": "on-draw", "Effect": "gainSalvage(2)"},
	)
	sh["Spoils"] = append(sh["Spoils"],
		map[string]string{"ID": "ex-jinx", "Name": "EX-JINX", "Count": "0", "Categories": "Jinxed", "Bonuses": "Combat -1", "Jinx Target": "character", "Text": "Jinxed."},
		map[string]string{"ID": "ex-nails", "Name": "EX-NAILS", "Count": "0", "Categories": "Melee Weapon", "Bonuses": "Combat +1", "PVP Damage": "infected",
			"Text": "Infected Wounds: 1 extra point of damage in PVP."},
		map[string]string{"ID": "ex-coin-purse", "Name": "EX-COIN-PURSE", "Count": "0", "Categories": "Melee Weapon", "Value": "1", "Text": "When drawn, gain 2 Salvage Coins.",
			"Timing": "on-draw", "Effect": "gainSalvage(2)"},
	)
	for _, tm := range []string{"effects", "town-business", "production", "purchase", "hire", "end-turn", "exploits", "after-card", "pvp"} {
		sh["Actions"] = append(sh["Actions"], act("t-"+tm, tm, "gainTDC(1)"))
	}
	sh["Actions"] = append(sh["Actions"],
		act("t-movement", "movement", "addMove(3)"),
		act("t-encounter", "encounter", "winCard()", "Condition", `encounter.has("Raiders")`),
		act("t-redraw", "encounter", "redraw()"),
		act("t-check", "check", "addSuccess(5)"),
		act("t-failed", "failed-check", "passCheck()"),
		act("t-death", "death", "preventDeath()"),
		act("t-anyheal", "anytime", `healParty(3, "Infected")`, "Condition", "party.infected >= 3"),
		act("t-dug-in", "pvp", "noFirstStrike()", "Condition", "pvp.defending"),
		act("t-wreck", "exploits", "destroyVehicle()", "Condition", "party.hasVehicle", "Target", "opponent", "Red Dot", "TRUE"),
		act("t-rite", "effects", "removeJinx()", "Condition", "party.jinxed"),
		map[string]string{"ID": "ex-hitman", "Name": "EX-HITMAN", "Count": "0", "Kind": "hitman", "Value": "3", "Hire Cost": "10", "Omega": "16",
			"Solo Dice": "1", "Health": "9", "Assignments": "join-party, attack-character", "Text": "A test hit man."},
		map[string]string{"ID": "ex-hitman-strike", "Name": "EX-HITMAN-STRIKE", "Count": "0", "Kind": "hitman", "Value": "3", "Hire Cost": "10",
			"Omega": "16", "Solo Dice": "1", "Health": "9", "Strike Dice": "2", "Assignments": "attack-character", "Text": "A test hit man with First Strike."},
		map[string]string{"ID": "t-once", "Name": "T-ONCE", "Count": "0", "Timing": "exploits", "Kind": "attach-party", "Value": "1",
			"Ongoing": "gainSalvage(1); discardThis()", "Ongoing Timing": "effects", "Text": "Next Effects Phase: gain 1 Salvage Coin, then discard this card."},
	)
	for _, q := range [][2]string{{"q-jinxed", "party.jinxed"}, {"q-char-jinxed", "char.jinxed"}, {"q-psych", "party.psychDamage == 2"},
		{"q-infected", "party.infected == 3"}, {"q-radiation", "party.radiation == 1"}, {"q-neutral", "party.onNeutralResource"},
		{"q-own", "party.onOwnResource"}, {"q-defending", "pvp.defending"}} {
		sh["Actions"] = append(sh["Actions"], act(q[0], "exploits", "nothing()", "Condition", q[1]))
	}
	enc := func(id string, kv ...string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Deck": "plains", "Story": "A test card."}
		for i := 0; i+1 < len(kv); i += 2 {
			r[kv[i]] = kv[i+1]
		}
		return r
	}
	sh["Encounters"] = append(sh["Encounters"],
		enc("ex-hard", "Categories", "Raiders", "Checks", "9 Combat", "Success", "gainSalvage(5)", "Failure", "damageParty(1)"),
		enc("ex-solo-redraw", "Checks", "1 Survival solo", "Before", "redraw()", "Success", "gainSalvage(1)", "Failure", "damageChar(1)"),
		enc("ex-psych-only", "Checks", "psych", "Success", "gainSalvage(1)"),
		enc("ex-flee-psych", "Scavenged", "2", "Checks", "7 Combat, psych", "Success", "gainSalvage(30)", "Failure", "gainPrestige(5)"),
		enc("ex-won-psych", "Categories", "Raiders", "Checks", "9 Combat, psych", "Success", "gainSalvage(5)", "Failure", "damageParty(1)"),
		enc("ex-world-end", "World", "TRUE", "Checks", "1 Combat", "Success", "gainSalvage(2); discardThis()", "Failure", "damageParty(1)",
			"Expires", "3", "Ongoing", "drawer ? loseTownHealth(1) : nothing()"),
		enc("ex-world-tick", "World", "TRUE", "Success", "gainSalvage(1)", "Ongoing", "gainSalvage(1); discardThis()"),
		enc("ex-world-poi-end", "World", "TRUE", "Success", "gainSalvage(1)", "POI", "here", "POI Effect", "gainSalvage(3); discardThis()", "POI Once", "FALSE"),
		enc("ex-solo-or", "Checks", "9 Survival solo or 1 Combat solo", "Success", "gainSalvage(1)", "Failure", "gainTownHealth(1)",
			"Alt Success", "gainSalvage(5)", "Alt Failure", "gainTownHealth(3)"),
		enc("ex-indiv-or", "Checks", "9 Survival individual or 1 Combat individual", "Success", "gainSalvage(1)", "Failure", "gainTownHealth(1)",
			"Alt Success", "gainSalvage(5)", "Alt Failure", "gainTownHealth(3)"),
		enc("ex-multi-or", "Checks", "20 Survival multi or 1 Combat multi", "Success", "gainSalvage(1)", "Failure", "gainTownHealth(1)",
			"Alt Success", "gainSalvage(5)", "Alt Failure", "gainTownHealth(3)"),
		enc("ex-carnival", "World", "TRUE", "Success", "gainSalvage(1)", "POI", "here", "POI Effect", "gainSalvage(1)", "Expires", "5",
			"Ongoing", "drawer ? poiTowardCoast(1) : nothing()"),
	)
	mis := func(id string, kv ...string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Story": "A test Mission."}
		for i := 0; i+1 < len(kv); i += 2 {
			r[kv[i]] = kv[i+1]
		}
		return r
	}
	sh["Missions"] = append(sh["Missions"],
		mis("ex-column", "World", "TRUE", "Checks", "3 Combat multi, no flight", "Success", "gainPrestige(1)", "Failure", "losePrestige(1)",
			"OSC", "1 Combat", "OSC Success", "gainTownHealth(2)", "OSC Failure", "loseTownHealth(1)"),
		mis("ex-world-mission", "World", "TRUE", "Success", "gainSalvage(1)", "POI", "here", "POI Effect", "gainSalvage(4)", "POI Once", "TRUE",
			"Expires", "2", "Ongoing", "drawer ? gainTownHealth(1) : nothing()"),
	)
}

func (s *scenario) missionIdx(id string) int16 {
	for i := range s.c.Missions {
		if s.c.Missions[i].ID == id {
			return int16(i)
		}
	}
	s.t.Fatalf("no Mission %q", id)
	return -1
}

func inHand(p *Player, a int16) bool {
	for _, x := range p.hand {
		if x == a {
			return true
		}
	}
	return false
}

// TestEveryTimingReachable: an Action card of each timing is played by the
// engine at that moment (FL-ACT-01; Timings in schema.go) — the Phases'
// timings, the Party Exploits', the encounter and after-card timings of a
// drawn card, the check timings, PVP and death.
func TestEveryTimingReachable(t *testing.T) {
	type tc struct {
		card string
		run  func(s *scenario, p, q *Player)
		ok   func(s *scenario, p *Player) bool
	}
	tdc := func(s *scenario, p *Player) bool { return p.tdc == 1 }
	for _, c := range []tc{
		{"t-effects", func(s *scenario, p, q *Player) { s.effectsPhase() }, tdc},
		{"t-town-business", func(s *scenario, p, q *Player) { s.townBusiness() }, tdc},
		{"t-production", func(s *scenario, p, q *Player) { s.townBusiness() }, tdc},
		{"t-purchase", func(s *scenario, p, q *Player) { s.townBusiness() }, tdc},
		{"t-hire", func(s *scenario, p, q *Player) { s.townBusiness() }, tdc},
		{"t-end-turn", func(s *scenario, p, q *Player) { s.endTurnPhase() }, tdc},
		{"t-exploits", func(s *scenario, p, q *Player) { s.partyExploits(p) }, tdc},
		{"t-movement", func(s *scenario, p, q *Player) {
			p.party.hex = s.hexAt(8, 6)
			s.dice(1) // 1 + Movement 0 falls short: +3
			s.moveDeed(p, s.hexAt(8, 16))
		}, func(s *scenario, p *Player) bool { return p.party.hex == s.hexAt(8, 10) }},
		{"t-encounter", func(s *scenario, p, q *Player) { s.playCard(p, DPlains, s.encIdx("ex-hard")) },
			func(s *scenario, p *Player) bool { return p.sc == 5 }},
		{"t-check", func(s *scenario, p, q *Player) {
			s.dice(9) // TS 10: 1 success, +5
			ok, _ := s.partyCheck(p, Check{Need: 6, Skill: Combat}, false)
			assert.True(t, ok)
		}, func(s *scenario, p *Player) bool { return true }},
		{"t-failed", func(s *scenario, p, q *Player) {
			s.dice(9)
			ok, _ := s.partyCheck(p, Check{Need: 3, Skill: Combat}, false)
			assert.True(t, ok, "turned into a success")
		}, func(s *scenario, p *Player) bool { return true }},
		{"t-after-card", func(s *scenario, p, q *Player) {
			s.dice(2)
			s.playCard(p, DPlains, s.encIdx("plains-0"))
		}, tdc},
		{"t-pvp", func(s *scenario, p, q *Player) {
			s.crown(1, 1, "ex-d")
			q.party.hex = p.party.hex
			s.pvpFlee(-1, 1)
			s.dice(1, 6) // the defender escapes
			s.pvpDeed(p, q.seat)
		}, tdc},
		{"t-death", func(s *scenario, p, q *Player) {
			s.cause = causeParty
			s.applyDamage(p, &p.party.crowns[0], 50, Physical)
		}, func(s *scenario, p *Player) bool {
			return p.party.crowns[0].present() && s.left(&p.party.crowns[0]) == 1
		}},
	} {
		t.Run(c.card, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			p, q := &s.players[0], &s.players[1]
			s.crown(0, 1, "ex-a")
			p.party.hex = s.hexAt(8, 6)
			if strings.HasSuffix(c.card, "effects") || strings.Contains(c.card, "business") || strings.Contains(c.card, "production") ||
				strings.Contains(c.card, "purchase") || strings.Contains(c.card, "hire") || strings.Contains(c.card, "end-turn") ||
				strings.Contains(c.card, "exploits") {
				s.strict = false // whole Phases roll what they roll
				s.crown(1, 1, "ex-b")
			}
			a := s.actIdx(c.card)
			p.hand = []int16{a}
			p.weeks, p.inPhase = 4, false
			c.run(s, p, q)
			assert.False(t, inHand(p, a), "%s was not played; log:\n%s", c.card, s.log.String())
			assert.True(t, c.ok(s, p), "%s had no effect; log:\n%s", c.card, s.log.String())
			if s.strict {
				s.done()
			}
		})
	}
}

// TestSetupAndOnDrawTimings: Action cards of timing setup are played once
// the cards are dealt; on-draw Action, Character and Spoils cards act as
// they are drawn (at setup too).
func TestSetupAndOnDrawTimings(t *testing.T) {
	for _, timing := range []string{"setup", "on-draw"} {
		c := fixtureContent(t, func(sh sheets) {
			sh["Actions"] = []map[string]string{act("only", timing, "gainTDC(1)", "Count", "40")}
		})
		g := New(c)
		g.reset(3, Options{Players: 2, Factions: []int{0, 1}})
		g.setupGame()
		for seat := range g.players {
			p := &g.players[seat]
			assert.Empty(t, p.hand, timing)
			assert.Equal(t, c.Rules.StartActions, p.tdc, "%s: each dealt card played once", timing)
		}
		if timing == "on-draw" {
			p := &g.players[0]
			g.deal(p)
			assert.Empty(t, p.hand)
			assert.Equal(t, c.Rules.StartActions+c.Rules.DealActions, p.tdc)
		}
	}
	s := newScenario(t, gaps(t), quiet...)
	s.strict = false
	p := &s.players[0]
	s.gainSpoils(p, s.spoilsIdx("ex-coin-purse"), false)
	assert.Equal(t, 2, p.sc, "an on-draw Spoils card acts as it is drawn")
	require.Len(t, p.auction, 1, "and is kept")
	s.decks[DCharacters].PushTop(s.charIdx("ex-herald"))
	s.gainCharacter(p, false)
	assert.Equal(t, 4, p.sc, "an on-draw Character acts as it is drawn")
	assert.Equal(t, s.charIdx("ex-herald"), p.party.crowns[0].char)
}

// TestAnytimeAfterDamage: anytime cards are offered after the Party takes
// damage, not only before its own Deeds: Infected Wounds grow in the
// Effects Phase, the card heals them before anything else happens.
func TestAnytimeAfterDamage(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p := &s.players[0]
	m := s.crown(0, 1, "ex-a")
	m.dmg[Infected] = 2
	s.crown(1, 1, "ex-b")
	p.hand = []int16{s.actIdx("t-anyheal")}
	s.effectsPhase()
	assert.Empty(t, p.hand)
	assert.Zero(t, m.dmg[Infected], "3 Infected Wounds healed once they were there")
}

// TestRedraw: redraw() at the encounter timing and in a card's directions
// discards the card and another is drawn from the same deck (EFFECTS.md
// redraw); a card's Before with redraw() used to be ignored on Solo cards.
func TestRedraw(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	s.strict = false
	p := &s.players[0]
	s.crown(0, 1, "ex-d") // Combat 8: 9 Combat is hard
	p.hand = []int16{s.actIdx("t-redraw")}
	hard := s.encIdx("ex-hard")
	ok, redraw, _ := s.playCard(p, DPlains, hard)
	assert.False(t, ok)
	assert.True(t, redraw, "the encounter-timing card replaced it")
	assert.Empty(t, p.hand)
	assert.Zero(t, p.sc, "no outcome")

	_, redraw, _ = s.playCard(p, DPlains, s.encIdx("ex-solo-redraw"))
	assert.True(t, redraw, "redraw() in a Solo card's Before")

	// Through drawCard: the redrawn card is discarded and another resolved.
	s.decks[DPlains].PushTop(hard)
	p.hand = []int16{s.actIdx("t-redraw")}
	before := s.decks[DPlains].Discarded()
	s.flee(-1)
	s.drawCard(p, DPlains)
	assert.Equal(t, before+2, s.decks[DPlains].Discarded(), "the hard card and its replacement")
	assert.Contains(t, s.log.String(), "another drawn")
}

// TestMultipleOSC: after a Multiple Party Mission succeeds each
// participating Party may attempt its Optional Skill Check, on its own
// (FL-AMB-61); after-card abilities act for every participant.
func TestMultipleOSC(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	q.party.hex = p.party.hex
	q.hand = []int16{s.actIdx("t-after-card")}
	s.multiNow(1) // both Parties are there: attempt it at once
	// 3 Combat: TS 10 each (played as 9), faces 1 and 2 (a success each),
	// the 1 re-rolled while short: 3 (a third); then p's OSC (1 Combat: 3
	// passes), q's (a 10 fails).
	s.dice(1, 2, 3, 3, 10)
	ok, _, _ := s.playCard(p, DMissions, s.missionIdx("ex-column"))
	s.done()
	assert.True(t, ok)
	assert.Equal(t, [2]int{1, 1}, [2]int{p.pr, q.pr}, "both share the reward")
	assert.Equal(t, 32, p.th, "p's OSC succeeded")
	assert.Equal(t, 29, q.th, "q's OSC failed")
	assert.Equal(t, 1, q.tdc, "q's after-card card")
}

// TestWorldMission: a Mission can be a World card: its Point of Interest,
// Ongoing effect and expiry are the Mission's, and it goes back to the
// Mission discard pile.
func TestWorldMission(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	x := s.missionIdx("ex-world-mission")
	s.playCard(p, DMissions, x)
	require.Len(t, s.worlds, 1)
	assert.Equal(t, DMissions, s.worlds[0].deck)
	s.effectsPhase()
	assert.Equal(t, [2]int{31, 30}, [2]int{p.th, q.th}, "the Mission's Ongoing, for its drawer")
	poi := s.poiHere(p)
	require.GreaterOrEqual(t, poi, 0)
	s.activatePOI(p, poi)
	assert.Equal(t, 1+4, p.sc, "the Mission's POI Effect")
	before := s.decks[DMissions].Discarded()
	s.turn = s.worlds[0].expires
	s.dice(5, 5) // Town Events: nothing
	s.endTurnPhase()
	s.done()
	assert.False(t, s.worlds[0].live)
	assert.Equal(t, before+1, s.decks[DMissions].Discarded(), "discarded to the Mission pile")
}

// TestWorldEndsItself: discardThis() in a World card's cells ends it: in
// its Success (a won card stops its Ongoing), in its Ongoing, in its POI
// Effect.
func TestWorldEndsItself(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	s.flee(-1)
	s.dice(2)
	ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-world-end"))
	s.done()
	assert.True(t, ok)
	require.Len(t, s.worlds, 1)
	assert.False(t, s.worlds[0].live, "won: it leaves play")
	s.effectsPhase()
	assert.Equal(t, 30, p.th, "no more Ongoing")

	// Lost: it stays and its Ongoing runs.
	s.dice(10)
	s.playCard(p, DPlains, s.encIdx("ex-world-end"))
	require.True(t, s.worlds[1].live)
	s.effectsPhase()
	assert.Equal(t, 29, p.th)

	// An Ongoing that ends itself acts once.
	s.playCard(p, DPlains, s.encIdx("ex-world-tick"))
	p.sc, q.sc = 0, 0
	s.effectsPhase()
	assert.Equal(t, 1, p.sc+q.sc, "the first player in order only")
	assert.False(t, s.worlds[2].live)

	// A POI Effect that ends it.
	s.playCard(p, DPlains, s.encIdx("ex-world-poi-end"))
	poi := s.poiHere(p)
	require.GreaterOrEqual(t, poi, 0)
	s.activatePOI(p, poi)
	assert.False(t, s.worlds[3].live)
	assert.False(t, s.pois[poi].live, "its Point of Interest is gone")
}

// TestPOIReachesCoast: poiTowardCoast moves the Point of Interest; when it
// reaches a hex next to Water the World card leaves play (RB p.35, Example
// 1 of the Effects Phase: "where it disappears").
func TestPOIReachesCoast(t *testing.T) {
	c := fixtureContent(t, func(sh sheets) {
		exampleRows(sh)
		gapRows(sh)
		for _, h := range sh["Hexes"] {
			if h["R"] == "7" { // fill the lake below row 8: row 8 is inland
				h["Terrains"], h["Water Body"] = "plains", ""
			}
		}
	})
	s := newScenario(t, c, quiet...)
	p := &s.players[0]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	p.party.hex = s.hexAt(8, 8)
	require.False(t, s.c.Hexes[p.party.hex].Coastal)
	s.playCard(p, DPlains, s.encIdx("ex-carnival"))
	require.Len(t, s.worlds, 1)
	w := &s.worlds[0]
	s.effectsPhase()
	assert.True(t, w.live, "one hex toward the coast, not there yet")
	assert.Equal(t, 7, s.c.Hexes[s.pois[w.poi].hex].R)
	s.effectsPhase()
	assert.Equal(t, 6, s.c.Hexes[s.pois[w.poi].hex].R)
	assert.False(t, w.live, "it reached the coast: the card leaves play")
	assert.False(t, s.pois[w.poi].live)
}

// TestTargetCondition: an opponent-targeted card's Condition reads the
// target: Wrecking-Crew-like cards go to an opponent with a Vehicle, or
// stay in hand (FL-ACT-03).
func TestTargetCondition(t *testing.T) {
	s := newScenario(t, gaps(t), "f-a", "f-b", "f-c")
	p, lead, other := &s.players[0], &s.players[1], &s.players[2]
	s.crown(0, 1, "ex-a")
	s.vehicle(0, "ex-jeep") // the player's own Vehicle does not count
	s.crown(1, 1, "ex-a")
	s.crown(2, 1, "ex-a")
	lead.th = 60 // the leader has no Vehicle
	wreck := s.actIdx("t-wreck")
	p.hand = []int16{wreck}
	s.playHand(p, TExploits, nil)
	assert.True(t, inHand(p, wreck), "nobody to play it on")
	s.vehicle(2, "ex-bike")
	s.playHand(p, TExploits, nil)
	assert.False(t, inHand(p, wreck))
	assert.Negative(t, other.party.vehicle.card, "the opponent with a Vehicle")
	assert.GreaterOrEqual(t, p.party.vehicle.card, int16(0))
	s.vehicle(1, "ex-bike")
	p.hand = []int16{wreck}
	s.playHand(p, TExploits, nil)
	assert.Negative(t, lead.party.vehicle.card, "the leader, once it has one")
}

// TestPVPDefending: pvp.defending tells the defender; a "when attacked"
// card stays in the attacker's hand and cancels the attacker's First Strike
// from the defender's (FL-PVP-05).
func TestPVPDefending(t *testing.T) {
	for _, defenderHolds := range []bool{false, true} {
		s := newScenario(t, gaps(t), quiet...)
		a, d := &s.players[0], &s.players[1]
		s.crown(0, 1, "ex-striker")
		s.crown(1, 1, "ex-d")
		a.party.hex, d.party.hex = s.hexAt(8, 8), s.hexAt(8, 8)
		dug := s.actIdx("t-dug-in")
		if defenderHolds {
			d.hand = []int16{dug}
		} else {
			a.hand = []int16{dug}
			// First Strike: the die 9 (TS 10: 1 success), 1d6 = 4.
			s.dice(9, 4)
		}
		s.pvpFlee(-1, 1)
		s.dice(1, 6) // the defender escapes
		s.pvpDeed(a, d.seat)
		s.done()
		if defenderHolds {
			assert.Empty(t, d.hand, "played in defence")
			assert.Zero(t, s.hurt(d), "no First Strike")
		} else {
			assert.Equal(t, []int16{dug}, a.hand, "an attacker keeps it")
			assert.Equal(t, 4, s.hurt(d), "the First Strike (ignoring Armor)")
		}
	}
}

// TestConditionValues: the values for Jinxes, Party damage by type,
// Neutral and own Resources and the PVP defender.
func TestConditionValues(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	m := s.crown(0, 1, "ex-a")
	s.crown(0, 2, "ex-b")
	s.crown(1, 1, "ex-a")
	cond := func(id string, m *Member) bool {
		ad := &s.c.Actions[s.actIdx(id)]
		return s.holds(ad.Cond, p, m, &ad.Card)
	}
	assert.False(t, cond("q-jinxed", nil))
	assert.False(t, cond("q-char-jinxed", m))
	m.items = append(m.items, Item{card: s.spoilsIdx("ex-jinx"), mount: -1})
	assert.True(t, cond("q-jinxed", nil))
	assert.True(t, cond("q-char-jinxed", m))
	assert.False(t, cond("q-char-jinxed", &p.party.crowns[1]))
	m.items = nil
	p.party.jinx = []int16{s.spoilsIdx("ex-jinx")}
	assert.True(t, cond("q-jinxed", nil), "a Jinx on the Party")
	p.party.jinx = nil

	m.dmg[Psych], p.party.crowns[1].dmg[Psych] = 1, 1
	m.dmg[Infected], p.party.crowns[1].dmg[Infected] = 1, 2
	m.dmg[Radiation] = 1
	assert.True(t, cond("q-psych", nil))
	assert.True(t, cond("q-infected", nil))
	assert.True(t, cond("q-radiation", nil))

	h := s.c.ResHexes[0]
	p.party.hex = h
	assert.True(t, cond("q-neutral", nil))
	assert.False(t, cond("q-own", nil))
	s.capture(p, h)
	assert.False(t, cond("q-neutral", nil))
	assert.True(t, cond("q-own", nil))
	s.capture(q, h)
	assert.False(t, cond("q-neutral", nil), "a rival's")
	assert.False(t, cond("q-own", nil))

	assert.False(t, cond("q-defending", nil), "no fight")
	s.pvp = &PVPState{side: [2]fighter{{seat: q.seat}, {seat: p.seat}}}
	assert.True(t, cond("q-defending", nil))
	s.pvp.side = [2]fighter{{seat: p.seat}, {seat: q.seat}}
	assert.False(t, cond("q-defending", nil), "the attacker")
	s.pvp = nil

	// A Cleansing-Rite-like card waits for a Jinx.
	rite := s.actIdx("t-rite")
	p.hand = []int16{rite}
	s.playHand(p, TEffects, nil)
	assert.True(t, inHand(p, rite))
	m.items = append(m.items, Item{card: s.spoilsIdx("ex-jinx"), mount: -1})
	s.playHand(p, TEffects, nil)
	assert.False(t, inHand(p, rite))
	assert.Empty(t, m.items, "the Jinx is gone")
}

// TestPsychOnlyCard: a card whose only symbol is the Psychological Check
// is completed and every Character rolls it (FL-SC-30, RB p.13).
func TestPsychOnlyCard(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p := &s.players[0]
	a := s.crown(0, 1, "ex-a") // Psych 4
	b := s.crown(0, 2, "ex-a")
	s.dice(9, 2)
	ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-psych-only"))
	s.done()
	assert.True(t, ok)
	assert.Equal(t, 1, p.sc)
	assert.Equal(t, [2]int8{1, 0}, [2]int8{a.dmg[Psych], b.dmg[Psych]})
}

// TestAttachedCardEndsItself: discardThis() in an attached card's Ongoing
// discards it after it acted.
func TestAttachedCardEndsItself(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p := &s.players[0]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	p.party.acts = []int16{s.actIdx("t-once")}
	s.effectsPhase()
	assert.Equal(t, 1, p.sc)
	assert.Empty(t, p.party.acts)
	s.effectsPhase()
	assert.Equal(t, 1, p.sc, "once")
}

// TestBotDestroysToStopLeader: bots destroy a rival's Resource only to
// stop the leader's Prestige victory (it costs them 2 Prestige): cautious
// ones when the leader is 2 Prestige away (FL-RES-11).
func TestBotDestroysToStopLeader(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, o := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	h := s.c.ResHexes[0]
	s.capture(o, h)
	p.party.hex = h
	o.pr = 12
	assert.False(t, s.resourceChoice(p, h, 1, 1).Destroy, "far from a win: capture")
	assert.Equal(t, DeedResource, s.resourceChoice(p, h, 1, 1).Deed)
	o.pr = 18
	ch := s.resourceChoice(p, h, 1, 1)
	assert.True(t, ch.Destroy, "the leader is 2 Prestige from winning")
	s.resourceDeed(p, ch)
	assert.Equal(t, int8(-2), s.resOwner[h])
	assert.Equal(t, 16, o.pr)
	p.pr = 30
	s.resOwner[h] = int8(o.seat)
	assert.False(t, s.resourceChoice(p, h, 1, 1).Destroy, "the bot leads itself")
}

// TestOnDrawRecursion: an on-draw card that draws another cannot recurse
// without end; a whole game with such a deck finishes or stalls cleanly.
func TestOnDrawRecursion(t *testing.T) {
	c := fixtureContent(t, func(sh sheets) {
		sh["Actions"] = []map[string]string{act("chain", "on-draw", "drawActions(1); gainSalvage(1)", "Count", "40")}
	})
	g := New(c)
	_, err := g.PlaySafe(5, Options{Players: 2, MaxRounds: 30})
	if err != nil {
		f, ok := err.(*Failure)
		require.True(t, ok, "%v", err)
		require.True(t, f.Stall, "%v", err)
	}
}
