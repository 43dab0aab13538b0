package fng

import (
	"bytes"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
)

var (
	baseOnce sync.Once
	baseBook *compiler.Workbook // the bundled base set, read once
)

// expansionDiags compiles the bundled base set with an expansion holding
// these sheets and returns the expansion's diagnostics ("exp.xlsx").
func expansionDiags(t *testing.T, sheets ...compiler.SheetData) []diag.Diagnostic {
	t.Helper()
	set, _ := content.BaseOf(GameID)
	baseOnce.Do(func() {
		data, err := set.Workbook()
		require.NoError(t, err)
		var l *diag.List
		baseBook, l = compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
		require.NotNil(t, baseBook, "%v", l.Items())
	})
	base := baseBook
	var buf bytes.Buffer
	require.NoError(t, compiler.WriteWorkbook(&buf, Schema, compiler.SetRow{ID: "exp", Name: "Expansion", Game: GameID, Requires: set.ID}, sheets))
	exp, l := compiler.ReadWorkbook("exp.xlsx", buf.Bytes(), compiler.DefaultLimits)
	require.NotNil(t, exp, "%v", l.Items())
	_, l = compiler.Compile(Module, []*compiler.Workbook{base, exp}, compiler.Options{})
	var out []diag.Diagnostic
	for _, d := range l.Items() {
		if d.Pos.File == "exp.xlsx" {
			out = append(out, d)
		}
	}
	return out
}

func adventure(id, final string) map[string]string {
	return map[string]string{"ID": id, "Name": "of " + id, "Keywords": "Ancient", "Dangers": "3", "Final Fight": final, "Text": "A test."}
}

// An adventure's Final Fight is one fight against an enemy: a deck or a
// reference enemy, never a villain (a single round) nor a skill test.
func TestValidateFinalFight(t *testing.T) {
	for _, tt := range []struct {
		final string
		ok    bool
	}{
		{"Fight Zombies", true},
		{"Fight Enemies", true},
		{"Fight Nazi Enemies (Infantry)", true},
		{"Fight Nazi Villain", false},
		{"Agility 4+", false},
		{"Fight Zombies or Fight Enemies", false},
		{"Fight Zombies and Lore 4+", false},
	} {
		t.Run(tt.final, func(t *testing.T) {
			ds := expansionDiags(t, compiler.SheetData{Sheet: "Adventures", Rows: []map[string]string{adventure("x", tt.final)}})
			if tt.ok {
				assert.Empty(t, ds)
				return
			}
			require.Len(t, ds, 1, "%v", ds)
			d := ds[0]
			assert.Equal(t, CodeFinalFight, d.Code)
			assert.Equal(t, "exp.xlsx:Adventures!L2", d.Pos.String(), "the Final Fight cell of the row")
			assert.Equal(t, `a Final Fight is one Fight against an enemy deck or a reference enemy, not "`+tt.final+`"`, d.Message)
		})
	}
}

// A Timing cell lists moments, or any; an Event's blank Timing is any (the
// rulebook: Events may be played at any time unless they say otherwise).
// A verb bound to some moments must act at one of the card's.
func TestValidateTimings(t *testing.T) {
	event := func(timing, effect string) map[string]string {
		return map[string]string{"ID": "x", "Name": "X", "Keywords": "Event, Luck", "Timing": timing, "Effect": effect, "Text": "A test."}
	}
	for _, tt := range []struct {
		name, timing, effect string
		msg                  string
	}{
		{"blank is any", "", "addDice(1)", ""},
		{"any", "any", "addDice(1); gainGlory(1)", ""},
		{"a list with a moment that fits", "move, fight", "addDice(1)", ""},
		{"a list with none", "move, adventure", "addDice(1)", `addDice only works at timing test or fight, but this card's timing is "move, adventure"`},
		{"one moment", "end", "escape()", `escape only works at timing fight, but this card's timing is "end"`},
		{"cancel works anywhere", "end", "cancel()", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ds := expansionDiags(t, compiler.SheetData{Sheet: "Events", Rows: []map[string]string{event(tt.timing, tt.effect)}})
			if tt.msg == "" {
				assert.Empty(t, ds)
				return
			}
			require.Len(t, ds, 1, "%v", ds)
			assert.Equal(t, CodeTiming, ds[0].Code)
			assert.Equal(t, tt.msg, ds[0].Message)
			assert.Equal(t, "Events", ds[0].Pos.Sheet)
			assert.Equal(t, 2, ds[0].Pos.Row)
		})
	}
	c := bundled(t)
	for _, e := range c.Events {
		if e.ID == "scandal-sheet" {
			assert.Equal(t, uint32(anyTimings), e.Timings, "Scandal Sheet: any time")
		}
	}
}
