package game

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runStopped runs an adaptive measurement of every card of w, as measure
// does, stopped (extend or play returning nil, as on an interrupt) in the
// round and phase stop says; at, if set, is told after each round.
func (w pairWorld) runStopped(plan ImpactPlan, games int, stop func(round int, phase string) bool, at func(a *adaptive, rep *SimReport)) (*SimReport, *adaptive, bool) {
	rep := &SimReport{Terms: Terms{Player: "hero"}, PlayerCounts: []PlayerCount{{Players: 4, Games: games, SeatGames: 4 * games, SeatWins: games}}}
	ids := make([]string, len(w.rates))
	for k := range w.rates {
		ids[k] = string(rune('a' + k))
		rep.Cards = append(rep.Cards, CardReport{ID: ids[k]})
	}
	for g := range games {
		rep.Outcomes = append(rep.Outcomes, w.base(g))
	}
	a := newAdaptive(rep, plan.Or(DefaultImpactPlan), ids)
	ok := a.run(func(n int) []Outcome {
		if stop(a.rounds, "extend") {
			return nil
		}
		out := make([]Outcome, n)
		for i := range out {
			out[i] = w.base(len(a.base) + i)
		}
		return out
	}, func(cards []*impactCard, games [][]int) [][]Outcome {
		if stop(a.rounds, "play") {
			return nil
		}
		out := make([][]Outcome, len(cards))
		for k, c := range cards {
			for _, g := range games[k] {
				out[k] = append(out[k], w.sub(c.k, g))
			}
		}
		return out
	}, func(int, int, int) {
		if at != nil {
			at(a, rep)
		}
	})
	if ok || a.rounds > 0 {
		a.report(rep)
	}
	return rep, a, ok
}

// impactsJSON is every card's impact and the run's summary, as JSON.
func impactsJSON(t *testing.T, rep *SimReport) (cards, run string) {
	t.Helper()
	var ims []*Impact
	for _, c := range rep.Cards {
		ims = append(ims, c.Impact)
	}
	b, err := json.Marshal(ims)
	require.NoError(t, err)
	r, err := json.Marshal(rep.ImpactRun)
	require.NoError(t, err)
	return string(b), string(r)
}

// An adaptive run stopped in a round keeps the rounds before it, whole:
// every card's effect, interval, games and precision, the base games and
// the budget spent are what they were when the last round finished —
// whether the interrupt came while the base was played on for the rare
// card (its base games dropped with the round) or during the paired
// games — and the summary says the run was interrupted.
func TestAdaptiveInterruptKeepsRounds(t *testing.T) {
	// A rare card makes every round play the base on.
	w := pairWorld{salt: 3, rates: []float64{0.6, 0.03, 0.3}, take: []float64{0.4, 0.8, 0}, keep: 0.5}
	plan := ImpactPlan{Precision: 0.02, Budget: 400_000, PreciseOnly: true}
	for _, phase := range []string{"extend", "play"} {
		for _, kept := range []int{1, 2} { // rounds 2 and 3 play the base on
			var wantCards, wantRun string
			var wantBase int
			w.runStopped(plan, 1000, func(int, string) bool { return false }, func(a *adaptive, rep *SimReport) {
				if a.rounds == kept {
					a.report(rep)
					wantCards, wantRun = impactsJSON(t, rep)
					wantBase = len(a.base)
				}
			})
			require.NotEmpty(t, wantCards, "the whole run has more than %d rounds", kept)
			extended := false
			rep, a, ok := w.runStopped(plan, 1000, func(round int, at string) bool {
				extended = extended || (round == kept+1 && at == "extend")
				return round == kept+1 && at == phase
			}, nil)
			require.True(t, extended, "round %d plays the base on", kept+1)
			assert.False(t, ok, "stopped")
			assert.Equal(t, kept, a.rounds)
			assert.Equal(t, wantBase, len(a.base), "%s in round %d: the base as after round %d", phase, kept+1, kept)
			cards, run := impactsJSON(t, rep)
			assert.Equal(t, wantCards, cards, "%s in round %d: each card as after round %d", phase, kept+1, kept)
			assert.True(t, rep.ImpactRun.Interrupted)
			rep.ImpactRun.Interrupted = false
			_, run = impactsJSON(t, rep)
			assert.Equal(t, wantRun, run, "the summary as after round %d, but for interrupted", kept)
		}
	}
}

// Stopped in its first round, nothing is measured: no round is whole.
func TestAdaptiveInterruptFirstRound(t *testing.T) {
	w := pairWorld{salt: 3, rates: []float64{0.6}, take: []float64{0.4}, keep: 0.5}
	rep, a, ok := w.runStopped(ImpactPlan{Precision: 0.02, PreciseOnly: true}, 1000, func(round int, at string) bool { return at == "play" }, nil)
	assert.False(t, ok)
	assert.Equal(t, 0, a.rounds)
	assert.Nil(t, rep.ImpactRun)
	assert.Nil(t, rep.Cards[0].Impact)
}

// --impact-decide's close calls are the cards precise with their verdict
// undecided once every card was precise (where a run without it stops)
// or after, each with the paired games it got past the precision, and
// its verdict in the report; a card decided throughout is none and gets
// no more games. A fixed seed of a world with a card far beyond
// the band, one near its edge, one without effect and a rare one.
func TestAdaptiveCloseCallsReported(t *testing.T) {
	// A rare fourth card makes the base play on in the close-call rounds.
	w := pairWorld{salt: 13, rates: []float64{0.5, 0.5, 0.5, 0.1}, take: []float64{1, 0.3, 0, 0.3}, keep: 0.4}
	never := func(int, string) bool { return false }
	plan := ImpactPlan{Precision: 0.04, Budget: 60_000, PreciseOnly: true}
	_, precise, _ := w.runStopped(plan, 1000, never, nil)
	var want []string
	for _, c := range precise.cards {
		require.True(t, c.precise, c.card.ID)
		if !precise.decided(c) {
			want = append(want, c.card.ID)
		}
	}
	require.NotEmpty(t, want, "the seed gives a close call")
	require.Less(t, len(want), len(precise.cards), "and a card decided at the precision")

	plan.PreciseOnly = false
	rep, a, ok := w.runStopped(plan, 1000, never, nil)
	require.True(t, ok)
	rep.Judge()
	a.closeVerdicts(rep)
	run := rep.ImpactRun
	assert.True(t, run.Decide)
	assert.True(t, run.Closing)
	assert.Equal(t, a.spent, run.Spent)
	games := map[string]int{}
	for _, cc := range run.CloseCalls {
		games[cc.Card] = cc.Games
		assert.Positive(t, cc.Games)
		assert.Equal(t, rep.card(cc.Card).Impact.Verdict, cc.Verdict)
	}
	for _, id := range want {
		assert.Contains(t, games, id, "undecided when every card was precise")
	}
	assert.NotContains(t, want, "d")
	assert.Contains(t, games, "d", "decided when every card was precise, undecided once the base played on: a close call too")
	assert.Less(t, len(games), len(a.cards), "a card decided at the precision and after is none")
	for k, c := range a.cards {
		assert.Equal(t, games[c.card.ID], c.played-precise.cards[k].played, "%s: the games past the precision, those of its close call", c.card.ID)
	}
	// Without --impact-decide: none, and no games spent reported.
	rep, _, _ = w.runStopped(ImpactPlan{Precision: 0.04, Budget: 60_000, PreciseOnly: true}, 1000, never, nil)
	assert.False(t, rep.ImpactRun.Decide)
	assert.Empty(t, rep.ImpactRun.CloseCalls)
	assert.Zero(t, rep.ImpactRun.Spent)
}

// A fixed run stopped during a card's paired games keeps the cards before
// it, each with the effect an uninterrupted run measures, and names the
// others unmeasured; stopped in the first card, nothing.
func TestMeasureImpactInterrupted(t *testing.T) {
	held := func(i int) []uint16 { return []uint16{1 | Seen, 1<<1 | Seen, 1<<2 | Seen} }
	won := func(i int) uint8 { return 1 << (i % 4) }
	with := games(400, func(i int) int { return 10 + i%3 }, won, held)
	without := games(400, func(i int) int { return 11 + i%3 }, func(i int) uint8 { return 1 << ((i + i/7) % 4) }, held)
	measure := func(stopAt string) *SimReport {
		base := append([]Outcome(nil), with...)
		rep := &SimReport{Outcomes: base, Games: 400, Terms: Terms{Player: "hero"},
			PlayerCounts: []PlayerCount{{Players: 4, Games: 400, SeatGames: 1600, SeatWins: 400}},
			Cards:        []CardReport{{ID: "x", Deck: "events"}, {ID: "y", Deck: "events"}, {ID: "z", Deck: "events"}}}
		MeasureImpact(rep, []string{"x", "y", "z"}, 0, func(id string, n int) []Outcome {
			if id == stopAt {
				return nil
			}
			return without[:n]
		}, nil)
		return rep
	}
	whole := measure("")
	rep := measure("z")
	require.NotNil(t, rep.ImpactRun)
	assert.True(t, rep.ImpactRun.Interrupted)
	assert.Equal(t, []string{"z"}, rep.ImpactRun.Unmeasured)
	assert.Equal(t, 2, rep.ImpactRun.Cards)
	for k := range 2 {
		got, want := rep.Cards[k].Impact, whole.Cards[k].Impact
		require.NotNil(t, got)
		assert.Equal(t, want.Win.Delta, got.Win.Delta)
		assert.Equal(t, [2]float64{want.Win.Low, want.Win.High}, [2]float64{got.Win.Low, got.Win.High})
		assert.Equal(t, want.Rounds.Delta, got.Rounds.Delta)
		assert.Equal(t, want.Played, got.Played)
	}
	assert.Nil(t, rep.Cards[2].Impact)
	assert.False(t, whole.ImpactRun.Interrupted)
	assert.Nil(t, whole.ImpactRun.Unmeasured)

	first := measure("x")
	assert.Nil(t, first.ImpactRun, "no card finished: no impact")
	for _, c := range first.Cards {
		assert.Nil(t, c.Impact)
	}
}
