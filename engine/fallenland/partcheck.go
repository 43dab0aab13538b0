package fallenland

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/game"
)

// CheckCounts checks counts read from a part against its shard's games
// (game.CountsChecker): the seat-games of the shard's finished games,
// events no more than its games hold, and each card's counts such as
// the shard could give.
func (c counts) CheckCounts(s game.ShardGames) error {
	st := c.Stats
	if st == nil {
		return nil
	}
	if err := s.CheckSeatGames("SeatGames", st.SeatGames, st.SeatWins); err != nil {
		return err
	}
	for _, l := range []struct {
		where  string
		counts []uint64
	}{{"Rules", st.Rules[:]}, {"Deeds", st.Deeds[:]}, {"Events", st.Events[:]}} {
		if err := s.CheckAtMost(l.where, l.counts, 1024); err != nil {
			return err
		}
	}
	for i := range st.Cards {
		cs := &st.Cards[i]
		where := fmt.Sprintf("Cards[%d]", i)
		if err := s.CheckCard(where, &cs.CardCounts); err != nil {
			return err
		}
		if cs.Succeeded > cs.Resolved {
			return fmt.Errorf("%s: succeeded %d times of %d resolved", where, cs.Succeeded, cs.Resolved)
		}
		if err := s.AtMost(where+".Resolved", cs.Resolved, 16); err != nil {
			return err
		}
		if err := s.AtMost(where+".Fled", cs.Fled, 16); err != nil {
			return err
		}
		if err := s.Amount(where+".TownHealth", cs.TownHealth); err != nil {
			return err
		}
	}
	return nil
}
