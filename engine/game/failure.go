package game

import (
	"fmt"
	"runtime/debug"
)

// Failure is a game that did not finish normally: it stalled (its round
// cap or step budget was reached) or the engine failed. It says what
// replays it.
type Failure struct {
	Stall   bool
	Seed    uint64 // the game's seed
	Round   int    // the round (or turn) it stopped in
	Message string
	Card    string   // the card whose effect was running, if any
	InPlay  []string // cards in play when it stopped
	Stack   string   // where an internal error happened, for bug reports
}

func (f *Failure) Error() string {
	kind := "error"
	if f.Stall {
		kind = "stall"
	}
	s := fmt.Sprintf("%s in round %d (seed %d): %s", kind, f.Round, f.Seed, f.Message)
	if f.Card != "" {
		s += " [card " + f.Card + "]"
	}
	return s
}

// Stall is what an engine panics with to stop a game that runs too long.
type Stall struct{ Why string }

// Recovered turns what a game's recover() caught into a Failure: a Stall
// is a stall; anything else is an internal error, with its stack.
func Recovered(r any, seed uint64, round int) *Failure {
	f := &Failure{Seed: seed, Round: round}
	switch v := r.(type) {
	case Stall:
		f.Stall = true
		f.Message = v.Why
	case error:
		f.Message = v.Error()
		f.Stack = string(debug.Stack())
	default:
		f.Message = fmt.Sprint(v)
		f.Stack = string(debug.Stack())
	}
	return f
}

// Recover, deferred by a module's PlaySafe, turns a panic of its game (a
// stall, an effect's runtime error, a bug) into the result and error that
// fail makes of what it recovered (Recovered, with the game's state).
func Recover[R any](res *R, err *error, fail func(recovered any) (R, error)) {
	if r := recover(); r != nil {
		*res, *err = fail(r)
	}
}

// Failed is a failure of game Index of a run.
type Failed struct {
	Index int
	*Failure
}

// AddFailures lists a run's failures in the report: stalls and errors.
func (r *SimReport) AddFailures(fs []Failed) {
	for _, f := range fs {
		in := Incident{Index: f.Index, Seed: f.Seed, Round: f.Round, Message: f.Message, Card: f.Card, InPlay: f.InPlay, Stack: f.Stack}
		if f.Stall {
			r.Stalls = append(r.Stalls, in)
		} else {
			r.Errors = append(r.Errors, in)
		}
	}
}

// AsFailure is a game's error as a Failure (an error that is not one is
// an engine failure of the game of that seed), or nil.
func AsFailure(err error, seed uint64) *Failure {
	if err == nil {
		return nil
	}
	if f, ok := err.(*Failure); ok {
		return f
	}
	return &Failure{Seed: seed, Message: err.Error()}
}

// Steps counts an engine's work in one game, so that a game that would
// never end stops as a Stall rather than hanging a run.
type Steps int

// Take counts one step; past max it panics with a Stall.
func (s *Steps) Take(max int) {
	*s++
	if int(*s) > max {
		panic(Stall{Why: fmt.Sprintf("step budget of %d exceeded", max)})
	}
}

// Limit is a game's limit n (players, a round cap, a step budget), or def
// when the caller left it unset (0 or less).
func Limit(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}
