// Package referee checks traced Fortune and Glory games against the rules.
//
// It replays the events of a game (engine/fng RULES.md, "Trace format") on
// its own books, reading only the events and the content's printed values
// (cards, map, rule constants), never the engine's state or code: every
// die is reported with its reason and shows 1–6; Glory, Fortune, wounds,
// the villains' Fortune and the track add up and never go below 0; every
// card is in exactly one place; carrying limits hold; purchases and flights
// cost what the rules say; moves stay within their points along the map;
// test successes, fight hits and villain searches agree with the dice; the
// first player rolled highest; a KO costs its die; a hero in a cliffhanger
// faces it before any new Danger and does not move away; the competitive
// and team games are won at the first End Phase where a hero (a team) stands
// home, not KO'd, with its Fortune goal, by the one the tie-break names.
package referee

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
)

// Referee checks Fortune and Glory traces of one content.
type Referee struct {
	c       *fng.Content
	spaces  map[string]int
	items   map[string]*fng.ItemDef
	enemies map[string]*fng.EnemyDef
	arts    map[string]*fng.ArtifactDef
}

// New makes a referee for games played on c.
func New(c *fng.Content) *Referee {
	r := &Referee{c: c, spaces: map[string]int{}, items: map[string]*fng.ItemDef{},
		enemies: map[string]*fng.EnemyDef{}, arts: map[string]*fng.ArtifactDef{}}
	for i, s := range c.Spaces {
		r.spaces[s.ID] = i
	}
	for i := range c.Items {
		r.items[c.Items[i].ID] = &c.Items[i]
	}
	for i := range c.Enemies {
		r.enemies[c.Enemies[i].ID] = &c.Enemies[i]
	}
	for i := range c.Artifacts {
		r.arts[c.Artifacts[i].ID] = &c.Artifacts[i]
	}
	return r
}

var _ game.Referee = (*Referee)(nil)

// Check replays a game's events and returns the rules they break.
func (r *Referee) Check(events []game.Event) []game.Violation {
	b := &books{r: r, glory: map[int]int{}, wounds: map[int]int{}, fortune: map[string]int{},
		zones: map[cardKey]int{}, total: map[cardKey]int{}, space: map[int]string{}, moveMods: map[int]int{},
		tokens: map[string]int{}, cliff: map[int]cliff{}, sites: map[int]string{}, stood: map[int]bool{}}
	for i := range events {
		b.i, b.e = i, &events[i]
		b.event()
		if b.e.Kind == "end" {
			break // the game is over: what the engine winds down after it counts for nothing
		}
	}
	b.finish()
	return b.out
}

// books are the referee's own accounts of one game.
type books struct {
	r   *Referee
	i   int
	e   *game.Event
	out []game.Violation

	heroes  []hero
	glory   map[int]int    // by seat
	wounds  map[int]int    // by seat
	fortune map[string]int // by pile
	villain int            // the villains' Fortune
	track   int

	zones  map[cardKey]int // copies of a card in a zone
	total  map[cardKey]int // copies of a card in the game (zone "")
	tokens map[string]int  // Temple Treasure tokens, by zone

	held        []held // what each hero carries, by seat
	limitsDirty bool

	space    map[int]string  // each hero's space
	moves    map[int]*moving // each hero's move this round
	cliff    map[int]cliff   // heroes in a cliffhanger, by seat
	faced    int             // the site of the last Danger faced
	sites    map[int]string  // each artifact site's space
	moveMods map[int]int     // movement bonuses of cards played this round, by seat

	mods    []mod   // modifiers reported since the last roll they explain
	rolls   []roll  // dice since the last event that used them
	tests   []*test // tests being taken (they nest)
	fights  []*fight
	pending []pay // costs announced, to be paid by the next Glory or Fortune event
	ko      *koLoss
	vhits   int // the hits of the last villain round, and the hero they were on
	von     int

	mode  string       // the setup's mode
	goal  int          // the Fortune a hero (competitive) or a team needs, 0 unknown
	stood map[int]bool // heroes who stood up since the round began: KO'd at its End Phase's victory check
}

type hero struct {
	id                             string
	combat, agility, cunning, lore int
	defense                        int
	ko                             bool
	start                          string // Start City
	team                           int
}

type cardKey struct{ deck, card, zone string }

type mod struct {
	seat          int
	stat, to      string
	scope, source string
	amount        int
}

type roll struct {
	seat int
	why  string
	dice []int
}

type moving struct {
	seat          int
	points, spent int
}

type pay struct {
	seat     int
	resource string // "glory" or "fortune"
	cost     int
	what     string
}

func (b *books) fail(rule, format string, args ...any) {
	b.out = append(b.out, game.Violation{Index: b.i, Turn: b.e.Turn, Rule: rule, Msg: fmt.Sprintf(format, args...)})
}

// event replays one event.
func (b *books) event() {
	e := b.e
	if e.Kind != "card" && e.Kind != "note" && e.Kind != "roll" && e.Kind != "treasure-token" {
		b.checkLimits()
	}
	if b.ko != nil {
		b.koStep()
	}
	switch e.Kind {
	case "setup":
		b.mode, b.goal = b.str("mode"), b.int("fortune_goal")
	case "hero":
		b.heroes = append(b.heroes, hero{id: e.Card, combat: b.int("combat"), agility: b.int("agility"), cunning: b.int("cunning"),
			lore: b.int("lore"), defense: b.int("defense"), start: b.str("space"), team: b.int("team")})
		b.space[e.Seat] = b.str("space")
	case "deck":
		deck, zone := b.str("deck"), "deck"
		if deck == "common-items" {
			zone = "stack"
		}
		for _, id := range b.strs("cards") {
			b.zones[cardKey{deck, id, zone}]++
			b.total[cardKey{deck, id, ""}]++
		}
	case "round":
		if b.int("round") > 1 {
			b.noMissedWin()
		}
		clear(b.moveMods)
		clear(b.moves)
		clear(b.stood)
	case "roll":
		b.roll()
	case "modifier":
		m := mod{seat: e.Seat, stat: b.str("stat"), to: b.str("to"), scope: b.str("scope"), source: e.Card, amount: b.int("amount")}
		b.mods = append(b.mods, m)
		if m.to == "move" && m.scope == "card" {
			b.moveMods[e.Seat] += m.amount
		}
		if m.to == "fight" && m.scope == "card" && len(b.fights) > 0 {
			b.fights[len(b.fights)-1].add += m.amount
		}
	case "glory", "fortune", "wounds", "villain-fortune", "track":
		b.ledger()
	case "card":
		b.card()
		if b.str("deck") == "city" && b.str("to") == "cliffhanger" {
			b.cliff[e.Seat] = cliff{card: e.Card, site: -1} // a failed City Danger: its cliffhanger is on its front
		}
	case "reshuffle":
		b.reshuffle()
	case "treasure-token":
		b.token()
	case "buy":
		b.buy()
	case "fly":
		b.fly()
		b.notInCliffhanger(e.Seat, "flies away")
	case "sell":
		b.sell()
	case "move-roll":
		b.moveRoll()
	case "step":
		b.step()
		b.notInCliffhanger(e.Seat, "moves away")
	case "danger", "reveal", "cliffhanger-test", "collapse", "artifact":
		b.cliffhanger()
	case "place":
		if b.space[e.Seat] != b.str("from") {
			b.fail("movement", "%s is placed from %s but stands in %s", b.heroName(e.Seat), b.str("from"), b.space[e.Seat])
		}
		b.space[e.Seat] = b.str("to")
		if b.ko != nil && b.str("why") == "ko" {
			b.finishKO()
		}
	case "test":
		b.startTest()
	case "successes", "pass", "reroll":
		b.testChange()
	case "test-result":
		b.endTest()
	case "fight":
		b.fights = append(b.fights, &fight{enemy: e.Card, wounds: b.int("wounds"), defense: b.int("defense"), glory: b.int("glory")})
	case "fight-round":
		b.fightRound()
	case "damage":
		if f := b.fight(); f != nil {
			f.dealt += b.int("wounds")
			if f.dealt != b.int("enemy_wounds") {
				b.fail("fight", "%s has %d wounds after %d more, the trace says %d", e.Card, f.dealt, b.int("wounds"), b.int("enemy_wounds"))
			}
		}
	case "defeat":
		b.defeat()
	case "fight-end":
		if len(b.fights) > 0 {
			b.fights = b.fights[:len(b.fights)-1]
		}
		b.dropMods("defense") // reported for hits Defense stopped: no wounds came
	case "villain-round":
		b.villainRound()
	case "villain-search":
		b.villainSearch()
	case "sneak":
		b.sneak()
	case "initiative":
		b.initiative()
	case "ko":
		b.startKO()
		delete(b.cliff, e.Seat) // a KO ends a cliffhanger
	case "stand":
		if e.Seat >= 0 && e.Seat < len(b.heroes) {
			b.heroes[e.Seat].ko = false
			b.stood[e.Seat] = true
		}
	case "explore", "villain-explore":
		b.explore()
	case "end":
		b.winner()
	}
}

// finish checks what must hold at the end of the game.
func (b *books) finish() {
	if b.ko != nil {
		b.finishKO()
	}
	counts := map[cardKey]int{}
	for k, n := range b.zones {
		if n < 0 {
			continue // reported when it happened
		}
		counts[cardKey{k.deck, k.card, ""}] += n
	}
	for k, n := range b.total {
		if counts[k] != n {
			b.i = -1
			b.fail("deck-conservation", "the game ends with %d copies of %s (%s), it began with %d", counts[k], k.card, k.deck, n)
		}
	}
	for _, p := range b.pending {
		b.fail("cost", "%s: a cost of %d %s was never paid", p.what, p.cost, p.resource)
	}
}

// --- Dice -----------------------------------------------------------------------------

// whys are the reasons a die may be rolled for (RULES.md, "roll").
var whys = map[string]bool{
	"initiative": true, "roll-off": true, "move": true, "wilderness": true, "explore": true, "test": true, "add-dice": true,
	"reroll": true, "exert": true, "fight": true, "enemy": true, "villain-fight": true, "villain": true, "ko": true,
	"keep-artifact": true, "collapse": true, "collapse-hits": true, "effect": true, "loyalty": true, "tactics": true,
	"track-back": true, "sneak": true, "villain-explore": true, "villain-search": true, "zeppelin-drop": true, "guards": true,
}

func (b *books) roll() {
	why := b.str("why")
	dice := b.ints("dice")
	if !whys[why] {
		b.fail("roll-reason", "%d dice rolled for no reported reason (%q): %v", len(dice), why, dice)
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			b.fail("roll-range", "a die shows %d", d)
		}
	}
	b.rolls = append(b.rolls, roll{seat: b.e.Seat, why: why, dice: dice})
	if len(b.tests) > 0 {
		b.testRoll(why, dice)
	}
}

// lastRoll returns the last roll for a reason (and removes it), or nil.
func (b *books) lastRoll(why string) []int {
	for i := len(b.rolls) - 1; i >= 0; i-- {
		if b.rolls[i].why == why {
			d := b.rolls[i].dice
			b.rolls = append(b.rolls[:i], b.rolls[i+1:]...)
			return d
		}
	}
	return nil
}

func count(dice []int, pred func(int) bool) int {
	n := 0
	for _, d := range dice {
		if pred(d) {
			n++
		}
	}
	return n
}

// dropMods forgets the modifiers reported for a purpose.
func (b *books) dropMods(to string) {
	kept := b.mods[:0]
	for _, m := range b.mods {
		if m.to != to {
			kept = append(kept, m)
		}
	}
	b.mods = kept
}

// takeMods removes and returns the modifiers reported for a purpose.
func (b *books) takeMods(seat int, to string) []mod {
	var out []mod
	kept := b.mods[:0]
	for _, m := range b.mods {
		if m.to == to && m.seat == seat && m.scope != "card" {
			out = append(out, m)
			continue
		}
		kept = append(kept, m)
	}
	b.mods = kept
	return out
}

// --- Resources ------------------------------------------------------------------------

func (b *books) ledger() {
	e := b.e
	delta, total := b.int("delta"), b.int("total")
	var book *int
	name := e.Kind
	switch e.Kind {
	case "glory":
		v := b.glory[e.Seat]
		book = &v
		defer func() { b.glory[e.Seat] = v }()
	case "wounds":
		v := b.wounds[e.Seat]
		book = &v
		defer func() { b.wounds[e.Seat] = v }()
		switch b.str("why") {
		case "exert":
			if total >= b.int("max") {
				b.fail("exert", "%s exerts into a KO (%d of %d wounds)", b.heroName(e.Seat), total, b.int("max"))
			}
		case "fight":
			b.woundsFromHits(false)
		case "villain":
			b.woundsFromHits(true)
		}
	case "fortune":
		pile := b.str("pile")
		name = "Fortune of " + pile
		v := b.fortune[pile]
		book = &v
		defer func() { b.fortune[pile] = v }()
	case "villain-fortune":
		book = &b.villain
	case "track":
		book = &b.track
	}
	if *book+delta != total {
		b.fail(e.Kind, "%s: %d %+d makes %d, the trace says %d", name, *book, delta, *book+delta, total)
	}
	if total < 0 {
		b.fail(e.Kind, "%s is %d, below 0", name, total)
	}
	*book = total
	if e.Kind == "glory" || e.Kind == "fortune" {
		b.paid(e.Kind, delta)
	}
}

// paid matches a Glory or Fortune payment to the cost announced before it.
func (b *books) paid(resource string, delta int) {
	for i, p := range b.pending {
		if p.seat != b.e.Seat || p.resource != resource {
			continue
		}
		if -delta != p.cost {
			b.fail("cost", "%s costs %d %s, %d paid", p.what, p.cost, resource, -delta)
		}
		b.pending = append(b.pending[:i], b.pending[i+1:]...)
		return
	}
}

// expect announces a cost the next Glory or Fortune event of the seat pays.
func (b *books) expect(resource string, cost int, what string) {
	if cost != 0 {
		b.pending = append(b.pending, pay{seat: b.e.Seat, resource: resource, cost: cost, what: what})
	}
}

// --- Helpers --------------------------------------------------------------------------

func (b *books) heroName(seat int) string {
	if seat >= 0 && seat < len(b.heroes) {
		return b.heroes[seat].id
	}
	return "seat " + strconv.Itoa(seat)
}

func (b *books) int(key string) int { return toInt(b.e.Data[key]) }

func (b *books) str(key string) string { s, _ := b.e.Data[key].(string); return s }

func (b *books) ints(key string) []int {
	switch v := b.e.Data[key].(type) {
	case []int:
		return v
	case []any:
		out := make([]int, len(v))
		for i, x := range v {
			out[i] = toInt(x)
		}
		return out
	}
	return nil
}

func (b *books) strs(key string) []string {
	switch v := b.e.Data[key].(type) {
	case []string:
		return v
	case []any:
		out := make([]string, len(v))
		for i, x := range v {
			out[i], _ = x.(string)
		}
		return out
	}
	return nil
}

// toInt reads a number from an event built in memory or decoded from JSON.
func toInt(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case float64:
		return int(n)
	case json.Number:
		i, _ := n.Int64()
		return int(i)
	}
	return 0
}

func seatOf(zone string) (string, int) {
	kind, seat, ok := strings.Cut(zone, ":")
	if !ok {
		return zone, -1
	}
	n, _ := strconv.Atoi(seat)
	return kind, n
}
