package fng

import (
	"sort"
	"strings"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Prog is an effect or condition bound to the game state.
type Prog = effects.Program[*Game]

// KW is a set of keywords, by code (their rows of the Keywords sheet).
type KW = table.CodeSet

// Timing is when an ability may be used (an index into Timings; 0 = none).
type Timing uint8

const (
	TNone Timing = iota
	TImmediately
	TSetup
	TInitiative
	TMove
	TAdventure
	TDanger
	TTest
	TFight
	TCliffhanger
	TCity
	TKO
	TEnd
	TCancel
	numTimings
)

// anyTimings are the moments a card played "at any time" may be played.
const anyTimings = 1<<TInitiative | 1<<TMove | 1<<TAdventure | 1<<TDanger | 1<<TTest | 1<<TFight |
	1<<TCliffhanger | 1<<TCity | 1<<TKO | 1<<TEnd | 1<<TCancel

// At reports whether the ability may be used at t.
func (a *Ability) At(t Timing) bool { return a.Timings&(1<<t) != 0 }

// verbTimings are the verbs that act only at some moments (elsewhere they
// do nothing), and those moments. cancel() outside the cancel moment
// cancels a card in play instead.
var verbTimings = map[string][]Timing{
	"addDice":          {TTest, TFight},
	"addSuccess":       {TTest},
	"reroll":           {TTest},
	"passTest":         {TTest},
	"escape":           {TFight},
	"damageEnemy":      {TFight},
	"addMove":          {TMove, TInitiative},
	"freeFlight":       {TMove, TInitiative},
	"endMove":          {TMove},
	"avoidCliffhanger": {TCliffhanger},
	"discardDanger":    {TDanger, TTest},
}

// timingMask is the moments a Timing cell lists.
func timingMask(names []string) uint32 {
	var m uint32
	for _, t := range names {
		if t == AnyTiming {
			m |= anyTimings
		} else if i := enumIndex(Timings, t); Timings[i] == t {
			m |= 1 << (i + 1)
		}
	}
	return m
}

// works is the mask of moments where every moment-bound verb of an effect
// acts.
func works(uses []effects.Use) uint32 {
	mask := uint32(1)<<numTimings - 1
	for _, u := range uses {
		if ts, ok := verbTimings[u.Name]; ok && u.Verb {
			var m uint32
			for _, t := range ts {
				m |= 1 << t
			}
			mask &= m
		}
	}
	return mask
}

// Target is whom a played card acts on.
type Target uint8

const (
	TargetSelf Target = iota
	TargetOpponent
	TargetSpace
	TargetAll
	TargetOthers
)

// Until is when a Remains in Play card leaves play.
type Until uint8

const (
	UntilCanceled Until = iota
	UntilRound
	UntilCity
	UntilHeal
	UntilKO
)

// Mod is a compiled modifier: Sym is a keyword or terrain code.
type Mod struct {
	Stat   Stat
	Scope  Scope
	Amount int16 // int16, not int8: a Mod without padding hashes as plain memory in the bots' memo keys
	Sym    int16
}

// Ability is a card's usable ability.
type Ability struct {
	// Timings are the moments (bits by Timing) the ability may be used.
	Timings uint32
	// Works are the moments its effect does something: those where every
	// moment-bound verb it uses acts (all, if it uses none). Bots use it
	// only there.
	Works    uint32
	Target   Target
	Cond     *Prog
	Effect   *Prog
	Activate bool
}

// Card is any card or sheet row the engine uses: the common part.
type Card struct {
	N        int // index among all the content's cards, for statistics
	Row      *table.Row
	ID, Name string
	Keywords KW
	Mods     []Mod
	Ability
	Advanced bool
	Shuffle  bool
	Benefit  int8 // +1 helps the hero it acts on, -1 hurts, 0 unknown (from its verbs)
	Terrain  bool // its Condition looks at the space's terrain (playable on a hero passing through)
}

// SpaceKind is land, sea or city.
type SpaceKind uint8

const (
	Land SpaceKind = iota
	Sea
	City
)

// Space is a map space.
type Space struct {
	ID, Name   string
	Kind       SpaceKind
	Cost       int8
	Major      bool
	Port       bool
	Terrain    uint8 // bit per terrain (Terrains order)
	DeepJungle bool
	Pacific    bool
	Adj        []int16
}

// HeroDef is a hero sheet.
type HeroDef struct {
	Card
	index     int // in Content.Heroes
	StartCity int16
	Skills    [NumSkills]int8
	Wounds    int8
	Defense   int8
	Setup     *Prog
}

// VillainDef is a villain card.
type VillainDef struct {
	Card
	Org                             int16
	Search, Combat, Wounds, Defense int8
	When                            string
}

// OrgDef is a vile organization.
type OrgDef struct {
	Card
	Henchman   int16 // enemy index of the reference enemy
	Figures    int8
	Bodyguards int8
	Zeppelin   int16 // index into Zeppelins, or -1
	Setup      *Prog
	Tactics    [7]*Prog // by die face
	TacticText [7]string
	Villains   []int16
}

// OutpostDef is an outpost kind.
type OutpostDef struct {
	Card
	Org        int16
	Initial    int8
	RandomCity bool
	Destroy    TestSpec
}

// ZeppelinDef is a side of the zeppelin record sheet.
type ZeppelinDef struct {
	Card
	Cooperative                  bool
	Moves, Fortune, Drop, Guards int8
	Glory                        int8 // for a hero who comes through a sneak aboard
}

// DangerDef is a double-sided Danger/Cliffhanger card (or a City Danger).
type DangerDef struct {
	Card
	Test        TestSpec
	Glory       int8
	CliffName   string
	CliffKW     KW
	CliffTest   TestSpec
	CliffGlory  int8
	CliffEffect *Prog
}

// EnemyDef is an enemy card.
type EnemyDef struct {
	Card
	Deck         uint8 // 0 enemies, 1 nazi-enemies, 2 reference
	Glory        int8
	Dice         int8
	Wounds       int8
	Defense      int8
	Escape       TestSpec
	HasEscape    bool
	BonusFortune int8
	Escorted     bool
	Infantry     bool
	Type         int // keyword code of the first keyword (the enemy's type), -1 none
	When         string
}

// ItemDef is a Gear, Allies or Common Items card.
type ItemDef struct {
	Card
	Ally     bool
	Sidekick bool
	Common   bool
	Cost     int8
	Loyalty  int8
	Location int16
}

// EventDef is an Events, City or Villain Events card.
type EventDef struct {
	Card
	Immediately bool
	Secret      bool
	Remains     bool
	Until       Until
	Danger      *DangerDef // a City Danger
	VileTactics bool
	VTarget     string // Villain Events: organization, random-villain, heroes, all-heroes
}

// ArtifactDef is an Artifact card.
type ArtifactDef struct {
	Card
	Fortune int8
	Temple  bool
	Escape  TestSpec
}

// AdventureDef is an Adventure card.
type AdventureDef struct {
	Card
	Dangers int8
	Special []Mod
	When    string
	Effect  *Prog
	Temples bool
	Final   *Clause // a fight to win before the artifact is collected (Final Fight), or nil
}

// LocationDef is a Location card.
type LocationDef struct {
	Card
	Space, City  int16
	BonusFortune bool
}

// Content is a compiled build, loaded for the engine: every card by index,
// the map with precomputed distances, and the decks. It is immutable and
// shared by all the games of a run.
type Content struct {
	Tables  *table.Tables
	Symbols *table.Symbols
	Rules   Rules
	Victory [9]VictoryRow

	Keywords []string
	Spaces   []Space
	Cities   []int16
	// Dist[a][b] is the least movement to go from a to b; Hops[a][b] the
	// fewest spaces (for the zeppelin, to which a sea costs 1).
	Dist, Hops [][]int16
	// zeppelinSteps is the record-sheet zeppelin's way by Hops
	// (stepsToward).
	zeppelinSteps []int16
	// nearCity[major][s] is nearestCity(s, major == 1); flyCity[t] the
	// first city nearest t (cityTables).
	nearCity [2][]int16
	flyCity  []int16
	// walk plans the bots' routes by expected movement rolls, target by
	// target as the bots first need one (see walkPlans).
	walk *walkPlans

	Heroes        []HeroDef
	Villains      []VillainDef
	Orgs          []OrgDef
	Outposts      []OutpostDef
	Zeppelins     []ZeppelinDef
	Dangers       []DangerDef
	Enemies       []EnemyDef
	Events        []EventDef
	City          []EventDef
	Items         []ItemDef
	Artifacts     []ArtifactDef
	Adventures    []AdventureDef
	Locations     []LocationDef
	VillainEvents []EventDef

	// Deck lists: card indices, one entry per copy.
	DeckDangers, DeckEnemies, DeckNazi, DeckEvents, DeckCity, DeckGear, DeckAllies []int16
	DeckArtifacts, DeckAdventures, DeckLocations, DeckVillainEvents                []int16
	CommonItems                                                                    []int16
	Reference                                                                      map[string]int16

	// Cards lists the row of every card, by Card.N.
	Cards      []*table.Row
	avg        [2]EnemyDef    // the average enemy of the Enemies and Nazi Enemies decks
	kw         map[string]int // keyword name (folded) → code
	kwInfantry int
	kwEscorted int
	kwSidekick int
	sites      game.Sites // every compiled program's cell, in coverage order
}

// Rules holds every rule constant, read from the workbook.
type Rules struct {
	FortuneToWin, GearCost, AllyCost, GearLimit, AllyLimit, SidekickLimit, HealCost int
	FlightMajor, FlightMinor, MajorCityBonus, CommonItemMinCost                     int
	ArtifactsOnBoard, DeepJungleBonus, TempleTreasure, TempleFortunePerDanger       int
	CollapseOn, EventOn, EnemyOn, FreeEventOn, HitOn, ExploreOn, KOArtifactLoss     int
	VillainSearchOn, VillainWoundOn, VillainGloryPerHit                             int
	TrackPerArtifact, TrackFortuneStep, TrackPerHenchman, TeamFortunePerHero        int
	SoloFortune, SoloTrack, SoloVillains, SoloHardFortune, SoloHardTrack            int
	SoloMoveDice                                                                    int
	FixedMove, FixedMoveEventOn, OutpostTrackBack, GermanCollapseOn                 int
}

// VictoryRow is a row of the cooperative victory chart.
type VictoryRow struct {
	Fortune, Villains, Track int
}

// CoverSize is the number of coverage counters all programs need.
func (c *Content) CoverSize() int { return c.sites.CoverSize }

// loader turns tables into Content.
type loader struct {
	c *Content
	game.LoadErrors
}

// Load prepares compiled tables for the engine. The tables must come from
// a successful compile (or Decode) of Fortune and Glory content.
func Load(t *table.Tables) (*Content, error) {
	l := &loader{c: &Content{Tables: t, Symbols: table.NewSymbols(Schema, t), Reference: map[string]int16{}, kw: map[string]int{}}}
	return game.Load(t, GameID, l.c, &l.LoadErrors, l.rules, l.keywords, l.spaces, l.cards)
}

func (l *loader) rules() {
	get := l.RuleValues(l.c.Tables)
	R := &l.c.Rules
	*R = Rules{
		FortuneToWin: get("fortune-to-win"), GearCost: get("gear-cost"), AllyCost: get("ally-cost"),
		GearLimit: get("gear-limit"), AllyLimit: get("ally-limit"), SidekickLimit: get("sidekick-limit"), HealCost: get("heal-cost"),
		FlightMajor: get("flight-major"), FlightMinor: get("flight-minor"), MajorCityBonus: get("major-city-bonus"),
		CommonItemMinCost: get("common-item-min-cost"), ArtifactsOnBoard: get("artifacts-on-board"),
		DeepJungleBonus: get("deep-jungle-bonus"), TempleTreasure: get("temple-treasure"),
		TempleFortunePerDanger: get("temple-fortune-per-danger"), CollapseOn: get("collapse-on"),
		EventOn: get("event-on"), EnemyOn: get("enemy-on"), FreeEventOn: get("free-event-on"), HitOn: get("hit-on"),
		ExploreOn: get("explore-on"), KOArtifactLoss: get("ko-artifact-loss"), VillainSearchOn: get("villain-search-on"),
		VillainWoundOn: get("villain-wound-on"), VillainGloryPerHit: get("villain-glory-per-hit"),
		TrackPerArtifact: get("track-per-artifact"), TrackFortuneStep: get("track-fortune-step"),
		TrackPerHenchman: get("track-per-henchman"), TeamFortunePerHero: get("team-fortune-per-hero"),
		SoloFortune: get("solo-fortune"), SoloTrack: get("solo-track"), SoloVillains: get("solo-villains"), SoloHardFortune: get("solo-hard-fortune"),
		SoloHardTrack: get("solo-hard-track"), SoloMoveDice: get("solo-move-dice"), FixedMove: get("fixed-move"),
		FixedMoveEventOn: get("fixed-move-event-on"), OutpostTrackBack: get("outpost-track-back"),
		GermanCollapseOn: get("german-collapse-on"),
	}
	for _, r := range l.c.Tables.Rows("victory") {
		if n := r.Int("players"); n >= 1 && n <= 8 {
			l.c.Victory[n] = VictoryRow{Fortune: r.Int("fortune"), Villains: r.Int("villains"), Track: r.Int("track")}
		}
	}
}

func (l *loader) keywords() {
	for i, r := range l.CodeRows(l.c.Tables, "keywords", "keywords") {
		l.c.Keywords = append(l.c.Keywords, r.Str("name"))
		l.c.kw[fold(r.ID)] = i
		l.c.kw[fold(r.Str("name"))] = i
	}
	kwCode := func(name string) int {
		if c, ok := l.c.kw[name]; ok {
			return c
		}
		return -1
	}
	l.c.kwInfantry, l.c.kwEscorted, l.c.kwSidekick = kwCode("infantry"), kwCode("escorted"), kwCode("sidekick")
}

func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r != ' ' && r != '-' && r != '_' && r != '\'' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (l *loader) kwset(names []string) KW {
	var k KW
	for _, n := range names {
		if c, ok := l.c.kw[fold(n)]; ok {
			k.Add(c)
		}
	}
	return k
}

func (l *loader) spaces() {
	rows := l.c.Tables.Rows("spaces")
	index := map[string]int16{}
	for i, r := range rows {
		index[r.ID] = int16(i)
	}
	for _, r := range rows {
		s := Space{ID: r.ID, Name: r.Str("name"), Cost: 1, Major: r.Str("size") == "major", Port: r.Bool("port"),
			DeepJungle: r.Bool("deep_jungle"), Pacific: r.Bool("pacific_crossing")}
		switch r.Str("type") {
		case "sea":
			s.Kind = Sea
			s.Cost = int8(max(r.Int("cost"), 1))
		case "city":
			s.Kind = City
			l.c.Cities = append(l.c.Cities, int16(len(l.c.Spaces)))
		}
		for _, t := range r.List("terrain") {
			for i, name := range Terrains {
				if strings.EqualFold(name, t) {
					s.Terrain |= 1 << i
				}
			}
		}
		for _, a := range r.List("adjacent") {
			if j, ok := index[a]; ok {
				s.Adj = append(s.Adj, j)
			}
		}
		l.c.Spaces = append(l.c.Spaces, s)
	}
	l.c.Dist = distances(l.c.Spaces)
	flat := make([]Space, len(l.c.Spaces))
	for i, s := range l.c.Spaces {
		flat[i] = Space{Adj: s.Adj, Cost: 1}
	}
	l.c.Hops = distances(flat)
	l.c.zeppelinSteps = stepsToward(l.c.Spaces, l.c.Hops)
	l.c.walk = newWalkPlans(l.c.Spaces, l.c.Dist)
}

// stepsToward works out, for every destination t and space s, the space a
// figure in s moving toward t by dist enters: the first neighbour nearer t
// than s and than the neighbours before it, or s itself (at t, or cut off).
// steps[t*n+s], n the number of spaces.
func stepsToward(spaces []Space, dist [][]int16) []int16 {
	n := len(spaces)
	steps := make([]int16, n*n)
	for t := range n {
		for s := range n {
			best := int16(s)
			for _, a := range spaces[s].Adj {
				if dist[a][t] < dist[best][t] {
					best = a
				}
			}
			steps[t*n+s] = best
		}
	}
	return steps
}

// distances computes the least movement between every pair of spaces
// (Dijkstra from each; entering a space costs its Cost).
func distances(spaces []Space) [][]int16 {
	const inf = int16(1 << 14)
	n := len(spaces)
	out := make([][]int16, n)
	for s := range spaces {
		d := make([]int16, n)
		for i := range d {
			d[i] = inf
		}
		d[s] = 0
		done := make([]bool, n)
		for {
			u := -1
			for i := range d {
				if !done[i] && d[i] < inf && (u < 0 || d[i] < d[u]) {
					u = i
				}
			}
			if u < 0 {
				break
			}
			done[u] = true
			for _, v := range spaces[u].Adj {
				if nd := d[u] + int16(spaces[v].Cost); nd < d[v] {
					d[v] = nd
				}
			}
		}
		out[s] = d
	}
	return out
}

func (l *loader) space(r *table.Row, col string) int16 {
	id := r.Str(table.Key(col))
	if id == "" {
		return -1
	}
	for i, s := range l.c.Spaces {
		if s.ID == id {
			return int16(i)
		}
	}
	l.Fail(r, col, "unknown space %q", id)
	return -1
}

// prog binds a row's expression column, or returns nil for a blank cell.
func (l *loader) prog(r *table.Row, col string, want effects.Want) *Prog {
	ck := l.Check(Env(), l.c.Symbols, r, col, want)
	if ck == nil {
		return nil
	}
	if len(l.c.sites.List) >= 1<<15 {
		l.Fail(r, col, "too many effects")
		return nil
	}
	return game.Bind[*Game](&l.c.sites, ck, r, col)
}

func (l *loader) test(r *table.Row, col string) (TestSpec, bool) {
	src := r.Str(table.Key(col))
	if src == "" {
		return TestSpec{}, false
	}
	spec, _, err := ParseTest(src)
	if err != nil {
		l.Fail(r, col, "%s", err.Message)
		return TestSpec{}, false
	}
	return spec, true
}

func (l *loader) mods(r *table.Row, col string) []Mod {
	mods, _, err := ParseModifiers(r.Str(table.Key(col)))
	if err != nil {
		l.Fail(r, col, "%s", err.Message)
		return nil
	}
	out := make([]Mod, 0, len(mods))
	for _, m := range mods {
		cm := Mod{Stat: m.Stat, Amount: int16(m.Amount), Scope: m.Scope, Sym: -1}
		switch m.Scope {
		case OnTest, VsEnemy:
			code, ok := l.c.kw[fold(m.Name)]
			if !ok {
				l.Fail(r, col, "unknown keyword %q", m.Name)
			}
			cm.Sym = int16(code)
		case InSpace:
			for i, t := range Terrains {
				if strings.EqualFold(t, m.Name) {
					cm.Sym = int16(i)
				}
			}
		}
		out = append(out, cm)
	}
	return out
}

func enumIndex(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return 0
}

// card fills the common part of a card from its row. Card sheets differ
// in which of these columns they have: one a sheet lacks reads as blank.
func (l *loader) card(r *table.Row) Card {
	c := Card{N: len(l.c.Cards), Row: r, ID: r.ID, Name: r.Str("name")}
	l.c.Cards = append(l.c.Cards, r)
	has := r.Declares
	if has("keywords") {
		c.Keywords = l.kwset(r.List("keywords"))
	}
	c.Advanced = has("advanced") && r.Bool("advanced")
	c.Shuffle = has("shuffle") && r.Bool("shuffle")
	c.Activate = has("activate") && r.Bool("activate")
	if has("bonus") && r.Has("bonus") {
		c.Mods = l.mods(r, "Bonus")
	}
	if has("timing") {
		timing := r.List("timing")
		if s := r.Str("timing"); s != "" {
			timing = []string{s} // tables built when a Timing was one moment
		}
		c.Timings = timingMask(timing)
	}
	if has("target") {
		c.Target = Target(enumIndex(Targets, r.Str("target")))
	}
	if has("condition") {
		c.Cond = l.prog(r, "Condition", effects.BoolResult)
	}
	if c.Cond != nil {
		for _, u := range c.Cond.Uses {
			c.Terrain = c.Terrain || u.Name == "space.has"
		}
	}
	if has("effect") {
		c.Effect = l.prog(r, "Effect", effects.AnyResult)
	}
	c.Works = works(nil)
	if c.Effect != nil {
		c.Benefit = benefit(c.Effect.Uses)
		c.Works = works(c.Effect.Uses)
	}
	return c
}

// copies repeats index i Count times.
func copies(list []int16, i int, r *table.Row) []int16 {
	for range r.Int("count") {
		list = append(list, int16(i))
	}
	return list
}

// cards loads the card sheets. The order numbers the cards (Card.N) and
// their effects' coverage counters, so it is fixed.
func (l *loader) cards() {
	c := l.c
	l.enemies()
	l.zeppelins()
	orgs := l.organizations()
	l.tactics(orgs)
	l.outposts(orgs)
	l.villains(orgs)
	l.heroes()
	l.dangers()
	c.Events, c.DeckEvents = l.events("events")
	c.City, c.DeckCity = l.events("city")
	c.VillainEvents, c.DeckVillainEvents = l.events("villain_events")
	l.items()
	l.artifacts()
	l.adventures()
	l.locations()
	if len(c.Heroes) == 0 {
		l.Fail(nil, "", "there are no heroes")
	}
	if len(c.DeckLocations) == 0 || len(c.DeckArtifacts) == 0 || len(c.DeckAdventures) == 0 || len(c.DeckDangers) == 0 {
		l.Fail(nil, "", "the Locations, Artifacts, Adventures and Dangers decks must all have cards")
	}
	sort.Slice(c.Cities, func(i, j int) bool { return c.Cities[i] < c.Cities[j] })
	for d, deck := range [][]int16{c.DeckEnemies, c.DeckNazi} {
		c.avg[d] = averageEnemy(c, deck)
	}
	c.resolveFoes()
	c.cityTables()
}

// cityTables works out nearestCity's answers for every space, and Fly's
// cities nearest each target: the map, its cities and the major-city bonus
// decide them, and bots ask at every move.
func (c *Content) cityTables() {
	if len(c.Cities) == 0 {
		return
	}
	n := len(c.Spaces)
	for major := range 2 {
		c.nearCity[major] = make([]int16, n)
		for from := range n {
			c.nearCity[major][from] = c.nearestCityScan(int16(from), major == 1)
		}
	}
	c.flyCity = make([]int16, n)
	for t := range n {
		first := int16(-1)
		for _, city := range c.Cities {
			if first < 0 || c.Dist[city][t] < c.Dist[first][t] {
				first = city
			}
		}
		c.flyCity[t] = first
	}
}

// resolveFoes works out once, for every Fight clause of the content, the
// enemy the bots expect it to meet (typicalEnemy): they ask it in every
// estimate of a test's chance; and what the fight names (its reference
// enemy, the type Only draws), read at every fight.
func (c *Content) resolveFoes() {
	specs := []*TestSpec{}
	for i := range c.Dangers {
		specs = append(specs, &c.Dangers[i].Test, &c.Dangers[i].CliffTest)
	}
	for _, events := range [][]EventDef{c.Events, c.City, c.VillainEvents} {
		for i := range events {
			if d := events[i].Danger; d != nil {
				specs = append(specs, &d.Test, &d.CliffTest)
			}
		}
	}
	for i := range c.Outposts {
		specs = append(specs, &c.Outposts[i].Destroy)
	}
	for i := range c.Enemies {
		specs = append(specs, &c.Enemies[i].Escape)
	}
	for i := range c.Artifacts {
		specs = append(specs, &c.Artifacts[i].Escape)
	}
	resolve := func(cl *Clause) {
		if cl.Kind == FightTest {
			cl.typical = c.typicalEnemy(cl)
			if cl.FoeKind == FoeReference {
				cl.ref, _ = c.reference(cl.Foe)
			}
			cl.only = c.onlyCode(cl)
			cl.resolved = true
		}
	}
	for _, spec := range specs {
		for _, alt := range spec.Alts {
			for i := range alt {
				resolve(&alt[i])
			}
		}
	}
	for i := range c.Adventures {
		if cl := c.Adventures[i].Final; cl != nil {
			resolve(cl)
		}
	}
}

// enemies loads the Enemies sheet: its Deck column puts a row in the
// Enemies or the Nazi Enemies deck, or keeps it as a reference enemy that
// other cards name.
func (l *loader) enemies() {
	c := l.c
	for _, r := range c.Tables.Rows("enemies") {
		e := EnemyDef{Card: l.card(r), Glory: int8(r.Int("glory")), Dice: int8(r.Int("fight_dice")), Wounds: int8(r.Int("wounds")),
			Defense: int8(r.Int("defense")), BonusFortune: int8(r.Int("bonus_fortune")), When: r.Str("when")}
		e.Escape, e.HasEscape = l.test(r, "Escape")
		e.Escorted = e.Keywords.Has(c.kwEscorted) && firstKeyword(r) == "escorted"
		e.Infantry = firstKeyword(r) == "infantry"
		e.Type = -1
		if code, ok := c.kw[firstKeyword(r)]; ok {
			e.Type = code
		}
		i := len(c.Enemies)
		switch r.Str("deck") {
		case "enemies":
			c.DeckEnemies = copies(c.DeckEnemies, i, r)
		case "nazi-enemies":
			e.Deck = 1
			c.DeckNazi = copies(c.DeckNazi, i, r)
		default:
			e.Deck = 2
			c.Reference[r.ID] = int16(i)
		}
		c.Enemies = append(c.Enemies, e)
	}
}

func (l *loader) zeppelins() {
	for _, r := range l.c.Tables.Rows("zeppelins") {
		l.c.Zeppelins = append(l.c.Zeppelins, ZeppelinDef{Card: l.card(r), Cooperative: r.Str("mode") == "cooperative",
			Moves: int8(r.Int("moves")), Fortune: int8(r.Int("fortune")), Drop: int8(r.Int("drop")), Guards: int8(r.Int("guards")),
			Glory: int8(r.Int("glory"))})
	}
}

// organizations loads the organizations and returns their indices by ID,
// for the sheets that name one (tactics, outposts, villains).
func (l *loader) organizations() map[string]int16 {
	c, t := l.c, l.c.Tables
	orgIndex := map[string]int16{}
	for _, r := range t.Rows("organizations") {
		o := OrgDef{Card: l.card(r), Figures: int8(r.Int("figures")), Bodyguards: int8(r.Int("bodyguards")), Zeppelin: -1}
		o.Henchman = c.Reference[r.Str("henchman")]
		for i, z := range t.Rows("zeppelins") {
			if z.ID == r.Str("zeppelin") {
				o.Zeppelin = int16(i)
			}
		}
		o.Setup = l.prog(r, "Setup", effects.AnyResult)
		orgIndex[r.ID] = int16(len(c.Orgs))
		c.Orgs = append(c.Orgs, o)
	}
	return orgIndex
}

// tactics fills each organization's tactics chart, one effect per roll.
func (l *loader) tactics(orgs map[string]int16) {
	for _, r := range l.c.Tables.Rows("tactics") {
		o, ok := orgs[r.Str("organization")]
		if !ok {
			continue
		}
		lo, hi, _ := ParseRolls(r.Str("roll"))
		p := l.prog(r, "Effect", effects.AnyResult)
		for f := lo; f <= hi; f++ {
			l.c.Orgs[o].Tactics[f] = p
			l.c.Orgs[o].TacticText[f] = r.Str("name")
		}
	}
}

func (l *loader) outposts(orgs map[string]int16) {
	for _, r := range l.c.Tables.Rows("outposts") {
		op := OutpostDef{Card: l.card(r), Org: orgs[r.Str("organization")], Initial: int8(r.Int("initial")),
			RandomCity: r.Str("placement") != "random-location"}
		op.Destroy, _ = l.test(r, "Destroy")
		l.c.Outposts = append(l.c.Outposts, op)
	}
}

func (l *loader) villains(orgs map[string]int16) {
	c := l.c
	for _, r := range c.Tables.Rows("villains") {
		v := VillainDef{Card: l.card(r), Org: orgs[r.Str("organization")], Search: int8(r.Int("search")),
			Combat: int8(r.Int("combat")), Wounds: int8(r.Int("wounds")), Defense: int8(r.Int("defense")), When: r.Str("when")}
		c.Orgs[v.Org].Villains = append(c.Orgs[v.Org].Villains, int16(len(c.Villains)))
		c.Villains = append(c.Villains, v)
	}
}

func (l *loader) heroes() {
	for _, r := range l.c.Tables.Rows("heroes") {
		h := HeroDef{Card: l.card(r), index: len(l.c.Heroes), StartCity: l.space(r, "Start City"), Wounds: int8(r.Int("wounds")), Defense: int8(r.Int("defense"))}
		for s, name := range []string{"combat", "agility", "cunning", "lore"} {
			h.Skills[s] = int8(r.Int(name))
		}
		h.Setup = l.prog(r, "Setup", effects.AnyResult)
		l.c.Heroes = append(l.c.Heroes, h)
	}
}

func (l *loader) dangers() {
	for i, r := range l.c.Tables.Rows("dangers") {
		l.c.Dangers = append(l.c.Dangers, l.danger(r))
		l.c.DeckDangers = copies(l.c.DeckDangers, i, r)
	}
}

// items loads Gear, Allies and Common Items into one list, each sheet's
// copies into its deck.
func (l *loader) items() {
	c := l.c
	for _, sheet := range []string{"gear", "allies", "common_items"} {
		for _, r := range c.Tables.Rows(sheet) {
			it := ItemDef{Card: l.card(r), Ally: sheet == "allies", Common: sheet == "common_items", Location: -1}
			it.Sidekick = it.Keywords.Has(c.kwSidekick)
			i := len(c.Items)
			switch sheet {
			case "gear":
				c.DeckGear = copies(c.DeckGear, i, r)
			case "allies":
				it.Loyalty, it.Location = int8(r.Int("loyalty")), l.space(r, "Location")
				c.DeckAllies = copies(c.DeckAllies, i, r)
			default:
				it.Cost = int8(r.Int("cost"))
				it.Ally = firstKeyword(r) == "ally"
				c.CommonItems = copies(c.CommonItems, i, r)
			}
			c.Items = append(c.Items, it)
		}
	}
}

func (l *loader) artifacts() {
	for i, r := range l.c.Tables.Rows("artifacts") {
		a := ArtifactDef{Card: l.card(r), Fortune: int8(r.Int("fortune")), Temple: r.Bool("temple")}
		a.Escape, _ = l.test(r, "Escape")
		l.c.Artifacts = append(l.c.Artifacts, a)
		l.c.DeckArtifacts = copies(l.c.DeckArtifacts, i, r)
	}
}

func (l *loader) adventures() {
	for i, r := range l.c.Tables.Rows("adventures") {
		a := AdventureDef{Card: l.card(r), Dangers: int8(r.Int("dangers")), When: r.Str("when"), Temples: r.Bool("temples")}
		if !r.Has("temples") {
			a.Temples = true
		}
		if r.Has("special") {
			a.Special = l.mods(r, "Special")
		}
		a.Effect = l.prog(r, "Special Effect", effects.AnyResult)
		if spec, ok := l.test(r, "Final Fight"); ok {
			if cl, ok := finalFightClause(spec); ok {
				a.Final = &cl
			} else {
				l.Fail(r, "Final Fight", "a Final Fight is one Fight against an enemy deck or a reference enemy")
			}
		}
		l.c.Adventures = append(l.c.Adventures, a)
		l.c.DeckAdventures = copies(l.c.DeckAdventures, i, r)
	}
}

func (l *loader) locations() {
	for i, r := range l.c.Tables.Rows("locations") {
		l.c.Locations = append(l.c.Locations, LocationDef{Card: l.card(r), Space: l.space(r, "Space"), City: l.space(r, "City"), BonusFortune: r.Bool("bonus_fortune")})
		l.c.DeckLocations = copies(l.c.DeckLocations, i, r)
	}
}

// averageEnemy is a deck's typical enemy, for bots weighing a Fight option
// before the card is drawn.
func averageEnemy(c *Content, deck []int16) EnemyDef {
	var dice, wounds, def, glory, n int
	for _, i := range deck {
		e := &c.Enemies[i]
		if e.Escorted {
			continue
		}
		dice += int(e.Dice)
		wounds += int(e.Wounds)
		def += int(e.Defense)
		glory += int(e.Glory)
		n++
	}
	if n == 0 {
		return EnemyDef{Dice: 2, Wounds: 2}
	}
	r := func(x int) int8 { return int8((x + n/2) / n) }
	return EnemyDef{Card: Card{Name: "average enemy"}, Dice: r(dice), Wounds: max(r(wounds), 1), Defense: r(def), Glory: r(glory)}
}

// avgEnemy returns the typical enemy of the Enemies (0) or Nazi Enemies (1) deck.
func (c *Content) avgEnemy(deck int) *EnemyDef { return &c.avg[deck] }

func firstKeyword(r *table.Row) string {
	if k := r.List("keywords"); len(k) > 0 {
		return fold(k[0])
	}
	return ""
}

func (l *loader) danger(r *table.Row) DangerDef {
	d := DangerDef{Card: l.card(r), Glory: int8(r.Int("glory")), CliffName: r.Str("cliffhanger"),
		CliffKW: l.kwset(r.List("cliffhanger_keywords")), CliffGlory: int8(r.Int("cliffhanger_glory"))}
	d.Test, _ = l.test(r, "Test")
	d.CliffTest, _ = l.test(r, "Cliffhanger Test")
	d.CliffEffect = l.prog(r, "Cliffhanger Effect", effects.AnyResult)
	d.CliffKW = d.CliffKW.Union(d.Keywords)
	return d
}

// events loads a sheet of event cards (Events, City, Villain Events),
// which share most columns but not all.
func (l *loader) events(sheet string) ([]EventDef, []int16) {
	var out []EventDef
	var deck []int16
	for i, r := range l.c.Tables.Rows(sheet) {
		e := EventDef{Card: l.card(r), Remains: r.Bool("remains"), VTarget: r.Str("target")}
		e.Immediately = r.Declares("immediately") && r.Bool("immediately")
		e.Secret = r.Declares("secret") && r.Bool("secret")
		e.VileTactics = r.Declares("vile_tactics") && r.Bool("vile_tactics")
		if r.Declares("until") {
			e.Until = Until(enumIndex(Untils, r.Str("until")))
		}
		if sheet == "city" && r.Has("test") {
			e.Danger = l.cityDanger(r, e.Card)
		}
		out = append(out, e)
		deck = copies(deck, i, r)
	}
	return out, deck
}

// cityDanger is the Danger a City card with a Test is, faced like one.
func (l *loader) cityDanger(r *table.Row, card Card) *DangerDef {
	d := DangerDef{Card: card, Glory: int8(r.Int("glory")), CliffName: card.Name, CliffGlory: int8(r.Int("cliffhanger_glory"))}
	d.Test, _ = l.test(r, "Test")
	d.CliffTest, _ = l.test(r, "Cliffhanger Test")
	d.CliffEffect = l.prog(r, "Cliffhanger Effect", effects.AnyResult)
	d.CliffKW = d.Keywords
	return &d
}

// benefit classifies an effect by its verbs: +1 if it only helps the hero it
// acts on, -1 if it only hurts, 0 when mixed or unknown. Bots use it to
// decide on whom to play a card.
func benefit(uses []effects.Use) int8 {
	helps, hurts := effects.Leaning(uses, lean)
	switch {
	case helps > 0 && hurts == 0:
		return 1
	case hurts > 0 && helps == 0:
		return -1
	}
	return 0
}

// lean is whether a verb helps (+1) or hurts (−1) the hero it acts on.
func lean(verb string) int {
	switch verb {
	case "gainGlory", "gainFortune", "heal", "fullHeal", "drawEvent", "drawEventKeep", "drawGear", "drawAlly", "gainItem",
		"addMove", "freeFlight", "addDice", "addSuccess", "reroll", "passTest", "escape", "avoidCliffhanger",
		"discardDanger", "addDangerMarker", "stealArtifact", "damageEnemy", "woundVillain", "retreatTrack", "takeAlong", "cancel":
		return 1
	case "loseGlory", "loseFortune", "wound", "hits", "discardGear", "discardAlly", "discardEvent", "loseArtifact",
		"loseDangerMarkers", "endTurn", "endMove", "moveToRandomLocation", "moveToRandomCity", "goHome", "fight",
		"fightEnemy", "placeHenchman":
		return -1
	}
	return 0
}

// finalFightClause returns the one Fight against an enemy (a deck or a
// reference enemy) a Final Fight cell must hold.
func finalFightClause(spec TestSpec) (Clause, bool) {
	if len(spec.Alts) != 1 || len(spec.Alts[0]) != 1 {
		return Clause{}, false
	}
	cl := spec.Alts[0][0]
	return cl, cl.Kind == FightTest && cl.FoeKind != FoeVillain
}
