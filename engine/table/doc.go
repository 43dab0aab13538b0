package table

import (
	"fmt"
	"io"
	"strings"
)

// WriteFormat writes the workbook format of a schema as Markdown: sheet by
// sheet, column by column, with types, defaults and examples. It is
// generated from the schema the compiler checks against, so it is always
// exact.
func WriteFormat(w io.Writer, s *Schema) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s workbook format\n\n", s.Title)
	b.WriteString("A set is one workbook: an .xlsx or .ods file, or a folder of CSV files, one a sheet (see the README). Row 1 of each sheet holds the column names (matched ignoring case and " +
		"spacing, in any order); every other non-blank row is one row of content. Sheets and columns whose names start " +
		"with `_` are notes and are ignored. Lists in a cell are comma-separated. Booleans are TRUE/FALSE (yes/no, 1/0 " +
		"and x also work). References name a row by its ID or its Name.\n\n")
	b.WriteString("Every data sheet also has the standard columns:\n\n")
	b.WriteString(columnTable(s, append(StandardColumns(&Sheet{Deck: true}), ArtColumn)))
	b.WriteString("\n`Count` exists on card sheets only; `Art` comes after the sheet's own columns.\n\n")
	fmt.Fprintf(&b, "## Set\n\n%s\n\n", SetSheet.Doc)
	b.WriteString(columnTable(s, append([]Column{
		{Name: ColID, Type: TString, Required: true, Doc: "the set's ID", Example: "arctic"},
		{Name: ColName, Type: TString, Required: true, Doc: "the set's name", Example: "Arctic Expedition"},
	}, SetSheet.Columns...)))
	for i := range s.Sheets {
		sh := &s.Sheets[i]
		kind := "sheet"
		if sh.Deck {
			kind = "cards"
		}
		fmt.Fprintf(&b, "\n## %s (%s)\n\n%s\n\n", sh.Name, kind, sh.Doc)
		b.WriteString(columnTable(s, sh.Columns))
	}
	if len(s.Grammars) > 0 {
		b.WriteString("\n## Cell grammars\n\n")
		for _, k := range SortedKeys(s.Grammars) {
			g := s.Grammars[k]
			fmt.Fprintf(&b, "**%s** — %s\n\n", g.Title, g.Doc)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func columnTable(s *Schema, cols []Column) string {
	var b strings.Builder
	b.WriteString("| column | type | default | meaning | example |\n|---|---|---|---|---|\n")
	for _, c := range cols {
		typ := c.Type.Describe(s)
		if c.Required {
			typ += ", required"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", c.Name, cell(typ), cell(c.Default), cell(c.Doc), cell(c.Example))
	}
	return b.String()
}

func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	if s == "" {
		return ""
	}
	return s
}
