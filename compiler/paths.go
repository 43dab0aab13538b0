package compiler

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
)

// ReadPaths reads the workbooks named by paths: workbook files (.xlsx,
// .ods, .fods), folders of CSV files (see csv.go), or project folders. A
// project folder's workbooks are its workbook files, its subfolders that
// hold CSV workbooks, and its own CSV files when it holds a Set.csv.
// Spreadsheet lock files (~$x.xlsx, .~lock.x.ods#) and hidden files are
// skipped. Every problem is a diagnostic.
func ReadPaths(paths []string, lim Limits) ([]*Workbook, *diag.List) {
	var l diag.List
	var wbs []*Workbook
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			d := l.Errorf(diag.Pos{File: p}, CodeIO, "cannot read %s: %v", p, unwrap(err))
			if os.IsNotExist(err) {
				d.Hint = "check the path"
			}
			continue
		}
		if !st.IsDir() {
			if isCSV(p) {
				l.Errorf(diag.Pos{File: filepath.Base(p)}, CodeNotXLSX, "a CSV file is one sheet, not a workbook").Hint =
					"name the folder that holds the workbook's CSV files, one a sheet, Set.csv among them"
				continue
			}
			if wb := readFile(p, lim, &l); wb != nil {
				wbs = append(wbs, wb)
			}
			continue
		}
		files, books := workbooksIn(p)
		if len(files) == 0 && len(books) == 0 {
			l.Errorf(diag.Pos{File: p}, CodeNoWorkbooks, "the folder %s holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv)", p).Hint =
				"create a project with `deckwright init DIR`, or name the workbooks"
			continue
		}
		for _, f := range files {
			if wb := readFile(f, lim, &l); wb != nil {
				wbs = append(wbs, wb)
			}
		}
		for _, b := range books {
			wbs = append(wbs, readCSVWorkbook(b, lim, &l))
		}
	}
	return wbs, &l
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

func readFile(path string, lim Limits, l *diag.List) *Workbook {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		l.Errorf(diag.Pos{File: name}, CodeIO, "cannot read %s: %v", path, unwrap(err))
		return nil
	}
	if !st.Mode().IsRegular() {
		// A device (/dev/zero) or a named pipe would never end, or block.
		l.Errorf(diag.Pos{File: name}, CodeIO, "cannot read %s: it is not a regular file (a device, a pipe, …)", path).Hint =
			"name the workbook file itself"
		return nil
	}
	if st.Size() > lim.FileSize {
		l.Errorf(diag.Pos{File: name}, CodeTooLarge, "the file is %s; deckwright reads workbooks up to %s", size(st.Size()), size(lim.FileSize))
		return nil
	}
	data, err := ReadLimited(path, lim.FileSize)
	if err != nil {
		l.Errorf(diag.Pos{File: name}, CodeIO, "cannot read %s: %v", path, unwrap(err))
		return nil
	}
	if int64(len(data)) > lim.FileSize { // it grew after Stat
		l.Errorf(diag.Pos{File: name}, CodeTooLarge, "the file is more than %s; deckwright reads workbooks up to %s", size(lim.FileSize), size(lim.FileSize))
		return nil
	}
	wb, dl := ReadWorkbook(name, data, lim)
	l.Append(dl)
	return wb
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
