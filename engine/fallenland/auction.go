package fallenland

// The Auction House Sub-Phase (FL-TB-05/06, RB p.8, p.36): "players may bid
// on and sell Spoils cards located in any Auction House. All players go
// simultaneously". A card may sell below its printed value or above it, to
// any bidder or to none; Salvage Coins, Action cards and Spoils cards pay
// for it. Allies and Characters are never traded, nor Perk cards.

// bid is one player's offer for a card: the most it would pay.
type bid struct {
	seat, max int
}

// Payment is what a buyer hands over: coins, Action cards from its hand
// and Spoils cards from its Auction House (indices), each card counted at
// its printed value.
type Payment struct {
	Coins   int
	Actions []int // indices in the buyer's hand
	Spoils  []int // indices in the buyer's Auction House
}

// tradeable reports whether a Spoils card may change hands between players.
func (g *Game) tradeable(it Item) bool {
	sd := g.spoils(it)
	return it.card >= 0 && !sd.is(RAlly) && sd.Faction < 0
}

// auctionHouse runs the Sub-Phase: every tradeable card in every Auction
// House is offered; each other player bids what it wants to (from
// anywhere on the map); the open bidding rises until one bidder is left,
// who pays one more than the last rival bid (at least the seller's asking
// price); the seller takes it or keeps the card. A card bought goes into the
// buyer's Auction House, equipped at once if its Party is in its town.
func (g *Game) auctionHouse() {
	for s := range g.players {
		for i := range g.players[s].auction {
			g.players[s].auction[i].fresh = false
		}
	}
	for _, s := range g.order {
		seller := g.p(s)
		for i := 0; i < len(seller.auction); {
			if g.over || seller.auction[i].fresh || !g.tradeable(seller.auction[i]) || !g.offerLot(seller, i) {
				i++
			}
		}
	}
}

// offerLot puts card i of a seller's Auction House up for bids. It reports
// whether the card was sold (and so left the Auction House).
func (g *Game) offerLot(seller *Player, i int) bool {
	it := seller.auction[i]
	if !seller.dec.Offer(g, seller, it) {
		return false
	}
	ask := seller.dec.Ask(g, seller, it)
	bids := g.bidBuf[:0]
	for _, s := range g.order {
		if s == seller.seat {
			continue
		}
		b := g.p(s)
		if m := b.dec.Bid(g, b, seller, it); m >= ask && m > 0 {
			bids = append(bids, bid{seat: s, max: m})
		}
	}
	g.bidBuf = bids[:0]
	winner, price := settleLot(bids, ask)
	if winner < 0 {
		return false
	}
	if g.stats != nil && len(bids) > 1 {
		g.stats.rule(RuleAuctionBid)
	}
	if g.trace != nil {
		for _, b := range bids {
			g.emitf(b.seat, "bid", g.c.Spoils[it.card].ID, D{"seller": seller.seat, "bid": min(b.max, price)},
				"  %s bids %d for %s's %s", g.name(g.p(b.seat)), min(b.max, price), g.name(seller), g.c.Spoils[it.card].Name)
		}
	}
	buyer := g.p(winner)
	if !seller.dec.Accept(g, seller, buyer, price, ask) {
		return false
	}
	pay := buyer.dec.Pay(g, buyer, price)
	g.checkPay(buyer, pay)
	g.sell(seller, i, buyer, price, pay)
	return true
}

// settleLot is open bidding between bids at or above the asking price: the
// price rises one coin at a time until one bidder is left, who pays one more
// than the best rival's last bid (never above its own limit, never below the
// asking price). Equal limits go to the earlier bidder in turn order. It
// returns the winner's seat (-1 none) and the price.
func settleLot(bids []bid, ask int) (winner, price int) {
	best, second := -1, ask-1
	for i, b := range bids {
		switch {
		case best < 0 || b.max > bids[best].max:
			if best >= 0 {
				second = max(second, bids[best].max)
			}
			best = i
		default:
			second = max(second, b.max)
		}
	}
	if best < 0 {
		return -1, 0
	}
	price = max(ask, min(second+1, bids[best].max))
	return bids[best].seat, price
}

// sell moves card i of the seller's Auction House to the buyer's for a
// payment worth at least the price: the coins, the Action cards into the
// seller's hand, the Spoils cards into the seller's Auction House.
func (g *Game) sell(seller *Player, i int, buyer *Player, price int, pay Payment) {
	it := seller.auction[i]
	seller.auction = append(seller.auction[:i], seller.auction[i+1:]...)
	var cards []string
	if g.trace != nil {
		for _, k := range pay.Actions {
			cards = append(cards, "Actions:"+g.c.Actions[buyer.hand[k]].ID)
		}
		for _, k := range pay.Spoils {
			cards = append(cards, "Spoils:"+g.itemIDs(buyer.auction[k : k+1])[0])
		}
		g.emitf(buyer.seat, "sale", g.c.Spoils[it.card].ID, D{"seller": seller.seat, "price": price, "salvage": pay.Coins, "cards": cards},
			"  %s buys %s from %s for %d (%d Salvage and %d cards)", g.name(buyer), g.c.Spoils[it.card].Name, g.name(seller), price, pay.Coins,
			len(pay.Actions)+len(pay.Spoils))
	}
	g.transfer(buyer, seller, pay.Coins, "auction")
	if len(pay.Actions)+len(pay.Spoils) > 0 {
		// Highest index first, so the others stay valid.
		for k := len(pay.Actions) - 1; k >= 0; k-- {
			j := pay.Actions[k]
			seller.hand = append(seller.hand, buyer.hand[j])
			buyer.hand = append(buyer.hand[:j], buyer.hand[j+1:]...)
		}
		for k := len(pay.Spoils) - 1; k >= 0; k-- {
			j := pay.Spoils[k]
			buyer.auction[j].fresh = true
			seller.auction = append(seller.auction, buyer.auction[j])
			buyer.auction = append(buyer.auction[:j], buyer.auction[j+1:]...)
		}
		if g.stats != nil {
			g.stats.rule(RuleAuctionCards)
		}
	}
	from := len(buyer.auction)
	it.fresh = true
	buyer.auction = append(buyer.auction, it)
	if g.inOwnTown(buyer) && !buyer.partyDead {
		g.equipParty(buyer, from)
	}
	if g.stats != nil {
		g.stats.rule(RuleAuction)
	}
}

// checkPay fails the game on a payment the buyer cannot make: Salvage it
// does not have, cards it does not hold (indices in its hand and Auction
// House, each once, in order).
func (g *Game) checkPay(buyer *Player, pay Payment) {
	ok := pay.Coins >= 0 && pay.Coins <= buyer.sc
	for k, j := range pay.Actions {
		ok = ok && j >= 0 && j < len(buyer.hand) && (k == 0 || j > pay.Actions[k-1])
	}
	for k, j := range pay.Spoils {
		ok = ok && j >= 0 && j < len(buyer.auction) && (k == 0 || j > pay.Spoils[k-1])
	}
	if !ok {
		illegal("%s pays %d Salvage, hand cards %v and Auction House cards %v", g.name(buyer), pay.Coins, pay.Actions, pay.Spoils)
	}
}
