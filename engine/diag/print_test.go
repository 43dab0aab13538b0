package diag_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

func sampleList() *diag.List {
	var l diag.List
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5}, Char: 1, Severity: diag.Error, Code: "DW0412",
		Message: `unknown verb "gainGlroy"`, Hint: `did you mean "gainGlory"?`, Source: "gainGlroy(2)"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 8, Col: 6}, Char: 9, Severity: diag.Error, Code: "DW0307",
		Message: `unknown test "Agilty"`, Source: "Combat+\nAgilty 5+"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 9, Col: 6}, Char: 8, Severity: diag.Error, Code: "DW0402",
		Message: `unknown keyword "Fuego"`, Source: "Ñandú, Fuego"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 10, Col: 6}, Char: 40, Severity: diag.Error, Code: "DW0411",
		Message: "unexpected token EOF", Source: "gain(1"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 11, Col: 2}, Severity: diag.Warning, Code: "DW0902",
		Message: `"Trap" has the same name as base.xlsx:Dangers!B3`, Hint: "players tell rows apart by name; rename one", Source: "Trap"})
	return &l
}

func TestWriteText(t *testing.T) {
	var b strings.Builder
	require.NoError(t, diag.WriteText(&b, sampleList()))
	// The caret sits under the character the offset names, counted in
	// characters (not bytes); line breaks in a cell print as spaces; an
	// offset past the end points just past it; no caret without an offset.
	assert.Equal(t, `base.xlsx:Dangers!E7: error[DW0412]: unknown verb "gainGlroy"
    gainGlroy(2)
    ^
  hint: did you mean "gainGlory"?
base.xlsx:Dangers!F8: error[DW0307]: unknown test "Agilty"
    Combat+ Agilty 5+
            ^
base.xlsx:Dangers!F9: error[DW0402]: unknown keyword "Fuego"
    Ñandú, Fuego
           ^
base.xlsx:Dangers!F10: error[DW0411]: unexpected token EOF
    gain(1
          ^
base.xlsx:Dangers!B11: warning[DW0902]: "Trap" has the same name as base.xlsx:Dangers!B3
  hint: players tell rows apart by name; rename one
4 errors, 1 warning
`, b.String())

	b.Reset()
	require.NoError(t, diag.WriteText(&b, &diag.List{}))
	assert.Equal(t, "0 errors, 0 warnings\n", b.String())
}

func TestWriteJSON(t *testing.T) {
	l := sampleList()
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "card.yaml", Line: 12}, Severity: diag.Error, Code: "DW0601", Message: "text does not fit"})
	var b bytes.Buffer
	require.NoError(t, diag.WriteJSON(&b, l))
	// The exact shape scripts rely on: every key present on every
	// diagnostic (line only for text files), then the totals.
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	assert.ElementsMatch(t, []string{"diagnostics", "errors", "warnings"}, keys(doc))
	var ds []map[string]any
	require.NoError(t, json.Unmarshal(doc["diagnostics"], &ds))
	require.Len(t, ds, 6)
	for _, d := range ds[:5] {
		assert.ElementsMatch(t, []string{"file", "sheet", "cell", "char", "column", "severity", "code", "message", "hint"}, keys(d))
	}
	// The cell and the character inside its text are apart: cell names
	// the spreadsheet cell, char the 1-based character (0: the whole
	// cell), and column repeats char under its deprecated name.
	assert.Equal(t, map[string]any{"file": "base.xlsx", "sheet": "Dangers", "cell": "E7", "char": 1.0, "column": 1.0, "severity": "error",
		"code": "DW0412", "message": `unknown verb "gainGlroy"`, "hint": `did you mean "gainGlory"?`}, ds[0])
	assert.Equal(t, map[string]any{"file": "base.xlsx", "sheet": "Dangers", "cell": "B11", "char": 0.0, "column": 0.0, "severity": "warning",
		"code": "DW0902", "message": `"Trap" has the same name as base.xlsx:Dangers!B3`, "hint": "players tell rows apart by name; rename one"}, ds[4])
	assert.Equal(t, map[string]any{"file": "card.yaml", "sheet": "", "cell": "", "line": 12.0, "char": 0.0, "column": 0.0, "severity": "error",
		"code": "DW0601", "message": "text does not fit", "hint": ""}, ds[5])
	assert.JSONEq(t, "5", string(doc["errors"]))
	assert.JSONEq(t, "1", string(doc["warnings"]))

	// No diagnostics: an empty list, not null.
	b.Reset()
	require.NoError(t, diag.WriteJSON(&b, &diag.List{}))
	assert.Equal(t, "{\n  \"diagnostics\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n", b.String())
}

// TestCellApartFromChar checks each kind of position prints the same cell
// in text and JSON, and that the character inside the cell moves only the
// caret and char (and its deprecated alias column), never the cell.
func TestCellApartFromChar(t *testing.T) {
	tests := []struct {
		name       string
		d          diag.Diagnostic
		text       string
		cell, line string
		char       int
	}{
		{"a cell, whole",
			diag.Errorf(diag.Pos{File: "base.xlsx", Sheet: "Events", Row: 14, Col: 3}, "DW0412", "bad"),
			"base.xlsx:Events!C14: error[DW0412]: bad\n", "C14", "", 0},
		{"a character inside the cell",
			diag.Errorf(diag.Pos{File: "base.xlsx", Sheet: "Events", Row: 14, Col: 3}, "DW0412", "bad").WithSource("gain(1); lose(2)", 10),
			"base.xlsx:Events!C14: error[DW0412]: bad\n    gain(1); lose(2)\n             ^\n", "C14", "", 10},
		{"column 27 and character 3 are told apart",
			diag.Errorf(diag.Pos{File: "base.xlsx", Sheet: "Events", Row: 2, Col: 27}, "DW0412", "bad").WithSource("abc", 3),
			"base.xlsx:Events!AA2: error[DW0412]: bad\n    abc\n      ^\n", "AA2", "", 3},
		{"a character without the cell's text prints no caret",
			diag.Errorf(diag.Pos{File: "base.xlsx", Sheet: "Events", Row: 14, Col: 3}, "DW0412", "bad").WithSource("", 4),
			"base.xlsx:Events!C14: error[DW0412]: bad\n", "C14", "", 4},
		{"a row",
			diag.Errorf(diag.Pos{File: "base.xlsx", Sheet: "Events", Row: 14}, "DW0412", "bad"),
			"base.xlsx:Events!14: error[DW0412]: bad\n", "14", "", 0},
		{"a template line",
			diag.Errorf(diag.Pos{File: "card.yaml", Line: 12}, "DW0412", "bad"),
			"card.yaml:12: error[DW0412]: bad\n", "", "12", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l diag.List
			l.Add(tt.d)
			var b strings.Builder
			require.NoError(t, diag.WriteText(&b, &l))
			assert.Equal(t, tt.text+"1 error, 0 warnings\n", b.String())

			r := diag.Report(&l)
			require.Len(t, r.Diagnostics, 1)
			j := r.Diagnostics[0]
			assert.Equal(t, tt.cell, j.Cell)
			assert.Equal(t, tt.char, j.Char)
			assert.Equal(t, tt.char, j.Column, "the deprecated alias holds the same number")
			var raw map[string]any
			var jb bytes.Buffer
			require.NoError(t, diag.WriteJSON(&jb, &l))
			require.NoError(t, json.Unmarshal(jb.Bytes(), &raw))
			d := raw["diagnostics"].([]any)[0].(map[string]any)
			assert.Equal(t, float64(tt.char), d["char"])
			assert.Equal(t, float64(tt.char), d["column"])
			if tt.line != "" {
				assert.Equal(t, tt.line, fmt.Sprint(d["line"]))
			} else {
				assert.NotContains(t, d, "line")
			}
		})
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
