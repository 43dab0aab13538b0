// Package diag reports problems in content: a workbook cell, a template line,
// or a card in play. It plays the role go/scanner's ErrorList plays for Go
// source: every stage appends to one List, which is sorted, capped and
// printed at the end so a designer sees every problem at once, and whose
// Err says whether the content failed.
//
// A Diagnostic is a value: it is built whole (Errorf, then WithHint or
// WithSource) and then added, so nothing keeps a pointer into a List that
// a later append could move.
package diag

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Severity says whether a diagnostic fails the build.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Pos locates a diagnostic: a workbook position has File, Sheet, Row and
// usually Col (the spreadsheet cell); a text file (a template) has File
// and Line. A place inside the cell's text is the Diagnostic's Char.
type Pos struct {
	File  string
	Sheet string
	Row   int
	Col   int
	Line  int
}

// Cell returns the A1 name of the position's cell ("E7"), the row number
// alone when no column is known, or "" for a sheet-level position.
func (p Pos) Cell() string {
	switch {
	case p.Row == 0:
		return ""
	case p.Col == 0:
		return strconv.Itoa(p.Row)
	}
	return ColumnName(p.Col) + strconv.Itoa(p.Row)
}

// String renders the position the way the text output prints it:
// "base.xlsx:Dangers!E7", "base.xlsx:Dangers", "card.yaml:12" or "base.xlsx".
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	switch {
	case p.Sheet != "":
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		b.WriteString(p.Sheet)
		if c := p.Cell(); c != "" {
			b.WriteByte('!')
			b.WriteString(c)
		}
	case p.Line > 0:
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Line))
	}
	return b.String()
}

// ColumnName converts a 1-based column number to its spreadsheet letters.
func ColumnName(col int) string {
	var buf [8]byte
	i := len(buf)
	for col > 0 && i > 0 {
		col--
		i--
		buf[i] = byte('A' + col%26)
		col /= 26
	}
	return string(buf[i:])
}

// Diagnostic is one problem at one position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     Code
	Message  string
	Hint     string
	// Source is the cell's text (an effect expression, a skill test) and
	// Char the 1-based character in it where the problem is, 0 when the
	// whole cell is meant. With both set, the text output prints Source
	// with a caret under Char.
	Source string
	Char   int
}

// Errorf returns an error at pos, to add to a List.
func Errorf(pos Pos, code Code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Warnf returns a warning at pos, to add to a List.
func Warnf(pos Pos, code Code, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Warning, Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithHint returns d with its hint set.
func (d Diagnostic) WithHint(hint string) Diagnostic {
	d.Hint = hint
	return d
}

// WithSource returns d pointing at the 1-based character char of the
// cell's text source.
func (d Diagnostic) WithSource(source string, char int) Diagnostic {
	d.Source, d.Char = source, char
	return d
}

func (d Diagnostic) String() string {
	if at := d.Pos.String(); at != "" {
		return fmt.Sprintf("%s: %s[%s]: %s", at, d.Severity, d.Code, d.Message)
	}
	return fmt.Sprintf("%s[%s]: %s", d.Severity, d.Code, d.Message)
}

// List collects diagnostics.
type List struct {
	items  []Diagnostic
	hidden [2]int   // diagnostics Cap left out, by severity
	order  []string // file + "\x00" + sheet, in the order Order declared them
}

// Order declares a file and the order of its sheets (the workbook's
// order) for Sort. Positions in the file but in no sheet come first.
// Files and sheets never declared follow in the order they first appear.
func (l *List) Order(file string, sheets ...string) {
	l.order = append(l.order, file+"\x00")
	for _, s := range sheets {
		l.order = append(l.order, file+"\x00"+s)
	}
}

// Add appends a diagnostic: l.Add(diag.Errorf(pos, code, …).WithHint(…)).
func (l *List) Add(d Diagnostic) { l.items = append(l.items, d) }

// Errorf appends an error without a hint; Add appends one built whole.
func (l *List) Errorf(pos Pos, code Code, format string, args ...any) {
	l.Add(Errorf(pos, code, format, args...))
}

// Warnf appends a warning without a hint; Add appends one built whole.
func (l *List) Warnf(pos Pos, code Code, format string, args ...any) {
	l.Add(Warnf(pos, code, format, args...))
}

// Append adds every diagnostic of other.
func (l *List) Append(other *List) {
	l.items = append(l.items, other.items...)
	l.order = append(l.order, other.order...)
	l.hidden[Error] += other.hidden[Error]
	l.hidden[Warning] += other.hidden[Warning]
}

// Items returns the diagnostics in their current order.
func (l *List) Items() []Diagnostic { return l.items }

// Len returns the number of diagnostics.
func (l *List) Len() int { return len(l.items) }

// Errors counts the errors, including those Cap left out.
func (l *List) Errors() int { return l.count(Error) }

// Warnings counts the warnings, including those Cap left out.
func (l *List) Warnings() int { return l.count(Warning) }

func (l *List) count(s Severity) int {
	n := l.hidden[s]
	for _, d := range l.items {
		if d.Severity == s && d.Code != CodeMore {
			n++
		}
	}
	return n
}

// Err returns nil when the list holds no errors (warnings alone do not fail
// content), and otherwise a *ContentError wrapping the list, as go/scanner's
// ErrorList.Err does: a caller tells content that failed from an I/O or
// usage failure with errors.As, not by reading codes.
func (l *List) Err() error {
	if l.Errors() == 0 {
		return nil
	}
	return &ContentError{List: l}
}

// ContentError is content that failed: its List holds every diagnostic
// (usually printed already). Err returns one when the list has errors; a
// caller that fails on warnings too (--strict) builds one itself.
type ContentError struct {
	List *List
}

// Error names the first problem of the failing severity and counts the
// rest: `base.xlsx:Dangers!E7: error[DW0412]: unknown verb "x" (and 2 more
// errors)`.
func (e *ContentError) Error() string {
	sev := Error
	if e.List.Errors() == 0 {
		sev = Warning
	}
	var first *Diagnostic
	for i := range e.List.items {
		if d := &e.List.items[i]; d.Severity == sev && d.Code != CodeMore {
			first = d
			break
		}
	}
	if first == nil {
		return "no errors"
	}
	msg := Escape(first.String())
	if more := e.List.count(sev) - 1; more > 0 {
		msg += fmt.Sprintf(" (and %s)", plural(more, "more "+sev.String()))
	}
	return msg
}

// Sort orders diagnostics by file, sheet, row, line, column and character;
// ties keep the order in which they were reported. Files and sheets come in
// the order Order declared them, so a workbook reads top to bottom, sheet
// by sheet; others in the order in which they first appear.
func (l *List) Sort() {
	sheetRank := map[string]int{}
	fileRank := map[string]int{}
	rank := func(file, sheet string) {
		if _, ok := fileRank[file]; !ok {
			fileRank[file] = len(fileRank)
		}
		k := file + "\x00" + sheet
		if _, ok := sheetRank[k]; !ok {
			sheetRank[k] = len(sheetRank)
		}
	}
	for _, k := range l.order {
		file, sheet, _ := strings.Cut(k, "\x00")
		rank(file, sheet)
	}
	for _, d := range l.items {
		rank(d.Pos.File, d.Pos.Sheet)
	}
	sort.SliceStable(l.items, func(i, j int) bool {
		a, b := l.items[i].Pos, l.items[j].Pos
		if a.File != b.File {
			return fileRank[a.File] < fileRank[b.File]
		}
		if a.Sheet != b.Sheet {
			return sheetRank[a.File+"\x00"+a.Sheet] < sheetRank[b.File+"\x00"+b.Sheet]
		}
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return l.items[i].Char < l.items[j].Char
	})
}

// Cap keeps at most n diagnostics of each severity per sheet (or per file for
// positions without a sheet) and replaces the rest with one summary line:
// "… and 12 more errors in Dangers". Call it after Sort.
func (l *List) Cap(n int) {
	if n <= 0 {
		return
	}
	type key struct {
		file, sheet string
		sev         Severity
	}
	seen := map[key]int{}
	var out []Diagnostic
	var order []key
	for _, d := range l.items {
		k := key{d.Pos.File, d.Pos.Sheet, d.Severity}
		seen[k]++
		if seen[k] <= n {
			out = append(out, d)
			continue
		}
		if seen[k] == n+1 {
			order = append(order, k)
		}
		l.hidden[d.Severity]++
	}
	for _, k := range order {
		more := seen[k] - n
		where := k.sheet
		if where == "" {
			where = k.file
		}
		noun := k.sev.String()
		if more > 1 {
			noun += "s"
		}
		out = append(out, Diagnostic{
			Pos:      Pos{File: k.file, Sheet: k.sheet},
			Severity: k.sev,
			Code:     CodeMore,
			Message:  fmt.Sprintf("… and %d more %s in %s", more, noun, where),
			Hint:     "fix the ones above and run again, or raise --max-per-sheet",
		})
	}
	l.items = out
}
