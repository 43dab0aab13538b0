// Package fuzzlimit bounds what one fuzz input may cost, so that fuzzing
// finds inputs that exhaust memory or time (a quadratic parser, a bomb)
// as surely as inputs that panic.
package fuzzlimit

import (
	"fmt"
	"runtime/metrics"
	"testing"
	"time"
)

// Budget is what one input may cost: bytes allocated (a bound on peak
// memory too) and wall time. Times are generous, as fuzzing shares the
// machine with its own workers.
type Budget struct {
	Alloc uint64
	Time  time.Duration
}

const allocs = "/gc/heap/allocs:bytes"

func allocated() uint64 {
	s := []metrics.Sample{{Name: allocs}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// Check runs fn, one input's work, within the budget. A watchdog stops
// the process (a crash the fuzzer records with its input) as soon as the
// input goes over, before it can take the machine down; after fn the
// totals are checked again.
func Check(t testing.TB, b Budget, fn func()) {
	t.Helper()
	start, t0 := allocated(), time.Now()
	done := make(chan struct{})
	go watch(b, start, t0, done)
	fn()
	close(done)
	if used := allocated() - start; used > b.Alloc {
		t.Fatalf("the input allocated %d MiB; the budget is %d MiB", used>>20, b.Alloc>>20)
	}
	if took := time.Since(t0); took > b.Time {
		t.Fatalf("the input took %v; the budget is %v", took.Round(time.Millisecond), b.Time)
	}
}

func watch(b Budget, start uint64, t0 time.Time, done chan struct{}) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			if used := allocated() - start; used > 4*b.Alloc {
				panic(fmt.Sprintf("fuzzlimit: the input allocated %d MiB, over 4× its budget of %d MiB", used>>20, b.Alloc>>20))
			}
			if took := time.Since(t0); took > 4*b.Time {
				panic(fmt.Sprintf("fuzzlimit: the input ran %v, over 4× its budget of %v", took.Round(time.Millisecond), b.Time))
			}
		}
	}
}
