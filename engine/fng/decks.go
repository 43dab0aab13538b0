package fng

import "github.com/deckwright/deckwright/engine/deck"

// Every card the engine moves goes through these helpers, so that a traced
// game reports each move as a "card" event: the card's deck, the zone it
// leaves and the zone it enters (trace.go lists the zones). A referee can
// then check that every card is in exactly one place.

// cardOf returns the card an index of a deck names.
func (g *Game) cardOf(d *deck.Deck, id int16) *Card {
	c := g.c
	switch d {
	case &g.dangers:
		return &c.Dangers[id].Card
	case &g.enemies, &g.nazi:
		return &c.Enemies[id].Card
	case &g.events:
		return &c.Events[id].Card
	case &g.city:
		return &c.City[id].Card
	case &g.artifacts:
		return &c.Artifacts[id].Card
	case &g.adventures:
		return &c.Adventures[id].Card
	case &g.locations:
		return &c.Locations[id].Card
	case &g.villainEvents:
		return &c.VillainEvents[id].Card
	}
	return &c.Items[id].Card // Gear, Allies
}

// zone names a zone for the trace: hand, items and carried belong to a
// seat.
func zone(kind string, seat int) string {
	switch kind {
	case "hand":
		return zoneHand(seat)
	case "items":
		return zoneItems(seat)
	case "carried":
		return zoneCarried(seat)
	}
	return kind
}

// move reports a card of deck d moving between zones (kinds, see zone).
// Only a traced game reports: move inlines to that one test.
func (g *Game) move(d *deck.Deck, id int16, seat int, from, to, why string) {
	if g.trace != nil && id >= 0 {
		g.logMove(d, id, seat, from, to, why)
	}
}

func (g *Game) logMove(d *deck.Deck, id int16, seat int, from, to, why string) {
	g.logCard(seat, g.deckName(d), g.cardOf(d, id), zone(from, seat), zone(to, seat), why)
}

// draw takes the top card of a deck into a zone; an empty draw pile is
// first reshuffled from the discards. It returns -1 when no card is left.
func (g *Game) draw(d *deck.Deck, seat int, to, why string) int16 {
	id := g.drawTop(d)
	g.move(d, id, seat, zoneDeck, to, why)
	return id
}

// drawTop takes the top card of a deck, reporting the reshuffle of an
// empty draw pile; the caller reports where the card goes (move).
func (g *Game) drawTop(d *deck.Deck) int16 {
	if g.trace != nil && d.Len() == 0 && d.Discarded() > 0 {
		g.logReshuffle(d)
	}
	return d.Draw()
}

// discard puts a card from a zone on its deck's discard pile.
func (g *Game) discard(d *deck.Deck, id int16, seat int, from, why string) {
	if id < 0 {
		return
	}
	d.Discard(id)
	g.move(d, id, seat, from, zoneDiscard, why)
}

// reshuffle shuffles a deck's discards back into it.
func (g *Game) reshuffle(d *deck.Deck) {
	if g.trace != nil && d.Discarded() > 0 {
		g.logReshuffle(d)
	}
	d.Reshuffle()
}

func (g *Game) logReshuffle(d *deck.Deck) {
	g.emit(-1, "reshuffle", "", map[string]any{"deck": g.deckName(d), "cards": d.Discarded()},
		"  (the %s discards are shuffled back in)", g.deckName(d))
}

// logDecks reports every deck's cards at set-up (a "deck" event each),
// and the Common Items stack.
func (g *Game) logDecks() {
	for _, d := range []*deck.Deck{&g.dangers, &g.enemies, &g.nazi, &g.events, &g.city, &g.gear, &g.allies,
		&g.artifacts, &g.adventures, &g.locations, &g.villainEvents} {
		var ids []string
		for _, id := range d.Cards() {
			ids = append(ids, g.cardOf(d, id).ID)
		}
		g.emit(-1, "deck", "", map[string]any{"deck": g.deckName(d), "cards": ids}, "deck %s: %d cards", g.deckName(d), len(ids))
	}
	var ids []string
	for _, id := range g.c.CommonItems {
		if g.commonLeft[id] > 0 {
			ids = append(ids, g.c.Items[id].ID)
		}
	}
	g.emit(-1, "deck", "", map[string]any{"deck": "common-items", "cards": ids}, "deck common-items: %d cards", len(ids))
}

// takeCommon gives a hero a Common Item from the stack.
func (g *Game) takeCommon(h *Hero, id int16, why string) {
	g.commonLeft[id]--
	if g.trace != nil {
		g.logCard(h.seat, "common-items", &g.c.Items[id].Card, zoneStack, zoneItems(h.seat), why)
	}
	g.gainItem(h.seat, id)
}

// discardArtifact discards an artifact's cards from a zone. A Temple
// Treasure has none: its token goes back to the box.
func (g *Game) discardArtifact(a carried, seat int, from, why string) {
	if a.adv >= 0 {
		g.discard(&g.artifacts, a.art, seat, from, why)
		g.discard(&g.adventures, a.adv, seat, from, why)
	} else if g.trace != nil {
		g.logToken(a, zone(from, seat), "box", why)
	}
}

// moveArtifact reports an artifact's cards (or a Temple Treasure's token)
// moving between zones.
func (g *Game) moveArtifact(a carried, seat int, from, to, why string) {
	if g.trace != nil {
		g.logCarried(a, zone(from, seat), zone(to, seat), why)
	}
}

// logCarried reports an artifact moving between zones given in full (from
// one hero to another: an exchange, a theft).
func (g *Game) logCarried(a carried, from, to, why string) {
	if a.adv < 0 {
		g.logToken(a, from, to, why)
		return
	}
	g.logCard(-1, "artifacts", &g.c.Artifacts[a.art].Card, from, to, why)
	g.logCard(-1, "adventures", &g.c.Adventures[a.adv].Card, from, to, why)
}

// logToken reports a Temple Treasure token moving ("box": taken out of
// play).
func (g *Game) logToken(a carried, from, to, why string) {
	g.emit(-1, "treasure-token", g.c.Artifacts[a.art].ID, map[string]any{"from": from, "to": to, "why": why},
		"  [Temple Treasure of %s: %s → %s]", g.c.Artifacts[a.art].Name, from, to)
}
