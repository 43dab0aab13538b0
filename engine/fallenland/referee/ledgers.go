package referee

import "github.com/deckwright/deckwright/engine/fallenland"

// Coins, tracks and chips (rule "resources": every change adds up and
// nothing goes below 0; rule "costs": a player pays only what it has, and
// the printed price), Weeks (rule "weeks"), and the victory (rule
// "victory").

// resourceEvent follows a gain, loss, payment or transfer of Prestige,
// Town Health, Salvage or Town Defense chips.
func (s *state) resourceEvent() {
	e := s.e
	p := s.seatOf(e.Seat)
	if p == nil {
		return
	}
	res, amount, total := str(e, "res"), num(e, "amount"), num(e, "total")
	prev := p.res[res]
	switch e.Kind {
	case "gain", "lose":
		if has(e, "asked") {
			asked := num(e, "asked")
			if want := max(prev+asked, 0) - prev; amount != want {
				s.violate("resources", "%s: %d %+d floors at 0 to a change of %d, the event applies %d", res, prev, asked, want, amount)
			}
		}
		if (e.Kind == "gain") != (amount > 0 || (amount == 0 && num(e, "asked") > 0)) {
			s.violate("resources", "a %q event changes %s by %d", e.Kind, res, amount)
		}
	case "pay":
		if amount > prev {
			s.violate("costs", "pays %d %s for %s with only %d", amount, res, str(e, "for"), prev)
		}
		amount = -amount
		s.checkPrice(p)
	case "transfer":
		to := s.seatOf(num(e, "to"))
		if to == nil {
			return
		}
		if amount > prev {
			s.violate("costs", "gives %d %s with only %d", amount, res, prev)
		}
		if want := to.res[res] + amount; num(e, "to-total") != want {
			s.violate("resources", "seat %d receives %d %s: %d, the event says %d", num(e, "to"), amount, res, want, num(e, "to-total"))
		}
		to.res[res] = num(e, "to-total")
		amount = -amount
	}
	if want := prev + amount; total != want {
		s.violate("resources", "%s: %d %+d is %d, the event says %d", res, prev, amount, want, total)
	}
	if total < 0 {
		s.violate("resources", "%s below 0: %d", res, total)
	}
	p.res[res] = total
}

// purchase counts a player's buys from the Bank this Turn.
type purchase struct {
	techs, tdcs int
	tech        string // a Technology paid for, awaiting its chip
	price       int
}

// checkPrice checks a payment against the printed price: a Technology (one
// a Turn), a Town Defense chip (one a Turn, by the cost chart), a hiring
// fee, an Ally, the neutral town's healing fee.
func (s *state) checkPrice(p *seat) {
	e := s.e
	c := s.c
	amount := num(e, "amount")
	b := &s.purchases[e.Seat]
	switch str(e, "for") {
	case "tech":
		b.techs++
		if b.techs > 1 {
			s.violate("costs", "a second Technology bought this Turn")
		}
		b.tech, b.price = e.Card, amount
	case "tdc":
		b.tdcs++
		if b.tdcs > 1 {
			s.violate("costs", "a second Town Defense chip bought this Turn")
		}
		n := p.res["tdc"] + 1
		switch {
		case n > c.Rules.MaxTDC || n >= len(c.Defense):
			s.violate("costs", "buys Town Defense chip number %d (the most is %d)", n, c.Rules.MaxTDC)
		case amount != c.Defense[n]:
			s.violate("costs", "Town Defense chip number %d costs %d, paid %d", n, c.Defense[n], amount)
		}
	case "hire":
		if a, ok := s.r.act[e.Card]; !ok || int(c.Actions[a].HireCost) != amount {
			s.violate("costs", "hiring %s for %d", e.Card, amount)
		}
	case "ally":
		if i, ok := s.r.spoil[e.Card]; !ok || int(c.Spoils[i].HireCost) != amount {
			s.violate("costs", "hiring the Ally %s for %d", e.Card, amount)
		}
	case "heal-fee":
		if amount != c.Rules.NeutralHealFee {
			s.violate("costs", "a neutral town's healing fee of %d, not %d", amount, c.Rules.NeutralHealFee)
		}
	}
}

// techEvent checks a Technology bought at its tier's price.
func (s *state) techEvent() {
	e := s.e
	b := &s.purchases[e.Seat]
	if b.tech == "" || b.tech != e.Card {
		return
	}
	t, ok := s.r.techs[e.Card]
	if !ok {
		s.violate("costs", "no Technology %q", e.Card)
		return
	}
	tier := 1
	if str(e, "how") == "upgrade" {
		tier = 2
	}
	if want := s.c.Techs[t].Cost[tier]; b.price != want {
		s.violate("costs", "%s Tier %d costs %d, paid %d", e.Card, tier, want, b.price)
	}
	b.tech = ""
}

// weeksEvent follows a Party's Weeks: four each Party Exploits Phase plus
// bonus Weeks less Week Penalty chips; a Deed needs a Week left, costs its
// Weeks and an overspend becomes a chip; a Delay takes Weeks now in the
// Party's own Phase, else a chip; free Weeks in its own Phase pay chips
// first; every Week is spent (FL-WK-01…07, FL-AMB-10/11).
func (s *state) weeksEvent() {
	e := s.e
	p := s.seatOf(e.Seat)
	if p == nil {
		return
	}
	r := &s.c.Rules
	switch e.Kind {
	case "weeks":
		base := r.WeeksPerTurn
		paid := min(p.penalty, base+p.bonus)
		want := base + p.bonus - paid
		if num(e, "base") != base || num(e, "bonus") != p.bonus || num(e, "penalty") != paid || num(e, "weeks") != want {
			s.violate("weeks", "%d Weeks + %d bonus − %d of %d penalty = %d; the event says %d + %d − %d = %d", base, p.bonus, paid, p.penalty, want,
				num(e, "base"), num(e, "bonus"), num(e, "penalty"), num(e, "weeks"))
		}
		p.penalty -= paid
		p.bonus = 0
		p.weeks = want
		p.inPhase = true
	case "deed":
		if !p.inPhase {
			s.violate("weeks", "a %s Deed outside the Party's Exploits Phase", str(e, "deed"))
		}
		if p.weeks < 1 {
			s.violate("weeks", "a %s Deed with no Week left", str(e, "deed"))
		}
		cost := deedCost(r, str(e, "deed"), p.weeks)
		if num(e, "cost") != cost {
			s.violate("weeks", "a %s Deed costs %d Weeks, not %d", str(e, "deed"), cost, num(e, "cost"))
		}
		over := max(cost-p.weeks, 0)
		p.weeks = max(p.weeks-cost, 0)
		p.penalty += over
		if num(e, "weeks") != p.weeks || num(e, "overspent") != over {
			s.violate("weeks", "after the Deed %d Weeks left and %d overspent; the event says %d and %d", p.weeks, over, num(e, "weeks"), num(e, "overspent"))
		}
	case "delay":
		n, now := num(e, "n"), 0
		if p.inPhase {
			now = min(n, p.weeks)
		}
		if num(e, "now") != now || num(e, "chip") != n-now {
			s.violate("weeks", "a Delay of %d: %d Weeks now and a %d-Week chip; the event says %d and %d", n, now, n-now, num(e, "now"), num(e, "chip"))
		}
		p.weeks -= now
		p.penalty += n - now
	case "bonus-weeks":
		n := num(e, "n")
		if p.inPhase {
			paid := min(p.penalty, n)
			if num(e, "paid") != paid || num(e, "now") != n-paid {
				s.violate("weeks", "%d free Weeks with %d penalty: %d pay chips, %d now; the event says %d and %d", n, p.penalty, paid, n-paid,
					num(e, "paid"), num(e, "now"))
			}
			p.penalty -= paid
			p.weeks += n - paid
		} else {
			if num(e, "next") != n {
				s.violate("weeks", "%d free Weeks outside the Party's Phase are for its next; the event says %d", n, num(e, "next"))
			}
			p.bonus += n
		}
	case "wiped":
		p.penalty, p.weeks = 0, 0
	case "weeks-end":
		if p.weeks != num(e, "weeks") || p.penalty != num(e, "penalty") {
			s.violate("weeks", "the Phase ends with %d Weeks and %d penalty; the event says %d and %d", p.weeks, p.penalty, num(e, "weeks"), num(e, "penalty"))
		}
		if p.weeks > 0 && !flag(e, "dead") && !flag(e, "over") {
			s.violate("weeks", "%d Weeks left unspent", p.weeks)
		}
		p.inPhase = false
		p.weeks = 0
	}
}

// deedCost is a Deed's price in Weeks; waiting for a Multiple Party card
// sacrifices every Week left.
func deedCost(r *fallenland.Rules, deed string, left int) int {
	switch deed {
	case "Movement":
		return r.WeeksMove
	case "Encounter":
		return r.WeeksEncounter
	case "PVP":
		return r.WeeksPVP
	case "Resource":
		return r.WeeksResource
	case "Healing":
		return r.WeeksHealing
	case "Mission":
		return r.WeeksMission
	case "Wait":
		return left
	}
	return -1
}

// endEvent checks the winner holds a victory threshold, in its own
// ledger (FL-VIC-01…05).
func (s *state) endEvent() {
	e := s.e
	won := ints(e, "shared")
	if w := num(e, "winner"); w >= 0 {
		won = []int{w}
	}
	for _, w := range won {
		p := s.seatOf(w)
		if p == nil {
			continue
		}
		if p.res["prestige"] < s.vp && p.res["town-health"] < s.vth {
			s.violate("victory", "seat %d wins with %d Prestige and %d Town Health (%d or %d needed)", w, p.res["prestige"], p.res["town-health"], s.vp, s.vth)
		}
	}
}
