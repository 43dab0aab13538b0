package fallenland

// Bots' choices in Draft Setup (FL-OPT-01): which Character or Spoils card
// to keep from the stack passed to them.

// draftPick is the index in stack of the card a bot keeps, given what it
// kept already: a random bot any; the others the Character who adds most
// to the Party (its own worth, plus the skills it raises above the best
// kept so far), or the Spoils card worth most to the Characters kept (a
// Link Bonus counts, a second Vehicle little).
func (g *Game) draftPick(p *Player, d Deck, stack, kept []int16) int {
	if p.policy == Random {
		return p.bot.Intn(len(stack))
	}
	best, bestV := 0, -1e9
	for i, x := range stack {
		var v float64
		if d == DCharacters {
			v = g.draftCharValue(x, kept)
		} else {
			v = g.draftSpoilsValue(p, x, kept)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// draftCharValue: a Character's worth, plus half of each skill point above
// the best kept Character's in that skill; a bold bot counts Combat double.
func (g *Game) draftCharValue(x int16, kept []int16) float64 {
	cd := &g.c.Characters[x]
	v := charValue(cd)
	for s := range cd.Skills {
		top := int8(0)
		for _, k := range kept {
			top = max(top, g.c.Characters[k].Skills[s])
		}
		if gain := float64(cd.Skills[s] - top); gain > 0 {
			v += 0.5 * gain
		}
	}
	return v
}

// draftSpoilsValue: a Spoils card's score, its Link Bonus if a kept
// Character links it, and a Vehicle only while the bot has none.
func (g *Game) draftSpoilsValue(p *Player, x int16, kept []int16) float64 {
	sd := &g.c.Spoils[x]
	it := Item{card: x, mount: -1}
	v := g.itemScore(it)
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if m.char >= 0 && g.linked(m.char, it) {
			v += float64(g.c.Characters[m.char].LinkBonus.Sum())
			break
		}
	}
	if sd.is(RVehicle) {
		for _, k := range kept {
			if g.c.Spoils[k].is(RVehicle) {
				return v / 4
			}
		}
	}
	return v
}
