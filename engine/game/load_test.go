package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
