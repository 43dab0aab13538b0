package compiler

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/diag"
)

// OpenDocument spreadsheets (.ods, LibreOffice's own format, and flat
// .fods) are read natively: content.xml is streamed token by token, so a
// sheet's size costs time in proportion to its bytes and memory in
// proportion to the rows kept, never to the rows a repeat attribute claims
// (LibreOffice ends every sheet with a blank row "repeated" a million
// times).

const (
	odsMime       = "application/vnd.oasis.opendocument.spreadsheet"
	nsOffice      = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
	nsTable       = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
	nsText        = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
	nsManifest    = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
	odsMaxDepth   = 256     // element nesting: content is shallow, attacks are not
	odsMaxRepeat  = 1 << 31 // a repeat count beyond any sheet
	odsMaxSpanned = 1 << 20 // rows or columns of a merged range
)

// isODS reports whether a zip is an OpenDocument spreadsheet: its mimetype
// part says so (a template, .ots, too).
func isODS(zr *zip.Reader) bool {
	for _, zf := range zr.File {
		if zf.Name != "mimetype" {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return false
		}
		defer rc.Close()
		head, _ := io.ReadAll(io.LimitReader(rc, 128))
		return strings.HasPrefix(string(head), odsMime)
	}
	return false
}

// isFlatODS reports whether data is a flat OpenDocument spreadsheet (one
// XML file, .fods).
func isFlatODS(data []byte) bool {
	head := data[:min(len(data), 4096)]
	return bytes.HasPrefix(bytes.TrimLeft(head, "\ufeff \t\r\n"), []byte("<?xml")) &&
		bytes.Contains(head, []byte("office:document")) && bytes.Contains(head, []byte(odsMime))
}

// readODS reads the spreadsheet of an .ods package.
func readODS(file string, zr *zip.Reader, lim Limits, l *diag.List) *Workbook {
	at := diag.Pos{File: file}
	var content *zip.File
	for _, zf := range zr.File {
		switch zf.Name {
		case "content.xml":
			content = zf
		case "META-INF/manifest.xml":
			if encrypted(zf, lim) {
				l.Add(diag.Errorf(at, CodeEncrypted, "the workbook is password-protected").
					WithHint("remove the password (File → Properties → Security, or save without \"Save with password\"); deckwright never asks for passwords"))
				return nil
			}
		}
	}
	if content == nil {
		l.Add(diag.Errorf(at, CodeDamaged, "the workbook is damaged (the .ods package has no content.xml)").WithHint(resaveHint))
		return nil
	}
	rc, err := content.Open()
	if err != nil {
		l.Add(*withPos(zipDiag(content.Name, err), at))
		return nil
	}
	defer rc.Close()
	total := lim.Unzipped
	return readODSContent(file, &partReader{r: rc, name: content.Name, left: lim.PartSize, total: &total, lim: lim}, lim, l)
}

func withPos(d *diag.Diagnostic, p diag.Pos) *diag.Diagnostic {
	d.Pos = p
	return d
}

// encrypted reports whether an .ods manifest declares encrypted parts.
func encrypted(zf *zip.File, lim Limits) bool {
	rc, err := zf.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	body, _ := io.ReadAll(io.LimitReader(rc, min(lim.PartSize, 1<<20)))
	return bytes.Contains(body, []byte("encryption-data"))
}

// odsReader is the state of one pass over content.xml.
type odsReader struct {
	wb    *Workbook
	lim   Limits
	l     *diag.List
	dec   *xml.Decoder
	depth int

	sheet   *sheetReader // the sheet being read, nil between sheets
	stopped bool         // the sheet went past the row limit: skip its rest
	row     int          // rows of the sheet so far
}

// readODSContent reads an OpenDocument spreadsheet body (content.xml, or
// a whole flat .fods file).
func readODSContent(file string, r io.Reader, lim Limits, l *diag.List) *Workbook {
	o := &odsReader{wb: &Workbook{File: file}, lim: lim, l: l, dec: xml.NewDecoder(r)}
	o.dec.Strict = true
	if err := o.read(); err != nil {
		var big *errTooLarge
		switch {
		case errors.As(err, &big):
			l.Add(*withPos(big.d, diag.Pos{File: file}))
		default:
			l.Add(diag.Errorf(diag.Pos{File: file}, CodeDamaged, "the workbook is truncated or damaged (content.xml: %v)", err).WithHint(resaveHint))
		}
		return nil
	}
	return o.wb
}

func (o *odsReader) token() (xml.Token, error) {
	tok, err := o.dec.Token()
	switch t := tok.(type) {
	case xml.StartElement:
		if o.depth++; o.depth > odsMaxDepth {
			return nil, fmt.Errorf("elements nested more than %d deep", odsMaxDepth)
		}
		_ = t
	case xml.EndElement:
		o.depth--
	}
	return tok, err
}

// skip consumes the rest of the element just started.
func (o *odsReader) skip() error {
	for d := 1; d > 0; {
		tok, err := o.token()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			d++
		case xml.EndElement:
			d--
		}
	}
	return nil
}

func (o *odsReader) read() error {
	for {
		tok, err := o.token()
		if err == io.EOF {
			if o.depth != 0 {
				return io.ErrUnexpectedEOF
			}
			return nil
		}
		if err != nil {
			return err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch {
		case se.Name.Space == nsTable && se.Name.Local == "table":
			if err := o.table(se); err != nil {
				return err
			}
		case se.Name.Space == nsOffice && (se.Name.Local == "automatic-styles" || se.Name.Local == "font-face-decls" ||
			se.Name.Local == "styles" || se.Name.Local == "meta" || se.Name.Local == "settings" || se.Name.Local == "scripts" ||
			se.Name.Local == "master-styles"):
			if err := o.skip(); err != nil {
				return err
			}
		}
	}
}

func odsAttr(se xml.StartElement, space, local string) (string, bool) {
	for _, a := range se.Attr {
		if a.Name.Local == local && a.Name.Space == space {
			return a.Value, true
		}
	}
	return "", false
}

// count reads a repeat or span attribute: 1 when absent or malformed,
// at most max.
func count(se xml.StartElement, local string, max int) int {
	v, ok := odsAttr(se, nsTable, local)
	if !ok {
		return 1
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 1 {
		return 1
	}
	return int(min(n, int64(max)))
}

// table reads one sheet: its rows, wherever they are grouped.
func (o *odsReader) table(se xml.StartElement) error {
	name, _ := odsAttr(se, nsTable, "name")
	o.sheet, o.stopped, o.row = newSheetReader(o.wb, name, o.lim, o.l), false, 0
	for {
		tok, err := o.token()
		if err != nil {
			return eof(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Space == nsTable && t.Name.Local == "table-row":
				if err := o.tableRow(t); err != nil {
					return err
				}
			case t.Name.Space == nsTable && (t.Name.Local == "table-header-rows" || t.Name.Local == "table-rows" || t.Name.Local == "table-row-group"):
				// Containers of rows: read on into them.
			default:
				if err := o.skip(); err != nil {
					return err
				}
			}
		case xml.EndElement:
			if t.Name.Space == nsTable && t.Name.Local == "table" {
				o.wb.Sheets = append(o.wb.Sheets, o.sheet.sh)
				o.sheet = nil
				return nil
			}
		}
	}
}

func eof(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// tableRow reads a row element and adds it as many times as it repeats.
// Blank cells cost nothing until a value follows them, and values past
// the column limit are kept only as far as the limit check needs, so a
// repeat attribute claiming a billion cells costs no more than one.
func (o *odsReader) tableRow(se xml.StartElement) error {
	repeat := count(se, "number-rows-repeated", odsMaxRepeat)
	first := o.row + 1
	var cols []string
	col := 0 // columns so far, blank ones included, capped past the limit
	for {
		tok, err := o.token()
		if err != nil {
			return eof(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != nsTable || t.Name.Local != "table-cell" && t.Name.Local != "covered-table-cell" {
				if err := o.skip(); err != nil {
					return err
				}
				continue
			}
			text, err := o.cell(t, first, col+1)
			if err != nil {
				return err
			}
			n := count(t, "number-columns-repeated", odsMaxRepeat)
			switch {
			case text == "":
			case col >= o.lim.Columns:
				// Past the last column: one value there is enough to
				// report the row.
				for len(cols) < o.lim.Columns {
					cols = append(cols, "")
				}
				if len(cols) == o.lim.Columns {
					cols = append(cols, text)
				}
			default:
				for len(cols) < col {
					cols = append(cols, "")
				}
				for i := 0; i < n && len(cols) <= o.lim.Columns; i++ {
					cols = append(cols, text)
				}
			}
			col = min(col+n, o.lim.Columns+1)
		case xml.EndElement:
			o.row = min(o.row+repeat, odsMaxRepeat)
			if o.stopped || allBlank(cols) {
				return nil
			}
			for i := 0; i < repeat; i++ {
				row := append([]string(nil), cols...)
				if !o.sheet.add(first+i, row) {
					// Past the row limit: the rest of the sheet is read
					// through, unkept, to find the next sheet.
					o.stopped = true
					break
				}
				if i == 0 && len(cols) > o.lim.Columns {
					// Values past the last column are reported once, not
					// once a repeat.
					if cols = cols[:o.lim.Columns]; allBlank(cols) {
						break
					}
				}
			}
			return nil
		}
	}
}

// cell reads a cell's value as the text a designer sees, and reports
// merged ranges, formulas without a saved result and text too long for a
// card. Numbers come from the value attribute, not the display text, which
// follows the locale ("2,5") and the number format.
func (o *odsReader) cell(se xml.StartElement, row, col int) (string, error) {
	text, runes, err := o.cellText()
	if err != nil {
		return "", err
	}
	// Problems are reported where the sheet is still read.
	report := !o.stopped && col <= o.lim.Columns && row <= o.lim.Rows
	if cs, rs := count(se, "number-columns-spanned", odsMaxSpanned), count(se, "number-rows-spanned", odsMaxSpanned); (cs > 1 || rs > 1) && report {
		reportMerge(o.sheet, row, col, row+rs-1, col+cs-1)
	}
	typ, _ := odsAttr(se, nsOffice, "value-type")
	if formula, ok := odsAttr(se, nsTable, "formula"); ok && report {
		// Noted for dump, as an .xlsx formula is; reported when it has no
		// saved result.
		formula = "=" + strings.TrimPrefix(strings.TrimPrefix(formula, "of:"), "=")
		if o.sheet.sh.Formulas == nil {
			o.sheet.sh.Formulas = map[Cell]string{}
		}
		if len(o.sheet.sh.Formulas) < maxFormulas {
			o.sheet.sh.Formulas[Cell{Row: row, Col: col}] = formula
		}
		if typ == "" {
			reportFormula(o.sheet, row, col, formula)
			return "", nil
		}
	} else if ok && typ == "" {
		return "", nil
	}
	switch typ {
	case "float":
		if v, ok := odsAttr(se, nsOffice, "value"); ok {
			return number(v, text), nil
		}
	case "boolean":
		if v, ok := odsAttr(se, nsOffice, "boolean-value"); ok {
			if b, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
				return strings.ToUpper(strconv.FormatBool(b)), nil
			}
		}
	case "string":
		if v, ok := odsAttr(se, nsOffice, "string-value"); ok {
			text, runes = v, utf8.RuneCountInString(v)
		}
	}
	if runes > o.lim.CellChars {
		if report {
			reportLong(o.sheet, row, col, runes, text)
		}
		return "", nil
	}
	return text, nil
}

// number writes a cell's number the way a spreadsheet shows it in the
// General format: 3, 2.5, never 3.0 or 3e+00. A 0 or 1 shown as a word is
// a boolean (LibreOffice saves TRUE from an .xlsx as =TRUE(), the number
// 1 shown as TRUE, or WAHR, in the user's language): TRUE or FALSE.
func number(v, shown string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return v
	}
	if r, _ := utf8.DecodeRuneInString(shown); (f == 0 || f == 1) && unicode.IsLetter(r) {
		return map[bool]string{true: "TRUE", false: "FALSE"}[f == 1]
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// cellText reads a cell's paragraphs, one line each, leaving out comments
// (office:annotation) and anything that is not text. It keeps at most
// enough text to prove a cell too long, and counts the characters.
func (o *odsReader) cellText() (string, int, error) {
	p := paragraphs{keep: (o.lim.CellChars + 1) * utf8.UTFMax}
	for {
		tok, err := o.token()
		if err != nil {
			return "", 0, eof(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space == nsText && (t.Name.Local == "p" || t.Name.Local == "h") {
				if p.n > 0 {
					p.write("\n", 1)
				}
				p.n++
				if err := o.paragraph(&p); err != nil {
					return "", 0, err
				}
				continue
			}
			if err := o.skip(); err != nil {
				return "", 0, err
			}
		case xml.EndElement:
			return p.b.String(), p.runes, nil
		}
	}
}

// paragraphs collects a cell's text up to keep bytes, counting all of it.
type paragraphs struct {
	b     strings.Builder
	keep  int
	runes int
	n     int // paragraphs so far
}

func (p *paragraphs) write(s string, runes int) {
	p.runes += runes
	if p.b.Len()+len(s) <= p.keep {
		p.b.WriteString(s)
	}
}

// repeat writes c n times, keeping no more than fits.
func (p *paragraphs) repeat(c byte, n int) {
	p.runes += n
	for k := min(n, p.keep-p.b.Len()); k > 0; k-- {
		p.b.WriteByte(c)
	}
}

// paragraph reads a text:p; text:s, text:tab and text:line-break stand
// for the spaces, tabs and line breaks typed. White space is kept as
// written: LibreOffice writes a double space as two spaces and reads it
// back so.
func (o *odsReader) paragraph(p *paragraphs) error {
	for d := 1; d > 0; {
		tok, err := o.token()
		if err != nil {
			return eof(err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			p.write(string(t), utf8.RuneCount(t))
		case xml.StartElement:
			if t.Name.Space != nsText {
				// Comments and frames inside a paragraph are not its text.
				if err := o.skip(); err != nil {
					return err
				}
				continue
			}
			d++
			switch t.Name.Local {
			case "s":
				v, _ := odsAttr(t, nsText, "c")
				n, err := strconv.Atoi(strings.TrimSpace(v))
				if err != nil || n < 1 {
					n = 1
				}
				p.repeat(' ', n)
			case "tab":
				p.repeat('\t', 1)
			case "line-break":
				p.repeat('\n', 1)
			}
		case xml.EndElement:
			d--
		}
	}
	return nil
}
