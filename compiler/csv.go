package compiler

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	unicode16 "unicode/utf16"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// A workbook kept as plain text, for designers who keep content under
// git: a folder of CSV files, one a sheet, each named after its sheet
// ("Dangers.csv"), the Set sheet among them ("Set.csv"). The workbook is
// named after the folder, so a problem in arctic/Dangers.csv reads
// "arctic:Dangers!C4".
//
// LibreOffice's "every sheet to its own file" export names the files
// after the workbook too ("arctic-Dangers.csv", "arctic-Set.csv"): the
// part before "Set" is a prefix that every sheet of that workbook shares,
// and that names it, so one folder may hold several exported workbooks.

// csvWorkbook is one workbook of a folder of CSV files.
type csvWorkbook struct {
	name  string            // the workbook's name in diagnostics
	dir   string            // the folder of its files
	files map[string]string // sheet name → path
}

// isCSV reports whether a file name is a CSV file worth reading (not a
// hidden file or a spreadsheet's lock file).
func isCSV(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".csv") && !skippedName(name)
}

// skippedName is a file no one means as content: hidden files and the lock
// files spreadsheet programs keep beside an open file (~$x.xlsx, Excel;
// .~lock.x.ods#, LibreOffice).
func skippedName(name string) bool {
	return strings.HasPrefix(name, "~$") || strings.HasPrefix(name, ".")
}

// csvWorkbooks finds the CSV workbooks of a folder: one for each Set file
// ("Set.csv", or "<prefix>Set.csv"), with the CSV files that share its
// prefix (the longest that fits, when prefixes nest).
func csvWorkbooks(dir string) []csvWorkbook {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	prefixes := map[string]bool{}
	for _, e := range entries {
		n := e.Name()
		if !isCSV(n) {
			continue
		}
		// A file (or a link to one), not a folder, device or pipe.
		if st, err := os.Stat(filepath.Join(dir, n)); err != nil || !st.Mode().IsRegular() {
			continue
		}
		names = append(names, n)
		stem := strings.TrimSuffix(n, filepath.Ext(n))
		if len(stem) >= 3 && strings.EqualFold(stem[len(stem)-3:], "set") {
			if p := stem[:len(stem)-3]; p == "" || strings.ContainsAny(p[len(p)-1:], "-_ .") {
				prefixes[strings.ToLower(p)] = true
			}
		}
	}
	if len(prefixes) == 0 {
		return nil
	}
	books := map[string]*csvWorkbook{}
	for _, n := range names {
		stem := strings.TrimSuffix(n, filepath.Ext(n))
		best, ok := "", false
		for p := range prefixes {
			if strings.HasPrefix(strings.ToLower(stem), p) && (!ok || len(p) > len(best)) {
				best, ok = p, true
			}
		}
		if !ok {
			continue
		}
		b := books[best]
		if b == nil {
			name := strings.TrimRight(stem[:len(best)], "-_ .")
			if name == "" {
				name = filepath.Base(filepath.Clean(dir))
			}
			b = &csvWorkbook{name: name, dir: dir, files: map[string]string{}}
			books[best] = b
		}
		b.files[stem[len(best):]] = filepath.Join(dir, n)
	}
	var out []csvWorkbook
	for _, p := range table.SortedKeys(books) {
		out = append(out, *books[p])
	}
	return out
}

// readCSVWorkbook reads a CSV workbook: each file a sheet, with the limits
// of any workbook (the file size limit counts all of its files together).
// A file that cannot be read is a *ReadError.
func readCSVWorkbook(cb csvWorkbook, lim Limits, l *diag.List) (*Workbook, error) {
	wb := &Workbook{File: cb.name, Dir: cb.dir}
	var total int64
	// The Set sheet first, then the sheets in name order: the order a
	// spreadsheet would show them in does not exist in a folder.
	sheets := table.SortedKeys(cb.files)
	sort.SliceStable(sheets, func(i, j int) bool {
		return strings.EqualFold(sheets[i], "set") && !strings.EqualFold(sheets[j], "set")
	})
	for _, sheet := range sheets {
		path := cb.files[sheet]
		at := diag.Pos{File: cb.name, Sheet: sheet}
		st, err := os.Stat(path)
		if err != nil {
			return nil, readError(path, err)
		}
		if total += st.Size(); total > lim.FileSize {
			l.Errorf(at, CodeTooLarge, "the CSV files come to more than %s; deckwright reads workbooks up to %s", size(lim.FileSize), size(lim.FileSize))
			wb.Lost = append(wb.Lost, at)
			break
		}
		data, err := ReadLimited(path, lim.FileSize-total+st.Size())
		if err != nil {
			return nil, readError(path, err)
		}
		if total += int64(len(data)) - st.Size(); total > lim.FileSize { // it grew after Stat
			l.Errorf(at, CodeTooLarge, "the CSV files come to more than %s; deckwright reads workbooks up to %s", size(lim.FileSize), size(lim.FileSize))
			wb.Lost = append(wb.Lost, at)
			break
		}
		if sh := readCSV(wb, sheet, data, lim, l); sh != nil {
			wb.Sheets = append(wb.Sheets, sh)
		}
	}
	return wb, nil
}

// readCSV reads one CSV file as a sheet: UTF-8 (a byte-order mark is
// skipped), separated by commas, or by semicolons or tabs when the header
// line says so (spreadsheets in some languages export ";"), quoted the way
// spreadsheets quote.
func readCSV(wb *Workbook, sheet string, data []byte, lim Limits, l *diag.List) *RawSheet {
	sr := newSheetReader(wb, sheet, lim, l)
	data = fromUTF16(data)
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		i := invalidUTF8(data)
		line := 1 + bytes.Count(data[:i], []byte("\n"))
		l.Add(diag.Errorf(sr.at(line, 0), CodeDamaged, "the CSV file is not UTF-8 text: line %d has the byte 0x%02X (in Windows' Western encoding, %q)", line, data[i], string(cp1252(data[i]))).
			WithHint(`save it as "CSV UTF-8" (Excel) or with character set Unicode (UTF-8) (LibreOffice)`))
		sr.lose(sr.at(0, 0))
		return nil
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = separator(data)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	// Spreadsheet rows are records, and a blank line is a blank row: a
	// record's row counts the records and blank lines before it (a quoted
	// line break makes a record span lines).
	row, end := 0, 0 // the last record's row and last line
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			line := 0
			if errors.As(err, &pe) {
				line = pe.StartLine
				err = pe.Err
			}
			l.Add(diag.Errorf(sr.at(line, 0), CodeDamaged, "the CSV file cannot be read (%v)", err).WithHint("open it in your spreadsheet program and save it again as CSV"))
			sr.lose(sr.at(0, 0))
			break
		}
		start, _ := r.FieldPos(0)
		row += 1 + max(start-end-1, 0)
		last, _ := r.FieldPos(len(rec) - 1)
		end = last + strings.Count(rec[len(rec)-1], "\n")
		if !sr.add(row, rec) {
			break
		}
	}
	return sr.sh
}

// fromUTF16 turns UTF-16 text with its byte-order mark (Excel's "Unicode
// Text", tab-separated) into UTF-8; other data is returned as it is.
func fromUTF16(data []byte) []byte {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		order = binary.BigEndian
	default:
		return data
	}
	units := make([]uint16, (len(data)-2)/2)
	for i := range units {
		units[i] = order.Uint16(data[2+2*i:])
	}
	return []byte(string(unicode16.Decode(units)))
}

// invalidUTF8 is the offset of the first byte that is not UTF-8.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data) - 1
}

// cp1252 reads a byte as Windows-1252 (what Excel's plain "CSV" writes
// in Western Europe and the Americas), to show the designer which letter
// it was: 0xE9 is é.
func cp1252(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return []rune("€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ")[b-0x80]
	}
	return rune(b)
}

// separator guesses the field separator from the first line: the one of
// comma, semicolon and tab that occurs most outside quotes (comma when
// none does).
func separator(data []byte) rune {
	counts := map[rune]int{}
	quoted := false
	for _, c := range string(data[:min(len(data), 64<<10)]) {
		if c == '"' {
			quoted = !quoted
		}
		if quoted {
			continue
		}
		if c == '\n' {
			break
		}
		counts[c]++
	}
	best := ','
	for _, c := range []rune{';', '\t'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}
