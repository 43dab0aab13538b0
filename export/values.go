package export

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// values returns what a binding prints for an item: one string, or the
// elements of a list.
func (r *renderer) values(it *Item, path []string) []string {
	t := it.Template
	switch path[0] {
	case "@title":
		return []string{t.Title}
	case "@deck":
		return []string{t.Deck}
	case "@id":
		return []string{it.ID()}
	}
	if len(path) == 3 {
		return r.lookup(it, path)
	}
	if it.Card != nil {
		switch path[0] {
		case "id":
			return []string{it.Card.ID}
		case "count":
			return []string{strconv.Itoa(it.Card.Count)}
		}
		if v := it.Card.Fields[path[0]]; v != "" {
			return []string{r.expandField(it, v)}
		}
		return nil
	}
	switch len(path) {
	case 1:
		return r.cell(t.Sheet, it.Row, path[0])
	case 2:
		col := r.column(t.Sheet, path[0])
		if col == nil {
			return nil
		}
		target := refTarget(col.Type)
		tb := r.tables.Table(target)
		if tb == nil {
			return nil
		}
		var out []string
		for _, id := range rawList(it.Row, path[0]) {
			if row := tb.Find(id); row != nil {
				out = append(out, r.cell(target, row, path[1])...)
			}
		}
		return out
	}
	return nil
}

// lookup returns a cell of any row of the build: sheet.id.column.
func (r *renderer) lookup(it *Item, path []string) []string {
	sh := r.set.Schema.Sheet(path[0])
	if sh == nil {
		return nil
	}
	var row, off *table.Row
	if tb := r.tables.Table(sh.Key()); tb != nil {
		row, off = tb.Find(path[1]), tb.FindDisabled(path[1])
	}
	if row == nil {
		r.missingRow(it, path, off)
		return nil
	}
	return r.cell(sh.Key(), row, path[2])
}

// expandField substitutes the lookups ({{rules.gear-cost.value}}) inside a
// template card's field; fields do not nest further.
func (r *renderer) expandField(it *Item, v string) string {
	if !strings.Contains(v, "{{") {
		return v
	}
	ps, err := templates.ParseText(v)
	if err != nil {
		return v
	}
	var b strings.Builder
	for _, p := range ps {
		switch {
		case p.Bind == nil:
			b.WriteString(p.Lit)
		case len(p.Bind.Path) == 3 || strings.HasPrefix(p.Bind.Path[0], "@"):
			b.WriteString(r.bound(it, p.Bind))
		default:
			b.WriteString(p.Bind.String())
		}
	}
	return b.String()
}

// missingRow reports a lookup of a row the build lacks, once per
// template: off is the row, when the workbook has it but disabled.
func (r *renderer) missingRow(it *Item, path []string, off *table.Row) {
	k := it.Template.Name + "\x00" + strings.Join(path, ".")
	if r.reported[k] {
		return
	}
	r.reported[k] = true
	if off != nil {
		r.diags.Add(diag.Errorf(it.Template.Pos, CodeMissingRow, "template %q prints {{%s}}, but row %s of sheet %s is disabled (%s, Disabled is TRUE)",
			it.Template.Name, strings.Join(path, "."), off.ID, path[0], off.Where()).WithHint("set its Disabled to FALSE, or change the template"))
		return
	}
	r.diags.Add(diag.Errorf(it.Template.Pos, CodeMissingRow, "template %q prints {{%s}}, but sheet %s has no row %q",
		it.Template.Name, strings.Join(path, "."), path[0], path[1]).WithHint("add the row to the workbook, or change the template"))
}

// column finds a sheet's column by name, through a cache: layout asks for
// it once per value printed.
func (r *renderer) column(sheet, name string) *table.Column {
	key := columnKey{sheet, name}
	if c, ok := r.columns[key]; ok {
		return c
	}
	var out *table.Column
	if sh := r.set.Schema.Sheet(sheet); sh != nil {
		k := table.Key(name)
		for _, c := range table.AllColumns(sh) {
			if c.Key() == k {
				out = &c
				break
			}
		}
	}
	r.columns[key] = out
	return out
}

type columnKey struct{ sheet, name string }

func refTarget(t table.Type) string {
	switch {
	case t.Kind == table.Ref:
		return t.Sheet
	case t.Kind == table.List && t.Elem != nil && t.Elem.Kind == table.Ref:
		return t.Elem.Sheet
	}
	return ""
}

// rawList returns a cell as a list of strings: the elements of a list, or
// the one value.
func rawList(row *table.Row, col string) []string {
	k := table.Key(col)
	if k == "id" {
		return []string{row.ID}
	}
	switch v := row.Cells[k].(type) {
	case []string:
		return v
	case string:
		if v != "" {
			return []string{v}
		}
	case int:
		return []string{strconv.Itoa(v)}
	case bool:
		return []string{strconv.FormatBool(v)}
	}
	return nil
}

// cell formats a cell for print: references print the name of the row
// they name, numbers in digits, TRUE as "yes" (FALSE as nothing).
func (r *renderer) cell(sheet string, row *table.Row, col string) []string {
	k := table.Key(col)
	if k == "id" {
		return []string{row.ID}
	}
	c := r.column(sheet, col)
	switch v := row.Cells[k].(type) {
	case string:
		if v == "" {
			return nil
		}
		if c != nil && c.Type.Kind == table.Ref {
			return []string{r.refName(c.Type.Sheet, v)}
		}
		return []string{v}
	case int:
		return []string{strconv.Itoa(v)}
	case bool:
		if v {
			return []string{"yes"}
		}
		return nil
	case []string:
		target := ""
		if c != nil {
			target = refTarget(c.Type)
		}
		out := make([]string, 0, len(v))
		for _, e := range v {
			if target != "" {
				e = r.refName(target, e)
			}
			out = append(out, e)
		}
		return out
	}
	return nil
}

// refName returns the Name of the row with the given ID, or the ID.
func (r *renderer) refName(sheet, id string) string {
	if tb := r.tables.Table(sheet); tb != nil {
		if row := tb.Find(id); row != nil {
			if n := row.Str("name"); n != "" {
				return n
			}
		}
	}
	return id
}

// format applies a binding's filters and joins a list.
func (r *renderer) format(vals []string, filters []string) string {
	sep := ", "
	for _, f := range filters {
		if f == "dots" {
			sep = " • "
		}
	}
	s := strings.Join(vals, sep)
	for _, f := range filters {
		switch f {
		case "upper":
			s = strings.ToUpper(s)
		case "lower":
			s = strings.ToLower(s)
		case "title":
			s = titleCase(s)
		case "icons":
			s = r.iconWords(s)
		}
	}
	return s
}

func titleCase(s string) string {
	s = strings.ReplaceAll(s, "-", " ")
	rs := []rune(s)
	start := true
	for i, c := range rs {
		if unicode.IsLetter(c) {
			if start {
				rs[i] = unicode.ToUpper(c)
			}
			start = false
		} else {
			start = c == ' ' || c == '\n' || c == '/'
		}
	}
	return string(rs)
}

// iconWords puts an icon before each word that names one: "Agility 5+"
// becomes "{agility}Agility 5+".
func (r *renderer) iconWords(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if !unicode.IsLetter(rs[i]) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		w := string(rs[i:j])
		if _, ok := r.set.Icons[strings.ToLower(w)]; ok {
			b.WriteString("{" + strings.ToLower(w) + "}")
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// truthy says whether an if: or unless: condition holds for an item: its
// field is set (not blank, not 0, not FALSE), or holds one of its values.
func (r *renderer) truthy(it *Item, cond string) bool {
	c, ok := r.conds[cond]
	if !ok {
		c, _ = templates.ParseCondition(cond)
		r.conds[cond] = c
	}
	if c == nil {
		return false
	}
	if len(c.Values) == 0 {
		for _, v := range r.values(it, c.Field.Path) {
			if v != "" && v != "0" {
				return true
			}
		}
		return false
	}
	for _, v := range r.rawValues(it, c.Field.Path) {
		for _, w := range c.Values {
			if diag.Fold(v) == diag.Fold(w) {
				return true
			}
		}
	}
	return false
}

// rawValues returns a field's values as stored, not formatted for print:
// IDs, enum words, digits, true and false.
func (r *renderer) rawValues(it *Item, path []string) []string {
	switch {
	case strings.HasPrefix(path[0], "@"):
		return r.values(it, path)
	case len(path) == 3:
		sh := r.set.Schema.Sheet(path[0])
		if sh == nil {
			return nil
		}
		if tb := r.tables.Table(sh.Key()); tb != nil {
			if row := tb.Find(path[1]); row != nil {
				return rawList(row, path[2])
			}
		}
		return nil
	case it.Card != nil:
		return r.values(it, path)
	case len(path) == 1:
		return rawList(it.Row, path[0])
	}
	col := r.column(it.Template.Sheet, path[0])
	if col == nil {
		return nil
	}
	tb := r.tables.Table(refTarget(col.Type))
	if tb == nil {
		return nil
	}
	var out []string
	for _, id := range rawList(it.Row, path[0]) {
		if row := tb.Find(id); row != nil {
			out = append(out, rawList(row, path[1])...)
		}
	}
	return out
}

// bound is what a binding prints for an item: its values, filtered and
// joined; a range prints "from–to", or one value when both ends agree.
func (r *renderer) bound(it *Item, b *templates.Binding) string {
	s := r.format(r.values(it, b.Path), b.Filters)
	if b.Upto == nil {
		return s
	}
	e := r.format(r.values(it, b.Upto), b.Filters)
	switch {
	case e == "" || e == s:
		return s
	case s == "":
		return e
	}
	return s + "–" + e
}

// expand substitutes a template text's bindings for an item. It returns
// the text, the position of the cell that holds most of it (for messages
// about the text), and whether any of it comes from the item's cells.
func (r *renderer) expand(it *Item, text string) (string, diag.Pos, bool) {
	ps, err := templates.ParseText(text)
	if err != nil {
		return text, it.Template.Pos, false
	}
	var b strings.Builder
	best, pos := -1, it.Template.Pos
	cells := false
	for _, p := range ps {
		if p.Bind == nil {
			b.WriteString(p.Lit)
			continue
		}
		v := r.bound(it, p.Bind)
		b.WriteString(v)
		cells = cells || !strings.HasPrefix(p.Bind.Path[0], "@")
		if len(v) > best && len(p.Bind.Path) == 1 && !strings.HasPrefix(p.Bind.Path[0], "@") {
			best = len(v)
			pos = it.pos(p.Bind.Path[0])
		}
	}
	return b.String(), pos, cells
}
