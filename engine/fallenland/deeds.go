package fallenland

// Phase I (Effects) and Phase III (Party Exploits): Weeks and Deeds,
// movement, Healing, Resources and Missions (§3.3, §3.5, §10, §11).

// effectsPhase: World and card effects, then Infected Wounds grow, then
// Characters with 3 Psych damage are discarded, then dead Parties are
// rebuilt (FL-EFF-01…06, FL-AMB-22).
func (g *Game) effectsPhase() {
	g.worldOngoing()
	for _, s := range g.order {
		p := g.p(s)
		if p.party.alive() > 0 {
			g.trigger(p, TEffects)
		} else {
			g.ongoing(p, TEffects)
		}
		g.playHand(p, TEffects, nil)
	}
	r := &g.c.Rules
	for _, s := range g.order {
		p := g.p(s)
		g.cause = causeInfection
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if m.present() && m.dmg[Infected] > 0 {
				if g.stats != nil {
					g.stats.rule(RuleInfection)
				}
				g.applyDamage(p, m, r.InfectedGrowth, Infected)
			}
		}
		g.afterDamage() // heals (Psych ones too) before the breakdowns
		g.cause = causePsych
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if m.present() && int(m.dmg[Psych]) >= r.PsychDiscard {
				if g.stats != nil {
					g.stats.rule(RulePsychDiscard)
				}
				if g.trace != nil {
					g.emitf(p.seat, "death", g.memberID(m), D{"who": g.crownName(p, m), "cause": causeNames[causePsych]},
						"  %s's %s breaks down and leaves", g.name(p), g.memberName(m))
				}
				g.removeMember(p, m)
			}
		}
		g.cause = causeParty
	}
	for _, s := range g.order {
		g.rebuild(g.p(s))
	}
}

// exploitsPhase: NPCMs first, then each Party in turn (FL-EXP-01/02).
func (g *Game) exploitsPhase() {
	g.npcmPhase()
	for _, s := range g.order {
		if g.over {
			return
		}
		g.partyExploits(g.p(s))
	}
}

// Deed is a Party's use of Weeks.
type Deed uint8

const (
	DeedMove Deed = iota
	DeedEncounter
	DeedPVP
	DeedResource
	DeedHeal
	DeedMission
	DeedWait // no Deed: the Weeks left are sacrificed waiting for a Multiple Party card's Parties (FL-SC-25)
	numDeeds
)

var deedNames = []string{"Movement", "Encounter", "PVP", "Resource", "Healing", "Mission", "Wait"}

// Choice is a Party's next Deed, the Decider's answer to Deed: the Deed
// and what it needs (the rules check it, checkDeed).
type Choice struct {
	Deed    Deed
	Goal    int16 // Movement: the hex to head for
	Deck    Deck  // Encounter and Resource: the deck drawn from
	POI     int   // Encounter: a Point of Interest (Game.POI), -1 none
	Multi   int   // Encounter: 1 + the index (Game.World) of a waiting Multiple Party card, 0 none
	Target  int   // PVP: a seat, or -2-i for NPCM i (Game.NPCM)
	Destroy bool  // Resource: destroy instead of capture
}

func (g *Game) deedWeeks(d Deed) int {
	r := &g.c.Rules
	return [...]int{r.WeeksMove, r.WeeksEncounter, r.WeeksPVP, r.WeeksResource, r.WeeksHealing, r.WeeksMission, 0}[d]
}

// partyExploits spends the Party's Weeks on Deeds: four a Turn, minus
// Week Penalty chips, plus bonus Weeks; all must be spent; a Deed may
// start with one Week left and overspending earns a Penalty chip
// (FL-WK-01…07, FL-AMB-10/11).
func (g *Game) partyExploits(p *Player) {
	if p.partyDead || p.party.alive() == 0 {
		return
	}
	bonus := p.bonus
	weeks := g.c.Rules.WeeksPerTurn + bonus
	p.bonus = 0
	pen := min(p.penalty, weeks)
	weeks -= pen
	p.penalty -= pen
	if pen > 0 && g.stats != nil {
		g.stats.rule(RulePenalty)
	}
	p.weeks = weeks
	p.inPhase = true
	defer func() {
		p.inPhase = false
		if g.trace != nil {
			g.emitf(p.seat, "weeks-end", "", D{"weeks": p.weeks, "penalty": p.penalty, "dead": p.party.alive() == 0, "over": g.over},
				"%s ends its Party Exploits (%d Week Penalty to come)", g.name(p), p.penalty)
		}
	}()
	if g.trace != nil {
		g.emitf(p.seat, "weeks", "", D{"base": g.c.Rules.WeeksPerTurn, "bonus": bonus, "penalty": pen, "weeks": weeks, "carried": p.penalty},
			"%s: %d Weeks (%s)", g.name(p), weeks, g.partyLine(p))
	}
	for p.weeks > 0 && !g.over {
		if p.party.alive() == 0 {
			break
		}
		g.step()
		g.playHand(p, TExploits, nil)
		p.damaged = false
		g.playHand(p, TAnytime, nil)
		g.eachHook(p, TAnytime, func(h *AbilityHook) bool { return true })
		g.eachHook(p, TExploits, func(h *AbilityHook) bool { return true })
		if p.party.alive() == 0 || p.weeks <= 0 {
			break
		}
		ch := p.dec.Deed(g, p)
		g.checkDeed(p, ch)
		cost := g.deedWeeks(ch.Deed)
		if ch.Deed == DeedWait {
			cost = p.weeks
		}
		over := g.spendWeeks(p, cost)
		if g.trace != nil {
			g.emitf(p.seat, "deed", "", D{"deed": deedNames[ch.Deed], "hex": int(p.party.hex), "cost": cost, "weeks": p.weeks, "overspent": over},
				" %s: %s Deed at %s (%d Week(s), %d left%s)", g.name(p), deedNames[ch.Deed], g.hex(p).Name, cost, p.weeks, overspentText(over))
		}
		if g.stats != nil {
			g.stats.deed(ch.Deed)
		}
		g.doDeed(p, ch)
		g.afterDamage()
	}
	if p.party.alive() == 0 {
		p.penalty = 0
	}
}

// checkDeed fails the game on a Deed that names what is not there: a hex
// off the map, a deck that is not an Encounter deck, a Point of Interest,
// waiting card, rival or NPCM that does not exist. (Whether the Deed is of
// any use is the Decider's business; the Deed's own rules do the rest.)
func (g *Game) checkDeed(p *Player, ch Choice) {
	ok := ch.Deed < numDeeds
	switch ch.Deed {
	case DeedMove:
		ok = ch.Goal >= 0 && int(ch.Goal) < len(g.c.Hexes)
	case DeedEncounter:
		ok = ch.Multi >= 0 && ch.Multi <= len(g.worlds) && ch.POI >= -1 && ch.POI < len(g.pois) &&
			(ch.Multi > 0 || ch.POI >= 0 || ch.Deck >= DPlains && ch.Deck <= DCityRad)
	case DeedPVP:
		ok = ch.Target >= 0 && ch.Target < len(g.players) && ch.Target != p.seat || ch.Target <= -2 && -2-ch.Target < len(g.npcms)
	}
	if !ok {
		illegal("%s takes a %s Deed it cannot (%+v)", g.name(p), deedNames[min(int(ch.Deed), len(deedNames)-1)], ch)
	}
}

// spendWeeks pays a Deed's Weeks: with fewer left than it costs, the rest
// is a Week Penalty chip (FL-WK-03/04). It returns the Weeks overspent.
func (g *Game) spendWeeks(p *Player, cost int) int {
	p.weeks -= cost
	over := 0
	if p.weeks < 0 {
		over = -p.weeks
		p.penalty += over
		p.weeks = 0
		if g.stats != nil {
			g.stats.rule(RuleOverspend)
		}
	}
	return over
}

func (g *Game) doDeed(p *Player, ch Choice) {
	switch ch.Deed {
	case DeedMove:
		g.moveDeed(p, ch.Goal)
	case DeedEncounter:
		p.mustAct = false
		if ch.Multi > 0 {
			g.attemptWaiting(p, ch.Multi-1)
			return
		}
		if ch.POI >= 0 {
			g.activatePOI(p, ch.POI)
			return
		}
		g.freeCard(p, ch.Deck)
		g.drawCard(p, ch.Deck)
	case DeedPVP:
		p.mustAct = false
		g.pvpDeed(p, ch.Target)
	case DeedResource:
		p.mustAct = false
		g.resourceDeed(p, ch)
	case DeedHeal:
		g.healDeed(p)
	case DeedMission:
		p.mustAct = false
		g.missionDeed(p)
	}
}

// freeCard: drawing from the City/Rad deck on a hex showing City or
// Radiation first gives a free Spoils or Action card, the Spoils card
// equipped at once (FL-EXP-11, FL-AMB-24).
func (g *Game) freeCard(p *Player, d Deck) {
	if d != DCityRad || !g.hex(p).FreeCard {
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleFreeCard)
	}
	if g.trace != nil {
		g.emitf(p.seat, "free-card", "", D{"hex": int(p.party.hex)}, "  %s takes the City/Rad free card", g.name(p))
	}
	if g.c.Rules.FreeCardChoice == 1 && p.dec.FreeAction(g, p) {
		if x := g.draw(DActions, p.seat); x >= 0 {
			g.gainAction(p, x)
		}
		return
	}
	if x := g.draw(DSpoils, p.seat); x >= 0 {
		g.gainSpoils(p, x, true)
	}
}

// moveDeed: 1d6 + the Movement Bonus Track, spent entering hexes at their
// cost; with exactly 1 point left any hex but Water may be entered; the
// move ends when the points run out or the goal is reached (FL-MOV-01…05,
// FL-AMB-12).
func (g *Game) moveDeed(p *Player, goal int16) {
	roll := g.d6("movement")
	g.moveAdd = 0
	g.eachHook(p, TMovement, func(h *AbilityHook) bool { return true })
	mbt := p.party.move
	points := roll + mbt
	need := int(g.c.Dist[p.party.hex][goal])
	if need > points+g.moveAdd {
		g.moveBuf = moveCtx{need: need, have: points + g.moveAdd}
		g.moveCtx = &g.moveBuf
		g.playHand(p, TMovement, nil)
		g.moveCtx = nil
	}
	add := g.moveAdd
	points += g.moveAdd
	g.moveAdd = 0
	start := p.party.hex
	if g.trace != nil {
		g.path = append(g.path[:0], int(start))
	}
	left := g.walk(p, goal, points)
	if g.trace != nil {
		g.emitf(p.seat, "move", "", D{"roll": roll, "mbt": mbt, "add": add, "points": points, "left": left, "path": append([]int(nil), g.path...),
			"goal": int(goal), "water": g.paidWater}, "  rolls %d + %d movement%s, heading for %s: %d hex(es) to %s", roll, mbt, plusMove(add),
			g.c.Hexes[goal].Name, len(g.path)-1, g.c.Hexes[p.party.hex].Name)
	}
	if g.stats != nil && p.party.hex != start {
		g.stats.rule(RuleMove)
	}
	g.arrive(p, true)
}

// walk steps toward goal while points last. Each step enters a neighbour
// that brings the Party closer; a step costing more than the points left is
// allowed only with exactly 1 point left (the last-point rule). It returns
// the points left unspent (forfeit, FL-MOV-04).
func (g *Game) walk(p *Player, goal int16, points int) int {
	c := g.c
	pa := &p.party
	water := p.fac.WaterCost >= 0
	var paid uint64 // Water Bodies paid for this move
	g.paidWater = 0
	// The last land the Party stood on, to turn back to if a crossing runs
	// short: it never ends a move on Water.
	lastLand, landPoints, landPath, landPaid := pa.hex, points, len(g.path), 0
	for points > 0 && pa.hex != goal {
		g.step()
		cur := pa.hex
		best := int16(-1)
		bestD := c.Dist[cur][goal]
		if water {
			bestD = g.waterDist(cur, goal)
		}
		for _, n := range c.Hexes[cur].Adj {
			h := &c.Hexes[n]
			cost := int(h.Cost)
			var d int16
			if h.Passable {
				d = c.Dist[n][goal]
				if water {
					d = g.waterDist(n, goal)
				}
			} else if water && h.Terrain&TerWater != 0 && points >= 2 {
				// A perk crosses Water: 1 Movement a hex, Salvage per body,
				// and the move cannot end there.
				cost = 1
				if h.WaterBody >= 0 && paid&(1<<uint(h.WaterBody&63)) == 0 && p.sc < p.fac.WaterCost {
					continue
				}
				d = g.waterDist(n, goal)
			} else {
				continue
			}
			if cost > points && !(points == 1 || g.opt.Variants.LastPointAny) {
				continue
			}
			if cost > points && !h.Passable {
				continue
			}
			if d < bestD {
				best, bestD = n, d
			}
		}
		if best < 0 {
			break
		}
		h := &c.Hexes[best]
		if !h.Passable {
			if b := h.WaterBody; b >= 0 && paid&(1<<uint(b&63)) == 0 {
				paid |= 1 << uint(b&63)
				g.addSalvage(p, -p.fac.WaterCost)
				g.paidWater++
			}
			points--
			pa.hex = best
			if g.trace != nil {
				g.path = append(g.path, int(best))
			}
			if g.stats != nil {
				g.stats.rule(RuleWaterTravel)
			}
			continue
		}
		cost := int(h.Cost)
		if cost > points {
			if g.stats != nil {
				g.stats.rule(RuleLastPoint)
			}
			cost = points
		}
		points -= cost
		pa.hex = best
		if g.trace != nil {
			g.path = append(g.path, int(best))
		}
		lastLand, landPoints, landPath, landPaid = best, points, len(g.path), g.paidWater
		if best == p.fac.StartHex && best != goal {
			g.visitTown(p) // passing through its own town (FL-MOV-06)
		}
	}
	// Never end on Water: a crossing that ran short turns back to the land it
	// left, its tolls refunded.
	if !c.Hexes[pa.hex].Passable {
		pa.hex, points = lastLand, landPoints
		if g.trace != nil {
			g.path = g.path[:landPath]
		}
		if n := g.paidWater - landPaid; n > 0 {
			g.addSalvage(p, n*p.fac.WaterCost)
			g.paidWater = landPaid
		}
	}
	return points
}

// waterDist is the movement distance for a Party whose perk crosses Water.
func (g *Game) waterDist(a, b int16) int16 {
	if g.c.WaterDist != nil {
		return g.c.WaterDist[a][b]
	}
	return g.c.Dist[a][b]
}

// arrive applies what ending a move on a hex does: Radiation damage when a
// Movement Deed ends there ("ends its movement", RB p.13; with the variant,
// any arrival), the own town's Roster and Auction House, a rival town's
// Defense chips when a Movement Deed ends there ("when a Party ends their
// movement on a Starting Town Location", RB p.8; with the variant, any
// arrival), and the must-encounter obligation (deed true: a Movement Deed)
// (FL-MOV-05…08, FL-TDC-05, FL-AMB-25).
func (g *Game) arrive(p *Player, deed bool) {
	h := g.hex(p)
	if h.EndDmg > 0 && (deed || g.opt.Variants.RadiationAnyMove) {
		if g.stats != nil {
			g.stats.rule(RuleRadiation)
		}
		if g.trace != nil {
			g.emitf(p.seat, "hex-damage", "", D{"hex": int(p.party.hex), "amount": int(h.EndDmg), "type": DamageNames[h.EndType]},
				"  %s ends its move on %s: %d %s damage each", g.name(p), h.Name, h.EndDmg, DamageNames[h.EndType])
		}
		g.cause = causeParty
		for i := range p.party.crowns {
			// "Damage from Radiation hexes on the map does not deal damage
			// to NPCMs" (RB p.28): nor to a hit man in the Party.
			if m := &p.party.crowns[i]; m.present() && m.hitman < 0 {
				g.damageMember(p, m, int(h.EndDmg), h.EndType, false)
			}
		}
	}
	if p.party.alive() == 0 {
		return
	}
	if p.party.hex == p.fac.StartHex {
		g.visitTown(p)
	}
	if h.Town >= 0 && h.Town != p.faction && (deed || g.opt.Variants.AmbushAnyMove) {
		for s := range g.players {
			o := g.p(s)
			if o.faction == h.Town && o.tdc > 0 && p.ambushed&(1<<s) == 0 {
				p.ambushed |= 1 << s
				if g.stats != nil {
					g.stats.rule(RuleAmbush)
				}
				if g.trace != nil {
					g.emitf(p.seat, "ambush", "", D{"owner": s, "tdc": o.tdc, "each": o.tdc * g.c.Rules.TDCDamage, "hex": int(p.party.hex), "town": true},
						"  %s's %d Town Defense chips strike %s", g.name(o), o.tdc, g.name(p))
				}
				g.cause = causeParty
				g.damageEach(p, o.tdc*g.c.Rules.TDCDamage, Physical, true)
			}
		}
	}
	if deed && h.Town < 0 {
		p.mustAct = true
	}
}

// place moves a Party by a card (a forced move, not a Deed).
func (g *Game) place(p *Player, h int16) {
	if h < 0 || p.party.alive() == 0 {
		return
	}
	if g.trace != nil {
		g.emitf(p.seat, "place", g.srcID(), D{"from": int(p.party.hex), "to": int(h), "why": "card"}, "  %s is moved to %s", g.name(p), g.c.Hexes[h].Name)
	}
	p.party.hex = h
	g.arrive(p, false)
}

// healDeed: a Party Medical check, 1d6 healed per success; in a Starting
// Town (own, or neutral for a fee) each Character first removes 1 damage
// for free and Infected and Radiation may be healed (FL-HEAL-02…05,
// FL-AMB-14). Bots never heal in a rival's town (no deal is struck there).
func (g *Game) healDeed(p *Player) {
	h := g.hex(p)
	town := false
	if h.Town >= 0 {
		own := h.Town == p.faction
		neutral := !g.factionPlayed(h.Town)
		if neutral && p.sc >= g.c.Rules.NeutralHealFee {
			g.pay(p, g.c.Rules.NeutralHealFee, "heal-fee", "")
		} else if neutral {
			neutral = false
		}
		town = own || neutral
		if town && (own || !g.opt.Variants.TownHealOwnOnly) {
			for i := range p.party.crowns {
				m := &p.party.crowns[i]
				if !m.present() {
					continue
				}
				free := g.c.Rules.TownHealFree
				for _, t := range []DamageType{Infected, Radiation, Physical} {
					free -= g.heal(p, m, free, t)
				}
			}
			if g.stats != nil {
				g.stats.rule(RuleTownHeal)
			}
		}
	}
	_, succ := g.partyCheckFor(p, Check{Need: 1, Skill: Medical}, true, "heal")
	points := g.dice6(succ, "heal")
	if g.trace != nil {
		g.emitf(p.seat, "heal-deed", "", D{"successes": succ, "points": points, "town": town}, "  heals %d damage (%d successes)", points, succ)
	}
	g.healPoints(p, points, town)
	if g.stats != nil {
		g.stats.rule(RuleHeal)
	}
}

// factionPlayed reports whether a Faction is some player's.
func (g *Game) factionPlayed(f int16) bool {
	for s := range g.players {
		if g.players[s].faction == f {
			return true
		}
	}
	return false
}

// resourceDeed claims or destroys the Resource the Party is on: a Neutral
// one by completing an Encounter of the player's choice (automatic on a
// card without checks or a World card), an owned one through the owner's
// Town Defense chips (FL-RES-05…12).
func (g *Game) resourceDeed(p *Player, ch Choice) {
	h := p.party.hex
	if !g.isResource(h) || g.resOwner[h] == -2 || int(g.resOwner[h]) == p.seat {
		return
	}
	owner := g.resOwner[h]
	if owner >= 0 {
		o := g.p(int(owner))
		if o.tdc > 0 {
			if g.stats != nil {
				g.stats.rule(RuleTDCDefense)
			}
			if g.trace != nil {
				g.emitf(p.seat, "ambush", "", D{"owner": int(owner), "tdc": o.tdc, "each": o.tdc * g.c.Rules.TDCDamage, "hex": int(h)},
					"  %s's %d Town Defense chips strike", g.name(o), o.tdc)
			}
			g.cause = causeParty
			g.damageEach(p, o.tdc*g.c.Rules.TDCDamage, Physical, true)
		}
		if p.party.alive() == 0 {
			return
		}
		if ch.Destroy {
			g.destroyResource(p, h)
		} else {
			g.capture(p, h)
		}
		return
	}
	if ch.Destroy {
		g.destroyResource(p, h)
		return
	}
	// Captured when the card succeeds (a card without checks does), or
	// when it is a World card nothing of which failed: a Multiple Party
	// card left waiting for other Parties (RB p.31, p.34).
	ok, pendingWorld := g.drawCard(p, ch.Deck)
	if (ok || pendingWorld) && p.party.alive() > 0 && g.resOwner[h] == -1 {
		g.capture(p, h)
	}
}

// missionDeed draws a Mission on the Party's Mission Location chip; the chip
// moves to a new Random Location after the Mission (or, as a variant, when
// it is drawn) (FL-MIS-03/04, FL-AMB-27).
func (g *Game) missionDeed(p *Player) {
	chip := -1
	for i, h := range g.missions {
		if h == p.party.hex {
			chip = i
		}
	}
	if chip < 0 {
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleMission)
	}
	relocate := func() {
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
	if g.opt.Variants.MissionRelocateOnDraw {
		relocate()
		g.drawCard(p, DMissions)
		return
	}
	g.drawCard(p, DMissions)
	relocate()
}
