package templates

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quadrants draws a 40×20 picture: top-left red, top-right green,
// bottom-left blue, bottom-right white.
func quadrants() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			c := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}[x/20+2*(y/10)]
			img.Set(x, y, c)
		}
	}
	return img
}

// withOrientation encodes img as a JPEG whose EXIF says orientation o, in
// the byte order given.
func withOrientation(t *testing.T, img image.Image, o int, bo binary.ByteOrder) []byte {
	t.Helper()
	var plain bytes.Buffer
	require.NoError(t, jpeg.Encode(&plain, img, &jpeg.Options{Quality: 100}))
	tiff := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiff, "II")
	} else {
		copy(tiff, "MM")
	}
	bo.PutUint16(tiff[2:], 42)
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)       // one entry
	bo.PutUint16(tiff[10:], 0x0112) // Orientation
	bo.PutUint16(tiff[12:], 3)      // SHORT
	bo.PutUint32(tiff[14:], 1)      // one value
	bo.PutUint16(tiff[18:], uint16(o))
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(app1)+2))
	data := plain.Bytes()
	return append(append(append([]byte{}, data[:2]...), append(seg, app1...)...), data[2:]...)
}

// A photo is printed as every viewer shows it: turned as its EXIF
// Orientation says, its sides swapped when turned a quarter.
func TestPhotosPrintUpright(t *testing.T) {
	const r, g, b, w = "red", "green", "blue", "white"
	for _, tc := range []struct {
		o          int
		width      int
		corners    [4]string // top-left, top-right, bottom-left, bottom-right as shown
		byteOrders []binary.ByteOrder
	}{
		{1, 40, [4]string{r, g, b, w}, nil},
		{2, 40, [4]string{g, r, w, b}, nil},
		{3, 40, [4]string{w, b, g, r}, nil},
		{4, 40, [4]string{b, w, r, g}, nil},
		{5, 20, [4]string{r, b, g, w}, nil},
		{6, 20, [4]string{b, r, w, g}, nil},
		{7, 20, [4]string{w, g, b, r}, nil},
		{8, 20, [4]string{g, w, r, b}, nil},
	} {
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			t.Run(string(rune('0'+tc.o))+bo.String(), func(t *testing.T) {
				data := withOrientation(t, quadrants(), tc.o, bo)
				assert.Equal(t, tc.o, jpegOrientation(data))
				im, err := CheckImage("photo.jpg", data)
				require.NoError(t, err)
				assert.Equal(t, tc.width, im.W)
				assert.Equal(t, 60-tc.width, im.H)
				pic, err := jpeg.Decode(bytes.NewReader(im.Data))
				require.NoError(t, err)
				require.Equal(t, image.Pt(im.W, im.H), pic.Bounds().Size())
				assert.Equal(t, 1, jpegOrientation(im.Data), "printed upright, the picture carries no turn")
				name := func(x, y int) string {
					cr, cg, cb, _ := pic.At(x, y).RGBA()
					hi := func(v uint32) bool { return v > 0x8000 }
					switch {
					case hi(cr) && hi(cg) && hi(cb):
						return w
					case hi(cr):
						return r
					case hi(cg):
						return g
					case hi(cb):
						return b
					}
					return "?"
				}
				got := [4]string{name(im.W/4, im.H/4), name(3*im.W/4, im.H/4), name(im.W/4, 3*im.H/4), name(3*im.W/4, 3*im.H/4)}
				assert.Equal(t, tc.corners, got)
			})
		}
	}
}

// A JPEG without EXIF, or with a damaged one, is taken as it is stored.
func TestOrientationOfOtherJPEGs(t *testing.T) {
	var plain bytes.Buffer
	require.NoError(t, jpeg.Encode(&plain, quadrants(), nil))
	good := withOrientation(t, quadrants(), 6, binary.BigEndian)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"no EXIF", plain.Bytes()},
		{"cut inside the EXIF", good[:30]},
		{"an orientation of 9", withOrientation(t, quadrants(), 9, binary.BigEndian)},
		{"not a JPEG", []byte("\x89PNG\r\n\x1a\n")},
		{"empty", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, 1, jpegOrientation(tc.data))
		})
	}
	im, err := CheckImage("plain.jpg", plain.Bytes())
	require.NoError(t, err)
	assert.Equal(t, plain.Bytes(), im.Data, "a picture as stored is kept byte for byte")
}

// FuzzJPEGOrientation: reading a JPEG's EXIF never panics and always says
// 1 to 8; checking it (and turning it upright, within the size limits)
// never panics.
func FuzzJPEGOrientation(f *testing.F) {
	f.Add(withOrientation(&testing.T{}, quadrants(), 6, binary.BigEndian))
	f.Add(withOrientation(&testing.T{}, quadrants(), 3, binary.LittleEndian))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x10, 'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		o := jpegOrientation(data)
		if o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
		if im, err := CheckImage("x.jpg", data); err == nil && (im.W <= 0 || im.H <= 0) {
			t.Fatalf("%d×%d pixels", im.W, im.H)
		}
	})
}
