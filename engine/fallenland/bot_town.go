package fallenland

// The bots' town business: the Bank (what to sell, which Technology and
// Defense chip to buy), shields against Town Health losses, and what to
// give up when a card or a limit takes a Technology, a Resource or a card.

// reserve is the Salvage a bot keeps back for Technologies and Defense.
func (g *Game) reserve(p *Player) int {
	if p.policy == Bold {
		return 5
	}
	return 15
}

// Shield: a bot discards a Town Defense chip only to keep a victory it
// holds.
func (b *bot) Shield(g *Game, p *Player, n int) bool {
	_, vth := g.thresholds()
	return p.th >= vth && p.th+n < vth
}

// SellTDC: short of coins, a bold or random bot sells a chip that guards
// nothing.
func (b *bot) SellTDC(g *Game, p *Player) bool {
	return p.sc < 10 && p.resources == 0 && p.policy != Cautious
}

// SellSpoils: a bot sells what has sat in the Auction House and would not
// be equipped.
func (b *bot) SellSpoils(g *Game, p *Player, it Item) bool { return g.itemScore(it) < 3 }

// SellAction: a bot sells the Action cards it cannot use well, down to 5.
func (b *bot) SellAction(g *Game, p *Player) int {
	if len(p.hand) <= 5 {
		return -1
	}
	return g.worstCard(p)
}

// DiscardAction: a bot gives up its worst card.
func (b *bot) DiscardAction(g *Game, p *Player) int { return g.worstCard(p) }

// BuyTech: a bot buys the Technology (or upgrade) worth most per coin.
func (b *bot) BuyTech(g *Game, p *Player) int16 {
	var bestT int16 = -1
	bestV := 0.0
	for ti := range g.c.Techs {
		t := int16(ti)
		cost, ok := g.techPrice(p, t)
		if !ok || cost > p.sc {
			continue
		}
		v := g.techValue(p, t)
		if p.ownsTech(t) < 0 {
			v += 6 // +1 Prestige, +5 Town Health
		} else {
			v *= 0.8
		}
		if v/float64(cost) > bestV {
			bestT, bestV = t, v/float64(cost)
		}
	}
	return bestT
}

// BuyTDC: a bot buys a Town Defense chip when coins remain over half its
// reserve, and it has Resources to guard (a cautious bot always).
func (b *bot) BuyTDC(g *Game, p *Player) bool {
	return p.sc-g.tdcCost(p) >= g.reserve(p)/2 && (p.resources > 0 || p.policy == Cautious)
}

// LoseTech: a bot loses its least valuable Technology.
func (b *bot) LoseTech(g *Game, p *Player) int {
	best := -1
	for i, o := range p.tech {
		if o.starting && o.tier == 1 {
			continue
		}
		if best < 0 || g.techValue(p, o.tech) < g.techValue(p, p.tech[best].tech) {
			best = i
		}
	}
	return best
}

// Revert: a bot gives up the Resource farthest from home.
func (b *bot) Revert(g *Game, p *Player, keep int16) int16 {
	worst := int16(-1)
	for h := range g.resOwner {
		if int(g.resOwner[h]) != p.seat || int16(h) == keep {
			continue
		}
		if worst < 0 || g.c.Dist[p.fac.StartHex][h] > g.c.Dist[p.fac.StartHex][worst] {
			worst = int16(h)
		}
	}
	return worst
}

// techValue is how much a bot values a Technology.
func (g *Game) techValue(p *Player, t int16) float64 {
	td := &g.c.Techs[t]
	switch td.Kind {
	case TechAuto:
		return []float64{1.3, 1.0, 0.9, 0.9, 0.9, 1.1}[td.Skill] * 10
	case TechMove:
		return 9
	case TechActions:
		return 10
	}
	return 11
}

// worstCard is the index of the hand card a bot would give up first.
func (g *Game) worstCard(p *Player) int {
	worst, wv := 0, 1e9
	for i, a := range p.hand {
		ad := &g.c.Actions[a]
		v := float64(ad.Value)
		if ad.Kind == KNPCM || ad.Kind == KHitman {
			v -= 2
		}
		if ad.Kind == KTownTech {
			v += 20
		}
		if v < wv {
			worst, wv = i, v
		}
	}
	return worst
}
