package fallenland

// What a Decider reads, from any package: the game, each player, its
// Party and cards, the check, the PVP fight and the ability being decided,
// through read-only accessors. A Decider answers with its return values
// and changes nothing; the rules check each answer. Indices are those the
// Decider's methods use: a card is an index in its sheet of Content() (an
// Item's Card in Spoils, a hand card in Actions), a hex in Content().Hexes,
// a member a crown index.

// Content is the game's content (its cards, Factions, map). It is shared
// by every game a worker plays: read it, never write it.
func (g *Game) Content() *Content { return g.c }

// Turn is the Turn being played, from 1.
func (g *Game) Turn() int { return g.turn }

// Seats is the number of players; Player the player of a seat.
func (g *Game) Seats() int              { return len(g.players) }
func (g *Game) Player(seat int) *Player { return &g.players[seat] }

// Check is the Skill Check being rolled, nil for none.
func (g *Game) Check() *CheckState { return g.chk }

// Left is the damage a member can still take before it dies.
func (g *Game) Left(m *Member) int { return g.left(m) }

// Spoils is the Spoils card of an item.
func (g *Game) Spoils(it Item) *SpoilsDef { return g.spoils(it) }

// Tradeable reports whether an item may change hands between players
// (not an Ally or a Faction's card): what Offer, Pay and Steal may name.
func (g *Game) Tradeable(it Item) bool { return g.tradeable(it) }

// Seat is the player's seat; Faction its Faction.
func (p *Player) Seat() int            { return p.seat }
func (p *Player) Faction() *FactionDef { return p.fac }

// Prestige, TownHealth and Salvage (coins) are the player's.
func (p *Player) Prestige() int   { return p.pr }
func (p *Player) TownHealth() int { return p.th }
func (p *Player) Salvage() int    { return p.sc }

// TDC is the player's Town Defense chips.
func (p *Player) TDC() int { return p.tdc }

// Hex is the hex the player's Party stands on.
func (p *Player) Hex() int16 { return p.party.hex }

// Hand is the number of Action cards in the player's hand; HandCard the
// i-th (an index in Content().Actions).
func (p *Player) Hand() int            { return len(p.hand) }
func (p *Player) HandCard(i int) int16 { return p.hand[i] }

// Crowns is the number of the Party's Crowns; Crown the member on the
// i-th (one that is not Present for an empty Crown).
func (p *Player) Crowns() int         { return len(p.party.crowns) }
func (p *Player) Crown(i int) *Member { return &p.party.crowns[i] }

// Vehicle is the Party's Vehicle (Card -1 for none).
func (p *Player) Vehicle() Item { return p.party.vehicle }

// Auction is the number of cards in the player's Auction House;
// AuctionItem the i-th.
func (p *Player) Auction() int           { return len(p.auction) }
func (p *Player) AuctionItem(i int) Item { return p.auction[i] }

// Techs is the number of the player's Town Technologies; Tech the i-th:
// an index in Content().Techs, its tier and whether it is a starting one.
func (p *Player) Techs() int { return len(p.tech) }
func (p *Player) Tech(i int) (tech int16, tier int, starting bool) {
	t := p.tech[i]
	return t.tech, int(t.tier), t.starting
}

// Present reports whether the member is on its Crown: a Character or a
// hit man.
func (m *Member) Present() bool { return m.present() }

// Character is the member's Character (an index in Content().Characters),
// -1 for none; Hitman its hit man (an index in Content().Actions), -1 for
// none.
func (m *Member) Character() int16 { return m.char }
func (m *Member) Hitman() int16    { return m.hitman }

// Damage is the damage of a type on the member.
func (m *Member) Damage(t DamageType) int { return int(m.dmg[t]) }

// TotalSkill is the member's Total Skill in a skill, with its equipment.
func (m *Member) TotalSkill(s Skill) int { return int(m.ts[s]) }

// Armor, Load and Capacity are the member's, with its equipment.
func (m *Member) Armor() int    { return int(m.armor) }
func (m *Member) Load() int     { return int(m.load) }
func (m *Member) Capacity() int { return int(m.cap) }

// Items is the number of cards the member carries; Item the k-th.
func (m *Member) Items() int      { return len(m.items) }
func (m *Member) Item(k int) Item { return m.items[k] }

// Card is the item's Spoils card (an index in Content().Spoils), -1 for
// none; Mount the Permanent card mounted on it, -1 for none; Uses the uses
// spent.
func (it Item) Card() int16  { return it.card }
func (it Item) Mount() int16 { return it.mount }
func (it Item) Uses() int    { return int(it.uses) }

// Kind is who attempts the check, Skill its skill, Need the successes it
// needs and Total those it has.
func (cs *CheckState) Kind() CheckKind { return cs.kind }
func (cs *CheckState) Skill() Skill    { return cs.skill }
func (cs *CheckState) Need() int       { return cs.need }
func (cs *CheckState) Total() int      { return cs.total }

// Pending reports dice not rolled yet; Passed a check that passed.
func (cs *CheckState) Pending() bool { return cs.pending }
func (cs *CheckState) Passed() bool  { return cs.passed }

// Owner is the player making the check.
func (cs *CheckState) Owner() *Player { return cs.owner }

// Seat is the seat of a side (0 the attacker, 1 the defender) of the PVP
// fight, -1 for an NPCM; Fled reports a side that fled.
func (st *PVPState) Seat(side int) int  { return st.side[side].seat }
func (st *PVPState) Fled(side int) bool { return st.side[side].fled }

// Killed is the opposing Characters a side has killed.
func (st *PVPState) Killed(side int) int { return st.side[side].killed }

// Ability is the ability and Card the card printing it (a Perk's
// Faction, a Character, a Spoils card).
func (h *AbilityHook) Ability() *Ability { return h.a }
func (h *AbilityHook) Card() *Card       { return h.card }

// Holder is the member whose ability or equipment it is, nil for the
// Party's (a Perk, Party Equipment, the Vehicle's load).
func (h *AbilityHook) Holder() *Member { return h.m }

// Perk reports a Faction's Perk.
func (h *AbilityHook) Perk() bool { return h.perk > 0 }

// Resource reports a Resource hex (printed, or one a card created);
// ResourceOwner is the seat owning it, -1 Neutral, -2 destroyed (any other
// hex reads -1); Double reports a Double Resource.
func (g *Game) Resource(hex int16) bool     { return g.isResource(hex) }
func (g *Game) ResourceOwner(hex int16) int { return int(g.resOwner[hex]) }
func (g *Game) Double(hex int16) bool       { return g.resDouble[hex] }

// Missions is the number of Mission Location chips; Mission the hex of
// the i-th.
func (g *Game) Missions() int       { return len(g.missions) }
func (g *Game) Mission(i int) int16 { return g.missions[i] }

// POIs is the number of Points of Interest (a Choice's POI indexes them);
// POI the hex of the i-th and whether it is still in play.
func (g *Game) POIs() int { return len(g.pois) }
func (g *Game) POI(i int) (hex int16, live bool) {
	return g.pois[i].hex, g.pois[i].live
}

// Worlds is the number of World cards in play (a Choice's Multi is 1 + an
// index); World the i-th: its card (an index in its deck's sheet), its
// deck, and for a Multiple Party card waiting for Parties, its hex.
func (g *Game) Worlds() int { return len(g.worlds) }
func (g *Game) World(i int) (card int16, deck Deck, waiting bool, hex int16, live bool) {
	w := &g.worlds[i]
	return w.enc, w.deck, w.wait, w.hex, w.live
}

// NPCMs is the number of hired NPCMs on the map (a Choice's Target is
// -2-i for the i-th); NPCM the i-th: its card (an index in
// Content().Actions), its owner's seat, its hex, and whether it is still
// in play.
func (g *Game) NPCMs() int { return len(g.npcms) }
func (g *Game) NPCM(i int) (card int16, owner int, hex int16, live bool) {
	n := &g.npcms[i]
	return n.act, n.owner, n.hex, n.live
}

// Givable reports whether an equipped item may be given up to a card:
// discarded (thief nil: not an Ally or a Jinxed card) or taken by thief
// (nor a Faction's card): what GiveUp may name.
func (g *Game) Givable(it Item, thief *Player) bool { return g.givable(it, thief) }
