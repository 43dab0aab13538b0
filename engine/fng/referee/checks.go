package referee

import (
	"strconv"

	"github.com/deckwright/deckwright/engine/fng"
)

// --- Cards ----------------------------------------------------------------------------

// card moves a card between zones: it must be where it leaves.
func (b *books) card() {
	deck, id, from, to := b.str("deck"), b.e.Card, b.str("from"), b.str("to")
	k := cardKey{deck, id, from}
	if b.zones[k] <= 0 {
		b.fail("deck-conservation", "%s (%s) leaves %s, where it is not", id, deck, from)
	} else {
		b.zones[k]--
	}
	b.zones[cardKey{deck, id, to}]++
	b.carry(deck, id, from, -1)
	b.carry(deck, id, to, +1)
	if b.ko != nil && b.str("why") == "ko" {
		if kind, seat := seatOf(from); kind == "items" && seat == b.ko.seat {
			b.ko.lost++
		}
	}
}

// carry keeps the counts of what each hero carries: items by kind and
// artifacts.
func (b *books) carry(deck, id, zone string, n int) {
	kind, seat := seatOf(zone)
	if seat < 0 {
		return
	}
	h := b.heldBy(seat)
	switch {
	case kind == "items":
		it := b.r.items[id]
		if it == nil {
			return
		}
		if it.Ally {
			h.allies += n
		} else {
			h.gear += n
		}
		if it.Sidekick {
			h.sidekicks += n
		}
		b.limitsDirty = true
	case kind == "carried" && deck == "artifacts":
		h.artifacts += n
	}
}

// heldBy returns what a seat carries.
func (b *books) heldBy(seat int) *held {
	for len(b.held) <= seat {
		b.held = append(b.held, held{})
	}
	return &b.held[seat]
}

// held is what a hero carries, by the referee's count.
type held struct {
	gear, allies, sidekicks int
	artifacts               int // artifact cards and Temple Treasure tokens
}

// checkLimits: at most the Gear, Allies and Sidekick limits, once a gain
// and the discards it forces are done.
func (b *books) checkLimits() {
	if !b.limitsDirty {
		return
	}
	b.limitsDirty = false
	R := &b.r.c.Rules
	for seat, h := range b.held {
		if h.gear > R.GearLimit || h.allies > R.AllyLimit || h.sidekicks > R.SidekickLimit {
			b.fail("carrying-limit", "%s carries %d Gear, %d Allies, %d Sidekicks (limits %d, %d, %d)",
				b.heroName(seat), h.gear, h.allies, h.sidekicks, R.GearLimit, R.AllyLimit, R.SidekickLimit)
		}
	}
}

// reshuffle: a deck's discard pile goes back into its draw pile.
func (b *books) reshuffle() {
	deck := b.str("deck")
	n := 0
	for k, c := range b.zones {
		if k.deck == deck && k.zone == "discard" && c > 0 {
			n += c
			b.zones[cardKey{deck, k.card, "deck"}] += c
			b.zones[k] = 0
		}
	}
	if n != b.int("cards") {
		b.fail("deck-conservation", "the %s discard pile holds %d cards, %d are shuffled back", deck, n, b.int("cards"))
	}
}

// token moves a Temple Treasure token: it comes from the Temple's place
// on the board and goes back to the box.
func (b *books) token() {
	from, to := b.str("from"), b.str("to")
	if from != "board" {
		if b.tokens[from] <= 0 {
			b.fail("deck-conservation", "a Temple Treasure of %s leaves %s, where there is none", b.e.Card, from)
		} else {
			b.tokens[from]--
		}
		if kind, seat := seatOf(from); kind == "carried" {
			b.heldBy(seat).artifacts--
		}
	}
	if to != "box" {
		b.tokens[to]++
		if kind, seat := seatOf(to); kind == "carried" {
			b.heldBy(seat).artifacts++
		}
	}
}

// --- Costs ----------------------------------------------------------------------------

func (b *books) buy() {
	R := &b.r.c.Rules
	seat := b.e.Seat
	cost := b.int("cost")
	want := 0
	switch what := b.str("what"); what {
	case "gear":
		want = R.GearCost
	case "ally":
		want = R.AllyCost
	case "heal":
		want = b.int("wounds") * R.HealCost
	case "common":
		it := b.r.items[b.e.Card]
		if it == nil {
			b.fail("cost", "%s is not a Common Item", b.e.Card)
			return
		}
		want = int(it.Cost)
		for _, m := range b.takeMods(seat, "cost") {
			want += m.amount
		}
		want = max(want, R.CommonItemMinCost)
	}
	if cost != want {
		b.fail("cost", "%s: %s costs %d Glory by the rules, the trace says %d", b.heroName(seat), b.str("what"), want, cost)
	}
	if b.glory[seat] < cost {
		b.fail("cost", "%s buys %s for %d Glory with %d", b.heroName(seat), b.str("what"), cost, b.glory[seat])
	}
	b.expect("glory", cost, b.str("what"))
}

func (b *books) fly() {
	R := &b.r.c.Rules
	seat := b.e.Seat
	from, to := b.str("from"), b.str("to")
	fs, ts := b.spaceOf(from), b.spaceOf(to)
	if fs == nil || ts == nil || fs.Kind != fng.City || ts.Kind != fng.City {
		b.fail("movement", "%s flies from %s to %s: flights are between cities", b.heroName(seat), from, to)
		return
	}
	if b.space[seat] != from {
		b.fail("movement", "%s flies from %s but stands in %s", b.heroName(seat), from, b.space[seat])
	}
	want := R.FlightMinor
	if ts.Major {
		want = R.FlightMajor
	}
	for _, m := range b.takeMods(seat, "flight") {
		want += m.amount
	}
	want = max(want, 0)
	if b.int("free") == 1 {
		want = 0
	}
	if cost := b.int("cost"); cost != want {
		b.fail("cost", "%s: a flight to %s costs %d Fortune, the trace says %d", b.heroName(seat), to, want, cost)
	}
	b.expect("fortune", want, "a flight to "+to)
	b.space[seat] = to
}

func (b *books) sell() {
	R := &b.r.c.Rules
	seat := b.e.Seat
	value := R.TempleTreasure
	if a := b.r.arts[b.e.Card]; a != nil {
		value = int(a.Fortune)
	} else if b.e.Card != "treasure" {
		b.fail("sell", "%s sells %s, which is no artifact", b.heroName(seat), b.e.Card)
	}
	sp := b.spaceOf(b.space[seat])
	if sp == nil || sp.Kind != fng.City {
		b.fail("sell", "%s sells in %s, not a city", b.heroName(seat), b.space[seat])
		return
	}
	major := 0
	if sp.Major {
		major = R.MajorCityBonus
	}
	if b.int("value") != value || b.int("major") != major || b.int("fortune") != value+major+b.int("auction") {
		b.fail("sell", "%s sells %s in %s: %d + %d (major city) + %d (auction), the trace says %d", b.heroName(seat), b.e.Card,
			sp.ID, value, major, b.int("auction"), b.int("fortune"))
	}
	b.pending = append(b.pending, pay{seat: seat, resource: "fortune", cost: -b.int("fortune"), what: "a sale"})
}

// --- Movement -------------------------------------------------------------------------

func (b *books) spaceOf(id string) *fng.Space {
	if i, ok := b.r.spaces[id]; ok {
		return &b.r.c.Spaces[i]
	}
	return nil
}

func (b *books) moveRoll() {
	seat := b.e.Seat
	r, bonus, points := b.int("roll"), b.int("bonus"), b.int("points")
	want := b.moveMods[seat]
	for _, m := range b.takeMods(seat, "move") {
		want += m.amount
	}
	if bonus != want {
		b.fail("movement", "%s's movement bonus is %d by its cards, the trace says %d", b.heroName(seat), want, bonus)
	}
	if points != max(r+bonus, 1) {
		b.fail("movement", "%s rolls %d%+d: %d points, the trace says %d", b.heroName(seat), r, bonus, max(r+bonus, 1), points)
	}
	if dice := b.lastRoll("move"); dice != nil {
		ok := false
		for _, d := range dice {
			ok = ok || d == r
		}
		if !ok {
			b.fail("movement", "%s moves %d, the dice show %v", b.heroName(seat), r, dice)
		}
	} else if r != b.r.c.Rules.FixedMove {
		b.fail("movement", "%s moves %d without rolling", b.heroName(seat), r)
	}
	if b.moves == nil {
		b.moves = map[int]*moving{}
	}
	b.moves[seat] = &moving{seat: seat, points: points}
}

func (b *books) step() {
	seat := b.e.Seat
	from, to := b.str("from"), b.str("to")
	m := b.moves[seat]
	if m == nil {
		b.fail("movement", "%s steps to %s without a movement roll", b.heroName(seat), to)
		m = &moving{seat: seat, points: 1 << 20}
		b.moves[seat] = m
	}
	if seat < len(b.heroes) && b.heroes[seat].ko {
		b.fail("movement", "%s moves while KO'd", b.heroName(seat))
	}
	if b.space[seat] != from {
		b.fail("movement", "%s steps from %s but stands in %s", b.heroName(seat), from, b.space[seat])
	}
	fs, ts := b.spaceOf(from), b.spaceOf(to)
	if fs == nil || ts == nil {
		b.fail("movement", "unknown space %s or %s", from, to)
		return
	}
	adjacent := false
	for _, a := range fs.Adj {
		adjacent = adjacent || b.r.c.Spaces[a].ID == to
	}
	if !adjacent {
		b.fail("movement", "%s steps from %s to %s, which do not touch", b.heroName(seat), from, to)
	}
	if cost := b.int("cost"); cost != int(ts.Cost) {
		b.fail("movement", "entering %s costs %d, the trace says %d", to, ts.Cost, cost)
	}
	m.spent += int(ts.Cost)
	if m.spent > m.points {
		b.fail("movement", "%s spends %d movement of %d", b.heroName(seat), m.spent, m.points)
	}
	b.space[seat] = to
}

// --- Tests ----------------------------------------------------------------------------

type test struct {
	seat, target, need, dice int
	cliff, escape            bool
	rounds                   int // rolls so far
	round, total             int // successes of this roll, and of the earlier ones
	passed                   bool
	old                      []int // the failed dice a re-roll replaces
}

func (b *books) startTest() {
	seat := b.e.Seat
	t := &test{seat: seat, target: b.int("target"), need: b.int("need"), dice: b.int("dice"),
		cliff: b.int("cliff") == 1, escape: b.int("escape") == 1}
	want := b.int("printed")
	for _, m := range b.takeMods(seat, "test") {
		want += m.amount
	}
	if t.dice != max(want, 1) {
		b.fail("test-dice", "%s tests %s with %d dice; its skill and modifiers make %d", b.heroName(seat), b.str("test"), t.dice, max(want, 1))
	}
	b.tests = append(b.tests, t)
}

// testRoll counts the dice of the test being taken.
func (b *books) testRoll(why string, dice []int) {
	t := b.tests[len(b.tests)-1]
	hits := count(dice, func(d int) bool { return d >= t.target })
	switch why {
	case "test":
		if b.e.Seat != t.seat {
			return // a test of another hero, inside this one
		}
		if t.rounds > 0 {
			switch {
			case t.round == 0:
				b.fail("test", "%s rolls again after a roll with no success", b.heroName(t.seat))
			case t.total+t.round >= t.need:
				b.fail("test", "%s rolls again after passing (%d of %d)", b.heroName(t.seat), t.total+t.round, t.need)
			}
			t.total += t.round
		}
		if len(dice) != t.dice {
			b.fail("test-dice", "%s's test rolls %d dice, not %d", b.heroName(t.seat), len(dice), t.dice)
		}
		t.round = hits
		t.rounds++
	case "add-dice":
		t.round += hits
	case "exert":
		if b.e.Seat == t.seat && !t.cliff && !t.escape {
			b.fail("exert", "%s exerts outside a cliffhanger or escape test", b.heroName(t.seat))
		}
		t.round += hits
	case "reroll":
		if len(dice) != len(t.old) {
			b.fail("test", "%d failed dice re-rolled as %d", len(t.old), len(dice))
		}
		t.old = nil
		t.round += hits
	}
}

func (b *books) testChange() {
	if len(b.tests) == 0 {
		b.fail("test", "%s outside a test", b.e.Kind)
		return
	}
	t := b.tests[len(b.tests)-1]
	switch b.e.Kind {
	case "successes":
		t.round = max(t.round+b.int("delta"), 0)
	case "pass":
		t.passed = true
	case "reroll":
		t.old = b.ints("old")
		for _, d := range t.old {
			if d >= t.target {
				b.fail("test", "a die of %d (a success) is re-rolled as failed", d)
			}
		}
	}
}

func (b *books) endTest() {
	if len(b.tests) == 0 {
		b.fail("test", "a test result without a test")
		return
	}
	t := b.tests[len(b.tests)-1]
	b.tests = b.tests[:len(b.tests)-1]
	if !t.passed {
		t.total += t.round
	}
	passed := t.passed || t.total >= t.need
	if (b.int("passed") == 1) != passed || b.int("successes") != t.total {
		b.fail("test", "%s: the dice make %d of %d successes (passed: %v), the trace says %d (passed: %v)", b.heroName(t.seat),
			t.total, t.need, passed, b.int("successes"), b.int("passed") == 1)
	}
}

// --- Fights ---------------------------------------------------------------------------

type fight struct {
	enemy                  string
	wounds, defense, glory int
	dealt, add             int
	seats                  []int
	hits                   int // the enemy's hits of the last round, and on whom
	on                     int
}

func (b *books) fight() *fight {
	if len(b.fights) == 0 {
		return nil
	}
	return b.fights[len(b.fights)-1]
}

func (b *books) fightRound() {
	f := b.fight()
	if f == nil {
		b.fail("fight", "a fight round outside a fight")
		return
	}
	R := &b.r.c.Rules
	seat := b.e.Seat
	b.takeMods(seat, "defense") // from a round whose hits Defense stopped
	heroHits, enemyHits, dealt := b.int("hero_hits"), b.int("enemy_hits"), b.int("dealt")
	hit := func(d int) bool { return d >= R.HitOn }
	if heroHits >= 0 {
		dice := b.lastRoll("fight")
		if n := count(dice, hit); n != heroHits {
			b.fail("fight", "%s's fight dice %v make %d hits, the trace says %d", b.heroName(seat), dice, n, heroHits)
		}
		if want := b.fightDice(seat, b.int("add_dice")); len(dice) != want {
			b.fail("fight-dice", "%s rolls %d fight dice; Combat and modifiers make %d", b.heroName(seat), len(dice), want)
		}
		if dealt != max(heroHits-f.defense, 0) {
			b.fail("fight", "%d hits past Defense %d deal %d wounds, the trace says %d", heroHits, f.defense, max(heroHits-f.defense, 0), dealt)
		}
	}
	dice := b.lastRoll("enemy")
	if n := count(dice, hit); n != enemyHits {
		b.fail("fight", "%s's dice %v make %d hits, the trace says %d", f.enemy, dice, n, enemyHits)
	}
	if e := b.r.enemies[f.enemy]; e != nil && len(dice) != int(e.Dice) {
		b.fail("fight-dice", "%s rolls %d dice, its card says %d", f.enemy, len(dice), e.Dice)
	}
	f.dealt += max(dealt, 0)
	if f.dealt != b.int("enemy_wounds") {
		b.fail("fight", "%s has %d wounds, the trace says %d", f.enemy, f.dealt, b.int("enemy_wounds"))
	}
	f.hits, f.on = enemyHits, seat
}

// fightDice is a hero's fight dice: its Combat (never below 1) with its
// always-on bonuses, then bonuses that apply here and the adventure's
// special text (never below 1), and the dice cards added this round.
func (b *books) fightDice(seat, add int) int {
	base := 0
	if seat >= 0 && seat < len(b.heroes) {
		base = b.heroes[seat].combat
	}
	always, other := 0, 0
	for _, m := range b.takeMods(seat, "fight") {
		if m.scope == "always" {
			always += m.amount
		} else {
			other += m.amount
		}
	}
	return max(max(base+always, 1)+other, 1) + add
}

// woundsFromHits checks the wounds of a fight round against the hits the
// enemy (or villain) scored in it and the hero's Defense.
func (b *books) woundsFromHits(villain bool) {
	seat := b.e.Seat
	hits, on := &b.vhits, b.von
	if f := b.fight(); !villain && f != nil {
		hits, on = &f.hits, f.on
	}
	if on != seat || *hits <= 0 {
		b.fail("fight", "%s takes %d fight wounds with no hits scored on it", b.heroName(seat), b.int("delta"))
		return
	}
	def := 0
	if seat < len(b.heroes) {
		def = b.heroes[seat].defense
	}
	for _, m := range b.takeMods(seat, "defense") {
		def += m.amount
	}
	if want := max(*hits-max(def, 0), 0); b.int("delta") != want {
		b.fail("fight", "%d hits past Defense %d are %d wounds, the trace says %d", *hits, max(def, 0), want, b.int("delta"))
	}
	*hits = 0
}

func (b *books) defeat() {
	f := b.fight()
	if f == nil {
		b.fail("fight", "an enemy defeated outside a fight")
		return
	}
	if f.dealt < f.wounds {
		b.fail("fight", "%s is defeated with %d of %d wounds", f.enemy, f.dealt, f.wounds)
	}
	if e := b.r.enemies[f.enemy]; e != nil && b.int("glory") != int(e.Glory) {
		b.fail("fight", "%s gives %d Glory, its card says %d", f.enemy, b.int("glory"), e.Glory)
	}
}

func (b *books) villainRound() {
	R := &b.r.c.Rules
	seat := b.e.Seat
	b.takeMods(seat, "defense")
	hit := func(d int) bool { return d >= R.HitOn }
	dice := b.lastRoll("villain-fight")
	if n := count(dice, hit); n != b.int("hero_hits") {
		b.fail("fight", "%s's fight dice %v make %d hits, the trace says %d", b.heroName(seat), dice, n, b.int("hero_hits"))
	}
	if want := b.fightDice(seat, b.int("add_dice")); len(dice) != want {
		b.fail("fight-dice", "%s rolls %d fight dice at %s; Combat and modifiers make %d", b.heroName(seat), len(dice), b.e.Card, want)
	}
	vd := b.lastRoll("villain")
	if n := count(vd, hit); n != b.int("villain_hits") {
		b.fail("fight", "%s's dice %v make %d hits, the trace says %d", b.e.Card, vd, n, b.int("villain_hits"))
	}
	b.vhits, b.von = b.int("villain_hits"), seat
}

func (b *books) villainSearch() {
	R := &b.r.c.Rules
	dice := b.lastRoll("villain-search")
	want := max(b.int("search")+b.int("mods")-b.int("heroes"), 0)
	if b.int("dice") != want || len(dice) != want {
		b.fail("villain-search", "%s searches with %d dice (%d rolled); Search %d%+d, %d heroes there make %d", b.e.Card,
			b.int("dice"), len(dice), b.int("search"), b.int("mods"), b.int("heroes"), want)
	}
	s := count(dice, func(d int) bool { return d >= R.VillainSearchOn })
	w := count(dice, func(d int) bool { return d <= R.VillainWoundOn })
	if s != b.int("successes") || w != b.int("wounds") {
		b.fail("villain-search", "%s's dice %v make %d successes and %d wounds, the trace says %d and %d", b.e.Card, dice, s, w,
			b.int("successes"), b.int("wounds"))
	}
}

// sneak: a villain's dice to spot a sneaking hero are its Search, its
// modifiers and the hero's; each die showing the hero's number spots it.
func (b *books) sneak() {
	seat := b.e.Seat
	want := b.int("search") + b.int("villain_mods")
	for _, m := range b.takeMods(seat, "sneak") {
		want += m.amount
	}
	if dice := b.int("dice"); dice != min(max(want, 0), 32) {
		b.fail("sneak", "%s is spotted with %d dice; Search and modifiers make %d", b.heroName(seat), dice, max(want, 0))
	}
	// One roll for everyone sneaking together: each hero counts its own
	// dice among them.
	var dice []int
	for i := len(b.rolls) - 1; i >= 0; i-- {
		if b.rolls[i].why == "sneak" {
			dice = b.rolls[i].dice
			break
		}
	}
	n := min(b.int("dice"), len(dice))
	if spotted := count(dice[:n], func(d int) bool { return d == b.int("pick") }); spotted != b.int("spotted") {
		b.fail("sneak", "%s sneaks on %d: the dice %v spot it %d times, the trace says %d", b.heroName(seat), b.int("pick"), dice[:n], spotted, b.int("spotted"))
	}
}

// --- Initiative, KO -------------------------------------------------------------------

func (b *books) initiative() {
	rolls := b.ints("rolls")
	var seen []int
	kept := b.rolls[:0]
	for _, r := range b.rolls {
		switch r.why {
		case "initiative":
			seen = append(seen, r.dice...)
		case "roll-off":
		default:
			kept = append(kept, r)
		}
	}
	b.rolls = kept
	if len(seen) != len(rolls) {
		b.fail("initiative", "%d initiative dice rolled for %d heroes", len(seen), len(rolls))
	} else {
		for i := range seen {
			if seen[i] != rolls[i] {
				b.fail("initiative", "the initiative dice show %v, the trace says %v", seen, rolls)
				break
			}
		}
	}
	if _, team := b.e.Data["first_team"]; team {
		return
	}
	first := b.int("first")
	top := 0
	for _, r := range rolls {
		top = max(top, r)
	}
	if first < 0 || first >= len(rolls) || rolls[first] != top {
		b.fail("initiative", "%s goes first with %d; the highest roll is %d", b.heroName(first), rolls[max(min(first, len(rolls)-1), 0)], top)
	}
}

// koLoss is a KO penalty being paid.
type koLoss struct {
	seat, loss, lost  int
	available         int
	artifacts, rolled int
}

func (b *books) startKO() {
	seat := b.e.Seat
	dice := b.lastRoll("ko")
	loss := b.int("loss")
	if len(dice) != 1 || dice[0] != loss {
		b.fail("ko", "%s's KO loss is %d, the die shows %v", b.heroName(seat), loss, dice)
	}
	h := b.heldBy(seat)
	avail := b.glory[seat] + h.gear + h.allies
	pile := "hero:" + strconv.Itoa(seat)
	if f, own := b.fortune[pile]; own {
		avail += f
	}
	b.ko = &koLoss{seat: seat, loss: loss, available: avail, artifacts: h.artifacts}
	if seat < len(b.heroes) {
		b.heroes[seat].ko = true
	}
}

// koStep reports whether an event is part of paying a KO penalty.
func (b *books) koStep() {
	k := b.ko
	if b.e.Seat != k.seat {
		return
	}
	switch b.e.Kind {
	case "glory", "fortune":
		if b.str("why") == "ko" {
			k.lost -= b.int("delta")
		}
	case "roll":
		if b.str("why") == "keep-artifact" {
			k.rolled++
		}
	}
}

func (b *books) finishKO() {
	k := b.ko
	b.ko = nil
	if want := min(k.loss, k.available); k.lost != want {
		b.fail("ko", "%s loses %d to a KO of %d with %d to lose", b.heroName(k.seat), k.lost, k.loss, k.available)
	}
	if k.rolled != k.artifacts {
		b.fail("ko", "%s rolls for %d artifacts of the %d it carries", b.heroName(k.seat), k.rolled, k.artifacts)
	}
}

// --- Cliffhangers ---------------------------------------------------------------------

// cliff is a hero's cliffhanger: the Danger card failed and the site it
// was at (-1 none, or a City Danger).
type cliff struct {
	card string
	site int
}

// cliffhanger (rule "cliffhanger"): a hero who failed a Danger is in its
// cliffhanger until it faces it (or is KO'd, or its Temple collapses); in
// it, the hero neither moves away nor faces a new Danger — "instead of
// moving on to the next Danger, the Hero must overcome the Cliffhanger"
// (FG-CLIFF-01, FG-MOVE-08). Rule "adventure": a hero faces an artifact's
// Danger only in the artifact's space (FG-ADV-02, FG-ADV-10).
func (b *books) cliffhanger() {
	e := b.e
	switch e.Kind {
	case "danger":
		b.faced = b.int("site")
		for _, s := range b.ints("seats") {
			if c, ok := b.cliff[s]; ok {
				b.fail("cliffhanger", "%s faces %s while in the cliffhanger of %s", b.heroName(s), e.Card, c.card)
			}
			if sp, ok := b.sites[b.faced]; ok && b.faced >= 0 && b.space[s] != sp {
				b.fail("adventure", "%s faces %s of the artifact in %s from %s", b.heroName(s), e.Card, sp, b.space[s])
			}
		}
	case "reveal":
		for _, s := range b.ints("seats") {
			b.cliff[s] = cliff{card: e.Card, site: b.faced}
		}
	case "cliffhanger-test":
		for _, s := range b.ints("seats") {
			if c, ok := b.cliff[s]; !ok || c.card != e.Card {
				b.fail("cliffhanger", "%s faces the cliffhanger of %s, which is not theirs", b.heroName(s), e.Card)
			}
			delete(b.cliff, s) // passed, or failed and KO'd
		}
	case "artifact":
		b.sites[b.int("site")] = b.str("space")
	case "collapse":
		for s, c := range b.cliff {
			if c.site == b.int("site") && b.space[s] == b.sites[c.site] {
				delete(b.cliff, s) // the card goes down with the Temple, for the heroes there
			}
		}
	}
}

// notInCliffhanger: a hero in a cliffhanger may not move away.
func (b *books) notInCliffhanger(seat int, what string) {
	if c, ok := b.cliff[seat]; ok {
		b.fail("cliffhanger", "%s %s while in the cliffhanger of %s", b.heroName(seat), what, c.card)
	}
}

// --- Deep jungles (rule "explore") ----------------------------------------------------

// explore: a hero exploring a deep jungle rolls one die per exploration
// marker and finds the adventure on any die at explore-on or more (the
// engine stops at the first such die); a villain rolls all of its dice
// (FG RB "Exploration"; FG-JUNG-03, FG-COOP-33).
func (b *books) explore() {
	dice := b.lastRoll(b.e.Kind)
	on := b.r.c.Rules.ExploreOn
	finds := count(dice, func(d int) bool { return d >= on })
	found := b.int("found") == 1
	who := b.heroName(b.e.Seat)
	if b.e.Kind == "villain-explore" {
		who = b.e.Card
	}
	switch {
	case len(dice) == 0:
		b.fail("explore", "%s explores without a die", who)
	case !found && (finds > 0 || len(dice) != b.int("markers")):
		b.fail("explore", "%s is lost with %d exploration markers on %v (a die at %d or more finds it)", who, b.int("markers"), dice, on)
	case found && finds == 0:
		b.fail("explore", "%s finds the adventure on %v (a die at %d or more is needed)", who, dice, on)
	case found && b.e.Kind == "explore" && (finds != 1 || dice[len(dice)-1] < on):
		b.fail("explore", "%s rolls on after finding the adventure: %v", who, dice)
	}
}
