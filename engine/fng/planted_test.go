package fng

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/content/planted"
	"github.com/deckwright/deckwright/engine/game"
)

// fngCards is an expansion of planted cards: strong and weak cards in
// four decks dealt by chance, a card that can never be used, a Danger
// nobody passes, and harmless copies of base cards under new names.
func fngCards(b *planted.Base) []planted.Plant {
	return []planted.Plant{
		b.Like("Gear", "trusty-revolver", "thunder-gun", game.Overpowered, map[string]string{"Count": "2", "Bonus": "Combat +4, Agility +3"}),
		b.Like("Gear", "trusty-revolver", "lead-weights", game.Underpowered, map[string]string{"Count": "2", "Bonus": "Combat -3, Agility -3, Cunning -3, Lore -3"}),
		b.Copy("Gear", "trusty-revolver", "old-revolver"),
		b.Like("Events", "stroke-of-luck", "golden-idol", game.Overpowered, map[string]string{"Count": "2", "Effect": "gainGlory(5); gainFortune(4)"}),
		b.Like("Events", "stroke-of-luck", "cursed-letter", game.Underpowered, map[string]string{"Count": "2", "Effect": "loseFortune(4); loseGlory(4); wound(2)"}),
		b.Like("Events", "stroke-of-luck", "never-ever", game.KindDead, map[string]string{"Count": "2", "Immediately": "FALSE", "Timing": "test", "Condition": "round > 500", "Effect": "addDice(3)"}),
		b.Copy("Events", "stroke-of-luck", "lucky-coin"),
		b.Like("Allies", "moose-malone", "war-hero", game.Overpowered, map[string]string{"Count": "2", "Bonus": "Combat +3, Agility +3, Cunning +3, Lore +3"}),
		b.Copy("Allies", "moose-malone", "moose-cousin"),
		b.Like("City", "lecture-at-the-museum", "windfall", game.Overpowered, map[string]string{"Count": "2", "Effect": "gainFortune(5)"}),
		b.Like("City", "lecture-at-the-museum", "pickpockets", game.Underpowered, map[string]string{"Count": "2", "Effect": "loseFortune(4); loseGlory(3)"}),
		b.Copy("City", "lecture-at-the-museum", "evening-lecture"),
		b.Like("Dangers", "ancient-puzzle", "sheer-wall", game.KindImpossible, map[string]string{"Test": "Agility 6+ x9 and Lore 6+ x9", "Cliffhanger Test": "Agility 3+"}),
		b.Copy("Dangers", "ancient-puzzle", "puzzle-box"),
	}
}

// fngHeroes is an expansion of planted heroes: one far too strong (every
// skill 6, 10 wounds), one far too weak, and a harmless copy of a base
// hero, which sits at their tables: judged against a typical hero on the
// games without the far-out two, it is not flagged.
func fngHeroes(b *planted.Base) []planted.Plant {
	return []planted.Plant{
		b.Like("Heroes", "jake-zane", "iron-titan", game.Overpowered, map[string]string{"Combat": "6", "Agility": "6", "Cunning": "6", "Lore": "6", "Wounds": "10"}),
		b.Like("Heroes", "jake-zane", "feeble-clerk", game.Underpowered, map[string]string{"Combat": "1", "Agility": "1", "Cunning": "1", "Lore": "1",
			"Wounds": "3", "Bonus": "", "Timing": "", "Condition": "", "Effect": "", "Activate": "FALSE"}),
		b.Copy("Heroes", "jake-zane", "jake-twin"),
	}
}

// issueExpansion is the expansion of issue 11's Why, as a new user built
// it: a hero far too strong (every skill 6, 10 wounds) and one far too
// weak, a gun with Combat +4 and Agility +3, a Play Immediately Event
// worth 5 Glory and 4 Fortune, an Event whose condition can never hold,
// and harmless copies of base rows under new names (a revolver, an Event,
// a hero).
func issueExpansion(b *planted.Base) []planted.Plant {
	return append(fngHeroes(b),
		b.Like("Gear", "trusty-revolver", "thunder-gun", game.Overpowered, map[string]string{"Bonus": "Combat +4, Agility +3"}),
		b.Like("Events", "stroke-of-luck", "golden-idol", game.Overpowered, map[string]string{"Immediately": "TRUE", "Effect": "gainGlory(5); gainFortune(4)"}),
		b.Like("Events", "stroke-of-luck", "eclipse", game.KindDead, map[string]string{"Immediately": "FALSE", "Timing": "test", "Condition": "round > 500", "Effect": "addDice(3)"}),
		b.Copy("Gear", "trusty-revolver", "old-revolver"),
		b.Copy("Events", "stroke-of-luck", "lucky-coin"))
}

// The expansion of issue 11's Why, judged as the issue asks: every defect
// flagged with its kind, no copy flagged, and none of the base heroes
// either. Beside the strong hero they do not all lose alike, so a verdict
// against the fair share would flag one of them; each is judged against a
// typical hero on the games without the two far-out heroes at the table,
// and its plain difference from the fair share stays in the report.
func TestIssueExpansionIsJudgedRight(t *testing.T) {
	b, err := planted.Load(Module)
	require.NoError(t, err)
	plants := issueExpansion(b)
	tables, err := b.Build("planted", plants)
	require.NoError(t, err)
	rep, err := game.Simulate(Module, tables, game.SimRequest{Games: 8000, Players: 4, Mode: "competitive", Seed: 1, Policy: "cautious", MaxRounds: 100, Stats: true})
	require.NoError(t, err)
	r := planted.Check(rep, plants)
	assert.Empty(t, r.Missed, "every planted defect is flagged with its kind")
	assert.Empty(t, r.FalseFlags, "no harmless copy is flagged")
	assert.Equal(t, 5, r.Defects)
	assert.Equal(t, 3, r.Copies)
	defect := map[string]bool{}
	for _, p := range plants {
		defect[p.ID()] = p.Want != ""
	}
	byFairShare := 0
	for _, v := range rep.Verdicts {
		require.True(t, v.Typical(), "%s: judged against a typical hero at the same tables", v.ID)
		assert.Equal(t, "a typical hero at the same tables", v.Reference)
		u := v.Unadjusted
		require.NotNil(t, u)
		assert.Equal(t, "the fair share", u.Reference)
		assert.Equal(t, 0.25, u.RefRate)
		assert.InDelta(t, u.Rate-0.25, u.Delta, 0.0002)
		if defect[v.ID] {
			assert.Equal(t, "win rate in 4-player games", v.Measure, "a far-out hero is judged on all its games")
			assert.Equal(t, u.Games, v.Games)
			continue
		}
		assert.Equal(t, "win rate in 4-player games without feeble-clerk, iron-titan at the table", v.Measure)
		assert.NotContains(t, []string{game.Overpowered, game.Underpowered}, v.Verdict, "hero %s beside the strong one: %+v", v.ID, v)
		if math.Abs(u.Delta) >= v.Band && (u.DeltaLow > 0 || u.DeltaHigh < 0) {
			byFairShare++ // a verdict against the fair share would have flagged it
		}
	}
	assert.Positive(t, byFairShare, "beside the strong hero, the fair share misjudges a base hero")
}

// The acceptance test of issue 11 for Fortune and Glory: at a fixed seed
// every planted defect is flagged with the right kind and no harmless
// copy is flagged, nor (heroes) any base hero beside the planted ones, in
// the competitive game and (heroes) the cooperative one.
func TestPlantedDefectsAreFlagged(t *testing.T) {
	b, err := planted.Load(Module)
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		plants []planted.Plant
		heroes bool
		req    game.SimRequest
	}{
		// (The planted cards move the base heroes' balance themselves:
		// with them Shelly Hargrove and Sharon Hunter fall well behind.)
		{"cards, competitive", fngCards(b), false, game.SimRequest{Games: 4000, Players: 4, Mode: "competitive"}},
		{"heroes, competitive", fngHeroes(b), true, game.SimRequest{Games: 3000, Players: 4, Mode: "competitive"}},
		{"heroes, cooperative", fngHeroes(b), true, game.SimRequest{Games: 3000, Players: 2, Mode: "coop"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tables, err := b.Build("planted", tc.plants)
			require.NoError(t, err)
			req := tc.req
			req.Seed, req.Policy, req.MaxRounds, req.Stats = 1, "cautious", 100, true
			rep, err := game.Simulate(Module, tables, req)
			require.NoError(t, err)
			r := planted.Check(rep, tc.plants)
			assert.Empty(t, r.Missed, "every planted defect is flagged with its kind")
			assert.Empty(t, r.FalseFlags, "no harmless copy is flagged")
			assert.Positive(t, r.Defects+r.Copies)
			for _, f := range rep.Flags {
				if f.Subject == "hero" && tc.heroes {
					assert.True(t, strings.HasPrefix(f.Where, "planted.xlsx:"), "no base hero is flagged beside the planted ones: %+v", f)
				}
				if strings.HasPrefix(f.Where, "planted.xlsx:") {
					assert.Regexp(t, `^planted\.xlsx:[A-Za-z ]+![A-Z]+\d+$`, f.Where, "a flag names the cell of the row's ID")
				}
			}
		})
	}
}

// TestPlantedBatch measures, over a randomised batch of planted
// expansions, the share of clear defects flagged with their kind and the
// share of harmless copies flagged at all: the figures the README quotes.
// It takes minutes, so it runs with DECKWRIGHT_LONG=1.
func TestPlantedBatch(t *testing.T) {
	if os.Getenv("DECKWRIGHT_LONG") != "1" {
		t.Skip("a long batch: DECKWRIGHT_LONG=1 runs it")
	}
	b, err := planted.Load(Module)
	require.NoError(t, err)
	req := game.SimRequest{Games: 4000, Players: 4, Mode: "competitive", Policy: "cautious", MaxRounds: 100, Stats: true}

	// Harmless copies are copies of base cards and heroes the bundled set's
	// own run shows fine (or, with no verdict, does not flag): a copy of a
	// card that is itself out of line, or may be, is not surely harmless.
	tables, err := b.Build("none", nil)
	require.NoError(t, err)
	base, err := game.Simulate(Module, tables, req)
	require.NoError(t, err)
	flagged := map[string]bool{}
	for _, f := range base.Flags {
		flagged[f.ID] = true
	}
	for _, c := range base.Cards {
		if c.Peers != nil && c.Peers.Verdict != game.Fine {
			flagged[c.ID] = true // not shown fine: a copy of it is not surely harmless
		}
	}
	for _, v := range base.Verdicts {
		if v.Verdict != game.Fine {
			flagged[v.ID] = true
		}
	}
	fine := func(sheet string) []string {
		var out []string
		for _, id := range b.IDs(sheet) {
			if r, _ := b.Row(sheet, id); !flagged[id] && r["Count"] != "0" && r["Advanced"] != "TRUE" {
				out = append(out, id)
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(11, 11))
	between := func(lo, hi int) string { return strconv.Itoa(lo + rng.IntN(hi-lo+1)) }
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	gear, events, allies, city, dangers := fine("Gear"), fine("Events"), fine("Allies"), fine("City"), fine("Dangers")
	defects := []func(id string) planted.Plant{
		func(id string) planted.Plant {
			return b.Like("Gear", pick(gear), id, game.Overpowered, map[string]string{"Count": "2", "Activate": "FALSE", "Timing": "", "Condition": "", "Effect": "",
				"Bonus": "Combat +" + between(3, 5) + ", Agility +" + between(3, 4)})
		},
		func(id string) planted.Plant {
			x := between(3, 4)
			return b.Like("Gear", pick(gear), id, game.Underpowered, map[string]string{"Count": "2", "Activate": "FALSE", "Timing": "", "Condition": "", "Effect": "",
				"Bonus": "Combat -" + x + ", Agility -" + x + ", Cunning -" + x + ", Lore -" + x})
		},
		func(id string) planted.Plant {
			return b.Like("Events", pick(events), id, game.Overpowered, map[string]string{"Count": "2", "Immediately": "TRUE", "Timing": "immediately", "Target": "self",
				"Condition": "", "Remains": "FALSE", "Bonus": "", "Effect": "gainGlory(" + between(3, 6) + "); gainFortune(" + between(3, 5) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Events", pick(events), id, game.Underpowered, map[string]string{"Count": "2", "Immediately": "TRUE", "Timing": "immediately", "Target": "self",
				"Condition": "", "Remains": "FALSE", "Bonus": "", "Effect": "loseFortune(" + between(3, 5) + "); loseGlory(" + between(3, 5) + "); wound(" + between(1, 2) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Events", pick(events), id, game.KindDead, map[string]string{"Count": "2", "Immediately": "FALSE", "Timing": "test", "Target": "self",
				"Condition": "round > " + between(300, 900), "Remains": "FALSE", "Effect": "addDice(3)"})
		},
		func(id string) planted.Plant {
			k := between(3, 4)
			return b.Like("Allies", pick(allies), id, game.Overpowered, map[string]string{"Count": "2",
				"Bonus": "Combat +" + k + ", Agility +" + k + ", Cunning +" + k + ", Lore +" + k})
		},
		func(id string) planted.Plant {
			return b.Like("City", pick(city), id, game.Overpowered, map[string]string{"Count": "2", "Secret": "FALSE", "Timing": "", "Target": "self", "Condition": "",
				"Test": "", "Glory": "", "Cliffhanger Test": "", "Cliffhanger Glory": "", "Cliffhanger Effect": "", "Remains": "FALSE", "Bonus": "",
				"Effect": "gainFortune(" + between(4, 6) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("City", pick(city), id, game.Underpowered, map[string]string{"Count": "2", "Secret": "FALSE", "Timing": "", "Target": "self", "Condition": "",
				"Test": "", "Glory": "", "Cliffhanger Test": "", "Cliffhanger Glory": "", "Cliffhanger Effect": "", "Remains": "FALSE", "Bonus": "",
				"Effect": "loseFortune(" + between(3, 5) + "); loseGlory(" + between(3, 4) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Dangers", pick(dangers), id, game.KindImpossible, map[string]string{"Test": pick([]string{"Agility", "Combat"}) + " 6+ x9 and " +
				pick([]string{"Lore", "Cunning"}) + " 6+ x9", "Cliffhanger Test": "Agility 3+"})
		},
	}
	copies := map[string][]string{"Gear": gear, "Events": events, "Allies": allies, "City": city, "Dangers": dangers}
	var total planted.Result
	for trial := range 30 {
		var plants []planted.Plant
		for k := range 4 {
			plants = append(plants, defects[rng.IntN(len(defects))](fmt.Sprintf("defect-%d-%d", trial, k)))
		}
		for k, sheet := range []string{"Gear", "Events", "Allies", "City", "Dangers"} {
			plants = append(plants, b.Copy(sheet, pick(copies[sheet]), fmt.Sprintf("copy-%d-%d", trial, k)))
		}
		tables, err := b.Build("planted", plants)
		require.NoError(t, err)
		req.Seed = uint64(100 + trial)
		rep, err := game.Simulate(Module, tables, req)
		require.NoError(t, err)
		total.Add(planted.Check(rep, plants))
	}
	// Heroes: a strong, a weak and a harmless copy of heroes the base run
	// finds fine, in one expansion: the copy and the base heroes sit at
	// the strong hero's tables, and win less than the fair share there
	// without being any weaker.
	heroes := fine("Heroes")
	fineHero := map[string]bool{}
	for _, id := range heroes {
		fineHero[id] = true
	}
	req.Games = 3000
	for trial := range 10 {
		plants := []planted.Plant{
			b.Like("Heroes", pick(heroes), fmt.Sprintf("strong-%d", trial), game.Overpowered, map[string]string{
				"Combat": between(5, 6), "Agility": between(5, 6), "Cunning": between(5, 6), "Lore": between(5, 6), "Wounds": between(9, 10)}),
			b.Like("Heroes", pick(heroes), fmt.Sprintf("weak-%d", trial), game.Underpowered, map[string]string{
				"Combat": "1", "Agility": "1", "Cunning": "1", "Lore": between(1, 2), "Wounds": between(2, 3), "Bonus": "", "Timing": "", "Condition": "", "Effect": "", "Activate": "FALSE"}),
			b.Copy("Heroes", pick(heroes), fmt.Sprintf("copy-hero-%d", trial)),
		}
		tables, err := b.Build("planted", plants)
		require.NoError(t, err)
		req.Seed = uint64(200 + trial)
		rep, err := game.Simulate(Module, tables, req)
		require.NoError(t, err)
		r := planted.Check(rep, plants)
		r.Beside(rep, plants, fineHero)
		total.Add(r)
	}
	t.Logf("Fortune and Glory: %s", total)
	for _, m := range total.Missed {
		t.Logf("missed %s", m)
	}
	for _, f := range total.FalseFlags {
		t.Logf("false flag %s", f)
	}
	for _, f := range total.BystanderFlags {
		t.Logf("base hero flagged beside planted ones %s", f)
	}
	assert.GreaterOrEqual(t, float64(total.Caught), 0.95*float64(total.Defects), "at least 95%% of clear defects caught")
	assert.LessOrEqual(t, float64(total.Flagged), 0.05*float64(total.Copies), "at most 5%% of harmless copies flagged")
	assert.LessOrEqual(t, float64(total.BystandersFlagged), 0.05*float64(total.Bystanders), "at most 5%% of fine base heroes flagged beside planted ones")
}
