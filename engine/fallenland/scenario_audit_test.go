package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Scenario tests of the rules the second audit of issue 13 found wrong:
// each sets a game up by hand on the gaps content, forces the dice, and
// failed before its fix.

// TestPsychCheckWheneverTheCardIsCompleted: "When a card displaying this
// symbol has been completed, a Psychological Check must be rolled for all
// Characters that participated" (RB p.13, FL-SC-30). A failed Flight reads
// the Failure portion (RB p.24): the card is completed, failed, and its
// Psychological Check is rolled. A card won at once by an Action card
// ("succeeds without its checks") is completed too. Only a Flight that
// escapes discards the card uncompleted. Before, neither the failed Flight
// nor the won card rolled the check.
func TestPsychCheckWheneverTheCardIsCompleted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		card  string
		flee  int8
		hand  bool
		dice  []int
		psych int8
		pr    int
		sc    int
	}{
		{"a failed Flight", "ex-flee-psych", 1, false, []int{2 /* 2 + 5 is not above 7 */, 10 /* psych */}, 1, 5, 0},
		{"a Flight that escapes", "ex-flee-psych", 1, false, []int{4 /* 4 + 5 beats 7 */}, 0, 0, 2},
		{"a card won at once", "ex-won-psych", -1, true, []int{10 /* psych */}, 1, 0, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			m := s.crown(0, 1, "ex-d") // Psych 3
			s.vehicle(0, "ex-truck")   // Movement Bonus 5
			p := &s.players[0]
			p.party.hex = s.c.ResHexes[0]
			if tc.hand {
				p.hand = append(p.hand, s.actIdx("t-encounter")) // wins a Raiders card
			}
			s.flee(tc.flee)
			s.dice(tc.dice...)
			s.playCard(p, DPlains, s.encIdx(tc.card))
			s.done()
			assert.Equal(t, tc.psych, m.dmg[Psych], "Psych damage")
			assert.Equal(t, tc.pr, p.pr)
			assert.Equal(t, tc.sc, p.sc)
		})
	}
}

// TestTownAmbushEndsAMovementDeed: "Once per Turn, when a Party ends their
// movement on a Starting Town Location, the owner of that Town may inflict
// 1 Physical Damage per TDC to each Character in that Party" (RB p.8). As
// for Radiation (FL-AMB-25), a card or a Flight that puts the Party there is
// no movement of its own: only a Movement Deed ending on the town brings the
// Town Defense chips down on it; variant ambush-any-move: any arrival does.
// Before, a card that moved a Party onto a rival town drew the ambush.
func TestTownAmbushEndsAMovementDeed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		anyMove bool
		move    func(s *scenario, p *Player)
		want    int8
	}{
		{"a Movement Deed ends on the town", false, func(s *scenario, p *Player) {
			p.party.hex = s.hexAt(4, 1)
			s.dice(1) // 1 point: the town costs 1
			s.moveDeed(p, s.hexAt(4, 0))
		}, 2},
		{"a card places the Party there", false, func(s *scenario, p *Player) { s.place(p, s.hexAt(4, 0)) }, 0},
		{"ambush-any-move: a card places the Party there", true, func(s *scenario, p *Player) { s.place(p, s.hexAt(4, 0)) }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			s.opt.Variants.AmbushAnyMove = tc.anyMove
			m := s.crown(0, 1, "ex-b") // Armor 1: the chips ignore it
			s.players[1].tdc = 2       // Faction B's town is t-4-0
			p := &s.players[0]
			tc.move(s, p)
			s.done()
			require.Equal(t, s.hexAt(4, 0), p.party.hex)
			assert.Equal(t, tc.want, m.dmg[Physical])
		})
	}
}

// TestKilledNPCMCostsItsHirerPrestige: "THE LOSER: This is the player's
// Character, Party, or NPCM that is killed or uses Flight to escape the
// PVP. That player loses 1 Prestige" (RB p.40, FL-PVP-21). A Party that
// kills a hired NPCM gains 1 Prestige and 5 Salvage Coins; the player who
// hired the NPCM loses 1 Prestige. Before, the hirer lost nothing.
func TestKilledNPCMCostsItsHirerPrestige(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	a, hirer := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a") // Combat 10: as 9
	hex := s.hexAt(8, 8)
	a.party.hex = hex
	a.pr, hirer.pr = 3, 3
	s.npcms = append(s.npcms, NPCM{act: s.actIdx("ex-merc"), owner: hirer.seat, hex: hex, assign: asAttackParty, target: a.seat, live: true, dmg: 11})
	s.pvpFlee(-1, -1)
	s.dice(5)                  // the Party: 1 success
	s.dice(10, 10, 10, 10, 10) // the NPCM (Omega 15, 5 dice): none
	s.dice(3)                  // 1d6: the NPCM's last Health
	s.pvpDeed(a, -2)
	s.done()
	assert.False(t, s.npcms[0].live)
	assert.Equal(t, 4, a.pr, "+1 Prestige for the kill")
	assert.Equal(t, 5, a.sc, "+5 Salvage")
	assert.Equal(t, 2, hirer.pr, "the hirer's NPCM lost: -1 Prestige")
}

// TestMapRadiationSparesHitMen: "Damage from Radiation hexes on the map does
// not deal damage to NPCMs" (RB p.28). A hit man hired into the Party is an
// NPCM still: a Movement Deed ending on a Radiation hex costs each Character
// 1 Radiation, not the hit man. Before, the hit man took it too.
func TestMapRadiationSparesHitMen(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	char := s.crown(0, 1, "ex-b")
	p := &s.players[0]
	p.party.crowns[1] = Member{char: -1, hitman: s.actIdx("ex-hitman")}
	s.recompute(p)
	p.party.hex = s.hexAt(6, 1)
	s.dice(1) // 1 point: the last point enters the Radiation hex
	s.moveDeed(p, s.hexAt(6, 2))
	s.done()
	require.Equal(t, s.hexAt(6, 2), p.party.hex)
	assert.Equal(t, int8(1), char.dmg[Radiation])
	assert.Zero(t, p.party.crowns[1].dmg[Radiation], "the hit man is an NPCM")
}
