package fallenland

// Bots and Multiple Party cards (FL-SC-25, FL-ENC-30): attempt one at once
// or wait for other Parties, wait for them, or travel to join one.

// multiChance is a bot's estimate that the Parties of seats pass a
// Multiple Party card's checks together.
func (g *Game) multiChance(e *EncDef, seats []int) float64 {
	pr := 1.0
	for _, k := range e.Checks.Branches[0] {
		cs := CheckState{kind: MultiCheck, skill: k.Skill, need: k.Need, melee: k.Melee, party: true, roller: -1}
		g.rollers = g.rollers[:0]
		for _, s := range seats {
			g.partyRollers(g.p(s), &cs)
		}
		pr *= g.passProb(&cs, k.Need)
	}
	return pr
}

// multiOdds is the chance a bot wants before it attempts a Multiple Party
// card rather than wait for more Parties.
func multiOdds(pol Policy) float64 {
	if pol == Bold {
		return 0.3
	}
	return 0.5
}

// wantMultiNow: attempt a Multiple Party card just drawn with the Parties
// on the hex, or leave it waiting for others: a random bot tosses a coin.
func (g *Game) wantMultiNow(p *Player, e *EncDef, who []int) bool {
	if p.policy == Random {
		return p.bot.Intn(2) == 0
	}
	return g.multiChance(e, who) >= multiOdds(p.policy)
}

// multiDeed is the Deed of a Party on the hex of a waiting Multiple Party
// card, if it wants one: the drawer waits out the Turn it drew the card
// (sacrificing its Weeks) unless another Party has come, then attempts it;
// another Party attempts it when the Parties there together have the odds.
func (g *Game) multiDeed(p *Player) (Choice, bool) {
	wi := g.waitingHere(p.party.hex)
	if wi < 0 {
		return Choice{}, false
	}
	w := &g.worlds[wi]
	var buf [8]int
	who := g.multiParties(w.hex, p, buf[:0])
	attempt := Choice{Deed: DeedEncounter, POI: -1, Multi: wi + 1}
	if w.drawer == p.seat {
		switch {
		case len(who) > 1 || g.turn > w.since:
			return attempt, true
		}
		return Choice{Deed: DeedWait}, true
	}
	e := g.encCard(w.deck, w.enc)
	if p.policy == Random || g.multiChance(e, who) >= multiOdds(p.policy) {
		return attempt, true
	}
	return Choice{}, false
}

// multiGoals offers a bot the waiting Multiple Party cards other players
// drew as places to go: worth more the better the Parties there and the
// bot's together would do.
func (g *Game) multiGoals(p *Player, consider func(h int16, value float64)) {
	for i := range g.worlds {
		w := &g.worlds[i]
		if !w.live || !w.wait || w.drawer == p.seat || w.hex == p.party.hex {
			continue
		}
		var buf [9]int // the Parties there and p
		who := g.multiParties(w.hex, p, buf[:0])
		with := append(who, p.seat)
		consider(w.hex, 10*g.multiChance(g.encCard(w.deck, w.enc), with))
	}
}

// Join: a bot always joins a Multiple Party card on its hex: each
// participant earns the whole reward (FL-AMB-45).
func (b *bot) Join(g *Game, q, p *Player, e *EncDef) bool { return true }
