// Package compiler turns workbooks into engine tables. It reads each
// workbook's sheets, matches headers to a game's schema, types every cell,
// merges the layers (a base set, then expansions), resolves references,
// type-checks effect expressions and runs the game's own checks —
// collecting every problem, each at its cell, in one pass.
//
// The compiler is generic: everything it knows about a game comes from the
// game.Module it is given.
package compiler

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Options tune a compile.
type Options struct {
	// Provide returns the workbook of a set that a layer requires but the
	// build does not include (the bundled base set), or false.
	Provide func(setID string) (*Workbook, bool)
	Strict  bool
	// ValuesOnly checks every value (types, ranges, references,
	// expressions) but not the game module's rules nor that the content
	// is complete (every sheet, no empty deck): for rows read back from
	// engine tables by a reader that prints them and never plays them.
	ValuesOnly bool
	// noHash leaves the tables' content hash blank: for variants that
	// are played and never written (Edit), where encoding the tables
	// twice to hash them would cost more than compiling them.
	noHash bool
}

// Compile builds engine tables from workbooks read by ReadWorkbook or
// ReadPaths. The tables are nil when the content has errors; the list
// holds every diagnostic, sorted.
func Compile(mod game.Module, wbs []*Workbook, opt Options) (*table.Tables, *diag.List) {
	c := &compiler{mod: mod, schema: mod.Schema(), opt: opt, diags: &diag.List{}}
	t := c.run(wbs)
	c.diags.Sort()
	if c.diags.Errors() > 0 {
		return nil, c.diags
	}
	return t, c.diags
}

type compiler struct {
	mod    game.Module
	schema *table.Schema
	opt    Options
	diags  *diag.List
	envs   map[string]*effects.Env
	refs   map[string]map[string]string // sheet key → folded ID or Name → ID

	// What the one pass needs to keep errors from cascading: which schema
	// sheet each workbook sheet is, and what was lost before compiling.
	sheetKeys map[sheetAt]string
	left      []*Workbook     // workbooks left out of the build (reported)
	lost      []diag.Pos      // content lost in reading (Workbook.Lost)
	missing   []string        // required sheets no layer has
	opaque    map[string]bool // sheets whose rows are not all known: a name not found there is not reported
	quiet     []diag.Pos      // cells that failed for a problem reported elsewhere
}

// sheetAt names a workbook's sheet.
type sheetAt struct{ file, sheet string }

// layer is one workbook with its Set row.
type layer struct {
	info table.Layer
	wb   *Workbook
	pos  diag.Pos // the Set sheet's row, for layer-order messages
}

// crow is a row being compiled.
type crow struct {
	row    *table.Row
	sheet  *table.Sheet
	change string
	raw    map[string]string // cell text of columns checked after merging
	refs   []pendingRef      // names inside structured cells, checked after merging
	order  [3]int            // layer, sheet in the workbook, row: which of two rows came later
	ghost  bool              // a row with no place in its sheet (no ID, or an ID used twice)
}

// pendingRef is a name found by a grammar, resolved once all layers are in.
type pendingRef struct {
	pos diag.Pos
	src string
	ref table.SymbolRef
}

func (c *compiler) run(wbs []*Workbook) *table.Tables {
	var layers []*layer
	for _, wb := range wbs {
		if l := c.readLayer(wb); l != nil {
			layers = append(layers, l)
		} else {
			c.left = append(c.left, wb)
		}
	}
	layers = c.order(layers)
	if layers == nil {
		return nil
	}
	for _, l := range layers {
		names := make([]string, len(l.wb.Sheets))
		for i, s := range l.wb.Sheets {
			names[i] = s.Name
		}
		c.diags.Order(l.wb.File, names...)
	}
	t := &table.Tables{Game: c.schema.Game}
	merged := map[string]*mergedSheet{}
	for i := range c.schema.Sheets {
		sh := &c.schema.Sheets[i]
		tb := &table.Table{Key: sh.Key(), Name: sh.Name}
		for _, col := range table.AllColumns(sh) {
			if col.Name == table.ColChange || col.Name == table.ColDisabled {
				continue
			}
			tb.Columns = append(tb.Columns, col.Key())
		}
		t.Sheets = append(t.Sheets, tb)
		merged[tb.Key] = &mergedSheet{table: tb, index: map[string]*crow{}}
	}
	c.sheetKeys = map[sheetAt]string{}
	seen := map[string]bool{}
	for i, l := range layers {
		t.Layers = append(t.Layers, l.info)
		for j, rs := range l.wb.Sheets {
			sh := c.sheetFor(l, rs)
			if sh == nil {
				continue
			}
			seen[sh.Key()] = true
			c.sheetKeys[sheetAt{l.wb.File, rs.Name}] = sh.Key()
			ms := merged[sh.Key()]
			rows := c.readRows(l, sh, rs, ms.table)
			for _, r := range rows {
				r.order = [3]int{i, j, r.row.Src.Row}
			}
			c.merge(ms, rows, i == 0)
		}
		// A sheet reading gave up on is there, but incomplete.
		for _, p := range l.wb.Lost {
			if sh := c.schema.Sheet(p.Sheet); sh != nil {
				seen[sh.Key()] = true
				c.sheetKeys[sheetAt{l.wb.File, p.Sheet}] = sh.Key()
			}
		}
		c.lost = append(c.lost, l.wb.Lost...)
	}
	for i := range c.schema.Sheets {
		sh := &c.schema.Sheets[i]
		if !sh.Optional && !seen[sh.Key()] && !c.opt.ValuesOnly {
			c.diags.Add(diag.Errorf(diag.Pos{File: layers[0].wb.File}, CodeMissingSheet, "the build has no %s sheet", sh.Name).
				WithHint("add a sheet named " + sh.Name + " (deckwright init writes one with every column)"))
			c.missing = append(c.missing, sh.Key())
		}
	}
	var all, kept []*crow
	for _, tb := range t.Sheets {
		ms := merged[tb.Key]
		for _, r := range ms.order {
			if r != nil {
				tb.Rows = append(tb.Rows, r.row)
				kept = append(kept, r)
				all = append(all, r)
			}
		}
		// Rows that lost their place (a blank or repeated ID) stay findable
		// by name, so what refers to them is not reported a second time.
		for _, r := range ms.ghosts {
			tb.Rows = append(tb.Rows, r.row)
			all = append(all, r)
		}
	}
	c.opaque = map[string]bool{}
	for _, key := range c.missing {
		c.opaque[key] = true
	}
	for _, p := range c.lost {
		if key, ok := c.sheetKeys[sheetAt{p.File, p.Sheet}]; ok && p.Row == 0 {
			c.opaque[key] = true
		}
	}
	for _, wb := range c.left {
		for _, rs := range wb.Sheets {
			if sh := c.schema.Sheet(strings.TrimSpace(rs.Name)); sh != nil {
				c.opaque[sh.Key()] = true
			}
		}
	}
	syms := table.NewSymbols(c.schema, t)
	v := game.NewValidation(t, syms, c.diags)
	v.Strict = c.opt.Strict
	c.envs = map[string]*effects.Env{}
	for _, e := range c.mod.Envs() {
		c.envs[e.Name] = e
	}
	for _, r := range all {
		c.resolve(r, t, syms, v)
	}
	c.checkIDsAcrossSheets(kept)
	// Every check runs in this one pass: the lints and the module's own
	// checks see the rows that compiled; those that did not were reported.
	v.Tables = c.compiled(t, v)
	c.lint(v)
	if !c.opt.ValuesOnly {
		c.mod.Validate(v)
	}
	if c.diags.Errors() > 0 {
		return nil
	}
	if c.opt.noHash {
		return t
	}
	if err := t.ComputeHash(); err != nil {
		c.diags.Errorf(diag.Pos{}, CodeIO, "cannot encode the tables: %v", err)
	}
	return t
}

// compiled returns the tables as the module's checks see them: only rows
// without an error at any cell. It marks the sheets that lost rows, cells or
// columns on the way (an error anywhere in the sheet, in any layer), and all
// sheets when a whole workbook was left out.
func (c *compiler) compiled(t *table.Tables, v *game.Validation) *table.Tables {
	type rowAt struct {
		sheetAt
		row int
	}
	broken := map[rowAt]bool{}
	brokenSheet := map[sheetAt]bool{} // a problem with the header: no row can be trusted
	mark := func(p diag.Pos) {
		at := sheetAt{p.File, p.Sheet}
		key, ok := c.sheetKeys[at]
		if !ok {
			return
		}
		v.MarkIncomplete(key)
		if p.Row <= 1 {
			brokenSheet[at] = true
		} else {
			broken[rowAt{at, p.Row}] = true
		}
	}
	for _, d := range c.diags.Items() {
		if d.Severity == diag.Error {
			mark(d.Pos)
		}
	}
	for _, p := range c.lost {
		mark(p)
	}
	for _, p := range c.quiet {
		mark(p)
	}
	for _, key := range c.missing {
		v.MarkIncomplete(key)
	}
	// A workbook left out may have held rows of its sheets.
	for _, wb := range c.left {
		for _, rs := range wb.Sheets {
			if sh := c.schema.Sheet(strings.TrimSpace(rs.Name)); sh != nil {
				v.MarkIncomplete(sh.Key())
			}
		}
	}
	view := &table.Tables{Format: t.Format, Version: t.Version, Game: t.Game, Layers: t.Layers}
	for _, tb := range t.Sheets {
		vt := *tb
		vt.Rows = nil
		for _, r := range tb.Rows {
			p := r.Pos("")
			at := sheetAt{p.File, p.Sheet}
			if r.ID != "" && !brokenSheet[at] && !broken[rowAt{at, p.Row}] {
				vt.Rows = append(vt.Rows, r)
			}
		}
		view.Sheets = append(view.Sheets, &vt)
	}
	return view
}

// checkIDsAcrossSheets reports an ID two sheets use: IDs name a row
// anywhere in a build (export --cards, reports, flags), so they must be
// unique across sheets as well as layers. The later row is blamed.
func (c *compiler) checkIDsAcrossSheets(rows []*crow) {
	first := map[string]*crow{}
	for _, r := range rows {
		prev, ok := first[r.row.ID]
		if !ok {
			first[r.row.ID] = r
			continue
		}
		later := r
		if later.order[0] < prev.order[0] || later.order[0] == prev.order[0] && (later.order[1] < prev.order[1] ||
			later.order[1] == prev.order[1] && later.order[2] < prev.order[2]) {
			prev, later = later, prev
			first[r.row.ID] = prev
		}
		c.diags.Add(diag.Errorf(later.row.Pos(table.ColID), CodeIDAcrossSheets, "ID %q is already used on the %s sheet (%s)", later.row.ID, prev.sheet.Name, prev.row.Pos(table.ColID)).
			WithHint("IDs are unique across every sheet and layer; rename one of them"))
	}
}

// readLayer reads a workbook's Set row.
func (c *compiler) readLayer(wb *Workbook) *layer {
	set := wb.Sheet(table.SetSheet.Name)
	at := diag.Pos{File: wb.File}
	if set == nil {
		for _, p := range wb.Lost {
			if p.Row == 0 && diag.FoldName(p.Sheet) == diag.FoldName(table.SetSheet.Name) {
				return nil // reading reported the sheet it could not read
			}
		}
		c.diags.Add(diag.Errorf(at, CodeSetSheet, "the workbook has no Set sheet").
			WithHint("add a sheet named Set with columns ID, Name, Game, Requires and one row naming this set"))
		return nil
	}
	at.Sheet = set.Name
	if len(set.Rows) < 2 {
		c.diags.Add(diag.Errorf(at, CodeSetSheet, "the Set sheet needs a header row and one row naming the set").
			WithHint("row 1: ID, Name, Game, Requires; row 2: this set"))
		return nil
	}
	cols := map[string]int{}
	for i, h := range set.Rows[0] {
		cols[table.Key(h)] = i
	}
	get := func(name string) string {
		if i, ok := cols[table.Key(name)]; ok && i < len(set.Rows[1]) {
			return strings.TrimSpace(set.Rows[1][i])
		}
		return ""
	}
	rowAt := diag.Pos{File: wb.File, Sheet: set.Name, Row: set.Nums[1]}
	cell := func(name string) diag.Pos {
		p := rowAt
		if i, ok := cols[table.Key(name)]; ok {
			p.Col = i + 1
		}
		return p
	}
	info := table.Layer{ID: get("ID"), Name: get("Name"), Requires: get("Requires"), Version: get("Version"), File: wb.File}
	// A workbook that cannot be placed in the build (no set ID, another
	// game, a control character in its Set row) is left out; one with a
	// flawed Set row is reported and built.
	for _, name := range []string{"ID", "Name", "Game", "Requires", "Version", "Author", "Description"} {
		if c.controlChar(cell(name), name, get(name)) {
			return nil
		}
	}
	if info.ID == "" {
		c.diags.Add(diag.Errorf(cell("ID"), CodeSetSheet, "the Set row has no ID").WithHint("give the set a short ID such as my-expansion"))
		return nil
	} else if !validID(info.ID) {
		example := Slug(info.ID)
		if example == "" {
			example = "my-expansion"
		}
		c.diags.Add(diag.Errorf(cell("ID"), CodeBadID, "set ID %q is not a slug", info.ID).WithHint("use lower-case letters a–z, digits and hyphens, e.g. " + example + " (the Name column may hold any text)"))
	}
	g := get("Game")
	switch {
	case g == "":
		c.diags.Add(diag.Errorf(cell("Game"), CodeSetSheet, "the Set row does not say which game it is for").WithHint("write " + c.schema.Game))
	case diag.Fold(g) != diag.Fold(c.schema.Game) && diag.Fold(g) != diag.Fold(c.mod.Title()):
		c.diags.Add(diag.Errorf(cell("Game"), CodeWrongGame, "this workbook is for %q, not %s", g, c.schema.Game).
			WithHint("every workbook of a build must be for the same game"))
		return nil
	}
	if info.Name == "" {
		info.Name = info.ID
	}
	return &layer{info: info, wb: wb, pos: rowAt}
}

// order sorts layers into one chain: the base set (no Requires) first, then
// each layer after the one it requires. Missing sets come from Provide. A
// workbook that does not fit the chain is reported and left out, and the
// rest is built, so its problems are found in the same pass.
func (c *compiler) order(layers []*layer) []*layer {
	if len(layers) == 0 {
		if c.diags.Errors() == 0 {
			c.diags.Errorf(diag.Pos{}, CodeNoWorkbooks, "no workbooks to compile")
		}
		return nil
	}
	byID := map[string]*layer{}
	var unique []*layer
	for _, l := range layers {
		if prev, dup := byID[l.info.ID]; dup {
			c.diags.Add(diag.Errorf(l.pos, CodeDupSet, "set %q is also declared by %s", l.info.ID, prev.pos).WithHint("give each workbook its own set ID"))
			c.left = append(c.left, l.wb)
			continue
		}
		byID[l.info.ID] = l
		unique = append(unique, l)
	}
	layers = unique
	// Bring in required sets that were not given (the bundled base set).
	for changed := true; changed; {
		changed = false
		for _, l := range layers {
			req := l.info.Requires
			if req == "" || byID[req] != nil || c.opt.Provide == nil {
				continue
			}
			wb, ok := c.opt.Provide(req)
			if !ok {
				continue
			}
			if nl := c.readLayer(wb); nl != nil && nl.info.ID == req {
				byID[req] = nl
				layers = append(layers, nl)
				changed = true
			}
		}
	}
	var bases []*layer
	next := map[string][]*layer{}
	for _, l := range layers {
		switch req := l.info.Requires; {
		case req == "":
			bases = append(bases, l)
		case byID[req] == nil:
			c.diags.Add(diag.Errorf(l.pos, CodeLayerOrder, "set %q requires %q, which is not in the build", l.info.ID, req).
				WithHint(hintKnown(req, byID)))
		default:
			next[req] = append(next[req], l)
		}
	}
	if len(bases) == 0 {
		for _, l := range layers {
			if c.cycles(l, byID) {
				at, cycle := findCycle(layers, l, byID)
				c.diags.Add(diag.Errorf(at, CodeLayerOrder, "no base set: the sets' Requires form a cycle: %s", cycle).WithHint("the base set's Requires must be blank"))
				break
			}
		}
		return nil
	}
	// Of two base sets, build the one the others build on.
	depth := func(l *layer) int {
		n := 0
		for seen := map[*layer]bool{}; l != nil && !seen[l]; n++ {
			seen[l] = true
			if ls := next[l.info.ID]; len(ls) > 0 {
				l = ls[0]
			} else {
				l = nil
			}
		}
		return n
	}
	base := bases[0]
	for _, b := range bases[1:] {
		if depth(b) > depth(base) {
			base = b
		}
	}
	for _, b := range bases {
		if b != base {
			c.diags.Add(diag.Errorf(b.pos, CodeLayerOrder, "two base sets: %q and %q (neither requires another set)", base.info.ID, b.info.ID).
				WithHint("an expansion's Set row must name the set it builds on in Requires"))
		}
	}
	chain := []*layer{base}
	inChain := map[*layer]bool{base: true}
	for l := base; ; {
		ls := next[l.info.ID]
		if len(ls) == 0 {
			break
		}
		for _, other := range ls[1:] {
			c.diags.Add(diag.Errorf(other.pos, CodeLayerOrder, "sets %q and %q both build directly on %q, so their order is not stated", ls[0].info.ID, other.info.ID, l.info.ID).
				WithHint(fmt.Sprintf("make one require the other: set Requires of %q to %q", other.info.ID, ls[0].info.ID)))
		}
		l = ls[0]
		if inChain[l] {
			break
		}

		chain = append(chain, l)
		inChain[l] = true
	}
	if len(chain) != len(layers) {
		for _, l := range layers {
			if !inChain[l] {
				c.left = append(c.left, l.wb)
			}
		}
		// A set whose Requires lead round in a circle, never to a base, is
		// a cycle; the others were reported above.
		for _, l := range layers {
			if !inChain[l] && c.cycles(l, byID) {
				at, cycle := findCycle(layers, l, byID)
				c.diags.Add(diag.Errorf(at, CodeLayerOrder, "the sets' Requires form a cycle: %s", cycle).
					WithHint("one of these sets must require the base set, or a set that builds on it"))
				break
			}
		}
	}
	return chain
}

// findCycle follows Requires from start until a set repeats, and returns
// the cycle as "a → b → a", starting at (and positioned on) the set of the
// cycle given first, so the message points at a workbook in the cycle.
func findCycle(layers []*layer, start *layer, byID map[string]*layer) (diag.Pos, string) {
	seen := map[*layer]int{}
	var path []*layer
	l := start
	for ; l != nil; l = byID[l.info.Requires] {
		if _, again := seen[l]; again {
			break
		}
		seen[l] = len(path)
		path = append(path, l)
	}
	if l == nil { // cannot happen when every required set is in the build
		return start.pos, start.info.ID
	}
	cycle := path[seen[l]:]
	first := 0
	for _, x := range layers {
		if i := slices.Index(cycle, x); i >= 0 {
			first = i
			break
		}
	}
	var ids []string
	for i := range len(cycle) + 1 {
		ids = append(ids, cycle[(first+i)%len(cycle)].info.ID)
	}
	return cycle[first].pos, strings.Join(ids, " → ")
}

// cycles reports whether following Requires from l comes back round.
func (c *compiler) cycles(l *layer, byID map[string]*layer) bool {
	seen := map[*layer]bool{}
	for l != nil {
		if seen[l] {
			return true
		}
		seen[l] = true
		l = byID[l.info.Requires]
	}
	return false

}

func hintKnown(req string, byID map[string]*layer) string {
	var ids []string
	for id := range byID {
		ids = append(ids, id)
	}
	if s := diag.DidYouMean(req, ids); s != "" {
		return s
	}
	return "put the workbook of set " + req + " in the project folder, or name it on the command line"
}

// sheetFor maps a workbook sheet to the schema, or nil to skip it.
func (c *compiler) sheetFor(l *layer, rs *RawSheet) *table.Sheet {
	name := strings.TrimSpace(rs.Name)
	if diag.FoldName(name) == diag.FoldName(table.SetSheet.Name) || strings.HasPrefix(name, "_") || strings.HasPrefix(name, "#") {
		return nil
	}
	sh := c.schema.Sheet(name)
	if sh == nil {
		d := diag.Warnf(diag.Pos{File: l.wb.File, Sheet: rs.Name}, CodeUnknownSheet, "sheet %q is not part of %s; it is ignored", rs.Name, c.mod.Title())
		d.Hint = diag.DidYouMean(name, c.schema.SheetNames())
		if d.Hint == "" {
			d.Hint = "start a sheet's name with _ to keep notes in the workbook without this warning"
		}
		c.diags.Add(d)
	}
	return sh
}

// header maps the sheet's header row to schema columns: column key → index.
// It returns the required columns the header lacks, for readRows to report
// when a row needs them.
func (c *compiler) header(l *layer, sh *table.Sheet, rs *RawSheet) (map[string]int, *table.Source, []table.Column) {
	at := diag.Pos{File: l.wb.File, Sheet: rs.Name}
	if len(rs.Rows) == 0 || rs.Nums[0] != 1 {
		c.diags.Add(diag.Warnf(at, CodeNoHeader, "the sheet has no header row in row 1; it is ignored").WithHint("row 1 must hold the column names"))
		return nil, nil, nil
	}
	cols := table.AllColumns(sh)
	known := map[string]*table.Column{}
	var names []string
	for i := range cols {
		col := &cols[i]
		known[diag.FoldName(col.Name)] = col
		for _, a := range col.Aliases {
			known[diag.FoldName(a)] = col
		}
		names = append(names, col.Name)
	}
	idx := map[string]int{}
	src := &table.Source{File: l.wb.File, Dir: l.wb.Dir, Sheet: rs.Name, Layer: l.info.ID, Columns: map[string]string{}}
	for i, h := range rs.Rows[0] {
		h = strings.TrimSpace(h)
		if h == "" || strings.HasPrefix(h, "_") || strings.HasPrefix(h, "#") {
			continue
		}
		p := diag.Pos{File: l.wb.File, Sheet: rs.Name, Row: 1, Col: i + 1}
		col := known[diag.FoldName(h)]
		if col == nil {
			d := diag.Warnf(p, CodeUnknownColumn, "column %q is not part of the %s sheet; it is ignored", h, sh.Name)
			d.Hint = diag.DidYouMean(h, names)
			if d.Hint == "" {
				d.Hint = "start a column's name with _ to keep notes without this warning"
			}
			c.diags.Add(d)
			continue
		}
		if prev, dup := idx[col.Key()]; dup {
			d := diag.Errorf(p, CodeDupColumn, "column %q appears twice (also in column %s)", col.Name, diag.ColumnName(prev+1))
			if first := strings.TrimSpace(rs.Rows[0][prev]); diag.FoldName(first) != diag.FoldName(h) {
				d.Message = fmt.Sprintf("column %q is another name for %q (column %s)", h, first, diag.ColumnName(prev+1))
			}
			c.diags.Add(d.WithHint("delete or rename one of them"))
			continue
		}
		idx[col.Key()] = i
		src.Columns[col.Key()] = diag.ColumnName(i + 1)
	}
	var missing []table.Column
	for _, col := range cols {
		if _, ok := idx[col.Key()]; !ok && col.Required {
			missing = append(missing, col)
		}
	}
	return idx, src, missing
}

func (c *compiler) missingColumns(l *layer, sh *table.Sheet, rs *RawSheet, missing []table.Column) {
	for _, col := range missing {
		c.diags.Add(diag.Errorf(diag.Pos{File: l.wb.File, Sheet: rs.Name}, CodeMissingColumn, "the %s sheet has no %s column", sh.Name, col.Name).WithHint(columnHelp(&col)))
	}
}

// columnHelp explains a column in a hint: "Power: dice rolled".
func columnHelp(col *table.Column) string {
	if col.Doc == "" {
		return ""
	}
	return col.Name + ": " + col.Doc
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

func validID(id string) bool { return idPattern.MatchString(id) }

// Slug suggests an ID for a name: lower-case letters and digits, words
// joined by hyphens ("Temple of the Moon" → "temple-of-the-moon").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	// Decomposed, a letter's accents are marks of their own, left out:
	// "Über" is uber, not ber.
	for _, r := range strings.ToLower(norm.NFD.String(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	return b.String()
}

// readRows types a sheet's data rows.
func (c *compiler) readRows(l *layer, sh *table.Sheet, rs *RawSheet, tb *table.Table) []*crow {
	idx, src, missing := c.header(l, sh, rs)
	if idx == nil {
		return nil
	}
	tb.Sources = append(tb.Sources, src)
	srcIndex := len(tb.Sources) - 1
	cols := table.AllColumns(sh)
	idCols := []table.Column{cols[0]}
	for _, col := range cols {
		if col.Name == table.ColChange {
			idCols = append(idCols, col)
		}
	}
	// A sheet of an expansion that only removes rows needs no more columns
	// than ID and Change; one that adds or replaces needs every required one.
	needAll := false
	defer func() {
		if needAll {
			c.missingColumns(l, sh, rs, missing)
		}
	}()
	var out []*crow
	for i := 1; i < len(rs.Rows); i++ {
		cells := rs.Rows[i]
		r := &crow{
			row:   &table.Row{Src: table.RowSrc{Source: srcIndex, Row: rs.Nums[i]}, Cells: map[string]any{}},
			sheet: sh,
			raw:   map[string]string{},
		}
		tb.BindRow(r.row)
		text := func(key string) (string, bool) {
			j, ok := idx[key]
			if !ok || j >= len(cells) {
				return "", ok
			}
			return strings.TrimSpace(cells[j]), true
		}
		if d, _ := text(table.Key(table.ColDisabled)); d != "" {
			if b, ok := parseBool(d); ok && b {
				// Kept by ID and position only: a command that names
				// it says it is disabled, not unknown.
				if id, _ := text(cols[0].Key()); id != "" {
					r.row.ID = id
					tb.Disabled = append(tb.Disabled, r.row)
				}
				continue
			}
		}
		if ch, _ := text(table.Key(table.ColChange)); rs.Hidden[rs.Nums[i]] && diag.Fold(ch) != "remove" {
			id, _ := text(cols[0].Key())
			if id == "" {
				id = "its row"
			} else {
				id = strconv.Quote(id)
			}
			c.diags.Add(diag.Warnf(diag.Pos{File: l.wb.File, Sheet: rs.Name, Row: rs.Nums[i], Col: idx[cols[0].Key()] + 1}, CodeHiddenRow,
				"row %d is hidden in the spreadsheet, but deckwright reads it: %s is in the build", rs.Nums[i], id).
				WithHint("set Disabled to TRUE to switch the row off (hiding a row only hides it from view), or unhide it"))
		}
		// A remove row's other cells are not content: they are not checked.
		rowCols := cols
		if ch, _ := text(table.Key(table.ColChange)); diag.Fold(ch) != "remove" {
			needAll = true
		} else {
			rowCols = idCols
		}
		for ci := range rowCols {
			col := &rowCols[ci]
			v, present := text(col.Key())
			if j, ok := idx[col.Key()]; ok && v == "" && rs.unreadable(rs.Nums[i], j+1) {
				continue // reading reported it: a formula without a result, a cell too long
			}
			c.cell(r, col, v, present)
		}
		r.row.ID, _ = r.row.Cells["id"].(string)
		ch, _ := r.row.Cells["change"].(string)
		r.change = ch
		delete(r.row.Cells, "change")
		delete(r.row.Cells, "disabled")
		// A row without an ID (reported as a blank required cell, or a
		// sheet without an ID column) cannot be merged, but its cells are
		// still checked and its name still found.
		r.ghost = r.row.ID == ""
		out = append(out, r)
	}
	return out
}

// cell types one cell. Kinds that need the merged content (references,
// expressions) keep their text for resolve.
func (c *compiler) cell(r *crow, col *table.Column, v string, present bool) {
	key := col.Key()
	pos := r.row.Pos(col.Name)
	if c.controlChar(pos, col.Name, v) {
		return
	}
	if v == "" {
		v = col.Default
	}
	if v == "" {
		// A required column missing from the header is reported once, by
		// header, not again in every row.
		if col.Required && present {
			hint := columnHelp(col)
			if col.Name == table.ColID {
				hint = "every row needs a unique ID; to keep a row without content, set Disabled to TRUE"
			}
			c.diags.Add(diag.Errorf(pos, CodeRequired, "%s is required", col.Name).WithHint(hint))
		}
		return
	}
	switch col.Type.Kind {
	case table.Ref, table.Effect, table.Condition:
		r.raw[key] = v
		return
	case table.List:
		if k := col.Type.Elem.Kind; k == table.Ref || k == table.Effect || k == table.Condition {
			r.raw[key] = v
			return
		}
		var items []string
		for _, it := range splitList(v) {
			if x, ok := c.scalar(r, pos, col, *col.Type.Elem, it.text, it.offset, v); ok {
				items = append(items, fmt.Sprint(x))
			}
		}
		if len(items) > 0 {
			r.row.Cells[key] = items
		}
		return
	}
	if col.Name == table.ColID && !validID(v) {
		// Reported, and kept, so what refers to the row by this ID is not
		// reported too.
		example := Slug(v)
		if example == "" { // a name in another script: nothing to transliterate
			example = Slug(r.sheet.Name) + "-" + strconv.Itoa(pos.Row)
		}
		c.diags.Add(diag.Errorf(pos, CodeBadID, "ID %q is not a slug", v).WithHint("use lower-case letters a–z, digits and hyphens, e.g. " + example + " (the Name column may hold any text)"))
		r.row.Cells[key] = v
		return
	}
	if x, ok := c.scalar(r, pos, col, col.Type, v, 0, v); ok {
		r.row.Cells[key] = x
	}
}

// controlChar reports a control character in a cell (line breaks and tabs
// are text): no card can print one, and printed raw it could take over the
// designer's terminal. It says whether there was one.
func (c *compiler) controlChar(pos diag.Pos, column, v string) bool {
	i := strings.IndexFunc(v, func(r rune) bool { return diag.IsControl(r) && r != '\n' && r != '\t' && r != '\r' })
	if i < 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(v[i:])
	c.diags.Add(diag.Errorf(pos, CodeControl, "%s holds a control character, %s, which no card can print", column, controlName(r)).
		WithSource(v, utf8.RuneCountInString(v[:i])+1).
		WithHint("delete it: it usually comes with text pasted from elsewhere (deckwright prints it escaped, as \\x1b)"))
	return true
}

// controlName names a control character: "U+001B (ESC)".
func controlName(r rune) string {
	names := map[rune]string{0: "NUL", 7: "BEL", 8: "BS", 0x0b: "VT", 0x0c: "FF", 0x1b: "ESC", 0x7f: "DEL", 0x9b: "CSI"}
	s := fmt.Sprintf("U+%04X", r)
	if n, ok := names[r]; ok {
		s += " (" + n + ")"
	}
	return s
}

type listItem struct {
	text   string
	offset int // 0-based rune offset in the cell
}

// splitList splits a comma-separated cell, keeping each item's offset.
func splitList(s string) []listItem {
	var out []listItem
	start := 0
	runes := []rune(s)
	for i := 0; i <= len(runes); i++ {
		if i == len(runes) || runes[i] == ',' || runes[i] == ';' {
			raw := string(runes[start:i])
			trimmed := strings.TrimSpace(raw)
			if trimmed != "" {
				lead := utf8.RuneCountInString(raw) - utf8.RuneCountInString(strings.TrimLeft(raw, " \t\n"))
				out = append(out, listItem{text: trimmed, offset: start + lead})
			}
			start = i + 1
		}
	}
	return out
}

// scalar types a single value. src is the whole cell text, for carets.
func (c *compiler) scalar(r *crow, pos diag.Pos, col *table.Column, t table.Type, v string, offset int, src string) (any, bool) {
	// An item of a list is pointed at with a caret, the first one too.
	inList := offset > 0 || src != v
	report := func(hint string, code diag.Code, format string, args ...any) {
		d := diag.Errorf(pos, code, format, args...).WithHint(hint)
		if inList {
			d = d.WithSource(src, offset+1)
		}
		c.diags.Add(d)
	}
	switch t.Kind {
	case table.String, table.Text:
		return v, true
	case table.Int:
		n, err := parseInt(v)
		if err != nil {
			report(numberFormatHint(v), CodeNotInt, "%s must be a whole number, not %q", col.Name, v)
			return nil, false
		}
		if t.Bounded && (n < t.Min || n > t.Max) {
			report("", CodeRange, "%s must be between %d and %d, not %d", col.Name, t.Min, t.Max, n)
			return nil, false
		}
		return n, true
	case table.Bool:
		b, ok := parseBool(v)
		if !ok {
			report("", CodeNotBool, "%s must be TRUE or FALSE, not %q", col.Name, v)
			return nil, false
		}
		return b, true
	case table.Enum:
		for _, e := range t.Values {
			if diag.Fold(e) == diag.Fold(v) {
				return e, true
			}
		}
		report(diag.DidYouMean(v, t.Values), CodeEnum, "%s must be one of %s, not %q", col.Name, strings.Join(t.Values, ", "), v)
		return nil, false
	case table.Custom:
		g, ok := c.schema.Grammars[t.Grammar]
		if !ok {
			return v, true
		}
		canon, refs, err := g.Parse(v)
		if err != nil {
			c.diags.Add(diag.Errorf(pos, CodeGrammar, "%s", err.Message).WithHint(err.Hint).WithSource(src, offset+err.Offset+1))
			return nil, false
		}
		for _, ref := range refs {
			ref.Offset += offset
			r.refs = append(r.refs, pendingRef{pos: pos, src: src, ref: ref})
		}
		return canon, true
	}
	return v, true
}

// Spreadsheets show a number through the cell's number format, and
// deckwright reads what they show: 1000 in a cell formatted #,##0 reads
// "1,000", 2 in a cell formatted as a date "1900-01-02". The designer
// typed a number; the hint names the format as the cause.
var (
	thousands = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+$`)
	asDate    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$`)
	asPercent = regexp.MustCompile(`^[+-]?[\d.,]+ ?%$`)
	asMoney   = regexp.MustCompile(`^[+-]?[$€£¥] ?[\d.,]+$|^[+-]?[\d.,]+ ?[$€£¥]$`)
)

func numberFormatHint(v string) string {
	const general = "format the cell as General (or Number) and type the number again"
	switch v = strings.TrimSpace(v); {
	case thousands.MatchString(v):
		return fmt.Sprintf("write %s, without the thousands separator; in a spreadsheet the cell's number format adds it: %s", strings.ReplaceAll(v, ",", ""), general)
	case asDate.MatchString(v):
		return "the cell is formatted as a date, so its number shows as one: " + general
	case asPercent.MatchString(v):
		return "the cell is formatted as a percentage (100% is 1): " + general
	case asMoney.MatchString(v):
		return "the cell is formatted as currency: " + general
	}
	return ""
}

func parseInt(v string) (int, error) {
	v = strings.TrimPrefix(strings.TrimSpace(v), "+")
	if n, err := strconv.Atoi(v); err == nil {
		return n, nil
	}
	// Spreadsheets store numbers as floats: accept "3.0", refuse "3.5".
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f != float64(int(f)) {
		return 0, fmt.Errorf("not a whole number")
	}
	return int(f), nil
}

func parseBool(v string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "y", "1", "x", "✓":
		return true, true
	case "false", "no", "n", "0", "":
		return false, true
	}
	return false, false
}
