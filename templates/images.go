package templates

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	_ "image/jpeg" // the decoders image.DecodeConfig knows
	_ "image/png"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
)

// ImageFile is a picture a card prints: a PNG or JPEG file's bytes and
// size, checked once.
type ImageFile struct {
	Path   string // as named: in the templates folder, or a workbook cell's path
	Data   []byte
	Format string // "png" or "jpeg"
	W, H   int    // pixels
	// Key identifies the content, so a picture used on many cards (or
	// under two names) is stored once.
	Key string
	Pos diag.Pos
}

// Image limits: a file larger than this, or with more pixels, is refused as
// oversized (a poker card at 600 dpi needs 1.3 megapixels).
const (
	MaxImageBytes  = 40 << 20
	MaxImagePixels = 50_000_000
	MaxImageSide   = 20_000
)

// ErrImageFormat says a file is not a PNG or JPEG.
var ErrImageFormat = errors.New("not a PNG or JPEG image")

// CheckImage reads a picture's header and refuses anything but a PNG or
// JPEG within the limits.
func CheckImage(name string, data []byte) (*ImageFile, error) {
	if len(data) > MaxImageBytes {
		return nil, fmt.Errorf("%s is %d MB, larger than the %d MB an image may be", name, len(data)>>20, MaxImageBytes>>20)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, fmt.Errorf("%s is %w", name, ErrImageFormat)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%s is %w", name, errCut)
		}
		return nil, fmt.Errorf("%s is not a readable image: %v", name, err)
	}
	if format != "png" && format != "jpeg" {
		return nil, fmt.Errorf("%s is %s, %w", name, format, ErrImageFormat)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s has no pixels", name)
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide || cfg.Width*cfg.Height > MaxImagePixels {
		return nil, fmt.Errorf("%s is %d×%d pixels, more than the %d megapixels an image may have (scale it down: a poker card needs about 1500×2100 at 600 dpi)",
			name, cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	if err := complete(format, data); err != nil {
		return nil, fmt.Errorf("%s is %v", name, err)
	}
	w, h := cfg.Width, cfg.Height
	if format == "jpeg" {
		up, err := uprightJPEG(data)
		if err != nil {
			return nil, fmt.Errorf("%s is not a readable image: %v", name, err)
		}
		if c, _, err := image.DecodeConfig(bytes.NewReader(up)); err == nil { // turned, its sides may swap
			w, h = c.Width, c.Height
		}
		data = up
	}
	sum := sha256.Sum256(data)
	return &ImageFile{Path: name, Data: data, Format: format, W: w, H: h, Key: hex.EncodeToString(sum[:10])}, nil
}

// ReadImageFile reads and checks a picture on disk: a regular file (not a
// device, a folder or a pipe), read no further than the size limit.
func ReadImageFile(name string) (*ImageFile, error) {
	st, err := os.Stat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no file %s", name)
		}
		return nil, fmt.Errorf("cannot read %s: %v", name, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", name, unwrapPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxImageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", name, unwrapPath(err))
	}
	return CheckImage(name, data)
}

// readTemplateImage reads a picture a template names (src:, placeholder:)
// from its templates folder.
func readTemplateImage(fsys fs.FS, label, name string, pos diag.Pos, l *diag.List) *ImageFile {
	p := path.Clean(strings.ReplaceAll(name, "\\", "/"))
	fail := func(format string, args ...any) *ImageFile {
		l.Add(diag.Errorf(pos, CodeImageFile, format, args...).WithHint("template images live in the templates folder (such as art/frame.png) and are PNG or JPEG"))
		return nil
	}
	if !fs.ValidPath(p) {
		return fail("image %q is outside the templates folder %s", name, label)
	}
	st, err := fs.Stat(fsys, p)
	switch {
	case err != nil:
		return fail("cannot read image %s/%s: %v", label, p, unwrapPath(err))
	case !st.Mode().IsRegular():
		return fail("image %s/%s is not a regular file", label, p)
	case st.Size() > MaxImageBytes:
		return fail("image %s/%s is larger than %d MB", label, p, MaxImageBytes>>20)
	}
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return fail("cannot read image %s/%s: %v", label, p, unwrapPath(err))
	}
	im, err := CheckImage(label+"/"+p, data)
	if err != nil {
		return fail("%v", err)
	}
	im.Pos = pos
	return im
}

// errCut says a picture's file ends before its image does: a download or a
// copy cut short.
var errCut = errors.New("cut short (the file ends before the picture does): save or export it again")

// complete checks that a picture's file holds the whole picture, without
// decoding it: a PDF embeds JPEG and PNG bytes as they are, so a file cut
// short or damaged would reach the printer as it is. A PNG must have every
// chunk whole with its checksum right, up to IEND; a JPEG every segment and
// scan whole, up to its end marker.
func complete(format string, data []byte) error {
	if format == "png" {
		return pngComplete(data)
	}
	return jpegComplete(data)
}

func pngComplete(data []byte) error {
	for p := 8; ; {
		if len(data)-p < 12 {
			return errCut
		}
		n := binary.BigEndian.Uint32(data[p:])
		if uint64(n) > uint64(len(data)-p-12) {
			return errCut
		}
		end := p + 8 + int(n)
		typ := data[p+4 : p+8]
		if crc32.ChecksumIEEE(data[p+4:end]) != binary.BigEndian.Uint32(data[end:]) {
			return fmt.Errorf("damaged: its %q chunk at byte %d fails its checksum (save or export it again)", typ, p)
		}
		if string(typ) == "IEND" {
			return nil
		}
		p = end + 4
	}
}

func jpegComplete(data []byte) error {
	return jpegSegments(data, func(byte, []byte) bool { return true })
}

// jpegSegments walks a JPEG's marker segments after its start-of-image
// marker, giving yield each marker and its segment's bytes (after the
// length) until yield returns false or the end-of-image marker comes; a
// scan's entropy-coded data is stepped over. It returns errCut when the
// data ends first, and an error naming the byte where a marker should be.
func jpegSegments(data []byte, yield func(marker byte, seg []byte) bool) error {
	p := 2 // after the start-of-image marker
	for {
		if p >= len(data) {
			return errCut
		}
		if data[p] != 0xff {
			return fmt.Errorf("damaged: no marker at byte %d (save or export it again)", p)
		}
		for p < len(data) && data[p] == 0xff { // fill bytes
			p++
		}
		if p >= len(data) {
			return errCut
		}
		m := data[p]
		p++
		switch {
		case m == 0xd9: // end of image
			return nil
		case m == 0x01 || m >= 0xd0 && m <= 0xd7: // markers without a length
			continue
		}
		if len(data)-p < 2 {
			return errCut
		}
		n := int(binary.BigEndian.Uint16(data[p:]))
		if n < 2 || len(data)-p < n {
			return errCut
		}
		seg := data[p+2 : p+n]
		p += n
		if !yield(m, seg) {
			return nil
		}
		if m != 0xda {
			continue
		}
		// A scan's entropy-coded data runs to the next marker: a 0xff that
		// is neither a stuffed byte (0xff 0x00) nor a restart marker.
		for {
			i := bytes.IndexByte(data[p:], 0xff)
			if i < 0 || p+i+1 >= len(data) {
				return errCut
			}
			p += i
			if next := data[p+1]; next != 0 && (next < 0xd0 || next > 0xd7) {
				break
			}
			p += 2
		}
	}
}
