package game

import (
	"math"
	"slices"

	"github.com/deckwright/deckwright/engine/sim"
)

// A side's verdict is read from a model of who wins, fitted to the games
// of one player count from their lineups (who sat with whom): each side i
// has a strength θi, and
//
//   - in a game of rivals with one winner, a seat of side i wins with
//     probability e^θi / Σ e^θ over the table's seats (Luce's choice
//     model, the conditional logit);
//   - where the players win or lose together, they win with probability
//     σ(α + Σ θ over the seats) (logistic).
//
// A strong side takes its wins from whoever sits with it: beside it every
// other side wins less than its fair share, but is no weaker for it. So a
// side is set against a typical side — the mean θ of the others — at the
// same tables, not against the fair share. The fit is penalised very
// lightly (half a win, or a wide normal prior), so that a side that never
// wins still has a finite strength.
type lineupModel struct {
	shared bool
	ids    []string
	index  map[string]int
	tables []seating
	theta  []float64
	alpha  float64
	cov    [][]float64 // the inverse of the information: θ, then α (shared)
}

// seating is one lineup with its sides as indices into the model's.
type seating struct {
	seats              []int
	games, won, single int
	wins, singleWins   []int
}

// Prior strength of the fit: a Gamma(1.5, 0.5) prior on e^θ (half a win,
// mode at θ = 0) for rivals; a normal prior of deviation 10 on θ where
// the players win together.
const (
	priorWins = 0.5
	priorRate = 0.5
	ridge     = 0.01
)

// fitLineups fits the model to a count's lineups but those with a side
// in exclude; nil when there is nothing to fit (no lineups, or in a game
// of rivals none with one winner: teams win together, and are judged
// against the fair share).
func fitLineups(tb *sim.Table, shared bool, exclude map[string]bool) *lineupModel {
	m := &lineupModel{shared: shared, index: map[string]int{}}
	keys := make([]string, 0, len(tb.Lineups))
	for k := range tb.Lineups {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	single := 0
	for _, k := range keys {
		l := tb.Lineups[k]
		if slices.ContainsFunc(l.Sides, func(id string) bool { return exclude[id] }) {
			continue
		}
		s := seating{seats: make([]int, len(l.Sides)), games: l.Games, won: l.Won, single: l.Single, wins: l.Wins, singleWins: l.SingleWins}
		for i, id := range l.Sides {
			j, ok := m.index[id]
			if !ok {
				j = len(m.ids)
				m.index[id] = j
				m.ids = append(m.ids, id)
			}
			s.seats[i] = j
		}
		single += l.Single
		m.tables = append(m.tables, s)
	}
	if len(m.tables) == 0 || (!shared && single == 0) {
		return nil
	}
	m.theta = make([]float64, len(m.ids))
	if !m.fit() {
		return nil
	}
	return m
}

// params is the number of parameters: θ, and α where the players win
// together.
func (m *lineupModel) params() int {
	if m.shared {
		return len(m.theta) + 1
	}
	return len(m.theta)
}

// logLik is the penalised log-likelihood at θ, α.
func (m *lineupModel) logLik(theta []float64, alpha float64) float64 {
	ll := 0.0
	for _, t := range m.tables {
		if m.shared {
			eta := alpha
			for _, s := range t.seats {
				eta += theta[s]
			}
			ll += float64(t.won)*eta - float64(t.games)*softplus(eta)
			continue
		}
		if t.single == 0 {
			continue
		}
		total := 0.0
		for i, s := range t.seats {
			total += math.Exp(theta[s])
			ll += float64(t.singleWins[i]) * theta[s]
		}
		ll -= float64(t.single) * math.Log(total)
	}
	for _, th := range theta {
		if m.shared {
			ll -= ridge / 2 * th * th
		} else {
			ll += priorWins*th - priorRate*math.Exp(th)
		}
	}
	return ll
}

// gradInfo is the gradient of the penalised log-likelihood and the
// information (minus its Hessian) at the model's parameters.
func (m *lineupModel) gradInfo() ([]float64, [][]float64) {
	k := len(m.theta)
	p := m.params()
	g := make([]float64, p)
	info := make([][]float64, p)
	for i := range info {
		info[i] = make([]float64, p)
	}
	x := make([]float64, p) // a table's seats of each side (and 1 for α)
	for _, t := range m.tables {
		clear(x)
		for _, s := range t.seats {
			x[s]++
		}
		if m.shared {
			x[k] = 1
			eta := m.alpha
			for _, s := range t.seats {
				eta += m.theta[s]
			}
			pr := sigmoid(eta)
			r, w := float64(t.won)-float64(t.games)*pr, float64(t.games)*pr*(1-pr)
			for i := range p {
				if x[i] == 0 {
					continue
				}
				g[i] += x[i] * r
				for j := range p {
					info[i][j] += w * x[i] * x[j]
				}
			}
			continue
		}
		if t.single == 0 {
			continue
		}
		total := 0.0
		for _, s := range t.seats {
			total += math.Exp(m.theta[s])
		}
		for i, s := range t.seats {
			g[s] += float64(t.singleWins[i])
		}
		n := float64(t.single)
		for i := range k {
			if x[i] == 0 {
				continue
			}
			pi := x[i] * math.Exp(m.theta[i]) / total
			g[i] -= n * pi
			info[i][i] += n * pi
			for j := range k {
				if x[j] != 0 {
					info[i][j] -= n * pi * x[j] * math.Exp(m.theta[j]) / total
				}
			}
		}
	}
	for i, th := range m.theta {
		if m.shared {
			g[i] -= ridge * th
			info[i][i] += ridge
		} else {
			g[i] += priorWins - priorRate*math.Exp(th)
			info[i][i] += priorRate * math.Exp(th)
		}
	}
	return g, info
}

// fit finds the most likely strengths by Newton's method (the penalised
// log-likelihood is concave), halving a step that does not improve it,
// and keeps the inverse information for the intervals.
func (m *lineupModel) fit() bool {
	ll := m.logLik(m.theta, m.alpha)
	for range 200 {
		g, info := m.gradInfo()
		cov, ok := invert(info)
		if !ok {
			return false
		}
		step := make([]float64, len(g))
		size := 0.0
		for i := range cov {
			for j := range g {
				step[i] += cov[i][j] * g[j]
			}
			size = max(size, math.Abs(step[i]))
		}
		m.cov = cov
		if size < 1e-10 {
			return true
		}
		for scale := 1.0; scale > 1e-6; scale /= 2 {
			theta := slices.Clone(m.theta)
			for i := range theta {
				theta[i] += scale * step[i]
			}
			alpha := m.alpha
			if m.shared {
				alpha += scale * step[len(theta)]
			}
			if l := m.logLik(theta, alpha); l >= ll-1e-12 {
				m.theta, m.alpha, ll = theta, alpha, l
				break
			}
		}
	}
	_, info := m.gradInfo()
	var ok bool
	m.cov, ok = invert(info)
	return ok
}

// contrast is a side's strength less the mean of the reference sides',
// and its standard error.
func (m *lineupModel) contrast(h int, ref []int) (float64, float64) {
	c := make([]float64, m.params())
	c[h] = 1
	for _, j := range ref {
		c[j] -= 1 / float64(len(ref))
	}
	d, v := 0.0, 0.0
	for i := range c {
		if i < len(m.theta) {
			d += c[i] * m.theta[i]
		}
		for j := range c {
			v += c[i] * m.cov[i][j] * c[j]
		}
	}
	return d, math.Sqrt(max(v, 0))
}

// wins is how many of its games side h would win with strength θ, the
// other sides as fitted: each game it played, at the tables it sat at.
// Rivals' games with several winners or none are not modelled: they are
// left to the caller.
func (m *lineupModel) wins(h int, theta float64) float64 {
	e := 0.0
	for _, t := range m.tables {
		c := 0.0
		for _, s := range t.seats {
			if s == h {
				c++
			}
		}
		if c == 0 {
			continue
		}
		if m.shared {
			eta := m.alpha + c*(theta-m.theta[h])
			for _, s := range t.seats {
				eta += m.theta[s]
			}
			e += c * float64(t.games) * sigmoid(eta)
			continue
		}
		others := 0.0
		for _, s := range t.seats {
			if s != h {
				others += math.Exp(m.theta[s])
			}
		}
		e += float64(t.single) * c * math.Exp(theta) / (others + c*math.Exp(theta))
	}
	return e
}

// reference lists the sides a typical side is the mean of, for side h:
// every other side but those left out — or, if that leaves none, every
// other side.
func (m *lineupModel) reference(h int, leaveOut map[string]bool) []int {
	var ref, all []int
	for j, id := range m.ids {
		if j == h {
			continue
		}
		all = append(all, j)
		if !leaveOut[id] {
			ref = append(ref, j)
		}
	}
	if len(ref) == 0 {
		return all
	}
	return ref
}

// side is the index of a side the model knows (none of a nil model).
func (m *lineupModel) side(id string) (int, bool) {
	if m == nil {
		return 0, false
	}
	h, ok := m.index[id]
	return h, ok
}

// record is side h's wins and games (a game for each of its seats) at
// the model's tables, and its wins in the rivals' games with one winner.
func (m *lineupModel) record(h int) (won, played, single int) {
	for _, t := range m.tables {
		for i, s := range t.seats {
			if s == h {
				won += t.wins[i]
				played += t.games
				single += t.singleWins[i]
			}
		}
	}
	return won, played, single
}

// typical judges side h against a typical side of ref at the model's
// tables: its wins and games there, its rate, the typical side's, the
// difference with its interval at z, and the p-value of no difference.
func (m *lineupModel) typical(v *Verdict, h int, ref []int, b Balance) {
	d, se := m.contrast(h, ref)
	won, played, single := m.record(h)
	base := 0.0 // wins the model leaves as they were: rivals' games with several winners
	if !m.shared {
		base = float64(won - single)
	}
	mean := m.theta[h] - d
	rate := func(delta float64) float64 { return (base + m.wins(h, mean+delta)) / float64(played) }
	z := b.z()
	v.Wins, v.Games, v.RefWins, v.RefGames, v.fixed, v.typical = won, played, 0, 0, false, true
	ci := sim.WilsonZ(won, played, z)
	r, fitted, ref0 := frac0(won, played), rate(d), rate(0)
	v.Rate, v.Low, v.High, v.RefRate = round(r), round(ci.Low), round(ci.High), round(ref0)
	// The difference is the model's, as its test is: the interval is the
	// fitted rate's at d ± z·se, so it holds 0 exactly when p ≥ the level,
	// and stays inside what a rate can be. Few games pull the fit towards
	// a typical side (the prior's half a win); the observed rate is Rate.
	v.Delta = round(fitted - ref0)
	v.DeltaLow = round(rate(d-z*se) - ref0)
	v.DeltaHigh = round(rate(d+z*se) - ref0)
	v.p = 1
	if se > 0 {
		v.p = sim.TwoSided(d / se)
	}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// softplus is log(1 + e^x), without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}

// invert inverts a symmetric positive-definite matrix (Gauss–Jordan with
// partial pivoting); false when it is singular.
func invert(a [][]float64) ([][]float64, bool) {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for col := range n {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(m[pivot][col]) < 1e-300 {
			return nil, false
		}
		m[col], m[pivot] = m[pivot], m[col]
		inv := 1 / m[col][col]
		for j := range m[col] {
			m[col][j] *= inv
		}
		for r := range n {
			if r == col || m[r][col] == 0 {
				continue
			}
			f := m[r][col]
			for j := range m[r] {
				m[r][j] -= f * m[col][j]
			}
		}
	}
	out := make([][]float64, n)
	for i := range m {
		out[i] = m[i][n:]
	}
	return out, true
}
