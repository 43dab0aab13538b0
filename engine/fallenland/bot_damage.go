package fallenland

// The bots' assignment of Party damage.

// Assign: a bot spreads Psych damage on the Character with the least; other
// damage so that nobody dies if the Party can take it (a point at a time
// on the member with the most Health left), or else the least valuable
// member takes all it can first.
func (b *bot) Assign(g *Game, p *Player, n int, t DamageType) (crown, k int) {
	pa := &p.party
	if t == Psych {
		best := -1
		for i := range pa.crowns {
			m := &pa.crowns[i]
			if m.present() && m.hitman < 0 && (best < 0 || m.dmg[Psych] < pa.crowns[best].dmg[Psych]) {
				best = i
			}
		}
		return best, 1
	}
	slack := 0
	for i := range pa.crowns {
		if m := &pa.crowns[i]; m.present() {
			slack += g.left(m) - 1
		}
	}
	if n > slack {
		// Someone must die: the cheapest member takes all it can.
		low := -1
		for i := range pa.crowns {
			m := &pa.crowns[i]
			if m.present() && (low < 0 || g.memberValue(m) < g.memberValue(&pa.crowns[low])) {
				low = i
			}
		}
		if low < 0 {
			return -1, 0
		}
		return low, min(g.left(&pa.crowns[low]), n)
	}
	best := -1
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if m.present() && g.left(m) > 1 && (best < 0 || g.left(m) > g.left(&pa.crowns[best])) {
			best = i
		}
	}
	return best, 1
}
