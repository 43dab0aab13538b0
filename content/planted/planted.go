// Package planted builds expansions of the bundled sets with planted
// defects — a card far too strong or too weak, one that can never be
// used, a Danger nobody passes, a hero or Faction out of line — and
// harmless copies of base cards under new names, so that tests can check
// the simulator's verdicts catch every defect and flag no copy.
package planted

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// Plant is one row of a planted expansion and the flag it must get: a
// kind (overpowered, underpowered, dead, impossible), or "" for a harmless
// copy, which must get none.
type Plant struct {
	Sheet string
	Row   map[string]string
	Want  string
	Like  string // the base row it was made from
}

// ID is the planted row's ID.
func (p Plant) ID() string { return p.Row["ID"] }

// Base is a game's bundled base set: its sources by sheet, to copy rows
// from, and its workbook, to build on.
type Base struct {
	mod  game.Module
	set  content.Set
	rows map[string][]map[string]string
	err  error // the first row Copy or Like could not find: Build reports it
}

// Load reads the bundled base set of a game module from its sources.
func Load(mod game.Module) (*Base, error) {
	set, ok := content.BaseOf(mod.ID())
	if !ok {
		return nil, fmt.Errorf("no bundled set for %s", mod.ID())
	}
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", filepath.FromSlash(set.Src))
	_, data, err := content.ReadSources(dir, mod.Schema())
	if err != nil {
		return nil, err
	}
	b := &Base{mod: mod, set: set, rows: map[string][]map[string]string{}}
	for _, d := range data {
		b.rows[d.Sheet] = d.Rows
	}
	return b, nil
}

// Row returns a copy of a base row's cells, by sheet and ID.
func (b *Base) Row(sheet, id string) (map[string]string, error) {
	for _, r := range b.rows[sheet] {
		if r["ID"] == id {
			out := make(map[string]string, len(r))
			for k, v := range r {
				out[k] = v
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("no %s row %q in the base set", sheet, id)
}

// IDs lists a base sheet's row IDs.
func (b *Base) IDs(sheet string) []string {
	var out []string
	for _, r := range b.rows[sheet] {
		out = append(out, r["ID"])
	}
	return out
}

// Copy is a harmless copy of a base row under a new ID and name: every
// other cell the same. A row that is not there is an error Build reports.
func (b *Base) Copy(sheet, id, newID string) Plant {
	return b.Like(sheet, id, newID, "", nil)
}

// Like is a base row changed by the given cells, under a new ID and name:
// a card or side built on a base one to make it stronger, weaker or
// broken, and the flag it must get (want). A row that is not there is an
// error Build reports.
func (b *Base) Like(sheet, id, newID, want string, cells map[string]string) Plant {
	r, err := b.Row(sheet, id)
	if err != nil {
		if b.err == nil {
			b.err = err
		}
		return Plant{Sheet: sheet, Row: map[string]string{"ID": newID}, Want: want, Like: id}
	}
	r["ID"], r["Name"] = newID, strings.ReplaceAll(newID, "-", " ")
	for k, v := range cells {
		r[k] = v
	}
	return Plant{Sheet: sheet, Row: r, Want: want, Like: id}
}

// Replace is a base row replaced by the expansion (Change = replace),
// changed by the given cells: a side that cannot be added beside the
// base ones (a Fallen Land Faction owns its town) made stronger or
// weaker. A row that is not there is an error Build reports.
func (b *Base) Replace(sheet, id, want string, cells map[string]string) Plant {
	p := b.Like(sheet, id, id, want, cells)
	if r, err := b.Row(sheet, id); err == nil {
		p.Row["Name"] = r["Name"]
	}
	p.Row["Change"] = "replace"
	return p
}

// Build compiles the base set plus an expansion (set ID expansion, file
// expansion.xlsx) holding the plants.
func (b *Base) Build(expansion string, plants []Plant) (*table.Tables, error) {
	if b.err != nil {
		return nil, b.err
	}
	data, err := b.set.Workbook()
	if err != nil {
		return nil, err
	}
	base, l := compiler.ReadWorkbook(b.set.FileName(), data, compiler.DefaultLimits)
	if base == nil {
		return nil, fmt.Errorf("base set: %v", l.Items())
	}
	bySheet := map[string][]map[string]string{}
	for _, p := range plants {
		bySheet[p.Sheet] = append(bySheet[p.Sheet], p.Row)
	}
	var sheets []compiler.SheetData
	for _, name := range sortedKeys(bySheet) {
		sheets = append(sheets, compiler.SheetData{Sheet: name, Rows: bySheet[name]})
	}
	var buf bytes.Buffer
	set := compiler.SetRow{ID: expansion, Name: "Planted " + expansion, Game: b.mod.ID(), Requires: b.set.ID}
	if err := compiler.WriteWorkbook(&buf, b.mod.Schema(), set, sheets); err != nil {
		return nil, err
	}
	exp, l := compiler.ReadWorkbook(expansion+".xlsx", buf.Bytes(), compiler.DefaultLimits)
	if exp == nil {
		return nil, fmt.Errorf("expansion: %v", l.Items())
	}
	tables, l := compiler.Compile(b.mod, []*compiler.Workbook{base, exp}, compiler.Options{})
	if tables == nil || l.Errors() > 0 {
		var msgs []string
		for _, d := range l.Items() {
			msgs = append(msgs, d.String())
		}
		return nil, fmt.Errorf("the planted expansion does not build:\n%s", strings.Join(msgs, "\n"))
	}
	return tables, nil
}

// Result is how a run judged the plants.
type Result struct {
	Defects, Caught int      // planted defects, and those flagged with their kind
	Copies, Flagged int      // harmless copies, and those flagged at all
	Missed          []string // "id: want kind, got …"
	FalseFlags      []string // "id: kind message"
	// Bystanders are the base sides (heroes, Factions) judged fine on
	// their own that played beside planted sides; BystandersFlagged, those
	// flagged there (BystanderFlags says how). Beside a far stronger side
	// every other wins less than its fair share without being any weaker,
	// which must not flag it.
	Bystanders, BystandersFlagged int
	BystanderFlags                []string
}

// Check reads a run's flags against the plants: every defect must be
// flagged with its kind (other flags may come with it), no copy at all.
func Check(rep *game.SimReport, plants []Plant) Result {
	flags := map[string][]game.Flag{}
	for _, f := range rep.Flags {
		flags[f.ID] = append(flags[f.ID], f)
	}
	var r Result
	for _, p := range plants {
		got := flags[p.ID()]
		if p.Want == "" {
			r.Copies++
			if len(got) > 0 {
				r.Flagged++
				for _, f := range got {
					r.FalseFlags = append(r.FalseFlags, fmt.Sprintf("%s: %s %s", p.ID(), f.Kind, f.Message))
				}
			}
			continue
		}
		r.Defects++
		var kinds []string
		caught := false
		for _, f := range got {
			kinds = append(kinds, f.Kind)
			caught = caught || f.Kind == p.Want
		}
		if caught {
			r.Caught++
		} else {
			r.Missed = append(r.Missed, fmt.Sprintf("%s (%s, like %s): want %s, got %v", p.ID(), p.Sheet, p.Like, p.Want, kinds))
		}
	}
	return r
}

// Beside counts the bystanders of a run: the sides judged in it that
// are not planted and that the base set's own run found fine (fine, by
// ID); a bystander counts as flagged when any of its verdicts is a flag.
func (r *Result) Beside(rep *game.SimReport, plants []Plant, fine map[string]bool) {
	planted := map[string]bool{}
	for _, p := range plants {
		planted[p.ID()] = true
	}
	seen := map[string]bool{}
	for _, v := range rep.Verdicts {
		if planted[v.ID] || !fine[v.ID] || seen[v.ID] {
			continue
		}
		seen[v.ID] = true
		r.Bystanders++
		for _, f := range rep.Flags {
			if f.ID == v.ID && f.Subject == v.Subject {
				r.BystandersFlagged++
				r.BystanderFlags = append(r.BystanderFlags, fmt.Sprintf("%s: %s %s", v.ID, f.Kind, f.Message))
				break
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Add adds another run's result: a batch's totals.
func (r *Result) Add(o Result) {
	r.Defects += o.Defects
	r.Caught += o.Caught
	r.Copies += o.Copies
	r.Flagged += o.Flagged
	r.Missed = append(r.Missed, o.Missed...)
	r.FalseFlags = append(r.FalseFlags, o.FalseFlags...)
	r.Bystanders += o.Bystanders
	r.BystandersFlagged += o.BystandersFlagged
	r.BystanderFlags = append(r.BystanderFlags, o.BystanderFlags...)
}

// String sums a batch up: detection and false-flag rates with their 95%
// intervals.
func (r Result) String() string {
	d, f := sim.Wilson(r.Caught, r.Defects), sim.Wilson(r.Flagged, r.Copies)
	return fmt.Sprintf("%d of %d planted defects flagged with their kind (%.1f%%, 95%% CI %.1f–%.1f%%); %d of %d harmless copies flagged (%.1f%%, 95%% CI %.1f–%.1f%%)",
		r.Caught, r.Defects, pct(r.Caught, r.Defects), 100*d.Low, 100*d.High, r.Flagged, r.Copies, pct(r.Flagged, r.Copies), 100*f.Low, 100*f.High) + r.beside()
}

// beside sums the bystanders up, if any.
func (r Result) beside() string {
	if r.Bystanders == 0 {
		return ""
	}
	b := sim.Wilson(r.BystandersFlagged, r.Bystanders)
	return fmt.Sprintf("; %d of %d base sides fine on their own flagged beside planted ones (%.1f%%, 95%% CI %.1f–%.1f%%)",
		r.BystandersFlagged, r.Bystanders, pct(r.BystandersFlagged, r.Bystanders), 100*b.Low, 100*b.High)
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}
