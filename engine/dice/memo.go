package dice

// OddsMemo memoises FightOdds for one goroutine (bots ask the same few
// questions many times). A small direct-mapped table answers most asks with
// one probe; the rest go to a map bounded at 1<<16 fights. The zero value
// is ready to use.
type OddsMemo struct {
	recent *[memoSlots]memoSlot
	all    map[uint64]Outcome
}

const (
	memoBits  = 11
	memoSlots = 1 << memoBits
)

type memoSlot struct {
	key uint64 // the packed fight plus one: 0 is an empty slot
	o   Outcome
}

// Odds returns FightOdds(f), memoised.
func (m *OddsMemo) Odds(f Fight) Outcome {
	key, ok := packFight(f)
	if !ok {
		return FightOdds(f)
	}
	if m.recent == nil {
		m.recent = new([memoSlots]memoSlot)
		m.all = map[uint64]Outcome{}
	}
	slot := &m.recent[(key*0x9e3779b97f4a7c15)>>(64-memoBits)]
	if slot.key == key+1 {
		return slot.o
	}
	o, hit := m.all[key]
	if !hit {
		o = FightOdds(f)
		if len(m.all) < 1<<16 {
			m.all[key] = o
		}
	}
	*slot = memoSlot{key: key + 1, o: o}
	return o
}

// packFight packs a fight into a word, a byte a field; false when a field
// does not fit a signed byte.
func packFight(f Fight) (uint64, bool) {
	// v+128 is below 256 for every field that fits, and for no other (a
	// negative sum wraps round to a huge one): one test for the seven.
	if uint(f.HeroDice+128)|uint(f.HeroDefense+128)|uint(f.HeroHealth+128)|uint(f.EnemyDice+128)|
		uint(f.EnemyDefense+128)|uint(f.EnemyHealth+128)|uint(f.Hit+128) >= 256 {
		return 0, false
	}
	return uint64(uint8(f.HeroDice)) | uint64(uint8(f.HeroDefense))<<8 | uint64(uint8(f.HeroHealth))<<16 |
		uint64(uint8(f.EnemyDice))<<24 | uint64(uint8(f.EnemyDefense))<<32 | uint64(uint8(f.EnemyHealth))<<40 |
		uint64(uint8(f.Hit))<<48, true
}
