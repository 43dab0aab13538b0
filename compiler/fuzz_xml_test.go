package compiler_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/fuzzlimit"
)

// FuzzReadWorkbookXML: whatever a worksheet's XML and its shared text
// table hold, reading never panics, stays within its budget, and every
// problem has a position. FuzzReadWorkbook mutates packaged files, whose
// zip checksums stop almost every mutation short of the XML; here the
// XML itself is mutated and packaged afresh for each input.
func FuzzReadWorkbookXML(f *testing.F) {
	const sst = `<si><t>ID</t></si><si><t>Name</t></si><si><r><t>Ric</t></r><r><rPr><b/></rPr><t>h</t></r></si>`
	for _, body := range []string{
		`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c><c r="B2" t="s"><v>2</v></c></row>`,
		`<row r="2"><c r="A2" t="s"><v>-1</v></c></row><row r="1"><c r="A1" t="s"><v>0</v></c><c r="A1" t="s"><v>1</v></c></row>`,
		`<row r="1" hidden="1"><c r="XFD1" t="b"><v>1</v></c><c r="B1" t="e"><v>#REF!</v></c><c r="C1"><f>1+1</f><v>2</v></c></row>`,
	} {
		f.Add([]byte(sheetHead+body+`</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>`), []byte(sst))
	}
	f.Fuzz(func(t *testing.T, sheet, sst []byte) {
		if len(sheet)+len(sst) > 1<<16 {
			return
		}
		data := withPart(t, rawXLSX(t, strings.NewReader("")), "xl/worksheets/sheet1.xml", string(sheet))
		data = withSharedStrings(t, data, string(sst))
		fuzzlimit.Check(t, workbookBudget, func() {
			wb, l := compiler.ReadWorkbook("fuzz.xlsx", data, fuzzLimits)
			if wb == nil && l.Errors() == 0 {
				t.Fatalf("no workbook and no error")
			}
			checkPositions(t, l, "fuzz.xlsx")
		})
	})
}
