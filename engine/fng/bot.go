package fng

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/deckwright/deckwright/engine/dice"
	"github.com/deckwright/deckwright/engine/game"
)

// Policy is a bot's temperament. Every policy plays the rules; they differ
// in the risks they take, so a designer can see whether a card is strong
// for every kind of player.
type Policy uint8

const (
	Cautious Policy = iota // presses on only when the odds are good, escapes early
	Bold                   // pushes its luck for Glory and Fortune
	Random                 // chooses uniformly among the legal options
)

// String is the policy's name, as --policy takes it (game.Policies, in
// Policy order).
func (p Policy) String() string { return game.Policies[p].Name }

// thresholds of a policy.
type temper struct {
	pressOn   float64 // least chance of passing the next Danger to press on
	minHealth int     // least wounds left to press on
	flee      float64 // escape a fight when the chance of losing is above this
	exertKeep int     // wounds the hero keeps when exerting
}

var tempers = [...]temper{
	Cautious: {pressOn: 0.72, minHealth: 3, flee: 0.35, exertKeep: 2},
	Bold:     {pressOn: 0.5, minHealth: 2, flee: 0.6, exertKeep: 1},
	Random:   {pressOn: 0.5, minHealth: 1, flee: 0.5, exertKeep: 1},
}

func (h *Hero) temper() temper { return tempers[h.policy] }

// bot is a built-in policy's Decider. The cautious, bold and random bots
// share one implementation, told apart by their temper's thresholds and
// the random bot's coin tosses (from the seat's own stream, h.bot).
type bot struct{ pol Policy }

var bots = [...]bot{Cautious: {Cautious}, Bold: {Bold}, Random: {Random}}

// Decider returns the policy's bot.
func (p Policy) Decider() Decider { return &bots[p] }

func (b *bot) temper() temper { return tempers[b.pol] }

// coin is the random policy's choice, from the bot's own stream.
func (h *Hero) coin() bool { return h.bot.Uint64()&1 == 1 }

// Route: a bot heads home to win, to a city to sell, heal or shop, or
// to the artifact, outpost or zeppelin worth most per round of travel; a
// random bot now and then wanders to a random artifact.
func (b *bot) Route(g *Game, h *Hero) int16 {
	c := g.c
	home := g.homeCity(h)
	goal := g.heroGoal(h)
	// Hunting where it has progress: stay.
	if h.progress >= 0 && g.sites[h.progress].live && g.sites[h.progress].space == h.space {
		return h.space
	}
	if g.opt.Mode == Competitive || g.opt.Mode == Team {
		if g.fortune(h) >= goal {
			return home
		}
		if len(h.artifacts) > 0 && g.fortune(h)+g.carriedValue(h) >= goal {
			return home // sell at home, then win there
		}
	}
	if len(h.artifacts) > 0 {
		return g.nearestCity(h.space, true)
	}
	if g.health(h) <= 2 && h.glory >= c.Rules.HealCost && h.wounds > 0 {
		return g.nearestCity(h.space, false)
	}
	if b.pol == Random && h.coin() && h.coin() {
		// Now and then a random bot wanders to a random artifact.
		live := g.liveSites()
		if len(live) > 0 {
			return g.sites[live[h.bot.Intn(len(live))]].space
		}
	}
	best, bestScore := int16(-1), -1.0
	scorer := g.siteScorer(h)
	for i := range g.sites {
		s := &g.sites[i]
		if !s.live {
			continue
		}
		if sc := scorer.score(g, i); sc > bestScore {
			best, bestScore = s.space, sc
		}
	}
	// So does the zeppelin's hold (or, the War Zeppelin, its destruction).
	if sc := g.zeppelinScore(h); sc > bestScore {
		best, bestScore = g.zeppelin.space, sc
	}
	// An outpost worth destroying competes with the artifacts (its value
	// per round bounds its score: the odds are worked out only when it
	// could win).
	for i := range g.coop.outposts {
		op := &g.coop.outposts[i]
		if !op.live || g.raidValue(h)/g.raidRounds(h, op) <= bestScore {
			continue
		}
		if sc := g.outpostScore(h, i); sc > bestScore {
			best, bestScore = op.space, sc
		}
	}
	// Shopping: with Glory to spend on something for sale, visit a city on the way.
	if g.canShop(h, 2) {
		city := g.nearestCity(h.space, false)
		if best < 0 || c.Dist[h.space][city] <= 3 {
			return city
		}
	}
	if best < 0 {
		return h.space
	}
	return best
}

// homeCity is where the hero goes to win: its start city, or in the team
// game the nearest start city of its team (any of them will do).
func (g *Game) homeCity(h *Hero) int16 {
	home := h.def.StartCity
	if g.opt.Mode != Team {
		return home
	}
	for seat := range g.heroes {
		o := &g.heroes[seat]
		if o.team == h.team && g.c.Dist[h.space][o.def.StartCity] < g.c.Dist[h.space][home] {
			home = o.def.StartCity
		}
	}
	return home
}

// heroGoal is the Fortune the hero (or their side) needs.
func (g *Game) heroGoal(h *Hero) int {
	switch g.opt.Mode {
	case Team:
		return g.teamGoal(h.team)
	case Cooperative, Solo:
		return g.coopGoal()
	}
	return g.fortuneGoal()
}

// siteScore rates an artifact adventure for a hero: Fortune per round of
// travel and adventure, discounted by the chance of getting through.
func (g *Game) siteScore(h *Hero, i int) float64 {
	scorer := g.siteScorer(h)
	return scorer.score(g, i)
}

// siteScorer holds what siteScore reads of the hero and the table, the
// same for every site: Route rates each site with one.
type siteScorer struct {
	h    *Hero
	dist []int16 // from the hero's space
	// The other heroes with adventure progress: where they stand and
	// the site their progress is at.
	racers [8]struct{ space, site int16 }
	n      int
}

func (g *Game) siteScorer(h *Hero) siteScorer {
	sc := siteScorer{h: h, dist: g.c.Dist[h.space]}
	for seat := range g.heroes {
		if o := &g.heroes[seat]; o != h && o.progress >= 0 && sc.n < len(sc.racers) {
			sc.racers[sc.n].space, sc.racers[sc.n].site = o.space, o.progress
			sc.n++
		}
	}
	if sc.n == len(sc.racers) {
		sc.n = -1 // more than it holds: score looks at every hero
	}
	return sc
}

// score is siteScore(h, i).
func (sc *siteScorer) score(g *Game, i int) float64 {
	s := &g.sites[i]
	c := g.c
	value := float64(c.Artifacts[s.art].Fortune) + float64(s.bonus)
	dangers := float64(c.Adventures[s.adv].Dangers)
	if s.coins > 0 {
		value = float64(s.coins)*0.8 + float64(c.Rules.TempleTreasure)*0.3
		dangers = float64(s.coins) * 0.7
	}
	dist := float64(sc.dist[s.space])
	travel := dist / 3.5
	if g.opt.Advanced && c.Spaces[s.space].DeepJungle {
		travel += 1.3
	}
	p := g.passEstimate(sc.h)
	rounds := travel + dangers/1.6 + 0.5
	score := value * p * p / rounds
	if s.villain >= 0 {
		score *= 0.7
	}
	// Racing another hero already there is worse.
	if sc.n < 0 {
		for seat := range g.heroes {
			o := &g.heroes[seat]
			if o != sc.h && o.space == s.space && o.progress == int16(i) {
				score *= 0.6
			}
		}
		return score
	}
	for _, r := range sc.racers[:sc.n] {
		if r.space == s.space && r.site == int16(i) {
			score *= 0.6
		}
	}
	return score
}

// raidValue is what destroying an outpost is worth, in Fortune: the better
// of its rewards (the villains' most valuable artifact, or their Fortune and
// the track about 2 steps back, a step worth the heroes' goal over the
// villains'), and 1 more for the outpost's ability silenced.
func (g *Game) raidValue(h *Hero) float64 {
	steal := 0
	for _, a := range g.coop.loot {
		steal = max(steal, a.value)
	}
	step := 1.0
	if g.coop.trackGoal > 0 {
		step = float64(g.heroGoal(h)) / float64(g.coop.trackGoal)
	}
	back := float64(g.coop.villainFortune) + step*float64(1+max(g.c.Rules.OutpostTrackBack, 1))/2
	return max(float64(steal), back) + 1
}

// outpostScore rates going to destroy an outpost, in siteScore's units:
// its value per round of travel and raid, discounted by the chance of
// passing its Destroy test. 0 when the bot would not raid it: the outpost
// is gone, the hero is too hurt (fewer than 3 wounds left) or the test too
// hard (under 35%). A partner already standing there halves it.
func (g *Game) outpostScore(h *Hero, i int) float64 {
	op := &g.coop.outposts[i]
	if !op.live {
		return 0
	}
	def := &g.c.Outposts[op.def]
	if g.health(h) < 3 {
		return 0
	}
	p := g.specChance(h, &def.Destroy, def.Keywords)
	if p < 0.35 {
		return 0
	}
	score := g.raidValue(h) * p * p / g.raidRounds(h, op)
	for seat := range g.heroes {
		if o := &g.heroes[seat]; o != h && !o.ko && o.space == op.space && g.side(o, h) {
			score *= 0.5
		}
	}
	return score
}

// raidRounds is the rounds of travel and raid to destroy an outpost.
func (g *Game) raidRounds(h *Hero, op *outpost) float64 {
	return float64(g.c.Dist[h.space][op.space])/3.5 + 1
}

func (g *Game) carriedValue(h *Hero) int {
	v := 0
	for _, a := range h.artifacts {
		v += a.value
	}
	return v
}

// nearestCity finds the closest city; preferMajor trades one step for the
// major-city selling bonus.
func (g *Game) nearestCity(from int16, preferMajor bool) int16 {
	major := 0
	if preferMajor {
		major = 1
	}
	if near := g.c.nearCity[major]; near != nil {
		return near[from]
	}
	return g.c.nearestCityScan(from, preferMajor)
}

// nearestCityScan is nearestCity worked out (cityTables keeps its answers).
func (c *Content) nearestCityScan(from int16, preferMajor bool) int16 {
	best, bestD := c.Cities[0], 1<<30
	for _, city := range c.Cities {
		d := int(c.Dist[from][city]) * 2
		if preferMajor && c.Spaces[city].Major {
			d -= 2 * c.Rules.MajorCityBonus
		}
		if d < bestD {
			best, bestD = city, d
		}
	}
	return best
}

// Fly: a bot flies to the city nearest its target when the flight saves
// enough rounds for its Fortune (a bold bot a round per Fortune, the others
// two thirds of one), and never below what it needs to win.
func (b *bot) Fly(g *Game, h *Hero, target int16, points int) int16 {
	c := g.c
	if target < 0 || target == h.space {
		return -1
	}
	here := int(c.Dist[h.space][target])
	if here <= points {
		return -1 // it gets there on foot this move
	}
	// The first city nearest the target but the hero's own, if nearer
	// than here: the first nearest of all (when that is the hero's own,
	// none is nearer).
	best, bestLeft := int16(-1), here
	if near := c.flyCity; near != nil {
		if city := near[target]; int(c.Dist[city][target]) < bestLeft {
			best, bestLeft = city, int(c.Dist[city][target])
		}
	} else {
		for _, city := range c.Cities {
			if city == h.space {
				continue
			}
			if left := int(c.Dist[city][target]); left < bestLeft {
				best, bestLeft = city, left
			}
		}
	}
	if best < 0 {
		return -1
	}
	cost := g.flightCost(h, best)
	if h.freeFly {
		cost = 0
	}
	f := g.fortune(h)
	if f < cost {
		return -1
	}
	saved := float64(here-bestLeft) / 3.5
	need := float64(cost) * 1.5
	if b.pol == Bold {
		need = float64(cost)
	}
	goingHome := target == g.homeCity(h) && g.fortune(h) >= g.heroGoal(h)
	if goingHome {
		if f-cost < g.heroGoal(h) {
			return -1
		}
		return best
	}
	if saved >= need {
		return best
	}
	return -1
}

// Waypoint: a bot walks by its expected rolls (walkGoal).
func (b *bot) Waypoint(g *Game, h *Hero, target int16, points int) int16 {
	return g.walkGoal(h.space, target, points)
}

// FixedMove: a bot takes the fixed move when it beats an average roll,
// unless it means to stay where it is (then only the roll's Event counts);
// the random bot always rolls.
func (b *bot) FixedMove(g *Game, h *Hero) bool {
	return b.pol != Random && g.c.Rules.FixedMove >= 4 && h.dec.Route(g, h) != h.space
}

// SoloMove: a bot takes the best die, or a 1 for its free Event when it is
// already where it wants to be (not on a double, which draws one anyway).
func (b *bot) SoloMove(g *Game, h *Hero, rolls []int) int {
	best := 0
	for _, r := range rolls {
		best = max(best, r)
	}
	double := len(rolls) >= 2 && rolls[0] == rolls[1]
	if h.dec.Route(g, h) == h.space && !double {
		// Staying put: a die that draws the free Event, if one does.
		for _, r := range rolls {
			if r <= g.c.Rules.FreeEventOn {
				return r
			}
		}
	}
	return best
}

// RideAlong: a bot comes along when the ride brings it nearer where it
// heads.
func (b *bot) RideAlong(g *Game, h, mover *Hero, from, to int16) bool {
	return g.c.Dist[to][h.dec.Route(g, h)] < g.c.Dist[from][h.dec.Route(g, h)]
}

// StepAside: a bot steps to the space nearest where it heads.
func (b *bot) StepAside(g *Game, h *Hero, spaces []int16) int {
	target := h.dec.Route(g, h)
	best := 0
	for i, n := range spaces {
		if g.c.Dist[n][target] < g.c.Dist[spaces[best]][target] {
			best = i
		}
	}
	return best
}

// passEstimate is the hero's chance of passing a typical Danger of the
// deck: the mean over Danger cards of the best alternative, for the hero at
// full health, wherever it stands. It reads only the hero's stats and cards
// (estimateKey), so it is cached until they change and memoised across the
// games a worker plays without making results depend on the worker.
func (g *Game) passEstimate(h *Hero) float64 {
	if h.estimate > 0 {
		return h.estimate
	}
	return g.estimateAgain(h)
}

// estimateAgain is passEstimate after the hero's stats or cards changed.
func (g *Game) estimateAgain(h *Hero) float64 {
	key, ok := g.estimateKey(h)
	if !ok {
		h.estimate = g.estimateFor(&key)
		return h.estimate
	}
	full := key
	key.dropUnread(&g.dangerPlan().reads)
	if selfCheck {
		defer func() {
			if want := g.estimateFor(&full); h.estimate != want {
				panic(fmt.Sprintf("self-check: %s's memoised pass estimate %v, worked out %v (key %+v)", h.def.Name, h.estimate, want, full))
			}
		}()
	}
	// Most card changes leave the stats the estimate reads alone: the
	// hero's last key spares hashing it into the worker's map.
	if !h.last.set || key != h.last.key {
		v, hit := g.estimates[key]
		if !hit {
			v = g.estimateFor(&key)
			if len(g.estimates) < 1<<16 {
				if g.estimates == nil {
					g.estimates = map[estimateKey]float64{}
				}
				g.estimates[key] = v
			}
		}
		h.last = lastEstimate{key: key, v: v, set: true}
	}
	h.estimate = h.last.v
	return h.estimate
}

// selfCheck, set by the package's tests (not its benchmarks), makes the
// bots' shortcuts check themselves against the plain computation at every
// read and panic on a difference: a shortcut that drifts cannot hide.
var selfCheck bool

// lastEstimate is a hero's last memoised estimate, checked before the
// worker's map.
type lastEstimate struct {
	key estimateKey
	v   float64
	set bool
}

// estimateKey is everything passEstimate reads.
type estimateKey struct {
	skills                  [NumSkills]int8
	tests                   int8
	combat, defense, wounds int8
	advanced                bool
	n                       uint8
	mods                    [8]Mod // scoped test and fight modifiers
}

// estimateKey builds a hero's key; false when it has too many scoped
// modifiers to memoise (the estimate is then computed each time).
func (g *Game) estimateKey(h *Hero) (estimateKey, bool) {
	k := estimateKey{tests: int8(h.always[StatTests]), combat: int8(g.skill(h, Combat)),
		defense: int8(int(h.def.Defense) + h.always[StatDefense]), wounds: int8(g.maxWounds(h)), advanced: g.opt.Advanced}
	for s := range NumSkills {
		k.skills[s] = int8(int(h.def.Skills[s]) + h.always[s])
	}
	for _, m := range h.cond {
		if m.Scope == InSpace {
			continue // where the hero stands is not part of a typical Danger
		}
		if estimateStats&(1<<m.Stat) == 0 {
			continue // nor are movement, costs, escapes and sneaks
		}
		if int(k.n) == len(k.mods) {
			return k, false
		}
		// In a fixed order (the estimate sums them, in any order): the
		// same modifiers from cards gained in another order share a key.
		i := int(k.n)
		for ; i > 0 && modLess(m, k.mods[i-1]); i-- {
			k.mods[i] = k.mods[i-1]
		}
		k.mods[i] = m
		k.n++
	}
	return k, true
}

// dropUnread takes out of a key the modifiers estimateFor never reads:
// those whose keyword no Danger it rates (for a test's stats) nor typical
// enemy (for a fight's) carries. The estimate is the same to the bit
// without them, and heroes whose cards differ only there share a memo
// entry. The key's size limit has already counted them, as it always did.
func (k *estimateKey) dropUnread(reads *[numStats]KW) {
	n := 0
	for _, m := range k.mods[:k.n] {
		if reads[m.Stat].Has(int(m.Sym)) {
			k.mods[n] = m
			n++
		}
	}
	clear(k.mods[n:k.n])
	k.n = uint8(n)
}

// estimateStats are the stats whose scoped modifiers estimateFor reads.
const estimateStats = 1<<StatTests | 1<<StatCombat | 1<<StatAgility | 1<<StatCunning | 1<<StatLore | 1<<StatDefense

func modLess(a, b Mod) bool {
	if a.Stat != b.Stat {
		return a.Stat < b.Stat
	}
	if a.Scope != b.Scope {
		return a.Scope < b.Scope
	}
	if a.Sym != b.Sym {
		return a.Sym < b.Sym
	}
	return a.Amount < b.Amount
}

// estimateFor computes passEstimate from a key alone: the mean over the
// Danger deck of each Danger's likeliest alternative. The Dangers' clauses
// are laid out once (dangerPlan); the products, maxima and sum are taken in
// the deck's order, each chance the same to the bit as estimateClause's.
func (g *Game) estimateFor(k *estimateKey) float64 {
	plan := g.dangerPlan()
	// Most stats have no scoped modifier: a bit per stat that has one
	// spares scanning them.
	var modded uint32
	for _, m := range k.mods[:k.n] {
		modded |= 1 << m.Stat
	}
	// A fight's or a dice test's chance does not read the Danger: once each.
	chances := g.planBuf[:len(plan.shapes)]
	for i, cl := range plan.shapes {
		chances[i] = g.estimateClause(k, modded, cl, KW{})
	}
	sum, n := 0.0, 0
	for _, d := range plan.dangers {
		if d.advanced && !k.advanced {
			continue
		}
		best := 0.0
		for _, alt := range plan.alts[d.alts[0]:d.alts[1]] {
			p := 1.0
			for i := alt[0]; i < alt[1]; i++ {
				pc := &plan.clauses[i]
				if pc.shape >= 0 {
					p *= chances[pc.shape]
					continue
				}
				if pc.pass == nil {
					p *= g.estimateClause(k, modded, pc.cl, pc.kw)
					continue
				}
				// A skill test: the key's skills and tests, and the
				// modifiers to them on the Danger's keywords.
				nd := int(k.tests)
				for _, s := range pc.cl.Skills {
					nd += int(k.skills[s])
				}
				if modded&pc.stats != 0 {
					for _, m := range k.mods[:k.n] {
						if pc.stats&(1<<m.Stat) != 0 && pc.kw.Has(int(m.Sym)) {
							nd += int(m.Amount)
						}
					}
				}
				if nd = max(nd, 1); nd < len(pc.pass) {
					p *= pc.pass[nd]
				} else {
					p *= g.estimateClause(k, modded, pc.cl, pc.kw)
				}
			}
			best = max(best, p)
		}
		sum += best
		n++
	}
	if n == 0 {
		return 0.5
	}
	return max(sum/float64(n), 0.01)
}

// estimateClause is a typical hero's chance of passing one clause of a
// Danger with keywords kw, by the key's stats (modded: the stats with a
// scoped modifier).
func (g *Game) estimateClause(k *estimateKey, modded uint32, cl *Clause, kw KW) float64 {
	switch cl.Kind {
	case SkillTest, DiceTest:
		n := cl.Dice
		if cl.Kind == SkillTest {
			n = int(k.tests) + k.mod(modded, StatTests, kw)
			for _, s := range cl.Skills {
				n += int(k.skills[s]) + k.mod(modded, Stat(s), kw)
			}
		}
		return dice.Table().Pass(max(n, 1), cl.Target, cl.Successes)
	case FightTest:
		e := g.typicalEnemy(cl)
		o := g.cachedOdds(dice.Fight{HeroDice: max(int(k.combat)+k.mod(modded, StatCombat, e.Keywords), 1),
			HeroDefense: max(int(k.defense)+k.mod(modded, StatDefense, e.Keywords), 0), HeroHealth: int(k.wounds),
			EnemyDice: int(e.Dice), EnemyDefense: int(e.Defense), EnemyHealth: int(e.Wounds), Hit: g.c.Rules.HitOn})
		return o.Win + o.Trade*0.5 + (1-o.Win-o.Trade-o.Lose)*0.5
	}
	return 0.55 // a sneak: most of the villain's dice miss the number
}

// mod sums the key's scoped modifiers to a stat that apply to keywords kw.
func (k *estimateKey) mod(modded uint32, stat Stat, kw KW) int {
	if modded&(1<<stat) == 0 {
		return 0
	}
	n := 0
	for _, m := range k.mods[:k.n] {
		if m.Stat == stat && kw.Has(int(m.Sym)) {
			n += int(m.Amount)
		}
	}
	return n
}

// dangerPlan lays the Danger deck's tests out for estimateFor: every
// clause, Danger by Danger and alternative by alternative. A fight, a dice
// test or a sneak names its shape, the first clause with the same chance
// whatever the Danger (a fight's modifiers read its enemy's keywords); a
// skill test carries its chance by dice. It is worked out the first time a
// game asks, for the content's Dangers as they are then (the estimates
// memoised across games assume them fixed too).
type dangerPlan struct {
	shapes  []*Clause
	clauses []planClause
	alts    [][2]int32 // each alternative's clauses
	dangers []planDanger
	// reads are, by stat, the keywords whose modifiers to the stat the
	// estimate reads: a skill test's Danger's, a fight's enemy's.
	reads [numStats]KW
}

type planClause struct {
	cl    *Clause
	shape int32 // into shapes, or -1: a skill test
	// A skill test: the stats whose modifiers count (the skills and
	// every test) on the Danger's keywords, and its chance by dice
	// (nil when a skill repeats: estimateClause counts it).
	stats uint32
	kw    KW
	pass  []float64
}

type planDanger struct {
	advanced bool
	alts     [2]int32
}

func (g *Game) dangerPlan() *dangerPlan {
	if g.plan != nil {
		return g.plan
	}
	plan := &dangerPlan{}
	type shapeKey struct {
		kind   ClauseKind
		dice   int
		target int
		need   int
		foe    *EnemyDef
	}
	shapes := map[shapeKey]int32{}
	passes := map[[2]int][]float64{}
	for i := range g.c.Dangers {
		d := &g.c.Dangers[i]
		pd := planDanger{advanced: d.Advanced, alts: [2]int32{int32(len(plan.alts)), 0}}
		for ai := range d.Test.Alts {
			alt := [2]int32{int32(len(plan.clauses)), 0}
			for ci := range d.Test.Alts[ai] {
				cl := &d.Test.Alts[ai][ci]
				pc := planClause{cl: cl, shape: -1, kw: d.Keywords}
				if cl.Kind == SkillTest {
					pc.stats = 1 << StatTests
					dup := false
					for _, s := range cl.Skills {
						dup = dup || pc.stats&(1<<s) != 0
						pc.stats |= 1 << s
					}
					for st := range numStats {
						if pc.stats&(1<<st) != 0 {
							plan.reads[st] = plan.reads[st].Union(d.Keywords)
						}
					}
					if !dup {
						tn := [2]int{cl.Target, cl.Successes}
						if passes[tn] == nil {
							pass := make([]float64, dice.MaxDice+1)
							for n := range pass {
								pass[n] = dice.Table().Pass(max(n, 1), cl.Target, cl.Successes)
							}
							passes[tn] = pass
						}
						pc.pass = passes[tn]
					}
				} else {
					key := shapeKey{kind: cl.Kind}
					switch cl.Kind {
					case DiceTest:
						key.dice, key.target, key.need = cl.Dice, cl.Target, cl.Successes
					case FightTest:
						key.foe = g.typicalEnemy(cl)
						for _, st := range []Stat{StatCombat, StatDefense} {
							plan.reads[st] = plan.reads[st].Union(key.foe.Keywords)
						}
					}
					shape, ok := shapes[key]
					if !ok {
						shape = int32(len(plan.shapes))
						shapes[key] = shape
						plan.shapes = append(plan.shapes, cl)
					}
					pc.shape = shape
				}
				plan.clauses = append(plan.clauses, pc)
			}
			alt[1] = int32(len(plan.clauses))
			plan.alts = append(plan.alts, alt)
		}
		pd.alts[1] = int32(len(plan.alts))
		plan.dangers = append(plan.dangers, pd)
	}
	g.plan = plan
	g.planBuf = make([]float64, len(plan.shapes))
	return plan
}

// specChance estimates a test's chance: the best alternative, each the
// product of its clauses.
func (g *Game) specChance(h *Hero, spec *TestSpec, kw KW) float64 {
	best := 0.0
	for ai := range spec.Alts {
		p := 1.0
		for ci := range spec.Alts[ai] {
			p *= g.clauseChance(h, &spec.Alts[ai][ci], kw, false)
		}
		best = max(best, p)
	}
	return best
}

// clauseChance estimates one clause.
func (g *Game) clauseChance(h *Hero, cl *Clause, kw KW, exert bool) float64 {
	switch cl.Kind {
	case SkillTest, DiceTest:
		n := g.testDice(h, cl, kw)
		extra := 0
		if exert {
			extra = max(g.health(h)-h.temper().exertKeep, 0)
		}
		return dice.Table().PassFirst(n, min(extra, 3), cl.Target, cl.Successes)
	case FightTest:
		e := g.typicalEnemy(cl)
		o := g.fightOdds(h, e)
		return o.Win + o.Trade*0.5 + (1-o.Win-o.Trade-o.Lose)*0.5
	case SneakTest:
		return 0.55
	}
	return 0.5
}

// typicalEnemy is the enemy a Fight clause will most likely meet: its
// deck's average, or the reference enemy. The content's own clauses have it
// resolved when the content loads (resolveFoes).
func (g *Game) typicalEnemy(cl *Clause) *EnemyDef {
	if cl.typical != nil {
		return cl.typical
	}
	return g.c.typicalEnemy(cl)
}

func (c *Content) typicalEnemy(cl *Clause) *EnemyDef {
	switch cl.FoeKind {
	case FoeReference:
		if i, ok := c.Reference[idOf(cl.Foe)]; ok {
			return &c.Enemies[i]
		}
		for _, i := range c.Reference {
			if fold(c.Enemies[i].Name) == fold(cl.Foe) {
				return &c.Enemies[i]
			}
		}
	case FoeDeck:
		if cl.Foe == "Nazi Enemies" {
			return c.avgEnemy(1)
		}
		return c.avgEnemy(0)
	}
	return c.avgEnemy(0)
}

func idOf(name string) string {
	out := make([]byte, 0, len(name))
	dash := false
	for _, r := range []byte(name) {
		switch {
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
			fallthrough
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && len(out) > 0 {
				out = append(out, '-')
			}
			dash = false
			out = append(out, r)
		default:
			dash = true
		}
	}
	return string(out)
}

// fightOdds is the chance of a fight to the finish for the hero against e.
func (g *Game) fightOdds(h *Hero, e *EnemyDef) dice.Outcome {
	return g.cachedOdds(dice.Fight{
		HeroDice: g.fightDice(h, e), HeroDefense: g.defense(h, e), HeroHealth: g.health(h),
		EnemyDice: int(e.Dice), EnemyDefense: int(e.Defense), EnemyHealth: int(e.Wounds), Hit: g.c.Rules.HitOn,
	})
}

// cachedOdds memoises fight odds per worker (bots ask the same few
// questions many times).
func (g *Game) cachedOdds(f dice.Fight) dice.Outcome { return g.odds.Odds(f) }

// TestOption takes the alternative likeliest to pass (counting the dice
// the hero would exert); the random bot takes any.
func (b *bot) TestOption(g *Game, h *Hero, spec *TestSpec, kw KW, exert bool) int {
	if b.pol == Random {
		return h.bot.Intn(len(spec.Alts))
	}
	return likeliest(spec, func(cl *Clause) float64 { return g.clauseChance(h, cl, kw, exert) })
}

// likeliest is the alternative of spec likeliest to pass, chance rating
// each clause (the first of equal ones).
func likeliest(spec *TestSpec, chance func(cl *Clause) float64) int {
	best, bestP := 0, -1.0
	for ai := range spec.Alts {
		p := 1.0
		for ci := range spec.Alts[ai] {
			p *= chance(&spec.Alts[ai][ci])
		}
		if p > bestP {
			best, bestP = ai, p
		}
	}
	return best
}

// GroupOption takes the alternative likeliest to pass when each clause is
// taken by the unit's hero likeliest to pass it.
func (b *bot) GroupOption(g *Game, lead *Hero, seats []int, spec *TestSpec, kw KW, cliff bool) int {
	return likeliest(spec, func(cl *Clause) float64 { return g.bestChance(seats, cl, kw, cliff) })
}

// GroupTaker sends the hero likeliest to pass the clause.
func (b *bot) GroupTaker(g *Game, lead *Hero, seats []int, cl *Clause, kw KW, cliff bool) int {
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

// bestChance is the best chance a hero of the unit has of passing a
// clause.
func (g *Game) bestChance(seats []int, cl *Clause, kw KW, cliff bool) float64 {
	p := 0.0
	for _, s := range seats {
		if h := g.h(s); !h.ko {
			p = max(p, g.clauseChance(h, cl, kw, cliff))
		}
	}
	return p
}

// PressOn compares a typical Danger's pass chance with the bot's
// threshold, and camps when hurt; a cautious bot also banks a good turn's
// Glory. The last Danger, which ends the hunt, is worth more risk.
func (b *bot) PressOn(g *Game, h *Hero, site int, left int) bool {
	if b.pol == Random {
		return h.coin()
	}
	t := b.temper()
	if g.health(h) < t.minHealth {
		return false
	}
	p := g.passEstimate(h)
	// The last Danger is worth more risk: it ends the hunt.
	if left == 1 {
		return p >= t.pressOn-0.12
	}
	if h.pending >= 6 && b.pol == Cautious {
		return false
	}
	return p >= t.pressOn
}

// Escape: a bot escapes a fight it is likelier to lose than its temper
// bears, or one where nobody can hurt anybody; the random bot one time in
// four.
func (b *bot) Escape(g *Game, h *Hero, fs *FightState) bool {
	e := fs.enemy
	if b.pol == Random {
		return h.bot.Intn(4) == 0
	}
	o := g.cachedOdds(dice.Fight{
		HeroDice: g.fightDice(h, e) + fs.addDice, HeroDefense: g.defense(h, e), HeroHealth: g.health(h),
		EnemyDice: int(e.Dice), EnemyDefense: int(e.Defense), EnemyHealth: int(e.Wounds) - fs.wounds, Hit: g.c.Rules.HitOn,
	})
	if o.Win+o.Trade+o.Lose == 0 {
		return true // nobody can hurt anybody: walk away
	}
	return o.Lose > b.temper().flee
}

// Exert: a bot exerts while it keeps its temper's wounds, giving
// everything but its last wound in a cliffhanger, whose failure is a KO.
func (b *bot) Exert(g *Game, h *Hero, ts *TestState) bool {
	keep := b.temper().exertKeep
	if ts.cliff {
		keep = 1 // failing a cliffhanger is a KO: give everything
	}
	return g.health(h) > keep
}

// Help: in a cliffhanger, whose failure KOs the whole unit, a bot helps
// with all it can; otherwise it keeps a margin by its temper. The random
// bot tosses a coin for each die.
func (b *bot) Help(g *Game, h, taker *Hero, ts *TestState) bool {
	keep := 1
	if !ts.cliff {
		keep = b.temper().exertKeep + 1
	}
	if g.health(h) <= keep {
		return false
	}
	return b.pol != Random || h.coin()
}

// Adventure: a bot hunts unless it is hurt (or carries artifacts it could
// lose); the random bot always hunts.
func (b *bot) Adventure(g *Game, h *Hero, site int) bool {
	if b.pol == Random {
		return true
	}
	if len(h.artifacts) > 0 && g.health(h) <= 2 {
		return false // don't risk losing what it carries
	}
	// A hurt hero without the Glory to heal in a city adventures anyway:
	// camping after the first Danger heals it fully (so, at worst, does a
	// KO), where waiting heals nothing and it would never hunt again.
	cannotHeal := h.glory < g.c.Rules.HealCost && g.c.Rules.HealCost > 0
	return g.health(h) >= 2 || h.progress == int16(site) || cannotHeal
}

// buffer is the Glory a bot keeps against a KO when it shops: none for
// the bold bot.
func (b *bot) buffer() int {
	if b.pol == Bold {
		return 0
	}
	return 2
}

// Sell: a bot sells every artifact it carries into a city.
func (b *bot) Sell(g *Game, h *Hero, a int) bool { return true }

// Heal: a bot heals every wound it can pay for.
func (b *bot) Heal(g *Game, h *Hero) int {
	n := h.wounds
	if cost := g.c.Rules.HealCost; cost > 0 {
		n = min(n, h.glory/cost)
	}
	return n
}

// Buy: a bot buys what it can afford keeping its Glory buffer.
func (b *bot) Buy(g *Game, h *Hero, ally bool) bool {
	return g.canBuy(h, ally, b.buffer())
}

// BuyCommon: a bot buys the Common Item worth most to it (commonChoice).
func (b *bot) BuyCommon(g *Game, h *Hero) int16 { return g.commonChoice(h, b.buffer()) }

// canBuy reports whether the hero can buy a Gear (or Allies) card keeping
// buffer Glory: it may buy one, and has the Glory to spare.
func (g *Game) canBuy(h *Hero, ally bool, buffer int) bool {
	cost := g.c.Rules.GearCost
	if ally {
		cost = g.c.Rules.AllyCost
	}
	return g.mayBuy(h, ally) && h.glory >= cost+buffer
}

// canShop reports whether a city visit would buy the hero something.
func (g *Game) canShop(h *Hero, buffer int) bool {
	return g.canBuy(h, false, buffer) || g.canBuy(h, true, buffer) || g.commonChoice(h, buffer) >= 0
}

// commonChoice picks the Common Item worth buying keeping buffer Glory,
// or -1.
func (g *Game) commonChoice(h *Hero, buffer int) int16 {
	if h.glory < g.c.Rules.CommonItemMinCost+buffer {
		return -1 // no Common Item costs less
	}
	best, bestV := int16(-1), 0
	r := g.room(h)
	for _, id := range g.c.CommonItems {
		cost := g.commonCost(h, id)
		if h.glory < cost+buffer || !g.mayBuyCommonWith(h, id, r) {
			continue
		}
		it := &g.c.Items[id]
		v := len(it.Mods)*3 + int(it.Benefit)*2 - cost
		if it.Effect != nil {
			v += 2
		}
		if v > bestV {
			best, bestV = id, v
		}
	}
	return best
}

// TeamOrder puts the strongest first — the likeliest to pass a Danger,
// times the wounds it can still take — so that it leads where teammates
// hunt together and fights the first rounds. Ties keep seat order. A
// random bot shuffles.
func (b *bot) TeamOrder(g *Game, first *Hero, block []int8) {
	if b.pol == Random {
		for i := len(block) - 1; i > 0; i-- {
			j := first.bot.Intn(i + 1)
			block[i], block[j] = block[j], block[i]
		}
		return
	}
	strength := func(s int8) float64 {
		h := g.h(int(s))
		return g.passEstimate(h) * float64(g.health(h))
	}
	for i := 1; i < len(block); i++ {
		for j := i; j > 0 && (strength(block[j]) > strength(block[j-1]) ||
			strength(block[j]) == strength(block[j-1]) && block[j] < block[j-1]); j-- {
			block[j], block[j-1] = block[j-1], block[j]
		}
	}
}

// zeppelinScore rates going to sneak aboard the zeppelin, in siteScore's
// units: what boarding wins (the Zeppelin's hold and its Glory; the War
// Zeppelin's destruction, worth an outpost's reward) times the chance of
// beating every guard who spots the hero, squared, per round of travel and
// boarding. The zeppelin flies on each End Phase, so one out of this move's
// reach is worth half. 0 when the bot would not board it (boardZeppelin):
// a hold under 2 Fortune, fewer than 3 wounds left, a soldier it beats less
// than 60% of the time.
func (g *Game) zeppelinScore(h *Hero) float64 {
	z := &g.zeppelin
	org := g.zeppelinOrg()
	if !z.live || !g.opt.Advanced || org < 0 || g.health(h) < 3 {
		return 0
	}
	value := float64(z.fortune) + float64(z.def.Glory)*0.3
	if z.def.Cooperative {
		value = g.raidValue(h) + float64(z.def.Glory)*0.3
	} else if z.fortune < 2 {
		return 0
	}
	win := g.fightOdds(h, &g.c.Enemies[g.c.Orgs[org].Henchman]).Win
	if win < 0.6 {
		return 0
	}
	p := math.Pow(5.0/6+win/6, float64(z.def.Guards))
	dist := float64(g.c.Dist[h.space][z.space])
	score := value * p * p / (dist/3.5 + 1)
	if dist > 3 {
		score /= 2
	}
	return score
}

// walkPlans plan the bots' walking: for a target t, how many movement
// rolls (a d6) each space is from it, and where a hero heads with each
// roll. Unlike the least movement (Dist), the expected rolls know that a
// sea costing 4 is crossed only on a roll of 4 or more: a bot short of a
// sea's cost can use its roll to reach a better shore, or a cheaper sea,
// instead of standing still. A target's plan is worked out the first time
// a bot heads there (a few hundred microseconds), once for all the
// workers: it depends on the map alone.
type walkPlans struct {
	spaces []Space
	dist   [][]int16
	near6  [][]int16 // the spaces within 6 movement of each, nearest first
	near   [][]int16 // within maxWalkRoll
	once   []sync.Once
	turns  [][]float32
	goals  [][]int16
	// The next-hop tables (hop): for a target, the neighbour nextStep
	// takes from each space with each movement up to the dearest space's
	// cost (more buys no other step), worked out the first time a hero
	// walks toward the target.
	maxCost int
	hopOnce []sync.Once
	hops    [][]int16
}

// maxWalkRoll is the most movement the plans cover; more (a big movement
// bonus) simply heads for the target.
const maxWalkRoll = 12

func newWalkPlans(spaces []Space, dist [][]int16) *walkPlans {
	n := len(spaces)
	maxCost := 1
	for i := range spaces {
		maxCost = max(maxCost, int(spaces[i].Cost))
	}
	return &walkPlans{spaces: spaces, dist: dist, near6: nearest(dist, 6), near: nearest(dist, maxWalkRoll),
		once: make([]sync.Once, n), turns: make([][]float32, n), goals: make([][]int16, n),
		maxCost: maxCost, hopOnce: make([]sync.Once, n), hops: make([][]int16, n)}
}

// hop returns target t's next-hop table: hops[s*maxCost+points-1] is the
// neighbour of s that nextStep takes toward t with points (1 to maxCost)
// of movement where no henchman stands in the way, or -1.
func (w *walkPlans) hop(t int16) []int16 {
	w.hopOnce[t].Do(func() {
		n := len(w.spaces)
		hops := make([]int16, n*w.maxCost)
		for s := range n {
			for p := 1; p <= w.maxCost; p++ {
				hops[s*w.maxCost+p-1] = bestStep(w.spaces, w.dist, int16(s), t, p, nil)
			}
		}
		w.hops[t] = hops
	})
	return w.hops[t]
}

// nearest lists, for each space, the spaces within reach movement of
// it, nearest first.
func nearest(dist [][]int16, reach int16) [][]int16 {
	n := len(dist)
	near := make([][]int16, n)
	for s := range n {
		for t := range n {
			if dist[s][t] <= reach {
				near[s] = append(near[s], int16(t))
			}
		}
		sort.SliceStable(near[s], func(i, j int) bool { return dist[s][near[s][i]] < dist[s][near[s][j]] })
	}
	return near
}

// plan returns target t's expected rolls by space, and the space each
// space heads for with each movement: goals[s*maxWalkRoll+points-1].
func (w *walkPlans) plan(t int16) (turns []float32, goals []int16) {
	w.once[t].Do(func() {
		w.turns[t] = w.walkTurns(int(t))
		w.goals[t] = w.walkGoals(int(t), w.turns[t])
	})
	return w.turns[t], w.goals[t]
}

// walkTurns works out the expected rolls E from every space to t, the
// best space within each roll's reach taken each time: E(t) = 0,
// E(s) = 1 + the mean over the six faces r of the least E within r of s
// (staying included). Gauss–Seidel sweeps outward from the target, each
// update solving its own equation (the small rolls that stay), converge
// in a few passes.
func (w *walkPlans) walkTurns(t int) []float32 {
	dist, near := w.dist, w.near6
	n := len(dist)
	e := make([]float64, n)
	order := make([]int, n)
	for s := range n {
		e[s] = float64(dist[s][t]) / 3.5
		order[s] = s
	}
	sort.SliceStable(order, func(i, j int) bool { return dist[order[i]][t] < dist[order[j]][t] })
	for sweep := 0; sweep < 100; sweep++ {
		change := 0.0
		for _, s := range order {
			if s == t {
				e[s] = 0
				continue
			}
			// m[r] is the best other space a roll of r+1 reaches; the rolls
			// whose best is no better than staying stay, so E(s) = (1 +
			// Σ m over the moving rolls/6) / (1 − staying rolls/6), the
			// staying rolls the small ones (m falls as the roll grows).
			var m [6]float64
			best, k := math.Inf(1), 0
			for r := range 6 {
				for k < len(near[s]) && dist[s][near[s][k]] <= int16(r+1) {
					if x := int(near[s][k]); x != s {
						best = min(best, e[x])
					}
					k++
				}
				m[r] = best
			}
			for stay := range 6 {
				sum := 0.0
				for r := stay; r < 6; r++ {
					sum += m[r]
				}
				if v := (1 + sum/6) / (1 - float64(stay)/6); (stay == 0 || m[stay-1] >= v) && m[stay] < v {
					change = max(change, math.Abs(v-e[s]))
					e[s] = v
					break
				}
			}
		}
		if change < 1e-5 {
			break
		}
	}
	out := make([]float32, n)
	for s := range n {
		out[s] = float32(e[s])
	}
	return out
}

// walkGoals works out, for every space s and movement 1 to maxWalkRoll,
// the space a hero heads for on its way to t (see walkGoal).
func (w *walkPlans) walkGoals(t int, turns []float32) []int16 {
	spaces, dist, near := w.spaces, w.dist, w.near
	n := len(spaces)
	// end[s*(maxWalkRoll+1)+p]: where the shortest way to t ends from s
	// with p points, as nextStep walks it (henchmen aside): one step, then
	// the end from there with the points left.
	end := make([]int16, n*(maxWalkRoll+1))
	for p := 0; p <= maxWalkRoll; p++ {
		for s := range n {
			next, bestD := int16(-1), dist[s][t]
			if s != t {
				for _, a := range spaces[s].Adj {
					cost := int(spaces[a].Cost)
					if cost <= p && (dist[a][t] < bestD || dist[a][t] == bestD && next >= 0 && cost < int(spaces[next].Cost)) {
						next, bestD = a, dist[a][t]
					}
				}
			}
			if next < 0 {
				end[s*(maxWalkRoll+1)+p] = int16(s)
			} else {
				end[s*(maxWalkRoll+1)+p] = end[int(next)*(maxWalkRoll+1)+p-int(spaces[next].Cost)]
			}
		}
	}
	out := make([]int16, n*maxWalkRoll)
	for s := range n {
		best, k := int16(s), 0
		for p := 1; p <= maxWalkRoll; p++ {
			for ; k < len(near[s]) && int(dist[s][near[s][k]]) <= p; k++ {
				x := near[s][k]
				switch {
				case turns[x] < turns[best]-1e-6,
					turns[x] < turns[best]+1e-6 && dist[x][t] < dist[best][t],
					turns[x] < turns[best]+1e-6 && dist[x][t] == dist[best][t] && dist[s][x] < dist[s][best]:
					best = x
				}
			}
			goal := int16(t)
			if turns[best] < turns[end[s*(maxWalkRoll+1)+p]]-1e-6 {
				goal = best
			}
			out[s*maxWalkRoll+p-1] = goal
		}
	}
	return out
}

// walkGoal is the space a hero with points of movement heads for this
// move on its way to target: the target itself (walking the shortest way
// as far as the points go) unless a space within reach leaves the target
// fewer rolls away — then the best such space (then the nearest to the
// target in movement, then the cheapest to reach).
func (g *Game) walkGoal(from, target int16, points int) int16 {
	w := g.c.walk
	if from == target || target < 0 || points < 1 || points > maxWalkRoll || w == nil {
		return target
	}
	_, goals := w.plan(target)
	return goals[int(from)*maxWalkRoll+points-1]
}

// rivalOnly reports whether a card's effect acts only on a hero of
// another side (Double Cross steals from one): it has no use where no
// rival stands (never in the cooperative and solo games, whose heroes are
// all one side).
func rivalOnly(c *Card) bool {
	if c.Effect == nil {
		return false
	}
	any := false
	for _, u := range c.Effect.Uses {
		if !u.Verb {
			continue
		}
		if u.Name != "stealArtifact" {
			return false
		}
		any = true
	}
	return any
}

// rivalWorthRobbing reports whether a hero of another side in h's space
// carries an artifact: the only time a card that robs one is worth playing.
func (g *Game) rivalWorthRobbing(h *Hero) bool {
	for seat := range g.heroes {
		o := &g.heroes[seat]
		if o != h && !g.side(o, h) && o.space == h.space && len(o.artifacts) > 0 {
			return true
		}
	}
	return false
}
