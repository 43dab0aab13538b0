package content

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/engine/table"
)

// ReadSources reads a set's tab-separated sources: Set.tsv (one row: the
// set's ID, Name, Game, Requires, …) and one file per sheet, named after the
// sheet ("Common Items.tsv"), each with a header row.
func ReadSources(dir string, s *table.Schema) (compiler.SetRow, []compiler.SheetData, error) {
	var set compiler.SetRow
	names, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		return set, nil, err
	}
	sort.Strings(names)
	var data []compiler.SheetData
	for _, name := range names {
		sheet := strings.TrimSuffix(filepath.Base(name), ".tsv")
		rows, err := readTSV(name)
		if err != nil {
			return set, nil, err
		}
		if sheet == "Set" {
			if len(rows) != 1 {
				return set, nil, fmt.Errorf("%s: want one row, got %d", name, len(rows))
			}
			r := rows[0]
			set = compiler.SetRow{ID: r["ID"], Name: r["Name"], Game: r["Game"], Requires: r["Requires"], Version: r["Version"], Author: r["Author"], Description: r["Description"]}
			continue
		}
		if s.Sheet(sheet) == nil {
			return set, nil, fmt.Errorf("%s: no sheet %q in the %s format", name, sheet, s.Title)
		}
		data = append(data, compiler.SheetData{Sheet: sheet, Rows: rows})
	}
	if set.ID == "" {
		return set, nil, fmt.Errorf("%s: no Set.tsv", dir)
	}
	return set, data, nil
}

func readTSV(path string) ([]map[string]string, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var header []string
	var rows []map[string]string
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		cells := strings.Split(text, "\t")
		if header == nil {
			header = cells
			continue
		}
		if len(cells) > len(header) {
			return nil, fmt.Errorf("%s:%d: %d cells but %d columns", path, line, len(cells), len(header))
		}
		row := map[string]string{}
		for i, c := range cells {
			// Sources write line breaks inside a cell as \n.
			row[header[i]] = strings.ReplaceAll(strings.TrimSpace(c), `\n`, "\n")
		}
		rows = append(rows, row)
	}
	return rows, sc.Err()
}
