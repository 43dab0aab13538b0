package dice

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fight-odds memo is keyed by a packed word: fights that differ in any
// field get different keys, and a field past a byte is not memoised (it
// would alias another fight).
func TestPackFight(t *testing.T) {
	base := Fight{HeroDice: 3, HeroDefense: 1, HeroHealth: 4, EnemyDice: 2, EnemyDefense: 0, EnemyHealth: 3, Hit: 5}
	k0, ok := packFight(base)
	require.True(t, ok)
	fields := []func(f *Fight) *int{
		func(f *Fight) *int { return &f.HeroDice },
		func(f *Fight) *int { return &f.HeroDefense },
		func(f *Fight) *int { return &f.HeroHealth },
		func(f *Fight) *int { return &f.EnemyDice },
		func(f *Fight) *int { return &f.EnemyDefense },
		func(f *Fight) *int { return &f.EnemyHealth },
		func(f *Fight) *int { return &f.Hit },
	}
	seen := map[uint64]int{k0: -1}
	for i, field := range fields {
		for _, v := range []int{-128, -1, 127} {
			f := base
			*field(&f) = v
			k, ok := packFight(f)
			require.True(t, ok, "field %d = %d fits a byte", i, v)
			_, dup := seen[k]
			assert.False(t, dup, "field %d = %d aliases another fight", i, v)
			seen[k] = i
		}
		for _, v := range []int{-129, 128, 255, 256, -1 << 62, math.MinInt, math.MaxInt} {
			f := base
			*field(&f) = v
			_, ok := packFight(f)
			assert.False(t, ok, "field %d = %d does not fit a byte", i, v)
		}
	}
}

// The memo answers what FightOdds does: first asks, repeated asks (from
// the direct-mapped table), fights evicted from it by others sharing its
// slot (from the map), and fights too big to key (never memoised).
func TestOddsMemo(t *testing.T) {
	var m OddsMemo
	var fights []Fight
	for hd := 1; hd <= 16; hd++ {
		for hh := 1; hh <= 6; hh++ {
			for ed := 1; ed <= 4; ed++ {
				for eh := 1; eh <= 6; eh++ {
					fights = append(fights, Fight{HeroDice: hd, HeroDefense: hh % 3, HeroHealth: hh, EnemyDice: ed, EnemyDefense: eh % 2, EnemyHealth: eh, Hit: 5})
				}
			}
		}
	}
	require.Greater(t, len(fights), memoSlots, "more fights than slots: some share one")
	fights = append(fights, Fight{HeroDice: 300, HeroHealth: 2, EnemyDice: 1, EnemyHealth: 1, Hit: 5})
	for pass := range 3 {
		for _, f := range fights {
			require.Equal(t, FightOdds(f), m.Odds(f), "pass %d, %+v", pass, f)
		}
	}
	assert.Len(t, m.all, len(fights)-1, "every keyed fight in the map, the unkeyable one not")
}
