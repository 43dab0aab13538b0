// Package rng provides the simulator's deterministic random streams. A game
// draws from several independent streams (dice, each deck, each bot), each
// seeded from the game's seed and the stream's name, so the same seed gives
// the same game on any worker, and a change to one deck's contents perturbs
// that deck's draws only.
package rng

import "math/bits"

// Rand is a SplitMix64 generator: tiny, fast and of good statistical
// quality (it passes BigCrush), with a 2^64 period per stream.
type Rand struct {
	state uint64
}

const golden = 0x9e3779b97f4a7c15

func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// New returns the stream named by id for the given game seed.
func New(seed, id uint64) Rand {
	return Rand{state: mix(seed^mix(id+golden)) + id}
}

// Stream names a stream by a string, hashed (FNV-1a) to an id.
func Stream(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// Seed derives the seed of game i of a run from the run's seed.
func Seed(runSeed uint64, i int) uint64 { return mix(runSeed + uint64(i)*golden) }

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += golden
	return mix(r.state)
}

// Intn returns a uniform integer in [0, n), n > 0, without bias
// (Lemire's multiply-and-reject).
func (r *Rand) Intn(n int) int {
	// Draws until the low word is past the biased zone, -n mod n, which
	// is below n: almost always the first draw, without the division.
	for {
		hi, lo := bits.Mul64(r.Uint64(), uint64(n))
		if lo >= uint64(n) || lo >= -uint64(n)%uint64(n) {
			return int(hi)
		}
	}
}

// D6 rolls a six-sided die.
func (r *Rand) D6() int { return r.Intn(6) + 1 }

// D3 rolls a D3: a d6 read as 1–2 → 1, 3–4 → 2, 5–6 → 3.
func (r *Rand) D3() int { return (r.D6() + 1) / 2 }

// Chance returns true with probability p.
func (r *Rand) Chance(p float64) bool {
	return float64(r.Uint64()>>11)*(1.0/(1<<53)) < p
}

// Shuffle permutes s in place (Fisher–Yates).
func Shuffle[T any](r *Rand, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
