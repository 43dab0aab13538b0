package fng

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesSummaryTable keeps RULES.md's summary table true: each count is
// the number of rows or items of its section, and every test §1 names
// exists.
func TestRulesSummaryTable(t *testing.T) {
	data, err := os.ReadFile("RULES.md")
	require.NoError(t, err)
	doc := string(data)
	section := func(n int) string {
		start := strings.Index(doc, "\n## "+strconv.Itoa(n)+".")
		require.GreaterOrEqual(t, start, 0, "section %d", n)
		end := strings.Index(doc[start+1:], "\n## ")
		if end < 0 {
			return doc[start:]
		}
		return doc[start : start+1+end]
	}
	count := func(re, text string) int { return len(regexp.MustCompile(re).FindAllString(text, -1)) }
	rules := section(1)
	want := map[string]int{
		"Implemented":                               count(`(?m)^\| FG-`, rules),
		"… of which untested":                       count(`(?m)^\| FG-.*\*\*untested\*\*`, rules),
		"Readings of what the rulebook leaves open": count(`(?m)^- \*\*`, section(2)),
		"Simplified":                                count(`(?m)^- \*\*`, section(3)),
		"Unsupported":                               count(`(?m)^- \*\*`, section(4)),
		"Named variants":                            count("(?m)^\\| `", section(5)),
	}
	got := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\| ([^|]+?) \| (\d+) \|`).FindAllStringSubmatch(doc[:strings.Index(doc, "\n## 1.")], -1) {
		label := m[1]
		if strings.HasPrefix(label, "Simplified") {
			label = "Simplified"
		}
		got[label], _ = strconv.Atoi(m[2])
	}
	assert.Equal(t, want, got, "the summary table at the top of RULES.md")
	assert.Greater(t, want["Implemented"], 200)

	// Every test §1 names is a test of the repository.
	tests := map[string]bool{}
	root := filepath.Join("..", "..")
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		for _, m := range regexp.MustCompile(`(?m)^func (Test\w+)\(`).FindAllStringSubmatch(string(src), -1) {
			tests[m[1]] = true
		}
		return err
	}))
	for _, name := range regexp.MustCompile(`\bTest[A-Z]\w*`).FindAllString(rules, -1) {
		assert.True(t, tests[name], "RULES.md §1 names %s, which is no test", name)
	}
}
