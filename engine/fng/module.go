package fng

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Diagnostic codes of Fortune and Glory content.
var (
	CodeRuleUnknown   = diag.Register("DW1001", diag.Error, "the Rules sheet names a constant the game does not have")
	CodeRuleMissing   = diag.Register("DW1002", diag.Error, "a rule constant is missing from the build")
	CodeRuleRange     = diag.Register("DW1003", diag.Error, "a rule constant is outside its range")
	CodeVictoryChart  = diag.Register("DW1004", diag.Error, "the victory chart does not give each player count 1–8 once")
	CodeAdjacency     = diag.Register("DW1010", diag.Error, "adjacency is listed on one side only, or a space is adjacent to itself")
	CodeDisconnected  = diag.Register("DW1011", diag.Error, "the map is not connected")
	CodeSpaceType     = diag.Register("DW1012", diag.Error, "a space's columns contradict its type (a sea without cost, a city without size, a port without sea, …)")
	CodePacific       = diag.Register("DW1013", diag.Warning, "the map should have exactly one Pacific Crossing space")
	CodeNotCity       = diag.Register("DW1020", diag.Error, "a space that must be a city is not one")
	CodeNotLocation   = diag.Register("DW1021", diag.Error, "a location names a city (artifacts lie in land and sea spaces)")
	CodeTactics       = diag.Register("DW1030", diag.Error, "an organization's tactics chart does not cover 1–6 exactly once")
	CodeUnusedKeyword = diag.Register("DW1031", diag.Warning, "a keyword no card uses")
	CodeTiming        = diag.Register("DW1032", diag.Error, "an ability's timing and its effect do not fit")
	CodeTemple        = diag.Register("DW1033", diag.Error, "a Temple needs a collapse escape test")
	CodeDeck          = diag.Register("DW1034", diag.Error, "an enemy deck or the reference enemies are empty")
	CodeHenchman      = diag.Register("DW1035", diag.Error, "a henchman must be a reference enemy")
	CodeItemKind      = diag.Register("DW1036", diag.Error, "a Common Item's first keyword must be Gear or Ally")
	CodeLocations     = diag.Register("DW1037", diag.Error, "there are too few locations to place the artifacts")
	CodeFinalFight    = diag.Register("DW1038", diag.Error, "an adventure's Final Fight is not one Fight against an enemy")
)

// Module is Fortune and Glory.
var Module game.Simulator = module{game.NewBase(Schema, Env)}

type module struct{ game.Base }

// Validate checks what only the game knows, beyond the schema's checks.
func (module) Validate(v *game.Validation) {
	t := v.Tables
	checkRules(v)
	checkVictory(v)
	spaces := map[string]*table.Row{}
	for _, r := range t.Rows("spaces") {
		spaces[r.ID] = r
	}
	checkMap(v, spaces)
	// notCity reports a space that compiled and is not a city (a space
	// that did not compile was reported already).
	notCity := func(id string) bool { r := spaces[id]; return r != nil && r.Str("type") != "city" }
	for _, r := range t.Rows("heroes") {
		if id := r.Str("start_city"); notCity(id) {
			v.Errorf(r, "Start City", CodeNotCity, "start city %q is a %s space, not a city", id, spaces[id].Str("type"))
		}
	}
	for _, r := range t.Rows("allies") {
		if id := r.Str("location"); notCity(id) {
			v.Errorf(r, "Location", CodeNotCity, "an immobile ally's location must be a city; %q is not", id)
		}
	}
	locations := 0
	for _, r := range t.Rows("locations") {
		if s := spaces[r.Str("space")]; s != nil && s.Str("type") == "city" {
			v.Diags.Add(diag.Errorf(r.Pos("Space"), CodeNotLocation, "location %q is a city; locations are land or sea spaces", r.Str("space")).WithHint("name the city in the City column instead"))
		}
		if id := r.Str("city"); notCity(id) {
			v.Errorf(r, "City", CodeNotCity, "the random city %q is not a city", id)
		}
		locations += r.Int("count")
	}
	if n := rule(t, "artifacts-on-board"); locations > 0 && locations < n+4 && v.Complete("locations") {
		v.Diags.Add(diag.Errorf(game.TablePos(t, "locations"), CodeLocations, "%d location cards cannot place %d artifacts and the figures that need random locations", locations, n).WithHint("add Location cards"))
	}
	checkEnemies(v)
	checkTactics(v)
	for _, r := range t.Rows("artifacts") {
		if r.Bool("temple") && !r.Has("escape") {
			v.Diags.Add(diag.Errorf(r.Pos("Escape"), CodeTemple, "Temple %q has no collapse escape test", r.Str("name")).WithHint("e.g. Agility 4+ x2"))
		}
	}
	for _, r := range t.Rows("adventures") {
		if !r.Has("final_fight") {
			continue
		}
		if spec, _, err := ParseTest(r.Str("final_fight")); err == nil {
			if _, ok := finalFightClause(spec); !ok {
				v.Diags.Add(diag.Errorf(r.Pos("Final Fight"), CodeFinalFight, "a Final Fight is one Fight against an enemy deck or a reference enemy, not %q", r.Str("final_fight")).WithHint("e.g. Fight Zombies, or Fight Enemies"))
			}
		}
	}
	for _, r := range t.Rows("common_items") {
		kws := r.List("keywords")
		if len(kws) == 0 || (diag.Fold(kws[0]) != "gear" && diag.Fold(kws[0]) != "ally") {
			v.Errorf(r, "Keywords", CodeItemKind, "a Common Item's first keyword must be Gear or Ally (it counts against that limit)")
		}
	}
	checkTimings(v)
	checkKeywordsUsed(v)
}

// rule returns a rule constant's value from the tables, or 0.
func rule(t *table.Tables, id string) int {
	v, _ := game.Rule(t, id)
	return v
}

func checkRules(v *game.Validation) {
	game.CheckRules(v, RuleDefs, game.RuleCodes{Unknown: CodeRuleUnknown, Range: CodeRuleRange, Missing: CodeRuleMissing})
}

func checkVictory(v *game.Validation) {
	seen := map[int]*table.Row{}
	for _, r := range v.Tables.Rows("victory") {
		n := r.Int("players")
		if prev := seen[n]; prev != nil {
			v.Errorf(r, "Players", CodeVictoryChart, "%d players already has a row (%s)", n, prev.Pos("Players"))
		}
		seen[n] = r
	}
	var missing []string
	for n := 1; n <= 8; n++ {
		if seen[n] == nil {
			missing = append(missing, fmt.Sprint(n))
		}
	}
	if len(missing) > 0 && v.Complete("victory") {
		v.Diags.Errorf(game.TablePos(v.Tables, "victory"), CodeVictoryChart, "the victory chart has no row for %s player(s)", strings.Join(missing, ", "))
	}
}

func checkMap(v *game.Validation, spaces map[string]*table.Row) {
	rows := v.Tables.Rows("spaces")
	pacific := 0
	for _, r := range rows {
		typ := r.Str("type")
		adj := r.List("adjacent")
		hasSea, known := false, true
		for _, a := range adj {
			other := spaces[a]
			if a == r.ID {
				v.Errorf(r, "Adjacent", CodeAdjacency, "%s is listed as adjacent to itself", r.ID)
				continue
			}
			if other == nil {
				known = false // a neighbour that did not compile: whether it is a sea is unknown
				continue
			}
			if !slices.Contains(other.List("adjacent"), r.ID) {
				v.Diags.Add(diag.Errorf(r.Pos("Adjacent"), CodeAdjacency, "%s lists %s as adjacent, but %s does not list %s", r.ID, a, a, r.ID).
					WithHint("add " + r.ID + " to the Adjacent cell of " + other.Pos("Adjacent").String()))
			}
			hasSea = hasSea || other.Str("type") == "sea"
		}
		switch typ {
		case "sea":
			if !r.Has("cost") {
				v.Diags.Add(diag.Errorf(r.Pos("Cost"), CodeSpaceType, "sea space %s has no movement cost", r.ID).WithHint("seas cost 1 or more to enter"))
			}
		case "city":
			if !r.Has("size") {
				v.Errorf(r, "Size", CodeSpaceType, "city %s needs a Size: major or minor", r.ID)
			}
			if r.Bool("port") && !hasSea && known {
				v.Errorf(r, "Port", CodeSpaceType, "port city %s is adjacent to no sea", r.ID)
			}
			if !r.Bool("port") && hasSea {
				v.Diags.Add(diag.Errorf(r.Pos("Port"), CodeSpaceType, "city %s touches a sea but is not a port", r.ID).WithHint("set Port to TRUE, or remove the sea from Adjacent"))
			}
			if in := r.Str("inside"); in != "" {
				if s := spaces[in]; s != nil && s.Str("type") != "land" {
					v.Errorf(r, "Inside", CodeSpaceType, "city %s lies inside %s, which is not a land space", r.ID, in)
				} else if !slices.Contains(adj, in) {
					v.Errorf(r, "Inside", CodeSpaceType, "city %s lies inside %s but is not adjacent to it", r.ID, in)
				}
			}
		default:
			if r.Has("cost") {
				v.Errorf(r, "Cost", CodeSpaceType, "%s space %s has a Cost; only seas have one (land and cities cost 1)", typ, r.ID)
			}
			if r.Has("size") {
				v.Errorf(r, "Size", CodeSpaceType, "only cities have a Size")
			}
		}
		if r.Bool("deep_jungle") && !slices.Contains(r.List("terrain"), "jungle") {
			v.Errorf(r, "Deep Jungle", CodeSpaceType, "deep jungle %s has no jungle terrain", r.ID)
		}
		if r.Bool("pacific_crossing") {
			pacific++
		}
	}
	// Over the whole map: only when every space compiled.
	if !v.Complete("spaces") {
		return
	}
	if len(rows) > 0 && pacific != 1 {
		v.Diags.Warnf(game.TablePos(v.Tables, "spaces"), CodePacific, "the map has %d Pacific Crossing spaces; the rulebook has one space joining the edges", pacific)
	}
	// Connectivity: every space reachable from the first.
	if len(rows) == 0 {
		return
	}
	seen := map[string]bool{rows[0].ID: true}
	queue := []string{rows[0].ID}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, a := range spaces[id].List("adjacent") {
			if spaces[a] != nil && !seen[a] {
				seen[a] = true
				queue = append(queue, a)
			}
		}
	}
	var cut []*table.Row
	for _, r := range rows {
		if !seen[r.ID] {
			cut = append(cut, r)
		}
	}
	if len(cut) > 0 {
		names := make([]string, 0, len(cut))
		for _, r := range cut {
			names = append(names, r.ID)
		}
		v.Errorf(cut[0], "Adjacent", CodeDisconnected, "%d space(s) cannot be reached from %s: %s", len(cut), rows[0].ID, strings.Join(names, ", "))
	}
}

func checkEnemies(v *game.Validation) {
	counts := map[string]int{}
	enemies := map[string]*table.Row{}
	for _, r := range v.Tables.Rows("enemies") {
		counts[r.Str("deck")] += max(r.Int("count"), 1)
		enemies[r.ID] = r
	}
	for _, d := range []string{"enemies", "nazi-enemies", "reference"} {
		if counts[d] == 0 && v.Complete("enemies") {
			v.Diags.Add(diag.Errorf(game.TablePos(v.Tables, "enemies"), CodeDeck, "there are no %s enemies", d).WithHint("the rules draw from the Enemies and Nazi Enemies decks and fight reference enemies by name"))
		}
	}
	for _, r := range v.Tables.Rows("organizations") {
		if e := enemies[r.Str("henchman")]; e != nil && e.Str("deck") != "reference" {
			v.Errorf(r, "Henchman", CodeHenchman, "henchman %q is in the %s deck, not a reference enemy", e.ID, e.Str("deck"))
		}
	}
}

func checkTactics(v *game.Validation) {
	faces := map[string]*[7]*table.Row{}
	for _, r := range v.Tables.Rows("tactics") {
		org := r.Str("organization")
		if faces[org] == nil {
			faces[org] = &[7]*table.Row{}
		}
		lo, hi, err := ParseRolls(r.Str("roll"))
		if err != nil {
			continue
		}
		for f := lo; f <= hi; f++ {
			if prev := faces[org][f]; prev != nil {
				v.Errorf(r, "Roll", CodeTactics, "a roll of %d is already on %s's chart (%s)", f, org, prev.Pos("Roll"))
			}
			faces[org][f] = r
		}
	}
	if !v.Complete("tactics") {
		return
	}
	for _, o := range v.Tables.Rows("organizations") {
		f := faces[o.ID]
		var missing []string
		for i := 1; i <= 6; i++ {
			if f == nil || f[i] == nil {
				missing = append(missing, fmt.Sprint(i))
			}
		}
		if len(missing) > 0 {
			v.Diags.Add(diag.Errorf(o.Pos("ID"), CodeTactics, "%s's tactics chart has no result for %s", o.Str("name"), strings.Join(missing, ", ")).WithHint("add Tactics rows for these rolls"))
		}
	}
}

// checkTimings checks that held abilities say when they act, and that
// verbs bound to a moment can act at one of the card's moments.
func checkTimings(v *game.Validation) {
	for _, sheet := range []string{"events", "city", "gear", "allies", "common_items", "heroes"} {
		for _, r := range v.Tables.Rows(sheet) {
			ck := v.Effect(r, "Effect")
			if ck == nil {
				continue
			}
			when := r.List("timing")
			if (r.Declares("immediately") && r.Bool("immediately")) || (sheet == "city" && !r.Bool("secret")) {
				when = []string{"immediately"}
			}
			if len(when) == 0 {
				v.Diags.Add(diag.Errorf(r.Pos("Timing"), CodeTiming, "the effect has no Timing, so it would never be used").WithHint("choose when it may be used: " + strings.Join(timingNames, ", ")))
				continue
			}
			mask := timingMask(when)
			for _, u := range ck.Uses {
				allowed, limited := verbTimings[u.Name]
				if !limited || mask&works([]effects.Use{u}) != 0 {
					continue
				}
				names := make([]string, len(allowed))
				for i, t := range allowed {
					names[i] = Timings[t-1]
				}
				v.Diags.Add(diag.Errorf(r.Pos("Effect"), CodeTiming, "%s only works at timing %s, but this card's timing is %q", u.Name, strings.Join(names, " or "), strings.Join(when, ", ")).
					WithSource(r.Str("effect"), u.Offset))
			}
		}
	}
}

// checkKeywordsUsed warns about keywords no card, cell or effect mentions
// (in any row, those that did not compile too).
func checkKeywordsUsed(v *game.Validation) {
	used := map[string]bool{}
	mark := func(name string) {
		if code, ok := v.Symbols.Resolve(DomainKeyword, name); ok {
			used[v.Symbols.Name(DomainKeyword, code)] = true
		}
	}
	for _, tb := range v.All.Sheets {
		for _, r := range tb.Rows {
			for _, col := range []string{"keywords", "cliffhanger_keywords"} {
				if !tb.Declares(col) {
					continue
				}
				for _, k := range r.List(col) {
					mark(k)
				}
			}
			for _, col := range []string{"bonus", "special"} {
				if !tb.Declares(col) {
					continue
				}
				if mods, _, err := ParseModifiers(r.Str(col)); err == nil {
					for _, m := range mods {
						if m.Scope == OnTest || m.Scope == VsEnemy {
							mark(m.Name)
						}
					}
				}
			}
			for _, col := range []string{"effect", "condition", "setup", "special_effect", "cliffhanger_effect"} {
				if ck := v.Effect(r, col); ck != nil {
					for _, k := range ck.Quoted() {
						mark(k)
					}
				}
			}
		}
	}
	var unused []*table.Row
	for _, r := range v.Tables.Rows("keywords") {
		if !used[r.Str("name")] {
			unused = append(unused, r)
		}
	}
	sort.SliceStable(unused, func(i, j int) bool { return unused[i].Src.Row < unused[j].Src.Row })
	for _, r := range unused {
		v.Diags.Add(diag.Warnf(r.Pos("ID"), CodeUnusedKeyword, "keyword %q is not used by any card", r.Str("name")).WithHint("remove it, or disable the row"))
	}
}
