package fallenland

// The bots' choices of Party members: whom to burden or strike, whom to
// recruit, which Ally to hire.

// Member: a bot attaches a card (a boon for the best, or a curse on the
// rival's best) and sends a hit man after the strongest Character; it
// sacrifices or burdens its weakest member, and hits the loser's.
func (b *bot) Member(g *Game, p, of *Player, why Pick) int {
	var m *Member
	if why <= PickHitman {
		m = g.strongestMember(of)
	} else {
		m = g.weakest(of)
	}
	if m == nil {
		return -1
	}
	for i := range of.party.crowns {
		if &of.party.crowns[i] == m {
			return i
		}
	}
	return -1
}

// Recruit: a bot recruits the best Character of its roster (charValue).
func (b *bot) Recruit(g *Game, p *Player) int {
	best := 0
	for k := range p.roster {
		if charValue(&g.c.Characters[p.roster[k].char]) > charValue(&g.c.Characters[p.roster[best].char]) {
			best = k
		}
	}
	return best
}

// HireAlly: a bot hires an Ally worth a third of its cost to its Party.
func (b *bot) HireAlly(g *Game, p *Player, it Item) bool {
	return g.itemScore(it) >= float64(g.spoils(it).HireCost)/3
}

// weakest is the member a bot would sacrifice or burden first.
func (g *Game) weakest(p *Player) *Member {
	var w *Member
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if m.present() && (w == nil || g.memberValue(m) < g.memberValue(w)) {
			w = m
		}
	}
	return w
}

// strongestMember is the member a hit man goes after.
func (g *Game) strongestMember(p *Player) *Member {
	var best *Member
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if m.present() && m.hitman < 0 && (best == nil || g.memberValue(m) > g.memberValue(best)) {
			best = m
		}
	}
	return best
}
