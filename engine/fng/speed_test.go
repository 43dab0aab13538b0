package fng

import (
	"testing"

	"github.com/deckwright/deckwright/engine/dice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bots' fight-odds memo is keyed by a packed word: fights that differ
// in any field get different keys, and a field past a byte is not memoised
// (it would alias another fight).
func TestOddsKey(t *testing.T) {
	base := dice.Fight{HeroDice: 3, HeroDefense: 1, HeroHealth: 4, EnemyDice: 2, EnemyDefense: 0, EnemyHealth: 3, Hit: 5}
	k0, ok := oddsKey(base)
	require.True(t, ok)
	fields := []func(f *dice.Fight) *int{
		func(f *dice.Fight) *int { return &f.HeroDice },
		func(f *dice.Fight) *int { return &f.HeroDefense },
		func(f *dice.Fight) *int { return &f.HeroHealth },
		func(f *dice.Fight) *int { return &f.EnemyDice },
		func(f *dice.Fight) *int { return &f.EnemyDefense },
		func(f *dice.Fight) *int { return &f.EnemyHealth },
		func(f *dice.Fight) *int { return &f.Hit },
	}
	seen := map[uint64]int{k0: -1}
	for i, field := range fields {
		for _, v := range []int{-128, -1, 127} {
			f := base
			*field(&f) = v
			k, ok := oddsKey(f)
			require.True(t, ok, "field %d = %d fits a byte", i, v)
			_, dup := seen[k]
			assert.False(t, dup, "field %d = %d aliases another fight", i, v)
			seen[k] = i
		}
		for _, v := range []int{-129, 128} {
			f := base
			*field(&f) = v
			_, ok := oddsKey(f)
			assert.False(t, ok, "field %d = %d does not fit a byte", i, v)
		}
	}
	g := New(bundled(t))
	for _, f := range []dice.Fight{base, {HeroDice: 300, HeroHealth: 2, EnemyDice: 1, EnemyHealth: 1, Hit: 5}} {
		assert.Equal(t, dice.FightOdds(f), g.cachedOdds(f))
		assert.Equal(t, dice.FightOdds(f), g.cachedOdds(f), "from the memo")
	}
}

// A game allocates next to nothing (the game loop's buffers live in the
// Game and are reused): a regression past the budget shows in games/s.
func TestGameAllocations(t *testing.T) {
	for _, tc := range []struct {
		mode   Mode
		budget float64
	}{{Competitive, 32}, {Cooperative, 42}} {
		mode := tc.mode
		g := New(bundled(t))
		opt := Options{Mode: mode, Players: 4, Advanced: true}
		seed := uint64(0)
		play := func() {
			seed++
			_, err := g.PlaySafe(seed, opt)
			require.NoError(t, err)
		}
		for range 200 { // warm the pools and memos
			play()
		}
		assert.LessOrEqual(t, testing.AllocsPerRun(200, play), tc.budget, "mode %v", mode)
	}
}
