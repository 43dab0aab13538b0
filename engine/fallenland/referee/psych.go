package referee

import "strings"

// Psychological Checks (rule "psych-check"): a card showing the
// Psychological Check symbol whose Success or Failure was read — completed,
// whether it succeeded, failed, failed a Flight or was won without its
// checks — rolls the check for its Characters before it is resolved; only
// a Flight that escapes leaves it uncompleted (FL-SC-30, RB p.13, p.24).
// Nobody rolls for a Party with no Character left (hit men have no Psych),
// nor a Solo card whose Character died or is a hit man.

type psychDue struct {
	solo         bool
	who          string // a Solo card's Crown, from its outcome
	read, rolled bool
	died         bool // a Solo card's Character died
}

func (s *state) psychEvent() {
	e := s.e
	p := s.seatOf(e.Seat)
	if p == nil {
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
			if d.solo {
				d.who = str(e, "who")
			}
		}
	case "psych":
		for _, d := range due {
			d.rolled = true
		}
	case "death":
		for _, d := range due {
			d.died = d.died || (d.solo && str(e, "who") == d.who)
		}
		delete(p.crowns, str(e, "who"))
	case "resolved":
		d := due[e.Card]
		if d == nil {
			return
		}
		delete(due, e.Card)
		if !d.read || d.rolled {
			return
		}
		if d.solo && (d.died || !s.isCharacter(p.crowns[d.who])) {
			return
		}
		for _, id := range p.crowns {
			if s.isCharacter(id) {
				s.violate("psych-check", "%s was completed without the Psychological Check it shows", e.Card)
				return
			}
		}
	}
}

func (s *state) isCharacter(id string) bool {
	_, ok := s.r.chars[id]
	return ok
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
