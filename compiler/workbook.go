package compiler

import (
	"archive/zip"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

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
	File   string // the name diagnostics use
	Sheets []*RawSheet
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

// ReadWorkbook reads an .xlsx file's cell text. Every problem is reported in
// the list; a nil Workbook means the file could not be read at all.
func ReadWorkbook(file string, data []byte, lim Limits) (*Workbook, *diag.List) {
	var l diag.List
	at := diag.Pos{File: file}
	if int64(len(data)) > lim.FileSize {
		l.Errorf(at, CodeTooLarge, "the file is %s; deckwright reads workbooks up to %s", size(int64(len(data))), size(lim.FileSize))
		return nil, &l
	}
	if d := sniff(data); d != nil {
		d.Pos = at
		l.Add(*d)
		return nil, &l
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		l.Errorf(at, CodeDamaged, "the workbook is truncated or damaged (%v)", err).Hint = "open it in your spreadsheet program and save it again as .xlsx"
		return nil, &l
	}
	flags, d := inspectZip(zr, lim)
	if d != nil {
		d.Pos = at
		l.Add(*d)
		return nil, &l
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: lim.Unzipped, UnzipXMLSizeLimit: min(lim.PartSize, 16<<20)})
	if err != nil {
		l.Errorf(at, CodeDamaged, "the workbook cannot be opened (%v)", err).Hint = "open it in your spreadsheet program and save it again as .xlsx"
		return nil, &l
	}
	defer f.Close()
	wb := &Workbook{File: file}
	var parts map[string]string
	if flags.formulas != nil {
		parts = sheetParts(zr)
	}
	for _, name := range f.GetSheetList() {
		sh := readSheet(f, file, name, lim, flags, parts, &l)
		if sh != nil {
			wb.Sheets = append(wb.Sheets, sh)
		}
	}
	l.Sort()
	return wb, &l
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

// sniff recognises files that are not .xlsx workbooks by their first bytes.
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
	kind := "this is not an .xlsx workbook"
	if looksLikeText(data) {
		kind = "this is a text file (CSV?), not an .xlsx workbook"
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

type zipFlags struct {
	formulas map[string]map[Cell]string // worksheet part → its formula cells
	merges   bool                       // some sheet has merged cells
}

// inspectZip checks sizes before anything is decompressed into memory, and
// notes whether any sheet has formulas or merged cells, so the costlier
// checks for those run only when needed.
func inspectZip(zr *zip.Reader, lim Limits) (zipFlags, *diag.Diagnostic) {
	var flags zipFlags
	var total uint64
	const bombHint = "content workbooks are small; this one may be damaged or built to exhaust memory"
	for _, zf := range zr.File {
		total += zf.UncompressedSize64
		if zf.UncompressedSize64 > uint64(lim.PartSize) {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("part %s unpacks to %s; deckwright reads parts up to %s", zf.Name, usize(zf.UncompressedSize64), size(lim.PartSize)),
				Hint:    bombHint}
		}
		if total > uint64(lim.Unzipped) {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("the workbook unpacks to more than %s", size(lim.Unzipped)), Hint: bombHint}
		}
	}
	var read uint64
	formulaCount := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") || !strings.HasSuffix(zf.Name, ".xml") {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeDamaged, Message: fmt.Sprintf("the workbook is damaged (%s: %v)", zf.Name, err)}
		}
		// The sizes in a zip's directory may lie; count what really comes out.
		body, err := io.ReadAll(io.LimitReader(rc, lim.PartSize+1))
		rc.Close()
		read += uint64(len(body))
		if err != nil {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeDamaged, Message: fmt.Sprintf("the workbook is truncated or damaged (%s: %v)", zf.Name, err),
				Hint: "open it in your spreadsheet program and save it again as .xlsx"}
		}
		if int64(len(body)) > lim.PartSize {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("part %s unpacks to more than %s; deckwright reads parts up to %s", zf.Name, size(lim.PartSize), size(lim.PartSize)),
				Hint:    bombHint}
		}
		if read > uint64(lim.Unzipped) {
			return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
				Message: fmt.Sprintf("the workbook unpacks to more than %s", size(lim.Unzipped)), Hint: bombHint}
		}
		if mayHoldFormulas(body) {
			fs, more := scanFormulas(bytes.NewReader(body), maxFormulas-formulaCount)
			if more {
				return flags, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
					Message: fmt.Sprintf("the workbook holds more than %d formulas", maxFormulas), Hint: bombHint}
			}
			if fs != nil {
				if flags.formulas == nil {
					flags.formulas = map[string]map[Cell]string{}
				}
				flags.formulas[zf.Name] = fs
				formulaCount += len(fs)
			}
		}
		flags.merges = flags.merges || bytes.Contains(body, []byte("<mergeCell "))
	}
	return flags, nil
}

// mayHoldFormulas is a quick test before a worksheet is scanned for
// formula elements (<f>, or <x:f> with a namespace prefix).
func mayHoldFormulas(body []byte) bool {
	for _, tag := range []string{"<f>", "<f ", "<f/", ":f>", ":f ", ":f/"} {
		if bytes.Contains(body, []byte(tag)) {
			return true
		}
	}
	return false
}

func readSheet(f *excelize.File, file, name string, lim Limits, flags zipFlags, parts map[string]string, l *diag.List) *RawSheet {
	at := diag.Pos{File: file, Sheet: name}
	rows, err := f.Rows(name)
	if err != nil {
		l.Errorf(at, CodeDamaged, "sheet cannot be read (%v)", err)
		return nil
	}
	defer rows.Close()
	sh := &RawSheet{Name: name, Formulas: flags.formulas[parts[name]]}
	n := 0
	for rows.Next() {
		n++
		if n > lim.Rows {
			l.Errorf(at, CodeTooManyRows, "the sheet has more than %d rows; deckwright stops reading there", lim.Rows).Hint =
				"delete the unused rows below your content (select them, Delete Rows) and save"
			return nil
		}
		cols, err := rows.Columns()
		if err != nil {
			l.Errorf(diag.Pos{File: file, Sheet: name, Row: n}, CodeDamaged, "row cannot be read (%v)", err)
			continue
		}
		if len(cols) > lim.Columns {
			extra := cols[lim.Columns:]
			if !allBlank(extra) {
				l.Errorf(diag.Pos{File: file, Sheet: name, Row: n, Col: lim.Columns + 1}, CodeTooManyCols,
					"the row has values beyond column %s; deckwright reads %d columns", diag.ColumnName(lim.Columns), lim.Columns).Hint =
					fmt.Sprintf("move the values into columns A to %s, or delete them", diag.ColumnName(lim.Columns))
			}
			cols = cols[:lim.Columns]
		}
		if allBlank(cols) {
			continue
		}
		for i, c := range cols {
			if nc := utf8.RuneCountInString(c); nc > lim.CellChars {
				l.Errorf(diag.Pos{File: file, Sheet: name, Row: n, Col: i + 1}, CodeLongCell,
					"the cell holds %d characters; the limit is %d", nc, lim.CellChars).Hint = "no card can print this much: shorten it"
				cols[i] = ""
				if sh.Cut == nil {
					sh.Cut = map[Cell]CutCell{}
				}
				sum := sha256.Sum256([]byte(c))
				sh.Cut[Cell{Row: n, Col: i + 1}] = CutCell{Chars: nc, Hash: hex.EncodeToString(sum[:6])}
			}
		}
		sh.Rows = append(sh.Rows, cols)
		sh.Nums = append(sh.Nums, n)
	}
	if err := rows.Error(); err != nil {
		l.Errorf(at, CodeDamaged, "sheet cannot be read (%v)", err)
	}
	if flags.merges {
		checkMerges(f, file, name, l)
	}
	checkFormulas(file, sh, l)
	return sh
}

func allBlank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// checkMerges reports merged ranges: a merged range keeps its value only in
// its top-left cell, so the rows below would silently lose theirs.
func checkMerges(f *excelize.File, file, sheet string, l *diag.List) {
	merged, err := f.GetMergeCells(sheet, true)
	if err != nil {
		return
	}
	for _, m := range merged {
		col, row, err := excelize.CellNameToCoordinates(m.GetStartAxis())
		if err != nil {
			continue
		}
		l.Errorf(diag.Pos{File: file, Sheet: sheet, Row: row, Col: col}, CodeMerged,
			"cells %s:%s are merged; only %s keeps a value", m.GetStartAxis(), m.GetEndAxis(), m.GetStartAxis()).Hint =
			"select the range and choose Unmerge, then fill every cell"
	}
}

// checkFormulas reports formula cells whose result was never saved (files
// written by scripts, or by spreadsheet programs told not to recalculate):
// they read blank. Formulas with a saved result are read as their result.
func checkFormulas(file string, sh *RawSheet, l *diag.List) {
	if len(sh.Formulas) == 0 {
		return
	}
	rowAt := make(map[int]int, len(sh.Nums))
	for i, n := range sh.Nums {
		rowAt[n] = i
	}
	cells := make([]Cell, 0, len(sh.Formulas))
	for c := range sh.Formulas {
		cells = append(cells, c)
	}
	slices.SortFunc(cells, func(a, b Cell) int { return cmp.Or(a.Row-b.Row, a.Col-b.Col) })
	for _, c := range cells {
		if i, ok := rowAt[c.Row]; ok && c.Col <= len(sh.Rows[i]) && sh.Rows[i][c.Col-1] != "" {
			continue // a saved result
		}
		if _, cut := sh.Cut[c]; cut {
			continue
		}
		l.Errorf(diag.Pos{File: file, Sheet: sh.Name, Row: c.Row, Col: c.Col}, CodeFormula,
			"the formula %s has no saved result", sh.Formulas[c]).Hint = "open the workbook in your spreadsheet program and save it, so results are stored; or type the value"
	}
}
