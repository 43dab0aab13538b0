package fallenland

// bot is a built-in policy's Decider. The cautious, bold and random bots
// share one implementation, told apart by the player's policy (its
// thresholds) and the random bot's choices from the seat's own stream.
// Each method is the bots' planning of that choice, in bot*.go.
type bot struct{ pol Policy }

var bots = [...]bot{Cautious: {Cautious}, Bold: {Bold}, Random: {Random}}

// Decider returns the policy's bot.
func (p Policy) Decider() Decider { return &bots[p] }

func (b *bot) Deed(g *Game, p *Player) Choice           { return g.chooseDeed(p) }
func (b *bot) Branch(g *Game, p *Player, e *EncDef) int { return g.chooseBranch(p, e) }
func (b *bot) OSC(g *Game, p *Player, k Check) bool     { return g.wantOSC(p, k) }
func (b *bot) Ask(g *Game, seller *Player, it Item) int { return g.askPrice(seller, it) }

// Offer: a bot offers a card worth enough to a Party for a bid.
func (b *bot) Offer(g *Game, seller *Player, it Item) bool   { return g.itemScore(it) >= minUse }
func (b *bot) Bid(g *Game, p, seller *Player, it Item) int   { return g.maxBid(p, seller, it) }
func (b *bot) Pay(g *Game, buyer *Player, price int) Payment { return g.payWith(buyer, price) }

func (b *bot) Flight(g *Game, p *Player, e *EncDef, seq []Check) bool {
	return g.wantFlight(p, e, seq)
}

func (b *bot) PVPFlight(g *Game, p *Player, st *PVPState, side int) bool {
	return g.wantPVPFlight(st, side)
}

func (b *bot) MultiNow(g *Game, p *Player, e *EncDef, who []int) bool {
	return g.wantMultiNow(p, e, who)
}

func (b *bot) Draft(g *Game, p *Player, d Deck, stack, kept []int16) int {
	return g.draftPick(p, d, stack, kept)
}

func (b *bot) Accept(g *Game, seller, buyer *Player, price, ask int) bool {
	return g.acceptBid(seller, buyer, price, ask)
}

func (b *bot) Hire(g *Game, p *Player, ad *ActionDef) (assign, target int, goal int16) {
	return g.pickAssignment(p, ad)
}

func (b *bot) Target(g *Game, p *Player, ad *ActionDef) *Player { return g.targetFor(p, ad) }

func (b *bot) Play(g *Game, p *Player, ad *ActionDef, t Timing, cs *CheckState, target *Player) bool {
	return g.wantPlay(p, ad, t, cs, target)
}
