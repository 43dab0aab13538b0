package fng

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// Stat is what a modifier changes.
type Stat uint8

const (
	StatCombat Stat = iota // skills first, in Skill order
	StatAgility
	StatCunning
	StatLore
	StatTests   // every skill test
	StatDefense // hits prevented each time hits are taken
	StatWounds  // wounds before KO
	StatMove    // movement points
	StatEscape  // dice on escape tests
	StatSearch  // a villain's search dice
	StatSneak   // sneak tests: dice the villain rolls (negative helps)
	StatCost    // Glory the hero pays for Common Items (never below the minimum)
	StatFlight  // Fortune the hero pays for flights (never below 0)
	numStats
)

// StatNames are the stats as written in a Bonus cell.
var StatNames = []string{"Combat", "Agility", "Cunning", "Lore", "Tests", "Defense", "Wounds", "Move", "Escape", "Search", "Sneak", "Cost", "Flight"}

// Scope narrows when a modifier applies.
type Scope uint8

const (
	Always  Scope = iota
	OnTest        // "on Chase": tests that carry the keyword
	VsEnemy       // "vs Undead": fights against enemies with the keyword
	InSpace       // "in Jungle": while in a space with the terrain
)

// Modifier is one item of a Bonus cell: "Agility +1 on Chase".
type Modifier struct {
	Stat   Stat
	Amount int
	Scope  Scope
	Name   string // the keyword or terrain of the scope, as written
}

func (m Modifier) String() string {
	s := fmt.Sprintf("%s %+d", StatNames[m.Stat], m.Amount)
	switch m.Scope {
	case OnTest:
		s += " on " + m.Name
	case VsEnemy:
		s += " vs " + m.Name
	case InSpace:
		s += " in " + m.Name
	}
	return s
}

// ParseModifiers parses a Bonus cell: comma-separated items
//
//	stat ("+"|"-") n [("on" keyword) | ("vs" keyword) | ("in" terrain)]
//
// such as "Combat +1, Agility +2 on Chase, Lore +1 in Desert".
func ParseModifiers(text string) ([]Modifier, []table.SymbolRef, *table.CellError) {
	var mods []Modifier
	var refs []table.SymbolRef
	runes := []rune(text)
	start := 0
	for i := 0; i <= len(runes); i++ {
		if i < len(runes) && runes[i] != ',' && runes[i] != ';' {
			continue
		}
		item := string(runes[start:i])
		off := start + len([]rune(item)) - len([]rune(strings.TrimLeft(item, " ")))
		start = i + 1
		if strings.TrimSpace(item) == "" {
			continue
		}
		m, ref, err := parseModifier(strings.TrimSpace(item), off)
		if err != nil {
			return nil, nil, err
		}
		mods = append(mods, m)
		if ref != nil {
			refs = append(refs, *ref)
		}
	}
	return mods, refs, nil
}

func parseModifier(item string, off int) (Modifier, *table.SymbolRef, *table.CellError) {
	toks := lex(item)
	for i := range toks {
		toks[i].off += off
	}
	// Rejoin "+ 1" and "+1" and "-1" into one amount token.
	var words []token
	for i := 0; i < len(toks); i++ {
		if toks[i].text == "+" && i+1 < len(toks) {
			words = append(words, token{"+" + toks[i+1].text, toks[i].off})
			i++
			continue
		}
		words = append(words, toks[i])
	}
	if len(words) < 2 {
		return Modifier{}, nil, &table.CellError{Offset: off, Message: fmt.Sprintf("%q is not a modifier", item), Hint: "write a stat and an amount, e.g. Combat +1 or Agility +2 on Chase"}
	}
	var m Modifier
	stat := -1
	for i, n := range StatNames {
		if strings.EqualFold(n, words[0].text) {
			stat = i
		}
	}
	if stat < 0 {
		hint := diag.DidYouMean(words[0].text, StatNames)
		if hint == "" {
			hint = "one of: " + strings.Join(StatNames, ", ")
		}
		return Modifier{}, nil, &table.CellError{Offset: words[0].off, Message: fmt.Sprintf("unknown stat %q", words[0].text), Hint: hint}
	}
	m.Stat = Stat(stat)
	amt := words[1].text
	n, err := strconv.Atoi(amt)
	if err != nil || (amt[0] != '+' && amt[0] != '-') || n == 0 {
		return Modifier{}, nil, &table.CellError{Offset: words[1].off, Message: fmt.Sprintf("expected a signed amount like +1 or -2, not %q", amt)}
	}
	m.Amount = n
	if len(words) == 2 {
		return m, nil, nil
	}
	scope := strings.ToLower(words[2].text)
	switch scope {
	case "on":
		m.Scope = OnTest
	case "vs":
		m.Scope = VsEnemy
	case "in":
		m.Scope = InSpace
	default:
		return Modifier{}, nil, &table.CellError{Offset: words[2].off, Message: fmt.Sprintf("unexpected %q", words[2].text),
			Hint: "narrow a modifier with \"on <keyword>\" (tests), \"vs <keyword>\" (fights) or \"in <terrain>\""}
	}
	if len(words) < 4 {
		return Modifier{}, nil, &table.CellError{Offset: words[2].off, Message: scope + " needs a name after it"}
	}
	nameStart := words[3].off
	var parts []string
	for _, w := range words[3:] {
		parts = append(parts, w.text)
	}
	m.Name = strings.Join(parts, " ")
	domain := DomainKeyword
	if m.Scope == InSpace {
		domain = DomainTerrain
	}
	return m, &table.SymbolRef{Domain: domain, Name: m.Name, Offset: nameStart}, nil
}

func modifiersGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	mods, refs, err := ParseModifiers(text)
	if err != nil {
		return "", nil, err
	}
	parts := make([]string, len(mods))
	for i, m := range mods {
		parts[i] = m.String()
	}
	return strings.Join(parts, ", "), refs, nil
}

// ParseRolls parses a tactics-chart cell: a die face "3" or a range "1-2".
func ParseRolls(text string) (lo, hi int, err *table.CellError) {
	s := strings.ReplaceAll(strings.ReplaceAll(text, "–", "-"), " ", "")
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	x, e1 := strconv.Atoi(a)
	y, e2 := strconv.Atoi(b)
	if e1 != nil || e2 != nil || x < 1 || y > 6 || x > y {
		return 0, 0, &table.CellError{Message: fmt.Sprintf("%q is not a die roll", text), Hint: "write one face (3) or a range (1-2), from 1 to 6"}
	}
	return x, y, nil
}

func rollsGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	lo, hi, err := ParseRolls(text)
	if err != nil {
		return "", nil, err
	}
	if lo == hi {
		return strconv.Itoa(lo), nil, nil
	}
	return fmt.Sprintf("%d-%d", lo, hi), nil, nil
}
