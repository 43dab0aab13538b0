package export

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The visual checks render pages with poppler (Debian package
// poppler-utils, which CI installs) and look at the pixels.

func needPoppler(t *testing.T, tool string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		t.Skipf("%s is not installed (apt-get install poppler-utils): visual check skipped", tool)
	}
}

// render draws page n of a PDF at dpi and returns the image.
func render(t *testing.T, pdf []byte, n, dpi int) image.Image {
	t.Helper()
	needPoppler(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o644))
	out := filepath.Join(dir, "page")
	cmd := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-png", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), "-singlefile", in, out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", msg)
	f, err := os.Open(out + ".png")
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// px is a point of the page in millimetres, as a pixel at dpi.
func px(mm float64, dpi int) int { return int(mm * float64(dpi) / 25.4) }

func rgb(c color.Color) (int, int, int) {
	r, g, b, _ := c.RGBA()
	return int(r >> 8), int(g >> 8), int(b >> 8)
}

func near(c color.Color, r, g, b int) bool {
	cr, cg, cb := rgb(c)
	d := func(a, b int) int {
		if a > b {
			return a - b
		}
		return b - a
	}
	return d(cr, r) <= 12 && d(cg, g) <= 12 && d(cb, b) <= 12
}

// darkest returns the darkest grey level in a small square around (x, y).
func darkest(img image.Image, x, y, r int) int {
	min := 255
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			cr, cg, cb := rgb(img.At(x+dx, y+dy))
			if v := (cr + cg + cb) / 3; v < min {
				min = v
			}
		}
	}
	return min
}

func TestVisualCardsCutLinesAndTitles(t *testing.T) {
	needPoppler(t, "pdftoppm")
	paper := "#f3e6c8"
	set := toySet(t, map[string]string{"shared.yaml": regexp.MustCompile(`paper: "#ffffff"`).ReplaceAllString(toyShared, `paper: "`+paper+`"`)})
	opt := DefaultOptions()
	opt.Gutter = 4
	pdf, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(9)}), opt)
	require.Zero(t, l.Len(), "%v", l.Items())
	const dpi = 200
	img := render(t, pdf, 1, dpi)
	require.InDelta(t, px(210, dpi), img.Bounds().Dx(), 1, "an A4 page")

	g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 4, true)
	require.NoError(t, err)
	in, out := 0.6, 0.6 // mm inside and outside the cut
	for i := 0; i < 9; i++ {
		r := g.Trim(i)
		// Corners: the card's colour just inside, white paper just outside.
		for _, c := range []struct {
			x, y, sx, sy float64
			band         bool
		}{
			{r.X, r.Y, 1, 1, true}, {r.X + r.W, r.Y, -1, 1, true},
			{r.X, r.Y + r.H, 1, -1, false}, {r.X + r.W, r.Y + r.H, -1, -1, false},
		} {
			inside := img.At(px(c.x+c.sx*in, dpi), px(c.y+c.sy*in, dpi))
			if c.band {
				assert.True(t, near(inside, 0x20, 0x40, 0xa0), "card %d: band colour inside its top corner, got %v", i, inside)
			} else {
				assert.True(t, near(inside, 0xf3, 0xe6, 0xc8), "card %d: paper colour inside its bottom corner, got %v", i, inside)
			}
			outside := img.At(px(c.x-c.sx*out, dpi), px(c.y-c.sy*out, dpi))
			assert.True(t, near(outside, 255, 255, 255), "card %d: white outside its corner, got %v", i, outside)
		}
		// The title area is not blank: white letters on the band.
		white := 0
		for y := px(r.Y+3, dpi); y < px(r.Y+11, dpi); y++ {
			for x := px(r.X+4, dpi); x < px(r.X+59.5, dpi); x++ {
				if near(img.At(x, y), 255, 255, 255) {
					white++
				}
			}
		}
		assert.Greater(t, white, 200, "card %d: its title prints", i)
	}
	// Crop marks lie on the cut lines, in the margin.
	xs, ys := g.CutLines()
	top, left := g.Y0, g.X0
	for _, x := range xs {
		assert.Less(t, darkest(img, px(x, dpi), px(top-3, dpi), 2), 128, "a mark above the cut at x=%.2f", x)
		assert.Equal(t, 255, darkest(img, px(x+1.5, dpi), px(top-3, dpi), 2), "nothing beside the mark at x=%.2f", x)
	}
	// Gutters show each card's edges, so the 5.75 mm left margin keeps no
	// mark: nothing prints within 5 mm of the paper's edge.
	require.InDelta(t, 5.75, left, 1e-9)
	for _, y := range ys {
		assert.Equal(t, 255, darkest(img, px(2.5, dpi), px(y, dpi), 2), "no mark within 5 mm of the edge at y=%.2f", y)
	}
}

// pdfWord is a word pdftotext found, in points.
type pdfWord struct {
	text                   string
	xMin, yMin, xMax, yMax float64
}

var wordRE = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// words returns the words of page n of a PDF with their boxes.
func words(t *testing.T, pdf []byte, n int) []pdfWord {
	t.Helper()
	needPoppler(t, "pdftotext")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o644))
	out, err := exec.Command("pdftotext", "-bbox", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), in, "-").Output()
	require.NoError(t, err)
	var ws []pdfWord
	for _, m := range wordRE.FindAllStringSubmatch(string(out), -1) {
		f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
		ws = append(ws, pdfWord{m[5], f(m[1]), f(m[2]), f(m[3]), f(m[4])})
	}
	return ws
}

func TestVisualBackPrintsBehindItsFront(t *testing.T) {
	needPoppler(t, "pdftotext")
	set := toySet(t, nil)
	for _, d := range []Duplex{DuplexLong, DuplexShort} {
		t.Run(d.String(), func(t *testing.T) {
			opt := DefaultOptions()
			opt.Duplex = d
			pdf, _, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(7)}), opt)
			g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
			require.NoError(t, err)
			found := 0
			for _, w := range words(t, pdf, 2) {
				id, ok := strings.CutPrefix(w.text, "Bcard-")
				if !ok {
					continue
				}
				n, _ := strconv.Atoi(id)
				front := g.Trim(n - 1)
				// The front's title is centred 7 mm below the card's top.
				fx, fy := front.X+front.W/2, front.Y+7
				// Turn the sheet over: where is the front's title now?
				wantX, wantY := 210-fx, fy
				if d == DuplexShort {
					wantX, wantY = fx, 297-fy
				}
				gotX := (w.xMin + w.xMax) / 2 * 25.4 / 72
				gotY := (w.yMin + w.yMax) / 2 * 25.4 / 72
				assert.InDelta(t, wantX, gotX, 1.5, "%s: x", w.text)
				assert.InDelta(t, wantY, gotY, 2, "%s: y", w.text)
				found++
			}
			assert.Equal(t, 7, found, "every back prints")
		})
	}
}

func TestVisualFontsEmbedded(t *testing.T) {
	needPoppler(t, "pdffonts")
	set := toySet(t, nil)
	pdf, _, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(2)}), DefaultOptions())
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o644))
	out, err := exec.Command("pdffonts", in).Output()
	require.NoError(t, err)
	lines := regexp.MustCompile(`(?m)^utf8dw\S+\s+CID TrueType\s+Identity-H\s+(yes|no)`).FindAllStringSubmatch(string(out), -1)
	require.NotEmpty(t, lines, "%s", out)
	for _, l := range lines {
		assert.Equal(t, "yes", l[1], "embedded: %s", out)
	}
}
