package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// Stream ids of a game's random streams.
var (
	streamDice     = rng.Stream("dice")
	streamSetup    = rng.Stream("setup")
	streamBot      = rng.Stream("bot")
	streamVillains = rng.Stream("deck:villains")
)

func deckStream(name string) uint64 { return rng.Stream("deck:" + name) }

// Play plays one whole game from the seed and returns its result. A panic
// inside the game is not recovered here: the sim runner recovers it and
// reports the seed.
func (g *Game) Play(seed uint64, opt Options) Result {
	g.reset(seed, opt)
	g.setupGame()
	for !g.over {
		if g.round >= g.opt.MaxRounds {
			panic(game.Stall{Why: fmt.Sprintf("round cap of %d reached", g.opt.MaxRounds)})
		}
		g.playRound()
	}
	return g.result
}

func (g *Game) reset(seed uint64, opt Options) {
	opt.Players, opt.MaxRounds, opt.MaxSteps = game.Limit(opt.Players, 4), game.Limit(opt.MaxRounds, 200), game.Limit(opt.MaxSteps, 2_000_000)
	g.opt = opt
	g.seed = seed
	g.dice = rng.New(seed, streamDice)
	g.setup = rng.New(seed, streamSetup)
	g.vrand = rng.New(seed, streamVillains)
	g.using = -1
	g.round, g.steps, g.over, g.closed = 0, 0, false, 0
	g.cur, g.test, g.fs, g.danger, g.flipped, g.played, g.lastRoll = 0, nil, nil, nil, false, notPlaying, 0
	g.mustWin = false // an aborted game may leave it set
	g.fx.Reset()
	g.testTop, g.fightTop, g.clauseTop = 0, 0, 0 // an aborted game may leave them raised
	g.sites = g.sites[:0]
	g.villains = g.villains[:0]
	clear(g.henchmen)
	clear(g.auction)
	for i := range g.figuresLeft {
		g.figuresLeft[i] = g.c.Orgs[i].Figures
	}
	g.zeppelin = Zeppelin{space: -1}
	g.coop.reset(len(g.c.Spaces))
	for i, id := range g.c.CommonItems {
		_ = i
		g.commonLeft[id] = 0
	}
	for _, id := range g.c.CommonItems {
		g.commonLeft[id]++
	}
	g.resetDecks()
	g.result = Result{Seed: seed, Winner: -1, Team: -1}
	g.worthChanged() // the heroes' leaders kept are the last game's
}

// resetDecks shuffles every deck from its own stream, leaving out advanced
// cards in the basic game.
func (g *Game) resetDecks() {
	adv := g.opt.Advanced
	c := g.c
	ex, sub := g.opt.Exclude, g.opt.Substitute
	level := &g.levelDecks[b2i(adv)]
	k := 0
	fill := func(d *deck.Deck, name string, cards []int16, card func(int16) *Card) {
		// The deck at this level is worked out once per worker; only
		// excluded cards (an impact run's baseline) make a game filter it.
		i := k
		k++
		if level.lists[i] == nil {
			list := []int16{}
			for _, x := range cards {
				if adv || !card(x).Advanced {
					list = append(list, x)
				}
			}
			level.lists[i] = list
			level.streams[i] = deckStream(name) // hashed once, not every game
		}
		buf := append(d.Reuse(), level.lists[i]...)
		if len(ex) > 0 {
			keep := buf[:0]
			for _, x := range buf {
				if !ex[card(x).N] {
					keep = append(keep, x)
				}
			}
			buf = keep
		}
		if sub != nil {
			buf = game.Substitute(buf, func(x int16) bool { return sub[card(x).N] }, g.seed)
		}
		d.Reset(buf, rng.New(g.seed, level.streams[i]))
	}
	fill(&g.dangers, "dangers", c.DeckDangers, func(i int16) *Card { return &c.Dangers[i].Card })
	fill(&g.enemies, "enemies", c.DeckEnemies, func(i int16) *Card { return &c.Enemies[i].Card })
	fill(&g.nazi, "nazi-enemies", c.DeckNazi, func(i int16) *Card { return &c.Enemies[i].Card })
	fill(&g.events, "events", c.DeckEvents, func(i int16) *Card { return &c.Events[i].Card })
	fill(&g.city, "city", c.DeckCity, func(i int16) *Card { return &c.City[i].Card })
	fill(&g.gear, "gear", c.DeckGear, func(i int16) *Card { return &c.Items[i].Card })
	fill(&g.allies, "allies", c.DeckAllies, func(i int16) *Card { return &c.Items[i].Card })
	fill(&g.artifacts, "artifacts", c.DeckArtifacts, func(i int16) *Card { return &c.Artifacts[i].Card })
	fill(&g.adventures, "adventures", c.DeckAdventures, func(i int16) *Card { return &c.Adventures[i].Card })
	fill(&g.locations, "locations", c.DeckLocations, func(i int16) *Card { return &c.Locations[i].Card })
	fill(&g.villainEvents, "villain-events", c.DeckVillainEvents, func(i int16) *Card { return &c.VillainEvents[i].Card })
	for _, id := range c.CommonItems {
		if ex[c.Items[id].N] || sub[c.Items[id].N] {
			g.commonLeft[id] = 0
		}
	}
}

// levelDecks are a game level's decks (the basic game leaves out the
// advanced cards), by resetDecks' order.
type levelDecks struct {
	lists   [11][]int16
	streams [11]uint64 // each deck's stream id (deckStream)
}

func (g *Game) setupGame() {
	n := g.opt.Players
	heroes := g.opt.Heroes
	if len(heroes) < n {
		pool := g.heroPool[:0]
		for i := range g.c.Heroes {
			pool = append(pool, i)
		}
		g.heroPool = pool
		rng.Shuffle(&g.setup, pool)
		// Keep any heroes the options fixed, fill the rest at random (the
		// chosen list goes out in the Result: a new one each game).
		chosen := make([]int, 0, n)
		chosen = append(chosen, heroes...)
		for _, x := range pool {
			if len(chosen) == n {
				break
			}
			if !containsInt(chosen, x) {
				chosen = append(chosen, x)
			}
		}
		heroes = chosen
	}
	if cap(g.heroes) < n {
		g.heroes = make([]Hero, n)
	}
	g.heroes = g.heroes[:n]
	g.order = g.order[:0]
	g.handsDirty = true
	for seat := range n {
		h := &g.heroes[seat]
		def := &g.c.Heroes[heroes[seat]]
		pol := Cautious
		if seat < len(g.opt.Policies) {
			pol = g.opt.Policies[seat]
		}
		team := 0
		if seat < len(g.opt.Teams) {
			team = g.opt.Teams[seat]
		}
		*h = Hero{def: def, seat: seat, space: def.StartCity, progress: -1, policy: pol, dec: g.opt.decider(seat, pol), team: team,
			items: h.items[:0], activated: h.activated[:0], hand: h.hand[:0], artifacts: h.artifacts[:0], handDirty: true,
			remains: h.remains[:0], cond: h.cond[:0],
			bot: rng.New(g.seed, streamBot+uint64(seat))}
		h.recompute(g)
		g.order = append(g.order, int8(seat))
	}
	g.result.Heroes = heroes
	g.result.Policies = make([]Policy, n)
	for seat := range n {
		g.result.Policies[seat] = g.heroes[seat].policy
	}
	if g.trace != nil {
		d := map[string]any{"players": n, "mode": g.opt.Mode.String(), "level": level(g.opt.Advanced)}
		switch g.opt.Mode {
		case Competitive:
			d["fortune_goal"] = g.fortuneGoal()
		case Team:
			d["fortune_goal"] = g.teamGoal(0) // teams are even
		}
		g.emit(-1, "setup", "", d, "setup: %d players, %s, %s game", n, g.opt.Mode, level(g.opt.Advanced))
		for seat := range g.heroes {
			h := &g.heroes[seat]
			d := h.def
			g.emit(seat, "hero", d.ID, map[string]any{"space": g.c.Spaces[h.space].ID, "policy": h.policy.String(), "team": h.team,
				"combat": int(d.Skills[Combat]), "agility": int(d.Skills[Agility]), "cunning": int(d.Skills[Cunning]), "lore": int(d.Skills[Lore]),
				"wounds": int(d.Wounds), "defense": int(d.Defense)},
				"seat %d: %s (%s) starts in %s", seat+1, d.Name, h.policy, g.c.Spaces[h.space].Name)
		}
		g.logDecks()
	}
	for g.liveCount() < g.c.Rules.ArtifactsOnBoard {
		if !g.placeArtifact(false) {
			break
		}
	}
	// The cooperative and solo games always face a vile organization; the
	// competitive and team games only with the optional rule (Org set).
	// With an organization the zeppelin is only its War Zeppelin, as in the
	// cooperative game; without one it is the competitive Zeppelin.
	if g.opt.Mode == Cooperative || g.opt.Mode == Solo || g.opt.Org != "" {
		g.setupOrganization()
	}
	if g.opt.Advanced && g.coop.org < 0 {
		g.setupZeppelin(false)
	}
	for seat := range g.heroes {
		h := &g.heroes[seat]
		if h.def.Setup != nil {
			g.runAs(seat, h.def.Setup)
		}
	}
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func (g *Game) playRound() {
	g.round++
	clear(g.auction)
	if g.trace != nil {
		g.emit(-1, "round", "", map[string]any{"round": g.round}, "— round %d —", g.round)
	}
	g.initiative()
	g.movePhase()
	if g.over {
		return
	}
	g.adventurePhase()
	if g.over {
		return
	}
	if g.coopVillains() {
		g.villainPhase()
		if g.over {
			return
		}
	}
	g.endPhase()
}

// initiative rolls for first player (ties re-rolled among the tied), gives
// a free Event to every natural 1 and readies activated cards.
func (g *Game) initiative() {
	for seat := range g.heroes {
		h := &g.heroes[seat]
		clear(h.activated)
		h.heroUsed, h.moved, h.addMove, h.freeFly = false, false, 0, false
	}
	if g.singleHero() {
		// The single-hero solo game has no initiative phase: the hero's
		// cards are readied here, just before its move phase, and the
		// rest of the phase opens that move phase (movePhase).
		return
	}
	n := len(g.heroes)
	var rolls [8]int
	if g.opt.Mode == Team {
		g.teamInitiative()
		return
	}
	contenders := make([]int, 0, 8)
	best := 0
	for seat := range n {
		rolls[seat] = g.roll()
		if g.trace != nil {
			g.logDice(seat, "initiative", "")
		}
		if rolls[seat] <= g.c.Rules.FreeEventOn {
			if g.trace != nil {
				g.logf("%s rolls %d for initiative: a free Event", g.heroes[seat].def.Name, rolls[seat])
			}
			g.drawEvents(seat, 1)
		}
		best = max(best, rolls[seat])
	}
	for seat := range n {
		if rolls[seat] == best {
			contenders = append(contenders, seat)
		}
	}
	// Roll-offs: a 1 here does not draw an Event (FAQ).
	first := rolls
	for len(contenders) > 1 {
		best = 0
		for _, s := range contenders {
			rolls[s] = g.roll()
			if g.trace != nil {
				g.logDice(s, "roll-off", "")
			}
			best = max(best, rolls[s])
		}
		next := contenders[:0]
		for _, s := range contenders {
			if rolls[s] == best {
				next = append(next, s)
			}
		}
		contenders = next
	}
	lead := contenders[0]
	g.order = g.order[:0]
	for i := range n {
		g.order = append(g.order, int8((lead+i)%n))
	}
	if g.trace != nil {
		g.emit(lead, "initiative", "", map[string]any{"rolls": append([]int(nil), first[:n]...), "first": lead, "order": g.orderInts()},
			"%s goes first", g.heroes[lead].def.Name)
	}
	g.offerAll(TInitiative)
}

// endPhase: the zeppelin moves, villains adventure, victory is checked,
// artifacts are replenished and KO'd heroes recover.
func (g *Game) endPhase() {
	// With a vile organization its villains (and War Zeppelin) act in the
	// villain phase instead.
	if !g.coopVillains() {
		if g.zeppelin.live {
			g.moveZeppelinEnd()
		}
		g.villainsAdventure()
	}
	g.offerAll(TEnd)
	// The competitive and team games check for victory here, before KO'd
	// heroes stand up; cooperative heroes win the moment they have their
	// Fortune.
	switch g.opt.Mode {
	case Competitive:
		g.checkVictory()
	case Team:
		g.checkTeamVictory()
	}
	if g.over {
		return
	}
	// A new artifact for each one recovered (or lost) this round, and at
	// least enough for the rule's number on the board: cards that added
	// extra artifacts keep them out.
	n := max(g.closed, g.c.Rules.ArtifactsOnBoard-g.liveCount())
	g.closed = 0
	for range n {
		if !g.placeArtifact(false) {
			break
		}
	}
	for seat := range g.heroes {
		h := &g.heroes[seat]
		g.expireRemains(h, UntilRound)
		if h.ko {
			h.ko = false
			if g.trace != nil {
				g.emit(seat, "stand", "", nil, "%s recovers in %s", h.def.Name, g.c.Spaces[h.space].Name)
			}
			g.heal(h, h.wounds, "stand")
			g.expireRemains(h, UntilHeal)
		}
	}
}

// checkVictory ends the competitive game: a hero in their start city with
// enough Fortune wins; ties go to the most Fortune, then the most Glory.
func (g *Game) checkVictory() {
	if g.opt.Mode != Competitive {
		return
	}
	goal := g.fortuneGoal()
	winner := -1
	for seat := range g.heroes {
		h := &g.heroes[seat]
		if h.ko || h.space != h.def.StartCity || h.fortune < goal {
			continue
		}
		if winner < 0 {
			winner = seat
			continue
		}
		w := &g.heroes[winner]
		if h.fortune > w.fortune || (h.fortune == w.fortune && h.glory > w.glory) {
			winner = seat
		}
	}
	if winner >= 0 {
		g.finish(winner, "fortune")
	}
}

func (g *Game) fortuneGoal() int {
	if g.opt.Variants.FortuneGoal > 0 {
		return g.opt.Variants.FortuneGoal
	}
	return g.c.Rules.FortuneToWin
}

// finish ends the game.
func (g *Game) finish(winner int, how string) {
	if g.over {
		return
	}
	g.over = true
	r := &g.result
	r.Rounds = g.round
	r.Winner = winner
	r.End = how
	n := len(g.heroes)
	// One array for the four scores (the callers keep a Result; a game
	// never writes to one it has returned).
	scores := make([]int, 4*n)
	r.Fortune, r.Glory, r.KOs, r.Artifacts = scores[:n:n], scores[n:2*n:2*n], scores[2*n:3*n:3*n], scores[3*n:]
	for seat := range g.heroes {
		h := &g.heroes[seat]
		r.Fortune[seat] = g.fortune(h)
		r.Glory[seat] = h.glory
		r.KOs[seat] = h.kos
		r.Artifacts[seat] = h.recovered
	}
	r.Track = g.coop.track
	r.VillainArtifacts = g.coop.artifacts
	if g.trace != nil {
		data := map[string]any{"winner": winner, "how": how, "rounds": g.round}
		if winner >= 0 {
			g.emit(winner, "end", "", data, "%s wins in round %d (%s)", g.heroes[winner].def.Name, g.round, how)
		} else {
			g.emit(-1, "end", "", data, "game over in round %d (%s)", g.round, how)
		}
	}
}

// liveSites returns the artifact adventures on the board.
func (g *Game) liveSites() []int {
	var out []int
	for i := range g.sites {
		if g.sites[i].live {
			out = append(out, i)
		}
	}
	return out
}

// liveCount counts the artifact adventures on the board.
func (g *Game) liveCount() int {
	n := 0
	for i := range g.sites {
		if g.sites[i].live {
			n++
		}
	}
	return n
}

// siteAt returns the live site in a space, or -1.
func (g *Game) siteAt(space int16) int {
	for i := range g.sites {
		if g.sites[i].live && g.sites[i].space == space {
			return i
		}
	}
	return -1
}

// placeArtifact draws an Artifact and an Adventure and places them at a
// random location with no artifact. temple insists on a Temple artifact.
func (g *Game) placeArtifact(temple bool) bool {
	art := g.draw(&g.artifacts, -1, zoneBoard, "place")
	if temple {
		for tries := 0; art >= 0 && !g.c.Artifacts[art].Temple; tries++ {
			g.discard(&g.artifacts, art, -1, zoneBoard, "not-a-temple")
			if tries > len(g.c.Artifacts)*2 {
				return false
			}
			art = g.draw(&g.artifacts, -1, zoneBoard, "place")
		}
	}
	adv := g.draw(&g.adventures, -1, zoneBoard, "place")
	if art < 0 || adv < 0 {
		g.discard(&g.artifacts, art, -1, zoneBoard, "unplaced")
		g.discard(&g.adventures, adv, -1, zoneBoard, "unplaced")
		return false
	}
	loc := g.drawLocation(func(space int16) bool { return g.siteAt(space) < 0 })
	if loc < 0 {
		g.discard(&g.artifacts, art, -1, zoneBoard, "unplaced")
		g.discard(&g.adventures, adv, -1, zoneBoard, "unplaced")
		return false
	}
	L := &g.c.Locations[loc]
	s := Site{art: art, adv: adv, space: L.Space, villain: -1, live: true}
	a := &g.c.Artifacts[art]
	if g.opt.Advanced && L.BonusFortune {
		s.bonus = g.c.Rules.DeepJungleBonus
	}
	if g.opt.Advanced && a.Temple {
		s.coins = int(a.Fortune) + s.bonus
		s.bonus = 0
	}
	// Reuse a dead site's slot so the list stays short.
	idx := -1
	for i := range g.sites {
		if !g.sites[i].live {
			idx = i
			break
		}
	}
	if idx < 0 {
		g.sites = append(g.sites, s)
	} else {
		g.sites[idx] = s
	}
	if g.trace != nil {
		site := idx
		if site < 0 {
			site = len(g.sites) - 1
		}
		g.emit(-1, "artifact", a.ID, map[string]any{"site": site, "adventure": g.c.Adventures[adv].ID, "space": g.c.Spaces[L.Space].ID,
			"fortune": int(a.Fortune), "dangers": int(g.c.Adventures[adv].Dangers), "coins": s.coins, "bonus": s.bonus},
			"artifact placed: %s %s in %s (Fortune %d, Dangers %d)", a.Name, g.c.Adventures[adv].Name, g.c.Spaces[L.Space].Name, a.Fortune, g.c.Adventures[adv].Dangers)
	}
	if g.stats != nil {
		g.stats.draw(&g.c.Artifacts[art].Card)
		g.stats.draw(&g.c.Adventures[adv].Card)
	}
	return true
}

// drawLocation draws Location cards until one's space passes ok, and
// discards them (reshuffling on the Shuffle icon). It returns -1 if no
// location fits.
func (g *Game) drawLocation(ok func(space int16) bool) int16 {
	for tries := 0; tries < 3*len(g.c.Locations)+3; tries++ {
		loc := g.draw(&g.locations, -1, zonePlay, "random")
		if loc < 0 {
			return -1
		}
		g.discard(&g.locations, loc, -1, zonePlay, "random")
		if g.c.Locations[loc].Shuffle {
			g.reshuffle(&g.locations)
		}
		if ok == nil || ok(g.c.Locations[loc].Space) {
			return loc
		}
	}
	return -1
}

// randomCity draws a Location card for its city.
func (g *Game) randomCity() int16 {
	loc := g.drawLocation(nil)
	if loc < 0 {
		return g.c.Cities[0]
	}
	return g.c.Locations[loc].City
}
