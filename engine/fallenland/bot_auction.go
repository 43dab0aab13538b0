package fallenland

import "sort"

// Bots in the Auction House: what a card is worth to them in coins, the
// price a seller asks, the bids, and what a buyer pays with.

// minUse is the least use to its Party (itemScore) a card must have for a
// bot to bid on it.
const minUse = 3

// coinsPerPoint turns a card's worth to a Party (itemScore) into coins: the
// bundled Spoils are priced at about 1.5 coins a point.
const coinsPerPoint = 1.5

// askPrice is the least a bot sells a card for: its printed value, which
// the Bank pays in the Sell portion anyway, plus what the card is worth to
// the seller's own Party if it would equip it (itemScore 3 and up: the
// cards it does not sell to the Bank).
func (g *Game) askPrice(seller *Player, it Item) int {
	ask := max(int(g.spoils(it).Value), 1)
	if sc := g.itemScore(it); sc >= 3 {
		ask += int(sc * coinsPerPoint / 2)
	}
	return ask
}

// useValue is what a card adds to a Party that could equip it: its score,
// less the Vehicle it would replace; nothing if no member can carry it.
func (g *Game) useValue(p *Player, it Item) float64 {
	sd := g.spoils(it)
	pa := &p.party
	switch {
	case p.partyDead || pa.alive() == 0:
		return 0
	case sd.is(RVehicle):
		v := g.itemScore(it)
		if pa.vehicle.card >= 0 {
			v -= g.itemScore(pa.vehicle)
		}
		return v
	case sd.is(RVehicleEquipment):
		if pa.vehicle.card < 0 || g.vehicleLoad(pa)+g.itemCost(it) > int(g.spoils(pa.vehicle).VehCap) {
			return 0
		}
		return g.itemScore(it)
	case sd.is(RPermanent | RPartyEquipment):
		return g.itemScore(it) / 2 // it needs a host, or capacity on everyone
	}
	for i := range pa.crowns {
		if g.canHold(pa, &pa.crowns[i], it) {
			return g.itemScore(it)
		}
	}
	return 0
}

// spare lists the cards a bot would give up in payment, each at its
// printed value: Action cards it would sell first (not Town Technology
// cards) and Spoils cards in its Auction House it would not equip.
func (g *Game) spareValue(p *Player) int {
	v := 0
	for _, a := range p.hand {
		if ad := &g.c.Actions[a]; ad.Value > 0 && ad.Kind != KTownTech {
			v += int(ad.Value)
		}
	}
	for _, it := range p.auction {
		if g.spareSpoils(it) {
			v += int(g.spoils(it).Value)
		}
	}
	return v
}

func (g *Game) spareSpoils(it Item) bool {
	return g.tradeable(it) && g.spoils(it).Value > 0 && g.itemScore(it) < 3
}

// maxBid is the most a bot pays for a card in another player's Auction
// House: its use to the bot's Party in coins (bold bots pay a third more;
// a card that must wait for the Party to come home is worth less), within
// what it can pay (coins above its reserve, and spare cards); random bots
// bid at random; nothing for a card it would not equip.
func (g *Game) maxBid(p, seller *Player, it Item) int {
	use := g.useValue(p, it)
	if use < minUse {
		return 0
	}
	v := use * coinsPerPoint
	switch p.policy {
	case Bold:
		v *= 1.3
	case Random:
		v *= 0.5 + float64(p.bot.Intn(100))/100
	}
	if !g.inOwnTown(p) {
		v *= 0.8
	}
	budget := max(p.sc-g.reserve(p), 0) + g.spareValue(p)
	return min(int(v), budget)
}

// acceptBid: a seller takes a bid at or above its asking price — from the
// leader (its rival) only with a fifth more ("Player two sells his vehicle to
// player three for less, because player four has been a jerk all game",
// RB p.36).
func (g *Game) acceptBid(seller, buyer *Player, price, ask int) bool {
	if price < ask {
		return false
	}
	if r := g.rival(seller); r == buyer && seller.policy != Random {
		w := g.c.Rules.TiebreakWeight
		if buyer.th+w*buyer.pr > seller.th+w*seller.pr {
			return price*5 >= ask*6
		}
	}
	return true
}

// payWith composes a payment worth at least price: spare Spoils from the
// Auction House (the Bank would pay no more for them) while each fits in
// what is left to pay, then coins, then — short of coins — Action cards,
// the cheapest first, and more Spoils.
func (g *Game) payWith(p *Player, price int) Payment {
	var pay Payment
	left := price
	var spoils []int
	for i, it := range p.auction {
		if g.spareSpoils(it) {
			spoils = append(spoils, i)
		}
	}
	sort.SliceStable(spoils, func(i, j int) bool {
		return g.spoils(p.auction[spoils[i]]).Value > g.spoils(p.auction[spoils[j]]).Value
	})
	used := make([]bool, len(spoils))
	for k, i := range spoils {
		if v := int(g.spoils(p.auction[i]).Value); v <= left {
			used[k] = true
			pay.Spoils = append(pay.Spoils, i)
			left -= v
		}
	}
	pay.Coins = min(max(left, 0), p.sc)
	left -= pay.Coins
	if left > 0 {
		var acts []int
		for i, a := range p.hand {
			if ad := &g.c.Actions[a]; ad.Value > 0 && ad.Kind != KTownTech {
				acts = append(acts, i)
			}
		}
		sort.SliceStable(acts, func(i, j int) bool { return g.c.Actions[p.hand[acts[i]]].Value < g.c.Actions[p.hand[acts[j]]].Value })
		for _, i := range acts {
			if left <= 0 {
				break
			}
			pay.Actions = append(pay.Actions, i)
			left -= int(g.c.Actions[p.hand[i]].Value)
		}
		for k := len(spoils) - 1; k >= 0 && left > 0; k-- {
			if !used[k] {
				pay.Spoils = append(pay.Spoils, spoils[k])
				left -= int(g.spoils(p.auction[spoils[k]]).Value)
			}
		}
	}
	sort.Ints(pay.Actions)
	sort.Ints(pay.Spoils)
	return pay
}
