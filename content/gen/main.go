// Command gen rebuilds the bundled base-set workbooks from their sources:
//
//	go generate ./content
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/engine/game"
	_ "github.com/deckwright/deckwright/engine/games" // every game deckwright ships
	"github.com/deckwright/deckwright/export/outfile"
)

// -set picks one bundled set; -o writes it elsewhere (to check sources
// without touching the committed workbook).
var (
	only = flag.String("set", "", "generate only this set (fng-base, fl-base)")
	out  = flag.String("o", "", "write the workbook to this file instead (with several sets, the last one written wins: use -set)")
)

func main() {
	flag.Parse()
	for _, s := range content.Sets {
		if *only != "" && s.ID != *only {
			continue
		}
		if err := build(s); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

func build(s content.Set) error {
	mod := game.Lookup(s.Game)
	if mod == nil {
		return fmt.Errorf("no module for game %s", s.Game)
	}
	set, data, err := content.ReadSources(s.Src, mod.Schema())
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := compiler.WriteWorkbook(&buf, mod.Schema(), set, data); err != nil {
		return fmt.Errorf("%s: %w", s.ID, err)
	}
	dest := filepath.FromSlash(s.Path)
	if *out != "" {
		dest = *out
	}
	if err := outfile.WriteFile(dest, buf.Bytes(), os.Stdout); err != nil {
		return err
	}
	if dest != "-" {
		fmt.Printf("wrote %s (%d bytes)\n", dest, buf.Len())
	}
	return nil
}
