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
	total := 0
	for _, cf := range configs() {
		t.Run(cf.name, func(t *testing.T) {
			g := fng.New(c)
			for i := range perConfig {
				seed := uint64(1000 + i)
				opt := cf.opt
				opt.MaxRounds = 60
				events := trace(t, g, seed, opt)
				total++
				if v := ref.Check(events); len(v) > 0 {
					dump(events)
					t.Fatalf("seed %d: %d violations, first: %v (REFEREE_DUMP=file writes the game)", seed, len(v), v[:min(len(v), 5)])
				}
			}
		})
	}
	t.Logf("%d games refereed, 0 violations", total)
}
