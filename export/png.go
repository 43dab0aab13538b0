package export

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Raster options.
const (
	DefaultDPI = 300
	MinDPI     = 50
	MaxDPI     = 1200
)

// faceRaster renders one face of an item: the card at trim size plus bleed
// on every side, at dpi. The pixel size is the card's size rounded to
// whole pixels (poker at 300 dpi: 750×1050; with 3.175 mm bleed 825×1125).
func (r *renderer) faceRaster(it *Item, face *templates.Face, size templates.Size, dpi, bleed float64, pics *pictureCache) *image.RGBA {
	w := max(1, int(math.Round((size.W+2*bleed)*dpi/25.4)))
	h := max(1, int(math.Round((size.H+2*bleed)*dpi/25.4)))
	kx, ky := float64(w)/(size.W+2*bleed), float64(h)/(size.H+2*bleed)
	c := newRaster(w, h, Affine{A: kx, D: ky, E: bleed * kx, F: bleed * ky}, pics)
	r.drawFace(c, it, face, Rect{0, 0, size.W, size.H}, bleed, false, "")
	return c.img
}

// Face is one rendered card face.
type Face struct {
	Item  *Item
	Back  bool
	Name  string // file name: the card's ID and side, "rope-bridge-front.png"
	Image *image.RGBA
}

// Images renders one image per face of every selected card (one per
// distinct card, not per copy), front then back, in print order, at dpi
// with the options' bleed, and hands each to emit. Content problems are
// diagnostics, as for the PDF.
func Images(set *templates.Set, t *table.Tables, opt Options, dpi float64, emit func(Face) error) (st *Stats, l *diag.List, err error) {
	l = &diag.List{}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while rendering (please report it): %v", p)
		}
	}()
	if err := checkRaster(opt, dpi); err != nil {
		return nil, l, err
	}
	opt.OneEach = true
	items, err := Select(set, t, opt)
	if err != nil {
		return nil, l, err
	}
	if len(items) == 0 {
		return nil, l, usagef("nothing to render: no card matches the options")
	}
	r := newRenderer(set, t, l)
	pics := newPictureCache()
	st = &Stats{}
	names := map[string]bool{}
	total := 0
	for _, it := range items {
		total++
		if it.Template.Back != nil {
			total++
		}
	}
	for _, it := range items {
		size := cardSize(it.Template, opt)
		base := fileSafe(it.ID())
		if names[base] {
			base = fileSafe(it.Template.Deck) + "-" + base
		}
		names[base] = true
		st.Cards++
		for i, f := range []*templates.Face{it.Template.Front, it.Template.Back} {
			if f == nil {
				continue
			}
			side := [...]string{"front", "back"}[i]
			img := r.faceRaster(it, f, size, dpi, opt.Bleed, pics)
			if err := emit(Face{Item: it, Back: i == 1, Name: base + "-" + side + ".png", Image: img}); err != nil {
				return st, l, err
			}
			st.Faces++
			if opt.Progress != nil {
				opt.Progress(st.Faces, total)
			}
		}
		r.forget()
	}
	return st, l, nil
}

// checkRaster checks the options of an image export.
func checkRaster(opt Options, dpi float64) error {
	if err := opt.check(); err != nil {
		return err
	}
	if dpi < MinDPI || dpi > MaxDPI {
		return usagef("--dpi must be from %d to %d, not %s", MinDPI, MaxDPI, num(dpi))
	}
	return nil
}

// fileSafe keeps a name to the characters every file system accepts.
func fileSafe(s string) string {
	out := []rune{}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			out = append(out, r)
		default:
			out = append(out, '_')
		}
	}
	if len(out) == 0 || out[0] == '.' {
		out = append([]rune{'_'}, out...)
	}
	return string(out)
}

// EncodePNG writes a card's image as a PNG file that says its resolution (a
// pHYs chunk, in pixels a metre): without it, image editors and print
// shops' upload checks read 72 dpi, and a 750×1050 poker card as 10×15
// inches.
func EncodePNG(img image.Image, dpi float64) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	// The chunk follows IHDR: the 8-byte signature, then IHDR's length,
	// type, 13 bytes and checksum.
	const afterIHDR = 8 + 4 + 4 + 13 + 4
	ppm := uint32(math.Round(dpi / 0.0254))
	chunk := make([]byte, 0, 21)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // the unit: the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(data)+len(chunk))
	out = append(out, data[:afterIHDR]...)
	out = append(out, chunk...)
	return append(out, data[afterIHDR:]...), nil
}
