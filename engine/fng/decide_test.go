package fng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A scripted Decider forces a choice no bot would make, and the rules
// apply it: a healthy hero one Danger from the artifact, sure to pass, is
// made to camp after the Danger it overcomes (every bot presses on there),
// so it collects the turn's Glory and heals, keeps its marker, and leaves
// the artifact on the board.
func TestScriptedDeciderDeclinesEveryPressOn(t *testing.T) {
	for _, pol := range []Policy{Cautious, Bold} {
		s := newScenario(t, Options{Policies: []Policy{pol}}, "duke-dudley")
		site := s.site("the-spear", "of-kings", "sahara") // 2 Dangers
		h := s.at(0, "sahara")
		h.estimate, h.wounds = 0.99, 1
		require.True(t, h.dec.PressOn(s.Game, h, site, 1), "%v: the bot would press on", pol)
		h.presses(false)
		s.topDangers("ancient-puzzle", "poison-darts")
		s.dice(5, 1, 1) // Lore 5+: the puzzle is passed
		s.adventurePhase()
		s.done()
		assert.Equal(t, 1, h.markers, "%v: one marker toward the artifact", pol)
		assert.True(t, s.sites[site].live, "%v: the artifact stays", pol)
		assert.Empty(t, h.artifacts)
		assert.Equal(t, 2, h.glory, "%v: camping collects the Danger's Glory", pol)
		assert.Zero(t, h.wounds, "%v: and heals", pol)
		s.logHas("Duke Dudley camps down: +2 Glory, fully healed")
		assert.Equal(t, s.danger("poison-darts"), s.drawDanger(0), "%v: the next Danger was not drawn", pol)
	}
}
