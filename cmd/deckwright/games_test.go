package main

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler/project"
)

// TestLoadErr: a project the command line names wrongly is exit 2 with
// the loader's message; anything else the loader fails at is deckwright's
// own fault, exit 3, saying so.
func TestLoadErr(t *testing.T) {
	assert.NoError(t, loadErr(nil))
	_, err := project.Load(nil, project.Options{Game: "chess"})
	for _, tc := range []struct {
		err  error
		code int
		msg  string
	}{
		{err, exitUsage, `unknown game "chess" (known: fortune-and-glory, fallen-land)`},
		{errors.New("bundled set fng-base cannot be read"), exitInternal, "internal error: bundled set fng-base cannot be read (a bug in deckwright, not in your files: please report it with the command line)"},
	} {
		var ee *exitError
		require.ErrorAs(t, loadErr(tc.err), &ee)
		assert.Equal(t, tc.code, ee.code)
		assert.Equal(t, tc.msg, ee.msg)
	}
}
