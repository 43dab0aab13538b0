package compiler

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/engine/diag"
)

// readXLSX reads an .xlsx package with excelize.
func readXLSX(file string, data []byte, zr *zip.Reader, lim Limits, l *diag.List) (wb *Workbook) {
	at := diag.Pos{File: file}
	// The checks below catch every damage known to crash excelize (a
	// shared text index of -1 did); what no check foresaw still ends as
	// a diagnostic, never a crash.
	defer func() {
		if r := recover(); r != nil {
			l.Add(diag.Errorf(at, CodeDamaged, "the workbook is damaged: reading it failed (%v)", r).WithHint(resaveHint))
			wb = nil
		}
	}()
	flags, d := inspectSheets(zr, lim)
	if d != nil {
		d.Pos = at
		l.Add(*d)
		return nil
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: lim.Unzipped, UnzipXMLSizeLimit: min(lim.PartSize, 16<<20)})
	if err != nil {
		l.Add(diag.Errorf(at, CodeDamaged, "the workbook cannot be opened (%v)", err).WithHint(resaveHint))
		return nil
	}
	defer f.Close()
	wb = &Workbook{File: file}
	var parts map[string]string
	if flags.formulas != nil || flags.disorder != nil || flags.hidden != nil {
		parts = sheetParts(zr)
	}
	for _, name := range f.GetSheetList() {
		if sh := readSheet(f, wb, name, lim, flags, parts, l); sh != nil {
			wb.Sheets = append(wb.Sheets, sh)
		}
	}
	return wb
}

type zipFlags struct {
	formulas map[string]map[Cell]string // worksheet part → its formula cells
	merges   bool                       // some sheet has merged cells
	disorder map[string]*disorder       // worksheet part → its first row or cell out of order
	hidden   map[string]map[int]bool    // worksheet part → the rows it hides
}

// inspectSheets reads every worksheet part once, counting what really
// comes out (the sizes in a zip's directory may lie), finds its formula
// cells, and notes whether any sheet has merged cells, so the costlier
// check for those runs only when needed.
func inspectSheets(zr *zip.Reader, lim Limits) (zipFlags, *diag.Diagnostic) {
	var flags zipFlags
	total := lim.Unzipped
	formulaCount := 0
	texts := 0 // in the table of shared texts
	for _, zf := range zr.File {
		if isSharedStrings(zf.Name) {
			n, d := checkSharedStrings(zf, &total, lim)
			if d != nil {
				return flags, d
			}
			texts += n
		}
	}
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") || !strings.HasSuffix(zf.Name, ".xml") {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return flags, zipDiag(zf.Name, err)
		}
		body, err := io.ReadAll(&partReader{r: rc, name: zf.Name, left: lim.PartSize, total: &total, lim: lim})
		rc.Close()
		if err != nil {
			return flags, zipDiag(zf.Name, err)
		}
		if d := checkDoctype(zf.Name, body); d != nil {
			return flags, d
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
		if bytes.Contains(body, []byte("hidden=")) {
			if h := hiddenRows(body); h != nil {
				if flags.hidden == nil {
					flags.hidden = map[string]map[int]bool{}
				}
				flags.hidden[zf.Name] = h
			}
		}
		if d := findDisorder(body, texts); d != nil {
			if flags.disorder == nil {
				flags.disorder = map[string]*disorder{}
			}
			flags.disorder[zf.Name] = d
		}
	}
	return flags, nil
}

// The shared text table (xl/sharedStrings.xml) holds each distinct text of
// the workbook once: the bundled sets have about 3,000 in 180 KiB. A table
// of millions — a 130 KiB file can hold 3 million — cost excelize a minute
// and 400 MiB, and past 16 MiB it spills to temporary files.
const (
	maxSharedStrings     = 200_000
	maxSharedStringsSize = 16 << 20
)

func isSharedStrings(name string) bool {
	return strings.HasPrefix(name, "xl/") && strings.EqualFold(path.Base(name), "sharedStrings.xml")
}

// checkSharedStrings reads the shared text table once, bounded, and
// refuses one larger than content needs.
func checkSharedStrings(zf *zip.File, total *int64, lim Limits) (int, *diag.Diagnostic) {
	rc, err := zf.Open()
	if err != nil {
		return 0, zipDiag(zf.Name, err)
	}
	defer rc.Close()
	body, err := io.ReadAll(&partReader{r: rc, name: zf.Name, left: lim.PartSize, total: total, lim: lim})
	if err != nil {
		return 0, zipDiag(zf.Name, err)
	}
	if d := checkDoctype(zf.Name, body); d != nil {
		return 0, d
	}
	n := 0 // <si> elements, whatever their namespace prefix
	for i := bytes.IndexByte(body, '<'); i >= 0; {
		if string(localName(body[i+1:])) == "si" {
			n++
		}
		j := bytes.IndexByte(body[i+1:], '<')
		if j < 0 {
			break
		}
		i += j + 1
	}
	switch {
	case n > maxSharedStrings:
		return n, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
			Message: fmt.Sprintf("the workbook's table of texts (%s) holds %d texts; deckwright reads up to %d", zf.Name, n, maxSharedStrings), Hint: bombHint}
	case len(body) > maxSharedStringsSize:
		return n, &diag.Diagnostic{Severity: diag.Error, Code: CodeTooLarge,
			Message: fmt.Sprintf("the workbook's table of texts (%s) is %s; deckwright reads up to %s", zf.Name, size(int64(len(body))), size(maxSharedStringsSize)), Hint: bombHint}
	}
	return n, nil
}

// checkDoctype refuses a part that declares a DOCTYPE: the format
// forbids one and no spreadsheet program writes it. Its entities are
// never expanded (a billion laughs, a file of this machine's), and a cell
// that used one would read blank, far from the cause.
func checkDoctype(name string, body []byte) *diag.Diagnostic {
	head := body[:min(len(body), 4096)]
	if !bytes.Contains(head, []byte("<!DOCTYPE")) && !bytes.Contains(head, []byte("<!ENTITY")) {
		return nil
	}
	return &diag.Diagnostic{Severity: diag.Error, Code: CodeDamaged,
		Message: fmt.Sprintf("part %s declares a DOCTYPE, which no spreadsheet program writes: its entities are not read", name), Hint: bombHint}
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

func readSheet(f *excelize.File, wb *Workbook, name string, lim Limits, flags zipFlags, parts map[string]string, l *diag.List) *RawSheet {
	sr := newSheetReader(wb, name, lim, l)
	sr.sh.Formulas = flags.formulas[parts[name]]
	sr.sh.Hidden = flags.hidden[parts[name]]
	if d := flags.disorder[parts[name]]; d != nil {
		// Read in file order, the sheet would lose rows or shift cells
		// into other columns without a word: report it, read nothing.
		hint := resaveHint + " (the program or script that wrote it stored it out of order)"
		if d.text {
			hint = resaveHint
		}
		l.Add(diag.Errorf(sr.at(d.at.Row, d.at.Col), CodeDamaged, "%s", d.msg).WithHint(hint))
		sr.lose(sr.at(0, 0))
		return nil
	}
	rows, err := f.Rows(name)
	if err != nil {
		l.Errorf(sr.at(0, 0), CodeDamaged, "sheet cannot be read (%v)", err)
		return nil
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
		cols, err := rows.Columns()
		if errors.Is(err, excelize.ErrColumnNumber) {
			l.Add(diag.Errorf(sr.at(n, 0), CodeDamaged, "the row has a cell beyond column XFD, the last a spreadsheet has: it cannot be read").WithHint(resaveHint))
			sr.lose(sr.at(n, 0))
			continue
		}
		if err != nil {
			l.Errorf(sr.at(n, 0), CodeDamaged, "row cannot be read (%v)", err)
			sr.lose(sr.at(n, 0))
			continue
		}
		if !sr.add(n, cols) {
			break
		}
	}
	if err := rows.Error(); err != nil {
		l.Errorf(sr.at(0, 0), CodeDamaged, "sheet cannot be read (%v)", err)
		sr.lose(sr.at(0, 0))
	}
	if flags.merges {
		checkMerges(f, sr)
	}
	checkFormulas(sr)
	return sr.sh
}

// checkMerges reports merged ranges: a merged range keeps its value only in
// its top-left cell, so the rows below would silently lose theirs.
func checkMerges(f *excelize.File, sr *sheetReader) {
	merged, err := f.GetMergeCells(sr.sh.Name, true)
	if err != nil {
		return
	}
	for _, m := range merged {
		c1, r1, err1 := excelize.CellNameToCoordinates(m.GetStartAxis())
		c2, r2, err2 := excelize.CellNameToCoordinates(m.GetEndAxis())
		if err1 != nil || err2 != nil {
			continue
		}
		reportMerge(sr, r1, c1, r2, c2)
	}
}

// reportMerge reports a merged range and marks its rows as lost.
func reportMerge(sr *sheetReader, r1, c1, r2, c2 int) {
	if !sr.problem() {
		return
	}
	start := diag.ColumnName(c1) + itoa(r1)
	sr.l.Add(diag.Errorf(sr.at(r1, c1), CodeMerged, "cells %s:%s are merged; only %s keeps a value", start, diag.ColumnName(c2)+itoa(r2), start).
		WithHint("select the range and choose Unmerge, then fill every cell"))
	if r2-r1 >= 100 {
		sr.lose(sr.at(0, 0)) // a range that tall is no content: the sheet is lost
		return
	}
	for r := r1; r <= r2; r++ {
		sr.lose(sr.at(r, 0))
	}
}

// checkFormulas reports formula cells whose result was never saved (files
// written by scripts, or by spreadsheet programs told not to recalculate):
// they read blank. Formulas with a saved result are read as their result.
func checkFormulas(sr *sheetReader) {
	sh := sr.sh
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
		reportFormula(sr, c.Row, c.Col, sh.Formulas[c])
	}
}

// reportFormula reports a formula without a saved result ("=1+2"), and
// marks its cell as lost.
func reportFormula(sr *sheetReader, row, col int, formula string) {
	if !sr.problem() {
		return
	}
	sr.l.Add(diag.Errorf(sr.at(row, col), CodeFormula, "the formula %s has no saved result", formula).
		WithHint("open the workbook in your spreadsheet program and save it, so results are stored; or type the value"))
	sr.lose(sr.at(row, col))
}
