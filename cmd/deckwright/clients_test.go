package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/compiler"
)

// The spreadsheet clients designers and scripts use are run for real:
// exceljs (node), openpyxl (python3) and LibreOffice (soffice). Locally a
// test skips when a client is missing; in CI (.ci/run sets DECKWRIGHT_CI
// and installs them) a missing client fails the test.
func needClient(t *testing.T, name string, probe ...string) {
	t.Helper()
	out, err := exec.Command(probe[0], probe[1:]...).CombinedOutput()
	if err == nil {
		return
	}
	if os.Getenv("DECKWRIGHT_CI") != "" {
		t.Fatalf("%s is missing (.ci/run installs it): %v\n%s", name, err, out)
	}
	t.Skipf("%s is not installed: %v", name, err)
}

// cellsOf is every non-blank cell of a workbook, as deckwright reads it:
// "Sheet!A1 = text", sorted.
func cellsOf(t *testing.T, path string) []string {
	t.Helper()
	wb, l := compiler.ReadWorkbook(filepath.Base(path), readFile(t, path), compiler.DefaultLimits)
	require.NotNil(t, wb, "%v", l.Items())
	require.Zero(t, l.Len(), "%v", l.Items())
	return workbookCells(wb)
}

// workbookCells lists a workbook's non-blank cells, sorted.
func workbookCells(wb *compiler.Workbook) []string {
	var out []string
	for _, sh := range wb.Sheets {
		for i, row := range sh.Rows {
			for c, v := range row {
				if v != "" {
					out = append(out, cellLine(sh.Name, sh.Nums[i], c+1, v))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func cellLine(sheet string, row, col int, v string) string {
	return fmt.Sprintf("%s!%s%d = %q", sheet, columnLetters(col), row, v)
}

func columnLetters(n int) string {
	s := ""
	for ; n > 0; n = (n - 1) / 26 {
		s = string(rune('A'+(n-1)%26)) + s
	}
	return s
}

// clientCells runs a client's script over workbooks (one process for
// all: clients start slowly); the script prints one cell a line: file,
// sheet, row, column and text, tab-separated, with line breaks inside the
// text written as \n. It returns each file's cells.
func clientCells(t *testing.T, cmd *exec.Cmd) map[string][]string {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s", stderr.String())
	cells := map[string][]string{}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.SplitN(line, "\t", 5)
		require.Len(t, f, 5, "a line of cell output: %q", line)
		var row, col int
		_, err := fmt.Sscan(f[2], &row)
		require.NoError(t, err)
		_, err = fmt.Sscan(f[3], &col)
		require.NoError(t, err)
		cells[f[0]] = append(cells[f[0]], cellLine(f[1], row, col, strings.ReplaceAll(f[4], `\n`, "\n")))
	}
	for _, c := range cells {
		sort.Strings(c)
	}
	return cells
}

const exceljsCells = `
const ExcelJS = require('exceljs');
(async () => {
  const out = [];
  for (const file of process.argv.slice(1)) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    wb.eachSheet(ws => ws.eachRow((row, r) => row.eachCell((cell, c) => {
      let v = cell.value;
      if (v && v.richText) v = v.richText.map(t => t.text).join('');
      if (typeof v === 'boolean') v = v ? 'TRUE' : 'FALSE';
      v = String(v);
      if (v !== '') out.push([file, ws.name, r, c, v.replace(/\n/g, '\\n')].join('\t'));
    })));
  }
  console.log(out.join('\n'));
})().catch(e => { console.error(e.message); process.exit(1); });
`

const openpyxlCells = `
import sys, warnings
import openpyxl
warnings.simplefilter("error")  # a warning is a part openpyxl does not understand
for f in sys.argv[1:]:
    wb = openpyxl.load_workbook(f)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                v = c.value
                if v is None or v == "":
                    continue
                if isinstance(v, bool):
                    v = "TRUE" if v else "FALSE"
                print("\t".join([f, ws.title, str(c.row), str(c.column), str(v).replace("\n", "\\n")]))
`

// libreOfficeCells converts every sheet of each workbook to CSV with
// LibreOffice (one run for all, as it starts slowly) into out and returns
// the cells of each.
func libreOfficeCells(t *testing.T, out string, paths ...string) map[string][]string {
	t.Helper()
	// Filter options: comma, double quote, UTF-8, from row 1, …, every
	// sheet to its own file (the last field, -1).
	args := append([]string{"--headless", "-env:UserInstallation=file://" + t.TempDir(), "--convert-to",
		"csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", out}, paths...)
	cmd := exec.Command("soffice", args...)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	cells := map[string][]string{}
	for _, p := range paths {
		stem := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		files, err := filepath.Glob(filepath.Join(out, stem+"-*.csv"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "LibreOffice wrote no sheets for %s:\n%s", p, msg)
		for _, f := range files {
			sheet := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), stem+"-"), ".csv")
			rows, err := csv.NewReader(bytes.NewReader(readFile(t, f))).ReadAll()
			require.NoError(t, err)
			for r, row := range rows {
				for c, v := range row {
					if v != "" {
						cells[p] = append(cells[p], cellLine(sheet, r+1, c+1, v))
					}
				}
			}
		}
		sort.Strings(cells[p])
	}
	return cells
}

// TestWrittenWorkbooksOpenInEveryClient: the workbooks deckwright writes —
// the bundled base sets a project copies and the expansion init writes,
// with comments, dropdowns, frozen headers, numbers and booleans — open
// in exceljs, openpyxl and LibreOffice, and each client reads exactly the
// cells deckwright reads.
func TestWrittenWorkbooksOpenInEveryClient(t *testing.T) {
	t.Parallel()
	fng := newProject(t, "arctic")
	fl := newProject(t, "old-town", "--game", "fallen-land")
	files := []string{
		filepath.Join(fng, "fng-base.xlsx"), filepath.Join(fng, "arctic.xlsx"),
		filepath.Join(fl, "fl-base.xlsx"), filepath.Join(fl, "old-town.xlsx"),
	}
	want := map[string][]string{}
	for _, f := range files {
		want[f] = cellsOf(t, f)
		require.NotEmpty(t, want[f])
	}
	t.Run("exceljs", func(t *testing.T) {
		needClient(t, "exceljs (npm)", "node", "-e", "require('exceljs')")
		got := clientCells(t, exec.Command("node", append([]string{"-e", exceljsCells}, files...)...))
		for _, f := range files {
			assert.Equal(t, want[f], got[f], "exceljs reads %s as deckwright does", filepath.Base(f))
		}
	})
	t.Run("openpyxl", func(t *testing.T) {
		needClient(t, "openpyxl (python3-openpyxl)", "/usr/bin/python3", "-c", "import openpyxl")
		got := clientCells(t, exec.Command("/usr/bin/python3", append([]string{"-c", openpyxlCells}, files...)...))
		for _, f := range files {
			assert.Equal(t, want[f], got[f], "openpyxl reads %s as deckwright does", filepath.Base(f))
		}
	})
	t.Run("LibreOffice", func(t *testing.T) {
		needClient(t, "LibreOffice (soffice)", "soffice", "--version")
		start := time.Now()
		out := t.TempDir()
		got := libreOfficeCells(t, out, files...)
		t.Logf("LibreOffice converted %d workbooks in %s", len(files), time.Since(start).Round(time.Millisecond))
		for _, f := range files {
			assert.Equal(t, want[f], got[f], "LibreOffice reads %s as deckwright does", filepath.Base(f))
		}
		// Its export, every sheet to its own CSV file ("arctic-Dangers.csv"),
		// is a folder of CSV workbooks deckwright reads as the workbooks.
		wbs, l, err := compiler.ReadPaths([]string{out}, compiler.DefaultLimits)
		require.NoError(t, err)
		require.Zero(t, l.Len(), "%v", l.Items())
		require.Len(t, wbs, len(files))
		for _, wb := range wbs {
			cells := workbookCells(wb)
			var f string
			for _, p := range files {
				if strings.TrimSuffix(filepath.Base(p), ".xlsx") == wb.File {
					f = p
				}
			}
			require.NotEmpty(t, f, "a workbook named %s", wb.File)
			assert.Equal(t, want[f], cells, "the CSV export of %s reads as the workbook", wb.File)
		}
	})
}

// toODS converts workbooks to .ods with LibreOffice, in one run (it starts
// slowly), into out, and returns the .ods paths in order.
func toODS(t testing.TB, out string, paths ...string) []string {
	t.Helper()
	args := append([]string{"--headless", "-env:UserInstallation=file://" + t.TempDir(), "--convert-to", "ods", "--outdir", out}, paths...)
	msg, err := exec.Command("soffice", args...).CombinedOutput()
	require.NoError(t, err, "%s", msg)
	var ods []string
	for _, p := range paths {
		o := filepath.Join(out, strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))+".ods")
		require.FileExists(t, o, "%s", msg)
		ods = append(ods, o)
	}
	return ods
}

// TestLibreOfficeODSValidatesLikeXLSX: a designer who opens a workbook in
// LibreOffice and saves it in its own format (.ods) gets the same cells,
// at the same positions, and the same report: the bundled sets, and a
// set with mistakes (merged cells, bad cells, a module error) in it.
func TestLibreOfficeODSValidatesLikeXLSX(t *testing.T) {
	t.Parallel()
	needClient(t, "LibreOffice (soffice)", "soffice", "--version")
	broken := bundledBook(t, "fortune-and-glory", "broken.xlsx")
	h := broken.sheet("Heroes")
	h.set("jake-zane", "Combat", "lots")
	h.set("li-mei-chen", "Start City", "alaska")
	h.set("duke-dudley", "Effect", "gainGlroy(2)")
	var xlsx []string
	for _, b := range []*editBook{bundledBook(t, "fortune-and-glory", "fng.xlsx"), bundledBook(t, "fallen-land", "fl.xlsx"), broken} {
		dir := t.TempDir() // one set a folder: validate builds each alone
		path := b.write(t, dir)
		if b == broken {
			edit(t, path, func(f *excelize.File) { require.NoError(t, f.MergeCell("Dangers", "O3", "O4")) })
		}
		xlsx = append(xlsx, path)
	}
	start := time.Now()
	ods := toODS(t, t.TempDir(), xlsx...)
	t.Logf("LibreOffice saved %d workbooks as .ods in %s", len(xlsx), time.Since(start).Round(time.Millisecond))
	for i := range xlsx {
		name := filepath.Base(xlsx[i])
		t.Run(name, func(t *testing.T) {
			xwb, xl := compiler.ReadWorkbook("book", readFile(t, xlsx[i]), compiler.DefaultLimits)
			owb, ol := compiler.ReadWorkbook("book", readFile(t, ods[i]), compiler.DefaultLimits)
			require.NotNil(t, xwb)
			require.NotNil(t, owb)
			assert.Equal(t, xl.Items(), ol.Items())
			assert.Equal(t, xwb.Sheets, owb.Sheets, "the same cells at the same rows")
			rx := dw(t, "validate", xlsx[i], "--format", "json", "--max-per-sheet", "0")
			ro := dw(t, "validate", ods[i], "--format", "json", "--max-per-sheet", "0")
			assert.Equal(t, rx.code, ro.code)
			odsName := strings.TrimSuffix(name, ".xlsx") + ".ods"
			assert.Equal(t, rx.stdout, strings.ReplaceAll(ro.stdout, `"file": "`+odsName+`"`, `"file": "`+name+`"`))
			if name == "broken.xlsx" {
				d := decodeDiagnostics(t, ro.stdout)
				assert.Equal(t, 4, d.Errors, "the merged range, the three cells:\n%s", ro.stdout)
			} else {
				requireExit(t, exitOK, ro)
			}
		})
	}
}
