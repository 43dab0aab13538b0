package sim

import (
	"math"
	"sort"
)

// Interval is a confidence interval.
type Interval struct {
	Low, High float64
}

// Wilson is the 95% Wilson score interval for a proportion of k successes in
// n trials: honest near 0 and 1 and for small n, unlike the normal
// approximation.
func Wilson(k, n int) Interval { return WilsonZ(k, n, z95) }

// WilsonZ is the Wilson score interval at the normal quantile z (1.96 for
// 95%): the proportions p0 a score test at that level would not reject.
func WilsonZ(k, n int, z float64) Interval {
	if n == 0 {
		return Interval{0, 1}
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Interval{Low: max(centre-half, 0), High: min(centre+half, 1)}
}

// ScoreTest is the two-sided p-value of "k successes in n trials come from
// a proportion p0": the score test the Wilson interval inverts, so that p
// is below 0.05 exactly when p0 lies outside the 95% Wilson interval.
func ScoreTest(k, n int, p0 float64) float64 {
	if n == 0 || p0 <= 0 || p0 >= 1 {
		return 1
	}
	se := math.Sqrt(p0 * (1 - p0) / float64(n))
	return TwoSided((float64(k)/float64(n) - p0) / se)
}

// TwoProportions is the two-sided p-value of "two independent proportions
// are equal" (the pooled z-test).
func TwoProportions(k1, n1, k2, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		return 1
	}
	pooled := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pooled * (1 - pooled) * (1/float64(n1) + 1/float64(n2)))
	d := float64(k1)/float64(n1) - float64(k2)/float64(n2)
	if se == 0 {
		if d == 0 {
			return 1
		}
		return 0
	}
	return TwoSided(d / se)
}

// Z is the two-sided normal quantile of a level: Z(0.05) = 1.96.
func Z(level float64) float64 {
	if level <= 0 || level >= 1 {
		return z95
	}
	return math.Sqrt2 * math.Erfinv(1-level)
}

// Histogram counts integer values (game lengths); memory is the range of
// values, not the number of games.
type Histogram struct {
	Counts []int64 `json:"counts"`
}

// Add counts a value (negative values count as 0).
func (h *Histogram) Add(v int) {
	v = max(v, 0)
	for len(h.Counts) <= v {
		h.Counts = append(h.Counts, 0)
	}
	h.Counts[v]++
}

// Merge adds another histogram.
func (h *Histogram) Merge(o *Histogram) {
	for v, c := range o.Counts {
		for len(h.Counts) <= v {
			h.Counts = append(h.Counts, 0)
		}
		h.Counts[v] += c
	}
}

// N is the number of values counted.
func (h *Histogram) N() int64 {
	var n int64
	for _, c := range h.Counts {
		n += c
	}
	return n
}

// Quantile returns the smallest value at or below which a fraction q of the
// values lie (exact, from the counts).
func (h *Histogram) Quantile(q float64) int {
	n := h.N()
	if n == 0 {
		return 0
	}
	target := int64(math.Ceil(q * float64(n)))
	target = max(target, 1)
	var seen int64
	for v, c := range h.Counts {
		seen += c
		if seen >= target {
			return v
		}
	}
	return len(h.Counts) - 1
}

// Mean is the average value.
func (h *Histogram) Mean() float64 {
	n := h.N()
	if n == 0 {
		return 0
	}
	var s float64
	for v, c := range h.Counts {
		s += float64(v) * float64(c)
	}
	return s / float64(n)
}

// SortedKeys returns a map's keys sorted.
func SortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// DiffInterval is the 95% interval of p1 − p2 for two independent
// proportions (Newcombe's hybrid score method, built on Wilson intervals:
// well behaved for small counts and rates near 0 or 1).
func DiffInterval(k1, n1, k2, n2 int) (diff float64, ci Interval) {
	return DiffIntervalZ(k1, n1, k2, n2, z95)
}

// DiffIntervalZ is DiffInterval at the normal quantile z.
func DiffIntervalZ(k1, n1, k2, n2 int, z float64) (diff float64, ci Interval) {
	if n1 == 0 || n2 == 0 {
		return 0, Interval{-1, 1}
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	a, b := WilsonZ(k1, n1, z), WilsonZ(k2, n2, z)
	diff = p1 - p2
	lo := diff - math.Sqrt((p1-a.Low)*(p1-a.Low)+(b.High-p2)*(b.High-p2))
	hi := diff + math.Sqrt((a.High-p1)*(a.High-p1)+(p2-b.Low)*(p2-b.Low))
	return diff, Interval{Low: lo, High: hi}
}

// Paired accumulates paired differences (a run with a card against the
// same seeds without it: common random numbers). The differences are
// whole numbers (a win, a round), so the sums are exact integers: two
// halves of a run merge into exactly what one run would count.
type Paired struct {
	N, Sum, SumSq int64
}

// Add records one pair's difference.
func (p *Paired) Add(d int) {
	p.N++
	p.Sum += int64(d)
	p.SumSq += int64(d) * int64(d)
}

// Merge adds another run's pairs.
func (p *Paired) Merge(o Paired) {
	p.N += o.N
	p.Sum += o.Sum
	p.SumSq += o.SumSq
}

// Mean is the average difference.
func (p *Paired) Mean() float64 {
	if p.N == 0 {
		return 0
	}
	return float64(p.Sum) / float64(p.N)
}

// se is the standard error of the mean difference.
func (p *Paired) se() float64 {
	n := float64(p.N)
	m := p.Mean()
	v := (float64(p.SumSq) - n*m*m) / (n - 1)
	return math.Sqrt(max(v, 0) / n)
}

// Interval is the 95% interval of the mean difference (normal, from the
// sample variance of the differences).
func (p *Paired) Interval() Interval { return p.IntervalZ(z95) }

// IntervalZ is the interval of the mean difference at the normal quantile z.
func (p *Paired) IntervalZ(z float64) Interval {
	m := p.Mean()
	if p.N < 2 {
		return Interval{math.Inf(-1), math.Inf(1)}
	}
	se := p.se()
	return Interval{Low: m - z*se, High: m + z*se}
}

// PValue is the two-sided p-value of "the mean difference is 0".
func (p *Paired) PValue() float64 {
	if p.N < 2 {
		return 1
	}
	m := p.Mean()
	se := p.se()
	if se == 0 {
		if m == 0 {
			return 1
		}
		return 0
	}
	return TwoSided(m / se)
}

// TwoSided is the two-sided p-value of a standard normal statistic.
func TwoSided(z float64) float64 { return math.Erfc(math.Abs(z) / math.Sqrt2) }

// BenjaminiHochberg adjusts p-values for comparing many cards at once,
// controlling the false discovery rate: q[i] is the adjusted p-value.
func BenjaminiHochberg(p []float64) []float64 {
	n := len(p)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	q := make([]float64, n)
	prev := 1.0
	for r := n - 1; r >= 0; r-- {
		i := idx[r]
		v := min(p[i]*float64(n)/float64(r+1), prev, 1)
		q[i] = v
		prev = v
	}
	return q
}
