package compiler

import (
	"strings"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// resolve checks what needs the merged content: references, names inside
// structured cells, and expressions.
func (c *compiler) resolve(r *crow, t *table.Tables, syms *table.Symbols, v *game.Validation) {
	for _, col := range r.sheet.Columns {
		key := col.Key()
		text, ok := r.raw[key]
		if !ok {
			continue
		}
		pos := r.row.Pos(col.Name)
		switch col.Type.Kind {
		case table.Ref:
			if id, ok := c.ref(pos, col.Type.Sheet, text, 0, text, t); ok {
				r.row.Cells[key] = id
			}
		case table.List:
			var ids []string
			for _, it := range splitList(text) {
				if id, ok := c.ref(pos, col.Type.Elem.Sheet, it.text, it.offset, text, t); ok {
					ids = append(ids, id)
				}
			}
			if len(ids) > 0 {
				r.row.Cells[key] = ids
			}
		case table.Effect, table.Condition:
			want := effects.AnyResult
			if col.Type.Kind == table.Condition {
				want = effects.BoolResult
			}
			env := c.envs[col.Type.Env]
			if env == nil {
				c.diags.Errorf(pos, CodeEffectType, "internal: the game declares no effect environment %q", col.Type.Env)
				continue
			}
			ck, errs := env.Check(text, want, syms)
			for _, e := range errs {
				if e.Domain != "" && c.opaque[c.domainSheet(e.Domain)] {
					c.quiet = append(c.quiet, pos)
					continue
				}
				code := CodeEffectType
				if e.Syntax {
					code = CodeEffectSyntax
				}
				c.diags.Add(diag.Errorf(pos, code, "%s", e.Message).WithHint(e.Hint).WithSource(text, e.Offset))
			}
			if ck != nil {
				r.row.Cells[key] = text
				v.SetEffect(r.row, key, ck)
			}
		}
	}
	for _, p := range r.refs {
		if _, ok := syms.Resolve(p.ref.Domain, p.ref.Name); ok {
			continue
		}
		if c.opaque[c.domainSheet(p.ref.Domain)] {
			c.quiet = append(c.quiet, p.pos)
			continue
		}
		hint := diag.DidYouMean(p.ref.Name, syms.Names(p.ref.Domain))
		if hint == "" {
			if names := syms.Names(p.ref.Domain); len(names) > 0 && len(names) <= 12 {
				hint = "one of: " + strings.Join(names, ", ")
			}
		}
		c.diags.Add(diag.Errorf(p.pos, CodeUnknownSymbol, "unknown %s %s", p.ref.Domain, quote(p.ref.Name)).
			WithHint(hint).WithSource(p.src, p.ref.Offset+1))
	}
}

func quote(s string) string { return `"` + s + `"` }

// domainSheet is the sheet whose rows a symbol domain names, or "".
func (c *compiler) domainSheet(domain string) string {
	for _, d := range c.schema.Domains {
		if d.Name == domain {
			return d.Sheet
		}
	}
	return ""
}

// refIndex maps a merged sheet's folded IDs and Names to IDs, built once:
// references are resolved against it instead of scanning the rows.
func (c *compiler) refIndex(tb *table.Table) map[string]string {
	if idx, ok := c.refs[tb.Key]; ok {
		return idx
	}
	idx := make(map[string]string, 2*len(tb.Rows))
	for _, row := range tb.Rows { // an ID wins over another row's Name
		if k := diag.Fold(row.ID); k != "" {
			if _, dup := idx[k]; !dup {
				idx[k] = row.ID
			}
		}
	}
	for _, row := range tb.Rows {
		if k := diag.Fold(row.Str("name")); k != "" {
			if _, dup := idx[k]; !dup {
				idx[k] = row.ID
			}
		}
	}
	if c.refs == nil {
		c.refs = map[string]map[string]string{}
	}
	c.refs[tb.Key] = idx
	return idx
}

// disabledRow returns the disabled row of tb whose ID is name, or nil.
func disabledRow(tb *table.Table, name string) *table.Row {
	if tb == nil {
		return nil
	}
	for _, r := range tb.Disabled {
		if diag.Fold(r.ID) == diag.Fold(name) {
			return r
		}
	}
	return nil
}

// ref resolves a reference by ID or Name to the row's ID.
func (c *compiler) ref(pos diag.Pos, sheet, name string, offset int, src string, t *table.Tables) (string, bool) {
	tb := t.Table(sheet)
	if tb != nil {
		if id, ok := c.refIndex(tb)[diag.Fold(name)]; ok {
			return id, true
		}
	}
	if c.opaque[sheet] {
		// The sheet's rows are not all known (it is missing, cut short or
		// in a workbook left out): that was reported.
		c.quiet = append(c.quiet, pos)
		return "", false
	}
	var cands []string
	sheetName := sheet
	if tb != nil {
		sheetName = tb.Name
		for _, row := range tb.Rows {
			cands = append(cands, row.ID)
		}
	}
	d := diag.Errorf(pos, CodeUnknownRef, "no %s row is called %s", sheetName, quote(name)).WithHint(diag.DidYouMean(name, cands))
	if r := disabledRow(tb, name); r != nil {
		// Not unknown, and not to be corrected to another row.
		d = diag.Errorf(pos, CodeUnknownRef, "the %s row %s is disabled (%s, Disabled is TRUE)", sheetName, r.ID, r.Where()).
			WithHint("set its Disabled to FALSE, or name another row")
	}
	if offset > 0 || src != name {
		d = d.WithSource(src, offset+1)
	}
	c.diags.Add(d)
	return "", false
}

// lint adds warnings every game gets: card rows with no print text,
// duplicated names, and errors for decks with no cards. It sees the rows
// that compiled, like the module's checks.
func (c *compiler) lint(v *game.Validation) {
	t := v.Tables
	for i := range c.schema.Sheets {
		sh := &c.schema.Sheets[i]
		tb := t.Table(sh.Key())
		var printCols []string
		for _, col := range sh.Columns {
			if col.Print {
				printCols = append(printCols, col.Key())
			}
		}
		byName := map[string]*table.Row{}
		copies := 0
		for _, r := range tb.Rows {
			if sh.Deck {
				copies += r.Int("count")
			}
			if len(printCols) > 0 && sh.Deck && r.Int("count") > 0 {
				blank := true
				for _, k := range printCols {
					blank = blank && !r.Has(k)
				}
				if blank {
					c.diags.Add(diag.Warnf(r.Pos(printCols[0]), CodeNoPrintText, "card %q has no text for players", r.ID).
						WithHint("fill " + strings.Join(printColumnNames(sh), " or ") + " so the printed card says what it does"))
				}
			}
			name := diag.Fold(r.Str("name"))
			if prev, dup := byName[name]; dup && (!sh.Deck || sameContent(prev, r)) {
				hint := "players tell rows apart by name; rename one"
				if sh.Deck {
					hint = "the two cards are identical: remove one and raise Count"
				}
				c.diags.Add(diag.Warnf(r.Pos(table.ColName), CodeDupName, "%q has the same name as %s", r.Str("name"), prev.Pos(table.ColName)).WithHint(hint))
				continue
			}
			byName[name] = r
		}
		if sh.Deck && !sh.Optional && copies == 0 && !c.opt.ValuesOnly && v.Complete(sh.Key()) {
			c.diags.Add(diag.Errorf(diag.Pos{File: t.Layers[0].File, Sheet: sh.Name}, CodeEmptyDeck, "the %s deck has no cards", sh.Name).
				WithHint("add rows with Count of at least 1"))
		}
	}
}

func printColumnNames(sh *table.Sheet) []string {
	var out []string
	for _, col := range sh.Columns {
		if col.Print {
			out = append(out, col.Name)
		}
	}
	return out
}

// sameContent reports whether two rows agree on every cell but the ID.
func sameContent(a, b *table.Row) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	for k, va := range a.Cells {
		if k == "id" {
			continue
		}
		vb, ok := b.Cells[k]
		if !ok || !equalCell(va, vb) {
			return false
		}
	}
	return true
}

func equalCell(a, b any) bool {
	la, aok := a.([]string)
	lb, bok := b.([]string)
	if aok || bok {
		return aok && bok && strings.Join(la, "\x00") == strings.Join(lb, "\x00")
	}
	return a == b
}
