package fallenland

import "github.com/deckwright/deckwright/engine/game"

// Bots: deed planning over the Weeks, Fight or Flight, Optional Skill
// Checks, PVP and the choice of decks. Every random choice comes from the
// seat's own stream, so bots are deterministic.

// Policy is a bot's temperament.
type Policy uint8

const (
	Cautious Policy = iota // takes checks it is likely to pass, heals early, flees bad fights
	Bold                   // pushes its luck: harder decks, Missions, PVP
	Random                 // any legal choice, at random
)

// String is the policy's name, as --policy takes it (game.Policies, in
// Policy order).
func (p Policy) String() string { return game.Policies[p].Name }

// health is the share of Health the Party has left, and its living size.
func (g *Game) partyHealth(p *Player) (float64, int) {
	left, total, n := 0, 0, 0
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if m.present() {
			h := g.health(m) // left(m), without reading it twice
			left += h - int(m.dmg[Physical]) - int(m.dmg[Infected]) - int(m.dmg[Radiation])
			total += h
			n++
		}
	}
	if total == 0 {
		return 0, 0
	}
	return float64(left) / float64(total), n
}

// chooseDeed picks the Party's next Deed (FL-EXP-03): it honours the
// must-encounter obligation, heals when hurt, takes Missions, Resources and
// Points of Interest it stands on, and otherwise moves toward the best goal.
func (g *Game) chooseDeed(p *Player) Choice {
	ch := g.deedFor(p)
	if ch.Deed == DeedPVP && ch.Target >= 0 && g.stats != nil {
		g.stats.rule(RulePartyPVP)
	}
	return ch
}

// deedFor is chooseDeed's pick, before it is counted (a call rather than a
// deferred count: chooseDeed runs at every Deed of every bot).
func (g *Game) deedFor(p *Player) Choice {
	h := p.party.hex
	hx := &g.c.Hexes[h]
	frac, size := g.partyHealth(p)
	encounter := func() Choice { return Choice{Deed: DeedEncounter, Deck: g.pickDeck(p, hx.Decks), POI: -1} }
	poi := g.poiHere(p)
	onMission := g.missionHere(h)
	res := g.resourceChoice(p, h, frac, size)
	target := g.pvpTarget(p, frac)
	hurtLimit := 0.5
	if p.policy == Bold {
		hurtLimit = 0.3
	}
	infected := g.partyDamage(p, Infected) > 0
	if ch, ok := g.multiDeed(p); ok {
		return ch
	}
	if p.mustAct {
		switch {
		case target != -1:
			return Choice{Deed: DeedPVP, Target: target}
		case onMission && g.wantMission(p, frac, size):
			return Choice{Deed: DeedMission}
		case res.Deed == DeedResource:
			return res
		case poi >= 0:
			return Choice{Deed: DeedEncounter, POI: poi}
		case hx.Decks != 0:
			return encounter()
		}
		// On a hex with no deck (Water): only moving off it helps.
		p.mustAct = false
	}
	if p.policy == Random && p.bot.Intn(4) == 0 {
		return g.randomDeed(p, encounter, poi, onMission, res, target)
	}
	if frac < hurtLimit || infected && g.inOwnTown(p) {
		if g.canHealHere(p) && (g.hurt(p) >= 4 || infected) {
			return Choice{Deed: DeedHeal}
		}
		if !g.inOwnTown(p) {
			return Choice{Deed: DeedMove, Goal: p.fac.StartHex}
		}
	}
	switch {
	case target != -1:
		return Choice{Deed: DeedPVP, Target: target}
	case onMission && g.wantMission(p, frac, size):
		return Choice{Deed: DeedMission}
	case res.Deed == DeedResource:
		return res
	case poi >= 0:
		return Choice{Deed: DeedEncounter, POI: poi}
	}
	if p.weeks == 1 && hx.Decks != 0 && hx.Town < 0 {
		return encounter() // a last Week: a card here rather than an obligation carried over
	}
	goal := g.pickGoal(p, frac, size)
	if goal == h {
		if g.hurt(p) > 0 && g.canHealHere(p) {
			return Choice{Deed: DeedHeal}
		}
		if hx.Decks != 0 {
			return encounter()
		}
		goal = g.anyOtherHex(p)
	}
	return Choice{Deed: DeedMove, Goal: goal}
}

// randomDeed is the random policy's pick among the legal Deeds.
func (g *Game) randomDeed(p *Player, encounter func() Choice, poi int, onMission bool, res Choice, target int) Choice {
	opts := []Choice{{Deed: DeedMove, Goal: g.randomGoal(p)}}
	if g.c.Hexes[p.party.hex].Decks != 0 {
		opts = append(opts, encounter())
	}
	if poi >= 0 {
		opts = append(opts, Choice{Deed: DeedEncounter, POI: poi})
	}
	if onMission {
		opts = append(opts, Choice{Deed: DeedMission})
	}
	if res.Deed == DeedResource {
		opts = append(opts, res)
	}
	if target != -1 {
		opts = append(opts, Choice{Deed: DeedPVP, Target: target})
	}
	if g.hurt(p) > 0 {
		opts = append(opts, Choice{Deed: DeedHeal})
	}
	return opts[p.bot.Intn(len(opts))]
}

func (g *Game) randomGoal(p *Player) int16 {
	for range 20 {
		h := int16(p.bot.Intn(len(g.c.Hexes)))
		if g.c.Hexes[h].Passable && g.c.Dist[p.party.hex][h] < unreachable {
			return h
		}
	}
	return p.fac.StartHex
}

// anyOtherHex is a neighbouring hex to move to when nothing else fits.
func (g *Game) anyOtherHex(p *Player) int16 {
	for _, a := range g.c.Hexes[p.party.hex].Adj {
		if g.c.Hexes[a].Passable {
			return a
		}
	}
	return p.fac.StartHex
}

// canHealHere: a Healing Deed here would heal something (Physical
// anywhere; Infected and Radiation in an own or neutral town).
func (g *Game) canHealHere(p *Player) bool {
	h := g.hex(p)
	town := h.Town >= 0 && (h.Town == p.faction || (!g.factionPlayed(h.Town) && p.sc >= g.c.Rules.NeutralHealFee))
	if town {
		return g.hurt(p) > 0
	}
	return g.partyDamage(p, Physical) > 0
}

// pickDeck chooses among a hex's decks: cautious the easiest, bold the
// richest (City/Rad, with its free card), random any.
func (g *Game) pickDeck(p *Player, decks uint8) Deck {
	if decks == 0 {
		decks = 1 << DPlains
	}
	var opts [3]Deck
	n := 0
	for d := DPlains; d <= DCityRad; d++ {
		if decks&(1<<d) != 0 {
			opts[n] = d
			n++
		}
	}
	switch p.policy {
	case Bold:
		return opts[n-1]
	case Random:
		return opts[p.bot.Intn(n)]
	}
	return opts[0]
}

// poiHere is a Point of Interest on the Party's hex it may activate, or -1.
func (g *Game) poiHere(p *Player) int {
	for i := range g.pois {
		q := &g.pois[i]
		if q.live && q.hex == p.party.hex && !(q.once && q.visited&(1<<p.seat) != 0) {
			return i
		}
	}
	return -1
}

func (g *Game) missionHere(h int16) bool {
	for _, m := range g.missions {
		if m == h {
			return true
		}
	}
	return false
}

// wantMission: Missions are long and hard; bots take them with a sound
// Party.
func (g *Game) wantMission(p *Player, frac float64, size int) bool {
	switch p.policy {
	case Bold:
		return size >= 3 && frac > 0.4
	case Random:
		return true
	}
	return size >= 4 && frac > 0.6
}

// resourceChoice is a Resource Deed on the Party's hex worth doing, or a
// zero choice.
func (g *Game) resourceChoice(p *Player, h int16, frac float64, size int) Choice {
	if !g.isResource(h) || g.resOwner[h] == -2 || int(g.resOwner[h]) == p.seat {
		return Choice{Deed: DeedMove}
	}
	r := &g.c.Rules
	atMax := p.resources+g.resWeight(h) > r.MaxResources
	owner := g.resOwner[h]
	if owner >= 0 {
		o := g.p(int(owner))
		hit := o.tdc * r.TDCDamage
		// Every member must survive the chips (a bot will not lose anyone).
		for i := range p.party.crowns {
			if m := &p.party.crowns[i]; m.present() && g.left(m) <= hit && p.policy != Bold {
				return Choice{Deed: DeedMove}
			}
		}
		if g.wantDestroy(p, o, atMax) {
			return Choice{Deed: DeedResource, Destroy: true}
		}
		if atMax {
			return Choice{Deed: DeedMove}
		}
		return Choice{Deed: DeedResource}
	}
	if atMax || (frac < 0.35 && p.policy == Cautious) {
		return Choice{Deed: DeedMove}
	}
	deck := DPlains
	switch p.policy {
	case Bold:
		deck = DMountain
	case Random:
		deck = Deck(p.bot.Intn(3))
	}
	return Choice{Deed: DeedResource, Deck: deck}
}

// wantDestroy: destroying a rival's Resource costs the destroyer 2
// Prestige and the owner 2 (capturing: +1 and −1), so bots do it to stop
// the leader's Prestige victory — cautious ones when it is 2 away, bold
// ones when it is 4 away or they cannot capture (at their maximum) — and
// random ones now and then (FL-RES-11).
func (g *Game) wantDestroy(p, o *Player, atMax bool) bool {
	if p.policy == Random {
		return p.bot.Intn(4) == 0
	}
	if g.rival(p) != o {
		return false
	}
	w := g.c.Rules.TiebreakWeight
	if p.th+w*p.pr >= o.th+w*o.pr {
		return false // the bot leads: no need to pay for it
	}
	vp, _ := g.thresholds()
	if p.policy == Bold {
		return o.pr >= vp-4 || atMax
	}
	return o.pr >= vp-2
}

// pvpTarget is a Party (seat) or NPCM (-2-i) on the hex a bot would attack,
// or -1.
func (g *Game) pvpTarget(p *Player, frac float64) int {
	if len(g.players) < 2 || frac < 0.5 {
		return -1
	}
	ratio := 1.6
	switch p.policy {
	case Bold:
		ratio = 1.2
	case Random:
		if p.bot.Intn(10) != 0 {
			return -1
		}
		ratio = 0
	}
	// The bot's own strength is worked out once a foe shares its hex (most
	// Deeds have none): it reads no dice and changes nothing.
	mine, known := 0.0, false
	for _, s := range g.order {
		o := g.p(s)
		if s == p.seat || o.party.alive() == 0 || o.party.hex != p.party.hex || g.protected(p, o) {
			continue
		}
		if !known {
			mine, known = g.combatStrength(p), true
		}
		if mine > ratio*g.combatStrength(o) {
			return s
		}
	}
	for i := range g.npcms {
		n := &g.npcms[i]
		if n.live && n.owner != p.seat && n.hex == p.party.hex {
			ad := &g.c.Actions[n.act]
			theirs := float64(ad.Dice) * (float64(ad.Omega/10)*0.9 + float64(max(ad.Omega%10, 1))/10)
			if !known {
				mine, known = g.combatStrength(p), true
			}
			if mine > ratio*theirs {
				return -2 - i
			}
		}
	}
	return -1
}

// combatStrength is a Party's expected Combat successes, with its Armor
// and Health as a tie-breaker.
//
// It is the mean successes of the Party's Combat check (partyRollers, then
// expectedSuccesses) worked out in one pass over the members, without
// building the dice: the same terms added in the same order, so the same
// float64 (selfCheck compares them).
//
// A player keeps the last figure: it changes only with the Party's cards
// and members (the totals recompute works out, which advances p.gen), its
// Technologies (each change recomputes) and its members' damage, whose sum
// is all the figure reads of it.
func (g *Game) combatStrength(p *Player) float64 {
	dmg := 0
	for i := range p.party.crowns {
		if m := &p.party.crowns[i]; m.present() {
			dmg += int(m.dmg[Physical]) + int(m.dmg[Infected]) + int(m.dmg[Radiation])
		}
	}
	if k := &p.strength; k.ok && k.gen == p.gen && k.dmg == dmg {
		if selfCheck && k.v != g.workStrength(p) {
			stale("%s's combat strength %v kept, %v now", g.name(p), k.v, g.workStrength(p))
		}
		return k.v
	}
	v := g.workStrength(p)
	p.strength = keptStrength{v: v, gen: p.gen, dmg: dmg, ok: true}
	return v
}

// keptStrength is a player's last combat strength and what it was worked
// out at.
type keptStrength struct {
	v        float64
	gen, dmg int
	ok       bool
}

// workStrength works combatStrength out.
func (g *Game) workStrength(p *Player) float64 {
	pa := &p.party
	c := g.c
	e := float64(g.techBonus(p, Combat))
	left, total := 0, 0
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if !m.present() {
			continue
		}
		h := g.health(m)
		left += h - int(m.dmg[Physical]) - int(m.dmg[Infected]) - int(m.dmg[Radiation])
		total += h
		bonus := 0
		if m.char >= 0 {
			if cd := &c.Characters[m.char]; cd.Master && int(cd.MasterSkill) == int(Combat) {
				bonus = c.Rules.MasterBonus
			}
		}
		e += dieMean(g.effTS(int(m.ts[Combat])), bonus)
	}
	if pa.vehicle.card >= 0 {
		if ts := g.vehicleTS(pa, Combat); ts > 0 {
			e += dieMean(g.effTS(ts), 0)
		}
	}
	frac := 0.0
	if total != 0 {
		frac = float64(left) / float64(total)
	}
	v := e*(0.5+0.5*frac) + 0.2*float64(pa.armor)
	if selfCheck {
		if want := g.combatStrengthOfDice(p); v != want {
			stale("%s's combat strength %v, its dice say %v", g.name(p), v, want)
		}
	}
	return v
}

// combatStrengthOfDice is combatStrength by the dice of the Party's Combat
// check: the plain computation its self-check compares with.
func (g *Game) combatStrengthOfDice(p *Player) float64 {
	saved := g.rollers
	g.rollers = nil
	defer func() { g.rollers = saved }()
	cs := CheckState{skill: Combat, party: true, roller: -1}
	g.partyRollers(p, &cs)
	frac, _ := g.partyHealth(p)
	return g.expectedSuccesses(&cs)*(0.5+0.5*frac) + 0.2*float64(p.party.armor)
}

// wantPVPFlight: a Party flees a fight it is losing; an NPCM never flees.
func (g *Game) wantPVPFlight(st *PVPState, side int) bool {
	f := &st.side[side]
	p := g.p(f.seat)
	other := &st.side[1-side]
	var theirs float64
	if other.npcm != nil {
		ad := &g.c.Actions[other.npcm.act]
		theirs = float64(ad.Dice) * (float64(ad.Omega/10)*0.9 + float64(max(ad.Omega%10, 1))/10)
	} else {
		theirs = g.combatStrength(g.p(other.seat))
	}
	mine := g.combatStrength(p)
	frac, _ := g.partyHealth(p)
	switch p.policy {
	case Bold:
		return mine < 0.5*theirs || frac < 0.2
	case Random:
		return p.bot.Intn(4) == 0
	}
	return mine < 0.8*theirs || frac < 0.35
}

// wantFlight: Fight or Flight on a card (FL-ENC-15/16): flee a fight the
// Party is unlikely to win when the Flight roll is likely to succeed.
func (g *Game) wantFlight(p *Player, e *EncDef, seq []Check) bool {
	pass := 1.0
	for _, k := range seq {
		pass *= g.estimateParty(p, k)
	}
	beat := e.Checks.HighestCombat() - p.party.move // the d6 must exceed this
	flee := float64(min(max(6-beat, 0), 6)) / 6
	switch p.policy {
	case Bold:
		return pass < 0.15 && flee > 0.6
	case Random:
		return p.bot.Intn(4) == 0
	}
	return pass < 0.35 && flee > 0.5
}

// chooseBranch picks the alternative with the better chance (FL-SC-29); a
// random bot any.
func (g *Game) chooseBranch(p *Player, e *EncDef) int {
	if len(e.Checks.Branches) < 2 {
		return 0
	}
	best, bestP := 0, -1.0
	for b, seq := range e.Checks.Branches {
		pr := 1.0
		for _, k := range seq {
			pr *= g.estimateParty(p, k)
		}
		if p.policy == Random {
			pr = float64(p.bot.Intn(1000))
		}
		if pr > bestP {
			best, bestP = b, pr
		}
	}
	return best
}

// wantOSC: attempt a Mission's Optional Skill Check with fair odds.
func (g *Game) wantOSC(p *Player, k Check) bool {
	est := g.estimateParty(p, k)
	switch p.policy {
	case Bold:
		return est >= 0.3
	case Random:
		return p.bot.Intn(2) == 0
	}
	return est >= 0.55
}

// pickGoal is where a Party heads: Resources to capture, Mission chips,
// Points of Interest, or home to heal and re-equip — each worth its value
// over the Turns it takes to get there.
func (g *Game) pickGoal(p *Player, frac float64, size int) int16 {
	c := g.c
	from := p.party.hex
	pace := 3.5 + float64(p.party.move)
	bestH, bestV := from, 0.0
	dist := c.Dist[from]
	consider := func(h int16, value float64) {
		d := dist[h]
		if d >= unreachable || value <= 0 {
			return
		}
		v := value / (1 + float64(d)/pace)
		if v > bestV {
			bestH, bestV = h, v
		}
	}
	strong := frac > 0.55 && size >= 3
	// A Party at its most Resources weighs none (a test outside the loops:
	// the compiler does not move it).
	if p.resources < c.Rules.MaxResources {
		for _, h := range c.ResHexes {
			switch o := g.resOwner[h]; {
			case !g.resHex[h] || o == -2 || int(o) == p.seat:
			case o == -1:
				consider(h, 8)
			case strong:
				consider(h, 5-1.5*float64(g.p(int(o)).tdc))
			}
		}
		for _, h := range g.created {
			if g.resHex[h] && !c.Hexes[h].Resource && g.resOwner[h] == -1 {
				consider(h, 8)
			}
		}
	}
	if g.wantMission(p, frac, size) {
		v := 7.0
		if p.policy == Bold {
			v = 9
		}
		for _, h := range g.missions {
			if h >= 0 {
				consider(h, v)
			}
		}
	}
	for i := range g.pois {
		if q := &g.pois[i]; q.live && !(q.once && q.visited&(1<<p.seat) != 0) {
			consider(q.hex, 6)
		}
	}
	g.multiGoals(p, consider)
	// A rival Party the bot expects to beat is worth hunting down: a win
	// is Prestige and a Loot Deck of its dead, and slows the leader most
	// (the PVP Deed is taken on arrival, see pvpTarget).
	if len(g.players) > 1 && frac >= 0.6 && size >= 3 && p.policy != Random {
		ratio, value := 1.6, 3.0
		if p.policy == Bold {
			ratio, value = 1.2, 5.0
		}
		mine, known := 0.0, false
		leader := g.rival(p)
		for _, s := range g.order {
			o := g.p(s)
			if s == p.seat || o.party.alive() == 0 || o.party.hex == o.fac.StartHex {
				continue
			}
			if !known {
				mine, known = g.combatStrength(p), true
			}
			if mine > ratio*g.combatStrength(o) {
				v := value
				if o == leader {
					v += 2
				}
				consider(o.party.hex, v)
			}
		}
	}
	home := 1.0
	if frac < 0.65 || g.partyDamage(p, Infected)+g.partyDamage(p, Radiation) > 0 {
		home += 6
	}
	if len(p.roster) > 0 && size < len(p.party.crowns) {
		home += 5
	}
	if len(p.auction) > 2 {
		home += 2
	}
	consider(p.fac.StartHex, home)
	return bestH
}
