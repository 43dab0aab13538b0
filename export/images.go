package export

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/templates"
)

// Picture is an image a card prints. Only its size and content key stay in
// memory; the bytes are read again when a document embeds the picture (once
// per document, however many cards show it) or a raster draws it.
type Picture struct {
	Key    string // content hash
	W, H   int
	Format string // png or jpeg
	load   func() ([]byte, error)
}

// Bytes returns the picture's file.
func (p *Picture) Bytes() ([]byte, error) { return p.load() }

// pictureOf wraps a template's picture, whose bytes are already in memory.
func pictureOf(f *templates.ImageFile) *Picture {
	if f == nil {
		return nil
	}
	return &Picture{Key: f.Key, W: f.W, H: f.H, Format: f.Format, load: func() ([]byte, error) { return f.Data, nil }}
}

// pictures finds the pictures cells name, checking each file once.
type pictures struct {
	byPath map[string]pictureResult
}

type pictureResult struct {
	pic *Picture
	err error
}

func newPictures() *pictures { return &pictures{byPath: map[string]pictureResult{}} }

// fromDisk reads and checks a picture at a path on disk.
func (ps *pictures) fromDisk(name string) (*Picture, error) {
	if r, ok := ps.byPath[name]; ok {
		return r.pic, r.err
	}
	f, err := templates.ReadImageFile(name)
	var pic *Picture
	if err == nil {
		pic = &Picture{Key: f.Key, W: f.W, H: f.H, Format: f.Format, load: func() ([]byte, error) {
			g, err := templates.ReadImageFile(name)
			if err != nil {
				return nil, err
			}
			return g.Data, nil
		}}
	}
	ps.byPath[name] = pictureResult{pic, err}
	return pic, err
}

// fromFS reads and checks a picture of a templates folder (a template's own
// card names it).
func (ps *pictures) fromFS(fsys fs.FS, name string) (*Picture, error) {
	key := fmt.Sprintf("fs:%p:%s", fsys, name)
	if r, ok := ps.byPath[key]; ok {
		return r.pic, r.err
	}
	p := path.Clean(strings.ReplaceAll(name, "\\", "/"))
	var pic *Picture
	var err error
	if fsys == nil || !fs.ValidPath(p) {
		err = fmt.Errorf("%s is outside the templates folder", name)
	} else if data, rerr := fs.ReadFile(fsys, p); rerr != nil {
		err = fmt.Errorf("cannot read %s: %v", name, rerr)
	} else if f, cerr := templates.CheckImage(name, data); cerr != nil {
		err = cerr
	} else {
		pic = pictureOf(f)
	}
	ps.byPath[key] = pictureResult{pic, err}
	return pic, err
}

// cellPicture resolves the picture an item's image zone shows: the file its
// field names, relative to the row's workbook (or, for a template's own
// card, to the templates folder). It returns nil for a blank field, and
// reports a file that cannot be used at the cell.
func (r *renderer) cellPicture(it *Item, z *templates.Zone) *Picture {
	vals := r.rawValues(it, []string{z.Field})
	name := ""
	if len(vals) > 0 {
		name = strings.TrimSpace(vals[0])
	}
	if name == "" {
		return pictureOf(z.PlaceholderImage)
	}
	pos := it.pos(z.Field)
	var pic *Picture
	var err error
	hint := ""
	switch {
	case it.Card != nil:
		pic, err = r.pics.fromFS(it.Template.FS, name)
	default:
		// The workbook's folder, where it was read; engine tables keep
		// only the workbook's name, whose folder is the current one.
		dir := it.Row.Dir()
		if dir == "" {
			dir = filepath.Dir(pos.File)
		}
		switch {
		case filepath.IsAbs(name):
			pic, err = r.pics.fromDisk(name)
		case it.Row.Dir() == "" && (strings.HasPrefix(pos.File, "bundled:") || pos.File == ""):
			err = fmt.Errorf("%s: a bundled set has no folder to find pictures in", name)
		default:
			// A path typed on Windows (art\hero.png) names the same file
			// on every system.
			rel := filepath.FromSlash(strings.ReplaceAll(name, "\\", "/"))
			pic, err = r.pics.fromDisk(filepath.Join(dir, rel))
			if err != nil {
				if other, ok := sameButCase(dir, rel); ok {
					hint = fmt.Sprintf("the file is %s: the names differ in case, which Windows and macOS ignore and other systems do not", filepath.ToSlash(other))
				}
			}
		}
	}
	if err != nil {
		if r.once("image\x00" + pos.String() + "\x00" + name) {
			if hint == "" {
				hint = "name a PNG or JPEG file, its path relative to the workbook (such as art/" + it.ID() + ".png)"
			}
			r.diags.Add(diag.Errorf(pos, CodeImage, "card %q: %v", it.ID(), err).WithHint(hint))
		}
		return pictureOf(z.PlaceholderImage)
	}
	return pic
}

// sameButCase finds the file rel names under dir when only the case of
// its letters differs (Art/Hero.PNG for art/hero.png), as a path relative
// to dir.
func sameButCase(dir, rel string) (string, bool) {
	found := ""
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		entries, err := os.ReadDir(filepath.Join(dir, found))
		if err != nil {
			return "", false
		}
		match := ""
		for _, e := range entries {
			if strings.EqualFold(e.Name(), part) {
				match = e.Name()
				break
			}
		}
		if match == "" {
			return "", false
		}
		found = filepath.Join(found, match)
	}
	return found, found != filepath.Clean(rel)
}

// drawPicture draws an image zone: the picture scaled to cover the zone
// (cropped to it) or to fit inside it (centred).
func drawPicture(c Canvas, pic *Picture, box Rect, fit string) {
	if pic == nil || pic.W <= 0 || pic.H <= 0 || box.W <= 0 || box.H <= 0 {
		return
	}
	k := box.W / float64(pic.W)
	ky := box.H / float64(pic.H)
	if (fit == templates.FitContain) == (ky < k) {
		k = ky
	}
	w, h := float64(pic.W)*k, float64(pic.H)*k
	dst := Rect{box.X + (box.W-w)/2, box.Y + (box.H-h)/2, w, h}
	c.Begin(Group{Transform: Identity, Clip: &box})
	c.Image(pic, dst)
	c.End()
}

// pdfImage returns a picture's bytes in a form the PDF library embeds: a
// JPEG as it is, a PNG as it is when it is 8-bit and not interlaced,
// otherwise decoded and written again as a plain 8-bit PNG.
func pdfImage(p *Picture) ([]byte, string, error) {
	data, err := p.Bytes()
	if err != nil {
		return nil, "", err
	}
	if p.Format == "jpeg" {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err == nil && supportedJPEG(cfg) {
			return data, "JPG", nil
		}
	} else if plainPNG(data) {
		return data, "PNG", nil
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, toNRGBA(img)); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "PNG", nil
}

// plainPNG says whether a PNG is 8 bits a channel, not interlaced, and not
// a palette image: what the PDF library reads itself.
func plainPNG(data []byte) bool {
	// The IHDR chunk follows the 8-byte signature: length, type, width,
	// height, then bit depth (24), colour type (25) and interlace (28).
	if len(data) < 29 || string(data[12:16]) != "IHDR" {
		return false
	}
	depth, ctype, interlace := data[24], data[25], data[28]
	return depth == 8 && interlace == 0 && (ctype == 0 || ctype == 2 || ctype == 4 || ctype == 6)
}

func toNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x-b.Min.X, y-b.Min.Y, img.At(x, y))
		}
	}
	return out
}

// supportedJPEG says whether the PDF library embeds a JPEG as it is (grey,
// YCbCr or CMYK).
func supportedJPEG(cfg image.Config) bool {
	switch cfg.ColorModel {
	case color.GrayModel, color.YCbCrModel, color.CMYKModel:
		return true
	}
	return false
}
