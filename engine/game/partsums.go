package game

import (
	"fmt"
	"maps"
	"slices"

	"github.com/deckwright/deckwright/engine/sim"
)

// checkSums checks that a part's tally adds up as a run's does, so that a
// count edited by hand or damaged in transit is refused by name instead
// of moving the verdicts unseen. Every finished game of n players is
// counted once at its table and once for each of its n seats, sides and
// policies, so the same games and wins appear in several sums:
//
//   - the tables' games are the shard's finished games;
//   - at a table of n, every seat played each of its games, and its
//     sides and lineups played n and 1 a game;
//   - a seat's games and wins are its games and wins at every table;
//   - the sides' and the policies' games are the seats'.
func checkSums(t *sim.Tally, finished int) error {
	games, seatGames := 0, 0
	seats := make([]sim.Count, len(t.Seats))
	for _, n := range slices.Sorted(maps.Keys(t.Tables)) {
		tb := t.Tables[n]
		where := fmt.Sprintf("tally.tables.%d", n)
		games += tb.Games.Played
		seatGames += n * tb.Games.Played
		for i, s := range tb.Seats {
			if s.Played != tb.Games.Played {
				return fmt.Errorf("%s.seats[%d]: %d games played, but the table's games are %d", where, i, s.Played, tb.Games.Played)
			}
			if i < len(seats) {
				seats[i].Played += s.Played
				seats[i].Won += s.Won
			}
		}
		if p := played(tb.Sides); p != n*tb.Games.Played {
			return fmt.Errorf("%s.sides: %d seats played, but %d games of %d players seat %d", where, p, tb.Games.Played, n, n*tb.Games.Played)
		}
		lineups := 0
		for _, l := range tb.Lineups {
			lineups += l.Games
		}
		if len(tb.Lineups) > 0 && lineups != tb.Games.Played {
			return fmt.Errorf("%s.lineups: %d games, but the table's games are %d", where, lineups, tb.Games.Played)
		}
	}
	if games != finished {
		return fmt.Errorf("tally.tables: %d games, but the shard finished %d", games, finished)
	}
	for i, s := range t.Seats {
		if s != seats[i] {
			return fmt.Errorf("tally.seats[%d]: %d won of %d played, but its tables add up to %d won of %d", i, s.Won, s.Played, seats[i].Won, seats[i].Played)
		}
	}
	if p := played(t.Sides); p != seatGames {
		return fmt.Errorf("tally.sides: %d seats played, but the tables seat %d", p, seatGames)
	}
	if p := played(t.Policies); p != seatGames {
		return fmt.Errorf("tally.policies: %d seats played, but the tables seat %d", p, seatGames)
	}
	return nil
}

// played adds up the games of a map of counts.
func played(m map[string]sim.Count) int {
	n := 0
	for _, c := range m {
		n += c.Played
	}
	return n
}
