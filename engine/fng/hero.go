package fng

import "fmt"

// health is how many more wounds the hero can take.
func (g *Game) health(h *Hero) int { return g.maxWounds(h) - h.wounds }

// recompute refreshes a hero's modifiers after its cards change.
func (h *Hero) recompute(g *Game) {
	h.always = [numStats]int{}
	h.cond = h.cond[:0]
	h.condStats = 0
	add := func(mods []Mod) {
		for _, m := range mods {
			if m.Scope == Always {
				h.always[m.Stat] += int(m.Amount)
			} else {
				h.cond = append(h.cond, m)
				h.condStats |= 1 << m.Stat
			}
		}
	}
	add(h.def.Mods)
	h.itemTimings = 0
	for _, id := range h.items {
		it := &g.c.Items[id]
		add(it.Mods)
		if it.Effect != nil {
			h.itemTimings |= it.Timings
		}
	}
	for _, r := range h.remains {
		add(r.ev.Mods)
	}
	h.estimate = 0
}

// condMod sums a hero's scoped modifiers to a stat that apply now: on a
// test with keywords kw, or in the hero's space's terrain. Fights pass the
// enemy's keywords for "vs" modifiers.
func (g *Game) condMod(h *Hero, stat Stat, kw KW) int {
	if h.condStats&(1<<stat) == 0 {
		return 0 // most stats have no scoped modifier: one test, inlined
	}
	return g.scopedMod(h, stat, kw)
}

// scopedMod is condMod for a stat with some scoped modifier.
func (g *Game) scopedMod(h *Hero, stat Stat, kw KW) int {
	n := 0
	terrain := g.c.Spaces[h.space].Terrain
	for _, m := range h.cond {
		if m.Stat != stat {
			continue
		}
		switch m.Scope {
		case OnTest, VsEnemy:
			if kw.Has(int(m.Sym)) {
				n += int(m.Amount)
			}
		case InSpace:
			if m.Sym >= 0 && terrain&(1<<m.Sym) != 0 {
				n += int(m.Amount)
			}
		}
	}
	return n
}

// skill is a hero's skill with unconditional bonuses (never below 1).
func (g *Game) skill(h *Hero, s Skill) int {
	return max(int(h.def.Skills[s])+h.always[s], 1)
}

// testDice is the number of dice a hero rolls on a test clause.
func (g *Game) testDice(h *Hero, cl *Clause, kw KW) int {
	if cl.Kind == DiceTest {
		if g.escaping > 0 {
			return max(cl.Dice+h.always[StatEscape], 1)
		}
		return cl.Dice
	}
	n := 0
	for _, s := range cl.Skills {
		n += int(h.def.Skills[s]) + h.always[s] + g.condMod(h, Stat(s), kw)
	}
	n += h.always[StatTests] + g.condMod(h, StatTests, kw) + g.specialMod(h, cl, kw)
	if g.escaping > 0 {
		n += h.always[StatEscape]
	}
	return max(n, 1)
}

// hunted is the adventure card whose special text applies to the hero: the
// one it is hunting, in the advanced game (or nil).
func (g *Game) hunted(h *Hero) *AdventureDef {
	if !g.opt.Advanced || h.progress < 0 || !g.sites[h.progress].live || g.sites[h.progress].space != h.space {
		return nil
	}
	s := &g.sites[h.progress]
	adv := &g.c.Adventures[s.adv]
	if len(adv.Special) == 0 || (!adv.Temples && g.c.Artifacts[s.art].Temple) {
		return nil
	}
	return adv
}

// specialFight applies an adventure's special text to a hunting hero's
// Combat or Defense in a fight (kw: the enemy's keywords, for "vs").
func (g *Game) specialFight(h *Hero, stat Stat, kw KW) int {
	adv := g.hunted(h)
	if adv == nil {
		return 0
	}
	n := 0
	for _, m := range adv.Special {
		if m.Stat == stat && (m.Scope == Always || m.Scope == VsEnemy && kw.Has(int(m.Sym))) {
			n += int(m.Amount)
		}
	}
	return n
}

// specialMod applies an adventure's special text to heroes hunting it.
func (g *Game) specialMod(h *Hero, cl *Clause, kw KW) int {
	adv := g.hunted(h)
	if adv == nil {
		return 0
	}
	n := 0
	for _, m := range adv.Special {
		applies := m.Stat == StatTests
		for _, sk := range cl.Skills {
			applies = applies || m.Stat == Stat(sk)
		}
		if !applies {
			continue
		}
		switch m.Scope {
		case Always:
			n += int(m.Amount)
		case OnTest:
			if kw.Has(int(m.Sym)) {
				n += int(m.Amount)
			}
		}
	}
	return n
}

// fightDice is a hero's fight dice against an enemy.
func (g *Game) fightDice(h *Hero, e *EnemyDef) int {
	kw := KW{}
	if e != nil {
		kw = e.Keywords
	}
	return max(g.skill(h, Combat)+g.condMod(h, StatCombat, kw)+g.specialFight(h, StatCombat, kw), 1)
}

// defense is a hero's Defense against an enemy (nil: any hits).
func (g *Game) defense(h *Hero, e *EnemyDef) int {
	kw := KW{}
	if e != nil {
		kw = e.Keywords
	}
	return max(int(h.def.Defense)+h.always[StatDefense]+g.condMod(h, StatDefense, kw)+g.specialFight(h, StatDefense, kw), 0)
}

// maxWounds is the wounds that KO a hero.
func (g *Game) maxWounds(h *Hero) int {
	return max(int(h.def.Wounds)+h.always[StatWounds], 1)
}

func (g *Game) gearCount(h *Hero) int {
	n := 0
	for _, id := range h.items {
		if !g.c.Items[id].Ally {
			n++
		}
	}
	return n
}

func (g *Game) allyCount(h *Hero) int { return len(h.items) - g.gearCount(h) }

func (g *Game) holds(h *Hero, id int16) bool {
	for _, x := range h.items {
		if x == id {
			return true
		}
	}
	return false
}

// gainItem gives a hero an item (the caller has moved its card), then
// discards down to the limits.
func (g *Game) gainItem(seat int, id int16) {
	h := g.h(seat)
	h.items = append(h.items, id)
	h.activated = append(h.activated, false)
	if g.trace != nil {
		g.logf("%s gains %s", h.def.Name, g.c.Items[id].Name)
	}
	if g.stats != nil {
		g.stats.drew(&g.c.Items[id].Card, seat)
	}
	g.enforceLimits(h)
	h.recompute(g)
}

// drawItem draws a Gear or Allies card for a hero.
func (g *Game) drawItem(seat int, ally bool, why string) {
	d := &g.gear
	if ally {
		d = &g.allies
	}
	if id := g.draw(d, seat, "items", why); id >= 0 {
		g.gainItem(seat, id)
	}
}

// enforceLimits discards down to the Sidekick, Gear and Allies limits at
// once, the hero choosing the cards.
func (g *Game) enforceLimits(h *Hero) {
	R := &g.c.Rules
	for {
		kind := SidekickItem
		if n := g.countKind(h, kind); n == 0 || n <= R.SidekickLimit {
			kind = GearItem
			if n := g.countKind(h, kind); n == 0 || n <= R.GearLimit {
				kind = AllyItem
				if n := g.countKind(h, kind); n == 0 || n <= R.AllyLimit {
					return
				}
			}
		}
		g.discardItemAt(h, g.discardChoice(h, kind), "limit")
	}
}

// countKind counts the hero's items of a kind.
func (g *Game) countKind(h *Hero, kind ItemKind) int {
	n := 0
	for _, id := range h.items {
		if kind.is(&g.c.Items[id]) {
			n++
		}
	}
	return n
}

// discardChoice is the item of kind the hero chooses to discard: an index
// in its items.
func (g *Game) discardChoice(h *Hero, kind ItemKind) int {
	return g.checkDiscard(h, h.dec.Discard(g, h, kind), kind)
}

// checkDiscard returns a Decider's discard i, an index in the hero's
// items, if it is one of kind.
func (g *Game) checkDiscard(h *Hero, i int, kind ItemKind) int {
	if i < 0 || i >= len(h.items) || !kind.is(&g.c.Items[h.items[i]]) {
		panic(fmt.Sprintf("decider: %s discards item %d of %d (kind %d)", h.def.Name, i, len(h.items), kind))
	}
	return i
}

// discardItemAt discards a hero's item: to its deck's discard pile, or
// back to the Common Items stack.
func (g *Game) discardItemAt(h *Hero, i int, why string) {
	id := h.items[i]
	it := &g.c.Items[id]
	switch {
	case it.Common:
		g.commonLeft[id]++
		if g.trace != nil {
			g.logCard(h.seat, "common-items", &it.Card, zoneItems(h.seat), zoneStack, why)
		}
	case it.Ally:
		g.discard(&g.allies, id, h.seat, "items", why)
	default:
		g.discard(&g.gear, id, h.seat, "items", why)
	}
	h.items = append(h.items[:i], h.items[i+1:]...)
	h.activated = append(h.activated[:i], h.activated[i+1:]...)
	if g.trace != nil {
		g.logf("%s discards %s", h.def.Name, it.Name)
	}
	h.recompute(g)
}

// discardKind discards a Gear (ally=false) or Allies card the hero
// chooses; false if it has none.
func (g *Game) discardKind(h *Hero, ally bool) bool {
	kind := GearItem
	if ally {
		kind = AllyItem
	}
	if g.countKind(h, kind) == 0 {
		return false
	}
	g.discardItemAt(h, g.discardChoice(h, kind), "effect")
	return true
}

// commonCost is what a hero pays for a Common Item (never below the floor).
func (g *Game) commonCost(h *Hero, id int16) int {
	return max(int(g.c.Items[id].Cost)+h.always[StatCost], g.c.Rules.CommonItemMinCost)
}

// buyCommon buys a Common Item of the stack at its cost.
func (g *Game) buyCommon(h *Hero, id int16) {
	cost := g.commonCost(h, id)
	if g.trace != nil {
		g.eachMod(h, StatCost, KW{}, false, func(src *Card, scope string, amount int) {
			g.logMod(h.seat, src.ID, StatCost, amount, "cost", scope)
		})
		g.emit(h.seat, "buy", g.c.Items[id].ID, map[string]any{"what": "common", "cost": cost},
			"%s buys %s for %d Glory", h.def.Name, g.c.Items[id].Name, cost)
	}
	g.gainGlory(h, -cost, "buy")
	g.takeCommon(h, id, "buy")
}

// wound gives a hero wounds (ignoring Defense); a hero with wounds at its
// limit is KO'd.
func (g *Game) wound(h *Hero, n int, why string) {
	if n <= 0 || h.ko {
		return
	}
	h.wounds += n
	if g.trace != nil {
		g.logWounds(h, n, why)
	}
	if g.stats != nil {
		g.stats.wounds(g, h, n)
	}
	if h.wounds >= g.maxWounds(h) {
		g.knockOut(h.seat)
	}
}

// logWounds reports a change of a hero's wounds.
func (g *Game) logWounds(h *Hero, delta int, why string) {
	g.emit(h.seat, "wounds", g.cardID(), map[string]any{"delta": delta, "total": h.wounds, "max": g.maxWounds(h), "why": why},
		"  (%s: %+d wounds, %d of %d)", h.def.Name, delta, h.wounds, g.maxWounds(h))
}

// hit gives a hero hits: Defense prevents some.
func (g *Game) hit(h *Hero, n int, why string) {
	if g.trace != nil && n > 0 {
		g.logDefense(h, KW{})
	}
	g.wound(h, max(n-g.defense(h, nil), 0), why)
}

// heal removes wounds; healing fully ends Remains in Play cards that last
// until healed.
func (g *Game) heal(h *Hero, n int, why string) {
	before := h.wounds
	h.wounds = max(h.wounds-n, 0)
	if g.trace != nil && h.wounds != before {
		g.logWounds(h, h.wounds-before, why)
	}
	if h.wounds == 0 {
		g.expireRemains(h, UntilHeal)
	}
}

// gainGlory gives a hero Glory (n < 0 takes it, never below 0).
func (g *Game) gainGlory(h *Hero, n int, why string) {
	before := h.glory
	h.glory = max(h.glory+n, 0)
	g.worthChanged()
	if g.trace != nil && h.glory != before {
		g.emit(h.seat, "glory", g.cardID(), map[string]any{"delta": h.glory - before, "total": h.glory, "why": why},
			"  (%s: %+d Glory, %d)", h.def.Name, h.glory-before, h.glory)
	}
	if g.stats != nil && h.glory != before && !paid(why) {
		g.stats.glory(g, h, h.glory-before)
	}
}

// knockOut KOs a hero whose wounds reached the limit: a KO card may heal
// enough to save them; else the KO penalty.
func (g *Game) knockOut(seat int) {
	h := g.h(seat)
	if h.ko {
		return
	}
	g.offerSelf(seat, TKO)
	if h.wounds < g.maxWounds(h) {
		return // saved
	}
	g.koPenalty(seat)
}

// knockOutFailed KOs a hero who failed a cliffhanger or a collapse escape,
// whatever their wounds: healing cannot save them.
func (g *Game) knockOutFailed(seat int) {
	if !g.h(seat).ko {
		g.koPenalty(seat)
	}
}

// koPenalty: a die of Gear, Allies, Glory and Fortune is lost, each
// artifact on a low roll; back to the start city, lying down until the end
// phase.
func (g *Game) koPenalty(seat int) {
	h := g.h(seat)
	h.ko = true
	h.kos++
	if g.stats != nil {
		g.stats.ko(g, h)
	}
	loss := g.roll()
	if g.trace != nil {
		g.logDice(seat, "ko", "")
		g.emit(seat, "ko", "", map[string]any{"loss": loss}, "%s is KO'd! (loses %d in Gear, Allies, Glory and Fortune)", h.def.Name, loss)
	}
	// The hero chooses what it loses of its Glory, Gear and Allies, and
	// Fortune — which the cooperative and team games never lose — but it
	// loses the full amount if it can.
	take := h.dec.LoseGlory(g, h, loss)
	if take < 0 || take > min(loss, h.glory) {
		panic(fmt.Sprintf("decider: %s pays %d of a KO's %d in Glory (has %d)", h.def.Name, take, loss, h.glory))
	}
	g.gainGlory(h, -take, "ko")
	loss -= take
	for loss > 0 && len(h.items) > 0 {
		i := h.dec.Discard(g, h, AnyItem)
		if i < 0 && !g.shared() {
			break // the rest in Fortune
		}
		g.discardItemAt(h, g.checkDiscard(h, i, AnyItem), "ko")
		loss--
	}
	if rest := min(loss, h.glory); rest > 0 && g.shared() {
		g.gainGlory(h, -rest, "ko") // Fortune is not lost: Glory pays
		loss -= rest
	}
	if loss > 0 && !g.shared() {
		g.addFortune(h, -loss, "ko")
	}
	kept := h.artifacts[:0]
	for _, a := range h.artifacts {
		r := g.roll()
		if g.trace != nil {
			g.logDice(seat, "keep-artifact", "")
		}
		if r <= g.c.Rules.KOArtifactLoss {
			g.discardArtifact(a, seat, "carried", "ko")
			if g.trace != nil {
				g.logf("%s loses an artifact", h.def.Name)
			}
			continue
		}
		kept = append(kept, a)
	}
	h.artifacts = kept
	g.worthChanged()
	if h.cliff.active {
		g.endCliffhanger(h)
	}
	// The turn's Danger Glory (h.pending) stays: a KO'd hero cannot camp,
	// so it is never paid, unless the fight round that KO'd the hero also
	// won the artifact, whose recovery pays it (FAQ, wonWhileKOd). The next
	// adventure phase clears it.
	g.loseProgress(h)
	g.place(h, h.def.StartCity, "ko")
	g.expireRemains(h, UntilKO)
	if g.stats != nil {
		g.stats.rule(RuleKO)
	}
}

// endCliffhanger clears a hero's cliffhanger. Its card goes back once no
// hero is left in it: heroes who failed a Danger together share its card.
func (g *Game) endCliffhanger(h *Hero) {
	if !h.cliff.active {
		return
	}
	cl := h.cliff
	h.cliff = cliffhanger{}
	for s := range g.heroes {
		if o := &g.heroes[s]; o.cliff.active && o.cliff.card == cl.card && o.cliff.city == cl.city {
			return
		}
	}
	if cl.card >= 0 {
		g.returnDanger(cl.card, h.seat, zoneCliff)
	} else if cl.city >= 0 {
		g.discardCity(cl.city, h.seat, zoneCliff)
	}
}
