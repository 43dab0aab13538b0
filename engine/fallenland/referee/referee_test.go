package referee

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/rng"
)

var (
	bundledOnce sync.Once
	bundled     *fallenland.Content
	bundledErr  error
)

// base loads the bundled Fallen Land set.
func base(t testing.TB) *fallenland.Content {
	t.Helper()
	bundledOnce.Do(func() {
		set, ok := content.BaseOf(fallenland.GameID)
		if !ok {
			bundledErr = fmt.Errorf("no bundled Fallen Land set")
			return
		}
		data, err := set.Workbook()
		if err != nil {
			bundledErr = err
			return
		}
		wb, l := compiler.ReadWorkbook("base.xlsx", data, compiler.DefaultLimits)
		if wb == nil {
			bundledErr = fmt.Errorf("%v", l.Items())
			return
		}
		tables, l := compiler.Compile(fallenland.Module, []*compiler.Workbook{wb}, compiler.Options{})
		if tables == nil {
			bundledErr = fmt.Errorf("%v", l.Items())
			return
		}
		bundled, bundledErr = fallenland.Load(tables)
	})
	require.NoError(t, bundledErr)
	return bundled
}

var policies = []fallenland.Policy{fallenland.Cautious, fallenland.Bold, fallenland.Random}

// gameOptions varies the games of a run: player counts 1–6, every policy
// and mixes of them, and each variant on in about half the games.
func gameOptions(i int, short bool) fallenland.Options {
	r := rng.New(uint64(i), rng.Stream("referee-options"))
	opt := fallenland.Options{Short: short, Players: 1 + r.Intn(6), MaxRounds: 100}
	mix := r.Intn(4) == 0
	pol := policies[r.Intn(3)]
	for range opt.Players {
		if mix {
			pol = policies[r.Intn(3)]
		}
		opt.Policies = append(opt.Policies, pol)
	}
	for _, name := range variantNames() {
		if r.Intn(2) == 0 {
			opt.Variants.Set(name)
		}
	}
	return opt
}

func variantNames() []string {
	var names []string
	for _, v := range fallenland.Module.(game.Simulator).SimSpec().Variants {
		names = append(names, v.Name)
	}
	sort.Strings(names)
	return names
}

// run referees games [from, from+n) of a mode, on two workers, and returns
// the games played and their violations (at most a few kept per rule).
func run(t *testing.T, n int, short bool) (games int, found map[string][]string) {
	c := base(t)
	ref := New(c)
	found = map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := fallenland.New(c)
			var log game.EventLog
			for i := w; i < n; i += 2 {
				log.Events = log.Events[:0]
				opt := gameOptions(i, short)
				seed := rng.Seed(7, i)
				_, err := g.Trace(&log, seed, opt)
				vs := ref.Check(log.Events)
				mu.Lock()
				games++
				if err != nil {
					if f, ok := err.(*fallenland.Failure); !ok || !f.Stall {
						found["engine-error"] = append(found["engine-error"], fmt.Sprintf("seed %d: %v", seed, err))
					}
				}
				for _, v := range vs {
					if len(found[v.Rule]) < 5 {
						found[v.Rule] = append(found[v.Rule], fmt.Sprintf("game %d (seed %d, %d players, variants %v): %s", i, seed, opt.Players,
							opt.Variants, v))
					} else {
						found[v.Rule] = append(found[v.Rule], "")
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return games, found
}

func report(t *testing.T, games int, found map[string][]string) {
	t.Helper()
	total := 0
	var b strings.Builder
	for rule, vs := range found {
		total += len(vs)
		fmt.Fprintf(&b, "%s: %d\n", rule, len(vs))
		for _, v := range vs {
			if v != "" {
				fmt.Fprintf(&b, "  %s\n", v)
			}
		}
	}
	t.Logf("%d games refereed, %d violations", games, total)
	assert.Zero(t, total, "violations:\n%s", b.String())
}

// TestRefereeShort referees a few hundred games of each mode, every
// policy and variant among them.
func TestRefereeShort(t *testing.T) {
	for _, short := range []bool{false, true} {
		t.Run(fmt.Sprintf("short=%v", short), func(t *testing.T) {
			games, found := run(t, 150, short)
			report(t, games, found)
		})
	}
}

// TestRefereeLong referees 10,000 games of each mode (DECKWRIGHT_LONG=1).
func TestRefereeLong(t *testing.T) {
	if os.Getenv("DECKWRIGHT_LONG") == "" {
		t.Skip("the long referee run needs DECKWRIGHT_LONG=1")
	}
	for _, short := range []bool{false, true} {
		t.Run(fmt.Sprintf("short=%v", short), func(t *testing.T) {
			games, found := run(t, 10000, short)
			report(t, games, found)
		})
	}
}
