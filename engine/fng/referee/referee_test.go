package referee_test

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/fng/referee"
	"github.com/deckwright/deckwright/engine/game"
)

var (
	once    sync.Once
	bundled *fng.Content
	loadErr error
)

// load compiles the bundled base set once.
func load(t testing.TB) *fng.Content {
	t.Helper()
	once.Do(func() {
		set, _ := content.BaseOf(fng.GameID)
		data, err := set.Workbook()
		if err != nil {
			loadErr = err
			return
		}
		wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
		if wb == nil {
			loadErr = fmt.Errorf("%v", l.Items())
			return
		}
		tables, l := compiler.Compile(fng.Module, []*compiler.Workbook{wb}, compiler.Options{})
		if tables == nil {
			loadErr = fmt.Errorf("%v", l.Items())
			return
		}
		bundled, loadErr = fng.Load(tables)
	})
	require.NoError(t, loadErr)
	return bundled
}

// trace plays one game and returns its events. A game that hits the
// round cap is refereed as far as it went.
func trace(t testing.TB, g *fng.Game, seed uint64, opt fng.Options) []game.Event {
	var log game.EventLog
	if _, err := g.TraceEvents(&log, seed, opt); err != nil {
		var f *fng.Failure
		if !errors.As(err, &f) || !f.Stall {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	return log.Events
}

// dump writes a game's events where REFEREE_DUMP says, to study a
// violation.
func dump(events []game.Event) {
	path := os.Getenv("REFEREE_DUMP")
	if path == "" {
		return
	}
	var b strings.Builder
	for i, e := range events {
		fmt.Fprintf(&b, "%5d r%-3d s%-2d %-16s %-28s %s\n", i, e.Turn, e.Seat, e.Kind, e.Card, e.DataString())
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
}

// config is one kind of game the referee watches.
type config struct {
	name string
	opt  fng.Options
}

// configs covers every mode, both levels where the mode has them, every
// policy and the variants.
func configs() []config {
	pol := func(ps ...fng.Policy) []fng.Policy { return ps }
	C, B, R := fng.Cautious, fng.Bold, fng.Random
	return []config{
		{"competitive advanced", fng.Options{Mode: fng.Competitive, Players: 4, Advanced: true, Policies: pol(C, B, R, C)}},
		{"competitive basic", fng.Options{Mode: fng.Competitive, Players: 3, Policies: pol(R, C, B)}},
		{"competitive advanced, organization, variants", fng.Options{Mode: fng.Competitive, Players: 2, Advanced: true, Org: "random",
			Policies: pol(B, R), Dangers: fng.DrawFromBottom, Variants: fng.Variants{FixedMovement: true, GermanCollapse: true}}},
		{"coop", fng.Options{Mode: fng.Cooperative, Players: 3, Advanced: true, Policies: pol(C, R, B)}},
		{"coop, variants", fng.Options{Mode: fng.Cooperative, Players: 4, Advanced: true, Org: "nazi", Policies: pol(B, B, R, C),
			Variants: fng.Variants{AdvancedNazis: true, VillainSuccessesFirst: true}}},
		{"team advanced", fng.Options{Mode: fng.Team, Players: 4, Advanced: true, Teams: []int{0, 1, 0, 1}, Policies: pol(C, R, B, C)}},
		{"team basic", fng.Options{Mode: fng.Team, Players: 6, Teams: []int{0, 1, 2, 0, 1, 2}, Policies: pol(R, C, B, B, R, C)}},
		{"solo, one hero", fng.Options{Mode: fng.Solo, Players: 1, Advanced: true, Policies: pol(C)}},
		{"solo, three heroes", fng.Options{Mode: fng.Solo, Players: 3, Advanced: true, Policies: pol(R, B, C), Variants: fng.Variants{SoloHard: true}}},
	}
}

// TestRefereeFindsNoViolations referees random games of every mode, level
// and policy: a few hundred by default, over 10,000 of every mode with
// DECKWRIGHT_LONG=1. A violation is a bug in the engine or the referee.
func TestRefereeFindsNoViolations(t *testing.T) {
	c := load(t)
	ref := referee.New(c)
	perConfig := 40
	if os.Getenv("DECKWRIGHT_LONG") != "" {
		perConfig = 5000 // 10,000 and more of every mode: each has two or three configs
	}
	if n, err := strconv.Atoi(os.Getenv("REFEREE_GAMES")); err == nil {
		perConfig = n
	}
	games, violations := 0, 0
	for _, cf := range configs() {
		t.Run(cf.name, func(t *testing.T) {
			g := fng.New(c)
			for i := range perConfig {
				seed := uint64(1000 + i)
				opt := cf.opt
				opt.MaxRounds = 60
				events := trace(t, g, seed, opt)
				games++
				if v := ref.Check(events); len(v) > 0 {
					if violations == 0 {
						dump(events)
					}
					violations += len(v)
					t.Errorf("seed %d: %d violations, first: %v (REFEREE_DUMP=file writes the first such game)", seed, len(v), v[:min(len(v), 3)])
				}
			}
		})
	}
	t.Logf("%d games refereed, %d violations", games, violations)
}

// TestRefereeCatchesBrokenRules breaks a refereed game's trace in one place
// at a time, as a faulty engine would, and checks the referee names the
// rule broken.
func TestRefereeCatchesBrokenRules(t *testing.T) {
	c := load(t)
	ref := referee.New(c)
	var events []game.Event
	// A game with every kind of event the cases below need.
	for seed := uint64(1); ; seed++ {
		events = trace(t, fng.New(c), seed, fng.Options{Mode: fng.Competitive, Players: 4, Advanced: true, MaxRounds: 60,
			Policies: []fng.Policy{fng.Bold, fng.Cautious, fng.Random, fng.Bold}})
		if has(events, "buy", nil) && has(events, "ko", nil) && has(events, "villain-search", nil) && has(events, "fly", func(e *game.Event) bool { return e.Data["free"] == 0 }) &&
			has(events, "reveal", nil) && has(events, "fortune", func(e *game.Event) bool { return toInt(e.Data["delta"]) < 0 }) &&
			has(events, "end", func(e *game.Event) bool { return e.Data["how"] == "fortune" }) && has(events, "explore", nil) {
			break
		}
		require.Less(t, seed, uint64(200), "no game with purchases, a KO, a villain search, a flight, a cliffhanger and Fortune spent")
	}
	require.Empty(t, ref.Check(events), "the game as played breaks no rule")

	first := func(kind string, pred func(e *game.Event) bool) int {
		for i := range events {
			if events[i].Kind == kind && (pred == nil || pred(&events[i])) {
				return i
			}
		}
		t.Fatalf("no %s event", kind)
		return -1
	}
	with := func(es []game.Event, i int, key string, v any) []game.Event {
		out := append([]game.Event(nil), es...)
		d := map[string]any{}
		for k, x := range out[i].Data {
			d[k] = x
		}
		d[key] = v
		out[i].Data = d
		return out
	}
	without := func(es []game.Event, i int) []game.Event {
		return append(append([]game.Event(nil), es[:i]...), es[i+1:]...)
	}
	testRoll := func(e *game.Event) bool { return e.Data["why"] == "test" }
	for _, tt := range []struct {
		name, rule string
		broken     func() []game.Event
	}{
		{"a die shows 7", "roll-range", func() []game.Event { return with(events, first("roll", nil), "dice", []int{7}) }},
		{"dice rolled for no reason", "roll-reason", func() []game.Event { return with(events, first("roll", nil), "why", "unlabelled") }},
		{"Glory out of thin air", "glory", func() []game.Event {
			i := first("glory", nil)
			return with(events, i, "total", toInt(events[i].Data["total"])+1)
		}},
		{"Fortune below 0", "fortune", func() []game.Event {
			i := first("fortune", func(e *game.Event) bool { return toInt(e.Data["delta"]) < 0 })
			es := with(events, i, "total", -1)
			return with(es, i, "delta", -1-(toInt(events[i].Data["total"])-toInt(events[i].Data["delta"])))
		}},
		{"a card drawn twice", "deck-conservation", func() []game.Event {
			i := first("card", func(e *game.Event) bool { return e.Data["from"] == "deck" })
			return append(append(append([]game.Event(nil), events[:i+1]...), events[i]), events[i+1:]...)
		}},
		{"a card that vanished", "deck-conservation", func() []game.Event {
			return without(events, first("card", func(e *game.Event) bool { return e.Data["to"] == "discard" }))
		}},
		{"a purchase at the wrong price", "cost", func() []game.Event {
			i := first("buy", nil)
			return with(events, i, "cost", toInt(events[i].Data["cost"])+1)
		}},
		{"a flight at the wrong price", "cost", func() []game.Event {
			i := first("fly", func(e *game.Event) bool { return e.Data["free"] == 0 })
			return with(events, i, "cost", toInt(events[i].Data["cost"])+1)
		}},
		{"a step too far", "movement", func() []game.Event {
			i := first("move-roll", func(e *game.Event) bool { return toInt(e.Data["points"]) > 1 })
			es := with(events, i, "roll", 1-toInt(events[i].Data["bonus"]))
			return with(es, i, "points", 1)
		}},
		{"a step between spaces that do not touch", "movement", func() []game.Event {
			i := first("step", nil)
			return with(events, i, "to", "pacific-crossing")
		}},
		{"a test passed on failed dice", "test", func() []game.Event {
			for i := range events {
				if events[i].Kind != "test" || events[i+1].Kind != "roll" || events[i+2].Kind != "test-result" || events[i+2].Data["passed"] != 1 {
					continue // a test passed on its first roll
				}
				target := toInt(events[i].Data["target"])
				dice := events[i+1].Data["dice"].([]int)
				ones := make([]int, len(dice))
				success := false
				for j, d := range dice {
					ones[j] = 1
					success = success || d >= target
				}
				if success {
					return with(events, i+1, "dice", ones)
				}
			}
			t.Fatal("no test roll with a success")
			return nil
		}},
		{"a test with a die too many", "test-dice", func() []game.Event {
			i := first("roll", testRoll)
			return with(events, i, "dice", append(append([]int(nil), events[i].Data["dice"].([]int)...), 1))
		}},
		{"fight hits miscounted", "fight", func() []game.Event {
			i := first("fight-round", func(e *game.Event) bool { return toInt(e.Data["hero_hits"]) >= 0 })
			return with(events, i, "enemy_hits", toInt(events[i].Data["enemy_hits"])+1)
		}},
		{"the wrong first player", "initiative", func() []game.Event {
			i := first("initiative", nil)
			rolls := events[i].Data["rolls"].([]int)
			low := 0
			for s, r := range rolls {
				if r < rolls[low] {
					low = s
				}
			}
			return with(events, i, "first", low)
		}},
		{"a villain search miscounted", "villain-search", func() []game.Event {
			i := first("villain-search", nil)
			return with(events, i, "successes", toInt(events[i].Data["successes"])+1)
		}},
		{"a KO's loss misread", "ko", func() []game.Event {
			i := first("ko", nil)
			return with(events, i, "loss", toInt(events[i].Data["loss"])%6+1)
		}},
		{"a new Danger faced in a cliffhanger", "cliffhanger", func() []game.Event {
			i := first("reveal", nil)
			d := first("danger", func(e *game.Event) bool { return e.Card == events[i].Card })
			return append(append(append([]game.Event(nil), events[:i+1]...), events[d]), events[i+1:]...)
		}},
		{"a move away from a cliffhanger", "cliffhanger", func() []game.Event {
			i := first("reveal", nil)
			seat := events[i].Data["seats"].([]int)[0]
			j := first("step", func(e *game.Event) bool { return e.Seat == seat })
			return append(append(append([]game.Event(nil), events[:i+1]...), events[j]), events[i+1:]...)
		}},
		{"a Danger faced from another space", "adventure", func() []game.Event {
			i := first("danger", func(e *game.Event) bool { return toInt(e.Data["site"]) >= 0 })
			seat := events[i].Data["seats"].([]int)[0]
			away := game.Event{Turn: events[i].Turn, Seat: seat, Kind: "place", Data: map[string]any{"from": "", "to": "pacific-crossing", "why": "effect"}}
			for j := i; j >= 0; j-- { // where the hero stands
				if e := events[j]; e.Seat == seat && (e.Kind == "step" || e.Kind == "place" || e.Kind == "fly") {
					away.Data["from"] = e.Data["to"]
					break
				}
			}
			return append(append(append([]game.Event(nil), events[:i]...), away), events[i:]...)
		}},
		{"a deep jungle found on failed dice", "explore", func() []game.Event {
			i := first("explore", func(e *game.Event) bool { return toInt(e.Data["found"]) == 0 })
			return with(with(events, i, "found", 1), i, "markers", 0)
		}},
		{"a deep jungle missed on a finding die", "explore", func() []game.Event {
			i := first("explore", func(e *game.Event) bool { return toInt(e.Data["found"]) == 1 })
			return with(events, i, "found", 0)
		}},
		{"a win short of the Fortune goal", "victory", func() []game.Event {
			return with(events, first("setup", nil), "fortune_goal", 99)
		}},
		{"a win by a hero not at home with its Fortune", "victory", func() []game.Event {
			i := first("end", nil)
			return with(events, i, "winner", (toInt(events[i].Data["winner"])+1)%4)
		}},
		{"the game goes on past a win", "victory", func() []game.Event {
			i := first("end", nil)
			out := append([]game.Event(nil), events[:i]...)
			return append(out, game.Event{Turn: events[i].Turn + 1, Seat: -1, Kind: "round", Data: map[string]any{"round": events[i].Turn + 1}})
		}},
		{"a fourth Gear", "carrying-limit", func() []game.Event {
			var extra []game.Event
			for _, id := range []string{"tommy-gun", "bullwhip", "lock-picks", "first-aid-kit"} {
				extra = append(extra, game.Event{Seat: 0, Kind: "card", Card: id, Data: map[string]any{"deck": "gear", "from": "deck", "to": "items:0"}})
			}
			i := first("round", nil)
			return append(append(append([]game.Event(nil), events[:i]...), extra...), events[i:]...)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := ref.Check(tt.broken())
			var rules []string
			for _, x := range v {
				rules = append(rules, x.Rule)
			}
			require.Contains(t, rules, tt.rule, "violations: %v", v)
		})
	}
}

func has(events []game.Event, kind string, pred func(e *game.Event) bool) bool {
	for i := range events {
		if events[i].Kind == kind && (pred == nil || pred(&events[i])) {
			return true
		}
	}
	return false
}

func toInt(v any) int {
	n, _ := v.(int)
	return n
}
