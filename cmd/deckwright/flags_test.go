package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --impact-budget reads whole games, with k or M and a decimal where it
// makes whole games; the bounds are 1 and maxGames.
func TestParseBudget(t *testing.T) {
	tests := []struct {
		in   string
		want int // 0: refused
	}{
		{"1", 1}, {"0", 0}, {"-1", 0}, {"500000", 500000}, {"500k", 500000}, {"500K", 500000},
		{"2M", 2_000_000}, {"2.5M", 2_500_000}, {"1.5k", 1500}, {"0.001k", 1}, {"0.0005k", 0},
		{"100M", 100_000_000}, {"100.000001M", 0}, {"100000001", 0}, {"101M", 0},
		{"2.5", 0}, {"1e6", 0}, {"1.k", 0}, {"2G", 0}, {"", 0}, {"k", 0}, {"1.-5M", 0}, {" 3k ", 3000},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, err := parseBudget(tt.in)
			if tt.want == 0 {
				require.Error(t, err)
				assert.Equal(t, `--impact-budget must be a number of games from 1 to 100000000 (500000, 500k, 2M or 2.5M), not "`+tt.in+`"`, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, n)
		})
	}
}
