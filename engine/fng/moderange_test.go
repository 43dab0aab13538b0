package fng

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// A player range plays every count between its ends, so a mode that takes
// only some counts must refuse a range that reaches past them. Before, the
// range's first count alone was checked: --mode team --players 4-6 played
// 5-hero "team" games, and every range game with all heroes in one team
// (team 1 won every game, its rival-targeting Events dead), and --mode solo
// --players 3-6 played 5- and 6-hero solo games the solo game refuses.
func TestModeRefusesRangeBeyondIt(t *testing.T) {
	c := bundled(t)
	for _, tc := range []struct {
		name          string
		mode          string
		players, upTo int
		teams         string
		err           string
	}{
		{"team range", "team", 4, 6, "", "the team game takes one player count (even teams of 2 to 4 heroes), not a range: --players 4-6 would play 5 heroes too"},
		{"team range of even counts", "team", 4, 8, "2", "--players 4-8 would play 5 heroes too"},
		{"team range, 3 teams", "team", 6, 7, "3", "--players 6-7 would play 7 heroes too"},
		{"team, one count", "team", 4, 4, "", ""},
		{"solo range past 4", "solo", 3, 6, "", "the solo game is for one player running 1 to 4 heroes: --players 3-6 would play 6"},
		{"solo range up to 4", "solo", 1, 4, "", ""},
		{"solo range just past 4", "solo", 4, 5, "", "--players 4-5 would play 5"},
		{"coop range", "coop", 1, 8, "", ""},
		{"competitive range", "competitive", 2, 8, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := game.SimRequest{Mode: tc.mode, Players: tc.players, PlayersMax: tc.upTo, Options: map[string]string{}}
			if tc.teams != "" {
				req.Options["teams"] = tc.teams
			}
			_, err := checkedOptions(c, req)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.err)
		})
	}
}

// In a team game of one count every seat is in its team and the winning
// team's seats are the ones credited: both teams win some games, and a
// seat's wins are its teammates' (seats 1 and 3 together, 2 and 4).
func TestTeamGameCreditsBothTeams(t *testing.T) {
	c := bundled(t)
	opt, err := checkedOptions(c, game.SimRequest{Mode: "team", Players: 4, Options: map[string]string{}})
	require.NoError(t, err)
	opt.Advanced = true
	tally, _ := Simulate(c, SimOptions{Options: opt, Games: 60, Seed: 3, Workers: 2})
	seats := tally.Seats
	require.Len(t, seats, 4)
	require.Equal(t, seats[0].Won, seats[2].Won, "seats 1 and 3 are one team")
	require.Equal(t, seats[1].Won, seats[3].Won, "seats 2 and 4 are one team")
	require.Positive(t, seats[0].Won, "team 1 wins some games")
	require.Positive(t, seats[1].Won, "team 2 wins some games")
}
