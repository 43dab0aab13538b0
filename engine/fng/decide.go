package fng

// Decider makes every choice a player makes in Fortune and Glory. The
// rules ask it at each decision point, with the options the rules allow,
// and apply its answer; how it chooses is its own business. The cautious,
// bold and random bots are Deciders (bot.go and the bot_*.go files), and
// so is anything that plays a seat instead: a scripted Decider in a test
// that forces one choice, or a search-based player later.
//
// Each method is one kind of decision; the rules ask it only when there
// is a real choice to make (an "or" test with two alternatives or more), and a Decider whose answer is not one of the
// options is a programming error (the game fails, with its seed). The
// methods are asked from the Game's own goroutine, one at a time; a
// Decider reads the game through g, and what its hero knows through h.
// They are called in the game loop, so they must not allocate.
type Decider interface {
	// Route is the space the hero heads for: its own to stay. Asked for
	// each move (move.go:walk), for the fixed move and the solo roll, and
	// by StepAside and RideAlong of the bots.
	Route(g *Game, h *Hero) int16
	// Waypoint is the space the hero walks toward with this move's points
	// on its way to target (move.go:travel).
	Waypoint(g *Game, h *Hero, target int16, points int) int16
	// Fly is the city the hero, in a city of the advanced game, flies to
	// now on its way to target, or -1 to walk on (move.go:travel).
	Fly(g *Game, h *Hero, target int16, points int) int16
	// FixedMove reports whether the hero takes the fixed move rather than
	// roll, with the fixed-movement variant (move.go:movementRoll).
	FixedMove(g *Game, h *Hero) bool
	// SoloMove is the face of the single-hero solo game's movement dice
	// the hero takes (move.go:soloMovement).
	SoloMove(g *Game, h *Hero, rolls []int) int
	// RideAlong reports whether the hero comes along on mover's move from
	// its space (move.go:takeAlong).
	RideAlong(g *Game, h, mover *Hero, from, to int16) bool
	// StepAside picks the space (an index in spaces: the neighbours
	// without a henchman) the hero steps to after escaping a figure; -1
	// when spaces is empty (fight.go:stepAside).
	StepAside(g *Game, h *Hero, spaces []int16) int
	// TeamOrder puts the seats of a team in the order it moves and
	// adventures in, in place; the team's first seat decides
	// (move.go:eachTeam).
	TeamOrder(g *Game, first *Hero, block []int8)

	// Adventure reports whether the hero hunts the artifact in its space
	// at site this adventure phase (its unit's leader decides:
	// adventure.go:unitStep).
	Adventure(g *Game, h *Hero, site int) bool
	// PressOn reports whether the hero, having overcome a Danger of the
	// artifact hunted at site with left Dangers still to go, draws the
	// next one; false camps down (adventure.go:campOrPress and
	// unitOvercome).
	PressOn(g *Game, h *Hero, site, left int) bool

	// TestOption picks the alternative of an "or" test the hero takes
	// (tests.go:resolveSpec); exert tells a cliffhanger or escape test,
	// where the hero may exert.
	TestOption(g *Game, h *Hero, spec *TestSpec, kw KW, exert bool) int
	// GroupOption picks the alternative heroes working together take, and
	// GroupTaker the seat that takes a skill clause of it, the others
	// helping (coop.go:groupSpec); the unit's leader decides.
	GroupOption(g *Game, lead *Hero, seats []int, spec *TestSpec, kw KW, cliff bool) int
	GroupTaker(g *Game, lead *Hero, seats []int, cl *Clause, kw KW, cliff bool) int
	// Exert reports whether the hero, short of successes in a cliffhanger
	// or escape test, takes one more wound for one more die; never asked
	// when the wound would KO it (tests.go:skillTest).
	Exert(g *Game, h *Hero, ts *TestState) bool
	// Help reports whether the hero, working together with taker, exerts
	// for one more die of taker's roll; never asked when the wound would
	// KO it (tests.go:helpExert).
	Help(g *Game, h, taker *Hero, ts *TestState) bool
	// Escape reports whether the hero tries to escape the fight at the
	// start of this round; asked only where escaping is allowed
	// (fight.go:fightUnit).
	Escape(g *Game, h *Hero, fs *FightState) bool

	// Use reports whether the hero uses card c now, at moment t: an Event
	// or secret City card of its hand (its own, or the multi-hero solo
	// game's shared hand), an item's ability, its own ability
	// (cards.go:offerSelf). The card's Condition holds.
	Use(g *Game, h *Hero, c *Card, t Timing) bool
	// PlayOn reports whether the hero plays opponent card e of its hand on
	// target now, at moment t (cards.go:offerOpponents); target is a
	// rival, and e may be played on it now.
	PlayOn(g *Game, h, target *Hero, e *EventDef, t Timing) bool
	// Target is the seat the hero aims its opponent card c at: a rival
	// standing (not of its team in the team game), or -1 for none
	// (cards.go:targets).
	Target(g *Game, h *Hero, c *Card) int
	// Keep picks the Event the hero keeps of several drawn, an index in
	// ids (cards.go:drawEventKeep).
	Keep(g *Game, h *Hero, ids []int16) int
	// Cancel picks the card in play on the hero (an index in its
	// remains) that its cancel ends, or -1 for none; one that rolled dice
	// cannot be canceled (cards.go:cancelInPlay).
	Cancel(g *Game, h *Hero) int

	// Sell reports whether the hero, doing business in a city, sells
	// artifact a (an index in its artifacts) now (city.go:sell).
	Sell(g *Game, h *Hero, a int) bool
	// Heal is how many wounds the hero pays to heal in a city, at most its
	// wounds and what its Glory pays for (city.go:shop).
	Heal(g *Game, h *Hero) int
	// Buy reports whether the hero buys an Allies (ally) or Gear card in a
	// city now; asked when it has room, the Glory and the deck a card
	// (city.go:shop, in rounds: an Allies card, a Gear card, and a Common
	// Item when neither was bought, until a round buys nothing).
	Buy(g *Game, h *Hero, ally bool) bool
	// BuyCommon is the Common Item the hero buys now (one left, not held,
	// with room and the Glory for it), or -1 for none (city.go:shop).
	BuyCommon(g *Game, h *Hero) int16
	// Discard picks the item of kind the hero discards: an index in its
	// items, over a limit or to a card's effect (hero.go:enforceLimits,
	// discardKind). For a KO's loss (kind AnyItem, hero.go:knockOut) -1
	// pays the rest in Fortune instead, where Fortune is lost.
	Discard(g *Game, h *Hero, kind ItemKind) int
	// LoseGlory is how much of a KO's loss the hero pays in Glory, at
	// most the loss and its Glory (hero.go:knockOut); the rest is paid in
	// items (Discard), then Fortune.
	LoseGlory(g *Game, h *Hero, loss int) int
	// SneakNumber is the number, 1 to 6, the hero sneaks past a villain
	// or aboard the zeppelin on (villains.go:sneakTest, boardZeppelin).
	SneakNumber(g *Game, h *Hero) int
	// Board reports whether the hero, in the zeppelin's space, sneaks
	// aboard (villains.go:boardZeppelin).
	Board(g *Game, h *Hero) bool
	// Raid is the outpost (an index in the outposts) the hero raids in its
	// space, or -1 for none (coop.go:raidOutpost).
	Raid(g *Game, h *Hero) int
	// Reward is the villains' artifact (an index in their loot) the hero
	// takes back for destroying an outpost or the War Zeppelin, or -1 for
	// their Fortune and the track set back (coop.go:outpostReward).
	Reward(g *Game, h *Hero) int
	// Carrier is the seat, h's own or one of seats (h's side standing in
	// its space), that carries all their artifacts, or -1 to leave them
	// where they are (coop.go:exchange).
	Carrier(g *Game, h *Hero, seats []int) int
	// Pass is the seat, of seats, that h hands item id to, or -1 to keep
	// it; asked for an item that can change hands (coop.go:exchange).
	Pass(g *Game, h *Hero, seats []int, id int16) int
}

// ItemKind is the kind of item a discard must be of.
type ItemKind uint8

const (
	AnyItem      ItemKind = iota // any Gear or Allies card
	GearItem                     // a Gear card (sidekicks included)
	AllyItem                     // an Allies card
	SidekickItem                 // a sidekick
)

// is reports whether an item is of the kind.
func (k ItemKind) is(it *ItemDef) bool {
	switch k {
	case GearItem:
		return !it.Ally
	case AllyItem:
		return it.Ally
	case SidekickItem:
		return it.Sidekick
	}
	return true
}

// decider is the Decider of a seat: the one the options give it, or its
// policy's bot.
func (o *Options) decider(seat int, pol Policy) Decider {
	if seat < len(o.Deciders) && o.Deciders[seat] != nil {
		return o.Deciders[seat]
	}
	return pol.Decider()
}
