package game

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

// LoadErrors collects what stops a module loading compiled tables into its
// engine's content, each at its cell, so that one load reports them all.
type LoadErrors []string

// Fail adds a problem at row r's column col (r nil: the workbook as a whole).
func (e *LoadErrors) Fail(r *table.Row, col, format string, args ...any) {
	where := ""
	if r != nil {
		where = r.Pos(col).String() + ": "
	}
	*e = append(*e, where+fmt.Sprintf(format, args...))
}

// Err is nil when nothing failed, or one error listing every problem.
func (e LoadErrors) Err() error {
	if len(e) == 0 {
		return nil
	}
	return fmt.Errorf("cannot load content:\n  %s", strings.Join(e, "\n  "))
}

// Load runs a module's load steps, in order, over tables of the game
// named id: it returns the content c they fill, or nil and one error
// listing every problem they recorded in e.
func Load[C any](t *table.Tables, id string, c *C, e *LoadErrors, steps ...func()) (*C, error) {
	if t.Game != id {
		return nil, fmt.Errorf("tables are for %q, not %s", t.Game, id)
	}
	for _, step := range steps {
		step()
	}
	if err := e.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// Check checks the expression in row r's column col against env: nil for
// a blank cell, or for one that does not check (the problem is recorded).
func (e *LoadErrors) Check(env *effects.Env, s *table.Symbols, r *table.Row, col string, want effects.Want) *effects.Checked {
	src := r.Str(table.Key(col))
	if src == "" {
		return nil
	}
	ck, errs := env.Check(src, want, s)
	if len(errs) > 0 {
		e.Fail(r, col, "%s", errs[0].Message)
		return nil
	}
	return ck
}

// CodeRows are the rows of a sheet whose rows are codes of a
// table.CodeSet (keywords, categories): none, and a problem at the first
// row too many, when there are more than a set holds.
func (e *LoadErrors) CodeRows(t *table.Tables, sheet, what string) []*table.Row {
	rows := t.Rows(sheet)
	if len(rows) > table.MaxCodes {
		e.Fail(rows[table.MaxCodes], "ID", "at most %d %s are supported", table.MaxCodes, what)
		return nil
	}
	return rows
}

// Sites are a module's compiled effect and condition cells in coverage
// order, and how many coverage counters they need together.
type Sites struct {
	List      []Site
	CoverSize int
}

// Bind binds a checked expression written in row r's column col as the
// next site: its counters follow those of the sites before it, and its
// runtime errors name the cell.
func Bind[H effects.Host](s *Sites, ck *effects.Checked, r *table.Row, col string) *effects.Program[H] {
	p := effects.Bind[H](ck, s.CoverSize)
	p.Where = r.Pos(col).String()
	s.CoverSize += p.CoverSize()
	s.List = append(s.List, Site{Row: r, Column: col, Base: p.CoverBase(), Branches: p.Branches, Condition: p.IsCondition()})
	return p
}
