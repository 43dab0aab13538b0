package fallenland

import (
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

var (
	bundledOnce    sync.Once
	bundledContent *Content
	bundledTables  *table.Tables
	bundledErr     error
)

// bundled compiles and loads the bundled base set once per test binary.
// DECKWRIGHT_FL_WORKBOOK points at another workbook (to try sources before
// they are generated into the embedded one).
func bundled(t testing.TB) *Content {
	t.Helper()
	bundledOnce.Do(func() {
		var data []byte
		name := "base.xlsx"
		if path := os.Getenv("DECKWRIGHT_FL_WORKBOOK"); path != "" {
			data, bundledErr = os.ReadFile(path)
			name = path
		} else {
			set, _ := content.BaseOf(GameID)
			data, bundledErr = set.Workbook()
		}
		if bundledErr != nil {
			return
		}
		bundledTables, bundledErr = compileWorkbook(name, data)
		if bundledErr != nil {
			return
		}
		bundledContent, bundledErr = Load(bundledTables)
	})
	require.NoError(t, bundledErr)
	return bundledContent
}

func compileWorkbook(name string, data []byte) (*table.Tables, error) {
	wb, l := compiler.ReadWorkbook(name, data, compiler.DefaultLimits)
	if wb == nil {
		return nil, diagError{l}
	}
	tables, l := compiler.Compile(Module, []*compiler.Workbook{wb}, compiler.Options{})
	if tables == nil {
		return nil, diagError{l}
	}
	return tables, nil
}

type diagError struct{ l *diag.List }

func (e diagError) Error() string {
	s := ""
	for _, d := range e.l.Items() {
		s += d.String() + "\n"
	}
	return s
}
