package templates

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
	"image/jpeg"
)

// Phones and cameras store a photo as the sensor saw it and record in its
// EXIF data how to turn it (the Orientation tag, 1–8). Every viewer and
// spreadsheet shows it turned; printed as stored, a designer's photo of a
// sketch would lie on its side. uprightJPEG turns such a JPEG upright.

// jpegOrientation reads the EXIF Orientation of a JPEG: 1 (as stored)
// when there is none or it cannot be read.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	o := 1
	jpegSegments(data, func(marker byte, seg []byte) bool {
		switch {
		case marker == 0xDA: // the image data: no EXIF past it
			return false
		case marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			o = tiffOrientation(seg[6:])
			return false
		}
		return true
	})
	return o
}

// tiffOrientation finds tag 0x0112 in the first directory of EXIF's TIFF
// structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(t[2:]) != 42 {
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	for k := range int(bo.Uint16(t[off:])) {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if bo.Uint16(t[e+2:]) != 3 { // a SHORT, held in the entry itself
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// uprightJPEG returns a JPEG whose EXIF Orientation is not 1 turned as
// the tag says and encoded again (without the tag), or data itself.
func uprightJPEG(data []byte) ([]byte, error) {
	o := jpegOrientation(data)
	if o == 1 {
		return data, nil
	}
	src, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	in := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(in, in.Bounds(), src, b.Min, draw.Src)
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = w-1-x, y
			case 3: // upside down
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored upside down
				sx, sy = x, h-1-y
			case 5: // transposed
				sx, sy = y, x
			case 6: // stored turned left: turn it right
				sx, sy = y, h-1-x
			case 7: // transversed
				sx, sy = w-1-y, h-1-x
			case 8: // stored turned right: turn it left
				sx, sy = w-1-y, x
			}
			i, j := out.PixOffset(x, y), in.PixOffset(sx, sy)
			copy(out.Pix[i:i+4], in.Pix[j:j+4])
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 95}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
