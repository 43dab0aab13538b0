package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/fallenland"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// fallenLand compiles the bundled Fallen Land base set and loads its
// bundled templates.
func fallenLand(t testing.TB) (*templates.Set, *table.Tables) {
	return bundledGame(t, fallenland.Module)
}

// bundledGame compiles a game's bundled base set and loads its bundled
// templates.
func bundledGame(t testing.TB, mod game.Module) (*templates.Set, *table.Tables) {
	t.Helper()
	base, ok := content.BaseOf(mod.ID())
	require.True(t, ok)
	data, err := base.Workbook()
	require.NoError(t, err)
	wb, l := compiler.ReadWorkbook("bundled:"+base.FileName(), data, compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	tb, l := compiler.Compile(mod, []*compiler.Workbook{wb}, compiler.Options{})
	require.Zero(t, l.Errors(), "the bundled %s set compiles: %v", mod.ID(), l.Items())
	set, tl := templates.Load(mod.Schema())
	require.Zero(t, tl.Errors(), "%v", tl.Items())
	return set, tb
}

// copiesOf counts the cards of a sheet (by their Count, or once each) whose
// column col holds one of vals (every row when col is "").
func copiesOf(tb *table.Tables, sheet string, byCount bool, col string, vals ...string) int {
	n := 0
	for _, r := range tb.Rows(sheet) {
		if col != "" {
			found := false
			for _, v := range vals {
				found = found || r.Str(col) == v
			}
			if !found {
				continue
			}
		}
		if byCount {
			n += r.Int("count")
		} else {
			n++
		}
	}
	return n
}

// TestExportBundledFallenLand prints the whole bundled Fallen Land set with
// no flags, as `deckwright export pdf --game fallen-land` does: every deck
// on its own pages with the page count its cards need, not one diagnostic
// (every text fits, every icon exists), each back page behind its front
// mirrored for long-edge duplex, and — with poppler installed — a title
// printed on every card.
func TestExportBundledFallenLand(t *testing.T) {
	set, tb := fallenLand(t)
	var faces []placed
	opt := DefaultOptions()
	opt.trace = func(p placed) { faces = append(faces, p) }
	var buf bytes.Buffer
	st, l, err := Export(set, tb, Output{Fronts: &buf}, opt)
	require.NoError(t, err)
	assert.Zero(t, l.Len(), "no diagnostic: %v", l.Items())

	// Pages per deck, from the tables: nine poker cards or two town mats
	// to an A4 page, each page of fronts followed by its page of backs.
	tests := []struct {
		deck    string
		cards   int
		perPage int
	}{
		{"characters", copiesOf(tb, "characters", true, ""), 9},
		{"spoils", copiesOf(tb, "spoils", true, ""), 9},
		{"actions", copiesOf(tb, "actions", true, ""), 9},
		{"plains", copiesOf(tb, "encounters", true, "deck", "plains"), 9},
		{"mountain", copiesOf(tb, "encounters", true, "deck", "mountain"), 9},
		{"city-rad", copiesOf(tb, "encounters", true, "deck", "cityrad"), 9},
		{"missions", copiesOf(tb, "missions", true, ""), 9},
		{"town-mats", copiesOf(tb, "factions", false, ""), 2},
		{"technologies", copiesOf(tb, "technologies", false, ""), 9},
		{"town-events", 6, 9},
		{"reference", 6, 9},
	}
	frontPages := map[string]map[int]bool{}
	cards := map[string]int{}
	for _, f := range faces {
		if f.back {
			continue
		}
		if frontPages[f.tpl] == nil {
			frontPages[f.tpl] = map[int]bool{}
		}
		frontPages[f.tpl][f.page] = true
		cards[f.tpl]++
	}
	pages, total := 0, 0
	for _, tc := range tests {
		t.Run(tc.deck, func(t *testing.T) {
			require.Positive(t, tc.cards, "the bundled set has %s", tc.deck)
			want := (tc.cards + tc.perPage - 1) / tc.perPage
			assert.Equal(t, tc.cards, cards[tc.deck], "cards printed")
			assert.Len(t, frontPages[tc.deck], want, "pages of fronts")
		})
		pages += 2 * ((tc.cards + tc.perPage - 1) / tc.perPage)
		total += tc.cards
	}
	assert.Equal(t, pages, st.Pages, "every deck starts a page; each front page has a back page")
	assert.Equal(t, pages, pageCount(buf.Bytes()))
	assert.Equal(t, total, st.Cards)
	assert.Len(t, cards, len(tests), "no other deck prints")

	// Each back lands behind its front under long-edge flipping.
	byPage := map[int][]placed{}
	for _, f := range faces {
		byPage[f.page] = append(byPage[f.page], f)
	}
	backs := 0
	for p := 1; p <= st.Pages; p += 2 {
		front, back := byPage[p], byPage[p+1]
		require.Len(t, back, len(front), "page %d's backs", p+1)
		for i, f := range front {
			b := back[i]
			assert.False(t, f.back)
			assert.True(t, b.back)
			assert.Equal(t, f.tpl+"/"+f.id, b.tpl+"/"+b.id, "page %d, slot %d", p, i)
			assert.InDelta(t, opt.Page.W-(f.trim.X+f.trim.W), b.trim.X, 1e-9, "%s: mirrored across the page", f.id)
			assert.InDelta(t, f.trim.Y, b.trim.Y, 1e-9, f.id)
			assert.Equal(t, f.trim.W, b.trim.W)
			backs++
		}
	}
	assert.Equal(t, total, backs, "every card has its back")

	// Every card's title prints: a word inside the title zone of every front.
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed (apt-get install poppler-utils): title check skipped")
	}
	words := pageWords(t, buf.Bytes())
	for _, f := range faces {
		if f.back {
			continue
		}
		tp := set.Find(f.tpl)
		require.NotNil(t, tp)
		title, ok := titleArea(tp)
		require.True(t, ok, "%s has a title zone", tp.Name)
		r := Rect{f.trim.X + title.X - 1, f.trim.Y + title.Y - 1, title.W + 2, title.H + 2}
		found := false
		for _, w := range words[f.page] {
			x, y := (w.xMin+w.xMax)/2*25.4/72, (w.yMin+w.yMax)/2*25.4/72
			if x >= r.X && x <= r.X+r.W && y >= r.Y && y <= r.Y+r.H && strings.TrimSpace(w.text) != "" {
				found = true
				break
			}
		}
		assert.True(t, found, "%s %s (page %d) has a title", f.tpl, f.id, f.page)
	}
}

// titleArea is the box covering a template's front zones named title, in
// millimetres from the card's corner.
func titleArea(tp *templates.Template) (Rect, bool) {
	var out Rect
	ok := false
	for _, z := range tp.Front.Zones {
		if z.Name != "title" {
			continue
		}
		r := Rect{z.At[0], z.At[1], z.At[2], z.At[3]}
		if !ok {
			out, ok = r, true
			continue
		}
		x0, y0 := min(out.X, r.X), min(out.Y, r.Y)
		x1, y1 := max(out.X+out.W, r.X+r.W), max(out.Y+out.H, r.Y+r.H)
		out = Rect{x0, y0, x1 - x0, y1 - y0}
	}
	return out, ok
}

var pageRE = regexp.MustCompile(`<page [^>]*>`)

// pageWords returns the words pdftotext finds on every page, by page
// number (1-based).
func pageWords(t *testing.T, pdf []byte) map[int][]pdfWord {
	t.Helper()
	in := filepath.Join(t.TempDir(), "in.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o644))
	out, err := exec.Command("pdftotext", "-bbox", in, "-").Output()
	require.NoError(t, err)
	res := map[int][]pdfWord{}
	for i, page := range pageRE.Split(string(out), -1)[1:] {
		for _, m := range wordRE.FindAllStringSubmatch(page, -1) {
			f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
			res[i+1] = append(res[i+1], pdfWord{m[5], f(m[1]), f(m[2]), f(m[3]), f(m[4])})
		}
	}
	return res
}
