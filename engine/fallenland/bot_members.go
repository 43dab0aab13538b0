package fallenland

import (
	"cmp"
	"slices"
)

// The bots' choices of Party members: whom to burden or strike, whom to
// recruit, which Ally to hire, who carries what.

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

// Solo: a bot sends the member with the highest Total Skill for the first
// check (bestFor).
func (b *bot) Solo(g *Game, p *Player, e *EncDef, seq []Check) int {
	m := g.bestFor(p, seq[0])
	for i := range p.party.crowns {
		if &p.party.crowns[i] == m {
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

// Take: a bot takes every Vehicle, Vehicle Equipment, Stowable, Party
// Equipment and Permanent card, and any other card of use to it.
func (b *bot) Take(g *Game, p *Player, it Item) bool {
	return g.spoils(it).is(RVehicle|RVehicleEquipment|RStowable|RPartyEquipment|RPermanent) || g.itemScore(it) > 0
}

// EquipOrder: best first (itemScore; a stable insertion sort: few cards,
// no allocation).
func (b *bot) EquipOrder(g *Game, p *Player, pool []Item) {
	scores := g.scoreBuf[:0]
	for _, it := range pool {
		scores = append(scores, g.itemScore(it))
	}
	for i := 1; i < len(pool); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			scores[j], scores[j-1] = scores[j-1], scores[j]
			pool[j], pool[j-1] = pool[j-1], pool[j]
		}
	}
	g.scoreBuf = scores[:0]
}

// Carry: the member who gains most: a Link Bonus it lacks, else the most
// room left.
func (b *bot) Carry(g *Game, p *Player, it Item) int {
	pa := &p.party
	f := g.fitOf(it)
	if !f.carried {
		return -1
	}
	// What fits reads of the Party and the item is read once: this runs
	// for every card of every re-equip.
	partySlot := f.slot && g.partySlot(pa)
	best, bestGain := -1, -1.0
	crowns := pa.crowns
	for i := range crowns {
		m := &crowns[i]
		if m.char < 0 || int(m.load)+f.cost > int(m.cap) || partySlot || g.frozen(m) || f.slot && g.memberSlot(m) {
			continue
		}
		gain := float64(int(m.cap)-int(m.load)) * 0.01
		if g.linked(m.char, it) && !g.hasLink(m) {
			gain += float64(g.c.Characters[m.char].LinkBonus.Sum())
		}
		if gain > bestGain {
			best, bestGain = i, gain
		}
	}
	if selfCheck {
		if plain := carryPlain(g, p, it); plain != best {
			stale("%s's card %d carried by crown %d, not %d", g.name(p), it.card, best, plain)
		}
	}
	return best
}

// carryPlain is Carry asking fits for each member, as the rule reads.
func carryPlain(g *Game, p *Player, it Item) int {
	pa := &p.party
	best, bestGain := -1, -1.0
	f := g.fitOf(it)
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if !f.fits(g, pa, m) {
			continue
		}
		gain := float64(int(m.cap)-int(m.load)) * 0.01
		if m.char >= 0 {
			cd := &g.c.Characters[m.char]
			if g.c.linksPlain(cd, it.card) && !g.hasLink(m) {
				gain += float64(cd.LinkBonus.Sum())
			}
		}
		if gain > bestGain {
			best, bestGain = i, gain
		}
	}
	return best
}

// Place: a bot places every Vehicle and Equipment card that fits.
func (b *bot) Place(g *Game, p *Player, it Item) bool { return true }

// Mount: a bot mounts a Permanent card on the first card that takes it,
// its members' before the Vehicle.
func (b *bot) Mount(g *Game, p *Player, perm Item) (c, k int) { return g.firstHost(p, perm) }

// Steal: a bot takes the first card of the Auction House it may.
func (b *bot) Steal(g *Game, thief, victim *Player) int { return g.firstStealable(victim) }

// FreeAction: a bot takes an Action card while its hand holds fewer than
// three.
func (b *bot) FreeAction(g *Game, p *Player) bool { return len(p.hand) < 3 }

// GiveUp: a bot gives up its least valuable card (itemScore).
func (b *bot) GiveUp(g *Game, p, thief *Player) (c, k int) {
	c, k = -1, -1
	for i := range p.party.crowns {
		for j, it := range p.party.crowns[i].items {
			if g.givable(it, thief) && (c < 0 || g.itemScore(it) < g.itemScore(p.party.crowns[c].items[k])) {
				c, k = i, j
			}
		}
	}
	return c, k
}

// TownTech: a bot plays every Town Technology card.
func (b *bot) TownTech(g *Game, p *Player, ad *ActionDef) bool { return true }

// SeatOrder: the strongest Characters first (charValue).
func (b *bot) SeatOrder(g *Game, p *Player, chars []int16) {
	c := g.c
	slices.SortStableFunc(chars, func(a, b int16) int { return cmp.Compare(charValue(&c.Characters[b]), charValue(&c.Characters[a])) })
}

// RosterOrder: the strongest Characters first (charValue).
func (b *bot) RosterOrder(g *Game, p *Player, roster []Member) {
	slices.SortStableFunc(roster, func(a, b Member) int {
		return cmp.Compare(charValue(&g.c.Characters[b.char]), charValue(&g.c.Characters[a.char]))
	})
}

// charValue ranks Characters for bots.
func charValue(cd *CharDef) float64 {
	v := 0.0
	for _, s := range cd.Skills {
		v += float64(s)
	}
	v += 2*float64(cd.Health) + float64(cd.Psych) + 0.3*float64(cd.Capacity) + 3*float64(cd.Armor)
	if cd.Master {
		v += 4
	}
	if cd.Effect != nil {
		v += 2
	}
	return v
}
