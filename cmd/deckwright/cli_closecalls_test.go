package main

import (
	"encoding/json"
	"html"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// closeCallsJSON is what TestImpactDecideCloseCalls reads of a --json
// report.
type closeCallsJSON struct {
	ImpactRun struct {
		Decide     bool `json:"decide"`
		Closing    bool `json:"closing"`
		Spent      int  `json:"spent"`
		CloseCalls []struct {
			Card    string `json:"card"`
			Games   int    `json:"games"`
			Verdict string `json:"verdict"`
		} `json:"close_calls"`
	} `json:"impact_run"`
	Cards []struct {
		ID     string `json:"id"`
		Impact *struct {
			Played  int    `json:"played"`
			Verdict string `json:"verdict"`
		} `json:"impact"`
	} `json:"cards"`
}

// TestImpactDecideCloseCalls: --impact-decide says where the budget went
// past the precision (seed 5, six bundled cards to ±5 points within 10k
// games): the five close calls with the paired games each got past the
// precision — exactly its paired games beyond those of the same run
// without --impact-decide, which stops there — the two decided with
// their verdict, the three still undecided when the budget ran out; the
// card decided throughout (jinxed) is none and gets no game more. Text,
// JSON and HTML say the same. (A card decided when every card was
// precise and undecided later is a close call too: TestAdaptiveCloseCallsReported.)
func TestImpactDecideCloseCalls(t *testing.T) {
	args := []string{"sim", "--seed", "5", "--games", "200", "--impact", "jungle-cat,tommy-gun,the-spymaster,tibetan-mystic,jinxed,charter-flight",
		"--impact-precision", "5", "--impact-budget", "10k"}
	page := filepath.Join(t.TempDir(), "report.html")
	text := dw(t, append(args, "--impact-decide", "--report", page)...)
	requireExit(t, exitOK, text)
	lines := "\n--impact-decide: 5 close calls (precise, the verdict undecided: the interval straddles the band's edge) got 1303 paired games more; 10000 of the budget's 10000 games spent\n" +
		"close calls decided (2): jungle-cat +298 (fine), tibetan-mystic +192 (fine)\n" +
		"close calls still undecided when the budget ran out (3): charter-flight +194, tommy-gun +427, the-spymaster +192\n"
	assert.Contains(t, text.stdout, "(median)"+lines+"card ", "after the allocation line, before the table")
	inHTML := "(median)" + strings.ReplaceAll(strings.TrimSuffix(lines, "\n"), "\n", "<br>\n")
	assert.True(t, strings.Contains(html.UnescapeString(string(readFile(t, page))), inHTML), "the HTML report has, one a line:\n%s", inHTML)

	var decide, precise closeCallsJSON
	r := dw(t, append(args, "--impact-decide", "--json")...)
	requireExit(t, exitOK, r)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &decide))
	r = dw(t, append(args, "--json")...)
	requireExit(t, exitOK, r)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &precise))

	run := decide.ImpactRun
	assert.True(t, run.Decide)
	assert.True(t, run.Closing)
	assert.Equal(t, 10000, run.Spent)
	type call struct {
		card    string
		games   int
		verdict string
	}
	var got []call
	for _, c := range run.CloseCalls {
		got = append(got, call{c.Card, c.Games, c.Verdict})
	}
	assert.Equal(t, []call{{"jungle-cat", 298, "fine"}, {"charter-flight", 194, "undecided"}, {"tommy-gun", 427, "undecided"}, {"the-spymaster", 192, "undecided"}, {"tibetan-mystic", 192, "fine"}}, got)

	played := func(r closeCallsJSON) map[string]int {
		m := map[string]int{}
		for _, c := range r.Cards {
			if c.Impact != nil {
				m[c.ID] = c.Impact.Played
			}
		}
		return m
	}
	before, after := played(precise), played(decide)
	require.Len(t, after, 6)
	extra := map[string]int{}
	for _, c := range got {
		extra[c.card] = c.games
	}
	assert.Equal(t, 0, after["jinxed"]-before["jinxed"], "decided throughout: no game more")
	for id, n := range after {
		assert.Equal(t, extra[id], n-before[id], "%s: its games past the precision", id)
	}
	for _, c := range decide.Cards {
		if c.Impact != nil && extra[c.ID] > 0 {
			for _, cc := range got {
				if cc.card == c.ID {
					assert.Equal(t, c.Impact.Verdict, cc.verdict, "%s: the verdict the card table shows", c.ID)
				}
			}
		}
	}
	assert.False(t, precise.ImpactRun.Decide)
	assert.Empty(t, precise.ImpactRun.CloseCalls, "without --impact-decide nothing is said of close calls")
	assert.Zero(t, precise.ImpactRun.Spent)
}
