package referee

import "strings"

// Psychological Checks (rule "psych-check"): a card showing the
// Psychological Check symbol whose Success or Failure was read — completed,
// whether it succeeded, failed, failed a Flight or was won without its
// checks — rolls the check for its Characters before it is resolved; only
// a Flight that escapes leaves it uncompleted (FL-SC-30, RB p.13, p.24). A
// Party wiped out rolls none, nor a Solo card's Character who died.

type psychDue struct {
	solo               bool
	read, rolled, died bool
}

func (s *state) psychEvent() {
	e := s.e
	if e.Seat < 0 || e.Seat >= len(s.players) {
		return
	}
	if s.owedPsych == nil {
		s.owedPsych = map[int]map[string]*psychDue{}
	}
	due := s.owedPsych[e.Seat]
	switch e.Kind {
	case "card":
		checks := str(e, "checks")
		if has(e, "npcm") || !hasPsych(checks) {
			return // an NPCM has no Psych stat
		}
		if due == nil {
			due = map[string]*psychDue{}
			s.owedPsych[e.Seat] = due
		}
		due[e.Card] = &psychDue{solo: strings.Contains(checks, " solo")}
	case "outcome":
		if d := due[e.Card]; d != nil {
			d.read = true
		}
	case "psych":
		for _, d := range due {
			d.rolled = true
		}
	case "death", "wiped":
		for _, d := range due {
			d.died = d.died || e.Kind == "death"
			if e.Kind == "wiped" {
				d.rolled = true // nobody is left to roll
			}
		}
	case "resolved":
		d := due[e.Card]
		if d == nil {
			return
		}
		delete(due, e.Card)
		if d.read && !d.rolled && !(d.solo && d.died) {
			s.violate("psych-check", "%s was completed without the Psychological Check it shows", e.Card)
		}
	}
}

// hasPsych reports whether a card's checks show the Psychological Check
// symbol (the trace's "psych" item).
func hasPsych(checks string) bool {
	for _, part := range strings.Split(checks, ", ") {
		if part == "psych" {
			return true
		}
	}
	return false
}
