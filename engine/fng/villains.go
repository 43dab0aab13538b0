package fng

import "fmt"

// villainIn returns the villain in a space, or nil.
func (g *Game) villainIn(space int16) *Villain {
	for i := range g.villains {
		if g.villains[i].space == space && g.villains[i].space >= 0 {
			return &g.villains[i]
		}
	}
	return nil
}

// villainAt returns the villain hunting a site, or nil.
func (g *Game) villainAt(site int) *Villain {
	if site < 0 {
		return nil
	}
	return g.villainIn(g.sites[site].space)
}

// villain returns the state of a villain card, adding it on first use.
func (g *Game) villain(idx int16) *Villain {
	for i := range g.villains {
		if g.villains[i].idx == idx {
			return &g.villains[i]
		}
	}
	g.villains = append(g.villains, Villain{def: &g.c.Villains[idx], idx: idx, space: -1, site: -1})
	return &g.villains[len(g.villains)-1]
}

// factionOf resolves "Nazi Villain" or "Villain" to an organization index,
// -1 for any.
func (g *Game) factionOf(foe string) int {
	name := foe
	if len(name) >= 7 && name[len(name)-7:] == "Villain" {
		name = name[:len(name)-7]
	}
	if code, ok := g.c.Symbols.Resolve(DomainFaction, name); ok {
		return code
	}
	return -1
}

// placeVillain brings a random villain (of a faction, or any when faction
// < 0) into the hero's space. There is one villain per space: if one is
// there already, it is the one. At an adventure the villain joins the hunt;
// elsewhere the hero fights it for a round and it leaves. In the
// cooperative game the villain comes from the active villains back at base.
func (g *Game) placeVillain(seat, faction int) *Villain {
	if !g.opt.Advanced {
		return nil
	}
	h := g.h(seat)
	if v := g.villainIn(h.space); v != nil {
		if g.fs != nil {
			g.fs.brought = v
		}
		return v
	}
	pool := g.villainBuf[:0]
	if g.coopVillains() {
		for i := range g.coop.active {
			v := g.villain(g.coop.active[i])
			if v.space < 0 && v.state != vKO && (faction < 0 || int(v.def.Org) == faction) {
				pool = append(pool, v.idx)
			}
		}
	} else {
		for i := range g.c.Villains {
			v := g.villain(int16(i))
			if v.space < 0 && (faction < 0 || int(v.def.Org) == faction) {
				pool = append(pool, int16(i))
			}
		}
	}
	g.villainBuf = pool // kept for the next call: only read before deploying
	if len(pool) == 0 {
		return nil
	}
	v := g.villain(pool[g.vrand.Intn(len(pool))])
	was := v.state
	if g.fs != nil {
		g.fs.brought = v // a fight's enemy brought him (Nazi Gold's escort)
	}
	g.deployVillainAt(v, h.space, true)
	if g.trace != nil {
		g.logf("%s appears in %s!", v.def.Name, g.c.Spaces[h.space].Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleVillain)
	}
	if v.site < 0 {
		// Not at an adventure: a single round, then the villain moves on
		// (an active villain goes back to base as it was: it neither
		// recovered an artifact nor lost one to a hero).
		g.villainRounds(seat, v, 1)
		if v.space >= 0 {
			g.villainLeaves(v, was)
		}
	}
	return v
}

// deployVillainAt puts a villain's figure in a space with its bodyguards
// (taking over a henchman figure already there).
func (g *Game) deployVillainAt(v *Villain, space int16, found bool) {
	v.space = space
	v.site = g.siteAt(space)
	v.wounds, v.markers, v.bodyguards, v.explore = 0, 0, 0, 0
	v.state = vDeployed
	if found {
		v.explore = -1 // added by a card: it has already found the adventure (FAQ)
	}
	org := int(v.def.Org)
	want := int(g.c.Orgs[org].Bodyguards)
	if want > 0 {
		if g.henchmen[space] == int8(org+1) {
			g.henchmen[space] = 0
			v.bodyguards++
			want++ // the soldier in the space joins as an extra bodyguard
			if g.stats != nil {
				g.stats.rule(RuleBodyguards)
			}
		}
		for v.bodyguards < want && g.figuresLeft[org] > 0 {
			g.figuresLeft[org]--
			v.bodyguards++
		}
	}
	if g.trace != nil {
		g.logVillain(v, "deploy")
	}
	g.villainAbility(v, "deploy", -1)
}

// villainLeaves takes a villain off the board: fully healed, bodyguards
// back to the pool; in the cooperative game it goes back to base in the
// given state.
func (g *Game) villainLeaves(v *Villain, state villainState) {
	g.figuresLeft[v.def.Org] += int8(v.bodyguards)
	v.bodyguards, v.wounds, v.markers, v.explore = 0, 0, 0, 0
	v.space, v.site = -1, -1
	if g.coopVillains() {
		v.state = state
	} else {
		v.state = vOff
	}
	if g.trace != nil {
		g.logVillain(v, "leaves")
	}
}

// villainCombat is a villain's fight dice: Combat, +1 per bodyguard.
func (g *Game) villainCombat(v *Villain) int {
	return int(v.def.Combat) + v.bodyguards + g.villainMod(v, StatCombat)
}

// villainMod sums a villain's modifiers (its card and Remains in Play
// villain events) to a stat.
func (g *Game) villainMod(v *Villain, s Stat) int {
	n := 0
	for _, m := range v.def.Mods {
		if m.Stat == s && m.Scope == Always {
			n += int(m.Amount)
		}
	}
	for _, id := range v.remains {
		for _, m := range g.c.VillainEvents[id].Mods {
			if m.Stat == s && m.Scope == Always {
				n += int(m.Amount)
			}
		}
	}
	return n
}

// villainHits deals hits to a villain: Defense first, then each wound
// takes a bodyguard before the villain. A villain at its Wounds is KO'd.
// It returns the wounds dealt (bodyguards included).
func (g *Game) villainHits(v *Villain, hits int) int {
	w := max(hits-int(v.def.Defense)-g.villainMod(v, StatDefense), 0)
	g.villainWounds(v, w)
	return w
}

// villainWounds gives a villain wounds past its Defense: each takes a
// bodyguard first, then lands on the villain; at its Wounds the villain
// is KO'd and goes back to base.
func (g *Game) villainWounds(v *Villain, w int) {
	if g.trace != nil && w > 0 {
		g.emit(-1, "villain-wounds", v.def.ID, map[string]any{"wounds": w, "bodyguards": min(w, v.bodyguards), "total": v.wounds + max(w-v.bodyguards, 0)},
			"  (%s takes %d wounds)", v.def.Name, w)
	}
	for w > 0 && v.bodyguards > 0 {
		v.bodyguards--
		g.figuresLeft[v.def.Org]++
		w--
	}
	v.wounds += w
	if v.wounds >= int(v.def.Wounds)+g.villainMod(v, StatWounds) {
		if g.trace != nil {
			g.logf("%s is KO'd!", v.def.Name)
		}
		if g.stats != nil {
			g.stats.rule(RuleVillainKO)
		}
		g.villainAbility(v, "ko", -1)
		g.villainLeaves(v, vKO)
	}
}

// noEnemy stands in for the enemy card of a fight against a villain.
var noEnemy EnemyDef

// villainRounds fights n single rounds against a villain: no escape; the
// hero gains Glory per hit done (hits, not wounds).
func (g *Game) villainRounds(seat int, v *Villain, n int) {
	h := g.h(seat)
	prev, prevCur := g.fs, g.cur
	fs := g.pushFight()
	*fs = FightState{villain: v, seat: seat, enemy: &noEnemy}
	if prev != nil && prev.enemy != nil && prev.villain == nil {
		fs.enemy = prev.enemy
	}
	g.fs, g.cur = fs, seat
	defer func() {
		if prev != nil {
			prev.dealt, prev.taken, prev.met = fs.dealt, fs.taken, true
		}
		g.fs, g.cur = prev, prevCur
		g.fightTop--
	}()
	if g.stats != nil {
		g.stats.rule(RuleVillainFight)
	}
	for range n {
		if v.space < 0 || h.ko {
			return
		}
		fs.round++
		fs.addDice = 0
		g.offer(seat, TFight)
		if g.trace != nil {
			g.logMods(h, StatCombat, KW{}, "fight")
			if n := g.specialFight(h, StatCombat, KW{}); n != 0 {
				g.logMod(h.seat, g.c.Adventures[g.sites[h.progress].adv].ID, StatCombat, n, "fight", "special")
			}
		}
		heroHits := g.rollHits(g.fightDice(h, nil) + fs.addDice)
		if g.trace != nil {
			g.logDice(seat, "villain-fight", v.def.ID)
		}
		villainHits := g.rollHits(g.villainCombat(v))
		if g.trace != nil {
			g.logDice(-1, "villain", v.def.ID)
			g.emit(seat, "villain-round", v.def.ID, map[string]any{"hero_hits": heroHits, "villain_hits": villainHits, "add_dice": fs.addDice},
				"  %s and %s trade blows: %d hits to %d", h.def.Name, v.def.Name, heroHits, villainHits)
		}
		g.gainGlory(h, heroHits*g.c.Rules.VillainGloryPerHit, "villain-hits")
		fs.dealt += g.villainHits(v, heroHits)
		if g.trace != nil && villainHits > 0 {
			g.logDefense(h, KW{})
		}
		w := max(villainHits-g.defense(h, nil), 0)
		fs.taken += w
		g.wound(h, w, "villain")
		// The villain's "after a fight round" ability, once the round's
		// Glory and wounds are dealt.
		g.villainAbility(v, "fight", seat)
	}
}

// villainAbility runs a villain's ability at its moment (against a hero
// when seat ≥ 0).
func (g *Game) villainAbility(v *Villain, when string, seat int) {
	if v.def.Effect == nil || v.def.When != when {
		return
	}
	if seat < 0 {
		seat = g.nearestHero(v.space)
		if seat < 0 {
			return
		}
	}
	g.runCard(seat, v.def.Effect, &v.def.Card)
}

// nearestHero is the hero closest to a space (the one a villain's ability
// acts on when no hero is engaged).
func (g *Game) nearestHero(space int16) int {
	best := -1
	for seat := range g.heroes {
		h := &g.heroes[seat]
		if h.ko {
			continue
		}
		if space < 0 || best < 0 || g.c.Dist[space][h.space] < g.c.Dist[space][g.heroes[best].space] {
			best = seat
		}
	}
	return best
}

// sneakTest: the hero picks a number, the villain rolls its Search dice;
// each die showing the number is a fight round against the villain. It
// passes when no die shows the number.
func (g *Game) sneakTest(seat int, v *Villain, pressing bool) bool {
	h := g.h(seat)
	if v == nil {
		return true
	}
	pick := g.sneakPick(h)
	found := 0
	n := max(g.sneakDice(h, v), 0)
	for range n {
		if g.roll() == pick {
			found++
		}
	}
	if g.trace != nil {
		g.logDice(-1, "sneak", v.def.ID)
		g.logMods(h, StatSneak, KW{}, "sneak")
		g.emit(seat, "sneak", v.def.ID, map[string]any{"pick": pick, "dice": n, "spotted": found, "search": int(v.def.Search),
			"villain_mods": g.villainMod(v, StatSearch) + g.villainMod(v, StatSneak)},
			"%s sneaks past %s on %d: %d dice show it", h.def.Name, v.def.Name, pick, found)
	}
	if g.stats != nil {
		g.stats.rule(RuleSneak)
	}
	if found > 0 {
		g.villainRounds(seat, v, found)
	}
	return found == 0
}

// sneakPick is the number, 1 to 6, a hero sneaks through on, as it
// chooses.
func (g *Game) sneakPick(h *Hero) int {
	n := h.dec.SneakNumber(g, h)
	if n < 1 || n > 6 {
		panic(fmt.Sprintf("decider: %s sneaks on %d", h.def.Name, n))
	}
	return n
}

// sneakDice is the dice a villain rolls to spot a hero sneaking past: its
// Search, with the villain's and the hero's Sneak modifiers.
func (g *Game) sneakDice(h *Hero, v *Villain) int {
	return int(v.def.Search) + g.villainMod(v, StatSearch) + g.villainMod(v, StatSneak) + h.always[StatSneak] + g.condMod(h, StatSneak, KW{})
}

// villainsAdventure: every villain at an adventure searches (end phase of
// the competitive game).
func (g *Game) villainsAdventure() {
	for i := range g.villains {
		v := &g.villains[i]
		if v.space >= 0 && v.site >= 0 && v.state == vDeployed {
			g.villainSearch(v, 0)
		}
	}
}

// villainSearch: Search dice, minus one per hero in the space unless the
// villain has bodyguards; each high die is a danger marker (at a Temple, a
// marker on its pile and a Fortune coin); each 1 a wound, ignoring Defense.
// Reaching the Danger value recovers the artifact for the villains.
func (g *Game) villainSearch(v *Villain, extra int) {
	if v.site < 0 || !g.sites[v.site].live {
		return
	}
	s := &g.sites[v.site]
	R := &g.c.Rules
	n := int(v.def.Search) + g.villainMod(v, StatSearch) + extra
	heroes := 0
	if v.bodyguards == 0 {
		for seat := range g.heroes {
			if !g.heroes[seat].ko && g.heroes[seat].space == v.space {
				n--
				heroes++
			}
		}
	}
	// A deployed villain at a deep jungle explores first, like a hero.
	if g.c.Spaces[s.space].DeepJungle && v.explore >= 0 && g.opt.Advanced {
		v.explore++
		found := false
		for range v.explore {
			found = found || g.roll() >= R.ExploreOn
		}
		if g.trace != nil {
			g.logDice(-1, "villain-explore", v.def.ID)
			g.emit(-1, "villain-explore", v.def.ID, map[string]any{"markers": v.explore, "found": flag(found)},
				"  (%s explores the jungle: %s)", v.def.Name, map[bool]string{true: "found", false: "lost"}[found])
		}
		if !found {
			return
		}
		v.explore = -1
	}
	succ, wounds := 0, 0
	for range max(n, 0) {
		r := g.roll()
		switch {
		case r >= R.VillainSearchOn:
			succ++
		case r <= R.VillainWoundOn:
			wounds++
		}
	}
	if g.trace != nil {
		g.logDice(-1, "villain-search", v.def.ID)
		g.emit(-1, "villain-search", v.def.ID, map[string]any{"dice": max(n, 0), "search": int(v.def.Search), "mods": g.villainMod(v, StatSearch) + extra,
			"heroes": heroes, "successes": succ, "wounds": wounds},
			"%s searches %s: %d successes, %d wounds", v.def.Name, g.c.Spaces[s.space].Name, succ, wounds)
	}
	g.villainAbility(v, "search", -1)
	if g.stats != nil {
		g.stats.rule(RuleVillainSearch)
	}
	// The rulebook: "For any rolls of 1, the Villain is hurt in his
	// adventures and immediately takes a Wound". Immediately: a villain KO'd
	// by them leaves the board before its successes count. The variant
	// villain-successes-first counts them first.
	if !g.opt.Variants.VillainSuccessesFirst && !g.villainHurt(v, wounds) {
		return
	}
	if g.villainFinds(v, succ, wounds) && g.opt.Variants.VillainSuccessesFirst {
		g.villainHurt(v, wounds)
	}
}

// villainHurt: hurt in its adventures, the villain takes a wound per 1,
// ignoring Defense (a bodyguard falls first). It reports whether the
// villain is still on the board.
func (g *Game) villainHurt(v *Villain, wounds int) bool {
	if wounds > 0 && v.space >= 0 {
		g.villainWounds(v, wounds)
	}
	return v.space >= 0
}

// villainFinds counts a search's successes: danger markers, the artifact
// when they reach its Danger value; at a Temple a coin and a pile marker
// each (and a roll for collapse when the pile is full). It reports whether
// the villain is still searching there.
func (g *Game) villainFinds(v *Villain, succ, wounds int) bool {
	site := v.site
	s := &g.sites[site]
	R := &g.c.Rules
	if g.isTemple(site) {
		dangers := int(g.c.Adventures[s.adv].Dangers)
		for range succ {
			take := min(R.TempleFortunePerDanger, s.coins)
			s.coins -= take
			g.villainsFortune(take)
			if s.coins <= 0 {
				if g.trace != nil {
					g.logTemple(site, "villain-coin")
				}
				g.villainTakes(v, site)
				return false
			}
			if g.opt.Variants.GermanCollapse {
				if g.trace != nil {
					g.logTemple(site, "villain-coin")
				}
				continue
			}
			s.markers++
			if s.markers >= dangers {
				s.markers = 0
				s.instability++
			}
			if g.trace != nil {
				g.logTemple(site, "villain-coin")
			}
			if s.markers == 0 && g.collapseRoll(site, false) {
				return false
			}
		}
		if g.opt.Variants.GermanCollapse && wounds > 0 {
			// The German quick rules: a search with any 1s checks the
			// Temple for collapse, once.
			return !g.collapseRoll(site, false)
		}
		return v.space >= 0
	}
	v.markers += succ
	if g.trace != nil && succ > 0 {
		g.emit(-1, "villain-markers", v.def.ID, map[string]any{"total": v.markers, "dangers": int(g.c.Adventures[s.adv].Dangers)},
			"  (%s has %d of %d danger markers)", v.def.Name, v.markers, g.c.Adventures[s.adv].Dangers)
	}
	if v.markers >= int(g.c.Adventures[s.adv].Dangers) {
		g.villainTakes(v, site)
		return false
	}
	return true
}

// villainTakes gives the villains an artifact (or a Temple Treasure).
func (g *Game) villainTakes(v *Villain, site int) {
	s := &g.sites[site]
	if g.trace != nil {
		g.logf("%s takes %s!", v.def.Name, g.c.Artifacts[s.art].Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleVillainArtifact)
	}
	// The villain leaves in the Ready state; closeSite would send it back
	// delayed, so take it off first.
	g.villainLeaves(v, vReady)
	// The villains keep the artifact (a hero may steal it back); a
	// Temple's cards are discarded, its Treasure counting as an artifact.
	loot := carried{art: s.art, adv: s.adv, value: int(g.c.Artifacts[s.art].Fortune)}
	if g.isTemple(site) {
		g.discardArtifact(carried{art: s.art, adv: s.adv}, -1, zoneBoard, "villains")
		loot = carried{art: s.art, adv: -1, value: g.c.Rules.TempleTreasure}
		if g.trace != nil {
			g.logToken(loot, zoneBoard, zoneLoot, "villains")
		}
	} else if g.trace != nil {
		g.logCarried(loot, zoneBoard, zoneLoot, "villains")
	}
	g.closeSite(site, true)
	g.coop.artifacts++
	g.coop.loot = append(g.coop.loot, loot)
	if g.coopVillains() {
		g.advanceTrack(g.c.Rules.TrackPerArtifact)
	}
}

// villainsFortune gives the villains Fortune; in the cooperative game every
// full step of it moves the track and returns to the pool.
func (g *Game) villainsFortune(n int) {
	g.addVillainFortune(n, "villains")
	if !g.coopVillains() {
		return
	}
	step := max(g.c.Rules.TrackFortuneStep, 1)
	for g.coop.villainFortune >= step {
		g.addVillainFortune(-step, "track")
		g.advanceTrack(1)
	}
}

// addVillainFortune changes the villains' Fortune pile.
func (g *Game) addVillainFortune(n int, why string) {
	g.coop.villainFortune += n
	if g.trace != nil && n != 0 {
		g.emit(-1, "villain-fortune", g.cardID(), map[string]any{"delta": n, "total": g.coop.villainFortune, "why": why},
			"  (the villains: %+d Fortune, %d)", n, g.coop.villainFortune)
	}
}

// logVillain reports a villain's state: where it is, its state, wounds,
// bodyguards and danger markers.
func (g *Game) logVillain(v *Villain, why string) {
	space := ""
	if v.space >= 0 {
		space = g.c.Spaces[v.space].ID
	}
	g.emit(-1, "villain", v.def.ID, map[string]any{"space": space, "site": v.site, "state": villainStates[v.state], "wounds": v.wounds,
		"bodyguards": v.bodyguards, "markers": v.markers, "why": why},
		"  (%s: %s%s)", v.def.Name, villainStates[v.state], map[bool]string{true: " in " + space, false: ""}[space != ""])
}

var villainStates = [...]string{vOff: "off", vDeployed: "deployed", vReady: "ready", vDelayed: "delayed", vKO: "ko"}

// placeHenchman puts a henchman figure of an organization in a space. If
// the space has one already or no figure is left, the competitive game
// redraws a random location; the cooperative game moves the villain track.
// A hero in the space must fight it at once.
func (g *Game) placeHenchman(org int, space int16, fightNow bool) {
	if org < 0 || org >= len(g.c.Orgs) {
		return
	}
	for tries := 0; g.henchmen[space] != 0 || g.figuresLeft[org] == 0; tries++ {
		if g.coopVillains() || g.figuresLeft[org] == 0 || tries > 8 {
			if g.coopVillains() {
				g.advanceTrack(g.c.Rules.TrackPerHenchman)
			}
			return
		}
		loc := g.drawLocation(nil)
		if loc < 0 {
			return
		}
		space = g.c.Locations[loc].Space
	}
	g.henchmen[space] = int8(org + 1)
	g.figuresLeft[org]--
	if g.trace != nil {
		g.emit(-1, "henchman", g.c.Orgs[org].ID, map[string]any{"space": g.c.Spaces[space].ID, "placed": 1},
			"a %s figure is placed in %s", g.c.Enemies[g.c.Orgs[org].Henchman].Name, g.c.Spaces[space].Name)
	}
	if !fightNow {
		return
	}
	for _, s := range g.order {
		h := g.h(int(s))
		if !h.ko && h.space == space && g.henchmen[space] != 0 {
			g.henchmanFight(int(s), space)
		}
	}
}

// removeHenchman returns a space's henchman figure to the pool.
func (g *Game) removeHenchman(space int16) {
	if org := int(g.henchmen[space]) - 1; org >= 0 {
		g.figuresLeft[org]++
		g.henchmen[space] = 0
		g.coop.occupied[space] = false
		if g.trace != nil {
			g.emit(-1, "henchman", g.c.Orgs[org].ID, map[string]any{"space": g.c.Spaces[space].ID, "placed": 0},
				"  (the %s figure in %s is removed)", g.c.Enemies[g.c.Orgs[org].Henchman].Name, g.c.Spaces[space].Name)
		}
	}
}

// zeppelinOrg is the organization whose soldiers man the zeppelin.
func (g *Game) zeppelinOrg() int {
	for i := range g.c.Orgs {
		if g.c.Orgs[i].Zeppelin >= 0 {
			return i
		}
	}
	for i := range g.c.Orgs {
		if g.c.Orgs[i].Bodyguards > 0 {
			return i
		}
	}
	return -1
}

// setupZeppelin places the zeppelin (its competitive side, or the War
// Zeppelin of the cooperative game) at a random location.
func (g *Game) setupZeppelin(cooperative bool) {
	for i := range g.c.Zeppelins {
		z := &g.c.Zeppelins[i]
		if z.Cooperative != cooperative {
			continue
		}
		loc := g.drawLocation(nil)
		if loc < 0 {
			return
		}
		g.zeppelin = Zeppelin{def: z, space: g.c.Locations[loc].Space, dest: -1, live: true}
		if g.trace != nil {
			g.emit(-1, "zeppelin", z.ID, map[string]any{"space": g.c.Spaces[g.zeppelin.space].ID, "fortune": 0, "loaded": 0},
				"%s hovers over %s", z.Name, g.c.Spaces[g.zeppelin.space].Name)
		}
		return
	}
}

// moveZeppelinEnd: the zeppelin flies toward its destination, loads
// Fortune, and may drop a soldier.
func (g *Game) moveZeppelinEnd() {
	z := &g.zeppelin
	d := z.def
	if d.Cooperative {
		// The War Zeppelin keeps a destination, drawing a new one on
		// arrival.
		for range d.Moves {
			if z.dest < 0 || z.dest == z.space {
				loc := g.drawLocation(nil)
				if loc < 0 {
					break
				}
				z.dest = g.c.Locations[loc].Space
			}
			best := z.space
			for _, n := range g.c.Spaces[z.space].Adj {
				if g.c.Dist[n][z.dest] < g.c.Dist[best][z.dest] {
					best = n
				}
			}
			z.space = best
		}
	} else {
		// The record sheet: each end phase a Location card says where it
		// heads; it flies up to its moves toward it, stopping there (a
		// sea costs it only 1).
		if loc := g.drawLocation(nil); loc >= 0 {
			z.dest = g.c.Locations[loc].Space
		}
		for range d.Moves {
			if z.dest < 0 || z.dest == z.space {
				break
			}
			z.space = g.c.zeppelinSteps[int(z.dest)*len(g.c.Spaces)+int(z.space)]
		}
	}
	z.fortune += int(d.Fortune)
	if g.trace != nil {
		g.emit(-1, "zeppelin", d.ID, map[string]any{"space": g.c.Spaces[z.space].ID, "fortune": z.fortune, "loaded": int(d.Fortune)},
			"%s flies to %s with %d Fortune in its hold", d.Name, g.c.Spaces[z.space].Name, z.fortune)
	}
	if d.Drop > 0 {
		r := g.roll()
		if g.trace != nil {
			g.logDice(-1, "zeppelin-drop", d.ID)
		}
		if r <= int(d.Drop) {
			g.placeHenchman(g.zeppelinOrg(), z.space, true)
		}
	}
	if g.stats != nil {
		g.stats.rule(RuleZeppelin)
	}
}

// boardZeppelin: a hero in the zeppelin's space may sneak aboard. Each
// guard die showing the hero's number is a fight with a soldier; beating
// them all (even if KO'd in the last round, FAQ) steals its Fortune — or
// destroys the War Zeppelin.
func (g *Game) boardZeppelin(seat int) bool {
	z := &g.zeppelin
	h := g.h(seat)
	if !z.live || z.space != h.space || !g.opt.Advanced {
		return false
	}
	org := g.zeppelinOrg()
	if org < 0 {
		return false
	}
	if !h.dec.Board(g, h) {
		return false
	}
	pick := g.sneakPick(h)
	found := 0
	for range z.def.Guards {
		if g.roll() == pick {
			found++
		}
	}
	if g.trace != nil {
		g.logDice(-1, "guards", z.def.ID)
		g.emit(seat, "board", z.def.ID, map[string]any{"pick": pick, "dice": int(z.def.Guards), "spotted": found},
			"%s sneaks aboard %s: %d guards spot them", h.def.Name, z.def.Name, found)
	}
	if g.stats != nil {
		g.stats.rule(RuleBoardZeppelin)
	}
	for range found {
		// Each guard who spots the hero: Fight Nazi Enemies (Infantry), as
		// the record sheet says.
		if g.fightDrawn([]int{seat}, true, g.c.kwInfantry) != fightDefeated {
			return true
		}
	}
	g.gainGlory(h, int(z.def.Glory), "zeppelin")
	if z.def.Cooperative {
		z.live = false
		if g.trace != nil {
			g.emit(seat, "zeppelin", z.def.ID, map[string]any{"space": g.c.Spaces[z.space].ID, "fortune": z.fortune, "destroyed": 1},
				"%s destroys the War Zeppelin!", h.def.Name)
		}
		g.outpostReward(h)
		return true
	}
	if g.trace != nil {
		g.emit(seat, "zeppelin", z.def.ID, map[string]any{"space": g.c.Spaces[z.space].ID, "fortune": 0, "stolen": z.fortune},
			"%s steals %d Fortune from the zeppelin", h.def.Name, z.fortune)
	}
	g.addFortune(h, z.fortune, "zeppelin")
	z.fortune = 0
	return true
}
