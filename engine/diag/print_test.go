package diag_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/diag"
)

func sampleList() *diag.List {
	var l diag.List
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 7, Col: 5, Offset: 1}, Severity: diag.Error, Code: "DW0412",
		Message: `unknown verb "gainGlroy"`, Hint: `did you mean "gainGlory"?`, Source: "gainGlroy(2)"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 8, Col: 6, Offset: 9}, Severity: diag.Error, Code: "DW0307",
		Message: `unknown test "Agilty"`, Source: "Combat+\nAgilty 5+"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 9, Col: 6, Offset: 8}, Severity: diag.Error, Code: "DW0402",
		Message: `unknown keyword "Fuego"`, Source: "Ñandú, Fuego"})
	l.Add(diag.Diagnostic{Pos: diag.Pos{File: "base.xlsx", Sheet: "Dangers", Row: 10, Col: 6, Offset: 40}, Severity: diag.Error, Code: "DW0411",
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
		assert.ElementsMatch(t, []string{"file", "sheet", "cell", "column", "severity", "code", "message", "hint"}, keys(d))
	}
	assert.Equal(t, map[string]any{"file": "base.xlsx", "sheet": "Dangers", "cell": "E7", "column": 1.0, "severity": "error",
		"code": "DW0412", "message": `unknown verb "gainGlroy"`, "hint": `did you mean "gainGlory"?`}, ds[0])
	assert.Equal(t, map[string]any{"file": "base.xlsx", "sheet": "Dangers", "cell": "B11", "column": 0.0, "severity": "warning",
		"code": "DW0902", "message": `"Trap" has the same name as base.xlsx:Dangers!B3`, "hint": "players tell rows apart by name; rename one"}, ds[4])
	assert.Equal(t, map[string]any{"file": "card.yaml", "sheet": "", "cell": "", "line": 12.0, "column": 0.0, "severity": "error",
		"code": "DW0601", "message": "text does not fit", "hint": ""}, ds[5])
	assert.JSONEq(t, "5", string(doc["errors"]))
	assert.JSONEq(t, "1", string(doc["warnings"]))

	// No diagnostics: an empty list, not null.
	b.Reset()
	require.NoError(t, diag.WriteJSON(&b, &diag.List{}))
	assert.Equal(t, "{\n  \"diagnostics\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n", b.String())
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
