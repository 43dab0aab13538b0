package fallenland

// The bots' play of Action cards (on whom, and when) and use of abilities.

// targetFor is the opponent a bot plays a Target opponent (or Jinxed)
// card on: the leader by the tie-break score among the opponents the
// card's Condition holds for — the Condition reads the target, not the
// player (FL-ACT-03) — or nil.
func (g *Game) targetFor(p *Player, ad *ActionDef) *Player {
	var best *Player
	bestV := -1
	for i := range g.players {
		s := (g.first + i) % len(g.players)
		if s == p.seat {
			continue
		}
		o := g.p(s)
		v := o.th + g.c.Rules.TiebreakWeight*o.pr
		if v <= bestV || (ad.RedDot && g.protected(p, o)) || !g.holdsFor(ad.Cond, o, p, &ad.Card) {
			continue
		}
		best, bestV = o, v
	}
	return best
}

// wantPlay is a bot's decision to play a card at its timing on a target.
func (g *Game) wantPlay(p *Player, ad *ActionDef, t Timing, cs *CheckState, target *Player) bool {
	if ad.Benefit < 0 {
		return false // it would hurt its own player: such cards only sit in hand
	}
	if !g.fits(ad.Verbs, target) {
		return false
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
		return g.hardCard(p)
	}
	return true
}

// UseAbility: a bot uses an ability whenever the moment allows it, but for
// a redraw, kept for a card hard for the Party; a one-use card or a limited
// ability at a check, kept for a check unlikely to pass; and a PVP ability
// that would do nothing now.
func (b *bot) UseAbility(g *Game, p *Player, h *AbilityHook, t Timing) bool {
	switch t {
	case TEncounter:
		return h.a.Verbs&VRedraw == 0 || g.hardCard(p)
	case TCheck:
		if (h.item != nil && g.spoils(*h.item).Uses > 0) || h.a.Limit != NoLimit {
			return g.passProb(g.chk, g.chk.need) < 0.85 // keep a one-use card for when it is needed
		}
	case TPVP:
		return g.fits(h.a.Verbs, p)
	}
	return true
}
