package compiler

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/table"
)

// ReadPaths reads the workbooks named by paths: workbook files (.xlsx,
// .ods, .fods), folders of CSV files (see csv.go), or project folders. A
// project folder's workbooks are its workbook files, its subfolders that
// hold CSV workbooks, and its own CSV files when it holds a Set.csv.
// Spreadsheet lock files (~$x.xlsx, .~lock.x.ods#) and hidden files are
// skipped. Problems in the content (a damaged workbook, a file too large)
// are diagnostics; a path that cannot be read, or a folder that holds no
// workbooks, is not the content's: reading stops and the error is a
// *ReadError.
func ReadPaths(paths []string, lim Limits) ([]*Workbook, *diag.List, error) {
	var l diag.List
	var wbs []*Workbook
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			if re := danglingLink(p, err); re != nil {
				return nil, &l, re
			}
			re := readError(p, err)
			if os.IsNotExist(err) {
				re.Hint = "check the path"
			}
			return nil, &l, re
		}
		if !st.IsDir() {
			if isCSV(p) {
				l.Add(diag.Errorf(diag.Pos{File: filepath.Base(p)}, CodeNotXLSX, "a CSV file is one sheet, not a workbook").
					WithHint("name the folder that holds the workbook's CSV files, one a sheet, Set.csv among them"))
				continue
			}
			wb, err := readFile(p, lim, &l)
			if err != nil {
				return nil, &l, err
			}
			if wb != nil {
				wbs = append(wbs, wb)
			}
			continue
		}
		files, books := workbooksIn(p)
		if len(files) == 0 && len(books) == 0 {
			return nil, &l, &ReadError{Code: CodeNoWorkbooks, Msg: "the folder " + p + " holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv)",
				Hint: "create a project with `deckwright init DIR`, or name the workbooks", Err: ErrNoWorkbooks}
		}
		for _, f := range files {
			wb, err := readFile(f, lim, &l)
			if err != nil {
				return nil, &l, err
			}
			if wb != nil {
				wbs = append(wbs, wb)
			}
		}
		for _, b := range books {
			wb, err := readCSVWorkbook(b, lim, &l)
			if err != nil {
				return nil, &l, err
			}
			wbs = append(wbs, wb)
		}
	}
	return wbs, &l, nil
}

// ReadError is a path that cannot be read, or a folder without workbooks:
// the failure of whoever named the path (exit 2 in the CLI), kept apart
// by its type from content errors, which are diagnostics.
type ReadError struct {
	Code diag.Code // CodeIO, or CodeNoWorkbooks
	Msg  string    // "cannot read base.xlsx: permission denied"
	Hint string    // what to do, or ""
	Err  error     // the cause (an *fs.PathError, ErrNoWorkbooks)
}

// ErrNoWorkbooks is the cause of the ReadError for a folder that holds no
// workbooks.
var ErrNoWorkbooks = errors.New("no workbooks")

func (e *ReadError) Error() string {
	if e.Hint == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Hint + ")"
}

func (e *ReadError) Unwrap() error { return e.Err }

// readError is the ReadError for a file that cannot be read.
// danglingLink describes a path that cannot be read because it is a
// symbolic link to nothing, or returns nil.
func danglingLink(path string, err error) *ReadError {
	target, lerr := os.Readlink(path)
	if lerr != nil || !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return &ReadError{Code: CodeIO, Msg: "cannot read " + path + ": it is a symbolic link to " + target + ", which does not exist",
		Hint: "remove the link, or put the workbook it names back", Err: err}
}

func readError(path string, err error) *ReadError {
	return &ReadError{Code: CodeIO, Msg: "cannot read " + path + ": " + unwrap(err).Error(), Err: err}
}

// Watched reports whether a file's name makes it part of a project folder's
// content (a workbook, or a CSV sheet): what `deckwright watch` reacts to.
func Watched(name string) bool {
	name = filepath.Base(name)
	return isWorkbookFile(name) || isCSV(name)
}

func isWorkbookFile(name string) bool {
	if skippedName(name) {
		return false
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xlsx", ".xlsm", ".ods", ".fods":
		return true
	}
	return false
}

func unwrap(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// workbooksIn lists a folder's workbook files and its CSV workbooks (its
// own, and its subfolders').
func workbooksIn(dir string) ([]string, []csvWorkbook) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	var files []string
	books := csvWorkbooks(dir)
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir() && !skippedName(n):
			books = append(books, csvWorkbooks(filepath.Join(dir, n))...)
		case !e.IsDir() && isWorkbookFile(n):
			files = append(files, filepath.Join(dir, n))
		}
	}
	sort.Strings(files)
	return files, books
}

// readFile reads one workbook file. A file too large is the content's
// problem (a diagnostic); one that cannot be read is a *ReadError.
func readFile(path string, lim Limits, l *diag.List) (*Workbook, error) {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		if re := danglingLink(path, err); re != nil {
			return nil, re
		}
		return nil, readError(path, err)
	}
	if !st.Mode().IsRegular() {
		// A device (/dev/zero) or a named pipe would never end, or block.
		return nil, &ReadError{Code: CodeIO, Msg: "cannot read " + path + ": it is not a regular file (a device, a pipe, …)",
			Hint: "name the workbook file itself"}
	}
	if st.Size() > lim.FileSize {
		l.Errorf(diag.Pos{File: name}, CodeTooLarge, "the file is %s; deckwright reads workbooks up to %s", size(st.Size()), size(lim.FileSize))
		return nil, nil
	}
	data, err := ReadLimited(path, lim.FileSize)
	if err != nil {
		return nil, readError(path, err)
	}
	if int64(len(data)) > lim.FileSize { // it grew after Stat
		l.Errorf(diag.Pos{File: name}, CodeTooLarge, "the file is more than %s; deckwright reads workbooks up to %s", size(lim.FileSize), size(lim.FileSize))
		return nil, nil
	}
	wb, dl := ReadWorkbook(name, data, lim)
	l.Append(dl)
	if wb != nil {
		wb.Dir = filepath.Dir(path)
	}
	return wb, nil
}

// ReadLimited reads at most max+1 bytes of a file (one more than allowed,
// so the caller can tell it is too large), whatever it claims its size is.
func ReadLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max+1))
}

// Inputs lists the files ReadPaths reads for paths: each file named, and
// a folder's workbook files and CSV sheets. A command that writes files
// checks its outputs against them, so that an output flag never replaces
// the designer's own workbook.
func Inputs(paths []string) []string {
	var in []string
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || !st.IsDir() {
			in = append(in, p)
			continue
		}
		files, books := workbooksIn(p)
		in = append(in, files...)
		for _, b := range books {
			for _, sheet := range table.SortedKeys(b.files) {
				in = append(in, b.files[sheet])
			}
		}
	}
	return in
}
