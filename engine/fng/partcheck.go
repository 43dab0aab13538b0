package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
)

// CheckCounts checks counts read from a part against its shard's games
// (game.CountsChecker): every finished game on the villain track and in
// the games by player count (the tally's tables) and by organization,
// wins no more than games, and each card's counts such as the shard
// could give.
func (c *counts) CheckCounts(s game.ShardGames) error {
	if n := c.Track.N(); n != int64(s.Finished) {
		return fmt.Errorf("Track: %d games, but the shard finished %d", n, s.Finished)
	}
	if err := game.CheckRates("ByPlayers", c.ByPlayers, c.ByPlayersWins, s.Finished); err != nil {
		return err
	}
	for n, g := range c.ByPlayers {
		if g != s.Tables[n] {
			return fmt.Errorf("ByPlayers.%d: %d games, but the tally's table of %d has %d", n, g, n, s.Tables[n])
		}
	}
	if err := game.CheckRates("ByOrg", c.ByOrg, c.ByOrgWins, s.Finished); err != nil {
		return err
	}
	if err := s.AtMost("VillainArtifacts", uint64(c.VillainArtifacts), 1); err != nil {
		return err
	}
	if c.Stats == nil {
		return nil
	}
	st := c.Stats
	if err := s.CheckSeatGames("Stats.HeroGames", st.HeroGames, st.HeroWins); err != nil {
		return err
	}
	if err := s.CheckAtMost("Stats.Rules", st.Rules[:], 1024); err != nil {
		return err
	}
	for i := range st.Cards {
		cs := &st.Cards[i]
		where := fmt.Sprintf("Stats.Cards[%d]", i)
		if err := s.CheckCard(where, &cs.CardCounts); err != nil {
			return err
		}
		if cs.Overcome > cs.Faced {
			return fmt.Errorf("%s: overcome %d times of %d faced", where, cs.Overcome, cs.Faced)
		}
		if err := s.AtMost(where+".Defeated", cs.Defeated, 16); err != nil {
			return err
		}
		if err := s.AtMost(where+".Faced", cs.Faced, 16); err != nil {
			return err
		}
	}
	return nil
}
