package fallenland

import "fmt"

// Decider makes the choices a player makes in Fallen Land. The rules ask
// it at each decision point, with what the rules allow, and apply its
// answer; how it chooses is its own business. The cautious, bold and
// random bots are Deciders (the bot*.go files), and so is anything that
// plays a seat instead: a scripted Decider in a test that forces one
// choice, or a search-based player later.
//
// The methods are asked from the Game's own goroutine, one at a time, in
// the game loop: they should not allocate. A Decider reads the game through
// g. An answer the rules do not allow is a programming error: the game
// fails, with its seed.
type Decider interface {
	// Deed is the Party's next Deed in its Party Exploits Phase
	// (deeds.go:partyExploits); the rules check it names what is there
	// (checkDeed).
	Deed(g *Game, p *Player) Choice
	// Branch picks the alternative of an "or" check sequence the Party
	// attempts, an index in e's branches; asked when there are two or more
	// (encounter.go).
	Branch(g *Game, p *Player, e *EncDef) int
	// Flight reports whether the Party flees the fight of card e, whose
	// checks are seq, by Fight or Flight; asked where Flight is allowed
	// (encounter.go).
	Flight(g *Game, p *Player, e *EncDef, seq []Check) bool
	// PVPFlight reports whether the Party on side (0 the attacker, 1 the
	// defender) of a PVP fight flees this round (pvp.go); an NPCM never
	// flees.
	PVPFlight(g *Game, p *Player, st *PVPState, side int) bool
	// OSC reports whether the Party attempts a Mission's Optional Skill
	// Check k (encounter.go:osc).
	OSC(g *Game, p *Player, k Check) bool
	// Solo is the member (a crown index) that attempts every check seq of
	// Solo card e where the card leaves it to the player: a Character, or
	// a hit man for a Combat check (encounter.go:soloMember).
	Solo(g *Game, p *Player, e *EncDef, seq []Check) int
	// MultiNow reports whether the Party attempts a Multiple Party card e
	// just drawn with the Parties who (seats) on the hex, or leaves it
	// waiting for others; never asked of a lone player (encounter.go).
	MultiNow(g *Game, p *Player, e *EncDef, who []int) bool
	// Join reports whether q's Party, on the hex where p attempts Multiple
	// Party card e, takes part in it (encounter.go:joiners).
	Join(g *Game, q, p *Player, e *EncDef) bool
	// Draft is the card the player keeps of the stack passed to it in
	// Draft Setup, an index in stack, given the cards kept already
	// (play.go:draftCards).
	Draft(g *Game, p *Player, d Deck, stack, kept []int16) int
	// Offer reports whether the seller puts card it of its Auction House
	// up for bids (auction.go:offerLot).
	Offer(g *Game, seller *Player, it Item) bool
	// Ask is the least the seller takes for card it of its Auction House,
	// offered.
	Ask(g *Game, seller *Player, it Item) int
	// Bid is the most p bids for seller's card it, or 0 for no bid.
	Bid(g *Game, p, seller *Player, it Item) int
	// Accept reports whether the seller sells to buyer at price, its
	// asking price ask.
	Accept(g *Game, seller, buyer *Player, price, ask int) bool
	// Pay is what the buyer pays price with: coins, and Action cards and
	// Spoils of its Auction House at their value.
	Pay(g *Game, buyer *Player, price int) Payment
	// Hire is what the player hires NPCM or hit man card ad for: an
	// assignment, its target seat and goal hex; assign -1 keeps the card
	// in hand (npcm.go:hire).
	Hire(g *Game, p *Player, ad *ActionDef) (assign, target int, goal int16)
	// Target is the opponent the player aims Action card ad at (a Target
	// opponent or Jinxed card): one its Condition holds for, not one a
	// red dot protects; nil for none (hand.go:tryPlay).
	Target(g *Game, p *Player, ad *ActionDef) *Player
	// Play reports whether the player plays Action card ad of its hand
	// now, at moment t, on target (itself, or an opponent); cs is the check
	// being rolled, if any (hand.go:tryPlay).
	Play(g *Game, p *Player, ad *ActionDef, t Timing, cs *CheckState, target *Player) bool
	// Assign is the member (a crown index) that takes k of the n points of
	// Party damage of type t left to assign: k at most its remaining
	// Health, 1 for Psych damage (never on a hit man); crown -1 leaves the
	// rest unassigned, lost, when nobody can take it (damage.go).
	Assign(g *Game, p *Player, n int, t DamageType) (crown, k int)
	// UseAbility reports whether the player uses ability h (a Perk's, a
	// Character's, a Spoils card's) now, at moment t; it is ready and the
	// moment's rule allows it (abilities.go:eachHook). At a check,
	// g.Check() is the check being rolled.
	UseAbility(g *Game, p *Player, h *AbilityHook, t Timing) bool

	// Shield reports whether the player discards a Town Defense chip to
	// prevent 1 of a Town Health loss of -n; asked for each point while
	// it has chips (town.go:addTownHealth).
	Shield(g *Game, p *Player, n int) bool
	// SellTDC reports whether the player sells a Town Defense chip at the
	// Bank; asked when it has one that is not a Perk's (town.go).
	SellTDC(g *Game, p *Player) bool
	// SellSpoils reports whether the player sells card it of its Auction
	// House to the Bank; asked for each card that may be sold.
	SellSpoils(g *Game, p *Player, it Item) bool
	// SellAction is the hand card the player sells to the Bank next, an
	// index in its hand, or -1 to stop.
	SellAction(g *Game, p *Player) int
	// BuyTech is the Technology (or upgrade) the player buys at the Bank,
	// one it can pay for (techPrice: a new one's Tier 1 cost while it has
	// room for another, a Tier 1's upgrade cost), or -1 for none.
	BuyTech(g *Game, p *Player) int16
	// BuyTDC reports whether the player buys a Town Defense chip; asked
	// when it can pay for one.
	BuyTDC(g *Game, p *Player) bool
	// DiscardAction is the hand card the player discards over the hand
	// limit, an index in its hand (play.go:endPhase).
	DiscardAction(g *Game, p *Player) int
	// LoseTech is the Technology the player loses (an index in its
	// Technologies, not a starting Tier 1) when a card takes one.
	LoseTech(g *Game, p *Player) int
	// Revert is the Resource hex of the player's (not keep) that reverts
	// to Neutral, over the maximum or when a card takes one.
	Revert(g *Game, p *Player, keep int16) int16

	// Member is the member of of's Party (a crown index) that p picks, for
	// why; -1 for none. An Action card attached to a Character and a hit
	// man's strike need a Character, not a hit man (Pick).
	Member(g *Game, p, of *Player, why Pick) int
	// Recruit is the Character of the player's Town Roster (an index) that
	// joins an empty Crown when its Party visits the town
	// (town.go:visitTown).
	Recruit(g *Game, p *Player) int
	// HireAlly reports whether the player pays an Ally's hiring cost to
	// take it (town.go); asked when it can pay.
	HireAlly(g *Game, p *Player, it Item) bool

	// Take reports whether the player's Party takes card it of its Auction
	// House when it re-equips (equip.go:equipParty).
	Take(g *Game, p *Player, it Item) bool
	// EquipOrder puts the cards the Party re-equips in the order they are
	// placed, in place (each takes the place it can then).
	EquipOrder(g *Game, p *Player, pool []Item)
	// Carry is the member (a crown index) that carries card it, one that
	// can hold it (canHold: a Character not frozen by Psych damage, with
	// the Carrying Capacity and, for Armor or Clothing, the slot free; not
	// a Vehicle's, the Party's or a Permanent card), or -1 to stow it in
	// the Vehicle if it may be, else leave it in the Auction House.
	Carry(g *Game, p *Player, it Item) int
	// Place reports whether the Party re-equipping places card it, a
	// Vehicle, Party Equipment or Vehicle Equipment card, where the rules
	// put it; asked when it fits there. False leaves it in the Auction
	// House (equip.go:equipParty).
	Place(g *Game, p *Player, it Item) bool
	// Mount is the card the Party mounts Permanent card perm on, for
	// good: crown c's item k, or the Vehicle (c MountVehicle), one that
	// takes it now (its categories match, it has no Permanent card yet
	// and its holder the capacity); or none (c MountNone), which leaves
	// perm in the Auction House. Asked when there is a host
	// (equip.go:mount).
	Mount(g *Game, p *Player, perm Item) (c, k int)
	// Steal is the card of victim's Auction House (an index) the thief
	// takes with a card's steal: one that may change hands (not an Ally
	// or a Faction's card); asked when there is one (town.go:stealSpoils;
	// without one, the victim gives up an equipped card: GiveUp).
	Steal(g *Game, thief, victim *Player) int
	// FreeAction reports whether the player takes an Action card rather
	// than a Spoils card as the City/Rad free card, under the rule that
	// lets it choose (free-card-choice; deeds.go:freeCard).
	FreeAction(g *Game, p *Player) bool
	// GiveUp is the equipped card (crown c's item k) the player gives up
	// to a card: discarded (thief nil; not an Ally or a Jinxed card), or
	// taken by thief (nor a Faction's card) (town.go:givenUp).
	GiveUp(g *Game, p, thief *Player) (c, k int)
	// TownTech reports whether the player plays Town Technology card ad
	// of its hand at the Bank (town.go:sellAndPurchase).
	TownTech(g *Game, p *Player, ad *ActionDef) bool
	// SeatOrder puts the Characters dealt to the player in the order they
	// take the empty Crowns, in place; the rest go to the Town Roster
	// (play.go:seatCharacters).
	SeatOrder(g *Game, p *Player, chars []int16)
	// RosterOrder puts the player's Town Roster in the order its
	// Characters join a Party rebuilt after it was wiped out, in place
	// (damage.go).
	RosterOrder(g *Game, p *Player, roster []Member)
}

// Pick is why a player picks a Party member.
type Pick uint8

const (
	PickAttach    Pick = iota // the Character an Action card attaches to (p's or a rival's)
	PickHitman                // the rival's Character a hit man strikes
	PickPVPDamage             // the loser's member a won round's weapon damage hits (its owner assigns it)
	PickJinx                  // the player's member a Jinxed Spoils card burdens
	PickKill                  // the player's Character a card kills, where none is in focus
)

// member is the member of of's Party that p picks for why, or nil.
func (g *Game) member(p, of *Player, why Pick) *Member {
	i := p.dec.Member(g, p, of, why)
	if i < 0 {
		return nil
	}
	if i >= len(of.party.crowns) || !of.party.crowns[i].present() || (why <= PickHitman && of.party.crowns[i].hitman >= 0) {
		illegal("%s picks crown %d of %s's Party (pick %d)", g.name(p), i, g.name(of), why)
	}
	return &of.party.crowns[i]
}

// decider is the Decider of a seat: the one the options give it, or its
// policy's bot.
func (o *Options) decider(seat int, pol Policy) Decider {
	if seat < len(o.Deciders) && o.Deciders[seat] != nil {
		return o.Deciders[seat]
	}
	return pol.Decider()
}

// illegal fails the game on a Decider's answer the rules do not allow.
func illegal(format string, args ...any) {
	panic(fmt.Sprintf("decider: "+format, args...))
}
