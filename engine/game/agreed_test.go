package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Pairs that all agree bound a win effect by how often a pair could
// disagree (Wilson's upper limit for 0 of n), not by a zero-width
// interval; one pair that disagrees leaves the normal interval.
func TestAgreedPairsBoundTheEffect(t *testing.T) {
	tests := []struct {
		name           string
		n, wins, flips int // flips: pairs won with the card and lost without
		low, high      float64
		p              float64
	}{
		{"100 pairs all agree", 100, 30, 0, -0.037, 0.037, 1},
		{"1000 pairs all agree", 1000, 300, 0, -0.0038, 0.0038, 1},
		{"2 pairs agree", 2, 1, 0, -0.6576, 0.6576, 1},
		{"one pair of 100 disagrees", 100, 30, 1, -0.0096, 0.0296, 0.3173},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p pairSums
			var s baseSums
			for i := range tt.n {
				a := b2i(i < tt.wins+tt.flips)
				b := b2i(i < tt.wins)
				p.add(a, b)
				s.add(a)
			}
			e := winEffect(p, s, 1.959964)
			require.NotNil(t, e)
			assert.InDelta(t, tt.low, e.Low, 1e-4)
			assert.InDelta(t, tt.high, e.High, 1e-4)
			assert.InDelta(t, tt.p, e.P, 1e-4)
		})
	}
}
