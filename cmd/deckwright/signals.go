package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/export/outfile"
)

// exitInterrupted is the exit status after SIGINT, SIGTERM or SIGHUP, as shells
// report a process stopped by Ctrl-C.
const exitInterrupted = 130

// graceful is set by a command that stops cleanly when its context is
// cancelled (sim: it finishes the games under way and prints the report of
// those finished). Other commands are stopped at once.
var graceful atomic.Bool

// gracePeriod bounds a graceful stop: a command still running this long
// after the signal is stopped at once.
const gracePeriod = 3 * time.Second

// watchSignals turns SIGINT, SIGTERM and SIGHUP (the terminal of a long
// run closed: its report, sent to a file, is kept) into a cancelled
// context. A
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
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
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
	switch s {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return "SIGINT"
}

// testInterruptEnv names the hook the tests of interrupts use
// (cli_signals_test.go) to stop a run at a point of its own, as a
// designer's Ctrl-C would, but exactly there: impact-round=N sends the
// process SIGTERM once an adaptive --impact has finished its round N and
// waits for the stop, so round N+1 is the one cut short; impact-card=N
// sends it once the paired games of a fixed --impact are past card N's
// (cards 1 to N have finished; the games under way may finish more).
const testInterruptEnv = "DECKWRIGHT_TEST_INTERRUPT"

// testInterrupt wires the hook of testInterruptEnv, if set, into req;
// stop is closed by the signal.
func testInterrupt(req *game.SimRequest, stop <-chan struct{}) error {
	spec, ok := os.LookupEnv(testInterruptEnv)
	if !ok {
		return nil
	}
	at, n, _ := strings.Cut(spec, "=")
	after, err := strconv.Atoi(n)
	if err != nil || after < 1 || (at != "impact-round" && at != "impact-card") {
		return usageErr("%s=%q: want impact-round=N or impact-card=N, N from 1", testInterruptEnv, spec)
	}
	term := func() {
		if p, err := os.FindProcess(os.Getpid()); err == nil {
			_ = p.Signal(syscall.SIGTERM)
		}
	}
	if at == "impact-round" {
		told := req.ImpactRound
		req.ImpactRound = func(round, precise, cards int) {
			if told != nil {
				told(round, precise, cards)
			}
			if round == after {
				term()
				select {
				case <-stop:
				case <-time.After(time.Minute):
				}
			}
		}
		return nil
	}
	told, sent := req.ImpactProgress, false
	req.ImpactProgress = func(card, cards int, id string) {
		if told != nil {
			told(card, cards, id)
		}
		if card > after && !sent { // told as the games done pass a card's, ten times a second: may skip one
			sent = true
			term()
		}
	}
	return nil
}
