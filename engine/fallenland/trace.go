package fallenland

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/game"
)

// Traces: a traced game sends every roll, check, move, card and change of
// a resource to a game.Tracer as a game.Event whose Kind and Data keys are
// documented in RULES.md ("Trace format"). An untraced game has a nil
// tracer and builds no event: every emit is behind a g.trace != nil test.

// D is an event's Data.
type D = map[string]any

// emit sends one event. Callers test g.trace != nil first.
func (g *Game) emit(seat int, kind, card string, data D, text string) {
	g.trace.Event(game.Event{Turn: g.turn, Seat: seat, Kind: kind, Card: card, Data: data, Text: text})
}

// emitf is emit with a formatted text.
func (g *Game) emitf(seat int, kind, card string, data D, format string, args ...any) {
	g.emit(seat, kind, card, data, fmt.Sprintf(format, args...))
}

// srcID is the ID of the card whose effect runs, or "".
func (g *Game) srcID() string {
	if g.src != nil {
		return g.src.ID
	}
	return ""
}

// name is a player's name in the log: seat and Faction.
func (g *Game) name(p *Player) string {
	return fmt.Sprintf("P%d %s", p.seat+1, p.fac.Name)
}

// Trace plays one game, sending every event to t.
func (g *Game) Trace(t game.Tracer, seed uint64, opt Options) (res Result, err error) {
	g.trace = t
	defer func() { g.trace = nil }()
	return g.PlaySafe(seed, opt)
}

// itemIDs lists items as card IDs, a mounted Permanent card as "host+mount".
func (g *Game) itemIDs(items []Item) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		if it.card < 0 {
			continue
		}
		id := g.c.Spoils[it.card].ID
		if it.mount >= 0 {
			id += "+" + g.c.Spoils[it.mount].ID
		}
		out = append(out, id)
	}
	return out
}

func (g *Game) actionIDs(acts []int16) []string {
	out := make([]string, 0, len(acts))
	for _, a := range acts {
		out = append(out, g.c.Actions[a].ID)
	}
	return out
}

// traceState reports, at the end of a Phase, where every card of every
// player lies and each player's tracks and coins: the referee counts the
// cards against the decks (event "state"), then the cards on the table
// (event "table").
func (g *Game) traceState() {
	for seat := range g.players {
		p := &g.players[seat]
		d := D{"prestige": p.pr, "town-health": p.th, "salvage": p.sc, "tdc": p.tdc, "resources": p.resources,
			"hand": g.actionIDs(p.hand), "auction": g.itemIDs(p.auction), "town-acts": g.actionIDs(p.townActs),
			"party-equipment": g.itemIDs(p.party.equip), "stowed": g.itemIDs(p.party.vehItems),
			"jinx": g.itemIDs(jinxItems(p.party.jinx)), "party-acts": g.actionIDs(p.party.acts), "hex": int(p.party.hex)}
		var vehicle []string
		if p.party.vehicle.card >= 0 {
			vehicle = g.itemIDs([]Item{p.party.vehicle})
		}
		d["vehicle"] = vehicle
		var techs []string
		for _, t := range p.tech {
			techs = append(techs, fmt.Sprintf("%s:%d", g.c.Techs[t.tech].ID, t.tier))
		}
		d["techs"] = techs
		crowns := make([]string, len(p.party.crowns))
		var hitmen []string
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			k := fmt.Sprintf("cc%d", i+1)
			switch {
			case m.hitman >= 0:
				hitmen = append(hitmen, g.c.Actions[m.hitman].ID)
			case m.char >= 0:
				crowns[i] = g.c.Characters[m.char].ID
			}
			d[k] = g.itemIDs(m.items)
			d[k+"-acts"] = g.actionIDs(m.acts)
			d[k+"-damage"] = []int{int(m.dmg[Physical]), int(m.dmg[Infected]), int(m.dmg[Radiation]), int(m.dmg[Psych])}
		}
		d["crowns"], d["hitmen"] = crowns, hitmen
		var roster, rosterItems, rosterActs []string
		for i := range p.roster {
			r := &p.roster[i]
			roster = append(roster, g.c.Characters[r.char].ID)
			rosterItems = append(rosterItems, g.itemIDs(r.items)...)
			rosterActs = append(rosterActs, g.actionIDs(r.acts)...)
		}
		d["roster"], d["roster-items"], d["roster-acts"] = roster, rosterItems, rosterActs
		g.emitf(seat, "state", "", d, "%s: PR %d TH %d SC %d, %d TDC, %d Resources, %d cards in hand, %d in the Auction House, %d in the Roster",
			g.name(p), p.pr, p.th, p.sc, p.tdc, p.resources, len(p.hand), len(p.auction), len(p.roster))
	}
	var worlds, npcms []string
	for _, w := range g.worlds {
		if w.live {
			worlds = append(worlds, DeckNames[w.deck]+":"+g.encCard(w.deck, w.enc).ID)
		}
	}
	for _, n := range g.npcms {
		if n.live {
			npcms = append(npcms, g.c.Actions[n.act].ID)
		}
	}
	d := D{"worlds": worlds, "npcms": npcms}
	for dk := Deck(0); dk < numDecks; dk++ {
		d[DeckNames[dk]] = []int{g.decks[dk].Len(), g.decks[dk].Discarded()}
	}
	g.emitf(-1, "table", "", d, "table: %d World cards in play, %d NPCMs on the map", len(worlds), len(npcms))
}

func jinxItems(cards []int16) []Item {
	out := make([]Item, len(cards))
	for i, c := range cards {
		out[i] = Item{card: c, mount: -1}
	}
	return out
}

// traceDecks reports each deck's cards at the start (the referee's
// inventory; their order stays hidden).
func (g *Game) traceDecks() {
	for d := Deck(0); d < numDecks; d++ {
		var ids []string
		for _, x := range g.c.DeckCards[d] {
			if g.opt.Exclude != nil && g.opt.Exclude[g.cardN(d, x)] {
				continue
			}
			ids = append(ids, g.cardID(d, x))
		}
		sort.Strings(ids)
		g.emitf(-1, "deck", "", D{"deck": DeckNames[d], "cards": ids}, "the %s deck: %d cards", DeckNames[d], len(ids))
	}
}

// cardID is the ID of a deck's card.
func (g *Game) cardID(d Deck, x int16) string { return g.deckCard(d, x).ID }

// variantList names the game's variants, for the "game" event.
func (o *Options) variantList() []string {
	var out []string
	for name, on := range o.Variants.flags() {
		if *on {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// playerList names the seats' Factions for a text line.
func (g *Game) seatList(seats []int) string {
	var b strings.Builder
	for i, s := range seats {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.name(&g.players[s]))
	}
	return b.String()
}

// Failure is a game that did not finish normally (its Round is the Turn).
type Failure = game.Failure

// PlaySafe plays a game, turning a stall or a panic into an error that
// names the seed, the Turn and the card in play.
func (g *Game) PlaySafe(seed uint64, opt Options) (res Result, err error) {
	defer game.Recover(&res, &err, g.failed)
	return g.Play(seed, opt), nil
}

// failed is the result of a game that panicked (no one won), and its
// Failure: the seed, the Turn and the cards in play.
func (g *Game) failed(r any) (Result, error) {
	f := game.Recovered(r, g.seed, g.turn)
	f.InPlay = g.inPlay()
	if g.src != nil {
		f.Card = g.src.ID
	} else if g.enc != nil {
		f.Card = g.enc.ID
	}
	g.fx.Reset()
	res := g.result
	res.Seed, res.Turns, res.Winner = g.seed, g.turn, -1
	return res, f
}

// inPlay lists the cards on the table: Characters, equipment, attached
// cards and World cards.
func (g *Game) inPlay() []string {
	var out []string
	defer func() { _ = recover() }() // a broken state must not hide the failure
	for _, w := range g.worlds {
		if w.live {
			out = append(out, g.c.Encounters[w.enc].ID)
		}
	}
	for seat := range g.players {
		p := &g.players[seat]
		if p.fac == nil {
			continue
		}
		out = append(out, p.fac.ID)
		for i := range p.party.crowns {
			m := &p.party.crowns[i]
			if m.char >= 0 {
				out = append(out, g.c.Characters[m.char].ID)
			}
			if m.hitman >= 0 {
				out = append(out, g.c.Actions[m.hitman].ID)
			}
			for _, it := range m.items {
				if it.card >= 0 {
					out = append(out, g.c.Spoils[it.card].ID)
				}
			}
			for _, a := range m.acts {
				out = append(out, g.c.Actions[a].ID)
			}
		}
		if v := p.party.vehicle.card; v >= 0 {
			out = append(out, g.c.Spoils[v].ID)
		}
		for _, a := range p.townActs {
			out = append(out, g.c.Actions[a].ID)
		}
	}
	for _, n := range g.npcms {
		if n.live {
			out = append(out, g.c.Actions[n.act].ID)
		}
	}
	return out
}

// traceDie reports a Skill Check die's first roll: its Total Skill and
// where it comes from, the Target Number, the face and its successes.
func (g *Game) traceDie(cs *CheckState, i, play, face int) {
	r := &g.rollers[i]
	base, mods := g.tsSources(cs, r)
	g.emitf(g.rollerSeat(cs, r), "die", g.rollerCard(r), D{"who": rollerName(r), "die": i, "skill": SkillNames[cs.skill], "ts": r.ts, "play": play,
		"auto": r.auto, "tn": r.tn, "face": face, "successes": r.s, "bonus": r.bonus, "bonus-from": r.from, "base": base, "mods": mods},
		"      %s TS %d rolls %d: %d success(es)", rollerName(r), r.ts, face, r.s)
}

// rollerSeat is the seat whose die it is.
func (g *Game) rollerSeat(cs *CheckState, r *roller) int {
	switch {
	case r.npcm != nil:
		return r.npcm.owner
	case r.m != nil || r.vehicle != nil:
		for seat := range g.players {
			pa := &g.players[seat].party
			if pa == r.vehicle {
				return seat
			}
			for i := range pa.crowns {
				if &pa.crowns[i] == r.m {
					return seat
				}
			}
		}
	}
	if cs.owner != nil {
		return cs.owner.seat
	}
	return -1
}

// rollerCard is the ID of the card that rolls: the Character, the hit
// man, the Vehicle or the NPCM.
func (g *Game) rollerCard(r *roller) string {
	switch {
	case r.npcm != nil:
		return g.c.Actions[r.npcm.act].ID
	case r.vehicle != nil:
		return g.c.Spoils[r.vehicle.vehicle.card].ID
	case r.m != nil && r.m.hitman >= 0:
		return g.c.Actions[r.m.hitman].ID
	case r.m != nil && r.m.char >= 0:
		return g.c.Characters[r.m.char].ID
	}
	return ""
}

// tsSources splits a die's Total Skill into its base and the bonuses of
// the cards that give them ("ID:+n"): a Character's Base Skill, its
// equipment (a Melee Weapons Only check leaves ranged weapons out), its
// Link Bonus, attached cards and the Party's equipment and cards; a
// Vehicle's skill and its load; an NPCM's or hit man's Omega.
func (g *Game) tsSources(cs *CheckState, r *roller) (base int, mods []string) {
	s := cs.skill
	add := func(id string, n int) {
		if n != 0 {
			mods = append(mods, fmt.Sprintf("%s:%+d", id, n))
		}
	}
	switch {
	case r.npcm != nil:
		return int(g.c.Actions[r.npcm.act].Omega), nil
	case r.vehicle != nil:
		pa := r.vehicle
		for _, it := range pa.vehItems {
			add(g.c.Spoils[it.card].ID, int(g.itemBonus(it)[s]))
		}
		return int(g.spoils(pa.vehicle).VehSkills[s]), mods
	case r.m == nil:
		return r.ts, nil
	case r.m.hitman >= 0:
		return int(g.c.Actions[r.m.hitman].Omega), nil
	}
	m := r.m
	cd := &g.c.Characters[m.char]
	melee := cs.melee && s == Combat
	links := 0
	for _, it := range m.items {
		sd := g.spoils(it)
		if g.linked(m.char, it) {
			links++
		}
		if melee && sd.is(RRanged) {
			continue
		}
		add(sd.ID, int(sd.Bonus[s]))
		if it.mount >= 0 {
			add(g.c.Spoils[it.mount].ID, int(g.c.Spoils[it.mount].Bonus[s]))
		}
	}
	if links > 0 {
		n := 1
		if cd.LinkStacks {
			n = links
		}
		add("link:"+cd.ID, n*int(cd.LinkBonus[s]))
	}
	for _, a := range m.acts {
		add(g.c.Actions[a].ID, int(g.c.Actions[a].Bonus[s]))
	}
	for i := range g.players {
		pa := &g.players[i].party
		if !pa.has(m) {
			continue
		}
		for _, it := range pa.equip {
			add(g.c.Spoils[it.card].ID, int(g.itemBonus(it)[s]))
		}
		for _, j := range pa.jinx {
			add(g.c.Spoils[j].ID, int(g.c.Spoils[j].Bonus[s]))
		}
		for _, a := range pa.acts {
			add(g.c.Actions[a].ID, int(g.c.Actions[a].Bonus[s]))
		}
	}
	return int(cd.Skills[s]), mods
}

// has reports whether a member is on one of the Party's Crowns.
func (pa *Party) has(m *Member) bool {
	for i := range pa.crowns {
		if &pa.crowns[i] == m {
			return true
		}
	}
	return false
}

// memberID is the ID of a member's card: its Character or hit man.
func (g *Game) memberID(m *Member) string {
	if c := g.memberCard(m); c != nil {
		return c.ID
	}
	return ""
}

// crownName is where a member stands: "CC1"…"CC5", or "roster".
func (g *Game) crownName(p *Player, m *Member) string {
	for i := range p.party.crowns {
		if &p.party.crowns[i] == m {
			return fmt.Sprintf("CC%d", i+1)
		}
	}
	return "roster"
}

// traceDamage reports damage placed on a member: how much (never more than
// its remaining Health), how much was dealt, and what is left.
func (g *Game) traceDamage(p *Player, m *Member, n, asked int, t DamageType) {
	d := D{"who": g.crownName(p, m), "type": DamageNames[t], "amount": n, "left": g.left(m), "psych": int(m.dmg[Psych])}
	if asked != n {
		d["asked"] = asked
	}
	g.emitf(p.seat, "damage", g.memberID(m), d, "    %s takes %d %s damage (%d Health left)", g.memberName(m), n, DamageNames[t], g.left(m))
}

var causeNames = [...]string{causeParty: "party-card", causeSolo: "solo-card", causeAction: "action-card", causePVP: "pvp", causeNPCM: "npcm",
	causePsych: "psych", causeInfection: "infection"}

func plusMove(add int) string {
	if add == 0 {
		return ""
	}
	return fmt.Sprintf(" %+d", add)
}

// hexName names a hex, or "nowhere" for -1.
func (g *Game) hexName(h int16) string {
	if h < 0 {
		return "nowhere"
	}
	return g.c.Hexes[h].Name
}

// tracePhase reports the start of a Phase.
func (g *Game) tracePhase(phase string) {
	if g.trace != nil {
		g.emitf(-1, "phase", "", D{"phase": phase}, "— %s Phase —", phaseTitles[phase])
	}
}

var phaseTitles = map[string]string{"effects": "Effects", "town-business": "Town Business", "exploits": "Party Exploits", "end-turn": "End Turn"}

// srcName is the name of the card whose effect runs.
func (g *Game) srcName() string {
	if g.src != nil {
		return g.src.Name
	}
	return "a card"
}

func overspentText(over int) string {
	if over == 0 {
		return ""
	}
	return fmt.Sprintf(", %d overspent: a Week Penalty chip", over)
}

// cardName is the name of a deck's card.
func (g *Game) cardName(d Deck, x int16) string { return g.deckCard(d, x).Name }

// traceResolved reports how a drawn card ended for the player who drew (or
// attempted) it: succeeded or not, and "fled" (Flight) or "waiting" (a
// Multiple Party card left for other Parties).
func (g *Game) traceResolved(p *Player, e *EncDef, success bool, how string) {
	if g.trace != nil {
		g.emitf(p.seat, "resolved", e.ID, D{"success": success, "how": how, "world": e.World}, "  %s is resolved%s", e.Name, map[bool]string{true: ": a success", false: ""}[success])
	}
}

// traceModifier reports a card or ability changing a move, a card, a
// fight or a death: what it does, by how much, to what.
func (g *Game) traceModifier(what string, amount int, to string) {
	if g.trace != nil {
		g.emitf(g.cur, "modifier", g.srcID(), D{"what": what, "amount": amount, "to": to}, "    %s: %s %+d (%s)", g.srcName(), what, amount, to)
	}
}

// partyLine summarises a Party for the trace.
func (g *Game) partyLine(p *Player) string {
	var b strings.Builder
	for i := range p.party.crowns {
		m := &p.party.crowns[i]
		if !m.present() {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d/%d", g.memberName(m), g.left(m), g.health(m))
	}
	if v := p.party.vehicle.card; v >= 0 {
		fmt.Fprintf(&b, "; %s", g.c.Spoils[v].Name)
	}
	fmt.Fprintf(&b, "; PR %d TH %d SC %d", p.pr, p.th, p.sc)
	return b.String()
}
