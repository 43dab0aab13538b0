package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/deckwright/deckwright/engine/sim"
)

// logEvery is how often a long run prints a progress line when standard
// error is not a terminal (a CI log): often enough to show it is alive,
// seldom enough not to flood the log. Runs shorter than that print none.
var logEvery = 5 * time.Second

// simProgress shows a sim run's progress on standard error: a bar redrawn
// in place on a terminal, else a line every logEvery.
type simProgress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	what  string // "games", or "look 2" and the like
	total int
	start time.Time
	last  time.Time // when the last log line was printed
	// An adaptive --impact run: the rounds done, and the cards precise
	// after the last of them.
	rounds, precise, cards int
}

func newSimProgress(w io.Writer, tty bool) *simProgress {
	now := time.Now()
	return &simProgress{w: w, tty: tty, start: now, last: now}
}

// begin starts a stretch of total games, named what in log lines.
func (p *simProgress) begin(what string, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.what, p.total, p.start = what, total, time.Now()
}

// games is told how many games of the stretch are done.
func (p *simProgress) games(done int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	elapsed := time.Since(p.start)
	if p.tty {
		fmt.Fprintf(p.w, "\r%s", sim.Bar(done, p.total, elapsed))
		if done >= p.total {
			fmt.Fprint(p.w, "\r\033[K")
		}
		return
	}
	if time.Since(p.last) >= logEvery && done < p.total {
		p.last = time.Now()
		prefix := ""
		if p.what != "" {
			prefix = p.what + ": "
		}
		fmt.Fprintf(p.w, "deckwright sim: %s%s\n", prefix, sim.Line(done, p.total, elapsed))
	}
}

// card is told as each card's paired games begin.
func (p *simProgress) card(k, n int, id string) {
	p.status(fmt.Sprintf("impact: card %d of %d (%s)", k, n, id))
}

// round is told after each round of an adaptive --impact run: a line
// each (a round can take minutes).
func (p *simProgress) round(round, precise, cards int) {
	p.mu.Lock()
	p.rounds, p.precise, p.cards = round, precise, cards
	p.mu.Unlock()
	p.note("impact: round %d, %d of %d cards precise", round, precise, cards)
}

// impactPlayed is told the games an adaptive --impact run has played, as
// it plays them: a bar on a terminal, else a line every logEvery.
func (p *simProgress) impactPlayed(played, budget int) {
	p.mu.Lock()
	s := fmt.Sprintf("impact: round %d, %d games of a budget of %d", p.rounds+1, played, budget)
	if p.cards > 0 {
		s += fmt.Sprintf("; %d of %d cards precise after round %d", p.precise, p.cards, p.rounds)
	}
	p.mu.Unlock()
	p.status(s)
}

// status shows where a run is: in place on a terminal, else as a log line
// every logEvery.
func (p *simProgress) status(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", s)
		return
	}
	if time.Since(p.last) >= logEvery {
		p.last = time.Now()
		fmt.Fprintf(p.w, "deckwright sim: %s\n", s)
	}
}

// note prints a line (a look's result), clearing a bar first.
func (p *simProgress) note(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintf(p.w, "deckwright sim: "+format+"\n", args...)
}

// done clears the bar.
func (p *simProgress) done() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
