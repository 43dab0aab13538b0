package referee

import "github.com/deckwright/deckwright/engine/fallenland"

// Alternatives (rule "outcome"): a card offering two alternatives ("or")
// reads the Success or Failure portion of the alternative the player
// attempted, whatever the card's kind — Party, Solo, Individual or Multiple
// Party (RB p.23, the Biker Outlaws diagram: each alternative has its own
// ending). The alternative attempted is the one whose first check (skill
// and Necessary Successes) the card's first check event rolls.

type altLedger struct {
	card     string               // the card being resolved, "" none
	branches [][]fallenland.Check // its alternatives, when it has two
	tried    int                  // the alternative its first check shows, -1 unknown
}

func (s *state) outcomeEvent() {
	e := s.e
	l := &s.alt
	switch e.Kind {
	case "card":
		*l = altLedger{tried: -1}
		if has(e, "npcm") {
			return // an NPCM attempts the first alternative and reads no outcome
		}
		if d := s.encDef(str(e, "deck"), e.Card); d != nil && len(d.Checks.Branches) == 2 {
			l.card, l.branches = e.Card, d.Checks.Branches
		}
	case "check":
		if l.card == "" || l.tried >= 0 || str(e, "for") != "card" {
			return
		}
		for i, b := range l.branches {
			if len(b) > 0 && b[0].Skill.String() == str(e, "skill") && b[0].Need == num(e, "need") {
				l.tried = i
				break
			}
		}
	case "outcome":
		if e.Card != l.card || l.tried < 0 {
			return
		}
		if b := num(e, "branch"); b != l.tried {
			s.violate("outcome", "%s: alternative %d was attempted, the outcome read is alternative %d's", e.Card, l.tried+1, b+1)
		}
	case "resolved":
		if e.Card == l.card {
			*l = altLedger{tried: -1}
		}
	}
}

// encDef finds a drawn card's definition: a Mission, or an Encounter.
func (s *state) encDef(deck, id string) *fallenland.EncDef {
	if deck == "Missions" {
		if i, ok := s.r.miss[id]; ok {
			return &s.c.Missions[i]
		}
		return nil
	}
	if i, ok := s.r.encs[id]; ok {
		return &s.c.Encounters[i]
	}
	return nil
}
