package compiler_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// repack rewrites a package rawXLSX made: edit returns each part's bytes
// as they are to be, and the parts of extra are added.
func repack(t *testing.T, data []byte, edit func(name string, body []byte) []byte, extra map[string]string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name string, body []byte) {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write(body)
		require.NoError(t, err)
	}
	for _, zf := range zr.File {
		rc, err := zf.Open()
		require.NoError(t, err)
		body, err := io.ReadAll(rc)
		require.NoError(t, err)
		put(zf.Name, edit(zf.Name, body))
	}
	for name, body := range extra {
		put(name, []byte(body))
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// withSharedStrings adds a shared text table to a package rawXLSX made.
func withSharedStrings(t *testing.T, data []byte, sst string) []byte {
	t.Helper()
	return repack(t, data, func(name string, body []byte) []byte {
		switch name {
		case "[Content_Types].xml":
			return bytes.Replace(body, []byte("</Types>"), []byte(`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`), 1)
		case "xl/_rels/workbook.xml.rels":
			return bytes.Replace(body, []byte("</Relationships>"), []byte(`<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`), 1)
		}
		return body
	}, map[string]string{"xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` + sst + `</sst>`})
}

// withPart replaces one part of a package rawXLSX made.
func withPart(t *testing.T, data []byte, part, content string) []byte {
	t.Helper()
	return repack(t, data, func(name string, body []byte) []byte {
		if name == part {
			return []byte(content)
		}
		return body
	}, nil)
}

// A shared text table far beyond what content needs is refused before
// excelize loads it: 3 million texts fit in a 130 KiB file and cost a
// minute and 400 MiB; at the limit, the table reads, to its last text.
func TestReadSharedStringsBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		sst  string
		ref  int    // the text the cell B2 names
		want string // the diagnostic's message; "" when the workbook reads
	}{
		{name: "200,000 texts, the limit", sst: strings.Repeat("<si><t>x</t></si>", 199_999) + "<si><t>last</t></si>", ref: 199_999},
		{name: "200,001 texts", sst: strings.Repeat("<si><t>x</t></si>", 200_001), ref: 0,
			want: "the workbook's table of texts (xl/sharedStrings.xml) holds 200001 texts; deckwright reads up to 200000"},
		{name: "texts with a namespace prefix count too", sst: strings.Repeat("<x:si><x:t>x</x:t></x:si>", 200_001), ref: 0,
			want: "the workbook's table of texts (xl/sharedStrings.xml) holds 200001 texts; deckwright reads up to 200000"},
		{name: "few texts but over 16 MiB", sst: strings.Repeat("<si><t>"+strings.Repeat("y", 1<<20)+"</t></si>", 17), ref: 0,
			want: "the workbook's table of texts (xl/sharedStrings.xml) is 17 MiB; deckwright reads up to 16 MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheet := `<row r="1">` + inlineCell("A1", "ID") + inlineCell("B1", "Name") + `</row>` +
				`<row r="2">` + inlineCell("A2", "a") + fmt.Sprintf(`<c r="B2" t="s"><v>%d</v></c>`, tc.ref) + `</row>`
			data := withSharedStrings(t, rawXLSX(t, strings.NewReader(sheet)), tc.sst)
			if tc.want == "" {
				wb := readOne(t, data, compiler.DefaultLimits)
				require.Len(t, wb.Sheets, 1)
				assert.Equal(t, [][]string{{"ID", "Name"}, {"a", "last"}}, wb.Sheets[0].Rows)
				return
			}
			wb := readOne(t, data, compiler.DefaultLimits, dg("x.xlsx", 0, E, compiler.CodeTooLarge, tc.want,
				"content workbooks are small; this one may be damaged or built to exhaust memory"))
			assert.Nil(t, wb)
		})
	}
}
