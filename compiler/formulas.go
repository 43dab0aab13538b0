package compiler

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
)

// Cell is a cell's 1-based row and column.
type Cell struct{ Row, Col int }

// maxFormulas bounds the formula cells read from one workbook: content has
// a handful; a file with millions is an attack on memory.
const maxFormulas = 100_000

// sheetParts maps each sheet's name to its worksheet part in the zip
// ("Dangers" → "xl/worksheets/sheet2.xml"), from xl/workbook.xml and its
// relationships. Parts that cannot be matched are left out.
func sheetParts(zr *zip.Reader) map[string]string {
	files := map[string]*zip.File{}
	for _, zf := range zr.File {
		files[zf.Name] = zf
	}
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if !decodePart(files["xl/workbook.xml"], &wb) || !decodePart(files["xl/_rels/workbook.xml.rels"], &rels) {
		return nil
	}
	targets := map[string]string{}
	for _, r := range rels.Rels {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		targets[r.ID] = t
	}
	out := map[string]string{}
	for _, s := range wb.Sheets {
		if t, ok := targets[s.RID]; ok {
			out[s.Name] = t
		}
	}
	return out
}

// decodePart decodes a small XML part (the workbook and its relationships,
// already bounded by the zip's size checks).
func decodePart(zf *zip.File, v any) bool {
	if zf == nil {
		return false
	}
	rc, err := zf.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	return xml.NewDecoder(rc).Decode(v) == nil
}

// scanFormulas reads the formulas of a worksheet part's cells in one pass,
// without loading the sheet: cell → formula as typed ("=1+2"). A cell that
// shares another's formula (Excel stores it once) reads "(shared with C2)".
// It stops, saying so, after room formulas.
func scanFormulas(r io.Reader, room int) (formulas map[Cell]string, more bool) {
	dec := xml.NewDecoder(r)
	masters := map[string]string{} // shared formula index → its first cell
	var row, col int               // the current cell; r attributes may be left out
	for {
		tok, err := dec.Token()
		if err != nil {
			return formulas, false
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "row":
			row, col = row+1, 0
			if n, err := strconv.Atoi(attr(se, "r")); err == nil {
				row = n
			}
		case "c":
			col++
			if c, r, ok := cellCoords(attr(se, "r")); ok {
				col, row = c, r
			}
		case "f":
			var f struct {
				Text string `xml:",chardata"`
				T    string `xml:"t,attr"`
				SI   string `xml:"si,attr"`
			}
			if dec.DecodeElement(&f, &se) != nil {
				return formulas, false
			}
			here := Cell{Row: row, Col: col}
			text := strings.TrimSpace(f.Text)
			switch {
			case f.T == "shared" && text != "":
				masters[f.SI] = cellName(here)
			case f.T == "shared":
				text = "(shared with " + masters[f.SI] + ")"
			case text == "":
				continue
			}
			if !strings.HasPrefix(text, "(") {
				text = "=" + strings.TrimPrefix(text, "=") // some writers store the "=" too
			}
			if len(formulas) >= room {
				return formulas, true
			}
			if formulas == nil {
				formulas = map[Cell]string{}
			}
			formulas[here] = text
		}
	}
}

func cellName(c Cell) string { return diag.ColumnName(c.Col) + strconv.Itoa(c.Row) }

func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// cellCoords parses "C12" into column 3, row 12.
func cellCoords(ref string) (col, row int, ok bool) {
	i := 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' {
		if col = col*26 + int(ref[i]-'A'+1); col > 1<<20 {
			return 0, 0, false
		}
		i++
	}
	if i == 0 || i == len(ref) {
		return 0, 0, false
	}
	for _, c := range ref[i:] {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
		if row = row*10 + int(c-'0'); row > 1<<24 {
			return 0, 0, false
		}
	}
	return col, row, row > 0
}
