package fng

import "github.com/deckwright/deckwright/effects"

// The implementations of the effect vocabulary declared in env.go. Effects
// act on "the hero" (g.cur). Villain, temple, deep-jungle and flight verbs
// do nothing in the basic game, which ignores those references on cards.

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (g *Game) hero() *Hero { return &g.heroes[g.cur] }

// site the hero is at, or -1.
func (g *Game) heroSite() int { return g.siteAt(g.hero().space) }

var valueImpl = map[string]any{
	"hero.combat":        func(g *Game) int64 { return int64(g.skill(g.hero(), Combat)) },
	"hero.agility":       func(g *Game) int64 { return int64(g.skill(g.hero(), Agility)) },
	"hero.cunning":       func(g *Game) int64 { return int64(g.skill(g.hero(), Cunning)) },
	"hero.lore":          func(g *Game) int64 { return int64(g.skill(g.hero(), Lore)) },
	"hero.wounds":        func(g *Game) int64 { return int64(g.hero().wounds) },
	"hero.health":        func(g *Game) int64 { return int64(g.health(g.hero())) },
	"hero.defense":       func(g *Game) int64 { return int64(g.defense(g.hero(), nil)) },
	"hero.glory":         func(g *Game) int64 { return int64(g.hero().glory) },
	"hero.fortune":       func(g *Game) int64 { return int64(g.fortune(g.hero())) },
	"hero.gear":          func(g *Game) int64 { return int64(g.gearCount(g.hero())) },
	"hero.allies":        func(g *Game) int64 { return int64(g.allyCount(g.hero())) },
	"hero.artifacts":     func(g *Game) int64 { return int64(len(g.hero().artifacts)) },
	"hero.events":        func(g *Game) int64 { return int64(len(g.hero().hand)) },
	"hero.space":         func(g *Game) int64 { return int64(g.hero().space) },
	"hero.startCity":     func(g *Game) int64 { return int64(g.hero().def.StartCity) },
	"hero.inCity":        func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].Kind == City) },
	"hero.inMajorCity":   func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].Major) },
	"hero.atSea":         func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].Kind == Sea) },
	"hero.inCliffhanger": func(g *Game) int64 { return b2i(g.hero().cliff.active) },
	"hero.onAdventure":   func(g *Game) int64 { h := g.hero(); return b2i(h.progress >= 0 && g.sites[h.progress].live) },
	"hero.dangerMarkers": func(g *Game) int64 { return int64(g.hero().markers) },
	"space.isCity":       func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].Kind == City) },
	"space.isSea":        func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].Kind == Sea) },
	"space.isDeepJungle": func(g *Game) int64 { return b2i(g.c.Spaces[g.hero().space].DeepJungle) },
	"space.hasArtifact":  func(g *Game) int64 { return b2i(g.heroSite() >= 0) },
	"space.hasVillain":   func(g *Game) int64 { return b2i(g.villainIn(g.hero().space) != nil) },
	"space.hasHenchman":  func(g *Game) int64 { return b2i(g.henchmen[g.hero().space] != 0) },
	"space.heroes": func(g *Game) int64 {
		n := 0
		for seat := range g.heroes {
			if !g.heroes[seat].ko && g.heroes[seat].space == g.hero().space {
				n++
			}
		}
		return int64(n)
	},
	"test.skill": func(g *Game) int64 {
		if g.test != nil && len(g.test.clause.Skills) > 0 {
			return int64(g.test.clause.Skills[0])
		}
		return -1
	},
	"test.target": func(g *Game) int64 {
		return effects.Field(g.test, 0, func(t *TestState) int { return t.clause.Target })
	},
	"test.needed": func(g *Game) int64 { return effects.Field(g.test, 0, func(t *TestState) int { return t.need }) },
	"test.successes": func(g *Game) int64 {
		return effects.Field(g.test, 0, func(t *TestState) int { return t.successes + t.rolled })
	},
	"test.dice":   func(g *Game) int64 { return effects.Field(g.test, 0, func(t *TestState) int { return t.dice }) },
	"fight.round": func(g *Game) int64 { return effects.Field(g.fs, 0, func(f *FightState) int { return f.round }) },
	"enemy.wounds": func(g *Game) int64 {
		return effects.Field(g.fs, 0, func(f *FightState) int { return int(f.enemy.Wounds) - f.wounds })
	},
	"enemy.glory": func(g *Game) int64 {
		return effects.Field(g.fs, 0, func(f *FightState) int { return int(f.enemy.Glory) })
	},
	"danger.glory": func(g *Game) int64 { return effects.Field(g.danger, 0, func(d *DangerDef) int { return int(d.Glory) }) },
	"artifact.fortune": func(g *Game) int64 {
		if s := g.heroSite(); s >= 0 {
			return int64(g.c.Artifacts[g.sites[s].art].Fortune)
		}
		return 0
	},
	"artifact.dangers": func(g *Game) int64 {
		if s := g.heroSite(); s >= 0 {
			return int64(g.c.Adventures[g.sites[s].adv].Dangers)
		}
		return 0
	},
	"artifact.temple": func(g *Game) int64 { s := g.heroSite(); return b2i(s >= 0 && g.isTemple(s)) },
	"round":           func(g *Game) int64 { return int64(g.round) },
	"players":         func(g *Game) int64 { return int64(len(g.heroes)) },
	"coop":            func(g *Game) int64 { return b2i(g.opt.Mode == Cooperative || g.opt.Mode == Solo) },
	"advanced":        func(g *Game) int64 { return b2i(g.opt.Advanced) },
	"track":           func(g *Game) int64 { return int64(g.coop.track) },
	"villainFortune":  func(g *Game) int64 { return int64(g.coop.villainFortune) },
	"lastRoll":        func(g *Game) int64 { return int64(g.lastRoll) },
}

type verbFunc = func(*Game, effects.Args) int64

// verb adapts a void verb.
func verb(f func(g *Game, a effects.Args)) verbFunc {
	return func(g *Game, a effects.Args) int64 { f(g, a); return 0 }
}

var verbImpl = map[string]any{
	// Queries.
	"hero.has": verbFunc(func(g *Game, a effects.Args) int64 {
		h := g.hero()
		for _, id := range h.items {
			if g.c.Items[id].Keywords.Has(int(a[0])) {
				return 1
			}
		}
		for _, r := range h.remains {
			if r.ev.Keywords.Has(int(a[0])) {
				return 1
			}
		}
		return 0
	}),
	"space.has": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.c.Spaces[g.hero().space].Terrain&(1<<a[0]) != 0)
	}),
	"test.has": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.test != nil && g.test.kw.Has(int(a[0]))) }),
	"test.uses": verbFunc(func(g *Game, a effects.Args) int64 {
		if g.test == nil {
			return 0
		}
		for _, s := range g.test.clause.Skills {
			if int64(s) == a[0] {
				return 1
			}
		}
		return 0
	}),
	"enemy.has": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.fs != nil && g.fs.enemy.Keywords.Has(int(a[0])))
	}),
	"danger.has": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.danger != nil && g.dangerKW().Has(int(a[0]))) }),
	"hero.at":    verbFunc(func(g *Game, a effects.Args) int64 { return b2i(int64(g.hero().space) == a[0]) }),

	// Resources.
	"gainGlory":   verb(func(g *Game, a effects.Args) { g.gainGlory(g.hero(), int(a[0]), "effect") }),
	"loseGlory":   verb(func(g *Game, a effects.Args) { g.gainGlory(g.hero(), -int(a[0]), "effect") }),
	"gainFortune": verb(func(g *Game, a effects.Args) { g.addFortune(g.hero(), int(a[0]), "effect") }),
	"loseFortune": verb(func(g *Game, a effects.Args) { g.addFortune(g.hero(), -int(a[0]), "effect") }),
	"heal":        verb(func(g *Game, a effects.Args) { g.heal(g.hero(), int(a[0]), "effect") }),
	"fullHeal":    verb(func(g *Game, a effects.Args) { g.heal(g.hero(), g.hero().wounds, "effect") }),
	"wound":       verb(func(g *Game, a effects.Args) { g.wound(g.hero(), int(a[0]), "effect") }),
	"hits":        verb(func(g *Game, a effects.Args) { g.hit(g.hero(), int(a[0]), "effect") }),

	// Cards.
	"drawEvent":     verb(func(g *Game, a effects.Args) { g.drawEvents(g.cur, int(a[0])) }),
	"drawEventKeep": verb(func(g *Game, a effects.Args) { g.drawEventKeep(g.cur, int(a[0])) }),
	"drawGear":      verb(func(g *Game, a effects.Args) { repeat(a[0], func() { g.drawItem(g.cur, false, "effect") }) }),
	"drawAlly":      verb(func(g *Game, a effects.Args) { repeat(a[0], func() { g.drawItem(g.cur, true, "effect") }) }),
	"drawCity":      verb(func(g *Game, a effects.Args) { g.drawCity(g.cur) }),
	"discardGear":   verb(func(g *Game, a effects.Args) { repeat(a[0], func() { g.discardKind(g.hero(), false) }) }),
	"discardAlly":   verb(func(g *Game, a effects.Args) { repeat(a[0], func() { g.discardKind(g.hero(), true) }) }),
	"discardEvent":  verb(func(g *Game, a effects.Args) { repeat(a[0], func() { g.discardRandomEvent(g.hero()) }) }),
	"gainItem": verb(func(g *Game, a effects.Args) {
		if id := g.itemByCode(int(a[0])); id >= 0 && g.commonLeft[id] > 0 {
			g.takeCommon(g.hero(), id, "effect")
		}
	}),
	"loseArtifact": verb(func(g *Game, a effects.Args) {
		h := g.hero()
		if len(h.artifacts) == 0 {
			return
		}
		worst := 0
		for i, c := range h.artifacts {
			if c.value < h.artifacts[worst].value {
				worst = i
			}
		}
		g.discardArtifact(h.artifacts[worst], h.seat, "carried", "effect")
		h.artifacts = append(h.artifacts[:worst], h.artifacts[worst+1:]...)
		g.worthChanged()
	}),
	"stealArtifact": verbFunc(func(g *Game, a effects.Args) int64 {
		h := g.hero()
		for seat := range g.heroes {
			o := &g.heroes[seat]
			// Never from a hero of one's own side: a partner in the
			// cooperative and solo games, a teammate in the team game.
			if g.side(o, h) || o.space != h.space || len(o.artifacts) == 0 {
				continue
			}
			best := 0
			for i, c := range o.artifacts {
				if c.value > o.artifacts[best].value {
					best = i
				}
			}
			a := o.artifacts[best]
			h.artifacts = append(h.artifacts, a)
			o.artifacts = append(o.artifacts[:best], o.artifacts[best+1:]...)
			g.worthChanged()
			if g.trace != nil {
				g.logCarried(a, zoneCarried(o.seat), zoneCarried(h.seat), "steal")
			}
			return 1
		}
		return 0
	}),
	"loyaltyTest": verbFunc(func(g *Game, a effects.Args) int64 { return b2i(g.loyaltyTest(g.hero(), int(a[0]))) }),

	// Movement.
	"addMove": verb(func(g *Game, a effects.Args) {
		g.hero().addMove += int(a[0])
		if g.trace != nil {
			g.logMod(g.cur, g.cardID(), StatMove, int(a[0]), "move", "card")
		}
	}),
	"moveTo":               verb(func(g *Game, a effects.Args) { g.place(g.hero(), int16(a[0]), "effect") }),
	"moveToRandomLocation": verb(func(g *Game, a effects.Args) { g.moveRandom(false) }),
	"moveToRandomCity":     verb(func(g *Game, a effects.Args) { g.moveRandom(true) }),
	"goHome":               verb(func(g *Game, a effects.Args) { g.place(g.hero(), g.hero().def.StartCity, "effect") }),
	"freeFlight": verb(func(g *Game, a effects.Args) {
		if g.opt.Advanced {
			g.hero().freeFly = true
		}
	}),
	"endMove": verb(func(g *Game, a effects.Args) {
		g.hero().addMove -= 99
		if g.trace != nil {
			g.logMod(g.cur, g.cardID(), StatMove, -99, "move", "card")
		}
	}),
	"takeAlong": verb(func(g *Game, a effects.Args) { g.hero().convoy = true }),

	// Tests and fights.
	"addDice": verb(func(g *Game, a effects.Args) {
		n := int(a[0])
		switch {
		case g.test != nil:
			g.test.helped = true
			if n > 0 {
				g.test.dice += n
				g.test.rolled += g.rollDice(g.test, n, g.test.clause.Target)
				if g.trace != nil {
					g.logDice(g.test.seat, "add-dice", g.cardID())
				}
			} else {
				before := g.test.rolled
				g.test.rolled = max(g.test.rolled+n, 0) // fewer dice: the best ones are lost
				if g.trace != nil {
					g.logSuccesses(g.test.rolled - before)
				}
			}
		case g.fs != nil:
			g.fs.addDice += n
			if g.trace != nil {
				g.logMod(g.fs.seat, g.cardID(), StatCombat, n, "fight", "card")
			}
		}
	}),
	"addSuccess": verb(func(g *Game, a effects.Args) {
		if g.test != nil {
			g.test.helped = true
			g.test.rolled += int(a[0])
			if g.trace != nil {
				g.logSuccesses(int(a[0]))
			}
		}
	}),
	"reroll": verb(func(g *Game, a effects.Args) {
		t := g.test
		if t == nil {
			return
		}
		n := len(t.failed)
		if g.trace != nil {
			old := make([]int, n)
			for i, f := range t.failed {
				old[i] = int(f)
			}
			g.emit(t.seat, "reroll", g.cardID(), map[string]any{"old": old}, "    %s re-rolls %s", g.name(t.seat), faces(old))
		}
		t.failed = t.failed[:0]
		t.helped = true
		t.rolled += g.rollDice(t, n, t.clause.Target)
		if g.trace != nil {
			g.logDice(t.seat, "reroll", g.cardID())
		}
	}),
	"passTest": verb(func(g *Game, a effects.Args) { passTest(g) }),
	"testSkill": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.skillTestEffect(g.cur, int(a[0]), 0, int(a[1]), int(a[2])))
	}),
	"testDice": verbFunc(func(g *Game, a effects.Args) int64 {
		return b2i(g.skillTestEffect(g.cur, -1, int(a[0]), int(a[1]), int(a[2])))
	}),
	"fight": verbFunc(func(g *Game, a effects.Args) int64 {
		nazi := DeckNames[a[0]] == "Nazi Enemies"
		if DeckNames[a[0]] != "Enemies" && !nazi {
			return 0
		}
		return b2i(g.fightDrawn([]int{g.cur}, nazi, -1) == fightDefeated)
	}),
	"fightEnemy": verbFunc(func(g *Game, a effects.Args) int64 {
		e := g.referenceByCode(int(a[0]))
		if e == nil {
			return 0
		}
		return b2i(g.fight(g.cur, e, 0) == fightDefeated)
	}),
	"fightVillain": verb(func(g *Game, a effects.Args) {
		v := g.villainIn(g.hero().space)
		if v == nil {
			v = g.placeVillain(g.cur, -1)
		}
		if v != nil && v.space >= 0 {
			g.villainRounds(g.cur, v, 1)
		}
	}),
	"escape": verb(func(g *Game, a effects.Args) {
		if g.fs != nil && g.fs.villain == nil {
			g.fs.escaped = true
		}
	}),
	"damageEnemy": verb(func(g *Game, a effects.Args) {
		switch {
		case g.fs != nil && g.fs.villain != nil:
			g.villainHits(g.fs.villain, int(a[0]))
		case g.fs != nil:
			g.fs.wounds += int(a[0])
			if g.trace != nil {
				g.emit(g.fs.seat, "damage", g.cardID(), map[string]any{"enemy": g.fs.enemy.ID, "wounds": int(a[0]), "enemy_wounds": g.fs.wounds},
					"    %s takes %d wounds", g.fs.enemy.Name, a[0])
			}
		}
	}),

	// Adventures.
	"addDangerMarker": verb(func(g *Game, a effects.Args) {
		h := g.hero()
		if s := g.heroSite(); s >= 0 && !g.isTemple(s) {
			if h.progress != int16(s) {
				g.loseProgress(h)
				h.progress = int16(s)
			}
			h.markers = min(h.markers+int(a[0]), int(g.c.Adventures[g.sites[s].adv].Dangers)-1)
		}
	}),
	"loseDangerMarkers": verb(func(g *Game, a effects.Args) { g.hero().markers = 0 }),
	"discardDanger":     verb(func(g *Game, a effects.Args) { discardDanger(g) }),
	"avoidCliffhanger":  verb(func(g *Game, a effects.Args) { g.avoid = true }),
	"endTurn":           verb(func(g *Game, a effects.Args) { g.hero().pending = 0; g.skip = false; g.turnOver = true }),
	"auction": verb(func(g *Game, a effects.Args) {
		if sp := g.hero().space; g.c.Spaces[sp].Kind == City {
			g.auction[sp] = int8(a[0])
			if g.stats != nil {
				g.stats.rule(RuleAuction)
			}
		}
	}),
	"placeArtifact": verb(func(g *Game, a effects.Args) { g.placeArtifact(false) }),
	"placeTemple": verb(func(g *Game, a effects.Args) {
		if g.opt.Advanced {
			g.placeArtifact(true)
		}
	}),
	"cancel": verb(func(g *Game, a effects.Args) {
		if g.played != notPlaying {
			g.played = wasCanceled
			return
		}
		g.cancelInPlay(g.hero())
	}),

	// Villains and henchmen.
	"placeVillain":        verb(func(g *Game, a effects.Args) { g.placeVillain(g.cur, -1) }),
	"placeFactionVillain": verb(func(g *Game, a effects.Args) { g.placeVillain(g.cur, int(a[0])) }),
	"removeVillain": verb(func(g *Game, a effects.Args) {
		if v := g.focusVillain(); v != nil && v.space >= 0 {
			g.villainLeaves(v, vDelayed)
		}
	}),
	"woundVillain": verb(func(g *Game, a effects.Args) {
		if v := g.focusVillain(); v != nil && v.space >= 0 {
			g.villainHits(v, int(a[0])+int(v.def.Defense))
		}
	}),
	"placeHenchman": verb(func(g *Game, a effects.Args) { g.placeHenchman(int(a[0]), g.hero().space, true) }),
	"placeHenchmanRandom": verb(func(g *Game, a effects.Args) {
		if loc := g.drawLocation(nil); loc >= 0 {
			g.placeHenchman(int(a[0]), g.c.Locations[loc].Space, true)
		}
	}),
	"removeHenchman": verb(func(g *Game, a effects.Args) { g.removeHenchman(g.hero().space) }),
	"healVillain": verb(func(g *Game, a effects.Args) {
		if v := g.focusVillain(); v != nil {
			v.wounds = max(v.wounds-int(a[0]), 0)
		}
	}),
	"reinforce": verb(func(g *Game, a effects.Args) {
		if loc := g.drawLocation(nil); loc >= 0 && g.coop.org >= 0 {
			g.placeHenchman(g.coop.org, g.c.Locations[loc].Space, true)
		}
	}),
	"discardThis": verb(func(g *Game, a effects.Args) { g.discardThis() }),
	"villainSearch": verb(func(g *Game, a effects.Args) {
		if v := g.focusVillain(); v != nil && v.space >= 0 {
			g.villainSearch(v, int(a[0])-int(v.def.Search)-g.villainMod(v, StatSearch))
		}
	}),
	"moveZeppelin": verb(func(g *Game, a effects.Args) {
		if z := &g.zeppelin; z.live {
			z.space = g.hero().space
			if g.trace != nil {
				g.emit(-1, "zeppelin", z.def.ID, map[string]any{"space": g.c.Spaces[z.space].ID, "fortune": z.fortune},
					"%s flies to %s", z.def.Name, g.c.Spaces[z.space].Name)
			}
		}
	}),

	// The organization.
	"advanceTrack":        verb(func(g *Game, a effects.Args) { g.advanceTrack(int(a[0])) }),
	"retreatTrack":        verb(func(g *Game, a effects.Args) { g.moveTrack(-int(a[0]), "effect") }),
	"villainsGainFortune": verb(func(g *Game, a effects.Args) { g.villainsFortune(int(a[0])) }),
	"occupy":              verb(func(g *Game, a effects.Args) { g.occupy(g.factionNamed("nazi")) }),
	"hideout":             verb(func(g *Game, a effects.Args) { g.occupy(g.coop.org) }),
	"placeOutpost": verb(func(g *Game, a effects.Args) {
		if !g.coopVillains() {
			return
		}
		var kinds []int16
		for i := range g.c.Outposts {
			if int(g.c.Outposts[i].Org) == g.coop.org {
				kinds = append(kinds, int16(i))
			}
		}
		if len(kinds) > 0 {
			g.placeOutpost(kinds[g.vrand.Intn(len(kinds))])
		}
	}),
	"vileTactics": verb(func(g *Game, a effects.Args) { g.vileTactics() }),
	"readyVillain": verb(func(g *Game, a effects.Args) {
		for _, idx := range g.coop.active {
			if v := g.villain(idx); v.state == vDelayed || v.state == vKO {
				v.state = vReady
				return
			}
		}
	}),
	"deployVillain": verb(func(g *Game, a effects.Args) {
		for _, idx := range g.coop.active {
			if v := g.villain(idx); v.state == vReady {
				g.deployVillain(v)
				return
			}
		}
	}),

	// Dice.
	"roll": verbFunc(func(g *Game, a effects.Args) int64 {
		g.lastRoll = g.roll()
		if g.trace != nil {
			g.logDice(g.cur, "effect", g.cardID())
		}
		return int64(g.lastRoll)
	}),
	"d3": verbFunc(func(g *Game, a effects.Args) int64 {
		g.lastRoll = (g.roll() + 1) / 2
		if g.trace != nil {
			g.logDice(g.cur, "effect", g.cardID())
		}
		return int64(g.lastRoll)
	}),
	"nothing": verb(func(g *Game, a effects.Args) {}),
}

func repeat(n int64, f func()) {
	for range min(n, 20) {
		f()
	}
}

func passTest(g *Game) {
	if g.test != nil {
		g.test.passed = true
		g.test.helped = true
		if g.trace != nil {
			g.emit(g.test.seat, "pass", g.cardID(), nil, "    the test is passed (%s)", g.cardID())
		}
	}
}

// logSuccesses reports successes a card added to (or took from) the roll
// of the test being taken.
func (g *Game) logSuccesses(n int) {
	g.emit(g.test.seat, "successes", g.cardID(), map[string]any{"delta": n}, "    %+d successes (%s)", n, g.cardID())
}

// dangerKW is the keywords of the side of the Danger card face up: its
// front while it is drawn, faced and failed (nobody looks at the back before
// the card flips), its Cliffhanger side (which keeps the Danger's keywords)
// while the cliffhanger is resolved.
func (g *Game) dangerKW() KW {
	if g.flipped {
		return g.danger.CliffKW
	}
	return g.danger.Keywords
}

func discardDanger(g *Game) {
	if g.danger != nil {
		g.skip = true
	}
}

// focusVillain is the villain a villain verb acts on: the one a Villain
// Event chose, else the one in the hero's space.
func (g *Game) focusVillain() *Villain {
	if g.focus != nil {
		return g.focus
	}
	return g.villainIn(g.hero().space)
}

// factionNamed finds an organization by ID, or -1.
func (g *Game) factionNamed(id string) int {
	if code, ok := g.c.Symbols.Resolve(DomainFaction, id); ok {
		return code
	}
	return g.coop.org
}

// itemByCode maps a Common Item symbol code to its item index.
func (g *Game) itemByCode(code int) int16 {
	name := g.c.Symbols.Name(DomainItem, code)
	for _, id := range g.c.CommonItems {
		if g.c.Items[id].Name == name {
			return id
		}
	}
	return -1
}

// referenceByCode maps a reference-enemy symbol code to the enemy.
func (g *Game) referenceByCode(code int) *EnemyDef {
	e, ok := g.reference(g.c.Symbols.Name(DomainReference, code))
	if !ok {
		return nil
	}
	return e
}

// moveRandom places the hero at a random location or city.
func (g *Game) moveRandom(city bool) {
	if city {
		g.place(g.hero(), g.randomCity(), "effect")
		return
	}
	if loc := g.drawLocation(nil); loc >= 0 {
		g.place(g.hero(), g.c.Locations[loc].Space, "effect")
	}
}

// discardRandomEvent discards a random card from the hero's hand.
func (g *Game) discardRandomEvent(h *Hero) {
	if len(h.hand) == 0 {
		return
	}
	i := h.bot.Intn(len(h.hand))
	hc := h.hand[i]
	h.hand = append(h.hand[:i], h.hand[i+1:]...)
	g.handChanged(h)
	g.discardEvent(g.eventOf(hc), hc.city, hc.card, h.seat, "hand")
}

// discardThis discards the item whose ability is running (back to its deck,
// or to the Common Items stack), or the Remains in Play card running.
func (g *Game) discardThis() {
	h := g.hero()
	if g.using >= 0 {
		for i, id := range h.items {
			if id == g.using {
				g.discardItemAt(h, i, "used")
				return
			}
		}
	}
	if g.card == nil {
		return
	}
	for i, r := range h.remains {
		if &r.ev.Card == g.card {
			h.remains = append(h.remains[:i], h.remains[i+1:]...)
			h.recompute(g)
			if g.trace != nil {
				g.emit(h.seat, "detach", r.ev.ID, nil, "  (%s leaves play on %s)", r.ev.Name, h.def.Name)
			}
			g.leavePlay(r, h.seat)
			return
		}
	}
}

// loyaltyTest: an ally rolls its Loyalty dice; no die at or above the
// target discards it. The ally is the one whose ability is running, else
// the hero's least loyal ally. True if passed (or no ally).
func (g *Game) loyaltyTest(h *Hero, target int) bool {
	at := -1
	for i, id := range h.items {
		it := &g.c.Items[id]
		if !it.Ally || it.Loyalty == 0 {
			continue
		}
		if id == g.using {
			at = i
			break
		}
		if at < 0 || it.Loyalty < g.c.Items[h.items[at]].Loyalty {
			at = i
		}
	}
	if at < 0 {
		return true
	}
	it := &g.c.Items[h.items[at]]
	if g.stats != nil {
		g.stats.rule(RuleLoyalty)
	}
	for range it.Loyalty {
		if g.roll() >= target {
			if g.trace != nil {
				g.logDice(h.seat, "loyalty", it.ID)
			}
			return true
		}
	}
	if g.trace != nil {
		g.logDice(h.seat, "loyalty", it.ID)
		g.logf("%s's %s deserts!", h.def.Name, it.Name)
	}
	g.discardItemAt(h, at, "loyalty")
	return false
}
