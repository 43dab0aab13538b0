package templates_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/templates"
)

// picture is a w×h picture with a square of another colour, so its
// compressed data is not trivially short.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{200, uint8(x * y), uint8(x * 7), 255}
			if x < w/2 && y < h/2 {
				c = color.RGBA{20, 20, 200, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

func encodePNG(t *testing.T, img image.Image) []byte {
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

func encodeJPEG(t *testing.T, img image.Image) []byte {
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, nil))
	return buf.Bytes()
}

// withThumbnail puts a whole JPEG inside an APP1 segment right after the
// start of another, as a camera's EXIF thumbnail: its end marker is not the
// picture's end.
func withThumbnail(main, thumb []byte) []byte {
	seg := make([]byte, 4, 4+len(thumb))
	seg[0], seg[1] = 0xff, 0xe1
	binary.BigEndian.PutUint16(seg[2:], uint16(2+len(thumb)))
	seg = append(seg, thumb...)
	out := append([]byte{}, main[:2]...)
	out = append(out, seg...)
	return append(out, main[2:]...)
}

func TestPicturesCutShortOrDamagedAreRefused(t *testing.T) {
	pngData := encodePNG(t, picture(40, 30))
	jpegData := encodeJPEG(t, picture(40, 30))
	thumbed := withThumbnail(jpegData, encodeJPEG(t, picture(8, 6)))
	progressive, err := os.ReadFile(filepath.Join("testdata", "progressive.jpg"))
	require.NoError(t, err)
	cmyk, err := os.ReadFile(filepath.Join("testdata", "cmyk.jpg"))
	require.NoError(t, err)
	flipped := append([]byte{}, pngData...)
	flipped[33+8+5] ^= 0x10 // a byte inside the first IDAT chunk's data (IHDR ends at byte 33)

	const cut = "cut short (the file ends before the picture does): save or export it again"
	tests := []struct {
		name string
		data []byte
		want string // "" for a picture that is whole
	}{
		{"png", pngData, ""},
		{"png without its last byte", pngData[:len(pngData)-1], cut},
		{"png cut in half", pngData[:len(pngData)/2], cut},
		{"png without IEND", pngData[:len(pngData)-12], cut},
		{"png with a damaged byte", flipped, `damaged: its "IDAT" chunk at byte 33 fails its checksum (save or export it again)`},
		{"jpeg", jpegData, ""},
		{"jpeg with bytes after its end", append(append([]byte{}, jpegData...), "trailing"...), ""},
		{"jpeg without its end marker", jpegData[:len(jpegData)-2], cut},
		{"jpeg cut in half", jpegData[:len(jpegData)/2], cut},
		{"jpeg with a thumbnail", thumbed, ""},
		{"jpeg with a thumbnail, cut short", thumbed[:len(thumbed)-100], cut},
		{"progressive jpeg", progressive, ""},
		{"progressive jpeg cut short", progressive[:len(progressive)-40], cut},
		{"cmyk jpeg", cmyk, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := templates.CheckImage("art/x", tc.data)
			if tc.want == "" {
				require.NoError(t, err)
				assert.Positive(t, f.W)
				return
			}
			require.Error(t, err)
			assert.Equal(t, "art/x is "+tc.want, err.Error())
		})
	}
}

// Every prefix of a picture's file, once its header is readable, is cut
// short: the check holds at every byte, not only at a chunk's edge.
func TestEveryPrefixOfAPictureIsCutShort(t *testing.T) {
	for name, data := range map[string][]byte{
		"png":  encodePNG(t, picture(120, 90)),
		"jpeg": encodeJPEG(t, picture(120, 90)),
	} {
		t.Run(name, func(t *testing.T) {
			checked := 0
			for n := 1; n < len(data); n++ {
				if n < 30 {
					continue // before the size: "not a readable image"
				}
				_, err := templates.CheckImage("x", data[:n])
				require.Error(t, err, "%d of %d bytes", n, len(data))
				assert.Contains(t, err.Error(), "cut short", "%d of %d bytes", n, len(data))
				checked++
			}
			assert.Equal(t, len(data)-30, checked)
		})
	}
}

// FuzzCheckImage: any bytes as a picture are refused or accepted without a
// panic, and a picture accepted has pixels.
func FuzzCheckImage(f *testing.F) {
	var pngBuf, jpegBuf bytes.Buffer
	img := picture(12, 9)
	_ = png.Encode(&pngBuf, img)
	_ = jpeg.Encode(&jpegBuf, img, nil)
	f.Add(pngBuf.Bytes())
	f.Add(jpegBuf.Bytes())
	for _, name := range []string{"progressive.jpg", "cmyk.jpg"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := templates.CheckImage("x", data)
		if err == nil && (im.W <= 0 || im.H <= 0) {
			t.Fatalf("accepted a picture of %d×%d pixels", im.W, im.H)
		}
	})
}
