package fng

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/deckwright/deckwright/engine/rng"
)

// coopState is the vile organization's side of the cooperative, solo and
// team games (and of the competitive game with the optional organization).
type coopState struct {
	fortune        int    // the heroes' shared Fortune (cooperative, solo)
	teamFortune    [8]int // each team's Fortune (team game)
	track          int
	villainFortune int
	artifacts      int       // artifacts the villains collected
	loot           []carried // the artifacts they hold, for heroes to steal back
	org            int       // the organization, -1 none
	active         []int16   // active villains, left to right
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

// singleHero reports the single-hero solo game: a cooperative (or solo)
// game with one hero is that game, and plays by its changes.
func (g *Game) singleHero() bool {
	return (g.opt.Mode == Solo || g.opt.Mode == Cooperative) && len(g.heroes) == 1
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
	g.result.Org = c.Orgs[org].ID
	n := len(g.heroes)
	row := c.Victory[min(max(n, 1), 8)]
	g.coop.fortuneGoal, g.coop.trackGoal = row.Fortune, row.Track
	villains := row.Villains
	if g.singleHero() {
		g.coop.fortuneGoal, g.coop.trackGoal, villains = c.Rules.SoloFortune, c.Rules.SoloTrack, c.Rules.SoloVillains
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
		var ids []string
		for _, idx := range g.coop.active {
			ids = append(ids, c.Villains[idx].ID)
		}
		g.emit(-1, "organization", c.Orgs[org].ID, map[string]any{"fortune_goal": g.coop.fortuneGoal, "track_goal": g.coop.trackGoal, "villains": ids},
			"%s: heroes need %d Fortune; the villains need %d on the track", c.Orgs[org].Name, g.coop.fortuneGoal, g.coop.trackGoal)
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
		if g.trace != nil && v.state != vDeployed {
			g.logVillain(v, "phase")
		}
		if g.over {
			return
		}
	}
}

// villainEvent draws and resolves a Villain Event.
func (g *Game) villainEvent() {
	id := g.draw(&g.villainEvents, -1, zonePlay, "villain-phase")
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
				g.move(&g.villainEvents, id, -1, zonePlay, zoneVillain, "remains")
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
		g.discard(&g.villainEvents, id, -1, zonePlay, "used")
		if e.Shuffle {
			g.reshuffle(&g.villainEvents)
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
		g.logDice(-1, "tactics", o.ID)
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
	g.moveTrack(n, "advance")
	// With the optional organization in the competitive and team games it
	// wins instead of any hero, just the same.
	if g.coop.trackGoal > 0 && g.coop.track >= g.coop.trackGoal && !g.over {
		g.finish(-1, "track")
		g.result.Villains = true
	}
}

// moveTrack moves the villain track by n (never below 0).
func (g *Game) moveTrack(n int, why string) {
	before := g.coop.track
	g.coop.track = max(g.coop.track+n, 0)
	if g.trace != nil && g.coop.track != before {
		g.emit(-1, "track", g.cardID(), map[string]any{"delta": g.coop.track - before, "total": g.coop.track, "why": why},
			"the villain track moves to %d", g.coop.track)
	}
}

// checkCoopVictory: the heroes win at once, anywhere, when their shared
// Fortune reaches the goal.
func (g *Game) checkCoopVictory() {
	if (g.opt.Mode == Cooperative || g.opt.Mode == Solo) && g.coopGoal() > 0 && g.coop.fortune >= g.coopGoal() {
		g.finish(int(g.order[0]), "fortune")
	}
}

// checkTeamVictory: a team with its Fortune whose heroes all stand (not
// KO'd) in any of the team's start cities at the end phase's victory check
// wins (the most Fortune, then Glory, on a tie).
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
	var rolls [8]int
	for seat := range g.heroes {
		h := &g.heroes[seat]
		r := g.roll()
		rolls[seat] = r
		if g.trace != nil {
			g.logDice(seat, "initiative", "")
		}
		if r <= g.c.Rules.FreeEventOn {
			if g.trace != nil {
				g.logf("%s rolls %d for initiative: a free Event", h.def.Name, r)
			}
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
		// The tied teams roll off, one die each.
		top := sums[best]
		for t := range teams {
			if sums[t] == top {
				sums[t] = g.roll()
				if g.trace != nil {
					g.logDice(-1, "roll-off", "team "+strconv.Itoa(t+1))
				}
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
		g.emit(-1, "initiative", "", map[string]any{"rolls": append([]int(nil), rolls[:len(g.heroes)]...), "first_team": first, "order": g.orderInts()},
			"team %d goes first", first+1)
	}
	g.offerAll(TInitiative)
}

// units splits heroes hunting the same artifact: one unit each in the
// competitive game, everyone together in the cooperative game, one unit per
// team in the team game.
func (g *Game) units(group []int) [][]int {
	out := g.unitSeats[:0]
	defer func() { g.unitSeats = out[:0] }()
	switch g.opt.Mode {
	case Cooperative, Solo:
		return append(out, group)
	case Team:
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
		return out
	}
	for i := range group {
		out = append(out, group[i:i+1:i+1])
	}
	return out
}

// side reports whether two heroes play on the same side: everyone in the
// cooperative and solo games, teammates in the team game.
func (g *Game) side(a, b *Hero) bool {
	switch g.opt.Mode {
	case Cooperative, Solo:
		return true
	case Team:
		return a.team == b.team
	}
	return a == b
}

// exchangeHere lets the hero and the heroes of its side standing in its
// space trade cards (see exchange).
func (g *Game) exchangeHere(h *Hero) {
	if !g.shared() {
		return
	}
	here := g.sideBuf[:0] // the Decider is asked about it: a stack array would escape
	for seat := range g.heroes {
		if o := &g.heroes[seat]; !o.ko && o.space == h.space && g.side(o, h) && len(here) < len(g.sideBuf) {
			here = append(here, seat)
		}
	}
	g.exchange(h, here)
}

// exchange lets heroes of a side in a space trade Artifacts, Common Items,
// Gear and Allies (never Events, City cards or Glory): h chooses who
// carries the artifacts, each hero whom to hand each of its items to.
// Immobile allies are not with their hero and stay put.
func (g *Game) exchange(h *Hero, seats []int) {
	if len(seats) < 2 {
		return
	}
	if carrier := h.dec.Carrier(g, h, seats); carrier >= 0 {
		if carrier != h.seat && !slices.Contains(seats, carrier) {
			panic(fmt.Sprintf("decider: %s has seat %d carry the artifacts, not one of %v", h.def.Name, carrier, seats))
		}
		g.carryAll(seats, carrier)
	}
	for _, s := range seats {
		h := g.h(s)
		for i := 0; i < len(h.items); i++ {
			id := h.items[i]
			it := &g.c.Items[id]
			if it.Location >= 0 {
				continue
			}
			j := h.dec.Pass(g, h, seats, id)
			if j < 0 {
				continue
			}
			if j == s || !slices.Contains(seats, j) || !g.hasRoom(g.h(j), it) {
				panic(fmt.Sprintf("decider: %s hands %s to seat %d", h.def.Name, it.Name, j))
			}
			to := g.h(j)
			to.items = append(to.items, id)
			to.activated = append(to.activated, h.activated[i])
			h.items = append(h.items[:i], h.items[i+1:]...)
			h.activated = append(h.activated[:i], h.activated[i+1:]...)
			i--
			h.recompute(g)
			to.recompute(g)
			if g.trace != nil {
				g.logCard(s, g.itemDeck(id), &it.Card, zoneItems(s), zoneItems(to.seat), "exchange")
				g.logf("%s hands %s to %s", h.def.Name, it.Name, to.def.Name)
			}
			if g.stats != nil {
				g.stats.rule(RuleExchange)
			}
		}
	}
}

// carryAll hands every artifact the heroes of seats carry to carrier.
func (g *Game) carryAll(seats []int, carrier int) {
	c := g.h(carrier)
	for _, s := range seats {
		h := g.h(s)
		if s == carrier || len(h.artifacts) == 0 {
			continue
		}
		if g.trace != nil {
			for _, a := range h.artifacts {
				g.logCarried(a, zoneCarried(s), zoneCarried(carrier), "exchange")
			}
		}
		c.artifacts = append(c.artifacts, h.artifacts...)
		h.artifacts = h.artifacts[:0]
		g.worthChanged()
		if g.stats != nil {
			g.stats.rule(RuleExchange)
		}
	}
}

// hasRoom reports whether a hero may take one more of an item within the
// Gear, Allies and Sidekick limits.
func (g *Game) hasRoom(h *Hero, it *ItemDef) bool {
	R := &g.c.Rules
	if it.Ally {
		if g.allyCount(h) >= R.AllyLimit {
			return false
		}
	} else if g.gearCount(h) >= R.GearLimit {
		return false
	}
	if it.Sidekick {
		n := 0
		for _, id := range h.items {
			if g.c.Items[id].Sidekick {
				n++
			}
		}
		return n < R.SidekickLimit
	}
	return true
}

// coopRecovered: the heroes of the side in the space decide who carries a
// recovered artifact (see exchange).
func (g *Game) coopRecovered(h *Hero) { g.exchangeHere(h) }

// groupSpec resolves a test for a unit: for each clause the hero most
// likely to pass takes it, the others may exert to add dice.
func (g *Game) groupSpec(seats []int, spec *TestSpec, kw KW, cliff bool) bool {
	if len(seats) == 1 {
		return g.resolveSpec(seats[0], spec, kw, cliff)
	}
	if len(spec.Alts) == 0 {
		g.altFight = false
		return true
	}
	lead := g.h(seats[0])
	best := 0
	if len(spec.Alts) > 1 {
		best = lead.dec.GroupOption(g, lead, seats, spec, kw, cliff)
	}
	if g.stats != nil {
		g.stats.rule(RuleTogether)
	}
	alt := spec.Alts[best]
	fight := hasFight(alt)
	defer func() { g.altFight = fight }()
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
				taker := lead.dec.GroupTaker(g, lead, seats, cl, kw, cliff)
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

// sneakGroup: each hero picks a number and the villain's dice are rolled
// once for everyone; each die showing a hero's number is a fight round for
// that hero. A hero whose cards change the dice that spot them counts only
// the first of the dice as many as their own sneak test would roll (the
// group rolls for the most of them). It passes when nobody is spotted.
func (g *Game) sneakGroup(seats []int, v *Villain) bool {
	if v == nil {
		return true
	}
	if len(seats) == 1 {
		return g.sneakTest(seats[0], v, false)
	}
	var picks, counts [8]int
	var faces [32]int8
	most := 0
	for i, s := range seats {
		h := g.h(s)
		if i >= len(picks) || h.ko {
			continue
		}
		picks[i] = g.sneakPick(h)
		counts[i] = min(max(g.sneakDice(h, v), 0), len(faces))
		most = max(most, counts[i])
	}
	for i := range most {
		faces[i] = int8(g.roll())
	}
	if g.trace != nil {
		g.logDice(-1, "sneak", v.def.ID)
		g.logf("the heroes sneak past %s: the dice show %v", v.def.Name, faces[:most])
	}
	all := true
	for i, s := range seats {
		h := g.h(s)
		if i >= len(picks) || h.ko || v.space < 0 {
			continue
		}
		found := 0
		for _, f := range faces[:counts[i]] {
			if int(f) == picks[i] {
				found++
			}
		}
		if g.trace != nil {
			g.logMods(h, StatSneak, KW{}, "sneak")
			g.emit(s, "sneak", v.def.ID, map[string]any{"pick": picks[i], "dice": counts[i], "spotted": found, "search": int(v.def.Search),
				"villain_mods": g.villainMod(v, StatSearch) + g.villainMod(v, StatSneak)},
				"  %s, sneaking on %d, is spotted %d times", h.def.Name, picks[i], found)
		}
		if found > 0 {
			all = false
			g.villainRounds(s, v, found)
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
		g.emit(-1, "outpost", op.ID, map[string]any{"index": len(g.coop.outposts) - 1, "space": g.c.Spaces[space].ID, "live": 1},
			"%s is set up in %s", op.Name, g.c.Spaces[space].Name)
	}
}

// raidOutpost: a hero in an outpost's space may try to destroy it, for a
// villain artifact or the villains' Fortune and the track D3 back. It is
// the hero's whole adventure this turn, wherever the outpost stands: in
// place of the wilderness roll, the City card and business in town, or the
// hunt for an artifact in the space (the bot decides, raidChoice). Passing
// the Destroy test with the fight round that KOs the hero still destroys it
// (as the FAQ rules for the War Zeppelin); escaping its guards fails it
// (as aboard the zeppelin: only a Danger's Fight option is overcome by an
// escape). It reports whether the hero raided.
func (g *Game) raidOutpost(seat int) bool {
	h := g.h(seat)
	i := h.dec.Raid(g, h)
	if i < 0 {
		return false
	}
	if i >= len(g.coop.outposts) || !g.coop.outposts[i].live || g.coop.outposts[i].space != h.space {
		panic(fmt.Sprintf("decider: %s raids outpost %d, not one live in its space", h.def.Name, i))
	}
	op := &g.coop.outposts[i]
	def := &g.c.Outposts[op.def]
	if g.trace != nil {
		g.emit(seat, "raid", def.ID, map[string]any{"index": i, "space": g.c.Spaces[op.space].ID, "test": def.Destroy.String()},
			"%s raids %s", h.def.Name, def.Name)
	}
	prev := g.mustWin
	g.mustWin = true
	passed := g.resolveSpec(seat, &def.Destroy, def.Keywords, false)
	g.mustWin = prev
	if !passed {
		return true
	}
	op.live = false
	if g.stats != nil {
		g.stats.rule(RuleOutpost)
	}
	if g.trace != nil {
		g.emit(seat, "outpost", def.ID, map[string]any{"index": i, "space": g.c.Spaces[op.space].ID, "live": 0},
			"%s destroys %s!", h.def.Name, def.Name)
	}
	g.outpostReward(h)
	return true
}

// outpostReward: destroying an outpost (or the War Zeppelin) lets the hero
// either steal one of the villains' artifacts, or take their Fortune and
// move the track D3 back (never below 0), as the hero chooses.
func (g *Game) outpostReward(h *Hero) {
	if best := h.dec.Reward(g, h); best >= 0 {
		if best >= len(g.coop.loot) {
			panic(fmt.Sprintf("decider: %s takes back artifact %d of %d", h.def.Name, best, len(g.coop.loot)))
		}
		a := g.coop.loot[best]
		g.coop.loot = append(g.coop.loot[:best], g.coop.loot[best+1:]...)
		if g.trace != nil {
			g.logf("%s takes back an artifact the villains held", h.def.Name)
			g.logCarried(a, zoneLoot, zoneCarried(h.seat), "outpost")
		}
		h.artifacts = append(h.artifacts, a)
		g.worthChanged()
		if h.ko {
			// Won in the fight round that KO'd the hero: like an artifact
			// recovered so (FAQ), it is then rolled for.
			g.keepRoll(h)
		}
		return
	}
	took := g.coop.villainFortune
	g.addVillainFortune(-took, "outpost")
	back := 1 + (g.roll()-1)*max(g.c.Rules.OutpostTrackBack, 1)/6
	if g.trace != nil {
		g.logDice(h.seat, "track-back", "")
	}
	g.moveTrack(-back, "outpost")
	if g.trace != nil {
		g.logf("%s takes the villains' %d Fortune; the track falls back to %d", h.def.Name, took, g.coop.track)
	}
	g.addFortune(h, took, "outpost")
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
	if g.stats != nil {
		g.stats.rule(RuleOccupation)
	}
	g.placeHenchman(org, city, true)
	// The marker stands with its garrison: with no figure free the track
	// moved instead, and a hero there who beat the garrison at once kept
	// the city free.
	g.coop.occupied[city] = g.henchmen[city] == int8(org+1)
	if g.trace != nil && g.coop.occupied[city] {
		g.emit(-1, "occupy", g.c.Orgs[org].ID, map[string]any{"space": g.c.Spaces[city].ID}, "%s is occupied", g.c.Spaces[city].Name)
	}
}
