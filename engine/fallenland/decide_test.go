package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each choice a Decider makes is the one the rules apply: a scripted
// Decider forces a choice the bot would not make (the game seeded 7, the
// dice forced), and the rule's outcome follows it.
func TestDeciderForcesTheChoice(t *testing.T) {
	for _, tt := range []struct {
		name  string
		force script
		play  func(t *testing.T, s *scenario, p *Player)
		check func(t *testing.T, s *scenario, p *Player)
	}{
		{
			name:  "Party damage all on one Character",
			force: script{assign: func(n int) (int, int) { return 0, n }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a") // Health 9
				s.crown(0, 2, "ex-b")
				s.crown(0, 3, "ex-d")
				s.damageParty(p, 4, Physical, true)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, int8(4), p.party.crowns[0].dmg[Physical], "the bot spreads it")
				assert.Zero(t, p.party.crowns[1].dmg[Physical])
				assert.Zero(t, p.party.crowns[2].dmg[Physical])
			},
		},
		{
			name:  "a Defense chip spent on a loss that costs no victory",
			force: script{shield: 1},
			play: func(t *testing.T, s *scenario, p *Player) {
				p.tdc, p.th = 2, 30
				s.addTownHealth(p, -3)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Zero(t, p.tdc, "the bot keeps its chips below the victory line")
				assert.Equal(t, 29, p.th, "2 of the 3 prevented")
			},
		},
		{
			name:  "at the Bank a cautious bot's chip sold, nothing bought",
			force: script{sellTDC: 1, buyTech: func() int16 { return -1 }, buyTDC: -1},
			play: func(t *testing.T, s *scenario, p *Player) {
				p.tdc, p.perkTDC, p.sc = 2, 0, 0
				s.sellAndPurchase(p)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, 1, p.tdc)
				assert.Equal(t, s.c.Rules.TDCSell, p.sc)
			},
		},
		{
			name: "the Technology it names bought",
			play: func(t *testing.T, s *scenario, p *Player) {
				scripted(p).buyTech = func() int16 { return s.techIdx("medical-center") }
				scripted(p).buyTDC = -1
				p.sc = 100
				s.sellAndPurchase(p)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				require.Len(t, p.tech, 1)
				assert.Equal(t, s.techIdx("medical-center"), p.tech[0].tech)
				assert.Equal(t, 100-s.c.Techs[s.techIdx("medical-center")].Cost[1], p.sc)
			},
		},
		{
			name:  "the Technology it names lost",
			force: script{loseTech: func() int { return 1 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.tech(0, "learning-center", 1)
				s.tech(0, "medical-center", 1)
				require.Equal(t, 0, p.dec.(*script).Decider.LoseTech(s.Game, p), "the bot loses the learning center")
				s.loseTech(p)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				require.Len(t, p.tech, 1)
				assert.Equal(t, s.techIdx("learning-center"), p.tech[0].tech)
			},
		},
		{
			name:  "over the hand limit, the first card discarded",
			force: script{discardAction: func() int { return 0 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				p.hand = []int16{s.actIdx("ex-sabotage")}
				for range s.c.Rules.HandLimit {
					p.hand = append(p.hand, s.actIdx("coin-0"))
				}
				s.endPhase()
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Len(t, p.hand, s.c.Rules.HandLimit)
				assert.NotContains(t, p.hand, s.actIdx("ex-sabotage"))
			},
		},
		{
			name:  "the weaker roster Character recruited first",
			force: script{recruit: func() int { return 1 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a")
				for i := 2; i < len(p.party.crowns); i++ {
					s.crown(0, i+1, "ex-b")
				}
				p.roster = []Member{{char: s.charIdx("ex-e"), hitman: -1}, {char: s.charIdx("ex-d"), hitman: -1}}
				require.Equal(t, 0, p.dec.(*script).Decider.Recruit(s.Game, p), "the bot recruits the Master")
				s.visitTown(p)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, s.charIdx("ex-d"), p.party.crowns[1].char)
				require.Len(t, p.roster, 1)
				assert.Equal(t, s.charIdx("ex-e"), p.roster[0].char)
			},
		},
		{
			name:  "the rifle carried by the Character it names",
			force: script{carry: func(Item) int { return 0 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a")
				s.crown(0, 5, "ex-e") // the rifle gives her a Link Bonus
				p.auction = []Item{{card: s.spoilsIdx("ex-rifle"), mount: -1}}
				s.equipParty(p, 0)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, []Item{{card: s.spoilsIdx("ex-rifle"), mount: -1}}, p.party.crowns[0].items)
				assert.Empty(t, p.party.crowns[4].items)
				assert.Empty(t, p.auction)
			},
		},
		{
			name:  "the City/Rad free card an Action though the hand holds three",
			force: script{freeAction: 1},
			play: func(t *testing.T, s *scenario, p *Player) {
				require.Equal(t, 1, s.c.Rules.FreeCardChoice, "the player's choice (the default)")
				p.hand = []int16{s.actIdx("ex-sabotage"), s.actIdx("ex-sabotage"), s.actIdx("ex-sabotage")}
				p.party.hex = s.hexAt(2, 3)
				require.False(t, p.dec.(*script).Decider.FreeAction(s.Game, p), "the bot takes a Spoils card")
				s.freeCard(p, DCityRad)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Len(t, p.hand, 4)
				assert.Empty(t, p.auction)
			},
		},
		{
			name:  "the City/Rad free card a Spoils though the hand is empty",
			force: script{freeAction: -1},
			play: func(t *testing.T, s *scenario, p *Player) {
				p.party.hex = s.hexAt(2, 3)
				require.True(t, p.dec.(*script).Decider.FreeAction(s.Game, p), "the bot takes an Action card")
				s.freeCard(p, DCityRad)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Empty(t, p.hand)
				assert.Len(t, p.auction, 1, "no Character to equip it")
				assert.Contains(t, s.log.String(), "from the Spoils deck")
			},
		},
		{
			name:  "a Vehicle and Party Equipment left in the Auction House",
			force: script{place: -1},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a")
				p.auction = []Item{{card: s.spoilsIdx("ex-jeep"), mount: -1}, {card: s.spoilsIdx("ex-tarp"), mount: -1}}
				s.equipParty(p, 0)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, int16(-1), p.party.vehicle.card, "the bot drives the jeep")
				assert.Empty(t, p.party.equip, "the bot carries the tarp")
				assert.ElementsMatch(t, []Item{{card: s.spoilsIdx("ex-jeep"), mount: -1}, {card: s.spoilsIdx("ex-tarp"), mount: -1}}, p.auction)
			},
		},
		{
			name:  "the scope mounted on the second rifle",
			force: script{mount: func(Item) (int, int) { return 4, 0 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a", "ex-rifle")
				s.crown(0, 5, "ex-e", "ex-rifle")
				scope := Item{card: s.spoilsIdx("ex-scope"), mount: -1}
				c, k := p.dec.(*script).Decider.Mount(s.Game, p, scope)
				require.Equal(t, [2]int{0, 0}, [2]int{c, k}, "the bot mounts it on the first")
				require.True(t, s.mount(p, scope))
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, int16(-1), p.party.crowns[0].items[0].mount)
				assert.Equal(t, s.spoilsIdx("ex-scope"), p.party.crowns[4].items[0].mount)
			},
		},
		{
			name:  "the scope mounted on none",
			force: script{mount: func(Item) (int, int) { return MountNone, 0 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				s.crown(0, 1, "ex-a", "ex-rifle")
				p.auction = []Item{{card: s.spoilsIdx("ex-scope"), mount: -1}}
				s.equipParty(p, 0)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, int16(-1), p.party.crowns[0].items[0].mount)
				assert.Equal(t, []Item{{card: s.spoilsIdx("ex-scope"), mount: -1}}, p.auction)
			},
		},
		{
			name:  "the card it names stolen from a rival's Auction House",
			force: script{steal: func(*Player) int { return 1 }},
			play: func(t *testing.T, s *scenario, p *Player) {
				rival := &s.players[1]
				rival.auction = []Item{{card: s.spoilsIdx("ex-vest"), mount: -1}, {card: s.spoilsIdx("ex-plate"), mount: -1}}
				require.Equal(t, 0, p.dec.(*script).Decider.Steal(s.Game, p, rival), "the bot takes the first")
				s.stealSpoils(rival, p)
			},
			check: func(t *testing.T, s *scenario, p *Player) {
				assert.Equal(t, []Item{{card: s.spoilsIdx("ex-plate"), mount: -1}}, p.auction)
				assert.Equal(t, []Item{{card: s.spoilsIdx("ex-vest"), mount: -1}}, s.players[1].auction)
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, examples(t), quiet...)
			p := &s.players[0]
			tt.force.on(p)
			tt.play(t, s, p)
			s.done()
			tt.check(t, s, p)
		})
	}
}

// A Decider whose answer the rules do not allow fails the game, naming
// the choice, instead of bending a rule.
func TestDeciderIllegalChoiceFailsTheGame(t *testing.T) {
	for _, tt := range []struct {
		name  string
		force script
		play  func(s *scenario, p *Player)
		want  string
	}{
		{"more damage than a Character's Health", script{assign: func(n int) (int, int) { return 0, n }}, func(s *scenario, p *Player) {
			s.crown(0, 1, "ex-a")
			s.crown(0, 2, "ex-b")
			s.damageParty(p, 12, Physical, true)
		}, "decider: P1 Faction A assigns 12 of 12 Physical damage to crown 0"},
		{"a starting Technology lost", script{loseTech: func() int { return 0 }}, func(s *scenario, p *Player) {
			p.tech = append(p.tech, OwnedTech{tech: s.techIdx("garrison"), tier: 1, starting: true})
			s.tech(0, "medical-center", 1)
			s.loseTech(p)
		}, "decider: P1 Faction A loses Technology 0 of 2"},
		{"PVP on itself", script{deeds: []Choice{{Deed: DeedPVP, Target: 0}}}, func(s *scenario, p *Player) {
			s.crown(0, 1, "ex-a")
			s.partyExploits(p)
		}, "decider: P1 Faction A takes a PVP Deed it cannot"},
		{"a scope mounted on a card that is not a rifle", script{mount: func(Item) (int, int) { return 0, 0 }}, func(s *scenario, p *Player) {
			s.crown(0, 1, "ex-a", "ex-vest")
			s.crown(0, 2, "ex-b", "ex-rifle")
			s.mount(p, Item{card: s.spoilsIdx("ex-scope"), mount: -1})
		}, "decider: P1 Faction A mounts ex-scope on item 0 of crown 0"},
		{"a scope mounted on a Vehicle that does not take it", script{mount: func(Item) (int, int) { return MountVehicle, 0 }}, func(s *scenario, p *Player) {
			s.crown(0, 1, "ex-a", "ex-rifle")
			s.vehicle(0, "ex-jeep")
			s.mount(p, Item{card: s.spoilsIdx("ex-scope"), mount: -1})
		}, "decider: P1 Faction A mounts ex-scope on no Vehicle"},
		{"a card stolen past the Auction House's end", script{steal: func(v *Player) int { return len(v.auction) }}, func(s *scenario, p *Player) {
			s.players[1].auction = []Item{{card: s.spoilsIdx("ex-vest"), mount: -1}}
			s.stealSpoils(&s.players[1], p)
		}, "decider: P1 Faction A steals card 1 of P2 Faction B's Auction House"},
		{"a Technology it cannot pay for", script{buyTech: func() int16 { return 0 }, sellTDC: -1}, func(s *scenario, p *Player) {
			p.sc = 0
			s.sellAndPurchase(p)
		}, "decider: P1 Faction A buys Technology 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, examples(t), quiet...)
			p := &s.players[0]
			tt.force.on(p)
			msg := func() (msg string) {
				defer func() { msg, _ = recover().(string) }()
				tt.play(s, p)
				return ""
			}()
			assert.Contains(t, msg, tt.want)
		})
	}
}

// Options.Deciders plugs a Decider into a seat of a whole game: one that
// breaks a rule fails the game with its seed (the simulator reports it as
// a failed game), never bending the rule or crashing the run.
func TestDeciderPluggedIntoAGame(t *testing.T) {
	g := New(bundled(t))
	cheat := &script{Decider: Bold.Decider(), assign: func(n int) (int, int) { return 0, n + 1 }}
	_, err := g.PlaySafe(3, Options{Players: 2, Deciders: []Decider{nil, cheat}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "decider: P2")
	assert.Contains(t, err.Error(), "seed 3")

	fair := &script{Decider: Bold.Decider()}
	want, err := g.PlaySafe(3, Options{Players: 2, Policies: []Policy{Cautious, Bold}})
	require.NoError(t, err)
	got, err := g.PlaySafe(3, Options{Players: 2, Policies: []Policy{Cautious, Bold}, Deciders: []Decider{nil, fair}})
	require.NoError(t, err)
	assert.Equal(t, want, got, "a Decider that makes the bot's choices plays the bot's game")
}

// A Solo card that leaves the Character to the player sends the one its
// Decider names (the bot sends the highest Total Skill); a hit man only
// into a Combat check.
func TestDeciderPicksTheSoloMember(t *testing.T) {
	medical := []Check{{Need: 1, Skill: Medical}}
	for _, tt := range []struct {
		name  string
		seq   []Check
		force func() int
		want  int    // the crown sent
		fails string // the game's failure, "" for none
	}{
		{"the bot's pick: the medic", medical, nil, 1, ""},
		{"the weaker Character", medical, func() int { return 0 }, 0, ""},
		{"the hit man into Combat", []Check{{Need: 1, Skill: Combat}}, func() int { return 2 }, 2, ""},
		{"the hit man into Medical", medical, func() int { return 2 }, 0, "decider: P1 Faction A sends crown 2 into ex-solo's Solo checks"},
		{"an empty Crown", medical, func() int { return 3 }, 0, "sends crown 3"},
		{"none", medical, func() int { return -1 }, 0, "sends crown -1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScenario(t, examples(t), quiet...)
			p := &s.players[0]
			s.crown(0, 1, "ex-a")     // Medical 5
			s.crown(0, 2, "ex-medic") // Medical 10
			p.party.crowns[2] = Member{char: -1, hitman: s.actIdx("ex-merc")}
			s.recompute(p)
			script{solo: tt.force}.on(p)
			e := &EncDef{Card: Card{ID: "ex-solo"}, Checks: Checks{Kind: SoloCheck}}
			var got *Member
			msg := func() (msg string) {
				defer func() { msg, _ = recover().(string) }()
				got = s.soloMember(p, e, tt.seq)
				return ""
			}()
			if tt.fails != "" {
				assert.Contains(t, msg, tt.fails)
				return
			}
			require.Empty(t, msg)
			assert.Same(t, &p.party.crowns[tt.want], got)
		})
	}
}

// A Party on the hex of a rival's Multiple Party card takes part only if
// its player joins: one that does not shares neither the checks nor the
// reward (the bots always join: TestMultipleOSC).
func TestDeciderJoinsAMultiplePartyCard(t *testing.T) {
	s := newScenario(t, gaps(t), quiet...)
	p, q := &s.players[0], &s.players[1]
	s.crown(0, 1, "ex-a")
	s.crown(1, 1, "ex-a")
	q.party.hex = p.party.hex
	s.multiNow(1)
	scripted(q).join = -1
	// 3 Combat with p's die alone: a 1, re-rolled while short, twice
	// (q's die would have been the second roll); then p's OSC passes.
	s.dice(1, 1, 1, 3)
	ok, _, _ := s.playCard(p, DMissions, s.missionIdx("ex-column"))
	s.done()
	assert.True(t, ok)
	assert.Equal(t, [2]int{1, 0}, [2]int{p.pr, q.pr}, "q shares no reward")
	assert.Equal(t, [2]int{32, 30}, [2]int{p.th, q.th}, "q attempts no Optional Skill Check")
}
