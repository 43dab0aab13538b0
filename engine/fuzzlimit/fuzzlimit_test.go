package fuzzlimit

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// recorder is a testing.TB that keeps its failure instead of stopping.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
}

var sink []byte

func TestCheck(t *testing.T) {
	b := Budget{Alloc: 8 << 20, Time: 500 * time.Millisecond}
	r := &recorder{TB: t}
	Check(r, b, func() { sink = make([]byte, 1<<20) })
	assert.Empty(t, r.failed, "1 MiB is within 8 MiB")

	r = &recorder{TB: t}
	Check(r, b, func() { sink = make([]byte, 12<<20) })
	assert.Equal(t, "the input allocated 12 MiB; the budget is 8 MiB", r.failed)

	r = &recorder{TB: t}
	Check(r, Budget{Alloc: 8 << 20, Time: 20 * time.Millisecond}, func() { time.Sleep(40 * time.Millisecond) })
	assert.Regexp(t, `^the input took \d+ms; the budget is 20ms$`, r.failed)
}
