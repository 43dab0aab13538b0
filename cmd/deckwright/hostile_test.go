package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// The hostile corpus: inputs built to break deckwright — damaged and
// malicious workbooks, edited engine tables, templates, flags and output
// targets — each with the exit status and the exact first line it must
// get. Every run is checked for a panic or Go stack trace, and every file
// a run must not touch for its content. The counts are the README's
// reliability figures, which TestHostileCorpus checks against it.

// hostile is one case: setup writes its inputs into dir and returns the
// command line; keep names files (in dir) that must come out unchanged.
type hostile struct {
	name  string
	setup func(t *testing.T, dir string) []string
	code  int
	first string // the exact first line of standard error, or of standard output when standard error is empty
	keep  []string
}

// hostileProject makes a Fortune and Glory project in dir/p whose expansion row
// of sheet/id gets the values (and is enabled); it returns the folder.
func hostileProject(t *testing.T, dir, sheet, id string, values map[string]any) string {
	t.Helper()
	p := filepath.Join(dir, "p")
	requireExit(t, exitOK, dw(t, "init", p, "--name", "exp"))
	if sheet != "" {
		values["Disabled"] = false
		editRow(t, filepath.Join(p, "exp.xlsx"), sheet, id, values)
	}
	return p
}

// withParts rewrites parts of an .xlsx (a zip) and returns the new bytes.
func withParts(t *testing.T, data []byte, edit func(name string, body []byte) []byte, extra map[string][]byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, zf := range zr.File {
		rc, err := zf.Open()
		require.NoError(t, err)
		body, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		w, err := zw.Create(zf.Name)
		require.NoError(t, err)
		_, err = w.Write(edit(zf.Name, body))
		require.NoError(t, err)
	}
	for name, body := range extra {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write(body)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// sheetXML is a one-sheet workbook ("Data") whose sheet data is body.
func sheetXML(t *testing.T, body string) []byte {
	t.Helper()
	f := excelize.NewFile()
	require.NoError(t, f.SetSheetName("Sheet1", "Data"))
	var buf bytes.Buffer
	require.NoError(t, f.Write(&buf))
	return withParts(t, buf.Bytes(), func(name string, b []byte) []byte {
		if name == "xl/worksheets/sheet1.xml" {
			return regexp.MustCompile(`(?s)<sheetData\s*/>|<sheetData>.*</sheetData>`).ReplaceAll(b, []byte("<sheetData>"+body+"</sheetData>"))
		}
		return b
	}, nil)
}

func write(t *testing.T, path string, data []byte) string {
	t.Helper()
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// builtTables writes the bundled set's engine tables to dir/t.json, with
// one cell of the first Dangers row changed and the hash recomputed.
func editedTables(t *testing.T, dir string, column string, value any) string {
	t.Helper()
	path := filepath.Join(dir, "t.json")
	requireExit(t, exitOK, dw(t, "build", "-o", path))
	if column != "" {
		editTables(t, path, "dangers", column, value)
	}
	return path
}

func hostileCases() []hostile {
	wb := func(name string, data func(t *testing.T) []byte) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			return []string{"validate", write(t, filepath.Join(dir, name), data(t))}
		}
	}
	cell := func(sheet, id string, values map[string]any) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			return []string{"validate", hostileProject(t, dir, sheet, id, values)}
		}
	}
	flags := func(args ...string) func(*testing.T, string) []string {
		return func(*testing.T, string) []string { return args }
	}
	const old = "the user's own file\n"
	linked := func(name string, args func(target string) []string) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			write(t, filepath.Join(dir, "real"), []byte(old))
			require.NoError(t, os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, name)))
			return args(filepath.Join(dir, name))
		}
	}
	device := func(name string, args func(target string) []string) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			if err := syscall.Mknod(filepath.Join(dir, name), syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skipf("cannot make a device node here: %v", err)
			}
			return args(filepath.Join(dir, name))
		}
	}
	return []hostile{
		// Workbooks that are not workbooks.
		{name: "an empty file", setup: wb("x.xlsx", func(*testing.T) []byte { return nil }), code: 1, first: "x.xlsx: error[DW0105]: the file is empty"},
		{name: "random bytes", setup: wb("x.xlsx", func(*testing.T) []byte { return bytes.Repeat([]byte{0x9c, 0x01, 0xff}, 300) }), code: 1, first: "x.xlsx: error[DW0102]: this is not a workbook (.xlsx or .ods)"},
		{name: "a CSV renamed", setup: wb("x.xlsx", func(*testing.T) []byte { return []byte("ID,Name\nx,y\n") }), code: 1, first: "x.xlsx: error[DW0102]: this is a text file (CSV?), not a workbook (.xlsx or .ods)"},
		{name: "a truncated workbook", setup: wb("x.xlsx", func(t *testing.T) []byte { d := sheetXML(t, ""); return d[:len(d)/2] }), code: 1, first: "x.xlsx: error[DW0105]: the workbook is truncated or damaged (zip: not a valid zip file)"},
		{name: "an old .xls", setup: wb("x.xlsx", func(*testing.T) []byte {
			return append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 512)...)
		}), code: 1, first: "x.xlsx: error[DW0103]: this is an old binary .xls workbook"},
		{name: "an encrypted workbook", setup: wb("x.xlsx", func(*testing.T) []byte {
			return append(append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 64)...), []byte("E\x00n\x00c\x00r\x00y\x00p\x00t\x00e\x00d\x00P\x00a\x00c\x00k\x00a\x00g\x00e\x00")...)
		}), code: 1, first: "x.xlsx: error[DW0104]: the workbook is password-protected"},
		{name: "a zip bomb", setup: wb("x.xlsx", func(t *testing.T) []byte {
			return withParts(t, sheetXML(t, ""), func(_ string, b []byte) []byte { return b }, map[string][]byte{"xl/media/bomb.bin": make([]byte, 65<<20)})
		}), code: 1, first: "x.xlsx: error[DW0106]: part xl/media/bomb.bin unpacks to 65 MiB; deckwright reads parts up to 64 MiB"},
		{name: "a sheet of a million rows", setup: wb("x.xlsx", func(t *testing.T) []byte {
			var b strings.Builder
			for i := 1; i <= 20001; i++ {
				fmt.Fprintf(&b, `<row r="%d"><c r="A%d"><v>%d</v></c></row>`, i, i, i)
			}
			return sheetXML(t, b.String())
		}), code: 1, first: "x.xlsx:Data: error[DW0107]: the sheet has more than 20000 rows; deckwright stops reading there"},
		{name: "a value beyond column GR", setup: wb("x.xlsx", func(t *testing.T) []byte {
			return sheetXML(t, `<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="ZZ1" t="inlineStr"><is><t>far</t></is></c></row>`)
		}), code: 1, first: "x.xlsx:Data!GS1: error[DW0111]: the row has values beyond column GR; deckwright reads 200 columns"},
		{name: "a cell of 40,000 characters", setup: cell("Heroes", "nadia-volkova", map[string]any{"Abilities": strings.Repeat("x", 40000)}), code: 1, first: "exp.xlsx:Heroes!S2: error[DW0108]: the cell holds 32767 characters; the limit is 8000"},
		{name: "merged cells", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "Heroes", "nadia-volkova", map[string]any{})
			f, err := excelize.OpenFile(filepath.Join(p, "exp.xlsx"))
			require.NoError(t, err)
			require.NoError(t, f.MergeCell("Heroes", "G2", "H2"))
			require.NoError(t, f.Save())
			return []string{"validate", p}
		}, code: 1, first: "exp.xlsx:Heroes!G2: error[DW0110]: cells G2:H2 are merged; only G2 keeps a value"},
		{name: "a formula without a saved result, stored with its =", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "Heroes", "nadia-volkova", map[string]any{"Combat": nil})
			f, err := excelize.OpenFile(filepath.Join(p, "exp.xlsx"))
			require.NoError(t, err)
			require.NoError(t, f.SetCellFormula("Heroes", "G2", "=1+1"))
			require.NoError(t, f.Save())
			return []string{"validate", p}
		}, code: 1, first: "exp.xlsx:Heroes!G2: error[DW0109]: the formula =1+1 has no saved result"},
		{name: "a device named like a workbook", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.xlsx")))
			return []string{"validate", filepath.Join(dir, "zero.xlsx")}
		}, code: 2, first: "deckwright: cannot read {dir}/zero.xlsx: it is not a regular file (a device, a pipe, …) (name the workbook file itself)"},
		{name: "a named pipe named like a workbook", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "pipe.xlsx"), 0o644))
			return []string{"validate", filepath.Join(dir, "pipe.xlsx")}
		}, code: 2, first: "deckwright: cannot read {dir}/pipe.xlsx: it is not a regular file (a device, a pipe, …) (name the workbook file itself)"},
		{name: "a folder without workbooks", setup: func(t *testing.T, dir string) []string { return []string{"validate", dir} }, code: 2, first: "deckwright: the folder {dir} holds no workbooks (.xlsx, .ods, or CSV files with a Set.csv) (create a project with `deckwright init DIR`, or name the workbooks)"},
		{name: "a path that does not exist", setup: func(t *testing.T, dir string) []string {
			return []string{"validate", filepath.Join(dir, "nowhere.xlsx")}
		}, code: 2, first: "deckwright: cannot read {dir}/nowhere.xlsx: no such file or directory (check the path)"},

		// Content built to mislead or to exhaust.
		{name: "an escape sequence in a name", setup: cell("Heroes", "nadia-volkova", map[string]any{"Name": "Nadia_x001B_]0;owned_x0007_"}), code: 1, first: "exp.xlsx:Heroes!B2: error[DW0308]: Name holds a control character, U+001B (ESC), which no card can print"},
		{name: "a bell in a list", setup: cell("Heroes", "nadia-volkova", map[string]any{"Bonus": "Agility +1 in Mountains_x0007_"}), code: 1, first: "exp.xlsx:Heroes!M2: error[DW0308]: Bonus holds a control character, U+0007 (BEL), which no card can print"},
		{name: "an escape sequence in the Set row", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			f, err := excelize.OpenFile(filepath.Join(p, "exp.xlsx"))
			require.NoError(t, err)
			require.NoError(t, f.SetCellValue("Set", "B2", "Exp_x001B_[2J"))
			require.NoError(t, f.Save())
			return []string{"validate", p}
		}, code: 1, first: "exp.xlsx:Set!B2: error[DW0308]: Name holds a control character, U+001B (ESC), which no card can print"},
		{name: "a sheet named Danger's", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "Dangers", "frozen-bridge", map[string]any{})
			renameSheet(t, filepath.Join(p, "exp.xlsx"), "Dangers", "Danger&apos;s")
			return []string{"validate", "--strict", p}
		}, code: 1, first: `exp.xlsx:Danger's: warning[DW0201]: sheet "Danger's" is not part of Fortune and Glory; it is ignored`},
		{name: "an ID in Arabic", setup: cell("Heroes", "nadia-volkova", map[string]any{"ID": "بطل"}), code: 1, first: `exp.xlsx:Heroes!A2: error[DW0306]: ID "بطل" is not a slug`},
		{name: "a billion copies", setup: cell("Dangers", "frozen-bridge", map[string]any{"Count": 1000000000}), code: 1, first: "exp.xlsx:Dangers!C2: error[DW0303]: Count must be between 0 and 99, not 1000000000"},
		{name: "minus five copies", setup: cell("Dangers", "frozen-bridge", map[string]any{"Count": -5}), code: 1, first: "exp.xlsx:Dangers!C2: error[DW0303]: Count must be between 0 and 99, not -5"},
		{name: "lots of copies", setup: cell("Dangers", "frozen-bridge", map[string]any{"Count": "lots"}), code: 1, first: `exp.xlsx:Dangers!C2: error[DW0302]: Count must be a whole number, not "lots"`},
		{name: "a test that does not parse", setup: cell("Dangers", "frozen-bridge", map[string]any{"Test": "Agility 9+ x99999999999"}), code: 1, first: "exp.xlsx:Dangers!G2: error[DW0307]: target 9+ cannot be rolled on a die"},
		{name: "an effect nested 990 deep", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "Dangers", "frozen-bridge", map[string]any{"Effect": "gainGlory(" + strings.Repeat("(", 990) + "1" + strings.Repeat(")", 990) + ")"})
			return []string{"validate", p, "--format", "json"}
		}, code: 0, first: "{"},
		{name: "an effect too long", setup: cell("Dangers", "frozen-bridge", map[string]any{"Effect": strings.Repeat("gainGlory(1); ", 300)}), code: 1, first: "exp.xlsx:Dangers!I2: error[DW0412]: expression is 4199 characters long; the limit is 2000"},
		{name: "an unknown verb", setup: cell("Dangers", "frozen-bridge", map[string]any{"Effect": "gainGlroy(2)"}), code: 1, first: `exp.xlsx:Dangers!I2: error[DW0412]: unknown verb "gainGlroy"`},
		{name: "a two-set Requires cycle", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			setWorkbook(t, filepath.Join(p, "x.xlsx"), "x", "y")
			setWorkbook(t, filepath.Join(p, "y.xlsx"), "y", "x")
			return []string{"validate", p}
		}, code: 1, first: "x.xlsx:Set!2: error[DW0504]: the sets' Requires form a cycle: x → y → x"},
		{name: "a set that requires itself", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			setWorkbook(t, filepath.Join(p, "x.xlsx"), "x", "x")
			return []string{"validate", p}
		}, code: 1, first: "x.xlsx:Set!2: error[DW0504]: the sets' Requires form a cycle: x → x"},
		{name: "an expansion reusing a base ID", setup: cell("Heroes", "nadia-volkova", map[string]any{"ID": "jake-zane"}), code: 1, first: `exp.xlsx:Heroes!A2: error[DW0502]: ID "jake-zane" is already defined in fng-base.xlsx:Heroes!A2`},

		// Engine tables edited with their hash recomputed, and files that
		// are not engine tables.
		{name: "tables: a billion copies", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", editedTables(t, dir, "count", 1e9), "--games", "5"}
		}, code: 1, first: "bundled:fng-base.xlsx:Dangers!C2: error[DW0303]: Count must be between 0 and 99, not 1000000000"},
		{name: "tables: minus five copies", setup: func(t *testing.T, dir string) []string {
			return []string{"export", "pdf", editedTables(t, dir, "count", -5), "-o", filepath.Join(dir, "x.pdf")}
		}, code: 1, first: "bundled:fng-base.xlsx:Dangers!C2: error[DW0303]: Count must be between 0 and 99, not -5"},
		{name: "tables: lots of copies", setup: func(t *testing.T, dir string) []string {
			return []string{"inspect", editedTables(t, dir, "count", "lots")}
		}, code: 1, first: `bundled:fng-base.xlsx:Dangers!C2: error[DW0302]: Count must be a whole number, not "lots"`},
		{name: "tables: a test that is an object", setup: func(t *testing.T, dir string) []string {
			return []string{"validate", editedTables(t, dir, "test", map[string]any{})}
		}, code: 1, first: "bundled:fng-base.xlsx:Dangers!G2: error[DW0113]: Test holds {}, which no cell can"},
		{name: "tables: an effect that does not check", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", editedTables(t, dir, "effect", "gainGlory("), "--games", "5"}
		}, code: 1, first: "bundled:fng-base.xlsx:Dangers!I2: error[DW0411]: unexpected token EOF"},
		{name: "tables: edited without a new hash", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", write(t, filepath.Join(dir, "t.json"), []byte(`{"format": "deckwright-tables", "version": 1, "game": "fortune-and-glory", "hash": "sha256:000000000000000000", "layers": [], "sheets": []}`))}
		}, code: 2, first: "deckwright: {dir}/t.json: engine tables were edited after they were built (hash sha256:000000000000, content sha256:b8426d6f0cef): rebuild them"},
		{name: "tables: not JSON", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", write(t, filepath.Join(dir, "t.json"), []byte("PK\x03\x04"))}
		}, code: 2, first: "deckwright: {dir}/t.json: not an engine-tables file: invalid character 'P' looking for beginning of value"},
		{name: "tables: JSON nested 100,000 deep", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", write(t, filepath.Join(dir, "t.json"), []byte(`{"sheets":`+strings.Repeat("[", 100000)))}
		}, code: 2, first: "deckwright: {dir}/t.json: not an engine-tables file: invalid character '[' exceeded max depth"},
		{name: "tables: a device", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "t.json")))
			return []string{"sim", filepath.Join(dir, "t.json")}
		}, code: 2, first: "deckwright: cannot read {dir}/t.json: it is not a regular file (a device, a pipe, …)"},
		{name: "tables: a sparse 40 GiB file", setup: func(t *testing.T, dir string) []string {
			path := filepath.Join(dir, "t.json")
			f, err := os.Create(path)
			require.NoError(t, err)
			require.NoError(t, f.Truncate(40<<30))
			f.Close()
			return []string{"sim", path}
		}, code: 2, first: "deckwright: {dir}/t.json: the file is more than 32 MiB; engine tables are at most 32 MiB (is it engine tables?)"},
		{name: "tables: another game's", setup: func(t *testing.T, dir string) []string {
			path := filepath.Join(dir, "t.json")
			requireExit(t, exitOK, dw(t, "build", "--game", "fallen-land", "-o", path))
			return []string{"sim", path, "--game", "fortune-and-glory"}
		}, code: 2, first: `deckwright: {dir}/t.json: engine tables are for game "fallen-land", not "fortune-and-glory"`},

		// Templates.
		{name: "a template size out of range", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			requireExit(t, exitOK, dw(t, "templates", "init", p))
			file := filepath.Join(p, "templates", "dangers.yaml")
			write(t, file, bytes.Replace(readFile(t, file), []byte("size: poker"), []byte("size: 99999x1"), 1))
			return []string{"templates", "check", p}
		}, code: 1, first: `{dir}/p/templates/dangers.yaml:13: error[DW3006]: size "99999x1" is out of range: each side from 10 to 1000 mm`},
		{name: "a template that is not YAML", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			requireExit(t, exitOK, dw(t, "templates", "init", p))
			write(t, filepath.Join(p, "templates", "dangers.yaml"), []byte("name: [unclosed\n\t- {"))
			return []string{"templates", "check", p}
		}, code: 1, first: "{dir}/p/templates/dangers.yaml:2: error[DW3001]: found a tab character that violates indentation"},
		{name: "a template that is a named pipe", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			require.NoError(t, os.MkdirAll(filepath.Join(p, "templates"), 0o755))
			require.NoError(t, syscall.Mkfifo(filepath.Join(p, "templates", "pipe.yaml"), 0o644))
			return []string{"templates", "check", p}
		}, code: 1, first: "{dir}/p/templates/pipe.yaml: error[DW3012]: not a regular file (a device, a pipe, …): not a template"},

		// Flags.
		{name: "--from -1", setup: flags("sim", "--from", "-1"), code: 2, first: "deckwright: --from must be from 0 to 9007199254740992 (the index of the first game), not -1"},
		{name: "--teams 0", setup: flags("sim", "--mode", "team", "--teams", "0"), code: 2, first: "deckwright: --teams must be from 2 to 4 (a team game has 2 to 4 teams of 2 to 4 heroes), not 0"},
		{name: "--impact-games -1", setup: flags("sim", "--impact", "all", "--impact-games", "-1"), code: 2, first: "deckwright: --impact-games must be from 0 to 1000 (paired games replay the first games of the run; 0 is --games), not -1"},
		{name: "--games 0", setup: flags("sim", "--games", "0"), code: 2, first: "deckwright: --games must be from 1 to 100000000, not 0"},
		{name: "--games beyond reason", setup: flags("sim", "--games", "9223372036854775807"), code: 2, first: "deckwright: --games must be from 1 to 100000000, not 9223372036854775807"},
		{name: "--workers beyond reason", setup: flags("sim", "--workers", "100000000"), code: 2, first: "deckwright: --workers must be from 0 to 1024 (0 is one per CPU), not 100000000"},
		{name: "--max-rounds -1", setup: flags("sim", "--max-rounds", "-1"), code: 2, first: "deckwright: --max-rounds must be from 1 to 10000, not -1"},
		{name: "--bleed NaN", setup: flags("export", "pdf", "--bleed", "NaN", "-o", "-"), code: 2, first: "deckwright: --bleed must be from 0 to 20 mm, not NaN"},
		{name: "--max-per-sheet -1", setup: flags("validate", "--max-per-sheet", "-1"), code: 2, first: "deckwright: --max-per-sheet must be 0 or more (0 shows all), not -1"},
		{name: "--players 0", setup: flags("sim", "--players", "0"), code: 2, first: `deckwright: --players must be 1 to 8, or a range such as 1-4, not "0"`},
		{name: "an unknown flag", setup: flags("sim", "--rounds", "5"), code: 2, first: "deckwright: unknown flag: --rounds"},

		// Output targets: nothing there may be lost.
		{name: "build -o \"\"", setup: flags("build", "-o", ""), code: 2, first: `deckwright: -o needs a file name (or - for standard output), not ""`},
		{name: "build -o onto a symlink", setup: linked("t.json", func(target string) []string { return []string{"build", "-o", target} }), code: 2, first: "deckwright: refusing to replace {dir}/t.json: it is a symbolic link, not a regular file (name a new file, or - for standard output)", keep: []string{"real", "t.json"}},
		{name: "build -o onto a device", setup: device("null", func(target string) []string { return []string{"build", "-o", target} }), code: 2, first: "deckwright: refusing to replace {dir}/null: it is a device, not a regular file (name a new file, or - for standard output)", keep: []string{"null"}},
		{name: "build -o onto a folder", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "out"), 0o755))
			return []string{"build", "-o", filepath.Join(dir, "out")}
		}, code: 2, first: "deckwright: refusing to replace {dir}/out: it is a folder, not a regular file (name a new file, or - for standard output)", keep: []string{"out"}},
		{name: "sim --report onto a symlink", setup: linked("r.html", func(target string) []string {
			return []string{"sim", "--games", "5", "--report", target}
		}), code: 2, first: "deckwright: refusing to replace {dir}/r.html: it is a symbolic link, not a regular file (name a new file, or - for standard output)", keep: []string{"real", "r.html"}},
		{name: "sim --report onto a device", setup: device("null", func(target string) []string {
			return []string{"sim", "--games", "5", "--report", target}
		}), code: 2, first: "deckwright: refusing to replace {dir}/null: it is a device, not a regular file (name a new file, or - for standard output)", keep: []string{"null"}},
		// Output targets that are the command's own inputs: the designer's
		// workbook, a CSV sheet, engine tables, a part merge adds up.
		{name: "sim --report onto the workbook it plays", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", hostileProject(t, dir, "", "", nil), "--games", "5", "--report", filepath.Join(dir, "p", "exp.xlsx")}
		}, code: 2, first: `deckwright: --report writes an HTML page; "{dir}/p/exp.xlsx" would hold HTML under a .xlsx name: name it {dir}/p/exp.html`, keep: []string{"p/exp.xlsx"}},
		{name: "sim --part onto the workbook by another name", setup: func(t *testing.T, dir string) []string {
			p := hostileProject(t, dir, "", "", nil)
			require.NoError(t, os.Link(filepath.Join(p, "exp.xlsx"), filepath.Join(dir, "linked.xlsx")))
			return []string{"sim", p, "--games", "6", "--shard", "1/2", "--part", filepath.Join(dir, "linked.xlsx")}
		}, code: 2, first: "deckwright: refusing to replace {dir}/linked.xlsx: it is a workbook this command reads (name a new file, or - for standard output)", keep: []string{"p/exp.xlsx"}},
		{name: "build -o onto a CSV sheet it reads", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "exp"), 0o755))
			write(t, filepath.Join(dir, "exp", "Set.csv"), []byte("ID,Name,Game,Requires\nexp,Exp,fortune-and-glory,fng-base\n"))
			return []string{"build", filepath.Join(dir, "exp"), "-o", filepath.Join(dir, "exp", "Set.csv")}
		}, code: 2, first: "deckwright: refusing to replace {dir}/exp/Set.csv: it is a sheet of a workbook this command reads (name a new file, or - for standard output)", keep: []string{"exp/Set.csv"}},
		{name: "export pdf -o onto the workbook it prints", setup: func(t *testing.T, dir string) []string {
			return []string{"export", "pdf", hostileProject(t, dir, "", "", nil), "-o", filepath.Join(dir, "p", "fng-base.xlsx")}
		}, code: 2, first: "deckwright: refusing to replace {dir}/p/fng-base.xlsx: it is a workbook this command reads (name a new file, or - for standard output)", keep: []string{"p/fng-base.xlsx"}},
		{name: "sim --report onto the engine tables it plays", setup: func(t *testing.T, dir string) []string {
			tables := filepath.Join(dir, "t.json")
			requireExit(t, exitOK, dw(t, "build", "-o", tables))
			return []string{"sim", tables, "--games", "5", "--report", tables}
		}, code: 2, first: `deckwright: --report writes an HTML page; "{dir}/t.json" would hold HTML under a .json name: name it {dir}/t.html`, keep: []string{"t.json"}},
		{name: "merge -o onto a part it adds up", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			return []string{"merge", p, "-o", p}
		}, code: 2, first: "deckwright: refusing to replace {dir}/part.json: it is a part this merge reads (name a new file, or - for standard output)", keep: []string{"part.json"}},
		{name: "merge --report onto a part it adds up", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			return []string{"merge", p, "--report", p}
		}, code: 2, first: `deckwright: --report writes an HTML page; "{dir}/part.json" would hold HTML under a .json name: name it {dir}/part.html`, keep: []string{"part.json"}},
		{name: "merge --report onto a part it adds up, named without an extension", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			bare := strings.TrimSuffix(p, ".json")
			require.NoError(t, os.Rename(p, bare))
			return []string{"merge", bare, "--report", bare}
		}, code: 2, first: "deckwright: refusing to replace {dir}/part: it is a part this merge reads (name a new file, or - for standard output)", keep: []string{"part"}},
		{name: "init --force over the user's .gitattributes and workbook", setup: func(t *testing.T, dir string) []string {
			write(t, filepath.Join(dir, ".gitattributes"), []byte("*.psd filter=lfs diff=lfs merge=lfs -text\n"))
			write(t, filepath.Join(dir, "fng-base.xlsx"), []byte(old))
			return []string{"init", dir, "--force", "--name", "exp"}
		}, code: 0, first: "Updated {dir} for Fortune and Glory:", keep: []string{"fng-base.xlsx"}},
		{name: "content errors keep the last tables", setup: func(t *testing.T, dir string) []string {
			write(t, filepath.Join(dir, "t.json"), []byte(old))
			return []string{"build", hostileProject(t, dir, "Heroes", "nadia-volkova", map[string]any{"Combat": "lots"}), "-o", filepath.Join(dir, "t.json")}
		}, code: 1, first: `exp.xlsx:Heroes!G2: error[DW0302]: Combat must be a whole number, not "lots"`, keep: []string{"t.json"}},

		// Part files for deckwright merge that are not what a shard wrote.
		{name: "a part cut short", setup: func(t *testing.T, dir string) []string {
			d := readFile(t, shardPart(t, dir))
			write(t, filepath.Join(dir, "part.json"), d[:len(d)/2])
			return []string{"merge", filepath.Join(dir, "part.json")}
		}, code: 1, first: "deckwright: {dir}/part.json: cut short: the file ends inside the part (was its shard stopped while writing?)"},
		{name: "a part with minus five games", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, bytes.Replace(readFile(t, p), []byte(`"tally":{"games":4`), []byte(`"tally":{"games":-5`), 1))
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: tally.games: -5, a count below 0"},
		{name: "a part's count beyond 64 bits", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, regexp.MustCompile(`"VillainArtifacts":\d+`).ReplaceAll(readFile(t, p), []byte(`"VillainArtifacts":10000000000000000000000`)))
			write(t, filepath.Join(dir, "report.txt"), []byte(old))
			return []string{"merge", p, "-o", filepath.Join(dir, "report.txt")}
		}, code: 1, first: "deckwright: {dir}/part.json: counts: VillainArtifacts: number 10000000000000000000000, not a whole number of 64 bits", keep: []string{"report.txt"}},
		{name: "a shard's report cut short", setup: func(t *testing.T, dir string) []string {
			r := dw(t, "sim", "--games", "4", "--shard", "1/2", "--json")
			requireExit(t, exitOK, r)
			write(t, filepath.Join(dir, "1.json"), []byte(r.stdout[:len(r.stdout)-300]))
			return []string{"merge", filepath.Join(dir, "1.json")}
		}, code: 1, first: "deckwright: {dir}/1.json: cut short: the file ends inside the shard's report (was its shard stopped while writing?)"},
		{name: "a shard's report with minus five games in its part", setup: func(t *testing.T, dir string) []string {
			r := dw(t, "sim", "--games", "4", "--shard", "1/2", "--json")
			requireExit(t, exitOK, r)
			edited := regexp.MustCompile(`("tally": \{\s+"games": )2`).ReplaceAllString(r.stdout, "${1}-5")
			require.NotEqual(t, r.stdout, edited)
			write(t, filepath.Join(dir, "1.json"), []byte(edited))
			return []string{"merge", filepath.Join(dir, "1.json")}
		}, code: 1, first: "deckwright: {dir}/1.json: tally.games: -5, a count below 0"},
		{name: "a shard that printed nothing", setup: func(t *testing.T, dir string) []string {
			write(t, filepath.Join(dir, "1.json"), nil)
			return []string{"merge", filepath.Join(dir, "1.json")}
		}, code: 1, first: "deckwright: {dir}/1.json: empty: its shard wrote no report (did it fail, or was it stopped? play it again)"},
		// A part's game-module counts are checked as its tally is.
		{name: "a part whose counts lost their Stats", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			editJSON(t, p, func(d map[string]any) { delete(d["counts"].(map[string]any), "Stats") })
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: counts.Stats: missing"},
		{name: "a part whose counts are empty", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			editJSON(t, p, func(d map[string]any) { d["counts"] = map[string]any{} })
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: counts.ByOrg: missing"},
		{name: "a part with a card's holders' wins beyond its holders", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, bytes.Replace(readFile(t, p), []byte(`"Holders":0,"HolderWins":0`), []byte(`"Holders":2,"HolderWins":1000000`), 1))
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: counts.Stats.Cards[0]: 1000000 holders' wins of 2 holders"},
		{name: "a part with a card drawn more than its games could", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, bytes.Replace(readFile(t, p), []byte(`"Drawn":0,"Used":0,"Tests":0`), []byte(`"Drawn":1000000000,"Used":0,"Tests":0`), 1))
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: counts.Stats.Cards[0]: drawn 1000000000, used 0 and tested 0 times in 4 games of at most 100 rounds: more than 25856 (16 a seat a round)"},
		{name: "a part whose games by player count do not add up", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, bytes.Replace(readFile(t, p), []byte(`"ByPlayers":{"4":4}`), []byte(`"ByPlayers":{}`), 1))
			return []string{"merge", p}
		}, code: 1, first: "deckwright: {dir}/part.json: counts.ByPlayers: 0 games, but the shard finished 4"},
		{name: "a part started yesterday", setup: func(t *testing.T, dir string) []string {
			p := shardPart(t, dir)
			write(t, p, regexp.MustCompile(`"started":"[^"]*"`).ReplaceAll(readFile(t, p), []byte(`"started":"yesterday"`)))
			return []string{"merge", p}
		}, code: 1, first: `deckwright: {dir}/part.json: started: "yesterday" is not a time (RFC 3339, as sim writes it)`},
		{name: "a named pipe as a part", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "part.json"), 0o644))
			return []string{"merge", filepath.Join(dir, "part.json")}
		}, code: 2, first: "deckwright: cannot read {dir}/part.json: it is not a regular file (a device, a pipe, …)"},
		{name: "a device as a part", setup: func(t *testing.T, dir string) []string {
			require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "part.json")))
			return []string{"merge", filepath.Join(dir, "part.json")}
		}, code: 2, first: "deckwright: cannot read {dir}/part.json: it is not a regular file (a device, a pipe, …)"},

		// Runs whose games fail.
		{name: "an effect dividing by zero", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", hostileProject(t, dir, "Dangers", "frozen-bridge", map[string]any{"Count": 20, "Effect": "gainGlory(1 / (round - round))"}), "--games", "30"}
		}, code: 1, first: "deckwright: 30 of 30 games failed with an error (listed in the report): fix what they name, or pass --allow-errors to accept them"},
		{name: "an effect overflowing", setup: func(t *testing.T, dir string) []string {
			return []string{"sim", hostileProject(t, dir, "Dangers", "frozen-bridge", map[string]any{"Count": 20, "Effect": "gainGlory(4611686018427387904 * 2)"}), "--games", "30"}
		}, code: 1, first: "deckwright: 30 of 30 games failed with an error (listed in the report): fix what they name, or pass --allow-errors to accept them"},
	}
}

// TestHostileCorpus runs every hostile case: no panic, the exit status
// and first line each case expects, and not a byte lost of what a case
// protects. The counts are the README's figures.
func TestHostileCorpus(t *testing.T) {
	cases := hostileCases()
	var panics, losses atomic.Int64
	t.Run("cases", func(t *testing.T) {
		for _, hc := range cases {
			t.Run(hc.name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				args := hc.setup(t, dir)
				before := snapshot(t, dir, hc.keep)
				r := dw(t, args...)
				out := r.stderr
				if out == "" {
					out = r.stdout
				}
				for _, s := range []string{"panic:", "goroutine ", "runtime error", ".go:"} {
					if strings.Contains(r.stderr+r.stdout, s) {
						panics.Add(1)
						t.Errorf("a Go panic or stack trace (%q)", s)
					}
				}
				assert.Equal(t, hc.code, r.code, "%s\n%s", args, r)
				first, _, _ := strings.Cut(out, "\n")
				assert.Equal(t, strings.ReplaceAll(hc.first, "{dir}", dir), first, "%s", args)
				if after := snapshot(t, dir, hc.keep); !assert.Equal(t, before, after, "what the case protects is intact") {
					losses.Add(1)
				}
			})
		}
	})
	t.Logf("hostile cases tried: %d, panics: %d, data-loss cases: %d", len(cases), panics.Load(), losses.Load())
	assert.Zero(t, panics.Load())
	assert.Zero(t, losses.Load())

	// The README states these figures; they must be the measured ones.
	readme := string(readFile(t, filepath.Join("..", "..", "README.md")))
	m := regexp.MustCompile(`\*\*(\d+) hostile cases\*\* \(the corpus in cmd/deckwright/hostile_test\.go\): \*\*(\d+) panics\*\*, \*\*(\d+) data-loss cases\*\*`).FindStringSubmatch(readme)
	require.NotNil(t, m, "the README states the corpus's figures")
	assert.Equal(t, strconv.Itoa(len(cases)), m[1], "README: hostile cases tried")
	assert.Equal(t, strconv.FormatInt(panics.Load(), 10), m[2], "README: panics")
	assert.Equal(t, strconv.FormatInt(losses.Load(), 10), m[3], "README: data-loss cases")
}

// snapshot describes the files a case protects: kind and content.
func snapshot(t *testing.T, dir string, names []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range names {
		p := filepath.Join(dir, n)
		st, err := os.Lstat(p)
		if err != nil {
			out[n] = "missing"
			continue
		}
		switch {
		case st.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[n] = "link to " + target
		case st.Mode().IsRegular():
			out[n] = "file " + string(readFile(t, p))
		default:
			out[n] = st.Mode().Type().String()
		}
	}
	return out
}

// editJSON rewrites the JSON file p with edit applied.
func editJSON(t *testing.T, p string, edit func(d map[string]any)) {
	t.Helper()
	var d map[string]any
	dec := json.NewDecoder(bytes.NewReader(readFile(t, p)))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&d))
	edit(d)
	data, err := json.Marshal(d)
	require.NoError(t, err)
	write(t, p, data)
}

// shardPart writes the part of a 4-game run into dir/part.json.
func shardPart(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "part.json")
	requireExit(t, exitOK, dw(t, "sim", "--games", "4", "--part", p))
	return p
}
