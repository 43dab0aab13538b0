package referee

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/fallenland"
)

// Cards (rule "deck-conservation"): the referee keeps each deck's draw
// pile and discard pile by card ID from the draws, discards and reshuffles;
// at every Phase's end the players' hands, Parties, Rosters, Auction Houses
// and towns and the cards on the table must hold exactly the rest — every
// card in exactly one place. Rule "hand-limit": at a Phase's end no hand
// holds more than the limit (FL-ACT-05). Rule "capacity": no Character
// carries more than its Carrying Capacity, nor two Armor or Clothing cards,
// and no Vehicle more than its own (FL-SP-05/17/18); a hit man carries
// nothing (FL-NPCM-12). Rule "psych": a Character with 3 Psychological
// damage keeps its cards until the Effects Phase discards it with them
// (FL-DMG-11, FL-EFF-04).

type cardLedger struct {
	total, deck, discard []map[string]int // per deck
	held                 []map[string]int // this Phase end's snapshot
}

func (l *cardLedger) init(decks int) {
	for _, m := range []*[]map[string]int{&l.total, &l.deck, &l.discard, &l.held} {
		*m = make([]map[string]int, decks)
		for i := range *m {
			(*m)[i] = map[string]int{}
		}
	}
}

func (s *state) deckIndex(name string) int {
	d, ok := s.r.decks[name]
	if !ok {
		s.violate("deck-conservation", "no deck %q", name)
		return -1
	}
	return d
}

func (s *state) cardEvent() {
	e := s.e
	l := &s.cards
	if l.total == nil {
		return
	}
	d := s.deckIndex(str(e, "deck"))
	if d < 0 {
		return
	}
	switch e.Kind {
	case "deck":
		for _, id := range strs(e, "cards") {
			l.total[d][id]++
			l.deck[d][id]++
		}
	case "draw":
		if l.deck[d][e.Card] <= 0 {
			s.violate("deck-conservation", "%s drawn from the %s deck, which does not hold it", e.Card, str(e, "deck"))
			return
		}
		l.deck[d][e.Card]--
	case "discard":
		if l.total[d][e.Card]-l.deck[d][e.Card]-l.discard[d][e.Card] <= 0 {
			s.violate("deck-conservation", "%s discarded to %s, but no copy of it is in play", e.Card, str(e, "deck"))
			return
		}
		l.discard[d][e.Card]++
	case "reshuffle":
		n := 0
		for id, k := range l.discard[d] {
			n += k
			l.deck[d][id] += k
		}
		clear(l.discard[d])
		if n != num(e, "cards") {
			s.violate("deck-conservation", "the %s discard pile holds %d cards, the event shuffles %d", str(e, "deck"), n, num(e, "cards"))
		}
	case "receive":
		l.total[d][e.Card]++
	}
}

// hold counts cards of a deck in a snapshot; Spoils may be "host+mount".
func (s *state) hold(deck string, ids []string) {
	d := s.r.decks[deck]
	for _, id := range ids {
		for _, part := range strings.Split(id, "+") {
			s.cards.held[d][part]++
		}
	}
}

var (
	actionZones    = []string{"hand", "hitmen", "party-acts", "town-acts", "roster-acts", "cc1-acts", "cc2-acts", "cc3-acts", "cc4-acts", "cc5-acts"}
	spoilsZones    = []string{"auction", "party-equipment", "stowed", "jinx", "vehicle", "roster-items", "cc1", "cc2", "cc3", "cc4", "cc5"}
	characterZones = []string{"crowns", "roster"}
)

// stateEvent checks a player's state at a Phase's end and counts its cards.
func (s *state) stateEvent() {
	e := s.e
	p := s.seatOf(e.Seat)
	if p == nil {
		return
	}
	if s.cards.total != nil {
		for _, z := range actionZones {
			s.hold("Actions", strs(e, z))
		}
		for _, z := range spoilsZones {
			s.hold("Spoils", strs(e, z))
		}
		for _, z := range characterZones {
			var ids []string
			for _, id := range strs(e, z) {
				if id != "" {
					ids = append(ids, id)
				}
			}
			s.hold("Characters", ids)
		}
	}
	for _, k := range []string{"prestige", "town-health", "salvage", "tdc"} {
		if num(e, k) != p.res[k] {
			s.violate("resources", "%s is %d by the ledger, %d at the Phase's end", k, p.res[k], num(e, k))
		}
	}
	if num(e, "hex") != p.hex {
		s.violate("movement", "the Party stands on hex %d by the moves, %d at the Phase's end", p.hex, num(e, "hex"))
	}
	if n := len(strs(e, "hand")); n > s.c.Rules.HandLimit {
		s.violate("hand-limit", "%d Action cards in hand at the end of a Phase (limit %d)", n, s.c.Rules.HandLimit)
	}
	s.capacity(p)
}

// capacity checks what every Character and the Vehicle carry.
func (s *state) capacity(p *seat) {
	e := s.e
	c := s.c
	equip := strs(e, "party-equipment")
	partyLoad, partyCap, partyArmor := 0, 0, 0
	for _, id := range equip {
		cost, capB, slot := s.item(id)
		partyLoad, partyCap, partyArmor = partyLoad+cost, partyCap+capB, partyArmor+slot
	}
	crowns := strs(e, "crowns")
	clear(p.crowns)
	for i, id := range crowns {
		p.crowns[fmt.Sprintf("CC%d", i+1)] = id
	}
	for i := range crowns {
		k := fmt.Sprintf("cc%d", i+1)
		items := strs(e, k)
		dmg := ints(e, k+"-damage")
		if crowns[i] == "" {
			if len(items) > 0 {
				s.violate("capacity", "%s holds %v but no Character", k, items)
			}
			delete(p.frozen, k)
			continue
		}
		ch, ok := s.r.chars[crowns[i]]
		if !ok {
			s.violate("capacity", "no Character %q", crowns[i])
			continue
		}
		load, capB, slots := partyLoad, partyCap, partyArmor
		for _, id := range items {
			cost, cb, slot := s.item(id)
			load, capB, slots = load+cost, capB+cb, slots+slot
		}
		if capacity := int(c.Characters[ch].Capacity) + capB; load > capacity {
			s.violate("capacity", "%s (%s) carries %d with a Carrying Capacity of %d", crowns[i], k, load, capacity)
		}
		if slots > 1 {
			s.violate("capacity", "%s (%s) wears %d Armor or Clothing cards", crowns[i], k, slots)
		}
		s.psych(p, k, crowns[i], items, dmg)
	}
	if v := strs(e, "vehicle"); len(v) > 0 {
		host, _, _ := strings.Cut(v[0], "+")
		if i, ok := s.r.spoil[host]; ok {
			load := 0
			for _, id := range strs(e, "stowed") {
				cost, _, _ := s.item(id)
				load += cost
			}
			if _, mount, ok := strings.Cut(v[0], "+"); ok {
				if j, ok := s.r.spoil[mount]; ok {
					load += int(c.Spoils[j].Cost)
				}
			}
			if load > int(c.Spoils[i].VehCap) {
				s.violate("capacity", "the Vehicle %s carries %d with a capacity of %d", host, load, c.Spoils[i].VehCap)
			}
		}
	}
}

// item is a carried card's cost (with its mounted card), capacity bonus,
// and whether it takes the Armor or Clothing slot.
func (s *state) item(id string) (cost, capBonus, slot int) {
	for n, part := range strings.Split(id, "+") {
		i, ok := s.r.spoil[part]
		if !ok {
			s.violate("capacity", "no Spoils card %q", part)
			continue
		}
		sd := &s.c.Spoils[i]
		cost += int(sd.Cost)
		if n == 0 {
			capBonus += int(sd.CapBonus)
			if sd.Rules&(fallenland.RArmor|fallenland.RClothing) != 0 {
				slot = 1
			}
		}
	}
	return
}

// psych: a Character with 3 Psych damage at one Phase's end still has no
// more cards at the next; none is left after an Effects Phase.
func (s *state) psych(p *seat, crown, char string, items []string, dmg []int) {
	at := s.c.Rules.PsychDiscard
	if len(dmg) < 4 || dmg[3] < at {
		delete(p.frozen, crown)
		return
	}
	if s.phase == "effects" {
		s.violate("psych", "%s (%s) has %d Psych damage after the Effects Phase", char, crown, dmg[3])
	}
	if was, ok := p.frozen[crown]; ok && len(was) > 0 && was[0] == char && !subset(items, was[1:]) {
		s.violate("psych", "%s (%s), with %d Psych damage, had %v and now has %v", char, crown, dmg[3], was[1:], items)
	}
	p.frozen[crown] = append([]string{char}, items...)
}

// subset reports whether every card of a is in b (as multisets).
func subset(a, b []string) bool {
	n := map[string]int{}
	for _, x := range b {
		n[x]++
	}
	for _, x := range a {
		if n[x] == 0 {
			return false
		}
		n[x]--
	}
	return true
}

// tableEvent counts the cards on the table and compares, deck by deck and
// card by card, what is held with what the decks lack.
func (s *state) tableEvent() {
	e := s.e
	l := &s.cards
	if l.total == nil {
		return
	}
	for _, w := range strs(e, "worlds") {
		deck, id, _ := strings.Cut(w, ":")
		if d, ok := s.r.decks[deck]; ok {
			l.held[d][id]++
		}
	}
	s.hold("Actions", strs(e, "npcms"))
	for d := range l.total {
		var bad []string
		for id, t := range l.total[d] {
			if out := t - l.deck[d][id] - l.discard[d][id]; out != l.held[d][id] {
				bad = append(bad, fmt.Sprintf("%s %d in play, %d found", id, out, l.held[d][id]))
			}
		}
		for id, h := range l.held[d] {
			if _, ok := l.total[d][id]; !ok && h > 0 {
				bad = append(bad, fmt.Sprintf("%s found %d times, never in the deck", id, h))
			}
		}
		if len(bad) > 0 {
			sort.Strings(bad)
			s.violate("deck-conservation", "%s: %s", fallenland.DeckNames[d], strings.Join(bad, "; "))
		}
		if sizes := ints(e, fallenland.DeckNames[d]); len(sizes) == 2 {
			if n := sum(l.deck[d]); n != sizes[0] {
				s.violate("deck-conservation", "the %s deck holds %d cards by the ledger, %d on the table", fallenland.DeckNames[d], n, sizes[0])
			}
			if n := sum(l.discard[d]); n != sizes[1] {
				s.violate("deck-conservation", "the %s discard pile holds %d cards by the ledger, %d on the table", fallenland.DeckNames[d], n, sizes[1])
			}
		}
		clear(l.held[d])
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

func (l *cardLedger) finish(s *state) {}
