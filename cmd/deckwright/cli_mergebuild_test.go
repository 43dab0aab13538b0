package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMergeSaysWhichBuildPlayedTheParts: parts played by another
// deckwright build than the one merging them (an upgrade between the
// shards and the merge) merge, with a note on stderr naming both builds,
// since the report is this build's reading of their counts; parts of
// this build merge without a word.
func TestMergeSaysWhichBuildPlayedTheParts(t *testing.T) {
	dir := t.TempDir()
	parts := simParts(t, dir, "p", 2, "--games", "8", "--seed", "3")
	same := dw(t, append([]string{"merge"}, parts...)...)
	requireExit(t, exitOK, same)
	assert.Empty(t, same.stderr)

	older := strings.Repeat("v0.9 (an older build) ", 5)
	var edited []string
	for k, p := range parts {
		edited = append(edited, editPart(t, p, "old-"+string(rune('1'+k))+".json", func(m map[string]any) { m["engine"] = older }))
	}
	other := dw(t, append([]string{"merge"}, edited...)...)
	requireExit(t, exitOK, other)
	assert.Equal(t, same.stdout, other.stdout, "the same counts, the same report")
	assert.Equal(t, "deckwright merge: note: the parts were played by deckwright "+older[:80]+"…, and this is deckwright "+engineVersion()+
		": the report is this build's reading of their counts, byte for byte the shards' own only if the two builds report alike\n", other.stderr)
}
