package table

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/engine/diag"
)

// Format and Version identify the engine-tables artifact. Version changes
// whenever the JSON shape changes; readers refuse versions they do not know.
const (
	Format  = "deckwright-tables"
	Version = 1
)

// Tables is the compiled content of a build: every sheet's merged rows,
// typed, with their provenance. Identical input gives byte-identical JSON.
type Tables struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Game    string   `json:"game"`
	Hash    string   `json:"hash"`
	Layers  []Layer  `json:"layers"`
	Sheets  []*Table `json:"sheets"`
}

// Layer is one workbook of the build, in build order.
type Layer struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Requires string `json:"requires,omitempty"`
	Version  string `json:"version,omitempty"`
	File     string `json:"file"`
}

// Table holds one sheet's rows after layers are merged.
type Table struct {
	Key     string   `json:"key"`
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	// Sources are the sheets the rows came from (one per layer that has
	// this sheet), with the column letter of every column key, so a
	// message about a row's cell can name the cell a designer must edit.
	Sources []*Source `json:"sources"`
	Rows    []*Row    `json:"rows"`
	// Disabled are the rows a workbook marks Disabled, which the build
	// leaves out: their IDs and positions only (no cells), so that a
	// command naming one can say it is disabled, and where, rather than
	// unknown. Engine tables do not carry them: they are not content.
	Disabled []*Row `json:"-"`
}

// Source is one layer's copy of a sheet.
type Source struct {
	File    string            `json:"file"`
	Sheet   string            `json:"sheet"`
	Layer   string            `json:"layer"`
	Columns map[string]string `json:"columns"` // column key → letter
	// Dir is the folder, on this machine, of the file that holds the
	// sheet: file paths in its cells (the Art column) are relative to it.
	// It is left out of engine tables, whose bytes must not depend on
	// where a project lives; "" when unknown.
	Dir string `json:"-"`
}

// Row is one compiled row. Its accessors (Str, Int, Bool, List, Has) read
// a cell by column key; a blank cell reads as the zero value.
//
// A key the row's sheet does not declare is a mistake in the code that
// reads it, not in the content: a misspelled key would read as blank
// forever. Under `go test` it panics, naming the row, the sheet and the
// columns it has, so running the test suite proves every key the code
// reads is declared. A designer's run never panics on it (a bug of ours
// must not cost them a validate or a sim): the key reads as blank. Code
// that reads rows of several sheets asks Declares before a column only
// some of them have.
type Row struct {
	ID    string         `json:"id"`
	Src   RowSrc         `json:"src"`
	Cells map[string]any `json:"cells"`

	source *Source
	table  *Table
}

// RowSrc points at a row: an index into Table.Sources and a 1-based row.
type RowSrc struct {
	Source int `json:"source"`
	Row    int `json:"row"`
}

// Table returns the sheet with the given key, or nil.
func (t *Tables) Table(key string) *Table {
	for _, s := range t.Sheets {
		if s.Key == key {
			return s
		}
	}
	return nil
}

// Rows returns a sheet's rows, or nil when the sheet is absent.
func (t *Tables) Rows(key string) []*Row {
	if s := t.Table(key); s != nil {
		return s.Rows
	}
	return nil
}

// Find returns the row with the given ID, or nil.
func (t *Table) Find(id string) *Row {
	for _, r := range t.Rows {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// FindDisabled returns the disabled row whose ID is id, ignoring case,
// or nil.
func (t *Table) FindDisabled(id string) *Row {
	for _, r := range t.Disabled {
		if strings.EqualFold(r.ID, id) {
			return r
		}
	}
	return nil
}

// Bind attaches a row, enabled or disabled, to its table's sources. The compiler and Decode call
// it; rows built by hand in tests call it too.
func (t *Table) Bind() {
	for _, r := range t.Rows {
		t.BindRow(r)
	}
	for _, r := range t.Disabled {
		t.BindRow(r)
	}
}

// BindRow attaches one row to its table's sources, and to the columns the
// table declares, which the row's accessors check keys against.
func (t *Table) BindRow(r *Row) {
	if r.Src.Source >= 0 && r.Src.Source < len(t.Sources) {
		r.source = t.Sources[r.Src.Source]
	}
	r.table = t
}

// Table returns the sheet the row is bound to, or nil.
func (r *Row) Table() *Table { return r.table }

// Layer names the set the row came from.
func (r *Row) Layer() string {
	if r.source == nil {
		return ""
	}
	return r.source.Layer
}

// Dir is the folder file paths in the row's cells are relative to: the
// folder of its workbook, or "" when unknown (a bundled set, engine
// tables).
func (r *Row) Dir() string {
	if r.source == nil {
		return ""
	}
	return r.source.Dir
}

// Pos returns the position of the row's cell in the given column (a name
// or a key), or of the row when the column is "" or absent from the
// row's sheet in its workbook. Under test, a column the sheet does not
// declare panics, as the accessors do.
func (r *Row) Pos(column string) diag.Pos {
	if r.source == nil {
		return diag.Pos{Row: r.Src.Row}
	}
	p := diag.Pos{File: r.source.File, Sheet: r.source.Sheet, Row: r.Src.Row}
	k := Key(column)
	if letter, ok := r.source.Columns[k]; ok {
		p.Col = columnNumber(letter)
	} else if checkKeys && k != "" && k != Key(ColChange) && k != Key(ColDisabled) {
		// Change and Disabled are declared by every sheet, but the
		// compiler reads them and leaves them out of the tables.
		r.mustDeclare(k, "Pos")
	}
	return p
}

// Where renders the cell of the row's ID for messages and reports, as the
// compiler's diagnostics name cells: "base.xlsx:Dangers!A7" (the row
// alone, "base.xlsx:Dangers!7", when the sheet's ID column is unknown).
func (r *Row) Where() string { return r.Pos(ColID).String() }

func columnNumber(letters string) int {
	n := 0
	for _, c := range letters {
		n = n*26 + int(c-'A'+1)
	}
	return n
}

// checkKeys turns on the check of keys under `go test`, where a key the
// sheet does not declare panics (see Row). A program never panics on it:
// the key reads as a blank cell, as before. Either way the check costs a
// lookup only for a blank cell, which the row's map does not hold.
var checkKeys = testing.Testing()

// Declares reports whether the sheet has the column key. A table without
// Columns (built by hand) declares every key: there is nothing to check.
func (t *Table) Declares(key string) bool {
	return len(t.Columns) == 0 || slices.Contains(t.Columns, key)
}

// Declares reports whether the row's sheet has the column key. Code that
// reads rows of several sheets asks it before a column only some of them
// have, so that under test a misspelled key still fails loudly. A row not
// bound to a table declares every key.
func (r *Row) Declares(key string) bool {
	return r.table == nil || r.table.Declares(key)
}

// mustDeclare panics when the row's sheet does not declare the column key.
func (r *Row) mustDeclare(key, accessor string) {
	if !r.Declares(key) {
		panic(fmt.Sprintf("table: Row.%s(%q) on row %q of sheet %q: the sheet declares no column %q (it has %s)",
			accessor, key, r.ID, r.table.Key, key, strings.Join(r.table.Columns, ", ")))
	}
}

// cell returns the value of a cell, nil when it is blank.
func (r *Row) cell(key, accessor string) any {
	v, ok := r.Cells[key]
	if !ok && checkKeys {
		r.mustDeclare(key, accessor)
	}
	return v
}

// Has reports whether the cell holds a value.
func (r *Row) Has(col string) bool {
	v := r.cell(col, "Has")
	if v == nil {
		return false
	}
	switch v := v.(type) {
	case string:
		return v != ""
	case []string:
		return len(v) > 0
	}
	return true
}

// Str returns a string cell ("" when blank).
func (r *Row) Str(col string) string {
	s, _ := r.cell(col, "Str").(string)
	return s
}

// Int returns an int cell (0 when blank).
func (r *Row) Int(col string) int {
	n, _ := r.cell(col, "Int").(int)
	return n
}

// Bool returns a bool cell (false when blank).
func (r *Row) Bool(col string) bool {
	b, _ := r.cell(col, "Bool").(bool)
	return b
}

// List returns a list cell (nil when blank).
func (r *Row) List(col string) []string {
	l, _ := r.cell(col, "List").([]string)
	return l
}

// Encode writes the tables as indented JSON, computing the content hash
// over the document with the hash left empty.
func (t *Tables) Encode() ([]byte, error) {
	t.Format, t.Version = Format, Version
	t.Hash = ""
	body, err := marshal(t)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	t.Hash = "sha256:" + hex.EncodeToString(sum[:])
	return marshal(t)
}

// ComputeHash sets Hash without keeping the encoding.
func (t *Tables) ComputeHash() error {
	_, err := t.Encode()
	return err
}

func marshal(t *Tables) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(t); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Decode reads tables written by Encode, checking format, version, game (when
// a schema is given) and hash.
func Decode(data []byte, s *Schema) (*Tables, error) {
	var t Tables
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("not an engine-tables file: %w", err)
	}
	if t.Format != Format {
		return nil, fmt.Errorf("not an engine-tables file (format %q, want %q)", t.Format, Format)
	}
	if t.Version != Version {
		return nil, fmt.Errorf("engine tables version %d; this deckwright reads version %d: rebuild them with `deckwright build`", t.Version, Version)
	}
	if s != nil && t.Game != s.Game {
		return nil, fmt.Errorf("engine tables are for game %q, not %q", t.Game, s.Game)
	}
	want := t.Hash
	for i, tb := range t.Sheets {
		if tb == nil {
			return nil, fmt.Errorf("engine tables are damaged: sheet %d is null: rebuild them", i+1)
		}
		for j, r := range tb.Rows {
			if r == nil {
				return nil, fmt.Errorf("engine tables are damaged: sheet %q, row %d is null: rebuild them", tb.Key, j+1)
			}
			for k, v := range r.Cells {
				r.Cells[k] = restore(v)
			}
		}
		tb.Bind()
	}
	if err := t.ComputeHash(); err != nil {
		return nil, err
	}
	if t.Hash != want {
		return nil, fmt.Errorf("engine tables were edited after they were built (hash %s, content %s): rebuild them", short(want), short(t.Hash))
	}
	return &t, nil
}

func short(h string) string {
	if i := strings.IndexByte(h, ':'); i >= 0 && len(h) > i+13 {
		return h[:i+13]
	}
	return h
}

// restore converts a decoded JSON value back to the Go type the compiler
// stores: int, bool, string or []string. Values of other shapes are kept
// as decoded (and re-encode to the same bytes, so the hash still holds):
// the tables are not trusted, and their reader reports them.
func restore(v any) any {
	switch v := v.(type) {
	case json.Number:
		n, err := v.Int64()
		if err == nil {
			return int(n)
		}
		return v // not a whole number: left for the reader's checks to report
	case []any:
		// Lists hold strings; anything else is left as decoded for the
		// reader's checks to report (the tables are not trusted).
		out := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return v
			}
			out[i] = s
		}
		return out
	}
	return v
}

// SortedKeys returns a map's keys in order, for deterministic output.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
