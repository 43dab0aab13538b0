package fallenland

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Module is Fallen Land.
var Module game.Simulator = module{game.NewBase(Schema, Env)}

type module struct{ game.Base }

// Validate checks what only the game knows, beyond the schema's checks.
func (module) Validate(v *game.Validation) {
	checkRules(v)
	checkCharts(v)
	checkTechs(v)
	hexes := checkMap(v)
	checkFactions(v, hexes)
	checkCharacters(v)
	checkSpoils(v)
	checkActions(v)
	checkOutcomes(v)
	checkTimings(v)
	checkCategories(v)
}

// Diagnostic codes of Fallen Land content.
var (
	CodeRuleUnknown   = diag.Register("DW2001", diag.Error, "the Rules sheet names a constant Fallen Land does not have")
	CodeRuleMissing   = diag.Register("DW2002", diag.Error, "a Fallen Land rule constant is missing from the build")
	CodeRuleRange     = diag.Register("DW2003", diag.Error, "a Fallen Land rule constant is outside its range")
	CodeChart         = diag.Register("DW2010", diag.Error, "a chart (Town Events, Resource Production, Defense Costs, Terrain) does not cover its rows exactly once")
	CodeTech          = diag.Register("DW2014", diag.Error, "a Town Technology's columns contradict each other, or two share a Number")
	CodeHexClash      = diag.Register("DW2020", diag.Error, "two hexes share coordinates or a Random Location number")
	CodeRandomGap     = diag.Register("DW2021", diag.Warning, "a Random Location number 1–100 is on no hex (rolls of it are re-rolled)")
	CodeTown          = diag.Register("DW2022", diag.Error, "town hexes and Factions' Starting Towns do not match one to one")
	CodeFeatureWater  = diag.Register("DW2023", diag.Error, "a Starting Town or Resource is on a Water hex")
	CodeDisconnected  = diag.Register("DW2024", diag.Error, "the map is not connected over passable hexes")
	CodeUnreachable   = diag.Register("DW2025", diag.Warning, "a Random Location hex cannot be entered by a Party (Water or cut off)")
	CodeMapCounts     = diag.Register("DW2026", diag.Warning, "the map's Starting Towns or Resources differ from the rulebook's 12 and 18")
	CodeFaction       = diag.Register("DW2030", diag.Error, "a Faction's columns contradict each other, or two share a Number")
	CodePerks         = diag.Register("DW2031", diag.Warning, "a Faction does not have four Perks in order 1–4")
	CodeSkillBudget   = diag.Register("DW2040", diag.Error, "a Character's Base Skills do not add up to 35 (40 for a Master)")
	CodeMaster        = diag.Register("DW2041", diag.Error, "a Master needs a Master Skill of exactly 10; a non-Master has none")
	CodeLink          = diag.Register("DW2042", diag.Error, "a Link names no Spoils card or category")
	CodeSpoils        = diag.Register("DW2043", diag.Error, "a Spoils card's columns contradict its categories (a Vehicle without skills, a Permanent without Attaches To, …)")
	CodeCategoryUse   = diag.Register("DW2044", diag.Warning, "a category is used on a kind of card it does not apply to, or by no card")
	CodeAction        = diag.Register("DW2050", diag.Error, "an Action card's columns contradict its Kind (an NPCM without Omega, a town-tech card without a Technology, …)")
	CodeOutcome       = diag.Register("DW2051", diag.Error, "an Encounter or Mission's outcome columns do not fit its checks or World flag")
	CodeTiming        = diag.Register("DW2052", diag.Error, "an ability's timing and its effect do not fit")
	CodeEncounterDeck = diag.Register("DW2053", diag.Error, "one of the Plains, Mountain and City/Rad decks, or the Missions, is empty")
)

// rule returns a rule constant's value from the tables, or its rulebook
// value when the sheet lacks it (that is reported separately).
func rule(t *table.Tables, id string) int {
	if v, ok := game.Rule(t, id); ok {
		return v
	}
	if d := ruleDef(id); d != nil {
		return d.Rulebook
	}
	return 0
}

func checkRules(v *game.Validation) {
	game.CheckRules(v, RuleDefs, game.RuleCodes{Unknown: CodeRuleUnknown, Range: CodeRuleRange, Missing: CodeRuleMissing})
}

// coverOnce checks that the rows of a chart give each of lo..hi exactly once.
func coverOnce(v *game.Validation, sheet, col string, lo, hi int, span func(*table.Row) (int, int)) {
	seen := map[int]*table.Row{}
	for _, r := range v.Tables.Rows(sheet) {
		a, b := span(r)
		if a > b {
			v.Errorf(r, col, CodeChart, "the row covers %d to %d: From must not exceed To", a, b)
			continue
		}
		reported := false
		for n := a; n <= b; n++ {
			if prev := seen[n]; prev != nil {
				if !reported {
					v.Errorf(r, col, CodeChart, "%d is already covered by %s", n, prev.Pos(col))
					reported = true
				}
				continue
			}
			seen[n] = r
		}
	}
	if !v.Complete(sheet, "rules") {
		return // a row, or the rule giving the chart's size, did not compile
	}
	var missing []string
	for n := lo; n <= hi; n++ {
		if seen[n] == nil {
			missing = append(missing, fmt.Sprint(n))
		}
	}
	if len(missing) > 0 {
		v.Diags.Errorf(game.TablePos(v.Tables, sheet), CodeChart, "the %s sheet has no row for %s", v.Tables.Table(sheet).Name, strings.Join(missing, ", "))
	}
}

func checkCharts(v *game.Validation) {
	t := v.Tables
	coverOnce(v, "town_events", "From", 1, 10, func(r *table.Row) (int, int) { return r.Int("from"), r.Int("to") })
	coverOnce(v, "resource_production", "Owned", 1, rule(t, "max-resources"), func(r *table.Row) (int, int) { return r.Int("owned"), r.Int("owned") })
	coverOnce(v, "defense_costs", "Ordinal", 1, rule(t, "max-tdc"), func(r *table.Row) (int, int) { return r.Int("ordinal"), r.Int("ordinal") })
	seen := map[string]*table.Row{}
	for _, r := range t.Rows("terrain") {
		k := r.Str("terrain")
		if prev := seen[k]; prev != nil {
			v.Errorf(r, "Terrain", CodeChart, "terrain %s already has a row (%s)", k, prev.Pos("Terrain"))
		}
		seen[k] = r
		if k == "water" && r.Str("deck") != "none" {
			v.Errorf(r, "Deck", CodeChart, "Water has no Encounter deck")
		}
	}
	var missing []string
	for _, k := range terrainKeys {
		if seen[k] == nil {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 && v.Complete("terrain") {
		v.Diags.Errorf(game.TablePos(t, "terrain"), CodeChart, "the Terrain sheet has no row for %s", strings.Join(missing, ", "))
	}
}

func checkTechs(v *game.Validation) {
	seen := map[int]*table.Row{}
	for _, r := range v.Tables.Rows("technologies") {
		n := r.Int("number")
		if prev := seen[n]; prev != nil {
			v.Errorf(r, "Number", CodeTech, "Number %d is already %s's (%s): random-Technology rolls need each number once", n, prev.ID, prev.Pos("Number"))
		}
		seen[n] = r
		if r.Str("kind") == "auto-success" && !r.Has("skill") {
			v.Errorf(r, "Skill", CodeTech, "an auto-success Technology names the Skill of the Party checks it helps")
		}
		if r.Str("kind") != "auto-success" && r.Has("skill") {
			v.Errorf(r, "Skill", CodeTech, "only auto-success Technologies have a Skill")
		}
		if r.Int("tier_2_amount") < r.Int("tier_1_amount") {
			v.Errorf(r, "Tier 2 Amount", CodeTech, "Tier 2 is the upgrade: its amount should not be below Tier 1's")
		}
	}
}

func axialKey(q, r int) [2]int { return [2]int{q, r} }

// hexNeighbours are the six axial directions.
var hexNeighbours = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}

func checkMap(v *game.Validation) map[string]*table.Row {
	rows := v.Tables.Rows("hexes")
	byID := map[string]*table.Row{}
	at := map[[2]int]*table.Row{}
	numbers := map[int]*table.Row{}
	water := func(r *table.Row) bool {
		for _, t := range r.List("terrains") {
			if t == "water" {
				return true
			}
		}
		return false
	}
	passable := func(r *table.Row) bool {
		for _, t := range r.List("terrains") {
			if t != "water" {
				return true
			}
		}
		return false
	}
	towns, resources := 0, 0
	for _, r := range rows {
		byID[r.ID] = r
		k := axialKey(r.Int("q"), r.Int("r"))
		if prev := at[k]; prev != nil {
			v.Errorf(r, "Q", CodeHexClash, "hex %s is at (%d, %d) like %s", r.ID, k[0], k[1], prev.ID)
		} else {
			at[k] = r
		}
		if r.Has("random_number") {
			n := r.Int("random_number")
			if prev := numbers[n]; prev != nil {
				v.Errorf(r, "Random Number", CodeHexClash, "Random Location %d is already %s (%s)", n, prev.ID, prev.Pos("Random Number"))
			} else {
				numbers[n] = r
			}
		}
		switch r.Str("feature") {
		case "town":
			towns++
		case "resource":
			resources++
		}
		if f := r.Str("feature"); (f == "town" || f == "resource") && !passable(r) {
			v.Errorf(r, "Feature", CodeFeatureWater, "a %s cannot be on a Water hex", f)
		}
	}
	// Over the whole map: only when every hex compiled.
	if len(rows) == 0 || !v.Complete("hexes") {
		return byID
	}
	var gaps []string
	for n := 1; n <= 100; n++ {
		if numbers[n] == nil {
			gaps = append(gaps, fmt.Sprint(n))
		}
	}
	if len(gaps) > 0 {
		v.Diags.Add(diag.Warnf(game.TablePos(v.Tables, "hexes"), CodeRandomGap, "Random Location numbers %s are on no hex", compactRanges(gaps)).
			WithHint("give 100 hexes a Random Number each; rolls of a missing number are re-rolled"))
	}
	if towns != 12 || resources != 18 {
		v.Diags.Warnf(game.TablePos(v.Tables, "hexes"), CodeMapCounts, "the map has %d Starting Towns and %d Resources; the rulebook's has 12 and 18", towns, resources)
	}
	// Connectivity over passable hexes, from the first passable one.
	var start *table.Row
	for _, r := range rows {
		if passable(r) {
			start = r
			break
		}
	}
	seen := map[*table.Row]bool{}
	if start != nil {
		seen[start] = true
		queue := []*table.Row{start}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			for _, d := range hexNeighbours {
				n := at[axialKey(r.Int("q")+d[0], r.Int("r")+d[1])]
				if n != nil && !seen[n] && passable(n) {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
	}
	var cut []string
	var first *table.Row
	for _, r := range rows {
		if passable(r) && !seen[r] {
			if first == nil {
				first = r
			}
			cut = append(cut, r.ID)
		}
	}
	if len(cut) > 0 {
		v.Diags.Add(diag.Errorf(first.Pos("Q"), CodeDisconnected, "%d passable hex(es) cannot be reached from %s: %s", len(cut), start.ID, strings.Join(cut, ", ")).
			WithHint("connect them with passable hexes (Water is impassable)"))
	}
	var unreachable []string
	var firstU *table.Row
	for _, n := range sortedKeys(numbers) {
		r := numbers[n]
		if water(r) && !passable(r) {
			if firstU == nil {
				firstU = r
			}
			unreachable = append(unreachable, fmt.Sprintf("%d (%s)", n, r.ID))
		}
	}
	if len(unreachable) > 0 {
		v.Diags.Add(diag.Warnf(firstU.Pos("Random Number"), CodeUnreachable, "Random Locations on Water: %s", strings.Join(unreachable, ", ")).
			WithHint("Mission chips re-roll there by default; a Party sent there by a card is stuck until it moves off"))
	}
	return byID
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// compactRanges shortens "1, 2, 3, 7" to "1–3, 7".
func compactRanges(nums []string) string {
	var out []string
	var ints []int
	for _, s := range nums {
		var n int
		fmt.Sscan(s, &n)
		ints = append(ints, n)
	}
	for i := 0; i < len(ints); {
		j := i
		for j+1 < len(ints) && ints[j+1] == ints[j]+1 {
			j++
		}
		if j > i {
			out = append(out, fmt.Sprintf("%d–%d", ints[i], ints[j]))
		} else {
			out = append(out, fmt.Sprint(ints[i]))
		}
		i = j + 1
	}
	return strings.Join(out, ", ")
}

func checkFactions(v *game.Validation, hexes map[string]*table.Row) {
	numbers := map[int]*table.Row{}
	starts := map[string]*table.Row{}
	for _, r := range v.Tables.Rows("factions") {
		n := r.Int("number")
		if prev := numbers[n]; prev != nil {
			v.Errorf(r, "Number", CodeFaction, "Faction number %d is already %s's", n, prev.ID)
		}
		numbers[n] = r
		if r.Str("tech_1") != "" && r.Str("tech_1") == r.Str("tech_2") {
			v.Errorf(r, "Tech 2", CodeFaction, "the two starting Town Technologies must differ")
		}
		h := r.Str("start_hex")
		if hx := hexes[h]; hx != nil && hx.Str("feature") != "town" {
			v.Diags.Add(diag.Errorf(r.Pos("Start Hex"), CodeTown, "Starting Town %s is not a town hex (its Feature is %q)", h, hx.Str("feature")).WithHint("set Feature = town on " + hx.Pos("Feature").String()))
		}
		if prev := starts[h]; prev != nil && h != "" {
			v.Errorf(r, "Start Hex", CodeTown, "%s is already %s's Starting Town", h, prev.ID)
		}
		starts[h] = r
		for _, s := range r.List("starting_spoils") {
			if sp := findRow(v.Tables, "spoils", s); sp != nil && sp.Str("faction") != "" && sp.Str("faction") != r.ID {
				v.Errorf(r, "Starting Spoils", CodeFaction, "%s is %s's Perk Spoils card", s, sp.Str("faction"))
			}
		}
	}
	for _, r := range v.Tables.Rows("hexes") {
		if r.Str("feature") == "town" && starts[r.ID] == nil && v.Complete("factions") {
			v.Diags.Add(diag.Errorf(r.Pos("Feature"), CodeTown, "town hex %s is no Faction's Starting Town", r.ID).WithHint("name it as a Faction's Start Hex, or change its Feature"))
		}
	}
	perks := map[string][]*table.Row{}
	for _, r := range v.Tables.Rows("perks") {
		perks[r.Str("faction")] = append(perks[r.Str("faction")], r)
	}
	for _, f := range v.Tables.Rows("factions") {
		orders := map[int]bool{}
		for _, p := range perks[f.ID] {
			orders[p.Int("order")] = true
		}
		if (len(perks[f.ID]) != 4 || len(orders) != 4) && v.Complete("perks") {
			v.Warnf(f, "ID", CodePerks, "%s has %d Perks (orders %v); a mat prints four, in order 1–4", f.ID, len(perks[f.ID]), sortedKeys(orders))
		}
	}
}

func findRow(t *table.Tables, sheet, id string) *table.Row {
	if tb := t.Table(sheet); tb != nil {
		return tb.Find(id)
	}
	return nil
}

func checkCharacters(v *game.Validation) {
	// A Link may name any Spoils card or category, compiled or not.
	spoils := map[string]bool{}
	for _, r := range v.All.Rows("spoils") {
		spoils[diag.Fold(r.ID)] = true
		spoils[diag.Fold(r.Str("name"))] = true
	}
	cats := map[string]bool{}
	for _, r := range v.All.Rows("categories") {
		cats[diag.Fold(r.ID)] = true
		cats[diag.Fold(r.Str("name"))] = true
	}
	var linkable []string
	for _, r := range v.All.Rows("spoils") {
		linkable = append(linkable, r.ID)
	}
	for _, r := range v.All.Rows("categories") {
		linkable = append(linkable, r.Str("name"))
	}
	for _, r := range v.Tables.Rows("characters") {
		sum := 0
		tens := 0
		for _, k := range skillKeys {
			sum += r.Int(k)
			if r.Int(k) == 10 {
				tens++
			}
		}
		master := r.Bool("master")
		want := 35
		if master {
			want = 40
		}
		if sum != want && !r.Bool("budget_override") {
			v.Diags.Add(diag.Errorf(r.Pos("Combat"), CodeSkillBudget, "the six Base Skills add up to %d, not %d", sum, want).WithHint("adjust the skills, or set Budget Override to TRUE"))
		}
		switch {
		case master && !r.Has("master_skill"):
			v.Errorf(r, "Master Skill", CodeMaster, "a Master names the Master Skill")
		case master && r.Int(r.Str("master_skill")) != 10:
			v.Errorf(r, "Master Skill", CodeMaster, "a Master's %s must be 10, not %d", r.Str("master_skill"), r.Int(r.Str("master_skill")))
		case !master && r.Has("master_skill"):
			v.Errorf(r, "Master Skill", CodeMaster, "only a Master has a Master Skill (set Master to TRUE)")
		}
		for _, l := range r.List("link") {
			if !spoils[diag.Fold(l)] && !cats[diag.Fold(l)] {
				v.Diags.Add(diag.Errorf(r.Pos("Link"), CodeLink, "Link %q names no Spoils card or category", l).WithHint(diag.DidYouMean(l, linkable)))
			}
		}
		if r.Has("link_bonus") && !r.Has("link") {
			v.Errorf(r, "Link Bonus", CodeLink, "a Link Bonus needs a Link")
		}
	}
}

// categoryRules maps category IDs to their Rule.
func categoryRules(t *table.Tables) map[string]string {
	out := map[string]string{}
	for _, r := range t.Rows("categories") {
		out[r.ID] = r.Str("rule")
	}
	return out
}

// knownAll reports whether every category compiled (is in rules).
func knownAll(cats []string, rules map[string]string) bool {
	for _, c := range cats {
		if _, ok := rules[c]; !ok {
			return false
		}
	}
	return true
}

func hasRule(cats []string, rules map[string]string, rule string) bool {
	for _, c := range cats {
		if rules[c] == rule {
			return true
		}
	}
	return false
}

func checkSpoils(v *game.Validation) {
	rules := categoryRules(v.Tables)
	for _, r := range v.Tables.Rows("spoils") {
		cats := r.List("categories")
		if !knownAll(cats, rules) || !knownAll(r.List("attaches_to"), rules) {
			continue // a category that did not compile: its rules are unknown
		}
		vehicle := hasRule(cats, rules, "vehicle")
		if vehicle && !r.Has("vehicle_skills") {
			v.Diags.Add(diag.Errorf(r.Pos("Vehicle Skills"), CodeSpoils, "a Vehicle has its own Base Skills (the black die)").WithHint("e.g. Combat +4, Mechanical +3"))
		}
		if !vehicle && (r.Has("vehicle_skills") || r.Int("vehicle_capacity") > 0) {
			v.Errorf(r, "Vehicle Skills", CodeSpoils, "only a Vehicle (a category with Rule vehicle) has Vehicle Skills and Capacity")
		}
		if hasRule(cats, rules, "motorized") && !vehicle {
			v.Errorf(r, "Categories", CodeSpoils, "a motorized card must also be a Vehicle")
		}
		perm := hasRule(cats, rules, "permanent")
		if perm && !r.Has("attaches_to") {
			v.Errorf(r, "Attaches To", CodeSpoils, "Permanent Equipment names the categories it mounts on")
		}
		if !perm && r.Has("attaches_to") {
			v.Errorf(r, "Attaches To", CodeSpoils, "only Permanent Equipment attaches to another card")
		}
		if hasRule(cats, rules, "event") && !r.Has("effect") {
			v.Errorf(r, "Effect", CodeSpoils, "an Event is played when drawn: it needs an Effect")
		}
		if hasRule(cats, rules, "event") && r.Has("timing") && r.Str("timing") != "on-draw" {
			v.Errorf(r, "Timing", CodeSpoils, "an Event acts on-draw, not %s", r.Str("timing"))
		}
		if r.Has("hire_cost") && !hasRule(cats, rules, "ally") {
			v.Errorf(r, "Hire Cost", CodeSpoils, "only Allies have a Hire Cost")
		}
		if r.Has("faction") && r.Int("count") > 0 && v.Complete("factions") {
			found := false
			for _, f := range v.Tables.Rows("factions") {
				for _, s := range f.List("starting_spoils") {
					found = found || s == r.ID
				}
			}
			if !found {
				v.Warnf(r, "Faction", CodeSpoils, "%s is a Perk card of %s, but no Faction starts with it", r.ID, r.Str("faction"))
			}
		}
	}
}

func checkActions(v *game.Validation) {
	for _, r := range v.Tables.Rows("actions") {
		kind := r.Str("kind")
		merc := kind == "npcm" || kind == "hitman"
		if merc {
			for _, col := range []string{"Hire Cost", "Health", "Assignments"} {
				if !r.Has(table.Key(col)) {
					v.Errorf(r, col, CodeAction, "an %s card needs %s", kind, col)
				}
			}
			if !r.Has("omega") {
				v.Errorf(r, "Omega", CodeAction, "an %s card needs its Omega (Total Skill)", kind)
			}
			if kind == "npcm" && r.Int("movement") == 0 {
				for _, a := range r.List("assignments") {
					if a != "join-party" && a != "attack-character" {
						v.Errorf(r, "Movement", CodeAction, "an NPCM assigned to %s must be able to move", a)
						break
					}
				}
			}
		} else {
			for _, col := range []string{"Hire Cost", "Omega", "Health", "Assignments"} {
				if r.Has(table.Key(col)) {
					v.Errorf(r, col, CodeAction, "only NPCM and hitman cards have %s", col)
				}
			}
		}
		for _, a := range r.List("assignments") {
			if kind == "hitman" && a != "attack-character" && a != "join-party" {
				v.Errorf(r, "Assignments", CodeAction, "a hit man attacks a Character or joins the Party, not %s", a)
			}
		}
		if r.Has("tech") && kind != "town-tech" {
			v.Errorf(r, "Tech", CodeAction, "only town-tech cards trade for a Technology")
		}
		attached := kind == "attach-character" || kind == "attach-party" || kind == "attach-town" || kind == "jinxed"
		if !attached && (r.Has("bonuses") || r.Int("armor") > 0 || r.Int("movement_bonus") != 0 || r.Has("ongoing")) {
			v.Errorf(r, "Kind", CodeAction, "Bonuses, Armor, Movement Bonus and Ongoing belong to attached cards, not %s", kind)
		}
		if kind == "jinxed" && r.Str("target") != "opponent" {
			v.Errorf(r, "Target", CodeAction, "a Jinxed Action card is played on an opponent (Target opponent)")
		}
		if (kind == "instant" || kind == "jinxed") && !r.Has("effect") && !r.Has("bonuses") && r.Int("armor") == 0 && r.Int("movement_bonus") == 0 && !r.Has("ongoing") {
			v.Errorf(r, "Effect", CodeAction, "an %s card does nothing: give it an Effect", kind)
		}
		if !merc && kind != "town-tech" && (!r.Has("timing") || r.Str("timing") == "passive") {
			v.Errorf(r, "Timing", CodeAction, "an Action card says when it may be played: give it a Timing (passive never comes)")
		}
	}
}

func checkOutcomes(v *game.Validation) {
	counts := map[string]int{}
	for _, sheet := range []string{"encounters", "missions"} {
		for _, r := range v.Tables.Rows(sheet) {
			if sheet == "encounters" {
				counts[r.Str("deck")] += r.Int("count")
			} else {
				counts["missions"] += r.Int("count")
			}
			c, err := ParseChecks(r.Str("checks"))
			if err != nil {
				continue
			}
			alts := len(c.Branches) == 2
			for _, col := range []string{"Alt Success", "Alt Failure", "Alt Success Text", "Alt Failure Text"} {
				if !alts && r.Has(table.Key(col)) {
					v.Errorf(r, col, CodeOutcome, "%s is the second alternative's outcome, but Checks offers no \"or\"", col)
				}
			}
			if alts && !r.Has("alt_success") && !r.Has("alt_failure") && !r.Has("alt_success_text") {
				v.Errorf(r, "Alt Success", CodeOutcome, "Checks offers two alternatives: give the second its outcome (Alt Success, Alt Failure)")
			}
			if c.Empty() && (r.Has("failure") || r.Has("failure_text")) {
				v.Errorf(r, "Failure", CodeOutcome, "a card without checks cannot fail: put its effect in Success")
			}
			world := r.Bool("world")
			if !world && (r.Str("poi") != "none" || r.Has("ongoing") || r.Int("expires") > 0) {
				v.Errorf(r, "World", CodeOutcome, "Points of Interest, Ongoing effects and expiry belong to World cards (set World to TRUE)")
			}
			if r.Str("poi") == "none" && r.Has("poi_effect") {
				v.Errorf(r, "POI Effect", CodeOutcome, "a POI Effect needs a Point of Interest: set POI to here or random")
			}
			if r.Str("poi") != "none" && !r.Has("poi_effect") {
				v.Errorf(r, "POI Effect", CodeOutcome, "the Point of Interest gives nothing: add a POI Effect")
			}
			if c.Kind == MultiCheck && !world {
				v.Warnf(r, "Checks", CodeOutcome, "Multiple Party checks are found on World cards; this card is not one")
			}
			if sheet == "missions" && !r.Has("osc") {
				for _, col := range []string{"OSC Success", "OSC Failure"} {
					if r.Has(table.Key(col)) {
						v.Errorf(r, col, CodeOutcome, "%s needs an OSC", col)
					}
				}
			}
			if sheet == "missions" && r.Has("osc") && c.Empty() {
				v.Errorf(r, "OSC", CodeOutcome, "an Optional Skill Check is attempted after the card's checks succeed: the card has none")
			}
		}
	}
	for _, d := range append(append([]string{}, encounterDecks...), "missions") {
		sheet := "encounters"
		if d == "missions" {
			sheet = d
		}
		if counts[d] == 0 && v.Complete(sheet) {
			v.Diags.Add(diag.Errorf(game.TablePos(v.Tables, sheet), CodeEncounterDeck, "the %s deck has no cards", d).WithHint("add rows with Count of at least 1"))
		}
	}
}

// timingVerbs are verbs that only make sense at some timings.
var timingVerbs = map[string][]string{
	"addSuccess":          {"check"},
	"passCheck":           {"check", "failed-check"},
	"winCard":             {"encounter"},
	"redraw":              {"encounter"},
	"addMove":             {"movement"},
	"preventDeath":        {"death"},
	"ignoreCard":          {"targeted"},
	"noFirstStrike":       {"pvp"},
	"addPVPDamage":        {"pvp"},
	"destroyEnemyVehicle": {"pvp"},
}

// checkTimings checks that abilities say when they act, and that verbs
// bound to a moment are used at that moment.
func checkTimings(v *game.Validation) {
	for _, sheet := range []string{"characters", "spoils", "actions", "perks"} {
		for _, r := range v.Tables.Rows(sheet) {
			ck := v.Effect(r, "Effect")
			timing := r.Str("timing")
			if ck == nil {
				continue
			}
			if sheet == "spoils" && !knownAll(r.List("categories"), categoryRules(v.Tables)) {
				continue // a category that did not compile: whether it is an Event is unknown
			}
			if sheet == "spoils" && timing == "" && hasRule(r.List("categories"), categoryRules(v.Tables), "event") {
				timing = "on-draw"
			}
			if timing == "" || timing == "passive" {
				if sheet == "actions" && (r.Str("kind") == "npcm" || r.Str("kind") == "hitman" || r.Str("kind") == "town-tech") {
					continue
				}
				v.Diags.Add(diag.Errorf(r.Pos("Timing"), CodeTiming, "the effect has no Timing, so it would never act").WithHint("choose when it acts: " + strings.Join(Timings[1:], ", ")))
				continue
			}
			if sheet == "perks" && timing == "on-draw" {
				v.Diags.Add(diag.Errorf(r.Pos("Timing"), CodeTiming, "a Perk is never drawn, so an on-draw Perk would never act").WithHint("use setup for a Perk that acts once at the start"))
				continue
			}
			for _, u := range ck.Uses {
				allowed, limited := timingVerbs[u.Name]
				if !limited || slices.Contains(allowed, timing) {
					continue
				}
				v.Diags.Add(diag.Errorf(r.Pos("Effect"), CodeTiming, "%s only works at timing %s, but the timing is %s", u.Name, strings.Join(allowed, " or "), timing).
					WithSource(r.Str("effect"), u.Offset))
			}
		}
	}
	// Outcome cells run outside any check or Deed moment.
	for _, sheet := range []string{"encounters", "missions"} {
		for _, r := range v.Tables.Rows(sheet) {
			for _, col := range []string{"Before", "Success", "Failure", "Alt Success", "Alt Failure", "POI Effect", "Ongoing", "OSC Success", "OSC Failure"} {
				ck := v.Effect(r, col)
				if ck == nil {
					continue
				}
				for _, u := range ck.Uses {
					if _, limited := timingVerbs[u.Name]; limited && !((u.Name == "winCard" || u.Name == "redraw") && col == "Before") {
						v.Diags.Add(diag.Errorf(r.Pos(col), CodeTiming, "%s only works in an ability's effect at timing %s", u.Name, strings.Join(timingVerbs[u.Name], " or ")).
							WithSource(r.Str(table.Key(col)), u.Offset))
					}
				}
			}
		}
	}
}

// checkCategories warns about categories used on the wrong kind of card,
// and categories no card, link or effect mentions (in any row, those that
// did not compile too).
func checkCategories(v *game.Validation) {
	applies := map[string]string{}
	for _, r := range v.Tables.Rows("categories") {
		applies[r.ID] = r.Str("applies_to")
	}
	used := map[string]bool{}
	for _, pair := range []struct{ sheet, want string }{{"spoils", "spoils"}, {"encounters", "encounter"}, {"missions", "encounter"}} {
		compiled := map[*table.Row]bool{}
		for _, r := range v.Tables.Rows(pair.sheet) {
			compiled[r] = true
		}
		for _, r := range v.All.Rows(pair.sheet) {
			for _, c := range r.List("categories") {
				used[c] = true
				if a := applies[c]; a != "both" && a != pair.want && a != "" && compiled[r] {
					v.Warnf(r, "Categories", CodeCategoryUse, "category %s applies to %s cards, not %s", c, a, pair.sheet)
				}
			}
			if r.Declares("attaches_to") {
				for _, c := range r.List("attaches_to") {
					used[c] = true
				}
			}
		}
	}
	names := map[string]string{}
	for _, r := range v.Tables.Rows("categories") {
		names[diag.Fold(r.ID)] = r.ID
		names[diag.Fold(r.Str("name"))] = r.ID
	}
	for _, r := range v.All.Rows("characters") {
		for _, l := range r.List("link") {
			if id, ok := names[diag.Fold(l)]; ok {
				used[id] = true
			}
		}
	}
	for _, tb := range v.All.Sheets {
		for _, r := range tb.Rows {
			for k := range r.Cells {
				ck := v.Effect(r, k)
				if ck == nil {
					continue
				}
				for _, q := range ck.Quoted() {
					if id, ok := names[diag.Fold(q)]; ok {
						used[id] = true
					}
				}
			}
		}
	}
	for _, r := range v.Tables.Rows("categories") {
		if !used[r.ID] && r.Str("rule") == "none" {
			v.Diags.Add(diag.Warnf(r.Pos("ID"), CodeCategoryUse, "category %q is not used by any card, link or effect", r.Str("name")).WithHint("remove it, or disable the row"))
		}
	}
}
