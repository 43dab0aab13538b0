package game

import "github.com/deckwright/deckwright/engine/sim"

// family is hypotheses tested together: their p-values are corrected as
// one (Benjamini–Hochberg), and each corrected value q goes to the setter
// its test was added with, told the family's size.
type family struct {
	p   []float64
	set []func(q float64, size int)
}

func (f *family) add(p float64, set func(q float64, size int)) {
	f.p = append(f.p, p)
	f.set = append(f.set, set)
}

// verdict adds a verdict's test, or decides it untested when it rests on
// too few trials.
func (f *family) verdict(v *Verdict, level float64) {
	if !v.enough() {
		v.decide(1, level, 0)
		return
	}
	f.add(v.p, func(q float64, size int) { v.decide(q, level, size) })
}

// correct corrects the family and hands out the q-values; it returns the
// family's size.
func (f *family) correct() int {
	for i, q := range sim.BenjaminiHochberg(f.p) {
		f.set[i](q, len(f.p))
	}
	return len(f.p)
}
