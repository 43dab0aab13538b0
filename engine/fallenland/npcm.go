package fallenland

// NPCMs and hit men: hiring, movement and assignments (§7.2).

const (
	asAttackParty = iota
	asAttackCharacter
	asClaimResource
	asDestroyResource
	asMission
	asJoinParty
)

// npcmRoll rolls an NPCM's check: each of its dice at Total Skill Omega,
// no Vehicle, Technologies or Master bonus (FL-NPCM-03, FL-AMB-18).
func (g *Game) npcmRoll(n *NPCM, s Skill, need int) int {
	ad := &g.c.Actions[n.act]
	cs := &CheckState{skill: s, need: need, extra: need == 0, roller: -1, pending: true, why: "npcm", owner: g.p(n.owner)}
	g.rollers = g.rollers[:0]
	for range ad.Dice {
		g.rollers = append(g.rollers, roller{crown: -1, ts: int(ad.Omega), npcm: n})
	}
	g.rollAll(cs) // PVP (need 0): every success counts; 1s re-rolled when it pays
	return cs.total
}

// hire: in the Hire Sub-Phase a player may pay the red cost of NPCM cards
// in hand and declare their assignment (FL-TB-10, FL-NPCM-04, FL-NPCM-12).
func (g *Game) hire(p *Player) {
	if g.opt.Variants.NoNPCMs {
		return
	}
	for i := 0; i < len(p.hand); {
		a := p.hand[i]
		ad := &g.c.Actions[a]
		if (ad.Kind != KNPCM && ad.Kind != KHitman) || int(ad.HireCost) > p.sc {
			i++
			continue
		}
		assign, target, goal := p.dec.Hire(g, p, ad)
		if assign < 0 {
			i++
			continue
		}
		if assign >= len(Assignments) || ad.Assign&(1<<assign) == 0 || target < 0 || target >= len(g.players) || int(goal) >= len(g.c.Hexes) {
			illegal("%s hires %s to assignment %d (seat %d, hex %d)", g.name(p), ad.ID, assign, target, goal)
		}
		p.hand = append(p.hand[:i], p.hand[i+1:]...)
		if g.trace != nil {
			g.emitf(p.seat, "hire", ad.ID, D{"assignment": Assignments[assign], "target": target, "goal": int(goal), "cost": int(ad.HireCost)},
				"%s hires %s to %s", g.name(p), ad.Name, Assignments[assign])
		}
		g.pay(p, int(ad.HireCost), "hire", ad.ID)
		if g.stats != nil {
			g.stats.use(p.seat, &ad.Card)
			g.stats.rule(RuleHire)
		}
		switch assign {
		case asJoinParty:
			g.joinParty(p, a)
		case asAttackCharacter:
			g.hitmanStrike(p, a, target)
		default:
			g.npcms = append(g.npcms, NPCM{act: a, owner: p.seat, hex: p.fac.StartHex, assign: assign, target: target, goal: goal, live: true})
		}
	}
}

func (g *Game) nearestResource(from int16, ok func(int16) bool) int16 {
	best := int16(-1)
	for h := range g.resHex {
		if !g.resHex[h] || !ok(int16(h)) || g.c.Hops[from][h] >= unreachable {
			continue
		}
		if best < 0 || g.c.Hops[from][h] < g.c.Hops[from][best] {
			best = int16(h)
		}
	}
	return best
}

// joinParty puts a hit man on an empty Crown: Combat checks only, no
// equipment (FL-NPCM-12).
func (g *Game) joinParty(p *Player, a int16) {
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if !m.present() {
			*m = Member{char: -1, hitman: a, items: m.items[:0], acts: m.acts[:0]}
			g.recompute(p)
			return
		}
	}
	g.discard(DActions, a)
}

// hitmanStrike: a hit man hired to engage a Character at once, a Solo
// PVP: one die each, no Flight, until one dies; the hit man is discarded
// after (FL-NPCM-12, FL-PVP-02).
func (g *Game) hitmanStrike(p *Player, a int16, target int) {
	ad := &g.c.Actions[a]
	o := g.p(target)
	m := g.member(p, o, PickHitman)
	if m == nil {
		g.discard(DActions, a)
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleSoloPVP)
	}
	prev := g.cause
	g.cause = causeNPCM
	hm := NPCM{act: a, owner: p.seat, hex: -1, live: true}
	crown := 0
	for i := range o.party.crowns {
		if &o.party.crowns[i] == m {
			crown = i + 1
		}
	}
	hp := int(ad.Health)
	// Step 2 of the PVP order of play holds in Solo PVP too ("Move on to
	// step 2 if this is Solo PVP"): a hit man with First Strike deals its
	// printed dice before the first round, ignoring Armor (FL-PVP-05,
	// FL-NPCM-08).
	if ad.Strike > 0 {
		if g.stats != nil {
			g.stats.rule(RuleFirstStrike)
		}
		dmg := g.dice6(int(ad.Strike), "first-strike")
		if g.trace != nil {
			g.emitf(p.seat, "first-strike", ad.ID, D{"damage": dmg}, "  First Strike: %d damage", dmg)
		}
		g.damageMember(o, m, dmg, Physical, true)
	}
	hurt := func(n int, t DamageType) { // the hit man's damage, as an NPCM's (FL-NPCM-07)
		hp -= n
		if g.trace != nil {
			g.emitf(p.seat, "damage", ad.ID, D{"who": "NPCM", "type": DamageNames[t], "amount": n, "left": max(hp, 0)},
				"    %s takes %d %s damage", ad.Name, n, DamageNames[t])
		}
	}
	for round := 0; round < 40 && hp > 0 && m.present(); round++ {
		// Each side's Combat roll follows the Skill Check dice rules; every
		// success counts (FL-PVP-02, FL-NPCM-02).
		cs := &CheckState{skill: Combat, extra: true, roller: -1, owner: p, why: "solo-pvp"}
		g.rollers = g.rollers[:0]
		for range ad.SoloDice {
			g.rollers = append(g.rollers, roller{crown: -1, ts: int(ad.Omega), npcm: &hm})
		}
		g.rollAll(cs)
		sh := cs.total
		cs = &CheckState{skill: Combat, extra: true, roller: -1, owner: o, why: "solo-pvp"}
		g.rollers = g.rollers[:0]
		g.addMember(m, crown, cs)
		g.rollAll(cs)
		sm := cs.total
		if g.trace != nil {
			g.emitf(o.seat, "solo-pvp-round", ad.ID, D{"hitman": sh, "character": sm, "who": g.crownName(o, m)},
				"  %s %d against %s %d", ad.Name, sh, g.memberName(m), sm)
		}
		switch {
		case sh > sm:
			g.damageMember(o, m, g.dice6(sh-sm, "damage"), Physical, false)
		case sm > sh:
			hurt(g.dice6(sm-sh, "damage"), Physical)
			// The Character's Infected and Radiation weapons "cause 1 extra
			// point of Damage during PVP" (RB p.16), as in a standard PVP
			// round it wins (FL-AMB-42).
			for _, it := range m.items {
				if t := g.spoils(it).PVPDamage; t > 0 && hp > 0 {
					typ := Infected
					if t == 2 {
						typ = Radiation
					}
					hurt(1, typ)
				}
			}
		default:
			hurt(g.c.Rules.PVPTieNPCMDamage, Physical)
			g.damageMember(o, m, g.c.Rules.PVPTieDamage, Physical, true)
		}
	}
	g.cause = prev
	if !m.present() {
		g.addPrestige(p, g.c.Rules.PVPFleeKillPrestige)
	} else if hp <= 0 {
		g.addPrestige(o, g.c.Rules.PVPKillNPCMPrestige)
	}
	g.discard(DActions, a)
}

// npcmPhase: hired NPCMs move (each hex costs 1, never Water) toward their
// assignment and resolve it, in player order (FL-EXP-01, FL-NPCM-05/06,
// FL-AMB-19/20).
func (g *Game) npcmPhase() {
	for _, s := range g.order {
		for i := range g.npcms {
			n := &g.npcms[i]
			if !n.live || n.owner != s || g.over {
				continue
			}
			g.npcmTurn(n, i)
			g.afterDamage()
		}
	}
	// Forget finished NPCMs.
	keep := g.npcms[:0]
	for _, n := range g.npcms {
		if n.live {
			keep = append(keep, n)
		}
	}
	g.npcms = keep
}

func (g *Game) npcmTurn(n *NPCM, idx int) {
	ad := &g.c.Actions[n.act]
	switch n.assign {
	case asAttackParty:
		t := g.p(n.target)
		if t.party.alive() == 0 {
			g.retire(n)
			return
		}
		n.goal = t.party.hex
	case asMission:
		// The assignment follows the chip if it relocates: the nearest one.
		best := int16(-1)
		for _, h := range g.missions {
			if h >= 0 && (best < 0 || g.c.Hops[n.hex][h] < g.c.Hops[n.hex][best]) {
				best = h
			}
		}
		if best < 0 {
			g.retire(n)
			return
		}
		n.goal = best
	case asClaimResource:
		if g.resOwner[n.goal] != -1 {
			if h := g.nearestResource(n.hex, func(h int16) bool { return g.resOwner[h] == -1 }); h >= 0 {
				n.goal = h
			} else {
				g.retire(n)
				return
			}
		}
	case asDestroyResource:
		if g.resOwner[n.goal] < 0 {
			g.retire(n)
			return
		}
	}
	from := n.hex
	for step := 0; step < int(ad.Movement) && n.hex != n.goal; step++ {
		next := n.hex
		for _, a := range g.c.Hexes[n.hex].Adj {
			if g.c.Hexes[a].Passable && g.c.Hops[a][n.goal] < g.c.Hops[next][n.goal] {
				next = a
			}
		}
		if next == n.hex {
			break
		}
		n.hex = next
	}
	if g.trace != nil && n.hex != from {
		g.emitf(n.owner, "npcm-move", ad.ID, D{"from": int(from), "to": int(n.hex), "hexes": int(g.c.Hops[from][n.hex]), "movement": int(ad.Movement)},
			"  %s moves to %s", ad.Name, g.c.Hexes[n.hex].Name)
	}
	if n.hex != n.goal {
		return // waits for the next Turn
	}
	owner := g.p(n.owner)
	switch n.assign {
	case asAttackParty:
		t := g.p(n.target)
		g.delay(t, g.c.Rules.PVPDefenderDelay) // FL-AMB-20
		g.fight(fighter{seat: -1, npcm: n}, fighter{seat: n.target})
	case asClaimResource:
		// A Neutral Resource: an Encounter resolved with the Omega dice;
		// simplified: only its checks count, the rewards are the capture
		// and the Scavenged coins (FL-AMB-20).
		if g.npcmEncounter(n, DPlains) {
			g.captureFor(owner, n.goal)
		}
	case asDestroyResource:
		if o := g.resOwner[n.goal]; o >= 0 {
			g.npcmDamage(n, g.p(int(o)).tdc*g.c.Rules.TDCDamage)
			if n.live {
				g.destroyResource(owner, n.goal)
			}
		}
	case asMission:
		chip := -1
		for i, h := range g.missions {
			if h == n.hex {
				chip = i
			}
		}
		if chip >= 0 {
			g.npcmMission(n, owner)
			from := g.missions[chip]
			g.missions[chip] = -1
			if h := g.randomChipHex(); h >= 0 {
				g.missions[chip] = h
			}
			if g.trace != nil {
				g.emitf(-1, "mission-chip", "", D{"chip": chip, "from": int(from), "to": int(g.missions[chip])}, "  Mission chip %d moves to %s", chip+1,
					g.hexName(g.missions[chip]))
			}
		}
	}
	g.retire(n)
}

// retire discards an NPCM after its assignment.
func (g *Game) retire(n *NPCM) {
	if n.live {
		n.live = false
		if g.trace != nil {
			g.emitf(n.owner, "npcm-end", g.c.Actions[n.act].ID, nil, "  %s leaves play", g.c.Actions[n.act].Name)
		}
		g.discard(DActions, n.act)
	}
}

// captureFor captures a Resource for an NPCM's hirer.
func (g *Game) captureFor(p *Player, h int16) {
	if g.resOwner[h] == -1 {
		g.capture(p, h)
	}
}

// npcmEncounter draws an Encounter and attempts its checks with the NPCM's
// dice; it reports success. Scavenged coins go to the hirer.
func (g *Game) npcmEncounter(n *NPCM, d Deck) bool {
	x := g.draw(d, n.owner)
	if x < 0 {
		return false
	}
	e := g.encCard(d, x)
	defer g.discard(d, x)
	if g.stats != nil {
		g.stats.drew(n.owner, &e.Card)
	}
	if g.trace != nil {
		g.emitf(n.owner, "card", e.ID, D{"deck": DeckNames[d], "world": e.World, "checks": e.Checks.String(), "has-checks": !e.Checks.Empty(), "scavenged": int(e.Scavenged), "npcm": g.c.Actions[n.act].ID},
			"  %s draws %s (%s): %s", g.c.Actions[n.act].Name, e.Name, DeckNames[d], e.Checks.String())
	}
	g.addSalvage(g.p(n.owner), int(e.Scavenged))
	if e.World || e.Checks.Empty() {
		return true
	}
	for _, k := range e.Checks.Branches[0] {
		if g.npcmRoll(n, k.Skill, k.Need) < k.Need {
			return false
		}
	}
	return true
}

// npcmMission draws the Mission at the chip and attempts it with the
// NPCM's dice; on success the hirer receives the reward (FL-MIS-10).
func (g *Game) npcmMission(n *NPCM, owner *Player) {
	x := g.draw(DMissions, owner.seat)
	if x < 0 {
		return
	}
	e := &g.c.Missions[x]
	defer g.discard(DMissions, x)
	if g.stats != nil {
		g.stats.drew(n.owner, &e.Card)
	}
	if g.trace != nil {
		g.emitf(n.owner, "card", e.ID, D{"deck": DeckNames[DMissions], "world": e.World, "checks": e.Checks.String(), "has-checks": !e.Checks.Empty(), "scavenged": int(e.Scavenged), "npcm": g.c.Actions[n.act].ID},
			"  %s draws %s (%s): %s", g.c.Actions[n.act].Name, e.Name, DeckNames[DMissions], e.Checks.String())
	}
	g.addSalvage(owner, int(e.Scavenged))
	ok := true
	if !e.Checks.Empty() {
		for _, k := range e.Checks.Branches[0] {
			if g.npcmRoll(n, k.Skill, k.Need) < k.Need {
				ok = false
				break
			}
		}
	}
	if ok && owner.party.alive() > 0 {
		prev := g.enc
		g.enc = e
		g.run(e.Success, owner, nil, &e.Card)
		g.enc = prev
	}
}
