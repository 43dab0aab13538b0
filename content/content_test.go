package content_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// TestWorkbooksMatchSources: every bundled workbook is what its TSV
// sources generate (run `go generate ./content` after editing them).
func TestWorkbooksMatchSources(t *testing.T) {
	for _, set := range content.Sets {
		t.Run(set.ID, func(t *testing.T) {
			mod := moduleFor(t, set.Game)
			setRow, data, err := content.ReadSources(set.Src, mod.Schema())
			require.NoError(t, err)
			var fresh bytes.Buffer
			require.NoError(t, compiler.WriteWorkbook(&fresh, mod.Schema(), setRow, data))
			embedded, err := set.Workbook()
			require.NoError(t, err)
			assert.Equal(t, dump(t, "base.xlsx", fresh.Bytes()), dump(t, "base.xlsx", embedded),
				"%s is stale: run go generate ./content", set.Path)
		})
	}
}

// TestDocsMatchSchema: FORMAT.md and EFFECTS.md are generated from the
// schema and the effect registry (deckwright schema / effects).
func TestDocsMatchSchema(t *testing.T) {
	for _, set := range content.Sets {
		mod := moduleFor(t, set.Game)
		dir := filepath.Dir(set.Path)
		var format, fx bytes.Buffer
		require.NoError(t, table.WriteFormat(&format, mod.Schema()))
		require.NoError(t, effects.WriteMarkdown(&fx, mod.Title()+" effect reference", mod.Envs()...))
		for name, want := range map[string]string{"FORMAT.md": format.String(), "EFFECTS.md": fx.String()} {
			got, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, want, string(got), "%s/%s is stale: regenerate it with deckwright schema/effects --game %s", dir, name, set.Game)
		}
	}
}

func moduleFor(t *testing.T, id string) game.Module {
	t.Helper()
	m := game.Lookup(id)
	if m == nil {
		t.Fatalf("no module %s", id)
	}
	return m
}

func dump(t *testing.T, name string, data []byte) string {
	t.Helper()
	wb, l := compiler.ReadWorkbook(name, data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	var b strings.Builder
	require.NoError(t, compiler.Dump(&b, wb))
	return b.String()
}

// compileFNG compiles the bundled Fortune and Glory base set.
func compileFNG(t *testing.T) (*table.Tables, *game.Validation) {
	t.Helper()
	set, ok := content.BaseOf(fng.GameID)
	require.True(t, ok)
	data, err := set.Workbook()
	require.NoError(t, err)
	wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	tables, l := compiler.Compile(fng.Module, []*compiler.Workbook{wb}, compiler.Options{Strict: true})
	require.NotNil(t, tables, "%v", l.Items())
	var warnings []string
	for _, d := range l.Items() {
		warnings = append(warnings, d.String())
	}
	require.Empty(t, warnings, "the bundled set validates with no warnings, also with --strict")
	return tables, nil
}

func TestFortuneAndGloryDeckSizes(t *testing.T) {
	tables, _ := compileFNG(t)
	copies := func(sheet string, where func(*table.Row) bool) int {
		n := 0
		for _, r := range tables.Rows(sheet) {
			if where == nil || where(r) {
				n += r.Int("count")
			}
		}
		return n
	}
	deck := func(d string) func(*table.Row) bool { return func(r *table.Row) bool { return r.Str("deck") == d } }
	// The rulebook's "Game Contents".
	for _, tt := range []struct {
		name string
		got  int
		want int
	}{
		{"Allies", copies("allies", nil), 20}, {"Gear", copies("gear", nil), 20},
		{"Enemies", copies("enemies", deck("enemies")), 20}, {"Nazi Enemies", copies("enemies", deck("nazi-enemies")), 20},
		{"Events", copies("events", nil), 45}, {"City", copies("city", nil), 40}, {"Artifacts", copies("artifacts", nil), 25},
		{"Adventures", copies("adventures", nil), 25}, {"Locations", copies("locations", nil), 45}, {"Dangers", copies("dangers", nil), 40},
		{"Villain Events", copies("villain_events", nil), 30}, {"Common Items", copies("common_items", nil), 12},
		{"reference enemies", len(filter(tables.Rows("enemies"), deck("reference"))), 4},
		{"heroes", len(tables.Rows("heroes")), 8}, {"villains", len(tables.Rows("villains")), 6},
		{"organizations", len(tables.Rows("organizations")), 2},
	} {
		assert.Equal(t, tt.want, tt.got, tt.name)
	}
}

func filter(rows []*table.Row, f func(*table.Row) bool) []*table.Row {
	var out []*table.Row
	for _, r := range rows {
		if f(r) {
			out = append(out, r)
		}
	}
	return out
}

// TestNamedCardsExist: every card, hero, villain and place the rulebook
// names is in the set, as the rulebook describes it.
func TestNamedCardsExist(t *testing.T) {
	tables, _ := compileFNG(t)
	find := func(sheet, name string) *table.Row {
		for _, r := range tables.Rows(sheet) {
			if strings.EqualFold(r.Str("name"), name) {
				return r
			}
		}
		return nil
	}
	for _, tt := range []struct {
		sheet, name string
		check       func(*table.Row) bool
	}{
		{"heroes", "Jake Zane", nil}, {"heroes", "Li Mei Chen", func(r *table.Row) bool { return r.Int("lore") == 2 }},
		{"heroes", "Duke Dudley", func(r *table.Row) bool { return r.Str("start_city") == "london" }},
		{"heroes", "Sharon Hunter", nil}, {"heroes", "Dr. Zhukov", func(r *table.Row) bool { return r.Int("agility") == 2 }},
		{"heroes", "Shelly Hargrove", nil}, {"heroes", "Jacques Moreau", func(r *table.Row) bool { return strings.Contains(r.Str("bonus"), "Cost -1") }},
		{"heroes", "Alexander Cartwright", nil},
		{"villains", "Herr Teufel", org("nazi")}, {"villains", "Tresa", org("nazi")}, {"villains", "Colonel Stahl", org("nazi")},
		{"villains", "Franco Fedicci", org("mob")}, {"villains", "Vanessa Love", org("mob")}, {"villains", "'Icebox' Eddie", org("mob")},
		{"enemies", "Nazi Gold", func(r *table.Row) bool { return first(r) == "escorted" && r.Str("deck") == "nazi-enemies" }},
		{"dangers", "Agents of Evil", func(r *table.Row) bool { return r.Str("test") == "Sneak" && r.Bool("advanced") }},
		{"dangers", "Boat Chase", func(r *table.Row) bool {
			return hasAll(r.List("keywords"), "driving", "chase", "water") && strings.HasPrefix(r.Str("test"), "Agility")
		}},
		{"dangers", "Ancient Puzzle", func(r *table.Row) bool { return r.Str("test") == "Lore 5+" && r.Int("glory") == 2 }},
		{"dangers", "Ancient Trap", func(r *table.Row) bool { return r.Str("test") == "Lore 4+ x3" }},
		{"enemies", "Mob Leader", advanced}, {"enemies", "Nazi Commander", advanced},
		{"city", "Trouble in Town", advanced}, {"events", "Lost Temple", advanced},
		{"artifacts", "The Mine", temple}, {"artifacts", "The City", temple}, {"artifacts", "The Valley", temple},
		{"artifacts", "The Temple", temple}, {"artifacts", "The Caverns", temple}, {"artifacts", "The Tomb", temple},
		{"adventures", "of Time", func(r *table.Row) bool { return !r.Bool("temples") }},
		{"adventures", "of Hades", func(r *table.Row) bool { return r.Int("dangers") == 4 }},
		{"adventures", "of Lost Souls", nil}, {"adventures", "of Illusion", nil},
		{"common_items", "Map", nil}, {"common_items", "Adventure Plane", nil},
		{"allies", "The President", func(r *table.Row) bool { return slices.Equal(r.List("timing"), []string{"cancel"}) }},
		{"events", "Malaria", func(r *table.Row) bool { return strings.Contains(r.Str("condition"), `"Jungle"`) }},
		{"city", "Secret Delivery", func(r *table.Row) bool { return r.Bool("secret") }},
		{"villain_events", "Vile Tactics", func(r *table.Row) bool { return r.Bool("vile_tactics") && r.Int("count") > 1 }},
		{"villain_events", "Forbidden Knowledge", func(r *table.Row) bool { return r.Bool("remains") && r.Str("target") == "random-villain" }},
		{"villain_events", "Sandstorm", func(r *table.Row) bool { return strings.Contains(r.Str("condition"), `"Desert"`) }},
		{"enemies", "Mobsters", refDeck}, {"enemies", "Nazi Soldiers", refDeck}, {"enemies", "Zombies", refDeck},
		{"enemies", "Order of the Crimson Hand", refDeck},
		{"zeppelins", "The Zeppelin", nil}, {"zeppelins", "War Zeppelin", nil},
		{"spaces", "London", city}, {"spaces", "Paris", city}, {"spaces", "Mexico City", city}, {"spaces", "Hong Kong", city},
		{"spaces", "Cape Town", city}, {"spaces", "Mediterranean Sea", func(r *table.Row) bool { return r.Int("cost") == 2 }},
		{"spaces", "Pacific Crossing", func(r *table.Row) bool { return r.Bool("pacific_crossing") }},
	} {
		r := find(tt.sheet, tt.name)
		if !assert.NotNil(t, r, "%s %q", tt.sheet, tt.name) {
			continue
		}
		if tt.check != nil {
			assert.True(t, tt.check(r), "%s %q is not as the rulebook describes it", tt.sheet, tt.name)
		}
	}
	// Sidekick allies, one Sidekick keyword per card; immobile allies with a location.
	sidekicks, immobile := 0, 0
	for _, r := range tables.Rows("allies") {
		if hasAll(r.List("keywords"), "sidekick") {
			sidekicks++
		}
		if r.Has("location") {
			immobile++
		}
	}
	assert.Positive(t, sidekicks)
	assert.Positive(t, immobile)
	// Infantry enemies exist for the (Infantry) draws.
	assert.NotEmpty(t, filter(tables.Rows("enemies"), func(r *table.Row) bool { return first(r) == "infantry" }))
}

func org(id string) func(*table.Row) bool {
	return func(r *table.Row) bool { return r.Str("organization") == id }
}
func advanced(r *table.Row) bool { return r.Bool("advanced") }
func temple(r *table.Row) bool   { return r.Bool("temple") && r.Bool("advanced") && r.Has("escape") }
func refDeck(r *table.Row) bool  { return r.Str("deck") == "reference" }
func city(r *table.Row) bool     { return r.Str("type") == "city" }
func first(r *table.Row) string {
	if k := r.List("keywords"); len(k) > 0 {
		return k[0]
	}
	return ""
}

func hasAll(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, x := range list {
			found = found || strings.EqualFold(x, w)
		}
		if !found {
			return false
		}
	}
	return true
}

// TestEveryVerbAndIconUsed: every effect verb is used by some card, and
// every built-in icon by some keyword.
func TestEveryVerbAndIconUsed(t *testing.T) {
	tables, _ := compileFNG(t)
	syms := table.NewSymbols(fng.Schema, tables)
	used := map[string]bool{}
	for _, tb := range tables.Sheets {
		sh := fng.Schema.Sheet(tb.Key)
		for _, r := range tb.Rows {
			for _, col := range sh.Columns {
				if col.Type.Kind != table.Effect && col.Type.Kind != table.Condition {
					continue
				}
				src := r.Str(col.Key())
				if src == "" {
					continue
				}
				want := effects.AnyResult
				if col.Type.Kind == table.Condition {
					want = effects.BoolResult
				}
				ck, errs := fng.Env().Check(src, want, syms)
				require.Empty(t, errs, "%s", r.Pos(col.Name))
				for _, u := range ck.Uses {
					used[u.Name] = true
				}
			}
		}
	}
	var unused []string
	for _, v := range fng.Env().Verbs() {
		if !used[v.Name] {
			unused = append(unused, v.Name)
		}
	}
	sort.Strings(unused)
	assert.Empty(t, unused, "verbs no card uses")
	icons := map[string]bool{}
	for _, r := range tables.Rows("keywords") {
		icons[r.Str("icon")] = true
	}
	var missing []string
	for _, ic := range fng.Icons {
		if !icons[ic] {
			missing = append(missing, ic)
		}
	}
	assert.Empty(t, missing, "built-in icons no keyword shows")
}
