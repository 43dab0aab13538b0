package fallenland

// script is a scripted Decider for tests: the choices it sets are forced,
// every other one left to the Decider it wraps (the seat's bot).
type script struct {
	Decider
	flight        int8     // Fight or Flight on a card: +1 flee, -1 fight, 0 the wrapped Decider's choice
	pvp           [2]int8  // Fight or Flight in PVP, by side, likewise
	multi         int8     // a Multiple Party card: +1 attempt it at once, -1 wait
	osc           int8     // an Optional Skill Check: +1 attempt it, -1 not
	branch        int      // 1 + the branch of an "or" sequence to attempt, 0 the wrapped choice
	deeds         []Choice // the next Deeds, in order, then the wrapped choices
	hire          func(ad *ActionDef) (assign, target int, goal int16)
	play          func(ad *ActionDef, t Timing) (play, decided bool)
	target        func(ad *ActionDef) (target *Player, decided bool)
	draft         func(stack []int16) int
	bid           func(p *Player, it Item) (max int, decided bool)
	assign        func(n int) (crown, k int)
	shield        int8 // +1 spend a chip, -1 not
	sellTDC       int8
	buyTech       func() int16
	buyTDC        int8
	loseTech      func() int
	revert        func() int16
	recruit       func() int
	carry         func(it Item) int
	discardAction func() int
	place         int8 // a Vehicle or Equipment card re-equipped: +1 place it, -1 leave it in the Auction House
	mount         func(perm Item) (c, k int)
	steal         func(victim *Player) int
	freeAction    int8 // the City/Rad free card: +1 an Action, -1 a Spoils
	solo          func() int
	join          int8 // a rival's Multiple Party card on its hex: +1 join, -1 not
}

func (s *script) Join(g *Game, q, p *Player, e *EncDef) bool {
	return pick(s.join, s.join == 0 && s.Decider.Join(g, q, p, e))
}

func (s *script) Solo(g *Game, p *Player, e *EncDef, seq []Check) int {
	if s.solo != nil {
		return s.solo()
	}
	return s.Decider.Solo(g, p, e, seq)
}

func (s *script) Place(g *Game, p *Player, it Item) bool {
	return pick(s.place, s.place == 0 && s.Decider.Place(g, p, it))
}

func (s *script) Mount(g *Game, p *Player, perm Item) (c, k int) {
	if s.mount != nil {
		return s.mount(perm)
	}
	return s.Decider.Mount(g, p, perm)
}

func (s *script) Steal(g *Game, thief, victim *Player) int {
	if s.steal != nil {
		return s.steal(victim)
	}
	return s.Decider.Steal(g, thief, victim)
}

func (s *script) FreeAction(g *Game, p *Player) bool {
	return pick(s.freeAction, s.freeAction == 0 && s.Decider.FreeAction(g, p))
}

func (s *script) Assign(g *Game, p *Player, n int, t DamageType) (crown, k int) {
	if s.assign != nil {
		return s.assign(n)
	}
	return s.Decider.Assign(g, p, n, t)
}

func (s *script) Shield(g *Game, p *Player, n int) bool {
	return pick(s.shield, s.shield == 0 && s.Decider.Shield(g, p, n))
}

func (s *script) SellTDC(g *Game, p *Player) bool {
	return pick(s.sellTDC, s.sellTDC == 0 && s.Decider.SellTDC(g, p))
}

func (s *script) BuyTDC(g *Game, p *Player) bool {
	return pick(s.buyTDC, s.buyTDC == 0 && s.Decider.BuyTDC(g, p))
}

func (s *script) BuyTech(g *Game, p *Player) int16 {
	if s.buyTech != nil {
		return s.buyTech()
	}
	return s.Decider.BuyTech(g, p)
}

func (s *script) LoseTech(g *Game, p *Player) int {
	if s.loseTech != nil {
		return s.loseTech()
	}
	return s.Decider.LoseTech(g, p)
}

func (s *script) Revert(g *Game, p *Player, keep int16) int16 {
	if s.revert != nil {
		return s.revert()
	}
	return s.Decider.Revert(g, p, keep)
}

func (s *script) Recruit(g *Game, p *Player) int {
	if s.recruit != nil {
		return s.recruit()
	}
	return s.Decider.Recruit(g, p)
}

func (s *script) Carry(g *Game, p *Player, it Item) int {
	if s.carry != nil {
		return s.carry(it)
	}
	return s.Decider.Carry(g, p, it)
}

func (s *script) DiscardAction(g *Game, p *Player) int {
	if s.discardAction != nil {
		return s.discardAction()
	}
	return s.Decider.DiscardAction(g, p)
}

func pick(v int8, or bool) bool {
	if v != 0 {
		return v > 0
	}
	return or
}

func (s *script) Flight(g *Game, p *Player, e *EncDef, seq []Check) bool {
	return pick(s.flight, s.flight == 0 && s.Decider.Flight(g, p, e, seq))
}

func (s *script) PVPFlight(g *Game, p *Player, st *PVPState, side int) bool {
	return pick(s.pvp[side], s.pvp[side] == 0 && s.Decider.PVPFlight(g, p, st, side))
}

func (s *script) MultiNow(g *Game, p *Player, e *EncDef, who []int) bool {
	return pick(s.multi, s.multi == 0 && s.Decider.MultiNow(g, p, e, who))
}

func (s *script) OSC(g *Game, p *Player, k Check) bool {
	return pick(s.osc, s.osc == 0 && s.Decider.OSC(g, p, k))
}

func (s *script) Branch(g *Game, p *Player, e *EncDef) int {
	if s.branch > 0 {
		return s.branch - 1
	}
	return s.Decider.Branch(g, p, e)
}

func (s *script) Deed(g *Game, p *Player) Choice {
	if len(s.deeds) > 0 {
		ch := s.deeds[0]
		s.deeds = s.deeds[1:]
		return ch
	}
	return s.Decider.Deed(g, p)
}

func (s *script) Hire(g *Game, p *Player, ad *ActionDef) (assign, target int, goal int16) {
	if s.hire != nil {
		return s.hire(ad)
	}
	return s.Decider.Hire(g, p, ad)
}

func (s *script) Play(g *Game, p *Player, ad *ActionDef, t Timing, cs *CheckState, target *Player) bool {
	if s.play != nil {
		if play, ok := s.play(ad, t); ok {
			return play
		}
	}
	return s.Decider.Play(g, p, ad, t, cs, target)
}

func (s *script) Target(g *Game, p *Player, ad *ActionDef) *Player {
	if s.target != nil {
		if target, ok := s.target(ad); ok {
			return target
		}
	}
	return s.Decider.Target(g, p, ad)
}

func (s *script) Draft(g *Game, p *Player, d Deck, stack, kept []int16) int {
	if s.draft != nil {
		return s.draft(stack)
	}
	return s.Decider.Draft(g, p, d, stack, kept)
}

func (s *script) Bid(g *Game, p, seller *Player, it Item) int {
	if s.bid != nil {
		if m, ok := s.bid(p, it); ok {
			return m
		}
	}
	return s.Decider.Bid(g, p, seller, it)
}

// on has a copy of the script make p's choices, wrapping its Decider.
func (f script) on(p *Player) {
	f.Decider = p.dec
	p.dec = &f
}

// scripted is the player's scripted Decider, wrapping its Decider the
// first time.
func scripted(p *Player) *script {
	if sc, ok := p.dec.(*script); ok {
		return sc
	}
	sc := &script{Decider: p.dec}
	p.dec = sc
	return sc
}

// flee forces every player's Fight or Flight on a card.
func (s *scenario) flee(v int8) {
	for seat := range s.players {
		scripted(s.p(seat)).flight = v
	}
}

// pvpFlee forces the attacker's and the defender's Fight or Flight in PVP.
func (s *scenario) pvpFlee(attacker, defender int8) {
	for seat := range s.players {
		scripted(s.p(seat)).pvp = [2]int8{attacker, defender}
	}
}

// multiNow forces every player's choice to attempt a Multiple Party card
// at once or wait.
func (s *scenario) multiNow(v int8) {
	for seat := range s.players {
		scripted(s.p(seat)).multi = v
	}
}
