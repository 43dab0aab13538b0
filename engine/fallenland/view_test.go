package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What a policy reads of a player is the state the rules hold: the
// rulebook's example Party (Combat 19, 12, 11, 8, 24, the jeep, two
// Technologies), its purse, hand and Auction House.
func TestViewReadsThePlayer(t *testing.T) {
	s := newScenario(t, examples(t), quiet...)
	s.exampleParty(0)
	p := s.Player(0)
	p.sc, p.pr, p.th, p.tdc = 17, 3, 41, 2
	p.hand = []int16{s.actIdx("ex-sabotage")}
	p.auction = []Item{{card: s.spoilsIdx("ex-vest"), mount: -1}}
	p.party.crowns[2].dmg[Physical] = 3
	s.recompute(p)

	assert.Equal(t, [5]int{0, 17, 3, 41, 2}, [5]int{p.Seat(), p.Salvage(), p.Prestige(), p.TownHealth(), p.TDC()})
	assert.Same(t, p.fac, p.Faction())
	assert.Equal(t, p.party.hex, p.Hex())
	require.Equal(t, 5, p.Crowns())
	var combat [5]int
	for i := range combat {
		combat[i] = p.Crown(i).TotalSkill(Combat)
	}
	assert.Equal(t, [5]int{19, 12, 11, 8, 24}, combat)
	m := p.Crown(2)
	assert.True(t, m.Present())
	assert.Equal(t, s.charIdx("ex-c"), m.Character())
	assert.Equal(t, int16(-1), m.Hitman())
	assert.Equal(t, 3, m.Damage(Physical))
	assert.Equal(t, 8-3, s.Left(m), "Health 8, 3 taken")
	assert.Equal(t, 1, m.Armor())
	e := p.Crown(4)
	require.Equal(t, 1, e.Items())
	assert.Equal(t, s.spoilsIdx("ex-rifle"), e.Item(0).Card())
	assert.Equal(t, int16(-1), e.Item(0).Mount())
	assert.Equal(t, s.spoilsIdx("ex-jeep"), p.Vehicle().Card())
	require.Equal(t, 2, p.Techs())
	tech, tier, starting := p.Tech(1)
	assert.Equal(t, s.techIdx("learning-center"), tech)
	assert.Equal(t, 1, tier)
	assert.False(t, starting)
	require.Equal(t, 1, p.Hand())
	assert.Equal(t, s.actIdx("ex-sabotage"), p.HandCard(0))
	require.Equal(t, 1, p.Auction())
	assert.Equal(t, "ex-vest", s.Spoils(p.AuctionItem(0)).ID)
	assert.True(t, s.Tradeable(p.AuctionItem(0)))
	assert.Equal(t, 2, s.Seats())
	assert.Equal(t, 1, s.Turn())
	assert.Nil(t, s.Check(), "no check being rolled")
}
