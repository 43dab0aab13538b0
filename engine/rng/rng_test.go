package rng

import (
	"math"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStreamsAreIndependentAndRepeatable(t *testing.T) {
	a, b := New(1, Stream("dice")), New(1, Stream("dice"))
	c := New(1, Stream("deck:events"))
	same, differ := 0, 0
	for range 100 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		if x == y {
			same++
		}
		if x != z {
			differ++
		}
	}
	assert.Equal(t, 100, same, "the same seed and stream repeat")
	assert.Equal(t, 100, differ, "another stream differs")
	assert.NotEqual(t, Seed(1, 0), Seed(1, 1))
	assert.NotEqual(t, Seed(1, 0), Seed(2, 0))
}

// TestDiceAreFair: each face of a d6 within four standard errors of 1/6,
// and D3 maps faces 1–2, 3–4, 5–6.
func TestDiceAreFair(t *testing.T) {
	r := New(42, 1)
	const n = 600000
	var faces [7]int
	for range n {
		faces[r.D6()]++
	}
	se := math.Sqrt(n * (1.0 / 6) * (5.0 / 6))
	for f := 1; f <= 6; f++ {
		assert.InDelta(t, n/6.0, float64(faces[f]), 4*se, "face %d", f)
	}
	var d3 [4]int
	for range 60000 {
		d3[r.D3()]++
	}
	assert.Zero(t, d3[0])
	for v := 1; v <= 3; v++ {
		assert.InDelta(t, 20000, d3[v], 600)
	}
}

func TestIntnBounds(t *testing.T) {
	r := New(3, 3)
	for _, n := range []int{1, 2, 7, 1000} {
		for range 1000 {
			v := r.Intn(n)
			assert.True(t, v >= 0 && v < n)
		}
	}
}

// intnReference is Intn as first written: Lemire's multiply-and-reject
// with the threshold worked out once the first draw falls below n.
func intnReference(r *Rand, n int) int {
	hi, lo := bits.Mul64(r.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// Intn gives the numbers the reference gives, from the same stream, and
// leaves the stream where the reference does: for dice and deck sizes, and
// for n so large that draws are rejected often.
func TestIntnMatchesReference(t *testing.T) {
	rejected := 0
	for _, n := range []int{1, 2, 3, 6, 7, 40, 1000, 1<<62 + 1, 3 << 61, math.MaxInt64} {
		a, b := New(11, uint64(n)), New(11, uint64(n))
		for i := range 20000 {
			before := b
			want := intnReference(&a, n)
			got := b.Intn(n)
			require.Equal(t, want, got, "n %d draw %d", n, i)
			require.Equal(t, a, b, "n %d draw %d: the stream", n, i)
			if b.state != before.state+golden {
				rejected++ // more than one draw
			}
		}
	}
	assert.Greater(t, rejected, 1000, "large n rejects draws: the loop is exercised")
}
