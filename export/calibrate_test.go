package export

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCalibrationSheetShowsTheOffsetToPass(t *testing.T) {
	for _, tc := range []struct {
		duplex  Duplex
		offset  [2]float64
		zeroX   string // the label of the tick where the back prints now
		centreX float64
		centreY float64
	}{
		{DuplexLong, [2]float64{0, 0}, "0", 105, 148.5},
		{DuplexShort, [2]float64{0, 0}, "0", 105, 148.5},
		{DuplexLong, [2]float64{1, -0.5}, "+1", 106, 148},
	} {
		t.Run(tc.duplex.String()+" "+tc.zeroX, func(t *testing.T) {
			opt := DefaultOptions()
			opt.Duplex, opt.BackOffset = tc.duplex, tc.offset
			pts := calibPoints(opt)
			// Behind each cross, where a card's back would be: the mirror
			// across the page for long edge, top to bottom for short edge.
			for _, p := range pts {
				wantX, wantY := 210-p.front[0], p.front[1]
				if tc.duplex == DuplexShort {
					wantX, wantY = p.front[0], 297-p.front[1]
				}
				assert.InDelta(t, wantX+tc.offset[0], p.back[0], 1e-9)
				assert.InDelta(t, wantY+tc.offset[1], p.back[1], 1e-9)
			}
			assert.InDelta(t, tc.centreX, pts[0].back[0], 1e-9)
			assert.InDelta(t, tc.centreY, pts[0].back[1], 1e-9)
			// A tick 2 mm right of where the back prints now stands for an
			// offset 2 mm larger.
			assert.Equal(t, tc.zeroX, tickLabel(tc.offset[0], 0))
			assert.Equal(t, "+3", tickLabel(1, 2))
			assert.Equal(t, "-1.5", tickLabel(0.5, -2))

			var buf bytes.Buffer
			require.NoError(t, Calibrate(&buf, opt))
			pages := readPDF(t, buf.Bytes())
			require.Len(t, pages, 2, "a front and its back")
			for _, p := range pages {
				s := runContent(t, p)
				assert.Zero(t, s.depth)
			}
			if _, err := exec.LookPath("pdftotext"); err != nil {
				return
			}
			found := false
			for _, w := range words(t, buf.Bytes(), 2) {
				if w.text != tc.zeroX {
					continue
				}
				x := (w.xMin + w.xMax) / 2 * 25.4 / 72
				y := (w.yMin + w.yMax) / 2 * 25.4 / 72
				if abs(x-pts[0].back[0]) < 0.8 && abs(y-(pts[0].back[1]+8.5)) < 2 {
					found = true
				}
			}
			assert.True(t, found, "the label %q is under the tick behind the centre cross", tc.zeroX)
		})
	}
	_, err := func() (bool, error) {
		opt := DefaultOptions()
		opt.Duplex = DuplexNone
		return false, Calibrate(&bytes.Buffer{}, opt)
	}()
	assert.ErrorContains(t, err, "needs --duplex long or short")
	for _, tc := range []struct {
		w, h float64
		ok   bool
	}{{120, 170, true}, {119.9, 170, false}, {120, 169.9, false}} {
		opt := DefaultOptions()
		opt.Page = Page{Name: "custom", W: tc.w, H: tc.h}
		err := Calibrate(&bytes.Buffer{}, opt)
		if tc.ok {
			assert.NoError(t, err, "%v×%v", tc.w, tc.h)
		} else {
			assert.ErrorContains(t, err, "--calibrate needs a page of at least 120×170 mm (A5 or larger)", "%v×%v", tc.w, tc.h)
		}
	}
	assert.True(t, strings.HasPrefix("0", tickLabel(0, 0)))
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestCalibrationWordsClearOfCrossesAndRulers reads where pdftotext finds
// the sheet's words: none may run through a cross on the front or, on the
// back, through the rulers a designer reads the offset from.
func TestCalibrationWordsClearOfCrossesAndRulers(t *testing.T) {
	needPoppler(t, "pdftotext")
	for _, page := range []string{"a4", "letter", "148x210", "120x170"} {
		for _, d := range []Duplex{DuplexLong, DuplexShort} {
			t.Run(page+" "+d.String(), func(t *testing.T) {
				opt := DefaultOptions()
				p, err := ParsePage(page)
				require.NoError(t, err)
				opt.Page, opt.Duplex, opt.BackOffset = p, d, [2]float64{1, -0.5}
				var buf bytes.Buffer
				require.NoError(t, Calibrate(&buf, opt))
				pts := calibPoints(opt)
				for side := 1; side <= 2; side++ {
					ws := words(t, buf.Bytes(), side)
					require.NotEmpty(t, ws)
					for _, w := range ws {
						if side == 2 && !strings.Contains("Duplex calibration: back", w.text) {
							continue // a ruler's own labels
						}
						wr := Rect{w.xMin / ptPerMM, w.yMin / ptPerMM, (w.xMax - w.xMin) / ptPerMM, (w.yMax - w.yMin) / ptPerMM}
						assert.LessOrEqual(t, wr.X+wr.W, p.W-5, "page %d: %q runs off the page", side, w.text)
						for _, pt := range pts {
							// A cross reaches 8 mm from its centre; a ruler
							// and its labels reach from 7 mm left and above
							// the back's point to 12 mm right and below.
							c := Rect{pt.front[0] - 8, pt.front[1] - 8, 16, 16}
							if side == 2 {
								c = Rect{pt.back[0] - 7, pt.back[1] - 7, 19, 19}
							}
							assert.False(t, overlaps(wr, c, 0), "page %d: %q at %v runs into the mark at %v", side, w.text, wr, c)
						}
					}
				}
			})
		}
	}
}
