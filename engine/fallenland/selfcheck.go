package fallenland

import (
	"fmt"
	"reflect"
	"slices"
)

// selfCheck, on in this package's tests (TestMain, not in benchmarks),
// makes every figure a speed shortcut gives — a cached value, or one
// worked out by a faster route — compare itself at each read with the plain
// computation, and panic (a game error) when they differ: a stale cache
// fails the tests instead of quietly changing a game.
var selfCheck bool

// stale panics with what a shortcut got wrong.
func stale(format string, args ...any) {
	panic(fmt.Sprintf("stale shortcut: "+format, args...))
}

// partySnap is a copy of where a Party's cards are, with its members'
// loads and capacities.
type partySnap struct {
	items               [][]Item
	load, cap           []int8
	equip, veh, auction []Item
	vehicle             Item
}

func (g *Game) snapParty(p *Player) partySnap {
	pa := &p.party
	s := partySnap{equip: slices.Clone(pa.equip), veh: slices.Clone(pa.vehItems), auction: slices.Clone(p.auction), vehicle: pa.vehicle}
	for i := range pa.crowns {
		m := &pa.crowns[i]
		s.items = append(s.items, slices.Clone(m.items))
		s.load, s.cap = append(s.load, m.load), append(s.cap, m.cap)
	}
	return s
}

func (g *Game) restoreParty(p *Player, s partySnap) {
	pa := &p.party
	pa.equip, pa.vehItems, p.auction, pa.vehicle = append(pa.equip[:0], s.equip...), append(pa.vehItems[:0], s.veh...), append(p.auction[:0], s.auction...), s.vehicle
	for i := range pa.crowns {
		m := &pa.crowns[i]
		m.items, m.load, m.cap = append(m.items[:0], s.items[i]...), s.load[i], s.cap[i]
	}
}

// checkPlaced compares a re-equip that put cards where the last one put
// them (placePool) with placing every card afresh from the Party as it
// began (before), and leaves the fresh one.
func (g *Game) checkPlaced(p *Player, pool []Item, before partySnap, where []placement) {
	got := g.snapParty(p)
	g.restoreParty(p, before)
	var fresh []placement
	for _, it := range pool {
		w := g.placeOf(p, it)
		g.put(p, it, w)
		fresh = append(fresh, w)
	}
	if !slices.Equal(fresh, where) || !reflect.DeepEqual(got, g.snapParty(p)) {
		stale("%s re-equipped %v as last time, %v afresh", g.name(p), where, fresh)
	}
}
