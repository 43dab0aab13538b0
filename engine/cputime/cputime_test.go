package cputime

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Work done shows in the CPU time: a benchmark's cores figure rests on it.
func TestProcessCountsWork(t *testing.T) {
	before := Process()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	_ = x
	assert.Greater(t, Process(), before, "CPU time grows with work")
}
