package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

func TestLoadErrors(t *testing.T) {
	var errs LoadErrors
	assert.NoError(t, errs.Err(), "nothing failed")

	errs.Fail(nil, "", "rule constant %s is missing", "gear-cost")
	tab := &table.Table{Key: "events", Columns: []string{"id", "effect"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Events", Columns: map[string]string{"id": "A", "effect": "D"}}},
		Rows:    []*table.Row{{ID: "c1", Src: table.RowSrc{Row: 7}}}}
	tab.Bind()
	errs.Fail(tab.Rows[0], "effect", "unknown space %q", "atlantis")
	err := errs.Err()
	require.Error(t, err)
	assert.Equal(t, "cannot load content:\n  rule constant gear-cost is missing\n  base.xlsx:Events!D7: unknown space \"atlantis\"", err.Error(),
		"every problem, in order, each at its cell")
}

func TestStepsStallPastTheBudget(t *testing.T) {
	var s Steps
	for range 3 {
		require.NotPanics(t, func() { s.Take(3) }, "the budget's own steps are allowed")
	}
	assert.PanicsWithValue(t, Stall{Why: "step budget of 3 exceeded"}, func() { s.Take(3) }, "the step past the budget stalls")
}

// rulesSheet is a Rules sheet of base.xlsx holding rows id=value, from
// row 2.
func rulesSheet(kv ...any) *table.Tables {
	tb := &table.Table{Key: "rules", Name: "Rules", Columns: []string{"id", "value"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Rules", Columns: map[string]string{"id": "A", "value": "C"}}}}
	for i := 0; i < len(kv); i += 2 {
		tb.Rows = append(tb.Rows, &table.Row{ID: kv[i].(string), Src: table.RowSrc{Row: 2 + i/2}, Cells: map[string]any{"value": kv[i+1]}})
	}
	tb.Bind()
	return &table.Tables{Game: "pips", Sheets: []*table.Table{tb}}
}

func TestLoadRunsTheStepsOverTheGamesTables(t *testing.T) {
	type content struct{ steps []string }
	tests := []struct {
		name    string
		game    string
		fail    bool
		want    *content
		wantErr string
	}{
		{"the steps in order", "pips", false, &content{steps: []string{"rules", "cards"}}, ""},
		{"every problem", "pips", true, nil, "cannot load content:\n  rules failed\n  cards failed"},
		{"another game's tables", "fng", false, nil, `tables are for "pips", not fng`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, errs := &content{}, &LoadErrors{}
			step := func(name string) func() {
				return func() {
					c.steps = append(c.steps, name)
					if tc.fail {
						errs.Fail(nil, "", "%s failed", name)
					}
				}
			}
			got, err := Load(rulesSheet(), tc.game, c, errs, step("rules"), step("cards"))
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				assert.Nil(t, got, "no content that failed to load")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestRuleValuesReportAMissingConstant(t *testing.T) {
	tables := rulesSheet("goal", 20, "bust-on", 1)
	var errs LoadErrors
	value := errs.RuleValues(tables)
	assert.Equal(t, 20, value("goal"))
	assert.Equal(t, 1, value("bust-on"))
	require.NoError(t, errs.Err(), "every constant read is on the sheet")
	assert.Equal(t, 0, value("hand-size"), "a missing constant reads 0")
	assert.EqualError(t, errs.Err(), "cannot load content:\n  rule constant hand-size is missing")

	v, ok := Rule(tables, "bust-on")
	assert.Equal(t, 1, v)
	assert.True(t, ok)
	v, ok = Rule(tables, "hand-size")
	assert.Equal(t, 0, v)
	assert.False(t, ok, "the sheet lacks it")
}

func TestCheckAnEffectCell(t *testing.T) {
	env := effects.NewEnv("pips", "test")
	env.AddVerb(&effects.Verb{Name: "gain", Doc: "gain n", Result: effects.TVoid, Params: []effects.Param{{Name: "n", Type: effects.TInt}},
		Call: func(_ *struct{}, _ effects.Args) int64 { return 0 }})
	tb := &table.Table{Key: "cards", Name: "Cards", Columns: []string{"id", "effect"},
		Sources: []*table.Source{{File: "base.xlsx", Sheet: "Cards", Columns: map[string]string{"id": "A", "effect": "D"}}},
		Rows: []*table.Row{
			{ID: "ok", Src: table.RowSrc{Row: 2}, Cells: map[string]any{"effect": "gain(2)"}},
			{ID: "blank", Src: table.RowSrc{Row: 3}, Cells: map[string]any{}},
			{ID: "bad", Src: table.RowSrc{Row: 4}, Cells: map[string]any{"effect": "gian(2)"}},
		}}
	tb.Bind()
	var errs LoadErrors
	assert.NotNil(t, errs.Check(env, nil, tb.Rows[0], "Effect", effects.AnyResult))
	assert.Nil(t, errs.Check(env, nil, tb.Rows[1], "Effect", effects.AnyResult), "a blank cell has no program")
	require.NoError(t, errs.Err(), "a blank cell is no problem")
	assert.Nil(t, errs.Check(env, nil, tb.Rows[2], "Effect", effects.AnyResult))
	err := errs.Err()
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "cannot load content:\n  base.xlsx:Cards!D4: "), "at the cell: %v", err)
	assert.Contains(t, err.Error(), "gian")
}

func TestRulesSheetDeclaresTheConstantsSheet(t *testing.T) {
	s := RulesSheet("Variants are flags.", "20", "points that win", map[string]string{"ID": "goal", "Value": "30"})
	assert.Equal(t, "Rules", s.Name)
	assert.True(t, strings.HasSuffix(s.Doc, "all are required in the base set. Variants are flags."), s.Doc)
	if assert.Len(t, s.Columns, 2) {
		assert.Equal(t, table.Column{Name: "Value", Type: table.TRange(0, 1000), Required: true, Doc: "the number", Example: "20"}, s.Columns[0])
		assert.Equal(t, "points that win", s.Columns[1].Example)
	}
	assert.Equal(t, map[string]string{"ID": "goal", "Value": "30"}, s.Example)
	assert.True(t, strings.HasSuffix(RulesSheet("", "1", "", nil).Doc, "base set."), "nothing added")
}

func TestLimitDefaultsAnUnsetLimit(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{-1, 100}, {0, 100}, {1, 1}, {250, 250}} {
		assert.Equal(t, tc.want, Limit(tc.n, 100), "Limit(%d, 100)", tc.n)
	}
}

func TestCodeRowsFitACodeSet(t *testing.T) {
	sheet := func(n int) *table.Tables {
		tb := &table.Table{Key: "keywords", Name: "Keywords", Columns: []string{"id"},
			Sources: []*table.Source{{File: "base.xlsx", Sheet: "Keywords", Columns: map[string]string{"id": "A"}}}}
		for i := range n {
			tb.Rows = append(tb.Rows, &table.Row{ID: fmt.Sprintf("k%d", i), Src: table.RowSrc{Row: 2 + i}})
		}
		tb.Bind()
		return &table.Tables{Sheets: []*table.Table{tb}}
	}
	var errs LoadErrors
	assert.Len(t, errs.CodeRows(sheet(256), "keywords", "keywords"), 256, "as many as a set holds")
	require.NoError(t, errs.Err())
	assert.Nil(t, errs.CodeRows(sheet(257), "keywords", "keywords"))
	assert.EqualError(t, errs.Err(), "cannot load content:\n  base.xlsx:Keywords!A258: at most 256 keywords are supported", "at the first row too many")
}
