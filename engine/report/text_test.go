package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
)

func text(t *testing.T, r *game.SimReport, o TextOptions) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Text(&b, "Fortune and Glory", r, o))
	return b.String()
}

// TestTextSample: the whole report of a cooperative run, every section in
// its place, each number from the model in its column.
func TestTextSample(t *testing.T) {
	r := sample()
	r.GamesPerSecond = 1234.4
	r.Cards[0].Layer, r.Cards[1].Layer = "base", "planted"
	want := `Fortune and Glory — 200 coop games, 3 heroes, advanced game, mix bots, seed 1
1234 games/s on 2 workers

flags (most serious first):
  overpowered  card lucky-strike: heroes who drew it won 90%  [planted.xlsx:Events!A2]

rounds         median 11    p10 8  p90 16  mean 11.6
per game       0.00 losses  0.00 prizes
endings        fortune 110, track 90
heroes win     55.0%     [48.0–62.0]  vs nazi; villains took 0.00 artifacts a game
villain track  median 4  p10 2        p90 5  at the end of the game

hero verdicts: flagged against the same games with a typical hero in its place, beyond ±5.0 points when significant (false discovery rate 5% over 12 tests)
hero             games  wins  win rate  95% CI      vs without it, points  typical hero in its place  vs typical, points      verdict
Jake Zane        75     40    53.3%     42.0–64.0%  -1.7 (-15.0 to +12.0)  n/a                        n/a                     undecided (about 5400 more games) (against 3-player games without it)
Li Mei Chen <&>  80     44    55.0%     44.0–65.0%  -6.0 (-19.0 to +8.0)   48.0%                      +2.0 (-10.0 to +14.0)*  undecided
* over the games without iron-titan at the table: far out of line, beside them the others do not all lose alike

new cards     deck    drawn  pass   vs deck, points         impact, points  verdict
lucky-strike  Events  50     90.0%  +60.0 (+45.0 to +70.0)  n/a             overpowered

impact: 1 card by paired games with and without each (same seeds); 0 significant; every card below, by size
card                   the win rate of the hero who got it, points  rounds                             paired games
ancient-trap           n/a                                          +0.40 (+0.10 to +0.70), q < 0.001  0
rules never triggered  auction

changes against base: 1 row
  added  Events  lucky-strike  planted.xlsx:Events!A2

new and changed, against base  players  rate   reference  difference, points      verdict
card lucky-strike                       90.0%  30.0%      +60.0 (+50.0 to +70.0)  overpowered

against base (same seeds)  baseline  now  change  95% CI
rounds                     12        11   -1      -1.4 to -0.6

1 stall:
  game 4 (seed 99), round 100: round cap
    replay: deckwright sim --seed 1 --from 4 --games 1 --trace
`
	assert.Equal(t, want, text(t, r, TextOptions{Workers: 2, BaseLayer: "base"}))
}

// TestTextOptions: the throughput only with workers (a trace has none),
// the new cards only of layers other than the base.
func TestTextOptions(t *testing.T) {
	r := sample()
	r.GamesPerSecond = 99.6
	r.Cards[0].Layer, r.Cards[1].Layer = "base", "planted"
	for _, tc := range []struct {
		name       string
		o          TextOptions
		throughput string // "" for none
		newCards   []string
	}{
		{"a trace: no timing, one layer", TextOptions{}, "", nil},
		{"workers", TextOptions{Workers: 7}, "100 games/s on 7 workers\n", nil},
		{"expansions", TextOptions{BaseLayer: "base"}, "", []string{"lucky-strike"}},
		{"the expansion as base", TextOptions{BaseLayer: "planted"}, "", []string{"ancient-trap"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := text(t, r, tc.o)
			lines := strings.SplitAfter(out, "\n")
			if tc.throughput == "" {
				assert.Equal(t, "\n", lines[1], "no throughput line")
			} else {
				assert.Equal(t, tc.throughput, lines[1])
			}
			var got []string
			if _, table, ok := strings.Cut(out, "\nnew cards "); ok {
				table, _, _ = strings.Cut(table, "\n\n")
				for _, l := range strings.Split(table, "\n")[1:] {
					got = append(got, strings.Fields(l)[0])
				}
			}
			assert.Equal(t, tc.newCards, got)
		})
	}
}

// TestTextLimits: long lists stop at a fixed number of lines and say how
// many more there are; at the limit nothing is left out.
func TestTextLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit int
		fill  func(r *game.SimReport, n int)
		line  string // the line of the last one listed
		more  string
	}{
		{"flags", 12, func(r *game.SimReport, n int) {
			r.Flags = nil
			for i := range n {
				r.Flags = append(r.Flags, game.Flag{Kind: "dead", Subject: "card", ID: fmt.Sprintf("c%d", i), Message: "never usable", Where: "x.xlsx:A1"})
			}
		}, "  dead         card c%d: never usable  [x.xlsx:A1]\n", "  … and %d more (see --report or --json)\n"},
		{"stalls", 10, func(r *game.SimReport, n int) {
			r.Stalls = nil
			for i := range n {
				r.Stalls = append(r.Stalls, game.Incident{Index: i, Seed: 5, Round: 100, Message: "round cap", Replay: "x"})
			}
		}, "  game %d (seed 5), round 100: round cap\n", "  … and %d more (see --json)\n"},
		{"errors", 10, func(r *game.SimReport, n int) {
			r.Stalls = nil
			for i := range n {
				r.Errors = append(r.Errors, game.Incident{Index: i, Seed: 5, Round: 3, Message: "division by zero", Card: "trap", Replay: "x"})
			}
		}, "  game %d (seed 5), round 3: division by zero [card trap]\n", "  … and %d more (see --json)\n"},
		{"undecided", 8, func(r *game.SimReport, n int) {
			r.Decision = &game.Decision{Budget: "200k", Looks: 3, Level: 0.01}
			for i := range n {
				r.Decision.Undecided = append(r.Decision.Undecided, game.Pending{Subject: "card", ID: fmt.Sprintf("c%d", i), MoreGames: 900, Where: "x.xlsx:A1"})
			}
		}, "  card c%d: about 900 more games  [x.xlsx:A1]\n", "  … and %d more (see --json)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{tc.limit, tc.limit + 1, tc.limit + 5} {
				r := sample()
				tc.fill(r, n)
				out := text(t, r, TextOptions{})
				assert.Contains(t, out, fmt.Sprintf(tc.line, tc.limit-1), "n=%d: the last listed", n)
				assert.NotContains(t, out, fmt.Sprintf(tc.line, tc.limit), "n=%d: one past the limit", n)
				if n == tc.limit {
					assert.NotContains(t, out, "… and", "n=%d", n)
				} else {
					assert.Contains(t, out, fmt.Sprintf(tc.more, n-tc.limit), "n=%d", n)
				}
			}
		})
	}
}

// TestTextImpact: significant paired effects, largest first, a change of
// game length weighed at a tenth of a win-rate point per round; a handful
// of cards (here 4) are each listed, the significant first.
func TestTextImpact(t *testing.T) {
	r := sample()
	r.Cards = []game.CardReport{
		{ID: "small-win", Impact: &game.Impact{Measure: "win rate", Played: 5210, Win: &game.Effect{Delta: 0.03, Low: 0.01, High: 0.05, Q: 0.02, Significant: true}}},
		{ID: "not-significant", Impact: &game.Impact{Measure: "win rate", Win: &game.Effect{Pairs: 150, Delta: 0.5, Low: -0.1, High: 0.9, Q: 0.3}}},
		{ID: "long-games", Impact: &game.Impact{Measure: "win rate", Rounds: &game.Effect{Delta: 0.4, Low: 0.2, High: 0.6, Q: 0.0001, Significant: true}}},
		{ID: "big-win", Impact: &game.Impact{Measure: "win rate", Played: 812, Win: &game.Effect{Delta: -0.08, Low: -0.12, High: -0.04, Q: 0.0005, Significant: true}}},
		{ID: "not-measured"},
	}
	r.Coverage, r.Comparison, r.Stalls = nil, nil, nil
	r.ImpactRun = &game.ImpactRun{Adaptive: true, Precision: 0.03, Budget: 2000000, BaseGames: 41000, Paired: 98765, Rounds: 5,
		Cards: 4, Precise: 2, NotPrecise: []string{"not-significant"}, NoWinEffect: []string{"long-games"}, VarianceRatio: 0.74}
	out := text(t, r, TextOptions{})
	_, table, ok := strings.Cut(out, "\nimpact: 4 cards by paired games with and without each (same seeds); 3 significant; every card below, the significant first, each by size\n")
	require.True(t, ok, out)
	assert.Equal(t, []string{
		"adaptive: 2 of 3 cards' win effects to ±3.0 points (95%) within a budget of 2000000 games: 41000 games of the run's seeds as base, 98765 paired, in 5 rounds; the holders' mean over every base game (control variate) cut the variance to 0.74 of the plain paired difference's (median)",
		"not precise within the budget (1): not-significant",
		"no win effect: earned by the winners, 1: long-games",
		"card             win rate, points                   rounds                             paired games",
		"big-win          -8.0 (-12.0 to -4.0), q < 0.001    n/a                                812",
		"long-games       n/a                                +0.40 (+0.20 to +0.60), q < 0.001  0",
		"small-win        +3.0 (+1.0 to +5.0), q = 0.020     n/a                                5210",
		"not-significant  +50.0 (-10.0 to +90.0), q = 0.300  n/a                                0",
		"",
	}, strings.Split(table, "\n"))
}

// TestTextImpactHowMany: up to 20 cards measured (a handful named by ID)
// every card with an effect is listed, so a card named and found fine
// still shows its number; past 20 (a layer, all) only the significant. A
// row shows each effect measured with its q-value, significant or not:
// n/a only where there is none; an effect on too few pairs to be judged
// says so instead of a q-value, and comes last whatever its size.
func TestTextImpactHowMany(t *testing.T) {
	cards := func(n int) []game.CardReport {
		out := []game.CardReport{
			{ID: "strong", Impact: &game.Impact{Measure: "win rate", Played: 900,
				Win:    &game.Effect{Pairs: 900, Delta: 0.08, Low: 0.05, High: 0.11, Q: 0.0001, Significant: true},
				Rounds: &game.Effect{Pairs: 900, Delta: 0.25, Low: 0.05, High: 0.45, Q: 0.18}}},
		}
		for i := 1; i < n; i++ {
			out = append(out, game.CardReport{ID: fmt.Sprintf("fine-%02d", i), Impact: &game.Impact{Measure: "win rate", Played: 700,
				Win: &game.Effect{Pairs: 700, Delta: 0.001 * float64(i), Low: -0.02, High: 0.03, Q: 0.9}}})
		}
		return append(out, game.CardReport{ID: "not-measured"})
	}
	strong := "strong   +8.0 (+5.0 to +11.0), q < 0.001  +0.25 (+0.05 to +0.45), q = 0.180  900"
	for _, tc := range []struct {
		name  string
		cards []game.CardReport
		head  string
		rows  []string // the first and last rows
		count int
	}{
		{"one card, significant", cards(1), "1 card by paired games with and without each (same seeds); 1 significant, largest first",
			[]string{"strong  +8.0 (+5.0 to +11.0), q < 0.001  +0.25 (+0.05 to +0.45), q = 0.180  900"}, 1},
		{"one card, not significant", cards(2)[1:], "1 card by paired games with and without each (same seeds); 0 significant; every card below, by size",
			[]string{"fine-01  +0.1 (-2.0 to +3.0), q = 0.900  n/a     700"}, 1},
		{"20 cards: each", cards(20), "20 cards by paired games with and without each (same seeds); 1 significant; every card below, the significant first, each by size",
			[]string{strong, "fine-01  +0.1 (-2.0 to +3.0), q = 0.900   n/a                                700"}, 20},
		{"too few pairs: not judged, last", append(cards(2), game.CardReport{ID: "few", Impact: &game.Impact{Measure: "win rate", Played: 28,
			Win:    &game.Effect{Pairs: 28, Delta: -0.107, Low: -0.224, High: 0.009, Q: 1},
			Rounds: &game.Effect{Pairs: 28, Delta: 0.61, Low: -0.27, High: 1.48, Q: 1}}}),
			"3 cards by paired games with and without each (same seeds); 1 significant; every card below, the significant first, each by size",
			[]string{"strong   +8.0 (+5.0 to +11.0), q < 0.001              +0.25 (+0.05 to +0.45), q = 0.180             900",
				"few      -10.7 (-22.4 to +0.9), not judged: 28 pairs  +0.61 (-0.27 to +1.48), not judged: 28 pairs  28"}, 3},
		{"21 cards: the significant", cards(21), "21 cards by paired games with and without each (same seeds); 1 significant, largest first",
			[]string{"strong  +8.0 (+5.0 to +11.0), q < 0.001  +0.25 (+0.05 to +0.45), q = 0.180  900"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sample()
			r.Cards, r.Coverage, r.Comparison, r.Stalls = tc.cards, nil, nil, nil
			out := text(t, r, TextOptions{})
			_, table, ok := strings.Cut(out, "\nimpact: "+tc.head+"\n")
			require.True(t, ok, out)
			table, _, _ = strings.Cut(table, "\n\n")
			_, table, ok = strings.Cut(table, "card ") // the rows: from the table's heading
			require.True(t, ok, out)
			lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
			require.Len(t, lines, tc.count+1, table)
			assert.Equal(t, tc.rows[0], strings.TrimRight(lines[1], " "))
			assert.Equal(t, tc.rows[len(tc.rows)-1], strings.TrimRight(lines[len(lines)-1], " "))
		})
	}
}

// Cards without a win effect are told apart: earned by the winners (their
// holders are the winners), or never drawn in the games paired from.
func TestImpactRunNoWinEffect(t *testing.T) {
	got := impactRun(&game.ImpactRun{FixedGames: 20, NoWinEffect: []string{"idol", "ve-typhoon", "map"}, NeverDrawn: []string{"ve-typhoon"}})
	assert.Equal(t, "fixed allocation: every card paired on the run's first 20 games (--impact-games); 0 games played again, those each card was drawn in\n"+
		"no win effect: earned by the winners, 2: idol, map\n"+
		"no win effect: not drawn in any finished game paired from (games that stalled or failed pair nothing), 1: ve-typhoon", got)
}

// A shard's own report says which of the run's paired games were its share.
func TestImpactRunShardShare(t *testing.T) {
	got := impactRun(&game.ImpactRun{FixedGames: 50, ShareOf: 100, ShareFrom: 50, Paired: 5180})
	assert.Equal(t, "fixed allocation, this shard's share: every card paired on games 51 to 100 of the run's first 100 (--impact-games); 5180 games played again, those each card was drawn in", got)
}

// A budget of one game reads as one game.
func TestImpactRunBudgetOfOne(t *testing.T) {
	got := impactRun(&game.ImpactRun{Adaptive: true, Precision: 0.03, Budget: 1, Rounds: 1})
	assert.True(t, strings.HasPrefix(got, "adaptive: 0 of 0 cards' win effects to ±3.0 points (95%) within a budget of 1 game: 0 games of the run's seeds as base, 0 paired, in 1 round"), got)
}

// TestTextSeats: seats are rated only where each seat plays for itself or
// its team.
func TestTextSeats(t *testing.T) {
	for mode, want := range map[string]bool{"competitive": true, "team": true, "short": true, "coop": false, "solo": false} {
		r := sample()
		r.Mode = mode
		r.Seats = []game.Rate{{ID: "seat 1", Games: 10, Wins: 4, Rate: 0.4, Low: 0.1, High: 0.7}}
		assert.Equal(t, want, strings.Contains(text(t, r, TextOptions{}), "\nseat 1  10     4     40.0%     10.0–70.0%\n"), mode)
	}
}

func TestCIHeader(t *testing.T) {
	for level, want := range map[float64]string{0.05: "95% CI", 0.1: "90% CI", 0.005: "99.5% CI", 0.001: "99.9% CI"} {
		assert.Equal(t, want, ciHeader(level), "%g", level)
	}
}

// TestTextCounts: the heading and the summary count in words that agree
// with their numbers — one hero, one worker, one shard, one stall — and a
// run whose every game stalled has no lengths to give, not lengths of 0.
func TestTextCounts(t *testing.T) {
	faction := game.Terms{Player: "faction", Players: "factions", Rounds: "rounds", Losses: "losses", Prizes: "prizes"}
	for _, tc := range []struct {
		name    string
		edit    func(r *game.SimReport)
		o       TextOptions
		heading string // the first two lines
		rounds  string // the summary's first line, "" for its usual one
	}{
		{"one hero, one worker", func(r *game.SimReport) { r.Players = 1 }, TextOptions{Workers: 1},
			"Fortune and Glory — 200 coop games, 1 hero, advanced game, mix bots, seed 1\n100 games/s on 1 worker\n", ""},
		{"a range", func(r *game.SimReport) { r.Players, r.PlayersMax = 1, 4 }, TextOptions{Shards: 1},
			"Fortune and Glory — 200 coop games, 1–4 heroes, advanced game, mix bots, seed 1\n100 games/s over 1 shard, first start to last finish\n", ""},
		{"a range of one count", func(r *game.SimReport) { r.Players, r.PlayersMax = 4, 4 }, TextOptions{Shards: 3},
			"Fortune and Glory — 200 coop games, 4 heroes, advanced game, mix bots, seed 1\n100 games/s over 3 shards, first start to last finish\n", ""},
		{"one faction", func(r *game.SimReport) { r.Players, r.Terms, r.Level = 1, faction, "" }, TextOptions{Workers: 2},
			"Fortune and Glory — 200 coop games, 1 faction, mix bots, seed 1\n100 games/s on 2 workers\n", ""},
		{"every game stalled", func(r *game.SimReport) {
			r.Rounds = game.Quantiles{}
			r.Ends = map[string]int{"stall": 200}
		}, TextOptions{}, "Fortune and Glory — 200 coop games, 3 heroes, advanced game, mix bots, seed 1\n\n",
			"rounds         n/a: no game finished (endings below)\nendings        stall 200\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sample()
			r.GamesPerSecond = 99.6
			tc.edit(r)
			out := text(t, r, tc.o)
			lines := strings.SplitAfter(out, "\n")
			assert.Equal(t, tc.heading, lines[0]+lines[1])
			_, summary, ok := strings.Cut(out, "\nrounds")
			require.True(t, ok, out)
			if tc.rounds != "" {
				assert.True(t, strings.HasPrefix("rounds"+summary, tc.rounds), "%s", out)
				assert.NotContains(t, out, "per game", "no prizes a game of no finished game")
			} else {
				assert.Contains(t, summary, "median 11", "the lengths of the finished games")
			}
		})
	}
	t.Run("one stall", func(t *testing.T) {
		out := text(t, sample(), TextOptions{})
		assert.Contains(t, out, "\n1 stall:\n  game 4 (seed 99)")
	})
}
