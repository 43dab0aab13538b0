package referee

import "strconv"

// --- Victory (rule "victory") ---------------------------------------------------------

// The competitive game: "Any Hero that is in their Starting City with at
// least 15 Fortune during the End Phase wins the game. If there is more than
// one Hero that meets this victory condition at the same time, the winner is
// the player that has the most Fortune (or the most Glory if they have equal
// Fortune)." The team game: a team with 10 Fortune per hero whose heroes all
// stand in any of the team's Starting Cities. A KO'd hero lies in its Start
// City but "does not participate in the game in any way" until it recovers,
// after the victory check (RULES.md §2).

// home reports whether a hero could win at an End Phase's victory check:
// not KO'd then, standing in its Start City (team game: any teammate's).
func (b *books) home(seat int) bool {
	h := &b.heroes[seat]
	if h.ko || b.stood[seat] {
		return false
	}
	if b.mode != "team" {
		return b.space[seat] == h.start
	}
	for i := range b.heroes {
		if b.heroes[i].team == h.team && b.space[seat] == b.heroes[i].start {
			return true
		}
	}
	return false
}

// eligible lists the sides that meet the victory condition now: seats in
// the competitive game, teams in the team game.
func (b *books) eligible() []int {
	var out []int
	switch b.mode {
	case "competitive":
		for seat := range b.heroes {
			if b.fortune["hero:"+strconv.Itoa(seat)] >= b.goal && b.home(seat) {
				out = append(out, seat)
			}
		}
	case "team":
		for team := range 8 {
			members, ok := 0, true
			for seat := range b.heroes {
				if b.heroes[seat].team == team {
					members++
					ok = ok && b.home(seat)
				}
			}
			if members > 0 && ok && b.fortune["team:"+strconv.Itoa(team)] >= b.goal {
				out = append(out, team)
			}
		}
	}
	return out
}

// noMissedWin: at a new round, the last End Phase had no winner.
func (b *books) noMissedWin() {
	if b.goal <= 0 {
		return
	}
	for _, side := range b.eligible() {
		if b.mode == "team" {
			b.fail("victory", "team %d met the victory condition at the last End Phase, but the game went on", side)
		} else {
			b.fail("victory", "%s stood in its Start City with %d Fortune at the last End Phase, but the game went on",
				b.heroName(side), b.fortune["hero:"+strconv.Itoa(side)])
		}
	}
}

// winner checks a Fortune win of the competitive or team game: the winner
// meets the condition and the tie-break prefers nobody else.
func (b *books) winner() {
	if b.goal <= 0 || b.str("how") != "fortune" || (b.mode != "competitive" && b.mode != "team") {
		return
	}
	w := b.int("winner")
	if w < 0 || w >= len(b.heroes) {
		b.fail("victory", "the game names no winning hero (%d)", w)
		return
	}
	side := w
	if b.mode == "team" {
		side = b.heroes[w].team
	}
	pile := func(side int) string {
		if b.mode == "team" {
			return "team:" + strconv.Itoa(side)
		}
		return "hero:" + strconv.Itoa(side)
	}
	glory := func(side int) int {
		if b.mode != "team" {
			return b.glory[side]
		}
		n := 0
		for seat := range b.heroes {
			if b.heroes[seat].team == side {
				n += b.glory[seat]
			}
		}
		return n
	}
	met := b.eligible()
	found := false
	for _, s := range met {
		found = found || s == side
	}
	if !found {
		b.fail("victory", "%s wins with %d Fortune (%d needed) without meeting the victory condition", b.heroName(w), b.fortune[pile(side)], b.goal)
		return
	}
	for _, s := range met {
		f, fw := b.fortune[pile(s)], b.fortune[pile(side)]
		if f > fw || (f == fw && glory(s) > glory(side)) {
			b.fail("victory", "%s wins, but %s has %d Fortune and %d Glory against %d and %d", b.heroName(w), pile(s), f, glory(s), fw, glory(side))
		}
	}
}
