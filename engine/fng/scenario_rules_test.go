package fng

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
)

// One scenario test per rule of the competitive game (issue 4, "The
// rules"), with forced dice. A scripted Decider forces the choice to press
// on or camp (h.presses); other choices are steered through state the bots
// read: a hero's health, its policy, its cached pass estimate.

// logOrder asserts that the lines appear in the trace in this order.
func (s *scenario) logOrder(lines ...string) {
	s.t.Helper()
	text := s.log.String()
	at := 0
	for _, l := range lines {
		i := strings.Index(text[at:], l)
		require.GreaterOrEqual(s.t, i, 0, "%q missing (in order) from the trace:\n%s", l, text)
		at += i + len(l)
	}
}

// logHas asserts that the trace says this.
func (s *scenario) logHas(line string) {
	s.t.Helper()
	require.Contains(s.t, s.log.String(), line)
}

// logHasText reports whether the trace says this.
func (s *scenario) logHasText(line string) bool { return strings.Contains(s.log.String(), line) }

// logLacks asserts that the trace does not say this.
func (s *scenario) logLacks(line string) {
	s.t.Helper()
	require.NotContains(s.t, s.log.String(), line)
}

// handIDs lists the IDs of the cards in a hero's hand.
func (s *scenario) handIDs(seat int) []string {
	var out []string
	for _, hc := range s.h(seat).hand {
		out = append(out, s.eventOf(hc).ID)
	}
	return out
}

// itemIDs lists the IDs of a hero's items.
func (s *scenario) itemIDs(seat int) []string {
	var out []string
	for _, id := range s.h(seat).items {
		out = append(out, s.c.Items[id].ID)
	}
	return out
}

// --- Set-up ---------------------------------------------------------------------------

// The Shuffle icon: once a card bearing it is discarded, its deck's discard
// pile is shuffled back into it. The bundled set prints it on Events and
// Location cards; the other decks are given one by changing a card.
func TestScenarioShuffleIconReshufflesTheDiscards(t *testing.T) {
	shuffled := func(c *Content, list string, id string) *Content {
		cc := *c
		switch list {
		case "city":
			cc.City = append([]EventDef(nil), c.City...)
			cc.City[int(cityIndex(c, id))].Shuffle = true
		case "enemies":
			cc.Enemies = append([]EnemyDef(nil), c.Enemies...)
			for i := range cc.Enemies {
				if cc.Enemies[i].ID == id {
					cc.Enemies[i].Shuffle = true
				}
			}
		case "villain-events":
			cc.VillainEvents = append([]EventDef(nil), c.VillainEvents...)
			for i := range cc.VillainEvents {
				if cc.VillainEvents[i].ID == id {
					cc.VillainEvents[i].Shuffle = true
				}
			}
		}
		return &cc
	}
	for _, tt := range []struct {
		deck string
		run  func(t *testing.T) (*deck.Deck, int)
	}{
		{"Locations (a deep jungle's card)", func(t *testing.T) (*deck.Deck, int) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			s.strict = true
			s.locations.Reshuffle()
			stack(&s.locations, s.locCard("sahara"), s.locCard("greece"), s.locCard("amazon-jungle"))
			total := s.locations.Len()
			s.drawLocation(nil)
			s.drawLocation(nil)
			require.Equal(t, 2, s.locations.Discarded(), "an ordinary card stays discarded")
			require.Equal(t, s.locCard("amazon-jungle"), s.drawLocation(nil))
			return &s.locations, total
		}},
		{"Events (Ambush on the Trail)", func(t *testing.T) (*deck.Deck, int) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			s.strict = true
			s.events.Remove(s.eventCard("lucky-break"))
			s.events.Discard(s.eventCard("lucky-break"))
			stack(&s.events, s.eventCard("ambush-on-the-trail")) // (one of its two copies)
			total := s.events.Len() + s.events.Discarded()
			stack(&s.enemies, s.enemyIndex("vampire-bats")) // 4 dice, 1 wound
			s.dice(4, 1, 1, 1, 1, 1, 1)                     // the Duke's 3 dice beat the bats
			s.drawEvents(0, 1)
			s.done()
			s.logHas("defeats Vampire Bats")
			return &s.events, total
		}},
		{"City (Lecture at the Museum, changed)", func(t *testing.T) (*deck.Deck, int) {
			s := newScenarioOn(t, shuffled(bundled(t), "city", "lecture-at-the-museum"), Options{Advanced: true}, "duke-dudley")
			s.strict = true
			s.city.Remove(s.cityCard("mugged"))
			s.city.Discard(s.cityCard("mugged"))
			stack(&s.city, s.cityCard("lecture-at-the-museum"))
			total := s.city.Len() + s.city.Discarded()
			require.True(t, s.drawCity(0))
			require.Equal(t, 2, s.h(0).glory)
			return &s.city, total
		}},
		{"Enemies (Vampire Bats, changed)", func(t *testing.T) (*deck.Deck, int) {
			s := newScenarioOn(t, shuffled(bundled(t), "enemies", "vampire-bats"), Options{Advanced: true}, "duke-dudley")
			s.strict = true
			s.enemies.Remove(s.enemyIndex("jungle-cat"))
			s.enemies.Discard(s.enemyIndex("jungle-cat"))
			stack(&s.enemies, s.enemyIndex("vampire-bats"))
			total := s.enemies.Len() + s.enemies.Discarded()
			s.dice(4, 1, 1, 1, 1, 1, 1)
			require.Equal(t, fightDefeated, s.fightDrawn([]int{0}, false, -1))
			s.done()
			return &s.enemies, total
		}},
		{"Villain Events (Secret Treaty, changed)", func(t *testing.T) (*deck.Deck, int) {
			c := shuffled(bundled(t), "villain-events", "ve-secret-treaty")
			s := newScenarioOn(t, c, Options{Mode: Cooperative, Advanced: true, Org: "mob"}, "duke-dudley", "jake-zane")
			s.resetOrg()
			s.strict = true
			plundered := int16(s.card(cardsOf(s.c.VillainEvents), "ve-plundered-vaults"))
			s.villainEvents.Remove(plundered)
			s.villainEvents.Discard(plundered)
			s.topVillainEvent("ve-secret-treaty")
			total := s.villainEvents.Len() + s.villainEvents.Discarded()
			s.villainEvent()
			require.Equal(t, 1, s.coop.track)
			return &s.villainEvents, total
		}},
	} {
		t.Run(tt.deck, func(t *testing.T) {
			d, total := tt.run(t)
			assert.Zero(t, d.Discarded(), "the discards are shuffled back in")
			assert.Equal(t, total, d.Len(), "the whole deck is back in the draw pile")
		})
	}
}

func cityIndex(c *Content, id string) int16 {
	for i := range c.City {
		if c.City[i].ID == id {
			return int16(i)
		}
	}
	return -1
}

// Each player draws a random hero (no two alike) and starts in its Start
// City; which heroes come up depends on the seed.
func TestScenarioRandomHeroesStartInTheirStartCity(t *testing.T) {
	c := bundled(t)
	firsts := map[int]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		g := New(c)
		g.reset(seed, Options{Players: 4, Advanced: true})
		g.setupGame()
		seen := map[int]bool{}
		for seat := range g.heroes {
			h := &g.heroes[seat]
			require.False(t, seen[h.def.index], "seed %d: %s twice", seed, h.def.ID)
			seen[h.def.index] = true
			require.Equal(t, h.def.StartCity, h.space, "seed %d: %s starts in its Start City", seed, h.def.ID)
			require.Equal(t, h.def.index, g.result.Heroes[seat])
		}
		firsts[g.heroes[0].def.index] = true
	}
	assert.Greater(t, len(firsts), 2, "the first seat's hero is drawn at random")

	// Heroes the options fix stay; the rest are drawn.
	g := New(c)
	g.reset(3, Options{Players: 3, Heroes: []int{2}})
	g.setupGame()
	assert.Equal(t, "duke-dudley", g.heroes[0].def.ID)
	assert.NotEqual(t, "duke-dudley", g.heroes[1].def.ID)
}

// Start-of-game abilities: the Duke's Old Money (an Ally card), Dr.
// Zhukov's State Laboratory and Sharon Hunter's Expense Account (a Gear card
// each), Cartwright's Trouble Finds Him (2 Events).
// (newScenario clears them, so that tests start from nothing.)
func TestScenarioHeroSetupAbilities(t *testing.T) {
	s := &scenario{t: t, Game: New(bundled(t))}
	opt := Options{Players: 4, Advanced: true}
	for _, id := range []string{"duke-dudley", "dr-zhukov", "alexander-cartwright", "sharon-hunter"} {
		opt.Heroes = append(opt.Heroes, s.heroIndex(id))
	}
	s.reset(5, opt)
	stack(&s.allies, s.item("moose-malone"))
	stack(&s.gear, s.item("machete"), s.item("grappling-hook"))
	stack(&s.events, s.eventCard("lucky-break"), s.eventCard("shortcut"))
	s.strict = true // no start-of-game ability rolls a die
	s.setupGame()
	duke, zhukov, cartwright, sharon := s.h(0), s.h(1), s.h(2), s.h(3)
	assert.Equal(t, []string{"moose-malone"}, s.itemIDs(0))
	assert.Zero(t, duke.glory)
	assert.Equal(t, []string{"machete"}, s.itemIDs(1))
	assert.Zero(t, zhukov.glory)
	assert.Equal(t, []string{"lucky-break", "shortcut"}, s.handIDs(2))
	assert.Zero(t, cartwright.glory)
	assert.Equal(t, []string{"grappling-hook"}, s.itemIDs(3))
	assert.Zero(t, sharon.glory)
}

// Set-up places the rule's four artifacts, each an Artifact and an Adventure
// card at the space of a Location card drawn for it.
func TestScenarioSetupFourArtifacts(t *testing.T) {
	c := bundled(t)
	onCard := map[int16]bool{}
	for _, l := range c.Locations {
		onCard[l.Space] = true
	}
	for _, seed := range []uint64{1, 2, 3} {
		s := freshGame(t, seed, Options{Advanced: true}, "duke-dudley", "jake-zane")
		live := s.liveSites()
		require.Len(t, live, 4, "seed %d", seed)
		spaces := map[int16]bool{}
		for _, i := range live {
			st := &s.sites[i]
			assert.True(t, onCard[st.space], "a Location card's space")
			assert.False(t, spaces[st.space], "never two in a space")
			spaces[st.space] = true
			assert.GreaterOrEqual(t, st.art, int16(0))
			assert.GreaterOrEqual(t, st.adv, int16(0))
		}
		assert.Equal(t, len(c.DeckArtifacts)-4, s.artifacts.Len())
		assert.Equal(t, len(c.DeckAdventures)-4, s.adventures.Len())
		assert.Equal(t, 4, strings.Count(s.log.String(), "artifact placed"))
	}
}

// Never two artifacts in a space: a Location card whose space already has
// one is discarded and another drawn.
func TestScenarioNeverTwoArtifactsInASpace(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	s.site("the-eye", "of-kings", "sahara")
	s.locations.Reshuffle()
	stack(&s.locations, s.locCard("sahara"), s.locCard("greece"))
	stack(&s.artifacts, s.artifact("the-crown"))
	require.True(t, s.placeArtifact(false))
	site := s.siteAt(s.space("greece"))
	require.GreaterOrEqual(t, site, 0, "redrawn to Greece")
	assert.Equal(t, s.artifact("the-crown"), s.sites[site].art)
	assert.Equal(t, s.artifact("the-eye"), s.sites[s.siteAt(s.space("sahara"))].art)
	assert.Equal(t, 2, s.locations.Discarded(), "both Location cards drawn are discarded")
}

// --- Round ----------------------------------------------------------------------------

func TestScenarioInitiativeTiesReroll(t *testing.T) {
	tests := []struct {
		name  string
		dice  []int
		first int
		order []int8
	}{
		{"highest goes first", []int{2, 5, 3}, 1, []int8{1, 2, 0}},
		// Only the tied heroes roll again: two dice, not three.
		{"a tie is rolled off among the tied", []int{5, 5, 3, 2, 6}, 1, []int8{1, 2, 0}},
		{"a roll-off tie is rolled off again", []int{6, 6, 6, 3, 3, 1, 2, 5}, 1, []int8{1, 2, 0}},
		{"the last seat can win", []int{4, 4, 4, 1, 2, 3}, 2, []int8{2, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{}, "duke-dudley", "jake-zane", "sharon-hunter")
			s.dice(tt.dice...)
			s.initiative()
			s.done()
			assert.Equal(t, tt.order, s.order)
			s.logHas(s.h(tt.first).def.Name + " goes first")
		})
	}
}

func TestScenarioInitiativeNaturalOneDrawsFreeEvent(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane", "sharon-hunter")
	stack(&s.events, s.eventCard("lucky-break"), s.eventCard("surge-of-adrenaline"))
	s.dice(1, 4, 6)
	s.initiative()
	s.done()
	assert.Equal(t, []string{"lucky-break"}, s.handIDs(0), "a natural 1 draws a free Event")
	assert.Empty(t, s.handIDs(1))
	assert.Empty(t, s.handIDs(2))
	assert.Equal(t, []int8{2, 0, 1}, s.order)
}

// FAQ: the free Event is only for the original initiative roll, not a 1 in
// a roll-off.
func TestScenarioInitiativeRollOffOneDrawsNoEvent(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane", "sharon-hunter")
	stack(&s.events, s.eventCard("lucky-break"))
	s.dice(6, 6, 2, 1, 4)
	s.initiative()
	s.done()
	for seat := range 3 {
		assert.Empty(t, s.handIDs(seat), "seat %d", seat)
	}
	assert.Equal(t, []int8{1, 2, 0}, s.order)
}

func TestScenarioInitiativeReadiesActivatedCards(t *testing.T) {
	s := newScenario(t, Options{}, "sharon-hunter", "jake-zane")
	s.equip(0, "tommy-gun", "lock-picks")
	s.h(0).activated[0], s.h(0).activated[1] = true, true
	s.h(0).heroUsed = true
	s.dice(3, 4)
	s.initiative()
	s.done()
	assert.Equal(t, []bool{false, false}, s.h(0).activated)
	assert.False(t, s.h(0).heroUsed, "the hero's own Activate ability is ready again")
}

func TestScenarioRoundMovePhaseThenAdventurePhaseInTurnOrder(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane", "sharon-hunter")
	s.at(0, "sahara")
	s.at(1, "greece")
	s.at(2, "tibet")
	// Initiative: Sharon first, then clockwise: Duke, Jake. Moves of 2 and 3
	// draw nothing (no artifact to head for, so nobody moves); the
	// adventure rolls of 2 and 3 are uneventful.
	s.dice(2, 3, 5 /* initiative */, 2, 3, 2 /* moves */, 3, 2, 3 /* adventures */)
	s.round = 0
	s.playRound()
	s.done()
	assert.Equal(t, []int8{2, 0, 1}, s.order)
	s.logOrder("Sharon Hunter goes first",
		"Sharon Hunter rolls 2 to move", "Duke Dudley rolls 3 to move", "Jake Zane rolls 2 to move",
		"Sharon Hunter travels (3): uneventful", "Duke Dudley travels (2): uneventful", "Jake Zane travels (3): uneventful",
		"artifact placed")
}

// The end phase: the zeppelin moves, villains adventure, victory is
// checked, artifacts are replenished, KO'd heroes recover — in that order.
func TestScenarioEndPhaseOrder(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley", "jake-zane")
	// The zeppelin over Siberia; the Location card sends it toward Tibet.
	s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("siberia"), dest: -1, live: true}
	stack(&s.locations, s.locCard("tibet"))
	// Colonel Stahl (Search 2, two bodyguards) hunts the Crown of Kings (2 Dangers) in Greece.
	site := s.site("the-crown", "of-kings", "greece")
	v := s.villainNamed("colonel-stahl")
	v.space, v.site, v.state, v.bodyguards = s.space("greece"), site, vDeployed, 2
	// Jake lies KO'd in San Francisco with 15 Fortune: he cannot win yet.
	jake := s.h(1)
	jake.ko, jake.wounds, jake.fortune = true, 7, 15
	s.at(0, "sahara")
	s.dice(6 /* no soldier dropped */, 5, 6 /* two search successes */)
	s.endPhase()
	s.done()
	assert.False(t, s.over, "a KO'd hero does not win: victory is checked before heroes recover")
	assert.Equal(t, 1, s.zeppelin.fortune, "the zeppelin loaded its Fortune")
	assert.NotEqual(t, s.space("siberia"), s.zeppelin.space, "the zeppelin moved")
	assert.False(t, s.sites[site].live, "the villain recovered the artifact")
	assert.Len(t, s.liveSites(), 4, "artifacts are replenished to four")
	assert.False(t, jake.ko)
	assert.Zero(t, jake.wounds, "a recovering hero is fully healed")
	s.logOrder("The Zeppelin flies", "Colonel Stahl searches Greece: 2 successes", "Colonel Stahl takes The Crown",
		"artifact placed", "Jake Zane recovers in San Francisco")
	// The next end phase, standing, he wins.
	s.dice(6)
	s.endPhase()
	assert.True(t, s.over)
	assert.Equal(t, 1, s.result.Winner)
}

func TestScenarioVictory(t *testing.T) {
	tests := []struct {
		name           string
		fortune, glory [2]int
		home           [2]bool
		winner         int
	}{
		{"15 Fortune at home wins", [2]int{15, 0}, [2]int{}, [2]bool{true, true}, 0},
		{"14 is not enough", [2]int{14, 0}, [2]int{}, [2]bool{true, true}, -1},
		{"away from home does not win", [2]int{20, 0}, [2]int{}, [2]bool{false, true}, -1},
		{"two winners: most Fortune", [2]int{15, 16}, [2]int{9, 0}, [2]bool{true, true}, 1},
		{"equal Fortune: most Glory", [2]int{17, 17}, [2]int{3, 4}, [2]bool{true, true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
			for seat := range 2 {
				h := s.h(seat)
				h.fortune, h.glory = tt.fortune[seat], tt.glory[seat]
				if !tt.home[seat] {
					s.at(seat, "sahara")
				}
			}
			s.checkVictory()
			assert.Equal(t, tt.winner >= 0, s.over)
			if tt.winner >= 0 {
				assert.Equal(t, tt.winner, s.result.Winner)
				assert.Equal(t, "fortune", s.result.End)
			}
		})
	}
}

// Replenishing: a new artifact for every one taken off the board in the
// round, and at least four on the board.
func TestScenarioReplenishArtifacts(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	first := s.site("the-idol", "of-kings", "sahara")
	for _, sp := range []string{"greece", "tibet", "japan", "brazil"} {
		s.site("the-idol", "of-kings", sp)
	}
	h := s.at(0, "sahara")
	h.progress, h.markers = int16(first), 1
	s.overcome(h, first) // recovered
	require.Len(t, s.liveSites(), 4)
	s.endPhase()
	assert.Len(t, s.liveSites(), 5, "the fifth artifact (from a card) stays in play")

	s = newScenario(t, Options{}, "duke-dudley")
	s.site("the-idol", "of-kings", "sahara")
	s.endPhase()
	assert.Len(t, s.liveSites(), 4, "topped up to four")
}

// --- Movement -------------------------------------------------------------------------

// The rulebook's movement example: London → British Isles → Western Europe →
// Mediterranean Sea (2) → Sahara, 5 movement.
func TestScenarioMovementExampleDukeDudley(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "sahara")
	require.EqualValues(t, 5, s.c.Dist[s.space("london")][s.space("sahara")])
	s.dice(5)
	s.moveHero(0)
	s.done()
	assert.Equal(t, "sahara", s.spaceID(s.h(0).space))
	s.logOrder("Duke Dudley rolls 5 to move", "moves to British Isles", "moves to Western Europe",
		"moves to Mediterranean Sea", "moves to Sahara")

	// With a 4 he ends at sea: the Mediterranean costs 2.
	s = newScenario(t, Options{}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "sahara")
	s.dice(4)
	s.moveHero(0)
	s.done()
	assert.Equal(t, "mediterranean-sea", s.spaceID(s.h(0).space))
}

func TestScenarioMovementSeaCost(t *testing.T) {
	tests := []struct {
		points int
		at     string
	}{
		{1, "london"}, // the North Sea costs 2: one point cannot enter it
		{2, "north-sea"},
	}
	for _, tt := range tests {
		s := newScenario(t, Options{}, "duke-dudley")
		s.travel(s.h(0), tt.points, s.space("north-sea"))
		assert.Equal(t, tt.at, s.spaceID(s.h(0).space), "%d points", tt.points)
	}
	s := newScenario(t, Options{}, "duke-dudley")
	assert.EqualValues(t, 2, s.c.Spaces[s.space("north-sea")].Cost)
	assert.EqualValues(t, 4, s.c.Spaces[s.space("pacific-crossing")].Cost)
	assert.EqualValues(t, 1, s.c.Spaces[s.space("sahara")].Cost, "land costs 1")
	assert.EqualValues(t, 1, s.c.Spaces[s.space("paris")].Cost, "cities cost 1")
}

// A city inside a land space is entered and left through it: Paris touches
// only Western Europe.
func TestScenarioMovementCityInsideLandSpace(t *testing.T) {
	s := newScenario(t, Options{}, "shelly-hargrove")
	paris := s.c.Spaces[s.space("paris")]
	require.Len(t, paris.Adj, 1)
	assert.Equal(t, "western-europe", s.spaceID(paris.Adj[0]))
	assert.EqualValues(t, 3, s.c.Dist[s.space("paris")][s.space("north-sea")], "Paris → Western Europe → North Sea")
	s.travel(s.h(0), 2, s.space("north-sea"))
	assert.Equal(t, "western-europe", s.spaceID(s.h(0).space), "2 points: through Western Europe, not enough for the sea")
	s.travel(s.h(0), 2, s.space("north-sea"))
	assert.Equal(t, "north-sea", s.spaceID(s.h(0).space))
}

// Port cities touch their seas: London sails straight into the North Sea.
func TestScenarioMovementPortCityTouchesSea(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	for _, sp := range s.c.Spaces {
		if sp.Kind != City {
			continue
		}
		touches := false
		for _, n := range sp.Adj {
			touches = touches || s.c.Spaces[n].Kind == Sea
		}
		assert.Equal(t, sp.Port, touches, "%s: port cities, and only they, touch a sea", sp.ID)
	}
	s.travel(s.h(0), 2, s.space("north-sea"))
	assert.Equal(t, "north-sea", s.spaceID(s.h(0).space))
	s.logLacks("British Isles")
}

// Only the Pacific Crossing joins the map's two edges.
func TestScenarioMovementOnlyPacificCrossingWraps(t *testing.T) {
	s := newScenario(t, Options{}, "jake-zane")
	east := []string{"north-pacific", "south-pacific", "alaska", "west-coast", "san-francisco", "lima"}
	west := []string{"western-pacific", "coral-sea", "japan", "tokyo", "sydney", "new-guinea"}
	adj := func(a, b string) bool {
		for _, n := range s.c.Spaces[s.space(a)].Adj {
			if n == s.space(b) {
				return true
			}
		}
		return false
	}
	for _, e := range east {
		for _, w := range west {
			assert.False(t, adj(e, w), "%s and %s must not touch", e, w)
		}
	}
	for _, sp := range []string{"north-pacific", "south-pacific", "western-pacific", "coral-sea"} {
		assert.True(t, adj("pacific-crossing", sp), "the Pacific Crossing touches %s", sp)
	}
	crossings := 0
	for _, sp := range s.c.Spaces {
		if sp.Pacific {
			crossings++
		}
	}
	assert.Equal(t, 1, crossings, "the Pacific Crossing is a single space")
	// From the North Pacific to the Western Pacific: across it, 4 + 4.
	assert.EqualValues(t, 8, s.c.Dist[s.space("north-pacific")][s.space("western-pacific")])
}

// The rulebook's flight example: Yucatan → Mexico → Mexico City, fly for 2
// Fortune to Hong Kong, one more space to China: 3 movement.
func TestScenarioMovementFlightExample(t *testing.T) {
	s := newScenario(t, Options{Advanced: true, Policies: []Policy{Bold}}, "duke-dudley")
	h := s.at(0, "yucatan")
	h.fortune = 2
	s.travel(h, 3, s.space("mexico-city"))
	assert.Equal(t, "mexico-city", s.spaceID(h.space))
	s.travel(h, 1, s.space("china")) // the last movement point, after the flight
	assert.Equal(t, "china", s.spaceID(h.space))
	assert.Zero(t, h.fortune, "the flight to a major city cost 2 Fortune")
	s.logOrder("moves to Mexico", "moves to Mexico City", "flies to Hong Kong for 2 Fortune", "moves to China")
}

func TestScenarioFlightCostByDestination(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "li-mei-chen")
	h := s.h(0) // in Shanghai, a minor city
	assert.Equal(t, 2, s.flightCost(h, s.space("london")), "to a major city: 2")
	assert.Equal(t, 3, s.flightCost(h, s.space("lima")), "to a minor city: 3")
	s.at(0, "london")
	assert.Equal(t, 3, s.flightCost(h, s.space("shanghai")), "only the destination counts")
	h.fortune = 5
	s.fly(h, s.space("tokyo"))
	assert.Equal(t, 2, h.fortune)
	assert.Equal(t, "tokyo", s.spaceID(h.space))
}

// Flights are an advanced element: the basic game walks.
func TestScenarioFlightsOnlyInTheAdvancedGame(t *testing.T) {
	for _, adv := range []bool{false, true} {
		s := newScenario(t, Options{Advanced: adv, Policies: []Policy{Bold}}, "duke-dudley")
		h := s.h(0)
		h.fortune = 10
		s.travel(h, 1, s.space("sydney"))
		if adv {
			assert.Equal(t, 8, h.fortune, "advanced: flies to Sydney")
			assert.Equal(t, "sydney", s.spaceID(h.space))
		} else {
			assert.Equal(t, 10, h.fortune, "basic: no flights")
			assert.NotEqual(t, "sydney", s.spaceID(h.space))
		}
	}
}

// Entering a henchman's space ends the move and starts a fight at once.
func TestScenarioMovementHenchmanEndsMoveAndFights(t *testing.T) {
	s := newScenario(t, Options{}, "shelly-hargrove")
	h := s.withHero(0, func(d *HeroDef) { d.Skills[Combat] = 2 }) // in Paris
	s.henchmen[s.space("western-europe")] = 1                     // a Nazi soldier
	s.figuresLeft[0]--
	// Shelly (Combat 2) against Nazi Soldiers (3 dice, 3 wounds): two rounds.
	s.dice(4, 4 /* Shelly */, 1, 1, 1 /* soldiers */, 5, 1, 1, 1, 1)
	s.travel(h, 4, s.space("germany"))
	s.done()
	assert.Equal(t, "western-europe", s.spaceID(h.space), "the move ended in the henchman's space")
	assert.Zero(t, s.henchmen[s.space("western-europe")], "the defeated figure is removed")
	assert.Equal(t, 2, h.glory)
	s.logOrder("moves to Western Europe", "fights Nazi Soldiers", "defeats Nazi Soldiers")
}

// Landing by air where a henchman stands ends the move and starts the fight.
func TestScenarioFlightIntoAHenchmansCity(t *testing.T) {
	s := newScenario(t, Options{Advanced: true, Policies: []Policy{Bold}}, "duke-dudley")
	h := s.h(0)
	h.fortune = 2
	s.henchmen[s.space("sydney")] = 1
	s.dice(4, 4, 4, 4, 1, 1, 1)
	s.travel(h, 3, s.space("outback"))
	s.done()
	assert.Equal(t, "sydney", s.spaceID(h.space), "the move ends in Sydney")
	assert.Zero(t, s.henchmen[s.space("sydney")])
	s.logOrder("flies to Sydney", "fights Nazi Soldiers")
}

// A hero in a cliffhanger cannot move, but still rolls: a 1 draws an Event.
func TestScenarioMovementCliffhangerRollsButStays(t *testing.T) {
	for _, roll := range []int{1, 6} {
		s := newScenario(t, Options{}, "duke-dudley")
		s.site("the-idol", "of-the-ancients", "sahara")
		h := s.at(0, "egypt")
		d := s.danger("avalanche")
		h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[d], card: d, city: -1, site: 0}
		stack(&s.events, s.eventCard("lucky-break"))
		s.dice(roll)
		s.moveHero(0)
		s.done()
		assert.Equal(t, "egypt", s.spaceID(h.space), "roll %d", roll)
		if roll == 1 {
			assert.Equal(t, []string{"lucky-break"}, s.handIDs(0))
		} else {
			assert.Empty(t, s.handIDs(0))
		}
		s.logHas("is in a cliffhanger and cannot move")
	}
}

// FAQ: movement and skills never fall below 1 (a sea still needs the
// movement to enter it).
func TestScenarioMovementAndSkillsNeverBelowOne(t *testing.T) {
	s := newScenario(t, Options{}, "shelly-hargrove")
	h := s.h(0)
	s.attach(h, remain{ev: &s.c.Events[s.eventCard("hurricane-season")], card: s.eventCard("hurricane-season")})
	s.attach(h, remain{ev: &s.c.City[s.cityCard("wanted-poster")], city: true, card: s.cityCard("wanted-poster")})
	s.attach(h, remain{ev: &s.c.Events[s.eventCard("the-evil-eye")], card: s.eventCard("the-evil-eye")})
	s.attach(h, remain{ev: &s.c.Events[s.eventCard("malaria")], card: s.eventCard("malaria")})
	// Shelly: Move +1, -2 from the cards: a 1 is 1 - 1 = 0 → 1.
	s.dice(1)
	points, _ := s.movementRoll(h)
	assert.Equal(t, 1, points)
	// Lore 1, -1 (Evil Eye), -1 (Malaria): still one die.
	lore := Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: 4, Successes: 1}
	assert.Equal(t, 1, s.testDice(h, &lore, KW{}))
	assert.Equal(t, 1, s.skill(h, Lore))
}

// --- Adventure phase ------------------------------------------------------------------

// A land or sea space without an artifact: 4–6 draws an Event, 1 is an
// attack from the Enemies deck, 2–3 is uneventful.
func TestScenarioWildernessRoll(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		for _, space := range []string{"sahara", "mediterranean-sea"} {
			s := newScenario(t, Options{}, "duke-dudley")
			h := s.at(0, space)
			stack(&s.events, s.eventCard("lucky-break"))
			stack(&s.enemies, s.enemyIndex("vampire-bats"))
			s.dice(roll)
			if roll == 1 {
				// Duke's 3 fight dice against the bats' 4: one hit kills them.
				s.dice(4, 1, 1, 1, 1, 1, 1)
			}
			s.adventurePhase()
			s.done()
			switch {
			case roll >= 4:
				assert.Equal(t, []string{"lucky-break"}, s.handIDs(0), "%s, roll %d", space, roll)
			case roll == 1:
				assert.Empty(t, s.handIDs(0))
				assert.Equal(t, 1, h.glory, "%s: the bats were beaten", space)
				s.logHas("fights Vampire Bats")
			default:
				assert.Empty(t, s.handIDs(0))
				assert.Zero(t, h.glory)
				s.logHas("uneventful")
			}
		}
	}
}

// The Dangers deck, drawn from the bottom: every card comes up once before
// any comes up again.
func TestScenarioDangersDeckDrawFromBottom(t *testing.T) {
	s := newScenario(t, Options{Advanced: true, Dangers: DrawFromBottom}, "duke-dudley")
	n := s.dangers.Len()
	require.Equal(t, len(s.c.DeckDangers), n)
	var order []int16
	for range 3 * n {
		id := s.drawDanger(0)
		order = append(order, id)
		s.returnDanger(id, 0, zonePlay)
	}
	for i := n; i < len(order); i++ {
		assert.Equal(t, order[i-n], order[i], "draw %d: the deck cycles in the same order", i)
	}
	seen := map[int16]bool{}
	for _, id := range order[:n] {
		assert.False(t, seen[id], "%s came up twice in one cycle", s.c.Dangers[id].ID)
		seen[id] = true
	}
}

// The Dangers deck, shuffled before each draw: a card just discarded can
// come straight back.
func TestScenarioDangersDeckShuffleEachDraw(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	keep := map[int16]bool{s.danger("avalanche"): true, s.danger("rope-bridge"): true}
	for _, id := range s.c.DeckDangers {
		if !keep[id] {
			s.dangers.Remove(id)
		}
	}
	repeats, prev := 0, int16(-1)
	seen := map[int16]int{}
	for range 40 {
		id := s.drawDanger(0)
		require.True(t, keep[id])
		if id == prev {
			repeats++
		}
		prev = id
		seen[id]++
		s.returnDanger(id, 0, zonePlay)
	}
	assert.Positive(t, repeats, "a discarded Danger is shuffled straight back in")
	assert.Len(t, seen, 2)
}

func TestScenarioCampDownCollectsGloryAndHeals(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	site := s.site("the-idol", "of-the-ancients", "sahara") // 3 Dangers
	h := s.at(0, "sahara")
	h.wounds = 2
	h.presses(false)
	s.topDangers("ancient-puzzle", "poison-darts")
	s.dice(5, 1, 1) // Lore 5+: one success
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.markers, "a danger marker")
	assert.Equal(t, int16(site), h.progress)
	assert.Equal(t, 2, h.glory, "camping collects the Danger's Glory")
	assert.Zero(t, h.wounds, "camping fully heals")
	s.logHas("Duke Dudley camps down: +2 Glory, fully healed")

	// Next turn, not having moved, he picks up where he left off.
	s.log.Reset()
	s.dice(6, 1, 1) // Cunning 5+
	s.adventurePhase()
	s.done()
	assert.Equal(t, 2, h.markers)
	assert.Equal(t, 4, h.glory)
	s.logHas("Duke Dudley faces Poison Darts")
}

func TestScenarioPressOnRecoversTheArtifact(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	site := s.site("the-spear", "of-kings", "sahara") // 2 Dangers, Fortune 4
	h := s.at(0, "sahara")
	h.presses(true)
	s.topDangers("ancient-puzzle", "poison-darts")
	s.dice(5, 1, 1, 6, 1, 1)
	s.adventurePhase()
	s.done()
	require.Len(t, h.artifacts, 1)
	assert.Equal(t, "the-spear", s.c.Artifacts[h.artifacts[0].art].ID)
	assert.Equal(t, 4, h.artifacts[0].value)
	assert.False(t, s.sites[site].live, "the skull marker leaves the board")
	assert.Zero(t, h.markers, "the danger markers are discarded")
	assert.Equal(t, 4, h.glory, "the turn's Glory comes with the artifact")
	s.logOrder("faces Ancient Puzzle", "faces Poison Darts", "recovers The Spear of Kings")
}

// Failing a Danger ends the turn and flips it to its Cliffhanger; this
// turn's Glory is lost (the danger markers stay).
func TestScenarioFailedDangerFlipsToCliffhanger(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	site := s.site("the-idol", "of-the-ancients", "sahara")
	h := s.at(0, "sahara")
	h.presses(true)
	s.topDangers("ancient-puzzle", "poison-darts", "avalanche")
	s.dice(5, 1, 1, 1, 1, 1)
	s.adventurePhase()
	s.done()
	assert.Zero(t, h.glory, "the overcome Danger's Glory is lost")
	assert.Equal(t, 1, h.markers)
	require.True(t, h.cliff.active)
	assert.Equal(t, "poison-darts", h.cliff.danger.ID)
	assert.Equal(t, int16(site), h.cliff.site)
	s.logHas("Duke Dudley is in a cliffhanger: Creeping Numbness!")
	assert.Equal(t, s.danger("avalanche"), s.drawDanger(0), "the turn ended: the next Danger was not drawn")
}

// The next turn's cliffhanger: passing gives its Glory at once and a
// danger marker, then the hero presses on or camps; failing is a KO.
func TestScenarioCliffhangerNextTurn(t *testing.T) {
	setup := func(t *testing.T) (*scenario, *Hero, int) {
		s := newScenario(t, Options{}, "duke-dudley")
		site := s.site("the-idol", "of-the-ancients", "sahara")
		h := s.at(0, "sahara")
		d := s.danger("poison-darts") // Cliffhanger: Lore 4+ x3, 2 Glory
		s.dangers.Remove(d)
		h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[d], card: d, city: -1, site: int16(site)}
		h.progress, h.markers = int16(site), 1
		return s, h, site
	}
	t.Run("pass, then camp", func(t *testing.T) {
		s, h, _ := setup(t)
		h.presses(false)
		s.dice(4, 4, 4)
		s.adventurePhase()
		s.done()
		assert.False(t, h.cliff.active)
		assert.Equal(t, 2, h.glory)
		assert.Equal(t, 2, h.markers, "the cliffhanger's danger marker")
		s.logOrder("faces the cliffhanger Creeping Numbness", "camps down: +0 Glory")
	})
	t.Run("pass, then press on", func(t *testing.T) {
		s, h, _ := setup(t)
		h.presses(true)
		s.topDangers("ancient-puzzle")
		s.dice(4, 4, 4, 5, 1, 1)
		s.adventurePhase()
		s.done()
		require.Len(t, h.artifacts, 1, "the third marker recovers the artifact")
		assert.Equal(t, 4, h.glory, "2 for the cliffhanger at once, 2 for the Danger on recovery")
	})
	t.Run("fail: KO", func(t *testing.T) {
		s, h, _ := setup(t)
		h.wounds = 5 // no wound left to exert
		s.dice(1, 1, 1, 1 /* KO loss */)
		s.adventurePhase()
		s.done()
		assert.True(t, h.ko)
		assert.False(t, h.cliff.active)
		assert.Equal(t, "london", s.spaceID(h.space))
		assert.Zero(t, h.markers)
	})
}

// A cliffhanger whose artifact was taken meanwhile pays its Glory; its
// danger marker does not count toward a new artifact in the space.
func TestScenarioCliffhangerAfterTheArtifactIsGone(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	old := s.site("the-spear", "of-kings", "sahara")
	s.sites[old].live = false
	s.site("the-idol", "of-kings", "sahara")
	h := s.at(0, "sahara")
	h.presses(true)
	d := s.danger("poison-darts")
	s.dangers.Remove(d)
	h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[d], card: d, city: -1, site: int16(old)}
	s.dice(4, 4, 4)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 2, h.glory)
	assert.Zero(t, h.markers)
}

// Exerting: 1 wound per extra die, only in cliffhanger (and escape) tests,
// only for that roll, never into a KO.
func TestScenarioExerting(t *testing.T) {
	const crash = "u-boat-pens" // its Cliffhanger, Crash Dive: Cunning 4+ x4
	t.Run("in a cliffhanger, for that roll only, not to a KO", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.at(0, "sahara")
		h.wounds = 4 // health 2: one wound to exert
		d := s.danger(crash)
		h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[d], card: d, city: -1, site: -1}
		// Cunning 3: 2 successes; exert one die (a success); no more (it
		// would KO him); the re-roll is 3 dice again, not 4.
		s.dice(4, 4, 1, 6, 4, 1, 1)
		assert.True(t, s.resolveCliffhanger(0))
		s.done()
		assert.Equal(t, 5, h.wounds)
		assert.False(t, h.ko)
	})
	t.Run("not on a Danger", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.at(0, "sahara")
		d := &s.c.Dangers[s.danger(crash)]
		s.dice(1, 1, 1)
		assert.False(t, s.resolveSpec(0, &d.CliffTest, d.Keywords, false))
		s.done()
		assert.Zero(t, h.wounds)
	})
}

// Progress is lost on leaving the space or being KO'd.
func TestScenarioProgressLostOnLeavingOrKO(t *testing.T) {
	for _, how := range []string{"leave", "ko"} {
		s := newScenario(t, Options{}, "duke-dudley")
		site := s.site("the-idol", "of-the-ancients", "sahara")
		h := s.at(0, "sahara")
		h.progress, h.markers = int16(site), 2
		if how == "leave" {
			s.travel(h, 1, s.space("egypt"))
			assert.Equal(t, "egypt", s.spaceID(h.space))
		} else {
			h.wounds = 6
			s.dice(1)
			s.knockOut(0)
			s.done()
		}
		assert.Zero(t, h.markers, how)
		assert.Equal(t, int16(-1), h.progress, how)
	}
}

// The rulebook's racing example: Jake goes first and presses on; Shelly
// draws her Danger before his next one, fails it; it comes back to Jake.
func TestScenarioRacingHeroesAlternateDangers(t *testing.T) {
	s := newScenario(t, Options{}, "jake-zane", "shelly-hargrove")
	site := s.site("the-spear", "of-the-ancients", "sahara") // 3 Dangers
	jake, shelly := s.at(0, "sahara"), s.at(1, "sahara")
	jake.presses(true)
	shelly.presses(true)
	s.topDangers("ancient-puzzle", "poison-darts", "avalanche", "grass-fire")
	s.dice(5, 1 /* Jake: Lore 5+ */, 1, 1, 1 /* Shelly: Cunning 5+ fails */, 5, 5, 1 /* Jake: Agility 5+ x2 */, 4, 4, 4 /* Jake: Agility 4+ x3 */)
	s.adventurePhase()
	s.done()
	s.logOrder("Jake Zane faces Ancient Puzzle", "Shelly Hargrove faces Poison Darts", "Shelly Hargrove is in a cliffhanger",
		"Jake Zane faces Avalanche!", "Jake Zane faces Grass Fire", "Jake Zane recovers The Spear of the Ancients")
	assert.False(t, s.sites[site].live)
	assert.True(t, shelly.cliff.active)
	assert.Equal(t, 7, jake.glory)
}

// A hero who committed to press on still draws one more Danger after a
// rival recovered the artifact.
func TestScenarioRacingCommittedHeroDrawsOneMore(t *testing.T) {
	s := newScenario(t, Options{}, "jake-zane", "shelly-hargrove")
	s.withHero(1, func(d *HeroDef) { d.Skills[Agility] = 5 })
	site := s.site("the-spear", "of-kings", "sahara") // 2 Dangers
	jake, shelly := s.at(0, "sahara"), s.at(1, "sahara")
	jake.presses(true)
	shelly.presses(true)
	shelly.progress, shelly.markers = int16(site), 1
	s.topDangers("ancient-puzzle", "avalanche", "grass-fire")
	s.dice(5, 1 /* Jake */, 5, 5, 1, 1, 1 /* Shelly */, 4, 4, 4 /* Jake, artifact gone */)
	s.adventurePhase()
	s.done()
	require.Len(t, shelly.artifacts, 1)
	assert.Empty(t, jake.artifacts)
	s.logOrder("Jake Zane faces Ancient Puzzle", "Shelly Hargrove recovers", "Jake Zane faces Grass Fire", "Jake Zane camps down: +4 Glory")
	assert.Equal(t, 4, jake.glory, "the extra Danger's Glory, and the first one's, collected on camping")
	assert.Equal(t, 3, shelly.glory)
}

// The committed hero's extra Danger, failed, is a cliffhanger like any
// other; passing it next turn gives its Glory, with no artifact to go on
// for.
func TestScenarioRacingExtraDangerCliffhanger(t *testing.T) {
	s := newScenario(t, Options{}, "jake-zane", "shelly-hargrove")
	s.withHero(1, func(d *HeroDef) { d.Skills[Agility] = 5 })
	site := s.site("the-spear", "of-kings", "sahara")
	jake, shelly := s.at(0, "sahara"), s.at(1, "sahara")
	jake.presses(true)
	shelly.presses(true)
	shelly.progress, shelly.markers = int16(site), 1
	s.topDangers("ancient-puzzle", "avalanche", "grass-fire")
	s.dice(5, 1, 5, 5, 1, 1, 1, 1, 1, 1 /* Jake fails Grass Fire */)
	s.adventurePhase()
	s.done()
	require.True(t, jake.cliff.active)
	assert.Equal(t, int16(-1), jake.cliff.site)
	assert.Zero(t, jake.glory)

	// Next turn: Jake's cliffhanger (Ring of Flame: Agility 5+ x2 or Lore
	// 5+ x2); Shelly, with nothing to hunt there, makes her own roll.
	s.log.Reset()
	s.dice(5, 5, 1 /* Jake */, 3 /* Shelly: uneventful */)
	s.adventurePhase()
	s.done()
	assert.False(t, jake.cliff.active)
	assert.Equal(t, 3, jake.glory)
	assert.Zero(t, jake.markers)
	s.logHas("Shelly Hargrove travels (3): uneventful")
}

// Nobody looks at a Danger's back before failing it. The bots' estimates
// read only the front, and so do cards that ask about "the Danger": Baxter
// (when you draw a Trap or Animal Danger) ignores Ancient Puzzle, whose
// back is a Trap, until the card has flipped. Whole games played on a set
// whose every Cliffhanger side is different are the same until the first
// Danger is failed.
func TestScenarioNobodyLooksAtTheCliffhangerSide(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.equip(0, "baxter")
	baxter := &s.c.Items[s.item("baxter")].Card
	for _, tt := range []struct {
		danger  string
		flipped bool
		sniffs  bool
	}{
		{"ancient-puzzle", false, false}, // Puzzle, Ancient; its back (The Walls Close In) is a Trap
		{"ancient-puzzle", true, true},   // resolving that Cliffhanger: the Trap side is up
		{"poison-darts", false, true},    // a Trap on its front
	} {
		s.Game.danger, s.flipped = &s.c.Dangers[s.danger(tt.danger)], tt.flipped
		assert.Equal(t, tt.sniffs, s.usable(0, baxter), "%s, flipped %v", tt.danger, tt.flipped)
	}
	s.Game.danger, s.flipped = nil, false

	c := bundled(t)
	other := *c
	other.Dangers = append([]DangerDef(nil), c.Dangers...)
	hard, _, err := ParseTest("Lore 6+ x5")
	require.Nil(t, err)
	var every KW
	for i := range c.Keywords {
		every.Add(i)
	}
	for i := range other.Dangers {
		d := &other.Dangers[i]
		d.CliffName, d.CliffTest, d.CliffKW, d.CliffGlory, d.CliffEffect = "Something Else Entirely", hard, every, 9, nil
	}
	a, b := New(c), New(&other)
	assert.Equal(t, a.estimateFor(&estimateKey{skills: [NumSkills]int8{3, 2, 3, 3}, combat: 3, wounds: 6, advanced: true}),
		b.estimateFor(&estimateKey{skills: [NumSkills]int8{3, 2, 3, 3}, combat: 3, wounds: 6, advanced: true}))
	cliffs := 0
	for _, opt := range []Options{
		{Players: 4, Advanced: true, Policies: []Policy{Cautious, Bold, Random, Cautious}},
		{Mode: Cooperative, Players: 3, Advanced: true, Policies: []Policy{Bold, Cautious, Bold}},
	} {
		for seed := uint64(1); seed <= 8; seed++ {
			var ta, tb strings.Builder
			_, _ = New(c).Trace(&ta, seed, opt)
			_, _ = New(&other).Trace(&tb, seed, opt)
			x, y := ta.String(), tb.String()
			if i := strings.Index(x, "is in a cliffhanger"); i >= 0 {
				cliffs++
				x, y = x[:i], y[:min(i, len(y))]
			}
			require.Equal(t, x, y, "%s game, seed %d", opt.Mode, seed)
		}
	}
	assert.Greater(t, cliffs, 8, "most games reach a cliffhanger")
}

// --- City -----------------------------------------------------------------------------

func TestScenarioCityCardFirstThenSell(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	spear := carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4}
	duke := s.h(0) // London: a major city
	duke.artifacts = append(duke.artifacts, spear)
	jake := s.h(1) // San Francisco: a minor city
	jake.artifacts = append(jake.artifacts, spear)
	stack(&s.city, s.cityCard("secret-delivery"), s.cityCard("lecture-at-the-museum"))
	s.cityAdventure(0)
	s.cityAdventure(1)
	assert.Equal(t, []string{"secret-delivery"}, s.handIDs(0), "a secret City card is kept in hand")
	assert.Equal(t, 5, duke.fortune, "4, +1 in a major city")
	assert.Equal(t, 4, jake.fortune, "no bonus in a minor city")
	assert.Equal(t, 2, jake.glory, "a non-secret City card is resolved at once")
	assert.Empty(t, duke.artifacts)
	s.logOrder("Duke Dudley draws the City card Secret Delivery", "Duke Dudley sells an artifact in London for 5 Fortune",
		"Jake Zane draws the City card Lecture at the Museum", "Jake Zane sells an artifact in San Francisco for 4 Fortune")
}

// FAQ: the major-city bonus applies at an auction and to a Temple Treasure.
func TestScenarioSellBonusesFAQ(t *testing.T) {
	tests := []struct {
		name, card, city string
		treasure         bool
		want             int
	}{
		{"auction in a major city", "grand-auction", "london", false, 4 + 2 + 1},
		{"auction in a minor city", "grand-auction", "lima", false, 4 + 2},
		{"temple treasure in a major city", "lecture-at-the-museum", "london", true, 3 + 1},
		{"temple treasure in a minor city", "lecture-at-the-museum", "lima", true, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			h := s.at(0, tt.city)
			a := carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4}
			if tt.treasure {
				a = carried{art: s.artifact("the-caverns"), adv: -1, value: s.c.Rules.TempleTreasure}
			}
			h.artifacts = append(h.artifacts, a)
			stack(&s.city, s.cityCard(tt.card))
			s.cityAdventure(0)
			assert.Equal(t, tt.want, h.fortune)
		})
	}
}

// A City Danger has its cliffhanger on the front: failing ends the turn
// with no business in town; next turn the hero resolves it instead of a
// City card, then may sell.
func TestScenarioCityDangerCliffhanger(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	h.artifacts = append(h.artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
	rooftop := s.cityCard("rooftop-chase") // Agility 4+ x2; cliffhanger Combat 4+ x2, 2 Glory
	stack(&s.city, rooftop, s.cityCard("lecture-at-the-museum"))
	s.dice(1, 1)
	s.cityAdventure(0)
	s.done()
	require.True(t, h.cliff.active)
	assert.Equal(t, int16(-1), h.cliff.card, "not a Dangers deck card")
	assert.Equal(t, rooftop, h.cliff.city)
	assert.Zero(t, h.fortune, "no selling after a failed City Danger")
	assert.Len(t, h.artifacts, 1)

	s.log.Reset()
	s.dice(6) // the move roll: he may not leave
	s.moveHero(0)
	assert.Equal(t, "london", s.spaceID(h.space))
	s.dice(4, 4, 1)
	s.adventurePhase()
	s.done()
	assert.False(t, h.cliff.active)
	assert.Equal(t, 2, h.glory, "the cliffhanger's Glory")
	assert.Equal(t, 5, h.fortune, "then he sells")
	assert.Equal(t, s.cityCard("lecture-at-the-museum"), s.city.Draw(), "no second City card was drawn")
	s.logLacks("draws the City card")
}

// A City card that ends the adventure phase: no business in town.
func TestScenarioArrestedOnSuspicionEndsTheTurn(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	h.glory, h.wounds = 3, 2
	h.artifacts = append(h.artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
	stack(&s.city, s.cityCard("arrested-on-suspicion"))
	s.cityAdventure(0)
	assert.Equal(t, 2, h.glory)
	assert.Zero(t, h.fortune, "no selling")
	assert.Equal(t, 2, h.wounds, "no healing")
}

func TestScenarioCityShoppingAndHealing(t *testing.T) {
	t.Run("gear and allies for 5 Glory", func(t *testing.T) {
		s := newScenario(t, Options{Policies: []Policy{Bold}}, "duke-dudley")
		h := s.h(0)
		h.glory = 10
		s.shop(h)
		assert.Zero(t, h.glory)
		assert.Equal(t, 1, s.gearCount(h))
		assert.Equal(t, 1, s.allyCount(h))
	})
	t.Run("heal 1 Glory per wound", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.h(0)
		h.glory, h.wounds = 2, 3
		s.shop(h)
		assert.Zero(t, h.glory)
		assert.Equal(t, 1, h.wounds)
	})
	t.Run("common items at their cost", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.h(0)
		h.glory = 2
		s.buyCommon(h, s.item("map"))
		assert.Zero(t, h.glory)
		assert.Equal(t, []string{"map"}, s.itemIDs(0))
	})
}

// FAQ: Jacques Moreau's Black Market never brings a Common Item below 1.
func TestScenarioCommonItemCostNeverBelowOne(t *testing.T) {
	s := newScenario(t, Options{}, "jacques-moreau", "duke-dudley")
	jacques, duke := s.h(0), s.h(1)
	assert.Equal(t, 2, s.commonCost(duke, s.item("map")))
	assert.Equal(t, 1, s.commonCost(jacques, s.item("map")), "Black Market: 1 less")
	assert.Equal(t, 1, s.commonCost(jacques, s.item("coil-of-rope")), "never below 1")
	s.attach(jacques, remain{ev: &s.c.Events[s.eventCard("toast-of-the-town")], card: s.eventCard("toast-of-the-town")})
	assert.Equal(t, 1, s.commonCost(jacques, s.item("map")), "two discounts, still 1")
	jacques.glory = 1
	s.buyCommon(jacques, s.item("coil-of-rope"))
	assert.Zero(t, jacques.glory)
}

// --- Skill tests ----------------------------------------------------------------------

// Dice equal to the skill; each die at or above the target succeeds; the
// hero rolls again while a roll has a success; the test passes on reaching
// the successes needed.
func TestScenarioSkillTestDiceRerollWhileSucceeding(t *testing.T) {
	tests := []struct {
		name   string
		target int
		dice   []int
		pass   bool
		log    string
	}{
		{"three rolls, short of three", 4, []int{4, 1, 1, 5, 1, 1, 1, 1, 1}, false, "Lore 4+ x3 — failed (2/3)"},
		{"stops on reaching three", 4, []int{4, 4, 1, 4, 1, 1}, true, "Lore 4+ x3 — passed (3/3)"},
		{"a roll without success ends it", 4, []int{1, 1, 3}, false, "Lore 4+ x3 — failed (0/3)"},
		{"a 4 is no success at 5+", 5, []int{4, 4, 4}, false, "Lore 5+ x3 — failed (0/3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{}, "duke-dudley") // Lore 3
			cl := Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: tt.target, Successes: 3}
			s.dice(tt.dice...)
			assert.Equal(t, tt.pass, s.skillTest(0, &cl, KW{}, false))
			s.done()
			s.logHas(tt.log)
		})
	}
}

// Dice may be added after the roll, by cards and abilities.
func TestScenarioSkillTestDiceAddedAfterTheRoll(t *testing.T) {
	t.Run("an Event", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		s.holding(0, "surge-of-adrenaline")
		cl := Clause{Kind: SkillTest, Skills: []Skill{Cunning}, Target: 5, Successes: 2}
		s.dice(1, 1, 1, 5, 5)
		assert.True(t, s.skillTest(0, &cl, KW{}, false))
		s.done()
		assert.Empty(t, s.h(0).hand)
		assert.Equal(t, 1, s.events.Discarded())
	})
	t.Run("a hero's ability, on the Danger's keywords", func(t *testing.T) {
		s := newScenario(t, Options{}, "dr-zhukov") // Scientific Method: +1 die on Trap or Puzzle tests
		d := &s.c.Dangers[s.danger("ancient-puzzle")]
		s.dice(1, 1, 1, 5)
		assert.True(t, s.resolveSpec(0, &d.Test, d.Keywords, false))
		s.done()
		assert.True(t, s.h(0).heroUsed, "an Activate ability: used for the round")
	})
}

// "or": the hero takes the test it is best at.
func TestScenarioSkillTestOrLetsTheHeroChoose(t *testing.T) {
	s := newScenario(t, Options{}, "jake-zane", "shelly-hargrove")
	d := &s.c.Dangers[s.danger("flash-flood")] // Agility 4+ x3 or Combat 4+ x3
	assert.Equal(t, 1, s.h(0).dec.TestOption(s.Game, s.h(0), &d.Test, d.Keywords, false), "Jake: Combat 4 over Agility 3")
	assert.Equal(t, 0, s.h(1).dec.TestOption(s.Game, s.h(1), &d.Test, d.Keywords, false), "Shelly: Agility 5 over Combat 2")
	s.dice(5, 5, 4, 1) // Jake's four Combat dice
	assert.True(t, s.resolveSpec(0, &d.Test, d.Keywords, false))
	s.done()
	s.logHas("Jake Zane: Combat 4+ x3 — passed")
	// On Dogfight (a Flying test) his Barnstormer ability (+2 Agility on
	// Flying) makes Agility the better choice.
	d = &s.c.Dangers[s.danger("dogfight")]
	assert.Equal(t, 0, s.h(0).dec.TestOption(s.Game, s.h(0), &d.Test, d.Keywords, false))
}

// "and": both tests must be passed.
func TestScenarioSkillTestAndNeedsBoth(t *testing.T) {
	tests := []struct {
		name string
		dice []int
		pass bool
	}{
		{"both", []int{4, 4, 4, 1, 1}, true},
		{"the second fails", []int{4, 4, 1, 1, 1}, false},
		{"the first fails: the second is not taken", []int{1, 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{}, "duke-dudley")    // Agility 2, Cunning 3
			d := &s.c.Dangers[s.danger("runaway-mine-cart")] // Agility 4+ x2 and Cunning 4+
			s.dice(tt.dice...)
			assert.Equal(t, tt.pass, s.resolveSpec(0, &d.Test, d.Keywords, false))
			s.done()
		})
	}
}

// A Danger's Fight option: the Danger is overcome by defeating the enemy
// (its Glory, not the Danger's) or by escaping it (no Glory at all).
func TestScenarioDangerFightOption(t *testing.T) {
	for _, tt := range []struct {
		name   string
		wounds int
		dice   []int
		glory  int
	}{
		{"defeated", 0, []int{4, 4, 4, 1, 1, 1}, 2 /* the Mobsters', not the Danger's 1 */},
		{"escaped", 4, []int{4, 4, 1}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Smugglers' Camp (1 Glory) with only its Fight option, so that
			// the hero takes it however hurt he is.
			c := *bundled(t)
			c.Dangers = append([]DangerDef(nil), c.Dangers...)
			spec, _, err := ParseTest("Fight Mobsters")
			require.Nil(t, err)
			s := newScenarioOn(t, &c, Options{}, "duke-dudley")
			c.Dangers[s.danger("smugglers-camp")].Test = spec
			s.site("the-idol", "of-the-ancients", "sahara")
			h := s.at(0, "sahara")
			h.wounds = tt.wounds
			h.presses(false)
			s.topDangers("smugglers-camp")
			s.dice(tt.dice...)
			s.adventurePhase()
			s.done()
			assert.Equal(t, 1, h.markers, "the Danger is overcome")
			assert.Equal(t, tt.glory, h.glory)
			if tt.wounds > 0 {
				s.logHas("Duke Dudley escapes Mobsters")
			}
		})
	}
	// City Dangers likewise: the test's Glory only for the test.
	s := newScenario(t, Options{}, "duke-dudley")
	d := s.c.City[s.cityCard("chase-through-the-market")].Danger // Agility 5+ x2 or Fight Mobsters; 2 Glory
	require.Equal(t, 1, s.h(0).dec.TestOption(s.Game, s.h(0), &d.Test, d.Keywords, false))
	stack(&s.city, s.cityCard("chase-through-the-market"))
	s.dice(4, 4, 4, 1, 1, 1)
	s.cityAdventure(0)
	s.done()
	assert.Equal(t, 2, s.h(0).glory, "the Mobsters' 2 Glory")
}

// A test carries its Danger's keywords: Sharon Hunter's "+1 Agility on
// Chase" counts on Boat Chase (Driving, Chase, Water).
func TestScenarioSkillTestCarriesTheDangersKeywords(t *testing.T) {
	s := newScenario(t, Options{}, "sharon-hunter") // Agility 3
	site := s.site("the-idol", "of-the-ancients", "sahara")
	h := s.at(0, "sahara")
	h.presses(false)
	agility := Clause{Kind: SkillTest, Skills: []Skill{Agility}, Target: 4, Successes: 3}
	assert.Equal(t, 4, s.testDice(h, &agility, s.c.Dangers[s.danger("boat-chase-falls")].Keywords))
	assert.Equal(t, 3, s.testDice(h, &agility, s.c.Dangers[s.danger("grass-fire")].Keywords))
	s.topDangers("boat-chase-falls")
	s.dice(4, 4, 4, 1) // four dice
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.markers)
	assert.Equal(t, int16(site), h.progress)
}

// Combined-skill tests roll the skills' dice together, bonuses included
// (Collapsing Tunnel, Combat+Agility 5+ x4: the Duke's 3+2 Combat with a
// Shotgun and 2 Agility); a Dice test rolls its printed dice whatever the
// hero's skills (Swarm of Bats, Dice 3 4+ x2). Both roll again while they
// succeed.
func TestScenarioCombinedSkillAndDiceTests(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	site := s.site("the-eye", "of-the-ancients", "sahara")
	h := s.at(0, "sahara")
	h.progress = int16(site)
	s.equip(0, "shotgun")
	s.topDangers("collapsing-tunnel", "swarm-of-bats")
	s.dice(5, 5, 5, 1, 1, 1, 1, // 7 dice: 3 successes
		6, 1, 1, 1, 1, 1, 1) // the 7 again: the 4th
	require.True(t, s.faceDanger([]int{0}, site))
	s.done()
	s.logHas("Duke Dudley: Combat+Agility 5+ x4 — passed (4/4)")
	s.dice(4, 1, 1, // 3 dice, not the Duke's skills: 1 success
		4, 3, 3) // 3 again: the 2nd
	require.True(t, s.faceDanger([]int{0}, site))
	s.done()
	s.logHas("Duke Dudley: Dice 3 4+ x2 — passed (2/2)")
	assert.Equal(t, 2+1, h.pending, "both Dangers' Glory")
}

// --- Fights ---------------------------------------------------------------------------

// Fight rounds are simultaneous; 4–6 hit; the fight goes on until a side
// falls.
func TestScenarioFightSimultaneousRounds(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley") // Combat 3, +1 against Nazis
	h := s.h(0)
	// Round 1: Duke 2 hits, the Storm Troopers 1. Round 2: Duke finishes
	// them, and takes 2 more hits at the same time.
	s.dice(4, 4, 1, 1 /* Duke */, 4, 1, 1 /* troopers */, 6, 1, 1, 3, 5, 4, 1)
	assert.Equal(t, fightDefeated, s.fight(0, s.enemy("storm-troopers"), 0))
	s.done()
	assert.Equal(t, 3, h.wounds)
	assert.Equal(t, 2, h.glory)
}

// Defense prevents that many hits each time hits are taken (the hero's and
// the enemy's).
func TestScenarioFightDefense(t *testing.T) {
	s := newScenario(t, Options{}, "li-mei-chen")
	h := s.withHero(0, func(d *HeroDef) { d.Skills[Combat], d.Defense = 3, 1 })
	s.dice(
		4, 4, 4, 4, 4, // 3 hits on the crocodile (Defense 1): 2 wounds; 2 hits on Li Mei: 1 wound
		4, 1, 1, 4, 1, // 1 hit each: both prevented
		4, 4, 1, 1, 1, // 2 hits: 1 wound, the third
	)
	assert.Equal(t, fightDefeated, s.fight(0, s.enemy("river-crocodile"), 0))
	s.done()
	assert.Equal(t, 1, h.wounds)
	assert.Equal(t, 2, h.glory)
	// Outside a fight too: 2 hits, 1 prevented; a wound ignores Defense.
	s.hit(h, 2, "test")
	assert.Equal(t, 2, h.wounds)
	s.wound(h, 1, "test")
	assert.Equal(t, 3, h.wounds)
	// 4, 5 and 6 hit.
	s.dice(1, 2, 3, 4, 5, 6)
	assert.Equal(t, 3, s.rollHits(6))
}

// Glory for a defeated enemy comes even if the hero is KO'd in the same
// round. Reading (after the FAQ on artifacts won in a KO round): the Glory
// comes first, then the KO penalty, which may take it.
func TestScenarioFightGloryEvenIfKOd(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	h.wounds = 5
	s.equip(0, "pistol")
	s.dice(4, 1, 1, 1 /* Duke (4 dice with the pistol) */, 4, 1, 1, 1 /* the bats */, 1 /* KO: lose 1 */)
	assert.Equal(t, fightDefeated, s.fight(0, s.enemy("vampire-bats"), 0))
	s.done()
	assert.True(t, h.ko)
	s.logOrder("Duke Dudley defeats Vampire Bats: +1 Glory", "Duke Dudley is KO'd! (loses 1")
	assert.Zero(t, h.glory, "the bats' Glory paid the KO penalty")
	assert.Equal(t, []string{"pistol"}, s.itemIDs(0), "so he keeps his pistol")
}

// Escape: at the start of a round, an escape test instead of fighting.
// Failed, only the enemy rolls; passed, no Glory and the enemy is discarded.
func TestScenarioFightEscape(t *testing.T) {
	s := newScenario(t, Options{}, "shelly-hargrove")
	h := s.withHero(0, func(d *HeroDef) { d.Skills[Agility], d.Skills[Combat], d.Wounds = 5, 2, 5 })
	h.wounds = 3
	snow := s.enemyIndex("abominable-snowman") // 5 dice, 5 wounds; escape Agility 4+ x2
	stack(&s.enemies, snow)
	s.dice(
		1, 1, 1, 1, 1, // escape fails…
		1,             // …she exerts one wound for one more die (an escape test); it fails too
		1, 1, 1, 1, 1, // only the snowman rolls: no hits
		4, 4, 1, 1, 1, // the next round's escape passes
	)
	assert.Equal(t, fightEscaped, s.fightDrawn([]int{0}, false, -1))
	s.done()
	assert.Zero(t, h.glory)
	assert.Equal(t, 4, h.wounds)
	assert.Equal(t, 1, s.enemies.Discarded(), "the enemy is discarded")
	s.logHas("Shelly Hargrove escapes Abominable Snowman")
}

// Escaping a henchman figure: it stays, the hero moves to an adjacent space.
func TestScenarioFightEscapeFromAFigure(t *testing.T) {
	s := newScenario(t, Options{}, "shelly-hargrove")
	h := s.withHero(0, func(d *HeroDef) { d.Skills[Agility] = 5 })
	h.wounds = 3
	we := s.space("western-europe")
	s.henchmen[we] = 1
	s.dice(4, 4, 1, 1, 1) // Agility 4+ x2: escaped
	s.travel(h, 4, s.space("germany"))
	s.done()
	assert.Equal(t, int8(1), s.henchmen[we], "the figure stays")
	assert.NotEqual(t, we, h.space)
	assert.Contains(t, s.c.Spaces[we].Adj, h.space, "the hero stepped to an adjacent space")
	assert.Zero(t, h.glory)
}

// Escorted cards (Nazi Gold) chain to the next card; their Fortune comes
// with the enemy's defeat.
func TestScenarioFightEscortedNaziGoldChains(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	gold := s.enemyIndex("nazi-gold")
	s.nazi.Remove(gold)
	s.nazi.PushTop(s.enemyIndex("storm-troopers"), gold, gold)
	s.dice(4, 4, 4, 1, 1, 1, 1)
	assert.Equal(t, fightDefeated, s.fightDrawn([]int{0}, true, -1))
	s.done()
	assert.Equal(t, 4, h.fortune, "two Nazi Gold cards: 2 + 2")
	assert.Equal(t, 2, h.glory)
	assert.Equal(t, 3, s.nazi.Discarded())
}

// "Infantry only" redraws other enemy types, but never an Escorted card.
func TestScenarioFightInfantryOnlyRedraws(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	stack(&s.nazi, s.enemyIndex("nazi-gold"), s.enemyIndex("attack-dogs"), s.enemyIndex("fighter-plane"), s.enemyIndex("storm-troopers"))
	spec, _, err := ParseTest("Fight Nazi Enemies (Infantry)")
	require.Nil(t, err)
	s.dice(4, 4, 4, 1, 1, 1, 1)
	assert.True(t, s.resolveSpec(0, &spec, KW{}, false))
	s.done()
	assert.Equal(t, 2, h.fortune, "the gold stayed with the Infantry drawn after the redraws")
	s.logLacks("fights Attack Dogs")
	s.logLacks("fights Fighter Plane")
	s.logHas("fights Storm Troopers")
}

// --- Items and Events -----------------------------------------------------------------

// 3 Gear and 3 Allies (one Sidekick): the least valuable is discarded at once.
func TestScenarioCarryLimitsDiscardDownAtOnce(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.equip(0, "first-aid-kit", "electric-torch", "grappling-hook")
	s.equip(0, "jungle-guide", "mountain-guide", "desert-scout")
	assert.Len(t, s.h(0).items, 6, "3 Gear and 3 Allies together")
	s.equip(0, "elephant-gun")
	assert.Equal(t, 3, s.gearCount(s.h(0)))
	assert.NotContains(t, s.itemIDs(0), "first-aid-kit")
	assert.Equal(t, 1, s.gear.Discarded())
	s.equip(0, "hired-gun")
	assert.Equal(t, 3, s.allyCount(s.h(0)))
	assert.NotContains(t, s.itemIDs(0), "jungle-guide")
	assert.Equal(t, 1, s.allies.Discarded())

	s = newScenario(t, Options{}, "duke-dudley")
	s.equip(0, "baxter", "moose-malone")
	assert.Equal(t, []string{"moose-malone"}, s.itemIDs(0), "one Sidekick per hero")
}

// Activate: once per round; the initiative phase readies it.
func TestScenarioActivateOncePerRound(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	s.equip(0, "tommy-gun") // Combat +1; Activate: 2 extra fight dice this round
	// Duke: 3 + 1 (gun) + 1 (vs Nazi) = 5 dice, 7 in the round he fires it.
	s.dice(4, 1, 1, 1, 1, 1, 1 /* 7 */, 1, 1, 1, 4, 4, 1, 1, 1 /* 5 */, 1, 1, 1)
	assert.Equal(t, fightDefeated, s.fight(0, s.enemy("storm-troopers"), 0))
	s.done()
	assert.True(t, s.h(0).activated[0])
	s.dice(5, 2)
	s.initiative()
	assert.False(t, s.h(0).activated[0])
}

// Loyalty tests: the ally rolls its Loyalty dice; no die at the target
// discards it.
func TestScenarioLoyaltyTest(t *testing.T) {
	for _, tt := range []struct {
		dice []int
		kept bool
	}{{[]int{1, 3}, false}, {[]int{1, 4}, true}} {
		s := newScenario(t, Options{}, "duke-dudley")
		s.equip(0, "hired-gun")                        // Loyalty 2
		stack(&s.city, s.cityCard("a-tempting-offer")) // Loyalty test at 4+
		s.dice(tt.dice...)
		s.cityAdventure(0)
		s.done()
		if tt.kept {
			assert.Equal(t, []string{"hired-gun"}, s.itemIDs(0))
		} else {
			assert.Empty(t, s.itemIDs(0))
			assert.Equal(t, 1, s.allies.Discarded())
			s.logHas("Hired Gun deserts")
		}
	}
}

// Common Items are a stack: bought by choice, returned when discarded.
func TestScenarioCommonItemsReturnToTheStack(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.h(0)
	m := s.item("map")
	h.glory = 5
	s.buyCommon(h, m)
	assert.Zero(t, s.commonLeft[m])
	assert.Equal(t, 3, h.glory)
	points := func() int { s.dice(3); p, _ := s.movementRoll(h); return p }
	assert.Equal(t, 4, points(), "the Map: +1 movement")
	s.discardItemAt(h, 0, "test")
	assert.Equal(t, int8(1), s.commonLeft[m], "back on the stack")
	assert.Zero(t, s.gear.Discarded(), "not on the Gear discard pile")
}

// Events: held in hand without limit; Play Immediately cards are played
// when drawn.
func TestScenarioEventsHandAndPlayImmediately(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	var held []int16
	for i := range s.c.Events {
		if !s.c.Events[i].Immediately && !s.c.Events[i].Advanced {
			held = append(held, int16(i))
		}
	}
	require.Greater(t, len(held), 20)
	stack(&s.events, held...)
	s.drawEvents(0, len(held))
	assert.Len(t, s.h(0).hand, len(held), "no hand limit")

	s = newScenario(t, Options{}, "duke-dudley")
	s.h(0).wounds = 2
	stack(&s.events, s.eventCard("stroke-of-luck")) // Gain 1 Glory and heal 1 wound
	s.drawEvents(0, 1)
	assert.Empty(t, s.h(0).hand)
	assert.Equal(t, 1, s.h(0).glory, "played at once")
	assert.Equal(t, 1, s.h(0).wounds, "played at once")
	assert.Equal(t, 1, s.events.Discarded())
}

// Remains in Play cards stay until their Until.
func TestScenarioRemainsInPlayUntil(t *testing.T) {
	t.Run("until the end of the round, on every hero", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
		stack(&s.events, s.eventCard("hurricane-season"))
		s.drawEvents(0, 1)
		for seat := range 2 {
			require.Len(t, s.h(seat).remains, 1)
		}
		s.dice(3)
		p, _ := s.movementRoll(s.h(1))
		assert.Equal(t, 2, p, "Move -1")
		total := s.events.Len() + s.events.Discarded()
		s.endPhase()
		for seat := range 2 {
			assert.Empty(t, s.h(seat).remains)
		}
		assert.Equal(t, total+1, s.events.Len()+s.events.Discarded(), "one card, discarded once")
	})
	t.Run("until fully healed", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
		s.at(0, "amazon-jungle")
		s.holding(1, "malaria")
		s.h(0).fortune = 1 // the leader: Jake plays on him
		s.offerOpponents(0, TAdventure)
		h := s.h(0)
		require.Len(t, h.remains, 1)
		assert.Equal(t, 1, h.wounds)
		h.wounds = 2
		s.heal(h, 1, "test")
		assert.Len(t, h.remains, 1, "still wounded")
		s.heal(h, 1, "test")
		assert.Empty(t, h.remains, "fully healed")
	})
	t.Run("until KO'd", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		s.holding(0, "toast-of-the-town")
		s.offer(0, TCity)
		h := s.h(0)
		require.Len(t, h.remains, 1)
		h.wounds = 6
		s.dice(1)
		s.knockOut(0)
		assert.Empty(t, h.remains)
	})
	t.Run("until entering a city", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.at(0, "sahara")
		e := s.eventCard("the-evil-eye")
		s.attach(h, remain{ev: &s.c.Events[e], card: e})
		s.travel(h, 1, s.space("timbuktu"))
		assert.Equal(t, "timbuktu", s.spaceID(h.space))
		assert.Empty(t, h.remains, "gone on entering a City")
	})
	t.Run("wanted poster: until entering another city", func(t *testing.T) {
		s := newScenario(t, Options{}, "duke-dudley")
		h := s.h(0) // London
		stack(&s.city, s.cityCard("wanted-poster"))
		s.cityAdventure(0)
		require.Len(t, h.remains, 1, "it stays while he is in the city that put it on him")
		s.travel(h, 2, s.space("western-europe"))
		assert.Len(t, h.remains, 1)
		s.travel(h, 1, s.space("paris"))
		assert.Empty(t, h.remains)
	})
}

// Cancelling a card played on you: before it causes any die to roll.
func TestScenarioCancelACard(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	s.equip(0, "hired-gun")
	s.holding(0, "not-so-fast")
	s.holding(1, "bought-off") // a Loyalty test at 5+
	s.dice(1, 1)
	s.offerOpponents(0, TAdventure)
	assert.Len(t, s.forced, 2, "canceled before its Loyalty test rolled")
	assert.Equal(t, []string{"hired-gun"}, s.itemIDs(0))
	assert.Empty(t, s.h(0).hand)
	assert.Empty(t, s.h(1).hand)
	assert.Equal(t, 2, s.events.Discarded(), "both cards are discarded")
	s.logOrder("Jake Zane plays Bought Off on Duke Dudley", "Duke Dudley plays Not So Fast!", "Bought Off is canceled")
}

// Events may be played "at any time" unless they say otherwise (Timing
// any, the default of the Events and City sheets): Scandal Sheet, which
// says only "Play on an opponent", is played on the leader at the first
// moment there is one — the initiative phase. A card whose text names its
// moment (Good Omen: the start of the Adventure Phase) waits for it.
func TestScenarioEventsPlayableAtAnyTime(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	s.strict = true
	duke := s.h(0)
	duke.fortune, duke.glory = 5, 3 // the leader
	s.holding(1, "scandal-sheet", "good-omen")
	s.dice(5, 2) // the Duke goes first
	s.initiative()
	s.done()
	assert.Equal(t, 1, duke.glory, "Scandal Sheet was played in the initiative phase")
	assert.Equal(t, []string{"good-omen"}, s.handIDs(1), "Good Omen waits for the adventure phase")
	s.logOrder("Duke Dudley goes first", "Jake Zane plays Scandal Sheet on Duke Dudley")

	s.offer(1, TAdventure)
	assert.Empty(t, s.handIDs(1), "Good Omen, at the start of Jake's adventure phase")
}

// A card playable at any time is offered at every moment, but bots play it
// only where its effect acts: Surge of Adrenaline made playable at any
// time (addDice) is kept through the initiative phase and played on a
// failing test roll.
func TestScenarioAnyTimeCardWaitsForAMomentItActs(t *testing.T) {
	c := *bundled(t)
	c.Events = append([]EventDef(nil), c.Events...)
	for i := range c.Events {
		if c.Events[i].ID == "surge-of-adrenaline" {
			c.Events[i].Timings = anyTimings
		}
	}
	s := newScenarioOn(t, &c, Options{}, "duke-dudley")
	s.strict = true
	s.holding(0, "surge-of-adrenaline")
	s.offerAll(TInitiative)
	s.offer(0, TMove)
	s.offer(0, TAdventure)
	require.Equal(t, []string{"surge-of-adrenaline"}, s.handIDs(0))
	s.dice(1, 1, 1 /* Lore 3: no success */, 5, 1 /* the 2 added dice */)
	require.True(t, s.skillTest(0, &Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: 5, Successes: 1}, KW{}, false))
	s.done()
	assert.Empty(t, s.handIDs(0))
}

// The rulebook lets a card cancel another "as it is played or that is
// currently in play". Not So Fast! cancels Malaria already on the Duke: its
// effect ends (no more -1 die on tests) and both cards are discarded. A card
// in play that has caused dice to be rolled can no longer be canceled, and
// a cancel with nothing in play to cancel stays in hand.
func TestScenarioCancelACardInPlay(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	s.strict = true
	duke := s.at(0, "amazon-jungle")
	duke.fortune = 3 // the leader
	s.holding(1, "malaria")
	s.offerOpponents(0, TAdventure)
	require.Len(t, duke.remains, 1, "Malaria is in play on the Duke")
	require.Equal(t, 2, s.testDice(duke, &Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: 4, Successes: 1}, KW{}))

	s.holding(0, "not-so-fast")
	s.offer(0, TMove)
	s.done()
	assert.Empty(t, duke.remains, "canceled")
	assert.Empty(t, s.handIDs(0))
	assert.Equal(t, 3, s.testDice(duke, &Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: 4, Successes: 1}, KW{}))
	assert.Equal(t, 2, s.events.Discarded(), "Malaria and Not So Fast! are discarded")
	s.logOrder("Jake Zane plays Malaria on Duke Dudley", "Duke Dudley plays Not So Fast!", "Malaria, in play on Duke Dudley, is canceled")

	// A card in play whose effect rolled dice stays.
	s.attach(duke, remain{ev: &s.c.Events[s.eventCard("malaria")], card: s.eventCard("malaria"), hostile: true, rolled: true})
	s.holding(0, "not-so-fast")
	s.offer(0, TMove)
	assert.Len(t, duke.remains, 1)
	assert.Equal(t, []string{"not-so-fast"}, s.handIDs(0), "nothing to cancel: kept")
}

// "Draw several, keep one": a Play Immediately card is played only if it is
// the one kept (the rulebook, Play Immediately). The Field Officer's
// dispatch case draws 2 Events: the bot keeps the card for its hand and
// discards Nazi Patrol unplayed (no fight); of Stroke of Luck and
// Light Fingers it keeps Stroke of Luck, played at once.
func TestScenarioPlayImmediatelyOnlyIfKept(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	h := s.h(0)
	stack(&s.events, s.eventCard("nazi-patrol"), s.eventCard("lucky-break"))
	s.drawEventKeep(0, 2)
	assert.Equal(t, []string{"lucky-break"}, s.handIDs(0))
	assert.Equal(t, 1, s.events.Discarded(), "Nazi Patrol, unplayed")
	assert.Zero(t, s.henchmen[h.space], "no soldier came")
	s.logHas("Duke Dudley discards the Event Nazi Patrol unplayed")

	h.glory, h.wounds = 2, 1
	stack(&s.events, s.eventCard("light-fingers"), s.eventCard("stroke-of-luck"))
	s.drawEventKeep(0, 2)
	assert.Equal(t, 3, h.glory, "Stroke of Luck played (+1), Light Fingers not (-2)")
	assert.Zero(t, h.wounds)
	assert.Equal(t, []string{"lucky-break"}, s.handIDs(0))

	// Through the Field Officer's ability, when he is defeated.
	stack(&s.events, s.eventCard("nazi-patrol"), s.eventCard("lucky-break"))
	s.dice(4, 4, 4, 4 /* 4 hits (3 dice, +1 vs Nazis), 1 stopped: he falls */, 1, 1)
	require.Equal(t, fightDefeated, s.fight(0, s.enemy("field-officer"), 0))
	s.done()
	assert.Equal(t, []string{"lucky-break", "lucky-break"}, s.handIDs(0))
}

// When several players would play cards at once, priority goes by turn
// order.
func TestScenarioPriorityByTurnOrder(t *testing.T) {
	for _, order := range [][]int8{{2, 0, 1}, {1, 2, 0}} {
		s := newScenario(t, Options{}, "duke-dudley", "jake-zane", "sharon-hunter")
		s.order = order
		s.h(0).fortune, s.h(0).glory = 5, 3
		s.holding(1, "scandal-sheet")
		s.holdingCity(2, "gossip-column")
		s.offerOpponents(0, TAdventure)
		first, second := "Sharon Hunter plays Gossip Column", "Jake Zane plays Scandal Sheet"
		if order[0] == 1 {
			first, second = second, first
		}
		s.logOrder(first, second)
		assert.Zero(t, s.h(0).glory)
	}
}

// Immobile Allies stay in their city and help from afar, but count toward
// the carrying limit: with The President (New York) a fourth Ally makes the
// hero discard down to three, and there is no room to buy another. The
// Antiquarian Bookseller (Paris) adds his 2 dice to a Lore test in Tibet.
func TestScenarioImmobileAlliesCountTowardTheLimit(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	h := s.at(0, "tibet")
	s.equip(0, "jungle-guide", "the-president", "mountain-guide")
	require.Equal(t, 3, s.allyCount(h))
	s.equip(0, "desert-scout")
	assert.Equal(t, []string{"the-president", "mountain-guide", "desert-scout"}, s.itemIDs(0), "the least valuable goes")
	h.glory = 20
	assert.False(t, s.canBuy(h, true, 0), "no room for an Ally")

	s = newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	s.at(0, "tibet")
	s.equip(0, "antiquarian-bookseller")
	d := &s.c.Dangers[s.danger("ancient-puzzle")] // Lore 5+
	s.dice(1, 1, 1,                               // the Duke's 3 Lore dice fail
		5, 2) // a telegram from Paris: 2 more dice
	require.True(t, s.resolveSpec(0, &d.Test, d.Keywords, false))
	s.done()
	assert.True(t, s.h(0).activated[0])
}

// --- KO -------------------------------------------------------------------------------

func TestScenarioKnockOut(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.at(0, "sahara")
	s.equip(0, "trusty-revolver", "steel-plated-vest", "hired-gun")
	h.glory, h.fortune = 2, 5
	spear := carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4}
	skull := carried{art: s.artifact("the-skull"), adv: s.adventure("of-fire"), value: 5}
	h.artifacts = append(h.artifacts, spear, skull)
	h.wounds = 6
	s.dice(4 /* lose 4 */, 3 /* the spear: lost */, 4 /* the skull: kept */)
	s.knockOut(0)
	s.done()
	assert.True(t, h.ko)
	assert.Equal(t, "london", s.spaceID(h.space), "back to the start city")
	assert.Zero(t, h.glory, "Glory first")
	assert.Len(t, h.items, 1, "then the least valuable items")
	assert.Equal(t, 5, h.fortune, "the loss was covered before Fortune")
	require.Len(t, h.artifacts, 1)
	assert.Equal(t, "the-skull", s.c.Artifacts[h.artifacts[0].art].ID)
	assert.Equal(t, 1, s.artifacts.Discarded())

	// Lying down until the end phase: no move, no adventure.
	s.dice(6)
	s.moveHero(0)
	s.adventurePhase()
	assert.Len(t, s.forced, 1, "a KO'd hero rolls nothing")
	s.forced = nil
	assert.True(t, h.ko)
	s.endPhase()
	assert.False(t, h.ko)
	assert.Zero(t, h.wounds)

	// A larger loss reaches Fortune.
	s = newScenario(t, Options{}, "duke-dudley")
	h = s.h(0)
	h.glory, h.fortune, h.wounds = 1, 9, 6
	s.dice(6)
	s.knockOut(0)
	assert.Equal(t, 4, h.fortune)
}

// A hero KO'd by the free Event its movement roll of 1 drew (Ambush on the
// Trail) lies in its Start City and does not go on to move from there.
func TestScenarioKOdByTheMoveRollsEventDoesNotMove(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	s.site("the-spear", "of-kings", "sahara")
	h := s.at(0, "paris")
	h.wounds = 5
	stack(&s.events, s.eventCard("ambush-on-the-trail"))
	stack(&s.enemies, s.enemyIndex("vampire-bats"))
	s.dice(1 /* the move: a free Event */, 1, 1, 1 /* the Duke misses */, 4, 1, 1, 1 /* the bats' hit KOs him */, 1 /* KO loss */)
	s.moveHero(0)
	s.done()
	assert.True(t, h.ko)
	assert.Equal(t, "london", s.spaceID(h.space), "he stays down in his Start City")
}

// fightingGuardians is the bundled set with Temple Guardians (sentinel) a
// plain Fight Enemies Danger.
func fightingGuardians(t *testing.T) Content {
	c := *bundled(t)
	c.Dangers = append([]DangerDef(nil), c.Dangers...)
	fight, _, err := ParseTest("Fight Enemies")
	require.Nil(t, err)
	for i := range c.Dangers {
		if c.Dangers[i].ID == "temple-guardians-sentinel" {
			c.Dangers[i].Test = fight
		}
	}
	return c
}

// FAQ: defeating the enemy of the last Danger in the fight round that KOs
// the hero still recovers the artifact; then the hero rolls to keep it.
func TestScenarioArtifactWonInAKORoundFAQ(t *testing.T) {
	c := fightingGuardians(t)
	for _, tt := range []struct {
		roll int
		kept bool
	}{{4, true}, {3, false}} {
		s := newScenarioOn(t, &c, Options{}, "duke-dudley")
		site := s.site("the-spear", "of-kings", "sahara") // 2 Dangers
		h := s.at(0, "sahara")
		h.progress, h.markers, h.wounds = int16(site), 1, 5
		h.presses(true)
		s.topDangers("temple-guardians-sentinel")
		stack(&s.enemies, s.enemyIndex("vampire-bats"))
		s.dice(4, 1, 1 /* Duke kills the bats */, 4, 1, 1, 1 /* and falls */, 1 /* KO loss */, tt.roll /* the artifact */)
		s.adventurePhase()
		s.done()
		assert.True(t, h.ko)
		assert.False(t, s.sites[site].live, "recovered")
		assert.Equal(t, tt.kept, len(h.artifacts) == 1, "roll %d", tt.roll)
		assert.Equal(t, 1, h.recovered)
	}
}

// A racer whose rival recovers the artifact before it drew a Danger has
// the Adventure Phase of a space without an artifact: "What you get to do
// depends on the type of Space you are in" — here the wilderness roll.
// Before, it did nothing at all.
func TestScenarioRacerWhoseArtifactIsGoneRollsForTheWilderness(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "li-mei-chen")
	s.strict = true
	site := s.site("the-crown", "of-kings", "greece") // 2 Dangers
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	duke.progress, duke.markers = int16(site), 1
	s.order = []int8{0, 1}
	s.topDangers("poison-darts") // Cunning 5+
	s.dice(6, 1, 1)              // the Duke passes: his second marker recovers the Crown
	s.dice(3)                    // Li Mei's wilderness roll: uneventful
	s.adventurePhase()
	s.done()
	require.Len(t, duke.artifacts, 1)
	assert.Empty(t, li.artifacts)
	s.logHas("Li Mei Chen travels (3): uneventful")
}

// A Danger that drives the hero out of the artifact's space — Sentry Post's
// Nazi Soldier figure, escaped: "you must immediately move to an adjacent
// Space" — ends the hunt there: leaving, the hero lost its markers and
// takes no marker nor Temple coin for the Danger, and draws no more; having
// failed nothing, it keeps the turn's Glory. Before, the hero took a coin
// from the Temple it had left and pressed on from the next space.
func TestScenarioDangerDrivesTheHeroOff(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.strict = true
	site := s.site("the-temple", "of-kings", "sahara") // 8 coins
	h := s.withHero(0, func(d *HeroDef) { d.Skills[Combat], d.Skills[Agility] = 1, 5 })
	s.at(0, "sahara")
	h.progress, h.wounds = int16(site), 4 // too weak to fight the soldier: it escapes
	s.topDangers("sentry-post")           // papers (Cunning 5+) or a Nazi Soldier figure; then Cunning 4+ x2
	s.dice(1, 1, 1)                       // the papers: failed
	s.dice(4, 4, 1, 1, 1)                 // the figure: escaped (Agility 4+ x2)
	s.dice(4, 4, 1)                       // the checkpoint: passed
	s.adventurePhase()
	s.done()
	assert.NotEqual(t, s.space("sahara"), h.space, "stepped aside")
	assert.Equal(t, 2, h.glory, "Sentry Post's Glory")
	assert.Zero(t, h.fortune, "no coin from a Temple it left")
	assert.Equal(t, 8, s.sites[site].coins)
	assert.Zero(t, s.sites[site].markers)
	assert.Zero(t, h.markers)
}

// The figure a rival's Danger brings fights every hero in the space; a
// racer who escapes it is driven off too, before it draws its own Danger:
// it hunts there no more this turn (before, it faced its Danger from the
// next space).
func TestScenarioRivalsDangerDrivesARacerOff(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "sharon-hunter")
	s.strict = true
	site := s.site("the-spear", "of-kings", "sahara")
	weak := func(d *HeroDef) { d.Skills[Combat], d.Skills[Agility] = 1, 5 }
	duke, sharon := s.withHero(0, weak), s.withHero(1, weak)
	s.at(0, "sahara")
	s.at(1, "sahara")
	duke.progress, duke.wounds = int16(site), 4
	sharon.progress, sharon.wounds = int16(site), 3
	s.order = []int8{0, 1}
	s.topDangers("sentry-post")
	s.dice(1, 1, 1)       // the Duke's papers: failed; the soldier fights both
	s.dice(4, 4, 1, 1, 1) // the Duke escapes it
	s.dice(4, 4, 1, 1, 1) // so does Sharon
	s.dice(4, 4, 1)       // the Duke's checkpoint: passed
	s.adventurePhase()
	s.done()
	assert.NotEqual(t, s.space("sahara"), duke.space)
	assert.NotEqual(t, s.space("sahara"), sharon.space)
	assert.Equal(t, 2, duke.glory)
	assert.Zero(t, sharon.glory)
	s.logHas("Sharon Hunter is driven off the adventure")
}

// A Danger at a Temple overcome by the fight round that KOs the hero is
// overcome all the same (as the FAQ rules for an artifact): the hero takes
// the Temple's coin ("Every time a Hero overcomes a Danger … they may
// immediately take 1 Fortune from the Temple card") and the marker goes on
// its pile; the last coin's Treasure is then rolled for like any artifact a
// KO'd hero carries. Before, the KO'd hero took nothing.
func TestScenarioTempleDangerWonInAKORound(t *testing.T) {
	c := fightingGuardians(t)
	for _, tt := range []struct {
		name     string
		coins    int
		dice     []int
		fortune  int
		treasure bool
	}{
		{"a coin", 8, nil, 1, false},
		{"the last coin: the Treasure, kept", 1, []int{4}, 1, true},
		{"the last coin: the Treasure, lost", 1, []int{3}, 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenarioOn(t, &c, Options{Advanced: true}, "duke-dudley")
			s.strict = true
			site := s.site("the-temple", "of-kings", "sahara") // a Temple, Danger value 2
			s.sites[site].coins = tt.coins
			h := s.at(0, "sahara")
			h.progress, h.wounds = int16(site), 5
			s.topDangers("temple-guardians-sentinel")
			stack(&s.enemies, s.enemyIndex("vampire-bats"))
			s.dice(4, 1, 1 /* the Duke kills the bats */, 4, 1, 1, 1 /* and falls */, 1 /* KO loss: the bats' Glory */)
			s.dice(tt.dice...) // the Treasure
			s.adventurePhase()
			s.done()
			assert.True(t, h.ko)
			assert.Equal(t, tt.fortune, h.fortune, "the coin")
			assert.Equal(t, tt.coins-1, s.sites[site].coins)
			if tt.coins > 1 {
				assert.Equal(t, 1, s.sites[site].markers, "the marker on the pile")
			}
			assert.Equal(t, tt.treasure, len(h.artifacts) == 1)
		})
	}
}

// FAQ: a hero KO'd in the fight round that beats the enemy of the last
// Danger still recovers the artifact, and with it the Glory of the Dangers
// passed that turn (before, the KO threw that Glory away first: seed 11,
// round 13, Jake Zane recovered the Crown of the Gods without the Glory of
// two Dangers). The KO penalty is taken as the hero falls (here 1 Glory,
// the bats' own), then the recovery pays the turn's Glory.
func TestScenarioKOWhileWinningKeepsTheTurnsGloryFAQ(t *testing.T) {
	c := fightingGuardians(t)
	s := newScenarioOn(t, &c, Options{}, "duke-dudley")
	s.strict = true
	site := s.site("the-spear", "of-kings", "sahara") // 2 Dangers
	h := s.at(0, "sahara")
	h.progress, h.wounds = int16(site), 3
	h.presses(true)
	s.topDangers("ancient-puzzle", "temple-guardians-sentinel") // Lore 5+ for 2 Glory, then the fight
	stack(&s.enemies, s.enemyIndex("vampire-bats"))
	s.dice(5, 1, 1, // the puzzle: passed, 2 Glory pending; the Duke presses on
		4, 1, 1, // the Duke's fight dice kill the bats (+1 Glory)...
		4, 4, 4, 1, // ...whose 3 hits KO him
		1, // KO: lose 1 (the bats' Glory)
		4) // the artifact: kept
	s.adventurePhase()
	s.done()
	assert.True(t, h.ko)
	assert.False(t, s.sites[site].live, "recovered")
	assert.Len(t, h.artifacts, 1)
	assert.Equal(t, 2, h.glory, "the puzzle's 2 Glory, paid on recovery")
}

// --- Advanced: deep jungle ------------------------------------------------------------

func (s *scenario) locCard(space string) int16 {
	for i := range s.c.Locations {
		if s.c.Locations[i].Space == s.space(space) {
			return int16(i)
		}
	}
	s.t.Fatalf("no location card for %q", space)
	return -1
}

// An artifact placed in a deep jungle is worth +2 Fortune, under the
// marker (on a Temple, added to its Fortune); only in the advanced game.
func TestScenarioDeepJungleBonusFortune(t *testing.T) {
	for _, adv := range []bool{false, true} {
		s := newScenario(t, Options{Advanced: adv}, "duke-dudley")
		loc := s.locCard("amazon-jungle")
		assert.True(t, s.c.Locations[loc].BonusFortune && s.c.Locations[loc].Shuffle, "the card shows the Bonus Fortune and Shuffle icons")
		stack(&s.locations, loc)
		stack(&s.artifacts, s.artifact("the-idol"))
		require.True(t, s.placeArtifact(false))
		site := s.siteAt(s.space("amazon-jungle"))
		require.GreaterOrEqual(t, site, 0)
		want := 0
		if adv {
			want = 2
		}
		assert.Equal(t, want, s.sites[site].bonus, "advanced %v", adv)
		// Recovering it pays the bonus.
		h := s.at(0, "amazon-jungle")
		h.progress, h.markers = int16(site), int(s.c.Adventures[s.sites[site].adv].Dangers)-1
		s.overcome(h, site)
		assert.Equal(t, want, h.fortune)
		require.Len(t, h.artifacts, 1)
	}
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	stack(&s.locations, s.locCard("congo-jungle"))
	stack(&s.artifacts, s.artifact("the-caverns"))
	require.True(t, s.placeArtifact(false))
	site := s.siteAt(s.space("congo-jungle"))
	assert.Equal(t, 6+2, s.sites[site].coins, "a Temple's bonus joins its Fortune")
	assert.Zero(t, s.sites[site].bonus)
}

// Exploring a deep jungle: one die the first turn, one more each turn,
// until one shows 4–6; leaving or a KO starts it over.
func TestScenarioDeepJungleExploration(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	site := s.site("the-idol", "of-the-ancients", "amazon-jungle")
	h := s.at(0, "amazon-jungle")
	h.presses(false)
	s.topDangers("ancient-puzzle", "poison-darts", "avalanche")
	s.dice(3) // lost
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.explore)
	assert.Zero(t, h.markers)
	s.logHas("Duke Dudley is lost in the jungle (1 exploration markers)")
	s.dice(1, 4 /* two dice: found */, 5, 1, 1 /* the first Danger */)
	s.adventurePhase()
	s.done()
	assert.True(t, h.found)
	assert.Equal(t, 1, h.markers)
	s.dice(6, 1, 1) // no exploring any more: straight to the Danger
	s.adventurePhase()
	s.done()
	assert.Equal(t, 2, h.markers)

	// Leaving (or a KO) and coming back: explore again.
	s.travel(h, 1, s.space("manaus"))
	s.travel(h, 1, s.space("amazon-jungle"))
	assert.False(t, h.found)
	assert.Zero(t, h.markers)
	s.dice(2)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.explore)
	h.wounds = 6
	s.dice(1)
	s.knockOut(0)
	assert.Zero(t, h.explore)
	assert.Equal(t, int16(-1), h.progress)
	assert.Equal(t, int16(-1), s.h(0).progress)
	assert.True(t, s.sites[site].live)
}

// The basic game has no deep jungles: the adventure starts at once.
func TestScenarioDeepJungleIgnoredInTheBasicGame(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "amazon-jungle")
	h := s.at(0, "amazon-jungle")
	h.presses(false)
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.markers)
}

// The five deep jungles of the rulebook (Amazon Jungle, Amazon Falls,
// Heart of Africa, Congo Jungle, Indonesia Jungle) are the map's only ones;
// they are still Jungle spaces, and their Location cards carry the Bonus
// Fortune icon.
func TestScenarioDeepJungleSpaces(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	require.Equal(t, "Jungle", Terrains[0])
	want := []string{"amazon-falls", "amazon-jungle", "heart-of-africa", "congo-jungle", "indonesia-jungle"}
	var got []string
	for _, sp := range s.c.Spaces {
		if sp.DeepJungle {
			got = append(got, sp.ID)
			assert.NotZero(t, sp.Terrain&(1<<0), "%s is a Jungle space", sp.ID)
		}
	}
	assert.ElementsMatch(t, want, got)
	for _, id := range want {
		assert.True(t, s.c.Locations[s.locCard(id)].BonusFortune, id)
	}
}

// --- Advanced: temples ----------------------------------------------------------------

// A Fortune coin per Danger overcome; the danger markers of every hero go
// on one pile on the Temple; at its Danger value an instability marker is
// added and the Temple rolls for collapse.
func TestScenarioTempleCoinsSharedPileInstability(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "jake-zane", "shelly-hargrove")
	s.withHero(1, func(d *HeroDef) { d.Skills[Agility] = 5 })
	site := s.site("the-caverns", "of-the-moon", "sahara") // 6 Fortune, 2 Dangers
	jake, shelly := s.at(0, "sahara"), s.at(1, "sahara")
	jake.presses(false)
	shelly.presses(false)
	s.topDangers("ancient-puzzle", "avalanche")
	s.dice(5, 1 /* Jake */, 5, 5, 1, 1, 1 /* Shelly */, 2 /* one collapse die: holds */)
	s.adventurePhase()
	s.done()
	st := &s.sites[site]
	assert.Equal(t, 1, jake.fortune)
	assert.Equal(t, 1, shelly.fortune)
	assert.Equal(t, 4, st.coins)
	assert.Zero(t, st.markers, "two markers on the pile became an instability marker")
	assert.Equal(t, 1, st.instability)
	assert.True(t, st.live)
	assert.Zero(t, jake.markers+shelly.markers, "no markers of their own")
}

// The hero who takes the last coin takes the Temple Treasure: an artifact
// worth 3 (+1 in a major city).
func TestScenarioTempleTreasure(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	site := s.site("the-caverns", "of-the-moon", "sahara")
	s.sites[site].coins = 1
	h := s.at(0, "sahara")
	h.presses(true)
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.fortune)
	require.Len(t, h.artifacts, 1)
	assert.Equal(t, 3, h.artifacts[0].value)
	assert.False(t, s.sites[site].live)
	s.at(0, "london")
	stack(&s.city, s.cityCard("lecture-at-the-museum"))
	s.cityAdventure(0)
	assert.Equal(t, 1+4, h.fortune)
}

// A cliffhanger at a Temple adds an instability marker at once (its pile
// cleared) and rolls for collapse; a collapse discards its coins, and every
// hero there must pass its escape test (exerting allowed) or be KO'd. The
// hero who failed loses the turn's Glory; a racing rival collects his.
// Reading: a collapse ends every hunt there, so a rival who had committed
// to press on draws no further Danger (that rule is for an artifact another
// hero recovered).
func TestScenarioTempleCliffhangerAndCollapse(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "jake-zane", "duke-dudley")
	site := s.site("the-caverns", "of-the-moon", "sahara") // escape: Cunning 4+ x3
	st := &s.sites[site]
	st.instability = 1
	jake, duke := s.at(0, "sahara"), s.at(1, "sahara")
	jake.presses(true)
	duke.presses(true)
	s.topDangers("ancient-puzzle", "poison-darts", "avalanche")
	s.dice(
		5, 1, // Jake overcomes the puzzle (a coin, the pile at 1) and presses on
		1, 1, 1, // Duke fails Poison Darts: the pile is cleared, instability 2
		3, 1, // two collapse dice: a 1 — it collapses
		4, 4, // Jake's escape (Cunning 2): 2 of 3 …
		4,       // … he exerts a wound for a die: 3
		4, 4, 4, // Duke escapes
	)
	s.adventurePhase()
	s.done()
	assert.False(t, st.live)
	assert.Zero(t, st.coins, "the coins are discarded")
	assert.Equal(t, 2, jake.glory, "Jake keeps the turn's Glory (FAQ)")
	assert.Zero(t, duke.glory, "Duke's cliffhanger lost his")
	assert.False(t, duke.cliff.active, "the cliffhanger went down with the Temple")
	assert.Equal(t, 1, jake.wounds, "exerted on the escape")
	assert.False(t, jake.ko || duke.ko)
	assert.Equal(t, 1, jake.fortune)
	s.logOrder("Duke Dudley is in a cliffhanger", "The Caverns collapses!")
	s.logLacks("Jake Zane faces Avalanche!") // a collapse ends the hunt
}

// FAQ: a collapse not caused by a cliffhanger pays the turn's Glory at once;
// failing the escape test is a KO, whatever the wounds.
func TestScenarioTempleCollapseGloryAndEscapeFAQ(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	site := s.site("the-caverns", "of-the-moon", "sahara")
	st := &s.sites[site]
	st.instability, st.markers = 1, 1
	h := s.at(0, "sahara")
	h.wounds = 4
	h.presses(true)
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1 /* overcome: the pile reaches 2 */, 6, 1 /* collapse */, 1, 1, 1, 1 /* escape fails, exerting one */, 1 /* KO loss */)
	s.adventurePhase()
	s.done()
	assert.False(t, st.live)
	assert.True(t, h.ko, "a failed collapse escape is a KO")
	assert.Equal(t, 1, h.fortune, "the coin of the Danger overcome")
	assert.Equal(t, 2-1, h.glory, "the puzzle's 2 Glory came at once; the KO took 1")
}

// Adventure special text modifies heroes on that adventure: their tests,
// and their fights (Combat vs a type, Defense). The basic game ignores it.
func TestScenarioAdventureSpecialText(t *testing.T) {
	for _, adv := range []bool{false, true} {
		s := newScenario(t, Options{Advanced: adv}, "li-mei-chen")
		s.withHero(0, func(d *HeroDef) { d.Skills[Combat], d.Skills[Agility], d.Defense = 3, 4, 1 })
		h := s.at(0, "sahara")
		winds := s.site("the-idol", "of-the-winds", "sahara") // Agility +1 on Chase, Defense -1
		h.progress = int16(winds)
		chase := s.c.Dangers[s.danger("boat-chase-falls")].Keywords
		agility := Clause{Kind: SkillTest, Skills: []Skill{Agility}, Target: 4, Successes: 1}
		jaguar := s.site("the-skull", "of-the-jaguar", "egypt") // Combat -1 vs Beast
		if adv {
			assert.Equal(t, 5, s.testDice(h, &agility, chase))
			assert.Zero(t, s.defense(h, nil))
		} else {
			assert.Equal(t, 4, s.testDice(h, &agility, chase))
			assert.Equal(t, 1, s.defense(h, nil))
		}
		s.at(0, "egypt")
		h.progress = int16(jaguar)
		want := 3
		if adv {
			want = 2
		}
		assert.Equal(t, want, s.fightDice(h, s.enemy("jungle-cat")), "advanced %v: against a Beast", adv)
		assert.Equal(t, 3, s.fightDice(h, s.enemy("storm-troopers")))
	}
}

// FAQ: the 'of Time' special text does not apply at a Temple.
func TestScenarioOfTimeNotAtTemplesFAQ(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	site := s.site("the-idol", "of-time", "sahara")
	h := s.at(0, "sahara")
	h.progress, h.markers = int16(site), 2
	h.presses(false)
	s.topDangers("ancient-puzzle")
	s.dice(1 /* of Time: the markers are lost */, 5, 1, 1)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.markers)

	s = newScenario(t, Options{Advanced: true}, "duke-dudley")
	site = s.site("the-mine", "of-time", "sahara")
	h = s.at(0, "sahara")
	h.presses(false)
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1) // no 'of Time' die at a Temple
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, h.fortune)
}

// A Cliffhanger overcome at a Temple takes a Fortune coin from it, like a
// Danger (its marker goes on the pile the cliffhanger cleared).
func TestScenarioTempleCliffhangerTakesACoin(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.strict = true
	site := s.site("the-caverns", "of-kings", "tibet") // 6 coins, 2 Dangers
	s.sites[site].instability = 1                      // from the cliffhanger
	h := s.at(0, "tibet")
	h.progress = int16(site)
	h.presses(false)
	card := s.danger("ancient-puzzle") // The Walls Close In: Combat 5+ x2 or Cunning 5+ x2
	s.dangers.Remove(card)
	h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[card], card: card, city: -1, site: int16(site)}
	s.dice(5, 6, 1) // the Duke's 3 Combat dice
	s.adventurePhase()
	s.done()
	assert.False(t, h.cliff.active)
	assert.Equal(t, 1, h.fortune, "a coin for the cliffhanger")
	assert.Equal(t, 5, s.sites[site].coins)
	assert.Equal(t, 1, s.sites[site].markers)
	assert.Equal(t, 3, h.glory, "the cliffhanger's Glory")
	s.logHas("camps down")
}

// --- Advanced: villains ---------------------------------------------------------------

func (s *scenario) faction(id string) int {
	code, ok := s.c.Symbols.Resolve(DomainFaction, id)
	require.True(s.t, ok, id)
	return code
}

// A random villain of the faction asked for; one villain per space.
func TestScenarioVillainRandomByFactionOnePerSpace(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "sahara")
	s.at(0, "sahara")
	nazi := s.faction("nazi")
	seen := map[string]bool{}
	for range 30 {
		v := s.placeVillain(0, nazi)
		require.NotNil(t, v)
		assert.Equal(t, nazi, int(v.def.Org))
		seen[v.def.ID] = true
		assert.Same(t, v, s.placeVillain(0, -1), "one villain per space: the one there is used")
		s.villainLeaves(v, vOff)
	}
	assert.Len(t, seen, 3, "every Nazi villain can come")
	seen = map[string]bool{}
	for range 60 {
		v := s.placeVillain(0, -1)
		seen[v.def.ID] = true
		s.villainLeaves(v, vOff)
	}
	assert.Len(t, seen, 6, "any villain")
}

// A villain a card brings out away from any adventure: a single fight
// round, then the villain moves on.
func TestScenarioVillainAwayFromAnAdventure(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	h := s.at(0, "sahara")
	for _, id := range []string{"herr-teufel", "tresa", "colonel-stahl", "franco-fedicci", "icebox-eddie"} {
		s.villainNamed(id).space = s.space("tibet")
	}
	vanessa := s.villainNamed("vanessa-love")
	stack(&s.events, s.eventCard("followed"))
	s.dice(4, 4, 1 /* Duke: 2 hits */, 1, 1, 1 /* Vanessa */)
	s.drawEvents(0, 1)
	s.done()
	assert.Equal(t, 2-1, h.glory, "a Glory per hit; after the round her Heartbreaker takes 1")
	assert.Equal(t, int16(-1), vanessa.space)
	s.logOrder("Vanessa Love appears in Sahara!", "trade blows: 2 hits to 0")
}

// Villain figures do not block movement (henchmen do).
func TestScenarioVillainsDoNotBlockMovement(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "shelly-hargrove")
	s.deployVillainAt(s.villainNamed("vanessa-love"), s.space("western-europe"), true)
	s.travel(s.h(0), 2, s.space("germany"))
	assert.Equal(t, "germany", s.spaceID(s.h(0).space))
	assert.Zero(t, s.h(0).wounds)
}

// Nazi villains come with 2 bodyguards (+1 Combat and +1 Wound each), take
// over a Nazi soldier figure in the space, and come with fewer when the
// figures run out. Wounds cut down bodyguards first.
func TestScenarioVillainNaziBodyguards(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	tresa := s.villainNamed("tresa") // Combat 2, Wounds 4, Defense 1
	sahara := s.space("sahara")
	s.deployVillainAt(tresa, sahara, true)
	assert.Equal(t, 2, tresa.bodyguards)
	assert.Equal(t, int8(14), s.figuresLeft[0])
	assert.Equal(t, 4, s.villainCombat(tresa))
	assert.Equal(t, 3, s.villainHits(tresa, 4), "4 hits, Defense 1: 3 wounds")
	assert.Zero(t, tresa.bodyguards, "two bodyguards fall first")
	assert.Equal(t, 1, tresa.wounds)
	assert.Equal(t, int8(16), s.figuresLeft[0], "back to the pool")
	s.villainLeaves(tresa, vOff)

	s.placeHenchman(0, sahara, false)
	assert.Equal(t, int8(15), s.figuresLeft[0])
	s.deployVillainAt(tresa, sahara, true)
	assert.Equal(t, 3, tresa.bodyguards, "the soldier joins as a third bodyguard")
	assert.Zero(t, s.henchmen[sahara])
	assert.Equal(t, int8(13), s.figuresLeft[0])
	s.villainLeaves(tresa, vOff)
	assert.Equal(t, int8(16), s.figuresLeft[0])

	s.figuresLeft[0] = 1
	s.deployVillainAt(tresa, sahara, true)
	assert.Equal(t, 1, tresa.bodyguards, "fewer when figures run out")
	s.villainLeaves(tresa, vOff)
	s.figuresLeft[0] = 0
	s.deployVillainAt(tresa, sahara, true)
	assert.Zero(t, tresa.bodyguards)
	s.villainLeaves(tresa, vOff)

	eddie := s.villainNamed("icebox-eddie")
	s.figuresLeft[0] = 16
	s.deployVillainAt(eddie, sahara, true)
	assert.Zero(t, eddie.bodyguards, "Mob villains travel alone")
}

// Pressing on past a villain takes a sneak test: a fight round for each of
// its Search dice showing the hero's number. A villain fight is single
// rounds, 1 Glory per hit (not wound), with no escape.
func TestScenarioVillainSneakOnPressOn(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	site := s.site("the-idol", "of-the-ancients", "sahara")
	h := s.at(0, "sahara")
	teufel := s.villainNamed("herr-teufel") // Search 4, Combat 2, Wounds 5, Defense 0
	s.deployVillainAt(teufel, s.space("sahara"), true)
	require.Equal(t, site, teufel.site)
	h.presses(true)
	bot := h.bot
	pick := bot.Intn(6) + 1
	other := pick%6 + 1
	s.topDangers("ancient-puzzle", "poison-darts")
	s.dice(
		5, 1, 1, // the puzzle
		pick, pick, other, other, // Herr Teufel's 4 search dice: discovered twice
		4, 4, 1, 4, 1, 1, 1, // round 1: Duke 2 hits (2 bodyguards fall); Teufel (2 + 2 dice) 1 hit
		4, 1, 1, 4, 4, // round 2: Duke 1 hit (a wound); Teufel (2 dice) 2 hits
		1, 1, 1, // Poison Darts fails
	)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 3, h.wounds)
	assert.Zero(t, teufel.bodyguards)
	assert.Equal(t, 1, teufel.wounds)
	assert.Equal(t, 3, h.glory, "1 Glory per hit on the villain")
	assert.True(t, h.cliff.active)
	s.logOrder("sneaks past Herr Teufel", "trade blows: 2 hits to 1", "trade blows: 1 hits to 2", "faces Poison Darts")
}

// A sneak test rolls the villain's Search dice, more or fewer by cards
// (Tresa's Eyes Everywhere +1, Li Mei Chen's Velvet Voice -1).
func TestScenarioSneakTestDice(t *testing.T) {
	for _, tt := range []struct {
		hero    string
		villain string
		dice    int
	}{{"duke-dudley", "tresa", 3 + 1}, {"li-mei-chen", "tresa", 3 + 1 - 1}, {"li-mei-chen", "vanessa-love", 4 - 1}} {
		s := newScenario(t, Options{Advanced: true}, tt.hero)
		s.at(0, "sahara")
		v := s.villainNamed(tt.villain)
		s.deployVillainAt(v, s.space("sahara"), true)
		bot := s.h(0).bot
		miss := (bot.Intn(6)+1)%6 + 1
		for range tt.dice {
			s.dice(miss)
		}
		assert.True(t, s.sneakTest(0, v, true), "%s past %s", tt.hero, tt.villain)
		s.done()
	}
}

// Camping down needs no sneak test.
func TestScenarioVillainNoSneakWhenCamping(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "sahara")
	h := s.at(0, "sahara")
	s.deployVillainAt(s.villainNamed("herr-teufel"), s.space("sahara"), true)
	h.presses(false)
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1)
	s.adventurePhase()
	s.done()
	s.logLacks("sneaks")
}

// No escape from a villain: an escape card does nothing there (the bot
// keeps it) and the round is fought.
func TestScenarioVillainNoEscape(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	h := s.at(0, "sahara")
	v := s.villainNamed("icebox-eddie") // Combat 5
	s.deployVillainAt(v, s.space("sahara"), true)
	s.holding(0, "run-for-it")
	s.equip(0, "smoke-bomb")
	h.wounds = 4
	assert.False(t, escapable(&FightState{villain: v, enemy: &EnemyDef{HasEscape: true}}))
	s.dice(1, 1, 1 /* Duke */, 4, 1, 1, 1, 1 /* Eddie */, 3 /* Cold Storage: no wound */)
	s.villainRounds(0, v, 1)
	s.done()
	assert.Equal(t, 5, h.wounds)
	assert.Equal(t, []string{"run-for-it"}, s.handIDs(0))
	assert.False(t, h.activated[0], "the smoke bomb was not wasted")
	// And the escape verb does nothing against a villain.
	fs := &FightState{villain: v}
	s.fs = fs
	s.runCard(0, s.c.Events[s.eventCard("run-for-it")].Effect, &s.c.Events[s.eventCard("run-for-it")].Card)
	s.fs = nil
	assert.False(t, fs.escaped)
}

// Villains adventure in the end phase: Search dice, -1 per hero in the
// space unless guarded; 4–6 a danger marker, a 1 a wound (a bodyguard
// first); at the Danger value the villain takes the artifact and leaves.
func TestScenarioVillainsAdventure(t *testing.T) {
	t.Run("-1 die per hero, a wound on a 1", func(t *testing.T) {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley", "jake-zane")
		site := s.site("the-idol", "of-the-ancients", "sahara")
		vanessa := s.villainNamed("vanessa-love") // Search 4, no bodyguards
		s.deployVillainAt(vanessa, s.space("sahara"), true)
		s.at(0, "sahara")
		s.at(1, "sahara")
		s.dice(4, 1) // 4 - 2 heroes = 2 dice
		s.villainsAdventure()
		s.done()
		assert.Equal(t, 1, vanessa.markers)
		assert.Equal(t, 1, vanessa.wounds, "ignoring Defense")
		assert.True(t, s.sites[site].live)
	})
	t.Run("bodyguards keep the dice", func(t *testing.T) {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley", "jake-zane")
		site := s.site("the-idol", "of-kings", "sahara") // 2 Dangers
		stahl := s.villainNamed("colonel-stahl")         // Search 2
		s.deployVillainAt(stahl, s.space("sahara"), true)
		s.henchmen = make([]int8, len(s.henchmen)) // his deploy ability placed a soldier somewhere
		s.at(0, "sahara")
		s.at(1, "sahara")
		s.dice(1, 5) // 2 dice despite 2 heroes: a wound (a bodyguard falls), a marker
		s.villainsAdventure()
		s.done()
		assert.Equal(t, 1, stahl.bodyguards)
		assert.Zero(t, stahl.wounds)
		assert.Equal(t, 1, stahl.markers)
		s.dice(6, 6)
		s.villainsAdventure()
		s.done()
		assert.False(t, s.sites[site].live, "the villains have it")
		assert.Equal(t, int16(-1), stahl.space, "and he leaves the board")
		assert.Equal(t, 1, s.coop.artifacts)
	})
	t.Run("a hero taking the artifact removes the villain", func(t *testing.T) {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley")
		site := s.site("the-idol", "of-kings", "sahara")
		tresa := s.villainNamed("tresa")
		s.deployVillainAt(tresa, s.space("sahara"), true)
		h := s.at(0, "sahara")
		h.progress, h.markers = int16(site), 1
		s.overcome(h, site)
		require.Len(t, h.artifacts, 1)
		assert.Equal(t, int16(-1), tresa.space)
		assert.Equal(t, int8(16), s.figuresLeft[0], "his bodyguards go back to the pool")
	})
	t.Run("at a Temple: a coin and a marker per success; a collapse deals D6 hits", func(t *testing.T) {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley")
		site := s.site("the-caverns", "of-the-moon", "sahara")
		st := &s.sites[site]
		st.instability = 1
		vanessa := s.villainNamed("vanessa-love") // Wounds 5
		s.deployVillainAt(vanessa, s.space("sahara"), true)
		s.dice(4, 5, 2, 3 /* 2 successes: 2 coins, the pile reaches 2 */, 1 /* two collapse dice: the first collapses */, 5 /* D6 hits */)
		s.villainsAdventure()
		s.done()
		assert.Equal(t, 2, s.coop.villainFortune)
		assert.False(t, st.live, "collapsed")
		assert.Equal(t, int16(-1), vanessa.space)
		s.logHas("Vanessa Love is KO'd!") // 5 hits
	})
}

// "For any rolls of 1, the Villain is hurt in his adventures and
// immediately takes a Wound": the 1s KO a villain one wound from its limit
// before its 6 counts, so it leaves without the artifact it was one marker
// from. The variant villain-successes-first counts the 6 first: it takes
// the artifact (and leaves the board unhurt, fully healed).
func TestScenarioVillainKOdByItsOwnOnes(t *testing.T) {
	for _, first := range []bool{false, true} {
		s := newScenario(t, Options{Advanced: true, Variants: Variants{VillainSuccessesFirst: first}}, "duke-dudley")
		s.strict = true
		site := s.site("the-idol", "of-kings", "sahara") // 2 Dangers
		vanessa := s.villainNamed("vanessa-love")        // Search 4, Wounds 5
		s.deployVillainAt(vanessa, s.space("sahara"), true)
		vanessa.markers, vanessa.wounds = 1, 4
		s.dice(6, 1, 3, 3)
		s.villainsAdventure()
		s.done()
		assert.Equal(t, int16(-1), vanessa.space, "she leaves the board either way")
		assert.Equal(t, !first, s.logHasText("Vanessa Love is KO'd!"))
		assert.Equal(t, first, !s.sites[site].live, "successes first: the villains have the artifact")
		assert.Equal(t, b2i(first), int64(s.coop.artifacts))
	}
}

// A villain added by a card to a deep jungle adventure has already found
// it (FAQ).
func TestScenarioVillainInDeepJungleNeedsNoExploringFAQ(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.site("the-idol", "of-the-ancients", "amazon-jungle")
	s.at(0, "amazon-jungle")
	v := s.placeVillain(0, s.faction("mob"))
	require.NotNil(t, v)
	s.dice(4, 4, 2)
	s.villainsAdventure()
	s.done()
	assert.Equal(t, 2, v.markers, "Search 4 - 1 hero = 3 dice, straight to searching")
}

// Nazi Gold escorted by a Nazi villain (a Nazi Commander brings him): the
// gold is stolen by doing him more wounds, bodyguards included, than he
// does; then the fight with the Commander goes on.
func TestScenarioNaziGoldEscortedByAVillain(t *testing.T) {
	for _, tt := range []struct {
		name           string
		atSite         bool
		duke           []int
		fortune, glory int
	}{
		// 3 hits on Tresa (Defense 1): 2 wounds, her two bodyguards; she
		// deals 1. A Glory per hit, not per wound: 3, and 3 for the Commander.
		{"stolen", false, []int{4, 4, 4}, 2, 6},
		{"not stolen", false, []int{1, 1, 1}, 0, 3},
		{"stolen, at an adventure", true, []int{4, 4, 4}, 2, 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			h := s.at(0, "sahara")
			if tt.atSite {
				s.site("the-idol", "of-the-ancients", "sahara")
			}
			// Only Tresa (Combat 2, Defense 1) can come: the other Nazi villains are busy.
			s.villainNamed("herr-teufel").space = s.space("tibet")
			s.villainNamed("colonel-stahl").space = s.space("japan")
			tresa := s.villainNamed("tresa")
			stack(&s.nazi, s.enemyIndex("nazi-gold"), s.enemyIndex("nazi-commander"))
			s.dice(tt.duke...)          // Duke against Tresa (3 dice)
			s.dice(4, 1, 1, 1)          // Tresa and her 2 bodyguards: 1 wound to Duke
			s.dice(4, 4, 4, 4, 1, 1, 1) // Duke (4 dice vs Nazis) beats the Commander (Defense 1)
			assert.Equal(t, fightDefeated, s.fightDrawn([]int{0}, true, -1))
			s.done()
			assert.Equal(t, tt.fortune, h.fortune)
			assert.Equal(t, tt.glory, h.glory)
			assert.Equal(t, tt.atSite, tresa.space >= 0, "at an adventure she stays and hunts")
			s.logHas("defeats Nazi Commander")
		})
	}
}

// Villains ignore an adventure's special text: Vanessa Love searches "of
// Doom" (Tests -1) with her full 4 dice, and recovering "of El Dorado" (on
// recovery: gain 2 Glory) pays no one.
func TestScenarioVillainsIgnoreSpecialText(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.strict = true
	doom := s.site("the-eye", "of-doom", "sahara") // 3 Dangers
	v := s.villainNamed("vanessa-love")            // Search 4
	s.deployVillainAt(v, s.space("sahara"), true)
	s.dice(6, 5, 2, 3) // 4 dice, not 3
	s.villainsAdventure()
	s.done()
	assert.Equal(t, 2, v.markers)

	// A hero hunting there rolls a die fewer: the Duke's 3 Lore dice are 2.
	h := s.at(0, "sahara")
	h.progress = int16(doom)
	d := &s.c.Dangers[s.danger("ancient-puzzle")] // Lore 5+
	s.dice(5, 1)
	require.True(t, s.resolveSpec(0, &d.Test, d.Keywords, false))
	s.done()

	// Franco Fedicci recovers "of El Dorado": no Glory for anyone.
	s.at(0, "london")
	h.progress = -1
	s.villainLeaves(v, vOff)
	gold := s.site("the-crown", "of-el-dorado", "greece") // 4 Dangers
	w := s.villainNamed("franco-fedicci")
	s.deployVillainAt(w, s.space("greece"), true)
	w.markers = 3
	s.dice(6, 3, 3, 3)
	s.villainsAdventure()
	s.done()
	assert.False(t, s.sites[gold].live, "Franco has it")
	assert.Zero(t, h.glory, "nobody gains the 2 Glory")

	// A hero who recovers it gains them.
	s.site("the-crown", "of-el-dorado", "greece")
	h = s.at(0, "greece")
	h.markers = 3
	s.recover(h, s.siteAt(s.space("greece")))
	assert.Equal(t, 2, h.glory)
}

// Agents of Evil: its test is a sneak past the villain it brings into the
// hero's space, who stays at the adventure. Unseen, the Danger is overcome,
// and pressing on needs another sneak. Spotted, each die on the hero's
// number is a fight round, and the Danger counts as failed: its cliffhanger
// follows. With no villain left to come, the sneak passes.
func TestScenarioAgentsOfEvil(t *testing.T) {
	setup := func(t *testing.T) (*scenario, int, *Villain) {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley")
		s.strict = true
		for i := range s.c.Villains {
			if v := s.villain(int16(i)); v.def.ID != "vanessa-love" {
				v.space = s.space("antarctica") // in play elsewhere
			}
		}
		site := s.site("the-eye", "of-the-ancients", "sahara") // 3 Dangers
		h := s.at(0, "sahara")
		h.progress = int16(site)
		s.topDangers("agents-of-evil")
		return s, site, s.villainNamed("vanessa-love") // Search 4, Combat 3
	}
	t.Run("unseen", func(t *testing.T) {
		s, site, v := setup(t)
		h := s.h(0)
		bot := h.bot
		first, second := bot.Intn(6)+1, bot.Intn(6)+1
		miss := func(n int) int { return n%6 + 1 }
		s.dice(miss(first), miss(first), miss(first), miss(first))
		require.True(t, s.faceDanger([]int{0}, site))
		s.done()
		assert.Equal(t, s.space("sahara"), v.space, "she stays")
		assert.Equal(t, site, v.site, "and hunts the artifact")
		assert.Equal(t, 2, h.pending)
		h.presses(true)
		s.dice(miss(second), miss(second), miss(second), miss(second))
		assert.True(t, s.overcome(h, site), "pressing on")
		s.done()
		assert.Equal(t, 2, strings.Count(s.log.String(), "sneaks past Vanessa Love"))
	})
	t.Run("spotted", func(t *testing.T) {
		s, site, v := setup(t)
		h := s.h(0)
		h.glory = 3
		pick := s.nextPick(0)
		other := pick%6 + 1
		s.dice(pick, other, other, other, // one die on the Duke's number
			4, 1, 1, // a fight round: the Duke's 3 dice hit once
			1, 1, 1) // Vanessa misses
		require.False(t, s.faceDanger([]int{0}, site))
		s.done()
		assert.True(t, h.cliff.active)
		s.logHas("is in a cliffhanger: Caught in the Searchlight!")
		assert.Equal(t, 1, v.wounds)
		assert.Equal(t, 3+1-1, h.glory, "a Glory for the hit; Heartbreaker takes one")
		assert.Zero(t, h.pending)
		assert.Equal(t, s.space("sahara"), v.space)
	})
	t.Run("no villain can come", func(t *testing.T) {
		s, site, v := setup(t)
		v.space = s.space("antarctica")
		require.True(t, s.faceDanger([]int{0}, site)) // no dice
		s.done()
		assert.Equal(t, 2, s.h(0).pending)
	})
}

// --- Advanced: the zeppelin and henchmen ----------------------------------------------

func TestScenarioZeppelinMovesLoadsAndDrops(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	z := &s.zeppelin
	*z = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("siberia"), dest: -1, fortune: 2, live: true}
	start, sahara := z.space, s.space("sahara")
	stack(&s.locations, s.locCard("sahara"))
	s.dice(3) // no soldier
	s.moveZeppelinEnd()
	s.done()
	assert.Equal(t, 3, z.fortune, "loads 1 Fortune")
	assert.Equal(t, int(s.c.Zeppelins[0].Moves), hopDistance(s.c, start, z.space), "moves its 3 spaces…")
	assert.Equal(t, hopDistance(s.c, start, sahara)-3, hopDistance(s.c, z.space, sahara), "…toward the location drawn")
	for sp := range s.henchmen {
		assert.Zero(t, s.henchmen[sp])
	}
	// Up to 3: it stops at the location.
	z.space = s.space("siberia")
	stack(&s.locations, s.locCard("turkestan"))
	s.dice(3)
	s.moveZeppelinEnd()
	assert.Equal(t, "turkestan", s.spaceID(z.space))

	// On a 1 or 2 it lowers a soldier, and a hero there fights it at once.
	still := s.c.Zeppelins[0]
	still.Moves = 0
	z.def = &still
	h := s.at(0, s.spaceID(z.space))
	s.dice(2, 4, 4, 4, 1, 1, 1, 1)
	s.moveZeppelinEnd()
	s.done()
	assert.Equal(t, 2, h.glory)
	assert.Zero(t, s.henchmen[z.space], "the soldier was beaten")
}

// hopDistance counts spaces (the zeppelin pays 1 for any space).
func hopDistance(c *Content, a, b int16) int {
	dist := map[int16]int{a: 0}
	queue := []int16{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x == b {
			return dist[x]
		}
		for _, n := range c.Spaces[x].Adj {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[x] + 1
				queue = append(queue, n)
			}
		}
	}
	return -1
}

// Sneaking aboard: each guard die showing the hero's number is a fight with
// Nazi Enemies (Infantry); coming through them all steals the hold's
// Fortune — even when KO'd in the last round (FAQ).
func TestScenarioZeppelinSneakAboard(t *testing.T) {
	for _, tt := range []struct {
		name   string
		wounds int
		found  int
		fight  []int
		steal  bool
		ko     bool
	}{
		{"unseen", 0, 0, nil, true, false},
		{"a fight, won", 0, 1, []int{4, 4, 4, 1, 1, 1, 1, 1, 1}, true, false},
		{"won, KO'd in the last round", 3, 1, []int{4, 4, 4, 1, 1, 1, 4, 4, 4, 1}, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			h := s.at(0, "sahara")
			s.equip(0, "shotgun") // 6 fight dice against Nazis: worth the climb even when hurt
			h.wounds = tt.wounds
			s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("sahara"), dest: -1, fortune: 3, live: true}
			stack(&s.nazi, s.enemyIndex("attack-dogs"), s.enemyIndex("storm-troopers"))
			bot := h.bot
			pick := bot.Intn(6) + 1
			other := pick%6 + 1
			guards := []int{other, other}
			for i := range tt.found {
				guards[i] = pick
			}
			s.dice(guards...)
			s.dice(tt.fight...)
			s.adventurePhase()
			s.done()
			s.logHas("sneaks aboard The Zeppelin")
			assert.Equal(t, tt.ko, h.ko)
			if tt.steal {
				assert.Equal(t, 3, h.fortune)
				assert.Zero(t, s.zeppelin.fortune)
			}
			if tt.found > 0 {
				s.logHas("fights Storm Troopers") // the dogs are not Infantry: redrawn
			}
		})
	}
}

// Bots go for the Zeppelin when its hold is worth it (before, they only
// boarded it when it happened to hover over them: seed 11 left 17 Fortune
// in its hold). With 6 Fortune aboard two spaces away it beats a far
// artifact; with 1 it is not worth the climb. The Duke then sneaks aboard.
func TestScenarioBotsGoForTheZeppelin(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.strict = true
	s.site("the-spear", "of-kings", "sahara")
	h := s.at(0, "paris")
	s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("germany"), dest: -1, fortune: 1, live: true}
	assert.Equal(t, "sahara", s.spaceID(s.route(h)), "1 Fortune aboard: not worth it")
	s.zeppelin.fortune = 6
	require.Equal(t, "germany", s.spaceID(s.route(h)))

	bot := h.bot
	pick := bot.Intn(6) + 1 // the number the Duke sneaks on (his bot stream, as in boardZeppelin)
	unseen := pick%6 + 1
	s.dice(3 /* the move */, unseen, unseen /* the guards' dice */)
	s.moveHero(0)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 6, h.fortune, "the hold's 6 Fortune")
	assert.Zero(t, s.zeppelin.fortune)
}

// The zeppelin may be boarded from any space it hovers over, instead of
// adventuring there.
func TestScenarioZeppelinBoardedFromACity(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	h := s.h(0) // London
	s.equip(0, "shotgun")
	s.zeppelin = Zeppelin{def: &s.c.Zeppelins[0], space: s.space("london"), dest: -1, fortune: 4, live: true}
	bot := h.bot
	other := (bot.Intn(6)+1)%6 + 1
	s.dice(other, other)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 4, h.fortune)
	s.logLacks("City card")
}

// Never two henchmen in a space: the second is placed at a new random
// location.
func TestScenarioHenchmenNeverTwoInASpace(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	sahara := s.space("sahara")
	s.placeHenchman(0, sahara, false)
	stack(&s.locations, s.locCard("sahara"), s.locCard("tibet"))
	s.placeHenchman(1, sahara, false)
	assert.Equal(t, int8(1), s.henchmen[sahara], "the Nazi soldier stays alone")
	assert.Equal(t, int8(2), s.henchmen[s.space("tibet")], "the Mobster goes to a new location (redrawn past Sahara)")
}

// --- FAQ ------------------------------------------------------------------------------

// FAQ: a card aimed at a hero in a terrain may be played as the hero passes
// through (Malaria on a hero crossing a jungle); other cards wait.
func TestScenarioTerrainCardsDuringMovementFAQ(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	h := s.at(0, "lima")
	h.fortune = 3 // the leader
	s.holding(1, "malaria", "scandal-sheet")
	s.travel(h, 3, s.space("manaus"))
	assert.Equal(t, "manaus", s.spaceID(h.space))
	require.Len(t, h.remains, 1)
	assert.Equal(t, "malaria", h.remains[0].ev.ID)
	assert.Equal(t, 1, h.wounds)
	assert.Equal(t, []string{"scandal-sheet"}, s.handIDs(1))
	s.logOrder("moves to Amazon Jungle", "Jake Zane plays Malaria on Duke Dudley", "moves to Manaus")
}

// FAQ: Malaria (a Jungle card) plays on a Deep Jungle.
func TestScenarioMalariaInADeepJungleFAQ(t *testing.T) {
	for _, tt := range []struct {
		space string
		plays bool
	}{{"heart-of-africa", true}, {"yucatan", true}, {"sahara", false}} {
		s := newScenario(t, Options{Advanced: true}, "duke-dudley", "jake-zane")
		s.at(0, tt.space)
		s.h(0).fortune = 1
		s.holding(1, "malaria")
		s.offerOpponents(0, TAdventure)
		assert.Equal(t, tt.plays, len(s.h(0).remains) == 1, tt.space)
	}
}

// FAQ on the map: no canals; the Forbidden Sea touches Cape Town; Greece and
// Persia do not touch.
func TestScenarioMapRulingsFAQ(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	adj := func(a, b string) bool {
		for _, n := range s.c.Spaces[s.space(a)].Adj {
			if n == s.space(b) {
				return true
			}
		}
		return false
	}
	assert.False(t, adj("mediterranean-sea", "red-sea"), "no Suez Canal")
	assert.EqualValues(t, 3, s.c.Dist[s.space("mediterranean-sea")][s.space("red-sea")], "across Egypt instead")
	assert.False(t, adj("caribbean-sea", "south-pacific"), "no Panama Canal")
	assert.False(t, adj("caribbean-sea", "north-pacific"))
	assert.True(t, adj("forbidden-sea", "cape-town"))
	assert.False(t, adj("greece", "persia"))
}

// FAQ: riding along on another hero's Adventure Plane is not the hero's
// move: it still makes its own.
func TestScenarioAdventurePlaneRideIsNotYourMoveFAQ(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley", "jake-zane")
	s.site("the-idol", "of-the-ancients", "sahara")
	s.at(1, "london")
	s.equip(0, "adventure-plane")
	s.dice(3 /* Duke: 3 + 2 */, 4 /* Jake's own move */)
	s.movePhase()
	s.done()
	assert.Equal(t, "sahara", s.spaceID(s.h(0).space))
	assert.Equal(t, "sahara", s.spaceID(s.h(1).space), "Jake flew along")
	s.logOrder("Duke Dudley rolls 3 to move", "Jake Zane rolls 4 to move")
}

// FAQ: with an adventure that makes the heroes fight before they collect
// the artifact (the Final Fight column: of the Pharaohs, Fight Zombies),
// the turn's Danger Glory is collected before that fight. Beating the enemy
// recovers the artifact, even in the round that KOs the hero, who then
// rolls to keep it (FAQ); falling to it keeps the Glory already collected,
// though the KO penalty may take it.
func TestScenarioAdventureFinalFightGloryFAQ(t *testing.T) {
	for _, tt := range []struct {
		name   string
		wounds int
		dice   []int
		ko     bool
		glory  int
		kept   bool
	}{
		{"won", 0, []int{4, 4, 4 /* the Duke's hits fell the zombies */, 1, 1}, false, 3, true},
		{"KO'd winning", 4, []int{4, 4, 4, 4, 4 /* both sides fall */, 1 /* KO: lose 1 */, 4 /* kept */}, true, 2, true},
		{"KO'd losing", 4, []int{1, 1, 1, 4, 4, 1 /* KO: lose 1 */}, true, 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, Options{Advanced: true}, "duke-dudley")
			s.strict = true
			site := s.site("the-spear", "of-the-pharaohs", "sahara") // 4 Dangers, Final Fight: Zombies
			h := s.at(0, "sahara")
			h.progress, h.markers, h.wounds, h.estimate = int16(site), 3, tt.wounds, 0.99
			h.play(Bold)                                  // fights on with 2 wounds left
			s.topDangers("ancient-puzzle")                // Lore 5+, 2 Glory
			s.dice(append([]int{5, 1, 1}, tt.dice...)...) // the puzzle: the fourth marker
			s.adventurePhase()
			s.done()
			assert.Equal(t, tt.ko, h.ko)
			assert.Equal(t, tt.glory, h.glory, "the puzzle's 2 Glory was collected before the fight")
			assert.Equal(t, tt.kept, len(h.artifacts) == 1)
			assert.Equal(t, tt.kept, !s.sites[site].live)
			s.logOrder("Duke Dudley must Fight Zombies before collecting The Spear", "fights Zombies")
		})
	}
}

// Escaping an adventure's final fight leaves the artifact; the markers
// stay, and the hero's next adventure turn there starts with the fight
// again instead of a Danger. Only the advanced game has it, and never a
// Temple.
func TestScenarioAdventureFinalFightEscapedThenFoughtAgain(t *testing.T) {
	s := newScenario(t, Options{Advanced: true}, "duke-dudley")
	s.strict = true
	site := s.site("the-spear", "of-the-pharaohs", "sahara")
	h := s.at(0, "sahara")
	h.progress, h.markers, h.wounds, h.estimate = int16(site), 3, 5, 0.99 // 1 wound left: the Duke runs
	s.topDangers("ancient-puzzle")
	s.dice(5, 1, 1, 3, 3 /* the escape test, Agility 3+ x2 */)
	s.adventurePhase()
	s.done()
	assert.True(t, s.sites[site].live, "escaped: the artifact stays")
	assert.Equal(t, 4, h.markers, "the markers stay")
	assert.Equal(t, 2, h.glory)

	h.wounds = 0
	s.dice(4, 4, 4, 1, 1)
	s.adventurePhase()
	s.done()
	assert.Equal(t, 1, strings.Count(s.log.String(), " faces "), "no Danger was drawn the second turn:\n%s", s.log.String())
	assert.Equal(t, 2, strings.Count(s.log.String(), "must Fight Zombies"))
	assert.False(t, s.sites[site].live)
	assert.Len(t, h.artifacts, 1)
	assert.Equal(t, 3, h.glory)

	// The basic game ignores it, as all special text.
	b := newScenario(t, Options{}, "duke-dudley")
	b.strict = true
	site = b.site("the-spear", "of-the-pharaohs", "sahara")
	bh := b.at(0, "sahara")
	bh.progress, bh.markers = int16(site), 3
	bh.presses(true)
	b.topDangers("ancient-puzzle")
	b.dice(5, 1, 1)
	b.adventurePhase()
	b.done()
	assert.Len(t, bh.artifacts, 1, "recovered at once")
}

// --- Basic and advanced games ---------------------------------------------------------

// The basic game removes the rulebook's advanced cards from the decks.
func TestScenarioBasicGameDecks(t *testing.T) {
	removed := map[string]string{
		"the-mine": "artifacts", "the-city": "artifacts", "the-valley": "artifacts", "the-temple": "artifacts",
		"the-caverns": "artifacts", "the-tomb": "artifacts", "lost-temple": "events", "trouble-in-town": "city",
		"agents-of-evil": "dangers", "mob-leader": "enemies", "nazi-commander": "nazi",
	}
	contents := func(adv bool) map[string]map[string]int {
		s := newScenario(t, Options{Advanced: adv}, "duke-dudley")
		s.resetDecks()
		out := map[string]map[string]int{}
		drain := func(name string, d interface{ Draw() int16 }, id func(int16) string, n int) {
			out[name] = map[string]int{}
			for range n {
				out[name][id(d.Draw())]++
			}
		}
		drain("artifacts", &s.artifacts, func(i int16) string { return s.c.Artifacts[i].ID }, s.artifacts.Len())
		drain("events", &s.events, func(i int16) string { return s.c.Events[i].ID }, s.events.Len())
		drain("city", &s.city, func(i int16) string { return s.c.City[i].ID }, s.city.Len())
		drain("dangers", &s.dangers, func(i int16) string { return s.c.Dangers[i].ID }, s.dangers.Len())
		drain("enemies", &s.enemies, func(i int16) string { return s.c.Enemies[i].ID }, s.enemies.Len())
		drain("nazi", &s.nazi, func(i int16) string { return s.c.Enemies[i].ID }, s.nazi.Len())
		return out
	}
	basic, adv := contents(false), contents(true)
	for id, deck := range removed {
		assert.Zero(t, basic[deck][id], "%s is left out of the basic game", id)
		assert.Positive(t, adv[deck][id], "%s is in the advanced game", id)
	}
	for deck := range adv {
		for id, n := range adv[deck] {
			if removed[id] == "" {
				assert.Equal(t, n, basic[deck][id], "%s: only the rulebook's list is removed", id)
			}
		}
	}
	// The workbook marks exactly those cards Advanced.
	c := bundled(t)
	var marked []string
	mark := func(id string, adv bool) {
		if adv {
			marked = append(marked, id)
		}
	}
	for _, x := range c.Artifacts {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.Events {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.City {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.Dangers {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.Enemies {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.Items {
		mark(x.ID, x.Advanced)
	}
	for _, x := range c.Adventures {
		mark(x.ID, x.Advanced)
	}
	var want []string
	for id := range removed {
		want = append(want, id)
	}
	assert.ElementsMatch(t, want, marked)
}

// The basic game ignores villain, temple, deep-jungle and flight references
// on cards (and the zeppelin).
func TestScenarioBasicGameIgnoresAdvancedReferences(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.at(0, "sahara")
	stack(&s.events, s.eventCard("followed"), s.eventCard("charter-flight"))
	s.drawEvents(0, 2)
	for i := range s.villains {
		assert.Equal(t, int16(-1), s.villains[i].space, "no villain comes")
	}
	assert.Nil(t, s.placeVillain(0, -1))
	s.placeTemple()
	assert.Empty(t, s.liveSites(), "no Temple is placed")
	s.offer(0, TMove) // Charter Flight
	assert.False(t, h.freeFly)
	assert.False(t, s.zeppelin.live)
	s2 := newScenario(t, Options{}, "duke-dudley")
	s2.reset(7, s2.opt)
	s2.setupGame()
	assert.False(t, s2.zeppelin.live, "no zeppelin in the basic game")
	for _, i := range s2.liveSites() {
		assert.False(t, s2.c.Artifacts[s2.sites[i].art].Temple)
		assert.Zero(t, s2.sites[i].bonus)
	}
}

// placeTemple runs the Lost Temple's effect.
func (s *scenario) placeTemple() {
	e := &s.c.Events[s.eventCard("lost-temple")]
	s.runCard(0, e.Effect, &e.Card)
}

// --- Rule constants come from the workbook --------------------------------------------

// contentWith compiles the bundled workbook with some rule constants
// changed in its Rules rows, and loads it.
func contentWith(t *testing.T, rules map[string]int) *Content {
	t.Helper()
	var data []byte
	var err error
	name := "base.xlsx"
	if path := os.Getenv("DECKWRIGHT_WORKBOOK"); path != "" {
		data, err = os.ReadFile(path)
		name = path
	} else {
		set, _ := content.BaseOf(GameID)
		data, err = set.Workbook()
	}
	require.NoError(t, err)
	wb, l := compiler.ReadWorkbook(name, data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", errorList(l))
	tables, l := compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{})
	require.NotNil(t, tables, "%v", errorList(l))
	seen := 0
	for _, r := range tables.Rows("rules") {
		if v, ok := rules[r.ID]; ok {
			r.Cells["value"] = v
			seen++
		}
	}
	require.Equal(t, len(rules), seen, "every constant changed is in the Rules sheet")
	c, err := Load(tables)
	require.NoError(t, err)
	return c
}

// Every rule number is read from the workbook: change a constant in the
// Rules sheet and the engine follows it.
func TestScenarioRuleConstantsFromTheWorkbook(t *testing.T) {
	c := contentWith(t, map[string]int{
		"fortune-to-win": 20, "gear-cost": 3, "ally-cost": 4, "heal-cost": 2, "hit-on": 5, "major-city-bonus": 3,
		"flight-major": 1, "flight-minor": 5, "ko-artifact-loss": 5, "event-on": 6, "enemy-on": 2, "free-event-on": 2,
		"explore-on": 6, "temple-treasure": 5, "deep-jungle-bonus": 4, "common-item-min-cost": 2, "gear-limit": 2,
		"ally-limit": 1, "artifacts-on-board": 6, "collapse-on": 2, "villain-glory-per-hit": 2, "villain-search-on": 5,
		"villain-wound-on": 2, "temple-fortune-per-danger": 2,
	})
	scenario := func(t *testing.T, heroes ...string) *scenario {
		return newScenarioOn(t, c, Options{Advanced: true, Policies: []Policy{Bold, Bold}}, heroes...)
	}
	tests := []struct {
		rule string
		run  func(t *testing.T)
	}{
		{"fortune-to-win", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.h(0).fortune = 19
			s.checkVictory()
			assert.False(t, s.over)
			s.h(0).fortune = 20
			s.checkVictory()
			assert.True(t, s.over)
		}},
		{"gear-cost, ally-cost", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			h := s.h(0)
			h.glory = 7
			s.shop(h)
			assert.Zero(t, h.glory, "an ally for 4 and a gear for 3")
			assert.Len(t, h.items, 2)
		}},
		{"heal-cost", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			h := s.h(0)
			h.glory, h.wounds = 5, 3
			s.shop(h)
			assert.Equal(t, 1, h.glory)
			assert.Equal(t, 1, h.wounds)
		}},
		{"hit-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.dice(4, 5, 6)
			assert.Equal(t, 2, s.rollHits(3))
		}},
		{"major-city-bonus", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.h(0).artifacts = append(s.h(0).artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
			s.sell(s.h(0))
			assert.Equal(t, 7, s.h(0).fortune)
		}},
		{"flight-major, flight-minor", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			assert.Equal(t, 1, s.flightCost(s.h(0), s.space("paris")))
			assert.Equal(t, 5, s.flightCost(s.h(0), s.space("lima")))
		}},
		{"ko-artifact-loss", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			h := s.h(0)
			h.artifacts = append(h.artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
			h.wounds, h.glory = 6, 6
			s.dice(1, 5)
			s.knockOut(0)
			assert.Empty(t, h.artifacts, "a 5 loses it")
		}},
		{"event-on, enemy-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.at(0, "sahara")
			s.dice(5)
			s.wilderness(0)
			assert.Empty(t, s.h(0).hand, "a 5 is uneventful")
			stack(&s.enemies, s.enemyIndex("vampire-bats"))
			s.dice(2, 5, 1, 1, 1, 1, 1, 1)
			s.wilderness(0)
			s.done()
			s.logHas("fights Vampire Bats")
		}},
		{"free-event-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			stack(&s.events, s.eventCard("lucky-break"))
			s.dice(2)
			s.movementRoll(s.h(0))
			assert.Equal(t, []string{"lucky-break"}, s.handIDs(0))
		}},
		{"explore-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			site := s.site("the-idol", "of-kings", "amazon-jungle")
			s.dice(5)
			assert.False(t, s.found(s.at(0, "amazon-jungle"), site))
		}},
		{"temple-treasure, temple-fortune-per-danger", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			site := s.site("the-caverns", "of-the-moon", "sahara")
			s.sites[site].coins = 3
			h := s.at(0, "sahara")
			h.presses(false)
			s.overcome(h, site)
			assert.Equal(t, 2, h.fortune)
			h.presses(false)
			s.overcome(h, site)
			assert.Equal(t, 3, h.fortune)
			require.Len(t, h.artifacts, 1)
			assert.Equal(t, 5, h.artifacts[0].value)
		}},
		{"deep-jungle-bonus", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			stack(&s.locations, s.locCard("amazon-jungle"))
			stack(&s.artifacts, s.artifact("the-idol"))
			s.placeArtifact(false)
			assert.Equal(t, 4, s.sites[s.siteAt(s.space("amazon-jungle"))].bonus)
		}},
		{"common-item-min-cost", func(t *testing.T) {
			s := scenario(t, "jacques-moreau")
			assert.Equal(t, 2, s.commonCost(s.h(0), s.item("coil-of-rope")))
		}},
		{"gear-limit, ally-limit", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.equip(0, "first-aid-kit", "electric-torch", "grappling-hook", "jungle-guide", "mountain-guide")
			assert.Equal(t, 2, s.gearCount(s.h(0)))
			assert.Equal(t, 1, s.allyCount(s.h(0)))
		}},
		{"artifacts-on-board", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.endPhase()
			assert.Len(t, s.liveSites(), 6)
		}},
		{"collapse-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			site := s.site("the-caverns", "of-the-moon", "greece")
			s.sites[site].instability = 1
			s.dice(2)
			assert.True(t, s.collapseRoll(site, false))
		}},
		{"villain-glory-per-hit", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			v := s.villainNamed("vanessa-love")
			s.deployVillainAt(v, s.space("sahara"), true)
			s.at(0, "sahara")
			s.dice(5, 5, 1, 1, 1, 1)
			s.villainRounds(0, v, 1)
			assert.Equal(t, 4-1, s.h(0).glory, "2 per hit; Vanessa's Heartbreaker takes 1")
		}},
		{"villain-search-on, villain-wound-on", func(t *testing.T) {
			s := scenario(t, "duke-dudley")
			s.site("the-idol", "of-the-ancients", "sahara")
			v := s.villainNamed("vanessa-love")
			s.deployVillainAt(v, s.space("sahara"), true)
			s.dice(4, 5, 2, 3)
			s.villainsAdventure()
			assert.Equal(t, 1, v.markers, "a 4 misses, a 5 succeeds")
			assert.Equal(t, 1, v.wounds, "a 2 wounds")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, tt.run)
	}
	// The constants the tests changed are the workbook's, not Go's.
	assert.Equal(t, 20, c.Rules.FortuneToWin)
	assert.Equal(t, 15, bundled(t).Rules.FortuneToWin)
}

// The constants of the cooperative, team and solo games and of the optional
// rules (and the Sidekick limit) are the workbook's as well: each changed in
// the Rules sheet changes what the engine does.
func TestScenarioMoreRuleConstantsFromTheWorkbook(t *testing.T) {
	c := contentWith(t, map[string]int{
		"sidekick-limit": 2, "track-per-artifact": 3, "track-fortune-step": 2, "track-per-henchman": 2,
		"team-fortune-per-hero": 7, "solo-fortune": 12, "solo-track": 18, "solo-villains": 3, "solo-hard-fortune": 25,
		"solo-hard-track": 11, "solo-move-dice": 3, "fixed-move": 5, "fixed-move-event-on": 3, "outpost-track-back": 6,
		"german-collapse-on": 3,
	})
	coop := func(t *testing.T) *scenario {
		return newCoopOn(t, c, Options{}, "mob", []string{"vanessa-love"}, "jake-zane", "li-mei-chen")
	}
	solo := func(t *testing.T, v Variants) *Game {
		g := New(c)
		g.reset(2, Options{Mode: Solo, Advanced: true, Players: 1, Heroes: []int{0}, Variants: v})
		g.setupGame()
		return g
	}
	tests := []struct {
		rule string
		run  func(t *testing.T)
	}{
		{"sidekick-limit", func(t *testing.T) {
			s := newScenarioOn(t, c, Options{}, "duke-dudley")
			s.equip(0, "baxter", "the-professor")
			assert.Equal(t, []string{"baxter", "the-professor"}, s.itemIDs(0), "two Sidekicks")
		}},
		{"track-per-artifact", func(t *testing.T) {
			s := coop(t)
			v := s.deployAt("vanessa-love", s.site("the-crown", "of-kings", "greece")) // 2 Dangers
			s.dice(6, 6, 3, 3)
			s.villainSearch(v, 0)
			s.done()
			assert.Equal(t, 3, s.coop.track)
		}},
		{"track-fortune-step", func(t *testing.T) {
			s := coop(t)
			s.villainsFortune(5)
			assert.Equal(t, 2, s.coop.track)
			assert.Equal(t, 1, s.coop.villainFortune)
		}},
		{"track-per-henchman", func(t *testing.T) {
			s := coop(t)
			mob := s.orgIndex("mob")
			s.placeHenchman(mob, s.space("tibet"), true)
			s.placeHenchman(mob, s.space("tibet"), true)
			assert.Equal(t, 2, s.coop.track)
		}},
		{"team-fortune-per-hero", func(t *testing.T) {
			s := newScenarioOn(t, c, Options{Mode: Team, Advanced: true, Teams: []int{0, 1, 0, 1}}, "jake-zane", "li-mei-chen", "duke-dudley", "sharon-hunter")
			assert.Equal(t, 14, s.teamGoal(0))
		}},
		{"solo-fortune, solo-track, solo-villains", func(t *testing.T) {
			g := solo(t, Variants{})
			assert.Equal(t, 12, g.coopGoal())
			assert.Equal(t, 18, g.coop.trackGoal)
			require.Len(t, g.coop.active, 3)
			assert.Equal(t, vDelayed, g.villain(g.coop.active[2]).state, "a third villain starts Delayed")
		}},
		{"solo-hard-fortune, solo-hard-track", func(t *testing.T) {
			g := solo(t, Variants{SoloHard: true})
			assert.Equal(t, 25, g.coopGoal())
			assert.Equal(t, 11, g.coop.trackGoal)
		}},
		{"solo-move-dice", func(t *testing.T) {
			s := newCoopOn(t, c, Options{Mode: Solo}, "mob", nil, "duke-dudley")
			duke := s.at(0, "greece")
			s.site("the-eye", "of-kings", "tibet")
			s.dice(2, 3, 6)
			assert.Equal(t, 6, s.soloMovement(duke, 0))
			s.done()
			s.logHas("rolls [2 3 6] to move and takes 6")
		}},
		{"fixed-move, fixed-move-event-on", func(t *testing.T) {
			s := newScenarioOn(t, c, Options{Variants: Variants{FixedMovement: true}}, "duke-dudley", "jake-zane")
			s.strict = true
			s.site("the-eye", "of-kings", "tibet")
			pts, rolled := s.movementRoll(s.h(0))
			assert.Equal(t, 5, pts)
			assert.False(t, rolled)
			jake := s.at(1, "tibet")
			jake.progress = int16(s.siteAt(s.space("tibet")))
			stack(&s.events, s.eventCard("lucky-break"))
			s.dice(3) // staying put, he rolls: a 3 draws the Event
			s.movementRoll(jake)
			s.done()
			assert.Equal(t, []string{"lucky-break"}, s.handIDs(1))
		}},
		{"outpost-track-back", func(t *testing.T) {
			s := coop(t)
			s.coop.track = 10
			s.dice(5) // a D6 read straight: 5 back
			s.outpostReward(s.h(0))
			s.done()
			assert.Equal(t, 5, s.coop.track)
		}},
		{"german-collapse-on", func(t *testing.T) {
			s := newScenarioOn(t, c, Options{Advanced: true, Variants: Variants{GermanCollapse: true}}, "duke-dudley")
			s.strict = true
			site := s.site("the-caverns", "of-kings", "tibet") // 2 Dangers
			s.dice(3, 3)                                       // both 3s add an instability marker: it collapses
			assert.True(t, s.collapseRoll(site, false))
			s.done()
			assert.False(t, s.sites[site].live)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, tt.run)
	}
}

// --- Determinism ----------------------------------------------------------------------

// The same seed and options give the same game; a run's report is the same
// whatever the number of workers.
func TestScenarioDeterminism(t *testing.T) {
	c := bundled(t)
	opt := Options{Players: 4, Advanced: true, Policies: []Policy{Cautious, Bold, Random, Cautious}}
	a, b := New(c), New(c)
	for seed := uint64(1); seed <= 25; seed++ {
		r1, e1 := a.PlaySafe(seed, opt)
		r2, e2 := b.PlaySafe(seed, opt)
		require.Equal(t, e1, e2, "seed %d", seed)
		require.Equal(t, r1, r2, "seed %d", seed)
	}
	r1, _ := a.PlaySafe(3, opt)
	r2, _ := New(c).PlaySafe(3, opt)
	require.Equal(t, r1, r2, "a reused runner plays the same game")
	var t1, t2 strings.Builder
	_, _ = New(c).Trace(&t1, 9, opt)
	_, _ = New(c).Trace(&t2, 9, opt)
	require.Equal(t, t1.String(), t2.String())

	for _, mode := range []game.SimRequest{{Players: 4, Options: map[string]string{"level": "advanced"}}, {Players: 3, Options: map[string]string{"level": "basic"}}} {
		var want string
		for _, workers := range []int{1, 2, 3} {
			o := mode
			o.Policy, o.Games, o.Seed, o.Workers, o.Stats, o.MaxRounds = "mix", 240, 11, workers, true, 100
			rep, err := game.Simulate(Module, bundledTables(t), o)
			require.NoError(t, err)
			rep.GamesPerSecond = 0
			js, err := json.Marshal(rep)
			require.NoError(t, err)
			if want == "" {
				want = string(js)
				require.Equal(t, 240, rep.Games)
				continue
			}
			require.JSONEq(t, want, string(js), "%d workers", workers)
		}
	}
}
