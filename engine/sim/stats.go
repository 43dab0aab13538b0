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
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{0, 1}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Interval{Low: max(centre-half, 0), High: min(centre+half, 1)}
}

// Histogram counts integer values (game lengths); memory is the range of
// values, not the number of games.
type Histogram struct {
	Counts []int64
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
