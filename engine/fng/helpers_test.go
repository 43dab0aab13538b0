package fng

import (
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
)

var (
	bundledOnce    sync.Once
	bundledContent *Content
	bundledErr     error
)

// bundled compiles and loads the bundled base set once per test binary.
// DECKWRIGHT_WORKBOOK points at another workbook (to try sources before
// they are generated into the embedded one).
func bundled(t testing.TB) *Content {
	t.Helper()
	bundledOnce.Do(func() {
		var data []byte
		name := "base.xlsx"
		if path := os.Getenv("DECKWRIGHT_WORKBOOK"); path != "" {
			data, bundledErr = os.ReadFile(path)
			name = path
		} else {
			set, _ := content.BaseOf(GameID)
			data, bundledErr = set.Workbook()
		}
		if bundledErr != nil {
			return
		}
		wb, l := compiler.ReadWorkbook(name, data, compiler.DefaultLimits)
		if wb == nil {
			bundledErr = errorList(l)
			return
		}
		tables, l := compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{})
		if tables == nil {
			bundledErr = errorList(l)
			return
		}
		bundledContent, bundledErr = Load(tables)
	})
	require.NoError(t, bundledErr)
	return bundledContent
}

type diagError struct{ l *diag.List }

func (e diagError) Error() string {
	s := ""
	for _, d := range e.l.Items() {
		s += d.String() + "\n"
	}
	return s
}

func errorList(l *diag.List) error { return diagError{l} }

// play makes a hero play a policy from now on.
func (h *Hero) play(p Policy) { h.policy, h.dec = p, p.Decider() }

// pressing is a scripted Decider: the hero presses on after every Danger
// it overcomes (on) or always camps, whatever its bot would do; its other
// choices are its bot's.
type pressing struct {
	Decider
	on bool
}

func (p pressing) PressOn(*Game, *Hero, int, int) bool { return p.on }

// presses forces the hero's choice after each Danger it overcomes.
func (h *Hero) presses(on bool) { h.dec = pressing{h.dec, on} }

// route is where the hero's Decider heads.
func (s *scenario) route(h *Hero) int16 { return h.dec.Route(s.Game, h) }
