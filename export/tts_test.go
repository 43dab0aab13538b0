package export

import (
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/engine/fng"
)

// ttsFiles runs a TTS export of the toy cards and returns its files by name.
func ttsFiles(t *testing.T, rows []toyRow) map[string]TTSFile {
	t.Helper()
	set := toySet(t, nil)
	files := map[string]TTSFile{}
	_, l, err := TTS(set, toyTables(map[string][]toyRow{"cards": rows}), DefaultOptions(), TTSOptions{URL: "https://example.org/x/", DPI: 100},
		func(f TTSFile) error { files[f.Name] = f; return nil })
	require.NoError(t, err)
	require.Zero(t, l.Errors(), "%v", l.Items())
	return files
}

// save reads a saved object the way Tabletop Simulator does: the fields it
// uses to build decks.
type save struct {
	ObjectStates []struct {
		Name       string
		Nickname   string
		CardID     int
		DeckIDs    []int
		CustomDeck map[string]struct {
			FaceURL, BackURL    string
			NumWidth, NumHeight int
			BackIsHidden        bool
			UniqueBack          bool
		}
		ContainedObjects []struct {
			Name     string
			Nickname string
			CardID   int
		}
		Transform struct{ RotZ float64 }
	}
}

func readSave(t *testing.T, f TTSFile) save {
	t.Helper()
	var s save
	require.NoError(t, json.Unmarshal(f.JSON, &s))
	return s
}

func TestTTSDecks(t *testing.T) {
	rows := toyCards(3)
	rows[1]["count"] = 2
	rows = append(rows, toyRow{"id": "lone", "name": "Lone", "deck": "blue"})
	files := ttsFiles(t, rows)
	var names []string
	for n := range files {
		names = append(names, n)
	}
	assert.ElementsMatch(t, []string{"red-1.png", "red-backs-1.png", "red.json", "blue-1.png", "blue-back.png", "blue.json", "toy.json"}, names)

	// Red cards have their own backs (B + the ID): a sheet of backs, and
	// the hidden card is not any back.
	red := readSave(t, files["red.json"])
	require.Len(t, red.ObjectStates, 1)
	deck := red.ObjectStates[0]
	assert.Equal(t, "DeckCustom", deck.Name)
	assert.Equal(t, "Red Cards", deck.Nickname)
	assert.Equal(t, []int{100, 101, 101, 102}, deck.DeckIDs, "as many copies as the Count")
	require.Len(t, deck.ContainedObjects, 4)
	assert.Equal(t, "Card 2", deck.ContainedObjects[2].Nickname)
	assert.Equal(t, 101, deck.ContainedObjects[2].CardID)
	assert.Equal(t, 180.0, deck.Transform.RotZ, "face down")
	cd := deck.CustomDeck["1"]
	assert.Equal(t, "https://example.org/x/red-1.png", cd.FaceURL)
	assert.Equal(t, "https://example.org/x/red-backs-1.png", cd.BackURL)
	assert.True(t, cd.UniqueBack)
	assert.False(t, cd.BackIsHidden, "the backs would give the cards away: the last slot is the hidden card")
	assert.Equal(t, [2]int{2, 2}, [2]int{cd.NumWidth, cd.NumHeight}, "three cards and the hidden one")

	// The sheet: each slot is the card's face, drawn as one card alone.
	sheet := files["red-1.png"].Image.(*image.RGBA)
	cw, ch := sheet.Bounds().Dx()/cd.NumWidth, sheet.Bounds().Dy()/cd.NumHeight
	assert.Equal(t, sheet.Bounds().Dx(), cd.NumWidth*cw)
	set := toySet(t, nil)
	tb := toyTables(map[string][]toyRow{"cards": rows})
	r := newRenderer(set, tb, nil)
	it := &Item{Template: set.Find("red"), Row: tb.Table("cards").Find("card-2"), Copies: 2}
	size := set.Find("red").Size
	want := r.faceRasterPx(it, it.Template.Front, size, cw, ch, newPictureCache())
	got := image.NewRGBA(image.Rect(0, 0, cw, ch))
	draw.Draw(got, got.Bounds(), sheet, image.Pt(cw, 0), draw.Src) // slot 1: row 0, column 1
	mean, _ := imageDiff(want, got)
	assert.Zero(t, mean, "slot 1 holds card-2's face")
	hidden := image.NewRGBA(image.Rect(0, 0, cw, ch))
	draw.Draw(hidden, hidden.Bounds(), sheet, image.Pt(cw, ch), draw.Src) // the last slot
	back := r.faceRasterPx(it, it.Template.Back, size, cw, ch, newPictureCache())
	mean, _ = imageDiff(back, hidden)
	assert.Greater(t, mean, 1.0, "the hidden card is not a back")

	// One blue card: a Card object, with the deck's one back hidden.
	blue := readSave(t, files["blue.json"])
	require.Len(t, blue.ObjectStates, 1)
	card := blue.ObjectStates[0]
	assert.Equal(t, "Card", card.Name)
	assert.Equal(t, 200, card.CardID, "the set's second sheet")
	cd = card.CustomDeck["2"]
	assert.Equal(t, "https://example.org/x/blue-back.png", cd.BackURL)
	assert.False(t, cd.UniqueBack)
	assert.True(t, cd.BackIsHidden)
	assert.Equal(t, [2]int{2, 1}, [2]int{cd.NumWidth, cd.NumHeight})

	// The set: both decks, the same keys.
	all := readSave(t, files["toy.json"])
	require.Len(t, all.ObjectStates, 2)
	assert.Equal(t, deck.DeckIDs, all.ObjectStates[0].DeckIDs)
}

func TestTTSSheetsHoldSixtyNineCardsWithinTheSizeLimit(t *testing.T) {
	files := ttsFiles(t, toyCards(70))
	s := readSave(t, files["red.json"])
	deck := s.ObjectStates[0]
	require.Len(t, deck.CustomDeck, 2, "70 cards need two sheets")
	first, second := deck.CustomDeck["1"], deck.CustomDeck["2"]
	assert.Equal(t, [2]int{10, 7}, [2]int{first.NumWidth, first.NumHeight})
	assert.Equal(t, [2]int{2, 1}, [2]int{second.NumWidth, second.NumHeight}, "the 70th card and the hidden one")
	assert.Equal(t, 168, deck.DeckIDs[68], "card 69 is in the first sheet's slot 68")
	assert.Equal(t, 200, deck.DeckIDs[69], "card 70 opens the second sheet")
	for _, id := range deck.DeckIDs {
		c := deck.CustomDeck[fmt.Sprint(id/100)]
		assert.Less(t, id%100, c.NumWidth*c.NumHeight-1, "no card in the hidden slot")
	}
	img := files["red-1.png"].Image
	assert.LessOrEqual(t, img.Bounds().Dx(), TTSMaxSide)
	assert.LessOrEqual(t, img.Bounds().Dy(), TTSMaxSide)
}

func TestTTSGrid(t *testing.T) {
	for _, tc := range []struct{ n, cols, rows int }{
		{1, 1, 1}, {2, 2, 1}, {4, 2, 2}, {11, 4, 3}, {12, 4, 3}, {40, 8, 5}, {41, 7, 6}, {69, 10, 7}, {70, 10, 7},
	} {
		c, r := grid(tc.n)
		assert.Equal(t, [2]int{tc.cols, tc.rows}, [2]int{c, r}, "%d slots", tc.n)
		assert.GreaterOrEqual(t, c*r, tc.n)
	}
}

// TestTTSSaysBoardsAreLeftOut: asking Tabletop Simulator for boards alone
// says why nothing is written, naming them.
func TestTTSSaysBoardsAreLeftOut(t *testing.T) {
	set, tb := bundledGame(t, fng.Module)
	for _, tc := range []struct {
		decks []string
		want  string
	}{
		{[]string{"heroes"}, "nothing to export: Heroes are boards, not cards, and Tabletop Simulator decks leave them out (export png draws them)"},
		{[]string{"heroes", "organizations"}, "nothing to export: Heroes, Vile Organizations are boards"},
	} {
		opt := DefaultOptions()
		opt.Decks = tc.decks
		_, _, err := TTS(set, tb, opt, TTSOptions{URL: "file:///x/"}, func(TTSFile) error { return nil })
		assert.ErrorContains(t, err, tc.want)
	}
}
