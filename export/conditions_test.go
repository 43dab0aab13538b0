package export

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

// toyConditions is a red card template whose zones show under conditions:
// zone i's name says which.
const toyConditions = `
name: conditions
sheet: Cards
size: poker
front:
  zones:
    - {type: box, name: "red", at: [0, 0, 10, 10], fill: band, if: "deck = red"}
    - {type: box, name: "red or blue", at: [0, 0, 10, 10], fill: band, if: "deck = Blue, RED"}
    - {type: box, name: "not red", at: [0, 0, 10, 10], fill: band, unless: "deck = red"}
    - {type: box, name: "power and text", at: [0, 0, 10, 10], fill: band, if: [power, text]}
    - {type: box, name: "neither power nor text", at: [0, 0, 10, 10], fill: band, unless: [power, text]}
    - {type: box, name: "power 3", at: [0, 0, 10, 10], fill: band, if: "power = 3"}
    - {type: box, name: "keyword fire", at: [0, 0, 10, 10], fill: band, if: "keywords = fire"}
    - {type: box, name: "keyword with the dot icon", at: [0, 0, 10, 10], fill: band, if: "keywords.icon = dot"}
    - {type: box, name: "home by the sea", at: [0, 0, 10, 10], fill: band, if: "home.terrain = sea"}
    - {type: box, name: "red, but no text", at: [0, 0, 10, 10], fill: band, if: "deck = red", unless: text}
`

// TestZoneConditions: if: and unless: test a field, or the values it holds
// (enum words, numbers, IDs of list and reference cells, followed through
// references), ignoring case; lists of conditions all hold (if) or none
// (unless).
func TestZoneConditions(t *testing.T) {
	set := toySet(t, map[string]string{"conditions.yaml": toyConditions})
	tb := toyTables(map[string][]toyRow{
		"keywords": {{"id": "fire", "name": "Fire", "icon": "dot"}, {"id": "ice", "name": "Ice", "icon": "star"}},
		"places":   {{"id": "bay", "name": "Bay", "terrain": []string{"hill", "sea"}}, {"id": "peak", "name": "Peak", "terrain": []string{"hill"}}},
		"cards": {
			{"id": "a", "name": "A", "deck": "red", "power": 3, "text": "T", "keywords": []string{"ice", "fire"}, "home": "bay"},
			{"id": "b", "name": "B", "deck": "blue", "power": 0, "keywords": []string{"ice"}, "home": "peak"},
			{"id": "c", "name": "C", "deck": "red", "power": 2},
		},
	})
	tests := []struct {
		id    string
		shown []string
	}{
		{"a", []string{"red", "red or blue", "power and text", "power 3", "keyword fire", "keyword with the dot icon", "home by the sea"}},
		{"b", []string{"red or blue", "not red", "neither power nor text"}},
		{"c", []string{"red", "red or blue", "red, but no text"}},
	}
	r := newRenderer(set, tb, &diag.List{})
	tp := set.Find("conditions")
	require.NotNil(t, tp)
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			it := &Item{Template: tp, Row: tb.Table("cards").Find(tc.id)}
			var shown []string
			for _, z := range tp.Front.Zones {
				if r.shows(it, z) {
					shown = append(shown, z.Name)
				}
			}
			assert.Equal(t, tc.shown, shown)
		})
	}
}

// TestRangeBindings: {{from..to}} prints a dice chart's "4–7", or one
// number when both ends agree or one is blank.
func TestRangeBindings(t *testing.T) {
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{"cards": {
		{"id": "span", "name": "Span", "deck": "red", "power": 4, "count": 7},
		{"id": "same", "name": "Same", "deck": "red", "power": 3, "count": 3},
		{"id": "open", "name": "Open", "deck": "red", "count": 2},
	}})
	r := newRenderer(set, tb, &diag.List{})
	tests := []struct {
		id, text, want string
	}{
		{"span", "{{power..count}}", "4–7"},
		{"same", "{{power..count}}", "3"},
		{"open", "{{power..count}}", "2"},
		{"span", "Roll **{{power..count|upper}}**: {{name}}", "Roll **4–7**: Span"},
	}
	for _, tc := range tests {
		it := &Item{Template: set.Find("red"), Row: tb.Table("cards").Find(tc.id)}
		got, _, ok := r.expand(it, tc.text)
		require.True(t, ok)
		assert.Equal(t, tc.want, got, "%s %s", tc.id, tc.text)
	}
}

// TestRowsWithoutMatchListTheWholeSheet: a template's own card can print a
// chart: a rows zone without match lists every row of its sheet, and text
// that does not fit is reported at the row's cell.
func TestRowsWithoutMatchListTheWholeSheet(t *testing.T) {
	chart := `
name: chart
deck: chart
size: poker
cards:
  - id: chart-card
    count: 2
front:
  zones:
    - type: rows
      name: chart
      at: [4, 4, 55.5, 40]
      rows:
        sheet: Notes
        columns:
          - {text: "**{{name}}**", width: 15}
          - {text: "{{text}} ({{place}})"}
`
	set := toySet(t, map[string]string{"chart.yaml": chart})
	tp := set.Find("chart")
	require.NotNil(t, tp)
	notes := []toyRow{
		{"id": "n1", "name": "Tide", "place": "bay", "text": "Rises twice a day."},
		{"id": "n2", "name": "Fog", "text": "Thick."},
	}
	tb := toyTables(map[string][]toyRow{"places": {{"id": "bay", "name": "Bay"}}, "notes": notes})
	r := newRenderer(set, tb, &diag.List{})
	it := &Item{Template: tp, Card: tp.Cards[0]}
	rows := r.relatedRows(it, tp.Front.Zones[0].Rows)
	require.Len(t, rows, 2, "every row, though none names the card")
	assert.Equal(t, "n1", rows[0].ID)

	opt := testOptions()
	opt.Decks = []string{"chart"}
	_, l, st := exportToy(t, set, tb, opt)
	assert.Zero(t, l.Len(), "%v", l.Items())
	assert.Equal(t, 2, st.Cards)

	notes[1]["text"] = repeatWords("Thick as soup.", 200)
	_, l, _ = exportToy(t, set, toyTables(map[string][]toyRow{"notes": notes}), opt)
	require.Equal(t, 1, l.Errors(), "%v", l.Items())
	assert.Equal(t, CodeOverflow, l.Items()[0].Code)
	assert.Equal(t, "toy.xlsx:Notes!D3", l.Items()[0].Pos.String(), "at the Text cell of the row that is too long")
}

func repeatWords(s string, n int) string {
	out := s
	for i := 1; i < n; i++ {
		out += " " + s
	}
	return out
}
