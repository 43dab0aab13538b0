package fallenland

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// parseSkill reads a skill name, ignoring case.
func parseSkill(w string) (Skill, bool) {
	for i, n := range SkillNames {
		if strings.EqualFold(n, w) {
			return Skill(i), true
		}
	}
	return 0, false
}

// CheckKind is who attempts a card's Skill Checks (FL-SC-20…25).
type CheckKind uint8

const (
	PartyCheck      CheckKind = iota // the whole Party, Vehicle and Town Technologies
	SoloCheck                        // one Character alone
	IndividualCheck                  // every Character separately, each with its own outcome
	MultiCheck                       // several Parties in the hex, successes combined
)

var checkKindWords = []string{"party", "solo", "individual", "multi"}

// Check is one Skill Check: Necessary Successes in a skill.
type Check struct {
	Need  int
	Skill Skill
	Melee bool // Melee Weapons Only: ranged bonuses and Vehicles do not count
}

// Checks is a card's whole Skill Check strip: one or two branches (the
// player chooses one before rolling), each a sequence attempted left to
// right, plus the card-level symbols.
type Checks struct {
	Kind     CheckKind
	Crown    int // Solo: the Character Crown 1–5, 0 the player's choice, -1 random (CC?)
	Branches [][]Check
	Psych    bool // the Psychological Check symbol
	NoFlight bool // "No Flight is possible here"
}

// Empty reports a card without Skill Checks.
func (c Checks) Empty() bool { return len(c.Branches) == 0 }

// HighestCombat is the highest Combat Necessary Successes on the card, the
// number a Flight roll must beat (FL-ENC-16, FL-AMB-44); 0 when none.
func (c Checks) HighestCombat() int {
	n := 0
	for _, b := range c.Branches {
		for _, k := range b {
			if k.Skill == Combat {
				n = max(n, k.Need)
			}
		}
	}
	return n
}

// HasCombat reports whether any branch has a Combat check (Fight or Flight).
func (c Checks) HasCombat() bool { return c.HighestCombat() > 0 || c.hasZeroCombat() }

func (c Checks) hasZeroCombat() bool {
	for _, b := range c.Branches {
		for _, k := range b {
			if k.Skill == Combat {
				return true
			}
		}
	}
	return false
}

func (c Checks) String() string {
	var parts []string
	for bi, b := range c.Branches {
		var seq []string
		for _, k := range b {
			s := fmt.Sprintf("%d %s", k.Need, k.Skill)
			switch c.Kind {
			case SoloCheck:
				s += " solo"
				switch {
				case c.Crown > 0:
					s += fmt.Sprintf(" CC%d", c.Crown)
				case c.Crown < 0:
					s += " CC?"
				}
			case IndividualCheck:
				s += " individual"
			case MultiCheck:
				s += " multi"
			}
			if k.Melee {
				s += " melee"
			}
			seq = append(seq, s)
		}
		if bi > 0 {
			parts[len(parts)-1] += " or " + strings.Join(seq, ", ")
			continue
		}
		parts = append(parts, strings.Join(seq, ", "))
	}
	if c.Psych {
		parts = append(parts, "psych")
	}
	if c.NoFlight {
		parts = append(parts, "no flight")
	}
	return strings.Join(parts, ", ")
}

// MaxNeed bounds Necessary Successes (Multiple Party checks reach the
// teens; nothing printed comes near this).
const MaxNeed = 40

// ParseChecks parses a Checks cell. The grammar reads like the card's
// Skill Check strip:
//
//	checks  = item { "," item }
//	item    = branch { "or" branch } | "psych" | "no flight"
//	branch  = need skill { flag }
//	need    = 0 … 40            Necessary Successes
//	skill   = Combat | Survival | Diplomacy | Mechanical | Technical | Medical
//	flag    = "party" | "solo" [crown] | "individual" | "multi" | "melee"
//	crown   = CC1 … CC5 | "CC?"  (random)
//
// Checks joined by "," are attempted left to right; "or" offers the player
// two alternatives (at most one "or" per card, since a card prints two
// outcome pairs). The kind flags (solo, individual, multi) are card symbols:
// if one check carries one, every check must carry the same.
func ParseChecks(text string) (Checks, *table.CellError) {
	var c Checks
	toks := table.Words(text, ",") // "CC?" stays one word
	if len(toks) == 0 {
		return c, nil
	}
	type mark struct {
		kind  CheckKind
		crown int
		off   int
	}
	var marks []mark
	branch := 0 // index of the current branch
	orSeen := false
	i := 0
	expectItem := true
	for i < len(toks) {
		t := toks[i]
		if !expectItem {
			switch strings.ToLower(t.Text) {
			case ",":
				expectItem = true
				i++
				continue
			case "or":
				if orSeen {
					return c, &table.CellError{Offset: t.Off, Message: "a card offers at most two alternatives (one \"or\")", Hint: "split the card, or drop an alternative"}
				}
				if c.Empty() {
					return c, &table.CellError{Offset: t.Off, Message: "\"or\" needs a check on each side"}
				}
				orSeen = true
				c.Branches = append(c.Branches, nil)
				branch = len(c.Branches) - 1
				expectItem = true
				i++
				// An alternative starts a new sequence: the next item must be a check.
				if i >= len(toks) {
					return c, &table.CellError{Offset: t.Off, Message: "\"or\" needs a check after it"}
				}
				continue
			}
			return c, &table.CellError{Offset: t.Off, Message: fmt.Sprintf("expected \",\" or \"or\", not %q", t.Text), Hint: "separate checks with commas: 3 Combat, 2 Survival"}
		}
		expectItem = false
		lw := strings.ToLower(t.Text)
		if lw == "psych" || lw == "psychological" {
			c.Psych = true
			i++
			continue
		}
		if lw == "no" && i+1 < len(toks) && strings.EqualFold(toks[i+1].Text, "flight") {
			c.NoFlight = true
			i += 2
			continue
		}
		n, err := strconv.Atoi(t.Text)
		if err != nil {
			return c, &table.CellError{Offset: t.Off, Message: fmt.Sprintf("a check starts with its Necessary Successes, not %q", t.Text), Hint: "write it as on the card: 5 Combat"}
		}
		if n < 0 || n > MaxNeed {
			return c, &table.CellError{Offset: t.Off, Message: fmt.Sprintf("Necessary Successes must be 0 to %d, not %d", MaxNeed, n)}
		}
		i++
		if i >= len(toks) {
			return c, &table.CellError{Offset: t.Off, Message: "a skill must follow " + t.Text, Hint: "one of " + strings.Join(SkillNames, ", ")}
		}
		sk, ok := parseSkill(toks[i].Text)
		if !ok {
			h := diag.DidYouMean(toks[i].Text, SkillNames)
			if h == "" {
				h = "one of " + strings.Join(SkillNames, ", ")
			}
			return c, &table.CellError{Offset: toks[i].Off, Message: fmt.Sprintf("unknown skill %q", toks[i].Text), Hint: h}
		}
		i++
		k := Check{Need: n, Skill: sk}
		kind, crown, haveKind := PartyCheck, 0, false
	flags:
		for i < len(toks) {
			f := toks[i]
			switch strings.ToLower(f.Text) {
			case "melee":
				k.Melee = true
			case "party", "solo", "individual", "multi":
				if haveKind {
					return c, &table.CellError{Offset: f.Off, Message: "a check has one kind: party, solo, individual or multi"}
				}
				haveKind = true
				for j, w := range checkKindWords {
					if strings.EqualFold(w, f.Text) {
						kind = CheckKind(j)
					}
				}
				if kind == SoloCheck && i+1 < len(toks) {
					if cr, ok := parseCrown(toks[i+1].Text); ok {
						crown = cr
						i++
					} else if strings.HasPrefix(strings.ToLower(toks[i+1].Text), "cc") {
						return c, &table.CellError{Offset: toks[i+1].Off, Message: fmt.Sprintf("unknown Character Crown %q", toks[i+1].Text), Hint: "CC1 … CC5, or CC? for a random Crown"}
					}
				}
			default:
				if _, ok := parseCrown(f.Text); ok {
					return c, &table.CellError{Offset: f.Off, Message: "a Character Crown belongs to a solo check", Hint: "write: 1 Survival solo CC4"}
				}
				break flags
			}
			i++
		}
		marks = append(marks, mark{kind, crown, t.Off})
		if c.Empty() {
			c.Branches = append(c.Branches, nil)
		}
		c.Branches[branch] = append(c.Branches[branch], k)
	}
	if expectItem && len(toks) > 0 {
		last := toks[len(toks)-1]
		return c, &table.CellError{Offset: last.Off, Message: "the cell ends with " + strconv.Quote(last.Text) + "; a check must follow"}
	}
	if len(c.Branches) == 2 && len(c.Branches[1]) == 0 {
		return c, &table.CellError{Offset: 0, Message: "\"or\" needs a check after it"}
	}
	// The kind symbols apply to the whole card: every check carries the
	// same one, or none does.
	for _, m := range marks {
		if m.kind != PartyCheck {
			c.Kind, c.Crown = m.kind, m.crown
		}
	}
	for _, m := range marks {
		if m.kind != c.Kind || m.crown != c.Crown {
			return c, &table.CellError{Offset: m.off, Message: "every check of a card has the same kind (the Solo, Individual and Multiple Party symbols apply to the whole card)",
				Hint: "write the same kind on every check: " + c.String()}
		}
	}
	return c, nil
}

func parseCrown(w string) (int, bool) {
	lw := strings.ToLower(w)
	if lw == "cc?" {
		return -1, true
	}
	if len(lw) == 3 && strings.HasPrefix(lw, "cc") && lw[2] >= '1' && lw[2] <= '5' {
		return int(lw[2] - '0'), true
	}
	return 0, false
}

func checksGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	c, err := ParseChecks(text)
	if err != nil {
		return "", nil, err
	}
	return c.String(), nil, nil
}

// oscGrammar is a Mission's Optional Skill Check: one Party check.
func oscGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	c, err := ParseChecks(text)
	if err != nil {
		return "", nil, err
	}
	if c.Kind != PartyCheck || len(c.Branches) != 1 || len(c.Branches[0]) != 1 || c.Psych || c.NoFlight {
		return "", nil, &table.CellError{Message: "an Optional Skill Check is a single Party check, such as 4 Technical", Hint: "the OSC is always one Party check (FL-SC-26)"}
	}
	return c.String(), nil, nil
}

// Bonuses are skill bonuses: +N in each skill.
type Bonuses [NumSkills]int8

// IsZero reports no bonus at all.
func (b Bonuses) IsZero() bool { return b == Bonuses{} }

// Sum adds the bonuses up (for bots valuing equipment).
func (b Bonuses) Sum() int {
	n := 0
	for _, v := range b {
		n += int(v)
	}
	return n
}

func (b Bonuses) String() string {
	all := true
	for _, v := range b {
		all = all && v == b[0]
	}
	if all && b[0] != 0 {
		return fmt.Sprintf("All %+d", b[0])
	}
	var parts []string
	for i, v := range b {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", SkillNames[i], v))
		}
	}
	return strings.Join(parts, ", ")
}

// ParseBonuses reads skill bonuses: "Combat +5, Diplomacy +1", or "All +1"
// (an Omega bonus: every skill). A skill named twice adds up.
func ParseBonuses(text string) (Bonuses, *table.CellError) {
	var b Bonuses
	runes := []rune(text)
	start := 0
	for start <= len(runes) {
		end := start
		for end < len(runes) && runes[end] != ',' {
			end++
		}
		part := string(runes[start:end])
		lead := len([]rune(part)) - len([]rune(strings.TrimLeft(part, " \t")))
		item := strings.TrimSpace(part)
		off := start + lead
		if item != "" {
			// "Combat +5", "Combat+5", "Combat 5", "Combat -2".
			j := strings.IndexAny(item, "+-0123456789")
			if j <= 0 {
				return b, &table.CellError{Offset: off, Message: fmt.Sprintf("%q is not a skill bonus", item), Hint: "write Skill +N, such as Combat +2, or All +1"}
			}
			name := strings.TrimSpace(item[:j])
			n, err := strconv.Atoi(strings.ReplaceAll(item[j:], " ", ""))
			if err != nil || n < -20 || n > 40 {
				return b, &table.CellError{Offset: off + j, Message: fmt.Sprintf("%q is not a bonus from -20 to +40", item[j:])}
			}
			if strings.EqualFold(name, "all") || strings.EqualFold(name, "omega") {
				for s := range b {
					b[s] += int8(n)
				}
			} else {
				sk, ok := parseSkill(name)
				if !ok {
					h := diag.DidYouMean(name, append([]string{"All"}, SkillNames...))
					if h == "" {
						h = "one of All, " + strings.Join(SkillNames, ", ")
					}
					return b, &table.CellError{Offset: off, Message: fmt.Sprintf("unknown skill %q", name), Hint: h}
				}
				b[sk] += int8(n)
			}
		} else if end < len(runes) {
			return b, &table.CellError{Offset: off, Message: "an empty item between commas"}
		}
		start = end + 1
	}
	return b, nil
}

func bonusesGrammar(text string) (string, []table.SymbolRef, *table.CellError) {
	b, err := ParseBonuses(text)
	if err != nil {
		return "", nil, err
	}
	return b.String(), nil, nil
}
