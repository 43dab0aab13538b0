package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// FightState is a fight in progress, which effects at fight timing read
// and change.
type FightState struct {
	enemy   *EnemyDef
	villain *Villain
	wounds  int // wounds on the enemy
	round   int
	addDice int // extra fight dice this round
	escaped bool
	seat    int
	dealt   int // wounds dealt to a villain (Nazi Gold with a villain)
	taken   int
	brought *Villain // a villain the enemy brought into play
	met     bool     // a round against a villain was fought during this fight
}

// Fight results.
type fightEnd uint8

const (
	fightDefeated fightEnd = iota // the enemy is defeated (the hero may be KO'd too)
	fightEscaped
	fightLost // the hero is KO'd
	fightStalemate
)

// fightClause resolves a Fight clause of a test: the Danger is overcome if
// the enemy is defeated or escaped (an outpost's guards must be beaten).
func (g *Game) fightClause(seat int, cl *Clause) bool {
	return g.fightClauseUnit([]int{seat}, cl)
}

// fightClauseUnit resolves a Fight clause for heroes working together:
// they trade fight rounds against an enemy, but fight a villain each on
// their own.
func (g *Game) fightClauseUnit(seats []int, cl *Clause) bool {
	lead := g.h(seats[0])
	switch cl.FoeKind {
	case FoeVillain:
		v := g.villainIn(lead.space)
		if v == nil {
			v = g.placeVillain(seats[0], g.factionOf(cl.Foe))
		}
		if v == nil {
			return true // no villain can come: nothing to fight
		}
		standing := false
		for _, s := range seats {
			g.villainRounds(s, v, 1)
			standing = standing || !g.h(s).ko
		}
		return standing
	case FoeReference:
		e := cl.ref
		if !cl.resolved {
			e, _ = g.c.reference(cl.Foe)
		}
		if e == nil {
			return true
		}
		end := g.fightUnit(seats, e, 0)
		return end == fightDefeated || end == fightEscaped && !g.mustWin
	}
	only := cl.only
	if !cl.resolved {
		only = g.c.onlyCode(cl)
	}
	end := g.fightDrawn(seats, cl.Foe == "Nazi Enemies", only)
	return end == fightDefeated || end == fightEscaped && !g.mustWin
}

// reference finds a reference enemy by ID or name.
func (g *Game) reference(name string) (*EnemyDef, bool) { return g.c.reference(name) }

func (c *Content) reference(name string) (*EnemyDef, bool) {
	if i, ok := c.Reference[idOf(name)]; ok {
		return &c.Enemies[i], true
	}
	for _, i := range c.Reference {
		if fold(c.Enemies[i].Name) == fold(name) {
			return &c.Enemies[i], true
		}
	}
	return nil, false
}

// onlyCode is the keyword code of a deck fight's Only type, or -1 (any).
func (c *Content) onlyCode(cl *Clause) int {
	if cl.Only != "" {
		if code, ok := c.kw[fold(cl.Only)]; ok {
			return code
		}
	}
	return -1
}

// fightDrawn draws an enemy from a deck and fights it. Escorted cards add
// their Bonus Fortune to the enemy drawn after them; a draw limited to one
// type (only ≥ 0: a keyword code, Infantry in the rulebook) redraws other
// types but never an Escorted card.
func (g *Game) fightDrawn(seats []int, nazi bool, only int) fightEnd {
	d := &g.enemies
	if nazi {
		d = &g.nazi
	}
	bonus := 0
	var escorts []int16
	defer func() {
		for _, e := range escorts {
			g.discard(d, e, seats[0], zonePlay, "escort")
		}
	}()
	for tries := 0; tries < 64; tries++ {
		id := g.draw(d, seats[0], zonePlay, "fight")
		if id < 0 {
			return fightDefeated // an empty deck: nothing attacks
		}
		e := &g.c.Enemies[id]
		if g.stats != nil {
			g.stats.drew(&e.Card, seats...)
		}
		if e.Escorted {
			bonus += int(e.BonusFortune)
			escorts = append(escorts, id)
			if g.trace != nil {
				g.logf("  %s: draw the enemy escorting it", e.Name)
			}
			if g.stats != nil {
				g.stats.rule(RuleEscorted)
			}
			continue
		}
		if only >= 0 && e.Type != only {
			g.discard(d, id, seats[0], zonePlay, "redraw")
			if g.stats != nil {
				g.stats.rule(RuleInfantry)
			}
			continue
		}
		end := g.fightUnit(seats, e, bonus)
		g.discard(d, id, seats[0], zonePlay, "fought")
		if e.Shuffle {
			g.reshuffle(d)
		}
		return end
	}
	return fightDefeated
}

// fight is a hero's fight to the finish with an enemy.
func (g *Game) fight(seat int, e *EnemyDef, bonus int) fightEnd {
	return g.fightUnit([]int{seat}, e, bonus)
}

// fightUnit is a fight to the finish with an enemy, heroes taking turns at
// the fight rounds. bonus is escorted Fortune won with it. Each hero may
// escape on its own; every hero still in the fight gains the full Glory.
func (g *Game) fightUnit(seats []int, e *EnemyDef, bonus int) fightEnd {
	prev, prevCur := g.fs, g.cur
	fs := g.pushFight()
	*fs = FightState{enemy: e, seat: seats[0]}
	g.fs, g.cur = fs, seats[0]
	defer func() {
		if g.trace != nil {
			g.emit(seats[0], "fight-end", e.ID, map[string]any{"enemy_wounds": fs.wounds}, "  (the fight with %s is over)", e.Name)
		}
		g.fs, g.cur = prev, prevCur
		g.fightTop--
	}()
	lead := g.h(seats[0])
	if g.trace != nil {
		g.emit(seats[0], "fight", e.ID, map[string]any{"dice": int(e.Dice), "wounds": int(e.Wounds), "defense": int(e.Defense),
			"glory": int(e.Glory), "fortune": int(e.BonusFortune) + bonus, "seats": append([]int(nil), seats...)},
			"  %s fights %s (%d dice, %d wounds)", lead.def.Name, e.Name, e.Dice, e.Wounds)
	}
	if g.stats != nil {
		g.stats.rule(RuleFight)
	}
	g.enemyAbility(fs, "start")
	if v := fs.brought; v != nil && bonus > 0 {
		// The enemy brought out a villain (a Nazi Commander): he escorts
		// the Nazi Gold. One round against him (unless he just fought it
		// on entering play) decides it: the gold is stolen by dealing him
		// more wounds, bodyguards included, than he deals. Then the fight
		// with the enemy goes on, for its Glory.
		if !fs.met && v.space >= 0 {
			g.villainRounds(seats[0], v, 1)
		}
		if fs.dealt > fs.taken {
			g.addFortune(lead, bonus, "gold")
			if g.stats != nil {
				g.stats.rule(RuleNaziGoldVillain)
			}
		}
		bonus = 0
		if lead.ko {
			return fightLost
		}
	}
	var buf [8]int
	in := append(buf[:0], seats...) // heroes still in the fight
	turn := 0
	for fs.round < 100 {
		kept := in[:0]
		for _, s := range in {
			if !g.h(s).ko {
				kept = append(kept, s)
			}
		}
		in = kept
		if len(in) == 0 {
			return fightLost
		}
		seat := in[turn%len(in)]
		turn++
		h := g.h(seat)
		fs.seat, g.cur = seat, seat
		fs.round++
		fs.addDice, fs.escaped = 0, false
		g.offer(seat, TFight)
		if fs.wounds >= int(e.Wounds) {
			return g.defeated(in, fs, bonus)
		}
		if !fs.escaped && escapable(fs) && h.dec.Escape(g, h, fs) {
			if g.escapeTest(seat, &e.Escape) {
				fs.escaped = true
			} else {
				// A failed escape: only the enemy rolls.
				hits := g.rollHits(int(e.Dice))
				if g.trace != nil {
					g.logDice(-1, "enemy", e.ID)
					g.logRound(seat, fs, -1, hits, 0)
				}
				g.enemyHits(h, fs, hits)
				continue
			}
		}
		if fs.escaped {
			g.escaped(h, fs)
			in = removeSeat(in, seat)
			if len(in) == 0 {
				return fightEscaped
			}
			continue
		}
		if g.trace != nil {
			g.logFightMods(h, e)
		}
		heroHits := g.rollHits(g.fightDice(h, e) + fs.addDice)
		if g.trace != nil {
			g.logDice(seat, "fight", e.ID)
		}
		enemyHits := g.rollHits(int(e.Dice))
		dealt := max(heroHits-int(e.Defense), 0)
		fs.wounds += dealt
		if g.trace != nil {
			g.logDice(-1, "enemy", e.ID)
			g.logRound(seat, fs, heroHits, enemyHits, dealt)
		}
		g.enemyAbility(fs, "round")
		if fs.wounds >= int(e.Wounds) {
			// The Glory comes even if the hero falls to the same round's
			// hits: first the reward, then the KO penalty (which may take
			// it), as the FAQ has a hero KO'd while winning an artifact
			// roll for it afterwards.
			end := g.defeated(in, fs, bonus)
			g.enemyHits(h, fs, enemyHits)
			return end
		}
		g.enemyHits(h, fs, enemyHits)
	}
	return fightStalemate
}

// pushFight takes a fight state from the game's pool (fights nest when an
// effect starts one during another). The caller pops it with g.fightTop--.
func (g *Game) pushFight() *FightState {
	if g.fightTop == len(g.fightPool) {
		g.fightPool = append(g.fightPool, &FightState{})
	}
	fs := g.fightPool[g.fightTop]
	g.fightTop++
	return fs
}

func removeSeat(s []int, seat int) []int {
	out := s[:0]
	for _, x := range s {
		if x != seat {
			out = append(out, x)
		}
	}
	return out
}

func (g *Game) rollHits(n int) int {
	n = max(n, 0)
	if !g.plainRolls(n) {
		return g.rollHitsEach(n)
	}
	// Plain rolls: the steps added and the dice drawn as roll would, its
	// checks made once for all of them.
	var before rng.Rand
	var stepsBefore game.Steps
	if selfCheck {
		before, stepsBefore = g.dice, g.steps
	}
	g.steps += game.Steps(n)
	hit, hits := g.c.Rules.HitOn, 0
	for range n {
		if g.dice.D6() >= hit {
			hits++
		}
	}
	if selfCheck {
		g.checkHits(before, stepsBefore, n, hits)
	}
	return hits
}

// checkHits, in selfCheck, rolls again one by one the n dice rollHits
// rolled at once from the stream before, and panics unless the hits, the
// stream and the steps after agree.
func (g *Game) checkHits(before rng.Rand, stepsBefore game.Steps, n, hits int) {
	after, steps := g.dice, g.steps
	g.dice, g.steps = before, stepsBefore
	if want := g.rollHitsEach(n); hits != want || g.dice != after || g.steps != steps {
		panic(fmt.Sprintf("self-check: %d dice rolled at once hit %d (step %d), one by one %d (step %d)", n, hits, steps, want, g.steps))
	}
}

// rollHitsEach is rollHits die by die.
func (g *Game) rollHitsEach(n int) int {
	hits := 0
	for range n {
		if g.roll() >= g.c.Rules.HitOn {
			hits++
		}
	}
	return hits
}

// enemyHits applies an enemy's hits to the hero.
func (g *Game) enemyHits(h *Hero, fs *FightState, hits int) {
	if g.trace != nil && hits > 0 {
		g.logDefense(h, fs.enemy.Keywords)
	}
	w := max(hits-g.defense(h, fs.enemy), 0)
	if w > 0 {
		g.enemyAbility(fs, "hit")
	}
	g.wound(h, w, "fight")
}

// logDefense reports the modifiers to a hero's Defense against hits (kw:
// the enemy's keywords): its cards' and its adventure's special text.
func (g *Game) logDefense(h *Hero, kw KW) {
	g.logMods(h, StatDefense, kw, "defense")
	if n := g.specialFight(h, StatDefense, kw); n != 0 {
		g.logMod(h.seat, g.c.Adventures[g.sites[h.progress].adv].ID, StatDefense, n, "defense", "special")
	}
}

// logFightMods reports the modifiers to a hero's fight dice against e:
// its cards' Combat bonuses (vs e's keywords) and its adventure's special
// text.
func (g *Game) logFightMods(h *Hero, e *EnemyDef) {
	g.logMods(h, StatCombat, e.Keywords, "fight")
	if n := g.specialFight(h, StatCombat, e.Keywords); n != 0 {
		g.logMod(h.seat, g.c.Adventures[g.sites[h.progress].adv].ID, StatCombat, n, "fight", "special")
	}
}

// logRound reports a fight round against an enemy: the hits each side
// scored (heroHits < 0: the hero tried to escape and did not roll), the
// wounds dealt past the enemy's Defense and its wounds so far.
func (g *Game) logRound(seat int, fs *FightState, heroHits, enemyHits, dealt int) {
	e := fs.enemy
	g.emit(seat, "fight-round", e.ID, map[string]any{"round": fs.round, "hero_hits": heroHits, "enemy_hits": enemyHits, "dealt": dealt,
		"enemy_wounds": fs.wounds, "add_dice": fs.addDice},
		"    round %d: %s %d hits, %s %d hits (%d of %d wounds on it)", fs.round, g.name(seat), max(heroHits, 0), e.Name, enemyHits, fs.wounds, e.Wounds)
}

func (g *Game) defeated(in []int, fs *FightState, bonus int) fightEnd {
	e := fs.enemy
	h := g.h(in[0])
	if g.trace != nil {
		g.emit(in[0], "defeat", e.ID, map[string]any{"glory": int(e.Glory), "fortune": int(e.BonusFortune) + bonus, "seats": append([]int(nil), in...)},
			"  %s defeats %s: +%d Glory", h.def.Name, e.Name, e.Glory)
	}
	for _, s := range in {
		g.gainGlory(g.h(s), int(e.Glory), "enemy")
	}
	if f := int(e.BonusFortune) + bonus; f > 0 {
		g.addFortune(h, f, "bounty")
	}
	g.enemyAbility(fs, "defeated")
	if g.stats != nil {
		g.stats.defeated(g, fs)
	}
	return fightDefeated
}

func (g *Game) escaped(h *Hero, fs *FightState) fightEnd {
	if g.trace != nil {
		g.emit(h.seat, "escape", fs.enemy.ID, nil, "  %s escapes %s", h.def.Name, fs.enemy.Name)
	}
	if g.stats != nil {
		g.stats.rule(RuleEscape)
	}
	return fightEscaped
}

// enemyAbility runs an enemy's ability at its moment.
func (g *Game) enemyAbility(fs *FightState, when string) {
	e := fs.enemy
	if e.Effect == nil || e.When != when {
		return
	}
	g.runAs(fs.seat, e.Effect)
}

// escapable reports whether the hero may try to escape the fight: the
// enemy allows it and it is not a villain (FG-FIGHT-05, FG-VIL-08).
func escapable(fs *FightState) bool { return fs.enemy.HasEscape && fs.villain == nil }

// escapeTest takes an escape test (exerting allowed; Escape modifiers add
// dice).
func (g *Game) escapeTest(seat int, spec *TestSpec) bool {
	g.escaping++
	defer func() { g.escaping-- }()
	if g.stats != nil {
		g.stats.rule(RuleEscapeTest)
	}
	return g.resolveSpec(seat, spec, KW{}, true)
}

// henchmanFight fights the henchman figure in a space. Defeating it removes
// the figure; escaping leaves it and moves the hero to a neighbouring space.
func (g *Game) henchmanFight(seat int, space int16) {
	org := int(g.henchmen[space]) - 1
	if org < 0 {
		return
	}
	h := g.h(seat)
	var end fightEnd
	if g.opt.Variants.AdvancedNazis && g.c.Orgs[org].Bodyguards > 0 {
		end = g.fightDrawn([]int{seat}, true, -1)
	} else {
		end = g.fight(seat, &g.c.Enemies[g.c.Orgs[org].Henchman], 0)
	}
	if g.stats != nil {
		g.stats.rule(RuleHenchman)
	}
	switch end {
	case fightDefeated:
		g.removeHenchman(space)
	case fightEscaped, fightStalemate:
		if !h.ko {
			g.stepAside(h)
		}
	}
}

// stepAside moves a hero who escaped a figure to a neighbouring space
// without a henchman, the one it chooses.
func (g *Game) stepAside(h *Hero) {
	spaces := g.spaceBuf[:0]
	for _, n := range g.c.Spaces[h.space].Adj {
		if g.henchmen[n] == 0 {
			spaces = append(spaces, n)
		}
	}
	g.spaceBuf = spaces[:0]
	i := h.dec.StepAside(g, h, spaces)
	if len(spaces) == 0 {
		return
	}
	if i < 0 || i >= len(spaces) {
		panic(fmt.Sprintf("decider: %s steps aside to option %d of %d", h.def.Name, i, len(spaces)))
	}
	g.place(h, spaces[i], "escape")
}
