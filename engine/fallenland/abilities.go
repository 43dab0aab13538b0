package fallenland

import "slices"

// Running effects and abilities: the context an effect sees ("the player",
// "the Character", the card), ability limits and uses, and the moments
// (timings) at which abilities act.

type context struct {
	cur, actor int
	focus      *Member
	src        *Card
	item       *Item
	world      *World
	drawer     bool
	sig        signals
}

func (g *Game) save() context {
	return context{cur: g.cur, actor: g.actor, focus: g.focus, src: g.src, item: g.item, world: g.world, drawer: g.drawer, sig: g.sig}
}

func (g *Game) restore(c context) {
	g.cur, g.actor, g.focus, g.src, g.item, g.world, g.drawer, g.sig = c.cur, c.actor, c.focus, c.src, c.item, c.world, c.drawer, c.sig
}

// run runs an effect for a player, with a Character in focus (or nil) and
// the card it comes from. It returns the signals the effect raised.
func (g *Game) run(prog *Prog, p *Player, m *Member, src *Card) signals {
	if prog == nil || g.over {
		return signals{}
	}
	save := g.save()
	g.cur, g.actor, g.focus, g.src, g.item = p.seat, p.seat, m, src, nil
	g.sig = signals{}
	prog.Run(g)
	sig := g.sig
	g.restore(save)
	return sig
}

// holds evaluates a condition (nil is true).
func (g *Game) holds(cond *Prog, p *Player, m *Member, src *Card) bool {
	if cond == nil {
		return true
	}
	// A condition reads the context and changes none of it: only the
	// four fields set here are put back (a whole save and restore costs
	// more than most conditions; checkHolds makes sure in the self-check
	// mode).
	cur, actor, focus, was := g.cur, g.actor, g.focus, g.src
	var before context
	if selfCheck {
		before = g.save()
	}
	g.cur, g.actor, g.focus, g.src = p.seat, p.seat, m, src
	ok := cond.True(g)
	if selfCheck {
		g.checkHolds(before, src)
	}
	g.cur, g.actor, g.focus, g.src = cur, actor, focus, was
	return ok
}

// checkHolds panics if evaluating a condition changed the context beyond
// the fields holds sets and puts back.
func (g *Game) checkHolds(before context, src *Card) {
	after := g.save()
	after.cur, after.actor, after.focus, after.src = before.cur, before.actor, before.focus, before.src
	if after != before {
		stale("%s's condition changed the context: %+v, then %+v", src.ID, before, after)
	}
}

// limitOK reports whether an ability may act again given its limit flags.
func limitOK(l Limit, used uint8) bool {
	switch l {
	case OncePerTurn:
		return used&1 == 0
	case OncePerGame:
		return used&2 == 0
	}
	return true
}

func markUsed(l Limit, used *uint8) {
	switch l {
	case OncePerTurn:
		*used |= 1
	case OncePerGame:
		*used |= 2
	}
}

// AbilityHook is a ready ability: where it is, so its use can be counted
// and its card discarded.
type AbilityHook struct {
	a    *Ability
	card *Card
	m    *Member // the Character it belongs to (the holder), nil for the Party
	item *Item   // the equipped Spoils card, nil for others
	used *uint8
	perk int // the Perk's index + 1, 0 for others
}

// hooks collects a player's abilities at a timing: Perks, the Party's
// Characters and their equipment, Party Equipment and the Vehicle's load.
// It reads them from the list of the player's abilities at every timing,
// made again when the Party's cards have moved (p.gen, which recompute and
// tidy advance) and otherwise kept: a moment is offered its abilities
// several times while nothing moves (eachHook asks again after each use).
// The list is grouped by timing (abilAt), so a moment reads only its own.
// An item discarded since (its slot marked until tidy) is left out, as a
// fresh collection would.
func (g *Game) hooks(p *Player, t Timing, buf []AbilityHook) []AbilityHook {
	if !p.abilOK || p.abilGen != p.gen {
		g.groupHooks(p)
	}
	n := len(buf)
	for i := p.abilAt[t]; i < p.abilAt[t+1]; i++ {
		if h := &p.abil[i]; h.item == nil || h.item.card >= 0 {
			buf = append(buf, *h)
		}
	}
	if selfCheck {
		g.checkHooks(p, t, buf[n:])
	}
	return buf
}

// groupHooks collects the player's abilities at every timing into p.abil,
// grouped by timing in the order each moment offers them: those at
// timing t are p.abil[p.abilAt[t]:p.abilAt[t+1]].
func (g *Game) groupHooks(p *Player) {
	all := g.collectHooks(p, allTimings, g.groupBuf[:0])
	g.groupBuf = all[:0]
	var at [numTimings + 1]uint16
	for i := range all {
		at[all[i].a.Timing+1]++
	}
	for t := 1; t <= int(numTimings); t++ {
		at[t] += at[t-1]
	}
	p.abilAt = at
	p.abil = slices.Grow(p.abil[:0], len(all))[:len(all)]
	for _, h := range all {
		p.abil[at[h.a.Timing]] = h
		at[h.a.Timing]++
	}
	p.abilOK, p.abilGen = true, p.gen
}

// allTimings collects the abilities of every timing.
const allTimings = Timing(255)

// checkHooks compares the hooks kept for a moment with a fresh collection.
func (g *Game) checkHooks(p *Player, t Timing, kept []AbilityHook) {
	fresh := g.collectHooks(p, t, nil)
	if len(fresh) != len(kept) {
		stale("%s has %d abilities at %s kept, %d now", g.name(p), len(kept), Timings[t], len(fresh))
	}
	for i := range fresh {
		if fresh[i] != kept[i] {
			stale("%s's ability %d at %s is %s kept, %s now", g.name(p), i, Timings[t], kept[i].card.ID, fresh[i].card.ID)
		}
	}
}

// collectHooks collects a player's abilities at a timing (allTimings: at
// every one) from its cards.
func (g *Game) collectHooks(p *Player, t Timing, buf []AbilityHook) []AbilityHook {
	c, bit := g.c, uint32(1)<<t
	if t == allTimings {
		bit = ^uint32(0)
	}
	for i := range p.fac.Perks {
		if a := &p.fac.Perks[i]; (a.Timing == t || t == allTimings) && a.Effect != nil {
			buf = append(buf, AbilityHook{a: a, card: &p.fac.Card, used: &p.perkUsed[i], perk: i + 1})
		}
	}
	item := func(it *Item, m *Member) {
		if it.card >= 0 && c.spoilsAt[it.card]&bit != 0 {
			sd := &c.Spoils[it.card]
			buf = append(buf, AbilityHook{a: &sd.Ability, card: &sd.Card, m: m, item: it, used: &it.used})
		}
	}
	pa := &p.party
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if m.char < 0 {
			continue
		}
		if c.charAt[m.char]&bit != 0 {
			cd := &c.Characters[m.char]
			buf = append(buf, AbilityHook{a: &cd.Ability, card: &cd.Card, m: m, used: &m.used})
		}
		for k := range m.items {
			item(&m.items[k], m)
		}
	}
	for k := range pa.equip {
		item(&pa.equip[k], nil)
	}
	for k := range pa.vehItems {
		item(&pa.vehItems[k], nil)
	}
	item(&pa.vehicle, nil)
	return buf
}

// ready reports whether a hook may act now.
func (g *Game) ready(p *Player, h *AbilityHook) bool {
	if !limitOK(h.a.Limit, *h.used) {
		return false
	}
	return g.holds(h.a.Cond, p, h.m, h.card)
}

// use runs a hook's ability, counts its use and discards a spent card.
func (g *Game) use(p *Player, h *AbilityHook) signals {
	markUsed(h.a.Limit, h.used)
	save := g.save()
	g.cur, g.actor, g.focus, g.src, g.item = p.seat, p.seat, h.m, h.card, h.item
	g.sig = signals{}
	if g.trace != nil {
		if h.perk > 0 {
			g.emitf(p.seat, "ability", h.card.ID, D{"timing": Timings[h.a.Timing], "perk": h.perk}, "  %s: Perk %s", g.name(p), p.fac.PerkNames[h.perk-1])
		} else {
			g.emitf(p.seat, "ability", h.card.ID, D{"timing": Timings[h.a.Timing]}, "  %s: %s's ability", g.name(p), h.card.Name)
		}
	}
	if g.stats != nil {
		g.stats.use(p.seat, h.card)
	}
	h.a.Effect.Run(g)
	sig := g.sig
	g.restore(save)
	if h.item != nil && h.item.card >= 0 {
		h.item.uses++
		if sd := g.spoils(*h.item); sig.discard || (sd.Uses > 0 && h.item.uses >= sd.Uses) {
			g.discardItem(p, h.item)
			g.tidy(p)
		}
	}
	return sig
}

// trigger runs a player's abilities at a timing, and the Ongoing effects of
// Action cards attached to the player's town, Party and Characters at it.
func (g *Game) trigger(p *Player, t Timing) {
	g.eachHook(p, t, func(h *AbilityHook) bool { return true })
	if t == TEffects || t == TTownBusiness || t == TEndTurn {
		g.ongoing(p, t)
	}
}

type hookKey struct {
	n int
	m *Member
}

// eachHook offers each ready ability at a timing that want (the rule of
// the moment) allows to the player's Decider, and uses those it accepts. An ability can change the Party (draw and equip a card), so the
// list is collected again after each use, skipping what already acted.
func (g *Game) eachHook(p *Player, t Timing, want func(*AbilityHook) bool) signals {
	var acc signals
	if p.timings&(1<<t) == 0 {
		return acc
	}
	var done [16]hookKey
	nd := 0
	for !g.over {
		gen := p.gen
		hs := g.hooks(p, t, g.hookBuf[:0])
		g.hookBuf = hs[:0]
		used := false
		for i := range hs {
			h := &hs[i]
			k := hookKey{h.card.N, h.m}
			seen := false
			for _, d := range done[:nd] {
				seen = seen || d == k
			}
			if seen || (h.item != nil && h.item.card < 0) || !g.ready(p, h) || !want(h) || !p.dec.UseAbility(g, p, h, t) {
				continue
			}
			if nd < len(done) {
				done[nd] = k
				nd++
			}
			sig := g.use(p, h)
			acc.ignored = acc.ignored || sig.ignored
			acc.won = acc.won || sig.won
			acc.redraw = acc.redraw || sig.redraw
			acc.noStrike = acc.noStrike || sig.noStrike
			used = true
			if p.gen != gen || nd == len(done) {
				break
			}
		}
		if !used || nd == len(done) {
			break
		}
	}
	g.tidy(p)
	return acc
}

// ongoing runs attached Action cards' Ongoing effects on the player they
// are attached to.
func (g *Game) ongoing(p *Player, t Timing) {
	run := func(a int16, m *Member) {
		ad := &g.c.Actions[a]
		if ad.Ongoing != nil && ad.OngoingTiming == t {
			if g.stats != nil {
				g.stats.use(p.seat, &ad.Card)
			}
			if g.trace != nil {
				g.emitf(p.seat, "ongoing", ad.ID, D{"timing": Timings[t]}, "  %s: %s acts (attached)", g.name(p), ad.Name)
			}
			if g.run(ad.Ongoing, p, m, &ad.Card).discard {
				g.detachAction(p, a) // discardThis: the card ends itself
			}
		}
	}
	// Each list is copied (an Ongoing effect may detach its card, and may
	// reach ongoing again), into a buffer on this frame: no allocation
	// while a list holds a few cards.
	var buf [8]int16
	for _, a := range append(buf[:0], p.townActs...) {
		run(a, nil)
	}
	for _, a := range append(buf[:0], p.party.acts...) {
		run(a, nil)
	}
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		for _, a := range append(buf[:0], m.acts...) {
			run(a, m)
		}
	}
}

// discardItem discards an equipped or stored item with its mounted
// Permanent card. The slot is only marked: tidy removes it, so loops over
// a Party's items stay valid.
func (g *Game) discardItem(p *Player, it *Item) {
	if it.card < 0 {
		return
	}
	g.discard(DSpoils, it.card)
	if it.mount >= 0 {
		g.discard(DSpoils, it.mount)
	}
	it.card, it.mount = -1, -1
	p.untidy = true
}

// tidy removes discarded items and refreshes the Party's totals.
func (g *Game) tidy(p *Player) {
	if !p.untidy {
		return
	}
	p.untidy = false
	p.gen++
	keep := func(list []Item) []Item {
		out := list[:0]
		for _, it := range list {
			if it.card >= 0 {
				out = append(out, it)
			}
		}
		return out
	}
	pa := &p.party
	for i := range pa.crowns {
		pa.crowns[i].items = keep(pa.crowns[i].items)
	}
	pa.equip = keep(pa.equip)
	pa.vehItems = keep(pa.vehItems)
	p.auction = keep(p.auction)
	g.recompute(p)
}
