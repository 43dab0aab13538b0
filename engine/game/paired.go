package game

import (
	"math"

	"github.com/deckwright/deckwright/engine/sim"
)

// A card's paired effect is E[A] − E[B]: A is a unit's outcome with the
// card (the base run: a holder's win, a game's length), B the same unit's
// outcome on the same seed with a substitute in its place. Every base
// game is played once for all the cards, so A is known over far more
// units than B, which costs a game per unit and per card. The estimator
// uses that (a two-phase regression estimator, A as control variate):
//
//	θ = Ā_N − (B̄_n − β(Ā_n − Ā_N)),   β = Cov(A,B)/Var(A)
//
// over the N base units and the n paired ones, a random subset of them
// (the first n of the card's games, in seed order). B's mean is corrected
// by how far the paired units' A fell from every unit's A: the luck the
// pair shares. Its variance is
//
//	(1−β)²·Var(A)/N + Var(B|A)/n,   Var(B|A) = Var(B) − Cov(A,B)²/Var(A)
//
// against the plain paired difference's Var(A−B)/n. With N = n it is the
// plain paired difference exactly. Sums are whole numbers: exact, and
// mergeable in any order.

// pairSums are sums over paired units.
type pairSums struct{ N, A, B, AA, BB, AB int64 }

func (p *pairSums) add(a, b int) {
	x, y := int64(a), int64(b)
	p.N++
	p.A += x
	p.B += y
	p.AA += x * x
	p.BB += y * y
	p.AB += x * y
}

// baseSums are sums of A over every base unit.
type baseSums struct{ N, A, AA int64 }

func (s *baseSums) add(a int) {
	x := int64(a)
	s.N++
	s.A += x
	s.AA += x * x
}

// controlled is the two-phase estimate of E[A] − E[B] from n pairs p and
// N ≥ n base units s (the pairs' A among them), with its standard error
// and the plain paired difference's standard error on the same pairs.
func controlled(p pairSums, s baseSums) (mean, se, plainSE float64) {
	n := float64(p.N)
	if p.N < 2 {
		return 0, math.Inf(1), math.Inf(1)
	}
	a, b := float64(p.A)/n, float64(p.B)/n
	vA := (float64(p.AA) - n*a*a) / (n - 1)
	vB := (float64(p.BB) - n*b*b) / (n - 1)
	cAB := (float64(p.AB) - n*a*b) / (n - 1)
	vD := max(vA+vB-2*cAB, 0)
	plainSE = math.Sqrt(vD / n)
	if s.N <= p.N {
		// No base unit beyond the pairs: the plain paired difference.
		return (float64(p.A) - float64(p.B)) / n, plainSE, plainSE
	}
	bigN := float64(s.N)
	aN := float64(s.A) / bigN
	vAN := max((float64(s.AA)-bigN*aN*aN)/(bigN-1), 0)
	beta := 0.0
	if vA > 0 {
		beta = cAB / vA
	}
	mean = aN - (b - beta*(a-aN))
	// Var(B|A), with one more degree of freedom spent on β.
	vBA := max(vB-beta*cAB, 0)
	if n > 2 {
		vBA *= (n - 1) / (n - 2)
	}
	v := (1-beta)*(1-beta)*vAN/bigN + vBA/n
	return mean, math.Sqrt(v), plainSE
}

// controlledEffect is the effect of pairs p and base units s at the
// normal quantile z: nil without two pairs.
func controlledEffect(p pairSums, s baseSums, z float64) *Effect {
	if p.N < 2 {
		return nil
	}
	m, se, _ := controlled(p, s)
	e := &Effect{Pairs: int(p.N), Delta: round(m), Low: round(m - z*se), High: round(m + z*se)}
	switch {
	case se > 0:
		e.p = sim.TwoSided(m / se)
	case m == 0:
		e.p = 1
	}
	e.P = round(e.p)
	return e
}

// winEffect is controlledEffect for a win effect, whose units are 0 or 1,
// bounded where its pairs all agree (agreed).
func winEffect(p pairSums, s baseSums, z float64) *Effect {
	e := controlledEffect(p, s, z)
	agreed(e, p.AA+p.BB-2*p.AB, p.N, z) // Σ(A−B)²: the pairs that disagree
	return e
}

// agreed widens the interval of a win effect whose n pairs all agree
// (discordant is 0). Their differences have no variance, so the normal
// interval is ±0; yet n pairs that all agree only bound how often a pair
// disagrees — below the Wilson upper limit z²/(n+z²) — and the effect is
// no larger than that.
func agreed(e *Effect, discordant, n int64, z float64) {
	if e == nil || discordant != 0 || n < 1 {
		return
	}
	u := round(sim.WilsonZ(0, int(n), z).High)
	e.Low, e.High, e.p, e.P = -u, u, 1, 1
}
