package diag

import (
	"fmt"
	"sort"
	"sync"
)

// Code is a stable diagnostic identifier such as "DW0412". Codes never change
// meaning once released, so scripts and documentation can rely on them.
type Code string

// Entry documents one code.
type Entry struct {
	Code     Code
	Severity Severity // the usual severity
	Summary  string
}

var (
	mu      sync.Mutex
	catalog = map[Code]Entry{}
)

// Register documents a code and returns it. Packages register their codes in
// package-level variables, so the catalogue is complete once they are linked.
// Registering a code twice is a programming error and panics at start-up.
func Register(code string, sev Severity, summary string) Code {
	mu.Lock()
	defer mu.Unlock()
	c := Code(code)
	if _, dup := catalog[c]; dup {
		panic(fmt.Sprintf("diag: code %s registered twice", code))
	}
	catalog[c] = Entry{Code: c, Severity: sev, Summary: summary}
	return c
}

// Catalog returns every registered code, sorted.
func Catalog() []Entry {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Entry, 0, len(catalog))
	for _, e := range catalog {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// CodeMore marks the summary line that replaces diagnostics beyond the cap.
var CodeMore = Register("DW0001", Error, "more diagnostics of the same kind in a sheet were left out")
