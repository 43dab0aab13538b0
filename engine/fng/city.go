package fng

import "fmt"

// cityAdventure: a hero in a city draws a City card first (or resolves a
// City Danger's cliffhanger), then sells artifacts, buys and heals.
func (g *Game) cityAdventure(seat int) {
	h := g.h(seat)
	g.turnOver = false
	town := h.space
	if h.cliff.active {
		if !g.resolveCliffhanger(seat) {
			return
		}
	} else if !g.drawCity(seat) {
		return // a failed City Danger: no business in town this turn
	}
	if h.ko || g.over || g.turnOver || h.space != town || g.c.Spaces[town].Kind != City {
		// KO'd, the game won, the turn ended by a card, or out of town:
		// driven out (escaping a figure the City card brought), or a City
		// Danger's cliffhanger resolved after a card moved the hero away.
		// No business.
		g.turnOver = false
		return
	}
	if here := h.space; g.coop.occupied[here] {
		// No business in an occupied city while its garrison stands.
		if g.henchmen[here] != 0 {
			g.henchmanFight(seat, here)
		}
		if h.ko || h.space != here || g.coop.occupied[here] {
			return
		}
	}
	g.offer(seat, TCity)
	if h.ko || g.over || g.turnOver || h.space != town {
		g.turnOver = false
		return // a card played in town (another City card) ended the business
	}
	g.sell(h)
	g.shop(h)
	if g.stats != nil {
		g.stats.rule(RuleCity)
	}
}

// drawCity draws and resolves a City card. Secret cards go to the hand. It
// reports whether the hero may go on to do business in town.
func (g *Game) drawCity(seat int) bool {
	h := g.h(seat)
	id := g.drawTop(&g.city)
	if id < 0 {
		return true
	}
	e := &g.c.City[id]
	if g.trace != nil {
		to := zonePlay // resolved aloud; a secret card goes to the hand
		if e.Secret {
			to = "hand"
		}
		g.move(&g.city, id, seat, zoneDeck, to, "city")
	}
	if g.stats != nil {
		g.stats.drew(&e.Card, seat)
	}
	if g.trace != nil {
		g.logf("%s draws the City card %s", h.def.Name, e.Name)
	}
	if e.Secret {
		h.hand = append(h.hand, handCard{city: true, card: id})
		g.handChanged(h)
		if g.stats != nil {
			g.stats.rule(RuleSecret)
		}
		return true
	}
	if e.Danger != nil {
		return g.cityDanger(seat, id)
	}
	g.playCard(seat, &e.Card, e, true, id)
	return true
}

// cityDanger resolves a City Danger: its cliffhanger is on the same card.
func (g *Game) cityDanger(seat int, id int16) bool {
	h := g.h(seat)
	e := &g.c.City[id]
	d := e.Danger
	prev, prevFlipped := g.danger, g.flipped
	g.danger, g.flipped = d, false // a City Danger's cliffhanger is on its front
	defer func() { g.danger, g.flipped = prev, prevFlipped }()
	if g.trace != nil {
		g.emit(seat, "danger", e.ID, map[string]any{"test": d.Test.String(), "glory": int(d.Glory), "seats": []int{seat}, "site": -1},
			"%s faces %s (%s)", h.def.Name, e.Name, d.Test)
	}
	if d.Effect != nil {
		g.runCard(seat, d.Effect, &e.Card)
	}
	passed := !h.ko && g.resolveSpec(seat, &d.Test, d.Keywords, false)
	if g.stats != nil {
		g.stats.faced(&e.Card, passed)
	}
	if h.ko {
		g.discardCity(id, seat, zonePlay)
		return false
	}
	if passed {
		g.gainGlory(h, g.specGlory(d.Glory), "danger")
		g.discardCity(id, seat, zonePlay)
		return true
	}
	h.cliff = cliffhanger{active: true, danger: d, card: -1, city: id, site: -1}
	if g.trace != nil {
		g.move(&g.city, id, seat, zonePlay, zoneCliff, "failed")
		g.logf("%s is in a cliffhanger in town", h.def.Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleCityDanger)
	}
	return false
}

// discardCity discards a City card from a zone (and reshuffles the City
// deck on its Shuffle icon).
func (g *Game) discardCity(id int16, seat int, from string) {
	g.discard(&g.city, id, seat, from, "used")
	if g.c.City[id].Shuffle {
		g.reshuffle(&g.city)
	}
}

// buyHealing heals n wounds in a city at the heal cost each.
func (g *Game) buyHealing(h *Hero, n int) {
	cost := n * g.c.Rules.HealCost
	if g.trace != nil {
		g.emit(h.seat, "buy", "", map[string]any{"what": "heal", "wounds": n, "cost": cost}, "%s pays %d Glory to heal %d wounds", h.def.Name, cost, n)
	}
	g.gainGlory(h, -cost, "buy")
	g.heal(h, n, "city")
}

// buyItem buys the top card of the Allies (ally) or Gear deck.
func (g *Game) buyItem(h *Hero, ally bool) {
	cost, what := g.c.Rules.GearCost, "gear"
	if ally {
		cost, what = g.c.Rules.AllyCost, "ally"
	}
	if g.trace != nil {
		g.emit(h.seat, "buy", "", map[string]any{"what": what, "cost": cost}, "%s buys a card of the %s deck for %d Glory", h.def.Name, what, cost)
	}
	g.gainGlory(h, -cost, "buy")
	g.drawItem(h.seat, ally, "buy")
}

// sell sells every artifact the hero carries: its Fortune value, +1 in a
// major city, plus an auction's bonus.
func (g *Game) sell(h *Hero) {
	if len(h.artifacts) == 0 {
		return
	}
	sp := &g.c.Spaces[h.space]
	kept := h.artifacts[:0]
	for i, a := range h.artifacts {
		if !h.dec.Sell(g, h, i) {
			kept = append(kept, a)
			continue
		}
		v := a.value + int(g.auction[h.space])
		if sp.Major {
			v += g.c.Rules.MajorCityBonus
		}
		if g.trace != nil {
			id := "treasure"
			if a.adv >= 0 {
				id = g.c.Artifacts[a.art].ID
			}
			major := 0
			if sp.Major {
				major = g.c.Rules.MajorCityBonus
			}
			g.emit(h.seat, "sell", id, map[string]any{"value": a.value, "major": major, "auction": int(g.auction[h.space]), "fortune": v},
				"%s sells an artifact in %s for %d Fortune", h.def.Name, sp.Name, v)
		}
		g.addFortune(h, v, "sell")
		g.discardArtifact(a, h.seat, "carried", "sold")
		if g.stats != nil {
			g.stats.rule(RuleSell)
		}
	}
	h.artifacts = kept
	g.worthChanged()
}

// shop: the hero heals the wounds it chooses to pay for, then buys, in
// rounds, an Allies card, a Gear card, and a Common Item when it bought
// neither, each as it chooses and can afford, until a round buys nothing
// (six rounds at most, should content price something at 0).
func (g *Game) shop(h *Hero) {
	R := &g.c.Rules
	if n := h.dec.Heal(g, h); n != 0 {
		if n < 0 || n > h.wounds || n*R.HealCost > h.glory {
			panic(fmt.Sprintf("decider: %s heals %d wounds (%d, with %d Glory)", h.def.Name, n, h.wounds, h.glory))
		}
		g.buyHealing(h, n)
		g.countRule(RuleHealInCity)
	}
	for range 6 {
		bought := false
		if g.mayBuy(h, true) && h.dec.Buy(g, h, true) {
			g.buyItem(h, true)
			g.countRule(RuleBuyAlly)
			bought = true
		}
		if g.mayBuy(h, false) && h.dec.Buy(g, h, false) {
			g.buyItem(h, false)
			g.countRule(RuleBuyGear)
			bought = true
		}
		if !bought {
			if id := h.dec.BuyCommon(g, h); id >= 0 {
				if int(id) >= len(g.c.Items) || !g.mayBuyCommon(h, id) {
					panic(fmt.Sprintf("decider: %s buys Common Item %d", h.def.Name, id))
				}
				g.buyCommon(h, id)
				g.countRule(RuleBuyCommon)
				bought = true
			}
		}
		if !bought {
			return
		}
	}
}

// mayBuy reports whether the hero may buy a Gear (or Allies) card: it has
// room, the Glory, and the deck has a card.
func (g *Game) mayBuy(h *Hero, ally bool) bool {
	R := &g.c.Rules
	if ally {
		return g.allyCount(h) < R.AllyLimit && h.glory >= R.AllyCost && g.allies.Len()+g.allies.Discarded() > 0
	}
	return g.gearCount(h) < R.GearLimit && h.glory >= R.GearCost && g.gear.Len()+g.gear.Discarded() > 0
}

// mayBuyCommon reports whether the hero may buy Common Item id: one is
// left, it holds none, it has room and the Glory.
func (g *Game) mayBuyCommon(h *Hero, id int16) bool {
	return g.mayBuyCommonWith(h, id, g.room(h))
}

// room is whether a hero has room for one more Gear and one more Ally.
type room struct{ gear, ally bool }

func (g *Game) room(h *Hero) room {
	gear := g.gearCount(h)
	return room{gear: gear < g.c.Rules.GearLimit, ally: len(h.items)-gear < g.c.Rules.AllyLimit}
}

// mayBuyCommonWith is mayBuyCommon with the hero's room counted already
// (commonChoice asks it of every Common Item in turn).
func (g *Game) mayBuyCommonWith(h *Hero, id int16, r room) bool {
	it := &g.c.Items[id]
	if !it.Common || g.commonLeft[id] == 0 || g.holds(h, id) || h.glory < g.commonCost(h, id) {
		return false
	}
	if it.Ally {
		return r.ally
	}
	return r.gear
}

// countRule counts a rule a hero chose to use, when collecting stats.
func (g *Game) countRule(r Rule) {
	if g.stats != nil {
		g.stats.rule(r)
	}
}
