package fallenland

import (
	"fmt"

	"github.com/deckwright/deckwright/effects"
)

// The implementations of the effect vocabulary declared in env.go. Effects
// act on "the player" (g.cur), the Party and "the Character" (g.focus).

func (g *Game) me() *Player { return &g.players[g.cur] }

func (g *Game) focusTS(s Skill) int64 {
	if g.focus == nil || !g.focus.present() {
		return 0
	}
	return int64(g.focus.ts[s])
}

func (g *Game) focusInt(f func(m *Member) int) int64 {
	if g.focus == nil || !g.focus.present() {
		return 0
	}
	return int64(f(g.focus))
}

var valueImpl = map[string]any{
	"prestige":         func(g *Game) int64 { return int64(g.me().pr) },
	"townHealth":       func(g *Game) int64 { return int64(g.me().th) },
	"salvage":          func(g *Game) int64 { return int64(g.me().sc) },
	"resources":        func(g *Game) int64 { return int64(g.me().resources) },
	"tdcs":             func(g *Game) int64 { return int64(g.me().tdc) },
	"techs":            func(g *Game) int64 { return int64(len(g.me().tech)) },
	"hand":             func(g *Game) int64 { return int64(len(g.me().hand)) },
	"auction":          func(g *Game) int64 { return int64(len(g.me().auction)) },
	"roster":           func(g *Game) int64 { return int64(len(g.me().roster)) },
	"turn":             func(g *Game) int64 { return int64(g.turn) },
	"weeksLeft":        func(g *Game) int64 { p := g.me(); return int64(max(p.weeks, 0)) * b2i(p.inPhase) },
	"players":          func(g *Game) int64 { return int64(len(g.players)) },
	"firstPlayer":      func(g *Game) int64 { return b2i(g.cur == g.first) },
	"drawer":           func(g *Game) int64 { return b2i(g.drawer) },
	"party.faction":    func(g *Game) int64 { return int64(g.me().faction) },
	"party.hex":        func(g *Game) int64 { return int64(g.me().party.hex) },
	"party.size":       func(g *Game) int64 { return int64(g.me().party.alive()) },
	"party.hasVehicle": func(g *Game) int64 { return b2i(g.me().party.vehicle.card >= 0) },
	"party.motorized": func(g *Game) int64 {
		v := g.me().party.vehicle
		return b2i(v.card >= 0 && g.spoils(v).is(RMotorized))
	},
	"party.armor":      func(g *Game) int64 { return int64(g.me().party.armor) },
	"party.movement":   func(g *Game) int64 { return int64(g.me().party.move) },
	"party.damage":     func(g *Game) int64 { return int64(g.hurt(g.me())) },
	"party.inTown":     func(g *Game) int64 { return b2i(g.inOwnTown(g.me())) },
	"party.onTown":     func(g *Game) int64 { return b2i(g.onTown(g.me())) },
	"party.onResource": func(g *Game) int64 { return b2i(g.isResource(g.me().party.hex)) },
	"party.onNeutralResource": func(g *Game) int64 {
		h := g.me().party.hex
		return b2i(g.isResource(h) && g.resOwner[h] == -1)
	},
	"party.onOwnResource": func(g *Game) int64 {
		h := g.me().party.hex
		return b2i(g.isResource(h) && int(g.resOwner[h]) == g.cur)
	},
	"party.infected":    func(g *Game) int64 { return int64(g.partyDamage(g.me(), Infected)) },
	"party.radiation":   func(g *Game) int64 { return int64(g.partyDamage(g.me(), Radiation)) },
	"party.psychDamage": func(g *Game) int64 { return int64(g.partyDamage(g.me(), Psych)) },
	"party.jinxed":      func(g *Game) int64 { return b2i(g.jinxed(g.me(), nil)) },
	"party.coastal":     func(g *Game) int64 { return b2i(g.hex(g.me()).Coastal) },
	"char.combat":       func(g *Game) int64 { return g.focusTS(Combat) },
	"char.survival":     func(g *Game) int64 { return g.focusTS(Survival) },
	"char.diplomacy":    func(g *Game) int64 { return g.focusTS(Diplomacy) },
	"char.mechanical":   func(g *Game) int64 { return g.focusTS(Mechanical) },
	"char.technical":    func(g *Game) int64 { return g.focusTS(Technical) },
	"char.medical":      func(g *Game) int64 { return g.focusTS(Medical) },
	"char.health":       func(g *Game) int64 { return g.focusInt(g.left) },
	"char.damage": func(g *Game) int64 {
		return g.focusInt(func(m *Member) int { return int(m.dmg[Physical] + m.dmg[Infected] + m.dmg[Radiation]) })
	},
	"char.infected":    func(g *Game) int64 { return g.focusInt(func(m *Member) int { return int(m.dmg[Infected]) }) },
	"char.radiation":   func(g *Game) int64 { return g.focusInt(func(m *Member) int { return int(m.dmg[Radiation]) }) },
	"char.psych":       func(g *Game) int64 { return g.focusInt(func(m *Member) int { return int(m.psych) }) },
	"char.psychDamage": func(g *Game) int64 { return g.focusInt(func(m *Member) int { return int(m.dmg[Psych]) }) },
	"char.jinxed": func(g *Game) int64 {
		return b2i(g.focus != nil && g.focus.present() && g.jinxed(g.me(), g.focus))
	},
	"char.master": func(g *Game) int64 {
		return g.focusInt(func(m *Member) int { return int(b2i(m.char >= 0 && g.c.Characters[m.char].Master)) })
	},
	"char.crown": func(g *Game) int64 {
		for i := range g.me().party.crowns {
			if &g.me().party.crowns[i] == g.focus {
				return int64(i + 1)
			}
		}
		return 0
	},
	"check.skill":     func(g *Game) int64 { return effects.Field(g.chk, -1, func(c *CheckState) int { return int(c.skill) }) },
	"check.needed":    func(g *Game) int64 { return effects.Field(g.chk, 0, func(c *CheckState) int { return c.need }) },
	"check.successes": func(g *Game) int64 { return effects.Field(g.chk, 0, func(c *CheckState) int { return c.total }) },
	"check.melee":     func(g *Game) int64 { return b2i(g.chk != nil && g.chk.melee) },
	"check.party":     func(g *Game) int64 { return b2i(g.chk != nil && g.chk.party) },
	"memory": func(g *Game) int64 {
		if g.focus != nil {
			return int64(g.focus.memory)
		}
		return int64(g.memory)
	},
	"lastRoll": func(g *Game) int64 { return int64(g.lastRoll) },
	"pvp.defending": func(g *Game) int64 {
		return b2i(g.pvp != nil && g.pvp.side[1].npcm == nil && g.pvp.side[1].seat == g.cur)
	},
}

// jinxed reports whether a Jinxed card (Spoils or Action) is attached to
// the Party or any of its Characters, or (m set) to that Character.
func (g *Game) jinxed(p *Player, m *Member) bool {
	one := func(m *Member) bool {
		for _, it := range m.items {
			if it.card >= 0 && g.spoils(it).is(RJinxed) {
				return true
			}
		}
		for _, a := range m.acts {
			if g.c.Actions[a].Kind == KJinxed {
				return true
			}
		}
		return false
	}
	if m != nil {
		return one(m)
	}
	if len(p.party.jinx) > 0 {
		return true
	}
	for i := range p.party.crowns {
		if one(&p.party.crowns[i]) {
			return true
		}
	}
	return false
}

type verbFunc = func(*Game, effects.Args) int64

// verb adapts a void verb.
func verb(f func(g *Game, a effects.Args)) verbFunc {
	return func(g *Game, a effects.Args) int64 { f(g, a); return 0 }
}

// hasCategory reports whether any card the Party has equipped carries the
// category (or, with m set, any card of that Character).
func (g *Game) hasCategory(p *Player, m *Member, code int) bool {
	has := func(it Item) bool {
		return it.card >= 0 && (g.spoils(it).Cats.Has(code) || (it.mount >= 0 && g.c.Spoils[it.mount].Cats.Has(code)))
	}
	if m != nil {
		for _, it := range m.items {
			if has(it) {
				return true
			}
		}
		return false
	}
	pa := &p.party
	for i := range pa.crowns {
		for _, it := range pa.crowns[i].items {
			if has(it) {
				return true
			}
		}
	}
	for _, it := range pa.equip {
		if has(it) {
			return true
		}
	}
	for _, it := range pa.vehItems {
		if has(it) {
			return true
		}
	}
	return has(pa.vehicle)
}

func (g *Game) hasSpoilsCard(p *Player, card int16) bool {
	pa := &p.party
	is := func(it Item) bool { return it.card == card || it.mount == card }
	for i := range pa.crowns {
		for _, it := range pa.crowns[i].items {
			if is(it) {
				return true
			}
		}
	}
	for _, it := range pa.equip {
		if is(it) {
			return true
		}
	}
	for _, it := range pa.vehItems {
		if is(it) {
			return true
		}
	}
	return is(pa.vehicle)
}

// chosen is "the Character" of a verb: the one in focus, else the one the
// player would choose: the sturdiest for harm, the most hurt for help.
func (g *Game) chosen(p *Player, harm bool) *Member {
	if g.focus != nil && g.focus.present() {
		for i := range p.party.crowns {
			if &p.party.crowns[i] == g.focus {
				return g.focus
			}
		}
	}
	var best *Member
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if !m.present() {
			continue
		}
		if best == nil || (harm && g.left(m) > g.left(best)) || (!harm && g.left(m) < g.left(best)) {
			best = m
		}
	}
	return best
}

var verbImpl = map[string]any{
	// Queries.
	"party.has": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.hasCategory(g.me(), nil, int(a[0]))) }),
	"party.hasSpoils": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.hasSpoilsCard(g.me(), int16(a[0])))
	}),
	"party.hasCharacter": verbFunc(func(g *Game, a effects.Args) int64 {
		for i := range g.me().party.crowns {
			if g.me().party.crowns[i].char == int16(a[0]) {
				return 1
			}
		}
		return 0
	}),
	"party.on": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.hex(g.me()).Terrain&(1<<a[0]) != 0) }),
	"party.at": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(int64(g.me().party.hex) == a[0]) }),
	"party.best": verbFunc(func(g *Game, a effects.Args) int64 {
		best := int64(0)
		for i := range g.me().party.crowns {
			if m := &g.me().party.crowns[i]; m.present() {
				best = max(best, int64(m.ts[a[0]]))
			}
		}
		return best
	}),
	"char.is": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.focus != nil && g.focus.char >= 0 && int64(g.focus.char) == a[0])
	}),
	"char.has": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.focus != nil && g.hasCategory(g.me(), g.focus, int(a[0])))
	}),
	"encounter.has":  verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.enc != nil && g.enc.Cats.Has(int(a[0]))) }),
	"encounter.from": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.enc != nil && int64(g.enc.Deck) == a[0]) }),
	"hasTech": verbFunc(func(g *Game, a effects.Args) int64 {
		for _, t := range g.me().tech {
			if int64(t.tech) == a[0] {
				return 1
			}
		}
		return 0
	}),
	"isFaction": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(int64(g.me().faction) == a[0]) }),

	// Tracks and coins.
	"gainPrestige":   verb(func(g *Game, a effects.Args) { g.addPrestige(g.me(), int(a[0])) }),
	"losePrestige":   verb(func(g *Game, a effects.Args) { g.addPrestige(g.me(), -int(a[0])) }),
	"gainTownHealth": verb(func(g *Game, a effects.Args) { g.addTownHealth(g.me(), int(a[0])) }),
	"loseTownHealth": verb(func(g *Game, a effects.Args) { g.addTownHealth(g.me(), -int(a[0])) }),
	"gainSalvage":    verb(func(g *Game, a effects.Args) { g.addSalvage(g.me(), int(a[0])) }),
	"loseSalvage":    verb(func(g *Game, a effects.Args) { g.addSalvage(g.me(), -int(a[0])) }),
	"stealSalvage": verb(func(g *Game, a effects.Args) {
		from, to := g.me(), &g.players[g.actor]
		if from == to || a[0] <= 0 {
			return
		}
		g.transfer(from, to, min(int(a[0]), from.sc), "steal")
	}),
	"skipProduction": verb(func(g *Game, a effects.Args) { g.me().noProduction = true }),

	// Cards.
	"drawSpoils": verb(func(g *Game, a effects.Args) {
		p := g.me()
		for range min(a[0], 20) {
			if x := g.draw(DSpoils, p.seat); x >= 0 {
				g.gainSpoils(p, x, true)
			}
		}
	}),
	"drawActions": verb(func(g *Game, a effects.Args) {
		p := g.me()
		for range min(a[0], 20) {
			if x := g.draw(DActions, p.seat); x >= 0 {
				g.gainAction(p, x)
			}
		}
	}),
	"drawCharacters": verb(func(g *Game, a effects.Args) {
		for range min(a[0], 10) {
			g.gainCharacter(g.me(), false)
		}
	}),
	"drawToRoster": verb(func(g *Game, a effects.Args) {
		for range min(a[0], 10) {
			g.gainCharacter(g.me(), true)
		}
	}),
	"discardActions": verb(func(g *Game, a effects.Args) {
		p := g.me()
		for range min(int(a[0]), len(p.hand)) {
			i := p.bot.Intn(len(p.hand))
			g.discard(DActions, p.hand[i])
			p.hand = append(p.hand[:i], p.hand[i+1:]...)
		}
	}),
	"discardSpoils": verb(func(g *Game, a effects.Args) {
		p := g.me()
		for range min(a[0], 20) {
			if !g.discardEquipped(p) {
				break
			}
		}
	}),
	"discardAuction": verb(func(g *Game, a effects.Args) {
		p := g.me()
		for _, it := range p.auction {
			g.discardCards(it)
		}
		p.auction = p.auction[:0]
	}),
	"stealSpoils": verb(func(g *Game, a effects.Args) { g.stealSpoils(g.me(), &g.players[g.actor]) }),
	"discardThis": verb(func(g *Game, a effects.Args) { g.sig.discard = true }),
	"destroyVehicle": verb(func(g *Game, a effects.Args) {
		g.destroyVehicle(g.me())
	}),
	"removeJinx": verb(func(g *Game, a effects.Args) { g.removeJinx(g.me()) }),
	"ignoreCard": verb(func(g *Game, a effects.Args) {
		g.sig.ignored = true
		g.traceModifier("ignore", 0, "card")
	}),

	// Damage and healing.
	"damageParty": verb(func(g *Game, a effects.Args) {
		g.damageParty(g.me(), int(a[0]), DamageType(a[1]), a[2] != 0)
	}),
	"damageEach": verb(func(g *Game, a effects.Args) { g.damageEach(g.me(), int(a[0]), DamageType(a[1]), a[2] != 0) }),
	"damageChar": verb(func(g *Game, a effects.Args) {
		if m := g.chosen(g.me(), true); m != nil {
			g.damageMember(g.me(), m, int(a[0]), DamageType(a[1]), a[2] != 0)
		}
	}),
	"damageCrown": verb(func(g *Game, a effects.Args) {
		p := g.me()
		if m := g.crownMember(p, int(a[0])); m != nil {
			g.damageMember(p, m, int(a[1]), DamageType(a[2]), a[3] != 0)
		}
	}),
	"healParty": verb(func(g *Game, a effects.Args) { g.healParty(g.me(), int(a[0]), DamageType(a[1])) }),
	"healEach": verb(func(g *Game, a effects.Args) {
		for i := range g.me().party.crowns {
			if m := &g.me().party.crowns[i]; m.present() {
				g.heal(g.me(), m, int(a[0]), DamageType(a[1]))
			}
		}
	}),
	"healChar": verb(func(g *Game, a effects.Args) {
		if m := g.chosen(g.me(), false); m != nil {
			g.heal(g.me(), m, int(a[0]), DamageType(a[1]))
		}
	}),
	"preventDeath": verb(func(g *Game, a effects.Args) {
		if m := g.dying; m != nil && g.left(m) <= 0 {
			over := 1 - g.left(m)
			for _, t := range []DamageType{Physical, Infected, Radiation} {
				over -= g.heal(g.me(), m, over, t)
			}
			if g.stats != nil {
				g.stats.rule(RulePreventDeath)
			}
			g.traceModifier("prevent-death", 0, g.memberID(m))
		}
	}),
	"killChar": verb(func(g *Game, a effects.Args) {
		p := g.me()
		m := g.focus
		if m == nil || !m.present() {
			m = g.member(p, p, PickKill)
		}
		if m != nil {
			g.applyDamage(p, m, g.left(m), Physical)
		}
	}),

	// Weeks and movement.
	"delay":      verb(func(g *Game, a effects.Args) { g.delay(g.me(), int(a[0])) }),
	"bonusWeeks": verb(func(g *Game, a effects.Args) { g.bonusWeeks(g.me(), int(a[0])) }),
	"addMove": verb(func(g *Game, a effects.Args) {
		g.moveAdd += int(a[0])
		g.traceModifier("move", int(a[0]), "movement")
	}),
	"moveRandom": verb(func(g *Game, a effects.Args) {
		for range 50 {
			if h := g.c.ByRandom[g.randomLocation()]; h >= 0 {
				g.place(g.me(), h)
				return
			}
		}
	}),
	"moveToWater": verb(func(g *Game, a effects.Args) {
		p := g.me()
		if h := g.nearest(p.party.hex, func(h int16) bool { return g.c.Hexes[h].Coastal && g.c.Hexes[h].Passable }); h >= 0 {
			g.place(p, h)
		}
	}),
	"moveHome": verb(func(g *Game, a effects.Args) { g.place(g.me(), g.me().fac.StartHex) }),
	"moveTo":   verb(func(g *Game, a effects.Args) { g.place(g.me(), int16(a[0])) }),

	// Skill Checks.
	"addSuccess": verb(func(g *Game, a effects.Args) {
		cs := g.chk
		if cs == nil || !cs.pending {
			return
		}
		cs.helped = true
		if cs.roller >= 0 && cs.roller < len(g.rollers) {
			r := &g.rollers[cs.roller]
			r.bonus += int(a[0])
			if g.trace != nil {
				r.from = append(r.from, fmt.Sprintf("%s:%+d", g.srcID(), a[0]))
				g.emitf(g.cur, "modifier", g.srcID(), D{"what": "success", "amount": int(a[0]), "to": rollerName(r)},
					"    %s adds %d success(es) to %s", g.srcName(), a[0], rollerName(r))
			}
			return
		}
		cs.flat += int(a[0])
		if g.trace != nil {
			cs.from = append(cs.from, fmt.Sprintf("%s:%+d", g.srcID(), a[0]))
			g.emitf(g.cur, "modifier", g.srcID(), D{"what": "success", "amount": int(a[0]), "to": "check"},
				"    %s adds %d success(es) to the check", g.srcName(), a[0])
		}
	}),
	"passCheck": verb(func(g *Game, a effects.Args) {
		if g.chk != nil {
			g.chk.passed = true
			g.chk.helped = true
			if g.trace != nil {
				g.emitf(g.cur, "modifier", g.srcID(), D{"what": "pass", "amount": 0, "to": "check"}, "    %s turns the check into a success", g.srcName())
			}
		}
	}),
	"winCard": verb(func(g *Game, a effects.Args) {
		g.sig.won = true
		g.traceModifier("win", 0, "card")
	}),
	"redraw": verb(func(g *Game, a effects.Args) {
		g.sig.redraw = true
		g.traceModifier("redraw", 0, "card")
	}),

	// PVP.
	"noFirstStrike": verb(func(g *Game, a effects.Args) {
		g.sig.noStrike = true
		g.traceModifier("no-first-strike", 0, "pvp")
	}),
	"addPVPDamage": verb(func(g *Game, a effects.Args) {
		if g.pvp != nil {
			g.pvp.extra[g.pvpSide(g.cur)] += int(a[0])
			g.traceModifier("pvp-damage", int(a[0]), "pvp")
		}
	}),
	"destroyEnemyVehicle": verb(func(g *Game, a effects.Args) {
		if g.pvp != nil {
			if o := g.pvp.opponent(g.cur); o >= 0 {
				g.destroyVehicle(&g.players[o])
			}
		}
	}),

	// Town.
	"gainTech": verb(func(g *Game, a effects.Args) { g.gainTech(g.me(), int16(a[0])) }),
	"gainRandomTech": verb(func(g *Game, a effects.Args) {
		if t := g.randomTech(); t >= 0 {
			g.gainTech(g.me(), t)
		}
	}),
	"loseTech": verb(func(g *Game, a effects.Args) { g.loseTech(g.me()) }),
	"gainTDC": verb(func(g *Game, a effects.Args) {
		p := g.me()
		g.setTDC(p, min(p.tdc+int(max(a[0], 0)), g.c.Rules.MaxTDC), "card")
	}),
	"loseTDC": verb(func(g *Game, a effects.Args) {
		p := g.me()
		g.setTDC(p, max(p.tdc-int(max(a[0], 0)), p.perkTDC), "card")
	}),
	"captureResource": verb(func(g *Game, a effects.Args) {
		p := g.me()
		if h := p.party.hex; g.isResource(h) && int(g.resOwner[h]) != p.seat && g.resOwner[h] != -2 {
			g.capture(p, h)
		}
	}),
	"loseResource":   verb(func(g *Game, a effects.Args) { g.loseResource(g.me()) }),
	"createResource": verb(func(g *Game, a effects.Args) { g.createResource(g.me().party.hex) }),
	"poiTowardCoast": verb(func(g *Game, a effects.Args) { g.poiTowardCoast(int(a[0])) }),

	// Dice and memory.
	"roll": verbFunc(func(g *Game, a effects.Args) int64 {
		n, sides := min(max(a[0], 0), 40), min(max(a[1], 1), 100)
		s := 0
		for range n {
			s += g.die(int(sides), "effect")
		}
		g.lastRoll = s
		return int64(s)
	}),
	"d10": verbFunc(func(g *Game, a effects.Args) int64 {
		g.lastRoll = g.d10("effect")
		return int64(g.lastRoll)
	}),
	"remember": verb(func(g *Game, a effects.Args) {
		if g.focus != nil {
			g.focus.memory = int(a[0])
			return
		}
		g.memory = int(a[0])
	}),
	"nothing": verb(func(g *Game, a effects.Args) {}),
}
