package fallenland

// Damage, Armor, healing, death and Party death (FL-DMG-*, FL-HEAL-*,
// FL-DEATH-*).

// deathCause says what happens to a dead Character's equipment
// (FL-DEATH-02).
type deathCause uint8

const (
	causeParty     deathCause = iota // a Party card: equipment stays with the Party
	causeSolo                        // a Solo or Individual check: discarded
	causeAction                      // an Action card: discarded
	causePVP                         // set aside for the victor and the Loot Deck
	causeNPCM                        // killed by an NPCM: discarded (FL-AMB-17)
	causePsych                       // three Psych damage: discarded with the Character
	causeInfection                   // Infected Wounds in the Effects Phase: stays (FL-AMB-16)
)

// armorApplies: Armor reduces Physical and Infected damage only (FL-DMG-05).
func armorApplies(t DamageType) bool { return t == Physical || t == Infected }

// damageParty deals damage to a Party: its Armor (the sum of its members')
// reduces Physical and Infected damage once, then the owner assigns it
// (FL-DMG-03/06, FL-AMB-53).
func (g *Game) damageParty(p *Player, n int, t DamageType, ignoreArmor bool) {
	if n <= 0 || p.party.alive() == 0 {
		return
	}
	dealt, armor := n, 0
	if armorApplies(t) && !ignoreArmor {
		armor = p.party.armor
		n -= armor
	}
	if g.trace != nil {
		g.emitf(p.seat, "party-damage", g.srcID(), D{"type": DamageNames[t], "dealt": dealt, "armor": armor, "amount": max(n, 0), "ignore-armor": ignoreArmor},
			"  %s's Party takes %d %s damage (%d less %d Armor)", g.name(p), max(n, 0), DamageNames[t], dealt, armor)
	}
	if n <= 0 {
		return
	}
	g.assignDamage(p, n, t)
}

// damageEach deals n damage to each member, each reduced by its own Armor.
func (g *Game) damageEach(p *Player, n int, t DamageType, ignoreArmor bool) {
	for i := range p.party.crowns {
		if m := &p.party.crowns[i]; m.present() {
			g.damageMember(p, m, n, t, ignoreArmor)
		}
	}
}

// damageMember deals damage to one member, reduced by its Armor.
func (g *Game) damageMember(p *Player, m *Member, n int, t DamageType, ignoreArmor bool) {
	if !m.present() {
		return
	}
	if armorApplies(t) && !ignoreArmor {
		if g.trace != nil && m.armor > 0 && n > 0 {
			g.emitf(p.seat, "armor", g.memberID(m), D{"who": g.crownName(p, m), "armor": int(m.armor), "dealt": n, "type": DamageNames[t]},
				"    %s's Armor %d stops %d of %d", g.memberName(m), m.armor, min(int(m.armor), n), n)
		}
		n -= int(m.armor)
	}
	g.applyDamage(p, m, n, t)
}

// assignDamage spreads Party damage as the player chooses, a member and
// how much of it at a time: never more than a Character's remaining Health
// (FL-DMG-04), Psych damage one point at a time to Characters (never a hit
// man). Damage the Party cannot hold is lost.
func (g *Game) assignDamage(p *Player, n int, t DamageType) {
	pa := &p.party
	if t == Psych {
		n = min(n, 50)
	}
	for n > 0 {
		i, k := p.dec.Assign(g, p, n, t)
		if i < 0 {
			return // more than the Party can hold: the rest is lost (FL-DMG-04)
		}
		if i >= len(pa.crowns) || !pa.crowns[i].present() || k < 1 || k > n ||
			t == Psych && (k != 1 || pa.crowns[i].hitman >= 0) || t != Psych && k > g.left(&pa.crowns[i]) {
			illegal("%s assigns %d of %d %s damage to crown %d", g.name(p), k, n, DamageNames[t], i)
		}
		n -= k
		g.applyDamage(p, &pa.crowns[i], k, t)
	}
}

// memberValue ranks members for damage and Jinx choices.
func (g *Game) memberValue(m *Member) float64 {
	if m.hitman >= 0 {
		return float64(g.c.Actions[m.hitman].Omega)
	}
	v := 0.0
	for _, x := range m.ts {
		v += float64(x)
	}
	return v + float64(len(m.items))
}

// applyDamage places damage on a member: never more than its remaining
// Health (FL-DMG-04); Physical, Infected and Radiation kill together,
// Psych counts apart (FL-DMG-02).
func (g *Game) applyDamage(p *Player, m *Member, n int, t DamageType) {
	if n <= 0 || !m.present() {
		return
	}
	p.damaged = true
	if t == Psych {
		if m.hitman >= 0 {
			return // a hit man has no Psych stat
		}
		before := m.dmg[Psych]
		m.dmg[Psych] = int8(min(int(m.dmg[Psych])+n, 100))
		if g.stats != nil {
			g.stats.damage(g, n)
		}
		if g.trace != nil {
			g.traceDamage(p, m, int(m.dmg[Psych]-before), n, t)
		}
		return
	}
	asked := n
	n = min(n, g.left(m))
	m.dmg[t] += int8(n)
	if g.stats != nil {
		g.stats.damage(g, n)
	}
	if g.trace != nil {
		g.traceDamage(p, m, n, asked, t)
	}
	if g.left(m) <= 0 {
		g.kill(p, m)
	}
}

// kill handles a member's death: an ability or card may prevent it; else
// its equipment goes where the cause says (FL-DEATH-02).
func (g *Game) kill(p *Player, m *Member) {
	if g.preventDeath(p, m) {
		return
	}
	if g.trace != nil {
		g.emitf(p.seat, "death", g.memberID(m), D{"who": g.crownName(p, m), "cause": causeNames[g.cause]}, "  %s's %s dies", g.name(p), g.memberName(m))
	}
	g.removeMember(p, m)
}

// removeMember takes a dead or discarded member out of the Party, its
// equipment going where the cause says.
func (g *Game) removeMember(p *Player, m *Member) {
	p.deaths++
	if g.stats != nil {
		g.stats.death(g)
		g.stats.rule(RuleDeath)
	}
	cause := g.cause
	for _, a := range m.acts {
		g.discard(DActions, a)
	}
	m.acts = m.acts[:0]
	for _, it := range m.items {
		sd := g.spoils(it)
		switch {
		case sd.is(RJinxed) || cause == causeSolo || cause == causeAction || cause == causeNPCM || cause == causePsych:
			g.discardCards(it)
		case cause == causePVP && g.pvp != nil:
			g.pvp.setAside = append(g.pvp.setAside, pvpItem{seat: p.seat, it: it})
		default:
			g.freed = append(g.freed, it)
		}
	}
	m.items = m.items[:0]
	if m.hitman >= 0 {
		g.discard(DActions, m.hitman)
	} else {
		g.discard(DCharacters, m.char)
	}
	m.char, m.hitman, m.dmg, m.used, m.memory = -1, -1, [4]int8{}, 0, 0
	if p.party.alive() == 0 {
		g.partyDies(p)
		return
	}
	if len(g.freed) > 0 && cause != causePVP {
		// Equipment stays with the Party: redistributed, excess to the
		// Auction House.
		from := len(p.auction)
		p.auction = append(p.auction, g.freed...)
		g.freed = g.freed[:0]
		g.equipParty(p, from)
	}
	g.recompute(p)
}

// afterDamage offers the anytime abilities and cards of every player whose
// Party took damage since they were last offered ("whenever it helps":
// bots heal after damage, not only before their own Deeds).
func (g *Game) afterDamage() {
	for seat := range g.players {
		p := &g.players[seat]
		if !p.damaged || g.over {
			continue
		}
		p.damaged = false
		if p.party.alive() == 0 {
			continue
		}
		g.playHand(p, TAnytime, nil)
		g.eachHook(p, TAnytime, func(h *AbilityHook) bool { return true })
	}
}

// discardCards discards an item and its mounted Permanent card.
func (g *Game) discardCards(it Item) {
	g.discard(DSpoils, it.card)
	if it.mount >= 0 {
		g.discard(DSpoils, it.mount)
	}
}

func (g *Game) memberName(m *Member) string {
	if c := g.memberCard(m); c != nil {
		return c.Name
	}
	return "nobody"
}

// memberCard is a member's card: its Character or hit man, nil for none.
func (g *Game) memberCard(m *Member) *Card {
	switch {
	case m.hitman >= 0:
		return &g.c.Actions[m.hitman].Card
	case m.char >= 0:
		return &g.c.Characters[m.char].Card
	}
	return nil
}

// preventDeath offers death-timing abilities and cards.
func (g *Game) preventDeath(p *Player, m *Member) bool {
	save := g.dying
	g.dying = m
	g.eachHook(p, TDeath, func(h *AbilityHook) bool { return g.left(m) <= 0 })
	saved := g.left(m) > 0
	if !saved {
		saved = g.playHand(p, TDeath, nil)
		saved = saved && g.left(m) > 0
	}
	g.dying = save
	return saved
}

// partyDies: the Party Exploits Phase ends, Week Penalty chips are
// discarded, and the Party is rebuilt in the next Effects Phase
// (FL-DEATH-06, FL-WK-07).
func (g *Game) partyDies(p *Player) {
	if p.partyDead {
		return
	}
	p.partyDead = true
	p.penalty, p.weeks, p.mustAct = 0, 0, false
	if g.stats != nil {
		g.stats.rule(RulePartyDeath)
	}
	if g.trace != nil {
		g.emitf(p.seat, "wiped", "", nil, "  %s's Party is wiped out", g.name(p))
	}
	pa := &p.party
	if g.cause == causePVP && g.pvp != nil {
		// The Vehicle and its Stowed equipment join the Loot Deck (FL-PVP-22).
		if pa.vehicle.card >= 0 {
			g.pvp.setAside = append(g.pvp.setAside, pvpItem{seat: p.seat, it: pa.vehicle, vehicle: true})
		}
		for _, it := range pa.vehItems {
			g.pvp.setAside = append(g.pvp.setAside, pvpItem{seat: p.seat, it: it, vehicle: true})
		}
		for _, it := range pa.equip {
			g.pvp.setAside = append(g.pvp.setAside, pvpItem{seat: p.seat, it: it})
		}
	} else {
		if pa.vehicle.card >= 0 {
			g.discardCards(pa.vehicle)
		}
		for _, it := range pa.vehItems {
			g.discardCards(it)
		}
		for _, it := range pa.equip {
			g.discardCards(it)
		}
	}
	for _, it := range g.freed {
		g.discardCards(it)
	}
	g.freed = g.freed[:0]
	for _, j := range pa.jinx {
		g.discard(DSpoils, j)
	}
	for _, a := range pa.acts {
		g.discard(DActions, a)
	}
	pa.vehicle = Item{card: -1, mount: -1}
	pa.vehItems, pa.equip, pa.jinx, pa.acts = pa.vehItems[:0], pa.equip[:0], pa.jinx[:0], pa.acts[:0]
	g.recompute(p)
}

// rebuild forms a new Party for a Faction whose Party died: Town Roster
// Characters first, then new Characters at 1 Prestige or 4 Town Health
// each, then 10 free Spoils; the Party starts in its town (FL-DEATH-06,
// FL-AMB-21/22).
func (g *Game) rebuild(p *Player) {
	if !p.partyDead && p.party.alive() > 0 {
		return
	}
	r := &g.c.Rules
	pa := &p.party
	if pa.hex != p.fac.StartHex && g.trace != nil {
		g.emitf(p.seat, "place", "", D{"from": int(pa.hex), "to": int(p.fac.StartHex), "why": "rebuild"}, "  %s's new Party gathers at %s", g.name(p),
			g.c.Hexes[p.fac.StartHex].Name)
	}
	pa.hex = p.fac.StartHex
	p.dec.RosterOrder(g, p, p.roster) // who comes first to the new Party
	for i := range pa.crowns {
		if len(p.roster) == 0 {
			break
		}
		items, acts := pa.crowns[i].items[:0], pa.crowns[i].acts[:0]
		pa.crowns[i] = p.roster[0]
		pa.crowns[i].items, pa.crowns[i].acts = append(items, p.roster[0].items...), append(acts, p.roster[0].acts...)
		p.roster = p.roster[1:]
	}
	for i := range pa.crowns {
		if pa.crowns[i].present() {
			continue
		}
		x := g.draw(DCharacters, p.seat)
		if x < 0 {
			break
		}
		// Pay 1 Prestige or 4 Town Health (FL-AMB-08: never below 0; a
		// Crown that cannot be paid for stays empty).
		switch {
		case p.th >= r.RebuildTownHealth+4 || (p.th >= r.RebuildTownHealth && p.pr < r.RebuildPrestige):
			p.th -= r.RebuildTownHealth
			if g.trace != nil {
				g.traceChange(p, "town-health", -r.RebuildTownHealth, p.th, -r.RebuildTownHealth, "rebuild")
			}
		case p.pr >= r.RebuildPrestige:
			p.pr -= r.RebuildPrestige
			if g.trace != nil {
				g.traceChange(p, "prestige", -r.RebuildPrestige, p.pr, -r.RebuildPrestige, "rebuild")
			}
		default:
			g.discard(DCharacters, x)
			continue
		}
		if g.stats != nil {
			g.stats.drew(p.seat, &g.c.Characters[x].Card)
		}
		pa.crowns[i] = Member{char: x, hitman: -1, items: pa.crowns[i].items[:0], acts: pa.crowns[i].acts[:0]}
		g.recompute(p)
		g.onDraw(p, &g.c.Characters[x].Ability, &g.c.Characters[x].Card, &pa.crowns[i])
	}
	p.partyDead = false
	p.mustAct = false
	if pa.alive() == 0 {
		p.partyDead = true
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleRebuild)
	}
	for range r.RebuildSpoils {
		x := g.draw(DSpoils, p.seat)
		if x < 0 {
			break
		}
		g.gainSpoils(p, x, true)
	}
	g.equipParty(p, 0)
	if g.trace != nil {
		g.emitf(p.seat, "rebuild", "", D{"hex": int(pa.hex)}, "%s rebuilds its Party: %s", g.name(p), g.partyLine(p))
	}
}

// heal removes up to n damage of a type from a member, returning how much.
func (g *Game) heal(p *Player, m *Member, n int, t DamageType) int {
	k := min(n, int(m.dmg[t]))
	m.dmg[t] -= int8(k)
	if k > 0 && g.trace != nil {
		g.traceHeal(p, m, k, t)
	}
	return k
}

// traceHeal reports damage removed from a member.
func (g *Game) traceHeal(p *Player, m *Member, k int, t DamageType) {
	g.emitf(p.seat, "heal", g.memberID(m), D{"who": g.crownName(p, m), "type": DamageNames[t], "amount": k, "left": g.left(m)},
		"    %s heals %d %s damage", g.memberName(m), k, DamageNames[t])
}

// healParty spreads n points of healing of a type over the Party, most
// hurt first (FL-AMB-46).
func (g *Game) healParty(p *Player, n int, t DamageType) {
	pa := &p.party
	var healed [8]int // per Crown, for the trace
	for n > 0 {
		best := -1
		for i := range pa.crowns {
			m := &pa.crowns[i]
			if m.present() && m.dmg[t] > 0 && (best < 0 || g.left(m) < g.left(&pa.crowns[best]) ||
				(t == Psych && m.dmg[Psych] > pa.crowns[best].dmg[Psych])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		m := &pa.crowns[best]
		m.dmg[t]--
		n--
		healed[best%len(healed)]++
	}
	if g.trace != nil {
		for i, k := range healed {
			if k > 0 && i < len(pa.crowns) {
				g.traceHeal(p, &pa.crowns[i], k, t)
			}
		}
	}
}

// healPoints spends a Healing Deed's points: in a Starting Town Infected
// Wounds (they grow) and Radiation first, then Physical; elsewhere only
// Physical (FL-HEAL-03).
func (g *Game) healPoints(p *Player, n int, town bool) {
	if town {
		for _, t := range []DamageType{Infected, Radiation} {
			before := n
			total := g.partyDamage(p, t)
			k := min(n, total)
			g.healParty(p, k, t)
			n = before - k
		}
	}
	g.healParty(p, n, Physical)
}

// partyDamage totals a damage type on the Party.
func (g *Game) partyDamage(p *Player, t DamageType) int {
	n := 0
	for i := range p.party.crowns {
		if m := &p.party.crowns[i]; m.present() {
			n += int(m.dmg[t])
		}
	}
	return n
}

// hurt is the Party's Physical, Infected and Radiation damage.
func (g *Game) hurt(p *Player) int {
	return g.partyDamage(p, Physical) + g.partyDamage(p, Infected) + g.partyDamage(p, Radiation)
}
