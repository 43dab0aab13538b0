package sim

// Count is games played and won.
type Count struct{ Played, Won int }

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
	Games    int
	Sides    map[string]Count // by side ID
	Seats    []Count
	Policies map[string]Count
	Ends     map[string]int // how games ended: a module's victory kinds, "stall", "error"
	Rounds   Histogram      // lengths of finished games
	// Tables are the finished games by player count: the verdicts on
	// sides are worked out at each count apart (a 1-player game's winner
	// is no evidence about a 4-player one).
	Tables map[int]*Table
}

// Table is the record of the games finished at one player count.
type Table struct {
	// Games finished; Won counts those the players' side won (a
	// cooperative game's heroes) or, in a game of rivals, that someone won.
	Games Count
	Sides map[string]Count // each side's games and wins at this count
	Seats []Count
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
		tb = &Table{Sides: map[string]Count{}, Seats: make([]Count, players)}
		t.Tables[players] = tb
	}
	return tb
}

// Finished records a finished game of players players, and whether the
// players' side won it (cooperative), or anyone did (rivals).
func (t *Tally) Finished(players int, won bool) {
	tb := t.table(players)
	tb.Games = tb.Games.add(won)
}

// Seat records one seat of a finished game of players players.
func (t *Tally) Seat(players int, side string, seat int, policy string, won bool) {
	t.Sides[side] = t.Sides[side].add(won)
	t.Seats[seat] = t.Seats[seat].add(won)
	t.Policies[policy] = t.Policies[policy].add(won)
	tb := t.table(players)
	tb.Sides[side] = tb.Sides[side].add(won)
	if seat < len(tb.Seats) {
		tb.Seats[seat] = tb.Seats[seat].add(won)
	}
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
	}
}

func mergeCounts(dst, src map[string]Count) {
	for k, v := range src {
		c := dst[k]
		dst[k] = Count{c.Played + v.Played, c.Won + v.Won}
	}
}
