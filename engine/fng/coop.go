package fng

import "github.com/deckwright/deckwright/engine/rng"

// coopState is the vile organization's side of the cooperative, solo and
// team games (and of the competitive game with the optional organization).
type coopState struct {
	fortune        int    // the heroes' shared Fortune (cooperative, solo)
	teamFortune    [8]int // each team's Fortune (team game)
	track          int
	villainFortune int
	artifacts      int     // artifacts the villains collected
	loot           []int   // their Fortune values, for heroes to steal back
	org            int     // the organization, -1 none
	active         []int16 // active villains, left to right
	outposts       []outpost
	occupied       []bool // per space: an Occupation or Hideout marker
	fortuneGoal    int
	trackGoal      int
}

type outpost struct {
	def   int16
	space int16
	live  bool
}

func (c *coopState) reset(spaces int) {
	*c = coopState{org: -1, active: c.active[:0], outposts: c.outposts[:0], loot: c.loot[:0], occupied: c.occupied[:0]}
	for range spaces {
		c.occupied = append(c.occupied, false)
	}
}

// coopVillains reports whether an organization runs villains this game.
func (g *Game) coopVillains() bool { return g.coop.org >= 0 && g.opt.Advanced }

// coopGoal is the shared Fortune the heroes need.
func (g *Game) coopGoal() int {
	if g.opt.Variants.FortuneGoal > 0 {
		return g.opt.Variants.FortuneGoal
	}
	return g.coop.fortuneGoal
}

// teamGoal is the Fortune a team needs: so much per hero on it.
func (g *Game) teamGoal(team int) int {
	if g.opt.Variants.FortuneGoal > 0 {
		return g.opt.Variants.FortuneGoal
	}
	n := 0
	for seat := range g.heroes {
		if g.heroes[seat].team == team {
			n++
		}
	}
	return n * g.c.Rules.TeamFortunePerHero
}

// setupOrganization prepares the vile organization: the victory chart's
// goals, the active villains (the first deployed at the artifact with the
// highest printed Fortune, the second ready, a third delayed), its set-up
// and initial outposts, and the War Zeppelin if it fields one.
func (g *Game) setupOrganization() {
	c := g.c
	if len(c.Orgs) == 0 {
		return
	}
	org := -1
	for i := range c.Orgs {
		if c.Orgs[i].ID == g.opt.Org {
			org = i
		}
	}
	if org < 0 {
		org = g.setup.Intn(len(c.Orgs))
	}
	g.coop.org = org
	n := len(g.heroes)
	row := c.Victory[min(max(n, 1), 8)]
	g.coop.fortuneGoal, g.coop.trackGoal = row.Fortune, row.Track
	villains := row.Villains
	if g.opt.Mode == Solo && n == 1 {
		g.coop.fortuneGoal, g.coop.trackGoal, villains = c.Rules.SoloFortune, c.Rules.SoloTrack, 2
		if g.opt.Variants.SoloHard {
			g.coop.fortuneGoal, g.coop.trackGoal = c.Rules.SoloHardFortune, c.Rules.SoloHardTrack
		}
	}
	if g.opt.Variants.TrackGoal > 0 {
		g.coop.trackGoal = g.opt.Variants.TrackGoal
	}
	if !g.opt.Advanced {
		return
	}
	pool := append([]int16(nil), c.Orgs[org].Villains...)
	rng.Shuffle(&g.setup, pool)
	if len(pool) > villains {
		pool = pool[:villains]
	}
	g.coop.active = append(g.coop.active[:0], pool...)
	for i, idx := range g.coop.active {
		v := g.villain(idx)
		switch i {
		case 0:
			v.state = vReady
			g.deployVillain(v)
		case 1:
			v.state = vReady
		default:
			v.state = vDelayed
		}
	}
	if g.trace != nil {
		g.logf("%s: heroes need %d Fortune; the villains need %d on the track", c.Orgs[org].Name, g.coop.fortuneGoal, g.coop.trackGoal)
	}
	if c.Orgs[org].Setup != nil {
		g.runAs(0, c.Orgs[org].Setup)
	}
	for i := range c.Outposts {
		op := &c.Outposts[i]
		if int(op.Org) != org {
			continue
		}
		for range op.Initial {
			g.placeOutpost(int16(i))
		}
	}
	if c.Orgs[org].Zeppelin >= 0 {
		g.setupZeppelin(true)
	}
}

// deployVillain sends a ready villain to the artifact with the highest
// printed Fortune that has no villain (ties: the lowest Danger value, then
// the first placed).
func (g *Game) deployVillain(v *Villain) bool {
	best := -1
	for i := range g.sites {
		s := &g.sites[i]
		if !s.live || g.villainIn(s.space) != nil {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := &g.sites[best]
		fa, fb := g.c.Artifacts[s.art].Fortune, g.c.Artifacts[b.art].Fortune
		da, db := g.c.Adventures[s.adv].Dangers, g.c.Adventures[b.adv].Dangers
		if fa > fb || (fa == fb && da < db) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	g.deployVillainAt(v, g.sites[best].space, false)
	if g.trace != nil {
		g.logf("%s deploys to %s", v.def.Name, g.c.Spaces[v.space].Name)
	}
	return true
}

// villainPhase: a Villain Event, the outposts (and War Zeppelin), then each
// active villain acts by its state, left to right.
func (g *Game) villainPhase() {
	g.villainEvent()
	if g.over {
		return
	}
	for i := range g.coop.outposts {
		op := &g.coop.outposts[i]
		if op.live && g.c.Outposts[op.def].Effect != nil {
			seat := max(g.nearestHero(op.space), 0)
			g.runCard(seat, g.c.Outposts[op.def].Effect, &g.c.Outposts[op.def].Card)
			if g.over {
				return
			}
		}
	}
	if z := &g.zeppelin; z.live && z.def.Cooperative {
		g.moveZeppelinEnd()
		if z.def.Effect != nil {
			g.runCard(max(g.nearestHero(z.space), 0), z.def.Effect, &z.def.Card)
		}
		if g.over {
			return
		}
	}
	for _, idx := range g.coop.active {
		v := g.villain(idx)
		switch v.state {
		case vKO:
			v.state = vDelayed
		case vDelayed:
			v.state = vReady
		case vReady:
			g.deployVillain(v)
		case vDeployed:
			g.villainSearch(v, 0)
		}
		if g.over {
			return
		}
	}
}

// villainEvent draws and resolves a Villain Event.
func (g *Game) villainEvent() {
	id := g.villainEvents.Draw()
	if id < 0 {
		return
	}
	e := &g.c.VillainEvents[id]
	if g.trace != nil {
		g.logf("Villain Event: %s", e.Name)
	}
	if g.stats != nil {
		g.stats.draw(&e.Card)
	}
	first := int(g.order[0])
	kept := false
	switch e.VTarget {
	case "random-villain":
		// "In play" includes villains back at base.
		if len(g.coop.active) > 0 {
			v := g.villain(g.coop.active[g.vrand.Intn(len(g.coop.active))])
			prev := g.focus
			g.focus = v
			if e.Effect != nil && g.usable(first, &e.Card) {
				g.runCard(max(g.nearestHero(v.space), 0), e.Effect, &e.Card)
			}
			g.focus = prev
			if e.Remains {
				// It stays with the villain, even back at base (FAQ).
				v.remains = append(v.remains, id)
				kept = true
			}
		}
	case "heroes", "all-heroes":
		for seat := range g.heroes {
			if g.heroes[seat].ko || (e.VTarget == "heroes" && !g.usable(seat, &e.Card)) {
				continue
			}
			if e.Effect != nil {
				g.runCard(seat, e.Effect, &e.Card)
			}
		}
	default:
		if e.Effect != nil && g.usable(first, &e.Card) {
			g.runCard(first, e.Effect, &e.Card)
		}
	}
	if e.VileTactics {
		g.vileTactics()
	}
	if !kept {
		g.villainEvents.Discard(id)
		if e.Shuffle {
			g.villainEvents.Reshuffle()
		}
	}
}

// vileTactics rolls on the organization's tactics chart.
func (g *Game) vileTactics() {
	if g.coop.org < 0 {
		return
	}
	o := &g.c.Orgs[g.coop.org]
	r := g.roll()
	if g.trace != nil {
		g.logf("Vile Tactics (%d): %s", r, o.TacticText[r])
	}
	if g.stats != nil {
		g.stats.rule(RuleTactics)
	}
	if p := o.Tactics[r]; p != nil {
		g.runAs(max(int(g.order[0]), 0), p)
	}
}

// advanceTrack moves the villain track; the villains win at once when it
// reaches their goal.
func (g *Game) advanceTrack(n int) {
	if !g.coopVillains() {
		return
	}
	g.coop.track = max(g.coop.track+n, 0)
	if g.trace != nil && n != 0 {
		g.logf("the villain track moves to %d", g.coop.track)
	}
	if g.coop.track >= g.coop.trackGoal && g.coop.trackGoal > 0 && g.opt.Mode != Competitive {
		g.finish(-1, "track")
		g.result.Villains = true
	}
	if g.coop.track >= g.coop.trackGoal && g.coop.trackGoal > 0 && g.opt.Mode == Competitive {
		// The optional organization in the competitive game wins instead
		// of any hero.
		g.finish(-1, "track")
		g.result.Villains = true
	}
}

// checkCoopVictory: the heroes win at once, anywhere, when their shared
// Fortune reaches the goal.
func (g *Game) checkCoopVictory() {
	if (g.opt.Mode == Cooperative || g.opt.Mode == Solo) && g.coop.fortune >= g.coopGoal() {
		g.finish(int(g.order[0]), "fortune")
	}
}

// checkTeamVictory: a team with its Fortune whose heroes are all in any of
// the team's start cities at an end phase wins (the most Fortune, then
// Glory, on a tie).
func (g *Game) checkTeamVictory() {
	best, bestF, bestG := -1, -1, -1
	for team := range 8 {
		f := g.coop.teamFortune[team]
		if f < g.teamGoal(team) || g.teamGoal(team) == 0 {
			continue
		}
		home, glory := true, 0
		for seat := range g.heroes {
			h := &g.heroes[seat]
			if h.team != team {
				continue
			}
			glory += h.glory
			inStart := false
			for s := range g.heroes {
				if g.heroes[s].team == team && h.space == g.heroes[s].def.StartCity {
					inStart = true
				}
			}
			home = home && inStart && !h.ko
		}
		if home && (f > bestF || (f == bestF && glory > bestG)) {
			best, bestF, bestG = team, f, glory
		}
	}
	if best >= 0 {
		for seat := range g.heroes {
			if g.heroes[seat].team == best {
				g.finish(seat, "fortune")
				g.result.Team = best
				return
			}
		}
	}
}

// teamInitiative: each team adds its heroes' rolls; the highest team goes
// first (ties re-rolled); teams act in turn, heroes of a team together.
func (g *Game) teamInitiative() {
	var sums [8]int
	teams := 0
	for seat := range g.heroes {
		h := &g.heroes[seat]
		r := g.roll()
		if r <= g.c.Rules.FreeEventOn {
			g.drawEvents(seat, 1)
		}
		sums[h.team] += r
		teams = max(teams, h.team+1)
	}
	first := 0
	for tries := 0; tries < 16; tries++ {
		best, tied := -1, false
		for t := range teams {
			switch {
			case best < 0 || sums[t] > sums[best]:
				best, tied = t, false
			case sums[t] == sums[best]:
				tied = true
			}
		}
		first = best
		if !tied {
			break
		}
		for t := range teams {
			if sums[t] == sums[best] {
				sums[t] = g.roll()
			} else {
				sums[t] = 0
			}
		}
	}
	g.order = g.order[:0]
	for i := range teams {
		t := (first + i) % teams
		for seat := range g.heroes {
			if g.heroes[seat].team == t {
				g.order = append(g.order, int8(seat))
			}
		}
	}
	if g.trace != nil {
		g.logf("team %d goes first", first+1)
	}
	g.offerAll(TInitiative)
}

// units splits heroes hunting the same artifact: one unit each in the
// competitive game, everyone together in the cooperative game, one unit per
// team in the team game.
func (g *Game) units(group []int) [][]int {
	switch g.opt.Mode {
	case Cooperative, Solo:
		g.exchange(group)
		return [][]int{group}
	case Team:
		var out [][]int
		for _, s := range group {
			placed := false
			for i := range out {
				if g.h(out[i][0]).team == g.h(s).team {
					out[i] = append(out[i], s)
					placed = true
				}
			}
			if !placed {
				out = append(out, []int{s})
			}
		}
		for _, u := range out {
			g.exchange(u)
		}
		return out
	}
	out := make([][]int, len(group))
	for i, s := range group {
		out[i] = []int{s}
	}
	return out
}

// exchange lets heroes in a space trade (cooperative and team games): the
// healthiest carries the artifacts to market.
func (g *Game) exchange(seats []int) {
	if len(seats) < 2 {
		return
	}
	carrier := seats[0]
	for _, s := range seats {
		if g.health(g.h(s)) > g.health(g.h(carrier)) {
			carrier = s
		}
	}
	c := g.h(carrier)
	for _, s := range seats {
		h := g.h(s)
		if s == carrier || len(h.artifacts) == 0 {
			continue
		}
		c.artifacts = append(c.artifacts, h.artifacts...)
		h.artifacts = h.artifacts[:0]
		if g.stats != nil {
			g.stats.rule(RuleExchange)
		}
	}
}

// coopRecovered: working together, the healthiest hero of the space carries
// a recovered artifact.
func (g *Game) coopRecovered(h *Hero) {
	var here []int
	for seat := range g.heroes {
		if o := &g.heroes[seat]; !o.ko && o.space == h.space {
			here = append(here, seat)
		}
	}
	g.exchange(here)
}

// groupSpec resolves a test for a unit: for each clause the hero most
// likely to pass takes it, the others may exert to add dice.
func (g *Game) groupSpec(seats []int, spec *TestSpec, kw KW, cliff bool) bool {
	if len(seats) == 1 {
		return g.resolveSpec(seats[0], spec, kw, cliff)
	}
	if len(spec.Alts) == 0 {
		return true
	}
	best, bestP := 0, -1.0
	for ai := range spec.Alts {
		p := 1.0
		for ci := range spec.Alts[ai] {
			p *= g.bestChance(seats, &spec.Alts[ai][ci], kw, cliff)
		}
		if p > bestP {
			best, bestP = ai, p
		}
	}
	if g.stats != nil {
		g.stats.rule(RuleTogether)
	}
	alt := spec.Alts[best]
	for pass := 0; pass < 2; pass++ {
		for i := range alt {
			cl := &alt[i]
			isFight := cl.Kind == FightTest || cl.Kind == SneakTest
			if isFight != (pass == 1) {
				continue
			}
			ok := false
			switch cl.Kind {
			case FightTest:
				ok = g.fightClauseUnit(seats, cl)
			case SneakTest:
				ok = g.sneakGroup(seats, g.villainIn(g.h(seats[0]).space))
			default:
				taker := g.bestTaker(seats, cl, kw, cliff)
				prev := g.helpers
				g.helpers = seats
				ok = g.skillTest(taker, cl, kw, cliff)
				g.helpers = prev
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

func (g *Game) bestChance(seats []int, cl *Clause, kw KW, cliff bool) float64 {
	p := 0.0
	for _, s := range seats {
		if h := g.h(s); !h.ko {
			p = max(p, g.clauseChance(h, cl, kw, cliff))
		}
	}
	return p
}

func (g *Game) bestTaker(seats []int, cl *Clause, kw KW, cliff bool) int {
	best, bestP := seats[0], -1.0
	for _, s := range seats {
		if h := g.h(s); !h.ko {
			if p := g.clauseChance(h, cl, kw, cliff); p > bestP {
				best, bestP = s, p
			}
		}
	}
	return best
}

// sneakGroup: each hero picks a number, the dice are rolled once for
// everyone; each die showing a hero's number is a fight round for that hero.
func (g *Game) sneakGroup(seats []int, v *Villain) bool {
	if v == nil {
		return true
	}
	n := int(v.def.Search) + g.villainMod(v, StatSearch)
	var faces [7]int
	for range max(n, 0) {
		faces[g.roll()]++
	}
	all := true
	for _, s := range seats {
		h := g.h(s)
		if h.ko || v.space < 0 {
			continue
		}
		pick := h.bot.Intn(6) + 1
		if faces[pick] > 0 {
			all = false
			g.villainRounds(s, v, faces[pick])
		}
	}
	if g.stats != nil {
		g.stats.rule(RuleSneak)
	}
	return all
}

// placeOutpost puts an outpost of the organization on the board.
func (g *Game) placeOutpost(def int16) {
	op := &g.c.Outposts[def]
	var space int16 = -1
	if op.RandomCity {
		space = g.randomCity()
	} else if loc := g.drawLocation(nil); loc >= 0 {
		space = g.c.Locations[loc].Space
	}
	if space < 0 {
		return
	}
	g.coop.outposts = append(g.coop.outposts, outpost{def: def, space: space, live: true})
	if g.trace != nil {
		g.logf("%s is set up in %s", op.Name, g.c.Spaces[space].Name)
	}
}

// raidOutpost: a hero in an outpost's space may try to destroy it, for a
// villain artifact or the villains' Fortune and the track D3 back.
func (g *Game) raidOutpost(seat int) bool {
	h := g.h(seat)
	for i := range g.coop.outposts {
		op := &g.coop.outposts[i]
		if !op.live || op.space != h.space {
			continue
		}
		def := &g.c.Outposts[op.def]
		if h.policy != Random && (g.health(h) < 3 || g.specChance(h, &def.Destroy, def.Keywords) < 0.35) {
			return false
		}
		if g.trace != nil {
			g.logf("%s raids %s", h.def.Name, def.Name)
		}
		if !g.resolveSpec(seat, &def.Destroy, def.Keywords, false) || h.ko {
			return true
		}
		op.live = false
		if g.stats != nil {
			g.stats.rule(RuleOutpost)
		}
		if n := len(g.coop.loot); n > 0 {
			// Steal the most valuable villain artifact.
			best := 0
			for j, v := range g.coop.loot {
				if v > g.coop.loot[best] {
					best = j
				}
			}
			h.artifacts = append(h.artifacts, carried{art: -1, adv: -1, value: g.coop.loot[best]})
			g.coop.loot = append(g.coop.loot[:best], g.coop.loot[best+1:]...)
		} else {
			g.addFortune(h, g.coop.villainFortune)
			g.coop.villainFortune = 0
			back := 1 + (g.roll()-1)*max(g.c.Rules.OutpostTrackBack, 1)/6
			g.coop.track = max(g.coop.track-back, 0)
		}
		if g.trace != nil {
			g.logf("%s destroys %s!", h.def.Name, def.Name)
		}
		return true
	}
	return false
}

// occupy marks a random city as occupied (an Occupation or Hideout marker)
// and garrisons it with a henchman figure of the organization, which heroes
// must beat to do business there again. A figure used as a bodyguard is not
// free to garrison (FAQ); with none free, the track moves instead. A
// Mobster figure in the city is the Mob's turf: the Nazis cannot occupy it
// (FAQ).
func (g *Game) occupy(org int) {
	if org < 0 {
		return
	}
	city := g.randomCity()
	if city < 0 {
		return
	}
	if h := g.henchmen[city]; h != 0 && int(h)-1 != org {
		if g.trace != nil {
			g.logf("%s is %s turf: no Occupation", g.c.Spaces[city].Name, g.c.Orgs[h-1].Name)
		}
		if g.stats != nil {
			g.stats.rule(RuleTurf)
		}
		return
	}
	g.coop.occupied[city] = true
	if g.trace != nil {
		g.logf("%s is occupied", g.c.Spaces[city].Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleOccupation)
	}
	g.placeHenchman(org, city, true)
}
