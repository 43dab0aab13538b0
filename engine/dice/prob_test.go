package dice

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/engine/rng"
)

// simulatePass plays the test rule directly: roll n dice, count dice at or
// above target, roll again while a roll succeeded.
func simulatePass(r *rng.Rand, n, extra, target, need int) bool {
	got := 0
	dice := n + extra
	for {
		s := 0
		for range dice {
			if r.D6() >= target {
				s++
			}
		}
		got += s
		if got >= need {
			return true
		}
		if s == 0 {
			return false
		}
		dice = n
	}
}

func TestPassExactValues(t *testing.T) {
	tb := Table()
	// One die, one success at 4+: 1/2. Two dice at 6+: 1 - (5/6)^2.
	assert.InDelta(t, 0.5, tb.Pass(1, 4, 1), 1e-12)
	assert.InDelta(t, 1-25.0/36, tb.Pass(2, 6, 1), 1e-12)
	// One die needing two successes at 4+: succeed, then succeed again: 1/4.
	assert.InDelta(t, 0.25, tb.Pass(1, 4, 2), 1e-12)
	// Needing k successes with one die at p: p^k.
	assert.InDelta(t, math.Pow(1.0/3, 3), tb.Pass(1, 5, 3), 1e-12)
	assert.Equal(t, 1.0, tb.Pass(3, 4, 0))
	assert.Equal(t, 0.0, tb.Pass(0, 4, 1))
}

func TestPassMatchesSimulation(t *testing.T) {
	tb := Table()
	r := rng.New(42, 1)
	const trials = 200000
	for _, c := range []struct{ n, extra, target, need int }{
		{3, 0, 5, 2}, {2, 0, 4, 3}, {4, 0, 6, 1}, {2, 2, 5, 2}, {5, 0, 3, 4}, {30, 0, 6, 20},
	} {
		pass := 0
		for range trials {
			if simulatePass(&r, c.n, c.extra, c.target, c.need) {
				pass++
			}
		}
		want := tb.PassFirst(c.n, c.extra, c.target, c.need)
		// Four standard errors.
		tol := 4 * math.Sqrt(want*(1-want)/trials)
		assert.InDelta(t, want, float64(pass)/trials, tol+1e-9, "%+v", c)
	}
}

func simulateFight(r *rng.Rand, f Fight) (win, trade, lose bool) {
	h, e := f.HeroHealth, f.EnemyHealth
	for {
		a, b := 0, 0
		for range f.HeroDice {
			if r.D6() >= f.Hit {
				a++
			}
		}
		for range f.EnemyDice {
			if r.D6() >= f.Hit {
				b++
			}
		}
		e -= max(a-f.EnemyDefense, 0)
		h -= max(b-f.HeroDefense, 0)
		switch {
		case e <= 0 && h <= 0:
			return false, true, false
		case e <= 0:
			return true, false, false
		case h <= 0:
			return false, false, true
		}
	}
}

func TestFightOddsMatchSimulation(t *testing.T) {
	r := rng.New(7, 2)
	const trials = 100000
	for _, f := range []Fight{
		{HeroDice: 3, HeroDefense: 0, HeroHealth: 5, EnemyDice: 3, EnemyDefense: 0, EnemyHealth: 3, Hit: 4},
		{HeroDice: 2, HeroDefense: 1, HeroHealth: 4, EnemyDice: 4, EnemyDefense: 1, EnemyHealth: 4, Hit: 4},
		{HeroDice: 5, HeroDefense: 0, HeroHealth: 1, EnemyDice: 1, EnemyDefense: 2, EnemyHealth: 2, Hit: 4},
	} {
		var win, trade, lose int
		for range trials {
			w, tr, l := simulateFight(&r, f)
			win, trade, lose = win+b2i(w), trade+b2i(tr), lose+b2i(l)
		}
		o := FightOdds(f)
		assert.InDelta(t, 1, o.Win+o.Trade+o.Lose, 1e-9)
		for _, c := range []struct {
			want float64
			got  int
		}{{o.Win, win}, {o.Trade, trade}, {o.Lose, lose}} {
			tol := 4*math.Sqrt(c.want*(1-c.want)/trials) + 1e-9
			assert.InDelta(t, c.want, float64(c.got)/trials, tol, "%+v", f)
		}
	}
}

func TestFightOddsEdges(t *testing.T) {
	assert.Equal(t, Outcome{Win: 1}, FightOdds(Fight{HeroDice: 1, HeroHealth: 1, EnemyHealth: 0, Hit: 4}))
	// Neither side can hurt the other: no outcome is reachable.
	assert.Equal(t, Outcome{}, FightOdds(Fight{HeroDice: 1, HeroHealth: 3, EnemyDice: 1, EnemyHealth: 3, EnemyDefense: 1, HeroDefense: 1, Hit: 4}))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func BenchmarkPass(b *testing.B) {
	tb := Table()
	for b.Loop() {
		_ = tb.Pass(3, 5, 2)
	}
}
