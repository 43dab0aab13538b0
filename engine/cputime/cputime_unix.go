//go:build unix

// Package cputime reads the CPU time the process has used, for the
// benchmarks that report cores kept busy (CPU seconds against wall
// seconds) beside their wall time.
package cputime

import (
	"syscall"
	"time"
)

// Process is the process's user and system CPU time so far (0 when the
// system does not say).
func Process() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
