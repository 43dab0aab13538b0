package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/sim"
)

// The practical band is 5 points at a fair share of 1/4 and in proportion
// to the fair share elsewhere: the same advantage relative to it.
func TestBandScalesWithTheFairShare(t *testing.T) {
	b := DefaultBalance
	for _, tc := range []struct {
		players int
		want    float64
	}{{2, 0.10}, {3, 0.0667}, {4, 0.05}, {5, 0.04}, {6, 0.0333}, {8, 0.025}} {
		assert.InDelta(t, tc.want, b.BandAt(1/float64(tc.players)), 1e-4, "%d players", tc.players)
	}
	assert.InDelta(t, 0.05, b.BandAt(0.75), 1e-9, "over one half it follows 1 − f: never wider than the room left")
	assert.Equal(t, 0.05, b.BandAt(0), "no fair share: the band as set")
	assert.Equal(t, Balance{Band: 0.05, FDR: 0.1, Level: 0.1}, Balance{FDR: 0.1}.Or(DefaultBalance))
	assert.Equal(t, Balance{Band: 0.02, FDR: 0.05, Level: 0.01}, Balance{Band: 0.02, Level: 0.01}.Or(DefaultBalance))
}

// classify at the edges of the band and of significance: a difference is
// flagged when it is significant and at least the band; fine only when
// its whole interval lies inside the band.
func TestClassify(t *testing.T) {
	const band, level = 0.05, 0.05
	for _, tc := range []struct {
		name      string
		d, lo, hi float64
		q         float64
		want      string
	}{
		{"at the band, significant", 0.05, 0.047, 0.053, 0.001, Overpowered},
		{"just inside the band", 0.0499, 0.047, 0.053, 0.001, Undecided},
		{"beyond the band, q just below the level", 0.08, 0.001, 0.16, 0.0499, Overpowered},
		{"beyond the band, q at the level", 0.08, -0.001, 0.16, 0.05, Undecided},
		{"below the band, significant", -0.06, -0.07, -0.05, 0.001, Underpowered},
		{"small and sure", 0.01, -0.02, 0.04, 0.5, Fine},
		{"interval touching the band", 0.01, -0.02, 0.05, 0.5, Undecided},
		{"significant but small", 0.02, 0.01, 0.03, 0.001, Fine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := classify(tc.d, tc.lo, tc.hi, tc.q, band, level)
			assert.Equal(t, tc.want, got)
		})
	}
}

// moreGames: the interval shrinks as 1/√games, so halving the gap to a
// decision takes four times the games.
func TestMoreGames(t *testing.T) {
	// Half-width 0.02, 0.01 short of the band: four times the games, three more.
	assert.Equal(t, 3000, moreGames(0.04, 0.02, 0.06, 0.05, 1000, 2))
	// Beyond the band, not yet significant: the gap is the estimate itself.
	assert.Equal(t, 3000, moreGames(0.06, -0.06, 0.18, 0.05, 1000, 1))
	// Beyond the band but not significant once corrected for many tests: at
	// twice the width the interval needs sixteen times the games.
	assert.Equal(t, 15000, moreGames(0.06, -0.06, 0.18, 0.05, 1000, 2))
	assert.Equal(t, 0, moreGames(0.01, 0.01, 0.01, 0.05, 1000, 1), "no interval: nothing to estimate")
}

// fourPlayer builds a tally of 4-player games in which side i of wins
// wins wins[i] of played games, the rest of the wins going to "rest".
func fourPlayer(games int, sides map[string]sim.Count) *sim.Tally {
	t := sim.NewTally(4)
	t.Games = games
	tb := &sim.Table{Games: sim.Count{Played: games, Won: games}, Sides: map[string]sim.Count{}, Seats: make([]sim.Count, 4)}
	seats, wins := 4*games, games
	for id, c := range sides {
		tb.Sides[id] = c
		seats -= c.Played
		wins -= c.Won
	}
	tb.Sides["rest"] = sim.Count{Played: seats, Won: wins}
	t.Tables[4] = tb
	return &t
}

// A hero in a game of rivals is judged against the fair share of 1/4,
// with its Wilson interval and the score test; the verdict, the band and
// the words come out as a designer reads them.
func TestSideVerdictsAgainstTheFairShare(t *testing.T) {
	tally := fourPlayer(10000, map[string]sim.Count{"titan": {Played: 5000, Won: 3100}, "clerk": {Played: 5000, Won: 10}, "copy": {Played: 5000, Won: 1260}})
	sides := []Side{{ID: "titan", Name: "Iron Titan", Where: "exp.xlsx:Heroes!A2"}, {ID: "clerk", Name: "Clerk"}, {ID: "copy", Name: "Copy"}}
	r := &SimReport{Terms: Terms{Player: "hero", Players: "heroes"}, Games: 10000}
	r.AddTally(tally, sides, nil, false)
	r.Judge()
	require.Len(t, r.Verdicts, 3)
	titan := r.Verdicts[0]
	assert.Equal(t, "hero", titan.Subject)
	assert.Equal(t, 4, titan.Players)
	assert.Equal(t, 0.25, titan.RefRate)
	assert.Equal(t, 0.62, titan.Rate)
	assert.Equal(t, 0.37, titan.Delta)
	assert.Equal(t, round(sim.Wilson(3100, 5000).Low-0.25), titan.DeltaLow)
	assert.Equal(t, 0.05, titan.Band)
	assert.Equal(t, Overpowered, titan.Verdict)
	assert.Equal(t, "win rate in 4-player games", titan.Measure)
	assert.Equal(t, "the fair share", titan.Reference)
	assert.Equal(t, Underpowered, r.Verdicts[1].Verdict)
	assert.Equal(t, Fine, r.Verdicts[2].Verdict, "25.2%% of 5000 games: within ±5 points, surely")
	require.Len(t, r.Flags, 2)
	assert.Equal(t, Flag{Kind: Overpowered, Subject: "hero", ID: "titan", Name: "Iron Titan", Where: "exp.xlsx:Heroes!A2", Players: 4,
		Message: "won 62.0% of 4-player games (95% CI 60.7–63.3%); the fair share is 25.0%: +37.0 points, beyond the ±5.0-point band (q < 0.001)"}, r.Flags[0])
	assert.Equal(t, Underpowered, r.Flags[1].Kind)
	assert.Equal(t, "clerk", r.Flags[1].ID)
}

// The band is where a verdict turns: 30.0% of 200,000 4-player games is
// flagged, 29.85% (just inside, its interval across the edge) is not, and
// 20.2% (its interval, ±0.18, all inside) is fine.
func TestSideVerdictAtTheBand(t *testing.T) {
	for _, tc := range []struct {
		wins int
		want string
	}{{60000, Overpowered}, {59700, Undecided}, {55000, Fine}, {40000, Underpowered}, {40200, Undecided}, {40400, Fine}} {
		t.Run(fmt.Sprint(tc.wins), func(t *testing.T) {
			r := &SimReport{Games: 200000}
			r.AddTally(fourPlayer(200000, map[string]sim.Count{"h": {Played: 200000, Won: tc.wins}}), []Side{{ID: "h"}}, nil, false)
			r.Judge()
			assert.Equal(t, tc.want, r.Verdicts[0].Verdict, "%+v", r.Verdicts[0])
		})
	}
}

// Where the players win or lose together, a hero's games are set against
// the games without it at the same player count, and each count is
// judged apart: a 1-player game's win says nothing of a 4-player one.
func TestSideVerdictsTogetherAndByCount(t *testing.T) {
	tally := sim.NewTally(4)
	tally.Tables[1] = &sim.Table{Games: sim.Count{Played: 1000, Won: 900}, Sides: map[string]sim.Count{
		"ace": {Played: 500, Won: 450}, "bob": {Played: 500, Won: 450}}, Seats: make([]sim.Count, 1)}
	tally.Tables[2] = &sim.Table{Games: sim.Count{Played: 1000, Won: 500}, Sides: map[string]sim.Count{
		"ace": {Played: 1000, Won: 500}, "bob": {Played: 400, Won: 320}, "cy": {Played: 600, Won: 180}}, Seats: make([]sim.Count, 2)}
	// Every 3-player game won: nothing tells the heroes apart.
	tally.Tables[3] = &sim.Table{Games: sim.Count{Played: 300, Won: 300}, Sides: map[string]sim.Count{
		"ace": {Played: 200, Won: 200}, "bob": {Played: 300, Won: 300}, "cy": {Played: 100, Won: 100}}, Seats: make([]sim.Count, 3)}
	r := &SimReport{Games: 2300, Terms: Terms{Player: "hero", Players: "heroes"}}
	r.AddTally(&tally, []Side{{ID: "ace"}, {ID: "bob"}, {ID: "cy"}}, nil, true)
	r.Judge()
	var got []string
	for _, v := range r.Verdicts {
		got = append(got, fmt.Sprintf("%d %s %.2f vs %.2f %s", v.Players, v.ID, v.Rate, v.RefRate, v.Verdict))
	}
	assert.Equal(t, []string{
		"1 ace 0.90 vs 0.90 fine",
		"1 bob 0.90 vs 0.90 fine",
		// ace plays every 2-player game: nothing to set it against.
		"2 bob 0.80 vs 0.30 overpowered",
		"2 cy 0.30 vs 0.80 underpowered",
	}, got)
	assert.Equal(t, "2-player games without it", r.Verdicts[2].Reference)
	assert.Equal(t, 0.05, r.Verdicts[2].Band, "together: the band as set at every count")
	assert.Equal(t, []PlayerCount{{Players: 1, Games: 1000, Won: 900, SeatGames: 1000, SeatWins: 900},
		{Players: 2, Games: 1000, Won: 500, SeatGames: 2000, SeatWins: 1000}, {Players: 3, Games: 300, Won: 300, SeatGames: 600, SeatWins: 600}}, r.PlayerCounts)
}

// The false discovery rate is controlled over everything tested: a
// difference that would be significant alone (p ≈ 0.01) is not among
// forty fair ones, while a clear one still is.
func TestJudgeControlsTheFalseDiscoveryRate(t *testing.T) {
	card := func(id string, wins, holders int) CardReport {
		return CardReport{ID: id, Deck: "gear", Dealt: true, Drawn: uint64(holders), Holders: uint64(holders), HolderWins: uint64(wins)}
	}
	// Against 40,000 peer holders at 25%, 400 holders winning 31.2% give
	// p ≈ 0.004 and a +6.2-point difference.
	lone := []CardReport{card("edge", 125, 400), card("peers", 10000, 40000)}
	r := &SimReport{Games: 10000, Cards: lone}
	r.Judge()
	require.NotNil(t, r.Cards[0].Peers)
	assert.Less(t, r.Cards[0].Peers.P, 0.01)
	assert.Equal(t, Overpowered, r.Cards[0].Peers.Verdict, "alone, it is flagged")

	crowd := []CardReport{card("edge", 125, 400), card("clear", 200, 400)}
	for i := range 40 {
		crowd = append(crowd, card(fmt.Sprintf("fair-%d", i), 250, 1000))
	}
	r = &SimReport{Games: 10000, Cards: crowd}
	r.Judge()
	edge, clear := r.Cards[0].Peers, r.Cards[1].Peers
	assert.Greater(t, edge.Q, 0.05, "among 42 tests its corrected q is not significant: %+v", edge)
	assert.NotEqual(t, Overpowered, edge.Verdict)
	assert.Equal(t, Overpowered, clear.Verdict)
	assert.Equal(t, 42, r.Tested)
	for _, f := range r.Flags {
		assert.NotContains(t, f.ID, "fair-", "no fair card is flagged")
	}
}

func TestDeckName(t *testing.T) {
	assert.Equal(t, "Common Items", DeckName("common_items"))
	assert.Equal(t, "Villain Events", DeckName("villain_events"))
	assert.Equal(t, "Gear", DeckName("gear"))
	assert.Equal(t, "Nazi Enemies", DeckName("nazi-enemies"))
}
