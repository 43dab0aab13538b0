package fng

// adventurePhase lets every hero adventure in turn order. Heroes hunting
// the same artifact adventure together: racing in the competitive game,
// working together in the cooperative one.
func (g *Game) adventurePhase() {
	var done [8]bool
	for seat := range g.heroes {
		g.heroes[seat].pending = 0
	}
	if g.opt.Mode == Team {
		// Each team chooses in what order its heroes adventure.
		g.eachTeam(func([]int8) {})
	}
	for _, s := range g.order {
		seat := int(s)
		if done[seat] {
			continue
		}
		done[seat] = true
		h := g.h(seat)
		if h.ko {
			continue
		}
		g.cur = seat
		g.offer(seat, TAdventure)
		if h.ko || g.over {
			continue
		}
		// Heroes of a side in the same space may trade cards first.
		g.exchangeHere(h)
		if !h.cliff.active && g.boardZeppelin(seat) {
			// Sneaking aboard the zeppelin, from any space, is the hero's
			// adventure this turn.
			if g.over {
				return
			}
			continue
		}
		if !h.cliff.active && g.raidOutpost(seat) {
			// Destroying an outpost is the hero's adventure this turn,
			// wherever it stands (a city, an artifact's space included).
			if g.over {
				return
			}
			continue
		}
		switch {
		case h.cliff.active && h.cliff.card < 0:
			g.cityAdventure(seat)
		case h.cliff.active || g.siteAt(h.space) >= 0:
			group := append(g.groupBuf[:0], seat)
			for _, o := range g.order {
				other := int(o)
				oh := g.h(other)
				// A rival there joins the hunt (or the cliffhanger's
				// aftermath) only if there is something to hunt for them.
				if !done[other] && !oh.ko && oh.space == h.space && (oh.cliff.active || g.siteAt(h.space) >= 0) {
					group = append(group, other)
					done[other] = true
				}
			}
			g.race(g.units(group))
			g.groupBuf = group[:0]
		case g.c.Spaces[h.space].Kind == City:
			g.cityAdventure(seat)
		default:
			g.wilderness(seat)
		}
		if g.over {
			return
		}
	}
}

// noArtifactTurn is a hero's Adventure Phase in a space without an
// artifact: business in a city, else the wilderness roll.
func (g *Game) noArtifactTurn(seat int) {
	if h := g.h(seat); h.ko || g.over {
		return
	}
	g.cur = seat
	if g.c.Spaces[g.h(seat).space].Kind == City {
		g.cityAdventure(seat)
		return
	}
	g.wilderness(seat)
}

// wilderness: a land or sea space without an artifact — a roll draws an
// Event on a high face and starts a fight with the Enemies deck on a 1.
func (g *Game) wilderness(seat int) {
	h := g.h(seat)
	r := g.roll()
	if g.trace != nil {
		g.logDice(seat, "wilderness", "")
	}
	switch {
	case r >= g.c.Rules.EventOn:
		if g.trace != nil {
			g.logf("%s travels (%d): an Event", h.def.Name, r)
		}
		g.drawEvents(seat, 1)
	case r <= g.c.Rules.EnemyOn:
		if g.trace != nil {
			g.logf("%s travels (%d): attacked!", h.def.Name, r)
		}
		g.fightDrawn([]int{seat}, false, -1)
	default:
		if g.trace != nil {
			g.logf("%s travels (%d): uneventful", h.def.Name, r)
		}
	}
}

// unit is a hero, or heroes working together, hunting an artifact. In the
// competitive game every hero is its own unit and units race; in the
// cooperative game the heroes in a space form one unit; in the team game,
// each team's heroes there do.
type unit struct {
	seats  []int
	active bool
	first  bool
	site   int // the site hunted, -1 once it is gone
}

// race runs units hunting the same artifact. Each overcomes one Danger at a
// time; a unit that presses on waits while the next in turn order draws
// theirs. A unit that committed to press on must still face one more Danger
// if another recovers the artifact first.
func (g *Game) race(groups [][]int) {
	us := g.unitBuf[:0]
	defer func() { g.unitBuf = us[:0] }()
	for _, seats := range groups {
		us = append(us, unit{seats: seats, active: true, first: true, site: g.siteAt(g.h(seats[0]).space)})
	}
	if len(us) > 1 && g.stats != nil {
		g.stats.rule(RuleRace)
	}
	for rounds := 0; rounds < 64; rounds++ {
		any := false
		for i := range us {
			u := &us[i]
			if !u.active {
				continue
			}
			any = true
			u.active = g.unitStep(u)
			if g.over {
				return
			}
		}
		if !any {
			return
		}
	}
}

// standing drops KO'd heroes from a unit.
func (g *Game) standing(u *unit) {
	kept := u.seats[:0]
	for _, s := range u.seats {
		if !g.h(s).ko {
			kept = append(kept, s)
		}
	}
	u.seats = kept
}

// unitStep takes a unit's next step; it reports whether the unit presses on.
func (g *Game) unitStep(u *unit) bool {
	g.standing(u)
	if len(u.seats) == 0 {
		return false
	}
	lead := g.h(u.seats[0])
	g.cur = u.seats[0]
	if u.site >= 0 && !g.sites[u.site].live {
		if g.sites[u.site].collapsed {
			return false // a collapse ends every hunt there, even a committed one
		}
		u.site = -1
	}
	if u.site >= 0 {
		// A rival's Danger may have driven a racer off (the henchman it
		// brought fought everyone in the space).
		if g.drivenOff(u); len(u.seats) == 0 {
			return false
		}
		lead = g.h(u.seats[0])
		g.cur = u.seats[0]
	}
	if u.first {
		if c := g.inCliffhanger(u.seats); c >= 0 {
			return g.cliffhangerFirst(u, c)
		}
		u.first = false
		if u.site < 0 {
			// A rival recovered the artifact before these heroes drew a
			// Danger: their Adventure Phase is that of a space without
			// one ("What you get to do depends on the type of Space you
			// are in").
			for _, s := range u.seats {
				g.noArtifactTurn(s)
			}
			return false
		}
		if !lead.dec.Adventure(g, lead, u.site) {
			return false
		}
		for _, s := range u.seats {
			h := g.h(s)
			if h.progress != int16(u.site) {
				g.loseProgress(h)
				h.progress = int16(u.site)
			}
		}
		if !g.found(lead, u.site) {
			return false
		}
		for _, s := range u.seats[1:] {
			g.h(s).found = true
		}
		if g.finalFoe(u.site) != nil {
			// Markers at the Danger value: the final fight they escaped
			// (or fell in) before comes first, not another Danger.
			dangers := int(g.c.Adventures[g.sites[u.site].adv].Dangers)
			for _, s := range u.seats {
				if g.h(s).markers >= dangers {
					g.finalFight(u.seats, u.site)
					return false
				}
			}
		}
	}
	if u.site < 0 {
		// The artifact is gone, but the unit committed to one more Danger:
		// surviving it, the heroes make camp with this turn's Glory;
		// failing it, they are in its cliffhanger like any other.
		if g.faceDanger(u.seats, -1) {
			for _, s := range u.seats {
				if h := g.h(s); !h.ko {
					g.camp(h)
				}
			}
		}
		return false
	}
	if !g.faceDanger(u.seats, u.site) {
		return false
	}
	g.standing(u)
	g.drivenOff(u)
	if len(u.seats) == 0 || !g.sites[u.site].live {
		return false
	}
	return g.unitOvercome(u)
}

// drivenOff ends the hunt of heroes a Danger moved out of the artifact's
// space (escaping a henchman figure it brought: "you must immediately move
// to an adjacent Space"). Leaving, they lost their danger markers; they
// take no marker and no Temple coin for the Danger, and hunt no more this
// turn; having failed nothing, they keep the turn's Glory. A hero in a
// cliffhanger still faces it, wherever it stands.
func (g *Game) drivenOff(u *unit) {
	space := g.sites[u.site].space
	kept := u.seats[:0]
	for _, s := range u.seats {
		h := g.h(s)
		if h.space == space || h.cliff.active {
			kept = append(kept, s)
			continue
		}
		if g.trace != nil {
			g.emit(s, "driven-off", "", map[string]any{"glory": h.pending, "site": u.site},
				"%s is driven off the adventure: +%d Glory", h.def.Name, h.pending)
		}
		g.gainGlory(h, h.pending, "dangers")
		h.pending = 0
	}
	u.seats = kept
}

// unitOvercome records a Danger overcome by the unit; those who camp leave
// it. It reports whether anyone presses on.
//
// Heroes working together overcame one Danger: at a Temple that is one
// Fortune coin and one marker on its pile (the rulebook gives each of them
// the full Glory, nothing more); elsewhere each takes a danger marker, and
// the first to reach the Danger value recovers the artifact for them all,
// everyone collecting the turn's Glory. Then each camps or presses on on
// their own; those pressing on sneak past a villain with one roll.
func (g *Game) unitOvercome(u *unit) bool {
	site := u.site
	if len(u.seats) == 1 {
		if !g.overcome(g.h(u.seats[0]), site) {
			u.seats = u.seats[:0]
		}
		return len(u.seats) > 0 && g.sites[site].live
	}
	s := &g.sites[site]
	left := 0
	if g.isTemple(site) {
		if g.templeDanger(g.h(u.seats[0]), site) {
			g.sharedGlory(u.seats)
			return false
		}
		left = s.coins
	} else {
		dangers := int(g.c.Adventures[s.adv].Dangers)
		var lead *Hero
		for _, seat := range u.seats {
			h := g.h(seat)
			h.markers++
			if g.trace != nil {
				g.logMarkers(h, site)
			}
			if lead == nil || h.markers > lead.markers {
				lead = h
			}
		}
		if lead.markers >= dangers {
			g.collect(u.seats, site)
			return false
		}
		left = dangers - lead.markers
	}
	pressing := u.seats[:0]
	for _, seat := range u.seats {
		if h := g.h(seat); h.dec.PressOn(g, h, site, left) {
			pressing = append(pressing, seat)
		} else {
			g.camp(h)
		}
	}
	u.seats = pressing
	if len(pressing) == 0 {
		return false
	}
	if g.stats != nil {
		g.stats.rule(RulePressOn)
	}
	if v := g.villainAt(site); v != nil {
		if len(pressing) == 1 {
			g.sneakTest(pressing[0], v, true)
		} else {
			g.sneakGroup(pressing, v)
		}
		g.standing(u)
	}
	return len(u.seats) > 0 && g.sites[site].live
}

// sharedGlory: when heroes working together end the hunt (recovering the
// artifact or its Treasure), each collects the Glory of the turn.
func (g *Game) sharedGlory(seats []int) {
	for _, seat := range seats {
		if h := g.h(seat); !h.ko && h.pending > 0 {
			g.gainGlory(h, h.pending, "dangers")
			h.pending = 0
		}
	}
}

// inCliffhanger returns the first of seats in a cliffhanger, or -1.
func (g *Game) inCliffhanger(seats []int) int {
	for _, s := range seats {
		if g.h(s).cliff.active {
			return s
		}
	}
	return -1
}

// cliffhangerFirst: a hero in a cliffhanger must overcome it "instead of
// moving on to the next Danger" before anything else this turn, whoever
// leads its unit in turn order. The heroes who share that cliffhanger (seat
// c's card) face it; passing gives each its Glory and a danger marker, then
// each camps or presses on. The unit's other heroes took no part in it:
// they join those who press on, or start their own turn there if none do
// (a hero in another cliffhanger faces that one first). It reports whether
// the unit goes on.
func (g *Game) cliffhangerFirst(u *unit, c int) bool {
	lead := g.h(c)
	at := lead.cliff.site
	// Those who share the cliffhanger first, the others after, in place
	// (the hunt loop allocates nothing).
	var others [8]int
	n, k, r := len(u.seats), 0, 0
	for _, s := range u.seats {
		if h := g.h(s); h.cliff.active && h.cliff.card == lead.cliff.card && h.cliff.city == lead.cliff.city {
			u.seats[k] = s
			k++
		} else if r < len(others) {
			others[r] = s
			r++
		}
	}
	copy(u.seats[k:], others[:r])
	g.cur = c
	in := unit{seats: u.seats[:k], site: u.site}
	going := 0
	// Its artifact gone (another artifact may have come to the space since),
	// the cliffhanger's Glory is all there is.
	if g.unitCliffhanger(&in) && u.site >= 0 && int16(u.site) == at {
		if g.drivenOff(&in); len(in.seats) > 0 && g.unitOvercome(&in) {
			going = len(in.seats) // in.seats is u.seats[:going]
		}
	}
	copy(u.seats[going:], u.seats[k:n])
	u.seats = u.seats[:going+n-k]
	g.standing(u)
	if g.over || len(u.seats) == 0 || u.site < 0 || !g.sites[u.site].live {
		return false
	}
	rest := u.seats[min(going, len(u.seats)):]
	if going == 0 || g.inCliffhanger(rest) >= 0 {
		return true // u.first stays: the others' turn starts at the next step
	}
	u.first = false
	for _, s := range rest {
		h := g.h(s)
		if h.progress != int16(u.site) {
			g.loseProgress(h)
			h.progress = int16(u.site)
		}
		h.found = true // the heroes they join found the adventure
	}
	return true
}

// unitCliffhanger resolves a cliffhanger the unit's heroes share: they face
// it together (one takes the test, the others may exert to help); failing
// KOs them all. It reports whether it was passed with someone standing.
func (g *Game) unitCliffhanger(u *unit) bool {
	lead := g.h(u.seats[0])
	if len(u.seats) == 1 {
		return g.resolveCliffhanger(u.seats[0])
	}
	with := u.seats
	d := lead.cliff.danger
	prevDanger, prevFlipped := g.danger, g.flipped
	g.danger, g.flipped = d, true // the card is face down: its Cliffhanger side
	defer func() { g.danger, g.flipped = prevDanger, prevFlipped }()
	if g.trace != nil {
		g.emit(with[0], "cliffhanger-test", d.ID, map[string]any{"test": d.CliffTest.String(), "glory": int(d.CliffGlory), "seats": append([]int(nil), with...)},
			"the heroes face the cliffhanger %s (%s)", d.CliffName, d.CliffTest)
	}
	if d.CliffEffect != nil {
		g.runCard(with[0], d.CliffEffect, &d.Card)
	}
	passed := g.groupSpec(with, &d.CliffTest, d.CliffKW, true)
	for _, s := range with {
		h := g.h(s)
		ko := h.ko
		if ko || passed {
			g.endCliffhanger(h)
		}
		if ko {
			continue
		}
		if !passed {
			g.knockOutFailed(s) // which ends its cliffhanger
			continue
		}
		g.gainGlory(h, g.specGlory(d.CliffGlory), "cliffhanger")
	}
	g.standing(u)
	return passed && len(u.seats) > 0
}

// found explores a deep jungle: one more die each turn until a die finds
// the adventure. Other spaces need no exploring.
func (g *Game) found(h *Hero, site int) bool {
	s := &g.sites[site]
	if !g.opt.Advanced || !g.c.Spaces[s.space].DeepJungle || h.found {
		return true
	}
	h.explore++
	for range h.explore {
		if g.roll() >= g.c.Rules.ExploreOn {
			h.found, h.explore = true, 0
			if g.trace != nil {
				g.logDice(h.seat, "explore", "")
				g.emit(h.seat, "explore", "", map[string]any{"found": 1, "markers": 0}, "%s finds the way through the jungle", h.def.Name)
			}
			if g.stats != nil {
				g.stats.rule(RuleExplore)
			}
			return true
		}
	}
	if g.trace != nil {
		g.logDice(h.seat, "explore", "")
		g.emit(h.seat, "explore", "", map[string]any{"found": 0, "markers": h.explore}, "%s is lost in the jungle (%d exploration markers)", h.def.Name, h.explore)
	}
	return false
}

// returnDanger puts a Danger card back: shuffled straight back in, or, drawn
// from the bottom, back on top of the deck so that every Danger comes up
// before any repeats.
func (g *Game) returnDanger(id int16, seat int, from string) {
	if g.opt.Dangers == DrawFromBottom {
		g.dangers.Tuck(id)
		g.move(&g.dangers, id, seat, from, zoneDeck, "return")
		return
	}
	g.discard(&g.dangers, id, seat, from, "return")
}

// drawDanger draws from the Dangers deck in the rulebook mode chosen.
func (g *Game) drawDanger(seat int) int16 {
	if g.opt.Dangers == ShuffleEachDraw {
		if g.trace != nil && g.dangers.Discarded() > 0 {
			g.logReshuffle(&g.dangers) // shuffled back in before each draw
		}
		id := g.dangers.DrawAny()
		g.move(&g.dangers, id, seat, zoneDeck, zonePlay, "face")
		return id
	}
	return g.draw(&g.dangers, seat, zonePlay, "face")
}

// faceDanger draws a Danger for a unit and resolves it. It reports whether
// the unit overcame it; a failed Danger becomes everyone's cliffhanger.
func (g *Game) faceDanger(seats []int, site int) bool {
	seat := seats[0]
	h := g.h(seat)
	id := g.drawDanger(seat)
	if id < 0 {
		return true
	}
	d := &g.c.Dangers[id]
	prevDanger, prevFlipped := g.danger, g.flipped
	g.danger, g.flipped = d, false // Danger side up: nobody looks at the back
	defer func() { g.danger, g.flipped = prevDanger, prevFlipped }()
	if g.trace != nil {
		g.emit(seat, "danger", d.ID, map[string]any{"test": d.Test.String(), "glory": int(d.Glory), "seats": append([]int(nil), seats...), "site": site},
			"%s faces %s (%s)", h.def.Name, d.Name, d.Test)
	}
	if g.stats != nil {
		g.stats.drew(&d.Card, seats...)
		g.stats.rule(RuleDanger)
	}
	g.skip = false
	g.specialEffect(h, site, "danger")
	if d.Effect != nil {
		g.runCard(seat, d.Effect, &d.Card)
	}
	if !h.ko {
		g.offer(seat, TDanger)
	}
	if g.skip {
		g.skip = false
		g.returnDanger(id, seat, zonePlay)
		return !h.ko
	}
	var marks [8]int // danger markers before the test (a KO discards them)
	for i, s := range seats {
		marks[i] = g.h(s).markers
	}
	passed := !h.ko && g.groupSpec(seats, &d.Test, d.Keywords, false)
	if g.stats != nil {
		g.stats.faced(&d.Card, passed)
	}
	allKO := true
	for _, s := range seats {
		allKO = allKO && g.h(s).ko
	}
	if allKO {
		g.returnDanger(id, seat, zonePlay)
		switch {
		case !passed || site < 0:
		case g.isTemple(site):
			g.templeWhileKOd(h, site) // one coin a Danger, also for heroes working together
		default:
			for i, s := range seats {
				g.wonWhileKOd(g.h(s), site, marks[i])
			}
		}
		return false
	}
	if passed {
		glory := g.specGlory(d.Glory)
		for _, s := range seats {
			g.h(s).pending += glory
		}
		if g.trace != nil {
			g.emit(seat, "overcome", d.ID, map[string]any{"glory": glory, "seats": append([]int(nil), seats...)},
				"  %s overcomes %s (%d Glory pending)", h.def.Name, d.Name, glory)
		}
		g.returnDanger(id, seat, zonePlay)
		return true
	}
	// Failed: the turn ends and the card flips to its Cliffhanger. Glory of
	// Dangers overcome this turn is lost.
	g.avoid = false
	g.offer(seat, TCliffhanger)
	if g.avoid {
		g.avoid = false
		g.returnDanger(id, seat, zonePlay)
		for _, s := range seats {
			g.h(s).pending = 0
		}
		return false
	}
	var in []int
	for _, s := range seats {
		o := g.h(s)
		if o.ko {
			continue
		}
		o.pending = 0
		o.cliff = cliffhanger{active: true, danger: d, card: id, city: -1, site: int16(site)}
		if g.trace != nil {
			in = append(in, s)
		}
	}
	if g.trace != nil {
		g.move(&g.dangers, id, seat, zonePlay, zoneCliff, "failed")
		g.emit(seat, "reveal", d.ID, map[string]any{"what": "cliffhanger", "name": d.CliffName, "test": d.CliffTest.String(), "seats": in},
			"%s is in a cliffhanger: %s!", h.def.Name, d.CliffName)
	}
	if g.stats != nil {
		g.stats.rule(RuleCliffhanger)
	}
	g.specialEffect(h, site, "cliffhanger")
	if g.isTemple(site) {
		// A cliffhanger at a Temple clears its danger pile and adds
		// instability at once (in the German variant the roll adds it).
		s := &g.sites[site]
		s.markers = 0
		if !g.opt.Variants.GermanCollapse {
			s.instability++
		}
		if g.trace != nil {
			g.logTemple(site, "cliffhanger")
		}
		g.collapseRoll(site, true)
	}
	return false
}

// resolveCliffhanger faces a hero's cliffhanger — a Danger's back, or the
// cliffhanger printed on a City Danger: pass for its Glory (and, at an
// artifact, a danger marker the caller gives), fail and be KO'd.
func (g *Game) resolveCliffhanger(seat int) bool {
	h := g.h(seat)
	cl := h.cliff
	d := cl.danger
	prevDanger, prevFlipped := g.danger, g.flipped
	g.danger, g.flipped = d, true // the card is face down: its Cliffhanger side
	defer func() { g.danger, g.flipped = prevDanger, prevFlipped }()
	if g.trace != nil {
		g.emit(seat, "cliffhanger-test", d.ID, map[string]any{"test": d.CliffTest.String(), "glory": int(d.CliffGlory), "seats": []int{seat}},
			"%s faces the cliffhanger %s (%s)", h.def.Name, d.CliffName, d.CliffTest)
	}
	if d.CliffEffect != nil {
		g.runCard(seat, d.CliffEffect, &d.Card)
	}
	passed := !h.ko && g.resolveSpec(seat, &d.CliffTest, d.CliffKW, true)
	if h.ko {
		return false
	}
	if !passed {
		g.knockOutFailed(seat) // which ends the cliffhanger
		return false
	}
	g.endCliffhanger(h)
	g.gainGlory(h, g.specGlory(d.CliffGlory), "cliffhanger")
	return true
}

func (g *Game) isTemple(site int) bool {
	return site >= 0 && g.opt.Advanced && g.c.Artifacts[g.sites[site].art].Temple
}

// overcome records a Danger overcome at a site: a danger marker (on a
// Temple, on its shared pile, and a Fortune coin), recovery when the
// markers reach the Danger value, else the choice to press on or camp.
// It reports whether the hero presses on.
func (g *Game) overcome(h *Hero, site int) bool {
	s := &g.sites[site]
	dangers := int(g.c.Adventures[s.adv].Dangers)
	if g.isTemple(site) {
		if g.templeDanger(h, site) {
			return false
		}
		return g.campOrPress(h, site, s.coins)
	}
	h.markers++
	if g.trace != nil {
		g.logMarkers(h, site)
	}
	if h.markers >= dangers {
		g.collect([]int{h.seat}, site)
		return false
	}
	return g.campOrPress(h, site, dangers-h.markers)
}

// templeDanger records a Danger overcome at a Temple: the hero takes a
// Fortune coin (the last one with the Temple Treasure) and a danger marker
// goes on its pile; a full pile becomes an instability marker and a roll
// for collapse (in the German quick rules' variant it does not). It
// reports whether the hunt is over.
func (g *Game) templeDanger(h *Hero, site int) bool {
	s := &g.sites[site]
	take := min(g.c.Rules.TempleFortunePerDanger, s.coins)
	s.coins -= take
	g.addFortune(h, take, "temple")
	if g.stats != nil {
		g.stats.rule(RuleTemple)
	}
	if s.coins <= 0 {
		if g.trace != nil {
			g.logTemple(site, "coin")
		}
		g.takeTreasure(h, site)
		return true
	}
	if !g.opt.Variants.GermanCollapse {
		s.markers++
		if s.markers >= int(g.c.Adventures[s.adv].Dangers) {
			s.markers = 0
			s.instability++
		}
	}
	if g.trace != nil {
		g.logTemple(site, "coin")
	}
	if s.markers == 0 && !g.opt.Variants.GermanCollapse && g.collapseRoll(site, false) {
		return true
	}
	return false
}

// campOrPress: camping collects the turn's Glory and fully heals; pressing
// on past a villain needs a sneak test.
func (g *Game) campOrPress(h *Hero, site, left int) bool {
	if !h.dec.PressOn(g, h, site, left) {
		g.camp(h)
		return false
	}
	if g.stats != nil {
		g.stats.rule(RulePressOn)
	}
	if v := g.villainAt(site); v != nil {
		g.sneakTest(h.seat, v, true)
		if h.ko {
			return false
		}
	}
	return true
}

func (g *Game) camp(h *Hero) {
	if g.trace != nil {
		g.emit(h.seat, "camp", "", map[string]any{"glory": h.pending}, "%s camps down: +%d Glory, fully healed", h.def.Name, h.pending)
	}
	g.gainGlory(h, h.pending, "dangers")
	h.pending = 0
	g.heal(h, h.wounds, "camp")
	if g.stats != nil {
		g.stats.rule(RuleCamp)
	}
}

// recover gives a hero the artifact: the card, the deep-jungle coins, the
// turn's Glory. Villains hunting it leave; other heroes' progress is lost.
func (g *Game) recover(h *Hero, site int) {
	s := &g.sites[site]
	a := &g.c.Artifacts[s.art]
	h.artifacts = append(h.artifacts, carried{art: s.art, adv: s.adv, value: int(a.Fortune)})
	g.worthChanged()
	h.recovered++
	if g.trace != nil {
		g.emit(h.seat, "recover", a.ID, map[string]any{"site": site, "adventure": g.c.Adventures[s.adv].ID, "value": int(a.Fortune)},
			"%s recovers %s %s!", h.def.Name, a.Name, g.c.Adventures[s.adv].Name)
		g.moveArtifact(carried{art: s.art, adv: s.adv}, h.seat, zoneBoard, "carried", "recover")
	}
	if s.bonus > 0 {
		g.addFortune(h, s.bonus, "jungle-bonus")
		if g.stats != nil {
			g.stats.rule(RuleDeepJungle)
		}
	}
	g.gainGlory(h, h.pending, "dangers")
	h.pending = 0
	if g.stats != nil {
		g.stats.recovered(g, h, site)
	}
	g.specialEffect(h, site, "recover")
	g.closeSite(site, false)
	h.markers = 0
	h.progress = -1
	if g.shared() {
		g.coopRecovered(h)
	}
}

// wonWhileKOd: a hero who overcame the last Danger of an artifact with the
// fight round that KO'd them still recovers it (FAQ), then rolls to keep it
// like any artifact a KO'd hero carries.
//
// An adventure with a final fight is not won so: a KO'd hero cannot fight it.
func (g *Game) wonWhileKOd(h *Hero, site, markers int) {
	if !g.sites[site].live || g.isTemple(site) || markers+1 < int(g.c.Adventures[g.sites[site].adv].Dangers) || g.finalFoe(site) != nil {
		return
	}
	g.recover(h, site)
	g.keepRoll(h)
}

// templeWhileKOd: a Danger overcome at a Temple by the fight round that
// KO'd the hero is overcome all the same, as the FAQ rules for an artifact
// (wonWhileKOd): the hero takes its coin ("Every time a Hero overcomes a
// Danger … they may immediately take 1 Fortune from the Temple card") and
// its marker goes on the pile; the last coin's Treasure is then rolled for
// like any artifact a KO'd hero carries.
func (g *Game) templeWhileKOd(h *Hero, site int) {
	if !g.sites[site].live {
		return
	}
	n := len(h.artifacts)
	g.templeDanger(h, site)
	if len(h.artifacts) > n {
		g.keepRoll(h)
	}
}

// keepRoll: a hero KO'd in the round that won an artifact rolls to keep it
// (FAQ), like any artifact a KO'd hero carries.
func (g *Game) keepRoll(h *Hero) {
	r := g.roll()
	if g.trace != nil {
		g.logDice(h.seat, "keep-artifact", "")
	}
	if r <= g.c.Rules.KOArtifactLoss {
		a := h.artifacts[len(h.artifacts)-1]
		h.artifacts = h.artifacts[:len(h.artifacts)-1]
		g.worthChanged()
		g.discardArtifact(a, h.seat, "carried", "ko")
		if g.trace != nil {
			g.logf("%s loses an artifact", h.def.Name)
		}
	}
}

// collect: the heroes' danger markers reached the Danger value. The one
// with the most recovers the artifact, everyone collecting the turn's
// Glory — unless the adventure makes them win a final fight first.
func (g *Game) collect(seats []int, site int) {
	if g.finalFoe(site) != nil {
		g.finalFight(seats, site)
		return
	}
	lead := g.h(seats[0])
	for _, s := range seats[1:] {
		if h := g.h(s); h.markers > lead.markers {
			lead = h
		}
	}
	g.recover(lead, site)
	g.sharedGlory(seats)
}

// finalFoe is the fight an adventure makes its hunters win before they
// collect its artifact: its Final Fight, which like the rest of its special
// text belongs to the advanced game and never applies at a Temple.
func (g *Game) finalFoe(site int) *Clause {
	if !g.opt.Advanced || g.isTemple(site) {
		return nil
	}
	return g.c.Adventures[g.sites[site].adv].Final
}

// finalFight: the heroes' markers reached the Danger value of an adventure
// that makes them fight before they collect the artifact. They collect the
// turn's Danger Glory first (FAQ), then fight the enemy together. Beating
// it recovers the artifact — even in the round that KOs the hero, who then
// rolls to keep it (FAQ). Escaping it, or falling, leaves the artifact:
// the markers stay, and the next adventure turn there starts with the
// fight again (unitStep). It reports whether the artifact was recovered.
func (g *Game) finalFight(seats []int, site int) bool {
	g.sharedGlory(seats)
	cl := g.finalFoe(site)
	if g.trace != nil {
		g.logf("%s must %s before collecting %s", g.h(seats[0]).def.Name, cl, g.c.Artifacts[g.sites[site].art].Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleFinalFight)
	}
	prev := g.mustWin
	g.mustWin = true
	won := g.fightClauseUnit(seats, cl)
	g.mustWin = prev
	if !won || !g.sites[site].live {
		return false
	}
	// The standing hero with the most markers takes it; if the enemy fell
	// in the round that KO'd them all, the first of them.
	var taker *Hero
	for _, s := range seats {
		if h := g.h(s); !h.ko && (taker == nil || h.markers > taker.markers) {
			taker = h
		}
	}
	if taker == nil {
		taker = g.h(seats[0])
	}
	g.recover(taker, site)
	if taker.ko {
		g.keepRoll(taker)
	}
	return true
}

// takeTreasure gives the hero who took a Temple's last coin its Treasure.
func (g *Game) takeTreasure(h *Hero, site int) {
	s := &g.sites[site]
	h.artifacts = append(h.artifacts, carried{art: s.art, adv: -1, value: g.c.Rules.TempleTreasure})
	g.worthChanged()
	h.recovered++
	if g.trace != nil {
		g.emit(h.seat, "treasure", g.c.Artifacts[s.art].ID, map[string]any{"site": site, "value": g.c.Rules.TempleTreasure},
			"%s takes the Temple Treasure of %s!", h.def.Name, g.c.Artifacts[s.art].Name)
		g.logToken(h.artifacts[len(h.artifacts)-1], zoneBoard, zoneCarried(h.seat), "treasure")
	}
	g.gainGlory(h, h.pending, "dangers")
	h.pending = 0
	if g.stats != nil {
		g.stats.recovered(g, h, site)
		g.stats.rule(RuleTreasure)
	}
	g.discardArtifact(carried{art: s.art, adv: s.adv}, h.seat, zoneBoard, "treasure")
	g.closeSite(site, true)
	h.progress = -1
	if g.shared() {
		g.coopRecovered(h)
	}
}

// closeSite removes an artifact adventure from the board: villains there
// go back (delayed in the cooperative game), heroes' progress there is
// lost.
func (g *Game) closeSite(site int, discarded bool) {
	s := &g.sites[site]
	s.live = false
	g.closed++
	for seat := range g.heroes {
		if g.heroes[seat].progress == int16(site) {
			g.loseProgress(&g.heroes[seat])
		}
	}
	if v := g.villainAt(site); v != nil {
		g.villainLeaves(v, vDelayed)
	}
	_ = discarded
}

// collapseRoll rolls for a Temple's collapse: a die per instability
// marker, any die at or below the collapse face bringing it down. In the
// German quick rules' variant it rolls dice equal to the Danger value, each
// die at or below german-collapse-on adding an instability marker, and the
// Temple comes down when they reach the Danger value. It reports a
// collapse.
func (g *Game) collapseRoll(site int, byCliffhanger bool) bool {
	s := &g.sites[site]
	if g.stats != nil {
		g.stats.rule(RuleInstability)
	}
	if g.opt.Variants.GermanCollapse {
		dangers := int(g.c.Adventures[s.adv].Dangers)
		for range dangers {
			if g.roll() <= g.c.Rules.GermanCollapseOn {
				s.instability++
			}
		}
		if g.trace != nil {
			g.logDice(-1, "collapse", g.c.Artifacts[s.art].ID)
			g.logTemple(site, "collapse-roll")
			g.logf("%s shakes: %d of %d collapse markers", g.c.Artifacts[s.art].Name, s.instability, dangers)
		}
		if s.instability >= dangers {
			g.collapse(site, byCliffhanger)
			return true
		}
		return false
	}
	for range s.instability {
		if g.roll() <= g.c.Rules.CollapseOn {
			if g.trace != nil {
				g.logDice(-1, "collapse", g.c.Artifacts[s.art].ID)
			}
			g.collapse(site, byCliffhanger)
			return true
		}
	}
	if g.trace != nil {
		g.logDice(-1, "collapse", g.c.Artifacts[s.art].ID)
	}
	return false
}

// collapse brings a Temple down: its coins are lost; every hero in the
// space must pass its escape test or be KO'd; heroes keep the Glory of the
// turn unless a cliffhanger caused the collapse; a villain takes D6 hits.
func (g *Game) collapse(site int, byCliffhanger bool) {
	s := &g.sites[site]
	a := &g.c.Artifacts[s.art]
	if g.trace != nil {
		g.emit(-1, "collapse", a.ID, map[string]any{"site": site, "coins": s.coins}, "%s collapses!", a.Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleCollapse)
	}
	space := s.space
	s.coins, s.collapsed = 0, true
	if v := g.villainAt(site); v != nil {
		hits := g.roll()
		if g.trace != nil {
			g.logDice(-1, "collapse-hits", v.def.ID)
		}
		g.villainHits(v, hits)
		if v.space >= 0 {
			g.villainLeaves(v, vDelayed)
		}
	}
	g.discardArtifact(carried{art: s.art, adv: s.adv}, -1, zoneBoard, "collapse")
	g.closeSite(site, true)
	for seat := range g.heroes {
		h := &g.heroes[seat]
		if h.ko || h.space != space {
			continue
		}
		if !byCliffhanger || !h.cliff.active {
			g.gainGlory(h, h.pending, "dangers")
		}
		h.pending = 0
		if h.cliff.active && h.cliff.site == int16(site) {
			g.endCliffhanger(h)
		}
		if !g.escapeTest(seat, &a.Escape) && !h.ko {
			g.knockOutFailed(seat)
		}
	}
}

// specialEffect runs an adventure's special effect at its moment.
func (g *Game) specialEffect(h *Hero, site int, when string) {
	if site < 0 || !g.opt.Advanced {
		return
	}
	s := &g.sites[site]
	adv := &g.c.Adventures[s.adv]
	if adv.Effect == nil || adv.When != when || (!adv.Temples && g.c.Artifacts[s.art].Temple) {
		return
	}
	g.runCard(h.seat, adv.Effect, &adv.Card)
}

// logMarkers reports a hero's danger markers toward a site's artifact.
func (g *Game) logMarkers(h *Hero, site int) {
	dangers := int(g.c.Adventures[g.sites[site].adv].Dangers)
	g.emit(h.seat, "markers", "", map[string]any{"site": site, "total": h.markers, "dangers": dangers},
		"%s has %d of %d danger markers", h.def.Name, h.markers, dangers)
}

// logTemple reports a Temple's coins, danger pile and instability.
func (g *Game) logTemple(site int, why string) {
	s := &g.sites[site]
	g.emit(-1, "temple", g.c.Artifacts[s.art].ID, map[string]any{"site": site, "coins": s.coins, "pile": s.markers, "instability": s.instability, "why": why},
		"  (%s: %d coins, %d on the pile, %d instability)", g.c.Artifacts[s.art].Name, s.coins, s.markers, s.instability)
}
