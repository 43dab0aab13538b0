package fng

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// Skill is one of a hero's four skills.
type Skill uint8

const (
	Combat Skill = iota
	Agility
	Cunning
	Lore
	NumSkills
)

// SkillNames are the skills as printed.
var SkillNames = []string{"Combat", "Agility", "Cunning", "Lore"}

func (s Skill) String() string { return SkillNames[s] }

// ClauseKind says what a test clause asks for.
type ClauseKind uint8

const (
	SkillTest ClauseKind = iota // Agility 5+ x2, Combat+Lore 4+ x3
	DiceTest                    // Dice 3 5+ x2: a non-skill test
	FightTest                   // Fight Nazi Enemies (Infantry)
	SneakTest                   // Sneak: past the villain in the space
)

// Foe kinds a Fight clause may name.
const (
	FoeDeck      = "deck"      // a deck: Enemies, Nazi Enemies
	FoeReference = "reference" // a reference enemy: Mobsters, Zombies, …
	FoeVillain   = "villain"   // a random villain, optionally of a faction
)

// Clause is one test of a card: what is rolled and what passes it.
type Clause struct {
	Kind      ClauseKind
	Skills    []Skill // SkillTest: one, or several combined
	Dice      int     // DiceTest: how many dice
	Target    int     // each die at or above succeeds
	Successes int     // successes needed
	Foe       string  // FightTest: what is fought, as written (a deck, an enemy, a faction)
	FoeKind   string  // FoeDeck, FoeReference or FoeVillain
	Only      string  // FightTest from a deck: redraw enemies of another type ("Infantry")
	Infantry  bool    // Only is Infantry (the rulebook's confined-space fights)

	typical *EnemyDef // FightTest: the bots' typicalEnemy, resolved as the content loads
	// A content clause's fight, resolved as the content loads (resolveFoes)
	// rather than by folding names at every fight: the reference enemy
	// (nil: none by that name) and Only's keyword code (-1: any type).
	resolved bool
	ref      *EnemyDef
	only     int
}

// TestSpec is a card's whole test: alternatives joined by "or", each a list
// of clauses joined by "and". "Agility 5+ x2 or Fight Enemies" has two
// alternatives of one clause each.
type TestSpec struct {
	Alts [][]Clause
}

func (t TestSpec) String() string {
	alts := make([]string, len(t.Alts))
	for i, alt := range t.Alts {
		parts := make([]string, len(alt))
		for j, c := range alt {
			parts[j] = c.String()
		}
		alts[i] = strings.Join(parts, " and ")
	}
	return strings.Join(alts, " or ")
}

func (c Clause) String() string {
	succ := ""
	if c.Successes != 1 {
		succ = fmt.Sprintf(" x%d", c.Successes)
	}
	switch c.Kind {
	case SkillTest:
		names := make([]string, len(c.Skills))
		for i, s := range c.Skills {
			names[i] = s.String()
		}
		return fmt.Sprintf("%s %d+%s", strings.Join(names, "+"), c.Target, succ)
	case DiceTest:
		return fmt.Sprintf("Dice %d %d+%s", c.Dice, c.Target, succ)
	case FightTest:
		s := "Fight " + c.Foe
		if c.Only != "" {
			s += " (" + c.Only + ")"
		}
		return s
	}
	return "Sneak"
}

// Decks a Fight clause may draw from, as printed.
var FightDecks = []string{"Enemies", "Nazi Enemies"}

// ParseTest parses a skill test cell. The grammar reads like the card:
//
//	test    = alt { "or" alt }
//	alt     = clause { "and" clause }
//	clause  = skills target [count]            Agility 5+ x2, Combat+Lore 4+ x3
//	        | "Dice" n target [count]          Dice 3 5+ x2
//	        | "Fight" foe ["(" type ")"]       Fight Nazi Enemies (Infantry)
//	        | "Sneak"
//	target  = digit "+"                        2+ … 6+
//	count   = "x" n                            x1 … x9 (default x1)
//	foe     = "Enemies" | "Nazi Enemies" | a reference enemy | ["<faction>"] "Villain"
func ParseTest(text string) (TestSpec, []table.SymbolRef, *table.CellError) {
	p := &testParser{toks: lex(text)}
	var spec TestSpec
	var refs []table.SymbolRef
	for {
		var alt []Clause
		for {
			c, ref, err := p.clause()
			if err != nil {
				return TestSpec{}, nil, err
			}
			if ref != nil {
				refs = append(refs, *ref)
			}
			alt = append(alt, c)
			if !p.accept("and") {
				break
			}
		}
		spec.Alts = append(spec.Alts, alt)
		if !p.accept("or") {
			break
		}
	}
	if t := p.peek(); t.text != "" {
		return TestSpec{}, nil, &table.CellError{Offset: t.off, Message: fmt.Sprintf("unexpected %q", t.text),
			Hint: "join tests with \"or\" (choose one) or \"and\" (pass both)"}
	}
	return spec, refs, nil
}

// testGrammar is the cell grammar registered in the schema.
func testGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	spec, refs, err := ParseTest(text)
	if err != nil {
		return "", nil, err
	}
	return spec.String(), refs, nil
}

type token struct {
	text string
	off  int // 0-based rune offset
}

// lex splits a cell into words, numbers with +, xN counts, + and parentheses.
func lex(s string) []token {
	var out []token
	for _, w := range table.Words(s, "()+,") {
		// A number keeps its trailing "+": "5+".
		if n := len(out); n > 0 && w.Text == "+" && isNumber(out[n-1].text) && out[n-1].off+len([]rune(out[n-1].text)) == w.Off {
			out[n-1].text += "+"
			continue
		}
		out = append(out, token{w.Text, w.Off})
	}
	return out
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

type testParser struct {
	toks []token
	pos  int
}

func (p *testParser) peek() token {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	end := 0
	if n := len(p.toks); n > 0 {
		end = p.toks[n-1].off + len([]rune(p.toks[n-1].text))
	}
	return token{off: end}
}

func (p *testParser) next() token { t := p.peek(); p.pos++; return t }

func (p *testParser) accept(word string) bool {
	if strings.EqualFold(p.peek().text, word) {
		p.pos++
		return true
	}
	return false
}

var clauseWords = append(append([]string{}, SkillNames...), "Dice", "Fight", "Sneak")

func (p *testParser) clause() (Clause, *table.SymbolRef, *table.CellError) {
	t := p.peek()
	switch {
	case t.text == "":
		return Clause{}, nil, &table.CellError{Offset: t.off, Message: "a test is missing here",
			Hint: "write a test like \"Agility 5+ x2\", \"Fight Enemies\" or \"Sneak\""}
	case strings.EqualFold(t.text, "Sneak"):
		p.next()
		return Clause{Kind: SneakTest, Successes: 1}, nil, nil
	case strings.EqualFold(t.text, "Fight"):
		p.next()
		return p.fight(t)
	case strings.EqualFold(t.text, "Dice"):
		p.next()
		n := p.next()
		dice, err := strconv.Atoi(n.text)
		if err != nil || dice < 1 || dice > 12 {
			return Clause{}, nil, &table.CellError{Offset: n.off, Message: fmt.Sprintf("Dice needs a number of dice (1–12), not %q", n.text), Hint: "e.g. Dice 3 5+ x2"}
		}
		c := Clause{Kind: DiceTest, Dice: dice}
		return p.targetAndCount(c)
	}
	var skills []Skill
	for {
		w := p.next()
		s, ok := skillByName(w.text)
		if !ok {
			hint := diag.DidYouMean(w.text, clauseWords)
			if hint == "" {
				hint = "a test starts with a skill (Combat, Agility, Cunning, Lore), Dice, Fight or Sneak"
			}
			return Clause{}, nil, &table.CellError{Offset: w.off, Message: fmt.Sprintf("unknown test %q", w.text), Hint: hint}
		}
		skills = append(skills, s)
		if p.peek().text != "+" {
			break
		}
		p.next()
	}
	return p.targetAndCount(Clause{Kind: SkillTest, Skills: skills})
}

func skillByName(s string) (Skill, bool) {
	for i, n := range SkillNames {
		if strings.EqualFold(n, s) {
			return Skill(i), true
		}
	}
	return 0, false
}

func (p *testParser) targetAndCount(c Clause) (Clause, *table.SymbolRef, *table.CellError) {
	t := p.next()
	num := strings.TrimSuffix(t.text, "+")
	target, err := strconv.Atoi(num)
	if err != nil || !strings.HasSuffix(t.text, "+") {
		return Clause{}, nil, &table.CellError{Offset: t.off, Message: fmt.Sprintf("expected a target like 5+, not %q", t.text), Hint: "each die at or above the target is a success: 2+ to 6+"}
	}
	if target < 2 || target > 6 {
		return Clause{}, nil, &table.CellError{Offset: t.off, Message: fmt.Sprintf("target %d+ cannot be rolled on a die", target), Hint: "targets run from 2+ to 6+"}
	}
	c.Target, c.Successes = target, 1
	if w := p.peek(); len(w.text) > 1 && (w.text[0] == 'x' || w.text[0] == 'X' || strings.HasPrefix(w.text, "×")) {
		p.next()
		n, err := strconv.Atoi(strings.TrimLeft(w.text, "xX×"))
		if err != nil || n < 1 || n > 9 {
			return Clause{}, nil, &table.CellError{Offset: w.off, Message: fmt.Sprintf("expected a number of successes like x2, not %q", w.text), Hint: "x1 to x9"}
		}
		c.Successes = n
	}
	return c, nil, nil
}

func (p *testParser) fight(at token) (Clause, *table.SymbolRef, *table.CellError) {
	var words []string
	start := p.peek().off
	for {
		t := p.peek()
		if t.text == "" || t.text == "(" || strings.EqualFold(t.text, "or") || strings.EqualFold(t.text, "and") {
			break
		}
		if t.text == ")" || t.text == "+" || t.text == "," {
			// A name is words: "Fight Nazi Enemies) x" would otherwise
			// name a foe "Nazi Enemies ) x" that no sheet can define.
			return Clause{}, nil, &table.CellError{Offset: t.off, Message: fmt.Sprintf("unexpected %q in the opponent's name", t.text),
				Hint: "e.g. Fight Enemies, Fight Nazi Enemies (Infantry), Fight Mobsters, Fight Villain"}
		}
		words = append(words, p.next().text)
	}
	if len(words) == 0 {
		return Clause{}, nil, &table.CellError{Offset: at.off, Message: "Fight needs an opponent", Hint: "e.g. Fight Enemies, Fight Nazi Enemies, Fight Mobsters, Fight Villain"}
	}
	c := Clause{Kind: FightTest, Foe: strings.Join(words, " "), Successes: 1}
	var typeRef *table.SymbolRef
	if p.accept("(") {
		w := p.next()
		if w.text == "" || w.text == ")" || !p.accept(")") {
			return Clause{}, nil, &table.CellError{Offset: w.off, Message: "expected an enemy type in parentheses, such as (Infantry)",
				Hint: "Fight Nazi Enemies (Infantry) redraws enemies whose type (first keyword) is not Infantry"}
		}
		c.Only = w.text
		c.Infantry = strings.EqualFold(w.text, "Infantry")
		typeRef = &table.SymbolRef{Domain: DomainKeyword, Name: w.text, Offset: w.off}
	}
	var ref *table.SymbolRef
	switch {
	case matchDeck(c.Foe) != "":
		c.Foe, c.FoeKind = matchDeck(c.Foe), FoeDeck
	case strings.EqualFold(words[len(words)-1], "Villain"):
		c.FoeKind = FoeVillain
		c.Foe = strings.TrimSpace(strings.Join(words[:len(words)-1], " "))
		if c.Foe != "" {
			ref = &table.SymbolRef{Domain: DomainFaction, Name: c.Foe, Offset: start}
		}
		c.Foe = strings.TrimSpace(c.Foe + " Villain")
	default:
		c.FoeKind = FoeReference
		ref = &table.SymbolRef{Domain: DomainReference, Name: c.Foe, Offset: start}
	}
	if c.Only != "" && c.FoeKind != FoeDeck {
		return Clause{}, nil, &table.CellError{Offset: at.off, Message: "(" + c.Only + ") applies only to drawing from an enemy deck"}
	}
	if typeRef != nil {
		// Only one name can be returned per clause: the foe of a deck is
		// not a reference, so the type takes the slot.
		ref = typeRef
	}
	return c, ref, nil
}

func matchDeck(s string) string {
	for _, d := range FightDecks {
		if diag.Fold(d) == diag.Fold(s) {
			return d
		}
	}
	return ""
}
