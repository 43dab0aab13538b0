package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"math"
	"slices"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Tabletop Simulator deck sheets: a card image cut from a grid of at most
// 10×7 cards whose last slot is the image other players see of a card
// held in hand; sheets no larger than 4096 pixels a side.
const (
	TTSMaxCols = 10
	TTSMaxRows = 7
	TTSMaxSide = 4096
	// ttsPerSheet is the cards a sheet holds: the last slot is the hidden card.
	ttsPerSheet = TTSMaxCols*TTSMaxRows - 1
)

// TTSOptions say where the images will be found and how large they are.
type TTSOptions struct {
	// URL is put before each image's file name in the saved objects: the
	// folder's file:/// URL, or where the images are uploaded.
	URL string
	// DPI caps the cards' resolution (sheets also stay within TTSMaxSide).
	DPI float64
}

// TTSFile is a file of a Tabletop Simulator export: a PNG image or a
// saved-object JSON.
type TTSFile struct {
	Name  string
	Image image.Image // a sheet or a back
	JSON  []byte
}

// TTS writes, for each deck of cards, its face sheets, its back (one image,
// or a sheet of backs for double-sided cards) and a saved object that
// loads the deck with as many copies of each card as its Count; then one
// saved object with every deck. Templates of kind sheet (boards, mats) are
// left out: they are not cards.
func TTS(set *templates.Set, t *table.Tables, opt Options, to TTSOptions, emit func(TTSFile) error) (st *Stats, l *diag.List, err error) {
	l = &diag.List{}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while rendering (please report it): %v", p)
		}
	}()
	if to.DPI == 0 {
		to.DPI = DefaultDPI
	}
	if err := checkRaster(opt, to.DPI); err != nil {
		return nil, l, err
	}
	items, err := Select(set, t, opt)
	if err != nil {
		return nil, l, err
	}
	var decks [][]*Item
	var boards []string // the titles of the boards left out
	for _, run := range runs(items, Options{}) {
		switch tp := run[0].Template; {
		case tp.Kind == "card":
			decks = append(decks, run)
		case !slices.Contains(boards, tp.Title):
			boards = append(boards, tp.Title)
		}
	}
	if len(decks) == 0 && len(boards) > 0 {
		return nil, l, usagef("nothing to export: %s are boards, not cards, and Tabletop Simulator decks leave them out (export png draws them)", strings.Join(boards, ", "))
	}
	if len(decks) == 0 {
		return nil, l, usagef("nothing to export: no card matches the options")
	}
	r := newRenderer(set, t, l)
	w := &ttsWriter{r: r, opt: opt, to: to, pics: newPictureCache(), emit: emit, st: &Stats{}}
	var all []ttsObject
	for i, deck := range decks {
		obj, err := w.deck(deck, float64(i))
		if err != nil {
			return w.st, l, err
		}
		data, err := savedObjects(obj)
		if err != nil {
			return w.st, l, err
		}
		if err := emit(TTSFile{Name: w.deckName(deck) + ".json", JSON: data}); err != nil {
			return w.st, l, err
		}
		all = append(all, obj)
	}
	data, err := savedObjects(all...)
	if err != nil {
		return w.st, l, err
	}
	return w.st, l, emit(TTSFile{Name: fileSafe(set.Game) + ".json", JSON: data})
}

type ttsWriter struct {
	r    *renderer
	opt  Options
	to   TTSOptions
	pics *pictureCache
	emit func(TTSFile) error
	st   *Stats
	key  int // the last CustomDeck key used
}

func (w *ttsWriter) deckName(deck []*Item) string { return fileSafe(deck[0].Template.Deck) }

// grid picks the columns and rows for n slots: the fewest slots, then the
// squarest sheet, then the wider one.
func grid(n int) (cols, rows int) {
	best, bestSkew := math.MaxInt, math.MaxInt
	for r := 1; r <= TTSMaxRows; r++ {
		c := (n + r - 1) / r
		if c > TTSMaxCols {
			continue
		}
		skew := c - r
		if skew < 0 {
			skew = -skew*2 + 1 // a tall sheet only when nothing wider fits as well
		}
		if c*r < best || (c*r == best && skew < bestSkew) {
			best, bestSkew, cols, rows = c*r, skew, c, r
		}
	}
	return cols, rows
}

// ttsSheet is one face sheet of a deck: its cards and grid.
type ttsSheet struct {
	items      []*Item
	cols, rows int
	key        int
}

func (w *ttsWriter) deck(deck []*Item, index float64) (ttsObject, error) {
	t := deck[0].Template
	var cards []*Item
	for _, it := range deck {
		if it.Copies > 0 {
			cards = append(cards, it)
		}
	}
	var sheets []*ttsSheet
	maxCols, maxRows := 1, 1
	for i := 0; i < len(cards); i += ttsPerSheet {
		s := &ttsSheet{items: cards[i:min(i+ttsPerSheet, len(cards))]}
		s.cols, s.rows = grid(len(s.items) + 1)
		w.key++
		s.key = w.key
		maxCols, maxRows = max(maxCols, s.cols), max(maxRows, s.rows)
		sheets = append(sheets, s)
	}
	// One card size for the deck: the resolution asked for, within the
	// largest sheet's limit.
	size := cardSize(t, w.opt)
	k := math.Min(w.to.DPI/25.4, math.Min(TTSMaxSide/(float64(maxCols)*size.W), TTSMaxSide/(float64(maxRows)*size.H)))
	cw, ch := int(math.Floor(size.W*k)), int(math.Floor(size.H*k))

	name := w.deckName(deck)
	render := func(it *Item, f *templates.Face) *image.RGBA {
		return w.r.faceRasterPx(it, f, size, cw, ch, w.pics)
	}
	// The backs: one image when every card has the same back.
	var backs [][]*image.RGBA
	same := true
	var first []byte
	for _, s := range sheets {
		var bs []*image.RGBA
		for _, it := range s.items {
			b := render(it, t.Back)
			if first == nil {
				first = b.Pix
			} else if !bytes.Equal(first, b.Pix) {
				same = false
			}
			bs = append(bs, b)
			w.r.forget()
		}
		backs = append(backs, bs)
	}
	var hidden *image.RGBA
	backURL := ""
	if same {
		hidden = backs[0][0]
		backURL = w.to.URL + name + "-back.png"
		if err := w.emit(TTSFile{Name: name + "-back.png", Image: hidden}); err != nil {
			return ttsObject{}, err
		}
		w.st.Faces++
	} else {
		hidden = w.hiddenCard(t, size, cw, ch)
	}
	custom := map[string]ttsCustomDeck{}
	obj := ttsObject{Name: "DeckCustom", Nickname: t.Title, Transform: ttsTransform(index), GUID: guid(name)}
	for si, s := range sheets {
		faceName := fmt.Sprintf("%s-%d.png", name, si+1)
		face := image.NewRGBA(image.Rect(0, 0, s.cols*cw, s.rows*ch))
		var backSheet *image.RGBA
		if !same {
			backSheet = image.NewRGBA(face.Bounds())
		}
		slot := func(i int) image.Rectangle {
			return image.Rect(i%s.cols*cw, i/s.cols*ch, i%s.cols*cw+cw, i/s.cols*ch+ch)
		}
		for i, it := range s.items {
			draw.Draw(face, slot(i), render(it, t.Front), image.Point{}, draw.Src)
			if backSheet != nil {
				draw.Draw(backSheet, slot(i), backs[si][i], image.Point{}, draw.Src)
			}
			w.r.forget()
			w.st.Faces++
			w.st.Cards += it.Copies
		}
		last := slot(s.cols*s.rows - 1)
		draw.Draw(face, last, hidden, image.Point{}, draw.Src)
		if err := w.emit(TTSFile{Name: faceName, Image: face}); err != nil {
			return ttsObject{}, err
		}
		cd := ttsCustomDeck{FaceURL: w.to.URL + faceName, BackURL: backURL, NumWidth: s.cols, NumHeight: s.rows, BackIsHidden: same, UniqueBack: !same}
		if backSheet != nil {
			draw.Draw(backSheet, last, hidden, image.Point{}, draw.Src)
			backName := fmt.Sprintf("%s-backs-%d.png", name, si+1)
			if err := w.emit(TTSFile{Name: backName, Image: backSheet}); err != nil {
				return ttsObject{}, err
			}
			cd.BackURL = w.to.URL + backName
		}
		custom[fmt.Sprint(s.key)] = cd
		for i, it := range s.items {
			id := s.key*100 + i
			card := ttsObject{Name: "Card", Nickname: cardName(it), CardID: id, Transform: ttsTransform(index),
				CustomDeck: map[string]ttsCustomDeck{fmt.Sprint(s.key): cd}}
			for c := 0; c < it.Copies; c++ {
				card.GUID = guid(fmt.Sprintf("%s/%d/%d", name, id, c))
				obj.DeckIDs = append(obj.DeckIDs, id)
				obj.ContainedObjects = append(obj.ContainedObjects, card)
			}
		}
	}
	obj.CustomDeck = custom
	if len(obj.ContainedObjects) == 1 {
		// One card is a card, not a deck.
		c := obj.ContainedObjects[0]
		c.Transform, c.GUID = obj.Transform, obj.GUID
		return c, nil
	}
	return obj, nil
}

// hiddenCard is what others see of a double-sided card held in hand: its
// back would give it away, so a plain card in the back's colour with the
// deck's title.
func (w *ttsWriter) hiddenCard(t *templates.Template, size templates.Size, cw, ch int) *image.RGBA {
	kx, ky := float64(cw)/size.W, float64(ch)/size.H
	c := newRaster(cw, ch, Affine{A: kx, D: ky}, w.pics)
	bg := white
	if t.Back != nil {
		if col, ok := w.r.color(t, t.Back.Background); ok {
			bg = col
		}
	}
	c.Fill(rectPath(Rect{0, 0, size.W, size.H}), bg, false)
	ink := black
	if lum(bg) < 128 {
		ink = white
	}
	f := w.r.fonts.resolve("sans", "bold", false, false)
	pt := math.Min(14, size.W/float64(max(len(t.Title), 1))*2.2/ptMM)
	tw := f.width(t.Title, pt)
	c.Text((size.W-tw)/2, size.H/2+pt*ptMM*0.35, f, pt, ink, t.Title)
	return c.img
}

func lum(c templates.Color) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}

// faceRasterPx renders a face at an exact pixel size, without bleed.
func (r *renderer) faceRasterPx(it *Item, face *templates.Face, size templates.Size, w, h int, pics *pictureCache) *image.RGBA {
	c := newRaster(w, h, Affine{A: float64(w) / size.W, D: float64(h) / size.H}, pics)
	r.drawFace(c, it, face, Rect{0, 0, size.W, size.H}, 0, false, "")
	return c.img
}

func cardName(it *Item) string {
	if it.Row != nil {
		if n := it.Row.Str("name"); n != "" {
			return n
		}
	}
	if it.Card != nil {
		for _, k := range []string{"name", "title", "front_title"} {
			if v := it.Card.Fields[k]; v != "" {
				return v
			}
		}
	}
	return it.ID()
}

// The saved-object format Tabletop Simulator reads: the fields it needs.
type ttsSave struct {
	SaveName     string      `json:"SaveName"`
	GameMode     string      `json:"GameMode"`
	Date         string      `json:"Date"`
	Table        string      `json:"Table"`
	Sky          string      `json:"Sky"`
	Note         string      `json:"Note"`
	Rules        string      `json:"Rules"`
	XMLUI        string      `json:"XmlUI"`
	LuaScript    string      `json:"LuaScript"`
	ObjectStates []ttsObject `json:"ObjectStates"`
}

type ttsObject struct {
	GUID             string                   `json:"GUID"`
	Name             string                   `json:"Name"`
	Transform        ttsXform                 `json:"Transform"`
	Nickname         string                   `json:"Nickname"`
	Description      string                   `json:"Description"`
	CardID           int                      `json:"CardID,omitempty"`
	DeckIDs          []int                    `json:"DeckIDs,omitempty"`
	CustomDeck       map[string]ttsCustomDeck `json:"CustomDeck"`
	ContainedObjects []ttsObject              `json:"ContainedObjects,omitempty"`
	Locked           bool                     `json:"Locked"`
	Grid             bool                     `json:"Grid"`
	Snap             bool                     `json:"Snap"`
	Autoraise        bool                     `json:"Autoraise"`
	Sticky           bool                     `json:"Sticky"`
	Tooltip          bool                     `json:"Tooltip"`
	HideWhenFaceDown bool                     `json:"HideWhenFaceDown"`
	Hands            bool                     `json:"Hands"`
	SidewaysCard     bool                     `json:"SidewaysCard"`
}

type ttsCustomDeck struct {
	FaceURL      string `json:"FaceURL"`
	BackURL      string `json:"BackURL"`
	NumWidth     int    `json:"NumWidth"`
	NumHeight    int    `json:"NumHeight"`
	BackIsHidden bool   `json:"BackIsHidden"`
	UniqueBack   bool   `json:"UniqueBack"`
	Type         int    `json:"Type"` // 0: rectangle with rounded corners
}

type ttsXform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

// ttsTransform places the i-th deck face down in a row on the table.
func ttsTransform(i float64) ttsXform {
	return ttsXform{PosX: i * 3, PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
}

func savedObjects(objs ...ttsObject) ([]byte, error) {
	for i := range objs {
		setDefaults(&objs[i])
	}
	return json.MarshalIndent(ttsSave{ObjectStates: objs}, "", "  ")
}

func setDefaults(o *ttsObject) {
	o.Grid, o.Snap, o.Autoraise, o.Sticky, o.Tooltip = true, true, true, true, true
	o.HideWhenFaceDown, o.Hands = true, o.Name == "Card" || o.Name == "DeckCustom"
	for i := range o.ContainedObjects {
		setDefaults(&o.ContainedObjects[i])
	}
}

// guid is a stable six-hex-digit object ID.
func guid(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:3])
}
