package compiler

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/engine/diag"
)

// ReadPaths reads the workbooks named by paths: .xlsx files, or folders
// whose .xlsx files are all read (spreadsheet lock files such as ~$x.xlsx
// and hidden files are skipped). Every problem is a diagnostic.
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
		files := []string{p}
		if st.IsDir() {
			files = workbooksIn(p)
			if len(files) == 0 {
				l.Errorf(diag.Pos{File: p}, CodeNoWorkbooks, "the folder %s holds no .xlsx workbooks", p).Hint =
					"create a project with `deckwright init DIR`, or name the workbooks"
				continue
			}
		}
		for _, f := range files {
			if wb := readFile(f, lim, &l); wb != nil {
				wbs = append(wbs, wb)
			}
		}
	}
	return wbs, &l
}

func unwrap(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func workbooksIn(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, "~$") || strings.HasPrefix(n, ".") || !strings.EqualFold(filepath.Ext(n), ".xlsx") {
			continue
		}
		out = append(out, filepath.Join(dir, n))
	}
	sort.Strings(out)
	return out
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
