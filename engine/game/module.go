// Package game is the contract between deckwright's generic machinery
// (compiler, CLI, exporters, sim runner) and a game module such as Fortune
// and Glory. A module declares its workbook schema and effect environments
// and checks what only it understands; it is added without touching the
// generic code.
package game

import (
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// Module is one game.
type Module interface {
	// ID is the game's identifier, as written in a workbook's Set sheet.
	ID() string
	// Title is the game's name for people.
	Title() string
	// Schema is the workbook format.
	Schema() *table.Schema
	// Envs are the effect environments the schema's effect columns name.
	Envs() []*effects.Env
	// Validate checks the merged content for what only the game knows
	// (the map is connected, a start city is a city) and adds lints.
	Validate(v *Validation)
}

// Base answers the Module methods that only describe a game, the same way
// for every game: ID and Title are its schema's, and Envs builds each of
// its effect environments (a module makes them once, on first use, with
// sync.OnceValue). A module embeds a Base and writes Validate; a Simulator
// adds SimSpec and Prepare.
type Base struct {
	schema *table.Schema
	envs   []func() *effects.Env
}

// NewBase describes a game by its schema and effect environments.
func NewBase(s *table.Schema, envs ...func() *effects.Env) Base {
	return Base{schema: s, envs: envs}
}

// ID is the schema's game identifier.
func (b Base) ID() string { return b.schema.Game }

// Title is the schema's name of the game.
func (b Base) Title() string { return b.schema.Title }

// Schema is the game's workbook format.
func (b Base) Schema() *table.Schema { return b.schema }

// Envs are the game's effect environments.
func (b Base) Envs() []*effects.Env {
	out := make([]*effects.Env, len(b.envs))
	for i, env := range b.envs {
		out[i] = env()
	}
	return out
}

// Validation is what a module's Validate works on.
//
// Validate runs even when the generic checks found errors, so a designer
// sees every problem in one pass. Tables then holds only the rows that
// compiled cleanly (every cell typed, every reference resolved); a row a
// check finds by reference may be missing, and a check must skip it rather
// than report it again. Checks over a whole sheet (a chart covers 1–10, the
// map is connected, a deck is not empty) run only when Complete says no row
// of the sheet was lost.
type Validation struct {
	Tables *table.Tables
	// All holds every row, those that did not compile too (without the
	// cells that failed): for checks that ask whether anything mentions a
	// row, such as "a keyword no card uses".
	All     *table.Tables
	Symbols *table.Symbols
	Diags   *diag.List
	// Strict is set when the user asked for warnings to fail the build;
	// modules need not act on it.
	Strict     bool
	effects    map[*table.Row]map[string]*effects.Checked
	incomplete map[string]bool
}

// NewValidation prepares a validation of the given tables.
func NewValidation(t *table.Tables, s *table.Symbols, l *diag.List) *Validation {
	return &Validation{Tables: t, All: t, Symbols: s, Diags: l, effects: map[*table.Row]map[string]*effects.Checked{}}
}

// MarkIncomplete records that a sheet lost rows or cells to errors already
// reported (the compiler calls it).
func (v *Validation) MarkIncomplete(sheet string) {
	if v.incomplete == nil {
		v.incomplete = map[string]bool{}
	}
	v.incomplete[table.Key(sheet)] = true
}

// Complete reports whether every row of the named sheets (of every sheet,
// with none named) compiled: a check over the whole of a sheet runs only
// then, so one broken row is not reported a second time as a gap.
func (v *Validation) Complete(sheets ...string) bool {
	if len(sheets) == 0 {
		return len(v.incomplete) == 0
	}
	for _, s := range sheets {
		if v.incomplete[table.Key(s)] {
			return false
		}
	}
	return true
}

// SetEffect records a row's checked expression, for the module to inspect.
func (v *Validation) SetEffect(r *table.Row, column string, c *effects.Checked) {
	m := v.effects[r]
	if m == nil {
		m = map[string]*effects.Checked{}
		v.effects[r] = m
	}
	m[column] = c
}

// Effect returns a row's checked expression in the given column, or nil
// when the cell is blank or did not check.
func (v *Validation) Effect(r *table.Row, column string) *effects.Checked {
	return v.effects[r][table.Key(column)]
}

// Errorf reports an error at a row's cell. One with a hint is built whole
// and added: v.Diags.Add(diag.Errorf(r.Pos(column), …).WithHint(…)).
func (v *Validation) Errorf(r *table.Row, column string, code diag.Code, format string, args ...any) {
	v.Diags.Errorf(r.Pos(column), code, format, args...)
}

// Warnf reports a warning at a row's cell, as Errorf does.
func (v *Validation) Warnf(r *table.Row, column string, code diag.Code, format string, args ...any) {
	v.Diags.Warnf(r.Pos(column), code, format, args...)
}

// Env returns the module's environment with the given name, or nil.
func Env(m Module, name string) *effects.Env {
	for _, e := range m.Envs() {
		if e.Name == name {
			return e
		}
	}
	return nil
}
