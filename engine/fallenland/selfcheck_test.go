package fallenland

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/deckwright/deckwright/engine/rng"

	"github.com/stretchr/testify/require"
)

// TestMain turns the shortcuts' self-checks on for every test of the
// package (benchmarks measure the game without them).
func TestMain(m *testing.M) {
	flag.Parse()
	selfCheck = flag.Lookup("test.bench").Value.String() == ""
	os.Exit(m.Run())
}

// Every shortcut matches the plain computation at every read over a few
// hundred games of every size, policy mix, the Short Game and the
// variants that change what a Party may do: a cache that misses a change
// (or a faster route that drifts) panics in selfCheck, which PlaySafe
// reports as an error.
func TestShortcutsMatchThePlainComputation(t *testing.T) {
	require.True(t, selfCheck, "TestMain turns the self-checks on")
	g := New(bundled(t))
	g.stats = NewStats(g.c)
	for seed := uint64(1); seed <= 240; seed++ {
		opt := Options{Players: 1 + int(seed%6), Short: seed%4 == 1}
		for i := range opt.Players {
			opt.Policies = append(opt.Policies, Policy((int(seed)+i)%3))
		}
		switch seed % 3 {
		case 1:
			opt.Variants = Variants{DraftSetup: true, ExactTenFormula: true, MasterBonusAll: true}
		case 2:
			opt.Variants = Variants{LastPointAny: true, RadiationAnyMove: true, TownHealOwnOnly: true}
		}
		_, err := g.PlaySafe(seed, opt)
		if f, ok := err.(*Failure); ok && f.Stall {
			continue
		}
		require.NoError(t, err, "seed %d", seed)
	}
}

// The Link table made at load answers as the Characters' Link categories
// and named cards do, for every Character and card of the bundled set.
func TestLinkTable(t *testing.T) {
	c := bundled(t)
	g := New(c)
	links := 0
	for ch := range c.Characters {
		for x := range c.Spoils {
			want := c.linksPlain(&c.Characters[ch], int16(x))
			require.Equal(t, want, g.linked(int16(ch), Item{card: int16(x), mount: -1}), "%s links %s", c.Characters[ch].ID, c.Spoils[x].ID)
			if want {
				links++
			}
		}
	}
	require.Greater(t, links, 0, "some Character links some card")
}

// A member keeps its totals only while every input of its key is the
// same: its Character, hit man, each card and the card mounted on it, and
// its Action cards.
func TestMemberKeepsItsKey(t *testing.T) {
	base := func() Member {
		return Member{char: 3, hitman: -1, items: []Item{{card: 5, mount: -1}, {card: 9, mount: 2}}, acts: []int16{4}}
	}
	m := base()
	k, ok := keyOf(&m)
	require.True(t, ok)
	require.True(t, m.keeps(&k), "the member as its key was made")
	for _, tc := range []struct {
		name   string
		change func(m *Member)
	}{
		{"Character", func(m *Member) { m.char = 4 }},
		{"hit man", func(m *Member) { m.hitman = 0 }},
		{"a card", func(m *Member) { m.items[1].card = 8 }},
		{"a mounted card", func(m *Member) { m.items[0].mount = 2 }},
		{"a card more", func(m *Member) { m.items = append(m.items, Item{card: 1, mount: -1}) }},
		{"a card fewer", func(m *Member) { m.items = m.items[:1] }},
		{"an Action card", func(m *Member) { m.acts[0] = 6 }},
		{"an Action card more", func(m *Member) { m.acts = append(m.acts, 6) }},
	} {
		m := base()
		tc.change(&m)
		want, _ := keyOf(&m)
		require.NotEqual(t, k, want, tc.name)
		require.False(t, m.keeps(&k), tc.name)
	}
}

// The streams' ids hashed once are those of their names, for every deck
// and for seats past the table as within it.
func TestStreamIDsAreTheirNames(t *testing.T) {
	require.Equal(t, rng.Stream("dice"), diceStream)
	require.Equal(t, rng.Stream("setup"), setupStream)
	for d := Deck(0); d < numDecks; d++ {
		require.Equal(t, rng.Stream("deck:"+DeckNames[d]), deckStreams[d], DeckNames[d])
	}
	for seat := range 12 {
		require.Equal(t, rng.Stream(fmt.Sprintf("bot:%d", seat)), botStream(seat), "seat %d", seat)
	}
}
