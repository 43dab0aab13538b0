package export

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/fng"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/templates"
)

// imageDiff compares two images over their common area: the mean absolute
// difference of a channel (0–255) and the share of pixels whose largest
// channel difference is over 64.
func imageDiff(a, b image.Image) (mean, bad float64) {
	w := min(a.Bounds().Dx(), b.Bounds().Dx())
	h := min(a.Bounds().Dy(), b.Bounds().Dy())
	sum, n, far := 0.0, 0, 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1 := rgb(a.At(a.Bounds().Min.X+x, a.Bounds().Min.Y+y))
			r2, g2, b2 := rgb(b.At(b.Bounds().Min.X+x, b.Bounds().Min.Y+y))
			d := []float64{math.Abs(float64(r1 - r2)), math.Abs(float64(g1 - g2)), math.Abs(float64(b1 - b2))}
			sum += d[0] + d[1] + d[2]
			n += 3
			if math.Max(d[0], math.Max(d[1], d[2])) > 64 {
				far++
			}
		}
	}
	return sum / float64(n), float64(far) / float64(w*h)
}

// TestPNGMatchesThePDF renders cards of both games as PNG and compares
// each with poppler's render of the same card's PDF page (one card a page,
// with bleed) at the same resolution: the images come from one layout.
func TestPNGMatchesThePDF(t *testing.T) {
	needPoppler(t, "pdftoppm")
	const dpi = 150
	for _, tc := range []struct {
		mod   game.Module
		cards []string
	}{
		{fng.Module, []string{"ancient-puzzle", "boat-chase-falls"}},
		{fallenland.Module, []string{"marcus-hale"}},
	} {
		set, tb := bundledGame(t, tc.mod)
		opt := DefaultOptions()
		opt.Cards = tc.cards
		opt.Bleed = 3
		var faces []Face
		_, l, err := Images(set, tb, opt, dpi, func(f Face) error { faces = append(faces, f); return nil })
		require.NoError(t, err)
		require.Zero(t, l.Errors(), "%v", l.Items())
		opt.Layout = LayoutSingle
		opt.OneEach = true
		var buf bytes.Buffer
		_, _, err = Export(set, tb, Output{Fronts: &buf}, opt)
		require.NoError(t, err)
		require.Len(t, faces, 2*len(tc.cards))
		for i, f := range faces {
			t.Run(f.Name, func(t *testing.T) {
				want := render(t, buf.Bytes(), i+1, dpi)
				assert.InDelta(t, want.Bounds().Dx(), f.Image.Bounds().Dx(), 1, "the same size")
				assert.InDelta(t, want.Bounds().Dy(), f.Image.Bounds().Dy(), 1)
				mean, bad := imageDiff(want, f.Image)
				t.Logf("%s: mean difference %.2f, %.2f%% of pixels differ by more than 64", f.Name, mean, bad*100)
				if dir := os.Getenv("DECKWRIGHT_PNG_DIR"); dir != "" {
					var out bytes.Buffer
					require.NoError(t, png.Encode(&out, f.Image))
					require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), out.Bytes(), 0o644))
				}
				assert.Less(t, mean, 3.0, "on average, a channel within 3 of 255")
				assert.Less(t, bad, 0.02, "fewer than 2% of pixels far apart (the edges of letters)")
			})
		}
	}
}

// TestPNGShopSizes: the pixel sizes print shops ask for, from the bleed
// the help names for each (poker cards at 300 dpi).
func TestPNGShopSizes(t *testing.T) {
	set, tb := bundledGame(t, fng.Module)
	for _, tc := range []struct {
		shop  string
		bleed float64
		w, h  int
	}{
		{"no bleed", 0, 750, 1050},
		{"The Game Crafter (1/8 in)", 3.175, 825, 1125},
		{"MakePlayingCards (0.12 in)", 3.048, 822, 1122},
		{"3 mm, one pixel short of MakePlayingCards", 3, 821, 1121},
	} {
		t.Run(tc.shop, func(t *testing.T) {
			opt := DefaultOptions()
			opt.Cards = []string{"ancient-puzzle"}
			opt.Bleed = tc.bleed
			var sizes [][2]int
			_, _, err := Images(set, tb, opt, DefaultDPI, func(f Face) error {
				sizes = append(sizes, [2]int{f.Image.Bounds().Dx(), f.Image.Bounds().Dy()})
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, [][2]int{{tc.w, tc.h}, {tc.w, tc.h}}, sizes, "front and back")
		})
	}
}

// A card's PNG says its resolution, so an image editor or a print shop's
// upload check reads 300 dpi (not 72): a pHYs chunk, in pixels a metre,
// right after the header, and the picture itself unchanged.
func TestEncodePNGSaysItsResolution(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 30, 42))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	for _, tc := range []struct {
		dpi float64
		ppm uint32
	}{{300, 11811}, {600, 23622}, {72, 2835}, {50, 1969}, {1200, 47244}} {
		t.Run(num(tc.dpi), func(t *testing.T) {
			data, err := EncodePNG(img, tc.dpi)
			require.NoError(t, err)
			// After the signature and IHDR (8 + 25 bytes): length 9, pHYs,
			// x and y pixels a metre, unit 1 (the metre).
			require.Equal(t, "pHYs", string(data[37:41]))
			assert.Equal(t, uint32(9), binary.BigEndian.Uint32(data[33:]))
			assert.Equal(t, tc.ppm, binary.BigEndian.Uint32(data[41:]))
			assert.Equal(t, tc.ppm, binary.BigEndian.Uint32(data[45:]))
			assert.Equal(t, byte(1), data[49])
			assert.Equal(t, crc32.ChecksumIEEE(data[37:50]), binary.BigEndian.Uint32(data[50:]))
			back, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			assert.Equal(t, img.Bounds(), back.Bounds())
			assert.Equal(t, img.RGBAAt(17, 23), color.RGBAModel.Convert(back.At(17, 23)))
			_, err = templates.CheckImage("card.png", data)
			assert.NoError(t, err, "whole, every chunk's checksum right")
		})
	}
}
