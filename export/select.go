package export

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Item is one row to print with its template: a row of the build, or one
// of the template's own cards.
type Item struct {
	Template *templates.Template
	Row      *table.Row
	Card     *templates.Card
	// Copies is how many times it prints.
	Copies int
}

// ID returns the row's or card's ID.
func (it *Item) ID() string {
	if it.Card != nil {
		return it.Card.ID
	}
	return it.Row.ID
}

// Layer returns the layer the row comes from ("" for a template's own card).
func (it *Item) Layer() string {
	if it.Row != nil {
		return it.Row.Layer()
	}
	return ""
}

// pos returns the position of a field of the item: the row's cell, or the
// line of the template card's field.
func (it *Item) pos(field string) diag.Pos {
	if it.Card != nil {
		if p, ok := it.Card.Lines[field]; ok {
			return p
		}
		return it.Card.Pos
	}
	return it.Row.Pos(field)
}

// where describes the item's source for proofs: "base.xlsx:Dangers!7".
func (it *Item) where() string {
	if it.Card != nil {
		return it.Card.Pos.String()
	}
	return it.Row.Where()
}

// hash is a short content hash of the item's cells, so a printed proof can
// be matched to the content it was printed from.
func (it *Item) hash() string {
	var data []byte
	if it.Card != nil {
		data, _ = json.Marshal(it.Card.Fields)
	} else {
		data, _ = json.Marshal(it.Row.Cells) // map keys marshal sorted
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// UsageError is a problem with the options: an unknown deck, card or layer.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// Decks lists the deck names templates print, in print order.
func Decks(set *templates.Set) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range set.Templates {
		if !t.Disabled && !seen[t.Deck] {
			seen[t.Deck] = true
			out = append(out, t.Deck)
		}
	}
	return out
}

// Select returns what prints, in print order: each enabled template's rows
// (or own cards) that pass the options' filters, with their copies.
//
// Copies follow the Count column (templates with copies: count) or are one;
// a row with Count 0 prints only when --cards names it or in a proof.
// OneEach and proofs print one copy of each.
func Select(set *templates.Set, t *table.Tables, opt Options) ([]*Item, error) {
	decks, err := matchDecks(set, opt.Decks)
	if err != nil {
		return nil, err
	}
	layer, err := matchLayer(t, opt.Layer)
	if err != nil {
		return nil, err
	}
	cards := map[string]bool{}
	for _, id := range opt.Cards {
		if id = strings.TrimSpace(id); id != "" {
			cards[strings.ToLower(id)] = false
		}
	}
	proof := opt.Layout == LayoutProof
	var out []*Item
	add := func(it *Item, count int) {
		named := false
		if len(cards) > 0 {
			if _, ok := cards[strings.ToLower(it.ID())]; !ok {
				return
			}
			cards[strings.ToLower(it.ID())] = true
			named = true
		}
		switch {
		case proof:
			count = 1 // a proof shows every row, Count 0 too
		case named:
			count = max(count, 1) // a card asked for by ID prints
		}
		if opt.OneEach {
			count = min(count, 1)
		}
		if count <= 0 {
			return
		}
		it.Copies = count
		out = append(out, it)
	}
	for _, tpl := range set.Templates {
		if tpl.Disabled || (decks != nil && !decks[tpl]) {
			continue
		}
		if tpl.Sheet == "" {
			if layer != "" {
				continue
			}
			for _, c := range tpl.Cards {
				add(&Item{Template: tpl, Card: c}, c.Count)
			}
			continue
		}
		for _, row := range t.Rows(tpl.Sheet) {
			if !matches(tpl, row) || (layer != "" && row.Layer() != layer) {
				continue
			}
			n := 1
			if tpl.Copies == "count" {
				n = row.Int("count")
			}
			add(&Item{Template: tpl, Row: row}, n)
		}
	}
	var missing []string
	for id, seen := range cards {
		if !seen {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		msg := "no card has the ID " + strings.Join(quoteAll(missing), ", ")
		if len(opt.Decks) > 0 || layer != "" {
			msg += " in the decks and layer selected"
		}
		if h := diag.DidYouMean(missing[0], allIDs(set, t)); h != "" {
			msg += " (" + h + ")"
		}
		return nil, usagef("%s", msg)
	}
	return out, nil
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Quote(v)
	}
	return out
}

func allIDs(set *templates.Set, t *table.Tables) []string {
	var ids []string
	for _, tpl := range set.Templates {
		for _, c := range tpl.Cards {
			ids = append(ids, c.ID)
		}
		if tpl.Sheet != "" {
			for _, r := range t.Rows(tpl.Sheet) {
				ids = append(ids, r.ID)
			}
		}
	}
	return ids
}

// matches says whether a row passes a template's where filter.
func matches(tpl *templates.Template, row *table.Row) bool {
	for col, want := range tpl.Where {
		got := rawList(row, col)
		ok := false
		for _, g := range got {
			for _, w := range want {
				if diag.Fold(g) == diag.Fold(w) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// matchDecks resolves --deck names against the templates' decks, names
// and titles; nil means every deck.
func matchDecks(set *templates.Set, names []string) (map[*templates.Template]bool, error) {
	if len(names) == 0 {
		return nil, nil
	}
	out := map[*templates.Template]bool{}
	for _, n := range names {
		found := false
		for _, t := range set.Templates {
			if t.Disabled {
				continue
			}
			f := diag.Fold(n)
			if f == diag.Fold(t.Deck) || f == diag.Fold(t.Name) || f == diag.Fold(t.Title) {
				out[t] = true
				found = true
			}
		}
		if !found {
			decks := Decks(set)
			msg := fmt.Sprintf("no deck is called %q", n)
			if h := diag.DidYouMean(n, decks); h != "" {
				msg += ": " + h
			} else {
				msg += " (decks: " + strings.Join(decks, ", ") + ")"
			}
			return nil, usagef("%s", msg)
		}
	}
	return out, nil
}

// matchLayer resolves --layer to a layer ID.
func matchLayer(t *table.Tables, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	var ids []string
	for _, l := range t.Layers {
		if diag.Fold(l.ID) == diag.Fold(name) || diag.Fold(l.Name) == diag.Fold(name) {
			return l.ID, nil
		}
		ids = append(ids, l.ID)
	}
	msg := fmt.Sprintf("the build has no layer %q (layers: %s)", name, strings.Join(ids, ", "))
	return "", usagef("%s", msg)
}

// unprinted warns about deck sheets whose cards no template prints.
func unprinted(set *templates.Set, t *table.Tables, l *diag.List) {
	for i := range set.Schema.Sheets {
		sh := &set.Schema.Sheets[i]
		if !sh.Deck {
			continue
		}
		var first *table.Row
		n := 0
		for _, row := range t.Rows(sh.Key()) {
			if row.Int("count") == 0 {
				continue
			}
			covered := false
			for _, tpl := range set.Templates {
				if !tpl.Disabled && tpl.Sheet == sh.Key() && matches(tpl, row) {
					covered = true
					break
				}
			}
			if !covered {
				if first == nil {
					first = row
				}
				n++
			}
		}
		if n > 0 {
			l.Add(diag.Warnf(first.Pos(""), CodeNoTemplate, "%d %s row%s match no template, so the PDF leaves them out", n, sh.Name, plural(n)).
				WithHint("add a template for them to the project's templates/ folder (deckwright templates init)"))
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
