//go:build !unix

// Package cputime reads the CPU time the process has used, for the
// benchmarks that report cores kept busy (CPU seconds against wall
// seconds) beside their wall time.
package cputime

import "time"

// Process is 0 where the system gives no resource usage.
func Process() time.Duration { return 0 }
