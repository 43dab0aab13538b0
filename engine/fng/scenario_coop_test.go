package fng

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// Scenario tests of the cooperative, solo and team games, the vile
// organizations, the optional rules and the named rule variants (seed 000:
// THE COOPERATIVE GAME, THE TEAM GAME, THE SOLO GAME, OPTIONAL RULES, FAQ;
// seed 004 for the German temple collapse). Each sets the state up by hand
// and forces the dice.

// --- fixture ------------------------------------------------------------

// newCoop starts a scenario against an organization (advanced game) with
// the board cleared (see newScenario) and the organization reset: these
// active villains, left to right, back at base and Ready (tests set the
// states they need), no outposts, no zeppelin, no henchmen, every figure
// in the box, the track and both Fortune piles at 0. The victory chart's
// goals stay as set up.
func newCoop(t *testing.T, opt Options, org string, villains []string, heroes ...string) *scenario {
	t.Helper()
	return newCoopOn(t, bundled(t), opt, org, villains, heroes...)
}

// newCoopOn is newCoop on other content (a changed rule constant).
func newCoopOn(t *testing.T, c *Content, opt Options, org string, villains []string, heroes ...string) *scenario {
	t.Helper()
	if opt.Mode == Competitive && opt.Org == "" {
		opt.Mode = Cooperative
	}
	opt.Org, opt.Advanced = org, true
	s := newScenarioOn(t, c, opt, heroes...)
	s.resetOrg(villains...)
	s.strict = true // every die a test rolls is one it forced
	return s
}

// resetOrg empties the organization's side of the board (see newCoop).
func (s *scenario) resetOrg(villains ...string) {
	s.villains = s.villains[:0]
	for i := range s.figuresLeft {
		s.figuresLeft[i] = s.c.Orgs[i].Figures
	}
	org, fg, tg := s.coop.org, s.coop.fortuneGoal, s.coop.trackGoal
	s.coop.reset(len(s.c.Spaces))
	s.coop.org, s.coop.fortuneGoal, s.coop.trackGoal = org, fg, tg
	for _, id := range villains {
		v := s.vil(id)
		v.state = vReady
		s.coop.active = append(s.coop.active, v.idx)
	}
	s.zeppelin = Zeppelin{space: -1}
	clear(s.henchmen)
}

// freshGame sets a game up by the rules, without clearing anything.
func freshGame(t *testing.T, seed uint64, opt Options, heroes ...string) *scenario {
	t.Helper()
	s := &scenario{t: t, Game: New(bundled(t))}
	if opt.Players == 0 {
		opt.Players = len(heroes)
	}
	for _, id := range heroes {
		opt.Heroes = append(opt.Heroes, s.heroIndex(id))
	}
	s.reset(seed, opt)
	s.trace = game.TextTracer{W: &s.log, Prefix: "r"}
	s.setupGame()
	return s
}

// vil returns a villain's state by ID.
func (s *scenario) vil(id string) *Villain {
	for i := range s.c.Villains {
		if s.c.Villains[i].ID == id {
			return s.villain(int16(i))
		}
	}
	s.t.Fatalf("no villain %q", id)
	return nil
}

func (s *scenario) orgIndex(id string) int {
	for i := range s.c.Orgs {
		if s.c.Orgs[i].ID == id {
			return i
		}
	}
	s.t.Fatalf("no organization %q", id)
	return -1
}

// deployAt puts a villain on the board at a site (with its bodyguards), as
// the villain phase deploys it: it must explore a deep jungle.
func (s *scenario) deployAt(id string, site int) *Villain {
	v := s.vil(id)
	s.deployVillainAt(v, s.sites[site].space, false)
	return v
}

// topVillainEvent puts a Villain Event on top of its deck.
func (s *scenario) topVillainEvent(id string) {
	n := int16(s.card(cardsOf(s.c.VillainEvents), id))
	s.villainEvents.Remove(n)
	s.villainEvents.PushTop(n)
}

// topEvents stacks n copies of an Event on top of the Events deck.
func (s *scenario) topEvents(id string, n int) {
	c := int16(s.card(cardsOf(s.c.Events), id))
	s.events.Remove(c)
	for range n {
		s.events.PushTop(c)
	}
}

// topNazi puts a Nazi Enemies card on top of its deck.
func (s *scenario) topNazi(id string) {
	for i := range s.c.Enemies {
		if s.c.Enemies[i].ID == id {
			s.nazi.Remove(int16(i))
			s.nazi.PushTop(int16(i))
			return
		}
	}
	s.t.Fatalf("no enemy %q", id)
}

// topLocation puts the Location card of a space (or, with city, of the
// card whose city is that space) on top of the Locations deck.
func (s *scenario) topLocation(space string, city bool) {
	sp := s.space(space)
	for i, l := range s.c.Locations {
		if (!city && l.Space == sp) || (city && l.City == sp) {
			s.locations.Remove(int16(i))
			s.locations.PushTop(int16(i))
			return
		}
	}
	s.t.Fatalf("no location for %q", space)
}

func cardsOf(es []EventDef) []Card {
	out := make([]Card, len(es))
	for i := range es {
		out[i] = es[i].Card
	}
	return out
}

// nextPick is the number the hero's bot will choose for its next sneak
// test.
func (s *scenario) nextPick(seat int) int {
	b := s.h(seat).bot
	return b.Intn(6) + 1
}

// traced reports whether the trace holds a line.
func (s *scenario) traced(sub string) bool { return strings.Contains(s.log.String(), sub) }

// --- set-up ---------------------------------------------------------------

// Set-up: the Villain Event deck, the track at 0, the chosen organization
// with its active villains (2 for 1–4 heroes: the first deployed, the
// second ready), its initial outposts and, for the Nazis, the War Zeppelin.
func TestCoopSetupChosenOrganization(t *testing.T) {
	s := freshGame(t, 3, Options{Mode: Cooperative, Advanced: true, Org: "mob"}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	mob := s.orgIndex("mob")
	require.Equal(t, mob, s.coop.org)
	require.Equal(t, 30, s.villainEvents.Len(), "the whole Villain Event deck, shuffled")
	require.Zero(t, s.coop.track)
	require.Len(t, s.coop.active, 2)
	first, second := s.villain(s.coop.active[0]), s.villain(s.coop.active[1])
	for _, v := range []*Villain{first, second} {
		require.Equal(t, int16(mob), v.def.Org, "villains of the chosen faction")
	}
	require.Equal(t, vDeployed, first.state)
	require.GreaterOrEqual(t, first.site, 0, "the first is deployed at an artifact")
	require.Equal(t, vReady, second.state)
	require.EqualValues(t, -1, second.space)
	// The Mob sets up a Speakeasy in a random city and a Hideout.
	require.Len(t, s.coop.outposts, 1)
	require.Equal(t, "outpost-speakeasy", s.c.Outposts[s.coop.outposts[0].def].ID)
	require.Equal(t, City, s.c.Spaces[s.coop.outposts[0].space].Kind)
	hideouts := 0
	for sp, occ := range s.coop.occupied {
		if occ {
			hideouts++
			require.EqualValues(t, mob+1, s.henchmen[sp], "a Mobster holds the hideout")
		}
	}
	require.Equal(t, 1, hideouts)
	require.False(t, s.zeppelin.live, "no zeppelin against the Mob")

	n := freshGame(t, 3, Options{Mode: Cooperative, Advanced: true, Org: "nazi"}, "jake-zane", "li-mei-chen")
	require.Equal(t, n.orgIndex("nazi"), n.coop.org)
	require.Len(t, n.coop.outposts, 1)
	require.Equal(t, "outpost-excavation-camp", n.c.Outposts[n.coop.outposts[0].def].ID)
	require.True(t, n.zeppelin.live)
	require.True(t, n.zeppelin.def.Cooperative, "the War Zeppelin side")
	require.Equal(t, 2, n.villain(n.coop.active[0]).bodyguards, "a Nazi villain comes with 2 bodyguards")
}

// Set-up: 5 to 8 heroes face 3 villains, the third delayed; no
// organization chosen draws one at random.
func TestCoopSetupThreeVillainsAndRandomOrganization(t *testing.T) {
	s := freshGame(t, 5, Options{Mode: Cooperative, Advanced: true, Org: "nazi"}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter", "dr-zhukov")
	require.Len(t, s.coop.active, 3)
	require.Equal(t, vDeployed, s.villain(s.coop.active[0]).state)
	require.Equal(t, vReady, s.villain(s.coop.active[1]).state)
	require.Equal(t, vDelayed, s.villain(s.coop.active[2]).state)

	seen := map[int]bool{}
	for seed := uint64(1); seed <= 16; seed++ {
		g := freshGame(t, seed, Options{Mode: Cooperative, Advanced: true}, "jake-zane", "li-mei-chen")
		seen[g.coop.org] = true
		for _, idx := range g.coop.active {
			require.Equal(t, int16(g.coop.org), g.c.Villains[idx].Org)
		}
	}
	require.Len(t, seen, 2, "a random organization: both come up")
}

// Set-up: the first villain deploys at the artifact with the highest
// printed Fortune — not a Temple's coins nor a deep jungle's bonus (FAQ);
// ties go to the lowest Danger value.
func TestCoopSetupDeploysAtHighestPrintedFortune(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	eye := s.site("the-eye", "of-hades", "sahara")            // 6, 4 Dangers
	heart := s.site("the-heart", "of-kings", "greece")        // 6, 2 Dangers
	skull := s.site("the-skull", "of-blood", "amazon-jungle") // 5 (+2 deep jungle)
	s.sites[skull].bonus = 2
	caverns := s.site("the-caverns", "of-the-deep", "congo-jungle") // Temple 6, 4 Dangers
	s.sites[caverns].coins = 8
	s.setupOrganization()
	v := s.villain(s.coop.active[0])
	require.Equal(t, s.sites[heart].space, v.space, "6 Fortune and the fewest Dangers")
	_ = eye

	// A Temple with the highest printed Fortune is the richest.
	s = newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	s.site("the-eye", "of-kings", "sahara")
	city := s.site("the-city", "of-eternity", "egypt") // Temple 9
	s.setupOrganization()
	require.Equal(t, s.sites[city].space, s.villain(s.coop.active[0]).space)
}

// --- victory chart --------------------------------------------------------

// The victory chart (1–8 players) comes from the workbook's Victory sheet:
// the Fortune goal, the number of villains, the villain track goal.
func TestCoopVictoryChart(t *testing.T) {
	c := bundled(t)
	chart := [9]VictoryRow{1: {15, 2, 20}, 2: {20, 2, 15}, 3: {30, 2, 15}, 4: {40, 2, 15}, 5: {45, 3, 20}, 6: {50, 3, 20}, 7: {55, 3, 20}, 8: {60, 3, 20}}
	require.Equal(t, chart, c.Victory)
	all := []string{"jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter", "dr-zhukov", "shelly-hargrove", "jacques-moreau", "alexander-cartwright"}
	for n := 2; n <= 8; n++ {
		s := freshGame(t, 1, Options{Mode: Cooperative, Advanced: true, Org: "nazi"}, all[:n]...)
		require.Equal(t, chart[n].Fortune, s.coopGoal(), "%d heroes", n)
		require.Equal(t, chart[n].Track, s.coop.trackGoal, "%d heroes", n)
		require.Len(t, s.coop.active, chart[n].Villains, "%d heroes", n)
	}
	// A designer's chart is what the game plays.
	mine := *c
	mine.Victory[3] = VictoryRow{Fortune: 33, Villains: 3, Track: 9}
	g := &scenario{t: t, Game: New(&mine)}
	g.reset(1, Options{Mode: Cooperative, Advanced: true, Org: "mob", Players: 3})
	g.setupGame()
	require.Equal(t, 33, g.coopGoal())
	require.Equal(t, 9, g.coop.trackGoal)
	require.Len(t, g.coop.active, 3)
}

// The heroes win at once when their shared Fortune reaches the goal,
// anywhere on the map: here a Temple coin in the middle of an adventure.
func TestCoopHeroesWinAtOnceAnywhere(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	site := s.site("the-caverns", "of-the-deep", "sahara")
	s.at(0, "sahara")
	s.at(1, "london")
	s.coop.fortune = s.coopGoal() - 1
	s.topDangers("rope-bridge") // Agility 3+ x4
	s.dice(6, 6, 6, 6, 1, 1)    // Jake's 3 Agility dice, rolled twice
	s.adventurePhase()
	s.done()
	require.True(t, s.over)
	require.Equal(t, "fortune", s.result.End)
	require.False(t, s.result.Villains)
	require.Equal(t, s.coopGoal(), s.coop.fortune)
	require.Equal(t, Land, s.c.Spaces[s.h(0).space].Kind, "won in the Sahara, not at home")
	require.Equal(t, 5, s.sites[site].coins, "the adventure stopped with the win")
}

// The villains win at once when the track reaches their goal.
func TestCoopVillainsWinAtOnce(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	require.Equal(t, 15, s.coop.trackGoal)
	s.coop.track = 14
	s.villainsFortune(2)
	require.False(t, s.over)
	s.villainsFortune(1)
	require.True(t, s.over)
	require.True(t, s.result.Villains)
	require.Equal(t, "track", s.result.End)
	require.Equal(t, -1, s.result.Winner)
	require.Equal(t, 15, s.result.Track)
}

// --- shared Fortune, individual Glory --------------------------------------

// The heroes share one Fortune pile, and a KO never costs Fortune (the
// penalty falls on Glory and items only).
func TestCoopSharedFortuneNoLossOnKO(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	a, b := s.h(0), s.h(1)
	s.addFortune(a, 7, "test")
	require.Equal(t, 7, s.fortune(b), "one pile for everyone")
	s.addFortune(b, -2, "test")
	require.Equal(t, 5, s.fortune(a), "any hero may spend it")
	b.glory = 1
	b.wounds = s.maxWounds(b)
	s.dice(6) // lose 6 in Gear, Allies, Glory and Fortune
	s.knockOut(1)
	s.done()
	require.True(t, b.ko)
	require.Zero(t, b.glory)
	require.Equal(t, 5, s.coop.fortune)
}

// --- working together ------------------------------------------------------

// Heroes at one adventure draw a single Danger; the group sends the hero
// most likely to pass to take the test; each hero earns the full Glory and
// a danger marker; reaching the Danger value recovers the artifact for the
// group, everyone collecting the turn's Glory, and the group has the
// healthiest carry it.
func TestCoopOneDangerBestTakerFullGlory(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece") // 2 Dangers
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	for _, h := range []*Hero{duke, li} {
		h.progress, h.markers = int16(site), 1
	}
	duke.wounds = 2                  // Li Mei (5 wounds) is then the healthier
	s.topDangers("boat-chase-falls") // Agility 4+ x3, 2 Glory
	s.dice(6, 6, 6, 1)               // Li Mei's 4 Agility dice, not the Duke's 2
	s.adventurePhase()
	s.done()
	require.Equal(t, 1, strings.Count(s.log.String(), " faces "), "one Danger for both")
	require.True(t, s.traced("Li Mei Chen: Agility 4+ x3 — passed"))
	require.Equal(t, 2, duke.glory, "full Glory each")
	require.Equal(t, 2, li.glory)
	require.False(t, s.sites[site].live)
	require.Len(t, li.artifacts, 1, "the healthier carries it: %s", s.log.String())
	require.Empty(t, duke.artifacts)
}

// With several tests on a Danger the group picks who takes each: The
// Sealed Sarcophagus (Lore 5+ x2 and Combat 4+ x2) goes to the Duke (Lore
// 3) for the Lore and to Jake (Combat 4) for the Combat.
func TestCoopGroupPicksTakerPerTest(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "duke-dudley")
	s.at(0, "greece")
	s.at(1, "greece")
	d := &s.c.Dangers[s.danger("the-sealed-sarcophagus")]
	s.dice(6, 6, 1, // the Duke's 3 Lore dice
		6, 6, 1, 1) // Jake's 4 Combat dice
	require.True(t, s.groupSpec([]int{0, 1}, &d.Test, d.Keywords, false))
	s.done()
	require.True(t, s.traced("Duke Dudley: Lore 5+ x2 — passed"))
	require.True(t, s.traced("Jake Zane: Combat 4+ x2 — passed"))
}

// Heroes not taking the test may exert to add dice to it, even outside a
// cliffhanger; the taker may not.
func TestCoopHelpersExert(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	d := &s.c.Dangers[s.danger("ancient-puzzle")] // Lore 5+
	s.dice(1, 1, 1, 6)                            // the Duke's 3 Lore dice fail; Li Mei exerts for a 6
	require.True(t, s.groupSpec([]int{0, 1}, &d.Test, d.Keywords, false))
	s.done()
	require.Zero(t, duke.wounds, "the taker does not exert outside a cliffhanger")
	require.Equal(t, 1, li.wounds)
	require.True(t, s.traced("Li Mei Chen exerts to help Duke Dudley"))

	// Nobody exerts into a KO: a helper at 1 wound from it stays out.
	li.wounds = s.maxWounds(li) - 1
	s.dice(1, 1, 1)
	require.False(t, s.groupSpec([]int{0, 1}, &d.Test, d.Keywords, false))
	s.done()
}

// A failed test is failed for everyone: the Danger becomes every hero's
// cliffhanger and the turn's Glory is lost; failing the cliffhanger KOs
// them all.
func TestCoopFailureIsEveryonesCliffhanger(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece")
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	duke.pending, li.pending = 3, 3
	s.topDangers("ancient-puzzle") // Lore 5+
	s.dice(1, 1, 1)                // the Duke fails; Li Mei (5 wounds) keeps her margin
	li.wounds = 2
	require.False(t, s.faceDanger([]int{0, 1}, site))
	s.done()
	for _, h := range []*Hero{duke, li} {
		require.True(t, h.cliff.active)
		require.Equal(t, s.danger("ancient-puzzle"), h.cliff.card)
		require.Zero(t, h.pending)
	}
	// Next turn they face the cliffhanger together (Combat 5+ x2 or Cunning
	// 5+ x2: the Duke, Cunning 3, and Li Mei, Cunning 3, tie: the Duke) and fail.
	duke.wounds, li.wounds = s.maxWounds(duke)-1, s.maxWounds(li)-1
	u := unit{seats: []int{0, 1}, active: true, first: true, site: site}
	s.dice(1, 1, 1, 6, 6) // the Duke's 3 dice, then KO penalties
	require.False(t, s.unitCliffhanger(&u))
	s.done()
	require.True(t, duke.ko)
	require.True(t, li.ko)
}

// A hero in a cliffhanger faces it before any new Danger, even when a
// partner who shares its space but not its cliffhanger comes first in turn
// order ("instead of moving on to the next Danger, the Hero must overcome
// the Cliffhanger"). Li Mei overcomes hers (its Glory, a danger marker) and
// camps; the Duke, who took no part in it, then starts his own turn there.
// Before, the Duke led the unit into a new Danger with Li Mei in it, her
// cliffhanger ignored (and, had they failed, its card lost).
func TestCoopCliffhangerComesFirstWhoeverLeads(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece") // 2 Dangers
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	s.order = []int8{0, 1}
	card := s.danger("ancient-puzzle") // its back: Combat 5+ x2 or Cunning 5+ x2, 3 Glory
	s.dangers.Remove(card)
	li.cliff = cliffhanger{active: true, danger: &s.c.Dangers[card], card: card, city: -1, site: int16(site)}
	li.progress, li.found = int16(site), true
	li.wounds = s.maxWounds(li) - 1 // too hurt to press on: she camps
	duke.estimate = 0.01            // he camps after his Danger
	s.topDangers("poison-darts")    // Cunning 5+, 2 Glory
	s.dice(5, 5, 1)                 // Li Mei's cliffhanger: 2 successes
	s.dice(6, 1, 1)                 // the Duke's Poison Darts
	s.adventurePhase()
	s.done()
	s.logOrder("Li Mei Chen faces the cliffhanger The Walls Close In", "Duke Dudley faces Poison Darts")
	assert.False(t, li.cliff.active)
	assert.Equal(t, 3, li.glory, "the cliffhanger's Glory, hers alone")
	assert.Equal(t, 1, li.markers)
	assert.Zero(t, li.wounds, "she camped")
	assert.Equal(t, 2, duke.glory, "Poison Darts, camping")
	assert.Equal(t, 1, duke.markers, "no marker for a cliffhanger he took no part in")
	assert.False(t, duke.cliff.active)
	assert.Equal(t, 40, s.dangers.Len()+s.dangers.Discarded(), "every Danger card back")
}

// A partner who took no part in a hero's cliffhanger joins the hero when
// it presses on after overcoming it: they face the next Danger together,
// and the artifact is recovered for both (the partner's Glory included).
func TestCoopPartnerJoinsAfterTheCliffhanger(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece") // 2 Dangers
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	s.order = []int8{0, 1}
	card := s.danger("ancient-puzzle")
	s.dangers.Remove(card)
	li.cliff = cliffhanger{active: true, danger: &s.c.Dangers[card], card: card, city: -1, site: int16(site)}
	li.progress, li.found = int16(site), true
	li.estimate = 0.99 // she presses on
	s.topDangers("poison-darts")
	s.dice(5, 5, 1) // Li Mei's cliffhanger
	s.dice(6, 1, 1) // Poison Darts, taken by Li Mei for both
	s.adventurePhase()
	s.done()
	require.Len(t, append(li.artifacts, duke.artifacts...), 1, "her second marker recovers the Crown (the healthier carries it)")
	assert.Equal(t, 3+2, li.glory)
	assert.Equal(t, 2, duke.glory, "the Danger he shared, not the cliffhanger")
	assert.False(t, li.cliff.active)
}

// Heroes camp down individually: one camps (Glory, fully healed), the
// other presses on alone.
func TestCoopCampIndividually(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-the-gods", "greece") // 5 Dangers
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	duke.wounds = s.maxWounds(duke) - 2 // too hurt to press on
	duke.pending, li.pending = 2, 2
	li.presses(true)
	for _, h := range []*Hero{duke, li} {
		h.progress = int16(site)
	}
	u := unit{seats: []int{0, 1}, active: true, site: site}
	require.True(t, s.unitOvercome(&u))
	require.Equal(t, []int{1}, u.seats)
	require.Equal(t, 2, duke.glory)
	require.Zero(t, duke.wounds)
	require.Equal(t, 1, duke.markers, "camping keeps the markers")
	require.Zero(t, li.glory)
	require.Equal(t, 2, li.pending)
}

// In a fight with an enemy the heroes take turns at the fight rounds; every
// hero still in the fight earns the full Glory.
func TestCoopHeroesAlternateFightRounds(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "sharon-hunter")
	duke, sharon := s.at(0, "greece"), s.at(1, "greece")
	duke.play(Bold)
	sharon.play(Bold)
	cat := s.enemy("jungle-cat") // 3 dice, 2 wounds, 2 Glory
	s.dice(1, 1, 1, 6, 1, 1)     // round 1, the Duke (3 dice): no hits; the cat hits once
	s.dice(6, 6, 1, 1, 1)        // round 2, Sharon (2 dice): 2 hits, the cat is beaten
	require.Equal(t, fightDefeated, s.fightUnit([]int{0, 1}, cat, 0))
	s.done()
	require.Equal(t, 1, duke.wounds)
	require.Zero(t, sharon.wounds)
	require.Equal(t, 2, duke.glory)
	require.Equal(t, 2, sharon.glory)
}

// A villain is fought by each hero on their own: one round each, each
// earning Glory for their own hits.
func TestCoopVillainsFoughtIndividually(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "duke-dudley", "sharon-hunter")
	site := s.site("the-crown", "of-kings", "greece")
	duke, sharon := s.at(0, "greece"), s.at(1, "greece")
	duke.glory, sharon.glory = 5, 5
	v := s.deployAt("vanessa-love", site) // Combat 3, Defense 0, 5 Wounds; a round costs 1 Glory
	cl := Clause{Kind: FightTest, FoeKind: FoeVillain, Foe: "Villain", Successes: 1}
	s.dice(6, 6, 6, 1, 1, 1) // the Duke: 3 hits; Vanessa misses
	s.dice(6, 1, 1, 1, 1)    // Sharon: 1 hit
	require.True(t, s.fightClauseUnit([]int{0, 1}, &cl))
	s.done()
	require.Equal(t, 4, v.wounds)
	require.Equal(t, 5+3-1, duke.glory)
	require.Equal(t, 5+1-1, sharon.glory)
}

// Sneaking past a villain together: each hero picks a number, the dice are
// rolled once for everyone, and each die on a hero's number is a fight
// round for that hero. Li Mei's Sneak -1 has her count one die fewer.
func TestCoopOneSneakRollForEveryone(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"franco-fedicci"}, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece")
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	v := s.deployAt("franco-fedicci", site) // Search 4, Combat 3
	pd, pl := s.nextPick(0), s.nextPick(1)
	require.NotEqual(t, pd, pl, "the seed's bots pick different numbers")
	x := 1
	for x == pd || x == pl {
		x++
	}
	s.dice(pd, x, x, pl)     // one roll of 4 dice; Li Mei ignores the 4th
	s.dice(6, 6, 1, 1, 1, 1) // the Duke's fight round: 2 hits (1 past Defense); Franco misses
	require.False(t, s.sneakGroup([]int{0, 1}, v))
	s.done()
	require.Equal(t, 2, duke.glory, "the Duke was spotted once")
	require.Zero(t, li.glory, "Li Mei was not")
	require.Equal(t, 1, v.wounds)
}

// Heroes in a space during their adventure phase exchange Artifacts and
// items (the bots: artifacts to the healthiest, a skill item to the hero
// best at that skill, room permitting) — never Events, City cards or Glory.
func TestCoopExchange(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "sharon-hunter", "jake-zane", "duke-dudley")
	sharon, jake, duke := s.at(0, "sahara"), s.at(1, "sahara"), s.at(2, "sahara")
	sharon.wounds = 2
	sharon.glory = 5
	sharon.artifacts = append(sharon.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	s.gainItem(0, s.item("trusty-revolver"))   // Gear, Combat +1: Jake is the best fighter
	s.gainItem(0, s.item("pistol"))            // a Common Item, Combat +1: Jake too
	s.gainItem(0, s.item("the-professor"))     // an Ally, Lore +2: the Duke knows the most
	s.gainItem(0, s.item("steel-plated-vest")) // no skill: it stays
	sharon.hand = append(sharon.hand, handCard{card: int16(s.card(cardsOf(s.c.Events), "lucky-break"))})
	sharon.hand = append(sharon.hand, handCard{city: true, card: int16(s.card(cardsOf(s.c.City), "forged-papers"))})
	s.dice(2, 3, 2) // all three travel uneventfully afterwards
	s.adventurePhase()
	s.done()
	require.Len(t, jake.artifacts, 1, "the healthiest carries the artifact")
	require.Empty(t, sharon.artifacts)
	require.True(t, s.holds(jake, s.item("trusty-revolver")))
	require.True(t, s.holds(jake, s.item("pistol")))
	require.Equal(t, 6, s.skill(jake, Combat))
	require.True(t, s.holds(duke, s.item("the-professor")))
	require.Equal(t, 5, s.skill(duke, Lore))
	require.Equal(t, []int16{s.item("steel-plated-vest")}, sharon.items)
	require.Len(t, sharon.hand, 2, "Events and City cards are not exchanged")
	require.Empty(t, jake.hand)
	require.Equal(t, 5, sharon.glory, "nor Glory")
	require.Zero(t, jake.glory)

	// In a city the hero about to do business takes the artifacts, to
	// sell them at once.
	s.at(0, "london")
	s.at(1, "london")
	s.exchangeHere(sharon)
	require.Len(t, sharon.artifacts, 1)
	require.Empty(t, jake.artifacts)

	// No room, no hand-over.
	s = newCoop(t, Options{}, "mob", nil, "sharon-hunter", "jake-zane")
	s.at(0, "sahara")
	jake = s.at(1, "sahara")
	s.gainItem(0, s.item("trusty-revolver"))
	for _, id := range []string{"machete", "grappling-hook", "electric-torch"} {
		s.gainItem(1, s.item(id))
	}
	s.exchangeHere(s.h(0))
	require.True(t, s.holds(s.h(0), s.item("trusty-revolver")))
}

// FAQ: sneaking aboard the War Zeppelin, beating the last Nazi Soldiers who
// spot the hero in the fight round that KOs him still destroys it, with the
// sheet's Glory and an outpost's reward.
func TestCoopWarZeppelinDestroyedInAKORoundFAQ(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	s.setupZeppelin(true)
	jake := s.at(0, "sahara")
	jake.play(Bold)
	s.equip(0, "shotgun") // 6 fight dice
	jake.wounds = 4       // 3 left
	s.zeppelin.space = jake.space
	s.coop.track, s.coop.villainFortune = 5, 2
	stack(&s.nazi, s.enemyIndex("storm-troopers")) // 3 dice, 3 wounds, 2 Glory
	pick := s.nextPick(0)
	miss := pick%6 + 1
	s.dice(pick, miss, miss, // one guard spots Jake
		4, 4, 4, 1, 1, 1, 1, 1, // Jake's 6 dice, 2 more in a first round: the troopers fall...
		4, 5, 6, // ...and their 3 hits KO him
		1, // the KO costs 1 Glory
		6) // D3 = 3: the track falls back 3
	require.True(t, s.boardZeppelin(0))
	s.done()
	require.True(t, jake.ko)
	require.False(t, s.zeppelin.live, "the War Zeppelin is destroyed")
	require.Equal(t, 2-1+3, jake.glory, "the troopers' 2, the KO's 1, the sheet's 3")
	require.Equal(t, 2, s.coop.fortune, "the villains' Fortune")
	require.Equal(t, 2, s.coop.track)
}

// FAQ: The President cancels Events played on his hero, never a Villain
// Event: Smear Campaign still costs the Duke 2 Glory.
func TestCoopThePresidentCannotCancelVillainEventsFAQ(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	duke := s.h(0)
	duke.glory = 5
	s.equip(0, "the-president")
	s.topVillainEvent("ve-smear-campaign") // each Hero loses 2 Glory
	s.villainPhase()
	s.done()
	require.Equal(t, 3, duke.glory)
	require.False(t, duke.activated[0], "the President made no call")
	s.logLacks("is canceled")

	// A rival's Event, he cancels.
	c := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	c.strict = true
	c.h(0).glory = 5
	c.equip(0, "the-president")
	c.holding(1, "scandal-sheet")
	c.offerOpponents(0, TAdventure)
	require.Equal(t, 5, c.h(0).glory)
	require.True(t, c.h(0).activated[0])
	c.logHas("Scandal Sheet is canceled")
}

// Escape tests are individual: of two heroes fighting a Jungle Cat, Sharon
// (1 wound from a KO) runs and earns nothing; the Duke fights on alone and
// beats it for its full Glory.
func TestCoopEscapesAreIndividual(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "sharon-hunter", "duke-dudley")
	sharon, duke := s.at(0, "greece"), s.at(1, "greece")
	sharon.wounds = s.maxWounds(sharon) - 1
	duke.play(Bold)
	cat := s.enemy("jungle-cat") // 3 dice, 2 wounds, Escape Agility 5+ x2
	s.dice(5, 6, 1,              // round 1, Sharon escapes (her 3 Agility dice)
		4, 4, 1, 1, 1, 1) // round 2, the Duke: 2 hits, the cat none
	require.Equal(t, fightDefeated, s.fightUnit([]int{0, 1}, cat, 0))
	s.done()
	s.logOrder("Sharon Hunter escapes Jungle Cat", "Duke Dudley defeats Jungle Cat")
	require.Zero(t, sharon.glory)
	require.Equal(t, 2, duke.glory)
	require.Equal(t, s.maxWounds(sharon)-1, sharon.wounds)
}

// Heroes working together at a Temple overcome one Danger: one Fortune coin
// and one marker on its pile, not one per hero; each camps with the full
// Glory.
func TestCoopTempleOneCoinPerDangerTogether(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-caverns", "of-the-gods", "tibet") // 6 coins, 5 Dangers
	duke, li := s.at(0, "tibet"), s.at(1, "tibet")
	for _, h := range []*Hero{duke, li} {
		h.progress, h.pending = int16(site), 2
		h.presses(false)
	}
	u := unit{seats: []int{0, 1}, active: true, site: site}
	require.False(t, s.unitOvercome(&u), "both camp")
	require.Equal(t, 5, s.sites[site].coins)
	require.Equal(t, 1, s.coop.fortune)
	require.Equal(t, 1, s.sites[site].markers)
	require.Equal(t, 2, duke.glory)
	require.Equal(t, 2, li.glory)
}

// The first hero of a group explores a deep jungle for everyone: one die
// (his), then two the next turn; once he finds the adventure, so have they.
func TestCoopLeadExploresTheDeepJungleForTheGroup(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-the-ancients", "amazon-jungle")
	duke, li := s.at(0, "amazon-jungle"), s.at(1, "amazon-jungle")
	duke.presses(false)
	li.presses(false)
	s.dice(2) // lost
	s.adventurePhase()
	s.done()
	require.Equal(t, 1, duke.explore)
	require.Zero(t, li.explore)
	require.False(t, li.found)
	s.topDangers("ancient-puzzle") // Lore 5+: the Duke takes it
	s.dice(1, 5,                   // two dice: found
		5, 1, 1)
	s.adventurePhase()
	s.done()
	require.True(t, duke.found)
	require.True(t, li.found)
	require.Equal(t, int16(site), li.progress)
	require.Equal(t, 1, duke.markers)
	require.Equal(t, 1, li.markers)
	require.Equal(t, 2, li.glory)
}

// --- the villain phase -----------------------------------------------------

// A Vile Tactics Villain Event rolls once on the organization's tactics
// chart (the Mob's 6: Protection Racket, the Villains gain 2 Fortune).
func TestCoopVileTactics(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	s.topVillainEvent("ve-vile-tactics")
	s.dice(6)
	s.villainPhase()
	s.done()
	require.True(t, s.traced("Vile Tactics (6): Protection Racket"))
	require.Equal(t, 2, s.coop.villainFortune)
	require.Equal(t, 1, s.villainEvents.Discarded())
}

// "A random Villain in play" includes the villains back at base; a
// Remains in Play Villain Event stays on the villain it picked.
func TestCoopRandomVillainInPlayIncludesBase(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"franco-fedicci", "vanessa-love"}, "jake-zane", "li-mei-chen")
	s.vil("franco-fedicci").state = vKO
	s.vil("vanessa-love").state = vDelayed
	vr := s.vrand
	chosen := s.villain(s.coop.active[vr.Intn(2)])
	s.topVillainEvent("ve-forbidden-knowledge") // Search +1
	s.villainPhase()
	s.done()
	require.EqualValues(t, -1, chosen.space, "back at base")
	require.Len(t, chosen.remains, 1)
	require.Equal(t, "ve-forbidden-knowledge", s.c.VillainEvents[chosen.remains[0]].ID)
	require.Equal(t, 1, s.villainMod(chosen, StatSearch))
	require.Zero(t, s.villainEvents.Discarded(), "it stays in play")
}

// The outpost step: each outpost's ability, then the War Zeppelin of the
// Nazis: it flies 4 spaces toward its destination, may lower a soldier,
// and its raiders may plunder.
func TestCoopOutpostStepAndWarZeppelin(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	camp := -1
	for i := range s.c.Outposts {
		if s.c.Outposts[i].ID == "outpost-excavation-camp" {
			camp = i
		}
	}
	s.coop.outposts = append(s.coop.outposts, outpost{def: int16(camp), space: s.space("gobi-desert"), live: true})
	s.setupZeppelin(true)
	z := &s.zeppelin
	from, dest := s.space("sahara"), s.space("siberia")
	z.space, z.dest = from, dest
	s.topVillainEvent("ve-secret-treaty") // the track moves 1 step
	s.dice(5,                             // the camp's diggers: the Villains gain 1 Fortune
		1, // the War Zeppelin lowers a soldier
		6) // and its raiders plunder: 1 Fortune
	s.villainPhase()
	s.done()
	require.Equal(t, 1, s.coop.track)
	require.Equal(t, 2, s.coop.villainFortune)
	require.Less(t, s.c.Dist[z.space][dest], s.c.Dist[from][dest], "the zeppelin flew toward its destination")
	require.EqualValues(t, s.orgIndex("nazi")+1, s.henchmen[z.space], "a soldier below it")
}

// The villain adventure step, left to right, one action each by state:
// KO'd → Delayed, Delayed → Ready, Ready → deployed at the artifact with
// the highest printed Fortune that has no villain.
func TestCoopVillainActionsByState(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", []string{"tresa", "herr-teufel", "colonel-stahl"}, "jake-zane", "li-mei-chen")
	best := s.site("the-eye", "of-kings", "sahara")     // 6
	second := s.site("the-crown", "of-kings", "greece") // 5
	s.site("the-jar", "of-kings", "tibet")              // 3
	s.deployVillainAt(s.vil("franco-fedicci"), s.sites[best].space, true)
	s.vil("tresa").state = vKO
	s.vil("herr-teufel").state = vDelayed
	s.topVillainEvent("ve-secret-treaty")
	s.topLocation("patagonia", false) // where Colonel Stahl's Iron Column lands
	s.villainPhase()
	s.done()
	require.Equal(t, vDelayed, s.vil("tresa").state)
	require.Equal(t, vReady, s.vil("herr-teufel").state)
	stahl := s.vil("colonel-stahl")
	require.Equal(t, vDeployed, stahl.state)
	require.Equal(t, s.sites[second].space, stahl.space, "the richest artifact without a villain")
	require.Equal(t, 2, stahl.bodyguards)
	require.EqualValues(t, s.orgIndex("nazi")+1, s.henchmen[s.space("patagonia")])
}

// A deployed villain searches: its Search dice (a hero in the space costs
// a die unless bodyguards guard it), each 4–6 a danger marker, each 1 a
// wound ignoring Defense (a bodyguard falls first).
func TestCoopVillainSearch(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", []string{"herr-teufel"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-the-ancients", "greece") // 3 Dangers
	s.at(0, "greece")
	v := s.deployAt("herr-teufel", site) // Search 4, 2 bodyguards
	s.dice(6, 5, 1, 2,                   // 4 dice despite Jake: 2 markers, 1 wound
		3) // Blood Rites: no 6, the track stays
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 2, v.markers)
	require.Equal(t, 1, v.bodyguards, "the wound took a bodyguard")
	require.Zero(t, v.wounds)
	require.Zero(t, s.coop.track)

	// Without bodyguards each hero in the space costs a die.
	s = newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site = s.site("the-crown", "of-the-ancients", "greece")
	s.at(0, "greece")
	s.at(1, "greece")
	v = s.deployAt("vanessa-love", site) // Search 4
	s.dice(6, 1)                         // 2 dice: a marker and a wound
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 1, v.markers)
	require.Equal(t, 1, v.wounds, "ignoring her Defense")
}

// A villain at a Temple takes a Fortune coin and puts a danger marker on
// its pile for each success, rolling for collapse when the pile is full.
func TestCoopVillainSearchTemple(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site := s.site("the-caverns", "of-kings", "greece") // Temple, 6 coins, 2 Dangers
	v := s.deployAt("vanessa-love", site)
	s.dice(6, 6, 2, 3, // 2 successes
		4) // the pile of 2 became instability: 1 collapse die, no 1
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 4, s.sites[site].coins)
	require.Equal(t, 2, s.coop.villainFortune)
	require.Zero(t, s.sites[site].markers)
	require.Equal(t, 1, s.sites[site].instability)
	require.True(t, s.sites[site].live)
}

// A villain deployed at a deep jungle explores first, like a hero: one die,
// then one more each turn, until a 4–6 finds the adventure.
func TestCoopVillainExploresDeepJungle(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-the-ancients", "amazon-jungle")
	v := s.deployAt("vanessa-love", site)
	s.dice(2) // lost
	s.villainSearch(v, 0)
	s.done()
	require.Zero(t, v.markers)
	s.dice(1, 5, // two dice: found
		6, 3, 3, 3) // then the search
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 1, v.markers)
}

// A whole cooperative round: initiative, movement, adventures, then the
// Villain Phase (its Villain Event moves the track), and only then the End
// Phase (the artifacts are replenished, the KO'd Jake stands up).
func TestCoopVillainPhaseBeforeEndPhase(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	jake := s.h(0)
	jake.ko = true
	s.at(1, "sahara")
	s.topVillainEvent("ve-secret-treaty") // the track moves 1 step
	s.dice(5, 3,                          // initiative: Jake first
		3, // Li Mei's move: nowhere to go, she stays
		2) // her adventure in the Sahara: uneventful
	s.playRound()
	s.done()
	s.logOrder("Jake Zane goes first", "Li Mei Chen rolls 3 to move", "Li Mei Chen travels (2): uneventful",
		"Villain Event: Secret Treaty", "the villain track moves to 1", "artifact placed", "Jake Zane recovers in San Francisco")
	require.Equal(t, 1, s.coop.track)
	require.Len(t, s.liveSites(), 4)
	require.False(t, jake.ko)
	require.Equal(t, 2, s.round)
}

// --- back to base ----------------------------------------------------------

// A villain wounded out is KO'd: back at base, fully healed, its bodyguards
// back in the box.
func TestCoopBackToBaseKO(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", []string{"colonel-stahl"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece")
	s.topLocation("patagonia", false)
	v := s.deployAt("colonel-stahl", site) // 6 Wounds, Defense 1, 2 bodyguards
	nazi := s.orgIndex("nazi")
	require.EqualValues(t, 16-2-1, s.figuresLeft[nazi], "2 bodyguards and the Iron Column's soldier")
	s.villainHits(v, 10)
	require.Equal(t, vKO, v.state)
	require.EqualValues(t, -1, v.space)
	require.Zero(t, v.wounds)
	require.Zero(t, v.bodyguards)
	require.EqualValues(t, 16-1, s.figuresLeft[nazi])
}

// A villain that recovers the artifact goes back Ready; the villains keep
// the artifact and the track moves 2.
func TestCoopBackToBaseReadyWithArtifact(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"franco-fedicci"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-the-ancients", "greece") // 3 Dangers
	v := s.deployAt("franco-fedicci", site)                  // The Boss Takes His Cut: 1 Fortune
	require.Equal(t, 1, s.coop.villainFortune)
	s.dice(6, 6, 6, 2)
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, vReady, v.state)
	require.EqualValues(t, -1, v.space)
	require.Zero(t, v.markers)
	require.False(t, s.sites[site].live)
	require.Equal(t, 2, s.coop.track)
	require.Equal(t, 1, s.coop.artifacts)
	require.Equal(t, []carried{{art: s.artifact("the-crown"), adv: s.adventure("of-the-ancients"), value: 5}}, s.coop.loot)
}

// A villain whose artifact a hero recovers, or whose Temple collapses,
// goes back Delayed (a collapse first deals it D6 hits).
func TestCoopBackToBaseDelayed(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece")
	v := s.deployAt("vanessa-love", site)
	v.wounds = 2
	s.recover(s.at(0, "greece"), site)
	require.Equal(t, vDelayed, v.state)
	require.Zero(t, v.wounds, "fully healed")

	temple := s.site("the-caverns", "of-kings", "tibet")
	v = s.deployAt("vanessa-love", temple)
	s.dice(3) // D6 hits: 3, none past... Vanessa has Defense 0: 3 wounds of 5
	s.collapse(temple, false)
	s.done()
	require.Equal(t, vDelayed, v.state)
	require.Zero(t, v.wounds)
}

// A Temple's last coin gives the villains its Treasure, an artifact for the
// track (2 steps); the Temple's cards are discarded.
func TestCoopTempleTreasureCountsAsArtifact(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site := s.site("the-caverns", "of-the-gods", "greece")
	s.sites[site].coins = 1
	v := s.deployAt("vanessa-love", site)
	discarded := s.artifacts.Discarded()
	s.dice(6, 3, 3, 3)
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, vReady, v.state)
	require.Equal(t, 2, s.coop.track)
	require.Equal(t, 1, s.coop.villainFortune)
	require.Equal(t, []carried{{art: s.artifact("the-caverns"), adv: -1, value: 3}}, s.coop.loot)
	require.Equal(t, discarded+1, s.artifacts.Discarded())
}

// A Remains in Play Villain Event stays with its villain back at base and
// comes back into play with it (FAQ).
func TestCoopRemainsInPlayStayWithVillain(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	site := s.site("the-crown", "of-the-gods", "greece") // 5 Dangers
	v := s.vil("vanessa-love")
	v.remains = append(v.remains, int16(s.card(cardsOf(s.c.VillainEvents), "ve-forbidden-knowledge")))
	s.deployAt("vanessa-love", site)
	s.villainHits(v, 9)
	require.Equal(t, vKO, v.state)
	require.Len(t, v.remains, 1)
	s.deployAt("vanessa-love", site)
	s.dice(6, 6, 6, 6, 2) // Search 4 +1
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 4, v.markers)
}

// --- the villain track -------------------------------------------------

// Every full 3 Fortune the villains collect moves the track 1 step and goes
// back to the pool.
func TestCoopTrackFortuneSteps(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	s.villainsFortune(2)
	require.Zero(t, s.coop.track)
	s.villainsFortune(2)
	require.Equal(t, 1, s.coop.track)
	require.Equal(t, 1, s.coop.villainFortune)
	s.villainsFortune(5)
	require.Equal(t, 3, s.coop.track)
	require.Zero(t, s.coop.villainFortune)
}

// A henchman that would be placed where one already stands, or with no
// figure left in the box, moves the track 1 step instead.
func TestCoopTrackHenchmen(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	mob := s.orgIndex("mob")
	tibet := s.space("tibet")
	s.placeHenchman(mob, tibet, true)
	require.EqualValues(t, mob+1, s.henchmen[tibet])
	require.Zero(t, s.coop.track)
	s.placeHenchman(s.orgIndex("nazi"), tibet, true)
	require.Equal(t, 1, s.coop.track, "one already stands there")
	s.figuresLeft[mob] = 0
	s.placeHenchman(mob, s.space("gobi-desert"), true)
	require.Equal(t, 2, s.coop.track, "no figure left")
	require.Zero(t, s.henchmen[s.space("gobi-desert")])
}

// Destroying an outpost: the hero steals one of the villains' artifacts,
// or takes their Fortune and moves the track D3 back (never below 0).
func TestCoopDestroyOutpost(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "duke-dudley", "li-mei-chen")
	camp := -1
	for i := range s.c.Outposts {
		if s.c.Outposts[i].ID == "outpost-excavation-camp" {
			camp = i
		}
	}
	s.coop.outposts = append(s.coop.outposts, outpost{def: int16(camp), space: s.space("gobi-desert"), live: true})
	duke := s.at(0, "gobi-desert")
	s.coop.loot = append(s.coop.loot, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	s.coop.track = 4
	s.dice(6, 6, 1, // Lore 4+ x2 (3 dice): passed
		6, 6, 6, 1, 1, 1, 1) // Fight Nazi Soldiers: the Duke (3 +1 vs Nazi) wins the first round
	require.True(t, s.raidOutpost(0))
	s.done()
	require.False(t, s.coop.outposts[0].live)
	require.Len(t, duke.artifacts, 1, "he steals the artifact")
	require.Equal(t, 6, duke.artifacts[0].value)
	require.Empty(t, s.coop.loot)
	require.Equal(t, 4, s.coop.track)

	// With the track close to the villains' goal, the Fortune and D3 back.
	s.coop.loot = append(s.coop.loot, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	s.coop.track, s.coop.villainFortune = s.coop.trackGoal-2, 2
	s.dice(6) // D3: 3
	s.outpostReward(duke)
	s.done()
	require.Equal(t, s.coop.trackGoal-5, s.coop.track)
	require.Equal(t, 2, s.coop.fortune)
	require.Zero(t, s.coop.villainFortune)

	// Never below 0.
	s.coop.loot, s.coop.track = s.coop.loot[:0], 1
	s.dice(6)
	s.outpostReward(duke)
	s.done()
	require.Zero(t, s.coop.track)
}

// FAQ: Occupation counts the soldiers serving as bodyguards — with every
// other figure on the board there is none to garrison the city and the
// track moves instead (and no marker goes down).
func TestCoopOccupationCountsBodyguards(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", []string{"tresa"}, "jake-zane", "li-mei-chen")
	nazi := s.orgIndex("nazi")
	s.deployAt("tresa", s.site("the-crown", "of-kings", "greece"))
	require.Equal(t, 2, s.vil("tresa").bodyguards)
	s.figuresLeft[nazi] = 0 // the other 14 are out on the board
	s.topLocation("rome", true)
	s.occupy(nazi)
	require.Equal(t, 1, s.coop.track)
	require.False(t, s.coop.occupied[s.space("rome")])

	// With a figure free, the city is occupied and garrisoned.
	s.figuresLeft[nazi] = 1
	s.topLocation("rome", true)
	s.occupy(nazi)
	require.True(t, s.coop.occupied[s.space("rome")])
	require.EqualValues(t, nazi+1, s.henchmen[s.space("rome")])
	require.Equal(t, 1, s.coop.track)
}

// FAQ: a Mobster figure in a city is the Mob's turf; the Nazis cannot
// occupy it.
func TestCoopMobTurfBlocksOccupation(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	rome := s.space("rome")
	s.henchmen[rome] = int8(s.orgIndex("mob") + 1)
	s.topLocation("rome", true)
	s.occupy(s.orgIndex("nazi"))
	require.False(t, s.coop.occupied[rome])
	require.EqualValues(t, s.orgIndex("mob")+1, s.henchmen[rome])
	require.Zero(t, s.coop.track)
	require.True(t, s.traced("turf"))
}

// FAQ: a Nazi villain who comes into play with fewer than 2 bodyguards
// because the figures ran out does not move the track.
func TestCoopFewerBodyguardsNoTrack(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", []string{"tresa"}, "jake-zane", "li-mei-chen")
	s.figuresLeft[s.orgIndex("nazi")] = 1
	v := s.deployAt("tresa", s.site("the-crown", "of-kings", "greece"))
	require.Equal(t, 1, v.bodyguards)
	require.Zero(t, s.coop.track)
}

// outpostAt puts a live outpost of the bundled set (by ID) in a space and
// returns its index.
func (s *scenario) outpostAt(id, space string) int {
	for i := range s.c.Outposts {
		if s.c.Outposts[i].ID == id {
			s.coop.outposts = append(s.coop.outposts, outpost{def: int16(i), space: s.space(space), live: true})
			return len(s.coop.outposts) - 1
		}
	}
	s.t.Fatalf("no outpost %q", id)
	return -1
}

// A Speakeasy stands in a city, and a hero there may destroy it: the raid
// is the hero's adventure in place of the City card and business in town.
// Jake takes the Combat option (Fight Mobsters and Combat 5+ x2), beats the
// doormen and, with no artifact to steal, takes the villains' Fortune and
// sets the track back. With an artifact to sell the bot does business first.
func TestCoopSpeakeasyDestroyedInACity(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	op := s.outpostAt("outpost-speakeasy", "chicago")
	jake := s.at(0, "chicago")
	s.h(1).ko = true
	s.coop.track, s.coop.villainFortune = 5, 2
	cityCards := s.city.Len()
	s.dice(5, 6, 1, 1, // Combat 5+ x2, Jake's 4 dice: passed
		4, 4, 4, 1, 1, 1, 1, 1, 1, // the Mobsters (3 wounds): Jake's 4+2 dice (a first round), 3 hits; they miss
		3) // D3: 2 steps back
	s.adventurePhase()
	s.done()
	s.logOrder("Jake Zane raids Speakeasy", "Jake Zane destroys Speakeasy!")
	s.logLacks("City card")
	require.Equal(t, cityCards, s.city.Len(), "no City card drawn")
	require.False(t, s.coop.outposts[op].live)
	require.Equal(t, 2, s.coop.fortune, "the villains' Fortune")
	require.Zero(t, s.coop.villainFortune)
	require.Equal(t, 3, s.coop.track)
	require.Equal(t, 2, jake.glory, "the Mobsters' Glory")

	// Carrying an artifact, the hero does business in town; the Speakeasy stands.
	s = newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	op = s.outpostAt("outpost-speakeasy", "chicago")
	jake = s.at(0, "chicago")
	s.h(1).ko = true
	jake.artifacts = append(jake.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	stack(&s.city, s.cityCard("forged-papers"))
	s.adventurePhase()
	s.done()
	require.True(t, s.coop.outposts[op].live)
	require.Equal(t, 6, s.coop.fortune, "sold in Chicago")
	s.logLacks("raids")
}

// An outpost in an artifact's space: a hero who has made no progress there
// raids it (worth more to the bot than the hunt: the villains hold a
// 9-Fortune artifact) instead of drawing a Danger; the artifact stays for
// later. A hero with danger markers there goes on with the hunt.
func TestCoopOutpostOnAnArtifactsSpace(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "duke-dudley", "li-mei-chen")
	op := s.outpostAt("outpost-excavation-camp", "sahara")
	site := s.site("the-eye", "of-kings", "sahara") // 6 Fortune, 2 Dangers
	duke := s.at(0, "sahara")
	s.h(1).ko = true
	s.coop.loot = append(s.coop.loot, carried{art: s.artifact("the-city"), adv: s.adventure("of-the-gods"), value: 9})
	require.Greater(t, s.outpostScore(duke, op), s.siteScore(duke, site))
	dangers := s.dangers.Len()
	s.dice(4, 5, 1, // Lore 4+ x2, the Duke's 3 dice (not Agility's 2): passed
		4, 4, 4, 1, 1, 1, 1) // Nazi Soldiers: the Duke's 3+1 dice, 3 hits; they miss
	s.adventurePhase()
	s.done()
	s.logHas("Duke Dudley destroys Excavation Camp!")
	s.logLacks(" faces ")
	require.Equal(t, dangers, s.dangers.Len(), "no Danger drawn")
	require.False(t, s.coop.outposts[op].live)
	require.Len(t, duke.artifacts, 1, "he steals the artifact back")
	require.Equal(t, 9, duke.artifacts[0].value)
	require.True(t, s.sites[site].live, "the artifact waits")
	require.Zero(t, duke.markers)

	// Halfway through the hunt, the hero presses on with it.
	s = newCoop(t, Options{}, "nazi", nil, "duke-dudley", "li-mei-chen")
	op = s.outpostAt("outpost-excavation-camp", "sahara")
	site = s.site("the-eye", "of-kings", "sahara")
	duke = s.at(0, "sahara")
	s.h(1).ko = true
	duke.progress, duke.markers = int16(site), 1
	s.topDangers("ancient-puzzle") // Lore 5+
	s.dice(5, 1, 1)
	s.adventurePhase()
	s.done()
	require.True(t, s.coop.outposts[op].live)
	require.False(t, s.sites[site].live, "recovered")
	require.Len(t, duke.artifacts, 1)
}

// Destroying an outpost takes beating its guards: escaping them fails the
// raid (only a Danger's Fight option is overcome by an escape). Beating them
// in the fight round that KOs the hero still destroys it, as the FAQ rules
// for the War Zeppelin; an artifact stolen so is then rolled for, like one
// recovered in a KO round.
func TestCoopOutpostGuardsMustBeBeaten(t *testing.T) {
	// Sharon plays at random: the bot's own stream says which option she
	// takes and in which round she runs.
	s := newCoop(t, Options{}, "mob", nil, "sharon-hunter", "li-mei-chen")
	op := s.outpostAt("outpost-speakeasy", "gobi-desert")
	sharon := s.at(0, "gobi-desert")
	sharon.play(Random)
	bot := sharon.bot
	if bot.Intn(2) == 0 {
		s.dice(4, 4, 1, 1) // Cunning 4+ x2, her 4 dice: passed
	} else {
		s.dice(5, 5) // Combat 5+ x2, her 2 dice: passed
	}
	for bot.Intn(4) != 0 {
		s.dice(1, 1, 1, 1, 1) // a round where nobody hits
	}
	s.dice(4, 4, 1, 1) // Escape, Cunning 4+ x2: she gets away
	require.True(t, s.raidOutpost(0))
	s.done()
	s.logHas("Sharon Hunter escapes Mobsters")
	s.logLacks("destroys")
	require.True(t, s.coop.outposts[op].live, "still standing")

	s = newCoop(t, Options{}, "nazi", nil, "duke-dudley", "li-mei-chen")
	op = s.outpostAt("outpost-excavation-camp", "gobi-desert")
	duke := s.at(0, "gobi-desert")
	duke.play(Bold)
	duke.wounds = 3 // 3 left
	require.Positive(t, s.outpostScore(duke, op), "worth the raid")
	s.coop.loot = append(s.coop.loot, carried{art: s.artifact("the-city"), adv: s.adventure("of-the-gods"), value: 9})
	s.dice(4, 5, 1, // Lore 4+ x2: passed
		4, 4, 4, 1, // the Duke's 4 dice beat the Nazi Soldiers...
		4, 5, 6, // ...whose 3 hits KO him
		1, // the KO costs 1 (Glory first)
		2) // the stolen artifact is lost (1–3)
	require.True(t, s.raidOutpost(0))
	s.done()
	require.True(t, duke.ko)
	require.False(t, s.coop.outposts[op].live, "destroyed all the same")
	require.Empty(t, s.coop.loot, "taken from the villains")
	require.Empty(t, duke.artifacts, "and lost with the KO")
}

// The bots plan routes to outposts worth destroying: with no artifact on the
// board Jake heads from New York for the Speakeasy in Chicago; too hurt to
// raid it (fewer than 3 wounds left) he does not.
func TestCoopBotsHeadForOutposts(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "jake-zane", "li-mei-chen")
	s.outpostAt("outpost-speakeasy", "chicago")
	jake := s.at(0, "new-york")
	require.Equal(t, s.space("chicago"), s.route(jake))
	s.site("the-crown", "of-the-gods", "patagonia") // far away, 5 Dangers
	require.Equal(t, s.space("chicago"), s.route(jake), "the raid is worth more")
	jake.wounds = 5
	require.NotEqual(t, s.space("chicago"), s.route(jake))
	jake.wounds = 0
	s.coop.outposts[0].live = false
	require.NotEqual(t, s.space("chicago"), s.route(jake), "nothing left there")
}

// An occupied city does no business while its garrison stands: the Duke
// still draws his City card, but running from the Nazi Soldiers he can
// neither sell, buy nor heal there. Beating them lifts the Occupation and
// business goes on.
func TestCoopOccupiedCityDoesNoBusiness(t *testing.T) {
	occupied := func(t *testing.T) (*scenario, int16) {
		s := newCoop(t, Options{}, "nazi", nil, "duke-dudley", "li-mei-chen")
		s.h(1).ko = true
		rome, nazi := s.space("rome"), s.orgIndex("nazi")
		s.henchmen[rome] = int8(nazi + 1)
		s.figuresLeft[nazi]--
		s.coop.occupied[rome] = true
		duke := s.at(0, "rome")
		duke.artifacts = append(duke.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
		stack(&s.city, s.cityCard("forged-papers")) // secret: into the hand
		return s, rome
	}
	s, rome := occupied(t)
	duke := s.h(0)
	duke.wounds, duke.glory = s.maxWounds(duke)-1, 12
	s.dice(4, 5) // Escape the soldiers, Agility 4+ x2 (2 dice)
	s.adventurePhase()
	s.done()
	require.Equal(t, []string{"forged-papers"}, s.handIDs(0), "the City card comes first")
	s.logHas("Duke Dudley escapes Nazi Soldiers")
	require.NotEqual(t, rome, duke.space, "stepped aside")
	require.Len(t, duke.artifacts, 1, "nothing sold")
	require.Zero(t, s.coop.fortune)
	require.Equal(t, 12, duke.glory, "nothing bought")
	require.Equal(t, s.maxWounds(duke)-1, duke.wounds, "nothing healed")
	require.True(t, s.coop.occupied[rome])

	s, rome = occupied(t)
	duke = s.h(0)
	s.dice(4, 4, 4, 1, // the Duke's 3+1 dice against Nazis: 3 hits
		1, 1, 1) // the soldiers miss
	s.adventurePhase()
	s.done()
	require.False(t, s.coop.occupied[rome])
	require.Zero(t, s.henchmen[rome])
	require.Empty(t, duke.artifacts)
	require.Equal(t, 6, s.coop.fortune, "sold in Rome")
}

// --- the end phase ---------------------------------------------------------

// The cooperative end phase only replenishes the artifacts and stands KO'd
// heroes up: the villains and the War Zeppelin acted in the villain phase,
// and there is no victory check (the heroes win the moment they can).
func TestCoopEndPhase(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	s.setupZeppelin(true)
	z := s.zeppelin.space
	jake := s.h(0)
	jake.ko, jake.wounds = true, s.maxWounds(jake)
	s.endPhase()
	s.done()
	require.False(t, jake.ko)
	require.Zero(t, jake.wounds)
	require.Len(t, s.liveSites(), 4)
	require.Equal(t, z, s.zeppelin.space, "the War Zeppelin does not move")
	require.False(t, s.over)
}

// --- the team game -----------------------------------------------------------

// Even teams of 2 to 4 heroes (a player may run two heroes: the engine
// counts heroes); teammates sit apart, taking turns around the table.
func TestTeamEvenTeams(t *testing.T) {
	c := bundled(t)
	for _, tc := range []struct {
		players, teams int
		ok             bool
	}{{4, 2, true}, {6, 2, true}, {8, 2, true}, {6, 3, true}, {8, 4, true}, {5, 2, false}, {2, 2, false}, {4, 1, false}, {8, 8, false}} {
		opt, err := checkedOptions(c, game.SimRequest{Mode: "team", Players: tc.players, Options: map[string]string{"teams": strconv.Itoa(tc.teams)}})
		if !tc.ok {
			require.Error(t, err, "%d heroes in %d teams", tc.players, tc.teams)
			continue
		}
		require.NoError(t, err, "%d heroes in %d teams", tc.players, tc.teams)
		for seat, team := range opt.Teams {
			require.Equal(t, seat%tc.teams, team)
		}
	}
}

// Initiative: each team adds up its heroes' rolls (a 1 still draws its
// hero a free Event); the first team acts first, its heroes together.
func TestTeamInitiative(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.strict = true
	s.topEvents("lucky-break", 1)
	s.dice(1, 5, 2, 3) // team 1: 1+2, team 2: 5+3
	s.initiative()
	s.done()
	require.Equal(t, []int8{1, 3, 0, 2}, s.order)
	require.Len(t, s.h(0).hand, 1, "the 1 draws a free Event")

	s.dice(2, 2, 2, 2, // 4 each: the tied teams roll off
		5, 3)
	s.initiative()
	s.done()
	require.Equal(t, []int8{0, 2, 1, 3}, s.order)
}

// "All of the Heroes on a Team get to move at the same time during the Move
// Phase and may choose in what order to do their Adventures": the team
// chooses its order (the bots: the strongest first), every hero of the
// team rolls, then every one moves; the adventures follow in the team's
// order, not seat order.
func TestTeamMovesTogetherInTheOrderItChooses(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.strict = true
	s.site("the-spear", "of-kings", "sahara")
	jake := s.at(0, "london")
	s.at(2, "paris")
	jake.wounds = 5 // 2 wounds left: the Duke, with 6, is the stronger
	s.h(1).ko, s.h(3).ko = true, true
	s.order = []int8{0, 2, 1, 3}
	s.dice(3, 4) // the Duke's roll, then Jake's
	s.movePhase()
	s.done()
	require.Equal(t, []int8{2, 0, 1, 3}, s.order, "the team's order")
	s.logOrder("Duke Dudley rolls 3 to move", "Jake Zane rolls 4 to move", "Duke Dudley moves to", "Jake Zane moves to")

	// Adventures, in the team's order: the Duke's wilderness roll first.
	s = newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.strict = true
	s.at(0, "sahara").wounds = 5
	s.at(2, "arabia")
	s.h(1).ko, s.h(3).ko = true, true
	s.order = []int8{0, 2, 1, 3}
	s.dice(2, 3)
	s.adventurePhase()
	s.done()
	s.logOrder("Duke Dudley travels (2)", "Jake Zane travels (3)")
}

// Teammates at one adventure work together as one unit; a rival team's
// hero there races them. Cards change hands within a team only.
func TestTeamUnitsAndExchange(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	require.Equal(t, [][]int{{0, 2}, {1}}, s.units([]int{0, 1, 2}))
	jake, li, duke := s.at(0, "sahara"), s.at(1, "sahara"), s.at(2, "sahara")
	jake.wounds = 4
	li.wounds = 0 // Li Mei is the healthiest, but on the other team
	duke.wounds = 1
	jake.artifacts = append(jake.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	s.exchangeHere(jake)
	require.Len(t, duke.artifacts, 1)
	require.Empty(t, li.artifacts)
}

// A team shares one Fortune pile, needs 10 per hero on it, and loses no
// Fortune to a KO.
func TestTeamSharedFortune(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.strict = true
	require.Equal(t, 20, s.teamGoal(0))
	s.addFortune(s.h(0), 5, "test")
	require.Equal(t, 5, s.fortune(s.h(2)))
	require.Zero(t, s.fortune(s.h(1)))
	d := s.h(2)
	d.wounds = s.maxWounds(d)
	s.dice(6)
	s.knockOut(2)
	s.done()
	require.Equal(t, 5, s.fortune(s.h(0)))

	six := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1, 0, 1}},
		"jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter", "dr-zhukov", "shelly-hargrove")
	require.Equal(t, 30, six.teamGoal(1))
}

// A team with its Fortune wins when all its heroes stand in any of the
// team's start cities at the end phase (before KO'd heroes stand up).
func TestTeamVictory(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(s *scenario)
		win  bool
	}{
		{"both in the Duke's London", func(s *scenario) {}, true},
		{"one elsewhere", func(s *scenario) { s.at(2, "paris") }, false},
		{"one KO'd at home", func(s *scenario) { s.h(2).ko = true }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
			s.strict = true
			s.coop.teamFortune[0] = 20
			s.at(0, "london")
			s.at(2, "london")
			tc.set(s)
			s.endPhase()
			require.Equal(t, tc.win, s.over)
			if tc.win {
				require.Equal(t, 0, s.result.Team)
				require.Equal(t, 0, s.result.Winner)
			}
		})
	}
}

// With the team's Fortune, a hero heads for the nearest of the team's start
// cities (any will do), not necessarily its own.
func TestTeamHeadsForNearestTeamStartCity(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.coop.teamFortune[0] = 20
	jake := s.at(0, "paris")
	require.Equal(t, s.space("london"), s.route(jake), "the Duke's London, not San Francisco")
	li := s.at(1, "paris")
	s.coop.teamFortune[1] = 20
	require.Equal(t, s.space("new-york"), s.route(li), "Sharon's New York is nearer than Shanghai")
}

// Otherwise the team game is competitive, against the other teams only: a
// hero's cards go to the leading rival of another team, never to a
// teammate, and Double Cross takes a rival's artifact, not a teammate's.
func TestTeamCardsAgainstOtherTeamsOnly(t *testing.T) {
	s := newScenario(t, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	s.strict = true
	jake, li, duke, sharon := s.h(0), s.h(1), s.h(2), s.h(3)
	duke.glory, li.glory, sharon.glory = 9, 1, 3
	s.holding(0, "scandal-sheet") // they lose 2 Glory
	s.offerOpponents(2, TAdventure)
	require.Equal(t, 9, duke.glory, "not on a teammate")
	s.offerOpponents(1, TAdventure)
	require.Equal(t, 1, li.glory, "Sharon leads the other team")
	s.offerOpponents(3, TAdventure)
	require.Equal(t, 1, sharon.glory)
	require.Empty(t, jake.hand)

	s.at(0, "sahara")
	s.at(1, "sahara")
	s.at(2, "sahara")
	jake.artifacts = append(jake.artifacts, carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6})
	li.artifacts = append(li.artifacts, carried{art: s.artifact("the-crown"), adv: s.adventure("of-kings"), value: 5})
	s.holding(2, "double-cross")
	s.offerSelf(2, TAdventure)
	require.Len(t, duke.artifacts, 1)
	require.Equal(t, 5, duke.artifacts[0].value, "Li Mei's")
	require.Len(t, jake.artifacts, 1)
	require.Empty(t, li.artifacts)
}

// --- the solo game -------------------------------------------------------

// The single-hero solo game has no initiative phase: the hero's cards are
// readied and its initiative abilities used at the start of its move phase.
// A cooperative game with one hero is that game.
func TestSoloNoInitiativePhase(t *testing.T) {
	for _, mode := range []Mode{Solo, Cooperative} {
		s := newCoop(t, Options{Mode: mode}, "mob", nil, "duke-dudley")
		duke := s.h(0)
		s.gainItem(0, s.item("the-butler")) // Activate in the Initiative Phase: +1 movement
		duke.activated[0] = true
		s.initiative() // no dice: strict mode would fail on one
		require.False(t, duke.activated[0], "readied")
		require.Zero(t, duke.addMove)
		s.dice(3, 5)
		s.movePhase()
		s.done()
		require.True(t, duke.activated[0], "used at the start of the move phase")
		require.Equal(t, 1, duke.addMove)
		require.True(t, s.traced("rolls [3 5] to move and takes 5"), mode.String())
	}
}

// soloMove is a single-hero movement roll: the two dice, the movement the
// hero takes, the free Events it draws, and whether it means to stay put.
type soloMove struct {
	a, b, move, events int
	stay               bool
}

// checkSoloMoves rolls each case's dice for the Duke, alone against the Mob
// on content c: staying put he hunts in Greece, else he heads for Tibet.
func checkSoloMoves(t *testing.T, c *Content, cases []soloMove) {
	s := newCoopOn(t, c, Options{Mode: Solo}, "mob", nil, "duke-dudley")
	duke := s.at(0, "greece")
	s.site("the-eye", "of-kings", "tibet") // where the Duke heads, unless he stays
	s.topEvents("lucky-break", 8)
	for _, tc := range cases {
		duke.hand = duke.hand[:0]
		duke.progress = -1
		if tc.stay {
			duke.progress = int16(s.site("the-crown", "of-kings", "greece"))
		}
		s.dice(tc.a, tc.b)
		require.Equal(t, tc.move, s.soloMovement(duke, 0), "%d %d", tc.a, tc.b)
		s.done()
		require.Len(t, duke.hand, tc.events, "%d %d", tc.a, tc.b)
	}
}

// The single hero rolls two movement dice and picks one. Any doubles draw
// a free Event (double 1s two); choosing a 1 draws one — once only.
func TestSoloMovementDice(t *testing.T) {
	checkSoloMoves(t, bundled(t), []soloMove{
		{3, 3, 3, 1, false},
		{1, 1, 1, 2, false},
		{2, 5, 5, 0, false},
		{1, 4, 4, 0, false},
		{1, 4, 1, 1, true}, // staying put, the hero takes the 1 for its Event
	})
}

// The single-hero solo game's "roll of 1" is the Rules sheet's
// free-event-on, as for every other movement and initiative roll: at 2,
// taking a 2 draws the Event and double 2s draw two.
func TestSoloMovementDiceFollowTheFreeEventRule(t *testing.T) {
	checkSoloMoves(t, contentWith(t, map[string]int{"free-event-on": 2}), []soloMove{
		{2, 2, 2, 2, false},
		{3, 3, 3, 1, false},
		{2, 5, 5, 0, false},
		{3, 4, 4, 0, false},
		{2, 5, 2, 1, true}, // staying put, the hero takes the 2 for its Event
		{3, 5, 5, 0, true}, // no die draws one: the best
	})
}

// The single-hero solo game: 2 villains; the hero needs 15 Fortune, the
// villains 20 on the track. The harder variants: 20 Fortune, 15 on the
// track, or both.
func TestSoloGoals(t *testing.T) {
	for _, tc := range []struct {
		v             Variants
		fortune, trak int
	}{
		{Variants{}, 15, 20},
		{Variants{SoloHard: true}, 20, 15},
		{Variants{TrackGoal: 15}, 15, 15},
		{Variants{FortuneGoal: 20}, 20, 20},
	} {
		s := freshGame(t, 2, Options{Mode: Solo, Advanced: true, Variants: tc.v}, "li-mei-chen")
		require.Len(t, s.coop.active, 2)
		require.Equal(t, tc.fortune, s.coopGoal(), "%+v", tc.v)
		require.Equal(t, tc.trak, s.coop.trackGoal, "%+v", tc.v)
	}
}

// The solo game with several heroes is the cooperative game with one hand
// of Event and secret City cards: any hero plays any of them. In the
// cooperative game each hero has their own.
func TestSoloSharedHand(t *testing.T) {
	for _, mode := range []Mode{Solo, Cooperative} {
		s := newCoop(t, Options{Mode: mode}, "mob", nil, "duke-dudley", "li-mei-chen")
		li := s.h(1)
		li.hand = append(li.hand, handCard{city: true, card: int16(s.card(cardsOf(s.c.City), "forged-papers"))}) // +2 dice on Social tests
		d := &s.c.Dangers[s.danger("border-crossing")]                                                           // Social: Lore 4+ x2 for the Duke
		s.dice(1, 1, 1)
		if mode == Solo {
			s.dice(6, 6)
		}
		passed := s.resolveSpec(0, &d.Test, d.Keywords, false)
		s.done()
		require.Equal(t, mode == Solo, passed, mode.String())
		require.Equal(t, mode != Solo, len(li.hand) == 1, mode.String())
	}
}

// --- optional rules and named variants -------------------------------------

// Advanced Nazi figures: a Nazi soldier figure is fought as a drawn Nazi
// Enemies card instead of the Nazi Soldiers.
func TestOptionalAdvancedNazis(t *testing.T) {
	for _, advanced := range []bool{false, true} {
		s := newScenario(t, Options{Advanced: true, Variants: Variants{AdvancedNazis: advanced}}, "duke-dudley")
		s.strict = true
		duke := s.at(0, "germany")
		duke.play(Bold)
		germany := s.space("germany")
		s.henchmen[germany] = int8(s.orgIndex("nazi") + 1)
		s.topNazi("rifle-squad") // 4 dice, 2 wounds
		if advanced {
			s.dice(6, 6, 1, 1, 1, 1, 1, 1) // the Duke's 4 dice (+1 vs Nazi), the squad's 4
		} else {
			s.dice(6, 6, 6, 1, 1, 1, 1) // the Duke's 4 dice, the soldiers' 3 (3 wounds)
		}
		s.henchmanFight(0, germany)
		s.done()
		require.Zero(t, s.henchmen[germany], "beaten")
		require.Equal(t, advanced, s.traced("fights Rifle Squad"))
		require.Equal(t, !advanced, s.traced("fights Nazi Soldiers"))
	}
}

// Scaling the goals: the Fortune a hero, the cooperative heroes or a team
// needs, and the villain track goal, are options.
func TestOptionalScaledGoals(t *testing.T) {
	v := Variants{FortuneGoal: 25, TrackGoal: 22}
	comp := freshGame(t, 1, Options{Advanced: true, Variants: v}, "jake-zane", "li-mei-chen")
	require.Equal(t, 25, comp.fortuneGoal())
	coop := freshGame(t, 1, Options{Mode: Cooperative, Advanced: true, Variants: v}, "jake-zane", "li-mei-chen")
	require.Equal(t, 25, coop.coopGoal())
	require.Equal(t, 22, coop.coop.trackGoal)
	team := freshGame(t, 1, Options{Mode: Team, Advanced: true, Variants: v, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	require.Equal(t, 25, team.teamGoal(0))

	opt, err := checkedOptions(bundled(t), game.SimRequest{Mode: "coop", Players: 2, Variants: []string{"fortune-goal=25", "track-goal=22"}})
	require.NoError(t, err)
	require.Equal(t, v, opt.Variants)
	_, err = checkedOptions(bundled(t), game.SimRequest{Mode: "coop", Players: 2, Variants: []string{"track-goal=31"}})
	require.ErrorContains(t, err, "track-goal")
}

// A vile organization in the competitive game: the chart by the total of
// heroes gives its villains and track goal; it plays as in the cooperative
// game (the War Zeppelin instead of the Zeppelin for the Nazis), and
// reaching its goal wins instead of any hero. Heroes still win by the
// competitive rules.
func TestOptionalOrganizationInCompetitiveGame(t *testing.T) {
	s := freshGame(t, 4, Options{Advanced: true, Org: "nazi"}, "jake-zane", "li-mei-chen", "duke-dudley")
	require.Len(t, s.coop.active, 2)
	require.Equal(t, 15, s.coop.trackGoal)
	require.True(t, s.zeppelin.live && s.zeppelin.def.Cooperative, "the War Zeppelin")
	s.coop.track = 14
	s.advanceTrack(1)
	require.True(t, s.over)
	require.True(t, s.result.Villains)
	require.Equal(t, -1, s.result.Winner)

	five := freshGame(t, 4, Options{Advanced: true, Org: "mob"}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter", "dr-zhukov")
	require.Len(t, five.coop.active, 3)
	require.Equal(t, 20, five.coop.trackGoal)
	require.False(t, five.zeppelin.live, "no zeppelin with the Mob")

	// The heroes' own victory stands.
	w := newCoop(t, Options{Mode: Competitive, Org: "mob"}, "mob", nil, "jake-zane", "li-mei-chen")
	require.Equal(t, Competitive, w.opt.Mode)
	w.h(1).fortune = 15
	w.endPhase()
	require.True(t, w.over)
	require.Equal(t, 1, w.result.Winner)
	require.False(t, w.result.Villains)

	// Without the option the competitive and team games have none.
	none := freshGame(t, 4, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
	require.Equal(t, -1, none.coop.org)
	require.Empty(t, none.coop.active)
	require.True(t, none.zeppelin.live && !none.zeppelin.def.Cooperative, "the competitive Zeppelin")
}

// Fixed movement: a fixed 4, or a roll whose 1–2 draws a free Event (chosen
// before rolling); no move, and no roll, in a cliffhanger.
func TestOptionalFixedMovement(t *testing.T) {
	s := newCoop(t, Options{Variants: Variants{FixedMovement: true}}, "mob", nil, "jake-zane", "li-mei-chen")
	s.topEvents("lucky-break", 3)
	jake := s.at(0, "london")
	s.site("the-eye", "of-kings", "tibet")
	pts, rolled := s.movementRoll(jake)
	require.Equal(t, 4, pts, "the bot takes the fixed move")
	require.False(t, rolled)

	li := s.at(1, "tibet")
	li.progress = int16(s.siteAt(s.space("tibet")))
	s.dice(2) // staying put, she rolls for the Event
	pts, rolled = s.movementRoll(li)
	s.done()
	require.True(t, rolled)
	require.Equal(t, 2, pts)
	require.Len(t, li.hand, 1)

	jake.play(Random)
	s.dice(5)
	pts, _ = s.movementRoll(jake)
	s.done()
	require.Equal(t, 5, pts)
	require.Empty(t, jake.hand)

	jake.cliff = cliffhanger{active: true, danger: &s.c.Dangers[0], card: 0, site: -1}
	s.moveHero(0) // no dice: strict mode fails on one
	require.Equal(t, s.space("london"), jake.space)
	require.Empty(t, jake.hand)
}

// The rulebook's Temple collapse (the default): danger markers fill the
// Temple's pile; a full pile, or a cliffhanger, adds an instability marker
// and a die per instability marker is rolled, any 1 collapsing it.
func TestTempleCollapseRulebook(t *testing.T) {
	s := newCoop(t, Options{}, "mob", []string{"vanessa-love"}, "duke-dudley")
	site := s.site("the-caverns", "of-kings", "tibet") // 2 Dangers
	duke := s.at(0, "tibet")
	duke.progress = int16(site)
	require.False(t, s.templeDanger(duke, site))
	require.Equal(t, 1, s.sites[site].markers)
	s.dice(2)
	require.False(t, s.templeDanger(duke, site))
	s.done()
	require.Equal(t, 1, s.sites[site].instability)
	// A villain's 1s do not roll for collapse.
	s.at(0, "london")
	v := s.deployAt("vanessa-love", site)
	s.dice(1, 3, 3, 3)
	s.villainSearch(v, 0)
	s.done()
	require.Equal(t, 1, s.sites[site].instability)
}

// The German quick rules' collapse (variant): overcoming Dangers adds no
// markers; each cliffhanger at a Temple (and each villain search there with
// a 1) rolls dice equal to the Danger value, every 1–2 an instability
// marker, and the Temple collapses when they reach the Danger value.
func TestTempleCollapseGermanVariant(t *testing.T) {
	s := newCoop(t, Options{Variants: Variants{GermanCollapse: true}}, "mob", []string{"vanessa-love"}, "duke-dudley")
	site := s.site("the-caverns", "of-kings", "tibet") // 2 Dangers
	duke := s.at(0, "tibet")
	duke.progress = int16(site)
	require.False(t, s.templeDanger(duke, site)) // no dice
	require.Zero(t, s.sites[site].markers)
	require.Equal(t, 5, s.sites[site].coins)
	s.topDangers("ancient-puzzle")
	s.dice(1, 1, 1, // the Duke fails: a cliffhanger
		2, 5) // 2 dice: one instability marker
	require.False(t, s.faceDanger([]int{0}, site))
	s.done()
	require.Equal(t, 1, s.sites[site].instability)
	require.True(t, s.sites[site].live)

	s.at(0, "london")
	v := s.deployAt("vanessa-love", site)
	s.dice(1, 3, 3, 3, // a 1: one check
		6, 1, // the second marker: it collapses
		2) // Vanessa takes D6 = 2 hits
	s.villainSearch(v, 0)
	s.done()
	require.False(t, s.sites[site].live)
	require.Equal(t, vDelayed, v.state)
}

// --- determinism -------------------------------------------------------------

// The cooperative, solo and team games give the same tallies whatever the
// number of workers.
func TestCoopSimDeterministicAcrossWorkers(t *testing.T) {
	c := bundled(t)
	for _, opt := range []SimOptions{
		{Options: Options{Mode: Cooperative, Players: 4, Advanced: true}, Games: 40, Seed: 11},
		{Options: Options{Mode: Solo, Players: 1, Advanced: true, Org: "nazi"}, Games: 40, Seed: 12},
		{Options: Options{Mode: Solo, Players: 3, Advanced: true, Org: "mob"}, Games: 30, Seed: 13},
		{Options: Options{Mode: Team, Players: 4, Advanced: true, Teams: []int{0, 1, 0, 1}}, Games: 40, Seed: 14},
		{Options: Options{Mode: Competitive, Players: 3, Advanced: true, Org: "random"}, Games: 30, Seed: 15},
	} {
		one, two := opt, opt
		one.Workers, two.Workers = 1, 2
		a, _ := Simulate(c, one)
		b, _ := Simulate(c, two)
		require.Equal(t, a, b, opt.Mode.String())
		require.Empty(t, a.Failures, opt.Mode.String())
		require.Equal(t, opt.Games, a.Games)
	}
}

// The sim's options: the cooperative and solo games, and an organization
// in any game, need the advanced level (villains are an advanced element);
// "random" adds an organization to the competitive and team games.
func TestCoopSimOptions(t *testing.T) {
	c := bundled(t)
	_, err := checkedOptions(c, game.SimRequest{Mode: "coop", Players: 2, Options: map[string]string{"level": "basic"}})
	require.ErrorContains(t, err, "advanced")
	_, err = checkedOptions(c, game.SimRequest{Mode: "competitive", Players: 2, Options: map[string]string{"org": "nazi", "level": "basic"}})
	require.ErrorContains(t, err, "advanced")
	_, err = checkedOptions(c, game.SimRequest{Mode: "competitive", Players: 2, Options: map[string]string{"level": "expert"}})
	require.ErrorContains(t, err, `Fortune and Glory has no "expert" level (advanced, basic)`)
	opt, err := checkedOptions(c, game.SimRequest{Mode: "competitive", Players: 2})
	require.NoError(t, err)
	require.True(t, opt.Advanced, "the advanced game is the default level")
	opt, err = checkedOptions(c, game.SimRequest{Mode: "team", Players: 4, Options: map[string]string{"teams": "2", "org": "random"}})
	require.NoError(t, err)
	require.Equal(t, "random", opt.Org)
	opt, err = checkedOptions(c, game.SimRequest{Mode: "coop", Players: 2, Options: map[string]string{"org": "random"}})
	require.NoError(t, err)
	require.Empty(t, opt.Org, "the cooperative game draws one anyway")
	opt, err = checkedOptions(c, game.SimRequest{Mode: "coop", Players: 2, Variants: []string{"villain-successes-first"}})
	require.NoError(t, err)
	require.True(t, opt.Variants.VillainSuccessesFirst)
}

// Sneaking aboard the War Zeppelin: the hero picks a number and the 3
// Guard dice miss it, so no soldier fights; the hero sets the gas cells
// alight: the zeppelin is gone, the hero gains the sheet's 3 Glory and the
// reward for destroying an outpost (the villains' Fortune, the track back).
func TestCoopSneakAboardWarZeppelin(t *testing.T) {
	s := newCoop(t, Options{}, "nazi", nil, "jake-zane", "li-mei-chen")
	s.setupZeppelin(true)
	jake := s.at(0, "sahara")
	s.zeppelin.space = jake.space
	s.coop.track, s.coop.villainFortune = 4, 3
	pick := s.nextPick(0)
	miss := pick%6 + 1
	s.dice(miss, miss, miss, // no guard spots Jake
		6) // the track falls back by the outpost reward's roll
	require.True(t, s.boardZeppelin(0))
	s.done()
	require.False(t, s.zeppelin.live, "the War Zeppelin is removed")
	require.Equal(t, 3, jake.glory)
	require.Zero(t, s.coop.villainFortune, "Jake takes the villains' Fortune")
	require.Less(t, s.coop.track, 4, "the track falls back")
}
