package sim

import (
	"slices"
	"strings"
)

// Count is games played and won.
type Count struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

func (c Count) add(won bool) Count {
	if won {
		c.Won++
	}
	c.Played++
	return c
}

// Tally is what every game module counts over a run: who played and won
// (by side — a hero, a faction —, by seat and by bot policy), how games
// ended and how long they lasted, overall and by player count. Modules
// embed it and add their own counts; each worker keeps one and the run
// merges them. Every field is a count, so tallies add up the same in any
// order.
type Tally struct {
	Games    int              `json:"games"`
	Sides    map[string]Count `json:"sides"` // by side ID
	Seats    []Count          `json:"seats"`
	Policies map[string]Count `json:"policies"`
	Ends     map[string]int   `json:"ends"`   // how games ended: a module's victory kinds, "stall", "error"
	Rounds   Histogram        `json:"rounds"` // lengths of finished games
	// Tables are the finished games by player count: the verdicts on
	// sides are worked out at each count apart (a 1-player game's winner
	// is no evidence about a 4-player one).
	Tables map[int]*Table `json:"tables"`

	game pending // the game being recorded: Finished, then a Seat for each of its seats
}

// pending is a finished game's seats as Seat reports them, until the
// last one completes its lineup.
type pending struct {
	players int
	won     bool
	seats   []seatResult
	key     []byte // the lineup's key, a buffer kept from game to game
}

type seatResult struct {
	side string
	won  bool
}

// Table is the record of the games finished at one player count.
type Table struct {
	// Games finished; Won counts those the players' side won (a
	// cooperative game's heroes) or, in a game of rivals, that someone won.
	Games Count            `json:"games"`
	Sides map[string]Count `json:"sides"` // each side's games and wins at this count
	Seats []Count          `json:"seats"`
	// Lineups are the games by the sides at the table (keyed by their
	// sorted IDs): who sat with whom, so that a side can be judged against
	// a typical side at the same tables, not against a fair share the
	// strong sides beside it take from everyone.
	Lineups map[string]*Lineup `json:"lineups"`
}

// Lineup is the record of the finished games one set of sides played.
type Lineup struct {
	Sides  []string `json:"sides"`  // one a seat, sorted
	Games  int      `json:"games"`  // games finished
	Won    int      `json:"won"`    // games the players' side won (cooperative) or someone won (rivals)
	Wins   []int    `json:"wins"`   // Wins[i]: the games Sides[i]'s seat won
	Single int      `json:"single"` // games exactly one seat won
	// SingleWins[i]: the games of Single that Sides[i]'s seat won.
	SingleWins []int `json:"single_wins"`
}

// NewTally makes an empty tally for up to seats seats.
func NewTally(seats int) Tally {
	return Tally{Sides: map[string]Count{}, Seats: make([]Count, seats), Policies: map[string]Count{}, Ends: map[string]int{},
		Tables: map[int]*Table{}}
}

// table returns the record of games of players players.
func (t *Tally) table(players int) *Table {
	tb := t.Tables[players]
	if tb == nil {
		tb = &Table{Sides: map[string]Count{}, Seats: make([]Count, players), Lineups: map[string]*Lineup{}}
		t.Tables[players] = tb
	}
	return tb
}

// Finished records a finished game of players players, and whether the
// players' side won it (cooperative), or anyone did (rivals). A Seat for
// each of its seats follows.
func (t *Tally) Finished(players int, won bool) {
	tb := t.table(players)
	tb.Games = tb.Games.add(won)
	t.game = pending{players: players, won: won, seats: t.game.seats[:0], key: t.game.key}
}

// Seat records one seat of a finished game of players players; the last
// seat of a game completes its lineup.
func (t *Tally) Seat(players int, side string, seat int, policy string, won bool) {
	t.Sides[side] = t.Sides[side].add(won)
	t.Seats[seat] = t.Seats[seat].add(won)
	t.Policies[policy] = t.Policies[policy].add(won)
	tb := t.table(players)
	tb.Sides[side] = tb.Sides[side].add(won)
	if seat < len(tb.Seats) {
		tb.Seats[seat] = tb.Seats[seat].add(won)
	}
	if g := &t.game; g.players == players && len(g.seats) < players {
		g.seats = append(g.seats, seatResult{side, won})
		if len(g.seats) == players {
			g.key = tb.lineup(g.seats, g.won, g.key[:0])
			g.players = 0
		}
	}
}

// lineup adds a finished game's seats to its lineup's record, building
// its key in key (returned, to be used again).
func (tb *Table) lineup(seats []seatResult, won bool, key []byte) []byte {
	slices.SortFunc(seats, func(a, b seatResult) int { return strings.Compare(a.side, b.side) })
	winners := 0
	for i, s := range seats {
		if i > 0 {
			key = append(key, 0)
		}
		key = append(key, s.side...)
		if s.won {
			winners++
		}
	}
	if tb.Lineups == nil {
		tb.Lineups = map[string]*Lineup{}
	}
	l := tb.Lineups[string(key)]
	if l == nil {
		l = &Lineup{Sides: make([]string, len(seats)), Wins: make([]int, len(seats)), SingleWins: make([]int, len(seats))}
		for i, s := range seats {
			l.Sides[i] = s.side
		}
		tb.Lineups[string(key)] = l
	}
	l.Games++
	if won {
		l.Won++
	}
	for i, s := range seats {
		if s.won {
			l.Wins[i]++
			if winners == 1 {
				l.SingleWins[i]++
			}
		}
	}
	if winners == 1 {
		l.Single++
	}
	return key
}

// Merge adds another worker's tally.
func (t *Tally) Merge(o *Tally) {
	t.Games += o.Games
	mergeCounts(t.Sides, o.Sides)
	for i, v := range o.Seats {
		t.Seats[i].Played += v.Played
		t.Seats[i].Won += v.Won
	}
	mergeCounts(t.Policies, o.Policies)
	for k, v := range o.Ends {
		t.Ends[k] += v
	}
	t.Rounds.Merge(&o.Rounds)
	for n, ot := range o.Tables {
		tb := t.table(n)
		tb.Games.Played += ot.Games.Played
		tb.Games.Won += ot.Games.Won
		mergeCounts(tb.Sides, ot.Sides)
		for i, v := range ot.Seats {
			tb.Seats[i].Played += v.Played
			tb.Seats[i].Won += v.Won
		}
		for k, ol := range ot.Lineups {
			if tb.Lineups == nil {
				tb.Lineups = map[string]*Lineup{}
			}
			l := tb.Lineups[k]
			if l == nil {
				l = &Lineup{Sides: ol.Sides, Wins: make([]int, len(ol.Wins)), SingleWins: make([]int, len(ol.SingleWins))}
				tb.Lineups[k] = l
			}
			l.Games += ol.Games
			l.Won += ol.Won
			l.Single += ol.Single
			for i := range ol.Wins {
				l.Wins[i] += ol.Wins[i]
				l.SingleWins[i] += ol.SingleWins[i]
			}
		}
	}
}

func mergeCounts(dst, src map[string]Count) {
	for k, v := range src {
		c := dst[k]
		dst[k] = Count{c.Played + v.Played, c.Won + v.Won}
	}
}
