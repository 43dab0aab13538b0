package game

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testSpec = &SimSpec{MinPlayers: 2, MaxPlayers: 5,
	Modes: []Choice{{Name: "open"}, {Name: "coop", Aliases: []string{"cooperative"}}},
	Options: []Option{
		{Name: "level", Choices: []Choice{{Name: "full"}, {Name: "intro", Aliases: []string{"easy"}}}},
		{Name: "rival", Open: true, Choices: []Choice{{Name: "random"}}},
		{Name: "teams", Number: true},
	},
	Variants: []Choice{{Name: "fast"}, {Name: "goal", Max: 30}},
	Policies: Policies,
}

// A request is checked against a game's spec at the boundaries a designer
// meets: player counts, a variant's number, an option the game lacks.
func TestSpecCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  SimRequest
		want string // "" for no error
	}{
		{"fewest players", SimRequest{Players: 2}, ""},
		{"too few", SimRequest{Players: 1}, "Toy is for 2 to 5 players, not 1"},
		{"most players", SimRequest{Players: 5}, ""},
		{"too many", SimRequest{Players: 6}, "Toy is for 2 to 5 players, not 6"},
		{"range to the most", SimRequest{Players: 2, PlayersMax: 5}, ""},
		{"range past the most", SimRequest{Players: 2, PlayersMax: 6}, "the range 2–6 is not"},
		{"unknown mode", SimRequest{Players: 2, Mode: "team"}, `Toy has no "team" mode (open, coop)`},
		{"alias", SimRequest{Players: 2, Mode: "cooperative"}, ""},
		{"unknown level", SimRequest{Players: 2, Options: map[string]string{"level": "expert"}}, `Toy has no "expert" level (full, intro)`},
		{"no orgs", SimRequest{Players: 2, Options: map[string]string{"org": "nazi"}}, "Toy has no --org option (its options: --level, --rival, --teams)"},
		{"level alias", SimRequest{Players: 2, Options: map[string]string{"level": "easy"}}, ""},
		{"open option: any value", SimRequest{Players: 2, Options: map[string]string{"rival": "the-content's-own"}}, ""},
		{"number option", SimRequest{Players: 2, Options: map[string]string{"teams": "3"}}, ""},
		{"number option not a number", SimRequest{Players: 2, Options: map[string]string{"teams": "three"}}, `--teams wants a whole number, not "three"`},
		{"policy", SimRequest{Players: 2, Policy: "wild"}, `unknown policy "wild" (cautious, bold, random, mix)`},
		{"mix", SimRequest{Players: 2, Policy: "mix"}, ""},
		{"variant", SimRequest{Players: 2, Variants: []string{"slow"}}, `unknown variant "slow" of Toy (known: fast, goal=N)`},
		{"variant wants no number", SimRequest{Players: 2, Variants: []string{"fast=2"}}, "unknown variant"},
		{"variant needs its number", SimRequest{Players: 2, Variants: []string{"goal"}}, "unknown variant"},
		{"variant at its most", SimRequest{Players: 2, Variants: []string{"goal=30"}}, ""},
		{"variant past its most", SimRequest{Players: 2, Variants: []string{"goal=31"}}, `variant goal wants a number from 1 to 30, not "31"`},
		{"variant at 0", SimRequest{Players: 2, Variants: []string{"goal=0"}}, "from 1 to 30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req
			err := testSpec.Check("Toy", &req)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.True(t, IsOptionError(err), "a usage error")
		})
	}
}

// Check fills in the defaults and canonical names the report shows.
func TestSpecCheckDefaults(t *testing.T) {
	req := SimRequest{Players: 3, Mode: "cooperative"}
	require.NoError(t, testSpec.Check("Toy", &req))
	assert.Equal(t, "coop", req.Mode)
	assert.Equal(t, map[string]string{"level": "full"}, req.Options, "the default of an option with choices; an open or number option stays unset")
	assert.Equal(t, "cautious", req.Policy)
	req = SimRequest{Players: 3}
	require.NoError(t, testSpec.Check("Toy", &req))
	assert.Equal(t, "open", req.Mode)
	given := map[string]string{"level": "easy", "rival": "x"}
	req = SimRequest{Players: 3, Options: given}
	require.NoError(t, testSpec.Check("Toy", &req))
	assert.Equal(t, "intro", req.Option("level"), "the canonical name of an alias")
	assert.Equal(t, "x", req.Option("rival"))
	assert.Equal(t, "easy", given["level"], "the caller's map is left as it was")
	assert.Empty(t, req.Option("teams"))
	_, n, err := testSpec.Variant("Toy", "goal=12")
	require.NoError(t, err)
	assert.Equal(t, 12, n)
	assert.False(t, IsOptionError(errors.New("a workbook that cannot be loaded")))
}

// Seats rotate through the policies game by game under mix, so every seat
// plays every policy equally often; a player range spreads the games.
func TestHarnessDeals(t *testing.T) {
	run := &Run{Sides: make([]Side, 4)}
	h := &harness{spec: testSpec, run: run, req: SimRequest{Players: 2, PlayersMax: 4, Policy: "mix"}}
	require.NoError(t, h.deal())
	var s Setup
	for i, want := range []struct {
		players  int
		policies []int
	}{{2, []int{0, 1}}, {3, []int{1, 2, 0}}, {4, []int{2, 0, 1, 2}}, {2, []int{0, 1}}} {
		h.setup(&s, i, 0)
		assert.Equal(t, want.players, s.Players, "game %d", i)
		assert.Equal(t, want.policies, s.Policies, "game %d", i)
		assert.True(t, s.Spread)
		assert.Nil(t, s.Sides)
	}
	h = &harness{spec: testSpec, run: run, req: SimRequest{Players: 3, Policy: "bold"}}
	require.NoError(t, h.deal())
	h.setup(&s, 7, 0)
	assert.Equal(t, []int{1, 1, 1}, s.Policies)
	assert.False(t, s.Spread)
}

// More players than the content has sides, or --heroes that do not fit,
// are usage errors naming the game's own words.
func TestHarnessDealErrors(t *testing.T) {
	spec := *testSpec
	spec.Terms = Terms{Player: "hero", Players: "heroes"}
	run := &Run{Sides: []Side{{ID: "ann", Name: "Ann Bell"}, {ID: "bo", Name: "Bo"}, {ID: "cy", Name: "Cy"}}}
	for _, tc := range []struct {
		req  SimRequest
		want string
	}{
		{SimRequest{Players: 4}, "4 players but only 3 heroes"},
		{SimRequest{Players: 2, PlayersMax: 4}, "4 players but only 3 heroes"},
		{SimRequest{Players: 2, Heroes: []string{"ann", "zed"}}, `unknown hero "zed" (known: ann, bo, cy)`},
		{SimRequest{Players: 2, Heroes: []string{"ann", "ann bell"}}, `hero "ann bell" is named twice`},
		{SimRequest{Players: 3, Heroes: []string{"ann", "bo"}}, "--heroes names 2 heroes for 3 players"},
		{SimRequest{Players: 2, PlayersMax: 3, Heroes: []string{"ann", "bo"}}, "--heroes names 2 heroes for 2 players"},
	} {
		h := &harness{spec: &spec, run: run, req: tc.req}
		err := h.deal()
		require.Error(t, err, "%+v", tc.req)
		assert.Contains(t, err.Error(), tc.want)
		assert.True(t, IsOptionError(err))
	}
	h := &harness{spec: &spec, run: run, req: SimRequest{Players: 2, Heroes: []string{"cy", "Ann Bell"}, Policy: "random"}}
	require.NoError(t, h.deal())
	var s Setup
	h.setup(&s, 0, 0)
	assert.Equal(t, []int{2, 0}, s.Sides, "by ID or name")
}
