package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A project folder removed and made again (a sync tool, a script that
// rebuilds it, a branch switch) is watched again: watch saw nothing after
// it came back, and ran no more.
func TestWatchFollowsAFolderRemovedAndMadeAgain(t *testing.T) {
	dir := newProject(t, "my-exp")
	saved := filepath.Join(t.TempDir(), "saved")
	require.NoError(t, os.Rename(dir, saved)) // keep its files for later
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, name := range []string{"fng-base.xlsx", "my-exp.xlsx"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), readFile(t, filepath.Join(saved, name)), 0o644))
	}
	w := startWatch(t, dir, watchFlags{})

	require.NoError(t, os.RemoveAll(dir))
	w.quiet("the folder removed") // the run fails: said on stderr, no run counted
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, name := range []string{"fng-base.xlsx", "my-exp.xlsx"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), readFile(t, filepath.Join(saved, name)), 0o644))
	}
	got := w.next("the folder made again")
	assert.Equal(t, "\n— my-exp saved —\nno change: 0 errors, 0 warnings\n", got)

	// And it is watched: a save in the new folder is seen.
	editRow(t, filepath.Join(dir, "my-exp.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false, "Combat": "lots"})
	got = w.next("a save in the folder made again")
	assert.Contains(t, got, "\n— my-exp.xlsx saved —\nnew:\n")
}
