package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText prints diagnostics for people:
//
//	base.xlsx:Dangers!E7: error[DW0412]: unknown verb "gainGlroy"
//	    gainGlroy(2)
//	    ^
//	  hint: did you mean "gainGlory"?
//
// followed by a one-line count.
func WriteText(w io.Writer, l *List) error {
	var b strings.Builder
	for _, d := range l.items {
		// Messages and hints quote content; control characters in it are
		// printed escaped, never sent raw to the terminal.
		b.WriteString(Escape(d.String()))
		b.WriteByte('\n')
		if d.Source != "" && d.Char > 0 {
			src, cols := escapeSource(d.Source)
			b.WriteString("    ")
			b.WriteString(src)
			b.WriteString("\n    ")
			n := min(d.Char-1, len(cols)-1)
			b.WriteString(strings.Repeat(" ", cols[n]))
			b.WriteString("^\n")
		}
		if d.Hint != "" {
			b.WriteString("  hint: ")
			b.WriteString(Escape(d.Hint))
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "%s, %s\n", plural(l.Errors(), "error"), plural(l.Warnings(), "warning"))
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// JSONDiagnostic is the machine form of one diagnostic.
// Every key but line is always present, so scripts can rely on the shape;
// line appears only for positions in text files (templates).
//
// Cell is the spreadsheet cell ("E7"); Char is the 1-based character
// inside that cell's text the problem is at (0: the whole cell). Column
// repeats Char under its old name and is deprecated: it will be removed
// in the next release, so scripts should read char.
type JSONDiagnostic struct {
	File     string `json:"file"`
	Sheet    string `json:"sheet"`
	Cell     string `json:"cell"`
	Line     int    `json:"line,omitempty"`
	Char     int    `json:"char"`
	Column   int    `json:"column"` // Deprecated: Char's old name, for one release.
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Hint     string `json:"hint"`
}

// JSONReport is what --format json prints.
type JSONReport struct {
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
	Errors      int              `json:"errors"`
	Warnings    int              `json:"warnings"`
}

// Report converts the list to its JSON form.
func Report(l *List) JSONReport {
	r := JSONReport{Diagnostics: []JSONDiagnostic{}, Errors: l.Errors(), Warnings: l.Warnings()}
	for _, d := range l.items {
		r.Diagnostics = append(r.Diagnostics, JSONDiagnostic{
			File: d.Pos.File, Sheet: d.Pos.Sheet, Cell: d.Pos.Cell(), Line: d.Pos.Line,
			Char: d.Char, Column: d.Char, Severity: d.Severity.String(), Code: string(d.Code),
			Message: d.Message, Hint: d.Hint,
		})
	}
	return r
}

// WriteJSON prints the list as one JSON document.
func WriteJSON(w io.Writer, l *List) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Report(l))
}
