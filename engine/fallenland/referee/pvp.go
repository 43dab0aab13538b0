package referee

// PVP (rule "pvp"): a round's winner deals 1d6 per success of difference
// (its Combat checks come just before the round), the damage is the dice's
// faces plus its extra; First Strike rolls 1d6 per success of the First
// Strike checks, an NPCM its printed dice (FL-PVP-05, FL-PVP-12,
// FL-NPCM-08); the loser's player — a killed NPCM's hirer too — loses its
// Prestige before the fight ends (FL-PVP-21). A hit man's Solo PVP goes
// through step 2 too: one with First Strike dice strikes before its first
// round; a round the Character wins costs the hit man 1d6 per success of
// difference (and a point per Infected or Radiation weapon of the
// Character's), a tie 5 (FL-PVP-02, FL-PVP-14, FL-AMB-42).

type pvpLedger struct {
	checks     []int // totals of the PVP checks since the round began
	fsExpected int   // First Strike dice owed by the checks
	fsDice     int
	fsSum      int
	rounds     struct{ att, def int }
	dmgDice    int
	dmgSum     int
	owner      [2]int      // the player each side scores for
	prestige   map[int]int // Prestige lost since the fight began, by seat
	hitman     string      // the hit man of a Solo PVP under way ("" none)
	struck     bool        // its First Strike came
	solo       struct{ hitman, character int }
	soloHit    bool // the round's damage to the hit man came
}

func (s *state) pvpEvent() {
	e := s.e
	l := &s.pvp
	switch e.Kind {
	case "pvp":
		*l = pvpLedger{owner: [2]int{num(e, "attacker-owner"), num(e, "defender-owner")}, prestige: map[int]int{}}
		if !has(e, "attacker-owner") {
			l.owner = [2]int{-1, -1} // an older trace: not checked
		}
		if id := str(e, "attacker-npcm"); id != "" {
			if a, ok := s.r.act[id]; ok {
				l.fsExpected = int(s.c.Actions[a].Strike)
			}
		}
	case "check":
		switch str(e, "for") {
		case "first-strike":
			l.fsExpected += num(e, "total")
		case "pvp", "npcm":
			l.checks = append(l.checks, num(e, "total"))
		}
	case "roll":
		switch str(e, "for") {
		case "first-strike":
			l.fsDice++
			l.fsSum += num(e, "face")
		case "damage":
			l.dmgDice++
			l.dmgSum += num(e, "face")
		}
	case "hire":
		if str(e, "assignment") != "attack-character" {
			return
		}
		*l = pvpLedger{owner: [2]int{-1, -1}, hitman: e.Card}
		if a, ok := s.r.act[e.Card]; ok {
			l.fsExpected = int(s.c.Actions[a].Strike)
		}
	case "solo-pvp-round":
		if l.hitman != e.Card {
			return
		}
		if !l.struck && l.fsExpected > 0 {
			s.violate("pvp", "%s has %d First Strike dice but fights its Solo PVP without striking first", e.Card, l.fsExpected)
			l.struck = true // once
		}
		l.solo.hitman, l.solo.character = num(e, "hitman"), num(e, "character")
		l.dmgDice, l.dmgSum, l.soloHit = 0, 0, false
	case "damage":
		if l.hitman == "" || e.Card != l.hitman || str(e, "who") != "NPCM" {
			return
		}
		diff := l.solo.character - l.solo.hitman
		if l.soloHit {
			// After the round's dice, only a won round's Infected or Radiation
			// weapons add a point each (FL-AMB-42).
			if t := str(e, "type"); diff <= 0 || num(e, "amount") != 1 || (t != "Infected" && t != "Radiation") {
				s.violate("pvp", "%s takes %d more %s damage after its Solo PVP round's", e.Card, num(e, "amount"), str(e, "type"))
			}
			return
		}
		l.soloHit = true
		switch {
		case diff > 0 && (l.dmgDice != diff || l.dmgSum != num(e, "amount")):
			s.violate("pvp", "%s loses a Solo PVP round %d to %d: %dd6, %d rolled for %d; the event says %d damage", e.Card,
				l.solo.hitman, l.solo.character, diff, l.dmgDice, l.dmgSum, num(e, "amount"))
		case diff == 0 && num(e, "amount") != s.c.Rules.PVPTieNPCMDamage:
			s.violate("pvp", "%s ties a Solo PVP round and takes %d damage, not %d", e.Card, num(e, "amount"), s.c.Rules.PVPTieNPCMDamage)
		case diff < 0:
			s.violate("pvp", "%s wins a Solo PVP round %d to %d yet takes %d damage", e.Card, l.solo.hitman, l.solo.character, num(e, "amount"))
		}
	case "first-strike":
		l.struck = true
		if l.fsDice != l.fsExpected || l.fsSum != num(e, "damage") {
			s.violate("pvp", "First Strike: %d dice owed, %d rolled for %d; the event says %d damage", l.fsExpected, l.fsDice, l.fsSum, num(e, "damage"))
		}
	case "pvp-round":
		n := len(l.checks)
		if n < 2 || l.checks[n-2] != num(e, "attacker") || l.checks[n-1] != num(e, "defender") {
			s.violate("pvp", "the round's successes %d against %d are not its checks' %v", num(e, "attacker"), num(e, "defender"), l.checks)
		}
		l.rounds.att, l.rounds.def = num(e, "attacker"), num(e, "defender")
		l.checks = l.checks[:0]
		l.dmgDice, l.dmgSum = 0, 0
	case "lose":
		if l.prestige != nil && str(e, "res") == "prestige" {
			asked := num(e, "amount")
			if has(e, "asked") {
				asked = num(e, "asked")
			}
			l.prestige[e.Seat] += asked
		}
	case "pvp-end":
		w := num(e, "winner")
		if w < 0 || w > 1 || l.owner[1-w] < 0 {
			return
		}
		if loser := l.owner[1-w]; l.prestige[loser] > -s.c.Rules.PVPLoserPrestige {
			s.violate("pvp", "P%d loses the fight but not its %d Prestige", loser+1, s.c.Rules.PVPLoserPrestige)
		}
	case "pvp-hit":
		diff := l.rounds.att - l.rounds.def
		winner := 0
		if diff < 0 {
			diff, winner = -diff, 1
		}
		if num(e, "winner") != winner || num(e, "dice") != diff || l.dmgDice != diff || l.dmgSum+num(e, "extra") != num(e, "damage") {
			s.violate("pvp", "side %d wins %d against %d: %dd6; the event says side %d, %dd6 (%d rolled) for %d damage", winner, l.rounds.att, l.rounds.def,
				diff, num(e, "winner"), num(e, "dice"), l.dmgDice, num(e, "damage"))
		}
	}
}
