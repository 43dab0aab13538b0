package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"reflect"
	"slices"
)

// A CountsChecker is a module's counts that can say whether one shard's
// games could have produced them: counts that add up to the shard's
// games, parts no larger than their wholes, events no more than its
// games could hold. MergeParts refuses a part whose counts fail, so that
// a count edited by hand or damaged in transit cannot move a verdict
// unseen. The error's path starts below "counts" (Stats.Cards[3]: …).
type CountsChecker interface {
	CheckCounts(s ShardGames) error
}

// ShardGames is what a part's tally, already checked, says of its
// shard's games: what a module's counts are checked against.
type ShardGames struct {
	Games     int         // played, finished or not
	Finished  int         // finished: neither stalled nor failed
	Tables    map[int]int // finished games by player count
	MaxRounds int         // the run's cap on a game's length
	Seats     int         // the run's largest table
}

// SeatGames is the seats of the shard's finished games: the most
// holders a card can have (a seat holds a card once a game).
func (s ShardGames) SeatGames() uint64 {
	var n uint64
	for p, g := range s.Tables {
		n += uint64(p) * uint64(g)
	}
	return n
}

// Events bounds a count of events that happen at most per times a seat
// a round: the shard's games (finished or not: a failed game's draws
// are counted), each at the run's largest table and as long as the run
// lets a game be, with its setup as one more round. The product
// saturates instead of overflowing.
func (s ShardGames) Events(per uint64) uint64 {
	n := uint64(1)
	for _, f := range []uint64{uint64(max(s.Games, 0)), uint64(max(s.MaxRounds, 0)) + 1, uint64(max(s.Seats, 1)), per} {
		n = sat(n, f)
	}
	return n
}

// Bounds on a card's counts. A seat draws or uses one card a few times a
// round at most: its deck would have to be run through between two
// draws; 16 a seat a round is far beyond any real game, and still refuses
// a count no shard could reach. An amount (score, money, damage) is at
// most amountPer an event: no card gives or takes a thousand at once.
const (
	cardEventsPer = 16
	amountPer     = 1024
)

// CheckCard checks a card's counts (where names them) against the
// shard: holders no more than its seats, wins no more than holders,
// passes no more than tests, unaided tests a part of its tests and
// their sums such as chances give, draws, uses and amounts bounded.
func (s ShardGames) CheckCard(where string, c *CardCounts) error {
	events := s.Events(cardEventsPer)
	amounts := sat(events, amountPer)
	var perSide, perSidePassed uint64
	for _, t := range c.PerSide {
		perSide += t.Tests
		perSidePassed += t.Passed
	}
	switch {
	case c.Holders > s.SeatGames():
		return fmt.Errorf("%s: %d holders, but the shard's %d finished games seat %d", where, c.Holders, s.Finished, s.SeatGames())
	case c.HolderWins > c.Holders:
		return fmt.Errorf("%s: %d holders' wins of %d holders", where, c.HolderWins, c.Holders)
	case c.Drawn > events || c.Used > events || c.Tests > events:
		return fmt.Errorf("%s: drawn %d, used %d and tested %d times in %d games of at most %d rounds: more than %d (%d a seat a round)",
			where, c.Drawn, c.Used, c.Tests, s.Games, s.MaxRounds, events, cardEventsPer)
	case c.Passed > c.Tests:
		return fmt.Errorf("%s: %d passed of %d tests", where, c.Passed, c.Tests)
	case c.Clean > c.Tests || c.CleanPassed > c.Clean:
		return fmt.Errorf("%s: %d unaided tests (%d passed) of %d tests", where, c.Clean, c.CleanPassed, c.Tests)
	case perSide != c.Clean || perSidePassed != c.CleanPassed:
		return fmt.Errorf("%s.PerSide: %d unaided tests (%d passed), but the card counts %d (%d passed)", where, perSide, perSidePassed, c.Clean, c.CleanPassed)
	case c.Expected > sat(c.Clean, 1e9) || c.Variance > sat(c.Clean, 25e7):
		return fmt.Errorf("%s: expected passes %d and variance %d (billionths) of %d unaided tests: not sums of chances", where, c.Expected, c.Variance, c.Clean)
	case c.Damage > amounts || c.Losses > amounts || absAbove(c.Score, amounts) || absAbove(c.Money, amounts):
		return fmt.Errorf("%s: score %d, money %d, damage %d and losses %d: more than %d a shard of %d games can gain (%d an event)",
			where, c.Score, c.Money, c.Damage, c.Losses, amounts, s.Games, amountPer)
	case c.ScoreLost > amounts || c.MoneyLost > amounts:
		return fmt.Errorf("%s: score %d and money %d lost: more than %d a shard of %d games can lose (%d an event)",
			where, c.ScoreLost, c.MoneyLost, amounts, s.Games, amountPer)
	}
	for i, t := range c.PerSide {
		if t.Passed > t.Tests || t.Expected > sat(t.Tests, 1e9) {
			return fmt.Errorf("%s.PerSide[%d]: %d passed and %d expected (billionths) of %d tests", where, i, t.Passed, t.Expected, t.Tests)
		}
	}
	return nil
}

// CheckAtMost checks a list of counts (where names it) of events that
// happen at most per times a seat a round.
func (s ShardGames) CheckAtMost(where string, counts []uint64, per uint64) error {
	for i, n := range counts {
		if err := s.AtMost(fmt.Sprintf("%s[%d]", where, i), n, per); err != nil {
			return err
		}
	}
	return nil
}

// AtMost checks a count (where names it) of events that happen at most
// per times a seat a round.
func (s ShardGames) AtMost(where string, n, per uint64) error {
	if most := s.Events(per); n > most {
		return fmt.Errorf("%s: %d, more than %d games of at most %d rounds hold (%d a seat a round: %d)", where, n, s.Games, s.MaxRounds, per, most)
	}
	return nil
}

// Amount checks a card's sum of an amount (where names it) gained or
// lost: at most amountPer an event of the card.
func (s ShardGames) Amount(where string, v int64) error {
	if most := sat(s.Events(cardEventsPer), amountPer); absAbove(v, most) {
		return fmt.Errorf("%s: %d, more than a shard of %d games can gain or lose (%d)", where, v, s.Games, most)
	}
	return nil
}

// CheckSeatGames checks a module's count of seat-games of finished
// games and the wins among them.
func (s ShardGames) CheckSeatGames(where string, games, wins uint64) error {
	switch {
	case games != s.SeatGames():
		return fmt.Errorf("%s: %d seat-games, but the shard's %d finished games seat %d", where, games, s.Finished, s.SeatGames())
	case wins > games:
		return fmt.Errorf("%s: %d wins of %d seat-games", where, wins, games)
	}
	return nil
}

// CheckRates checks games and wins counted by a key (player count,
// organization): every finished game counted once, wins of a key no
// more than its games.
func CheckRates[K int | string](where string, games, wins map[K]int, finished int) error {
	n := 0
	for _, k := range slices.Sorted(maps.Keys(games)) {
		n += games[k]
	}
	if n != finished {
		return fmt.Errorf("%s: %d games, but the shard finished %d", where, n, finished)
	}
	for _, k := range slices.Sorted(maps.Keys(wins)) {
		if wins[k] > games[k] {
			return fmt.Errorf("%sWins.%v: %d won of %d games", where, k, wins[k], games[k])
		}
	}
	return nil
}

func sat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func absAbove(v int64, most uint64) bool {
	if v < 0 {
		return uint64(-(v+1))+1 > most
	}
	return uint64(v) > most
}

// required says where data, JSON read into a value of type t, leaves out
// a field of a struct: the decoder would leave it as it was (a fresh
// worker's zeros), where a part must say what its shard counted. A field
// given as null is there (nonNegative says whether it may be).
func required(data json.RawMessage, t reflect.Type, fields *fieldTypes) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil || obj == nil {
			return nil // the decoder has said what is wrong
		}
		fs := fields.of(t)
		for _, name := range slices.Sorted(maps.Keys(fs)) {
			if name == "-" {
				continue
			}
			v, ok := obj[name]
			if !ok {
				return fmt.Errorf(".%s: missing", name)
			}
			if err := required(v, fs[name], fields); err != nil {
				return fmt.Errorf(".%s%w", name, err)
			}
		}
	case reflect.Slice, reflect.Array:
		if !hasStruct(t.Elem()) {
			return nil
		}
		var list []json.RawMessage
		if json.Unmarshal(data, &list) != nil {
			return nil
		}
		for i, v := range list {
			if err := required(v, t.Elem(), fields); err != nil {
				return fmt.Errorf("[%d]%w", i, err)
			}
		}
	case reflect.Map:
		if !hasStruct(t.Elem()) {
			return nil
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := required(obj[k], t.Elem(), fields); err != nil {
				return fmt.Errorf(".%s%w", k, err)
			}
		}
	}
	return nil
}

func hasStruct(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}
