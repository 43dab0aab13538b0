// Package table describes a game's workbook format (the Schema a game module
// declares) and holds the engine tables the compiler emits from workbooks:
// a versioned, hashed, deterministic artifact that the engine and the
// exporters consume. It knows nothing about any particular game.
package table

import (
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
)

// Kind is the kind of value a column holds.
type Kind int

const (
	String    Kind = iota // one line of text
	Text                  // print text: several lines allowed
	Int                   // whole number, optionally bounded
	Bool                  // TRUE/FALSE, yes/no, 1/0
	Enum                  // one of a fixed set of words
	Ref                   // the ID (or Name) of a row of another sheet
	List                  // comma-separated list of Elem values
	Effect                // an effect expression checked against Env
	Condition             // a boolean expression checked against Env
	Custom                // a module-defined grammar (a skill test, modifiers)
)

var kindNames = [...]string{"string", "text", "int", "bool", "enum", "ref", "list", "effect", "condition", "custom"}

func (k Kind) String() string { return kindNames[k] }

// Type is a column's type.
type Type struct {
	Kind     Kind
	Min, Max int      // Int bounds, used when Bounded
	Bounded  bool     // Int has bounds
	Values   []string // Enum words (lower case)
	Sheet    string   // Ref: key of the target sheet
	Elem     *Type    // List: element type
	Env      string   // Effect, Condition: name of the effect environment
	Grammar  string   // Custom: name of the grammar in Schema.Grammars
}

// Constructors keep schema declarations short and readable.
var (
	TString = Type{Kind: String}
	TText   = Type{Kind: Text}
	TInt    = Type{Kind: Int}
	TBool   = Type{Kind: Bool}
)

func TRange(min, max int) Type   { return Type{Kind: Int, Min: min, Max: max, Bounded: true} }
func TEnum(v ...string) Type     { return Type{Kind: Enum, Values: v} }
func TRef(sheet string) Type     { return Type{Kind: Ref, Sheet: sheet} }
func TList(elem Type) Type       { return Type{Kind: List, Elem: &elem} }
func TEffect(env string) Type    { return Type{Kind: Effect, Env: env} }
func TCondition(env string) Type { return Type{Kind: Condition, Env: env} }
func TGrammar(name string) Type  { return Type{Kind: Custom, Grammar: name} }

// Describe renders the type for documentation ("int 1–9", "list of ref Keywords").
func (t Type) Describe(s *Schema) string {
	switch t.Kind {
	case Int:
		if t.Bounded {
			return "whole number " + itoa(t.Min) + "–" + itoa(t.Max)
		}
		return "whole number"
	case Enum:
		return "one of " + strings.Join(t.Values, ", ")
	case Ref:
		name := t.Sheet
		if sh := s.Sheet(t.Sheet); sh != nil {
			name = sh.Name
		}
		return "ID of a " + name + " row"
	case List:
		return "comma-separated list of " + t.Elem.Describe(s)
	case Effect:
		return "effect expression (" + t.Env + ")"
	case Condition:
		return "condition expression (" + t.Env + ")"
	case Custom:
		if g, ok := s.Grammars[t.Grammar]; ok {
			return g.Title
		}
		return t.Grammar
	case Bool:
		return "TRUE or FALSE"
	}
	return t.Kind.String()
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Column describes one column of a sheet.
type Column struct {
	Name     string // as printed in the header row
	Type     Type
	Required bool   // a blank cell is an error
	Default  string // cell text used when the cell is blank
	Doc      string // one line: what the column means
	Example  string // an example cell value
	Aliases  []string
	// Print marks the column that holds the text a player reads; a card row
	// with none of its Print columns filled gets a warning.
	Print bool
}

// Key is the column's name in tables and templates: lower case, words joined
// by underscores ("Start City" → "start_city").
func (c *Column) Key() string { return Key(c.Name) }

// Key converts a header or sheet name to its key form.
func Key(name string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if sep && b.Len() > 0 {
				b.WriteByte('_')
			}
			sep = false
			b.WriteRune(r)
			continue
		}
		sep = true
	}
	return b.String()
}

// Sheet describes one sheet of the workbook.
type Sheet struct {
	Name    string // "Dangers"
	Doc     string
	Columns []Column
	Aliases []string
	// Deck marks a sheet of cards: it has a Count column and its rows are
	// shuffled into decks.
	Deck bool
	// Group splits a sheet's rows into several decks by the value of this
	// column (Enemies holds the Enemies, Nazi Enemies and reference cards).
	Group string
	// Optional sheets may be absent from the base layer.
	Optional bool
	// Example is one example row, keyed by column name, written by
	// `deckwright init` into a new expansion workbook.
	Example map[string]string
}

// Key is the sheet's key in tables ("Common Items" → "common_items").
func (s *Sheet) Key() string { return Key(s.Name) }

// Column finds a column by key or name (case-insensitive), or nil.
func (s *Sheet) Column(name string) *Column {
	k := Key(name)
	for i := range s.Columns {
		if s.Columns[i].Key() == k {
			return &s.Columns[i]
		}
	}
	return nil
}

// Grammar is a module-defined cell grammar, such as a skill test
// ("Agility 5+ x2 or Fight Enemies").
type Grammar struct {
	Name  string
	Title string // for documentation: "skill test"
	Doc   string
	// Parse checks a cell and returns its canonical text (stored in the
	// tables) and the names it refers to, which the compiler resolves against
	// the content with did-you-mean hints.
	Parse func(text string) (canonical string, refs []SymbolRef, err *CellError)
}

// SymbolRef is a name used inside a cell that must exist in a domain.
type SymbolRef struct {
	Domain string // a domain of Schema.Domains
	Name   string
	Offset int // 0-based rune offset of the name in the cell text
}

// CellError is a problem inside one cell's text.
type CellError struct {
	Offset  int // 0-based rune offset
	Message string
	Hint    string
}

func (e *CellError) Error() string { return e.Message }

// Domain is a named set of symbols that expressions and grammars refer to by
// name: either a fixed list of words or the rows of a sheet (matched by ID
// or Name, ignoring case and spacing).
type Domain struct {
	Name   string
	Doc    string
	Static []string // fixed words, or
	Sheet  string   // the key of the sheet whose rows are the symbols
	// Where narrows a sheet domain to rows whose column has this value
	// (for example reference enemies: Deck = reference).
	WhereColumn, WhereValue string
}

// Schema is a game's workbook format.
type Schema struct {
	Game     string // the game's ID, e.g. "fortune-and-glory"
	Title    string // "Fortune and Glory"
	Sheets   []Sheet
	Grammars map[string]Grammar
	Domains  []Domain
}

// Sheet finds a sheet by key, name or alias (case-insensitive), or nil.
func (s *Schema) Sheet(name string) *Sheet {
	k := diag.FoldName(name)
	for i := range s.Sheets {
		sh := &s.Sheets[i]
		if diag.FoldName(sh.Name) == k || diag.FoldName(sh.Key()) == k {
			return sh
		}
		for _, a := range sh.Aliases {
			if diag.FoldName(a) == k {
				return sh
			}
		}
	}
	return nil
}

// Domain finds a domain by name, or nil.
func (s *Schema) Domain(name string) *Domain {
	for i := range s.Domains {
		if s.Domains[i].Name == name {
			return &s.Domains[i]
		}
	}
	return nil
}

// SheetNames lists the sheet names in order, for hints.
func (s *Schema) SheetNames() []string {
	out := make([]string, len(s.Sheets))
	for i := range s.Sheets {
		out[i] = s.Sheets[i].Name
	}
	return out
}

// Standard columns every data sheet has, added by the compiler.
const (
	ColID       = "ID"
	ColName     = "Name"
	ColCount    = "Count"
	ColChange   = "Change"
	ColDisabled = "Disabled"
	ColArt      = "Art"
)

// Changes are the values of the Change column.
var Changes = []string{"add", "replace", "remove"}

// StandardColumns returns the columns the compiler adds to a sheet.
func StandardColumns(sh *Sheet) []Column {
	cols := []Column{
		{Name: ColID, Type: TString, Required: true, Doc: "stable identifier: lower-case letters, digits and hyphens, unique across every sheet and layer", Example: "ancient-trap"},
		{Name: ColName, Type: TString, Required: true, Doc: "the name printed on the card or sheet", Example: "Ancient Trap"},
	}
	if sh.Deck {
		cols = append(cols, Column{Name: ColCount, Type: TRange(0, 99), Default: "1", Doc: "copies of this card in its deck (0 keeps the row but prints and shuffles none)", Example: "2"})
	}
	cols = append(cols,
		Column{Name: ColChange, Type: TEnum(Changes...), Default: "add", Doc: "in an expansion: add a new row, replace the row with this ID from an earlier layer, or remove it", Example: "replace"},
		Column{Name: ColDisabled, Type: TBool, Default: "FALSE", Doc: "TRUE skips the row, so a designer can switch a card off without deleting it", Example: "FALSE"},
	)
	return cols
}

// ArtColumn is the optional column that ends every data sheet: the picture
// a card template's image zone prints for the row. It comes last so that
// adding it moved no other column.
var ArtColumn = Column{Name: ColArt, Type: TString,
	Doc:     "a picture for the row (PNG or JPEG), its path relative to the workbook; templates print it in an image zone, and validate checks the file",
	Example: "art/ancient-trap.png"}

// AllColumns returns the standard columns, the sheet's own, then Art.
func AllColumns(sh *Sheet) []Column {
	out := append(StandardColumns(sh), sh.Columns...)
	return append(out, ArtColumn)
}

// SetSheet is the metadata sheet every workbook has: it names the set and
// says which set it builds on, which orders the layers of a build.
var SetSheet = Sheet{
	Name: "Set",
	Doc:  "One row naming this workbook's set. Requires names the set it builds on (blank for a base set); that, not the file name, orders the layers of a build.",
	Columns: []Column{
		{Name: "Game", Type: TString, Required: true, Doc: "the game this set is for", Example: "fortune-and-glory"},
		{Name: "Requires", Type: TString, Doc: "ID of the set this one builds on (blank for a base set)", Example: "fng-base"},
		{Name: "Version", Type: TString, Doc: "the set's version, free text", Example: "0.1"},
		{Name: "Author", Type: TString, Doc: "who made it", Example: "A. Designer"},
		{Name: "Description", Type: TText, Doc: "what the set adds", Example: "Twelve new dangers set in the Arctic."},
	},
}
