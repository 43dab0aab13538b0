package fallenland

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
)

// diagnose compiles the test content with an edit and returns every
// diagnostic.
func diagnose(t *testing.T, edit func(sheets)) []diag.Diagnostic {
	t.Helper()
	sh := baseSheets()
	edit(sh)
	var out []compiler.SheetData
	for _, sheet := range Schema.Sheets {
		if rows, ok := sh[sheet.Name]; ok {
			out = append(out, compiler.SheetData{Sheet: sheet.Name, Rows: rows})
		}
	}
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, Schema, compiler.SetRow{ID: "fl-test", Name: "t", Game: GameID}, out))
	wb, l := compiler.ReadWorkbook("t.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.NotNil(t, wb)
	_, l2 := compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{})
	l.Append(l2)
	return l.Items()
}

func codes(ds []diag.Diagnostic) []diag.Code {
	var out []diag.Code
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

// TestTestContentIsClean: the fixture itself only warns about what a
// small test map lacks.
func TestTestContentIsClean(t *testing.T) {
	for _, d := range diagnose(t, func(sheets) {}) {
		assert.Contains(t, []diag.Code{CodeRandomGap, CodeMapCounts, CodePerks, CodeCategoryUse}, d.Code, d.String())
	}
}

func TestValidate(t *testing.T) {
	set := func(sheet, id, col, val string) func(sheets) {
		return func(s sheets) {
			for _, r := range s[sheet] {
				if r["ID"] == id {
					r[col] = val
				}
			}
		}
	}
	add := func(sheet string, r map[string]string) func(sheets) {
		return func(s sheets) { s[sheet] = append(s[sheet], r) }
	}
	for _, tc := range []struct {
		name string
		edit func(sheets)
		code diag.Code
	}{
		{"unknown rule", add("Rules", row("ID", "victory-presige", "Name", "x", "Value", "3")), CodeRuleUnknown},
		{"missing rule", func(s sheets) { s["Rules"] = s["Rules"][1:] }, CodeRuleMissing},
		{"rule out of range", set("Rules", "party-size", "Value", "9"), CodeRuleRange},
		{"Town Events gap", func(s sheets) { s["Town Events"] = s["Town Events"][1:] }, CodeChart},
		{"Town Events overlap", set("Town Events", "ev-2", "To", "3"), CodeChart},
		{"production gap", func(s sheets) { s["Resource Production"] = s["Resource Production"][:4] }, CodeChart},
		{"tech number twice", set("Technologies", "marketplace", "Number", "1"), CodeTech},
		{"auto-success without skill", set("Technologies", "garrison", "Skill", ""), CodeTech},
		{"hexes clash", set("Hexes", "t-0-1", "Q", "0"), CodeHexClash},
		{"random number twice", set("Hexes", "t-0-1", "Random Number", "1"), CodeHexClash},
		{"resource on water", set("Hexes", "t-1-3", "Feature", "resource"), CodeFeatureWater},
		{"town without Faction", set("Hexes", "t-8-6", "Feature", "town"), CodeTown},
		{"Start Hex not a town", set("Factions", "f-c", "Start Hex", "t-8-6"), CodeTown},
		{"map cut", func(s sheets) {
			for _, r := range s["Hexes"] {
				if r["ID"] == "t-1-20" || r["ID"] == "t-3-20" {
					r["Terrains"] = "water"
					delete(r, "Random Number")
				}
			}
		}, CodeDisconnected},
		{"same starting techs", set("Factions", "f-a", "Tech 2", "garrison"), CodeFaction},
		{"skill budget", set("Characters", "filler-0", "Combat", "9"), CodeSkillBudget},
		{"master without 10", func(s sheets) {
			set("Characters", "filler-0", "Master", "TRUE")(s)
			set("Characters", "filler-0", "Master Skill", "combat")(s)
		}, CodeSkillBudget},
		{"link to nothing", func(s sheets) {
			set("Characters", "filler-0", "Link", "Chainsaw")(s)
			set("Characters", "filler-0", "Link Bonus", "Combat +1")(s)
		}, CodeLink},
		{"vehicle without skills", add("Spoils", row("ID", "cart", "Name", "Cart", "Categories", "Vehicle", "Text", "A cart.")), CodeSpoils},
		{"permanent without host", add("Spoils", row("ID", "scope", "Name", "Scope", "Categories", "Permanent", "Text", "A scope.")), CodeSpoils},
		{"event without effect", add("Spoils", row("ID", "boom", "Name", "Boom", "Categories", "Event", "Text", "Boom.")), CodeSpoils},
		{"NPCM without stats", add("Actions", row("ID", "merc", "Name", "Merc", "Kind", "npcm", "Text", "A merc.")), CodeAction},
		{"instant that does nothing", add("Actions", row("ID", "dud", "Name", "Dud", "Timing", "exploits", "Text", "Nothing.")), CodeAction},
		{"jinx on self", add("Actions", row("ID", "jinx", "Name", "Jinx", "Timing", "exploits", "Kind", "jinxed", "Bonuses", "Combat -1", "Text", "Jinx.")), CodeAction},
		{"alt outcome without or", set("Encounters", "plains-0", "Alt Success", "gainSalvage(1)"), CodeOutcome},
		{"POI on a non-World card", set("Encounters", "plains-0", "POI", "here"), CodeOutcome},
		{"failure without checks", add("Encounters", row("ID", "calm", "Name", "Calm", "Deck", "plains", "Story", "Calm.", "Failure", "delay(1)")), CodeOutcome},
		{"empty deck", func(s sheets) {
			var keep []map[string]string
			for _, r := range s["Encounters"] {
				if r["Deck"] != "mountain" {
					keep = append(keep, r)
				}
			}
			s["Encounters"] = keep
		}, CodeEncounterDeck},
		{"ability without timing", set("Spoils", "knife-0", "Effect", "gainSalvage(1)"), CodeTiming},
		{"addSuccess outside a check", func(s sheets) {
			set("Spoils", "knife-0", "Effect", "addSuccess(1)")(s)
			set("Spoils", "knife-0", "Timing", "exploits")(s)
		}, CodeTiming},
		{"passCheck in an outcome", set("Encounters", "plains-0", "Success", "passCheck()"), CodeTiming},
		{"redraw in an outcome", set("Encounters", "plains-0", "Success", "redraw()"), CodeTiming},
		{"redraw outside the encounter timing", func(s sheets) {
			set("Spoils", "knife-0", "Effect", "redraw()")(s)
			set("Spoils", "knife-0", "Timing", "exploits")(s)
		}, CodeTiming},
		{"on-draw Perk", add("Perks", row("ID", "p-a-1", "Name", "Lucky", "Faction", "f-a", "Order", "1", "Text", "Lucky.",
			"Timing", "on-draw", "Effect", "gainSalvage(1)")), CodeTiming},
		{"passive Action card", add("Actions", row("ID", "idle", "Name", "Idle", "Timing", "passive", "Kind", "attach-party",
			"Bonuses", "Combat +1", "Text", "Idle.")), CodeAction},
		{"unused category", add("Categories", row("ID", "blunt", "Name", "Blunt")), CodeCategoryUse},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Contains(t, codes(diagnose(t, tc.edit)), tc.code)
		})
	}
}

// TestEnvImplemented: every declared verb and value has an implementation
// of the right type (Bind panics otherwise), and the environment checks
// the authoring forms AUTHORING.md shows.
func TestEnvImplemented(t *testing.T) {
	e := Env()
	for _, v := range e.Values() {
		_, ok := v.Get.(func(*Game) int64)
		assert.True(t, ok, "value %s", v.Name)
	}
	for _, v := range e.Verbs() {
		_, ok := v.Call.(func(*Game, effects.Args) int64)
		assert.True(t, ok, "verb %s", v.Name)
	}
	assert.Len(t, valueImpl, len(e.Values()), "no implementation without a declaration")
	assert.Len(t, verbImpl, len(e.Verbs()), "no implementation without a declaration")
}

// TestRulesBound: every declared rule constant is read into Rules.
func TestRulesBound(t *testing.T) {
	var r Rules
	b := r.bind()
	assert.Len(t, b, len(RuleDefs))
	for _, d := range RuleDefs {
		assert.Contains(t, b, d.ID)
		assert.True(t, d.Rulebook >= d.Min && d.Rulebook <= d.Max, d.ID)
	}
}

// TestBundledStrict: the bundled set validates with no errors and no
// warnings, as `deckwright validate --strict` requires.
func TestBundledStrict(t *testing.T) {
	set, ok := content.BaseOf(GameID)
	require.True(t, ok)
	data, err := set.Workbook()
	require.NoError(t, err)
	wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	tables, l := compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{Strict: true})
	require.NotNil(t, tables, "%v", l.Items())
	var msgs []string
	for _, d := range l.Items() {
		msgs = append(msgs, d.String())
	}
	assert.Empty(t, msgs)
	_, err = Load(tables)
	require.NoError(t, err)
}
