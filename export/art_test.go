package export

import (
	"bytes"
	"fmt"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/templates"
)

// artBox is where a bundled template prints a row's Art picture: a box in
// millimetres from the card's top-left corner at the template's size, on
// the front, the back, or both.
type artBox struct {
	front, back *Rect
}

func box(x, y, w, h float64) *Rect { return &Rect{x, y, w, h} }

// bundledArt is the spec of the bundled templates' art slots. Every
// template that prints a sheet's rows has one; a template that carries its
// own cards has no Art column.
var bundledArt = map[string]artBox{
	// Fortune and Glory: under the title band, across the card.
	"dangers":         {front: box(0, 13, 63.5, 24)},
	"enemies":         {front: box(0, 13, 63.5, 22)},
	"nazi-enemies":    {front: box(0, 13, 63.5, 22)},
	"enemy-reference": {front: box(0, 13, 63.5, 22)},
	"events":          {front: box(0, 13, 63.5, 22)},
	"city":            {front: box(0, 13, 63.5, 22)},
	"gear":            {front: box(0, 13, 63.5, 26)},
	"allies":          {front: box(0, 13, 63.5, 24)},
	"common-items":    {front: box(0, 13, 63.5, 26)},
	"artifacts":       {front: box(0, 13, 63.5, 20)},
	"adventures":      {front: box(0, 13, 63.5, 20)},
	"locations":       {front: box(0, 13, 63.5, 22)},
	"villain-events":  {front: box(0, 13, 63.5, 22)},
	"villains":        {front: box(0, 13, 63.5, 24)},
	"heroes":          {front: box(132, 66, 40, 55)},
	"organizations":   {front: box(6, 2, 20, 20)},
	"zeppelins":       {front: box(6, 26, 40, 40)},
	// Fallen Land.
	"characters":   {front: box(4, 41, 20, 30.3)},
	"spoils":       {front: box(4, 20.5, 55.5, 18)},
	"actions":      {front: box(4, 15.5, 55.5, 20)},
	"plains":       {front: box(4, 15, 17, 23)},
	"mountain":     {front: box(4, 15, 17, 23)},
	"city-rad":     {front: box(4, 15, 17, 23)},
	"missions":     {front: box(0, 0, 14, 14)},
	"technologies": {front: box(4, 15.5, 25, 19.5), back: box(4, 15.5, 25, 19.5)},
	"town-mats":    {back: box(10, 10, 80, 110)},
}

// expectedArt maps a template's art box onto a face printed at trim with
// bleed: scaled with the card, into the bleed on the sides it touches,
// turned half round with the face.
func expectedArt(b Rect, tw, th float64, f placed, bleed float64) Rect {
	sx, sy := f.trim.W/tw, f.trim.H/th
	r := Rect{f.trim.X + b.X*sx, f.trim.Y + b.Y*sy, b.W * sx, b.H * sy}
	const eps = 0.01
	if b.X <= eps {
		r.X, r.W = r.X-bleed, r.W+bleed
	}
	if b.Y <= eps {
		r.Y, r.H = r.Y-bleed, r.H+bleed
	}
	if b.X+b.W >= tw-eps {
		r.W += bleed
	}
	if b.Y+b.H >= th-eps {
		r.H += bleed
	}
	if f.turned {
		r.X = 2*(f.trim.X+f.trim.W/2) - r.X - r.W
		r.Y = 2*(f.trim.Y+f.trim.H/2) - r.Y - r.H
	}
	return r
}

func near4(a, b Rect, tol float64) bool {
	return abs(a.X-b.X) <= tol && abs(a.Y-b.Y) <= tol && abs(a.W-b.W) <= tol && abs(a.H-b.H) <= tol
}

// TestBundledTemplatesPrintArtInItsSlot fills the Art column of every row
// of both bundled sets and prints them as a designer would (sheets, and
// single cards with bleed at another size): every card of every template
// shows its picture exactly in its slot (read from the PDF's drawing
// operators), no word of text lands on a picture (read with pdftotext),
// and every text still fits.
func TestBundledTemplatesPrintArtInItsSlot(t *testing.T) {
	needPoppler(t, "pdftotext")
	pic := filepath.Join(t.TempDir(), "art", "picture.png")
	writePNG(t, pic, 300, 200, color.RGBA{40, 90, 160, 255})
	layouts := []struct {
		name string
		set  func(*Options)
	}{
		{"sheets", func(*Options) {}},
		{"single tarot bleed 3", func(o *Options) {
			o.Layout, o.Bleed = LayoutSingle, 3
			tarot, err := templates.ParseSize("tarot")
			if err != nil {
				panic(err)
			}
			o.CardSize = &tarot
		}},
	}
	for _, mod := range []game.Module{fng.Module, fallenland.Module} {
		set, tb := bundledGame(t, mod)
		rows := 0
		for _, sh := range tb.Sheets {
			for _, r := range sh.Rows {
				r.Cells["art"] = pic
				rows++
			}
		}
		require.Positive(t, rows)
		sizes := map[string][2]float64{}
		for _, tp := range set.Templates {
			sizes[tp.Name] = [2]float64{tp.Size.W, tp.Size.H}
			if tp.Sheet == "" {
				assert.NotContains(t, bundledArt, tp.Name, "%s carries its own cards: no Art column", tp.Name)
				continue
			}
			assert.Contains(t, bundledArt, tp.Name, "template %s prints the %s sheet's rows: it needs an art slot", tp.Name, tp.Sheet)
		}
		for _, lay := range layouts {
			t.Run(mod.ID()+"/"+lay.name, func(t *testing.T) {
				opt := DefaultOptions()
				lay.set(&opt)
				opt.uncompressed = true
				// A card printed in several copies is on a page several
				// times: the k-th face of a label is its k-th traced face.
				faces := map[string][]placed{}
				opt.trace = func(p placed) {
					side := " front"
					if p.back {
						side = " back"
					}
					k := fmt.Sprintf("%d %s%s", p.page, p.id, side)
					faces[k] = append(faces[k], p)
				}
				var buf bytes.Buffer
				_, l, err := Export(set, tb, Output{Fronts: &buf}, opt)
				require.NoError(t, err)
				require.Zero(t, l.Len(), "every text fits beside its picture: %v", l.Items())
				pdf := buf.Bytes()
				words := pageWords(t, pdf)
				shown := map[string]int{}
				for i, page := range readPDF(t, pdf) {
					seen := runContent(t, page)
					var pictures []Rect
					nth := map[string]int{}
					for _, fs := range seen.faces {
						k := fmt.Sprintf("%d %s", i+1, fs.label)
						require.Less(t, nth[k], len(faces[k]), "page %d: face %q was traced", i+1, fs.label)
						f := faces[k][nth[k]]
						nth[k]++
						slot := bundledArt[f.tpl].front
						if f.back {
							slot = bundledArt[f.tpl].back
						}
						if slot == nil {
							assert.Empty(t, fs.images, "page %d, %s (%s): no picture on this face", i+1, fs.label, f.tpl)
							continue
						}
						if !assert.Len(t, fs.images, 1, "page %d, %s (%s): one picture", i+1, fs.label, f.tpl) {
							continue
						}
						sz := sizes[f.tpl]
						want := expectedArt(*slot, sz[0], sz[1], f, opt.Bleed)
						im := fs.images[0]
						assert.True(t, near4(want, im.clip, 0.02), "page %d, %s (%s): the picture shows in %v, want %v", i+1, fs.label, f.tpl, im.clip, want)
						// fit: cover: the picture fills its slot.
						assert.True(t, im.drawn.X <= im.clip.X+0.01 && im.drawn.Y <= im.clip.Y+0.01 &&
							im.drawn.X+im.drawn.W >= im.clip.X+im.clip.W-0.01 && im.drawn.Y+im.drawn.H >= im.clip.Y+im.clip.H-0.01,
							"page %d, %s: the picture %v covers its slot %v", i+1, fs.label, im.drawn, im.clip)
						pictures = append(pictures, im.clip)
						shown[f.tpl]++
					}
					for _, w := range words[i+1] {
						wr := Rect{w.xMin / ptPerMM, w.yMin / ptPerMM, (w.xMax - w.xMin) / ptPerMM, (w.yMax - w.yMin) / ptPerMM}
						for _, p := range pictures {
							assert.False(t, overlaps(wr, p, 0.05), "page %d: %q at %v lands on the picture at %v", i+1, w.text, wr, p)
						}
					}
				}
				for name, b := range bundledArt {
					if _, ok := sizes[name]; ok && (b.front != nil || b.back != nil) {
						assert.Positive(t, shown[name], "%s: its cards printed their pictures", name)
					}
				}
			})
		}
	}
}

// overlaps says whether two boxes share more than tol millimetres each way.
func overlaps(a, b Rect, tol float64) bool {
	w := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
	h := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
	return w > tol && h > tol
}
