package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/compiler/project"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/export/outfile"
	"github.com/deckwright/deckwright/templates"
)

func newExportCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "export",
		Short: "Export cards: print-ready PDF, PNG images, Tabletop Simulator decks",
		Long: `Export turns a build into cards, all from the game's card templates and the
same layout: 'export pdf' writes print-ready PDF card sheets, 'export png' one
image per card face, 'export tts' Tabletop Simulator deck sheets and saved
objects.`,
		Example: `  deckwright export pdf -o cards.pdf
  deckwright export pdf my-expansion/ --deck dangers -o dangers.pdf`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErr("say what to export: deckwright export pdf|png|tts [PATH] -o OUT")
		},
	}
	c.AddCommand(newExportPDFCmd(), newExportPNGCmd(), newExportTTSCmd())
	return c
}

// exportFlags are the flags of export pdf.
type exportFlags struct {
	diagFlags
	out        string
	decks      []string
	cards      []string
	layer      string
	proof      bool
	oneEach    bool
	size       string
	page       string
	bleed      float64
	bleedSet   bool
	duplex     string
	backs      string
	backOffset string
	layout     string
	margin     float64
	gutter     float64
	noMarks    bool
	templates  string
	quiet      bool
	pack       bool
	calibrate  bool
	maxCards   int
}

func newExportPDFCmd() *cobra.Command {
	var f exportFlags
	c := &cobra.Command{
		Use:   "pdf [PATH...|tables.json] -o out.pdf",
		Short: "Write print-ready PDF card sheets: fronts, duplex backs, crop marks",
		Long: `Export pdf prints every card of a build (a project folder, workbooks, engine
tables written by 'deckwright build', or with no PATH the bundled base set)
from the game's card templates: all the decks, double-sided Danger/Cliffhanger
cards, villain and reference cards, summary cards, hero, organization and
zeppelin sheets, each card as many times as its Count says. With no flags the PDF is ready to print at home: A4, cards at
their templates' size (poker, 63.5×88.9 mm; nine to a page), crop marks in
the margin, and after every page of fronts a page of backs mirrored for
long-edge duplex printing, so each back lands behind its front.

Printing at home: print double-sided, "flip on long edge", at 100% (not "fit
to page"). To line up the backs, print --calibrate first with the same
--page and --duplex (no project, no card flags): the ticks on its back behind the front's crosses are the values
to pass as --back-offset X,Y (mm; positive X moves backs right, Y down, as
seen on the back page). Cut along the crop marks, which stay 5 mm inside the
page. --pack fills sheets across decks instead of starting each deck on a
new sheet.

Printing at a print shop: --layout single writes one card per page at trim
size plus 3 mm bleed (--bleed to change it), with the PDF TrimBox and
BleedBox set; each back follows its front (--backs separate puts them in
their own file). --bleed on sheets adds bleed around every card, so fewer
fit on a page (six poker cards on A4).

Templates: a project's templates/ folder overrides the bundled templates by
name ('deckwright templates init DIR' writes them there to start from);
--templates DIR names another folder.

Large sets: a PDF holds at most --max-cards cards (3000); a larger export is
written as OUT-1.pdf, OUT-2.pdf, … so memory stays bounded.

Text that does not fit a card even at its template's smallest size is an
error at the card's cell (exit status 1); the PDF is still written, with the
zone outlined in red, so you can see it. Content errors in the workbooks
stop the export (nothing is written). Exit status: 0 ok, 1 content errors,
2 usage or I/O failure.`,
		Example: `  deckwright export pdf -o cards.pdf                       # the bundled base set, ready to print
  deckwright export pdf my-expansion/ -o arctic.pdf         # a project: base set + expansion
  deckwright export pdf my-expansion/ --layer arctic        # only the expansion's new and changed cards
  deckwright export pdf --deck dangers --deck events -o two-decks.pdf
  deckwright export pdf --cards ancient-puzzle,zombies --proof -o proof.pdf
  deckwright export pdf --page letter --duplex short --back-offset 0.5,-0.3
  deckwright export pdf --layout single --backs separate -o shop.pdf
  deckwright export pdf --calibrate --page letter -o calibrate.pdf
  deckwright export pdf my-expansion/ --layer arctic --pack
  deckwright export pdf --size bridge --gutter 2 --one-each`,
		RunE: func(c *cobra.Command, args []string) error {
			f.bleedSet = c.Flags().Changed("bleed")
			return runExport(c, args, &f)
		},
	}
	fl := c.Flags()
	f.diagFlags.add(c)
	fl.StringVarP(&f.out, "output", "o", "cards.pdf", "the PDF to write, or - for standard output")
	fl.StringArrayVar(&f.decks, "deck", nil, "print only this deck (repeatable, or comma-separated; 'deckwright templates list' names them)")
	fl.StringSliceVar(&f.cards, "cards", nil, "print only these card IDs, comma-separated (a Count 0 card prints once)")
	fl.StringVar(&f.layer, "layer", "", "print only the rows a layer (an expansion's set ID or name) adds or replaces")
	fl.BoolVar(&f.proof, "proof", false, "one card per page, front and back enlarged, with ID, layer, source cell and content hash, marked PROTOTYPE")
	fl.BoolVar(&f.oneEach, "one-each", false, "one copy of each card, whatever its Count")
	fl.StringVar(&f.size, "size", "", "card size: poker (63.5×88.9), bridge (57×89), tarot (70×120), mini (44×67) or WxH in mm (default: the templates' size)")
	fl.StringVar(&f.page, "page", "a4", "page size: a4, letter, or WxH in mm")
	fl.Float64Var(&f.bleed, "bleed", 0, "bleed in mm around each card, art extended into it (default 0 on sheets, 3 with --layout single)")
	fl.StringVar(&f.duplex, "duplex", "long", "backs for duplex printing: long (flip on long edge), short (flip on short edge), none (fronts only)")
	fl.StringVar(&f.backs, "backs", "", "separate: write the backs to their own file (OUT-backs.pdf) instead of after each front page")
	fl.StringVar(&f.backOffset, "back-offset", "0,0", "shift backs by X,Y mm to calibrate a printer's duplex")
	fl.StringVar(&f.layout, "layout", "sheets", "sheets (cards imposed on pages, with crop marks) or single (one card per page at trim size plus bleed, TrimBox and BleedBox set)")
	fl.Float64Var(&f.margin, "margin", 5, "page margin in mm kept clear of cards")
	fl.Float64Var(&f.gutter, "gutter", 0, "space between cards in mm")
	fl.BoolVar(&f.noMarks, "no-crop-marks", false, "leave out the crop marks")
	fl.BoolVar(&f.pack, "pack", false, "fill sheets across decks: cards of one size share pages instead of each deck starting a new sheet")
	fl.BoolVar(&f.calibrate, "calibrate", false, "write the duplex calibration sheet instead of cards: its back shows the --back-offset to pass")
	fl.IntVar(&f.maxCards, "max-cards", export.DefaultMaxCards, "most cards in one PDF; a larger export is split into numbered files (OUT-1.pdf, OUT-2.pdf, …)")
	fl.StringVar(&f.templates, "templates", "", "a folder of templates overriding the bundled ones (default: PATH/templates)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress or summary on standard error")
	_ = c.RegisterFlagCompletionFunc("size", fixedCompletion(templates.SizeNames()...))
	_ = c.RegisterFlagCompletionFunc("page", fixedCompletion("a4", "letter"))
	_ = c.RegisterFlagCompletionFunc("duplex", fixedCompletion("long", "short", "none"))
	_ = c.RegisterFlagCompletionFunc("backs", fixedCompletion("separate"))
	_ = c.RegisterFlagCompletionFunc("layout", fixedCompletion("sheets", "single"))
	return c
}

// options turns the flags into export options, or a usage error.
func (f *exportFlags) options() (export.Options, error) {
	o := export.DefaultOptions()
	var err error
	if o.Page, err = export.ParsePage(f.page); err != nil {
		return o, usageErr("--page: %v", err)
	}
	if f.size != "" {
		sz, err := templates.ParseSize(f.size)
		if err != nil {
			return o, usageErr("--size: %v", err)
		}
		o.CardSize = &sz
	}
	o.Bleed, o.Margin, o.Gutter = f.bleed, f.margin, f.gutter
	if f.layout == "single" && !f.bleedSet {
		o.Bleed = 3 // what print shops ask for
	}
	switch f.duplex {
	case "long":
		o.Duplex = export.DuplexLong
	case "short":
		o.Duplex = export.DuplexShort
	case "none":
		o.Duplex = export.DuplexNone
	default:
		return o, usageErr("--duplex must be long, short or none, not %q", f.duplex)
	}
	switch f.backs {
	case "", "separate":
	default:
		return o, usageErr("--backs takes one value, separate, not %q", f.backs)
	}
	if f.backs == "separate" && o.Duplex == export.DuplexNone {
		return o, usageErr("--backs separate and --duplex none contradict each other: none prints no backs")
	}
	if f.backs == "separate" && f.out == "-" {
		return o, usageErr("--backs separate needs a file name (-o out.pdf): the backs go to out-backs.pdf")
	}
	if o.BackOffset, err = export.ParseOffset(f.backOffset); err != nil {
		return o, usageErr("--back-offset: %v", err)
	}
	switch f.layout {
	case "sheets", "sheet", "":
		o.Layout = export.LayoutSheets
	case "single":
		o.Layout = export.LayoutSingle
	default:
		return o, usageErr("--layout must be sheets or single, not %q", f.layout)
	}
	if f.proof {
		if o.Layout == export.LayoutSingle {
			return o, usageErr("--proof and --layout single are different layouts: choose one")
		}
		o.Layout = export.LayoutProof
	}
	o.OneEach = f.oneEach
	for _, d := range f.decks {
		for _, name := range strings.Split(d, ",") {
			if name = strings.TrimSpace(name); name != "" {
				o.Decks = append(o.Decks, name)
			}
		}
	}
	o.Cards, o.Layer = f.cards, f.layer
	o.CropMarks = !f.noMarks
	o.Pack = f.pack
	if f.maxCards < 1 {
		return o, usageErr("--max-cards must be 1 or more, not %d", f.maxCards)
	}
	o.MaxCards = f.maxCards
	return o, nil
}

// templateFolders returns the override folders for a build's paths: each
// project folder's templates/ subfolder (or a workbook's folder's), then
// --templates.
func templateFolders(paths []string, explicit string) ([]templates.Folder, error) {
	var out []templates.Folder
	seen := map[string]bool{}
	for _, p := range paths {
		dir := p
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			dir = filepath.Dir(p)
		}
		if seen[dir] {
			continue
		}
		seen[dir] = true
		if f, ok := templates.ProjectFolder(dir); ok {
			out = append(out, f)
		}
	}
	if explicit != "" {
		st, err := os.Stat(explicit)
		if err != nil || !st.IsDir() {
			return nil, usageErr("--templates %s is not a folder", explicit)
		}
		out = append(out, templates.DirFolder(explicit))
	}
	return out, nil
}

// checkCards adds to a build's diagnostics what its cards would print
// badly: its templates' own problems, then every card laid out as the
// export would (export.Check). A build with errors is not laid out.
func checkCards(b *project.Build, args []string, explicit string) error {
	if b.Tables == nil || b.Diags.Errors() > 0 {
		return nil
	}
	folders, err := templateFolders(args, explicit)
	if err != nil {
		return err
	}
	set, tl := templates.Load(b.Module.Schema(), folders...)
	b.Diags.Append(tl)
	if tl.Errors() == 0 {
		b.Diags.Append(export.Check(set, b.Tables))
	}
	b.Diags.Sort()
	return nil
}

func runExport(c *cobra.Command, args []string, f *exportFlags) error {
	stderr := c.ErrOrStderr()
	if err := f.check(); err != nil {
		return err
	}
	opt, err := f.options()
	if err != nil {
		return err
	}
	if f.calibrate {
		if err := calibrationOnly(c, args); err != nil {
			return err
		}
		return writeCalibration(c, f, opt)
	}
	ld, err := f.load(c, args)
	if ld == nil || err != nil {
		return err
	}
	if !f.quiet && isTerminal(stderr) {
		opt.Progress = exportProgress(stderr, "card faces")
	}
	files := outfile.NewBatch(c.OutOrStdout())
	defer files.Abort()
	o := export.Output{}
	if f.out == "-" {
		if o.Fronts, err = createPart(files, f.out); err != nil {
			return err
		}
	} else {
		o.Part = func(n, total int) (export.Output, error) {
			name := f.out
			if total > 1 {
				name = partName(f.out, n, total)
				if n == 1 && !f.quiet {
					fmt.Fprintf(stderr, "the export has more cards than one PDF holds (%d): writing %s … %s\n", opt.MaxCards, name, partName(f.out, total, total))
				}
			}
			var part export.Output
			var err error
			if part.Fronts, err = createPart(files, name); err != nil {
				return part, err
			}
			if f.backs == "separate" {
				if part.Backs, err = createPart(files, backsName(name)); err != nil {
					return part, err
				}
			}
			return part, nil
		}
	}
	st, el, err := export.Export(ld.set, ld.tables, o, opt)
	if opt.Progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	ld.diags.Append(el)
	if err != nil {
		return exportErr(err)
	}
	if err := files.Commit(); err != nil {
		return &exitError{code: exitUsage, msg: err.Error()}
	}
	if err := f.print(stderr, ld.diags); err != nil {
		return err
	}
	if !f.quiet && f.format == "text" {
		fmt.Fprintln(stderr, exportSummary(f, opt, st))
	}
	return f.failure(ld.diags)
}

// exportErr turns an export's error into the command's exit.
func exportErr(err error) error {
	var ue *export.UsageError
	if errors.As(err, &ue) {
		return usageErr("%s", ue.Msg)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "write" {
		return usageErr("cannot write %s: %v", pe.Path, pe.Err)
	}
	return &exitError{code: exitUsage, msg: err.Error()}
}

// loaded is a build and its templates, ready to export.
type loaded struct {
	set    *templates.Set
	tables *table.Tables
	diags  *diag.List
}

// load builds the paths and loads their templates. Content errors are
// reported and end the command (nil, a *diag.ContentError); nothing is
// written.
func (f *exportFlags) load(c *cobra.Command, args []string) (*loaded, error) {
	stderr := c.ErrOrStderr()
	folders, err := templateFolders(args, f.templates)
	if err != nil {
		return nil, err
	}
	b, err := load(args, project.Options{Game: f.game, Strict: f.strict, ValuesOnly: true})
	if err != nil {
		return nil, err
	}
	all := &diag.List{}
	all.Append(b.Diags)
	if b.Tables == nil || b.Diags.Errors() > 0 {
		return nil, f.fail(stderr, all)
	}
	set, tl := templates.Load(b.Module.Schema(), folders...)
	all.Append(tl)
	if tl.Errors() > 0 {
		return nil, f.fail(stderr, all)
	}
	return &loaded{set: set, tables: b.Tables, diags: all}, nil
}

// writeCalibration writes the duplex calibration sheet.
// calibrationOnly refuses what the calibration sheet does not read: it
// prints no content, so a project or a flag that picks or lays out cards
// would be ignored without a word.
func calibrationOnly(c *cobra.Command, args []string) error {
	const reads = "it reads only --page, --duplex, --back-offset and -o"
	if len(args) > 0 {
		return usageErr("--calibrate prints the duplex calibration sheet, not content: leave out %s (%s)", args[0], reads)
	}
	for _, name := range []string{"deck", "cards", "layer", "proof", "one-each", "size", "bleed", "backs", "layout", "margin", "gutter", "no-crop-marks", "pack", "max-cards", "templates"} {
		if c.Flags().Changed(name) {
			return usageErr("--calibrate prints the duplex calibration sheet, not cards: --%s does nothing with it (%s)", name, reads)
		}
	}
	return nil
}

func writeCalibration(c *cobra.Command, f *exportFlags, opt export.Options) error {
	files := outfile.NewBatch(c.OutOrStdout())
	defer files.Abort()
	w, err := createPart(files, f.out)
	if err != nil {
		return err
	}
	if err := export.Calibrate(w, opt); err != nil {
		return exportErr(err)
	}
	if err := files.Commit(); err != nil {
		return &exitError{code: exitUsage, msg: err.Error()}
	}
	if !f.quiet {
		where := f.out
		if where == "-" {
			where = "standard output"
		}
		fmt.Fprintf(c.ErrOrStderr(), "wrote %s: the duplex calibration sheet (%s, %s-edge duplex, --back-offset %s)\n",
			where, f.page, opt.Duplex, f.backOffset)
	}
	return nil
}

// createPart starts writing one file of an export's batch, refusing a
// folder with the file name it wants.
func createPart(files *outfile.Batch, path string) (*outfile.File, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, usageErr("-o %s is a folder; name the file, such as %s", path, filepath.Join(path, "cards.pdf"))
	}
	f, err := files.Create(path)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return f, nil
}

// partName numbers part n of a split export of total parts: cards.pdf →
// cards-2.pdf, zero-padded to the width of total (cards-02.pdf of 12) so
// that the files list, and print, in order.
func partName(out string, n, total int) string {
	ext := filepath.Ext(out)
	return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(out, ext), len(strconv.Itoa(total)), n, ext)
}

func exportSummary(f *exportFlags, opt export.Options, st *export.Stats) string {
	where := f.out
	switch {
	case where == "-":
		where = "standard output"
	case st.Files > 1:
		where = fmt.Sprintf("%s … %s (%d files of at most %d card%s)", partName(f.out, 1, st.Files), partName(f.out, st.Files, st.Files), st.Files, opt.MaxCards, plural(opt.MaxCards))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "wrote %s: %d page%s, %d card%s", where, st.Pages, plural(st.Pages), st.Cards, plural(st.Cards))
	switch {
	case opt.Layout == export.LayoutProof:
		b.WriteString(", proofs")
	case f.backs == "separate":
		fmt.Fprintf(&b, "; backs in %s (%d pages)", backsName(f.out), st.BackPages)
	case st.BackPages > 0 && opt.Layout == export.LayoutSingle:
		b.WriteString(", each front followed by its back")
	case st.BackPages > 0:
		fmt.Fprintf(&b, ", fronts and backs for %s-edge duplex", opt.Duplex)
	}
	return b.String()
}

// backsName is the file --backs separate writes: cards.pdf → cards-backs.pdf.
func backsName(out string) string {
	ext := filepath.Ext(out)
	return strings.TrimSuffix(out, ext) + "-backs" + ext
}

func exportProgress(w io.Writer, what string) func(done, total int) {
	last := -1
	return func(done, total int) {
		pct := 0
		if total > 0 {
			pct = done * 100 / total
		}
		if pct != last {
			last = pct
			fmt.Fprintf(w, "\rexporting: %d/%d %s (%d%%)", done, total, what, pct)
		}
	}
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
