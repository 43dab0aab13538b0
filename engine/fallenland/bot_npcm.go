package fallenland

// The bots' hiring of NPCMs and hit men.

// pickAssignment is a bot's choice of what to hire a card for, or -1 to
// keep it in hand.
func (g *Game) pickAssignment(p *Player, ad *ActionDef) (assign, target int, goal int16) {
	spare := p.sc - int(ad.HireCost)
	if spare < 0 || (p.policy == Cautious && spare < 10) || (p.policy == Random && p.bot.Intn(2) == 0) {
		return -1, 0, -1
	}
	can := func(a int) bool { return ad.Assign&(1<<a) != 0 }
	rival := g.rival(p)
	home := p.fac.StartHex
	if can(asJoinParty) && ad.Kind == KHitman {
		for i := range p.party.crowns {
			if !p.party.crowns[i].present() && !p.partyDead {
				return asJoinParty, 0, -1
			}
		}
	}
	if can(asDestroyResource) && rival != nil && g.wantDestroy(p, rival, false) {
		// Stop the leader's Prestige victory (as a Party would, FL-RES-11).
		if h := g.nearestResource(home, func(h int16) bool { return int(g.resOwner[h]) == rival.seat }); h >= 0 {
			return asDestroyResource, rival.seat, h
		}
	}
	if can(asClaimResource) {
		if h := g.nearestResource(home, func(h int16) bool { return g.resOwner[h] == -1 }); h >= 0 && p.resources < g.c.Rules.MaxResources {
			return asClaimResource, 0, h
		}
	}
	if can(asMission) {
		best := int16(-1)
		for _, h := range g.missions {
			if h >= 0 && (best < 0 || g.c.Hops[home][h] < g.c.Hops[home][best]) {
				best = h
			}
		}
		if best >= 0 {
			return asMission, 0, best
		}
	}
	if rival != nil {
		if can(asAttackParty) && rival.party.alive() > 0 {
			return asAttackParty, rival.seat, rival.party.hex
		}
		if can(asDestroyResource) {
			if h := g.nearestResource(home, func(h int16) bool { return int(g.resOwner[h]) == rival.seat }); h >= 0 {
				return asDestroyResource, rival.seat, h
			}
		}
		if can(asAttackCharacter) && rival.party.alive() > 0 {
			return asAttackCharacter, rival.seat, -1
		}
	}
	return -1, 0, -1
}
