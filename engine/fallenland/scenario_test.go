package fallenland

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	exampleOnce    sync.Once
	exampleContent *Content
)

// examples is the test content with the worked examples' rows.
func examples(t *testing.T) *Content {
	t.Helper()
	exampleOnce.Do(func() { exampleContent = fixtureContent(t, exampleRows) })
	require.NotNil(t, exampleContent)
	return exampleContent
}

// Two test Factions (no Perks).
var quiet = []string{"f-a", "f-b"}

// TestDieRules: Total Skill → automatic successes and Target Number; a 1
// always succeeds, a 10 negates everything (FL-SC-03/04; RB p.18
// examples, FL-SC-EX-01…04).
func TestDieRules(t *testing.T) {
	for _, tc := range []struct {
		name      string
		ts, face  int
		successes int
	}{
		{"EX-01 TS 7 rolls 7", 7, 7, 1},
		{"EX-01 TS 7 rolls 8", 7, 8, 0},
		{"EX-02 TS 12 rolls 2", 12, 2, 2},
		{"EX-02 TS 12 rolls 3", 12, 3, 1},
		{"EX-03 TS 34 rolls 1", 34, 1, 4},
		{"EX-04 TS 22 rolls 10", 22, 10, 0},
		{"TS 10 rolls 1 (FL-AMB-03 formula)", 10, 1, 2},
		{"TS 10 rolls 9", 10, 9, 1},
		{"TS 0 rolls 1", 0, 1, 1},
		{"TS 0 rolls 2", 0, 2, 0},
		{"TS -3 rolls 1", -3, 1, 1},
	} {
		assert.Equal(t, tc.successes, dieOutcome(tc.ts, tc.face), tc.name)
	}
}

// TestRerollRule3: CC3 of TS 34 rolls a 1 (4 successes) and re-rolls a 3:
// 5 successes (RB p.18, FL-SC-EX-03).
func TestRerollRule3(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.rollers = append(s.rollers[:0], roller{crown: 3, ts: 34})
	cs := &CheckState{skill: Combat, need: 99, roller: -1}
	s.dice(1, 3)
	s.rollAll(cs)
	s.done()
	assert.Equal(t, 5, cs.total)
}

// TestExactTen: "A Total Skill of exactly 10 is functionally the same as a
// 9 in that Skill" (RB p.17): by default TS 10 rolling a 1 gives 1 success,
// as TS 9 would; the formula reading (variant exact-ten-formula, FL-AMB-03)
// gives the automatic success plus the 1's. TS 20 is 19 the same way.
func TestExactTen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		formula bool
		ts      int
		faces   []int
		want    int
	}{
		{"TS 10 rolls 1: as a 9, one success", false, 10, []int{1}, 1},
		{"TS 10 rolls 9: as a 9, one success", false, 10, []int{9}, 1},
		{"TS 20 rolls 1: as a 19, two successes", false, 20, []int{1}, 2},
		{"TS 20 rolls 9: as a 19, two successes", false, 20, []int{9}, 2},
		{"TS 11 rolls 1: untouched", false, 11, []int{1}, 2},
		{"formula: TS 10 rolls 1, two successes", true, 10, []int{1}, 2},
		{"formula: TS 20 rolls 9, two successes", true, 20, []int{9}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, examples(t), quiet...)
			s.opt.Variants.ExactTenFormula = tc.formula
			s.rollers = append(s.rollers[:0], roller{crown: 1, ts: tc.ts})
			cs := &CheckState{skill: Combat, need: 1, roller: -1}
			s.dice(tc.faces...)
			s.rollAll(cs)
			s.done()
			assert.Equal(t, tc.want, cs.total)
		})
	}
}

// TestSoloCheckExample: Dante Slade's Solo check, CC4, 1 Survival at TS 8
// (RB p.19, FL-SC-EX-06): 2 passes, 9 fails, 1 passes (no re-roll needed),
// 10 fails.
func TestSoloCheckExample(t *testing.T) {
	for _, tc := range []struct {
		face int
		pass bool
	}{{2, true}, {9, false}, {1, true}, {10, false}} {
		s := newScenario(t, examples(t), quiet...)
		m := s.crown(0, 4, "ex-d") // Survival 5
		m.acts = []int16{s.actIdx("ex-drill")}
		s.players[0].party.acts = nil
		s.recompute(&s.players[0])
		m.ts[Survival] = 8 // Base 6 + 2 bonus in the rulebook
		s.dice(tc.face)
		ok, _ := s.soloCheck(&s.players[0], m, Check{Need: 1, Skill: Survival}, SoloCheck)
		s.done()
		assert.Equal(t, tc.pass, ok, "face %d", tc.face)
	}
}

// TestPartyCheckExample1: Blood on the Highway — 7 Combat; dice 10, 2, 4,
// 1 (re-rolled 5), 2 and the black 5; with the Master bonus and Garrison the
// Party has 10 successes (RB p.21, FL-SC-EX-07).
func TestPartyCheckExample1(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.exampleParty(0)
	p := &s.players[0]
	assert.Equal(t, []int8{19, 12, 11, 8, 24}, []int8{p.party.crowns[0].ts[Combat], p.party.crowns[1].ts[Combat],
		p.party.crowns[2].ts[Combat], p.party.crowns[3].ts[Combat], p.party.crowns[4].ts[Combat]})
	assert.Equal(t, 4, s.vehicleTS(&p.party, Combat))
	s.rerollAll = true // the example re-rolls CC4's 1 although the check already passes
	s.dice(10, 2, 4, 1, 2, 5, 5)
	ok, total := s.partyCheck(p, Check{Need: 7, Skill: Combat}, false)
	s.done()
	assert.True(t, ok)
	assert.Equal(t, 10, total)
}

// TestPartyCheckExample1Card plays the card: the Requires gate (a motorized
// Vehicle), 4 Scavenged coins, success.
func TestPartyCheckExample1Card(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.exampleParty(0)
	p := &s.players[0]
	s.flee(-1)
	s.dice(10, 2, 4, 1, 2, 5)
	ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-highway"))
	s.done()
	assert.True(t, ok)
	assert.Equal(t, 4+30, p.sc)
}

// TestPartyCheckExample2: Scare Crow — CC3 takes 2d6 = 10, less its Armor
// 1: 9 ≥ Health 8, dead. 5 Combat: CC1 1 re-rolled 10 (0), CC2 4 (1), CC4 9
// (0), CC5 10 (0, the Master bonus negated), Vehicle 5 (0), Garrison 1:
// 2 < 5, failure. 4d6 = 19 less Party Armor 2 = 17 damage. Psych check with
// 10, 2, 1, 2: CC1 takes 1 Psych damage (RB p.22, FL-SC-EX-08).
func TestPartyCheckExample2(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.exampleParty(0)
	p := &s.players[0]
	s.flee(-1)
	before := s.hurt(p)
	s.dice(4, 6, 1, 4, 9, 10, 5, 10, 6, 6, 6, 1, 10, 2, 1, 2)
	ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-scarecrow"))
	s.done()
	assert.False(t, ok)
	pa := &p.party
	assert.False(t, pa.crowns[2].present(), "CC3 is dead")
	assert.Equal(t, 2, pa.armor)
	assert.Equal(t, before+17, s.hurt(p))
	assert.Equal(t, int8(1), pa.crowns[0].dmg[Psych])
	for _, i := range []int{1, 3, 4} {
		assert.Zero(t, pa.crowns[i].dmg[Psych], "CC%d", i+1)
	}
	assert.Equal(t, 3, p.sc, "the Scavenged coins")
}

// TestBrackishWater: the Individual check example (RB p.25, FL-ENC-40/41):
// leeches 6, 1, 4, 5, 1; CC2 fails, CC4 (a Medical Master above 20) rolls a
// 10 and fails; 14 Salvage Coins in all; three Psych damage.
func TestBrackishWater(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	for crown := 1; crown <= 5; crown++ {
		if crown == 4 {
			s.crown(0, 4, "ex-medic", "ex-medkit")
			continue
		}
		s.crown(0, crown, "ex-a")
	}
	s.tech(0, "medical-center", 1) // no help: Technologies only act on Party checks
	p := &s.players[0]
	require.Equal(t, int8(22), p.party.crowns[3].ts[Medical])
	s.dice(6, 3, 1, 9, 4, 2, 5, 10, 1, 5, 5, 1, 6, 2, 9)
	ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-brackish"))
	s.done()
	assert.False(t, ok, "not every Character succeeded")
	assert.Equal(t, 14, p.sc)
	c := p.party.crowns
	assert.Equal(t, [5]int8{1, 0, 1, 0, 1}, [5]int8{c[0].dmg[Physical], c[1].dmg[Physical], c[2].dmg[Physical], c[3].dmg[Physical], c[4].dmg[Physical]})
	assert.Equal(t, [5]int8{0, 1, 0, 5, 0}, [5]int8{c[0].dmg[Infected], c[1].dmg[Infected], c[2].dmg[Infected], c[3].dmg[Infected], c[4].dmg[Infected]})
	psych := 0
	for i := range c {
		psych += int(c[i].dmg[Psych])
	}
	assert.Equal(t, 3, psych)
}

// TestFlightExample: 7 Combat; Flight roll 4 + Movement Bonus 5 = 9 > 7:
// the Party escapes 1 hex, no Success or Failure (RB p.24, FL-ENC-16/19).
// A roll of 2 (7, not above 7) fails: the Scavenged coins go back and the
// Failure is read (FL-ENC-17).
func TestFlightExample(t *testing.T) {
	for _, tc := range []struct {
		roll   int
		escape bool
	}{{4, true}, {2, false}} {
		s := newScenario(t, examples(t), quiet...)
		s.crown(0, 1, "ex-d")
		s.vehicle(0, "ex-truck")
		p := &s.players[0]
		require.Equal(t, 5, p.party.move)
		p.party.hex = s.c.ResHexes[0]
		start := p.party.hex
		s.flee(1)
		s.dice(tc.roll)
		ok, _, _ := s.playCard(p, DPlains, s.encIdx("ex-flight"))
		s.done()
		assert.False(t, ok)
		if tc.escape {
			assert.Equal(t, int16(1), s.c.Hops[start][p.party.hex], "moved 1 hex")
			assert.Equal(t, 2, p.sc, "keeps the Scavenged coins")
			assert.Zero(t, p.pr, "no Failure")
		} else {
			assert.Equal(t, start, p.party.hex)
			assert.Zero(t, p.sc, "the Scavenged coins returned")
			assert.Equal(t, 5, p.pr, "the Failure portion")
		}
	}
}
