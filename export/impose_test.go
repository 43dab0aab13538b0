package export

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGridFitsCardsOnPages(t *testing.T) {
	tests := []struct {
		name              string
		pageW, pageH      float64
		cardW, cardH      float64
		bleed, marg, gut  float64
		cols, rows        int
		firstX, firstY    float64 // trim box of slot 0
		secondX, nextRowY float64 // slot 1's x, slot cols's y
	}{
		{"poker on A4", 210, 297, 63.5, 88.9, 0, 5, 0, 3, 3, 9.75, 15.15, 73.25, 104.05},
		{"poker on Letter", 215.9, 279.4, 63.5, 88.9, 0, 5, 0, 3, 3, 12.7, 6.35, 76.2, 95.25},
		{"poker on A4 with 3 mm bleed", 210, 297, 63.5, 88.9, 3, 5, 0, 2, 3, 38.5, 9.15, 108, 104.05},
		{"poker on A4 with 2 mm gutters", 210, 297, 63.5, 88.9, 0, 5, 2, 3, 3, 7.75, 13.15, 73.25, 104.05},
		{"bridge on A4", 210, 297, 57, 89, 0, 5, 0, 3, 3, 19.5, 15, 76.5, 104},
		{"tarot on A4", 210, 297, 70, 120, 0, 5, 0, 2, 2, 35, 28.5, 105, 148.5},
		{"mini on Letter", 215.9, 279.4, 44, 67, 0, 5, 0, 4, 4, 19.95, 5.7, 63.95, 72.7},
		{"a hero sheet on A4", 210, 297, 178, 127, 0, 5, 0, 1, 2, 16, 21.5, 16, 148.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGrid(tc.pageW, tc.pageH, tc.cardW, tc.cardH, tc.bleed, tc.marg, tc.gut, false)
			require.NoError(t, err)
			assert.Equal(t, tc.cols, g.Cols, "columns")
			assert.Equal(t, tc.rows, g.Rows, "rows")
			first := g.Trim(0)
			assert.InDelta(t, tc.firstX, first.X, 1e-9)
			assert.InDelta(t, tc.firstY, first.Y, 1e-9)
			assert.Equal(t, tc.cardW, first.W)
			assert.Equal(t, tc.cardH, first.H)
			if g.Cols > 1 {
				assert.InDelta(t, tc.secondX, g.Trim(1).X, 1e-9)
			}
			assert.InDelta(t, tc.nextRowY, g.Trim(g.Cols).Y, 1e-9)
			// Every card, with its bleed, lies on the page inside the margins.
			for i := 0; i < g.PerPage(); i++ {
				r := g.Trim(i)
				assert.GreaterOrEqual(t, r.X-tc.bleed, tc.marg-1e-9)
				assert.GreaterOrEqual(t, r.Y-tc.bleed, tc.marg-1e-9)
				assert.LessOrEqual(t, r.X+r.W+tc.bleed, tc.pageW-tc.marg+1e-9)
				assert.LessOrEqual(t, r.Y+r.H+tc.bleed, tc.pageH-tc.marg+1e-9)
			}
		})
	}
}

func TestGridRefusesACardLargerThanThePage(t *testing.T) {
	_, err := NewGrid(210, 297, 300, 100, 0, 5, 0, true)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not fit")
}

func TestCutLinesAndCropMarks(t *testing.T) {
	g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
	require.NoError(t, err)
	xs, ys := g.CutLines()
	// Cards butt together: four vertical and four horizontal cuts.
	assert.InDeltaSlice(t, []float64{9.75, 73.25, 136.75, 200.25}, xs, 1e-9)
	assert.InDeltaSlice(t, []float64{15.15, 104.05, 192.95, 281.85}, ys, 1e-9)

	marks := g.CropMarks()
	// Each cut has a mark beyond both ends of the grid.
	assert.Len(t, marks, 2*len(xs)+2*len(ys))
	gridL, gridR, gridT, gridB := 9.75, 200.25, 15.15, 281.85
	for _, m := range marks {
		vertical := m.X1 == m.X2
		if vertical {
			assert.Contains(t, xs, m.X1, "a vertical mark lies on a cut line")
			outside := m.Y2 <= gridT-markGap+1e-9 || m.Y1 >= gridB+markGap-1e-9
			assert.True(t, outside, "mark %+v touches the cards", m)
		} else {
			assert.Contains(t, ys, m.Y1, "a horizontal mark lies on a cut line")
			outside := m.X2 <= gridL-markGap+1e-9 || m.X1 >= gridR+markGap-1e-9
			assert.True(t, outside, "mark %+v touches the cards", m)
		}
		assert.GreaterOrEqual(t, math.Min(m.X1, m.X2), 0.0)
		assert.GreaterOrEqual(t, math.Min(m.Y1, m.Y2), 0.0)
		assert.LessOrEqual(t, math.Max(m.X1, m.X2), 210.0)
		assert.LessOrEqual(t, math.Max(m.Y1, m.Y2), 297.0)
	}
	// The top mark of the first cut: 5 mm long, ending 1 mm above the grid.
	m := marks[0]
	assert.InDelta(t, 9.75, m.X1, 1e-9)
	assert.InDelta(t, 15.15-6, m.Y1, 1e-9)
	assert.InDelta(t, 15.15-1, m.Y2, 1e-9)
}

func TestCropMarksStayFiveMillimetresInsideThePage(t *testing.T) {
	// Letter leaves 12.7 mm above and below three rows of poker cards:
	// centred, neither side could hold a mark 5 mm inside the page, so the
	// grid moves down to the 5 mm margin and the marks go above it.
	g, err := NewGrid(215.9, 279.4, 63.5, 88.9, 0, 5, 0, true)
	require.NoError(t, err)
	assert.Equal(t, 9, g.PerPage(), "still nine cards on Letter")
	assert.InDelta(t, 7.7, g.Y0, 1e-9)
	top, bottom := 0, 0
	for _, m := range g.CropMarks() {
		if m.X1 != m.X2 {
			continue
		}
		if m.Y1 < g.Y0 {
			top++
			assert.InDelta(t, markEdge, m.Y1, 1e-9, "the mark ends 5 mm from the edge")
			assert.InDelta(t, 7.7-markGap, m.Y2, 1e-9)
		} else {
			bottom++
		}
	}
	assert.Equal(t, 4, top, "every vertical cut has a mark above the cards")
	assert.Zero(t, bottom, "no room below")

	// Without marks the grid stays centred.
	g, err = NewGrid(215.9, 279.4, 63.5, 88.9, 0, 5, 0, false)
	require.NoError(t, err)
	assert.InDelta(t, 6.35, g.Y0, 1e-9)

	// At the boundary: a margin of exactly markRoom holds a mark of the
	// shortest length; a hair less holds none.
	assert.InDelta(t, markMin, markLength(markRoom), 1e-9)
	assert.Zero(t, markLength(markRoom-0.01))
	assert.InDelta(t, markLen, markLength(40), 1e-9)
}

func TestEveryCutLineHasAMarkInsideThePage(t *testing.T) {
	sizes := [][2]float64{{63.5, 88.9}, {57, 89}, {70, 120}, {44, 67}, {178, 127}, {190, 130}}
	for _, page := range Pages {
		for _, sz := range sizes {
			for _, bleed := range []float64{0, 3} {
				for _, gutter := range []float64{0, 2} {
					for _, margin := range []float64{0, 2, 4.99, 5, 10} {
						g, err := NewGrid(page.W, page.H, sz[0], sz[1], bleed, margin, gutter, true)
						if err != nil {
							continue
						}
						name := fmt.Sprintf("%s %gx%g bleed %g gutter %g margin %g", page.Name, sz[0], sz[1], bleed, gutter, margin)
						marks := g.CropMarks()
						for _, m := range marks {
							for _, v := range []float64{m.X1, m.X2} {
								assert.GreaterOrEqual(t, v, markEdge-1e-9, name)
								assert.LessOrEqual(t, v, page.W-markEdge+1e-9, name)
							}
							for _, v := range []float64{m.Y1, m.Y2} {
								assert.GreaterOrEqual(t, v, markEdge-1e-9, name)
								assert.LessOrEqual(t, v, page.H-markEdge+1e-9, name)
							}
							// A mark never touches the cards.
							inX := math.Max(m.X1, m.X2) > g.X0 && math.Min(m.X1, m.X2) < g.X0+g.gridW()
							inY := math.Max(m.Y1, m.Y2) > g.Y0 && math.Min(m.Y1, m.Y2) < g.Y0+g.gridH()
							assert.False(t, inX && inY, "%s: mark %+v touches the cards", name, m)
						}
						if g.PerPage() == 1 || (gutter > 0 && bleed == 0) {
							continue // the cards' edges show: marks are where they fit
						}
						xs, ys := g.CutLines()
						for _, x := range xs {
							if x < markEdge || x > page.W-markEdge {
								continue // a cut the printer clips: the card is set against the edge
							}
							found := false
							for _, m := range marks {
								found = found || (m.X1 == x && m.X2 == x)
							}
							assert.True(t, found, "%s: the cut at x=%g has a mark", name, x)
						}
						for _, y := range ys {
							if y < markEdge || y > page.H-markEdge {
								continue
							}
							found := false
							for _, m := range marks {
								found = found || (m.Y1 == y && m.Y2 == y)
							}
							assert.True(t, found, "%s: the cut at y=%g has a mark", name, y)
						}
					}
				}
			}
		}
	}
	// Room for marks costs no cards on A4: nine poker cards, six with bleed.
	g, _ := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
	assert.Equal(t, 9, g.PerPage())
	g, _ = NewGrid(210, 297, 63.5, 88.9, 3, 5, 0, true)
	assert.Equal(t, 6, g.PerPage())
}

func TestBackLandsBehindItsFront(t *testing.T) {
	g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
	require.NoError(t, err)
	tests := []struct {
		name   string
		duplex Duplex
		dx, dy float64
	}{
		{"long edge", DuplexLong, 0, 0},
		{"short edge", DuplexShort, 0, 0},
		{"long edge, calibrated", DuplexLong, 0.5, -1},
		{"short edge, calibrated", DuplexShort, -0.7, 0.3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i < g.PerPage(); i++ {
				f := g.Trim(i)
				b, turned := g.Back(i, tc.duplex, tc.dx, tc.dy)
				// Turn the sheet over: the long edge flips x, the short edge y.
				fx, fy := f.X+f.W/2, f.Y+f.H/2
				bx, by := b.X+b.W/2-tc.dx, b.Y+b.H/2-tc.dy
				if tc.duplex == DuplexLong {
					assert.InDelta(t, 210-fx, bx, 1e-9, "slot %d", i)
					assert.InDelta(t, fy, by, 1e-9, "slot %d", i)
					assert.False(t, turned)
				} else {
					assert.InDelta(t, fx, bx, 1e-9, "slot %d", i)
					assert.InDelta(t, 297-fy, by, 1e-9, "slot %d", i)
					assert.True(t, turned, "short-edge backs are turned so the card's back reads upright")
				}
				assert.Equal(t, f.W, b.W)
				assert.Equal(t, f.H, b.H)
			}
		})
	}
	// The top-left card's back is top-right under long-edge flipping.
	b, _ := g.Back(0, DuplexLong, 0, 0)
	assert.Equal(t, g.Trim(2), b)
}

// A printer turns the sheet over the edge the duplex setting names, and a
// landscape page's long edge is its top: there "long edge" mirrors top to
// bottom, as "short edge" does on a portrait page.
func TestBackLandsBehindItsFrontOnLandscapeAndSquarePages(t *testing.T) {
	tests := []struct {
		name         string
		pageW, pageH float64
		duplex       Duplex
		acrossY      bool // the back is mirrored top to bottom (and turned)
	}{
		{"portrait, long edge", 210, 297, DuplexLong, false},
		{"portrait, short edge", 210, 297, DuplexShort, true},
		{"landscape, long edge", 297, 210, DuplexLong, true},
		{"landscape, short edge", 297, 210, DuplexShort, false},
		{"letter landscape, long edge", 279.4, 215.9, DuplexLong, true},
		{"square, long edge", 300, 300, DuplexLong, false},
		{"square, short edge", 300, 300, DuplexShort, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGrid(tc.pageW, tc.pageH, 63.5, 88.9, 0, 5, 0, true)
			require.NoError(t, err)
			require.Greater(t, g.Cols, 1)
			require.Greater(t, g.Rows, 1)
			for i := 0; i < g.PerPage(); i++ {
				f := g.Trim(i)
				b, turned := g.Back(i, tc.duplex, 0.5, -0.25)
				want := Rect{tc.pageW - f.X - f.W + 0.5, f.Y - 0.25, f.W, f.H}
				if tc.acrossY {
					want = Rect{f.X + 0.5, tc.pageH - f.Y - f.H - 0.25, f.W, f.H}
				}
				assert.InDelta(t, want.X, b.X, 1e-9, "slot %d x", i)
				assert.InDelta(t, want.Y, b.Y, 1e-9, "slot %d y", i)
				assert.Equal(t, f.W, b.W)
				assert.Equal(t, tc.acrossY, turned, "slot %d", i)
			}
			// The first card's back: top-right when the sheet turns left to
			// right, bottom-left when it turns top to bottom.
			b, _ := g.Back(0, tc.duplex, 0, 0)
			last := g.Cols - 1
			if tc.acrossY {
				last = (g.Rows - 1) * g.Cols
			}
			assert.InDelta(t, g.Trim(last).X, b.X, 1e-9)
			assert.InDelta(t, g.Trim(last).Y, b.Y, 1e-9)
		})
	}
}
