package fallenland

import "github.com/deckwright/deckwright/engine/rng"

// Player versus Player: a Party attacks a Party or an NPCM on its hex, or
// an NPCM attacks a Party (§13).

// pvpItem is a dead Character's card set aside until the fight ends.
type pvpItem struct {
	seat    int
	it      Item
	vehicle bool
}

// fighter is one side of a fight: a player's Party, or an NPCM.
type fighter struct {
	seat   int   // the Party's player, or -1 for an NPCM
	npcm   *NPCM // the NPCM, or nil
	killed int   // opposing Characters this side killed
	fled   bool
}

type PVPState struct {
	side     [2]fighter // attacker, defender
	setAside []pvpItem
	extra    [2]int
}

// pvpSide is the side (0 attacker, 1 defender) of a seat, or 0.
func (g *Game) pvpSide(seat int) int {
	if g.pvp != nil && g.pvp.side[1].seat == seat {
		return 1
	}
	return 0
}

// opponent is the opposing Party's seat, or -1 (an NPCM).
func (s *PVPState) opponent(seat int) int {
	if s.side[0].seat == seat {
		return s.side[1].seat
	}
	return s.side[0].seat
}

// strikesFirst reports whether a side has a First Strike: a Character
// with the symbol, or an NPCM with Strike Dice (FL-PVP-05, FL-NPCM-08).
func (g *Game) strikesFirst(f *fighter) bool {
	if f.npcm != nil {
		return g.c.Actions[f.npcm.act].Strike > 0
	}
	p := g.p(f.seat)
	for i := range p.party.crowns {
		if m := &p.party.crowns[i]; m.present() && m.firstStrike {
			return true
		}
	}
	return false
}

func (g *Game) fighterAlive(f *fighter) bool {
	if f.npcm != nil {
		return f.npcm.live
	}
	return g.p(f.seat).party.alive() > 0
}

func (g *Game) fighterName(f *fighter) string {
	if f.npcm != nil {
		return g.c.Actions[f.npcm.act].Name
	}
	return g.name(g.p(f.seat))
}

// pvpDeed: the attacker spends a Week; a defending Party is Delayed one
// Week (FL-PVP-01).
func (g *Game) pvpDeed(p *Player, target int) {
	if target >= 0 {
		o := g.p(target)
		if o.party.alive() == 0 || o.party.hex != p.party.hex || g.protected(p, o) {
			return
		}
		g.delay(o, g.c.Rules.PVPDefenderDelay)
		g.fight(fighter{seat: p.seat}, fighter{seat: target})
		return
	}
	i := -2 - target
	if i >= 0 && i < len(g.npcms) && g.npcms[i].live && g.npcms[i].hex == p.party.hex {
		g.fight(fighter{seat: p.seat}, fighter{seat: -1, npcm: &g.npcms[i]})
	}
}

// fight runs a standard PVP: First Strike, then rounds of Fight or Flight
// and Combat checks until one side is eliminated or escapes (FL-PVP-04…24).
func (g *Game) fight(att, def fighter) {
	if g.stats != nil {
		g.stats.rule(RulePVP)
	}
	prev, prevCause := g.pvp, g.cause
	st := &PVPState{side: [2]fighter{att, def}}
	g.pvp = st
	g.cause = causePVP
	if att.npcm != nil {
		g.cause = causeNPCM
	}
	defer func() { g.pvp, g.cause = prev, prevCause }()
	if g.trace != nil {
		g.emitf(g.owner(&st.side[0]), "pvp", g.fighterCard(&st.side[0]), D{"attacker": st.side[0].seat, "defender": st.side[1].seat,
			"attacker-npcm": g.fighterCard(&st.side[0]), "defender-npcm": g.fighterCard(&st.side[1]),
			"attacker-owner": g.owner(&st.side[0]), "defender-owner": g.owner(&st.side[1])},
			"  PVP: %s attacks %s", g.fighterName(&st.side[0]), g.fighterName(&st.side[1]))
	}
	// Abilities at the start of a fight.
	// Only the attacker strikes first, so only the defender's noFirstStrike
	// counts (bots keep such cards for defence: pvp.defending).
	noStrike := false
	for k := range 2 {
		if f := &st.side[k]; f.npcm == nil {
			p := g.p(f.seat)
			sig := g.eachHook(p, TPVP, func(h *AbilityHook) bool { return true })
			_, hand := g.playHandSig(p, TPVP, nil)
			if k == 1 && (sig.noStrike || hand.noStrike) {
				noStrike = true
			}
		}
	}
	if !noStrike {
		g.firstStrike(st)
	} else if g.trace != nil {
		g.emitf(st.side[1].seat, "no-first-strike", "", nil, "  the defender prevents First Strike")
	}
	for round := 0; round < 40 && g.fighterAlive(&st.side[0]) && g.fighterAlive(&st.side[1]); round++ {
		g.step()
		a, d := &st.side[0], &st.side[1]
		fa, fd := g.flees(st, 0), g.flees(st, 1)
		if g.trace != nil {
			g.emitf(-1, "fight-or-flight", "", D{"round": round + 1, "attacker-flees": fa, "defender-flees": fd},
				"  round %d: the attacker %s, the defender %s", round+1, fightWord(fa), fightWord(fd))
		}
		if fa && fd {
			// Both flee: the defender moves 1 hex; nobody loses (FL-PVP-08).
			if d.npcm == nil {
				g.fleeHexes(g.p(d.seat), 1)
			}
			g.pvpEnd(st, -1)
			return
		}
		if fa || fd {
			if g.stats != nil {
				g.stats.rule(RulePVPFlight)
			}
			flee := 0
			if fd {
				flee = 1
			}
			ra, rd := g.flightRoll(a), g.flightRoll(d)
			for ra == rd {
				ra += g.d6("pvp-flight")
				rd += g.d6("pvp-flight")
			}
			rf, rs := ra, rd
			if flee == 1 {
				rf, rs = rd, ra
			}
			if g.trace != nil {
				g.emitf(-1, "pvp-flight", "", D{"runner": flee, "runner-total": rf, "chaser-total": rs, "escaped": rf > rs},
					"  Flight contest: %s %d against %d", g.fighterName(&st.side[flee]), rf, rs)
			}
			if rf > rs {
				f := &st.side[flee]
				f.fled = true
				if f.npcm == nil {
					g.fleeHexes(g.p(f.seat), rf-rs)
				}
				g.pvpEnd(st, 1-flee)
				return
			}
			// The fighter catches the runner: 1d6 per point (Armor applies,
			// FL-AMB-41), then the round is fought.
			g.hitSide(st, flee, g.dice6(rs-rf, "damage"), false)
			if !g.fighterAlive(&st.side[flee]) {
				break
			}
		}
		sa, sd := g.pvpSuccesses(a), g.pvpSuccesses(d)
		if g.trace != nil {
			g.emitf(-1, "pvp-round", "", D{"round": round + 1, "attacker": sa, "defender": sd}, "  round %d: %d successes against %d", round+1, sa, sd)
		}
		switch {
		case sa > sd:
			g.roundWin(st, 0, sa-sd)
		case sd > sa:
			g.roundWin(st, 1, sd-sa)
		default:
			// A tie: 1 damage to each Character, ignoring Armor; an NPCM 5.
			for k := range 2 {
				f := &st.side[k]
				if f.npcm != nil {
					g.npcmDamage(f.npcm, g.c.Rules.PVPTieNPCMDamage)
				} else {
					g.damageEach(g.p(f.seat), g.c.Rules.PVPTieDamage, Physical, true)
				}
			}
		}
	}
	switch aliveA, aliveD := g.fighterAlive(&st.side[0]), g.fighterAlive(&st.side[1]); {
	case aliveA && !aliveD:
		g.pvpEnd(st, 0)
	case aliveD && !aliveA:
		g.pvpEnd(st, 1)
	case !aliveA && !aliveD:
		g.pvpEnd(st, -2)
	default:
		g.pvpEnd(st, -1) // the round cap: both walk away
	}
}

// firstStrike: each attacking Character with First Strike, from CC1 on,
// rolls a Combat Skill Check by the dice rules (1s re-rolled, a 10 negates
// all, a Combat Master's bonus); each success deals 1d6 ignoring Armor; an
// NPCM deals its printed dice (FL-PVP-05, FL-NPCM-08, FL-AMB-04).
func (g *Game) firstStrike(st *PVPState) {
	a := &st.side[0]
	dmg := 0
	if a.npcm != nil {
		dmg = g.dice6(int(g.c.Actions[a.npcm.act].Strike), "first-strike")
	} else {
		p := g.p(a.seat)
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if !m.present() || !m.firstStrike {
				continue
			}
			// Every success counts: extra, so 1s are re-rolled when it pays.
			cs := &CheckState{skill: Combat, need: 1, party: !g.opt.Variants.FirstStrikeNoMaster, extra: true, roller: -1, owner: p, why: "first-strike"}
			g.rollers = g.rollers[:0]
			g.addMember(m, i+1, cs)
			g.rollAll(cs)
			dmg += g.dice6(cs.total, "first-strike")
		}
	}
	if dmg > 0 {
		if g.stats != nil {
			g.stats.rule(RuleFirstStrike)
		}
		if g.trace != nil {
			g.emitf(g.owner(a), "first-strike", g.fighterCard(a), D{"damage": dmg}, "  First Strike: %d damage", dmg)
		}
		g.hitSide(st, 1, dmg, true)
	}
}

// flightRoll is 1d6 plus the Movement Bonus Track (an NPCM: its Movement).
func (g *Game) flightRoll(f *fighter) int {
	if f.npcm != nil {
		return g.d6("pvp-flight") + int(g.c.Actions[f.npcm.act].Movement)
	}
	return g.d6("pvp-flight") + g.p(f.seat).party.move
}

// pvpSuccesses is a side's Combat check: a Party check (Vehicle, Town
// Technologies, Master bonus, FL-AMB-29), or an NPCM's Omega dice.
func (g *Game) pvpSuccesses(f *fighter) int {
	if f.npcm != nil {
		return g.npcmRoll(f.npcm, Combat, 0)
	}
	_, s := g.partyCheckFor(g.p(f.seat), Check{Need: 1, Skill: Combat}, true, "pvp")
	return s
}

// roundWin: the round's winner deals 1d6 per success of difference; the
// loser's Armor reduces it; Infected and Radiation weapons add a point each
// (FL-PVP-12/13/17, FL-AMB-42).
func (g *Game) roundWin(st *PVPState, winner, diff int) {
	dmg := g.dice6(diff, "damage") + st.extra[winner]
	if g.trace != nil {
		g.emitf(g.owner(&st.side[winner]), "pvp-hit", "", D{"winner": winner, "dice": diff, "extra": st.extra[winner], "damage": dmg},
			"  %s wins the round: %dd6 + %d = %d damage", g.fighterName(&st.side[winner]), diff, st.extra[winner], dmg)
	}
	g.hitSide(st, 1-winner, dmg, false)
	w := &st.side[winner]
	if w.npcm != nil || !g.fighterAlive(&st.side[1-winner]) {
		return
	}
	wp := g.p(w.seat)
	for i := range wp.party.crowns {
		for _, it := range wp.party.crowns[i].items {
			if t := g.spoils(it).PVPDamage; t > 0 {
				lose := &st.side[1-winner]
				typ := Infected
				if t == 2 {
					typ = Radiation
				}
				if lose.npcm != nil {
					g.npcmDamage(lose.npcm, 1)
				} else if m := g.member(wp, g.p(lose.seat), PickPVPDamage); m != nil {
					g.damageMember(g.p(lose.seat), m, 1, typ, false)
				}
			}
		}
	}
}

// hitSide deals damage to a side: a Party (Armor once, the owner assigns)
// or an NPCM. Deaths are counted for the other side.
func (g *Game) hitSide(st *PVPState, side, dmg int, ignoreArmor bool) {
	f := &st.side[side]
	if f.npcm != nil {
		g.npcmDamage(f.npcm, dmg)
		return
	}
	p := g.p(f.seat)
	before := p.party.alive()
	g.damageParty(p, dmg, Physical, ignoreArmor)
	st.side[1-side].killed += before - p.party.alive()
}

// npcmDamage: every damage type counts against an NPCM's Health
// (FL-NPCM-07).
func (g *Game) npcmDamage(n *NPCM, dmg int) {
	if dmg <= 0 || !n.live {
		return
	}
	n.dmg += dmg
	if g.trace != nil {
		g.emitf(n.owner, "damage", g.c.Actions[n.act].ID, D{"who": "NPCM", "type": DamageNames[Physical], "amount": dmg,
			"left": max(int(g.c.Actions[n.act].Health)-n.dmg, 0)}, "    %s takes %d damage", g.c.Actions[n.act].Name, dmg)
	}
	if n.dmg >= int(g.c.Actions[n.act].Health) {
		n.live = false
		if g.trace != nil {
			g.emitf(n.owner, "death", g.c.Actions[n.act].ID, D{"who": "NPCM", "cause": "pvp"}, "  %s is killed", g.c.Actions[n.act].Name)
		}
		g.discard(DActions, n.act)
	}
}

// pvpEnd settles a fight: winner 0/1, -1 nobody (both fled or walked
// away), -2 both eliminated (FL-PVP-20…24).
func (g *Game) pvpEnd(st *PVPState, winner int) {
	r := &g.c.Rules
	if g.trace != nil && winner < 0 {
		g.emitf(-1, "pvp-end", "", D{"winner": winner}, "  the fight ends without a victor")
	}
	if winner == -2 {
		for k := range 2 {
			if f := &st.side[k]; f.npcm == nil {
				g.addPrestige(g.p(f.seat), -r.PVPDoubleWipePrestige)
			}
		}
		for _, x := range st.setAside {
			g.discardCards(x.it)
		}
		return
	}
	if winner == -1 {
		g.returnSetAside(st, -1)
		return
	}
	w, l := &st.side[winner], &st.side[1-winner]
	wiped := !g.fighterAlive(l)
	// Rewards.
	switch {
	case l.npcm != nil && wiped:
		wp := g.p(w.seat)
		g.addPrestige(wp, r.PVPKillNPCMPrestige)
		g.addSalvage(wp, r.PVPKillNPCMSalvage)
	case wiped:
		g.addPrestige(g.p(g.owner(w)), r.PVPWipePrestige)
	case w.killed > 0:
		g.addPrestige(g.p(g.owner(w)), r.PVPFleeKillPrestige)
	}
	// The loser — "the player's Character, Party, or NPCM that is killed or
	// uses Flight" — loses Prestige: an NPCM's for its hirer (FL-PVP-21).
	g.addPrestige(g.p(g.owner(l)), -r.PVPLoserPrestige)
	if g.trace != nil {
		g.emitf(g.owner(w), "pvp-end", "", D{"winner": winner, "wiped": wiped, "killed": w.killed}, "  %s wins the fight", g.fighterName(w))
	}
	// The victor keeps its own dead's gear; the loser's forms the Loot Deck
	// (NPCMs never loot, FL-PVP-23).
	g.returnSetAside(st, w.seat)
	var loot []Item
	for _, x := range st.setAside {
		if x.seat == l.seat && l.npcm == nil {
			loot = append(loot, x.it)
		}
	}
	if w.npcm != nil || len(loot) == 0 || w.killed == 0 {
		for _, it := range loot {
			g.discardCards(it)
		}
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleLoot)
	}
	rng.Shuffle(&g.dice, loot)
	n := min(len(loot), w.killed+r.LootExtra)
	wp := g.p(w.seat)
	if g.trace != nil {
		g.emitf(w.seat, "loot", "", D{"cards": g.itemIDs(loot[:n]), "deck": len(loot), "dealt": n, "killed": w.killed},
			"  %s is dealt %d of the Loot Deck's %d cards", g.name(wp), n, len(loot))
	}
	from := len(wp.auction)
	wp.auction = append(wp.auction, loot[:n]...)
	for _, it := range loot[n:] {
		g.discardCards(it)
	}
	g.equipParty(wp, from) // looted cards may be equipped at once
}

// owner is the player a side scores for: the Party's, or the NPCM's hirer.
func (g *Game) owner(f *fighter) int {
	if f.npcm != nil {
		return f.npcm.owner
	}
	return f.seat
}

// returnSetAside gives each surviving Party its own dead's gear back
// (capacity permitting; the rest to the Auction House). keepOnly ≥ 0
// returns only that seat's.
func (g *Game) returnSetAside(st *PVPState, keepOnly int) {
	var from [2]int
	for k := range 2 {
		if f := &st.side[k]; f.npcm == nil {
			from[k] = len(g.p(f.seat).auction)
		}
	}
	rest := st.setAside[:0]
	for _, x := range st.setAside {
		if (keepOnly >= 0 && x.seat != keepOnly) || g.p(x.seat).party.alive() == 0 {
			rest = append(rest, x)
			continue
		}
		p := g.p(x.seat)
		p.auction = append(p.auction, x.it)
	}
	st.setAside = rest
	for k := range 2 {
		if f := &st.side[k]; f.npcm == nil && g.p(f.seat).party.alive() > 0 {
			g.equipParty(g.p(f.seat), from[k])
		}
	}
}

func fightWord(flee bool) string {
	if flee {
		return "flees"
	}
	return "fights"
}

// fighterCard is an NPCM side's card ID, "" for a Party.
func (g *Game) fighterCard(f *fighter) string {
	if f.npcm != nil {
		return g.c.Actions[f.npcm.act].ID
	}
	return ""
}

// flees reports whether the side (0 the attacker, 1 the defender) flees
// this round of a PVP fight, as its player chooses; an NPCM fights on.
func (g *Game) flees(st *PVPState, side int) bool {
	f := &st.side[side]
	if f.npcm != nil {
		return false
	}
	p := g.p(f.seat)
	return p.dec.PVPFlight(g, p, st, side)
}
