package fallenland

import (
	"fmt"
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

// flCards is an expansion of planted cards: strong and weak Characters,
// Spoils and Actions (the three decks players draw from by chance), an
// Action that can never be played, an Encounter nobody passes, and
// harmless copies of base cards under new names.
func flCards(b *planted.Base) []planted.Plant {
	return []planted.Plant{
		b.Like("Characters", "rosa-delgado", "iron-marshal", game.Overpowered, map[string]string{"Count": "2", "Health": "16",
			"Ability Text": "End of each Turn: +2 Town Health.", "Timing": "end-turn", "Condition": "", "Effect": "gainTownHealth(2)", "Limit": "none"}),
		b.Like("Characters", "rosa-delgado", "frail-drifter", game.Underpowered, map[string]string{"Count": "2",
			"Ability Text": "End of each Turn: -3 Town Health.", "Timing": "end-turn", "Condition": "", "Effect": "loseTownHealth(3)", "Limit": "none"}),
		b.Copy("Characters", "rosa-delgado", "rosa-twin"),
		b.Like("Spoils", "machete", "war-chest", game.Overpowered, map[string]string{"Count": "2", "Timing": "on-draw", "Effect": "gainTownHealth(8)"}),
		b.Like("Spoils", "machete", "plague-crate", game.Underpowered, map[string]string{"Count": "2", "Timing": "on-draw", "Effect": "loseTownHealth(8)"}),
		b.Copy("Spoils", "machete", "old-machete"),
		b.Like("Actions", "caravan-rumor", "hidden-cache", game.Overpowered, map[string]string{"Count": "2", "Effect": "gainTownHealth(8); gainPrestige(3)"}),
		b.Like("Actions", "caravan-rumor", "never-now", game.KindDead, map[string]string{"Count": "2", "Condition": "turn > 500"}),
		b.Copy("Actions", "caravan-rumor", "market-rumor"),
		b.Like("Encounters", "feral-dogs", "sheer-cliff", game.KindImpossible, map[string]string{"Checks": "40 Medical solo"}),
		b.Copy("Encounters", "feral-dogs", "wild-dogs"),
	}
}

// flFactions replaces two base Factions (each owns its town): one far
// too strong, one far too weak.
func flFactions(b *planted.Base) []planted.Plant {
	return []planted.Plant{
		b.Replace("Factions", "ashford-grange", game.Overpowered, map[string]string{"Starting Town Health": "30", "Starting Prestige": "4"}),
		b.Replace("Factions", "kettle-ridge-miners", game.Underpowered, map[string]string{"Starting Town Health": "-20"}),
	}
}

// The acceptance test of issue 11 for Fallen Land: at a fixed seed every
// planted defect (cards and Factions) is flagged with the right kind and
// no harmless copy is flagged.
func TestPlantedDefectsAreFlagged(t *testing.T) {
	b, err := planted.Load(Module)
	require.NoError(t, err)
	plants := append(flCards(b), flFactions(b)...)
	tables, err := b.Build("planted", plants)
	require.NoError(t, err)
	rep, err := game.Simulate(Module.(game.Simulator), tables, game.SimRequest{Games: 2000, Players: 4, Seed: 1, Policy: "cautious", MaxRounds: 100, Stats: true})
	require.NoError(t, err)
	r := planted.Check(rep, plants)
	assert.Empty(t, r.Missed, "every planted defect is flagged with its kind")
	assert.Empty(t, r.FalseFlags, "no harmless copy is flagged")
	assert.Equal(t, 9, r.Defects)
	assert.Equal(t, 4, r.Copies)
	for _, f := range rep.Flags {
		if strings.HasPrefix(f.Where, "planted.xlsx:") {
			assert.Regexp(t, `^planted\.xlsx:[A-Za-z ]+![A-Z]+\d+$`, f.Where, "a flag names the cell of the row's ID")
		}
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
	sim := Module.(game.Simulator)
	req := game.SimRequest{Games: 2000, Players: 4, Policy: "cautious", MaxRounds: 100, Stats: true}

	// Harmless copies are copies of base cards the bundled set's own run
	// shows fine (or, with no verdict, does not flag).
	tables, err := b.Build("none", nil)
	require.NoError(t, err)
	base, err := game.Simulate(sim, tables, req)
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
	fine := func(sheet string, ok func(map[string]string) bool) []string {
		var out []string
		for _, id := range b.IDs(sheet) {
			if r, _ := b.Row(sheet, id); !flagged[id] && r["Count"] != "0" && r["Faction"] == "" && (ok == nil || ok(r)) {
				out = append(out, id)
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(12, 12))
	between := func(lo, hi int) string { return strconv.Itoa(lo + rng.IntN(hi-lo+1)) }
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	plain := func(r map[string]string) bool { return r["Timing"] == "" || r["Timing"] == "passive" }
	chars, spoils := fine("Characters", plain), fine("Spoils", plain)
	actions := fine("Actions", func(r map[string]string) bool { return r["Timing"] == "effects" && r["Kind"] == "" })
	encounters := fine("Encounters", func(r map[string]string) bool {
		return r["Deck"] == "plains" && r["Alt Success"] == "" && r["Alt Failure"] == "" && r["Before"] == "" && r["POI"] == ""
	})
	ability := func(text, timing, effect string) map[string]string {
		return map[string]string{"Count": "2", "Ability Text": text, "Timing": timing, "Condition": "", "Effect": effect, "Limit": "none"}
	}
	defects := []func(id string) planted.Plant{
		func(id string) planted.Plant {
			return b.Like("Characters", pick(chars), id, game.Overpowered, ability("+Town Health.", "end-turn", "gainTownHealth("+between(2, 3)+")"))
		},
		func(id string) planted.Plant {
			return b.Like("Characters", pick(chars), id, game.Underpowered, ability("-Town Health.", "end-turn", "loseTownHealth("+between(3, 4)+")"))
		},
		func(id string) planted.Plant {
			return b.Like("Spoils", pick(spoils), id, game.Overpowered, map[string]string{"Count": "2", "Timing": "on-draw", "Condition": "", "Effect": "gainTownHealth(" + between(8, 12) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Spoils", pick(spoils), id, game.Underpowered, map[string]string{"Count": "2", "Timing": "on-draw", "Condition": "", "Effect": "loseTownHealth(" + between(8, 12) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Actions", pick(actions), id, game.Overpowered, map[string]string{"Count": "2", "Condition": "", "Target": "",
				"Effect": "gainTownHealth(" + between(8, 10) + "); gainPrestige(" + between(2, 3) + ")"})
		},
		func(id string) planted.Plant {
			return b.Like("Actions", pick(actions), id, game.KindDead, map[string]string{"Count": "2", "Target": "", "Condition": "turn > " + between(300, 900)})
		},
		func(id string) planted.Plant {
			return b.Like("Encounters", pick(encounters), id, game.KindImpossible, map[string]string{"Checks": "40 " + pick([]string{"Medical", "Technical", "Diplomacy"}) + " solo"})
		},
	}
	copies := map[string][]string{"Characters": chars, "Spoils": spoils, "Actions": actions, "Encounters": encounters}
	factions := b.IDs("Factions")
	fineFaction := map[string]bool{}
	for _, id := range factions {
		fineFaction[id] = !flagged[id]
	}
	var total planted.Result
	for trial := range 30 {
		var plants []planted.Plant
		for k := range 4 {
			plants = append(plants, defects[rng.IntN(len(defects))](fmt.Sprintf("defect-%d-%d", trial, k)))
		}
		for k, sheet := range []string{"Characters", "Spoils", "Actions", "Encounters"} {
			plants = append(plants, b.Copy(sheet, pick(copies[sheet]), fmt.Sprintf("copy-%d-%d", trial, k)))
		}
		if trial%3 == 0 {
			// A Faction out of line (Factions own their towns: replaced).
			strong, weak := pick(factions), pick(factions)
			for weak == strong {
				weak = pick(factions)
			}
			plants = append(plants, b.Replace("Factions", strong, game.Overpowered, map[string]string{"Starting Town Health": between(24, 30)}),
				b.Replace("Factions", weak, game.Underpowered, map[string]string{"Starting Town Health": "-" + between(15, 25)}))
		}
		tables, err := b.Build("planted", plants)
		require.NoError(t, err)
		req.Seed = uint64(100 + trial)
		rep, err := game.Simulate(sim, tables, req)
		require.NoError(t, err)
		r := planted.Check(rep, plants)
		if trial%3 == 0 {
			r.Beside(rep, plants, fineFaction)
		}
		total.Add(r)
	}
	t.Logf("Fallen Land: %s", total)
	for _, m := range total.Missed {
		t.Logf("missed %s", m)
	}
	for _, f := range total.FalseFlags {
		t.Logf("false flag %s", f)
	}
	for _, f := range total.BystanderFlags {
		t.Logf("base Faction flagged beside planted ones %s", f)
	}
	assert.GreaterOrEqual(t, float64(total.Caught), 0.95*float64(total.Defects), "at least 95%% of clear defects caught")
	assert.LessOrEqual(t, float64(total.Flagged), 0.05*float64(total.Copies), "at most 5%% of harmless copies flagged")
	assert.LessOrEqual(t, float64(total.BystandersFlagged), 0.05*float64(total.Bystanders), "at most 5%% of fine base Factions flagged beside planted ones")
}
