package fng

// What a Decider reads, from any package: the game, each hero, the test
// and the fight being decided, through read-only accessors. A Decider
// answers with its return values and changes nothing; the rules check each
// answer. Indices are those the Decider's methods use: an item is an index
// in Content().Items, a space in Content().Spaces.

// Content is the game's content (its cards, heroes, map). It is shared
// by every game a worker plays: read it, never write it.
func (g *Game) Content() *Content { return g.c }

// Round is the round being played, from 1.
func (g *Game) Round() int { return g.round }

// Mode is the game's mode; Advanced says it is the advanced game.
func (g *Game) Mode() Mode     { return g.opt.Mode }
func (g *Game) Advanced() bool { return g.opt.Advanced }

// Seats is the number of heroes (seats) in the game.
func (g *Game) Seats() int { return len(g.heroes) }

// Hero is the hero of a seat.
func (g *Game) Hero(seat int) *Hero { return &g.heroes[seat] }

// Health is the wounds the hero can still take before it is KO'd.
func (g *Game) Health(h *Hero) int { return g.health(h) }

// Seat is the hero's seat; Def its hero card.
func (h *Hero) Seat() int     { return h.seat }
func (h *Hero) Def() *HeroDef { return h.def }

// Space is the space the hero stands in.
func (h *Hero) Space() int16 { return h.space }

// Team is the hero's team in the team game (0 otherwise).
func (h *Hero) Team() int { return h.team }

// Fortune, Glory and Wounds are the hero's.
func (h *Hero) Fortune() int { return h.fortune }
func (h *Hero) Glory() int   { return h.glory }
func (h *Hero) Wounds() int  { return h.wounds }

// KO reports whether the hero is knocked out.
func (h *Hero) KO() bool { return h.ko }

// Items is the number of Gear, Allies and Common Items the hero holds;
// Item the i-th (an index in Content().Items), as Discard counts them.
func (h *Hero) Items() int       { return len(h.items) }
func (h *Hero) Item(i int) int16 { return h.items[i] }

// Artifacts is the number of artifacts the hero carries; Artifact the
// i-th (an index in Content().Artifacts) and its value in Fortune, as Sell
// counts them.
func (h *Hero) Artifacts() int { return len(h.artifacts) }
func (h *Hero) Artifact(i int) (art int16, fortune int) {
	return h.artifacts[i].art, h.artifacts[i].value
}

// Hand is the number of Event and City cards in the hero's hand.
func (h *Hero) Hand() int { return len(h.hand) }

// Clause is the clause being tested; KW its card's keywords.
func (ts *TestState) Clause() *Clause { return ts.clause }
func (ts *TestState) KW() KW          { return ts.kw }

// Need is the successes the test needs; Successes those banked from
// earlier rolls, Rolled those of the current roll of Dice dice.
func (ts *TestState) Need() int      { return ts.need }
func (ts *TestState) Successes() int { return ts.successes }
func (ts *TestState) Rolled() int    { return ts.rolled }
func (ts *TestState) Dice() int      { return ts.dice }

// Cliff reports a cliffhanger or escape test (one the hero may exert in).
func (ts *TestState) Cliff() bool { return ts.cliff }

// Seat is the seat of the hero taking the test.
func (ts *TestState) Seat() int { return ts.seat }

// Enemy is the enemy fought, Villain the villain (nil when it is not one).
func (fs *FightState) Enemy() *EnemyDef  { return fs.enemy }
func (fs *FightState) Villain() *Villain { return fs.villain }

// Wounds is the wounds on the enemy, Round the fight round (from 1),
// Taken the wounds the hero has taken in this fight.
func (fs *FightState) Wounds() int { return fs.wounds }
func (fs *FightState) Round() int  { return fs.round }
func (fs *FightState) Taken() int  { return fs.taken }

// Seat is the seat of the hero fighting.
func (fs *FightState) Seat() int { return fs.seat }

// Def is the villain's card; Wounds the wounds on it.
func (v *Villain) Def() *VillainDef { return v.def }
func (v *Villain) Wounds() int      { return v.wounds }

// Sites is the number of artifact sites on the board; Site the i-th: its
// space, its artifact (an index in Content().Artifacts) and whether it is
// still to be found.
func (g *Game) Sites() int { return len(g.sites) }
func (g *Game) Site(i int) (space, art int16, live bool) {
	s := &g.sites[i]
	return s.space, s.art, s.live
}

// Villains is the number of villains; Villain the i-th.
func (g *Game) Villains() int          { return len(g.villains) }
func (g *Game) Villain(i int) *Villain { return &g.villains[i] }

// Henchman reports a henchman standing in a space.
func (g *Game) Henchman(space int16) bool { return g.henchmen[space] != 0 }

// Space is the space the villain stands in, -1 off the board.
func (v *Villain) Space() int16 { return v.space }

// Track is the villain track (cooperative and solo games); Shared the
// heroes' shared Fortune there.
func (g *Game) Track() int  { return g.coop.track }
func (g *Game) Shared() int { return g.coop.fortune }

// Loot is the number of artifacts the villains hold; LootArtifact the
// i-th (an index in Content().Artifacts) and its value, as Reward counts
// them.
func (g *Game) Loot() int { return len(g.coop.loot) }
func (g *Game) LootArtifact(i int) (art int16, fortune int) {
	return g.coop.loot[i].art, g.coop.loot[i].value
}

// Outposts is the number of the villains' outposts; Outpost the i-th (as
// Raid counts them): its card (an index in Content().Outposts), its space
// and whether it stands.
func (g *Game) Outposts() int { return len(g.coop.outposts) }
func (g *Game) Outpost(i int) (def, space int16, live bool) {
	o := &g.coop.outposts[i]
	return o.def, o.space, o.live
}

// Remains is the number of Remains in Play cards on the hero; Remain the
// i-th (as Cancel counts them), whether an opponent played it and whether
// its effect rolled dice (then it cannot be canceled).
func (h *Hero) Remains() int { return len(h.remains) }
func (h *Hero) Remain(i int) (ev *EventDef, hostile, rolled bool) {
	r := &h.remains[i]
	return r.ev, r.hostile, r.rolled
}

// Is reports whether an item is of the kind (a Discard must name one).
func (k ItemKind) Is(it *ItemDef) bool { return k.is(it) }
