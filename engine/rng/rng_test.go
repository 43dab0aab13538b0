package rng

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
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
