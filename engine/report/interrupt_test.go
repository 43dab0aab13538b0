package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

// An interrupted adaptive run says so in its allocation line — the round
// cut short and the rounds kept — and names the cards not precise then.
func TestImpactRunInterrupted(t *testing.T) {
	for _, c := range []struct {
		name string
		run  game.ImpactRun
		want string
	}{
		{"adaptive, 2 rounds kept", game.ImpactRun{Adaptive: true, Interrupted: true, Precision: 0.005, Budget: 5_000_000, BaseGames: 7530, Paired: 8000, Rounds: 2, Cards: 3, Precise: 1, NotPrecise: []string{"b", "c"}},
			"adaptive, interrupted in round 3 (the 2 rounds before it kept, the one under way dropped): 1 of 3 cards' win effects to ±0.5 points (95%) within a budget of 5000000 games: 7530 games of the run's seeds as base, 8000 paired, in 2 rounds\n" +
				"not precise when interrupted (2): b, c"},
		{"adaptive, 1 round kept", game.ImpactRun{Adaptive: true, Interrupted: true, Precision: 0.03, Budget: 1000, BaseGames: 200, Paired: 400, Rounds: 1, Cards: 2, Precise: 2},
			"adaptive, interrupted in round 2 (the 1 round before it kept, the one under way dropped): 2 of 2 cards' win effects to ±3.0 points (95%) within a budget of 1000 games: 200 games of the run's seeds as base, 400 paired, in 1 round"},
		{"fixed", game.ImpactRun{FixedGames: 100, Interrupted: true, Cards: 2, Paired: 120, Unmeasured: []string{"c", "d", "e"}},
			"fixed allocation, interrupted: 2 of 5 cards paired on the run's first 100 games (--impact-games), those whose paired games had all finished, each as an uninterrupted run measures it; 120 games played again, those each card was drawn in\n" +
				"not measured: interrupted before their paired games finished (3): c, d, e"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, impactRun(&c.run))
		})
	}
}

// --impact-decide says where the budget went past the precision: each
// close call with the paired games it got, the decided with their
// verdict, the undecided and what ended them; or why there was none.
func TestImpactRunCloseCalls(t *testing.T) {
	head := "adaptive: 3 of 3 cards' win effects to ±3.0 points (95%) within a budget of 10000 games: 2000 games of the run's seeds as base, 9000 paired, in 5 rounds\n"
	calls := []game.CloseCall{{Card: "a", Games: 300, Verdict: game.Fine}, {Card: "b", Games: 1, Verdict: game.Undecided}, {Card: "c", Games: 436, Verdict: game.Overpowered}}
	for _, c := range []struct {
		name string
		run  game.ImpactRun
		want string
	}{
		{"budget spent", game.ImpactRun{Closing: true, Spent: 10000, CloseCalls: calls},
			"--impact-decide: 3 close calls (precise, the verdict undecided: the interval straddles the band's edge) got 737 paired games more; 10000 of the budget's 10000 games spent\n" +
				"close calls decided (2): a +300 (fine), c +436 (overpowered)\n" +
				"close calls still undecided when the budget ran out (1): b +1"},
		{"interrupted", game.ImpactRun{Closing: true, Spent: 6000, CloseCalls: calls[1:2], Interrupted: true},
			"--impact-decide: 1 close call (precise, the verdict undecided: the interval straddles the band's edge) got 1 paired game more; 6000 of the budget's 10000 games spent\n" +
				"close calls still undecided when interrupted (1): b +1"},
		{"budget left", game.ImpactRun{Closing: true, Spent: 9000, CloseCalls: calls[1:2]},
			"--impact-decide: 1 close call (precise, the verdict undecided: the interval straddles the band's edge) got 1 paired game more; 9000 of the budget's 10000 games spent\n" +
				"close calls still undecided when no more games could be paired (1): b +1"},
		{"every one decided", game.ImpactRun{Closing: true, Spent: 9000, CloseCalls: calls[:1]},
			"--impact-decide: 1 close call (precise, the verdict undecided: the interval straddles the band's edge) got 300 paired games more; 9000 of the budget's 10000 games spent\n" +
				"close calls decided (1): a +300 (fine)"},
		{"none", game.ImpactRun{Closing: true, Spent: 4000},
			"--impact-decide: no close call: every precise card's verdict was decided"},
		{"budget spent before", game.ImpactRun{Spent: 10000},
			"--impact-decide: no close call played: the budget was spent before every card was precise"},
		{"interrupted before", game.ImpactRun{Spent: 100, Interrupted: true},
			"--impact-decide: no close call played: interrupted before every card was precise"},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := c.run
			run.Adaptive, run.Decide, run.Precision, run.Budget, run.BaseGames, run.Paired, run.Rounds, run.Cards, run.Precise = true, true, 0.03, 10000, 2000, 9000, 5, 3, 3
			got := impactRun(&run)
			if run.Interrupted {
				got = got[len("adaptive, interrupted in round 6 (the 5 rounds before it kept, the one under way dropped)"):]
				head := head[len("adaptive"):]
				require.True(t, len(got) > len(head) && got[:len(head)] == head, got)
				assert.Equal(t, c.want, got[len(head):])
				return
			}
			require.Equal(t, head, got[:len(head)])
			assert.Equal(t, c.want, got[len(head):])
		})
	}
	// Without --impact-decide nothing is said of close calls.
	assert.NotContains(t, impactRun(&game.ImpactRun{Adaptive: true, Closing: true, CloseCalls: calls}), "close call")
}

// An interrupted run's HTML report says at its top what it covers.
func TestHTMLPartial(t *testing.T) {
	r := sample()
	var b bytes.Buffer
	require.NoError(t, HTML(&b, "whole", r))
	assert.NotContains(t, b.String(), "PARTIAL")
	r.Partial, r.PartialNote = true, "the report covers all 200 games; --impact was interrupted in round 3 & keeps <2> rounds"
	b.Reset()
	require.NoError(t, HTML(&b, "partial", r))
	assert.Contains(t, b.String(), "<main>\n"+`<p class="partial" style="background:#fdf2d0;border:1px solid #d4a017;padding:8px 12px"><b>PARTIAL:</b> the report covers all 200 games; --impact was interrupted in round 3 &amp; keeps &lt;2&gt; rounds</p>`+"\n<h2>Flags</h2>")
}
