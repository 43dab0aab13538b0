package export

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writePNG writes a w×h picture of one colour.
func writePNG(t testing.TB, path string, w, h int, c color.Color) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
}

// hugePNG is a PNG whose header claims w×h pixels: what image.DecodeConfig
// reads, without the pixels.
func hugePNG(t testing.TB, w, h uint32) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))))
	b := buf.Bytes()
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// artTemplate is the toy's red card with a 20×20 mm art zone.
func artTemplate(fit string) string {
	return strings.Replace(toyRed, "    - {type: text, name: text,", fmt.Sprintf(
		"    - {type: image, at: [20, 50, 20, 20], field: art, fit: %s}\n    - {type: text, name: text,", fit), 1)
}

var imageObj = regexp.MustCompile(`/Subtype /Image`)

func TestArtPrintsFromTheFileACellNames(t *testing.T) {
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "art", "wide.png"), 40, 20, color.RGBA{200, 30, 30, 255})
	writePNG(t, filepath.Join(dir, "art", "other.png"), 10, 10, color.RGBA{30, 200, 30, 255})
	var jbuf bytes.Buffer
	require.NoError(t, jpeg.Encode(&jbuf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "art", "photo.jpg"), jbuf.Bytes(), 0o644))
	rows := []toyRow{
		{"id": "a", "name": "A", "deck": "red", "count": 3, "art": "art/wide.png"},
		{"id": "b", "name": "B", "deck": "red", "count": 2, "art": "art/wide.png"},
		{"id": "c", "name": "C", "deck": "red", "art": "art/other.png"},
		{"id": "d", "name": "D", "deck": "red", "art": "art/photo.jpg"},
		{"id": "e", "name": "E", "deck": "red"},
	}
	for _, fit := range []string{"cover", "contain"} {
		t.Run(fit, func(t *testing.T) {
			set := toySet(t, map[string]string{"red.yaml": artTemplate(fit)})
			opt := testOptions()
			opt.Duplex = DuplexNone
			pdf, l, st := exportToy(t, set, toyTablesIn(dir, map[string][]toyRow{"cards": rows}), opt)
			require.Zero(t, l.Len(), "%v", l.Items())
			assert.Equal(t, 8, st.Cards)
			assert.Len(t, imageObj.FindAll(pdf, -1), 3, "three files, each embedded once however many cards show it")
			assert.Contains(t, string(pdf), "/Filter /DCTDecode", "a JPEG is embedded as it is")
			// Card a is slot 0: its zone is 20×20 mm at (20, 50) from the
			// card's corner; the 2:1 picture covers it (40×20, 10 mm cut
			// each side) or fits inside it (20×10, centred).
			g, err := NewGrid(210, 297, 63.5, 88.9, 0, 5, 0, true)
			require.NoError(t, err)
			zone := g.Trim(0)
			zone = Rect{zone.X + 20, zone.Y + 50, 20, 20}
			want := Rect{zone.X - 10, zone.Y, 40, 20}
			if fit == "contain" {
				want = Rect{zone.X, zone.Y + 5, 20, 10}
			}
			page := contentOf(t, pdf, 1)
			cm := fmt.Sprintf("q %.5f 0 0 %.5f %.5f %.5f cm /I", want.W*ptPerMM, want.H*ptPerMM, want.X*ptPerMM, (297-want.Y-want.H)*ptPerMM)
			assert.Contains(t, page, cm, "the picture's place")
			clip := fmt.Sprintf("%s %s %s %s re W n", pt(zone.X), pt(297-zone.Y-zone.H), pt(zone.W), pt(zone.H))
			assert.Contains(t, page, clip, "clipped to its zone")
		})
	}
}

func TestPicturesThatCannotBeUsedAreErrorsAtTheirCell(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.png"), []byte("not a picture"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "huge.png"), hugePNG(t, 9000, 9000), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "folder.png"), 0o755))
	writePNG(t, filepath.Join(dir, "ok.png"), 4, 4, color.Black)
	whole, err := os.ReadFile(filepath.Join(dir, "ok.png"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cut.png"), whole[:len(whole)-20], 0o644))
	var jbuf bytes.Buffer
	require.NoError(t, jpeg.Encode(&jbuf, image.NewRGBA(image.Rect(0, 0, 16, 16)), nil))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cut.jpg"), jbuf.Bytes()[:jbuf.Len()-30], 0o644))
	tests := []struct {
		art  string
		want string
	}{
		{"missing.png", "no file " + filepath.Join(dir, "missing.png")},
		{"notes.png", "is not a PNG or JPEG image"},
		{"huge.png", "is 9000×9000 pixels, more than the 50 megapixels"},
		{"folder.png", "is not a regular file"},
		// A download cut short: the PDF would embed the broken bytes.
		{"cut.png", filepath.Join(dir, "cut.png") + " is cut short (the file ends before the picture does)"},
		{"cut.jpg", filepath.Join(dir, "cut.jpg") + " is cut short (the file ends before the picture does)"},
	}
	set := toySet(t, map[string]string{"red.yaml": artTemplate("cover")})
	for _, tc := range tests {
		t.Run(tc.art, func(t *testing.T) {
			rows := []toyRow{{"id": "bad", "name": "Bad", "deck": "red", "art": tc.art}, {"id": "good", "name": "Good", "deck": "red", "art": "ok.png"}}
			pdf, l, _ := exportToy(t, set, toyTablesIn(dir, map[string][]toyRow{"cards": rows}), testOptions())
			require.Equal(t, 1, l.Len(), "%v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, CodeImage, d.Code)
			assert.Equal(t, filepath.Join(dir, "toy.xlsx")+":Cards!I2", d.Pos.String(), "at the Art cell")
			assert.Contains(t, d.Message, tc.want)
			assert.Len(t, imageObj.FindAll(pdf, -1), 1, "the good card's picture still prints")
		})
	}
}

func TestTemplatePicturesAndPlaceholders(t *testing.T) {
	var frame, holder bytes.Buffer
	fr := image.NewRGBA(image.Rect(0, 0, 30, 40))
	img := image.NewRGBA64(image.Rect(0, 0, 6, 6)) // 16 bits a channel: re-encoded for the PDF
	for i := range fr.Pix {
		fr.Pix[i] = 255
	}
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	require.NoError(t, png.Encode(&frame, fr))
	require.NoError(t, png.Encode(&holder, img))
	require.False(t, plainPNG(holder.Bytes()))
	tpl := strings.Replace(toyRed, "    - {type: text, name: text,",
		"    - {type: image, at: [0, 0, 63.5, 88.9], src: art/frame.png}\n"+
			"    - {type: image, at: [20, 50, 20, 20], field: art, placeholder: art/none.png}\n    - {type: text, name: text,", 1)
	files := map[string][]byte{"red.yaml": []byte(tpl), "art/frame.png": frame.Bytes(), "art/none.png": holder.Bytes()}
	set, msgs := toySetWithFonts(t, "game: toy\n", files)
	require.Empty(t, msgs)
	opt := testOptions()
	opt.Duplex = DuplexNone
	pdf, l, _ := exportToy(t, set, toyTables(map[string][]toyRow{"cards": toyCards(4)}), opt)
	require.Zero(t, l.Len(), "%v", l.Items())
	assert.Len(t, imageObj.FindAll(pdf, -1), 2, "the frame and the placeholder, once each")
	assert.Equal(t, 8, strings.Count(contentOf(t, pdf, 1), " Do Q"), "four cards, two pictures each")

	// A template picture that is missing is an error at its line.
	_, msgs = toySetWithFonts(t, "game: toy\n", map[string][]byte{"red.yaml": []byte(tpl)})
	require.Len(t, msgs, 2)
	assert.Contains(t, msgs[0], "project/templates/red.yaml:")
	assert.Contains(t, msgs[0], "error[DW3016]: cannot read image project/templates/art/")
}

func TestImageZonesAreChecked(t *testing.T) {
	tests := []struct{ zone, want string }{
		{"{type: image, at: [1, 1, 5, 5]}", "neither field nor src"},
		{"{type: image, at: [1, 1, 5, 5], field: art, src: x.png}", "field or src, not both"},
		{"{type: image, at: [1, 1, 5, 5], src: x.png, placeholder: y.png}", "placeholder shows when the field is blank"},
		{"{type: image, at: [1, 1, 5, 5], field: atr}", `sheet Cards has no column "atr"`},
		{"{type: image, at: [1, 1, 5, 5], field: art, fit: stretch}", "fit must be cover, contain"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			tpl := strings.Replace(toyRed, "    - {type: text, name: text,", "    - "+tc.zone+"\n    - {type: text, name: text,", 1)
			_, msgs := toySetWithFonts(t, "game: toy\n", map[string][]byte{"red.yaml": []byte(tpl)})
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}
