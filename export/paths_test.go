package export

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games"
)

// maxNesting is the deepest q nesting a page may reach. Acrobat documents
// 28 as its limit; a face is one group, a clipped picture or coloured text
// one more, the library's image and text operators one more.
const maxNesting = 4

// TestEveryPDFPathIsValid exports both bundled games on every layout,
// duplex and page size, reads each page's content stream as a RIP would,
// and checks that the graphics state is balanced on every page, that it
// never nests deeply, that every face is drawn inside its card, and that
// each back lands exactly behind its front when the sheet is turned.
func TestEveryPDFPathIsValid(t *testing.T) {
	type path struct {
		layout   Layout
		duplex   Duplex
		page     Page
		separate bool
	}
	var paths []path
	for _, pg := range Pages {
		for _, d := range []Duplex{DuplexLong, DuplexShort, DuplexNone} {
			paths = append(paths, path{LayoutSheets, d, pg, false})
		}
		paths = append(paths, path{LayoutProof, DuplexLong, pg, false})
	}
	for _, d := range []Duplex{DuplexLong, DuplexNone} { // single refuses short: its faces print upright
		paths = append(paths, path{LayoutSingle, d, Pages[0], false})
	}
	paths = append(paths, path{LayoutSheets, DuplexLong, Pages[0], true}, path{LayoutSingle, DuplexLong, Pages[0], true})
	for _, mod := range game.Modules() {
		set, tb := bundledGame(t, mod)
		for _, p := range paths {
			name := fmt.Sprintf("%s/%s/%s/%s", mod.ID(), [...]string{"sheets", "single", "proof"}[p.layout], p.duplex, p.page.Name)
			if p.separate {
				name += "/separate"
			}
			t.Run(name, func(t *testing.T) {
				opt := testOptions() // uncompressed: the same operators, read faster
				opt.Layout, opt.Duplex, opt.Page = p.layout, p.duplex, p.page
				if p.layout == LayoutSingle {
					opt.Bleed = 3
				}
				if p.layout != LayoutSheets || p.page.Name != "a4" {
					opt.OneEach = true // the same pages, fewer of them
				}
				var fronts, backs bytes.Buffer
				out := Output{Fronts: &fronts}
				if p.separate {
					out.Backs = &backs
				}
				st, _, err := Export(set, tb, out, opt)
				require.NoError(t, err)
				pages := readPDF(t, fronts.Bytes())
				require.Len(t, pages, st.Pages)
				var seen []pageSeen
				for i, pg := range pages {
					s := runContent(t, pg)
					require.False(t, s.negative, "page %d: a Q without its q", i+1)
					require.Zero(t, s.depth, "page %d: every q has its Q", i+1)
					require.Zero(t, s.marked, "page %d: every BDC has its EMC", i+1)
					require.LessOrEqual(t, s.maxDepth, maxNesting, "page %d", i+1)
					for _, f := range s.faces {
						require.NotEqual(t, Rect{}, f.clip, "page %d: %s is clipped to its card", i+1, f.label)
						for _, tp := range f.text {
							assert.True(t, inside(tp, f.clip, 1), "page %d: text of %s at %.1f,%.1f lies outside its card %+v", i+1, f.label, tp[0], tp[1], f.clip)
						}
					}
					seen = append(seen, s)
				}
				var backPages []pageSeen
				switch {
				case p.separate:
					bp := readPDF(t, backs.Bytes())
					require.Len(t, bp, st.BackPages)
					for _, pg := range bp {
						s := runContent(t, pg)
						require.Zero(t, s.depth)
						require.LessOrEqual(t, s.maxDepth, maxNesting)
						backPages = append(backPages, s)
					}
				case p.layout == LayoutProof || p.duplex == DuplexNone:
				default:
					var frontPages []pageSeen
					for i := 0; i < len(seen); i += 2 {
						frontPages = append(frontPages, seen[i])
						backPages = append(backPages, seen[i+1])
					}
					seen = frontPages
				}
				if backPages == nil {
					return
				}
				require.Len(t, backPages, len(seen))
				var pw, ph float64
				checked := 0
				for i := range seen {
					// Pair each back with its front: the k-th back of a card
					// on a page is behind the k-th front of it (a face
					// without a back, such as a hero sheet, has none).
					fronts := map[string][]faceSeen{}
					for _, f := range seen[i].faces {
						fronts[f.label] = append(fronts[f.label], f)
					}
					used := map[string]int{}
					for _, b := range backPages[i].faces {
						id, ok := strings.CutSuffix(b.label, " back")
						require.True(t, ok, "page pair %d: %s is a back", i+1, b.label)
						k := used[id]
						used[id]++
						require.Less(t, k, len(fronts[id+" front"]), "page pair %d: %s has its front on the page before", i+1, b.label)
						f := fronts[id+" front"][k]
						want, turned := f.clip, false
						if p.layout == LayoutSheets {
							pw, ph = pages[0].w/ptPerMM, pages[0].h/ptPerMM
							want, turned = mirror(f.clip, pw, ph, p.duplex, 0, 0)
						}
						assert.InDelta(t, want.X, b.clip.X, 0.02, "%s: x", b.label)
						assert.InDelta(t, want.Y, b.clip.Y, 0.02, "%s: y", b.label)
						assert.InDelta(t, want.W, b.clip.W, 0.02, "%s: width", b.label)
						assert.InDelta(t, want.H, b.clip.H, 0.02, "%s: height", b.label)
						assert.Equal(t, turned, b.turned, "%s: turned half round for short-edge duplex", b.label)
						assert.False(t, f.turned, f.label)
						checked++
					}
				}
				assert.Positive(t, checked)
			})
		}
	}
}

// inside says whether a point lies in a rectangle, give or take tol mm.
func inside(p [2]float64, r Rect, tol float64) bool {
	return p[0] >= r.X-tol && p[0] <= r.X+r.W+tol && p[1] >= r.Y-tol && p[1] <= r.Y+r.H+tol
}

// TestPDFsPassQPDF checks exports of both games with qpdf, as a print shop
// would.
func TestPDFsPassQPDF(t *testing.T) {
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Skip("qpdf is not installed (apt-get install qpdf): check skipped")
	}
	for _, mod := range game.Modules() {
		set, tb := bundledGame(t, mod)
		for _, d := range []Duplex{DuplexLong, DuplexShort} {
			t.Run(mod.ID()+"/"+d.String(), func(t *testing.T) {
				opt := DefaultOptions()
				opt.Duplex = d
				var buf bytes.Buffer
				_, _, err := Export(set, tb, Output{Fronts: &buf}, opt)
				require.NoError(t, err)
				in := filepath.Join(t.TempDir(), "cards.pdf")
				require.NoError(t, os.WriteFile(in, buf.Bytes(), 0o644))
				out, err := exec.Command("qpdf", "--check", in).CombinedOutput()
				require.NoError(t, err, "%s", out)
				assert.Contains(t, string(out), "No syntax or stream encoding errors found")
			})
		}
	}
}
