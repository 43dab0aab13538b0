package fng

// The bots' choices of what to lose: the item to discard, how much of a
// KO's loss to pay in Glory.

// Discard: a bot discards its least valuable item of the kind (itemValue).
func (b *bot) Discard(g *Game, h *Hero, kind ItemKind) int {
	worst := -1
	for i, id := range h.items {
		if kind.is(&g.c.Items[id]) && (worst < 0 || g.itemValue(id) < g.itemValue(h.items[worst])) {
			worst = i
		}
	}
	return worst
}

// LoseGlory: a bot pays a KO's loss in Glory first, the easiest to regain
// (as the rulebook advises), then in its least valuable items.
func (b *bot) LoseGlory(g *Game, h *Hero, loss int) int { return min(loss, h.glory) }

// itemValue rates a held item, to choose what to lose or discard.
func (g *Game) itemValue(id int16) int {
	it := &g.c.Items[id]
	v := 0
	for _, m := range it.Mods {
		v += int(m.Amount) * 2
	}
	if it.Effect != nil {
		v += 2
	}
	if it.Sidekick {
		v += 2
	}
	return v
}
