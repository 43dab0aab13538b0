package fallenland

import (
	"fmt"
	"slices"
)

// The town: victory tracks and coins, Town Technologies, Town Defense
// chips, Resources, the Town Business and End Turn Phases (§3.4, §3.6,
// §11, §12).

// addPrestige changes Prestige, never below 0 (FL-AMB-08).
func (g *Game) addPrestige(p *Player, n int) {
	before := p.pr
	p.pr = max(p.pr+n, 0)
	if g.stats != nil {
		g.stats.prestige(g, n)
	}
	if g.trace != nil {
		g.traceChange(p, "prestige", p.pr-before, p.pr, n, "")
	}
}

// addTownHealth changes Town Health, never below 0. A loss may be
// prevented by discarding Town Defense chips, one each (FL-TDC-06), as
// the player chooses.
func (g *Game) addTownHealth(p *Player, n int) {
	if n < 0 {
		for n < 0 && p.tdc > 0 && p.dec.Shield(g, p, n) {
			g.setTDC(p, p.tdc-1, "shield")
			p.perkTDC = min(p.perkTDC, p.tdc)
			n++
			if g.stats != nil {
				g.stats.rule(RuleTDCShield)
			}
		}
	}
	before := p.th
	p.th = max(p.th+n, 0)
	if g.stats != nil {
		g.stats.townHealth(g, n)
	}
	if g.trace != nil {
		g.traceChange(p, "town-health", p.th-before, p.th, n, "")
	}
}

// addSalvage changes Salvage Coins, never below 0.
func (g *Game) addSalvage(p *Player, n int) {
	before := p.sc
	p.sc = max(p.sc+n, 0)
	if g.stats != nil {
		g.stats.salvage(g, n)
	}
	if g.trace != nil {
		g.traceChange(p, "salvage", p.sc-before, p.sc, n, "")
	}
}

// pay spends Salvage Coins on a cost the player can meet (callers check):
// a Technology, a Defense chip, a hiring fee, a toll.
func (g *Game) pay(p *Player, n int, what, card string) {
	if n <= 0 {
		return
	}
	p.sc -= n
	if g.trace != nil {
		if card == "" {
			card = g.srcID()
		}
		g.emitf(p.seat, "pay", card, D{"res": "salvage", "amount": n, "total": p.sc, "for": what},
			"  %s pays %d Salvage for %s (%d left)", g.name(p), n, what, p.sc)
	}
}

// transfer moves Salvage Coins between players (a sale, a theft).
func (g *Game) transfer(from, to *Player, n int, why string) {
	if n <= 0 || from == to {
		return
	}
	from.sc -= n
	to.sc += n
	if g.trace != nil {
		g.emitf(from.seat, "transfer", g.srcID(), D{"res": "salvage", "amount": n, "to": to.seat, "total": from.sc, "to-total": to.sc, "for": why},
			"  %s gives %s %d Salvage (%s)", g.name(from), g.name(to), n, why)
	}
}

// setTDC sets a player's Town Defense chips (bought, sold, given, lost,
// discarded as a shield).
func (g *Game) setTDC(p *Player, n int, why string) {
	if n == p.tdc {
		return
	}
	d := n - p.tdc
	p.tdc = n
	if g.trace != nil {
		g.traceChange(p, "tdc", d, n, d, why)
	}
}

// traceChange reports a change of a track, the coins or the chips: what
// changed, by how much (after the floor at 0), the new total, and the
// change asked for when the floor cut it.
func (g *Game) traceChange(p *Player, res string, applied, total, asked int, why string) {
	if applied == 0 && asked == 0 {
		return
	}
	kind := "gain"
	if applied < 0 || (applied == 0 && asked < 0) {
		kind = "lose"
	}
	d := D{"res": res, "amount": applied, "total": total}
	if asked != applied {
		d["asked"] = asked
	}
	if why != "" {
		d["for"] = why
	}
	g.emitf(p.seat, kind, g.srcID(), d, "  %s %s %d %s (now %d)", g.name(p), map[bool]string{true: "gains", false: "loses"}[kind == "gain"],
		abs(applied), resNames[res], total)
}

var resNames = map[string]string{"prestige": "Prestige", "town-health": "Town Health", "salvage": "Salvage", "tdc": "Town Defense chip(s)"}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ownsTech returns the index of a player's chip of a Technology, or -1.
func (p *Player) ownsTech(t int16) int {
	for i, o := range p.tech {
		if o.tech == t {
			return i
		}
	}
	return -1
}

// gainTech equips a Technology: a new Tier 1 gives 1 Prestige and 5 Town
// Health; an owned Tier 1 is upgraded (no gain); an owned Tier 2 is sold
// for its price; at the maximum a new one is declined (FL-TT-03,
// FL-AMB-39).
func (g *Game) gainTech(p *Player, t int16) {
	r := &g.c.Rules
	if i := p.ownsTech(t); i >= 0 {
		if p.tech[i].tier == 1 {
			p.tech[i].tier = 2
			g.traceTech(p, t, 2, "upgrade")
		} else {
			g.traceTech(p, t, 2, "sell-copy")
			g.addSalvage(p, r.TechSell)
		}
		g.retech(p)
		return
	}
	if len(p.tech) >= r.MaxTech {
		g.traceTech(p, t, 0, "declined")
		return
	}
	p.tech = append(p.tech, OwnedTech{tech: t, tier: 1})
	g.traceTech(p, t, 1, "new")
	g.addPrestige(p, r.TechPrestige)
	g.addTownHealth(p, r.TechTownHealth)
	g.retech(p)
	if g.stats != nil {
		g.stats.rule(RuleTech)
	}
}

// traceTech reports a Technology chip gained, upgraded, sold or lost, with
// the tier the player holds after it (0 none).
func (g *Game) traceTech(p *Player, t int16, tier int, how string) {
	if g.trace != nil {
		g.emitf(p.seat, "tech", g.c.Techs[t].ID, D{"how": how, "tier": tier}, "  %s: %s %s (Tier %d)", g.name(p), g.c.Techs[t].Name, how, tier)
	}
}

// randomTech rolls 1d10 for a random Technology, re-rolling 10s and
// numbers no Technology has (FL-TT-10).
func (g *Game) randomTech() int16 {
	for range 50 {
		n := g.d10("tech")
		if n < 10 && g.c.TechByNum[n] >= 0 {
			return g.c.TechByNum[n]
		}
	}
	return -1
}

// loseTech loses a non-starting Technology the player chooses: a Tier 2
// drops to Tier 1 without loss; a Tier 1 costs 1 Prestige and 5 Town
// Health (FL-TT-06).
func (g *Game) loseTech(p *Player) {
	losable := false
	for _, o := range p.tech {
		losable = losable || !(o.starting && o.tier == 1)
	}
	if !losable {
		return
	}
	i := p.dec.LoseTech(g, p)
	if i < 0 || i >= len(p.tech) || p.tech[i].starting && p.tech[i].tier == 1 {
		illegal("%s loses Technology %d of %d", g.name(p), i, len(p.tech))
	}
	g.dropTech(p, i)
}

func (g *Game) dropTech(p *Player, i int) {
	r := &g.c.Rules
	if p.tech[i].tier == 2 {
		p.tech[i].tier = 1
		g.traceTech(p, p.tech[i].tech, 1, "lose-tier-2")
	} else {
		g.traceTech(p, p.tech[i].tech, 0, "lose")
		p.tech = append(p.tech[:i], p.tech[i+1:]...)
		g.addPrestige(p, -r.TechPrestige)
		g.addTownHealth(p, -r.TechTownHealth)
	}
	g.retech(p)
}

// isResource reports whether a hex is a Resource Location now.
func (g *Game) isResource(h int16) bool { return g.resHex[h] }

// resWeight is what a Resource counts for (a Double: two).
func (g *Game) resWeight(h int16) int {
	if g.resDouble[h] {
		return 2
	}
	return 1
}

// capture gives a Resource to a player: +1 Prestige (a Double: 2), the
// former owner −1 each; over the maximum the capturer reverts another of
// theirs (FL-RES-02/03/13, FL-AMB-34).
func (g *Game) capture(p *Player, h int16) {
	r := &g.c.Rules
	w := g.resWeight(h)
	old := g.resOwner[h]
	if g.trace != nil {
		g.emitf(p.seat, "capture", g.srcID(), D{"hex": int(h), "from": int(old), "weight": w}, "  %s captures %s", g.name(p), g.c.Hexes[h].Name)
	}
	if old >= 0 {
		op := &g.players[old]
		op.resources -= w
		g.addPrestige(op, -r.ResourceLossPR*w)
	}
	g.resOwner[h] = int8(p.seat)
	p.resources += w
	p.captures++
	g.addPrestige(p, r.ResourceCapturePR*w)
	for p.resources > r.MaxResources {
		if !g.revert(p, h) {
			break
		}
	}
	if g.stats != nil {
		g.stats.rule(RuleCapture)
	}
}

// revert turns one of a player's Resources (not keep), the one it
// chooses, Neutral, with its Prestige penalty. It reports whether the
// player had one.
func (g *Game) revert(p *Player, keep int16) bool {
	any := false
	for h := range g.resOwner {
		any = any || int(g.resOwner[h]) == p.seat && int16(h) != keep
	}
	if !any {
		return false
	}
	worst := p.dec.Revert(g, p, keep)
	if worst < 0 || int(worst) >= len(g.resOwner) || int(g.resOwner[worst]) != p.seat || worst == keep {
		illegal("%s reverts hex %d", g.name(p), worst)
	}
	w := g.resWeight(worst)
	if g.trace != nil {
		g.emitf(p.seat, "revert", "", D{"hex": int(worst), "weight": w}, "  %s's %s reverts to Neutral", g.name(p), g.c.Hexes[worst].Name)
	}
	g.resOwner[worst] = -1
	p.resources -= w
	g.addPrestige(p, -g.c.Rules.ResourceLossPR*w)
	return true
}

// loseResource reverts one owned Resource to Neutral (Town Events roll 10,
// cards; FL-RES-14).
func (g *Game) loseResource(p *Player) {
	if g.revert(p, -1) && g.stats != nil {
		g.stats.rule(RuleLoseResource)
	}
}

// destroyResource puts a Destroyed chip on a Resource: the owner loses 1
// Prestige more than for losing it, the destroyer 2 (a Double: owner 2 in
// all, destroyer 4) (FL-RES-11/12/13, FL-AMB-35/36).
func (g *Game) destroyResource(p *Player, h int16) {
	r := &g.c.Rules
	double := g.resDouble[h]
	if g.trace != nil {
		g.emitf(p.seat, "destroy", "", D{"hex": int(h), "from": int(g.resOwner[h]), "double": double}, "  %s destroys %s", g.name(p), g.c.Hexes[h].Name)
	}
	if old := g.resOwner[h]; old >= 0 {
		op := &g.players[old]
		op.resources -= g.resWeight(h)
		if double {
			g.addPrestige(op, -r.DoubleDestroyOwner)
		} else {
			g.addPrestige(op, -(r.ResourceLossPR + r.DestroyOwnerExtra))
		}
	}
	if double {
		g.addPrestige(p, -r.DoubleDestroyerPenalty)
	} else {
		g.addPrestige(p, -r.DestroyerPenalty)
	}
	g.resOwner[h] = -2
	g.resDouble[h] = false
	if g.stats != nil {
		g.stats.rule(RuleDestroyResource)
	}
}

// createResource makes a hex a Resource, or a Resource a Double Resource
// (FL-RES-13).
func (g *Game) createResource(h int16) {
	if g.resOwner[h] == -2 || !g.c.Hexes[h].Passable || g.c.Hexes[h].Town >= 0 {
		return
	}
	if !g.resHex[h] {
		g.resHex[h] = true
		at, _ := slices.BinarySearch(g.created, h)
		g.created = slices.Insert(g.created, at, h)
		if g.trace != nil {
			g.emitf(-1, "new-resource", g.srcID(), D{"hex": int(h), "double": false}, "  %s becomes a Resource", g.c.Hexes[h].Name)
		}
		return
	}
	if !g.resDouble[h] {
		g.resDouble[h] = true
		if g.trace != nil {
			g.emitf(int(g.resOwner[h]), "new-resource", g.srcID(), D{"hex": int(h), "double": true}, "  %s becomes a Double Resource", g.c.Hexes[h].Name)
		}
		if o := g.resOwner[h]; o >= 0 {
			g.players[o].resources++
			for g.players[o].resources > g.c.Rules.MaxResources && g.revert(&g.players[o], h) {
			}
		}
		if g.stats != nil {
			g.stats.rule(RuleDoubleResource)
		}
	}
}

// tdcCost is the price of the next Town Defense chip (FL-TDC-03,
// FL-AMB-37), or -1 at the maximum.
func (g *Game) tdcCost(p *Player) int {
	n := p.tdc + 1
	if n >= len(g.c.Defense) || n > g.c.Rules.MaxTDC {
		return -1
	}
	return g.c.Defense[n]
}

// townBusiness is Phase II: start-of-Phase abilities, Deal, Resource
// Production, Auction House, Sell and Purchase, Hire (FL-TB-01…10).
func (g *Game) townBusiness() {
	for _, s := range g.order {
		p := g.p(s)
		g.trigger(p, TTownBusiness)
		g.playHand(p, TTownBusiness, nil)
	}
	for _, s := range g.order {
		g.deal(g.p(s))
	}
	for _, s := range g.order {
		g.produce(g.p(s))
	}
	g.auctionHouse()
	for _, s := range g.order {
		p := g.p(s)
		g.trigger(p, TPurchase)
		g.playHand(p, TPurchase, nil)
		g.sellAndPurchase(p)
	}
	for _, s := range g.order {
		p := g.p(s)
		g.trigger(p, THire)
		g.playHand(p, THire, nil)
		g.hire(p)
	}
}

// deal gives each player 1 Action card, plus Law and Order's, and
// Marketplace's free Spoils into the Auction House (Events played, Allies
// equipped) (FL-TB-02).
func (g *Game) deal(p *Player) {
	n := g.c.Rules.DealActions
	spoils := 0
	for _, t := range p.tech {
		switch td := &g.c.Techs[t.tech]; td.Kind {
		case TechActions:
			n += td.Amount[t.tier]
		case TechSpoils:
			spoils += td.Amount[t.tier]
		}
	}
	for range n {
		if x := g.draw(DActions, p.seat); x >= 0 {
			g.gainAction(p, x)
		}
	}
	for range spoils {
		if x := g.draw(DSpoils, p.seat); x >= 0 {
			g.gainSpoils(p, x, false)
		}
	}
}

// produce pays Resource Production (FL-RES-04).
func (g *Game) produce(p *Player) {
	n := min(p.resources, len(g.c.Production)-1)
	if n > 0 {
		g.addTownHealth(p, g.c.Production[n][0])
		if !p.noProduction {
			g.addSalvage(p, g.c.Production[n][1])
		}
		if g.stats != nil {
			g.stats.rule(RuleProduction)
		}
	}
	g.trigger(p, TProduction)
	g.playHand(p, TProduction, nil)
}

// sellAndPurchase is the Bank: the player may sell a Town Defense chip
// (never a Perk chip; FL-TDC-07) and Spoils of its Auction House (not an
// Ally nor a Faction's card), plays its Town Technology cards, may sell
// Action cards, buy one Technology (or upgrade) and one Town Defense chip
// (FL-TB-07/08, FL-ACT-08), each as it chooses.
func (g *Game) sellAndPurchase(p *Player) {
	if p.tdc > p.perkTDC && p.dec.SellTDC(g, p) {
		g.sellTDC(p)
	}
	keep := p.auction[:0]
	for _, it := range p.auction {
		sd := g.spoils(it)
		if sd.Value > 0 && !sd.is(RAlly) && sd.Faction < 0 && p.dec.SellSpoils(g, p, it) {
			g.traceSell(p, sd.ID, int(sd.Value))
			g.addSalvage(p, int(sd.Value))
			g.discardCards(it)
			if g.stats != nil {
				g.stats.rule(RuleSell)
			}
			continue
		}
		keep = append(keep, it)
	}
	p.auction = keep
	// Town Technology cards from the hand.
	for i := 0; i < len(p.hand); {
		ad := &g.c.Actions[p.hand[i]]
		if ad.Kind != KTownTech || !p.dec.TownTech(g, p, ad) {
			i++
			continue
		}
		card := p.hand[i]
		p.hand = append(p.hand[:i], p.hand[i+1:]...)
		if g.trace != nil {
			g.emitf(p.seat, "play", ad.ID, D{"timing": "purchase", "target": p.seat}, "  %s plays %s (a Town Technology card)", g.name(p), ad.Name)
		}
		t := ad.Tech
		if t < 0 {
			t = g.randomTech()
		}
		if g.stats != nil {
			g.stats.use(p.seat, &ad.Card)
		}
		if t >= 0 {
			g.gainTech(p, t)
		}
		g.discard(DActions, card)
	}
	for {
		i := p.dec.SellAction(g, p)
		if i < 0 {
			break
		}
		if i >= len(p.hand) {
			illegal("%s sells Action card %d of %d", g.name(p), i, len(p.hand))
		}
		ad := &g.c.Actions[p.hand[i]]
		g.traceSell(p, ad.ID, max(int(ad.Value), 0))
		if ad.Value > 0 {
			g.addSalvage(p, int(ad.Value))
		}
		g.discard(DActions, p.hand[i])
		p.hand = append(p.hand[:i], p.hand[i+1:]...)
	}
	if t := p.dec.BuyTech(g, p); t >= 0 {
		cost, ok := g.techPrice(p, t)
		if !ok || cost > p.sc {
			illegal("%s buys Technology %d", g.name(p), t)
		}
		g.pay(p, cost, "tech", g.c.Techs[t].ID)
		g.gainTech(p, t)
		if g.stats != nil {
			g.stats.rule(RuleBuyTech)
		}
	}
	if cost := g.tdcCost(p); cost > 0 && cost <= p.sc && p.dec.BuyTDC(g, p) {
		g.pay(p, cost, "tdc", "")
		g.setTDC(p, p.tdc+1, "buy")
		if g.stats != nil {
			g.stats.rule(RuleBuyTDC)
		}
	}
}

// techPrice is what Technology t costs the player now: a new one while it
// has room for it, or the upgrade of a Tier 1; ok false when it can buy
// neither (or the price is not set).
func (g *Game) techPrice(p *Player, t int16) (cost int, ok bool) {
	if t < 0 || int(t) >= len(g.c.Techs) {
		return 0, false
	}
	switch i := p.ownsTech(t); {
	case i < 0 && len(p.tech) < g.c.Rules.MaxTech:
		cost = g.c.Techs[t].Cost[1]
	case i >= 0 && p.tech[i].tier == 1:
		cost = g.c.Techs[t].Cost[2]
	}
	return cost, cost > 0
}

// traceSell reports a card or chip sold to the Bank for its value.
func (g *Game) traceSell(p *Player, id string, value int) {
	if g.trace != nil {
		g.emitf(p.seat, "sell", id, D{"value": value}, "  %s sells %s to the Bank for %d", g.name(p), id, value)
	}
}

// sellTDC sells a Town Defense chip to the Bank (never a Perk chip).
func (g *Game) sellTDC(p *Player) bool {
	if p.tdc <= p.perkTDC {
		return false
	}
	g.setTDC(p, p.tdc-1, "sell")
	g.addSalvage(p, g.c.Rules.TDCSell)
	if g.stats != nil {
		g.stats.rule(RuleSell)
	}
	return true
}

// sellTech sells a player's Technology chip to the Bank: a Tier 2 flips
// back to Tier 1 without loss, a Tier 1 is removed with its Prestige and
// Town Health; a starting Tier 1 can never be sold (FL-TT-05/07,
// FL-AMB-49).
func (g *Game) sellTech(p *Player, i int) bool {
	if i < 0 || i >= len(p.tech) || (p.tech[i].starting && p.tech[i].tier == 1) {
		return false
	}
	g.traceSell(p, g.c.Techs[p.tech[i].tech].ID, g.c.Rules.TechSell)
	g.addSalvage(p, g.c.Rules.TechSell)
	g.dropTech(p, i)
	return true
}

// endTurnPhase is Phase IV: end-turn abilities, Town Events, the Turn
// marker (expiring World cards) and the First Player sheet (FL-END-01…03).
func (g *Game) endTurnPhase() {
	for _, s := range g.order {
		p := g.p(s)
		g.trigger(p, TEndTurn)
		g.playHand(p, TEndTurn, nil)
	}
	for _, s := range g.order {
		g.townEvent(g.p(s))
	}
	for i := range g.worlds {
		w := &g.worlds[i]
		if w.live && w.expires > 0 && w.expires <= g.turn {
			g.expireWorld(w)
		}
		// A Multiple Party card nobody waits at any more is abandoned.
		if w.live && w.wait && w.since < g.turn && g.partiesOn(w.hex) == 0 {
			g.expireWorld(w)
		}
	}
	g.first = (g.first + 1) % len(g.players)
}

// townEvent rolls 1d10 on the Town Events chart (FL-EVT-01…03).
func (g *Game) townEvent(p *Player) {
	roll := g.d10("town-event")
	ev := &g.c.Events[roll]
	if g.trace != nil {
		g.emitf(p.seat, "town-event", ev.Row.ID, D{"roll": roll}, "%s rolls %d on the Town Events chart: %s", g.name(p), roll, ev.Row.Str("name"))
	}
	g.addPrestige(p, ev.PR)
	g.addTownHealth(p, ev.TH)
	if ev.Card {
		g.eventCard(p)
	}
	if ev.LoseResource {
		g.loseResource(p)
	}
	if g.stats != nil {
		g.stats.event(roll)
	}
}

// eventCard: the player's choice of an Action, Spoils or Character; a
// Character goes to the Town Roster, a Spoils card is equipped if the
// Party is in town, else to the Auction House (FL-EVT-02, FL-AMB-32).
func (g *Game) eventCard(p *Player) {
	switch {
	case p.party.alive() < len(p.party.crowns) && len(p.roster) == 0:
		g.gainCharacter(p, true)
	case len(p.hand) < 4:
		if x := g.draw(DActions, p.seat); x >= 0 {
			g.gainAction(p, x)
		}
	default:
		if x := g.draw(DSpoils, p.seat); x >= 0 {
			g.gainSpoils(p, x, g.inOwnTown(p))
		}
	}
}

// gainSpoils handles a Spoils card a player receives: an Event is played,
// a Jinxed card attaches, an Ally is hired (or discarded), anything else is
// equipped (when equip) or goes to the Auction House (FL-SP-21…23,
// FL-AMB-31/32).
func (g *Game) gainSpoils(p *Player, x int16, equip bool) {
	sd := &g.c.Spoils[x]
	if g.stats != nil {
		g.stats.drew(p.seat, &sd.Card)
	}
	if !sd.is(REvent) {
		g.onDraw(p, &sd.Ability, &sd.Card, nil)
	}
	switch {
	case sd.is(REvent):
		// Played at once, then discarded (FL-SP-21).
		if sd.Effect != nil && g.drawDepth < maxDrawDepth {
			if g.stats != nil {
				g.stats.use(p.seat, &sd.Card)
				g.stats.rule(RuleEvent)
			}
			if g.trace != nil {
				g.emitf(p.seat, "event-card", sd.ID, nil, "  %s plays the Event %s", g.name(p), sd.Name)
			}
			g.drawDepth++
			g.run(sd.Effect, p, nil, &sd.Card)
			g.drawDepth--
		}
		g.discard(DSpoils, x)
		return
	case sd.is(RJinxed):
		if g.stats != nil {
			g.stats.rule(RuleJinx)
		}
		if sd.JinxParty || p.party.alive() == 0 {
			p.party.jinx = append(p.party.jinx, x)
		} else if m := g.member(p, p, PickJinx); m != nil && m.hitman < 0 {
			m.items = append(m.items, Item{card: x, mount: -1})
			// The Jinx is forced on the Character: its other cards are
			// re-seated within its capacity, the excess to the Auction
			// House (FL-SP-05, FL-SP-23).
			g.equipParty(p, len(p.auction))
		} else {
			p.party.jinx = append(p.party.jinx, x)
		}
		g.recompute(p)
		return
	case sd.is(RAlly):
		cost := int(sd.HireCost)
		if p.sc < cost || !p.dec.HireAlly(g, p, Item{card: x, mount: -1}) {
			g.discard(DSpoils, x)
			return
		}
		g.pay(p, cost, "ally", sd.ID)
		if g.stats != nil {
			g.stats.rule(RuleAlly)
		}
	}
	from := len(p.auction)
	if g.inOwnTown(p) {
		from = 0
	}
	p.auction = append(p.auction, Item{card: x, mount: -1})
	if (equip || sd.is(RAlly)) && p.party.alive() > 0 {
		g.equipParty(p, from) // Allies go straight to the Party
	}
}

// gainCharacter draws a Character: it fills an empty Crown (not toRoster),
// else goes to the Town Roster (FL-CH-11, FL-AMB-23).
func (g *Game) gainCharacter(p *Player, toRoster bool) {
	x := g.draw(DCharacters, p.seat)
	if x < 0 {
		return
	}
	if g.stats != nil {
		g.stats.drew(p.seat, &g.c.Characters[x].Card)
	}
	if !toRoster && !p.partyDead {
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if !m.present() {
				*m = Member{char: x, hitman: -1, items: m.items[:0], acts: m.acts[:0]}
				g.equipParty(p, len(p.auction)) // Party Equipment must fit the newcomer too (FL-SP-24)
				g.onDraw(p, &g.c.Characters[x].Ability, &g.c.Characters[x].Card, m)
				return
			}
		}
	}
	p.roster = append(p.roster, Member{char: x, hitman: -1})
	g.onDraw(p, &g.c.Characters[x].Ability, &g.c.Characters[x].Card, nil)
}

// onDraw runs the ability of a Character or Spoils card whose Timing is
// on-draw, once, as the card is drawn (m: the Character now on a Crown,
// nil otherwise). Spoils Events are played by gainSpoils.
func (g *Game) onDraw(p *Player, a *Ability, card *Card, m *Member) {
	if a.Timing != TOnDraw || a.Effect == nil || g.drawDepth >= maxDrawDepth || !g.holds(a.Cond, p, m, card) {
		return
	}
	if g.stats != nil {
		g.stats.use(p.seat, card)
	}
	if g.trace != nil {
		g.emitf(p.seat, "ability", card.ID, D{"timing": "on-draw"}, "  %s draws %s: its ability acts", g.name(p), card.Name)
	}
	g.drawDepth++
	g.run(a.Effect, p, m, card)
	g.drawDepth--
}

// maxDrawDepth bounds cards played as they are drawn that draw more cards
// (an Event drawing Spoils that are Events…): deeper ones are not played,
// so no content can recurse without end.
const maxDrawDepth = 8

// visitTown: in (or passing through) its own town a Party swaps Characters
// with the Town Roster and equips from the Auction House (FL-MOV-06).
func (g *Game) visitTown(p *Player) {
	pa := &p.party
	changed := false
	for i := range pa.crowns {
		if pa.crowns[i].present() || len(p.roster) == 0 {
			continue
		}
		best := p.dec.Recruit(g, p)
		if best < 0 || best >= len(p.roster) {
			illegal("%s recruits roster Character %d of %d", g.name(p), best, len(p.roster))
		}
		if g.trace != nil {
			g.emitf(p.seat, "reveal", g.c.Characters[p.roster[best].char].ID, D{"from": "roster", "to": fmt.Sprintf("CC%d", i+1)},
				"  %s's %s joins the Party from the Town Roster", g.name(p), g.c.Characters[p.roster[best].char].Name)
		}
		items, acts := pa.crowns[i].items[:0], pa.crowns[i].acts[:0]
		pa.crowns[i] = p.roster[best]
		pa.crowns[i].items = append(items, p.roster[best].items...)
		pa.crowns[i].acts = append(acts, p.roster[best].acts...)
		p.roster = append(p.roster[:best], p.roster[best+1:]...)
		changed = true
		if g.stats != nil {
			g.stats.rule(RuleRoster)
		}
	}
	// Swap a badly hurt member for a fresher one from the Roster; the
	// equipment stays with the Party, attached cards with the Character.
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if m.char < 0 || len(p.roster) == 0 || g.left(m) > 2 || g.frozen(m) {
			continue
		}
		for k := range p.roster {
			r := &p.roster[k]
			if g.left(r) <= g.left(m)+2 {
				continue
			}
			if g.trace != nil {
				g.emitf(p.seat, "reveal", g.c.Characters[r.char].ID, D{"from": "roster", "to": fmt.Sprintf("CC%d", i+1), "out": g.c.Characters[m.char].ID},
					"  %s swaps %s for %s from the Town Roster", g.name(p), g.c.Characters[m.char].Name, g.c.Characters[r.char].Name)
			}
			p.auction = append(p.auction, m.items...)
			old := Member{char: m.char, hitman: -1, dmg: m.dmg, acts: append([]int16(nil), m.acts...), memory: m.memory, used: m.used}
			items, acts := m.items[:0], m.acts[:0]
			*m = Member{char: r.char, hitman: -1, dmg: r.dmg, items: items, acts: append(acts, r.acts...), used: r.used, memory: r.memory}
			p.roster[k] = old
			changed = true
			break
		}
	}
	if changed {
		g.recompute(p)
	}
	g.equipParty(p, 0)
}

// discardEquipped discards an equipped Spoils card the player chooses
// (not an Ally or a Jinxed card); false if it has none.
func (g *Game) discardEquipped(p *Player) bool {
	worst := g.givenUp(p, nil)
	if worst == nil {
		return false
	}
	g.discardItem(p, worst)
	g.tidy(p)
	return true
}

// givable reports whether an equipped card may be given up: discarded
// (thief nil: not an Ally or a Jinxed card) or stolen (nor a Faction's).
func (g *Game) givable(it Item, thief *Player) bool {
	sd := g.spoils(it)
	return it.card >= 0 && !sd.is(RAlly|RJinxed) && (thief == nil || sd.Faction < 0)
}

// givenUp is the equipped card the player chooses to give up (to thief,
// or discarded when nil), or nil when it has none that may be.
func (g *Game) givenUp(p, thief *Player) *Item {
	any := false
	for i := range p.party.crowns {
		for _, it := range p.party.crowns[i].items {
			any = any || g.givable(it, thief)
		}
	}
	if !any {
		return nil
	}
	c, k := p.dec.GiveUp(g, p, thief)
	if c < 0 || c >= len(p.party.crowns) || k < 0 || k >= len(p.party.crowns[c].items) || !g.givable(p.party.crowns[c].items[k], thief) {
		illegal("%s gives up item %d of crown %d", g.name(p), k, c)
	}
	return &p.party.crowns[c].items[k]
}

// stealSpoils moves a Spoils card from one player to another: one of the
// Auction House the thief chooses, else an equipped card the victim
// chooses (never an Ally, a Jinxed or a Perk card).
func (g *Game) stealSpoils(from, to *Player) {
	if from == to {
		return
	}
	if g.firstStealable(from) >= 0 {
		i := to.dec.Steal(g, to, from)
		if i < 0 || i >= len(from.auction) || !g.tradeable(from.auction[i]) {
			illegal("%s steals card %d of %s's Auction House", g.name(to), i, g.name(from))
		}
		it := from.auction[i]
		from.auction = append(from.auction[:i], from.auction[i+1:]...)
		to.auction = append(to.auction, it)
		g.traceSteal(from, to, it)
		return
	}
	worst := g.givenUp(from, to)
	if worst != nil {
		to.auction = append(to.auction, *worst)
		g.traceSteal(from, to, *worst)
		worst.card, worst.mount = -1, -1
		from.untidy = true
		g.tidy(from)
	}
}

// firstStealable is the first card of the player's Auction House that
// may be stolen (tradeable: not an Ally or a Faction's card), or -1.
func (g *Game) firstStealable(p *Player) int {
	for i, it := range p.auction {
		if g.tradeable(it) {
			return i
		}
	}
	return -1
}

// traceSteal reports a Spoils card taken from one player by another.
func (g *Game) traceSteal(from, to *Player, it Item) {
	if g.trace != nil {
		g.emitf(from.seat, "steal", g.c.Spoils[it.card].ID, D{"to": to.seat}, "  %s takes %s from %s", g.name(to), g.c.Spoils[it.card].Name, g.name(from))
	}
}

// destroyVehicle discards the Vehicle with its Stowable and Permanent
// equipment (FL-SP-19).
func (g *Game) destroyVehicle(p *Player) {
	pa := &p.party
	if pa.vehicle.card < 0 {
		return
	}
	g.discardCards(pa.vehicle)
	for _, it := range pa.vehItems {
		g.discardCards(it)
	}
	pa.vehicle = Item{card: -1, mount: -1}
	pa.vehItems = pa.vehItems[:0]
	g.recompute(p)
	if g.stats != nil {
		g.stats.rule(RuleVehicleLost)
	}
}

// removeJinx discards one Jinxed card from the Party (FL-SP-23, FL-ACT-07).
func (g *Game) removeJinx(p *Player) {
	pa := &p.party
	if n := len(pa.jinx); n > 0 {
		g.discard(DSpoils, pa.jinx[n-1])
		pa.jinx = pa.jinx[:n-1]
		g.recompute(p)
		return
	}
	for i := range pa.crowns {
		m := &pa.crowns[i]
		for k := range m.items {
			if g.spoils(m.items[k]).is(RJinxed) {
				g.discardItem(p, &m.items[k])
				g.tidy(p)
				return
			}
		}
		for k, a := range m.acts {
			if g.c.Actions[a].Kind == KJinxed {
				g.discard(DActions, a)
				m.acts = append(m.acts[:k], m.acts[k+1:]...)
				g.recompute(p)
				return
			}
		}
	}
	for k, a := range p.townActs {
		if g.c.Actions[a].Kind == KJinxed {
			g.discard(DActions, a)
			p.townActs = append(p.townActs[:k], p.townActs[k+1:]...)
			return
		}
	}
}

// delay gives the Party a Week Penalty chip: spent now if its Party
// Exploits Phase is running, else at the next (FL-WK-05/06, FL-AMB-11).
func (g *Game) delay(p *Player, n int) {
	if n <= 0 || p.partyDead {
		return
	}
	n = min(n, 12)
	asked, now := n, 0
	if p.inPhase {
		now = min(n, p.weeks)
		p.weeks -= now
		n -= now
	}
	p.penalty += n
	if g.stats != nil {
		g.stats.rule(RuleDelay)
	}
	if g.trace != nil {
		g.emitf(p.seat, "delay", g.srcID(), D{"n": asked, "now": now, "chip": n, "penalty": p.penalty, "in-phase": p.inPhase},
			"  %s is Delayed %d Week(s): %d now, a %d-Week chip", g.name(p), asked, now, n)
	}
}

// bonusWeeks adds Weeks to this (or the next) Party Exploits Phase. Weeks
// that arrive during the Party's own Phase first pay its Week Penalty
// chips: "at the first available opportunity, this Party Exploits Phase or
// the next" (FL-WK-05, FL-AMB-11).
func (g *Game) bonusWeeks(p *Player, n int) {
	if n <= 0 {
		return
	}
	n = min(n, 12)
	if p.inPhase {
		pay := min(p.penalty, n)
		p.penalty -= pay
		p.weeks += n - pay
		if g.trace != nil {
			g.emitf(p.seat, "bonus-weeks", g.srcID(), D{"n": n, "paid": pay, "now": n - pay, "next": 0, "weeks": p.weeks},
				"  %s gains %d Week(s) now (%d pay a Week Penalty chip)", g.name(p), n, pay)
		}
		return
	}
	p.bonus += n
	if g.trace != nil {
		g.emitf(p.seat, "bonus-weeks", g.srcID(), D{"n": n, "paid": 0, "now": 0, "next": n, "bonus": p.bonus},
			"  %s gains %d Week(s) for its next Party Exploits", g.name(p), n)
	}
}

// crownMember is the member on a Crown 1–5; 0 or an empty Crown rolls 1d6
// for a random one, re-rolling 6s and empty Crowns (FL-ENC-12/13,
// FL-AMB-06).
func (g *Game) crownMember(p *Player, crown int) *Member {
	pa := &p.party
	if crown >= 1 && crown <= len(pa.crowns) && pa.crowns[crown-1].present() {
		return &pa.crowns[crown-1]
	}
	if pa.alive() == 0 {
		return nil
	}
	for range 100 {
		r := g.d6("crown")
		if r <= len(pa.crowns) && r <= 5 && pa.crowns[r-1].present() {
			return &pa.crowns[r-1]
		}
	}
	return g.weakest(p)
}
