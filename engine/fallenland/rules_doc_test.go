package fallenland

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	ruleBullet  = regexp.MustCompile(`(?m)^- \*\*(FL-[A-Z]+-[0-9]+)`)
	ruleRow     = regexp.MustCompile(`(?m)^\| (FL-[A-Z]+-[0-9]+) \|`)
	ruleID      = regexp.MustCompile(`FL-[A-Z]+-[0-9]+`)
	bracketList = regexp.MustCompile(`(?ms)^- \*\*[^*]+\*\* \[([^\]]+)\]`)
	ruleRange   = regexp.MustCompile(`(FL-[A-Z]+-)([0-9]+)((?:[…/][0-9]+)*)`)
	rangeStep   = regexp.MustCompile(`([…/])([0-9]+)`)
	statusRow   = regexp.MustCompile(`(?m)^\| (?:\*\*)?(implemented|simplified for bots|not supported|all rules)(?:\*\*)? \| (?:\*\*)?([0-9]+)(?:\*\*)? \|`)
)

// section is the text of RULES.md from a heading to the next of its level.
func section(doc, heading string) string {
	i := strings.Index(doc, heading)
	if i < 0 {
		return ""
	}
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n### "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// expand turns "FL-SC-01…13, FL-AMB-03/05" into the rule IDs it names.
func expand(text string) []string {
	var out []string
	for _, m := range ruleRange.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[2])
		nums := []int{n}
		for _, st := range rangeStep.FindAllStringSubmatch(m[3], -1) {
			v, _ := strconv.Atoi(st[2])
			if st[1] == "…" {
				for k := nums[len(nums)-1] + 1; k <= v; k++ {
					nums = append(nums, k)
				}
			} else {
				nums = append(nums, v)
			}
		}
		for _, k := range nums {
			out = append(out, fmt.Sprintf("%s%02d", m[1], k))
		}
	}
	return out
}

// TestRulesStatusTable: the table at the top of RULES.md counts the rules
// of §1–§15 as implemented (each covered by a row of §17.1), simplified
// for bots (named in §17.3) and not supported (named in §17.4).
func TestRulesStatusTable(t *testing.T) {
	raw, err := os.ReadFile("RULES.md")
	require.NoError(t, err)
	doc := string(raw)
	end := strings.Index(doc, "## 16. Workbook schema proposal")
	start := strings.Index(doc, "## 1. Components")
	require.True(t, start > 0 && end > start)
	rules := map[string]bool{}
	for _, re := range []*regexp.Regexp{ruleBullet, ruleRow} {
		for _, m := range re.FindAllStringSubmatch(doc[start:end], -1) {
			require.False(t, rules[m[1]], "%s is defined twice", m[1])
			rules[m[1]] = true
		}
	}
	named := func(heading string) map[string]bool {
		out := map[string]bool{}
		for _, m := range bracketList.FindAllStringSubmatch(section(doc, heading), -1) {
			for _, id := range ruleID.FindAllString(m[1], -1) {
				assert.True(t, rules[id], "%s names %s, which no rule of §1–§15 defines", heading, id)
				out[id] = true
			}
		}
		return out
	}
	simplified, unsupported := named("### 17.3 Simplifications for bots"), named("### 17.4 Not supported, and why")
	for id := range simplified {
		assert.False(t, unsupported[id], "%s is both simplified and not supported", id)
	}
	covered := map[string]bool{}
	for _, line := range strings.Split(section(doc, "### 17.1 Rules → implementation → tests"), "\n") {
		if cells := strings.Split(line, "|"); strings.HasPrefix(line, "| FL-") && len(cells) > 2 {
			for _, id := range expand(cells[1]) {
				covered[id] = true
			}
		}
	}
	implemented := 0
	var uncovered []string
	for id := range rules {
		if simplified[id] || unsupported[id] {
			continue
		}
		implemented++
		if !covered[id] {
			uncovered = append(uncovered, id)
		}
	}
	sort.Strings(uncovered)
	assert.Empty(t, uncovered, "implemented rules with no row in §17.1")
	want := map[string]int{"implemented": implemented, "simplified for bots": len(simplified), "not supported": len(unsupported), "all rules": len(rules)}
	got := map[string]int{}
	for _, m := range statusRow.FindAllStringSubmatch(doc[:start], -1) {
		got[m[1]], _ = strconv.Atoi(m[2])
	}
	assert.Equal(t, want, got, "the status table at the top of RULES.md")
}

func TestExpandRuleRanges(t *testing.T) {
	assert.Equal(t, []string{"FL-SC-01", "FL-SC-02", "FL-SC-03", "FL-AMB-03", "FL-AMB-05", "FL-AMB-43"}, expand("FL-SC-01…03, FL-AMB-03/05/43"))
	assert.Equal(t, []string{"FL-EXP-10", "FL-EXP-11"}, expand("FL-EXP-10/11"))
}
