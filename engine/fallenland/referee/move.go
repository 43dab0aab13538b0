package referee

// Movement (rule "movement"): a Movement Deed's points are its 1d6 roll,
// the Movement Bonus Track and card additions; it starts where the Party
// stands, steps from hex to neighbouring hex, pays each hex's cost (Water
// only with a Perk, 1 a hex; a hex dearer than the points left only with
// exactly 1 point left, or any with the variant last-point-any), and
// forfeits the rest (FL-MOV-01…04). Forced moves start where the Party
// stands too. Rule "radiation": a Movement Deed ending on a Radiation hex
// costs its damage at once; a Flight, escape or card does not (FL-MOV-05,
// FL-AMB-25), and never an NPCM, a hit man in the Party included (RB p.28).
// Rule "ambush": a rival town's Defense chips strike a Party
// only where its Movement Deed ended, unless ambush-any-move (FL-MOV-07,
// FL-TDC-05). NPCMs move no more hexes than their Movement (FL-NPCM-05).

type moveEnd struct {
	hex  int // where the seat's last Movement Deed ended, -1 after a forced move or its Radiation
	deed int // where the seat's last Movement Deed ended, -1 after a forced move
}

func (s *state) moveEvent() {
	e := s.e
	c := s.c
	switch e.Kind {
	case "npcm-move":
		if h := num(e, "hexes"); h > num(e, "movement") || int(c.Hops[num(e, "from")][num(e, "to")]) != h {
			s.violate("movement", "%s moves %d hexes (%d apart) with Movement %d", e.Card, h, c.Hops[num(e, "from")][num(e, "to")], num(e, "movement"))
		}
		return
	}
	p := s.seatOf(e.Seat)
	if p == nil {
		return
	}
	switch e.Kind {
	case "move":
		s.walk(p)
	case "place":
		if num(e, "from") != p.hex {
			s.violate("movement", "moved from hex %d, but the Party stood on %d", num(e, "from"), p.hex)
		}
		p.hex = num(e, "to")
		if !s.variants["radiation-any-move"] {
			s.lastMove[e.Seat].hex = -1
		} else {
			s.lastMove[e.Seat].hex = p.hex
		}
		if !s.variants["ambush-any-move"] {
			s.lastMove[e.Seat].deed = -1
		} else {
			s.lastMove[e.Seat].deed = p.hex
		}
	case "rebuild":
		p.hex = num(e, "hex")
		s.lastMove[e.Seat].hex = -1
		s.lastMove[e.Seat].deed = -1
	case "ambush":
		if c.Hexes[p.hex].Town >= 0 && s.lastMove[e.Seat].deed != p.hex { // a town, not a Resource, struck
			s.violate("ambush", "%s's Town Defense chips strike a Party whose Movement Deed did not end there", s.c.Hexes[p.hex].Name)
		}
	case "hex-damage":
		if num(e, "hex") != p.hex {
			s.violate("radiation", "damage from hex %d, but the Party stands on %d", num(e, "hex"), p.hex)
		}
		h := &c.Hexes[p.hex]
		if int(h.EndDmg) != num(e, "amount") {
			s.violate("radiation", "%s deals %d, the event says %d", h.Name, h.EndDmg, num(e, "amount"))
		}
		if s.lastMove[e.Seat].hex != p.hex {
			s.violate("radiation", "damage on %s, where no Movement Deed ended", h.Name)
		}
		s.lastMove[e.Seat].hex = -1
		s.mapDamage = true
	case "damage":
		if _, hitman := s.r.act[e.Card]; hitman {
			s.violate("radiation", "the map's Radiation hurts %s, an NPCM (RB p.28)", e.Card)
		}
	}
}

// walk checks a Movement Deed step by step.
func (s *state) walk(p *seat) {
	e := s.e
	c := s.c
	roll, points, path := num(e, "roll"), num(e, "points"), ints(e, "path")
	if roll < 1 || roll > 6 {
		s.violate("movement", "a d6 shows %d", roll)
	}
	if want := roll + num(e, "mbt") + num(e, "add"); points != want {
		s.violate("movement", "%d + %d + %d is %d points, the event says %d", roll, num(e, "mbt"), num(e, "add"), want, points)
	}
	if len(path) == 0 || path[0] != p.hex {
		s.violate("movement", "the move starts on %v, but the Party stood on hex %d", path, p.hex)
		return
	}
	left := points
	for k := 1; k < len(path); k++ {
		a, b := path[k-1], path[k]
		if !adjacent(c.Hexes[a].Adj, b) {
			s.violate("movement", "hex %d is not next to hex %d", b, a)
			return
		}
		h := &c.Hexes[b]
		switch {
		case !h.Passable:
			if s.players[e.Seat].faction < 0 || c.Factions[s.players[e.Seat].faction].WaterCost < 0 {
				s.violate("movement", "the Party enters Water (%s) without a Perk", h.Name)
			}
			left--
		default:
			cost := int(h.Cost)
			if cost > left {
				if left == 1 || (s.variants["last-point-any"] && left >= 1) {
					cost = left
				} else {
					s.violate("movement", "%s costs %d with %d points left", h.Name, cost, left)
				}
			}
			left -= cost
		}
		if left < 0 {
			s.violate("movement", "the move spends more than its %d points", points)
			return
		}
	}
	if left != num(e, "left") {
		s.violate("movement", "%d points left, the event says %d", left, num(e, "left"))
	}
	p.hex = path[len(path)-1]
	s.lastMove[e.Seat] = moveEnd{hex: p.hex, deed: p.hex}
	if !c.Hexes[p.hex].Passable {
		s.violate("movement", "the move ends on Water")
	}
}

func adjacent(adj []int16, b int) bool {
	for _, x := range adj {
		if int(x) == b {
			return true
		}
	}
	return false
}

// deedContext is the Deed a seat is doing, for the capture rules.
type deedContext struct {
	deed     string
	resolved bool // the drawn card's end was seen
	success  bool
	waiting  bool // a World card left waiting for other Parties
	ambush   bool // the owner's Town Defense chips struck
}

// deedEvent: rule "capture" — a Neutral Resource is captured by a
// Resource Deed only when its card succeeded, or it is a World card nothing
// of which failed; an owned one only after the owner's Town Defense chips
// struck, if it has any (FL-RES-06…09, FL-AMB-62).
func (s *state) deedEvent() {
	e := s.e
	if e.Seat < 0 || e.Seat >= len(s.deedOf) {
		return
	}
	d := &s.deedOf[e.Seat]
	switch e.Kind {
	case "deed":
		*d = deedContext{deed: str(e, "deed")}
	case "weeks-end":
		*d = deedContext{}
	case "card":
		d.resolved, d.success, d.waiting = false, false, false
	case "resolved":
		d.resolved, d.success = true, flag(e, "success")
		d.waiting = str(e, "how") == "waiting" && flag(e, "world")
	case "ambush":
		d.ambush = true
	case "capture":
		if d.deed != "Resource" || e.Card != "" || s.phase != "exploits" {
			return // a card's effect, or an NPCM
		}
		if num(e, "from") == -1 && !(d.resolved && (d.success || d.waiting)) {
			s.violate("capture", "a Neutral Resource captured though its card did not succeed")
		}
		if from := num(e, "from"); from >= 0 && from < len(s.players) && s.players[from].res["tdc"] > 0 && !d.ambush {
			s.violate("capture", "an owned Resource captured past %d Town Defense chips that never struck", s.players[from].res["tdc"])
		}
	}
}
