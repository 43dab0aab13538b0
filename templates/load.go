package templates

import (
	"embed"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export/outfile"
)

// bundled holds a folder of templates for each game deckwright ships,
// named by the game's ID. The pattern names no game: a game's templates
// are found by its ID, and a module registered from outside brings its
// own in a project's templates folder.
//
//go:embed */*.yaml
var bundled embed.FS

// maxFile bounds a template file's size.
const maxFile = 1 << 20

// Defaults returns the bundled templates of a game, as a folder.
func Defaults(game string) (fs.FS, bool) {
	sub, err := fs.Sub(bundled, game)
	if err != nil {
		return nil, false
	}
	if _, err := fs.Stat(sub, SharedFile); err != nil {
		return nil, false
	}
	return sub, true
}

// Folder is one source of templates: the bundled defaults or a project's
// templates/ folder.
type Folder struct {
	FS fs.FS
	// Label prefixes file names in messages: "bundled:templates/fortune-and-glory"
	// or "my-expansion/templates".
	Label string
}

// ProjectFolder returns the templates folder of a project (its templates/
// subfolder) when it exists.
func ProjectFolder(project string) (Folder, bool) {
	dir := filepath.Join(project, "templates")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return Folder{}, false
	}
	return DirFolder(dir), true
}

// DirFolder is a folder of template files on disk.
func DirFolder(dir string) Folder {
	return Folder{FS: os.DirFS(dir), Label: filepath.ToSlash(dir)}
}

// Load reads the game's bundled templates, then each folder of overrides in
// turn, and checks the result against the game's schema. A template in an
// override folder replaces the template of the same name; new names add
// templates. shared.yaml and icons.yaml are merged key by key.
func Load(s *table.Schema, overrides ...Folder) (*Set, *diag.List) {
	l := &diag.List{}
	def, ok := Defaults(s.Game)
	var folders []Folder
	if ok {
		folders = append(folders, Folder{FS: def, Label: "bundled:templates/" + s.Game})
	}
	folders = append(folders, overrides...)
	set := &Set{Game: s.Game, Schema: s, Colors: map[string]Color{}, Icons: map[string]*Icon{}, Fonts: map[string]*FontFamily{}, Images: map[string]*ImageFile{}}
	byName := map[string]*Template{}
	var order []string
	orderPos := diag.Pos{}
	for _, f := range folders {
		sh, icons, tpls := readFolder(f, l)
		if sh != nil {
			if sh.Game != "" && sh.Game != s.Game {
				l.Errorf(diag.Pos{File: f.Label + "/" + SharedFile, Line: 1}, CodeBadValue, "these templates are for %q, not %q", sh.Game, s.Game)
			}
			for k, c := range sh.Colors {
				set.Colors[k] = c
			}
			if sh.OrderSet {
				order = sh.Order
				orderPos = diag.Pos{File: f.Label + "/" + SharedFile}
			}
			if sh.InlineIcons != nil {
				set.InlineIcons = *sh.InlineIcons
			}
			for k, ff := range loadFonts(f.FS, f.Label, sh.Fonts, l) {
				set.Fonts[k] = ff
			}
			if sh.FallbackSet {
				set.Fallback, set.FallbackPos = sh.Fallback, sh.FallbackPos
			}
		}
		for k, ic := range icons {
			set.Icons[k] = ic
		}
		for _, t := range tpls {
			byName[t.Name] = t
		}
	}
	// Print order: the order list, then the rest by name.
	rank := map[string]int{}
	for i, n := range order {
		if _, ok := byName[n]; !ok {
			l.Add(diag.Warnf(orderPos, CodeMissing, "shared.yaml orders a template %q that does not exist", n).WithHint(diag.DidYouMean(n, mapKeys(byName))))
		}
		if _, dup := rank[n]; !dup {
			rank[n] = i
		}
	}
	for _, t := range byName {
		set.Templates = append(set.Templates, t)
	}
	sort.Slice(set.Templates, func(i, j int) bool {
		a, b := set.Templates[i], set.Templates[j]
		ra, oka := rank[a.Name]
		rb, okb := rank[b.Name]
		switch {
		case oka && okb:
			return ra < rb
		case oka != okb:
			return oka
		}
		return a.Name < b.Name
	})
	check(set, l)
	return set, l
}

func mapKeys[V any](m map[string]V) []string {
	return table.SortedKeys(m)
}

// readFolder parses every .yaml file of a folder.
func readFolder(f Folder, l *diag.List) (*shared, map[string]*Icon, []*Template) {
	entries, err := fs.ReadDir(f.FS, ".")
	if err != nil {
		l.Errorf(diag.Pos{File: f.Label}, CodeTemplateIO, "cannot read the templates folder: %v", unwrapPath(err))
		return nil, nil, nil
	}
	var sh *shared
	var icons map[string]*Icon
	var tpls []*Template
	seen := map[string]diag.Pos{}
	images := map[string]*ImageFile{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			continue
		}
		file := f.Label + "/" + name
		data, err := readLimited(f.FS, name)
		if err != nil {
			l.Errorf(diag.Pos{File: file}, CodeTemplateIO, "%v", err)
			continue
		}
		d := &decoder{file: file, diags: l}
		switch name {
		case SharedFile:
			sh = d.parseShared(data)
		case IconsFile:
			icons = d.parseIcons(data)
		default:
			t := d.parseTemplate(data)
			if t == nil || t.Name == "" {
				continue
			}
			if prev, dup := seen[t.Name]; dup {
				l.Add(diag.Errorf(t.Pos, CodeDuplicate, "template %q is also defined in %s", t.Name, path.Base(prev.File)).
					WithHint("give each template its own name; a project template with a bundled template's name replaces it"))
				continue
			}
			seen[t.Name] = t.Pos
			t.FS = f.FS
			readImages(f, t, images, l)
			tpls = append(tpls, t)
		}
	}
	return sh, icons, tpls
}

// readImages reads the pictures a template's zones name from its folder,
// each file once.
func readImages(f Folder, t *Template, cache map[string]*ImageFile, l *diag.List) {
	read := func(name string, pos diag.Pos) *ImageFile {
		if name == "" {
			return nil
		}
		if im, ok := cache[name]; ok {
			return im
		}
		im := readTemplateImage(f.FS, f.Label, name, pos, l)
		cache[name] = im
		return im
	}
	for _, face := range []*Face{t.Front, t.Back} {
		if face == nil {
			continue
		}
		for _, z := range face.Zones {
			if z.Type != ZoneImage {
				continue
			}
			z.SrcImage = read(z.Src, keyPos(z, "src"))
			z.PlaceholderImage = read(z.Placeholder, keyPos(z, "placeholder"))
		}
	}
}

func keyPos(z *Zone, key string) diag.Pos {
	if p, ok := z.Keys[key]; ok {
		return p
	}
	return z.Pos
}

func readLimited(fsys fs.FS, name string) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if !st.Mode().IsRegular() { // a device or a pipe would never end
		return nil, errors.New("not a regular file (a device, a pipe, …): not a template")
	}
	if st.Size() > maxFile {
		return nil, errors.New("the file is larger than 1 MiB: not a template")
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, unwrapPath(err)
	}
	return data, nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteDefaults writes the bundled templates of a game into dir, which is
// created. Existing files are kept unless force is set; it returns the
// files written.
func WriteDefaults(game, dir string, force bool) ([]string, error) {
	def, ok := Defaults(game)
	if !ok {
		return nil, errors.New("no bundled templates for " + game)
	}
	entries, err := fs.ReadDir(def, ".")
	if err != nil {
		return nil, err
	}
	if !force {
		for _, e := range entries {
			if _, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
				return nil, errors.New(filepath.Join(dir, e.Name()) + " already exists (use --force to overwrite the default templates)")
			}
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		data, err := fs.ReadFile(def, e.Name())
		if err != nil {
			return out, err
		}
		p := filepath.Join(dir, e.Name())
		if err := outfile.WriteFile(p, data, nil); err != nil {
			return out, err
		}
		out = append(out, p)
	}
	return out, nil
}
