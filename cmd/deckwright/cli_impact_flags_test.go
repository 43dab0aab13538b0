package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// --trace with flags that need many games is a usage error before any
// game is played (it was one traced game, the flag silently dropped).
func TestSimTraceConflicts(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sim", "--impact", "all", "--trace"}, "--trace plays one game and prints it; --impact needs many: run it without --trace"},
		{[]string{"sim", "--until-decided", "1k", "--trace"}, "--trace plays one game and prints it; --until-decided needs many: run it without --trace"},
	} {
		r := dw(t, c.args...)
		requireExit(t, exitUsage, r, c.args)
		assert.Equal(t, "deckwright: "+c.msg+"\n", r.stderr, c.args)
		assert.Empty(t, r.stdout, c.args)
	}
}
