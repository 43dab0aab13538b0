package compiler

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
)

// Limits bound what reading a workbook may cost, so a hostile or broken
// file gets a clear diagnostic in bounded time and memory.
type Limits struct {
	FileSize  int64 // bytes of the .xlsx file
	Unzipped  int64 // total bytes after decompression
	PartSize  int64 // bytes of one decompressed part (a sheet's XML)
	Rows      int   // rows read per sheet
	Columns   int   // columns read per row
	CellChars int   // characters per cell
}

// DefaultLimits are generous for content (the whole Fortune and Glory base
// set is well under 1 MB and 100 rows a sheet) and small for attacks.
var DefaultLimits = Limits{
	FileSize:  64 << 20,
	Unzipped:  256 << 20,
	PartSize:  64 << 20,
	Rows:      20000,
	Columns:   200,
	CellChars: 8000,
}

// Workbook is a workbook's raw cell text, sheet by sheet.
type Workbook struct {
	File string // the name diagnostics use
	// Dir is the folder the workbook was read from, which file paths in
	// its cells are relative to ("" for a workbook read from memory).
	Dir    string
	Sheets []*RawSheet
	// Lost are the places where reading dropped content after reporting
	// it: a cell (a text too long, a formula without a saved result, a
	// merged range), a row, or a whole sheet (Row 0: rows past the limit).
	// The compiler keeps checks that would miss that content from
	// reporting its absence a second time.
	Lost []diag.Pos
}

// Sheet finds a sheet by name, ignoring case and spacing, or nil.
func (wb *Workbook) Sheet(name string) *RawSheet {
	for _, s := range wb.Sheets {
		if diag.FoldName(s.Name) == diag.FoldName(name) {
			return s
		}
	}
	return nil
}

// Game returns what the workbook's Set sheet names in its Game column, or
// "" — enough to pick the game module before compiling.
func (wb *Workbook) Game() string {
	set := wb.Sheet("Set")
	if set == nil || len(set.Rows) < 2 {
		return ""
	}
	for i, h := range set.Rows[0] {
		if diag.FoldName(h) == "game" && i < len(set.Rows[1]) {
			return strings.TrimSpace(set.Rows[1][i])
		}
	}
	return ""
}

// RawSheet is one sheet's cell text. Rows[i] is spreadsheet row Nums[i].
type RawSheet struct {
	Name string
	Rows [][]string
	Nums []int
	// Formulas holds the cells that hold a formula, as typed ("=1+2");
	// Rows holds each one's saved result ("" when none was saved). Rows
	// of formulas without results are blank and left out of Rows.
	Formulas map[Cell]string
	// Cut holds the cells longer than Limits.CellChars, which Rows holds
	// blank: what dump shows in their place.
	Cut map[Cell]CutCell
	// Hidden holds the rows the spreadsheet hides (.xlsx): read like any
	// other, which a designer who hid a card to drop it must be told.
	Hidden map[int]bool
}

// unreadable says whether a cell reads blank because reading reported it:
// a formula without a saved result, or a cell too long to read.
func (rs *RawSheet) unreadable(row, col int) bool {
	_, formula := rs.Formulas[Cell{Row: row, Col: col}]
	_, cut := rs.Cut[Cell{Row: row, Col: col}]
	return formula || cut
}

// CutCell describes a cell too long to read.
type CutCell struct {
	Chars int    // its length in characters
	Hash  string // the first 12 hex digits of its SHA-256, so a diff shows it changed
}

// ReadWorkbook reads a workbook's cell text: an .xlsx file (Excel,
// LibreOffice, Google Sheets, scripts) or an OpenDocument spreadsheet
// (.ods, LibreOffice's own format, or its one-file XML form .fods), told
// apart by their content, not their name.
// Every problem is reported in the list; a nil Workbook means the file
// could not be read at all.
func ReadWorkbook(file string, data []byte, lim Limits) (*Workbook, *diag.List) {
	var l diag.List
	at := diag.Pos{File: file}
	if int64(len(data)) > lim.FileSize {
		l.Errorf(at, CodeTooLarge, "the file is %s; deckwright reads workbooks up to %s", size(int64(len(data))), size(lim.FileSize))
		return nil, &l
	}
	if isFlatODS(data) {
		total := lim.Unzipped
		wb := readODSContent(file, &partReader{r: bytes.NewReader(data), name: file, left: lim.PartSize, total: &total, lim: lim}, lim, &l)
		l.Sort()
		return wb, &l
	}
	if d := sniff(data); d != nil {
		d.Pos = at
		l.Add(*d)
		return nil, &l
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		l.Add(diag.Errorf(at, CodeDamaged, "the workbook is truncated or damaged (%v)", err).WithHint(resaveHint))
		return nil, &l
	}
	if d := checkZipSizes(zr, lim); d != nil {
		d.Pos = at
		l.Add(*d)
		return nil, &l
	}
	var wb *Workbook
	switch {
	case isODS(zr):
		wb = readODS(file, zr, lim, &l)
	default:
		wb = readXLSX(file, data, zr, lim, &l)

	}
	l.Sort()
	return wb, &l
}

const resaveHint = "open it in your spreadsheet program and save it again as .xlsx"

const bombHint = "content workbooks are small; this one may be damaged or built to exhaust memory"

// checkZipSizes checks the sizes a zip's directory states before anything
// is decompressed. Readers still count what really comes out (readPart),
// since the directory may lie.
func checkZipSizes(zr *zip.Reader, lim Limits) *diag.Diagnostic {
	var total uint64
	for _, zf := range zr.File {
		total += zf.UncompressedSize64
		if zf.UncompressedSize64 > uint64(lim.PartSize) {
			return &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("part %s unpacks to %s; deckwright reads parts up to %s", zf.Name, usize(zf.UncompressedSize64), size(lim.PartSize)),
				Hint:    bombHint}
		}
		if total > uint64(lim.Unzipped) {
			return &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("the workbook unpacks to more than %s", size(lim.Unzipped)), Hint: bombHint}
		}
	}
	return nil
}

// partReader reads a zip part and fails once more comes out than the
// limits allow, whatever the directory claimed: a part over PartSize, or
// all parts together over Unzipped.
type partReader struct {
	r     io.Reader
	name  string
	left  int64  // of this part
	total *int64 // left of the whole workbook
	lim   Limits
}

// errTooLarge is a part or a workbook that unpacks beyond the limits.
type errTooLarge struct{ d *diag.Diagnostic }

func (e *errTooLarge) Error() string { return e.d.Message }

func (p *partReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.left -= int64(n)
	*p.total -= int64(n)
	switch {
	case p.left < 0:
		return n, &errTooLarge{&diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
			Message: fmt.Sprintf("part %s unpacks to more than %s; deckwright reads parts up to %s", p.name, size(p.lim.PartSize), size(p.lim.PartSize)),
			Hint:    bombHint}}
	case *p.total < 0:
		return n, &errTooLarge{&diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
			Message: fmt.Sprintf("the workbook unpacks to more than %s", size(p.lim.Unzipped)), Hint: bombHint}}
	}
	return n, err
}

// zipDiag turns an error reading a part into the diagnostic a designer
// gets: too large, or damaged.
func zipDiag(name string, err error) *diag.Diagnostic {
	var big *errTooLarge
	if errors.As(err, &big) {
		return big.d
	}
	return &diag.Diagnostic{Severity: diag.Error, Code: CodeDamaged,
		Message: fmt.Sprintf("the workbook is truncated or damaged (%s: %v)", name, err), Hint: resaveHint}
}

// sheetReader builds one sheet from the rows a format's reader finds,
// applying the limits every format shares: rows, columns, characters per
// cell. Blank rows are skipped; row numbers are kept.
type sheetReader struct {
	wb   *Workbook
	sh   *RawSheet
	lim  Limits
	l    *diag.List
	lost map[diag.Pos]bool // each place once
	seen int               // problems met
}

func newSheetReader(wb *Workbook, name string, lim Limits, l *diag.List) *sheetReader {
	return &sheetReader{wb: wb, sh: &RawSheet{Name: name}, lim: lim, l: l, lost: map[diag.Pos]bool{}}
}

func (s *sheetReader) at(row, col int) diag.Pos {
	return diag.Pos{File: s.wb.File, Sheet: s.sh.Name, Row: row, Col: col}
}

// lose records content reading dropped, after reporting it.
func (s *sheetReader) lose(p diag.Pos) {
	if !s.lost[p] {
		s.lost[p] = true
		s.wb.Lost = append(s.wb.Lost, p)
	}
}

// problem counts a problem met and reports whether to report it: a sheet
// reports at most as many as it may have rows, more than anyone reads,
// so a hostile sheet of a million merged ranges costs bounded memory.
// Past that, the whole sheet counts as lost.
func (s *sheetReader) problem() bool {
	if s.seen++; s.seen > s.lim.Rows {
		s.lose(s.at(0, 0))
		return false
	}
	return true
}

// add takes spreadsheet row n (1-based, increasing) and owns cols. It
// reports false when the row lies past the row limit: reading stops there
// and keeps the rows before it.
func (s *sheetReader) add(n int, cols []string) bool {
	if len(cols) > s.lim.Columns {
		if !allBlank(cols[s.lim.Columns:]) && s.problem() {
			s.l.Add(diag.Errorf(s.at(n, s.lim.Columns+1), CodeTooManyCols,
				"the row has values beyond column %s; deckwright reads %d columns", diag.ColumnName(s.lim.Columns), s.lim.Columns).
				WithHint(fmt.Sprintf("move the values into columns A to %s, or delete them", diag.ColumnName(s.lim.Columns))))
			s.lose(s.at(n, 0))
		}
		cols = cols[:s.lim.Columns]
	}
	if allBlank(cols) {
		return true
	}
	if n > s.lim.Rows {
		s.l.Add(diag.Errorf(s.at(0, 0), CodeTooManyRows, "the sheet has more than %d rows; deckwright stops reading there", s.lim.Rows).
			WithHint("delete the unused rows below your content (select them, Delete Rows) and save"))
		s.lose(s.at(0, 0))
		return false
	}
	for i, c := range cols {
		if len(c) > s.lim.CellChars { // bytes ≥ runes: count runes only then
			if nc := utf8.RuneCountInString(c); nc > s.lim.CellChars {
				reportLong(s, n, i+1, nc, c)
				cols[i] = ""
			}
		}
	}
	s.sh.Rows = append(s.sh.Rows, cols)
	s.sh.Nums = append(s.sh.Nums, n)
	return true
}

// reportLong reports a cell with more text than any card can print, and
// notes it for dump (its length, a hash of its text); the caller blanks
// it.
func reportLong(s *sheetReader, row, col, chars int, text string) {
	if !s.problem() {
		return
	}
	s.l.Add(diag.Errorf(s.at(row, col), CodeLongCell, "the cell holds %d characters; the limit is %d", chars, s.lim.CellChars).WithHint("no card can print this much: shorten it"))
	s.lose(s.at(row, col))
	if s.sh.Cut == nil {
		s.sh.Cut = map[Cell]CutCell{}
	}
	sum := sha256.Sum256([]byte(text))
	s.sh.Cut[Cell{Row: row, Col: col}] = CutCell{Chars: chars, Hash: hex.EncodeToString(sum[:6])}
}

func allBlank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

func usize(n uint64) string {
	if n > 1<<62 {
		return "more than 4 EiB"
	}
	return size(int64(n))
}

func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// sniff recognises files that are not workbooks by their first bytes.
func sniff(data []byte) *diag.Diagnostic {
	switch {
	case len(data) == 0:
		return &diag.Diagnostic{Severity: diag.Error, Code: CodeDamaged, Message: "the file is empty", Hint: "open it in your spreadsheet program and save it again as .xlsx"}
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return nil
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		// An OLE container: an encrypted .xlsx or an old .xls.
		if bytes.Contains(data, utf16("EncryptedPackage")) {
			return &diag.Diagnostic{Severity: diag.Error, Code: CodeEncrypted, Message: "the workbook is password-protected",
				Hint: "remove the password (File → Protect / Encrypt) and save again; deckwright never asks for passwords"}
		}
		return &diag.Diagnostic{Severity: diag.Error, Code: CodeOldXLS, Message: "this is an old binary .xls workbook",
			Hint: "open it and save it as \"Excel Workbook (.xlsx)\""}
	}
	kind := "this is not a workbook (.xlsx or .ods)"
	if looksLikeText(data) {
		kind = "this is a text file (CSV?), not a workbook (.xlsx or .ods)"
	}
	return &diag.Diagnostic{Severity: diag.Error, Code: CodeNotXLSX, Message: kind,
		Hint: "open it in your spreadsheet program and save it as \"Excel Workbook (.xlsx)\""}
}

func utf16(s string) []byte {
	out := make([]byte, 0, 2*len(s))
	for _, r := range s {
		out = append(out, byte(r), 0)
	}
	return out
}

func looksLikeText(data []byte) bool {
	head := data[:min(len(data), 512)]
	return utf8.Valid(head) && !bytes.ContainsRune(head, 0)
}

func itoa(n int) string { return strconv.Itoa(n) }
