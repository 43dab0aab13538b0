package fng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/rng"
)

// Rules the complete traces and the referee (issue 13) found broken, each
// pinned with forced dice.

// A hero driven out of a city by the fight its City card started (Trouble
// in Town's Mobster, escaped into the next space) does no business there:
// the artifact it carries is not sold in a land space.
func TestScenarioDrivenOutOfTownDoesNoBusiness(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	h := s.at(0, "cairo")
	h.wounds = 4 // 2 wounds left: the Duke runs from the Mobsters
	h.artifacts = append(h.artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
	stack(&s.city, s.cityCard("trouble-in-town"))
	s.dice(1 /* a Mobster figure */, 4, 4, 1 /* the escape: Cunning 4+ x2 */)
	s.adventurePhase()
	s.done()
	assert.NotEqual(t, "cairo", s.spaceID(h.space), "escaped into the next space")
	assert.Len(t, h.artifacts, 1, "not sold")
	assert.Zero(t, h.fortune)
}

// A City Danger's cliffhanger resolved after a card moved the hero out of
// town is survived for its Glory, and no business follows in the land
// space it stands in.
func TestScenarioCityCliffhangerOutOfTownDoesNoBusiness(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	h := s.at(0, "egypt")
	id := s.cityCard("rooftop-chase")
	h.cliff = cliffhanger{active: true, danger: s.c.City[id].Danger, card: -1, city: id, site: -1}
	s.city.Remove(id)
	h.artifacts = append(h.artifacts, carried{art: s.artifact("the-spear"), adv: s.adventure("of-kings"), value: 4})
	s.dice(4, 4, 1) // the cliffhanger, Combat 4+ x2
	s.adventurePhase()
	s.done()
	assert.False(t, h.cliff.active)
	assert.Len(t, h.artifacts, 1, "not sold")
	assert.Zero(t, h.fortune)
	assert.Equal(t, 1, s.city.Discarded(), "the City Danger's card is discarded")
}

// Heroes who failed a Danger together share its card as their cliffhanger.
// When one of them is KO'd while they face it (its Cliffhanger Effect's
// wound), the card goes back to the deck once, when the last of them is
// out of it — not once for the KO and again after the test.
func TestScenarioSharedCliffhangerCardReturnsOnce(t *testing.T) {
	s := newCoop(t, Options{}, "mob", nil, "duke-dudley", "li-mei-chen")
	site := s.site("the-crown", "of-kings", "greece")
	duke, li := s.at(0, "greece"), s.at(1, "greece")
	card := s.danger("ancient-trap-boulder") // Cliffhanger Effect: wound(1)
	s.dangers.Remove(card)
	total := s.dangers.Len() + s.dangers.Discarded() + 1
	for _, h := range []*Hero{duke, li} {
		h.cliff = cliffhanger{active: true, danger: &s.c.Dangers[card], card: card, city: -1, site: int16(site)}
	}
	duke.wounds = s.maxWounds(duke) - 1 // the boulder KOs him
	u := unit{seats: []int{0, 1}, active: true, first: true, site: site}
	s.dice(1 /* the Duke's KO loss */, 6, 6, 5, 1 /* Li Mei outruns it: Agility 4+ x3, 4 dice */)
	require.True(t, s.unitCliffhanger(&u))
	s.done()
	assert.True(t, duke.ko)
	assert.False(t, li.cliff.active)
	assert.Equal(t, total, s.dangers.Len()+s.dangers.Discarded(), "the card is back once")
}

// A Remains in Play card that finds nobody to act on (Malaria drawn with
// no rival to play it on) is discarded, not lost from the game.
func TestScenarioRemainsInPlayWithNoTargetIsDiscarded(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	id := s.eventCard("malaria")
	s.events.Remove(id)
	total := s.events.Len() + s.events.Discarded() + 1
	s.playCard(0, &s.c.Events[id].Card, &s.c.Events[id], false, id)
	assert.Empty(t, s.h(0).remains)
	assert.Equal(t, total, s.events.Len()+s.events.Discarded(), "discarded")
}

// Healing every wound in a city ends the cards that remain in play until
// the hero is fully healed (Malaria).
func TestScenarioCityHealingEndsUntilHealedCards(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	h := s.at(0, "cairo")
	h.wounds, h.glory = 2, 2
	s.attach(h, remain{ev: &s.c.Events[s.eventCard("malaria")], card: s.eventCard("malaria"), hostile: true})
	s.shop(h)
	assert.Zero(t, h.wounds)
	assert.Zero(t, h.glory, "1 Glory a wound")
	assert.Empty(t, h.remains, "Malaria ends")
}

// A re-roll re-rolls the failed dice of the current roll only: Lucky Break
// kept through the first roll of a test (a random bot's coin says no) and
// played on the second re-rolls that roll's 3 failed dice, not the first
// roll's 2 failures as well.
func TestScenarioRerollOnlyTheCurrentRoll(t *testing.T) {
	s := newScenario(t, Options{}, "duke-dudley")
	s.strict = true
	h := s.h(0)
	h.play(Random)
	for seed := uint64(1); ; seed++ { // a bot stream whose coin says no, then yes
		r := rng.New(seed, 1)
		if r.Uint64()&1 == 0 && r.Uint64()&1 == 1 {
			h.bot = rng.New(seed, 1)
			break
		}
	}
	s.holding(0, "lucky-break")
	s.dice(5, 1, 1 /* 1 of 3: roll again */, 1, 1, 1 /* none */, 5, 5, 1 /* the re-roll of those 3 */)
	passed := s.skillTest(0, &Clause{Kind: SkillTest, Skills: []Skill{Lore}, Target: 5, Successes: 3}, KW{}, false)
	s.done()
	assert.True(t, passed)
	assert.Empty(t, s.handIDs(0))
}
