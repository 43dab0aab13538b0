package templates

import (
	"bytes"
	"io/fs"
	"path"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/image/font/sfnt"

	"github.com/deckwright/deckwright/engine/diag"
)

// FontFamily is a family of font files a project brings (shared.yaml's
// fonts:), by style.
type FontFamily struct {
	Name   string
	Styles map[string]*FontFile
	Pos    diag.Pos
}

// FontFile is one TrueType (or TrueType-flavoured OpenType) file.
type FontFile struct {
	Path string // relative to its templates folder
	Data []byte
	Pos  diag.Pos
}

// maxFontFile bounds a font file's size (a full CJK font is about 20 MB).
const maxFontFile = 48 << 20

// FontFamilies lists the project's font families by name.
func (s *Set) FontFamilies() []string {
	out := make([]string, 0, len(s.Fonts))
	for k := range s.Fonts {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// FontStyles returns the styles a family has: a project family's own, or
// a bundled family's; ok is false for an unknown family.
func (s *Set) FontStyles(family string) ([]string, bool) {
	if ff, ok := s.Fonts[family]; ok {
		var out []string
		for _, st := range Styles {
			if _, ok := ff.Styles[st]; ok {
				out = append(out, st)
			}
		}
		return out, true
	}
	st, ok := Fonts[family]
	return st, ok
}

// familyNames lists every family a zone may name, for hints.
func (s *Set) familyNames() []string {
	out := append([]string{}, FontNames...)
	for _, k := range s.FontFamilies() {
		if _, bundled := Fonts[k]; !bundled {
			out = append(out, k)
		}
	}
	return out
}

// fontsSpec is shared.yaml's fonts: before the files are read.
type fontsSpec struct {
	family string
	styles map[string]fontRef
	pos    diag.Pos
}

type fontRef struct {
	path string
	pos  diag.Pos
}

// parseFonts reads fonts: {family: {style: file, …}, …}.
func (d *decoder) parseFonts(v *yaml.Node) []fontsSpec {
	if v.Kind != yaml.MappingNode {
		d.errorf(v, CodeBadValue, "fonts must be a mapping of family: {regular: file.ttf, bold: …}")
		return nil
	}
	var out []fontsSpec
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, body := v.Content[i], d.node(v.Content[i+1])
		if body == nil {
			return out
		}
		name := strings.ToLower(strings.TrimSpace(k.Value))
		if !validName(name) {
			d.errorf(k, CodeBadValue, "font family %q: use letters, digits and hyphens", k.Value)
			continue
		}
		spec := fontsSpec{family: name, styles: map[string]fontRef{}, pos: d.pos(k)}
		if body.Kind == yaml.ScalarNode {
			spec.styles["regular"] = fontRef{body.Value, d.pos(body)}
			out = append(out, spec)
			continue
		}
		set := map[string]func(*yaml.Node){}
		for _, st := range Styles {
			set[st] = func(v *yaml.Node) {
				if s, ok := d.str(v, "font file"); ok {
					spec.styles[st] = fontRef{s, d.pos(v)}
				}
			}
		}
		d.fields(body, "font family "+name, set)
		if _, ok := spec.styles["regular"]; !ok && len(spec.styles) > 0 {
			d.diags.Add(diag.Errorf(d.pos(k), CodeMissing, "font family %q has no regular style", name).WithHint("add regular: a .ttf file; the other styles are optional"))
		}
		out = append(out, spec)
	}
	return out
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// loadFonts reads a folder's font files and checks that each is a font the
// PDF can embed.
func loadFonts(fsys fs.FS, label string, specs []fontsSpec, l *diag.List) map[string]*FontFamily {
	out := map[string]*FontFamily{}
	for _, sp := range specs {
		ff := &FontFamily{Name: sp.family, Styles: map[string]*FontFile{}, Pos: sp.pos}
		for _, st := range Styles {
			ref, ok := sp.styles[st]
			if !ok {
				continue
			}
			if data, ok := readFont(fsys, label, ref, l); ok {
				ff.Styles[st] = &FontFile{Path: ref.path, Data: data, Pos: ref.pos}
			}
		}
		if _, ok := ff.Styles["regular"]; ok {
			out[sp.family] = ff
		}
	}
	return out
}

func readFont(fsys fs.FS, label string, ref fontRef, l *diag.List) ([]byte, bool) {
	p := path.Clean(strings.ReplaceAll(ref.path, "\\", "/"))
	fail := func(format string, args ...any) ([]byte, bool) {
		l.Add(diag.Errorf(ref.pos, CodeFont, format, args...).WithHint("font files live in the templates folder (such as fonts/MyFont-Regular.ttf) and are TrueType: .ttf, or .otf with TrueType outlines"))
		return nil, false
	}
	if !fs.ValidPath(p) {
		return fail("font file %q is outside the templates folder %s", ref.path, label)
	}
	st, err := fs.Stat(fsys, p)
	switch {
	case err != nil:
		return fail("cannot read font file %s/%s: %v", label, p, unwrapPath(err))
	case !st.Mode().IsRegular():
		return fail("font file %s/%s is not a regular file", label, p)
	case st.Size() > maxFontFile:
		return fail("font file %s/%s is larger than 48 MiB", label, p)
	}
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return fail("cannot read font file %s/%s: %v", label, p, unwrapPath(err))
	}
	switch {
	case bytes.HasPrefix(data, []byte("ttcf")):
		return fail("%s is a font collection (.ttc): name one font file of it", p)
	case bytes.HasPrefix(data, []byte("OTTO")):
		return fail("%s has PostScript (CFF) outlines, which the PDF writer cannot embed: use the family's TrueType (.ttf) files", p)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		return fail("%s is not a TrueType font: %v", p, err)
	}
	var b sfnt.Buffer
	if _, err := f.GlyphIndex(&b, 'A'); err != nil || f.NumGlyphs() < 2 {
		return fail("%s has no usable character map", p)
	}
	return data, true
}
