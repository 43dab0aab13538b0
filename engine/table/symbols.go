package table

import "github.com/deckwright/deckwright/engine/diag"

// Symbols resolves names used inside cells (keywords, enemies, decks) to
// codes: the index of the word in a static domain, or of the row among the
// domain's rows. The compiler and the engine build it from the same tables,
// so codes agree. It implements effects.Symbols.
type Symbols struct {
	domains map[string]*symDomain
}

type symDomain struct {
	names []string       // display names, in code order
	index map[string]int // folded ID or name → code
}

// NewSymbols indexes the schema's domains over the tables' rows.
func NewSymbols(s *Schema, t *Tables) *Symbols {
	sy := &Symbols{domains: map[string]*symDomain{}}
	for _, d := range s.Domains {
		sd := &symDomain{index: map[string]int{}}
		add := func(id, name string) {
			code := len(sd.names)
			sd.names = append(sd.names, name)
			for _, k := range []string{id, name} {
				if k == "" {
					continue
				}
				if _, dup := sd.index[diag.Fold(k)]; !dup {
					sd.index[diag.Fold(k)] = code
				}
			}
		}
		if d.Sheet == "" {
			for _, w := range d.Static {
				add("", w)
			}
		} else if t != nil {
			for _, r := range t.Rows(d.Sheet) {
				if d.WhereColumn != "" && diag.Fold(r.Str(d.WhereColumn)) != diag.Fold(d.WhereValue) {
					continue
				}
				add(r.ID, r.Str("name"))
			}
		}
		sy.domains[d.Name] = sd
	}
	return sy
}

// Resolve returns the code of name in domain.
func (s *Symbols) Resolve(domain, name string) (int, bool) {
	d, ok := s.domains[domain]
	if !ok {
		return 0, false
	}
	code, ok := d.index[diag.Fold(name)]
	return code, ok
}

// Names lists the domain's names in code order.
func (s *Symbols) Names(domain string) []string {
	if d, ok := s.domains[domain]; ok {
		return d.names
	}
	return nil
}

// Name returns the display name for a code, or "".
func (s *Symbols) Name(domain string, code int) string {
	if d, ok := s.domains[domain]; ok && code >= 0 && code < len(d.names) {
		return d.names[code]
	}
	return ""
}
