package fng

import (
	"fmt"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/deck"
	"github.com/deckwright/deckwright/engine/dice"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

// Mode is the style of game.
type Mode uint8

const (
	Competitive Mode = iota
	Cooperative
	Team
	Solo
)

var modeNames = []string{"competitive", "coop", "team", "solo"}

func (m Mode) String() string { return modeNames[m] }

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n || (i == 1 && s == "cooperative") {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (competitive, coop, team, solo)", s)
}

// DangerMode is how the Dangers deck is drawn (the rulebook allows both).
type DangerMode uint8

const (
	// ShuffleEachDraw draws from anywhere in the deck, discards going
	// straight back in.
	ShuffleEachDraw DangerMode = iota
	// DrawFromBottom cycles through the deck before any Danger repeats.
	DrawFromBottom
)

// Options configure one game.
type Options struct {
	Mode     Mode
	Players  int
	Heroes   []int    // hero indices by seat; nil draws them at random
	Policies []Policy // bot policy by seat; nil: Cautious for everyone
	// Deciders, by seat, make a seat's choices instead of its policy's
	// bot (a nil entry leaves that seat to its bot): scenario tests force
	// choices with them.
	Deciders []Decider
	Advanced bool // the advanced elements (villains, temples, deep jungle, flights, zeppelin)
	Dangers  DangerMode
	// MaxRounds and MaxSteps bound a game: one that reaches either is
	// reported as a stall with its seed.
	MaxRounds int
	MaxSteps  int
	// Org is the vile organization by ID: in the cooperative and solo
	// games "" or "random" draws one at random; in the competitive and
	// team games "" means none, and an ID (or "random") adds one (an
	// optional rule). An organization's villains are an advanced element.
	Org string
	// Variants are named rule variants and optional rules.
	Variants Variants
	// Teams, for the team game: the team of each seat.
	Teams []int
	// Exclude removes cards (by Card.N) from their decks.
	Exclude map[int]bool
	// Substitute puts a random other card of its deck in place of each of
	// these cards (by Card.N): the other half of a paired impact run
	// (game.Substitute). A card outside the shuffled decks is left out.
	Substitute map[int]bool
}

// Variants are named rule variants and optional rules; the rulebook's
// rules are the zero value.
type Variants struct {
	AdvancedNazis  bool // optional: a Nazi soldier figure is fought as a drawn Nazi Enemies card
	FixedMovement  bool // optional: move 4, or roll (1–2 draws an Event)
	GermanCollapse bool // seed 004: a cliffhanger at a Temple rolls dice equal to its Danger value for collapse markers; it collapses at that many
	SoloHard       bool // solo: villains win at 15, hero needs 20
	FortuneGoal    int  // optional: scaled Fortune goal (0 = chart/rulebook)
	TrackGoal      int  // optional: scaled villain track goal (0 = chart)
	// VillainSuccessesFirst: a villain's search counts its successes
	// before the wounds of its 1s (the rulebook reading: wounds first).
	VillainSuccessesFirst bool
}

// Result is how a game ended.
type Result struct {
	Seed     uint64
	Rounds   int
	Winner   int   // seat of the winning hero, -1 for none (villains won, or a stall)
	Team     int   // winning team in the team game, else -1
	Heroes   []int // hero index by seat
	Policies []Policy
	Villains bool   // the villains won (cooperative)
	Org      string // the organization's ID, "" for none
	End      string // how it ended: "fortune", "track", "stall", "error"
	Track    int
	// Per seat.
	Fortune, Glory, KOs, Artifacts []int
	VillainArtifacts               int
}

// Game is the state of one game. A worker keeps one Game and Resets it for
// each game it plays, so games allocate (almost) nothing.
type Game struct {
	c   *Content
	opt Options
	fx  effects.Frame

	seed  uint64
	dice  rng.Rand
	setup rng.Rand
	vrand rng.Rand // random villains

	round       int
	steps       game.Steps
	heroes      []Hero
	order       []int8 // seats in turn order this round
	sites       []Site
	villains    []Villain
	henchmen    []int8 // per space: 0 none, else 1 + organization index
	figuresLeft []int8 // per organization
	zeppelin    Zeppelin
	auction     []int8 // per space: auction bonus this round
	closed      int    // artifacts taken off the board since the last end phase

	dangers, enemies, nazi, events, city, gear, allies deck.Deck
	artifacts, adventures, locations, villainEvents    deck.Deck
	commonLeft                                         []int8 // per Common Item: copies on the stack

	coop coopState

	// What effects act on right now.
	cur      int // seat of "the hero"
	test     *TestState
	fs       *FightState
	danger   *DangerDef
	flipped  bool        // the Danger is being resolved as its Cliffhanger (its back)
	played   cancelState // a card aimed at a hero is up for canceling
	lastRoll int
	escaping int      // an escape test is being taken
	skip     bool     // discardDanger: the Danger being faced is set aside
	card     *Card    // the card whose effect is running
	focus    *Villain // the villain a villain event acts on
	helpers  []int    // heroes who may exert to help the test being taken
	using    int16    // the item whose ability is running, or -1
	avoid    bool     // avoidCliffhanger: the failed Danger does not flip
	passing  bool     // a hero is passing through a space: only terrain cards may be played
	turnOver bool     // endTurn: the hero's adventure phase ends now
	altFight bool     // the test just taken was passed by its Fight option
	mustWin  bool     // fights that must be won, not escaped: an outpost's Destroy test, an adventure's final fight

	over   bool
	result Result
	trace  game.Tracer
	pend   []int // traced games: dice rolled and not yet reported (logDice)
	stats  *Stats
	odds   dice.OddsMemo

	// worth counts the changes to what leader reads (a hero's Fortune,
	// Glory and artifacts): a hero's leader is kept while it stands.
	worth uint64
	// rivalMask caches rivalTimings until a hand changes (handsDirty), and
	// terrainSeats the seats (bits) whose hand holds a terrain card.
	rivalMask    uint32
	terrainSeats uint32
	handsDirty   bool
	forced       []int // scenario tests: dice faces to roll next

	// estimates memoises passEstimate by estimateKey, across games.
	estimates map[estimateKey]float64
	// plan lays the Danger deck out for estimateFor (dangerPlan); planBuf
	// holds an estimate's chance of each of its clause shapes.
	plan       *dangerPlan
	planBuf    []float64
	checkFaces []int8 // selfCheck: the failed faces of dice rolled at once (checkDice)
	// levelDecks are the decks of the basic [0] and advanced [1] game.
	levelDecks [2]levelDecks

	// Pools and buffers reused from game to game, so a game allocates
	// (almost) nothing.
	testPool   []*TestState
	testTop    int
	fightPool  []*FightState
	fightTop   int
	unitBuf    []unit
	spaceBuf   []int16  // options of a choice of space
	keepBuf    [8]int16 // Events drawn to keep one of
	sideBuf    [8]int   // the heroes of a side in a space, trading
	groupBuf   []int
	clausePool []*effectClause // tests effects take (skillTestEffect)
	clauseTop  int
	heroPool   []int   // setupGame's shuffle of the heroes
	villainBuf []int16 // placeVillain's candidates
	unitSeats  [][]int
	strict     bool // scenario tests: rolling past the forced dice is an error
}

// Frame lends the effect runtime its scratch space.
func (g *Game) Frame() *effects.Frame { return &g.fx }

// Hero is a hero in play.
type Hero struct {
	def       *HeroDef
	seat      int
	space     int16
	wounds    int
	glory     int
	fortune   int
	items     []int16 // Gear, Allies, Common Items (item indices)
	activated []bool  // parallel to items: used this round
	heroUsed  bool    // the hero's own Activate ability
	hand      []handCard
	artifacts []carried
	remains   []remain
	ko        bool
	cliff     cliffhanger
	markers   int   // danger markers toward the artifact in this space
	explore   int   // exploration markers in a deep jungle
	found     bool  // the deep-jungle adventure has been found
	progress  int16 // the site the markers and exploration belong to
	pending   int   // Glory of Dangers overcome this turn, paid on camping or recovery
	addMove   int
	freeFly   bool
	moved     bool // took a bonus move along with another hero this round
	convoy    bool // heroes in the space may come along on this move (takeAlong)
	team      int
	policy    Policy  // the policy named in results and traces
	dec       Decider // makes the hero's choices: its policy's bot, unless the options gave another
	bot       rng.Rand
	always    [numStats]int // unconditional modifiers
	cond      []Mod         // modifiers with a scope
	condStats uint32        // the stats (bits) cond has a modifier to
	estimate  float64       // cached passEstimate; 0 = stale
	last      lastEstimate  // the key and value behind the last estimate
	// Timings (bits) at which the hero's items and hand hold something
	// to use, so offers skip heroes with nothing to play.
	itemTimings             uint32
	selfTimings, oppTimings uint32
	terrain                 bool // the hand holds a terrain card (passingThrough)
	// lead is the hero's leader (leader with no filter) while the game's
	// worth count is leadAt.
	lead      int
	leadAt    uint64
	handDirty bool
	// Per game counters.
	kos, recovered int
}

// handCard is an Event or a secret City card in hand.
type handCard struct {
	city bool
	card int16
}

// carried is an artifact a hero carries: an artifact/adventure pair, or a
// Temple Treasure (adv = -1).
type carried struct {
	art, adv int16
	value    int
}

// remain is a Remains in Play card on a hero.
type remain struct {
	ev      *EventDef
	city    bool
	card    int16
	hostile bool // an opponent played it on the hero
	rolled  bool // its effect rolled dice: it can no longer be canceled
}

// cliffhanger is a hero's pending cliffhanger.
type cliffhanger struct {
	active bool
	danger *DangerDef
	card   int16 // Dangers deck index, or -1 for a City Danger
	city   int16 // City card index for a City Danger
	site   int16
}

// Site is an artifact adventure on the board.
type Site struct {
	art, adv    int16
	space       int16
	bonus       int // deep-jungle Fortune under the marker
	coins       int // a Temple's Fortune coins
	markers     int // a Temple's shared danger pile
	instability int
	villain     int // index in villains, or -1
	live        bool
	collapsed   bool // a Temple that fell: every hunt there is over
}

// Villain is a villain's state.
type Villain struct {
	def        *VillainDef
	idx        int16
	space      int16 // -1 off the board
	site       int   // -1 none
	wounds     int
	bodyguards int
	markers    int
	state      villainState
	remains    []int16 // Remains in Play villain events
	explore    int
}

type villainState uint8

const (
	vOff villainState = iota // not in play (competitive)
	vDeployed
	vReady
	vDelayed
	vKO
)

// Zeppelin is the zeppelin figure.
type Zeppelin struct {
	def     *ZeppelinDef
	space   int16
	dest    int16
	fortune int
	live    bool
}

// playedCard is the card being played, for cancel(). Cards that cancel
// are played before any die of what they cancel is rolled, so a cancel
// always lands.
// cancelState is where a card played on a hero stands while its target
// may cancel it.
type cancelState uint8

const (
	notPlaying  cancelState = iota // no card is up for canceling
	cancelable                     // the target is being offered its cancel cards
	wasCanceled                    // a cancel card or ability canceled it
)

// New prepares a game runner for the content.
func New(c *Content) *Game {
	g := &Game{c: c}
	g.henchmen = make([]int8, len(c.Spaces))
	g.auction = make([]int8, len(c.Spaces))
	g.figuresLeft = make([]int8, len(c.Orgs))
	g.commonLeft = make([]int8, len(c.Items))
	return g
}

// step counts work against the step budget. Small enough to inline: the
// step over the budget takes Take's way (overBudget), which counts it and
// stops the game.
func (g *Game) step() {
	if int(g.steps) >= g.opt.MaxSteps {
		g.overBudget()
		return
	}
	g.steps++
}

// overBudget is kept out of line, so that step inlines.
//
//go:noinline
func (g *Game) overBudget() { g.steps.Take(g.opt.MaxSteps) }

// roll rolls a die from the dice stream (or, in scenario tests, the next
// forced face). A game rolls hundreds of dice: the plain roll inlines, the
// scenario tests' and traced games' take rollScripted.
func (g *Game) roll() int {
	g.step()
	if len(g.forced) > 0 || g.strict || g.trace != nil {
		return g.rollScripted()
	}
	return g.dice.D6()
}

// plainRolls reports whether n rolls in a row would each be a plain roll
// within the step budget: no forced faces, no trace, and the budget not
// reached before the last. Then rolling them is adding n steps and
// drawing n dice, as roll would one by one.
func (g *Game) plainRolls(n int) bool {
	return len(g.forced) == 0 && !g.strict && g.trace == nil && int(g.steps)+n <= g.opt.MaxSteps
}

// rollScripted is roll with forced faces or a trace.
func (g *Game) rollScripted() int {
	var r int
	switch {
	case len(g.forced) > 0:
		r = g.forced[0]
		g.forced = g.forced[1:]
	case g.strict:
		panic("scenario: a die was rolled beyond the forced ones")
	default:
		r = g.dice.D6()
	}
	if g.trace != nil {
		g.pend = append(g.pend, r)
	}
	return r
}

func (g *Game) h(seat int) *Hero { return &g.heroes[seat] }

// coop reports whether heroes share Fortune (cooperative, solo, team).
func (g *Game) shared() bool { return g.opt.Mode != Competitive }

// fortune returns the Fortune a hero can spend: their own, or their side's.
func (g *Game) fortune(h *Hero) int {
	switch g.opt.Mode {
	case Cooperative, Solo:
		return g.coop.fortune
	case Team:
		return g.coop.teamFortune[h.team]
	}
	return h.fortune
}

// addFortune gives a hero's side Fortune (n < 0 spends or loses it, never
// below 0).
func (g *Game) addFortune(h *Hero, n int, why string) {
	before := g.fortune(h)
	switch g.opt.Mode {
	case Cooperative, Solo:
		g.coop.fortune = max(g.coop.fortune+n, 0)
	case Team:
		g.coop.teamFortune[h.team] = max(g.coop.teamFortune[h.team]+n, 0)
	default:
		h.fortune = max(h.fortune+n, 0)
	}
	g.worthChanged()
	if after := g.fortune(h); g.trace != nil && after != before {
		g.emit(h.seat, "fortune", g.cardID(), map[string]any{"delta": after - before, "total": after, "pile": g.pile(h), "why": why},
			"  (%s: %+d Fortune, %d in the %s pile)", h.def.Name, after-before, after, g.pile(h))
	}
	if g.stats != nil && n != 0 && !paid(why) {
		if d := g.fortune(h) - before; d != 0 {
			g.stats.fortune(g, h, d)
		}
	}
	if n > 0 {
		// The cooperative heroes win the moment they have their Fortune,
		// wherever they are.
		g.checkCoopVictory()
	}
}
