package compiler

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// coreXML is the workbook's document properties, written as Excel writes
// them: every core property in its namespace's usual prefix. (excelize's
// SetDocProps writes lastModifiedBy without the cp: prefix, which is
// valid XML but which exceljs, matching names literally, refuses.) Fixed
// dates keep the output identical for identical input.
const coreXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
	`xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
	`xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
	`<dc:creator>deckwright</dc:creator><cp:lastModifiedBy>deckwright</cp:lastModifiedBy>` +
	`<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-01T00:00:00Z</dcterms:created>` +
	`<dcterms:modified xsi:type="dcterms:W3CDTF">2026-01-01T00:00:00Z</dcterms:modified></cp:coreProperties>`

// SetRow is the content of a workbook's Set sheet.
type SetRow struct {
	ID, Name, Game, Requires, Version, Author, Description string
}

// SheetData is one sheet's rows to write: each row maps column name (or key)
// to cell text. Columns the schema does not know are an error.
type SheetData struct {
	Sheet string
	Rows  []map[string]string
}

// WriteWorkbook writes a workbook in the schema's format, laid out for
// designers: every sheet of the schema in order, a frozen bold header row
// with a comment explaining each column, column widths to fit, and dropdown
// lists on choice columns. Sheets without data get their header only.
func WriteWorkbook(w io.Writer, s *table.Schema, set SetRow, data []SheetData) error {
	f := excelize.NewFile()
	defer f.Close()
	f.Pkg.Store("docProps/core.xml", []byte(coreXML))
	head, err := f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true, Color: "FFFFFF"},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"5B3A1E"}},
		Alignment: &excelize.Alignment{Vertical: "center"},
	})
	if err != nil {
		return err
	}
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	byKey := map[string]SheetData{}
	for _, d := range data {
		sh := s.Sheet(d.Sheet)
		if sh == nil {
			return fmt.Errorf("sheet %q is not part of the %s format", d.Sheet, s.Title)
		}
		byKey[sh.Key()] = d
	}
	setSheet := table.SetSheet
	setCols := append([]table.Column{
		{Name: table.ColID, Type: table.TString, Required: true, Doc: "the set's ID: other sets name it in Requires", Example: "my-expansion"},
		{Name: table.ColName, Type: table.TString, Required: true, Doc: "the set's name", Example: "My Expansion"},
	}, setSheet.Columns...)
	setData := map[string]string{"ID": set.ID, "Name": set.Name, "Game": set.Game, "Requires": set.Requires,
		"Version": set.Version, "Author": set.Author, "Description": set.Description}
	if err := f.SetSheetName("Sheet1", setSheet.Name); err != nil {
		return err
	}
	if err := writeSheet(f, s, &setSheet, setCols, []map[string]string{setData}, head, wrap); err != nil {
		return err
	}
	for i := range s.Sheets {
		sh := &s.Sheets[i]
		if _, err := f.NewSheet(sh.Name); err != nil {
			return err
		}
		if err := writeSheet(f, s, sh, table.AllColumns(sh), byKey[sh.Key()].Rows, head, wrap); err != nil {
			return err
		}
	}
	f.SetActiveSheet(0)
	return f.Write(w)
}

func writeSheet(f *excelize.File, s *table.Schema, sh *table.Sheet, cols []table.Column, rows []map[string]string, head, wrap int) error {
	name := sh.Name
	index := map[string]int{}
	for i := range cols {
		index[cols[i].Key()] = i
	}
	widths := make([]int, len(cols))
	for i, col := range cols {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		if err := f.SetCellStr(name, cell, col.Name); err != nil {
			return err
		}
		widths[i] = max(utf8.RuneCountInString(col.Name)+4, 8)
		note := col.Doc + "\n\nType: " + col.Type.Describe(s)
		if col.Required {
			note += " (required)"
		}
		if col.Default != "" {
			note += "\nDefault: " + col.Default
		}
		if col.Example != "" {
			note += "\nExample: " + col.Example
		}
		if err := f.AddComment(name, excelize.Comment{Cell: cell, Author: "deckwright", Paragraph: []excelize.RichTextRun{{Text: note}}}); err != nil {
			return err
		}
	}
	for r, row := range rows {
		// Cells are written column by column, not in map order: the order
		// of the shared strings, and so the file, depends on it.
		keys := make([]string, 0, len(row))
		for k := range row {
			if _, ok := index[table.Key(k)]; !ok {
				return fmt.Errorf("sheet %s has no column %q", name, k)
			}
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool {
			ia, ib := index[table.Key(keys[a])], index[table.Key(keys[b])]
			if ia != ib {
				return ia < ib
			}
			return keys[a] < keys[b]
		})
		for _, k := range keys {
			v, i := row[k], index[table.Key(k)]
			if v == "" {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(i+1, r+2)
			if err := setCell(f, name, cell, cols[i].Type, v); err != nil {
				return err
			}
			widths[i] = max(widths[i], min(utf8.RuneCountInString(v)+2, 60))
		}
	}
	last, _ := excelize.ColumnNumberToName(len(cols))
	if err := f.SetCellStyle(name, "A1", last+"1", head); err != nil {
		return err
	}
	for i, col := range cols {
		letter, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetColWidth(name, letter, letter, float64(widths[i])); err != nil {
			return err
		}
		if col.Type.Kind == table.Text || col.Type.Kind == table.Effect || col.Type.Kind == table.Condition {
			if err := f.SetColStyle(name, letter, wrap); err != nil {
				return err
			}
		}
		if choices := dropdown(col.Type); choices != nil {
			dv := excelize.NewDataValidation(true)
			dv.Sqref = fmt.Sprintf("%s2:%s2000", letter, letter)
			if err := dv.SetDropList(choices); err == nil {
				dv.SetError(excelize.DataValidationErrorStyleWarning, col.Name, "Choose one of: "+strings.Join(choices, ", "))
				if err := f.AddDataValidation(name, dv); err != nil {
					return err
				}
			}
		}
	}
	// Style the header again so column styles do not override it.
	if err := f.SetCellStyle(name, "A1", last+"1", head); err != nil {
		return err
	}
	return f.SetPanes(name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
}

func dropdown(t table.Type) []string {
	switch t.Kind {
	case table.Bool:
		return []string{"TRUE", "FALSE"}
	case table.Enum:
		return t.Values
	}
	return nil
}

// setCell writes numbers as numbers and booleans as booleans, so the
// workbook behaves in a spreadsheet as a designer expects.
func setCell(f *excelize.File, sheet, cell string, t table.Type, v string) error {
	switch t.Kind {
	case table.Int:
		if n, err := parseInt(v); err == nil {
			return f.SetCellInt(sheet, cell, int64(n))
		}
	case table.Bool:
		if b, ok := parseBool(v); ok {
			return f.SetCellBool(sheet, cell, b)
		}
	}
	return f.SetCellStr(sheet, cell, v)
}

// Dump renders a workbook as stable plain text, one cell a line under a
// line naming its row, for `git diff` (as a textconv driver) and review.
// Blank cells are left out; line breaks inside a cell are shown as \n and
// every other control character escaped (\x1b), so a cell can never
// drive the terminal. A formula cell shows its formula and its saved
// result; a cell too long to read says so, with its length and a hash
// (so a diff still shows that it changed). Output is streamed.
func Dump(w io.Writer, wb *Workbook) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "# %s\n", diag.Escape(wb.File))
	for _, sh := range wb.Sheets {
		dumpSheet(b, sh)
	}
	for _, p := range wb.Lost {
		if p.Row == 0 && wb.Sheet(p.Sheet) == nil {
			// A sheet reading could not read at all: shown by name, so a
			// diff says it could not be read rather than that it is gone.
			fmt.Fprintf(b, "\n## %s\n(not read: deckwright validate says why)\n", diag.Escape(p.Sheet))
		}
	}
	return b.Flush()
}

func dumpSheet(b *bufio.Writer, sh *RawSheet) {
	fmt.Fprintf(b, "\n## %s\n", diag.Escape(sh.Name))
	byRow := make(map[int][]string, len(sh.Nums))
	nums := append([]int{}, sh.Nums...)
	for i, n := range sh.Nums {
		byRow[n] = sh.Rows[i]
	}
	width := map[int]int{} // the last column with a formula, by row
	for c := range sh.Formulas {
		if _, ok := byRow[c.Row]; !ok && width[c.Row] == 0 {
			nums = append(nums, c.Row) // a row of formulas without results
		}
		width[c.Row] = max(width[c.Row], c.Col)
	}
	slices.Sort(nums)
	if len(nums) == 0 {
		return
	}
	var header []string
	if nums[0] == 1 {
		header = trimAll(byRow[1])
		fmt.Fprintf(b, "columns: %s\n", diag.Escape(strings.Join(header, " | ")))
		nums = nums[1:]
	}
	idCol := -1
	for i, h := range header {
		if diag.Fold(h) == "id" {
			idCol = i
		}
	}
	for _, n := range nums {
		row := byRow[n]
		label := ""
		if idCol >= 0 && idCol < len(row) {
			label = " " + diag.Escape(strings.TrimSpace(row[idCol]))
		}
		fmt.Fprintf(b, "\n[%s %d]%s\n", diag.Escape(sh.Name), n, label)
		for j := 1; j <= max(len(row), width[n]); j++ {
			v := ""
			if j <= len(row) {
				v = row[j-1]
			}
			here := Cell{Row: n, Col: j}
			formula, isFormula := sh.Formulas[here]
			cut, isCut := sh.Cut[here]
			if strings.TrimSpace(v) == "" && !isFormula && !isCut {
				continue
			}
			col := diag.ColumnName(j)
			if j <= len(header) && header[j-1] != "" {
				col = diag.Escape(header[j-1])
			}
			v = diag.Escape(strings.ReplaceAll(v, "\r\n", "\n"))
			switch {
			case isCut:
				v = fmt.Sprintf("(cut: %d characters, more than deckwright reads; sha256 %s)", cut.Chars, cut.Hash)
			case isFormula && v == "":
				v = diag.Escape(formula) + " → (no saved result)"
			case isFormula:
				v = diag.Escape(formula) + " → " + v
			}
			fmt.Fprintf(b, "%s: %s\n", col, v)
		}
	}
}

func trimAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strings.TrimSpace(v)
	}
	return out
}
