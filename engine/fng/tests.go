package fng

import (
	"fmt"
	"slices"

	"github.com/deckwright/deckwright/engine/dice"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// TestState is the test being taken, which effects at test timing read
// and change.
type TestState struct {
	clause    *Clause
	kw        KW
	need      int
	successes int // banked from earlier rolls
	rolled    int // successes of the current roll
	dice      int // dice of the current roll
	failed    []int8
	passed    bool
	cliff     bool // a cliffhanger or escape test: exerting allowed
	helped    bool // exert, cards or helpers changed the dice (for statistics)
	seat      int
}

// resolveSpec takes a card's whole test: the bot picks an alternative; an
// alternative's clauses must all pass (skill tests before fights).
func (g *Game) resolveSpec(seat int, spec *TestSpec, kw KW, cliff bool) bool {
	if len(spec.Alts) == 0 {
		g.altFight = false
		return true
	}
	h := g.h(seat)
	alt := spec.Alts[0]
	if len(spec.Alts) > 1 {
		alt = spec.Alts[h.dec.TestOption(g, h, spec, kw, cliff)]
	}
	fight := hasFight(alt)
	defer func() { g.altFight = fight }() // after any test taken inside (an escape)
	left := len(alt)
	for pass := 0; pass < 2; pass++ {
		for i := range alt {
			cl := &alt[i]
			isFight := cl.Kind == FightTest || cl.Kind == SneakTest
			if isFight != (pass == 1) {
				continue
			}
			if !g.resolveClause(seat, cl, kw, cliff) {
				return false
			}
			left--
			if h.ko {
				// KO'd by a clause it passed (the enemy fell in the round
				// that KO'd the hero): passed if nothing else was asked.
				return left == 0
			}
		}
	}
	return true
}

// hasFight reports whether an alternative of a test is a Fight option.
func hasFight(alt []Clause) bool {
	for i := range alt {
		if alt[i].Kind == FightTest {
			return true
		}
	}
	return false
}

// specGlory is a Danger's (or Cliffhanger's) Glory for the test just
// passed: none when the hero took its Fight option, which pays the enemy's
// Glory instead.
func (g *Game) specGlory(n int8) int {
	if g.altFight {
		return 0
	}
	return int(n)
}

// resolveClause takes one clause of a test.
func (g *Game) resolveClause(seat int, cl *Clause, kw KW, cliff bool) bool {
	switch cl.Kind {
	case FightTest:
		return g.fightClause(seat, cl)
	case SneakTest:
		return g.sneakTest(seat, g.villainIn(g.h(seat).space), false)
	}
	return g.skillTest(seat, cl, kw, cliff)
}

// skillTest rolls a skill (or dice) test: dice equal to the skill, each at
// or above the target a success; roll again while a roll succeeds; pass on
// reaching the successes needed. Abilities may add dice after a roll; in a
// cliffhanger or escape the hero may exert (1 wound per die, that roll only,
// never to a KO).
func (g *Game) skillTest(seat int, cl *Clause, kw KW, cliff bool) bool {
	h := g.h(seat)
	prev, prevCur := g.test, g.cur
	ts := g.pushTest()
	*ts = TestState{clause: cl, kw: kw, need: cl.Successes, cliff: cliff, seat: seat, failed: ts.failed[:0]}
	// Heroes working together may help with this test, not with any test
	// an effect starts during it.
	helpers := g.helpers
	// Statistics compare unaided tests with the exact odds. Whether help
	// could come is decided before the dice roll: excluding tests because
	// help was used would keep only the lucky ones.
	ts.helped = g.stats != nil && (len(helpers) > 1 || g.aidable(seat, cliff))
	g.test, g.cur, g.helpers = ts, seat, nil
	defer func() { g.test, g.cur, g.helpers = prev, prevCur, helpers; g.testTop-- }()
	base := g.testDice(h, cl, kw)
	if g.trace != nil {
		g.logTest(h, cl, kw, cliff, base)
	}
	for {
		ts.dice = base
		ts.failed = ts.failed[:0] // a re-roll is of this roll's failed dice
		ts.rolled = g.rollDice(ts, base, cl.Target)
		if g.trace != nil {
			g.logDice(seat, "test", "")
		}
		if ts.successes+ts.rolled < ts.need {
			// After the roll: cards that add dice, re-roll, add successes.
			g.offer(seat, TTest)
			if ts.passed {
				break
			}
			if cliff && ts.successes+ts.rolled < ts.need {
				// Never into a KO, whatever the Decider would do.
				for g.health(h) > 1 && h.dec.Exert(g, h, ts) && ts.successes+ts.rolled < ts.need {
					h.wounds++
					ts.helped = true
					if g.stats != nil {
						g.stats.rule(RuleExert)
					}
					if g.trace != nil {
						g.logWounds(h, 1, "exert")
					}
					ts.rolled += g.rollDice(ts, 1, cl.Target)
					if g.trace != nil {
						g.logDice(seat, "exert", "")
					}
				}
			}
			if ts.successes+ts.rolled < ts.need {
				g.helpExert(h, helpers, ts)
			}
		} else {
			// A roll that passes may be hindered by an opponent's card.
			g.offerOpponents(seat, TTest)
		}
		ts.successes += ts.rolled
		if ts.passed || ts.successes >= ts.need {
			ts.passed = true
			break
		}
		if ts.rolled == 0 {
			break
		}
	}
	if g.trace != nil {
		g.emit(seat, "test-result", "", map[string]any{"passed": flag(ts.passed), "successes": ts.successes, "need": ts.need},
			"  %s: %s — %s (%d/%d)", h.def.Name, cl, passFail(ts.passed), ts.successes, ts.need)
	}
	if g.stats != nil {
		g.stats.test(g, h, dice.Table().Pass(base, cl.Target, cl.Successes), ts.passed, ts.helped)
	}
	return ts.passed
}

// aidable reports whether anything could change a test's dice: exerting,
// helpers, or a test-timing ability or card held by the hero or, against
// it, by a rival.
func (g *Game) aidable(seat int, cliff bool) bool {
	h := g.h(seat)
	if cliff || h.def.At(TTest) {
		return true
	}
	for _, id := range h.items {
		if g.c.Items[id].At(TTest) {
			return true
		}
	}
	for o := range g.heroes {
		for _, hc := range g.heroes[o].hand {
			e := g.eventOf(hc)
			if e.At(TTest) && (o == seat) == (e.Target != TargetOpponent) {
				return true
			}
		}
	}
	return false
}

// pushTest takes a test state from the game's pool: tests nest (an effect
// takes a test during another), and reusing them keeps games from
// allocating. The caller pops it with g.testTop--.
func (g *Game) pushTest() *TestState {
	if g.testTop == len(g.testPool) {
		g.testPool = append(g.testPool, &TestState{})
	}
	ts := g.testPool[g.testTop]
	g.testTop++
	return ts
}

// rollDice rolls n dice for a test, remembering the failed ones for
// re-rolls, and returns the successes.
func (g *Game) rollDice(ts *TestState, n, target int) int {
	n = max(n, 0)
	if !g.plainRolls(n) {
		return g.rollDiceEach(ts, n, target)
	}
	// Plain rolls: the steps added and the dice drawn as roll would, its
	// checks made once for all of them.
	var before rng.Rand
	var stepsBefore game.Steps
	if selfCheck {
		before, stepsBefore = g.dice, g.steps
	}
	g.steps += game.Steps(n)
	s := 0
	for range n {
		if r := g.dice.D6(); r >= target {
			s++
		} else {
			ts.failed = append(ts.failed, int8(r))
		}
	}
	if selfCheck {
		g.checkDice(before, stepsBefore, ts, len(ts.failed)-(n-s), n, target, s)
	}
	return s
}

// checkDice, in selfCheck, rolls again one by one the n dice rollDice
// rolled at once from the stream before, and panics unless the successes,
// the failed faces (from ts.failed[failed:]), the stream and the steps
// after agree.
func (g *Game) checkDice(before rng.Rand, stepsBefore game.Steps, ts *TestState, failed, n, target, s int) {
	after, steps := g.dice, g.steps
	faces := append(g.checkFaces[:0], ts.failed[failed:]...)
	g.checkFaces = faces
	g.dice, g.steps, ts.failed = before, stepsBefore, ts.failed[:failed]
	if want := g.rollDiceEach(ts, n, target); s != want || g.dice != after || g.steps != steps || !slices.Equal(faces, ts.failed[failed:]) {
		panic(fmt.Sprintf("self-check: %d dice rolled at once passed %d, failing %v (step %d); one by one %d, failing %v (step %d)",
			n, s, faces, steps, want, ts.failed[failed:], g.steps))
	}
}

// rollDiceEach is rollDice die by die.
func (g *Game) rollDiceEach(ts *TestState, n, target int) int {
	s := 0
	for range n {
		if r := g.roll(); r >= target {
			s++
		} else {
			ts.failed = append(ts.failed, int8(r))
		}
	}
	return s
}

func passFail(ok bool) string {
	if ok {
		return "passed"
	}
	return "failed"
}

// skillTestEffect runs a test an effect asks for (testSkill, testDice):
// skill >= 0 tests that skill, else dice plain dice. The clause lives in
// a pooled frame for as long as the test runs (the test keeps a pointer to
// it), so an effect's test allocates nothing.
func (g *Game) skillTestEffect(seat, skill, dice, target, successes int) bool {
	if g.clauseTop == len(g.clausePool) {
		g.clausePool = append(g.clausePool, new(effectClause))
	}
	f := g.clausePool[g.clauseTop]
	g.clauseTop++
	f.Clause = Clause{Kind: DiceTest, Dice: dice, Target: target, Successes: successes}
	if skill >= 0 {
		f.skill[0] = Skill(skill)
		f.Clause = Clause{Kind: SkillTest, Skills: f.skill[:], Target: target, Successes: successes}
	}
	var kw KW
	if g.danger != nil {
		kw = g.dangerKW()
	}
	passed := g.skillTest(seat, &f.Clause, kw, false)
	g.clauseTop--
	return passed
}

// effectClause is the clause of a test an effect takes, with room for its
// one skill.
type effectClause struct {
	Clause
	skill [1]Skill
}

// helpExert: heroes working together who are not taking the test may exert
// to add dice to this roll, even outside a cliffhanger (cooperative game;
// teammates in the team game). Each wound is one more die, as each helper
// decides; nobody exerts into a KO.
func (g *Game) helpExert(taker *Hero, helpers []int, ts *TestState) {
	for _, s := range helpers {
		o := g.h(s)
		if o == taker || o.ko || o.space != taker.space {
			continue
		}
		for g.health(o) > 1 && ts.successes+ts.rolled < ts.need && o.dec.Help(g, o, taker, ts) {
			o.wounds++
			ts.helped = true
			if g.stats != nil {
				g.stats.rule(RuleExert)
			}
			if g.trace != nil {
				g.logf("  %s exerts to help %s", o.def.Name, taker.def.Name)
				g.logWounds(o, 1, "exert")
			}
			ts.rolled += g.rollDice(ts, 1, ts.clause.Target)
			if g.trace != nil {
				g.logDice(s, "exert", "")
			}
		}
		if ts.successes+ts.rolled >= ts.need {
			return
		}
	}
}

// logTest reports a test about to be rolled: what it asks, the dice
// (base) and, before it, the modifiers that made them.
func (g *Game) logTest(h *Hero, cl *Clause, kw KW, cliff bool, base int) {
	printed := 0
	if cl.Kind == DiceTest {
		printed = cl.Dice
	} else {
		for _, sk := range cl.Skills {
			printed += int(h.def.Skills[sk])
			g.logMods(h, Stat(sk), kw, "test")
		}
		g.logMods(h, StatTests, kw, "test")
		if n := g.specialMod(h, cl, kw); n != 0 {
			g.logMod(h.seat, g.c.Adventures[g.sites[h.progress].adv].ID, StatTests, n, "test", "special")
		}
	}
	if g.escaping > 0 {
		g.eachMod(h, StatEscape, KW{}, false, func(src *Card, scope string, amount int) {
			g.logMod(h.seat, src.ID, StatEscape, amount, "test", scope)
		})
	}
	g.emit(h.seat, "test", "", map[string]any{"test": cl.String(), "printed": printed, "dice": base, "target": cl.Target,
		"need": cl.Successes, "cliff": b2i(cliff), "escape": b2i(g.escaping > 0)},
		"  %s tests %s with %d dice", h.def.Name, cl, base)
}
