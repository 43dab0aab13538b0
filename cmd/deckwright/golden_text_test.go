package main

import (
	"crypto/sha256"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoldenText keeps the text and HTML reports of the golden runs byte
// for byte (but for the text's throughput line), as TestGoldenSim keeps
// their JSON: moving the reports from one package to another must not
// change a character a designer reads. -update rewrites
// testdata/golden-text.txt.
func TestGoldenText(t *testing.T) {
	var lines []string
	for _, run := range goldenRuns {
		args := append([]string{"sim", "--seed", "11", "--workers", "2"}, run.args...)
		r := dw(t, args...)
		require.Equal(t, exitOK, r.code, "%s: %s", run.name, r)
		text := throughput.ReplaceAllString(r.stdout, "")
		h := dw(t, append(args, "--report", "-")...)
		require.Equal(t, exitOK, h.code, "%s: %s", run.name, h)
		lines = append(lines, fmt.Sprintf("%s\ttext %x\t%d lines\thtml %x", run.name, sha256.Sum256([]byte(text)), strings.Count(text, "\n"),
			sha256.Sum256([]byte(h.stdout))))
	}
	checkGolden(t, "golden-text.txt", strings.Join(lines, "\n")+"\n",
		"the text report moved; if a commit changes it on purpose, say so and rerun with -update")
}

// throughput is the text report's line of games a second: a timing.
var throughput = regexp.MustCompile(`(?m)^\d+ games/s on \d+ workers?\n`)
