package fallenland

import "slices"

// Equipment: Total Skill, Armor, Psych and capacity of Party members
// (FL-SC-02, FL-SP-05…28), and the bots' equipping.

// health is a member's Health stat.
func (g *Game) health(m *Member) int {
	if m.hitman >= 0 {
		return int(g.c.Actions[m.hitman].Health)
	}
	if m.char >= 0 {
		return int(g.c.Characters[m.char].Health)
	}
	return 0
}

// left is the damage a member can still take before dying.
func (g *Game) left(m *Member) int {
	return g.health(m) - int(m.dmg[Physical]) - int(m.dmg[Infected]) - int(m.dmg[Radiation])
}

func (g *Game) spoils(i Item) *SpoilsDef { return &g.c.Spoils[i.card] }

// itemBonus is an item's Skill Bonuses with its mounted Permanent card.
func (g *Game) itemBonus(it Item) Bonuses {
	b := g.c.Spoils[it.card].Bonus
	if it.mount >= 0 {
		for s, v := range g.c.Spoils[it.mount].Bonus {
			b[s] += v
		}
	}
	return b
}

// recompute derives every member's totals and the Party's Armor and
// Movement Bonus Track from what is equipped and attached.
func (g *Game) recompute(p *Player) {
	pa := &p.party
	p.gen++
	pt := g.partyGear(pa)
	move := g.partyMove(p)
	pa.armor = 0
	// A member whose cards (and the Party's) are those of its last totals
	// keeps them: most changes move one member's cards.
	same := pa.totalsOK && pa.totalsPT == pt
	pa.totalsPT, pa.totalsOK = pt, true
	// The timings the player has abilities at: its Perks', the Party's
	// own cards', and each member's, kept with its totals (memberTimings).
	at := p.fac.perksAt | g.itemsAt(pa.equip) | g.itemsAt(pa.vehItems)
	if pa.vehicle.card >= 0 {
		at |= g.c.spoilsAt[pa.vehicle.card]
	}
	members := 0 // the Movement the members add
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if !m.present() {
			at |= g.itemsAt(m.items)
			continue
		}
		armor, mv := g.cachedTotals(m, &pt, same)
		at |= m.kept.at
		members += mv
		pa.armor += armor
	}
	pa.members = members
	pa.move = max(move+members, 0)
	p.timings = at
	if selfCheck && at != g.abilityTimings(p) {
		stale("%s has abilities at %b kept, %b now", g.name(p), at, g.abilityTimings(p))
	}
}

// retech is recompute after a change of the player's Technologies, which
// give the Party Movement and nothing else recompute works out: the
// members' totals, the Party's Armor and its timings stand, and the
// Movement is the Party's own with its members' of the last recompute
// (pa.members). It advances p.gen as recompute does.
func (g *Game) retech(p *Player) {
	pa := &p.party
	if !pa.totalsOK {
		g.recompute(p)
		return
	}
	move := max(g.partyMove(p)+pa.members, 0)
	if selfCheck {
		armor, at, before := pa.armor, p.timings, g.memberValues(p)
		g.recompute(p)
		if pa.move != move || pa.armor != armor || p.timings != at || !slices.Equal(before, g.memberValues(p)) {
			stale("%s's Technology left Movement %d, Armor %d, timings %b and %v, not %d, %d, %b and %v",
				g.name(p), move, armor, at, before, pa.move, pa.armor, p.timings, g.memberValues(p))
		}
		return
	}
	g.keepHooks(p, func() {
		p.gen++
		pa.move = move
	})
}

// keepHooks runs a change that moves none of the Party's cards (recompute
// after a Technology or an attached Action card, which no ability is
// collected from) and keeps the player's grouped abilities valid across
// the generation it starts, if they were.
func (g *Game) keepHooks(p *Player, change func()) {
	valid := p.abilOK && p.abilGen == p.gen
	change()
	if valid {
		p.abilGen = p.gen
	}
}

// memberValues are the members' derived values, for the self-check.
func (g *Game) memberValues(p *Player) []totals {
	var out []totals
	for i := range p.party.crowns {
		out = append(out, p.party.crowns[i].totals(0, 0))
	}
	return out
}

// itemsAt is the timings of a list of items' abilities.
func (g *Game) itemsAt(list []Item) uint32 {
	var at uint32
	for _, it := range list {
		if it.card >= 0 {
			at |= g.c.spoilsAt[it.card]
		}
	}
	return at
}

// memberTimings is the timings of a member's abilities: its Character's
// and its items'.
func (g *Game) memberTimings(m *Member) uint32 {
	at := g.itemsAt(m.items)
	if m.char >= 0 {
		at |= g.c.charAt[m.char]
	}
	return at
}

// add adds bonuses o to b.
func (b *Bonuses) add(o Bonuses) {
	for s, v := range o {
		b[s] += v
	}
}

// partyTotals is what the Party's own equipment, Jinxes and Action cards
// give each of its Characters.
type partyTotals struct {
	bonus                   Bonuses
	armor, psych, cap, load int
	firstStrike             bool
}

// partyGear sums what the Party's equipment, Jinxes and Action cards give
// every Character.
func (g *Game) partyGear(pa *Party) partyTotals {
	var pt partyTotals
	for _, it := range pa.equip {
		sd := g.spoils(it)
		pt.bonus.add(g.itemBonus(it))
		pt.armor += int(sd.Armor)
		pt.psych += int(sd.Psych)
		pt.cap += int(sd.CapBonus)
		pt.load += int(sd.Cost)
		pt.firstStrike = pt.firstStrike || sd.FirstStrike
	}
	for _, j := range pa.jinx {
		pt.bonus.add(g.c.Spoils[j].Bonus)
		pt.armor += int(g.c.Spoils[j].Armor)
	}
	for _, a := range pa.acts {
		pt.bonus.add(g.c.Actions[a].Bonus)
		pt.armor += int(g.c.Actions[a].Armor)
	}
	return pt
}

// partyMove is the Movement the Party has before its members': its
// faction's, its Movement Technologies', its town's and its own Action
// cards', its equipment's and its Vehicle's.
func (g *Game) partyMove(p *Player) int {
	pa := &p.party
	c := g.c
	move := p.fac.Move
	for _, t := range p.tech {
		if td := &c.Techs[t.tech]; td.Kind == TechMove {
			move += td.Amount[t.tier]
		}
	}
	for _, a := range p.townActs {
		move += int(c.Actions[a].Move)
	}
	for _, a := range pa.acts {
		move += int(c.Actions[a].Move)
	}
	for _, it := range pa.equip {
		move += int(g.spoils(it).Move)
	}
	if pa.vehicle.card >= 0 {
		move += int(g.spoils(pa.vehicle).Move)
		for _, it := range pa.vehItems {
			move += int(g.spoils(it).Move)
		}
	}
	return move
}

// totalsKey is what a member's totals are worked out from besides the
// Party's: its Character or hit man and its cards (a member with more
// cards than it holds is worked out every time).
type totalsKey struct {
	char, hitman int16
	items, acts  uint8
	item         [8]uint32 // card<<16 | mount
	act          [4]int16
}

// totals are a member's derived values and what memberTotals returned.
type totals struct {
	ts                    [NumSkills]int8
	melee, armor, psych   int8
	load, cap, move       int8
	firstStrike           bool
	partyArmor, partyMove int
	at                    uint32 // memberTimings
}

// keeps reports whether the member's cards are those of its totalsKey k
// (keyOf(m) == k, without building the key).
func (m *Member) keeps(k *totalsKey) bool {
	if m.char != k.char || m.hitman != k.hitman || len(m.items) != int(k.items) || len(m.acts) != int(k.acts) {
		return false
	}
	for i, it := range m.items {
		if k.item[i] != uint32(uint16(it.card))<<16|uint32(uint16(it.mount)) {
			return false
		}
	}
	for i, a := range m.acts {
		if k.act[i] != a {
			return false
		}
	}
	return true
}

// keyOf is the member's totalsKey, false when its cards do not fit one.
func keyOf(m *Member) (k totalsKey, ok bool) {
	if len(m.items) > len(k.item) || len(m.acts) > len(k.act) {
		return k, false
	}
	k.char, k.hitman, k.items, k.acts = m.char, m.hitman, uint8(len(m.items)), uint8(len(m.acts))
	for i, it := range m.items {
		k.item[i] = uint32(uint16(it.card))<<16 | uint32(uint16(it.mount))
	}
	copy(k.act[:], m.acts)
	return k, true
}

func (m *Member) totals(armor, move int) totals {
	return totals{ts: m.ts, melee: m.melee, armor: m.armor, psych: m.psych, load: m.load, cap: m.cap, move: m.move,
		firstStrike: m.firstStrike, partyArmor: armor, partyMove: move}
}

// cachedTotals is memberTotals, kept in the member with its inputs: when
// the Party's totals are those of the last recompute (samePT) and the
// member's key is its last one, the kept values are put back instead of
// worked out again (memberTotals reads nothing else).
func (g *Game) cachedTotals(m *Member, pt *partyTotals, samePT bool) (armor, move int) {
	// totalsOK is set only with a key that held the member's cards.
	if samePT && m.totalsOK && m.keeps(&m.totalsKey) {
		t := &m.kept
		if selfCheck {
			if k, ok := keyOf(m); !ok || k != m.totalsKey {
				stale("member %d's cards %+v read as its key %+v", m.char, k, m.totalsKey)
			}
			fresh := *m
			a, mv := g.memberTotals(&fresh, pt)
			want := fresh.totals(a, mv)
			if want.at = g.memberTimings(m); want != *t {
				stale("member %d's totals %+v kept, %+v now", m.char, *t, want)
			}
		}
		m.ts, m.melee, m.armor, m.psych, m.load, m.cap, m.move, m.firstStrike = t.ts, t.melee, t.armor, t.psych, t.load, t.cap, t.move, t.firstStrike
		return t.partyArmor, t.partyMove
	}
	k, ok := keyOf(m)
	armor, move = g.memberTotals(m, pt)
	m.totalsKey, m.totalsOK, m.kept = k, ok, m.totals(armor, move)
	m.kept.at = g.memberTimings(m)
	return armor, move
}

// memberTotals derives a present member's Total Skills, Armor, Psych,
// capacity, load, Movement and First Strike from its Character, the
// Party's totals pt, its items and its Action cards. It returns the
// Armor it adds to the Party's and its Movement; a hit man fights with
// its Omega and adds neither.
func (g *Game) memberTotals(m *Member, pt *partyTotals) (armor, move int) {
	c := g.c
	if m.hitman >= 0 {
		m.ts = [NumSkills]int8{}
		m.ts[Combat] = c.Actions[m.hitman].Omega
		m.melee, m.armor, m.psych, m.load, m.cap, m.move, m.firstStrike = m.ts[Combat], 0, 9, 0, 0, 0, false
		return 0, 0
	}
	cd := &c.Characters[m.char]
	b := pt.bonus
	var ranged Bonuses
	armor, psych, capB, load := int(cd.Armor)+pt.armor, int(cd.Psych+cd.PsychBonus)+pt.psych, pt.cap, pt.load
	fs := cd.FirstStrike || pt.firstStrike
	mv := int(cd.Move)
	links := 0
	for _, it := range m.items {
		sd := g.spoils(it)
		ib := g.itemBonus(it)
		b.add(ib)
		if sd.is(RRanged) {
			ranged.add(ib)
		}
		armor += int(sd.Armor)
		psych += int(sd.Psych)
		capB += int(sd.CapBonus)
		load += int(sd.Cost)
		if it.mount >= 0 {
			load += int(c.Spoils[it.mount].Cost)
		}
		fs = fs || sd.FirstStrike
		mv += int(sd.Move)
		if g.linked(m.char, it) {
			links++
		}
	}
	b.add(g.linkBonus(cd, links))
	for _, a := range m.acts {
		ad := &c.Actions[a]
		b.add(ad.Bonus)
		armor += int(ad.Armor)
		mv += int(ad.Move)
	}
	for s := range m.ts {
		m.ts[s] = cd.Skills[s] + b[s]
	}
	m.melee = m.ts[Combat] - ranged[Combat]
	m.armor, m.psych = int8(max(armor, 0)), int8(psych)
	m.cap, m.load = cd.Capacity+int8(capB), int8(load)
	m.move, m.firstStrike = int8(mv), fs
	return max(armor, 0), mv
}

// linkBonus is what a Character's Link Bonus gives it with links linked
// items: once, or once per item where it stacks.
func (g *Game) linkBonus(cd *CharDef, links int) Bonuses {
	var b Bonuses
	if links == 0 {
		return b
	}
	n := 1
	if cd.LinkStacks {
		n = links
	}
	for range n {
		b.add(cd.LinkBonus)
	}
	return b
}

// abilityTimings is the set of timings the player has abilities at (its
// perks, Characters, Spoils), so most moments skip collecting them:
// worked out plainly, as recompute's self-check compares (recompute puts
// it together from each member's, kept with its totals).
func (g *Game) abilityTimings(p *Player) uint32 {
	pa := &p.party
	c := g.c
	var mask uint32
	for i := range p.fac.Perks {
		if p.fac.Perks[i].Effect != nil {
			mask |= 1 << p.fac.Perks[i].Timing
		}
	}
	// The cards' timings are read from the tables made as the content
	// loads (charAt, spoilsAt), not from their definitions.
	items := func(list []Item) {
		for _, it := range list {
			if it.card >= 0 {
				mask |= c.spoilsAt[it.card]
			}
		}
	}
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if m.char >= 0 {
			mask |= c.charAt[m.char]
		}
		items(m.items)
	}
	items(pa.equip)
	items(pa.vehItems)
	if pa.vehicle.card >= 0 {
		mask |= c.spoilsAt[pa.vehicle.card]
	}
	return mask
}

// linked reports whether an item gives Character char its Link Bonus,
// read from the table made as the content loads from linksPlain (a pure
// function of the content: TestLinkTable compares every pair).
func (g *Game) linked(char int16, it Item) bool {
	x := int(it.card)
	return g.c.linkTab[int(char)*g.c.linkW+x>>6]>>(x&63)&1 != 0
}

// linksPlain reports whether Spoils card x gives a Character its Link
// Bonus: by a category, or named.
func (c *Content) linksPlain(cd *CharDef, x int16) bool {
	if cd.LinkCats.Meets(c.Spoils[x].Cats) {
		return true
	}
	for _, s := range cd.LinkSpoils {
		if s == x {
			return true
		}
	}
	return false
}

// vehicleTS is the Vehicle's Total Skill in a skill.
func (g *Game) vehicleTS(pa *Party, s Skill) int {
	if pa.vehicle.card < 0 {
		return 0
	}
	t := int(g.spoils(pa.vehicle).VehSkills[s])
	for _, it := range pa.vehItems {
		t += int(g.itemBonus(it)[s])
	}
	return t
}

// itemScore is how much a bot values an item on its Party: read from the
// table worked out as the content loads unless a Permanent card is mounted
// on it.
func (g *Game) itemScore(it Item) float64 {
	if it.mount >= 0 {
		return g.c.itemScore(it)
	}
	v := g.c.spoilsScore[it.card]
	if selfCheck && v != g.c.itemScore(it) {
		stale("the score of %s is %v, not %v", g.spoils(it).ID, v, g.c.itemScore(it))
	}
	return v
}

// itemScore is how much a bot values an item on its Party.
func (c *Content) itemScore(it Item) float64 {
	sd := &c.Spoils[it.card]
	b := sd.Bonus
	if it.mount >= 0 {
		b.add(c.Spoils[it.mount].Bonus)
	}
	w := [NumSkills]float64{1.3, 1.0, 0.9, 0.9, 0.9, 1.0}
	v := 0.0
	for s, x := range b {
		v += w[s] * float64(x)
	}
	v += 3*float64(sd.Armor) + float64(sd.Psych) + 2*float64(sd.Move) + 0.5*float64(sd.CapBonus)
	if sd.FirstStrike {
		v += 1
	}
	if sd.Effect != nil {
		v += 1.5
	}
	if sd.is(RVehicle) {
		v += 2*float64(sd.Move) + 0.5*float64(sd.VehSkills.Sum()) + 3
	}
	return v
}

// slotTaken reports whether a member already wears Armor or Clothing
// (FL-SP-17; Party Equipment Armor takes every member's slot, FL-AMB-15).
func (g *Game) slotTaken(pa *Party, m *Member) bool {
	return g.memberSlot(m) || g.partySlot(pa)
}

// memberSlot reports whether a member carries Armor or Clothing.
func (g *Game) memberSlot(m *Member) bool {
	for _, it := range m.items {
		if g.spoils(it).Rules&(RArmor|RClothing) != 0 {
			return true
		}
	}
	return false
}

// partySlot reports whether the Party Equipment holds Armor or Clothing.
func (g *Game) partySlot(pa *Party) bool {
	for _, it := range pa.equip {
		if g.spoils(it).Rules&(RArmor|RClothing) != 0 {
			return true
		}
	}
	return false
}

func (g *Game) itemCost(it Item) int {
	n := int(g.spoils(it).Cost)
	if it.mount >= 0 {
		n += int(g.c.Spoils[it.mount].Cost)
	}
	return n
}

// frozen reports a Character with 3 Psychological damage: its cards cannot
// be reassigned until it is discarded in the next Effects Phase (FL-DMG-11).
func (g *Game) frozen(m *Member) bool {
	return m.char >= 0 && int(m.dmg[Psych]) >= g.c.Rules.PsychDiscard
}

// canHold reports whether a member can take an item now.
func (g *Game) canHold(pa *Party, m *Member, it Item) bool {
	return g.fitOf(it).fits(g, pa, m)
}

// fit is what deciding who may carry an item reads of the item, worked
// out once when the whole Party is asked.
type fit struct {
	carried bool // not a Vehicle, nor Vehicle or Party Equipment
	slot    bool // Armor or Clothing: one to a Character
	cost    int
}

func (g *Game) fitOf(it Item) fit {
	sd := g.spoils(it)
	return fit{carried: sd.Rules&(RVehicle|RVehicleEquipment|RPartyEquipment) == 0,
		slot: sd.Rules&(RArmor|RClothing) != 0, cost: g.itemCost(it)}
}

// fits reports whether a member can take the item now.
func (f fit) fits(g *Game, pa *Party, m *Member) bool {
	if !f.carried || !m.present() || m.hitman >= 0 || g.frozen(m) {
		return false
	}
	if f.slot && g.slotTaken(pa, m) {
		return false
	}
	return int(m.load)+f.cost <= int(m.cap)
}

// vehicleLoad is the Carrying Cost stowed in the Vehicle.
func (g *Game) vehicleLoad(pa *Party) int {
	n := 0
	for _, it := range pa.vehItems {
		n += g.itemCost(it)
	}
	return n
}

// equipParty re-equips the Party: everything it carries, and the Auction
// House cards from index from on it takes, are placed again in the order
// it chooses: the Vehicle, Party Equipment and Vehicle Equipment cards
// where the rules let them go if it places them, Permanent cards on the
// host it chooses, every other card on the member it chooses (or stowed in
// the Vehicle); what does not fit, or is not placed, goes to
// the Auction House (FL-SP-04/05). In its own town a Party takes the whole Auction House
// (from 0); a reward joins it anywhere (from: its index). Jinxed cards
// and the cards of a Character with 3 Psych damage never move.
func (g *Game) equipParty(p *Player, from int) {
	pa := &p.party
	pool := g.poolBuf[:0]
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if g.frozen(m) {
			continue
		}
		keep := m.items[:0]
		for _, it := range m.items {
			if g.spoils(it).is(RJinxed) {
				keep = append(keep, it)
			} else {
				pool = append(pool, it)
			}
		}
		m.items = keep
	}
	pool = append(pool, pa.vehItems...)
	pa.vehItems = pa.vehItems[:0]
	pool = append(pool, pa.equip...)
	pa.equip = pa.equip[:0]
	if pa.vehicle.card >= 0 {
		pool = append(pool, pa.vehicle)
		pa.vehicle = Item{card: -1, mount: -1}
	}
	if from < len(p.auction) {
		keep := p.auction[:from]
		for _, it := range p.auction[from:] {
			if p.dec.Take(g, p, it) {
				pool = append(pool, it)
			} else {
				keep = append(keep, it)
			}
		}
		p.auction = keep
	}
	p.dec.EquipOrder(g, p, pool)
	g.recomputeLoads(p)
	g.placePool(p, pool)
	g.poolBuf = pool[:0]
	g.recompute(p)
}

// placement is where re-equipping put a card: a place (placeAuction…),
// or the crown that carries it (or holds the item, k, it is mounted on).
type placement struct {
	to, crown, k int8
}

// Where a card is placed (placement.to).
const (
	placeAuction      = iota // not placed: the Auction House
	placeVehicle             // the Party's Vehicle
	placeParty               // Party Equipment
	placeVehItem             // Vehicle Equipment, or stowed in the Vehicle
	placeCarried             // carried by crown crown
	placeMountVehicle        // a Permanent card on the Vehicle
	placeMountItem           // a Permanent card on crown crown's item k
)

// placePool places the re-equip's sorted pool, card by card. Where a card
// goes depends only on the Party as placing began and the cards placed
// before it (the bots' Carry, Place and Mount read nothing else): the
// cards that begin the pool as they began the Party's last re-equip, from
// the same Party, go where they went then without being weighed again
// (equipMemo) — after a gain, the cards that rank above it.
func (g *Game) placePool(p *Player, pool []Item) {
	memo := &p.equipMemo
	start := g.equipStart(p, memo.next[:0])
	_, isBot := p.dec.(*bot)
	n := 0
	if isBot && memo.ok && slices.Equal(start, memo.start) {
		for n < len(pool) && n < len(memo.pool) && pool[n].card == memo.pool[n].card && pool[n].mount == memo.pool[n].mount {
			n++
		}
	}
	var before partySnap
	if selfCheck && n > 0 {
		before = g.snapParty(p)
	}
	where := memo.where[:n]
	for i, it := range pool[:n] {
		g.put(p, it, where[i])
	}
	for _, it := range pool[n:] {
		w := g.placeOf(p, it)
		g.put(p, it, w)
		where = append(where, w)
	}
	if selfCheck && n > 0 {
		g.checkPlaced(p, pool, before, where)
	}
	memo.next, memo.start = memo.start, start
	memo.pool = append(memo.pool[:0], pool...)
	memo.where = where
	memo.ok = isBot
}

// equipMemo is a Party's last re-equip: the Party as placing began
// (equipStart), the sorted pool and where each of its cards went.
type equipMemo struct {
	ok          bool
	start, next []int16 // next: a buffer for the following start
	pool        []Item
	where       []placement
}

// reset empties the memo, keeping its buffers (a new game).
func (m equipMemo) reset() equipMemo {
	return equipMemo{start: m.start[:0], next: m.next[:0], pool: m.pool[:0], where: m.where[:0]}
}

// equipStart appends to buf all that placing reads of the Party besides
// the pool, as placing begins: each crown's Character or hit man, whether
// it is frozen, its load, capacity and the cards it keeps (the Vehicle,
// Party and Vehicle Equipment are all in the pool then).
func (g *Game) equipStart(p *Player, buf []int16) []int16 {
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		frozen := int16(0)
		if g.frozen(m) {
			frozen = 1
		}
		buf = append(buf, m.char, m.hitman, frozen, int16(m.load), int16(m.cap), int16(len(m.items)))
		for _, it := range m.items {
			buf = append(buf, it.card, it.mount)
		}
	}
	return buf
}

// placeOf is where a pooled card goes now: the Vehicle, Party Equipment
// and Vehicle Equipment cards where the rules let them go if the player
// places them, a Permanent card on the host it chooses, every other card
// on the member it chooses (or stowed in the Vehicle); else the Auction
// House.
func (g *Game) placeOf(p *Player, it Item) placement {
	pa := &p.party
	sd := g.spoils(it)
	switch {
	case sd.is(RVehicle):
		if pa.vehicle.card < 0 && p.dec.Place(g, p, it) {
			return placement{to: placeVehicle}
		}
	case sd.is(RPartyEquipment):
		ok := pa.alive() > 0
		for i := range pa.crowns {
			m := &pa.crowns[i]
			if m.present() && m.hitman < 0 && (int(m.load)+g.itemCost(it) > int(m.cap) || (sd.Rules&(RArmor|RClothing) != 0 && g.slotTaken(pa, m))) {
				ok = false
			}
		}
		if ok && p.dec.Place(g, p, it) {
			return placement{to: placeParty}
		}
	case sd.is(RPermanent):
		// Mounted on a matching card already placed, for good (FL-SP-26).
		return g.mountOf(p, it)
	case sd.is(RVehicleEquipment):
		if pa.vehicle.card >= 0 && g.vehicleLoad(pa)+g.itemCost(it) <= int(g.spoils(pa.vehicle).VehCap) && p.dec.Place(g, p, it) {
			return placement{to: placeVehItem}
		}
	default:
		best := p.dec.Carry(g, p, it)
		if best >= len(pa.crowns) || best >= 0 && !g.canHold(pa, &pa.crowns[best], it) {
			illegal("%s has crown %d carry %s", g.name(p), best, sd.ID)
		}
		if best >= 0 {
			return placement{to: placeCarried, crown: int8(best)}
		}
		if sd.is(RStowable) && pa.vehicle.card >= 0 && g.vehicleLoad(pa)+g.itemCost(it) <= int(g.spoils(pa.vehicle).VehCap) {
			return placement{to: placeVehItem}
		}
	}
	return placement{to: placeAuction}
}

// put places a card where w says.
func (g *Game) put(p *Player, it Item, w placement) {
	pa := &p.party
	switch w.to {
	case placeAuction:
		p.auction = append(p.auction, it)
	case placeVehicle:
		pa.vehicle = it
	case placeParty:
		pa.equip = append(pa.equip, it)
		g.recomputeLoads(p)
	case placeVehItem:
		pa.vehItems = append(pa.vehItems, it)
	case placeCarried:
		m := &pa.crowns[w.crown]
		m.items = append(m.items, it)
		m.load += int8(g.itemCost(it))
	case placeMountVehicle:
		pa.vehicle.mount = it.card
	case placeMountItem:
		m := &pa.crowns[w.crown]
		m.items[w.k].mount = it.card
		m.load += g.spoils(it).Cost
	}
}

// mount puts a loose Permanent card on the host the player chooses, for
// good: a matching card the Party carries, or the Vehicle, whose holder
// has the capacity (FL-SP-26). It reports false when there is no host or
// the player mounts it on none.
func (g *Game) mount(p *Player, perm Item) bool {
	w := g.mountOf(p, perm)
	if w.to == placeAuction {
		return false
	}
	g.put(p, perm, w)
	return true
}

// mountOf is where a loose Permanent card is mounted (mount), or the
// Auction House.
func (g *Game) mountOf(p *Player, perm Item) placement {
	if c, _ := g.firstHost(p, perm); c == MountNone {
		return placement{to: placeAuction}
	}
	pa := &p.party
	pd := g.spoils(perm)
	switch c, k := p.dec.Mount(g, p, perm); {
	case c == MountNone:
		return placement{to: placeAuction}
	case c == MountVehicle:
		if !g.vehicleHosts(pa, pd) {
			illegal("%s mounts %s on no Vehicle that takes it", g.name(p), pd.ID)
		}
		return placement{to: placeMountVehicle}
	default:
		if c < 0 || c >= len(pa.crowns) || k < 0 || k >= len(pa.crowns[c].items) || !g.hosts(&pa.crowns[c], k, pd) {
			illegal("%s mounts %s on item %d of crown %d", g.name(p), pd.ID, k, c)
		}
		return placement{to: placeMountItem, crown: int8(c), k: int8(k)}
	}
}

// Where Decider.Mount puts a Permanent card beside a member's item.
const (
	MountVehicle = -1 // on the Vehicle
	MountNone    = -2 // on none: it stays in the Auction House
)

// firstHost is the first card a Permanent card may be mounted on: crown
// c's item k, the Vehicle, or none (MountNone).
func (g *Game) firstHost(p *Player, perm Item) (c, k int) {
	pa := &p.party
	pd := g.spoils(perm)
	for i := range pa.crowns {
		for k := range pa.crowns[i].items {
			if g.hosts(&pa.crowns[i], k, pd) {
				return i, k
			}
		}
	}
	if g.vehicleHosts(pa, pd) {
		return MountVehicle, 0
	}
	return MountNone, 0
}

// hosts reports whether member m's item k takes Permanent card pd now.
func (g *Game) hosts(m *Member, k int, pd *SpoilsDef) bool {
	host := &m.items[k]
	return !g.frozen(m) && host.mount < 0 && g.spoils(*host).Cats.Meets(pd.AttachesTo) && int(m.load)+int(pd.Cost) <= int(m.cap)
}

// vehicleHosts reports whether the Party's Vehicle takes Permanent card pd
// now.
func (g *Game) vehicleHosts(pa *Party, pd *SpoilsDef) bool {
	v := &pa.vehicle
	return v.card >= 0 && v.mount < 0 && g.spoils(*v).Cats.Meets(pd.AttachesTo) && g.vehicleLoad(pa)+int(pd.Cost) <= int(g.spoils(*v).VehCap)
}

// hasLink reports whether a member already has a linked item.
func (g *Game) hasLink(m *Member) bool {
	if m.char < 0 {
		return false
	}
	for _, it := range m.items {
		if g.linked(m.char, it) {
			return true
		}
	}
	return false
}

// recomputeLoads refreshes members' load and capacity only (cheap, while
// equipping).
func (g *Game) recomputeLoads(p *Player) {
	pa := &p.party
	partyLoad, partyCap := 0, 0
	for _, it := range pa.equip {
		partyLoad += g.itemCost(it)
		partyCap += int(g.spoils(it).CapBonus)
	}
	for i := range pa.crowns {
		m := &pa.crowns[i]
		if m.char < 0 {
			continue
		}
		load, capB := partyLoad, partyCap
		for _, it := range m.items {
			load += g.itemCost(it)
			capB += int(g.spoils(it).CapBonus)
		}
		m.load, m.cap = int8(load), g.c.Characters[m.char].Capacity+int8(capB)
	}
}
