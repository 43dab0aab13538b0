package fallenland

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHitmanSoloPVPFirstStrike: a hit man hired to attack a Character goes
// through step 2 of the PVP order of play ("Move on to step 2 if this is
// Solo PVP", RB p.39): one with First Strike dice deals them before the
// first round, ignoring Armor (FL-PVP-05, FL-NPCM-08); one without starts
// with the first round. The Character (Health 9, Armor 1 + a vest's 1) is
// the only one of its Party.
func TestHitmanSoloPVPFirstStrike(t *testing.T) {
	for _, tc := range []struct {
		name    string
		hitman  string
		dice    []int
		left    int // the Character's Health left, 0 dead
		hirerPR int // Prestige of the hirer after the fight
		rivalPR int // Prestige of the Character's player
		strike  bool
	}{
		// First Strike 5 + 6 = 11 ignoring Armor kills the Character before any round.
		{"first strike kills", "ex-hitman-strike", []int{5, 6}, 0, 1, 0, true},
		// First Strike 3 + 3 = 6, all of it through Armor 2 (left 3); round 1:
		// both roll a 10, a tie: 1 damage ignoring Armor (left 2), the hit man
		// 5 (4 left); round 2: the hit man's 10 against the Character's 2 (one
		// success): 1d6 = 4 kills the hit man.
		{"first strike ignores armor", "ex-hitman-strike", []int{3, 3, 10, 10, 10, 2, 4}, 2, 0, 1, true},
		// No First Strike dice: round 1 at once, the same tie and win.
		{"no first strike", "ex-hitman", []int{10, 10, 10, 2, 4}, 8, 0, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			p, q := &s.players[0], &s.players[1]
			s.crown(0, 1, "ex-a")
			m := s.crown(1, 1, "ex-b", "ex-vest")
			require.Equal(t, 2, int(m.armor), "Armor 1 and the vest's 1")
			s.dice(tc.dice...)
			s.hitmanStrike(p, s.actIdx(tc.hitman), q.seat)
			s.done()
			if tc.left == 0 {
				assert.False(t, m.present(), "the Character is dead; log:\n%s", s.log.String())
			} else {
				require.True(t, m.present(), "log:\n%s", s.log.String())
				assert.Equal(t, tc.left, s.left(m), "log:\n%s", s.log.String())
			}
			assert.Equal(t, tc.hirerPR, p.pr)
			assert.Equal(t, tc.rivalPR, q.pr)
			assert.Equal(t, tc.strike, strings.Contains(s.log.String(), "First Strike"), "log:\n%s", s.log.String())
		})
	}
}

// TestHitmanSoloPVPWeaponPoint: a Character whose weapon causes Infected
// Wounds deals the hit man 1 extra point in each Solo PVP round it wins
// ("cause 1 extra point of Damage during PVP", RB p.16; FL-AMB-42), as in a
// standard PVP round. The hit man (Health 9) loses two rounds by one
// success: 4 + 1, then 4 — dead; without the point it would live on 1.
func TestHitmanSoloPVPWeaponPoint(t *testing.T) {
	for _, tc := range []struct {
		name   string
		weapon string
		dice   []int
	}{
		{"an Infected weapon", "ex-nails", []int{10, 2, 4, 10, 2, 4}},
		// No such weapon: the hit man lives on 1 after two rounds and dies in
		// a third.
		{"no such weapon", "ex-plus-1", []int{10, 2, 4, 10, 2, 4, 10, 2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			p, q := &s.players[0], &s.players[1]
			s.crown(0, 1, "ex-a")
			m := s.crown(1, 1, "ex-b", tc.weapon)
			s.dice(tc.dice...)
			s.hitmanStrike(p, s.actIdx("ex-hitman"), q.seat)
			s.done()
			require.True(t, m.present(), "log:\n%s", s.log.String())
			assert.Equal(t, 9, s.left(m), "the Character won every round")
			assert.Equal(t, 1, q.pr, "the Character's player killed the hit man")
			assert.Equal(t, strings.Contains(s.log.String(), "1 Infected damage"), tc.weapon == "ex-nails", "log:\n%s", s.log.String())
		})
	}
}

// TestAlternativeOutcomeOfSoloIndividualAndMultiCards: a card offering two
// alternatives ("or") reads the Success or Failure portion of the one the
// player attempted, whatever the card's kind (RB p.23: each alternative has
// its own ending, as Biker Outlaws shows). The first alternative (9 or 20
// Survival) is out of reach, so the bot attempts the second (1 Combat,
// Total Skill 10: a 2 passes, a 10 fails); its portions are the Alt
// columns: 5 Salvage, or 3 Town Health.
func TestAlternativeOutcomeOfSoloIndividualAndMultiCards(t *testing.T) {
	for _, tc := range []struct {
		name, card string
		face       int
		sc, th     int
	}{
		{"solo, passed", "ex-solo-or", 2, 5, 30},
		{"solo, failed", "ex-solo-or", 10, 0, 33},
		{"individual, passed", "ex-indiv-or", 2, 5, 30},
		{"individual, failed", "ex-indiv-or", 10, 0, 33},
		{"multi, passed", "ex-multi-or", 2, 5, 30},
		{"multi, failed", "ex-multi-or", 10, 0, 33},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, gaps(t), quiet...)
			p := &s.players[0]
			s.crown(0, 1, "ex-a")
			e := &s.c.Encounters[s.encIdx(tc.card)]
			s.dice(tc.face)
			switch e.Checks.Kind {
			case SoloCheck:
				s.solo(p, e)
			case IndividualCheck:
				s.individual(p, e)
			default:
				s.multi(p, e, []int{p.seat})
			}
			s.done()
			assert.Equal(t, tc.sc, p.sc, "log:\n%s", s.log.String())
			assert.Equal(t, tc.th, p.th, "log:\n%s", s.log.String())
		})
	}
}
