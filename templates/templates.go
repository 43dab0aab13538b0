// Package templates holds deckwright's declarative card templates: for each
// kind of card or sheet of a game, its size, its zones (boxes, text bound to
// row fields, icons, tables of related rows), fonts, colours, the deck it
// prints and its back.
//
// A game's default templates are embedded (fortune-and-glory/*.yaml); a
// project overrides any of them, or adds new ones, from its templates/
// folder. Templates are checked like workbooks: every problem is a
// diagnostic at its file and line.
//
// The package knows nothing about any particular game: templates bind to
// the column keys of the game's table.Schema, and the export package lays
// them out.
package templates

import (
	"io/fs"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// Set is a game's templates after defaults and overrides are merged.
type Set struct {
	Game   string
	Schema *table.Schema
	// Templates in print order (Shared.Order first, then by name).
	Templates []*Template
	// Colors are the shared palette: name → colour.
	Colors map[string]Color
	// Icons are the vector icons zones and text may show, by name.
	Icons map[string]*Icon
	// InlineIcons says where `{Name}` tokens that are not icon names are
	// looked up: a row of Sheet whose ID or Name matches, showing the icon
	// named in its Column (blank: the name printed in bold).
	InlineIcons Lookup
	// Fonts are the font families the project brings, by name; a family
	// named like a bundled one (sans) replaces it everywhere.
	Fonts map[string]*FontFamily
	// Fallback lists font families tried, in order, for a character the
	// zone's own font lacks (symbols, CJK).
	Fallback    []string
	FallbackPos diag.Pos
	// Images are the template image files (frames, backs, placeholders),
	// by their path in the templates folder, read once.
	Images map[string]*ImageFile
}

// Lookup names a sheet and one of its columns.
type Lookup struct {
	Sheet  string
	Column string
	Pos    diag.Pos
}

// Template is one kind of card or sheet.
type Template struct {
	Name  string // unique ID; an override with the same name replaces it
	Title string // for people: "Dangers"
	// Sheet is the key of the sheet whose rows it prints; "" for a template
	// that carries its own Cards (summary cards).
	Sheet string
	// Where keeps rows whose column (key) holds one of the values.
	Where map[string][]string
	// Deck is the name --deck selects.
	Deck string
	// Kind is "card" (follows --size) or "sheet" (keeps its own size).
	Kind string
	// Size is what the zones are drawn for.
	Size Size
	// Copies is "count" (the row's Count column) or "one".
	Copies string
	// Safe is the safe-zone inset in mm: text zones should keep inside it.
	Safe float64
	// Colors are the template's own palette, over the shared one.
	Colors map[string]Color
	Front  *Face
	Back   *Face
	// Cards are the template's own rows when Sheet is "".
	Cards []*Card
	// Disabled templates print nothing (an override can switch one off).
	Disabled bool
	// Pos is where the template starts (its file, line 1).
	Pos diag.Pos
	// FS is the folder the template came from: its own cards' pictures are
	// read from there.
	FS fs.FS
}

// Card is one row of a template that carries its own content.
type Card struct {
	ID     string
	Count  int
	Fields map[string]string
	Lines  map[string]diag.Pos // where each field is written
	Pos    diag.Pos
}

// Face is one side of a card.
type Face struct {
	Background string // colour name or #rrggbb; "" for white
	Zones      []*Zone
	Pos        diag.Pos
}

// Zone types.
const (
	ZoneBox   = "box"   // a rectangle: fill, stroke, radius
	ZoneLine  = "line"  // a line from (x1,y1) to (x2,y2)
	ZoneText  = "text"  // text with markup and bindings, fitted to its box
	ZoneIcon  = "icon"  // one named icon
	ZoneIcons = "icons" // the icons of a list field (keywords)
	ZoneRows  = "rows"  // a table of the rows of another sheet that refer to this row
	ZoneImage = "image" // a picture: the file a column names, or one of the templates folder
)

// ZoneTypes lists the zone types, for hints.
var ZoneTypes = []string{ZoneBox, ZoneLine, ZoneText, ZoneIcon, ZoneIcons, ZoneRows, ZoneImage}

// Image fits: how a picture fills its zone.
const (
	FitCover   = "cover"   // fill the zone, cropping what spills over
	FitContain = "contain" // the whole picture, centred, leaving a margin
)

// Zone is one element of a face. Coordinates are millimetres from the
// card's top-left corner at the template's size.
type Zone struct {
	Type string
	Name string // optional, for messages
	At   [4]float64

	// box, line
	Fill   string
	Stroke string
	Width  float64 // stroke width in mm
	Radius float64

	// text, rows
	Text    string // template text: markup and {{field}} bindings
	Font    string // font family
	Style   string // regular, bold, italic, bold-italic
	SizePt  float64
	MinPt   float64
	Color   string
	Align   string // left, center, right
	VAlign  string // top, middle, bottom
	Leading float64
	Lines   int // most lines (0: any)

	// icon, icons, image
	Icon  string
	Field string // icons: a list (or ref) field; image: the column naming the file
	Via   string // icons: the column of the referenced row that names the icon
	Limit int    // icons: at most this many
	Gap   float64

	// rows
	Rows *RowsSpec

	// image
	Src         string // a picture in the templates folder (a frame, a back)
	Fit         string // cover or contain
	Placeholder string // a picture in the templates folder shown when the field is blank
	// The pictures Src and Placeholder name, read when the templates load.
	SrcImage         *ImageFile
	PlaceholderImage *ImageFile

	// If and Unless are conditions (see Condition): the zone shows only
	// when every If holds and no Unless does.
	If     []string
	Unless []string

	Pos diag.Pos
	// Keys are the keys the zone sets, with their lines.
	Keys map[string]diag.Pos
}

// RowsSpec is a table of related rows: the rows of Sheet whose Match
// column holds the printed row's ID.
type RowsSpec struct {
	Sheet   string
	Match   string
	Columns []*RowsColumn
	Rule    string // colour of the line between rows ("" none)
	Pos     diag.Pos
	Keys    map[string]diag.Pos
}

// RowsColumn is one column of a rows zone.
type RowsColumn struct {
	Text  string
	Width float64 // mm; 0 takes the rest
	Style string
	Align string
	Pos   diag.Pos
	Keys  map[string]diag.Pos
}

// Icon is a vector icon drawn in a 100×100 box.
type Icon struct {
	Name   string
	Shapes []Shape
	Pos    diag.Pos
}

// Shape is one part of an icon: an SVG-like path or a circle.
type Shape struct {
	Path   []PathOp   // absolute coordinates
	Circle [3]float64 // cx, cy, r when IsCircle
	// IsCircle marks a circle shape.
	IsCircle bool
	// Fill and Stroke are colours; "ink" is the zone's colour, "" none.
	Fill   string
	Stroke string
	Width  float64 // stroke width in icon units (of 100)
}

// PathOp is one path command with absolute coordinates: M, L, C or Z.
type PathOp struct {
	Op  byte
	Pts []float64
}

// Color is an RGB colour.
type Color struct{ R, G, B uint8 }

// Fonts are the font families templates may name, with their styles. The
// export package embeds them (the Go fonts: Latin, Greek, Cyrillic).
var Fonts = map[string][]string{
	"sans":      {"regular", "bold", "italic", "bold-italic"},
	"medium":    {"regular", "italic"},
	"mono":      {"regular", "bold", "italic", "bold-italic"},
	"smallcaps": {"regular", "italic"},
}

// FontNames lists the font families in order, for hints.
var FontNames = []string{"sans", "medium", "mono", "smallcaps"}

// Styles are the font styles.
var Styles = []string{"regular", "bold", "italic", "bold-italic"}

// Filters are what may follow a field after a bar: {{name|upper}}.
var Filters = map[string]string{
	"upper": "upper case",
	"lower": "lower case",
	"title": "Title Case, hyphens to spaces",
	"dots":  "a list joined with • instead of commas",
	"icons": "words that name an icon print as the icon (Agility 5+ → the agility icon, 5+)",
}

// Find returns the template with the given name, or nil.
func (s *Set) Find(name string) *Template {
	for _, t := range s.Templates {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Color resolves a colour name or #rrggbb against the template's palette,
// then the shared one.
func (s *Set) Color(t *Template, name string) (Color, bool) {
	if c, ok := ParseColor(name); ok {
		return c, true
	}
	if t != nil {
		if c, ok := t.Colors[name]; ok {
			return c, true
		}
	}
	c, ok := s.Colors[name]
	return c, ok
}

// ParseColor reads #rgb or #rrggbb.
func ParseColor(s string) (Color, bool) {
	if len(s) == 0 || s[0] != '#' {
		return Color{}, false
	}
	h := s[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return Color{}, false
	}
	var v [3]uint8
	for i := 0; i < 3; i++ {
		hi, ok1 := hexDigit(h[2*i])
		lo, ok2 := hexDigit(h[2*i+1])
		if !ok1 || !ok2 {
			return Color{}, false
		}
		v[i] = hi<<4 | lo
	}
	return Color{v[0], v[1], v[2]}, true
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
