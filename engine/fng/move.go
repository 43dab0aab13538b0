package fng

import (
	"fmt"
	"slices"
)

// movePhase moves every hero in turn order; in the team game each team's
// heroes move at the same time (teamMoves).
func (g *Game) movePhase() {
	if g.singleHero() {
		// What the initiative phase would do happens now.
		g.offerAll(TInitiative)
	}
	if g.opt.Mode == Team {
		g.teamMoves()
		return
	}
	for _, s := range g.order {
		g.moveHero(int(s))
		if g.over {
			return
		}
	}
}

// teamMoves: "All of the Heroes on a Team get to move at the same time"
// (the team game). Team by team in turn order, the team's heroes — in the
// order the team chooses (teamOrder) — each roll, then each moves.
func (g *Game) teamMoves() {
	g.eachTeam(func(block []int8) {
		var points [8]int
		var moving [8]bool
		for i, s := range block {
			points[i], moving[i] = g.moveRoll(int(s))
			if g.over {
				return
			}
		}
		for i, s := range block {
			if moving[i] {
				g.walk(int(s), points[i])
			}
			if g.over {
				return
			}
		}
	})
}

// eachTeam calls f with each team's seats in g.order, team by team, after
// the team has put them in the order it chooses (teamOrder). It stops when
// the game is over.
func (g *Game) eachTeam(f func(block []int8)) {
	for i := 0; i < len(g.order) && !g.over; {
		j := i + 1
		for j < len(g.order) && g.h(int(g.order[j])).team == g.h(int(g.order[i])).team {
			j++
		}
		block := g.order[i:j]
		if len(block) > 1 {
			// The team's first seat speaks for it.
			first := g.h(int(slices.Min(block)))
			first.dec.TeamOrder(g, first, block)
		}
		f(block)
		i = j
	}
}

// moveHero rolls for movement and moves a hero toward the bot's goal,
// flying between cities when the bot wants to.
func (g *Game) moveHero(seat int) {
	if points, ok := g.moveRoll(seat); ok {
		g.walk(seat, points)
	}
}

// moveRoll is the first half of a hero's move: the moment before it (cards
// that add movement) and the roll. It reports the points and whether the
// hero may move: not when KO'd, nor in a cliffhanger.
func (g *Game) moveRoll(seat int) (int, bool) {
	h := g.h(seat)
	if h.ko {
		return 0, false
	}
	g.cur = seat
	g.offer(seat, TMove)
	points, _ := g.movementRoll(h)
	if h.cliff.active {
		if g.trace != nil {
			g.logf("%s is in a cliffhanger and cannot move", h.def.Name)
		}
		return 0, false
	}
	return points, true
}

// walk is the second half: the hero spends its points toward its goal. A
// hero KO'd since its roll (by the free Event of a 1) stays down.
func (g *Game) walk(seat, points int) {
	h := g.h(seat)
	if h.ko {
		return
	}
	g.cur = seat
	from := h.space
	g.travel(h, points, h.dec.Route(g, h))
	if h.convoy {
		h.convoy = false
		g.takeAlong(h, from, h.space)
	}
}

// movementRoll rolls the hero's movement, drawing free Events on low rolls,
// and returns the movement points.
func (g *Game) movementRoll(h *Hero) (int, bool) {
	R := &g.c.Rules
	bonus := h.always[StatMove] + h.addMove + g.condMod(h, StatMove, KW{})
	if g.opt.Variants.FixedMovement {
		// Optional rule: a fixed move, or a roll whose low faces draw an Event.
		// In a cliffhanger the hero may not move or roll at all.
		if h.cliff.active {
			return 0, false
		}
		if h.dec.FixedMove(g, h) {
			if g.trace != nil {
				g.logMoveRoll(h, R.FixedMove, bonus, "%s moves a fixed %d", h.def.Name, R.FixedMove)
			}
			return max(R.FixedMove+bonus, 1), false
		}
		r := g.roll()
		if g.trace != nil {
			g.logDice(h.seat, "move", "")
			g.logMoveRoll(h, r, bonus, "%s rolls %d to move", h.def.Name, r)
		}
		if r <= R.FixedMoveEventOn {
			g.drawEvents(h.seat, 1)
		}
		return max(r+bonus, 1), true
	}
	if g.singleHero() {
		return g.soloMovement(h, bonus), true
	}
	r := g.roll()
	if g.trace != nil {
		g.logDice(h.seat, "move", "")
		if r <= R.FreeEventOn {
			g.logMoveRoll(h, r, bonus, "%s rolls %d to move: a free Event", h.def.Name, r)
		} else {
			g.logMoveRoll(h, r, bonus, "%s rolls %d to move", h.def.Name, r)
		}
	}
	if r <= R.FreeEventOn {
		g.drawEvents(h.seat, 1)
	}
	return max(r+bonus, 1), true
}

// logMoveRoll reports a hero's movement points: the roll (or fixed move),
// the bonus of its cards, and the points, never below 1.
func (g *Game) logMoveRoll(h *Hero, r, bonus int, format string, args ...any) {
	g.logMods(h, StatMove, KW{}, "move") // cards played before the move reported theirs
	g.emit(h.seat, "move-roll", "", map[string]any{"roll": r, "bonus": bonus, "points": max(r+bonus, 1)}, format, args...)
}

// soloMovement: the single-hero solo game rolls two dice and picks one;
// doubles draw an Event (double 1s two), and so does choosing a 1.
func (g *Game) soloMovement(h *Hero, bonus int) int {
	n := max(g.c.Rules.SoloMoveDice, 1)
	rolls := make([]int, n)
	for i := range rolls {
		rolls[i] = g.roll()
	}
	// A "roll of 1" is any face at or below the Rules sheet's free-event-on,
	// as for the other movement and initiative rolls.
	free := g.c.Rules.FreeEventOn
	events := 0
	double := n >= 2 && rolls[0] == rolls[1]
	if double {
		events = 1
		if rolls[0] <= free {
			events = 2
		}
	}
	choice := h.dec.SoloMove(g, h, rolls)
	if !containsInt(rolls, choice) {
		panic(fmt.Sprintf("decider: %s takes %d of the movement dice %v", h.def.Name, choice, rolls))
	}
	if choice <= free && !double {
		events = 1
	}
	if g.trace != nil {
		g.logDice(h.seat, "move", "")
		g.logMoveRoll(h, choice, bonus, "%s rolls %v to move and takes %d", h.def.Name, rolls, choice)
	}
	if events > 0 {
		g.drawEvents(h.seat, events)
	}
	return max(choice+bonus, 1)
}

// travel spends movement points walking toward target, one space at a
// time along shortest paths, taking flights where the bot wants them.
func (g *Game) travel(h *Hero, points int, target int16) {
	c := g.c
	goal := h.dec.Waypoint(g, h, target, points)
	for steps := 0; steps < 64; steps++ {
		if h.space == target {
			return
		}
		if c.Spaces[h.space].Kind == City && g.opt.Advanced {
			if to := h.dec.Fly(g, h, target, points); to >= 0 {
				if !g.canFly(h, to) {
					panic(fmt.Sprintf("decider: %s cannot fly to space %d", h.def.Name, to))
				}
				g.fly(h, to)
				if g.henchmen[to] != 0 {
					// Landing where a henchman stands ends the move too.
					g.henchmanFight(h.seat, to)
					return
				}
				goal = h.dec.Waypoint(g, h, target, points)
				continue
			}
		}
		next := g.nextStep(h.space, goal, points)
		if next < 0 {
			return
		}
		points -= int(c.Spaces[next].Cost)
		if g.trace != nil {
			g.emit(h.seat, "step", "", map[string]any{"from": c.Spaces[h.space].ID, "to": c.Spaces[next].ID, "cost": int(c.Spaces[next].Cost)},
				"%s moves to %s", h.def.Name, c.Spaces[next].Name)
		}
		g.enter(h, next)
		if g.henchmen[next] != 0 {
			// Entering a henchman's space ends the move and starts a fight.
			g.henchmanFight(h.seat, next)
			return
		}
		if h.ko || g.over {
			return
		}
		g.passingThrough(h)
		if h.ko || g.over {
			return
		}
	}
}

// passingThrough lets rivals play cards aimed at a hero in a space of some
// terrain (Malaria in a Jungle) as the hero passes through it (FAQ).
func (g *Game) passingThrough(h *Hero) {
	if g.opt.Mode == Cooperative || g.opt.Mode == Solo {
		return
	}
	if g.handsDirty {
		g.retimeRivals()
	}
	// A rival's hand holds a terrain card (kept with the hands' timings).
	if g.terrainSeats&^(1<<h.seat) != 0 {
		if selfCheck && !g.rivalHoldsTerrain(h) {
			panic(fmt.Sprintf("self-check: a terrain card in a rival's hand by the seats kept (%b), none in the hands", g.terrainSeats))
		}
		g.passing = true
		g.offerOpponents(h.seat, TMove)
		g.passing = false
		return
	}
	if selfCheck && g.rivalHoldsTerrain(h) {
		panic(fmt.Sprintf("self-check: no terrain card in a rival's hand by the seats kept (%b), one in the hands", g.terrainSeats))
	}
}

// rivalHoldsTerrain is terrainSeats worked out: a hero but h holds a
// terrain card.
func (g *Game) rivalHoldsTerrain(h *Hero) bool {
	for s := range g.heroes {
		if s == h.seat {
			continue
		}
		for _, hc := range g.heroes[s].hand {
			if g.eventOf(hc).Terrain {
				return true
			}
		}
	}
	return false
}

// nextStep picks the neighbour that brings the hero closest to target
// within the points left. It prefers spaces without a henchman, but when
// every way forward is guarded it walks into the fight rather than stand
// still. Where no henchman stands next to the hero (but on the target) the
// answer depends on the map alone, and the target's next-hop table has it.
func (g *Game) nextStep(from, target int16, points int) int16 {
	c := g.c
	if points < 1 {
		return -1 // every space costs 1 or more
	}
	if w := c.walk; w != nil && target >= 0 {
		guarded := false
		for _, n := range c.Spaces[from].Adj {
			if g.henchmen[n] != 0 && n != target {
				guarded = true
				break
			}
		}
		if !guarded {
			return w.hop(target)[int(from)*w.maxCost+min(points, w.maxCost)-1]
		}
	}
	if n := bestStep(c.Spaces, c.Dist, from, target, points, g.henchmen); n >= 0 {
		return n
	}
	return bestStep(c.Spaces, c.Dist, from, target, points, nil)
}

// bestStep is the neighbour of from nearest target (then the cheapest)
// among those that bring it nearer within points, avoiding the spaces
// where henchmen (when not nil) has one, but the target; -1 when none.
func bestStep(spaces []Space, dist [][]int16, from, target int16, points int, henchmen []int8) int16 {
	best, bestDist := int16(-1), dist[from][target]
	for _, n := range spaces[from].Adj {
		cost := int(spaces[n].Cost)
		if cost > points || (henchmen != nil && henchmen[n] != 0 && n != target) {
			continue
		}
		d := dist[n][target]
		if d < bestDist || (d == bestDist && best >= 0 && cost < int(spaces[best].Cost)) {
			best, bestDist = n, d
		}
	}
	return best
}

// enter moves a hero into a space, losing adventure progress left behind.
func (g *Game) enter(h *Hero, space int16) {
	if h.progress >= 0 && g.sites[h.progress].space != space {
		g.loseProgress(h)
	}
	h.space = space
	if g.c.Spaces[space].Kind == City {
		// Cards that remain "until you enter a City" leave play now (not
		// in the city where the hero got them: he has not entered it).
		g.expireRemains(h, UntilCity)
	}
}

// place puts a hero in a space outside of movement (cards, KO, escape).
func (g *Game) place(h *Hero, space int16, why string) {
	if space < 0 {
		return
	}
	if g.trace != nil {
		g.emit(h.seat, "place", g.cardID(), map[string]any{"from": g.c.Spaces[h.space].ID, "to": g.c.Spaces[space].ID, "why": why},
			"%s moves to %s", h.def.Name, g.c.Spaces[space].Name)
	}
	g.enter(h, space)
}

// loseProgress discards a hero's danger and exploration markers.
func (g *Game) loseProgress(h *Hero) {
	h.markers, h.explore, h.found, h.progress = 0, 0, false, -1
}

// flightCost is the Fortune a hero pays to fly to a city.
func (g *Game) flightCost(h *Hero, to int16) int {
	cost := g.c.Rules.FlightMinor
	if g.c.Spaces[to].Major {
		cost = g.c.Rules.FlightMajor
	}
	return max(cost+h.always[StatFlight], 0)
}

// canFly reports whether the hero, in a city, may fly to space to: another
// city, whose flight its side can pay for (or a free flight).
func (g *Game) canFly(h *Hero, to int16) bool {
	if to < 0 || int(to) >= len(g.c.Spaces) || to == h.space || g.c.Spaces[to].Kind != City {
		return false
	}
	return h.freeFly || g.fortune(h) >= g.flightCost(h, to)
}

// fly takes a flight from the hero's city to another city.
func (g *Game) fly(h *Hero, to int16) {
	cost := g.flightCost(h, to)
	free := h.freeFly
	if free {
		cost, h.freeFly = 0, false
	}
	if g.trace != nil {
		if !free {
			g.eachMod(h, StatFlight, KW{}, false, func(src *Card, scope string, amount int) {
				g.logMod(h.seat, src.ID, StatFlight, amount, "flight", scope)
			})
		}
		g.emit(h.seat, "fly", "", map[string]any{"from": g.c.Spaces[h.space].ID, "to": g.c.Spaces[to].ID, "cost": cost, "free": flag(free)},
			"%s flies to %s for %d Fortune", h.def.Name, g.c.Spaces[to].Name, cost)
	}
	g.addFortune(h, -cost, "flight")
	g.enter(h, to)
	if g.stats != nil {
		g.stats.rule(RuleFlight)
	}
}

// takeAlong moves heroes in the space along with the mover (Adventure
// Plane): each decides whether it comes along.
func (g *Game) takeAlong(mover *Hero, from, to int16) {
	for seat := range g.heroes {
		o := &g.heroes[seat]
		if o == mover || o.ko || o.space != from || o.moved || o.cliff.active {
			continue
		}
		if o.dec.RideAlong(g, o, mover, from, to) {
			o.moved = true
			g.place(o, to, "ride")
		}
	}
}
