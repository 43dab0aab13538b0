package fallenland

import "fmt"

// Skill Checks: the d10 dice rules (FL-SC-01…11) and who rolls in each
// kind of check (FL-SC-20…27).

// Skill is one of the six Base Skills, in the rulebook's canonical order.
type Skill uint8

const (
	Combat Skill = iota
	Survival
	Diplomacy
	Mechanical
	Technical
	Medical
	NumSkills
)

// SkillNames are the skills as printed.
var SkillNames = []string{"Combat", "Survival", "Diplomacy", "Mechanical", "Technical", "Medical"}

// skillKeys are the skills as enum values in cells.
var skillKeys = []string{"combat", "survival", "diplomacy", "mechanical", "technical", "medical"}

func (s Skill) String() string { return SkillNames[s] }

// roller is one die of a check: a Character, the Vehicle or an NPCM.
type roller struct {
	m       *Member // nil for the Vehicle or an NPCM
	vehicle *Party  // the Vehicle's Party, nil for others
	npcm    *NPCM   // the NPCM rolling, nil for others
	crown   int     // 1–5, 0 the Vehicle, -1 an NPCM
	ts      int
	bonus   int // successes of this die alone: a Master's, a card's; a 10 negates them (FL-SC-07, FL-AMB-05)
	auto    int
	tn      int
	s       int
	last    int
	pending bool     // showed a 1 that may be re-rolled
	from    []string // traced games: the cards of bonus, "ID:+n"
}

// CheckState is the Skill Check being made.
type CheckState struct {
	kind    CheckKind
	skill   Skill
	need    int
	melee   bool
	party   bool // a Party-type check (Party, Multiple, OSC, Healing, PVP)
	extra   bool // successes beyond the need count (Healing, PVP)
	flat    int  // Party-level successes: Town Technologies, Perks, cards
	total   int
	passed  bool // passCheck
	helped  bool // a card or ability changed it
	roller  int  // the die an ability's addSuccess belongs to, -1 the Party
	owner   *Player
	pending bool     // the dice are not rolled yet
	why     string   // what the check is for, in traces: "card", "osc", "heal", "pvp", "first-strike", "npcm"
	from    []string // traced games: the sources of flat, "ID:+n"
}

// dieOutcome is a single die's result by the rules: auto successes plus
// one on a 1 or at most the Target Number; a 10 negates everything.
func dieOutcome(ts, face int) (successes int) {
	auto, tn := 0, 0
	if ts > 0 {
		auto, tn = ts/10, ts%10
	}
	switch {
	case face == 10:
		return 0
	case face == 1 || face <= tn:
		return auto + 1
	}
	return auto
}

// effTS is the Total Skill a die plays: exactly 10, 20, 30 play as 9, 19,
// 29 ("functionally the same as a 9", RB p.17), unless the formula variant
// reads them by the general rule (FL-AMB-03).
func (g *Game) effTS(ts int) int {
	if !g.opt.Variants.ExactTenFormula && ts > 0 && ts%10 == 0 {
		return ts - 1
	}
	return ts
}

// addMember adds a Party member's die to a check, with the Master bonus
// when it applies. A hit man rolls only on Combat checks (FL-NPCM-12).
func (g *Game) addMember(m *Member, crown int, cs *CheckState) {
	if !m.present() {
		return
	}
	if m.hitman >= 0 && cs.skill != Combat {
		return
	}
	ts := int(m.ts[cs.skill])
	if cs.melee && cs.skill == Combat {
		ts = int(m.melee)
	}
	// Built in place: a roller is large, and a check adds several.
	g.rollers = append(g.rollers, roller{m: m, crown: crown, ts: ts})
	r := &g.rollers[len(g.rollers)-1]
	if m.char >= 0 {
		cd := &g.c.Characters[m.char]
		if cd.Master && int(cd.MasterSkill) == int(cs.skill) && (cs.party || g.opt.Variants.MasterBonusAll) {
			r.bonus += g.c.Rules.MasterBonus
			if g.trace != nil {
				r.from = append(r.from, fmt.Sprintf("%s:+%d", cd.ID, g.c.Rules.MasterBonus))
			}
		}
	}
}

// addVehicle adds the black die: Party checks only, not Melee Weapons
// Only, and not when the Vehicle's skill is 0 (FL-SC-06, FL-SP-18).
func (g *Game) addVehicle(pa *Party, cs *CheckState) {
	if pa.vehicle.card < 0 || (cs.melee && cs.skill == Combat) {
		return
	}
	if ts := g.vehicleTS(pa, cs.skill); ts > 0 {
		g.rollers = append(g.rollers, roller{crown: 0, ts: ts, vehicle: pa})
	}
}

// techBonus is the automatic successes of a player's Town Technologies on
// a Party check of the skill (FL-SC-08, FL-TT-09).
func (g *Game) techBonus(p *Player, s Skill) int {
	n := 0
	for _, t := range p.tech {
		if td := &g.c.Techs[t.tech]; td.Kind == TechAuto && td.Skill == s {
			n += td.Amount[t.tier]
		}
	}
	return n
}

// partyRollers prepares the dice of a Party check for one Party.
func (g *Game) partyRollers(p *Player, cs *CheckState) {
	for i := range p.party.crowns {
		g.addMember(&p.party.crowns[i], i+1, cs)
	}
	g.addVehicle(&p.party, cs)
	n := g.techBonus(p, cs.skill)
	cs.flat += n
	if n > 0 && g.trace != nil {
		for _, t := range p.tech {
			if td := &g.c.Techs[t.tech]; td.Kind == TechAuto && td.Skill == cs.skill {
				cs.from = append(cs.from, fmt.Sprintf("%s:+%d", td.ID, td.Amount[t.tier]))
			}
		}
	}
}

// rollAll rolls the prepared dice, evaluates them in Crown order, then
// re-rolls 1s one die at a time while the player wants (FL-SC-04/05,
// FL-AMB-43).
func (g *Game) rollAll(cs *CheckState) {
	total := cs.flat
	for i := range g.rollers {
		r := &g.rollers[i]
		ts := g.effTS(r.ts)
		r.auto, r.tn = 0, 0
		if ts > 0 {
			r.auto, r.tn = ts/10, ts%10
		}
		f := g.rawDie(10)
		r.last = f
		r.s = dieOutcome(ts, f)
		if f != 10 {
			r.s += r.bonus
		}
		r.pending = f == 1
		total += r.s
		if g.trace != nil {
			g.traceDie(cs, i, ts, f)
		}
	}
	for i := range g.rollers {
		r := &g.rollers[i]
		for r.pending {
			why := g.rerollWhy(cs, r, total)
			if why == "" {
				break
			}
			f := g.rawDie(10)
			switch {
			case f == 10:
				total -= r.s
				r.s = 0
				r.pending = false
			case f == 1:
				r.s++
				total++
			case f <= r.tn:
				r.s++
				total++
				r.pending = false
			default:
				r.pending = false
			}
			r.last = f
			if g.trace != nil {
				g.emitf(g.rollerSeat(cs, r), "reroll", g.rollerCard(r), D{"who": rollerName(r), "die": i, "face": f, "successes": r.s, "why": why},
					"      %s re-rolls its 1 (%s): %d, now %d success(es)", rollerName(r), why, f, r.s)
			}
		}
		r.pending = false
	}
	cs.total = total
	if g.trace != nil {
		word := "fails"
		if total >= cs.need {
			word = "passes"
		}
		seat := -1
		if cs.owner != nil {
			seat = cs.owner.seat
		}
		why := cs.why
		if why == "" {
			why = "card"
		}
		g.emitf(seat, "check", "", D{"for": why, "kind": checkKindWords[cs.kind], "skill": SkillNames[cs.skill], "need": cs.need,
			"flat": cs.flat, "flat-from": cs.from, "total": total, "passed": total >= cs.need, "melee": cs.melee, "dice": len(g.rollers)},
			"    %s check, %d needed: %d successes (%d automatic) — %s", cs.skill, cs.need, total, cs.flat, word)
	}
}

// rerollWhy is why the player re-rolls a die showing 1 ("short": the check
// falls short, nothing to lose; "extra": extra successes count and one more
// is likelier than losing the die's; "example": a worked example re-rolls
// every 1), or "" to keep it.
func (g *Game) rerollWhy(cs *CheckState, r *roller, total int) string {
	switch {
	case g.rerollAll:
		return "example"
	case total < cs.need:
		return "short"
	case cs.extra && max(r.tn, 1) > r.s:
		return "extra"
	}
	return ""
}

func rollerName(r *roller) string {
	switch {
	case r.crown > 0:
		return "CC" + string(rune('0'+r.crown))
	case r.crown == 0:
		return "Vehicle"
	}
	return "NPCM"
}

// passProb estimates the chance the prepared dice reach need successes
// (the dice without re-rolls: bots' planning, not the exact odds).
func (g *Game) passProb(cs *CheckState, need int) float64 {
	need -= cs.flat
	if need <= 0 {
		return 1
	}
	if need > 64 {
		return 0
	}
	// Two distributions, each die's built from the other's: only the
	// counts reached so far (up to hi) are cleared and read, not all 65.
	var bufs [2][65]float64
	dist, next := &bufs[0], &bufs[1]
	dist[0] = 1
	top, hi := 0, 0
	for i := range g.rollers {
		r := &g.rollers[i]
		ts := g.effTS(r.ts)
		auto, tn := 0, 0
		if ts > 0 {
			auto, tn = ts/10, ts%10
		}
		pHit := float64(max(tn, 1)) / 10
		pMiss := 0.9 - pHit
		hit, miss := auto+1+r.bonus, auto+r.bonus
		hi = max(hi, top, min(top+hit, need))
		clear(next[:hi+1])
		for s := 0; s <= top; s++ {
			if dist[s] == 0 {
				continue
			}
			next[s] += dist[s] * 0.1
			next[min(s+hit, need)] += dist[s] * pHit
			next[min(s+miss, need)] += dist[s] * pMiss
		}
		top = min(top+hit, need)
		dist, next = next, dist
	}
	return dist[need]
}

// expectedSuccesses is the mean successes of the prepared dice.
func (g *Game) expectedSuccesses(cs *CheckState) float64 {
	e := float64(cs.flat)
	for i := range g.rollers {
		r := &g.rollers[i]
		e += dieMean(g.effTS(r.ts), r.bonus)
	}
	return e
}

// dieMean is the mean successes of one die playing Total Skill ts with
// bonus successes (bots' planning: no re-rolls).
func dieMean(ts, bonus int) float64 {
	auto, tn := 0, 0
	if ts > 0 {
		auto, tn = ts/10, ts%10
	}
	return 0.9*float64(auto+bonus) + float64(max(tn, 1))/10
}

// singleDieChance is the exact chance that one die of Total Skill ts with
// bonus successes reaches need, re-rolling 1s while short (the rule the
// engine plays; used to check observed pass rates).
func singleDieChance(ts, bonus, need int) float64 {
	if need <= 0 {
		return 1
	}
	auto, tn := 0, 0
	if ts > 0 {
		auto, tn = ts/10, ts%10
	}
	// after a 1: s successes, may re-roll while s < need.
	var chain func(s, depth int) float64
	chain = func(s, depth int) float64 {
		if s >= need {
			return 1
		}
		if depth > 40 {
			return 0
		}
		p := 0.1 * chain(s+1, depth+1) // another 1
		if tn >= 2 && s+1 >= need {
			p += float64(tn-1) / 10 // 2..tn
		}
		return p
	}
	p := 0.1 * chain(auto+1+bonus, 0)
	if tn >= 2 && auto+1+bonus >= need {
		p += float64(tn-1) / 10
	}
	if auto+bonus >= need {
		p += float64(9-max(tn, 1)) / 10
	}
	return p
}
