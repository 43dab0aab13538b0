package fng

import "fmt"

// The bots' choices of cards: which to use and when, on whom, which to
// keep, which to cancel.

// Use: a bot uses a card when it helps: harm goes to rivals, never to
// itself; a card that does nothing at this moment waits; a cancel waits for
// a card to cancel, a steal for a rival worth robbing. Then the moment
// decides: a test about to fail, a fight it could lose (or its first
// round), movement short of its goal, a Danger it is unlikely to pass. The
// random bot tosses a coin where the others weigh the moment.
func (b *bot) Use(g *Game, h *Hero, c *Card, t Timing) bool {
	if rivalOnly(c) && !g.rivalWorthRobbing(h) {
		return false // nobody here to rob: keep it
	}
	// Harm aimed at rivals is a reason to play a card; harm to the player
	// is not.
	switch c.Target {
	case TargetOthers:
		if g.opt.Mode == Cooperative || g.opt.Mode == Solo {
			return c.Benefit > 0 // the others are partners
		}
		return c.Benefit <= 0
	case TargetSelf, TargetSpace, TargetAll:
		if c.Benefit < 0 {
			return false
		}
	}
	if c.Works&(1<<t) == 0 {
		return false // a card played at any time, whose effect does nothing now
	}
	if t != TCancel && usesOnly(c, "cancel") {
		// Nothing is being played: a cancel is for a card in play.
		return b.Cancel(g, h) >= 0
	}
	if b.pol == Random {
		return h.coin()
	}
	switch t {
	case TTest:
		// Only when the roll would fail as it stands.
		ts := g.test
		return ts != nil && ts.successes+ts.rolled < ts.need
	case TFight:
		fs := g.fs
		if fs == nil || fs.villain != nil {
			// There is no escaping a villain: keep escape cards.
			return c.Benefit > 0 && !usesOnly(c, "escape")
		}
		o := g.fightOdds(h, fs.enemy)
		return o.Lose > 0.15 || fs.round == 1
	case TMove:
		// Extra movement only when the goal is out of reach.
		// (The card's own test first: a route is the dearest question.)
		return c.Benefit > 0 && !usesOnly(c, "addMove") || g.c.Dist[h.space][h.dec.Route(g, h)] > 3
	case TDanger:
		d := g.danger
		return d != nil && g.specChance(h, &d.Test, d.Keywords) < 0.55
	}
	return true
}

// usesOnly reports whether a card's effect uses exactly one kind of verb.
func usesOnly(c *Card, verb string) bool {
	if c.Effect == nil {
		return false
	}
	for _, u := range c.Effect.Uses {
		if u.Verb && u.Name != verb {
			return false
		}
	}
	return true
}

// Target: a bot aims a card at the leading rival still standing.
func (b *bot) Target(g *Game, h *Hero, c *Card) int {
	return g.leader(h, func(o *Hero) bool { return !o.ko })
}

// PlayOn: a bot plays a card on a rival when it acts at this moment, on
// the leader — or, at a test, on any rival whose own policy is not the
// random one — and the random bot only when a coin says so too.
func (b *bot) PlayOn(g *Game, h, target *Hero, e *EventDef, t Timing) bool {
	if e.Works&(1<<t) == 0 {
		return false
	}
	if !(t == TTest && target.policy != Random) && g.leader(h, nil) != target.seat {
		return false
	}
	return b.pol != Random || h.coin()
}

// leader is the rival a hero plays opponent cards on: the most Fortune,
// then the most Glory; in team games a hero of another team.
func (g *Game) leader(h *Hero, ok func(*Hero) bool) int {
	if ok != nil {
		return g.leaderAmong(h, ok)
	}
	if h.leadAt != g.worth {
		h.lead, h.leadAt = g.leaderAmong(h, nil), g.worth
	} else if selfCheck {
		if want := g.leaderAmong(h, nil); h.lead != want {
			panic(fmt.Sprintf("self-check: %s's leader kept is seat %d, worked out %d", h.def.Name, h.lead, want))
		}
	}
	return h.lead
}

// worthChanged counts a change to a hero's Fortune, Glory or artifacts:
// the leaders kept are worked out again when next asked.
func (g *Game) worthChanged() { g.worth++ }

// leaderAmong is leader worked out, among the heroes ok accepts (any, if nil).
func (g *Game) leaderAmong(h *Hero, ok func(*Hero) bool) int {
	best, bestWorth := -1, 0
	for seat := range g.heroes {
		o := &g.heroes[seat]
		if o == h || (g.opt.Mode == Team && o.team == h.team) || (ok != nil && !ok(o)) {
			continue
		}
		worth := g.fortune(o) + g.carriedValue(o)
		if best < 0 || worth > bestWorth || worth == bestWorth && o.glory > g.heroes[best].glory {
			best, bestWorth = seat, worth
		}
	}
	return best
}

// Cancel: a bot cancels a card an opponent played on its hero, or one
// whose bonuses cost it more than they give, that may still be canceled.
// Bots never cancel a rival's card in play.
func (b *bot) Cancel(g *Game, h *Hero) int {
	for i, r := range h.remains {
		if r.cancelable() && (r.hostile || modsWorth(r.ev.Mods) < 0) {
			return i
		}
	}
	return -1
}

// modsWorth rates modifiers for the hero who has them: their sum, counting
// those where less is better (costs, a villain's dice) the other way.
func modsWorth(mods []Mod) int {
	n := 0
	for _, m := range mods {
		switch m.Stat {
		case StatCost, StatFlight, StatSneak, StatSearch:
			n -= int(m.Amount)
		default:
			n += int(m.Amount)
		}
	}
	return n
}

// Keep: a bot keeps a card for the hand, worth most if it can hurt a
// rival, or else the best card to play at once; one that would hurt the
// hero comes last. The random bot keeps any.
func (b *bot) Keep(g *Game, h *Hero, ids []int16) int {
	if b.pol == Random {
		return h.bot.Intn(len(ids))
	}
	best, bestV := 0, -1<<30
	for i, id := range ids {
		e := &g.c.Events[id]
		v := 2 * int(e.Benefit)
		if !e.Immediately {
			v = 1 + int(e.Benefit)
			if e.Target == TargetOpponent {
				v = 2
			}
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}
