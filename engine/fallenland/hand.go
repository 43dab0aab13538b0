package fallenland

// Action cards in hand: when bots play them, on whom, and what playing
// one does (§7.1, FL-ACT-01…10).

// playHand plays the hand's Action cards whose timing has come and that
// a bot wants to play now. It reports whether any was played.
func (g *Game) playHand(p *Player, t Timing, cs *checkState) bool {
	played, _ := g.playHandSig(p, t, cs)
	return played
}

// playHandSig is playHand, also returning what the played cards signalled
// (winCard, …).
func (g *Game) playHandSig(p *Player, t Timing, cs *checkState) (bool, signals) {
	var acc signals
	played := false
	for i := 0; i < len(p.hand) && !g.over; {
		a := p.hand[i]
		ad := &g.c.Actions[a]
		if ad.Timing != t || ad.Kind == KNPCM || ad.Kind == KHitman || ad.Kind == KTownTech || (ad.RedDot && len(g.players) < 2) {
			i++
			continue
		}
		target := p
		if ad.Opponent || ad.Kind == KJinxed {
			target = g.rival(p)
			if target == nil {
				i++
				continue
			}
		}
		if !g.wantPlay(p, ad, t, cs) || !g.holds(ad.Cond, p, nil, &ad.Card) {
			i++
			continue
		}
		p.hand = append(p.hand[:i], p.hand[i+1:]...)
		sig := g.playAction(p, a, target)
		acc.won = acc.won || sig.won
		acc.redraw = acc.redraw || sig.redraw
		acc.noStrike = acc.noStrike || sig.noStrike
		played = true
	}
	return played, acc
}

// wantPlay is a bot's decision to play a card at its timing.
func (g *Game) wantPlay(p *Player, ad *ActionDef, t Timing, cs *checkState) bool {
	if ad.Benefit < 0 {
		return false // it would hurt its own player: such cards only sit in hand
	}
	if p.policy == Random && p.bot.Intn(3) == 0 {
		return false
	}
	switch t {
	case TCheck:
		if cs == nil || !cs.pending {
			return false
		}
		limit := 0.7
		if p.policy == Bold {
			limit = 0.5
		}
		return g.passProb(cs, cs.need) < limit
	case TFailedCheck:
		return cs != nil && !cs.passed
	case TMovement:
		return g.moveCtx != nil
	case TDeath:
		return g.dying != nil && g.left(g.dying) <= 0
	case TTargeted:
		return false // answered in target(), not played at will
	case TPVP:
		return g.pvp != nil
	case TEncounter:
		// Worth a card when the drawn card is hard for the Party.
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
		g.logf("  %s plays %s%s", g.name(p), ad.Name, map[bool]string{true: " on " + g.name(target), false: ""}[target != p])
	}
	if target != p && g.defend(target) {
		if g.trace != nil {
			g.logf("  …%s ignores it", g.name(target))
		}
		g.decks[DActions].Discard(a)
		return signals{}
	}
	save := g.save()
	g.cur, g.actor, g.focus, g.src, g.item = target.seat, p.seat, nil, &ad.Card, nil
	g.sig = signals{}
	switch ad.Kind {
	case KAttachCharacter, KJinxed:
		m := g.strongestMember(target) // a boon for the best, or a curse on the rival's best
		if m == nil {
			g.restore(save)
			g.decks[DActions].Discard(a)
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
		g.recompute(target)
	default:
		g.decks[DActions].Discard(a)
	}
	return sig
}

// defend offers a targeted player's "targeted" abilities and cards
// (ignoreCard). It reports whether the card is ignored.
func (g *Game) defend(p *Player) bool {
	if g.eachHook(p, TTargeted, func(h *abilityHook) bool { return true }).ignored {
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
		sig := g.run(ad.Effect, p, nil, &ad.Card)
		g.decks[DActions].Discard(a)
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
