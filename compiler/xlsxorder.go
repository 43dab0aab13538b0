package compiler

import (
	"bytes"
	"fmt"
	"strconv"
)

// disorder is a row or cell a worksheet part stores out of order.
type disorder struct {
	at   Cell // where the out-of-order element says it is
	msg  string
	text bool // a cell of shared text out of the table, not an order
}

// findDisorder finds the first row a worksheet part stores after a row
// below it, or the first cell stored after a cell to its right in its row
// (a cell stored twice among them). Spreadsheet programs always write rows
// and cells in order, and excelize reads them in file order: a row out of
// order is skipped and a cell out of order lands in the column after the
// previous one, silently. Scripts that write the XML themselves can get it
// wrong, so such a sheet is reported rather than misread. Rows and cells
// without an r attribute follow the previous one, as the format says.
//
// It scans the bytes of the sheetData element only (no XML decoding): the
// worksheet part is already read whole and bounded, and this runs on every
// sheet of every workbook.
//
// It also finds the first cell of shared text (t="s") whose index is not
// one of the texts' (0 to texts-1): excelize panics on a negative one and
// reads any other as the number itself.
func findDisorder(body []byte, texts int) *disorder {
	i := bytes.Index(body, []byte("sheetData"))
	if i < 0 {
		return nil
	}
	row, col := 0, 0
	for {
		j := bytes.IndexByte(body[i:], '<')
		if j < 0 {
			return nil
		}
		i += j + 1
		rest := body[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("!--")):
			k := bytes.Index(rest, []byte("-->"))
			if k < 0 {
				return nil
			}
			i += k
			continue
		case bytes.HasPrefix(rest, []byte("![CDATA[")):
			k := bytes.Index(rest, []byte("]]>"))
			if k < 0 {
				return nil
			}
			i += k
			continue
		case len(rest) > 0 && rest[0] == '/':
			if name := localName(rest[1:]); string(name) == "sheetData" {
				return nil
			}
			continue
		}
		name := localName(rest)
		switch string(name) {
		case "row":
			r := attrValue(rest, "r")
			n, err := strconv.Atoi(string(r))
			if r == nil || err != nil {
				n = row + 1
			}
			if n <= row {
				return &disorder{at: Cell{Row: n, Col: 1}, msg: fmt.Sprintf("row %d is stored after row %d in the file (rows must be stored in order): the sheet cannot be read reliably", n, row)}
			}
			row, col = n, 0
		case "c":
			c, _, ok := cellCoords(string(attrValue(rest, "r")))
			if !ok {
				c = col + 1
			}
			if c <= col {
				here := Cell{Row: row, Col: c}
				if c == col {
					return &disorder{at: here, msg: fmt.Sprintf("cell %s is stored twice in the file: the sheet cannot be read reliably", cellName(here))}
				}
				return &disorder{at: here, msg: fmt.Sprintf("cell %s is stored after cell %s in the file (cells must be stored in order): the sheet cannot be read reliably", cellName(here), cellName(Cell{Row: row, Col: col}))}
			}
			col = c
			if string(attrValue(rest, "t")) == "s" {
				if v, ok := cellValue(body[i:]); ok {
					if k, err := strconv.Atoi(string(bytes.TrimSpace(v))); err != nil || k < 0 || k >= texts {
						here := Cell{Row: row, Col: c}
						return &disorder{at: here, text: true, msg: fmt.Sprintf("cell %s names text %q of the workbook's table of texts, which holds %d: the sheet cannot be read reliably", cellName(here), clipRunes(string(v), 20), texts)}
					}
				}
			}
		}
	}
}

// cellValue is the text of the <v> element of the cell whose start tag
// begins body, when it has one.
func cellValue(body []byte) ([]byte, bool) {
	end := bytes.IndexByte(body, '>')
	if end < 0 || body[end-1] == '/' {
		return nil, false
	}
	for i := end; ; {
		j := bytes.IndexByte(body[i+1:], '<')
		if j < 0 {
			return nil, false
		}
		i += j + 1
		if len(body) > i+1 && body[i+1] == '/' {
			if string(localName(body[i+2:])) == "c" {
				return nil, false
			}
			continue
		}
		if string(localName(body[i+1:])) == "v" {
			k := bytes.IndexByte(body[i:], '>')
			if k < 0 || body[i+k-1] == '/' {
				return nil, false
			}
			start := i + k + 1
			stop := bytes.IndexByte(body[start:], '<')
			if stop < 0 {
				return nil, false
			}
			return body[start : start+stop], true
		}
	}
}

func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// hiddenRows lists the rows a worksheet part hides (hidden="1").
func hiddenRows(body []byte) map[int]bool {
	var out map[int]bool
	row := 0
	for i := bytes.Index(body, []byte("<")); i >= 0; {
		rest := body[i+1:]
		if string(localName(rest)) == "row" {
			row++
			if n, err := strconv.Atoi(string(attrValue(rest, "r"))); err == nil {
				row = n
			}
			if h := string(attrValue(rest, "hidden")); h == "1" || h == "true" {
				if out == nil {
					out = map[int]bool{}
				}
				out[row] = true
			}
		}
		j := bytes.IndexByte(rest, '<')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return out
}

// localName is the element name at the start of a tag's text, without
// its namespace prefix ("x:row" → "row").
func localName(tag []byte) []byte {
	end := bytes.IndexAny(tag, " \t\r\n/>")
	if end < 0 {
		end = len(tag)
	}
	name := tag[:end]
	if k := bytes.LastIndexByte(name, ':'); k >= 0 {
		name = name[k+1:]
	}
	return name
}

// attrValue is the value of the attribute named name (any namespace
// prefix) in the tag whose text starts at tag, or nil.
func attrValue(tag []byte, name string) []byte {
	i := bytes.IndexAny(tag, " \t\r\n/>")
	for i >= 0 && i < len(tag) {
		for i < len(tag) && (tag[i] == ' ' || tag[i] == '\t' || tag[i] == '\r' || tag[i] == '\n') {
			i++
		}
		if i >= len(tag) || tag[i] == '>' || tag[i] == '/' {
			return nil
		}
		eq := bytes.IndexByte(tag[i:], '=')
		if eq < 0 {
			return nil
		}
		key := bytes.TrimSpace(tag[i : i+eq])
		if k := bytes.LastIndexByte(key, ':'); k >= 0 {
			key = key[k+1:]
		}
		i += eq + 1
		for i < len(tag) && (tag[i] == ' ' || tag[i] == '\t' || tag[i] == '\r' || tag[i] == '\n') {
			i++
		}
		if i >= len(tag) || (tag[i] != '"' && tag[i] != '\'') {
			return nil
		}
		end := bytes.IndexByte(tag[i+1:], tag[i])
		if end < 0 {
			return nil
		}
		val := tag[i+1 : i+1+end]
		if string(key) == name {
			return val
		}
		i += end + 2
	}
	return nil
}
