package fallenland

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// Scenario tests of the rulings of issue 13 ("Rules fidelity, round
// two"), each with forced dice on the test map.

var (
	fidelityOnce    sync.Once
	fidelityContent *Content
)

// fidelity is the test content with the worked examples, the gap rows and
// the cards below.
func fidelity(t *testing.T) *Content {
	t.Helper()
	fidelityOnce.Do(func() {
		fidelityContent = fixtureContent(t, func(sh sheets) {
			exampleRows(sh)
			gapRows(sh)
			fidelityRows(sh)
		})
	})
	require.NotNil(t, fidelityContent)
	return fidelityContent
}

func fidelityRows(sh sheets) {
	mis := func(id string, kv ...string) map[string]string {
		r := map[string]string{"ID": id, "Name": strings.ToUpper(id), "Count": "0", "Story": "A test Mission."}
		for i := 0; i+1 < len(kv); i += 2 {
			r[kv[i]] = kv[i+1]
		}
		return r
	}
	sh["Missions"] = append(sh["Missions"],
		mis("ex-shortcut", "Checks", "1 Combat", "Success", "bonusWeeks(2)", "Failure", "nothing()"))
	for _, h := range sh["Hexes"] {
		if h["ID"] == "t-8-20" {
			h["POI Effect"] = "gainSalvage(2)" // a permanent Point of Interest on the map
		}
	}
	sh["Spoils"] = append(sh["Spoils"],
		map[string]string{"ID": "ex-dog", "Name": "EX-DOG", "Count": "0", "Categories": "Ally", "Value": "4", "Bonuses": "Combat +8", "Text": "A good dog."})
	sh["Encounters"] = append(sh["Encounters"],
		map[string]string{"ID": "ex-horde", "Name": "EX-HORDE", "Count": "0", "Deck": "plains", "Story": "A test card.", "World": "TRUE",
			"Checks": "4 Combat multi, no flight", "Success": "gainPrestige(2)", "Failure": "damageParty(2)"})
	sh["Characters"] = append(sh["Characters"],
		map[string]string{"ID": "ex-ace", "Name": "EX-ACE", "Count": "0", "Combat": "10", "Survival": "5", "Diplomacy": "5", "Mechanical": "5",
			"Technical": "5", "Medical": "5", "Health": "9", "Psych": "4", "Capacity": "20", "First Strike": "TRUE", "Master": "TRUE",
			"Master Skill": "combat", "Budget Override": "TRUE", "Quote": "First, and best."})
}

// TestPenaltyPaidFromLaterWeeks: a Week Penalty chip is subtracted "at the
// first available opportunity, this Party Exploits Phase or the next"
// (RB p.37): free Weeks a card gives later in the same Phase pay it first,
// whether the chip came from overspending or from a Delay (FL-WK-05,
// FL-AMB-11).
func TestPenaltyPaidFromLaterWeeks(t *testing.T) {
	t.Run("overspent on a Mission that gives 2 free Weeks", func(t *testing.T) {
		s := newScenario(t, fidelity(t), quiet...)
		s.crown(0, 1, "ex-a")
		p := &s.players[0]
		p.weeks, p.inPhase = 1, true
		s.spendWeeks(p, s.deedWeeks(DeedMission))
		require.Equal(t, 2, p.penalty, "1 Week left, a 3-Week Mission: a 2-Week chip")
		s.dice(3) // 1 Combat at TS 10: passes
		ok, _, _ := s.playCard(p, DMissions, s.missionIdx("ex-shortcut"))
		s.done()
		require.True(t, ok)
		assert.Zero(t, p.weeks, "the 2 free Weeks pay the chip")
		assert.Zero(t, p.penalty, "nothing carries to the next Turn")
	})
	t.Run("Delayed with no Week left, then 2 free Weeks", func(t *testing.T) {
		s := newScenario(t, fidelity(t), quiet...)
		s.crown(0, 1, "ex-a")
		p := &s.players[0]
		p.weeks, p.inPhase = 0, true
		s.delay(p, 1)
		require.Equal(t, 1, p.penalty)
		s.bonusWeeks(p, 2)
		assert.Equal(t, 1, p.weeks)
		assert.Zero(t, p.penalty)
	})
	t.Run("free Weeks for the next Phase are added before the chips", func(t *testing.T) {
		s := newScenario(t, fidelity(t), quiet...)
		s.crown(0, 1, "ex-a")
		p := &s.players[0]
		p.penalty = 2
		s.bonusWeeks(p, 1)
		assert.Equal(t, 1, p.bonus)
		assert.Equal(t, 2, p.penalty)
	})
}

// TestRadiationEndsMovement: "Each Character in a Party that ends its
// movement in a Radiation hex suffers 1 Rad Damage" (RB p.13): a Movement
// Deed that ends there costs 1 Radiation each; a Flight or a card that
// puts the Party there is no movement of its own and costs nothing
// (FL-MOV-05, FL-AMB-25); variant radiation-any-move: any arrival does.
func TestRadiationEndsMovement(t *testing.T) {
	for _, tc := range []struct {
		name    string
		anyMove bool
		move    func(s *scenario, p *Player)
		want    int8
	}{
		{"a Movement Deed ends on the Radiation hex", false, func(s *scenario, p *Player) {
			p.party.hex = s.hexAt(6, 0)
			s.dice(1) // 1 + 5: Mountain 2, Radiation 3
			s.moveDeed(p, s.hexAt(6, 2))
		}, 1},
		{"a Flight ends there", false, func(s *scenario, p *Player) {
			p.party.hex = s.hexAt(6, 1)
			s.flee(1)
			s.dice(6) // 6 + 5 beats 7 Combat: 1 hex, toward home
			s.playCard(p, DPlains, s.encIdx("ex-flight"))
		}, 0},
		{"a card places the Party there", false, func(s *scenario, p *Player) {
			s.place(p, s.hexAt(6, 2))
		}, 0},
		{"radiation-any-move: a Flight ends there", true, func(s *scenario, p *Player) {
			p.party.hex = s.hexAt(6, 1)
			s.flee(1)
			s.dice(6)
			s.playCard(p, DPlains, s.encIdx("ex-flight"))
		}, 1},
		{"radiation-any-move: a card places the Party there", true, func(s *scenario, p *Player) {
			s.place(p, s.hexAt(6, 2))
		}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, fidelity(t), quiet...)
			s.opt.Variants.RadiationAnyMove = tc.anyMove
			s.crown(0, 1, "ex-b") // Armor 1: Radiation passes it
			s.vehicle(0, "ex-truck")
			p := &s.players[0]
			tc.move(s, p)
			s.done()
			require.Equal(t, s.hexAt(6, 2), p.party.hex)
			assert.Equal(t, tc.want, p.party.crowns[0].dmg[Radiation])
		})
	}
}

// TestFirstStrikeIsACheck: "Each Character with this ability rolls a Combat
// Skill Check. Each Success achieved deals 1d6 Damage, which ignores Armor"
// (RB p.16, p.39): the roll follows the Skill Check dice rules — a 1 is
// re-rolled while another success is likelier than losing the die's, a 10
// negates everything — and a Combat Master adds its success (FL-PVP-05,
// FL-AMB-04); variant first-strike-no-master leaves the Master bonus out.
func TestFirstStrikeIsACheck(t *testing.T) {
	for _, tc := range []struct {
		name     string
		noMaster bool
		dice     []int
		damage   int
	}{
		{"a 1 (1 + Master) re-rolled to a 3: three successes, 3d6", false, []int{1, 3, 2, 2, 2}, 6},
		{"a 10 negates the Master bonus too", false, []int{10}, 0},
		{"a 5: one success and the Master's, 2d6", false, []int{5, 3, 4}, 7},
		{"first-strike-no-master: a 1 re-rolled to a 3, 2d6", true, []int{1, 3, 2, 2}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, fidelity(t), quiet...)
			s.opt.Variants.FirstStrikeNoMaster = tc.noMaster
			s.crown(0, 1, "ex-ace") // TS 10, played as 9
			s.crown(1, 1, "ex-b")   // Armor 1: First Strike ignores it
			st := &PVPState{side: [2]fighter{{seat: 0}, {seat: 1}}}
			s.pvp, s.cause = st, causePVP
			s.dice(tc.dice...)
			s.firstStrike(st)
			s.done()
			assert.Equal(t, tc.damage, s.hurt(&s.players[1]))
		})
	}
}

// TestPsychFreezesCards: at 3 Psychological damage "the cards attached to
// that Character cannot be reassigned", and in the next Effects Phase the
// Character is discarded with them (RB p.13, FL-DMG-11): re-equipping the
// Party leaves them where they are, gives the Character nothing new, and
// the Effects Phase discards them all.
func TestPsychFreezesCards(t *testing.T) {
	s := newScenario(t, fidelity(t), quiet...)
	p := &s.players[0]
	s.crown(0, 1, "ex-d")
	broken := s.crown(0, 2, "ex-a", "ex-plus-9")
	broken.dmg[Psych] = 3
	p.auction = []Item{{card: s.spoilsIdx("ex-plus-2"), mount: -1}}
	s.recompute(p)
	s.equipParty(p, 0)
	require.Len(t, broken.items, 1, "its card stays")
	assert.Equal(t, s.spoilsIdx("ex-plus-9"), broken.items[0].card)
	require.Len(t, p.party.crowns[0].items, 1, "the new card goes to the other Character")
	assert.Equal(t, s.spoilsIdx("ex-plus-2"), p.party.crowns[0].items[0].card)
	discarded := s.decks[DSpoils].Discarded()
	s.effectsPhase()
	assert.False(t, p.party.crowns[1].present(), "discarded in the Effects Phase")
	assert.Equal(t, discarded+1, s.decks[DSpoils].Discarded(), "with its card")
	assert.Len(t, p.party.crowns[0].items, 1)
}

// TestDraftSetup: Draft Setup (RB p.5, FL-OPT-01): each player keeps one
// Character of the stack in front of them and passes the rest to the
// left (the next seat), until all are kept; Spoils two at a time, passed
// to the right. Bots keep the card worth most to them.
func TestDraftSetup(t *testing.T) {
	s := newScenario(t, fidelity(t), "f-a", "f-b", "f-c")
	ids := func(d Deck, list []int16) []string {
		var out []string
		for _, x := range list {
			out = append(out, s.cardID(d, x))
		}
		return out
	}
	ch := func(names ...string) []int16 {
		var out []int16
		for _, n := range names {
			out = append(out, s.charIdx(n))
		}
		return out
	}
	kept := s.draftCards(DCharacters, [][]int16{
		ch("filler-0", "ex-e", "ex-medic"),
		ch("filler-1", "filler-2", "filler-3"),
		ch("ex-a", "filler-4", "filler-5"),
	}, 1, 1)
	require.Len(t, kept, 3)
	for seat := range kept {
		assert.Len(t, kept[seat], 3, "seat %d keeps one card a round", seat)
	}
	assert.Equal(t, "ex-e", ids(DCharacters, kept[0])[0], "the best Character first")
	assert.Equal(t, "ex-a", ids(DCharacters, kept[2])[0])
	assert.Equal(t, "ex-medic", ids(DCharacters, kept[1])[1], "seat 1 gets seat 0's stack: passed left")

	sp := func(names ...string) []int16 {
		var out []int16
		for _, n := range names {
			out = append(out, s.spoilsIdx(n))
		}
		return out
	}
	kept = s.draftCards(DSpoils, [][]int16{
		sp("ex-plus-9", "ex-rifle", "ex-heavy", "knife-0"),
		sp("knife-1", "knife-2", "knife-3", "knife-4"),
		sp("knife-5", "knife-6", "knife-7", "knife-8"),
	}, 2, -1)
	assert.ElementsMatch(t, []string{"ex-rifle", "ex-plus-9"}, ids(DSpoils, kept[0][:2]), "two cards a round")
	assert.Contains(t, ids(DSpoils, kept[2]), "ex-heavy", "seat 2 gets seat 0's stack: passed right")
	for seat := range kept {
		assert.Len(t, kept[seat], 4)
	}
}

// TestDraftSetupGame: with the variant every player still starts with six
// Characters (five on the Crowns) and ten Spoils, and the draft is traced.
func TestDraftSetupGame(t *testing.T) {
	c := bundled(t)
	var log game.EventLog
	g := New(c)
	_, err := g.Trace(&log, 5, Options{Players: 4, MaxRounds: 1, Variants: Variants{DraftSetup: true}})
	require.Error(t, err, "one Turn is too short to finish")
	drafted := map[int]int{}
	for _, e := range log.Events {
		if e.Kind == "draft" {
			drafted[e.Seat]++
		}
	}
	for seat := range 4 {
		assert.Equal(t, 6+10, drafted[seat], "seat %d drafts 6 Characters and 10 Spoils", seat)
	}
}

// TestFailedWorldCardCapturesNothing: capturing a Neutral Resource "The
// Encounter card must be successfully completed … if any portion of the
// Encounter card is failed, the Resource is not captured" (RB p.31): a
// World card is claimed automatically only when nothing of it failed
// (p.34, p.37; FL-RES-06/08).
func TestFailedWorldCardCapturesNothing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		card    string
		dice    []int
		capture bool
	}{
		{"a World card whose check fails", "ex-world-end", []int{10}, false},
		{"a World card whose check passes", "ex-world-end", []int{3}, true},
		{"a World card without checks", "ex-world-tick", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, fidelity(t), quiet...)
			s.crown(0, 1, "ex-a")
			p := &s.players[0]
			h := s.hexAt(8, 1)
			p.party.hex = h
			s.decks[DPlains].PushTop(s.encIdx(tc.card))
			s.flee(-1)
			s.dice(tc.dice...)
			s.resourceDeed(p, Choice{Deed: DeedResource, Deck: DPlains})
			s.done()
			assert.Equal(t, tc.capture, s.resOwner[h] == 0)
		})
	}
}

// TestMultiplePartyCard: "One Party may have to wait for another Party to
// arrive at their location to coordinate the Skill Check(s) … The card will
// then be attempted on the other participating player's Party Exploits
// Phase" (RB p.20, p.24; FL-SC-25, FL-ENC-30): a Party that cannot pass a
// Multiple Party card alone leaves it waiting on its hex and sacrifices the
// rest of its Weeks; a Party that arrives attempts it with every Party
// there, their successes combined, each winning the reward; unjoined, the
// drawer attempts it the next Turn.
func TestMultiplePartyCard(t *testing.T) {
	setup := func(t *testing.T) (*scenario, *Player, *Player, int16) {
		s := newScenario(t, fidelity(t), quiet...)
		for seat := range 2 {
			s.crown(seat, 1, "ex-a") // TS 10, played as 9: a success on 1–9
			s.crown(seat, 2, "ex-a")
		}
		p, q := &s.players[0], &s.players[1]
		h := s.hexAt(8, 8)
		p.party.hex, q.party.hex = h, s.hexAt(8, 18)
		return s, p, q, h
	}
	t.Run("alone, the drawer waits; a Party that comes attempts it with it", func(t *testing.T) {
		s, p, q, h := setup(t)
		ok, redraw, pending := s.playCard(p, DPlains, s.encIdx("ex-horde"))
		require.True(t, pending, "two dice cannot make 4 successes: it waits")
		assert.False(t, ok || redraw)
		wi := s.waitingHere(h)
		require.GreaterOrEqual(t, wi, 0)
		p.weeks, p.inPhase = 3, true
		assert.Equal(t, DeedWait, s.chooseDeed(p).Deed, "the drawer waits out the Turn")
		p.inPhase = false

		q.party.hex = h
		q.weeks, q.inPhase = 4, true
		ch := s.chooseDeed(q)
		require.Equal(t, DeedEncounter, ch.Deed)
		require.Equal(t, wi+1, ch.Multi, "the newcomer attempts the waiting card")
		s.dice(2, 3, 4, 5) // four dice, four successes
		s.doDeed(q, ch)
		s.done()
		assert.Equal(t, [2]int{2, 2}, [2]int{p.pr, q.pr}, "every participant wins the reward")
		assert.False(t, s.worlds[wi].live, "completed, it leaves play")
	})
	t.Run("unjoined, the drawer attempts it the next Turn", func(t *testing.T) {
		s, p, _, h := setup(t)
		_, _, pending := s.playCard(p, DPlains, s.encIdx("ex-horde"))
		require.True(t, pending)
		s.turn++
		p.weeks, p.inPhase = 4, true
		ch := s.chooseDeed(p)
		require.Equal(t, DeedEncounter, ch.Deed)
		s.dice(2, 3) // two successes of four: it fails
		s.doDeed(p, ch)
		s.done()
		assert.Equal(t, 2, s.hurt(p), "the Failure")
		assert.Negative(t, s.waitingHere(h))
	})
	t.Run("a Resource Deed drawing it captures: nothing of it failed", func(t *testing.T) {
		s, p, _, _ := setup(t)
		h := s.hexAt(8, 5)
		p.party.hex = h
		s.decks[DPlains].PushTop(s.encIdx("ex-horde"))
		s.resourceDeed(p, Choice{Deed: DeedResource, Deck: DPlains})
		assert.Equal(t, int8(0), s.resOwner[h])
		assert.GreaterOrEqual(t, s.waitingHere(h), 0)
	})
}

// TestMultiplePartyProtection: "No PVP is allowed on the hex containing
// the card … No Red Dot Action cards may be played on a participating
// Party by other participating players" (RB p.24).
func TestMultiplePartyProtection(t *testing.T) {
	s := newScenario(t, fidelity(t), quiet...)
	s.crown(0, 1, "ex-e")
	s.crown(1, 1, "filler-0")
	p, q := &s.players[0], &s.players[1]
	h := s.hexAt(8, 8)
	p.party.hex, q.party.hex = h, h
	require.Equal(t, q.seat, s.pvpTarget(p, 1), "without a card, the strong Party would attack")
	s.multiNow(-1)
	_, _, pending := s.playCard(p, DPlains, s.encIdx("ex-horde"))
	require.True(t, pending)
	assert.Equal(t, -1, s.pvpTarget(p, 1), "no PVP on the card's hex")
	s.pvpDeed(p, q.seat)
	assert.Zero(t, q.penalty, "a PVP Deed there does nothing")
	wreck := &s.c.Actions[s.actIdx("t-wreck")] // a Red Dot card
	q.party.vehicle = Item{card: s.spoilsIdx("ex-jeep"), mount: -1}
	assert.Nil(t, s.targetFor(p, wreck), "no Red Dot card on a fellow participant")
}

// TestSettleLot: open bidding (RB p.36: "Player three makes an offer of 19.
// Player four offers 20. The bidding continues, until player three's final
// bid of 24 and player four's bid of 25"): the last bidder standing pays
// one more than the best rival's limit, never below the asking price.
func TestSettleLot(t *testing.T) {
	for _, tc := range []struct {
		name          string
		bids          []bid
		ask           int
		winner, price int
	}{
		{"the rulebook's example: 24 against 25", []bid{{2, 24}, {3, 25}}, 19, 3, 25},
		{"the best limit pays one more than the next", []bid{{1, 20}, {2, 30}}, 19, 2, 21},
		{"a lone bidder pays the asking price", []bid{{1, 30}}, 19, 1, 19},
		{"equal limits: the earlier bidder in turn order", []bid{{1, 25}, {2, 25}}, 10, 1, 25},
		{"no bid", nil, 10, -1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, price := settleLot(tc.bids, tc.ask)
			assert.Equal(t, tc.winner, w)
			assert.Equal(t, tc.price, price)
		})
	}
}

// TestAuctionHouse: players bid from anywhere on the map on cards in any
// Auction House; the highest limit wins at one more than the next; the card
// goes to the buyer's Auction House (equipped only in its town); a buyer
// short of coins pays in Spoils and Action cards at their printed value;
// Allies are never traded (RB p.8, p.36; FL-TB-05/06).
func TestAuctionHouse(t *testing.T) {
	setup := func(t *testing.T) (*scenario, *Player, *Player, *Player) {
		s := newScenario(t, fidelity(t), "f-a", "f-b", "f-c")
		s.order = []int{0, 1, 2}
		for seat := 1; seat <= 2; seat++ {
			s.crown(seat, 1, "ex-a")
			s.players[seat].party.hex = s.hexAt(8, 15) // far from home
		}
		return s, &s.players[0], &s.players[1], &s.players[2]
	}
	rifle := func(s *scenario) Item { return Item{card: s.spoilsIdx("ex-rifle"), mount: -1} }
	t.Run("two bidders", func(t *testing.T) {
		s, seller, a, b := setup(t)
		bought := rifle(s)
		bought.fresh = true // bought in an earlier Turn's Auction House: on sale again now
		seller.auction = []Item{bought}
		a.sc, b.sc = 28, 40 // limits 13 and 18 above their reserve of 15
		ask := s.askPrice(seller, rifle(s))
		require.Equal(t, 12, ask, "value 1 + half the rifle's worth to the seller")
		require.Equal(t, 13, s.maxBid(a, seller, rifle(s)))
		require.Equal(t, 18, s.maxBid(b, seller, rifle(s)))
		s.auctionHouse()
		assert.Empty(t, seller.auction)
		require.Len(t, b.auction, 1, "into the buyer's Auction House: its Party is away")
		assert.Equal(t, s.spoilsIdx("ex-rifle"), b.auction[0].card)
		assert.Empty(t, b.party.crowns[0].items)
		assert.Equal(t, 40-14, b.sc, "one more than the other's 13")
		assert.Equal(t, 14, seller.sc)
		assert.Equal(t, 28, a.sc)
	})
	for _, tc := range []struct {
		name           string
		coins          int
		sellerCoins    int
		sellerActions  int
		buyerCoinsLeft int
	}{
		{"paid in spare Spoils, then coins", 15, 4, 0, 11},
		{"short of coins, an Action card too", 2, 2, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, seller, a, _ := setup(t)
			seller.auction = []Item{rifle(s)}
			a.sc = tc.coins // reserve 15: its spare cards are its budget
			for i := range 4 {
				a.auction = append(a.auction, Item{card: s.spoilsIdx("knife-" + itoa(i)), mount: -1}) // value 2, worth little to it
			}
			a.hand = []int16{s.actIdx("coin-0"), s.actIdx("coin-1")} // value 2 each
			require.Equal(t, 12, s.maxBid(a, seller, rifle(s)), "4 knives and 2 Action cards")
			s.auctionHouse()
			require.Len(t, a.auction, 1)
			assert.Equal(t, s.spoilsIdx("ex-rifle"), a.auction[0].card)
			assert.Len(t, seller.auction, 4, "the 4 knives (8 of the price 12)")
			assert.Equal(t, tc.sellerCoins, seller.sc)
			assert.Len(t, seller.hand, tc.sellerActions)
			assert.Equal(t, tc.buyerCoinsLeft, a.sc)
		})
	}
	t.Run("bought in town, equipped at once", func(t *testing.T) {
		s, seller, a, _ := setup(t)
		seller.auction = []Item{rifle(s)}
		a.sc = 60
		a.party.hex = a.fac.StartHex
		s.auctionHouse()
		require.Len(t, a.party.crowns[0].items, 1)
		assert.Equal(t, s.spoilsIdx("ex-rifle"), a.party.crowns[0].items[0].card)
	})
	t.Run("Allies are never traded", func(t *testing.T) {
		s, seller, a, _ := setup(t)
		ally := Item{card: s.spoilsIdx("ex-dog"), mount: -1}
		seller.auction = []Item{ally}
		a.sc = 100
		s.auctionHouse()
		assert.Equal(t, []Item{ally}, seller.auction)
		assert.Equal(t, 100, a.sc)
	})
}

// TestPermanentPOI: a Point of Interest the map declares is in play from
// the start; each Party may activate it once with an Encounter Deed
// (FL-AMB-57, FL-ENC-20).
func TestPermanentPOI(t *testing.T) {
	s := newScenario(t, fidelity(t), quiet...)
	s.crown(0, 1, "ex-a")
	p := &s.players[0]
	p.party.hex = s.hexAt(8, 20)
	p.weeks, p.inPhase = 4, true
	ch := s.chooseDeed(p)
	require.Equal(t, DeedEncounter, ch.Deed)
	require.GreaterOrEqual(t, ch.POI, 0)
	assert.True(t, s.pois[ch.POI].permanent)
	s.doDeed(p, ch)
	assert.Equal(t, 2, p.sc)
	assert.Negative(t, s.poiHere(p), "once per Party")
}
