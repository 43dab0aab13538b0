package fng

import "fmt"

// Events, secret City cards and the abilities of held cards. At each
// timing the engine offers a hero its usable abilities (its hand, its
// items, its own ability), then lets rivals play cards aimed at it; bots
// decide what to use.

// drawEvents draws Event cards for a hero: Play Immediately cards are
// played at once, the rest go to the hand.
func (g *Game) drawEvents(seat, n int) {
	h := g.h(seat)
	for range n {
		id := g.drawTop(&g.events)
		if id < 0 {
			return
		}
		e := &g.c.Events[id]
		if g.stats != nil {
			g.stats.drew(&e.Card, seat)
		}
		if e.Immediately {
			if g.trace != nil {
				g.move(&g.events, id, seat, zoneDeck, zonePlay, "draw")
				g.logf("%s draws %s (played at once)", h.def.Name, e.Name)
			}
			g.playCard(seat, &e.Card, e, false, id)
			if g.stats != nil {
				g.stats.rule(RuleImmediately)
			}
			continue
		}
		if g.trace != nil {
			g.move(&g.events, id, seat, zoneDeck, "hand", "draw")
			g.logf("%s draws the Event %s", h.def.Name, e.Name)
		}
		h.hand = append(h.hand, handCard{card: id})
		g.handChanged(h)
	}
}

// drawEventKeep draws n Event cards of which the hero keeps one, as it
// chooses; the others are discarded. A Play Immediately card is played
// only if it is the one kept (the rulebook, "Play Immediately").
func (g *Game) drawEventKeep(seat, n int) {
	h := g.h(seat)
	ids := g.keepBuf[:0]
	for range min(n, len(g.keepBuf)) {
		id := g.draw(&g.events, seat, "hand", "draw") // drawn in secret, to choose from
		if id < 0 {
			break
		}
		ids = append(ids, id)
		if g.stats != nil {
			g.stats.drew(&g.c.Events[id].Card, seat)
		}
	}
	if len(ids) == 0 {
		return
	}
	k := h.dec.Keep(g, h, ids)
	if k < 0 || k >= len(ids) {
		panic(fmt.Sprintf("decider: %s keeps card %d of %d", h.def.Name, k, len(ids)))
	}
	for i, id := range ids {
		if i != k {
			if g.trace != nil {
				g.logf("%s discards the Event %s unplayed", h.def.Name, g.c.Events[id].Name)
			}
			g.discardEvent(&g.c.Events[id], false, id, seat, "hand")
		}
	}
	if g.stats != nil {
		g.stats.rule(RuleKeepOne)
	}
	id := ids[k]
	e := &g.c.Events[id]
	if e.Immediately {
		if g.trace != nil {
			g.move(&g.events, id, seat, "hand", zonePlay, "kept")
			g.logf("%s keeps %s (played at once)", h.def.Name, e.Name)
		}
		g.playCard(seat, &e.Card, e, false, id)
		return
	}
	if g.trace != nil {
		g.logf("%s keeps the Event %s", h.def.Name, e.Name)
	}
	h.hand = append(h.hand, handCard{card: id})
	g.handChanged(h)
}

// handTimings returns the timings (as bits) at which the hero's hand holds
// a card it can play on itself, and a card for a rival; recomputed only
// after the hand changes. It and rivalTimings are small enough to inline:
// every offer asks them.
func (g *Game) handTimings(h *Hero) (self, opp uint32) {
	if h.handDirty {
		g.retime(h)
	}
	return h.selfTimings, h.oppTimings
}

// retime works out handTimings after the hand changed. Kept out of line,
// so that handTimings inlines.
//
//go:noinline
func (g *Game) retime(h *Hero) {
	h.selfTimings, h.oppTimings, h.terrain = 0, 0, false
	for _, hc := range h.hand {
		e := g.eventOf(hc)
		h.terrain = h.terrain || e.Terrain
		if e.Effect == nil && len(e.Mods) == 0 {
			continue
		}
		if e.Target == TargetOpponent {
			h.oppTimings |= e.Timings
		} else {
			h.selfTimings |= e.Timings
		}
	}
	h.handDirty = false
}

// handChanged marks a hero's hand changed: its timings (handTimings) and the
// table's (rivalTimings) are recomputed when next asked.
func (g *Game) handChanged(h *Hero) {
	h.handDirty = true
	g.handsDirty = true
}

// rivalTimings is the union of every hero's opponent-aimed timings: most
// moments no hand holds a card for, and offerOpponents then skips the table.
func (g *Game) rivalTimings() uint32 {
	if g.handsDirty {
		g.retimeRivals()
	}
	return g.rivalMask
}

// retimeRivals works out rivalTimings after a hand changed.
func (g *Game) retimeRivals() {
	g.rivalMask, g.terrainSeats = 0, 0
	for i := range g.heroes {
		h := &g.heroes[i]
		_, opp := g.handTimings(h)
		g.rivalMask |= opp
		if h.terrain {
			g.terrainSeats |= 1 << i
		}
	}
	g.handsDirty = false
}

// eventOf returns a hand card's definition.
func (g *Game) eventOf(hc handCard) *EventDef {
	if hc.city {
		return &g.c.City[hc.card]
	}
	return &g.c.Events[hc.card]
}

// offer lets the hero use its abilities at a timing, then lets rivals play
// cards aimed at the hero.
func (g *Game) offer(seat int, t Timing) {
	if g.quiet(seat, t) {
		return // most moments nobody holds anything for: one test, inlined
	}
	g.offerSelf(seat, t)
	g.offerOpponents(seat, t)
}

// quiet reports that neither the hero nor any rival has something to use
// at t, by the timings kept since the hands last changed (a changed hand
// takes the long way, which works them out again). The multi-hero solo
// game, whose heroes share one hand, always takes the long way.
func (g *Game) quiet(seat int, t Timing) bool {
	h := &g.heroes[seat]
	return !g.handsDirty && g.opt.Mode != Solo && (h.selfTimings|h.itemTimings|h.def.Timings|g.rivalMask)&(1<<t) == 0
}

// offerAll offers a timing to every hero in turn order (priority goes by
// turn order).
func (g *Game) offerAll(t Timing) {
	for _, s := range g.order {
		if !g.heroes[s].ko {
			g.offer(int(s), t)
		}
	}
}

// offerSelf offers the hero's own abilities at a timing.
func (g *Game) offerSelf(seat int, t Timing) {
	h := g.h(seat)
	if g.shared() && g.opt.Mode == Solo && len(g.heroes) > 1 {
		// The multi-hero solo game shares one hand: any hero's cards serve.
		g.offerSharedHand(seat, t)
	}
	self, _ := g.handTimings(h)
	bit := uint32(1) << t
	if (self|h.itemTimings|h.def.Timings)&bit == 0 {
		return // nothing to use at this moment: most calls end here
	}
	// Held Events and secret City cards aimed at self (or at everyone).
	// Without one for this moment, none is played and the hand stays as
	// it is: the walk through it is skipped.
	for i := 0; self&bit != 0 && i < len(h.hand); i++ {
		hc := h.hand[i]
		e := g.eventOf(hc)
		if !e.At(t) || e.Target == TargetOpponent || e.Effect == nil && len(e.Mods) == 0 {
			continue
		}
		if !g.usable(seat, &e.Card) || !h.dec.Use(g, h, &e.Card, t) {
			continue
		}
		h.hand = append(h.hand[:i], h.hand[i+1:]...)
		g.handChanged(h)
		i--
		if g.trace != nil {
			g.logPlay(seat, seat, hc, t)
		}
		g.playCard(seat, &e.Card, e, hc.city, hc.card)
		if h.ko {
			return
		}
	}
	// Items (itemTimings is kept up to date as items come and go).
	for i := 0; h.itemTimings&bit != 0 && i < len(h.items); i++ {
		it := &g.c.Items[h.items[i]]
		if !it.At(t) || it.Effect == nil || (it.Activate && h.activated[i]) {
			continue
		}
		if !g.usable(seat, &it.Card) || !h.dec.Use(g, h, &it.Card, t) {
			continue
		}
		if it.Activate {
			h.activated[i] = true
		}
		id := h.items[i]
		if g.trace != nil {
			g.emit(seat, "use", it.ID, map[string]any{"moment": Timings[t-1], "activate": flag(it.Activate)}, "%s uses %s", h.def.Name, it.Name)
		}
		g.useItem(seat, id)
		if h.ko {
			return
		}
	}
	// The hero's own ability.
	def := h.def
	if def.At(t) && def.Effect != nil && !(def.Activate && h.heroUsed) && g.usable(seat, &def.Card) && h.dec.Use(g, h, &def.Card, t) {
		if def.Activate {
			h.heroUsed = true
		}
		if g.trace != nil {
			g.emit(seat, "use", def.ID, map[string]any{"moment": Timings[t-1], "activate": flag(def.Activate)}, "%s uses their ability", h.def.Name)
		}
		g.runCard(seat, def.Effect, &def.Card)
		if g.stats != nil {
			g.stats.use(seat, &def.Card)
		}
	}
}

// offerSharedHand lets a hero of the multi-hero solo game play cards from
// the other heroes' hands (they are one player's hand).
func (g *Game) offerSharedHand(seat int, t Timing) {
	h := g.h(seat)
	for o := range g.heroes {
		other := &g.heroes[o]
		if o == seat {
			continue
		}
		for i := 0; i < len(other.hand); i++ {
			hc := other.hand[i]
			e := g.eventOf(hc)
			if !e.At(t) || e.Target == TargetOpponent || e.Effect == nil {
				continue
			}
			if !g.usable(seat, &e.Card) || !h.dec.Use(g, h, &e.Card, t) {
				continue
			}
			other.hand = append(other.hand[:i], other.hand[i+1:]...)
			g.handChanged(other)
			i--
			if g.trace != nil {
				g.logPlay(o, seat, hc, t)
			}
			g.playCard(seat, &e.Card, e, hc.city, hc.card)
		}
	}
}

// offerOpponents lets rivals, in turn order, play cards aimed at the hero
// (a hero's opponents in the competitive and team games).
func (g *Game) offerOpponents(seat int, t Timing) {
	if g.opt.Mode == Cooperative || g.opt.Mode == Solo || g.rivalTimings()&(1<<t) == 0 {
		return
	}
	target := g.h(seat)
	for _, s := range g.order {
		o := int(s)
		if o == seat {
			continue
		}
		h := g.h(o)
		if h.ko || (g.opt.Mode == Team && h.team == target.team) {
			continue
		}
		if _, opp := g.handTimings(h); opp&(1<<t) == 0 {
			continue
		}
		for i := 0; i < len(h.hand); i++ {
			hc := h.hand[i]
			e := g.eventOf(hc)
			if !e.At(t) || e.Target != TargetOpponent || e.Effect == nil && len(e.Mods) == 0 {
				continue
			}
			if g.passing && !e.Terrain || t == TTest && g.test != nil && g.test.seat != seat {
				continue
			}
			if !h.dec.PlayOn(g, h, target, e, t) {
				continue
			}
			if !g.usable(seat, &e.Card) {
				continue
			}
			h.hand = append(h.hand[:i], h.hand[i+1:]...)
			g.handChanged(h)
			i--
			if g.trace != nil {
				g.logPlay(o, seat, hc, t)
			}
			g.playAgainst(o, seat, e, hc)
			if target.ko {
				return
			}
		}
	}
}

// usable checks a card's Condition for the hero it would act on.
func (g *Game) usable(seat int, c *Card) bool {
	return c.Cond == nil || g.condHolds(seat, c) // most cards have none: usable inlines
}

// condHolds runs a card's Condition for the hero it would act on.
func (g *Game) condHolds(seat int, c *Card) bool {
	prev := g.cur
	g.cur = seat
	ok := c.Cond.True(g)
	g.cur = prev
	return ok
}

// playCard plays an Event or City card from seat: its effect on its
// targets, then the card is discarded or stays in play.
func (g *Game) playCard(seat int, c *Card, e *EventDef, city bool, id int16) {
	h := g.h(seat)
	if g.trace != nil && !e.Immediately {
		g.logf("%s plays %s", h.def.Name, c.Name)
	}
	attached := false
	if g.stats != nil {
		g.stats.use(seat, c)
	}
	var buf [8]int
	targets := g.targets(seat, c, c.Target, buf[:0])
	for _, t := range targets {
		// A card's Condition is about the hero it acts on (Falling Rocks
		// hits heroes in the Mountains): checked for each target, also for
		// Play Immediately cards, which no offer checked before.
		if c.Cond != nil && !g.usable(t, c) {
			continue
		}
		if c.Target == TargetOpponent && g.canceled(t, c) {
			continue
		}
		dice := g.steps
		if c.Effect != nil {
			g.runCard(t, c.Effect, c)
		}
		if e.Remains {
			if !attached {
				g.moveEvent(e, city, id, seat, zonePlay, zoneInPlay, "remains")
				attached = true
			}
			g.attach(g.h(t), remain{ev: e, city: city, card: id, hostile: c.Target == TargetOpponent, rolled: g.steps > dice})
		}
	}
	if !attached {
		g.discardEvent(e, city, id, seat, zonePlay)
	}
}

// playAgainst plays a rival's card aimed at the hero.
func (g *Game) playAgainst(from, target int, e *EventDef, hc handCard) {
	if g.trace != nil {
		g.logf("%s plays %s on %s", g.h(from).def.Name, e.Name, g.h(target).def.Name)
	}
	if g.stats != nil {
		g.stats.use(from, &e.Card)
		g.stats.rule(RuleOpponentCard)
	}
	if g.canceled(target, &e.Card) {
		g.discardEvent(e, hc.city, hc.card, from, zonePlay)
		return
	}
	dice := g.steps
	if e.Effect != nil {
		g.runCard(target, e.Effect, &e.Card)
	}
	if e.Remains {
		g.moveEvent(e, hc.city, hc.card, from, zonePlay, zoneInPlay, "remains")
		g.attach(g.h(target), remain{ev: e, city: hc.city, card: hc.card, hostile: true, rolled: g.steps > dice})
	} else {
		g.discardEvent(e, hc.city, hc.card, from, zonePlay)
	}
}

// canceled gives the target of a card the chance to cancel it with a
// cancel card or ability (before it rolls any dice).
func (g *Game) canceled(target int, c *Card) bool {
	prev := g.played
	g.played = cancelable
	g.offerSelf(target, TCancel)
	canceled := g.played == wasCanceled
	g.played = prev
	if canceled {
		if g.trace != nil {
			g.emit(target, "cancel", c.ID, map[string]any{"in-play": 0}, "%s is canceled", c.Name)
		}
		if g.stats != nil {
			g.stats.rule(RuleCancel)
		}
	}
	return canceled
}

// targetable reports whether o may be the target of h's opponent card:
// another hero standing, not of h's team in the team game.
func (g *Game) targetable(h, o *Hero) bool {
	return o != h && !o.ko && !(g.opt.Mode == Team && o.team == h.team)
}

// targets appends the seats card c acts on (its Target t) to out.
func (g *Game) targets(seat int, c *Card, t Target, out []int) []int {
	switch t {
	case TargetSelf:
		return append(out, seat)
	case TargetOpponent:
		h := g.h(seat)
		if o := h.dec.Target(g, h, c); o >= 0 {
			if o >= len(g.heroes) || !g.targetable(h, g.h(o)) {
				panic(fmt.Sprintf("decider: %s aims %s at seat %d", h.def.Name, c.Name, o))
			}
			out = append(out, o)
		}
	case TargetSpace:
		for s := range g.heroes {
			if g.heroes[s].space == g.heroes[seat].space && !g.heroes[s].ko {
				out = append(out, s)
			}
		}
	case TargetAll, TargetOthers:
		for s := range g.heroes {
			if (t == TargetAll || s != seat) && !g.heroes[s].ko {
				out = append(out, s)
			}
		}
	}
	return out
}

// discardEvent discards an Event or City card from a zone (and reshuffles
// its deck on the Shuffle icon).
func (g *Game) discardEvent(e *EventDef, city bool, id int16, seat int, from string) {
	if city {
		g.discardCity(id, seat, from)
		return
	}
	g.discard(&g.events, id, seat, from, "used")
	if e.Shuffle {
		g.reshuffle(&g.events)
	}
}

// moveEvent reports an Event or City card moving between zones.
func (g *Game) moveEvent(e *EventDef, city bool, id int16, seat int, from, to, why string) {
	if g.trace == nil {
		return
	}
	d := &g.events
	if city {
		d = &g.city
	}
	g.move(d, id, seat, from, to, why)
}

// logPlay reports a card played from a hand (seat from's) on a hero.
func (g *Game) logPlay(from, on int, hc handCard, t Timing) {
	e := g.eventOf(hc)
	g.moveEvent(e, hc.city, hc.card, from, "hand", zonePlay, "play")
	g.emit(from, "play", e.ID, map[string]any{"on": on, "moment": Timings[t-1]}, "  (%s plays %s from the hand)", g.name(from), e.Name)
}

// attach puts a Remains in Play card on a hero.
func (g *Game) attach(h *Hero, r remain) {
	h.remains = append(h.remains, r)
	h.recompute(g)
	if g.trace != nil {
		g.emit(h.seat, "attach", r.ev.ID, nil, "  (%s remains in play on %s)", r.ev.Name, h.def.Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleRemains)
	}
}

// expireRemains discards a hero's Remains in Play cards that last until u.
func (g *Game) expireRemains(h *Hero, u Until) {
	if len(h.remains) == 0 {
		return
	}
	var gone []remain
	kept := h.remains[:0]
	for _, r := range h.remains {
		if r.ev.Until == u {
			gone = append(gone, r)
			continue
		}
		kept = append(kept, r)
	}
	h.remains = kept
	if len(gone) > 0 {
		h.recompute(g)
		for _, r := range gone {
			if g.trace != nil {
				g.emit(h.seat, "detach", r.ev.ID, nil, "  (%s leaves play on %s)", r.ev.Name, h.def.Name)
			}
			g.leavePlay(r, h.seat)
		}
	}
}

// cancelInPlay cancels a card in play on the hero (the rulebook: a card
// may be canceled "as it is played or that is currently in play"): its
// effects end at once on every hero it acts on and it is discarded. A card
// whose effect rolled dice can no longer be canceled, and no card cancels
// a Villain Event (FAQ): those stay with their villain. The hero picks
// the card.
func (g *Game) cancelInPlay(h *Hero) {
	i := h.dec.Cancel(g, h)
	if i >= len(h.remains) {
		panic(fmt.Sprintf("decider: %s cancels card %d of %d in play", h.def.Name, i, len(h.remains)))
	}
	if i < 0 || !h.remains[i].cancelable() {
		return
	}
	r := h.remains[i]
	if g.trace != nil {
		g.emit(h.seat, "cancel", r.ev.ID, map[string]any{"in-play": 1}, "%s, in play on %s, is canceled", r.ev.Name, h.def.Name)
	}
	for s := range g.heroes {
		o := &g.heroes[s]
		kept := o.remains[:0]
		for _, x := range o.remains {
			if x.ev != r.ev || x.card != r.card {
				kept = append(kept, x)
			} else if g.trace != nil {
				g.emit(s, "detach", x.ev.ID, nil, "  (%s leaves play on %s)", x.ev.Name, o.def.Name)
			}
		}
		if len(kept) != len(o.remains) {
			o.remains = kept
			o.recompute(g)
		}
	}
	g.discardEvent(r.ev, r.city, r.card, h.seat, zoneInPlay)
	if g.stats != nil {
		g.stats.rule(RuleCancel)
	}
}

// cancelable reports whether a card in play may still be canceled: not
// once it has caused dice to be rolled.
func (r remain) cancelable() bool { return !r.rolled }

// leavePlay discards a Remains in Play card that left a hero, unless it is
// still in play on another: one card may act on every hero, and must be
// discarded once.
func (g *Game) leavePlay(r remain, seat int) {
	for s := range g.heroes {
		for _, o := range g.heroes[s].remains {
			if o.ev == r.ev && o.card == r.card {
				return
			}
		}
	}
	g.discardEvent(r.ev, r.city, r.card, seat, zoneInPlay)
}

// useItem runs an item's ability.
func (g *Game) useItem(seat int, id int16) {
	it := &g.c.Items[id]
	prev := g.using
	g.using = id
	g.runCard(seat, it.Effect, &it.Card)
	g.using = prev
	if g.stats != nil {
		g.stats.use(seat, &it.Card)
		if it.Activate {
			g.stats.rule(RuleActivate)
		}
	}
}

// runCard runs a card's program as the given hero.
func (g *Game) runCard(seat int, p *Prog, c *Card) {
	prevCur, prevCard := g.cur, g.card
	g.cur, g.card = seat, c
	p.Run(g)
	g.cur, g.card = prevCur, prevCard
}

// runAs runs a program as the given hero.
func (g *Game) runAs(seat int, p *Prog) {
	prev := g.cur
	g.cur = seat
	p.Run(g)
	g.cur = prev
}
