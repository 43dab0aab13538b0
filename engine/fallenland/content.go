package fallenland

import (
	"strings"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Prog is an effect or condition bound to the game state.
type Prog = effects.Program[*Game]

// CatSet is a set of categories, by code (their rows of the Categories
// sheet).
type CatSet = table.CodeSet

// Category rules as bits (CategoryRules order).
const (
	RMelee uint32 = 1 << (iota + 1)
	RRanged
	RArmor
	RClothing
	RBook
	RMedical
	RVehicle
	RVehicleEquipment
	RStowable
	RPartyEquipment
	RPermanent
	RRelic
	REvent
	RAlly
	RJinxed
	RMotorized
)

// Timing is when an ability acts (an index into Timings).
type Timing uint8

const (
	TPassive Timing = iota
	TSetup
	TOnDraw
	TEffects
	TTownBusiness
	TProduction
	TPurchase
	THire
	TExploits
	TMovement
	TEncounter
	TCheck
	TFailedCheck
	TAfterCard
	TPVP
	TDeath
	TTargeted
	TEndTurn
	TAnytime
	numTimings
)

// Limit is how often an ability acts.
type Limit uint8

const (
	NoLimit Limit = iota
	OncePerTurn
	OncePerGame
)

// Card is the common part of every card and row the engine uses.
type Card struct {
	N        int // index among all the content's cards, for statistics
	Row      *table.Row
	ID, Name string
}

// Ability is an ability of a Character, Spoils card, Action card or Perk.
type Ability struct {
	Timing  Timing
	Cond    *Prog
	Effect  *Prog
	Limit   Limit
	Benefit int8    // +1 helps its player, -1 hurts, 0 unknown (from its verbs)
	Verbs   VerbSet // verbs of Effect that bots weigh against the moment
}

// VerbSet flags the verbs an effect uses that only help at some moments:
// bots hold a card or ability with them until the moment fits.
type VerbSet uint16

const (
	VNoFirstStrike VerbSet = 1 << iota
	VDestroyEnemyVehicle
	VRemoveJinx
	VRedraw
	VDestroyVehicle
)

// verbSet reads the flagged verbs an effect uses.
func verbSet(p *Prog) VerbSet {
	if p == nil {
		return 0
	}
	var v VerbSet
	for _, u := range p.Uses {
		if !u.Verb {
			continue
		}
		switch u.Name {
		case "noFirstStrike":
			v |= VNoFirstStrike
		case "destroyEnemyVehicle":
			v |= VDestroyEnemyVehicle
		case "removeJinx":
			v |= VRemoveJinx
		case "redraw":
			v |= VRedraw
		case "destroyVehicle":
			v |= VDestroyVehicle
		}
	}
	return v
}

// CharDef is a Character card.
type CharDef struct {
	Card
	Skills      [NumSkills]int8
	Master      bool
	MasterSkill int8 // -1 for none
	Health      int8
	Psych       int8
	Capacity    int8
	Armor       int8
	FirstStrike bool
	PsychBonus  int8
	Move        int8
	LinkCats    CatSet
	LinkSpoils  []int16
	LinkBonus   Bonuses
	LinkStacks  bool
	Ability
}

// SpoilsDef is a Spoils card.
type SpoilsDef struct {
	Card
	Cats        CatSet
	Rules       uint32
	Value       int8 // -1: NA
	Cost        int8
	CapBonus    int8
	Bonus       Bonuses
	Armor       int8
	Psych       int8
	Move        int8
	FirstStrike bool
	PVPDamage   uint8 // 0 none, 1 Infected, 2 Radiation
	VehSkills   Bonuses
	VehCap      int8
	AttachesTo  CatSet
	HireCost    int8
	JinxParty   bool
	Uses        int8
	Faction     int16 // -1: not a Perk card
	Ability
}

func (s *SpoilsDef) is(rule uint32) bool { return s.Rules&rule != 0 }

// ActionKind is what an Action card is.
type ActionKind uint8

const (
	KInstant ActionKind = iota
	KAttachCharacter
	KAttachParty
	KAttachTown
	KJinxed
	KTownTech
	KNPCM
	KHitman
)

// ActionDef is an Action card.
type ActionDef struct {
	Card
	Ability
	RedDot        bool
	Value         int8 // -1: NA
	Kind          ActionKind
	Opponent      bool // Target opponent
	Bonus         Bonuses
	Armor         int8
	Move          int8
	Ongoing       *Prog
	OngoingTiming Timing
	Tech          int16 // -1: random
	HireCost      int8
	Omega         int8
	Dice          int8
	SoloDice      int8
	Health        int8
	Movement      int8
	Strike        int8
	Assign        uint8 // bit per Assignments entry
}

// Deck identifies a deck.
type Deck uint8

const (
	DPlains Deck = iota
	DMountain
	DCityRad
	DMissions
	DSpoils
	DActions
	DCharacters
	numDecks
)

// EncDef is an Encounter or Mission card.
type EncDef struct {
	Card
	Deck       Deck
	Cats       CatSet
	World      bool
	Scavenged  int8
	Requires   *Prog
	Before     *Prog
	Checks     Checks
	Success    *Prog
	Failure    *Prog
	AltSuccess *Prog
	AltFailure *Prog
	POI        uint8 // 0 none, 1 here, 2 random
	POIEffect  *Prog
	POIOnce    bool
	Expires    int8
	Ongoing    *Prog
	OSC        *Check
	OSCSuccess *Prog
	OSCFailure *Prog
}

// TechKind is a Town Technology's mechanic.
type TechKind uint8

const (
	TechAuto TechKind = iota
	TechMove
	TechActions
	TechSpoils
)

// TechDef is a Town Technology.
type TechDef struct {
	ID, Name string
	Number   int
	Cost     [3]int // by tier: [1] buy, [2] upgrade
	Kind     TechKind
	Skill    Skill
	Amount   [3]int // by tier
}

// Terrain bits, in TerrainNames order.
const (
	TerPlains uint8 = 1 << iota
	TerMountain
	TerCity
	TerRadiation
	TerWater
)

// TerrainDef is a row of the Map Key.
type TerrainDef struct {
	Cost     int8
	Passable bool
	Deck     int8 // -1 none
	EndDmg   int8
	EndType  DamageType
	FreeCard bool
}

// DamageType is one of the four damage types.
type DamageType uint8

const (
	Physical DamageType = iota
	Infected
	Radiation
	Psych
)

// Hex is a map hex.
type Hex struct {
	ID, Name  string
	Q, R      int
	Terrain   uint8
	Town      int16 // Faction index whose Starting Town this is, -1 none
	Resource  bool
	Random    int
	WaterBody int16 // -1 none
	Adj       []int16
	Coastal   bool
	Cost      int8
	Passable  bool
	Decks     uint8 // bit per Deck the hex draws from
	EndDmg    int8
	EndType   DamageType
	FreeCard  bool
	POI       *Prog // a permanent Point of Interest
}

// FactionDef is a Town Play Mat.
type FactionDef struct {
	Card
	Number       int
	StartHex     int16
	Tech         [2]int16
	TDCs         int
	ExtraActions int
	StartSpoils  []int16
	PR, TH       int
	Move         int
	WaterCost    int // -1: no water travel
	Perks        []Ability
	PerkNames    []string
	perksAt      uint32 // the timings of its Perks (abilityTables)
}

// TownEvent is a row of the Town Events chart.
type TownEvent struct {
	Row          *table.Row
	PR, TH       int
	Card         bool
	LoseResource bool
}

// Content is a compiled build loaded for the engine: every card by index,
// the map with precomputed distances, and the decks. It is immutable and
// shared by all the games of a run.
type Content struct {
	Tables  *table.Tables
	Symbols *table.Symbols
	Rules   Rules

	Categories []string
	Techs      []TechDef
	TechByNum  [10]int16 // random-Technology roll → tech index, -1 none
	Defense    []int     // cost of the nth chip, index n (1-based)
	Production [][2]int  // [owned] → {Town Health, Salvage}
	Events     [11]TownEvent
	Terrain    [5]TerrainDef
	Hexes      []Hex
	ByRandom   [101]int16
	// Dist[a][b] is the least movement to go from a to b (entering costs);
	// Hops[a][b] the least hexes over passable ground.
	Dist, Hops [][]int16
	// WaterDist is Dist with Water hexes costing 1 (a perk's lake travel);
	// nil when no Faction has such a perk.
	WaterDist   [][]int16
	Towns       []int16 // town hexes
	ResHexes    []int16 // resource hexes
	WaterBodies int

	Factions   []FactionDef
	Characters []CharDef
	Spoils     []SpoilsDef
	Actions    []ActionDef
	Encounters []EncDef
	Missions   []EncDef

	// Deck lists: card indices, one entry per copy.
	DeckCards [numDecks][]int16

	// Cards lists the row of every card, by Card.N.
	Cards   []*table.Row
	sites   game.Sites // every compiled program's cell, in coverage order
	catCode map[string]int

	// charAt and spoilsAt are, by card index, the bit of the Timing its
	// ability acts at (0: none), so collecting a moment's abilities reads
	// a few bytes instead of each card's definition.
	charAt, spoilsAt []uint32
	// spoilsScore is, by card index, the bots' itemScore of the card
	// without a mounted one: re-equipping a Party sorts its cards by it.
	spoilsScore []float64
	// linkTab has, for each Character, a bit for each Spoils card that
	// gives it its Link Bonus (links), linkW words a Character: the bots
	// weigh every member for every card they place, and a bit is cheaper
	// than matching categories.
	linkTab []uint64
	linkW   int
	// actionAt is, by Action card index, the bit of the Timing it is
	// played at from the hand (0: never from the hand, as tryPlay reads
	// it: NPCMs, hit men and Town Technologies are played elsewhere).
	actionAt []uint32
}

// CoverSize is the number of coverage counters all programs need.
func (c *Content) CoverSize() int { return c.sites.CoverSize }

type loader struct {
	c *Content
	game.LoadErrors
}

// Load prepares compiled tables for the engine. The tables must come from
// a successful compile (or Decode) of Fallen Land content.
func Load(t *table.Tables) (*Content, error) {
	l := &loader{c: &Content{Tables: t, Symbols: table.NewSymbols(Schema, t), catCode: map[string]int{}}}
	return game.Load(t, GameID, l.c, &l.LoadErrors, l.rules, l.categories, l.charts, l.hexes, l.cards, l.factions,
		l.c.abilityTables)
}

// abilityTables fills charAt, spoilsAt, spoilsScore, linkTab, the
// Factions' perksAt and actionAt.
func (c *Content) abilityTables() {
	at := func(a *Ability) uint32 {
		if a.Effect == nil {
			return 0
		}
		return 1 << a.Timing
	}
	c.charAt = make([]uint32, len(c.Characters))
	for i := range c.Characters {
		c.charAt[i] = at(&c.Characters[i].Ability)
	}
	c.spoilsAt = make([]uint32, len(c.Spoils))
	c.spoilsScore = make([]float64, len(c.Spoils))
	for i := range c.Spoils {
		c.spoilsAt[i] = at(&c.Spoils[i].Ability)
		c.spoilsScore[i] = c.itemScore(Item{card: int16(i), mount: -1})
	}
	c.linkW = (len(c.Spoils) + 63) / 64
	c.linkTab = make([]uint64, len(c.Characters)*c.linkW)
	for ch := range c.Characters {
		for x := range c.Spoils {
			if c.linksPlain(&c.Characters[ch], int16(x)) {
				c.linkTab[ch*c.linkW+x/64] |= 1 << (x % 64)
			}
		}
	}
	for i := range c.Factions {
		fd := &c.Factions[i]
		for k := range fd.Perks {
			fd.perksAt |= at(&fd.Perks[k])
		}
	}
	c.actionAt = make([]uint32, len(c.Actions))
	for i := range c.Actions {
		if ad := &c.Actions[i]; ad.Kind != KNPCM && ad.Kind != KHitman && ad.Kind != KTownTech {
			c.actionAt[i] = 1 << ad.Timing
		}
	}
}

func (l *loader) rules() {
	get := l.RuleValues(l.c.Tables)
	for id, ptr := range l.c.Rules.bind() {
		*ptr = get(id)
	}
}

func (l *loader) categories() {
	for i, r := range l.CodeRows(l.c.Tables, "categories", "categories") {
		l.c.Categories = append(l.c.Categories, r.Str("name"))
		l.c.catCode[r.ID] = i
	}
}

func (l *loader) cats(ids []string) CatSet {
	var s CatSet
	for _, id := range ids {
		if code, ok := l.c.catCode[id]; ok {
			s.Add(code)
		}
	}
	return s
}

func (l *loader) catRules(ids []string) uint32 {
	var out uint32
	for _, id := range ids {
		for _, r := range l.c.Tables.Rows("categories") {
			if r.ID == id {
				for i, name := range CategoryRules {
					if name == r.Str("rule") && i > 0 {
						out |= 1 << i
					}
				}
			}
		}
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func (l *loader) charts() {
	c := l.c
	t := c.Tables
	for i := range c.TechByNum {
		c.TechByNum[i] = -1
	}
	for _, r := range t.Rows("technologies") {
		td := TechDef{ID: r.ID, Name: r.Str("name"), Number: r.Int("number"), Kind: TechKind(indexOf([]string{"auto-success", "movement", "extra-actions", "extra-spoils"}, r.Str("kind")))}
		td.Cost[1], td.Cost[2] = r.Int("tier_1_cost"), r.Int("tier_2_cost")
		td.Amount[1], td.Amount[2] = r.Int("tier_1_amount"), r.Int("tier_2_amount")
		if s := indexOf(skillKeys, r.Str("skill")); s >= 0 {
			td.Skill = Skill(s)
		}
		if td.Number >= 1 && td.Number <= 9 {
			c.TechByNum[td.Number] = int16(len(c.Techs))
		}
		c.Techs = append(c.Techs, td)
	}
	c.Defense = make([]int, c.Rules.MaxTDC+1)
	for _, r := range t.Rows("defense_costs") {
		if n := r.Int("ordinal"); n >= 1 && n < len(c.Defense) {
			c.Defense[n] = r.Int("cost")
		}
	}
	c.Production = make([][2]int, c.Rules.MaxResources+1)
	for _, r := range t.Rows("resource_production") {
		if n := r.Int("owned"); n >= 1 && n < len(c.Production) {
			c.Production[n] = [2]int{r.Int("town_health"), r.Int("salvage")}
		}
	}
	for _, r := range t.Rows("town_events") {
		for n := max(r.Int("from"), 1); n <= min(r.Int("to"), 10); n++ {
			c.Events[n] = TownEvent{Row: r, PR: r.Int("prestige"), TH: r.Int("town_health"), Card: r.Bool("card"), LoseResource: r.Bool("lose_resource")}
		}
	}
	for n := 1; n <= 10; n++ {
		if c.Events[n].Row == nil {
			l.Fail(nil, "", "the Town Events chart has no row for %d", n)
		}
	}
	seen := 0
	for _, r := range t.Rows("terrain") {
		i := indexOf(terrainKeys, r.Str("terrain"))
		if i < 0 {
			continue
		}
		seen |= 1 << i
		c.Terrain[i] = TerrainDef{Cost: int8(r.Int("move_cost")), Passable: r.Bool("passable"), Deck: int8(indexOf(encounterDecks, r.Str("deck"))),
			EndDmg: int8(r.Int("end_damage")), EndType: DamageType(indexOf([]string{"physical", "infected", "radiation", "psych"}, r.Str("end_damage_type"))),
			FreeCard: r.Bool("free_card")}
	}
	if seen != 31 {
		l.Fail(nil, "", "the Terrain sheet must have a row for each terrain")
	}
}

func (l *loader) hexes() {
	c := l.c
	rows := c.Tables.Rows("hexes")
	if len(rows) > 30000 {
		l.Fail(rows[0], "ID", "at most 30000 hexes are supported")
		return
	}
	at := map[[2]int]int16{}
	bodies := map[string]int16{}
	for i := range c.ByRandom {
		c.ByRandom[i] = -1
	}
	for _, r := range rows {
		h := Hex{ID: r.ID, Name: r.Str("name"), Q: r.Int("q"), R: r.Int("r"), Town: -1, WaterBody: -1, Resource: r.Str("feature") == "resource"}
		passable := false
		for _, tname := range r.List("terrains") {
			i := indexOf(terrainKeys, tname)
			if i < 0 {
				continue
			}
			h.Terrain |= 1 << i
			td := c.Terrain[i]
			if td.Passable {
				passable = true
			}
			h.Cost = max(h.Cost, td.Cost)
			if td.Deck >= 0 {
				h.Decks |= 1 << td.Deck
			}
			if td.EndDmg > h.EndDmg {
				h.EndDmg, h.EndType = td.EndDmg, td.EndType
			}
			h.FreeCard = h.FreeCard || td.FreeCard
		}
		h.Passable = passable
		// Starting Towns and Resources cost 1 (FL-MAP-02); their terrain
		// still gives their decks (FL-AMB-24).
		if h.Resource || r.Str("feature") == "town" {
			h.Cost = 1
			if h.Decks == 0 {
				h.Decks = 1 << DPlains
			}
		}
		if b := r.Str("water_body"); b != "" {
			id, ok := bodies[b]
			if !ok {
				id = int16(len(bodies))
				bodies[b] = id
			}
			h.WaterBody = id
		}
		if n := r.Int("random_number"); r.Has("random_number") && n >= 1 && n <= 100 {
			h.Random = n
			c.ByRandom[n] = int16(len(c.Hexes))
		}
		h.POI = l.prog(r, "POI Effect")
		idx := int16(len(c.Hexes))
		at[[2]int{h.Q, h.R}] = idx
		if h.Resource {
			c.ResHexes = append(c.ResHexes, idx)
		}
		c.Hexes = append(c.Hexes, h)
	}
	c.WaterBodies = len(bodies)
	if len(bodies) > 64 {
		l.Fail(rows[0], "Water Body", "at most 64 Water Bodies are supported")
	}
	for i := range c.Hexes {
		h := &c.Hexes[i]
		for _, d := range hexNeighbours {
			if n, ok := at[[2]int{h.Q + d[0], h.R + d[1]}]; ok {
				h.Adj = append(h.Adj, n)
				if c.Hexes[n].Terrain&TerWater != 0 && !c.Hexes[n].Passable {
					h.Coastal = true
				}
			}
		}
	}
	c.distances()
}

// distances precomputes movement costs and hop counts between all hexes
// over passable ground.
func (c *Content) distances() {
	c.Dist = c.dijkstra(false)
	n := len(c.Hexes)
	c.Hops = make([][]int16, n)
	for s := 0; s < n; s++ {
		h := make([]int16, n)
		for i := range h {
			h[i] = unreachable
		}
		h[s] = 0
		queue := []int16{int16(s)}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range c.Hexes[x].Adj {
				if c.Hexes[y].Passable && h[y] == unreachable {
					h[y] = h[x] + 1
					queue = append(queue, y)
				}
			}
		}
		c.Hops[s] = h
	}
}

// unreachable marks hexes a Party cannot reach.
const unreachable = int16(32000)

// dijkstra computes least entering costs between all hexes; with water,
// Water hexes cost 1 (a perk's lake travel).
func (c *Content) dijkstra(water bool) [][]int16 {
	n := len(c.Hexes)
	out := make([][]int16, n)
	var buckets [][]int16
	cost := func(y int16) (int16, bool) {
		h := &c.Hexes[y]
		if h.Passable {
			return int16(h.Cost), true
		}
		if water && h.Terrain&TerWater != 0 {
			return 1, true
		}
		return 0, false
	}
	for s := 0; s < n; s++ {
		d := make([]int16, n)
		for i := range d {
			d[i] = unreachable
		}
		d[s] = 0
		buckets = buckets[:0]
		push := func(node int16, k int16) {
			for int(k) >= len(buckets) {
				buckets = append(buckets, nil)
			}
			buckets[k] = append(buckets[k], node)
		}
		push(int16(s), 0)
		for k := 0; k < len(buckets); k++ {
			for len(buckets[k]) > 0 {
				x := buckets[k][len(buckets[k])-1]
				buckets[k] = buckets[k][:len(buckets[k])-1]
				if int(d[x]) != k {
					continue
				}
				for _, y := range c.Hexes[x].Adj {
					w, ok := cost(y)
					if !ok {
						continue
					}
					if nk := int16(k) + w; nk < d[y] {
						d[y] = nk
						push(y, nk)
					}
				}
			}
		}
		out[s] = d
	}
	return out
}

// prog binds a row's effect cell, or returns nil when blank.
func (l *loader) prog(r *table.Row, column string) *Prog {
	return l.bind(r, column, effects.AnyResult)
}

// cond binds a condition cell.
func (l *loader) cond(r *table.Row, column string) *Prog {
	return l.bind(r, column, effects.BoolResult)
}

func (l *loader) bind(r *table.Row, column string, want effects.Want) *Prog {
	if ck := l.Check(Env(), l.c.Symbols, r, column, want); ck != nil {
		return game.Bind[*Game](&l.c.sites, ck, r, column)
	}
	return nil
}

func (l *loader) card(r *table.Row) Card {
	cd := Card{N: len(l.c.Cards), Row: r, ID: r.ID, Name: r.Str("name")}
	l.c.Cards = append(l.c.Cards, r)
	return cd
}

func (l *loader) ability(r *table.Row) Ability {
	a := Ability{Timing: Timing(max(indexOf(Timings, r.Str("timing")), 0)), Cond: l.cond(r, "Condition"), Effect: l.prog(r, "Effect")}
	if r.Declares("limit") { // Action cards have none
		a.Limit = Limit(max(indexOf(Limits, r.Str("limit")), 0))
	}
	a.Benefit = benefit(a.Effect)
	a.Verbs = verbSet(a.Effect)
	return a
}

func bonuses(r *table.Row, col string) Bonuses {
	b, _ := ParseBonuses(r.Str(col))
	return b
}

// cards loads the card sheets. The order numbers the cards (Card.N) and
// their effects' coverage counters, so it is fixed.
func (l *loader) cards() {
	c := l.c
	l.characters()
	spoils := l.spoils()
	l.links()
	l.actions()
	l.spoilsDeck(spoils)
	l.encounters()
	for _, d := range []Deck{DPlains, DMountain, DCityRad, DMissions} {
		if len(c.DeckCards[d]) == 0 {
			l.Fail(nil, "", "the %s deck is empty", DeckNames[d])
		}
	}
	if len(c.DeckCards[DMissions]) > 30000 || len(c.Cards) > 30000 {
		l.Fail(nil, "", "too many cards")
	}
}

// deal puts the row's Count copies of card i into deck d.
func (l *loader) deal(d Deck, i int, r *table.Row) {
	for range r.Int("count") {
		l.c.DeckCards[d] = append(l.c.DeckCards[d], int16(i))
	}
}

func (l *loader) characters() {
	c := l.c
	for _, r := range c.Tables.Rows("characters") {
		cd := CharDef{Card: l.card(r), Master: r.Bool("master"), MasterSkill: int8(indexOf(skillKeys, r.Str("master_skill"))),
			Health: int8(r.Int("health")), Psych: int8(r.Int("psych")), Capacity: int8(r.Int("capacity")), Armor: int8(r.Int("armor")),
			FirstStrike: r.Bool("first_strike"), PsychBonus: int8(r.Int("psych_bonus")), Move: int8(r.Int("movement_bonus")),
			LinkBonus: bonuses(r, "link_bonus"), LinkStacks: r.Bool("link_stacks"), Ability: l.ability(r)}
		if !cd.Master {
			cd.MasterSkill = -1
		}
		for i, k := range skillKeys {
			cd.Skills[i] = int8(r.Int(k))
		}
		c.Characters = append(c.Characters, cd)
		l.deal(DCharacters, len(c.Characters)-1, r)
	}
}

// spoils loads the Spoils cards and returns their indices by ID; they go
// into the deck later (spoilsDeck), after the Action cards are numbered.
func (l *loader) spoils() map[string]int16 {
	c := l.c
	spoilsIdx := map[string]int16{}
	for _, r := range c.Tables.Rows("spoils") {
		sd := SpoilsDef{Card: l.card(r), Cats: l.cats(r.List("categories")), Rules: l.catRules(r.List("categories")), Value: -1,
			Cost: int8(r.Int("carrying_cost")), CapBonus: int8(r.Int("capacity_bonus")), Bonus: bonuses(r, "bonuses"), Armor: int8(r.Int("armor")),
			Psych: int8(r.Int("psych_bonus")), Move: int8(r.Int("movement_bonus")), FirstStrike: r.Bool("first_strike"),
			PVPDamage: uint8(max(indexOf([]string{"none", "infected", "radiation"}, r.Str("pvp_damage")), 0)),
			VehSkills: bonuses(r, "vehicle_skills"), VehCap: int8(r.Int("vehicle_capacity")), AttachesTo: l.cats(r.List("attaches_to")),
			JinxParty: r.Str("jinx_target") == "party", Uses: int8(r.Int("uses")), Faction: -1, Ability: l.ability(r)}
		if r.Has("value") {
			sd.Value = int8(r.Int("value"))
		}
		sd.HireCost = max(sd.Value, 0)
		if r.Has("hire_cost") {
			sd.HireCost = int8(r.Int("hire_cost"))
		}
		if sd.is(REvent) && sd.Timing == TPassive {
			sd.Timing = TOnDraw
		}
		spoilsIdx[r.ID] = int16(len(c.Spoils))
		c.Spoils = append(c.Spoils, sd)
	}
	return spoilsIdx
}

// links resolves each Character's Link: the categories and Spoils cards
// it names (by ID or name).
func (l *loader) links() {
	c, t := l.c, l.c.Tables
	for i, r := range t.Rows("characters") {
		ch := &c.Characters[i]
		for _, link := range r.List("link") {
			if id, ok := c.catCode[link]; ok {
				ch.LinkCats.Add(id)
				continue
			}
			matched := false
			for i, cr := range t.Rows("categories") {
				if diag.Fold(cr.Str("name")) == diag.Fold(link) {
					ch.LinkCats.Add(i)
					matched = true
				}
			}
			for i := range c.Spoils {
				if diag.Fold(c.Spoils[i].ID) == diag.Fold(link) || diag.Fold(c.Spoils[i].Name) == diag.Fold(link) {
					ch.LinkSpoils = append(ch.LinkSpoils, int16(i))
					matched = true
				}
			}
			if !matched {
				l.Fail(r, "Link", "Link %q names no Spoils card or category", link)
			}
		}
	}
}

func (l *loader) actions() {
	c := l.c
	for _, r := range c.Tables.Rows("actions") {
		c.Actions = append(c.Actions, l.action(r))
		l.deal(DActions, len(c.Actions)-1, r)
	}
}

func (l *loader) action(r *table.Row) ActionDef {
	ad := ActionDef{Card: l.card(r), Ability: l.ability(r), RedDot: r.Bool("red_dot"), Value: -1,
		Kind: ActionKind(max(indexOf(ActionKinds, r.Str("kind")), 0)), Opponent: r.Str("target") == "opponent",
		Bonus: bonuses(r, "bonuses"), Armor: int8(r.Int("armor")), Move: int8(r.Int("movement_bonus")), Ongoing: l.prog(r, "Ongoing"),
		OngoingTiming: TEffects, Tech: -1, HireCost: int8(r.Int("hire_cost")), Omega: int8(r.Int("omega")), Dice: int8(r.Int("dice")),
		SoloDice: int8(r.Int("solo_dice")), Health: int8(r.Int("health")), Movement: int8(r.Int("movement")), Strike: int8(r.Int("strike_dice"))}
	if r.Has("value") {
		ad.Value = int8(r.Int("value"))
	}
	switch r.Str("ongoing_timing") {
	case "town-business":
		ad.OngoingTiming = TTownBusiness
	case "end-turn":
		ad.OngoingTiming = TEndTurn
	}
	if id := r.Str("tech"); id != "" {
		for i := range l.c.Techs {
			if l.c.Techs[i].ID == id {
				ad.Tech = int16(i)
			}
		}
	}
	for _, a := range r.List("assignments") {
		if i := indexOf(Assignments, a); i >= 0 {
			ad.Assign |= 1 << i
		}
	}
	if ad.Dice == 0 {
		ad.Dice = 5
	}
	if ad.SoloDice == 0 {
		ad.SoloDice = 1
	}
	if ad.Kind == KJinxed || ad.Opponent {
		ad.Benefit = 1 // it hurts its target: good for the player who plays it
	}
	return ad
}

// spoilsDeck deals the Spoils cards into their deck, but for Perk cards
// (a Faction's own), which stay out of it.
func (l *loader) spoilsDeck(spoils map[string]int16) {
	c, t := l.c, l.c.Tables
	for _, r := range t.Rows("spoils") {
		i := spoils[r.ID]
		if f := r.Str("faction"); f != "" {
			for fi, fr := range t.Rows("factions") {
				if fr.ID == f {
					c.Spoils[i].Faction = int16(fi)
				}
			}
			continue
		}
		l.deal(DSpoils, int(i), r)
	}
}

// encounters loads the Encounter cards, each into the deck its Deck
// column names, and the Missions.
func (l *loader) encounters() {
	c := l.c
	for _, r := range c.Tables.Rows("encounters") {
		ed := l.enc(r, false)
		c.Encounters = append(c.Encounters, ed)
		l.deal(ed.Deck, len(c.Encounters)-1, r)
	}
	for _, r := range c.Tables.Rows("missions") {
		c.Missions = append(c.Missions, l.enc(r, true))
		l.deal(DMissions, len(c.Missions)-1, r)
	}
}

func (l *loader) enc(r *table.Row, mission bool) EncDef {
	ed := EncDef{Card: l.card(r), Deck: DMissions, Cats: l.cats(r.List("categories")), World: r.Bool("world"), Scavenged: int8(r.Int("scavenged")),
		Requires: l.cond(r, "Requires"), Before: l.prog(r, "Before"), Success: l.prog(r, "Success"), Failure: l.prog(r, "Failure"),
		AltSuccess: l.prog(r, "Alt Success"), AltFailure: l.prog(r, "Alt Failure"), POI: uint8(max(indexOf([]string{"none", "here", "random"}, r.Str("poi")), 0)),
		POIEffect: l.prog(r, "POI Effect"), POIOnce: r.Bool("poi_once"), Expires: int8(r.Int("expires")), Ongoing: l.prog(r, "Ongoing")}
	if !mission {
		ed.Deck = Deck(max(indexOf(encounterDecks, r.Str("deck")), 0))
	}
	var err *table.CellError
	ed.Checks, err = ParseChecks(r.Str("checks"))
	if err != nil {
		l.Fail(r, "Checks", "%s", err.Message)
	}
	if mission {
		if s := r.Str("osc"); s != "" {
			oc, err := ParseChecks(s)
			if err != nil || len(oc.Branches) != 1 || len(oc.Branches[0]) != 1 {
				l.Fail(r, "OSC", "the OSC is one Party check")
			} else {
				k := oc.Branches[0][0]
				ed.OSC = &k
			}
		}
		ed.OSCSuccess = l.prog(r, "OSC Success")
		ed.OSCFailure = l.prog(r, "OSC Failure")
	}
	return ed
}

func (l *loader) factions() {
	c := l.c
	t := c.Tables
	hexIdx := map[string]int16{}
	for i := range c.Hexes {
		hexIdx[c.Hexes[i].ID] = int16(i)
	}
	techIdx := map[string]int16{}
	for i := range c.Techs {
		techIdx[c.Techs[i].ID] = int16(i)
	}
	for fi, r := range t.Rows("factions") {
		fd := FactionDef{Card: l.card(r), Number: r.Int("number"), StartHex: -1, TDCs: r.Int("starting_tdcs"), ExtraActions: r.Int("extra_actions"),
			PR: r.Int("starting_prestige"), TH: r.Int("starting_town_health"), Move: r.Int("movement_bonus"), WaterCost: -1}
		if h, ok := hexIdx[r.Str("start_hex")]; ok {
			fd.StartHex = h
			c.Hexes[h].Town = int16(fi)
			c.Towns = append(c.Towns, h)
		} else {
			l.Fail(r, "Start Hex", "no Starting Town hex")
		}
		fd.Tech = [2]int16{techIdx[r.Str("tech_1")], techIdx[r.Str("tech_2")]}
		if r.Has("water_move_cost") {
			fd.WaterCost = r.Int("water_move_cost")
		}
		for _, s := range r.List("starting_spoils") {
			for i := range c.Spoils {
				if c.Spoils[i].ID == s {
					fd.StartSpoils = append(fd.StartSpoils, int16(i))
				}
			}
		}
		for _, pr := range t.Rows("perks") {
			if pr.Str("faction") == r.ID {
				fd.Perks = append(fd.Perks, l.ability(pr))
				fd.PerkNames = append(fd.PerkNames, pr.Str("name"))
			}
		}
		c.Factions = append(c.Factions, fd)
	}
	if len(c.Factions) == 0 {
		l.Fail(nil, "", "there are no Factions")
	}
	for i := range c.Factions {
		if c.Factions[i].WaterCost >= 0 && c.WaterDist == nil {
			c.WaterDist = c.dijkstra(true)
		}
	}
	if len(c.Characters) == 0 {
		l.Fail(nil, "", "there are no Characters")
	}
}

// benefit guesses from an effect's verbs whether it helps the player it
// acts on: bots use abilities that help and play harmful cards on rivals.
func benefit(p *Prog) int8 {
	if p == nil {
		return 0
	}
	helps, hurts := effects.Leaning(p.Uses, lean)
	switch {
	case helps > hurts:
		return 1
	case hurts > 0 && helps == 0:
		return -1
	}
	return 0
}

// lean is whether a verb helps (+1) or hurts (−1) the player it acts on.
func lean(verb string) int {
	switch {
	case strings.HasPrefix(verb, "gain"), strings.HasPrefix(verb, "draw"), strings.HasPrefix(verb, "heal"), verb == "addSuccess",
		verb == "passCheck", verb == "winCard", verb == "addMove", verb == "preventDeath", verb == "ignoreCard", verb == "bonusWeeks",
		verb == "captureResource", verb == "removeJinx", verb == "noFirstStrike", verb == "addPVPDamage", verb == "destroyEnemyVehicle",
		verb == "stealSalvage", verb == "stealSpoils", verb == "createResource", verb == "redraw":
		return 1
	case strings.HasPrefix(verb, "lose"), strings.HasPrefix(verb, "damage"), strings.HasPrefix(verb, "discard") && verb != "discardThis",
		verb == "delay", verb == "destroyVehicle", verb == "killChar", verb == "skipProduction":
		return -1
	}
	return 0
}
