package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// gitattributesLine makes git diff workbooks through 'deckwright dump'.
const gitattributesLine = "*.xlsx diff=deckwright"

// initFile is a file init writes into a project.
type initFile struct {
	name string
	data []byte
	what string // for the summary: "the bundled base set (set fng-base)"
}

// An initAction is what init does with one file of a folder that may
// already hold it.
type initAction int

const (
	actCreate initAction = iota // the file is missing: write it
	actSame                     // it holds what init would write: nothing to do
	actKeep                     // it differs (the user's own): keep it
	actMerge                    // .gitattributes lacks init's line: add it
)

type initStep struct {
	file   initFile
	action initAction
	note   string // why a file is kept
	merged []byte // actMerge: the new .gitattributes
}

type initPlan []initStep

// planInit decides, file by file, what init does in dir. A file that
// exists is never replaced: init cannot tell an edited workbook from an
// old one, and the designer's edits are what matter.
func planInit(dir string, files []initFile) initPlan {
	var plan initPlan
	for _, f := range files {
		step := initStep{file: f}
		old, err := os.ReadFile(filepath.Join(dir, f.name))
		switch {
		case os.IsNotExist(err):
			step.action = actCreate
		case err != nil:
			step.action, step.note = actKeep, "cannot be read: "+unwrapPathErr(err).Error()
		case bytes.Equal(old, f.data):
			step.action = actSame
		case f.name == ".gitattributes":
			merged, note := mergeGitattributes(old)
			step.action, step.note, step.merged = actSame, note, merged
			if merged != nil {
				step.action = actMerge
			}
		default:
			step.action, step.note = actKeep, "it differs from the bundled copy: yours is kept"
			if !strings.Contains(f.what, "bundled") {
				step.note = "it differs from a new expansion: yours is kept"
			}
		}
		plan = append(plan, step)
	}
	return plan
}

// mergeGitattributes adds init's line to a .gitattributes unless a line
// already sets how *.xlsx files diff (init's line, or the user's own
// choice, such as diff=lfs, which it respects). It returns nil when the
// file needs no change, with a note when the user's choice wins.
func mergeGitattributes(old []byte) ([]byte, string) {
	for _, line := range strings.Split(string(old), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 || fields[0] != "*.xlsx" {
			continue
		}
		for _, attr := range fields[1:] {
			switch {
			case attr == "diff=deckwright":
				return nil, fmt.Sprintf("it already has the line %q", gitattributesLine)
			case attr == "diff" || attr == "-diff" || attr == "!diff" || strings.HasPrefix(attr, "diff="):
				return nil, fmt.Sprintf("it already says %q: yours is kept (workbook diffs in git need diff=deckwright)", strings.TrimSpace(line))
			}
		}
	}
	merged := append([]byte{}, old...)
	if len(merged) > 0 && merged[len(merged)-1] != '\n' {
		merged = append(merged, '\n')
	}
	return append(merged, gitattributesLine+"\n"...), ""
}

// describe lists every file the plan touches or keeps, one a line.
func (p initPlan) describe() string {
	var b strings.Builder
	for _, s := range p {
		switch s.action {
		case actCreate:
			fmt.Fprintf(&b, "  create  %-24s %s\n", s.file.name, s.file.what)
		case actSame:
			if s.note != "" {
				fmt.Fprintf(&b, "  keep    %-24s %s\n", s.file.name, s.note)
			} else {
				fmt.Fprintf(&b, "  keep    %-24s already as init writes it\n", s.file.name)
			}
		case actKeep:
			fmt.Fprintf(&b, "  keep    %-24s %s\n", s.file.name, s.note)
		case actMerge:
			fmt.Fprintf(&b, "  add     %-24s the line %q (your lines are kept)\n", s.file.name, gitattributesLine)
		}
	}
	return b.String()
}

// touchedExisting says whether the folder held any of the files.
func (p initPlan) touchedExisting() bool {
	for _, s := range p {
		if s.action != actCreate {
			return true
		}
	}
	return false
}

// apply writes the files the plan creates or merges, each atomically.
func (p initPlan) apply(dir string, stdout io.Writer) error {
	for _, s := range p {
		data := s.file.data
		switch s.action {
		case actSame, actKeep:
			continue
		case actMerge:
			data = s.merged
		}
		if err := writeOutput(s.file.name, filepath.Join(dir, s.file.name), data, stdout); err != nil {
			return err
		}
	}
	return nil
}

// emptyDir says whether dir is missing or holds nothing.
func emptyDir(dir string) bool {
	entries, err := os.ReadDir(dir)
	return err != nil || len(entries) == 0
}
