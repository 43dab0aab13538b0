package fallenland

// Encounters and Missions: drawing, directions, Fight or Flight, the
// checks of every kind, outcomes, Psychological Checks, World cards and
// Points of Interest (§8, §9).

// encCard returns a deck's Encounter or Mission card.
func (g *Game) encCard(d Deck, x int16) *EncDef {
	if d == DMissions {
		return &g.c.Missions[x]
	}
	return &g.c.Encounters[x]
}

// drawCard draws an Encounter or Mission and resolves it for a player. It
// reports whether the card succeeded, and whether it is a World card whose
// checks wait for other Parties (none of it failed yet) (FL-ENC-04,
// FL-RES-06/08).
func (g *Game) drawCard(p *Player, d Deck) (success, pendingWorld bool) {
	for range 20 {
		x := g.draw(d, p.seat)
		if x < 0 {
			return false, false
		}
		e := g.encCard(d, x)
		if g.stats != nil {
			g.stats.drew(p.seat, &e.Card)
		}
		if e.Requires != nil {
			prev := g.enc
			g.enc = e
			ok := g.holds(e.Requires, p, nil, &e.Card)
			g.enc = prev
			if !ok {
				// A gate in the directions: discard and draw another.
				if g.trace != nil {
					g.emitf(p.seat, "redraw", e.ID, D{"why": "requires"}, "  %s draws %s: it does not apply, another is drawn", g.name(p), e.Name)
				}
				g.discard(d, x)
				if g.stats != nil {
					g.stats.rule(RuleRedraw)
				}
				continue
			}
		}
		ok, redraw, pending := g.playCard(p, d, x)
		if redraw {
			continue
		}
		return ok, pending && e.World
	}
	return false, false
}

// playCard resolves a drawn card. It reports success, whether the card
// asked to be replaced by another draw (redraw at the encounter timing or
// in its Before), and whether it is a Multiple Party card left waiting for
// other Parties.
func (g *Game) playCard(p *Player, d Deck, x int16) (success, redraw, pending bool) {
	e := g.encCard(d, x)
	prevEnc, prevCause, prevEnd := g.enc, g.cause, g.cardEnd
	g.enc, g.cardEnd = e, false
	defer func() { g.enc, g.cause, g.cardEnd = prevEnc, prevCause, prevEnd }()
	if g.trace != nil {
		g.emitf(p.seat, "card", e.ID, D{"deck": DeckNames[d], "world": e.World, "checks": e.Checks.String(), "has-checks": !e.Checks.Empty(), "scavenged": int(e.Scavenged)},
			"  %s draws %s (%s): %s", g.name(p), e.Name, DeckNames[d], e.Checks.String())
	}
	wi := -1 // the card's entry in g.worlds while it is a World card in play
	if e.World {
		wi = g.enterWorld(p, e, d, x)
	}
	scav := int(e.Scavenged)
	g.addSalvage(p, scav)
	// Encounter-timing abilities and cards act on the drawn card: winCard
	// wins it, redraw replaces it.
	sig := g.eachHook(p, TEncounter, func(h *AbilityHook) bool { return true })
	if !sig.won && !sig.redraw {
		_, hand := g.playHandSig(p, TEncounter, nil)
		sig.won, sig.redraw = hand.won, hand.redraw
	}
	if sig.redraw {
		return false, g.redrawCard(d, x, wi), false
	}
	g.cause = causeParty
	ch := &e.Checks
	switch {
	case sig.won:
		if g.trace != nil {
			g.emitf(p.seat, "won", e.ID, nil, "  the card succeeds at once")
		}
		success = true
		g.outcome(p, e, 0, true, nil)
		g.osc(p, e)
		// Completed without its checks, it still asks its Psychological
		// Check (FL-SC-30): of the Party, or of the one Character a Solo
		// card is about.
		if ch.Psych && p.party.alive() > 0 {
			var only *Member
			if ch.Kind == SoloCheck {
				only = g.soloMember(p, e, ch.Branches[0])
			}
			if ch.Kind != SoloCheck || only != nil {
				g.psychCheck(p, only)
			}
		}
	case ch.Empty():
		b := g.cell(e.Before, p, nil, e)
		if b.redraw {
			return false, g.redrawCard(d, x, wi), false
		}
		success = true
		g.outcome(p, e, 0, true, nil)
		// A card whose only symbol is the Psychological Check: completed,
		// every Character makes it (FL-SC-30, RB p.13).
		if ch.Psych && p.party.alive() > 0 {
			g.psychCheck(p, nil)
		}
	case ch.Kind == IndividualCheck:
		if success, redraw = g.individual(p, e); redraw {
			return false, g.redrawCard(d, x, wi), false
		}
		g.cause = causeParty
		if success {
			g.osc(p, e)
		}
	case ch.Kind == SoloCheck:
		if success, redraw = g.solo(p, e); redraw {
			return false, g.redrawCard(d, x, wi), false
		}
		g.cause = causeParty
		if success {
			g.osc(p, e)
		}
	case ch.Kind == MultiCheck:
		who := g.joiners(p, e, g.multiParties(p.party.hex, p, nil))
		// A lone player never waits for others.
		if len(g.players) >= 2 && !p.dec.MultiNow(g, p, e, who) {
			g.waitMulti(p, d, x, &wi)
			return false, false, true
		}
		if success, redraw = g.multi(p, e, who); redraw {
			return false, g.redrawCard(d, x, wi), false
		}
	default:
		b := g.cell(e.Before, p, nil, e)
		if b.redraw {
			return false, g.redrawCard(d, x, wi), false
		}
		if p.party.alive() == 0 {
			break
		}
		branch := g.branch(p, e)
		seq := ch.Branches[branch]
		if !b.won && g.canFlee(e, seq) && p.dec.Flight(g, p, e, seq) {
			if g.stats != nil {
				g.stats.rule(RuleFlight)
			}
			face := g.d6("flight")
			roll := face + p.party.move
			if g.trace != nil {
				g.emitf(p.seat, "flight", e.ID, D{"roll": face, "mbt": p.party.move, "need": ch.HighestCombat(), "escaped": roll > ch.HighestCombat()},
					"  %s tries to flee: %d + %d against %d", g.name(p), face, p.party.move, ch.HighestCombat())
			}
			if roll > ch.HighestCombat() {
				g.fleeHexes(p, g.c.Rules.FlightHexes)
				g.discardEnc(d, x, wi >= 0)
				if g.stats != nil {
					g.stats.fled(&e.Card)
				}
				g.traceResolved(p, e, false, "fled")
				return false, false, false
			}
			g.addSalvage(p, -scav)
			g.outcome(p, e, branch, false, nil)
			if ch.Psych {
				g.psychCheck(p, nil) // the card is completed, failed (FL-SC-30)
			}
			break
		}
		success = true
		for _, k := range seq {
			if b.won {
				break // the directions won the card: no checks
			}
			if ok, _ := g.partyCheck(p, k, false); !ok {
				success = false
				break
			}
			if p.party.alive() == 0 {
				success = false
				break
			}
		}
		g.outcome(p, e, branch, success, nil)
		if success {
			g.osc(p, e)
		}
		if ch.Psych {
			g.psychCheck(p, nil)
		}
	}
	g.cardDone(p, e, success)
	switch {
	case wi < 0:
		g.discard(d, x)
	case g.cardEnd:
		g.expireWorld(&g.worlds[wi]) // discardThis: the World card ends itself
	}
	return success, false, false
}

// cardDone ends a card for the player who resolved it: its after-card
// abilities and cards when it succeeded, and its statistics.
func (g *Game) cardDone(p *Player, e *EncDef, success bool) {
	if success && p.party.alive() > 0 {
		g.trigger(p, TAfterCard)
		g.playHand(p, TAfterCard, nil)
	}
	if g.stats != nil {
		g.stats.resolved(&e.Card, success)
	}
	g.traceResolved(p, e, success, "")
}

// redrawCard discards a card replaced by another draw (a World card leaves
// play with its Point of Interest) and reports true.
func (g *Game) redrawCard(d Deck, x int16, wi int) bool {
	if g.stats != nil {
		g.stats.rule(RuleRedraw)
	}
	if g.trace != nil {
		g.emitf(g.cur, "redraw", "", D{"why": "card"}, "  the card is discarded and another drawn")
	}
	if wi >= 0 && g.worlds[wi].live {
		g.expireWorld(&g.worlds[wi])
		return true
	}
	if wi < 0 {
		g.discard(d, x)
	}
	return true
}

// cell runs one of an Encounter or Mission card's effect cells; a
// discardThis in it ends a World card (g.cardEnd).
func (g *Game) cell(prog *Prog, p *Player, m *Member, e *EncDef) signals {
	sig := g.run(prog, p, m, &e.Card)
	if sig.discard {
		g.cardEnd = true
	}
	return sig
}

// osc offers a Mission's Optional Skill Check to a Party that completed the
// card: one Party check (Vehicle included) with its own Success and
// Failure, attempted when the bot likes the odds (FL-MIS-05…07). After a
// Multiple Party card each participating Party decides and rolls its own
// (FL-AMB-61).
func (g *Game) osc(p *Player, e *EncDef) {
	if e.OSC == nil || p.party.alive() == 0 || !p.dec.OSC(g, p, *e.OSC) {
		return
	}
	if g.stats != nil {
		g.stats.rule(RuleOSC)
	}
	if ok, _ := g.partyCheckFor(p, *e.OSC, false, "osc"); ok {
		g.cell(e.OSCSuccess, p, nil, e)
	} else {
		g.cell(e.OSCFailure, p, nil, e)
	}
}

// discardEnc discards a resolved card unless it stays in play as a World card.
func (g *Game) discardEnc(d Deck, x int16, keep bool) {
	if !keep {
		g.discard(d, x)
	}
}

// outcome runs a card's Success or Failure portion (branch 1: the Alt
// columns), with a Character in focus for Solo and Individual cards.
func (g *Game) outcome(p *Player, e *EncDef, branch int, success bool, m *Member) {
	var prog *Prog
	switch {
	case branch == 0 && success:
		prog = e.Success
	case branch == 0:
		prog = e.Failure
	case success:
		prog = e.AltSuccess
	default:
		prog = e.AltFailure
	}
	if g.trace != nil {
		word := "fails"
		if success {
			word = "succeeds"
		}
		d := D{"success": success, "branch": branch}
		if m != nil {
			d["who"] = g.crownName(p, m)
		}
		g.emitf(p.seat, "outcome", e.ID, d, "  %s %s", e.Name, word)
	}
	g.cell(prog, p, m, e)
}

// canFlee: Fight or Flight is offered on a card showing a Party Combat
// check, unless the card forbids it (FL-ENC-15).
func (g *Game) canFlee(e *EncDef, seq []Check) bool {
	if e.Checks.NoFlight || e.Checks.Kind != PartyCheck {
		return false
	}
	for _, k := range seq {
		if k.Skill == Combat {
			return true
		}
	}
	return false
}

// fleeHexes moves a Party n hexes away after a Flight (a forced move,
// FL-AMB-12/25): each step to the passable neighbour farthest from where
// it fled, the nearer its home on a tie.
func (g *Game) fleeHexes(p *Player, n int) {
	from := p.party.hex
	home := p.fac.StartHex
	for range n {
		cur := p.party.hex
		best := int16(-1)
		for _, a := range g.c.Hexes[cur].Adj {
			if !g.c.Hexes[a].Passable {
				continue
			}
			if best < 0 || g.c.Hops[from][a] > g.c.Hops[from][best] ||
				(g.c.Hops[from][a] == g.c.Hops[from][best] && g.c.Dist[a][home] < g.c.Dist[best][home]) {
				best = a
			}
		}
		if best < 0 || g.c.Hops[from][best] <= g.c.Hops[from][cur] {
			break
		}
		p.party.hex = best
	}
	if g.trace != nil {
		g.emitf(p.seat, "place", "", D{"from": int(from), "to": int(p.party.hex), "why": "flight", "hexes": n},
			"  %s flees to %s", g.name(p), g.c.Hexes[p.party.hex].Name)
	}
	g.arrive(p, false)
}

// branch is the alternative of the card's checks the Party attempts, as
// it chooses (FL-SC-29).
func (g *Game) branch(p *Player, e *EncDef) int {
	n := len(e.Checks.Branches)
	if n < 2 {
		return 0
	}
	i := p.dec.Branch(g, p, e)
	if i < 0 || i >= n {
		illegal("%s attempts branch %d of %d of %s", g.name(p), i, n, e.ID)
	}
	return i
}

// estimateParty is a bot's estimate of a Party check's chance.
func (g *Game) estimateParty(p *Player, k Check) float64 {
	cs := CheckState{kind: PartyCheck, skill: k.Skill, need: k.Need, melee: k.Melee, party: true, roller: -1}
	g.rollers = g.rollers[:0]
	g.partyRollers(p, &cs)
	return g.passProb(&cs, k.Need)
}

// partyCheck makes one Party check (FL-SC-20): every living member, the
// Vehicle, the Town Technologies; abilities and cards first; a failed check
// may still be turned by cards. It returns whether it passed and the
// successes.
func (g *Game) partyCheck(p *Player, k Check, extra bool) (bool, int) {
	return g.partyCheckFor(p, k, extra, "card")
}

// partyCheckFor is partyCheck for a purpose the trace names ("osc",
// "heal", "pvp").
func (g *Game) partyCheckFor(p *Player, k Check, extra bool, why string) (bool, int) {
	cs := CheckState{kind: PartyCheck, skill: k.Skill, need: k.Need, melee: k.Melee, party: true, extra: extra, roller: -1, owner: p, pending: true, why: why}
	g.rollers = g.rollers[:0]
	g.partyRollers(p, &cs)
	if k.Melee && g.stats != nil {
		g.stats.rule(RuleMelee)
	}
	return g.makeCheck(p, cs, nil)
}

// soloCheck makes one check by a single member: no Vehicle, no Town
// Technologies (FL-SC-21/22).
func (g *Game) soloCheck(p *Player, m *Member, k Check, kind CheckKind) (bool, int) {
	cs := CheckState{kind: kind, skill: k.Skill, need: k.Need, melee: k.Melee, roller: -1, owner: p, pending: true}
	g.rollers = g.rollers[:0]
	if m.hitman >= 0 && k.Skill != Combat {
		// A hit man makes no non-Combat checks: a Solo one fails (FL-AMB-07).
		return false, 0
	}
	crown := 0
	for i := range p.party.crowns {
		if &p.party.crowns[i] == m {
			crown = i + 1
		}
	}
	g.addMember(m, crown, &cs)
	return g.makeCheck(p, cs, m)
}

// makeCheck runs the prepared check: check-timing abilities and cards,
// the dice, then failed-check abilities and cards. The check lives on the
// game's stack of checks (a card may start one inside another), so checks
// allocate nothing.
func (g *Game) makeCheck(p *Player, c CheckState, solo *Member) (bool, int) {
	var cs *CheckState
	if g.nchk < len(g.chkStack) {
		cs = &g.chkStack[g.nchk]
		*cs = c
		g.nchk++
		defer func() { g.nchk-- }()
	} else {
		cs = new(CheckState)
		*cs = c
	}
	prev := g.chk
	g.chk = cs
	defer func() { g.chk = prev }()
	g.eachHook(p, TCheck, func(h *AbilityHook) bool {
		if solo != nil && h.m != nil && h.m != solo {
			return false // another Character's card does not help a Solo check
		}
		cs.roller = -1
		if h.m != nil {
			for i := range g.rollers {
				if g.rollers[i].m == h.m {
					cs.roller = i
				}
			}
		}
		return true
	})
	cs.roller = -1
	g.playHand(p, TCheck, cs)
	g.refreshRollers(cs)
	p0 := -1.0 // the exact chance of an unaided single-die check
	if !cs.helped && len(g.rollers) == 1 && g.stats != nil && g.enc != nil {
		r := &g.rollers[0]
		p0 = singleDieChance(g.effTS(r.ts), r.bonus, cs.need-cs.flat)
	}
	g.rollAll(cs)
	cs.pending = false
	passed := cs.total >= cs.need
	diceOK := passed
	if !passed {
		g.eachHook(p, TFailedCheck, func(h *AbilityHook) bool { return !cs.passed })
		if !cs.passed {
			g.playHand(p, TFailedCheck, cs)
		}
		if cs.passed {
			passed = true
			if g.trace != nil {
				g.emitf(p.seat, "turned", "", nil, "    …the failed check is turned into a success")
			}
		}
	}
	if g.stats != nil && g.enc != nil {
		// The exact comparison uses the dice alone: help decided before
		// the roll makes a check unclean; a failure turned after it counts
		// as the dice's failure there.
		g.stats.test(g, &g.enc.Card, p, passed, diceOK, p0)
	}
	return passed, cs.total
}

// refreshRollers brings the prepared dice up to date after the check's
// abilities and cards acted: a card they used up no longer adds its skill
// bonus, a member who died rolls no die, nor a Vehicle destroyed (FL-SC-31:
// the Total Skill is the equipment at the time of the check).
func (g *Game) refreshRollers(cs *CheckState) {
	keep := g.rollers[:0]
	for _, r := range g.rollers {
		switch {
		case r.m != nil:
			if !r.m.present() {
				continue
			}
			r.ts = int(r.m.ts[cs.skill])
			if cs.melee && cs.skill == Combat {
				r.ts = int(r.m.melee)
			}
		case r.vehicle != nil:
			if r.vehicle.vehicle.card < 0 {
				continue
			}
			if r.ts = g.vehicleTS(r.vehicle, cs.skill); r.ts <= 0 {
				continue
			}
		}
		keep = append(keep, r)
	}
	g.rollers = keep
}

// individual: each Character attempts the checks alone, in Crown order,
// with its own directions and outcome; no Vehicle, no Town Technologies,
// no Flight (FL-SC-22, FL-ENC-40/41). The card succeeds when all did. A
// redraw in the first Character's directions replaces the card; a winCard
// in a Character's directions wins that Character's part.
func (g *Game) individual(p *Player, e *EncDef) (all, redraw bool) {
	g.cause = causeSolo
	all = true
	br := g.branch(p, e)
	seq := e.Checks.Branches[br]
	var who [5]*Member
	n := 0
	for i := range p.party.crowns {
		if p.party.crowns[i].present() && n < len(who) {
			who[n] = &p.party.crowns[i]
			n++
		}
	}
	for i, m := range who[:n] {
		if !m.present() {
			continue
		}
		b := g.cell(e.Before, p, m, e)
		if b.redraw && i == 0 {
			return false, true
		}
		if !m.present() {
			all = false
			continue
		}
		ok := true
		for _, k := range seq {
			if b.won {
				break
			}
			if pass, _ := g.soloCheck(p, m, k, IndividualCheck); !pass {
				ok = false
				break
			}
		}
		all = all && ok
		if m.present() {
			g.outcome(p, e, br, ok, m)
		}
	}
	if e.Checks.Psych {
		g.psychCheck(p, nil)
	}
	return all, false
}

// solo: one Character (the Crown printed, a random one for CC?, or the
// player's choice) attempts every check (FL-SC-21, FL-AMB-06).
func (g *Game) solo(p *Player, e *EncDef) (ok, redraw bool) {
	g.cause = causeSolo
	br := g.branch(p, e)
	seq := e.Checks.Branches[br]
	m := g.soloMember(p, e, seq)
	if m == nil {
		return false, false
	}
	b := g.cell(e.Before, p, m, e)
	if b.redraw {
		return false, true
	}
	if !m.present() {
		return false, false
	}
	ok = true
	for _, k := range seq {
		if b.won {
			break
		}
		if pass, _ := g.soloCheck(p, m, k, SoloCheck); !pass {
			ok = false
			break
		}
	}
	if m.present() {
		g.outcome(p, e, br, ok, m)
	}
	if e.Checks.Psych && m.present() {
		g.psychCheck(p, m)
	}
	return ok, false
}

// soloMember is the Character a Solo card is about: the Crown printed, a
// random one for CC?, or the player's choice for the checks seq.
func (g *Game) soloMember(p *Player, e *EncDef, seq []Check) *Member {
	switch c := e.Checks.Crown; {
	case c > 0:
		return g.crownMember(p, c)
	case c < 0:
		return g.crownMember(p, 0)
	}
	if len(seq) == 0 || g.bestFor(p, seq[0]) == nil {
		return nil
	}
	i := p.dec.Solo(g, p, e, seq)
	if i < 0 || i >= len(p.party.crowns) || !g.soloFits(&p.party.crowns[i], seq[0]) {
		illegal("%s sends crown %d into %s's Solo checks", g.name(p), i, e.ID)
	}
	return &p.party.crowns[i]
}

// soloFits reports whether a member may attempt a Solo check: a Character,
// or a hit man for a Combat check.
func (g *Game) soloFits(m *Member, k Check) bool {
	return m.present() && (m.hitman < 0 || k.Skill == Combat)
}

// bestFor is the member a bot sends into a Solo check: the highest Total
// Skill (melee only for a melee check).
func (g *Game) bestFor(p *Player, k Check) *Member {
	var best *Member
	bestTS := -1 << 30
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if !g.soloFits(m, k) {
			continue
		}
		ts := int(m.ts[k.Skill])
		if k.Melee && k.Skill == Combat {
			ts = int(m.melee)
		}
		if ts > bestTS {
			best, bestTS = m, ts
		}
	}
	return best
}

// multiParties lists, in turn order, the Parties on a hex that may take
// part in a Multiple Party card p attempts there: p's and every other
// Party on the hex (each joins or not: joiners; the bots always do, and
// plan with this list). They are appended to who (the bots pass a buffer
// on their frame: they ask for every waiting card, many times a game).
func (g *Game) multiParties(h int16, p *Player, who []int) []int {
	for _, s := range g.order {
		q := g.p(s)
		if q.party.alive() > 0 && q.party.hex == h {
			who = append(who, s)
		}
	}
	if len(who) == 0 {
		who = append(who, p.seat)
	}
	return who
}

// joiners keeps, of the Parties who could take part in Multiple Party
// card e that p attempts (who, in turn order), p's and those whose players
// join it (FL-SC-25).
func (g *Game) joiners(p *Player, e *EncDef, who []int) []int {
	kept := who[:0]
	for _, s := range who {
		if q := g.p(s); q == p || q.dec.Join(g, q, p, e) {
			kept = append(kept, s)
		}
	}
	return kept
}

// partiesOn counts the living Parties on a hex.
func (g *Game) partiesOn(h int16) int {
	n := 0
	for s := range g.players {
		if q := g.p(s); q.party.alive() > 0 && q.party.hex == h {
			n++
		}
	}
	return n
}

// waitMulti leaves a Multiple Party card face up on the drawer's hex for
// other Parties to join (FL-SC-25, FL-ENC-30): "One Party may have to wait
// for another Party to arrive at their location … The card will then be
// attempted on the other participating player's Party Exploits Phase."
// wi is the card's entry in g.worlds if it is in play already.
func (g *Game) waitMulti(p *Player, d Deck, x int16, wi *int) {
	if *wi < 0 {
		g.worlds = append(g.worlds, World{enc: x, deck: d, drawer: p.seat, poi: -1, live: true})
		*wi = len(g.worlds) - 1
	}
	w := &g.worlds[*wi]
	w.wait, w.hex, w.since = true, p.party.hex, g.turn
	if g.stats != nil {
		g.stats.rule(RuleMultiWait)
	}
	if g.trace != nil {
		e := g.encCard(d, x)
		g.emitf(p.seat, "multi-wait", e.ID, D{"deck": DeckNames[d], "hex": int(w.hex)}, "  %s waits on %s for other Parties to join", e.Name, g.c.Hexes[w.hex].Name)
		g.traceResolved(p, e, false, "waiting")
	}
}

// waitingHere is a Multiple Party card waiting on a hex, or -1.
func (g *Game) waitingHere(h int16) int {
	for i := range g.worlds {
		if w := &g.worlds[i]; w.live && w.wait && w.hex == h {
			return i
		}
	}
	return -1
}

// protected reports two Parties on the hex of a waiting Multiple Party
// card: no PVP between them, and neither plays a Red Dot Action card on
// the other (FL-SC-25, FL-ENC-30).
func (g *Game) protected(a, b *Player) bool {
	return a != b && a.party.hex == b.party.hex && a.party.alive() > 0 && b.party.alive() > 0 && g.waitingHere(a.party.hex) >= 0
}

// attemptWaiting: an Encounter Deed of a Party on the hex of a waiting
// Multiple Party card attempts it with every Party there, in this player's
// Party Exploits Phase. The card then leaves play unless it is a World
// card that stays (Point of Interest, Ongoing, expiry); either way it
// waits no more.
func (g *Game) attemptWaiting(p *Player, wi int) {
	w := &g.worlds[wi]
	e := g.encCard(w.deck, w.enc)
	prevEnc, prevCause, prevEnd := g.enc, g.cause, g.cardEnd
	g.enc, g.cardEnd, g.cause = e, false, causeParty
	defer func() { g.enc, g.cause, g.cardEnd = prevEnc, prevCause, prevEnd }()
	w.wait = false
	who := g.joiners(p, e, g.multiParties(w.hex, p, nil))
	if g.trace != nil {
		g.emitf(p.seat, "multi-attempt", e.ID, D{"deck": DeckNames[w.deck], "seats": who}, "  %s is attempted by %s", e.Name, g.seatList(who))
	}
	success, _ := g.multi(p, e, who)
	g.cardDone(p, e, success)
	stays := e.World && (e.Ongoing != nil || w.expires > 0 || (w.poi >= 0 && g.pois[w.poi].live))
	if g.cardEnd || !stays {
		g.expireWorld(w)
	}
}

// multi: the Parties who take part combine their successes on each check
// and all succeed or fail together; no Flight (FL-SC-25, FL-ENC-30,
// FL-AMB-45). Each participant gets the outcome, may try a Mission's
// Optional Skill Check on its own (FL-AMB-61), makes the Psychological
// Check, and — besides p, whom the caller serves — its after-card
// abilities act.
func (g *Game) multi(p *Player, e *EncDef, who []int) (ok, redraw bool) {
	if g.stats != nil {
		g.stats.rule(RuleMulti)
	}
	won := false
	for _, s := range who {
		b := g.cell(e.Before, g.p(s), nil, e)
		redraw = redraw || b.redraw
		won = won || b.won
	}
	if redraw {
		return false, true
	}
	br := g.branch(p, e)
	seq := e.Checks.Branches[br]
	ok = true
	for _, k := range seq {
		if won {
			break
		}
		cs := CheckState{kind: MultiCheck, skill: k.Skill, need: k.Need, melee: k.Melee, party: true, roller: -1, owner: p, pending: true}
		g.rollers = g.rollers[:0]
		for _, s := range who {
			g.partyRollers(g.p(s), &cs)
		}
		if pass, _ := g.makeCheck(p, cs, nil); !pass {
			ok = false
			break
		}
	}
	for _, s := range who {
		q := g.p(s)
		if q.party.alive() == 0 {
			continue
		}
		g.outcome(q, e, br, ok, nil)
		if ok {
			g.osc(q, e)
		}
		if e.Checks.Psych {
			g.psychCheck(q, nil)
		}
		if ok && q != p && q.party.alive() > 0 {
			g.trigger(q, TAfterCard)
			g.playHand(q, TAfterCard, nil)
		}
	}
	return ok, false
}

// psychCheck: each participating Character rolls 1d10; above its Psych it
// takes 1 Psychological damage (FL-SC-30). The skill-dice 1/10 rules do
// not apply.
func (g *Game) psychCheck(p *Player, only *Member) {
	if g.stats != nil {
		g.stats.rule(RulePsych)
	}
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if !m.present() || m.hitman >= 0 || (only != nil && m != only) {
			continue
		}
		r := g.d10("psych")
		if g.trace != nil {
			g.emitf(p.seat, "psych", g.memberID(m), D{"who": g.crownName(p, m), "roll": r, "psych": int(m.psych), "fails": r > int(m.psych)},
				"    %s rolls %d against Psych %d", g.memberName(m), r, m.psych)
		}
		if r > int(m.psych) {
			g.applyDamage(p, m, 1, Psych)
		}
	}
}

// enterWorld puts a World card (an Encounter or a Mission) in play: its
// Point of Interest, expiry marker and Ongoing effect (FL-ENC-20…25). It
// returns the card's index in g.worlds, or -1 when it does not stay.
func (g *Game) enterWorld(p *Player, e *EncDef, d Deck, x int16) int {
	if g.stats != nil {
		g.stats.rule(RuleWorld)
	}
	stays := e.Ongoing != nil || e.Expires > 0
	w := World{enc: x, deck: d, drawer: p.seat, poi: -1, live: true}
	if e.Expires > 0 {
		w.expires = g.turn + int(e.Expires)
	}
	if e.POI != 0 && e.POIEffect != nil && g.livePOIs() < 10 {
		h := p.party.hex
		if e.POI == 2 {
			h = g.randomPOIHex()
		}
		if h >= 0 {
			g.pois = append(g.pois, POI{hex: h, enc: x, deck: d, effect: e.POIEffect, once: e.POIOnce, live: true})
			w.poi = len(g.pois) - 1
			stays = true
			if g.trace != nil {
				g.emitf(p.seat, "poi", e.ID, D{"hex": int(h), "how": "new"}, "  a Point of Interest appears at %s", g.c.Hexes[h].Name)
			}
		}
	}
	if !stays {
		return -1
	}
	if g.trace != nil {
		g.emitf(p.seat, "world", e.ID, D{"deck": DeckNames[d], "expires": w.expires, "poi": w.poi >= 0}, "  %s stays in play as a World card", e.Name)
	}
	g.worlds = append(g.worlds, w)
	return len(g.worlds) - 1
}

func (g *Game) livePOIs() int {
	n := 0
	for _, q := range g.pois {
		if q.live {
			n++
		}
	}
	return n
}

// randomPOIHex rolls a Random Location for a Point of Interest: re-rolled
// onto a hex that holds one already (FL-MAP-08); Water is allowed, since a
// POI makes its hex enterable (FL-MAP-06) — but bots cannot path there, so
// Water is re-rolled too.
func (g *Game) randomPOIHex() int16 {
	for range 200 {
		h := g.c.ByRandom[g.randomLocation()]
		if h < 0 || !g.c.Hexes[h].Passable {
			continue
		}
		clash := false
		for _, q := range g.pois {
			clash = clash || (q.live && q.hex == h)
		}
		if !clash {
			return h
		}
	}
	return -1
}

// expireWorld discards a World card and its Point of Interest.
func (g *Game) expireWorld(w *World) {
	if !w.live {
		return
	}
	w.live = false
	if w.poi >= 0 {
		g.pois[w.poi].live = false
	}
	if g.trace != nil {
		g.emitf(w.drawer, "world-end", g.encCard(w.deck, w.enc).ID, D{"deck": DeckNames[w.deck]}, "  World card %s leaves play", g.encCard(w.deck, w.enc).Name)
	}
	g.discard(w.deck, w.enc)
}

// activatePOI spends an Encounter Deed on a Point of Interest (FL-ENC-20).
// A discardThis in its effect ends the World card.
func (g *Game) activatePOI(p *Player, i int) {
	q := &g.pois[i]
	q.visited |= 1 << p.seat
	if g.stats != nil {
		g.stats.rule(RulePOI)
	}
	var src *Card
	var w *World
	if q.enc >= 0 {
		src = &g.encCard(q.deck, q.enc).Card
		for k := range g.worlds {
			if g.worlds[k].live && g.worlds[k].poi == i {
				w = &g.worlds[k]
			}
		}
	}
	if g.trace != nil {
		id := ""
		if src != nil {
			id = src.ID
		}
		g.emitf(p.seat, "poi", id, D{"hex": int(q.hex), "how": "visit"}, "  %s visits the Point of Interest at %s", g.name(p), g.c.Hexes[q.hex].Name)
	}
	save := g.save()
	g.world = w
	g.drawer = w != nil && w.drawer == p.seat
	g.cur, g.actor, g.focus, g.src, g.item = p.seat, p.seat, nil, src, nil
	g.sig = signals{}
	if src != nil && g.stats != nil {
		g.stats.use(p.seat, src)
	}
	q.effect.Run(g)
	ended := g.sig.discard
	g.restore(save)
	if w == nil {
		return
	}
	if ended {
		g.expireWorld(w)
		return
	}
	if q.once && w.expires == 0 {
		all := true
		for s := range g.players {
			all = all && q.visited&(1<<s) != 0
		}
		if all {
			g.expireWorld(w)
		}
	}
}

// worldOngoing runs the World cards' Ongoing effects in the Effects Phase,
// in the order they entered play, once per player in turn order (drawer
// tells who drew each); a discardThis ends the card (FL-EFF-02, FL-ENC-22).
func (g *Game) worldOngoing() {
	for i := range g.worlds {
		w := &g.worlds[i]
		if !w.live {
			continue
		}
		e := g.encCard(w.deck, w.enc)
		if e.Ongoing == nil {
			continue
		}
		for _, s := range g.order {
			save := g.save()
			g.world, g.drawer = w, w.drawer == s
			g.cur, g.actor, g.focus, g.src, g.item = s, s, nil, &e.Card, nil
			g.sig = signals{}
			e.Ongoing.Run(g)
			ended := g.sig.discard
			g.restore(save)
			if ended {
				g.expireWorld(w)
			}
			if !w.live {
				break
			}
		}
	}
}

// poiTowardCoast moves the World card's Point of Interest toward the
// nearest hex next to Water; once there the card leaves play with it
// ("moves 3 hexes towards the nearest coast, where it disappears", Example 1
// of the Effects Phase, FL-EFF-02).
func (g *Game) poiTowardCoast(n int) {
	w := g.world
	if w == nil || w.poi < 0 || !w.live {
		return
	}
	q := &g.pois[w.poi]
	for range n {
		if g.c.Hexes[q.hex].Coastal {
			break
		}
		target := g.nearest(q.hex, func(h int16) bool { return g.c.Hexes[h].Coastal && g.c.Hexes[h].Passable })
		if target < 0 {
			return
		}
		next := q.hex
		for _, a := range g.c.Hexes[q.hex].Adj {
			if g.c.Hexes[a].Passable && g.c.Hops[a][target] < g.c.Hops[next][target] {
				next = a
			}
		}
		if next == q.hex {
			return
		}
		q.hex = next
	}
	if g.trace != nil {
		g.emitf(w.drawer, "poi", g.encCard(w.deck, w.enc).ID, D{"hex": int(q.hex), "how": "move"}, "  the Point of Interest moves to %s", g.c.Hexes[q.hex].Name)
	}
	if g.c.Hexes[q.hex].Coastal {
		g.expireWorld(w)
	}
}

// nearest is the passable hex closest (in hexes) to from satisfying ok.
func (g *Game) nearest(from int16, ok func(int16) bool) int16 {
	best := int16(-1)
	for h := range g.c.Hexes {
		if !ok(int16(h)) || g.c.Hops[from][h] >= 32000 {
			continue
		}
		if best < 0 || g.c.Hops[from][h] < g.c.Hops[from][best] {
			best = int16(h)
		}
	}
	return best
}
