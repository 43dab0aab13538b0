package fallenland

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// Play plays one whole game and returns how it ended. A stall (round cap or
// step budget) or an effect's runtime error panics; PlaySafe recovers it.
func (g *Game) Play(seed uint64, opt Options) Result {
	g.reset(seed, opt)
	g.setupGame()
	g.playTurns()
	return g.result
}

// reset prepares the game state for a new game, reusing memory.
func (g *Game) reset(seed uint64, opt Options) {
	opt.Players, opt.MaxRounds, opt.MaxSteps = game.Limit(opt.Players, 4), game.Limit(opt.MaxRounds, 100), game.Limit(opt.MaxSteps, 2_000_000)
	g.opt, g.seed = opt, seed
	g.dice, g.setup = rng.New(seed, diceStream), rng.New(seed, setupStream)
	g.turn, g.steps, g.first = 0, 0, 0
	g.over = false
	g.result = Result{Seed: seed, Winner: -1}
	g.fx.Reset()
	g.cur, g.actor, g.focus, g.enc, g.chk, g.src, g.item, g.world, g.pvp = 0, 0, nil, nil, nil, nil, nil, nil, nil
	g.moveCtx, g.dying, g.cause, g.freed, g.memory, g.moveAdd = nil, nil, causeParty, g.freed[:0], 0, 0
	g.sig = signals{}
	g.drawDepth, g.cardEnd, g.nchk = 0, false, 0
	for i := range g.resOwner {
		g.resOwner[i] = -1
		g.resDouble[i] = false
		g.resHex[i] = g.c.Hexes[i].Resource
	}
	g.created = g.created[:0]
	g.missions = g.missions[:0]
	g.pois = g.pois[:0]
	g.worlds = g.worlds[:0]
	g.npcms = g.npcms[:0]
	c := g.c
	for d := Deck(0); d < numDecks; d++ {
		cards := g.decks[d].Reuse()
		for _, x := range c.DeckCards[d] {
			if opt.Exclude != nil && opt.Exclude[g.cardN(d, x)] {
				continue
			}
			cards = append(cards, x)
		}
		if opt.Substitute != nil {
			cards = game.Substitute(cards, func(x int16) bool { return opt.Substitute[g.cardN(d, x)] }, seed)
		}
		g.decks[d].Reset(cards, rng.New(seed, deckStreams[d]))
	}
	if cap(g.players) < opt.Players {
		g.players = make([]Player, opt.Players)
	}
	g.players = g.players[:opt.Players]
	for seat := range g.players {
		p := &g.players[seat]
		crowns := p.party.crowns
		if cap(crowns) < c.Rules.PartySize {
			crowns = make([]Member, c.Rules.PartySize)
		}
		crowns = crowns[:c.Rules.PartySize]
		for i := range crowns {
			crowns[i] = Member{char: -1, hitman: -1, items: crowns[i].items[:0], acts: crowns[i].acts[:0]}
		}
		*p = Player{seat: seat, faction: -1, hand: p.hand[:0], roster: p.roster[:0], auction: p.auction[:0], tech: p.tech[:0], townActs: p.townActs[:0],
			perkUsed: p.perkUsed[:0], abil: p.abil[:0], equipMemo: p.equipMemo.reset(),
			party: Party{crowns: crowns, vehicle: Item{card: -1, mount: -1}, vehItems: p.party.vehItems[:0], equip: p.party.equip[:0],
				jinx: p.party.jinx[:0], acts: p.party.acts[:0]}}
		p.policy = Cautious
		if seat < len(opt.Policies) {
			p.policy = opt.Policies[seat]
		}
		p.dec = opt.decider(seat, p.policy)
		p.bot = rng.New(seed, botStream(seat))
	}
}

// The random streams' ids, hashed once from their names rather than at
// every game's start.
var (
	diceStream, setupStream = rng.Stream("dice"), rng.Stream("setup")
	deckStreams             = func() (ids [numDecks]uint64) {
		for d := range ids {
			ids[d] = rng.Stream("deck:" + DeckNames[d])
		}
		return ids
	}()
	botStreams = func() (ids [8]uint64) {
		for seat := range ids {
			ids[seat] = rng.Stream(fmt.Sprintf("bot:%d", seat))
		}
		return ids
	}()
)

// botStream is the id of a seat's bot stream, "bot:<seat>".
func botStream(seat int) uint64 {
	if seat < len(botStreams) {
		return botStreams[seat]
	}
	return rng.Stream(fmt.Sprintf("bot:%d", seat))
}

// deckCard is a deck's card.
func (g *Game) deckCard(d Deck, x int16) *Card {
	switch d {
	case DCharacters:
		return &g.c.Characters[x].Card
	case DSpoils:
		return &g.c.Spoils[x].Card
	case DActions:
		return &g.c.Actions[x].Card
	}
	return &g.encCard(d, x).Card
}

// cardN is the statistics index of a deck's card.
func (g *Game) cardN(d Deck, x int16) int { return g.deckCard(d, x).N }

// flipDecks flips each deck's top card to start its discard pile
// (FL-DECK-02).
func (g *Game) flipDecks() {
	for d := Deck(0); d < numDecks; d++ {
		if x := g.decks[d].Draw(); x >= 0 {
			if g.trace != nil {
				g.emitf(-1, "draw", g.cardID(d, x), D{"deck": DeckNames[d]}, "  the %s deck's top card is flipped", DeckNames[d])
			}
			g.discard(d, x)
		}
	}
}

// draw takes a deck's top card; an empty deck is re-shuffled from its
// discard pile, whose new top card starts a fresh discard pile (FL-DECK-03).
// seat is the player who gets the card: the trace names them.
func (g *Game) draw(d Deck, seat int) int16 {
	g.step()
	dk := &g.decks[d]
	if dk.Len() == 0 {
		if g.trace != nil {
			g.emitf(-1, "reshuffle", "", D{"deck": DeckNames[d], "cards": dk.Discarded()}, "  the %s discard pile is shuffled into a new deck", DeckNames[d])
		}
		dk.Reshuffle()
		if dk.Len() > 1 {
			x := dk.Draw()
			if g.trace != nil {
				g.emitf(-1, "draw", g.cardID(d, x), D{"deck": DeckNames[d]}, "  the new %s deck's top card is flipped", DeckNames[d])
			}
			g.discard(d, x)
		}
	}
	x := dk.Draw()
	if x >= 0 && g.trace != nil {
		g.emitf(seat, "draw", g.cardID(d, x), D{"deck": DeckNames[d]}, "  %s draws %s from the %s deck", g.name(&g.players[seat]), g.cardName(d, x), DeckNames[d])
	}
	return x
}

// discard puts a card on its deck's discard pile.
func (g *Game) discard(d Deck, x int16) {
	if x < 0 {
		return
	}
	g.decks[d].Discard(x)
	if g.trace != nil {
		g.emitf(-1, "discard", g.cardID(d, x), D{"deck": DeckNames[d]}, "  %s goes to the %s discard pile", g.cardName(d, x), DeckNames[d])
	}
}

// setupGame follows "Game Setup" (FL-SET-02…10).
func (g *Game) setupGame() {
	c := g.c
	r := &c.Rules
	if g.trace != nil {
		mode := "competitive"
		if g.opt.Short {
			mode = "short"
		}
		vp, vth := g.thresholds()
		g.emitf(-1, "game", "", D{"seed": fmt.Sprint(g.seed), "players": len(g.players), "mode": mode, "variants": g.opt.variantList(),
			"victory-prestige": vp, "victory-town-health": vth},
			"Fallen Land, %d players, %s game, seed %d", len(g.players), mode, g.seed)
		g.traceDecks()
	}
	g.flipDecks()
	// Mission Location chips (FL-SET-03).
	for range r.MissionLocations {
		if h := g.randomChipHex(); h >= 0 {
			g.missions = append(g.missions, h)
			if g.trace != nil {
				g.emitf(-1, "mission-chip", "", D{"chip": len(g.missions) - 1, "from": -1, "to": int(h)}, "  a Mission chip is placed at %s", g.c.Hexes[h].Name)
			}
		}
	}
	// Permanent Points of Interest on the map (FL-AMB-57).
	for i := range c.Hexes {
		if c.Hexes[i].POI != nil {
			g.pois = append(g.pois, POI{hex: int16(i), enc: -1, effect: c.Hexes[i].POI, once: true, permanent: true, live: true})
		}
	}
	// Factions (FL-SET-04): given, or rolled without duplicates.
	factions := g.opt.Factions
	if len(factions) != len(g.players) {
		factions = factions[:0:0]
		if len(g.players) > len(c.Factions) {
			panic(fmt.Sprintf("%d players but only %d Factions", len(g.players), len(c.Factions)))
		}
		taken := map[int]bool{}
		for range g.players {
			for {
				f := g.setup.Intn(len(c.Factions))
				if !taken[f] {
					taken[f] = true
					factions = append(factions, f)
					break
				}
			}
		}
	}
	for seat := range g.players {
		p := &g.players[seat]
		p.faction = int16(factions[seat])
		p.fac = &c.Factions[factions[seat]]
		p.perkUsed = append(p.perkUsed[:0], make([]uint8, len(p.fac.Perks))...)
		p.pr = r.StartPrestige + p.fac.PR
		p.th = r.StartTownHealth + p.fac.TH
		p.sc = r.StartSalvage
		p.party.hex = p.fac.StartHex
		for _, t := range p.fac.Tech {
			p.tech = append(p.tech, OwnedTech{tech: t, tier: 1, starting: true})
		}
		p.tdc = min(p.fac.TDCs, r.MaxTDC)
		p.perkTDC = p.tdc
	}
	for seat := range g.players {
		p := &g.players[seat]
		if g.trace != nil {
			var techs []string
			for _, t := range p.tech {
				techs = append(techs, g.c.Techs[t.tech].ID+":1")
			}
			g.emitf(seat, "setup", p.fac.ID, D{"hex": int(p.party.hex), "prestige": p.pr, "town-health": p.th, "salvage": p.sc, "tdc": p.tdc,
				"techs": techs, "policy": p.policy.String()}, "%s (%s bot) sets up at %s", g.name(p), p.policy, c.Hexes[p.party.hex].Name)
		}
	}
	// Deal (FL-SET-07, FL-SET-08); with Draft Setup the dealt Characters and
	// Spoils are drafted before the mats are set up (FL-OPT-01).
	draft := g.opt.Variants.DraftSetup
	var chars, spoils [][]int16
	if draft {
		chars, spoils = make([][]int16, len(g.players)), make([][]int16, len(g.players))
	}
	for seat := range g.players {
		p := &g.players[seat]
		g.cur = seat
		var dealt []int16
		if !draft {
			dealt = g.dealBuf[:0] // seatCharacters keeps none of it
		}
		for range r.StartCharacters {
			if x := g.draw(DCharacters, seat); x >= 0 {
				dealt = append(dealt, x)
			}
		}
		if draft {
			chars[seat] = dealt
		} else {
			g.seatCharacters(p, dealt)
			g.dealBuf = dealt
		}
		for range r.StartActions + p.fac.ExtraActions {
			if x := g.draw(DActions, seat); x >= 0 {
				g.gainAction(p, x)
			}
		}
		if g.stats != nil && !draft {
			for _, x := range dealt {
				g.stats.drew(p.seat, &c.Characters[x].Card)
			}
		}
		for _, s := range p.fac.StartSpoils {
			p.auction = append(p.auction, Item{card: s, mount: -1})
			if g.trace != nil {
				g.emitf(seat, "receive", c.Spoils[s].ID, D{"deck": DeckNames[DSpoils], "from": "perk"}, "  %s receives its Perk card %s", g.name(p), c.Spoils[s].Name)
			}
		}
		// Jinxed and Event Spoils dealt now are replaced (FL-SET-07); Allies
		// dealt at setup join without a hiring fee.
		for n, tries := 0, 0; n < r.StartSpoils && tries < 10*r.StartSpoils+50; tries++ {
			x := g.draw(DSpoils, seat)
			if x < 0 {
				break
			}
			if sd := &c.Spoils[x]; sd.is(RJinxed) || sd.is(REvent) {
				g.discard(DSpoils, x)
				continue
			}
			n++
			if draft {
				spoils[seat] = append(spoils[seat], x)
				continue
			}
			p.auction = append(p.auction, Item{card: x, mount: -1})
			if g.stats != nil {
				g.stats.drew(p.seat, &c.Spoils[x].Card)
			}
		}
		if !draft {
			g.equipParty(p, 0)
		}
	}
	if draft {
		if g.stats != nil {
			g.stats.rule(RuleDraft)
		}
		chars = g.draftCards(DCharacters, chars, 1, 1)
		for seat := range g.players {
			g.seatCharacters(g.p(seat), chars[seat])
		}
		spoils = g.draftCards(DSpoils, spoils, 2, -1)
		for seat := range g.players {
			p := &g.players[seat]
			for _, x := range spoils[seat] {
				p.auction = append(p.auction, Item{card: x, mount: -1})
			}
			if g.stats != nil {
				for _, x := range chars[seat] {
					g.stats.drew(seat, &c.Characters[x].Card)
				}
				for _, x := range spoils[seat] {
					g.stats.drew(seat, &c.Spoils[x].Card)
				}
			}
			g.equipParty(p, 0)
		}
	}
	g.cur = 0
	for seat := range g.players {
		p := &g.players[seat]
		g.dealtOnDraw(p)
		g.trigger(p, TSetup)
		g.playHand(p, TSetup, nil)
	}
	// First Player: lowest d10, ties re-rolled among the tied (FL-SET-09).
	cands := make([]int, len(g.players))
	for i := range cands {
		cands[i] = i
	}
	for len(cands) > 1 {
		low, lows := 11, cands[:0:0]
		for _, s := range cands {
			v := g.d10("first-player")
			switch {
			case v < low:
				low, lows = v, append(lows[:0], s)
			case v == low:
				lows = append(lows, s)
			}
		}
		cands = lows
	}
	g.first = cands[0]
	g.result.Factions = make([]int, len(g.players))
	g.result.Policies = make([]Policy, len(g.players))
	for seat := range g.players {
		g.result.Factions[seat] = int(g.players[seat].faction)
		g.result.Policies[seat] = g.players[seat].policy
	}
	if g.trace != nil {
		for seat := range g.players {
			p := &g.players[seat]
			g.emitf(seat, "party", "", nil, "%s starts at %s: %s", g.name(p), c.Hexes[p.party.hex].Name, g.partyLine(p))
		}
		g.emitf(g.first, "first-player", "", nil, "First Player: P%d", g.first+1)
		g.traceState()
	}
}

// draftCards is Draft Setup (FL-OPT-01): every player takes the stack in
// front of them, keeps per cards, and passes the rest to the next player
// (dir 1: left, -1: right), until every card is kept. It returns each
// seat's kept cards.
func (g *Game) draftCards(d Deck, stacks [][]int16, per, dir int) [][]int16 {
	n := len(stacks)
	kept := make([][]int16, n)
	for round := 0; ; round++ {
		left := false
		next := make([][]int16, n)
		for seat := range stacks {
			stack := stacks[seat]
			for k := 0; k < per && len(stack) > 0; k++ {
				p := g.p(seat)
				i := p.dec.Draft(g, p, d, stack, kept[seat])
				if i < 0 || i >= len(stack) {
					illegal("%s drafts card %d of %d", g.name(p), i, len(stack))
				}
				x := stack[i]
				stack = append(stack[:i:i], stack[i+1:]...)
				kept[seat] = append(kept[seat], x)
				if g.trace != nil {
					g.emitf(seat, "draft", g.cardID(d, x), D{"deck": DeckNames[d], "round": round + 1},
						"  %s drafts %s (round %d)", g.name(g.p(seat)), g.cardID(d, x), round+1)
				}
			}
			left = left || len(stack) > 0
			next[((seat+dir)%n+n)%n] = stack
		}
		stacks = next
		if !left {
			return kept
		}
	}
}

// dealtOnDraw runs the on-draw abilities of the Characters and Spoils
// cards dealt at setup (Actions play theirs as they are dealt).
func (g *Game) dealtOnDraw(p *Player) {
	for i := range p.party.crowns {
		if m := &p.party.crowns[i]; m.char >= 0 {
			g.onDraw(p, &g.c.Characters[m.char].Ability, &g.c.Characters[m.char].Card, m)
		}
	}
	for i := range p.roster {
		g.onDraw(p, &g.c.Characters[p.roster[i].char].Ability, &g.c.Characters[p.roster[i].char].Card, nil)
	}
	spoils := func(it Item, m *Member) {
		if it.card >= 0 && it.card < int16(len(g.c.Spoils)) && g.c.Spoils[it.card].Faction < 0 {
			g.onDraw(p, &g.c.Spoils[it.card].Ability, &g.c.Spoils[it.card].Card, m)
		}
	}
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		for k := range m.items {
			spoils(m.items[k], m)
		}
	}
	spoils(p.party.vehicle, nil)
	for _, it := range p.party.equip {
		spoils(it, nil)
	}
	for _, it := range p.party.vehItems {
		spoils(it, nil)
	}
	for _, it := range p.auction {
		spoils(it, nil)
	}
}

// seatCharacters puts dealt Characters on the Crowns in the order the
// player chooses; the rest go to the Town Roster.
func (g *Game) seatCharacters(p *Player, chars []int16) {
	p.dec.SeatOrder(g, p, chars)
	pa := &p.party
	k := 0
	for i := range pa.crowns {
		if k < len(chars) && !pa.crowns[i].present() {
			pa.crowns[i] = Member{char: chars[k], hitman: -1, items: pa.crowns[i].items[:0], acts: pa.crowns[i].acts[:0]}
			k++
		}
	}
	for ; k < len(chars); k++ {
		p.roster = append(p.roster, Member{char: chars[k], hitman: -1})
	}
	g.recompute(p)
}

// randomChipHex rolls a Random Location for a Mission chip, re-rolling a
// number on no hex, a hex that holds a chip already, and (by default) a
// Water hex (FL-MAP-08, FL-AMB-56). It gives up after many tries.
func (g *Game) randomChipHex() int16 {
	for range 200 {
		h := g.c.ByRandom[g.randomLocation()]
		if h < 0 {
			continue
		}
		if !g.c.Hexes[h].Passable && !g.opt.Variants.MissionOnWaterEnterable {
			continue
		}
		clash := false
		for _, m := range g.missions {
			clash = clash || m == h
		}
		if !clash {
			return h
		}
	}
	return -1
}

// playTurns runs Turns until a victory (or the Turn cap).
func (g *Game) playTurns() {
	for g.turn = 1; !g.over; g.turn++ {
		if g.turn > g.opt.MaxRounds {
			panic(game.Stall{Why: fmt.Sprintf("no winner after %d Turns", g.opt.MaxRounds)})
		}
		g.newTurn()
		g.tracePhase("effects")
		g.effectsPhase()
		if g.endPhase() {
			return
		}
		g.tracePhase("town-business")
		g.townBusiness()
		if g.endPhase() {
			return
		}
		g.tracePhase("exploits")
		g.exploitsPhase()
		if g.endPhase() {
			return
		}
		g.tracePhase("end-turn")
		g.endTurnPhase()
		if g.endPhase() {
			return
		}
	}
}

// newTurn sets the turn order and clears once-per-Turn marks.
func (g *Game) newTurn() {
	g.order = g.order[:0]
	for i := range g.players {
		g.order = append(g.order, (g.first+i)%len(g.players))
	}
	for seat := range g.players {
		p := &g.players[seat]
		p.ambushed = 0
		p.noProduction = false
		for i := range p.perkUsed {
			p.perkUsed[i] &^= 1
		}
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			m.used &^= 1
			for k := range m.items {
				m.items[k].used &^= 1
			}
		}
		for k := range p.party.equip {
			p.party.equip[k].used &^= 1
		}
		for k := range p.party.vehItems {
			p.party.vehItems[k].used &^= 1
		}
		p.party.vehicle.used &^= 1
	}
	if g.trace != nil {
		g.emitf(g.first, "turn", "", D{"first": g.first, "order": append([]int(nil), g.order...)}, "— Turn %d — First Player P%d", g.turn, g.first+1)
	}
}

// endPhase enforces the hand limit and checks victory (FL-TURN-05/06,
// FL-VIC-02). It reports whether the game is over.
func (g *Game) endPhase() bool {
	g.afterDamage()
	for seat := range g.players {
		p := &g.players[seat]
		for len(p.hand) > g.c.Rules.HandLimit {
			i := p.dec.DiscardAction(g, p)
			if i < 0 || i >= len(p.hand) {
				illegal("%s discards Action card %d of %d", g.name(p), i, len(p.hand))
			}
			if g.trace != nil {
				g.emitf(seat, "hand-limit", g.c.Actions[p.hand[i]].ID, D{"hand": len(p.hand)}, "  %s discards %s over the hand limit", g.name(p), g.c.Actions[p.hand[i]].Name)
			}
			g.discard(DActions, p.hand[i])
			p.hand = append(p.hand[:i], p.hand[i+1:]...)
		}
	}
	if g.trace != nil {
		g.traceState()
	}
	if !g.over {
		g.checkVictory()
	}
	return g.over
}

// checkVictory ends the game when a player holds 20 Prestige or 80 Town
// Health (10/55 in the Short Game) at the end of a Phase, breaking ties by
// TH + 4 × PR, then Resources, then the First Player (FL-VIC-01…05,
// FL-AMB-01).
func (g *Game) checkVictory() {
	vp, vth := g.thresholds()
	var won []int
	for seat := range g.players {
		p := &g.players[seat]
		if p.pr >= vp || p.th >= vth {
			won = append(won, seat)
		}
	}
	if len(won) == 0 {
		return
	}
	end := "prestige"
	if len(won) == 1 {
		if g.players[won[0]].pr < vp {
			end = "town-health"
		}
		g.finish(won[0], nil, end)
		return
	}
	w := g.c.Rules.TiebreakWeight
	byPR, byTH := false, false
	for _, s := range won {
		byPR = byPR || g.players[s].pr >= vp
		byTH = byTH || g.players[s].th >= vth
	}
	score := func(s int) int {
		p := &g.players[s]
		if g.opt.Variants.TiebreakOtherTrack && byPR != byTH {
			if byPR {
				return p.th
			}
			return p.pr
		}
		return p.th + w*p.pr
	}
	won = best(won, score)
	if len(won) > 1 {
		won = best(won, func(s int) int { return g.players[s].resources })
	}
	if len(won) == 1 {
		g.finish(won[0], nil, "tiebreak")
		return
	}
	for _, s := range won {
		if s == g.first {
			g.finish(-1, won, "tiebreak") // a shared win: the First Player is among them
			return
		}
	}
	// The First Player decides: the tied player next in turn order.
	for _, s := range g.order {
		for _, x := range won {
			if x == s {
				g.finish(s, nil, "tiebreak")
				return
			}
		}
	}
}

func best(seats []int, score func(int) int) []int {
	top := -1 << 30
	var out []int
	for _, s := range seats {
		switch v := score(s); {
		case v > top:
			top, out = v, append(out[:0], s)
		case v == top:
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) finish(winner int, shared []int, end string) {
	g.over = true
	res := &g.result
	res.Turns, res.Winner, res.Shared, res.End = g.turn, winner, shared, end
	n := len(g.players)
	res.Prestige, res.TownHealth, res.Resources, res.Deaths = make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	for seat := range g.players {
		p := &g.players[seat]
		res.Prestige[seat], res.TownHealth[seat], res.Resources[seat], res.Deaths[seat] = p.pr, p.th, p.resources, p.deaths
	}
	if g.trace != nil {
		d := D{"winner": winner, "end": end, "shared": shared, "turns": g.turn, "prestige": res.Prestige, "town-health": res.TownHealth,
			"resources": res.Resources}
		if winner >= 0 {
			g.emitf(winner, "end", "", d, "%s wins (%s): %d Prestige, %d Town Health", g.name(&g.players[winner]), end, g.players[winner].pr, g.players[winner].th)
		} else {
			g.emitf(-1, "end", "", d, "shared win (%s) of %s", end, g.seatList(shared))
		}
	}
}
