//go:build !unix

package fng

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
