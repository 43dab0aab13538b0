package main

import (
	"fmt"
	"image"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/export/outfile"
	"github.com/deckwright/deckwright/templates"
)

// imageFlags are the flags of export png and export tts.
type imageFlags struct {
	exportFlags
	dpi float64
	url string
}

// addSelection registers the flags that choose what to export.
func (f *exportFlags) addSelection(c *cobra.Command) {
	fl := c.Flags()
	f.diagFlags.add(c)
	fl.StringArrayVar(&f.decks, "deck", nil, "export only this deck (repeatable, or comma-separated; 'deckwright templates list' names them)")
	fl.StringSliceVar(&f.cards, "cards", nil, "export only these card IDs, comma-separated")
	fl.StringVar(&f.layer, "layer", "", "export only the rows a layer (an expansion's set ID or name) adds or replaces")
	fl.StringVar(&f.size, "size", "", "card size: poker, bridge, tarot, mini or WxH in mm (default: the templates' size)")
	fl.StringVar(&f.templates, "templates", "", "a folder of templates overriding the bundled ones (default: PATH/templates)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress or summary on standard error")
	_ = c.RegisterFlagCompletionFunc("size", fixedCompletion(templates.SizeNames()...))
}

func newExportPNGCmd() *cobra.Command {
	var f imageFlags
	c := &cobra.Command{
		Use:   "png [PATH...|tables.json] -o DIR",
		Short: "Write one PNG per card face, front and back, from the same layout as the PDF",
		Long: `Export png renders every card of a build as images: one PNG per card face
(DIR/ID-front.png and DIR/ID-back.png), one per card whatever its Count, from
the very layout 'export pdf' prints.

Print-on-demand shops take card images: at 300 dpi a poker card is 750×1050
pixels, and --bleed adds bleed around it (--bleed alone is 3 mm; The Game
Crafter asks for 825×1125 pixels: --bleed 3.175, 1/8 inch; MakePlayingCards
for 822×1122: --bleed 3.048, 0.12 inch). Text that does not fit, characters no font prints and
missing art are reported at their cells, as for the PDF.`,
		Example: `  deckwright export png my-expansion/ -o cards/
  deckwright export png --deck dangers --bleed=3.175 -o tgc/
  deckwright export png --cards ancient-puzzle --dpi 600 -o proof/`,
		RunE: func(c *cobra.Command, args []string) error { return runExportPNG(c, args, &f) },
	}
	f.addSelection(c)
	fl := c.Flags()
	fl.StringVarP(&f.out, "output", "o", "", "the folder to write the images to (created if missing)")
	fl.Float64Var(&f.dpi, "dpi", export.DefaultDPI, fmt.Sprintf("resolution in pixels per inch (%d–%d)", export.MinDPI, export.MaxDPI))
	fl.Float64Var(&f.bleed, "bleed", 0, "bleed in mm around each card, art extended into it (--bleed alone: 3 mm)")
	fl.Lookup("bleed").NoOptDefVal = "3"
	return c
}

func newExportTTSCmd() *cobra.Command {
	var f imageFlags
	c := &cobra.Command{
		Use:   "tts [PATH...|tables.json] -o DIR",
		Short: "Write Tabletop Simulator deck sheets and saved objects",
		Long: `Export tts writes what Tabletop Simulator needs to play the decks: for each
deck of cards, face sheets of at most 10×7 cards and 4096 pixels a side
(DIR/DECK-1.png …) whose last slot is the card other players see in a hand,
the back (DIR/DECK-back.png, or a sheet of backs, DIR/DECK-backs-1.png, for
double-sided cards such as Danger/Cliffhanger), and a saved object
(DIR/DECK.json) that deals the deck with as many copies of each card as its
Count; GAME.json holds every deck.

Copy the .json files to Tabletop Simulator's Saved Objects folder. Their image
URLs are file:/// URLs of DIR, which work on your own computer; to play online,
upload the images and pass --url with the address they are served from.
Boards and mats (templates of kind sheet) are not cards and are left out: use
export png for them.`,
		Example: `  deckwright export tts my-expansion/ -o tts/
  deckwright export tts -o tts/ --url https://example.org/my-game/`,
		RunE: func(c *cobra.Command, args []string) error { return runExportTTS(c, args, &f) },
	}
	f.addSelection(c)
	fl := c.Flags()
	fl.StringVarP(&f.out, "output", "o", "", "the folder to write the sheets and saved objects to (created if missing)")
	fl.Float64Var(&f.dpi, "dpi", export.DefaultDPI, "most pixels per inch of a card (sheets also stay within 4096 pixels)")
	fl.StringVar(&f.url, "url", "", "where the images will be served from (default: the folder's file:/// URL)")
	return c
}

// outDir checks -o for commands that write a folder of files and makes it.
func outDir(dir string) error {
	switch dir {
	case "":
		return usageErr("name the folder to write to: -o DIR")
	case "-":
		return usageErr("-o - writes to standard output, which holds one file: name a folder")
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return usageErr("-o %s is a file: name a folder (it is created if missing)", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageErr("cannot make the folder %s: %v", dir, unwrapPathErr(err))
	}
	return nil
}

func (f *imageFlags) options() (export.Options, error) {
	f.page, f.duplex, f.backOffset, f.layout, f.maxCards = "a4", "long", "0,0", "sheets", 1
	opt, err := f.exportFlags.options()
	if err != nil {
		return opt, err
	}
	return opt, nil
}

// prepare checks the flags, makes the output folder and loads the build:
// what png and tts do first.
func (f *imageFlags) prepare(c *cobra.Command, args []string) (*loaded, export.Options, error) {
	if err := f.check(); err != nil {
		return nil, export.Options{}, err
	}
	opt, err := f.options()
	if err != nil {
		return nil, opt, err
	}
	if err := outDir(f.out); err != nil {
		return nil, opt, err
	}
	ld, err := f.load(c, args)
	return ld, opt, err
}

// finish reports an image export's diagnostics and summary.
func (f *imageFlags) finish(c *cobra.Command, ld *loaded, el *diag.List, err error, summary func() string) error {
	ld.diags.Append(el)
	if err != nil {
		return exportErr(err)
	}
	if err := f.print(c.ErrOrStderr(), ld.diags); err != nil {
		return err
	}
	if !f.quiet && f.format == "text" {
		fmt.Fprintln(c.ErrOrStderr(), summary())
	}
	return f.failure(ld.diags)
}

func runExportPNG(c *cobra.Command, args []string, f *imageFlags) error {
	stderr := c.ErrOrStderr()
	ld, opt, err := f.prepare(c, args)
	if ld == nil || err != nil {
		return err
	}
	if !f.quiet && isTerminal(stderr) {
		opt.Progress = exportProgress(stderr, "images")
	}
	size := ""
	batch := outfile.NewBatch(nil)
	defer batch.Abort()
	st, el, err := export.Images(ld.set, ld.tables, opt, f.dpi, func(face export.Face) error {
		if size == "" {
			size = fmt.Sprintf("%d×%d pixels", face.Image.Bounds().Dx(), face.Image.Bounds().Dy())
		}
		return writePNG(batch, filepath.Join(f.out, face.Name), face.Image, f.dpi)
	})
	if opt.Progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err == nil {
		err = commitImages(batch)
	}
	return f.finish(c, ld, el, err, func() string {
		return fmt.Sprintf("wrote %d PNG images of %d cards to %s (at %s dpi; the first %s)", st.Faces, st.Cards, f.out, trimNum(f.dpi), size)
	})
}

func runExportTTS(c *cobra.Command, args []string, f *imageFlags) error {
	ld, opt, err := f.prepare(c, args)
	if ld == nil || err != nil {
		return err
	}
	base := f.url
	if base == "" {
		abs, err := filepath.Abs(f.out)
		if err != nil {
			return usageErr("%v", err)
		}
		base = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs) + "/"}).String()
	} else if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	var images, saved []string
	batch := outfile.NewBatch(nil)
	defer batch.Abort()
	st, el, err := export.TTS(ld.set, ld.tables, opt, export.TTSOptions{URL: base, DPI: f.dpi}, func(file export.TTSFile) error {
		path := filepath.Join(f.out, file.Name)
		if file.Image != nil {
			images = append(images, file.Name)
			return writePNG(batch, path, file.Image, f.dpi)
		}
		saved = append(saved, file.Name)
		return writeBatched(batch, path, file.JSON)
	})
	if err == nil {
		err = commitImages(batch)
	}
	return f.finish(c, ld, el, err, func() string {
		return fmt.Sprintf("wrote %d images and %d saved objects (%s) to %s: %d cards", len(images), len(saved), strings.Join(saved, ", "), f.out, st.Cards)
	})
}

// writePNG encodes an image at dpi to a file of the export's batch.
func writePNG(batch *outfile.Batch, path string, img image.Image, dpi float64) error {
	data, err := export.EncodePNG(img, dpi)
	if err != nil {
		return err
	}
	return writeBatched(batch, path, data)
}

// writeBatched writes one file of an image export, complete on disk but
// not yet in its target's place: the export's files replace theirs
// together (commitImages), so a full disk or an interrupt halfway leaves
// the folder's previous images as they were, never half old, half new.
func writeBatched(batch *outfile.Batch, path string, data []byte) error {
	f, err := batch.Create(path)
	if err != nil {
		return outputErr("-o", err)
	}
	if _, err := f.Write(data); err != nil {
		_ = batch.Finish(f) // reports the write, removes the file
		return outputErr("-o", f.Err())
	}
	if err := batch.Finish(f); err != nil {
		return outputErr("-o", err)
	}
	return nil
}

func commitImages(batch *outfile.Batch) error {
	if err := batch.Commit(); err != nil {
		return outputErr("-o", err)
	}
	return nil
}

func trimNum(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}
