package fng

// The bots' choices of the cooperative game and the villains: raiding an
// outpost and its reward, who carries the side's artifacts and who holds
// which item, boarding the zeppelin, the number to sneak on.

// Raid: a cautious or bold bot raids the outpost in its space it rates
// (outpostScore) unless it has better to do here: sell the artifacts it
// carries in town, go on with a hunt it has progress in, or hunt an
// artifact here worth more to it. A random bot raids on a coin toss, or
// always in a space with nothing else to do.
func (b *bot) Raid(g *Game, h *Hero) int {
	for i := range g.coop.outposts {
		op := &g.coop.outposts[i]
		if !op.live || op.space != h.space {
			continue
		}
		city := g.c.Spaces[h.space].Kind == City
		site := g.siteAt(h.space)
		if b.pol == Random {
			if (!city && site < 0) || h.coin() {
				return i
			}
			return -1
		}
		sc := g.outpostScore(h, i)
		switch {
		case sc <= 0,
			city && len(h.artifacts) > 0,
			site >= 0 && (h.progress == int16(site) || g.siteScore(h, site) > sc):
			return -1
		}
		return i
	}
	return -1
}

// Reward: a bot takes back the villains' most valuable artifact, unless
// they hold none or their track is within 3 of its goal (then setting it
// back matters more); the random bot tosses a coin.
func (b *bot) Reward(g *Game, h *Hero) int {
	steal := len(g.coop.loot) > 0 && g.coop.trackGoal-g.coop.track > 3
	if b.pol == Random {
		steal = len(g.coop.loot) > 0 && h.coin()
	}
	if !steal {
		return -1
	}
	best := 0
	for j, a := range g.coop.loot {
		if a.value > g.coop.loot[best].value {
			best = j
		}
	}
	return best
}

// Carrier: in a city the hero about to do business there takes the
// artifacts, to sell them now; elsewhere the healthiest of the side, who
// carries them to market with the least risk of losing them to a KO.
func (b *bot) Carrier(g *Game, h *Hero, seats []int) int {
	if g.c.Spaces[h.space].Kind == City && !h.cliff.active {
		return h.seat
	}
	carrier := seats[0]
	for _, s := range seats {
		if g.health(g.h(s)) > g.health(g.h(carrier)) {
			carrier = s
		}
	}
	return carrier
}

// Pass: a bot hands an item that raises a skill to the hero with a
// strictly better printed value in it — the one the group sends to take
// those tests — who has room for the item and does not hold one already;
// never the wounds it stands on.
func (b *bot) Pass(g *Game, h *Hero, seats []int, id int16) int {
	it := &g.c.Items[id]
	skill, wounds := -1, 0
	for _, m := range it.Mods {
		if m.Scope == Always && m.Amount > 0 && m.Stat <= StatLore && skill < 0 {
			skill = int(m.Stat)
		}
		if m.Scope == Always && m.Stat == StatWounds {
			wounds += int(m.Amount)
		}
	}
	if skill < 0 || h.wounds >= g.maxWounds(h)-wounds {
		return -1
	}
	best := -1
	top := h.def.Skills[skill]
	for _, s := range seats {
		o := g.h(s)
		if o == h || o.def.Skills[skill] <= top || !g.hasRoom(o, it) || g.holds(o, id) {
			continue
		}
		best, top = s, o.def.Skills[skill]
	}
	return best
}

// Board: a bot sneaks aboard the zeppelin when its hold is worth it (2
// Fortune, or the War Zeppelin to destroy), it has nothing better to do
// here (sell in town, go on with a hunt), 3 wounds to spare, and beats a
// soldier 60% of the time. The random bot always boards.
func (b *bot) Board(g *Game, h *Hero) bool {
	if b.pol == Random {
		return true
	}
	z := &g.zeppelin
	soldier := &g.c.Enemies[g.c.Orgs[g.zeppelinOrg()].Henchman]
	worth := z.fortune >= 2 || z.def.Cooperative
	busy := len(h.artifacts) > 0 && g.c.Spaces[h.space].Kind == City ||
		h.progress >= 0 && g.sites[h.progress].live && g.sites[h.progress].space == h.space
	return worth && !busy && g.health(h) >= 3 && g.fightOdds(h, soldier).Win >= 0.6
}

// SneakNumber: any number is as good as another, so a bot picks one from
// its own stream.
func (b *bot) SneakNumber(g *Game, h *Hero) int { return h.bot.Intn(6) + 1 }
