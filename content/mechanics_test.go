package content_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// TestEveryMechanicHasACard is the checklist of issue 3: each rulebook
// mechanic a card can trigger is triggered by at least one card of the
// bundled set. One line per mechanic.
func TestEveryMechanicHasACard(t *testing.T) {
	tables, _ := compileFNG(t)
	any := func(sheet string, f func(*table.Row) bool) bool {
		for _, r := range tables.Rows(sheet) {
			if f(r) {
				return true
			}
		}
		return false
	}
	anyCard := func(f func(*table.Row) bool) bool {
		for _, tb := range tables.Sheets {
			for _, r := range tb.Rows {
				if f(r) {
					return true
				}
			}
		}
		return false
	}
	effect := func(verb string) func(*table.Row) bool {
		return func(r *table.Row) bool {
			for _, col := range []string{"effect", "setup", "special_effect", "cliffhanger_effect"} {
				if r.Declares(col) && strings.Contains(r.Str(col), verb+"(") {
					return true
				}
			}
			return false
		}
	}
	test := func(col, part string) func(*table.Row) bool {
		return func(r *table.Row) bool { return r.Declares(col) && strings.Contains(r.Str(col), part) }
	}
	timing := func(t string) func(*table.Row) bool {
		return func(r *table.Row) bool { return r.Declares("timing") && slices.Contains(r.List("timing"), t) }
	}
	for _, m := range []struct {
		mechanic string
		ok       bool
	}{
		{"skill test with several successes", any("dangers", test("test", " x"))},
		{"combined-skill test", any("dangers", func(r *table.Row) bool { return strings.Contains(strings.Split(r.Str("test"), " ")[0], "+") })},
		{"non-skill dice test", any("dangers", test("test", "Dice "))},
		{"test alternatives (or)", any("dangers", test("test", " or "))},
		{"tests that must all pass (and)", any("dangers", test("test", " and "))},
		{"Fight option on a Danger", any("dangers", test("test", "Fight Enemies"))},
		{"Fight Nazi Enemies", any("dangers", test("test", "Fight Nazi Enemies"))},
		{"Infantry-only draw", any("dangers", test("test", "(Infantry)"))},
		{"fight a reference enemy", any("dangers", test("test", "Fight Mobsters")) || any("dangers", test("test", "Fight Zombies"))},
		{"sneak past a villain (Agents of Evil)", any("dangers", test("test", "Sneak"))},
		{"Danger effect on draw", any("dangers", func(r *table.Row) bool { return r.Has("effect") })},
		{"Cliffhanger effect", any("dangers", func(r *table.Row) bool { return r.Has("cliffhanger_effect") })},
		{"City Danger with its cliffhanger on the front", any("city", func(r *table.Row) bool { return r.Has("test") && r.Has("cliffhanger_test") })},
		{"secret City card", any("city", func(r *table.Row) bool { return r.Bool("secret") })},
		{"Escorted enemy", any("enemies", func(r *table.Row) bool { return first(r) == "escorted" })},
		{"enemy ability", any("enemies", func(r *table.Row) bool { return r.Has("when") && r.Has("effect") })},
		{"Bonus Fortune on an enemy", any("enemies", func(r *table.Row) bool { return r.Int("bonus_fortune") > 0 })},
		{"Play Immediately", any("events", func(r *table.Row) bool { return r.Bool("immediately") })},
		{"Remains in Play", any("events", func(r *table.Row) bool { return r.Bool("remains") })},
		{"Shuffle icon", any("events", func(r *table.Row) bool { return r.Bool("shuffle") })},
		{"card played on an opponent", any("events", func(r *table.Row) bool { return r.Str("target") == "opponent" })},
		{"cancel a card", anyCard(timing("cancel"))},
		{"test-timing help (add dice, re-roll, successes)", anyCard(timing("test"))},
		{"fight-timing help", anyCard(timing("fight"))},
		{"skip a Danger", anyCard(effect("discardDanger"))},
		{"an adventure's final fight", any("adventures", func(r *table.Row) bool { return r.Has("final_fight") })},
		{"avoid a Cliffhanger", anyCard(effect("avoidCliffhanger"))},
		{"save from a KO", anyCard(timing("ko"))},
		{"Activate once per round", anyCard(func(r *table.Row) bool { return r.Declares("activate") && r.Bool("activate") })},
		{"Loyalty test", anyCard(effect("loyaltyTest"))},
		{"Sidekick ally", any("allies", func(r *table.Row) bool { return hasAll(r.List("keywords"), "sidekick") })},
		{"immobile ally with a location", any("allies", func(r *table.Row) bool { return r.Has("location") })},
		{"passive skill bonus on a keyword", anyCard(test("bonus", " on "))},
		{"bonus against an enemy type", anyCard(test("bonus", " vs "))},
		{"bonus in a terrain", anyCard(test("bonus", " in "))},
		{"Common Item discount (never below 1)", anyCard(test("bonus", "Cost -"))},
		{"free flight", anyCard(effect("freeFlight"))},
		{"move along (Adventure Plane)", anyCard(effect("takeAlong"))},
		{"extra movement", anyCard(effect("addMove"))},
		{"auction", anyCard(effect("auction"))},
		{"new artifact on the board", anyCard(effect("placeArtifact"))},
		{"Lost Temple", anyCard(effect("placeTemple"))},
		{"Temple artifacts", any("artifacts", func(r *table.Row) bool { return r.Bool("temple") })},
		{"deep-jungle bonus Fortune", any("locations", func(r *table.Row) bool { return r.Bool("bonus_fortune") })},
		{"adventure special modifiers", any("adventures", func(r *table.Row) bool { return r.Has("special") })},
		{"adventure special effect", any("adventures", func(r *table.Row) bool { return r.Has("special_effect") })},
		{"special text only off Temples ('of Time')", any("adventures", func(r *table.Row) bool { return !r.Bool("temples") })},
		{"a villain enters play", anyCard(effect("placeVillain")) && anyCard(effect("placeFactionVillain"))},
		{"henchman figures placed", anyCard(effect("placeHenchman"))},
		{"villain ability", any("villains", func(r *table.Row) bool { return r.Has("effect") })},
		{"Nazi bodyguards", any("organizations", func(r *table.Row) bool { return r.Int("bodyguards") > 0 })},
		{"the zeppelin", len(tables.Rows("zeppelins")) == 2},
		{"Vile Tactics", any("villain_events", func(r *table.Row) bool { return r.Bool("vile_tactics") })},
		{"Occupation", anyCard(effect("occupy"))},
		{"Hideouts", anyCard(effect("hideout"))},
		{"outposts with a destroy test", any("outposts", func(r *table.Row) bool { return r.Has("destroy") })},
		{"villain track moved by cards", anyCard(effect("advanceTrack"))},
		{"villains gain Fortune", anyCard(effect("villainsGainFortune"))},
		{"Remains in Play on a villain", any("villain_events", func(r *table.Row) bool { return r.Bool("remains") })},
		{"villain events on heroes in a terrain", any("villain_events", func(r *table.Row) bool { return r.Str("target") == "heroes" })},
		{"hero set-up ability", any("heroes", func(r *table.Row) bool { return r.Has("setup") })},
	} {
		assert.True(t, m.ok, "no card triggers: %s", m.mechanic)
	}
	// Tests span all four skills, targets 3+ to 6+ and 1 to 4 successes.
	skills, targets, successes := map[string]bool{}, map[int]bool{}, map[int]bool{}
	for _, r := range tables.Rows("dangers") {
		for _, col := range []string{"test", "cliffhanger_test"} {
			spec, _, err := fng.ParseTest(r.Str(col))
			require.Nil(t, err)
			for _, alt := range spec.Alts {
				for _, c := range alt {
					for _, s := range c.Skills {
						skills[s.String()] = true
					}
					if c.Target > 0 {
						targets[c.Target] = true
					}
					successes[c.Successes] = true
				}
			}
		}
	}
	assert.Len(t, skills, 4, "tests use every skill")
	for v := 3; v <= 6; v++ {
		assert.True(t, targets[v], "some test has target %d+", v)
	}
	for v := 1; v <= 4; v++ {
		assert.True(t, successes[v], "some test needs %d successes", v)
	}
}

// TestEveryRuleFires plays the bundled set and checks that every rule the
// content can trigger fires in play: the competitive advanced game, the
// cooperative game against each organization, and the team game.
func TestEveryRuleFires(t *testing.T) {
	if testing.Short() {
		t.Skip("plays thousands of games")
	}
	tables, _ := compileFNG(t)
	fired := map[string]bool{}
	for _, req := range []game.SimRequest{
		{Mode: "competitive", Players: 4, Games: 2000},
		{Mode: "competitive", Players: 3, Games: 1000, Policy: "mix"},
		{Mode: "coop", Players: 3, Games: 1000, Options: map[string]string{"org": "nazi"}},
		{Mode: "coop", Players: 2, Games: 1000, Options: map[string]string{"org": "mob"}},
	} {
		req.Seed, req.Stats, req.MaxRounds = 11, true, 100
		if req.Policy == "" {
			req.Policy = "cautious"
		}
		rep, err := game.Simulate(fng.Module.(game.Simulator), tables, req)
		require.NoError(t, err)
		never := map[string]bool{}
		for _, r := range rep.Coverage.RulesNeverTriggered {
			never[r] = true
		}
		for _, name := range fng.RuleNames {
			if !never[name] {
				fired[name] = true
			}
		}
	}
	var silent []string
	for _, name := range fng.RuleNames {
		if !fired[name] {
			silent = append(silent, name)
		}
	}
	assert.Empty(t, silent, "rules no game of the bundled set triggered")
}
