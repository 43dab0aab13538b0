package templates

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Size is a card or sheet size in millimetres.
type Size struct {
	Name string // "poker", or "" for a custom size
	W, H float64
}

// CardSizes are the standard card sizes, in the order help lists them.
var CardSizes = []Size{
	{"poker", 63.5, 88.9},
	{"bridge", 57, 89},
	{"tarot", 70, 120},
	{"mini", 44, 67},
}

// SizeNames lists the standard card size names, for hints.
func SizeNames() []string {
	out := make([]string, len(CardSizes))
	for i, s := range CardSizes {
		out[i] = s.Name
	}
	return out
}

func (s Size) String() string {
	dims := trimFloat(s.W) + "×" + trimFloat(s.H) + " mm"
	if s.Name != "" {
		return s.Name + " " + dims
	}
	return dims
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ErrSizeRange says a WxH size is outside what deckwright lays out.
var ErrSizeRange = errors.New("out of range: each side from 10 to 1000 mm")

// ParseSize reads a standard size name or a custom WxH in millimetres
// ("63.5x88.9", "70×120"). Sizes run from 10 mm to 1000 mm.
func ParseSize(s string) (Size, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	for _, c := range CardSizes {
		if c.Name == s {
			return c, nil
		}
	}
	s = strings.TrimSuffix(s, "mm")
	sep := strings.IndexAny(s, "x×*")
	if sep < 0 {
		return Size{}, fmt.Errorf("unknown size %q: use %s, or WxH in millimetres such as 63.5x88.9", s, strings.Join(SizeNames(), ", "))
	}
	w, err1 := strconv.ParseFloat(strings.TrimSpace(s[:sep]), 64)
	_, n := firstRune(s[sep:])
	h, err2 := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s[sep+n:], "mm")), 64)
	if err1 != nil || err2 != nil {
		return Size{}, fmt.Errorf("size %q is not WxH in millimetres, such as 63.5x88.9", s)
	}
	if !(w >= 10 && w <= 1000 && h >= 10 && h <= 1000) { // NaN too
		return Size{}, fmt.Errorf("size %q is %w", s, ErrSizeRange)
	}
	return Size{W: w, H: h}, nil
}

func firstRune(s string) (rune, int) {
	for i, r := range s {
		if i == 0 {
			return r, len(string(r))
		}
	}
	return 0, 0
}
