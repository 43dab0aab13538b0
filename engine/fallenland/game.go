package fallenland

import (
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// Options configure one game.
type Options struct {
	Short    bool  // the Short Game: 10 Prestige or 55 Town Health (FL-VIC-05)
	Players  int   // 1–6
	Factions []int // Faction indices by seat; nil rolls them (1d12, re-rolling duplicates)
	Policies []Policy
	// Deciders, by seat, make a seat's choices instead of its policy's
	// bot (a nil entry leaves that seat to its bot): scenario tests force
	// a choice with a scripted one, and another policy plugs in here.
	Deciders []Decider
	// MaxRounds (Turns) and MaxSteps bound a game: one that reaches either
	// is reported as a stall with its seed.
	MaxRounds int
	MaxSteps  int
	Variants  Variants
	// Exclude removes cards (by Card.N) from their decks.
	Exclude map[int]bool
	// Substitute puts a random other card of its deck in place of each of
	// these cards (by Card.N): the other half of a paired impact run
	// (game.Substitute).
	Substitute map[int]bool
}

// Variants are the named rule variants of RULES.md §15; the zero value is
// the recommended reading of each.
type Variants struct {
	TiebreakOtherTrack      bool // FL-AMB-01: compare the other track, not the combined score
	ExactTenFormula         bool // FL-AMB-03: Total Skill 10/20/30 by the formula (auto successes, a 1 adds one), not as 9/19/29
	MasterBonusAll          bool // FL-AMB-04: the Master bonus on Solo and Individual checks too
	FirstStrikeNoMaster     bool // FL-AMB-04: no Master bonus on a First Strike roll
	LastPointAny            bool // FL-AMB-12: any remaining movement enters a hex of any cost at the end
	RadiationAnyMove        bool // FL-AMB-25: Radiation damage on any arrival (Flight, escape, a card), not only a Movement Deed's end
	AmbushAnyMove           bool // FL-AMB-25: a rival town's Defense chips strike on any arrival there, not only a Movement Deed's end
	TownHealOwnOnly         bool // FL-AMB-14: the free healing point only in the Faction's own town
	MissionRelocateOnDraw   bool // FL-AMB-27: the Mission chip moves when the card is drawn
	MissionOnWaterEnterable bool // FL-AMB-56: a Mission chip may land on Water, which it makes enterable
	ShortTownHealth50       bool // FL-OPT-08: the quick-start's Short Game Town Health of 50
	DraftSetup              bool // FL-OPT-01: the dealt Characters and Spoils are drafted
	NoNPCMs                 bool // bots never hire NPCMs or hit men (to measure them)
}

// flags binds each variant's name (as `deckwright sim --variant` spells
// it) to its field.
func (v *Variants) flags() map[string]*bool {
	return map[string]*bool{
		"tiebreak-other-track": &v.TiebreakOtherTrack, "exact-ten-formula": &v.ExactTenFormula, "master-bonus-all": &v.MasterBonusAll,
		"first-strike-no-master": &v.FirstStrikeNoMaster, "last-point-any": &v.LastPointAny, "radiation-any-move": &v.RadiationAnyMove,
		"ambush-any-move": &v.AmbushAnyMove,
		"town-heal-own":   &v.TownHealOwnOnly, "mission-relocate-on-draw": &v.MissionRelocateOnDraw, "mission-on-water": &v.MissionOnWaterEnterable,
		"short-town-health-50": &v.ShortTownHealth50, "no-npcm": &v.NoNPCMs, "draft-setup": &v.DraftSetup,
	}
}

// Set turns on the variant of that name, reporting false for a name
// Fallen Land does not have.
func (v *Variants) Set(name string) bool {
	f, ok := v.flags()[name]
	if ok {
		*f = true
	}
	return ok
}

// Result is how a game ended.
type Result struct {
	Seed     uint64
	Turns    int
	Winner   int   // seat of the winner, -1 for none (a stall)
	Shared   []int // seats sharing a win the tie-breaks could not split
	Factions []int // Faction index by seat
	Policies []Policy
	End      string // how it ended: "prestige", "town-health", "tiebreak", "stall", "error"
	// Per seat.
	Prestige, TownHealth, Resources, Deaths []int
}

// Member is a Character on a Crown (or in the Town Roster), or a hit man
// filling a Crown.
type Member struct {
	char   int16 // CharDef index, -1 for none
	hitman int16 // ActionDef index of a hit man, -1 for none
	dmg    [4]int8
	items  []Item
	acts   []int16 // attached Action cards (attach-character, jinxed)
	used   uint8   // ability limits: 1 used this Turn, 2 used this game
	memory int
	// Derived values, recomputed when the Party changes.
	ts          [NumSkills]int8
	melee       int8 // Combat without ranged weapons (Melee Weapons Only)
	armor       int8
	psych       int8
	load, cap   int8
	move        int8
	firstStrike bool
	// The inputs and values of the last memberTotals (recompute keeps
	// them when the inputs are the same).
	totalsKey totalsKey
	totalsOK  bool
	kept      totals
}

func (m *Member) present() bool { return m.char >= 0 || m.hitman >= 0 }

// Item is an equipped (or stored) Spoils card, with the Permanent card
// mounted on it.
type Item struct {
	card  int16
	mount int16 // a Permanent card mounted on this one, -1 none
	uses  int8  // uses spent
	used  uint8 // ability limits, as Member.used
	fresh bool  // traded in this Auction House Sub-Phase: not offered again in it
}

// Party is a player's Party: five Crowns, a Vehicle and Party Equipment.
type Party struct {
	crowns   []Member
	vehicle  Item // card -1: none
	vehItems []Item
	equip    []Item  // Party Equipment
	jinx     []int16 // Jinxed Spoils attached to the Party
	acts     []int16 // attach-party Action cards
	hex      int16
	armor    int // the Party's Armor, derived
	move     int // Movement Bonus Track, derived
	members  int // the Movement its members add, at the last recompute
	// The Party's own totals at the last recompute.
	totalsPT partyTotals
	totalsOK bool
}

// OwnedTech is a Town Technology chip.
type OwnedTech struct {
	tech     int16
	tier     uint8
	starting bool
}

// Player is a seat: a Faction, its town and its Party.
type Player struct {
	seat     int
	faction  int16
	fac      *FactionDef
	pr, th   int
	sc       int
	tdc      int
	perkTDC  int
	tech     []OwnedTech
	hand     []int16
	roster   []Member
	auction  []Item
	party    Party
	townActs []int16 // Action cards attached to the town (own and Jinxed)
	perkUsed []uint8
	// Weeks.
	weeks   int
	penalty int  // Week Penalty chips still to subtract
	bonus   int  // bonus Weeks for the next Party Exploits Phase
	inPhase bool // the player's Party Exploits Phase is running
	mustAct bool // the must-encounter obligation (FL-MOV-08)
	// Town.
	resources    int // owned, a Double counting two
	noProduction bool
	partyDead    bool
	untidy       bool   // an item was discarded: tidy the Party
	damaged      bool   // took damage since its anytime abilities were last offered
	gen          int    // changes whenever the Party's cards move
	timings      uint32 // a bit per Timing the player has abilities at
	// abil are the player's abilities at every timing, in the order a
	// moment offers them, as the Party's cards stood at gen abilGen
	// (hooks).
	abil    []AbilityHook
	abilAt  [numTimings + 1]uint16 // where each timing's abilities begin in abil
	abilGen int
	abilOK  bool
	// strength is the last combatStrength and what it was worked out at.
	strength keptStrength
	// equipMemo is where the Party's last re-equip put its cards.
	equipMemo equipMemo
	ambushed  uint32 // town owners whose TDCs ambushed this Party this Turn
	policy    Policy
	dec       Decider // makes the player's choices: its policy's bot, unless the options gave another
	bot       rng.Rand
	// Per game counters.
	deaths, captures int
}

// POI is a Point of Interest on the map.
type POI struct {
	hex       int16
	enc       int16 // the World card (index in its deck's sheet), -1 for a map POI
	deck      Deck  // the World card's deck
	effect    *Prog
	once      bool
	visited   uint32 // seats that activated it
	permanent bool
	live      bool
}

// World is a World card in play: an Encounter or a Mission.
type World struct {
	enc     int16 // the card's index in its deck's sheet
	deck    Deck
	drawer  int
	expires int // the Turn in whose End Turn it is discarded, 0 never
	poi     int // index in pois, -1 none
	live    bool
	// A Multiple Party card waiting on its hex for Parties to join
	// (FL-SC-25): since is the Turn it was drawn.
	wait  bool
	hex   int16
	since int
}

// NPCM is a hired mercenary on the map.
type NPCM struct {
	act    int16
	owner  int
	hex    int16
	dmg    int
	assign int   // Assignments index
	target int   // seat attacked, or Mission chip index
	goal   int16 // hex it heads for
	live   bool
}

// Game is the state of one game. A worker keeps one Game and Resets it for
// each game it plays, so games allocate (almost) nothing.
type Game struct {
	c   *Content
	opt Options
	fx  effects.Frame

	seed        uint64
	dice, setup rng.Rand // the dice (and shuffles); the Factions dealt at setup

	turn    int
	steps   game.Steps
	first   int // seat of the First Player
	players []Player
	order   []int // seats in turn order this Turn

	resOwner  []int8 // per hex: -1 Neutral, -2 destroyed, else the owner's seat
	resDouble []bool
	missions  []int16 // hexes of the Mission Location chips
	pois      []POI
	worlds    []World
	npcms     []NPCM
	decks     [numDecks]deck.Deck

	// What effects act on right now.
	cur       int     // "the player"
	actor     int     // the player who played the card (steals go to them)
	focus     *Member // "the Character"
	enc       *EncDef // the Encounter or Mission being resolved
	cardEnd   bool    // discardThis ran in a cell of the card being resolved
	drawDepth int     // nesting of cards played as they are drawn
	chk       *CheckState
	chkStack  [4]CheckState // the checks being made, innermost last
	nchk      int
	src       *Card // the card whose effect runs (statistics, discardThis)
	item      *Item // the equipped item whose ability runs
	world     *World
	drawer    bool
	lastRoll  int
	sig       signals
	pvp       *PVPState
	moveAdd   int
	moveCtx   *moveCtx // a Movement Deed short of its goal (bots' cards)
	moveBuf   moveCtx  // where moveCtx points, so a Deed allocates nothing
	dealBuf   []int16  // the Characters dealt a player at setup
	dying     *Member  // the member a death-timing ability may save
	cause     deathCause
	freed     []Item  // equipment of a member who just died
	memory    int     // remember() with no Character in focus
	resHex    []bool  // per hex: a Resource Location now
	created   []int16 // hexes made Resource Locations this game, in hex order

	over   bool
	result Result
	trace  game.Tracer // nil: untraced
	stats  *Stats
	forced []int // scenario tests: dice faces to roll next
	strict bool  // scenario tests: rolling past the forced dice is an error
	// Scenario tests: rerollAll re-rolls every 1 (the worked examples).
	rerollAll bool
	// Scratch buffers, reused.
	rollers  []roller
	poolBuf  []Item
	groupBuf []AbilityHook
	scoreBuf []float64
	hookBuf  []AbilityHook
	bidBuf   []bid
	// Traced games: the hexes of the Movement Deed being walked, and the
	// Water tolls paid on it.
	path      []int
	paidWater int
}

// signals are what an effect tells the code that ran it.
type signals struct {
	ignored   bool // ignoreCard
	won       bool // winCard
	redraw    bool
	prevented bool // preventDeath
	discard   bool // discardThis
	noStrike  bool // noFirstStrike
}

// moveCtx is a Movement Deed short of its goal.
type moveCtx struct{ need, have int }

// Frame lends the effect runtime its scratch space.
func (g *Game) Frame() *effects.Frame { return &g.fx }

// New prepares a game runner for the content.
func New(c *Content) *Game {
	g := &Game{c: c}
	g.resOwner = make([]int8, len(c.Hexes))
	g.resDouble = make([]bool, len(c.Hexes))
	g.resHex = make([]bool, len(c.Hexes))
	return g
}

// step counts work against the step budget.
func (g *Game) step() { g.steps.Take(g.opt.MaxSteps) }

// die rolls one die of the given sides from the dice stream (or, in
// scenario tests, the next forced face); a traced game reports it with
// what it is for.
func (g *Game) die(sides int, why string) int {
	r := g.rawDie(sides)
	if g.trace != nil {
		g.emitf(-1, "roll", g.srcID(), D{"sides": sides, "face": r, "for": why}, "    d%d: %d (%s)", sides, r, why)
	}
	return r
}

// rawDie rolls a die without reporting it: Skill Check dice, which their
// own events report.
func (g *Game) rawDie(sides int) int {
	g.step()
	if len(g.forced) > 0 {
		r := g.forced[0]
		g.forced = g.forced[1:]
		return r
	}
	if g.strict {
		panic("scenario: a die was rolled beyond the forced ones")
	}
	return g.dice.Intn(sides) + 1
}

func (g *Game) d6(why string) int  { return g.die(6, why) }
func (g *Game) d10(why string) int { return g.die(10, why) }

// dice6 rolls n d6 and adds them.
func (g *Game) dice6(n int, why string) int {
	s := 0
	for range n {
		s += g.d6(why)
	}
	return s
}

// randomLocation rolls 2d10 for a Random Location: the first die is the
// tens digit, a face 10 reads as the digit 0, and 0 0 is 100 (FL-MAP-08).
func (g *Game) randomLocation() int {
	tens, units := g.d10("location")%10, g.d10("location")%10
	n := tens*10 + units
	if n == 0 {
		n = 100
	}
	return n
}

func (g *Game) p(seat int) *Player { return &g.players[seat] }

// alive counts the Party's living members.
func (pa *Party) alive() int {
	n := 0
	for i := range pa.crowns {
		if pa.crowns[i].present() {
			n++
		}
	}
	return n
}

func (g *Game) hex(p *Player) *Hex { return &g.c.Hexes[p.party.hex] }

func (g *Game) inOwnTown(p *Player) bool { return p.party.hex == p.fac.StartHex }

func (g *Game) onTown(p *Player) bool { return g.c.Hexes[p.party.hex].Town >= 0 }

// victory thresholds of this game.
func (g *Game) thresholds() (pr, th int) {
	r := &g.c.Rules
	if g.opt.Short {
		th = r.ShortTownHealth
		if g.opt.Variants.ShortTownHealth50 {
			th = 50
		}
		return r.ShortPrestige, th
	}
	return r.VictoryPrestige, r.VictoryTownHealth
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
