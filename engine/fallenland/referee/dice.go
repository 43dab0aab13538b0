package referee

import (
	"strconv"
	"strings"
)

// Skill Checks (rule "dice"): each die's successes recomputed from its
// face by the dice rules — Total Skill to automatic successes and a Target
// Number (exactly 10, 20, 30 as 9, 19, 29 unless the formula variant), a 1
// always a success, a 10 negating everything including the die's bonus —
// its re-rolls (only after a 1; a 1 adds one and may roll again, a face up
// to the Target Number adds one, a 10 loses all), and the check's total
// with the flat successes of Technologies and cards (FL-SC-03…11). Rule
// "total-skill": a die's Total Skill is its base plus the bonuses of the
// cards the event names.

type dieKey struct{ seat, die int }

type dieState struct {
	s, tn   int
	pending bool // its last face was a 1
}

// checkLedger is the check being rolled.
type checkLedger struct {
	dice map[dieKey]*dieState
	n    int
}

func (s *state) diceEvent() {
	e := s.e
	k := &s.chk
	if k.dice == nil {
		k.dice = map[dieKey]*dieState{}
	}
	switch e.Kind {
	case "die":
		s.die(k)
	case "reroll":
		d := k.dice[dieKey{e.Seat, num(e, "die")}]
		if d == nil {
			s.violate("dice", "%s re-rolls a die that was not rolled", str(e, "who"))
			return
		}
		if !d.pending {
			s.violate("dice", "%s re-rolls a die that does not show a 1", str(e, "who"))
		}
		f := num(e, "face")
		if f < 1 || f > 10 {
			s.violate("dice", "a d10 shows %d", f)
		}
		switch {
		case f == 10:
			d.s, d.pending = 0, false
		case f == 1:
			d.s++
		case f <= d.tn:
			d.s, d.pending = d.s+1, false
		default:
			d.pending = false
		}
		if num(e, "successes") != d.s {
			s.violate("dice", "%s re-rolls %d: %d successes, the event says %d", str(e, "who"), f, d.s, num(e, "successes"))
		}
	case "check":
		total := num(e, "flat")
		if sum := sumMods(strs(e, "flat-from")); sum != num(e, "flat") {
			s.violate("dice", "the check's automatic successes add up to %d, the event says %d", sum, num(e, "flat"))
		}
		for _, d := range k.dice {
			total += d.s
		}
		if total != num(e, "total") {
			s.violate("dice", "%s check: the dice and %d automatic make %d successes, the event says %d", str(e, "skill"), num(e, "flat"), total, num(e, "total"))
		}
		if k.n != num(e, "dice") {
			s.violate("dice", "%s check: %d dice rolled, the event says %d", str(e, "skill"), k.n, num(e, "dice"))
		}
		if flag(e, "passed") != (num(e, "total") >= num(e, "need")) {
			s.violate("dice", "%d successes of %d needed, yet passed is %v", num(e, "total"), num(e, "need"), flag(e, "passed"))
		}
		clear(k.dice)
		k.n = 0
	}
}

// die checks a die's first roll.
func (s *state) die(k *checkLedger) {
	e := s.e
	ts, play, f := num(e, "ts"), num(e, "play"), num(e, "face")
	want := ts
	if ts > 0 && ts%10 == 0 && !s.variants["exact-ten-formula"] {
		want = ts - 1 // "A Total Skill of exactly 10 is functionally the same as a 9"
	}
	if play != want {
		s.violate("dice", "%s: Total Skill %d plays as %d, the event says %d", str(e, "who"), ts, want, play)
	}
	if base := num(e, "base"); base+sumMods(strs(e, "mods")) != ts {
		s.violate("total-skill", "%s: base %d and %v make %d, the event says Total Skill %d", str(e, "who"), base, strs(e, "mods"),
			base+sumMods(strs(e, "mods")), ts)
	}
	auto, tn := 0, 0
	if play > 0 {
		auto, tn = play/10, play%10
	}
	bonus := num(e, "bonus")
	if sumMods(strs(e, "bonus-from")) != bonus {
		s.violate("dice", "%s: its bonus successes %v do not make %d", str(e, "who"), strs(e, "bonus-from"), bonus)
	}
	var n int
	switch {
	case f < 1 || f > 10:
		s.violate("dice", "a d10 shows %d", f)
	case f == 10:
		n = 0
	case f == 1 || f <= tn:
		n = auto + 1 + bonus
	default:
		n = auto + bonus
	}
	if num(e, "auto") != auto || num(e, "tn") != tn {
		s.violate("dice", "%s: Total Skill %d gives %d automatic and Target Number %d, the event says %d and %d", str(e, "who"), play, auto, tn,
			num(e, "auto"), num(e, "tn"))
	}
	if num(e, "successes") != n {
		s.violate("dice", "%s: Total Skill %d rolls %d: %d successes, the event says %d", str(e, "who"), play, f, n, num(e, "successes"))
	}
	key := dieKey{e.Seat, num(e, "die")}
	if k.dice[key] != nil {
		s.violate("dice", "%s rolls twice in one check", str(e, "who"))
	}
	k.dice[key] = &dieState{s: n, tn: tn, pending: f == 1}
	k.n++
}

// sumMods adds "ID:+n" entries.
func sumMods(mods []string) int {
	n := 0
	for _, m := range mods {
		i := strings.LastIndexByte(m, ':')
		v, err := strconv.Atoi(m[i+1:])
		if i < 0 || err != nil {
			return -1 << 30
		}
		n += v
	}
	return n
}
