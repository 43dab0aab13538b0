package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/deckwright/deckwright/export/outfile"
)

// exitInterrupted is the exit status after SIGINT or SIGTERM, as shells
// report a process stopped by Ctrl-C.
const exitInterrupted = 130

// graceful is set by a command that stops cleanly when its context is
// cancelled (sim: it finishes the games under way and prints the report of
// those finished). Other commands are stopped at once.
var graceful atomic.Bool

// gracePeriod bounds a graceful stop: a command still running this long
// after the signal is stopped at once.
const gracePeriod = 3 * time.Second

// watchSignals turns SIGINT and SIGTERM into a cancelled context. A
// command that stops gracefully sees the cancellation and ends itself
// (exit 130); any other command, a second signal, or a graceful stop that
// takes longer than gracePeriod ends the process at once, after removing
// the temporary files of outputs being written (their targets stay as
// they were).
//
// Notify is called for SIGINT even when the process was started with it
// ignored (trap "" INT, a background job of a script): os/signal
// then installs a handler and the signal is no longer ignored, so such a
// run can still be stopped with SIGINT, as with SIGTERM.
func watchSignals(stderr io.Writer) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-sigs
		if graceful.Load() {
			cancel()
			select {
			case sig = <-sigs:
			case <-time.After(gracePeriod):
			}
		}
		outfile.RemoveTemps()
		fmt.Fprintf(stderr, "\ndeckwright: stopped by %v\n", sigName(sig))
		os.Exit(exitInterrupted)
	}()
	return ctx
}

func sigName(s os.Signal) string {
	if s == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "SIGINT"
}
