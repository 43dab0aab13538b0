package fallenland

// Action cards in hand: when they may be played, on whom, and what
// playing one does (§7.1, FL-ACT-01…10).

// playHand plays the hand's Action cards whose timing has come and that
// the player chooses to play now. It reports whether any was played.
func (g *Game) playHand(p *Player, t Timing, cs *CheckState) bool {
	played, _ := g.playHandSig(p, t, cs)
	return played
}

// playHandSig is playHand, also returning what the played cards signalled
// (winCard, …).
func (g *Game) playHandSig(p *Player, t Timing, cs *CheckState) (bool, signals) {
	var acc signals
	played := false
	// Most moments find no card of theirs in the hand: the timing table
	// says so without reading the cards (tryPlay turns each away unread).
	var at uint32
	for _, a := range p.hand {
		at |= g.c.actionAt[a]
	}
	if at&(1<<t) == 0 {
		return played, acc
	}
	for i := 0; i < len(p.hand) && !g.over; {
		sig, ok := g.tryPlay(p, i, t, cs)
		if !ok {
			i++
			continue
		}
		acc.won = acc.won || sig.won
		acc.redraw = acc.redraw || sig.redraw
		acc.noStrike = acc.noStrike || sig.noStrike
		played = true
	}
	return played, acc
}

// tryPlay plays the hand's card i if its timing has come and its player
// chooses to play it now (on the target it chooses), reporting whether it
// did.
func (g *Game) tryPlay(p *Player, i int, t Timing, cs *CheckState) (signals, bool) {
	a := p.hand[i]
	ad := &g.c.Actions[a]
	if ad.Timing != t || ad.Kind == KNPCM || ad.Kind == KHitman || ad.Kind == KTownTech || (ad.RedDot && len(g.players) < 2) {
		return signals{}, false
	}
	target := p
	if ad.Opponent || ad.Kind == KJinxed {
		target = p.dec.Target(g, p, ad)
		if target != nil && (target == p || ad.RedDot && g.protected(p, target) || !g.holdsFor(ad.Cond, target, p, &ad.Card)) {
			illegal("%s aims %s at %s", g.name(p), ad.ID, g.name(target))
		}
	} else if !g.holds(ad.Cond, p, nil, &ad.Card) {
		target = nil
	}
	if target == nil || !p.dec.Play(g, p, ad, t, cs, target) {
		return signals{}, false
	}
	p.hand = append(p.hand[:i], p.hand[i+1:]...)
	return g.playAction(p, a, target), true
}

// holdsFor evaluates a card's condition on a target player, for the
// player who plays it (stealSalvage and the like act for the actor).
func (g *Game) holdsFor(cond *Prog, target, actor *Player, src *Card) bool {
	if cond == nil {
		return true
	}
	save := g.save()
	g.cur, g.actor, g.focus, g.src = target.seat, actor.seat, nil, src
	ok := cond.True(g)
	g.restore(save)
	return ok
}

// gainAction puts a drawn Action card in a player's hand; a card whose
// Timing is on-draw is played at once instead, when it may be.
func (g *Game) gainAction(p *Player, x int16) {
	ad := &g.c.Actions[x]
	if g.stats != nil {
		g.stats.drew(p.seat, &ad.Card)
	}
	p.hand = append(p.hand, x)
	if ad.Timing == TOnDraw && g.drawDepth < maxDrawDepth {
		g.drawDepth++
		g.tryPlay(p, len(p.hand)-1, TOnDraw, nil)
		g.drawDepth--
	}
}

// hardCard: the Encounter or Mission being resolved is hard for the Party
// (a bot spends an encounter-timing card or ability on it).
func (g *Game) hardCard(p *Player) bool {
	e := g.enc
	if e == nil || e.Checks.Empty() {
		return false
	}
	pr := 1.0
	if e.Checks.Kind == PartyCheck || e.Checks.Kind == MultiCheck {
		for _, k := range e.Checks.Branches[0] {
			pr *= g.estimateParty(p, k)
		}
	} else {
		pr = 0.5
	}
	return pr < 0.75
}

// fits reports whether the moment suits the flagged verbs of a card or
// ability acting on a player: a bot does not waste noFirstStrike when it
// attacks or the attacker has no First Strike, destroyEnemyVehicle on a
// Party (or NPCM) without a Vehicle, destroyVehicle on a Party without
// one, or removeJinx without a Jinx.
func (g *Game) fits(v VerbSet, p *Player) bool {
	if v == 0 {
		return true
	}
	if v&VNoFirstStrike != 0 && (g.pvp == nil || g.pvpSide(p.seat) != 1 || !g.strikesFirst(&g.pvp.side[0])) {
		return false
	}
	if v&VDestroyEnemyVehicle != 0 {
		if g.pvp == nil {
			return false
		}
		if o := g.pvp.opponent(p.seat); o < 0 || g.p(o).party.vehicle.card < 0 {
			return false
		}
	}
	if v&VDestroyVehicle != 0 && p.party.vehicle.card < 0 {
		return false
	}
	if v&VRemoveJinx != 0 && !g.jinxed(p, nil) {
		return false
	}
	return true
}

// playAction plays an Action card from a player's hand on a target, and
// returns what its effect signalled.
func (g *Game) playAction(p *Player, a int16, target *Player) signals {
	ad := &g.c.Actions[a]
	if g.stats != nil {
		g.stats.use(p.seat, &ad.Card)
		if target != p {
			g.stats.rule(RuleTargeted)
		}
	}
	if g.trace != nil {
		on := ""
		if target != p {
			on = " on " + g.name(target)
		}
		g.emitf(p.seat, "play", ad.ID, D{"timing": Timings[ad.Timing], "target": target.seat}, "  %s plays %s%s", g.name(p), ad.Name, on)
	}
	if target != p && g.defend(target) {
		if g.trace != nil {
			g.emitf(target.seat, "ignore", ad.ID, nil, "  …%s ignores it", g.name(target))
		}
		g.discard(DActions, a)
		return signals{}
	}
	save := g.save()
	g.cur, g.actor, g.focus, g.src, g.item = target.seat, p.seat, nil, &ad.Card, nil
	g.sig = signals{}
	switch ad.Kind {
	case KAttachCharacter, KJinxed:
		m := g.member(p, target, PickAttach)
		if m == nil {
			g.restore(save)
			g.discard(DActions, a)
			return signals{}
		}
		g.focus = m
		m.acts = append(m.acts, a)
	case KAttachParty:
		target.party.acts = append(target.party.acts, a)
	case KAttachTown:
		target.townActs = append(target.townActs, a)
	}
	if ad.Effect != nil {
		ad.Effect.Run(g)
	}
	sig := g.sig
	g.restore(save)
	switch ad.Kind {
	case KAttachCharacter, KJinxed, KAttachParty, KAttachTown:
		if sig.discard {
			g.detachAction(target, a) // its Effect discarded it at once
		}
		g.keepHooks(target, func() { g.recompute(target) })
	default:
		g.discard(DActions, a)
	}
	return sig
}

// detachAction discards an Action card attached to a player's town, Party
// or one of its Characters (discardThis in its Effect or Ongoing).
func (g *Game) detachAction(p *Player, a int16) {
	drop := func(list []int16) ([]int16, bool) {
		for i, x := range list {
			if x == a {
				return append(list[:i], list[i+1:]...), true
			}
		}
		return list, false
	}
	ok := false
	if p.townActs, ok = drop(p.townActs); !ok {
		if p.party.acts, ok = drop(p.party.acts); !ok {
			for i := range p.party.crowns {
				m := &p.party.crowns[i]
				if m.acts, ok = drop(m.acts); ok {
					break
				}
			}
		}
	}
	if ok {
		g.discard(DActions, a)
		g.keepHooks(p, func() { g.recompute(p) })
	}
}

// defend offers a targeted player's "targeted" abilities and cards
// (ignoreCard). It reports whether the card is ignored.
func (g *Game) defend(p *Player) bool {
	if g.eachHook(p, TTargeted, func(h *AbilityHook) bool { return true }).ignored {
		return true
	}
	for i, a := range p.hand {
		ad := &g.c.Actions[a]
		if ad.Timing != TTargeted || ad.Effect == nil {
			continue
		}
		p.hand = append(p.hand[:i], p.hand[i+1:]...)
		if g.stats != nil {
			g.stats.use(p.seat, &ad.Card)
		}
		if g.trace != nil {
			g.emitf(p.seat, "play", ad.ID, D{"timing": "targeted", "target": p.seat}, "  %s plays %s in defence", g.name(p), ad.Name)
		}
		sig := g.run(ad.Effect, p, nil, &ad.Card)
		g.discard(DActions, a)
		return sig.ignored
	}
	return false
}

// rival is the opponent a bot targets: the leader by the tie-break score
// (Town Health + 4 × Prestige), nearest the win.
func (g *Game) rival(p *Player) *Player {
	var best *Player
	bestV := -1
	for _, s := range g.order {
		if s == p.seat {
			continue
		}
		o := g.p(s)
		if v := o.th + g.c.Rules.TiebreakWeight*o.pr; v > bestV {
			best, bestV = o, v
		}
	}
	if best == nil && len(g.players) > 1 {
		for s := range g.players {
			if s != p.seat {
				return g.p(s)
			}
		}
	}
	return best
}
