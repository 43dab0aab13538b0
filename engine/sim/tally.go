package sim

// Count is games played and won.
type Count struct{ Played, Won int }

// Tally is what every game module counts over a run: who played and won
// (by side — a hero, a faction —, by seat and by bot policy), how games
// ended and how long they lasted. Modules embed it and add their own
// counts; each worker keeps one and the run merges them.
type Tally struct {
	Games    int
	Sides    map[string]Count // by side ID
	Seats    []Count
	Policies map[string]Count
	Ends     map[string]int // how games ended: a module's victory kinds, "stall", "error"
	Rounds   Histogram      // lengths of finished games
}

// NewTally makes an empty tally for up to seats seats.
func NewTally(seats int) Tally {
	return Tally{Sides: map[string]Count{}, Seats: make([]Count, seats), Policies: map[string]Count{}, Ends: map[string]int{}}
}

// Seat records one seat of a finished game.
func (t *Tally) Seat(side string, seat int, policy string, won bool) {
	w := 0
	if won {
		w = 1
	}
	add := func(c Count) Count { return Count{c.Played + 1, c.Won + w} }
	t.Sides[side] = add(t.Sides[side])
	t.Seats[seat] = add(t.Seats[seat])
	t.Policies[policy] = add(t.Policies[policy])
}

// Merge adds another worker's tally.
func (t *Tally) Merge(o *Tally) {
	t.Games += o.Games
	for k, v := range o.Sides {
		c := t.Sides[k]
		t.Sides[k] = Count{c.Played + v.Played, c.Won + v.Won}
	}
	for i, v := range o.Seats {
		t.Seats[i].Played += v.Played
		t.Seats[i].Won += v.Won
	}
	for k, v := range o.Policies {
		c := t.Policies[k]
		t.Policies[k] = Count{c.Played + v.Played, c.Won + v.Won}
	}
	for k, v := range o.Ends {
		t.Ends[k] += v
	}
	t.Rounds.Merge(&o.Rounds)
}
