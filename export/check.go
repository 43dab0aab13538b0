package export

import (
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Check lays out one copy of every card the templates print, draws
// nothing, and returns what an export would report: text that does not
// fit (or fits only below 6 pt), characters no font prints, pictures that
// cannot be used, unknown icons and tokens, each at its cell. It is what
// `deckwright validate` adds to a build's own diagnostics, so these
// problems are found before anything is printed.
func Check(set *templates.Set, t *table.Tables) (l *diag.List) {
	l = &diag.List{}
	defer func() {
		if p := recover(); p != nil {
			l.Errorf(diag.Pos{}, CodeOverflow, "internal error while laying out the cards (please report it): %v", p)
		}
	}()
	opt := DefaultOptions()
	opt.OneEach = true
	items, err := Select(set, t, opt)
	if err != nil {
		l.Errorf(diag.Pos{}, CodeOverflow, "%v", err)
		return l
	}
	unprinted(set, t, l)
	r := newRenderer(set, t, l)
	for _, it := range items {
		size := cardSize(it.Template, opt)
		trim := Rect{0, 0, size.W, size.H}
		for _, f := range []*templates.Face{it.Template.Front, it.Template.Back} {
			r.drawFace(nopCanvas{}, it, f, trim, 0, false, "")
		}
		r.forget()
	}
	return l
}

// nopCanvas draws nothing: layout without output.
type nopCanvas struct{}

func (nopCanvas) Fill(*Path, templates.Color, bool)                              {}
func (nopCanvas) Stroke(*Path, templates.Color, Pen)                             {}
func (nopCanvas) Text(float64, float64, *Font, float64, templates.Color, string) {}
func (nopCanvas) Image(*Picture, Rect)                                           {}
func (nopCanvas) Begin(Group)                                                    {}
func (nopCanvas) End()                                                           {}
func (nopCanvas) SetAlpha(float64)                                               {}
