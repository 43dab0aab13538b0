// Package dice holds the exact probability maths of dice tests that bots
// and reports rely on.
package dice

import "sync"

// Limits of the precomputed tables. Larger tests are computed on demand.
const (
	MaxDice  = 24
	MaxNeed  = 16
	MinFaces = 2
)

// PassTable holds P(pass) of Fortune and Glory style tests: roll n dice,
// each at or above target is a success, roll again while a roll had at
// least one success, pass on reaching need successes.
type PassTable struct {
	p [MaxDice + 1][7][MaxNeed + 1]float64
}

var (
	tableOnce sync.Once
	table     *PassTable
)

// Table returns the shared precomputed table.
func Table() *PassTable {
	tableOnce.Do(func() { table = newPassTable() })
	return table
}

func newPassTable() *PassTable {
	t := &PassTable{}
	for n := 1; n <= MaxDice; n++ {
		for target := MinFaces; target <= 6; target++ {
			dist := Binomial(n, float64(7-target)/6)
			row := &t.p[n][target]
			row[0] = 1
			for k := 1; k <= MaxNeed; k++ {
				// P(reach k) = sum over a first roll of s ≥ 1 successes of
				// P(s) · P(reach k−s), the same dice rolling again.
				v := 0.0
				for s := 1; s <= n; s++ {
					rest := k - s
					if rest <= 0 {
						v += dist[s]
					} else {
						v += dist[s] * row[rest]
					}
				}
				row[k] = v
			}
		}
	}
	return t
}

// Pass returns the probability of passing a test: n dice, each die at or
// above target succeeds, need successes, re-rolling while a roll succeeds.
func (t *PassTable) Pass(n, target, need int) float64 {
	switch {
	case need <= 0:
		return 1
	case n <= 0 || target > 6:
		return 0
	}
	if target < MinFaces {
		target = MinFaces
	}
	if n <= MaxDice && need <= MaxNeed {
		return t.p[n][target][need]
	}
	return passSlow(n, target, need)
}

// PassFirst is Pass when the first roll has extra dice (exerting, or dice
// added for that roll only) and later rolls use n.
func (t *PassTable) PassFirst(n, extra, target, need int) float64 {
	if extra <= 0 {
		return t.Pass(n, target, need)
	}
	if need <= 0 {
		return 1
	}
	// On the stack: the bots ask this at every exertion they weigh.
	var buf [2 * MaxDice]float64
	p := float64(7-min(max(target, MinFaces), 7)) / 6
	var dist []float64
	if m := n + extra; m < len(buf) {
		dist = binomialInto(buf[:m+1], p)
	} else {
		dist = Binomial(m, p)
	}
	v := 0.0
	for s := 1; s < len(dist); s++ {
		v += dist[s] * t.Pass(n, target, need-s)
	}
	return v
}

func passSlow(n, target, need int) float64 {
	dist := Binomial(n, float64(7-target)/6)
	memo := make([]float64, need+1)
	memo[0] = 1
	for k := 1; k <= need; k++ {
		v := 0.0
		for s := 1; s <= n; s++ {
			if k-s <= 0 {
				v += dist[s]
			} else {
				v += dist[s] * memo[k-s]
			}
		}
		memo[k] = v
	}
	return memo[need]
}

// Binomial returns P(X = k) for k = 0..n, X ~ Binomial(n, p).
func Binomial(n int, p float64) []float64 {
	return binomialInto(make([]float64, n+1), p)
}

// binomialInto is Binomial over len(out)-1 trials, written into out.
func binomialInto(out []float64, p float64) []float64 {
	n := len(out) - 1
	clear(out)
	out[0] = 1
	for i := 0; i < n; i++ {
		for k := i + 1; k > 0; k-- {
			out[k] = out[k]*(1-p) + out[k-1]*p
		}
		out[0] *= 1 - p
	}
	return out
}
