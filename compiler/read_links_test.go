package compiler_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
)

// A symbolic link to nothing, named or in a project folder, is a read
// failure that names the link and what it points at ("no such file or
// directory" of a file the designer can see in the folder read as a
// contradiction); a link to a workbook reads it.
func TestReadDanglingLink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "base.xlsx"), xlsx(t, toyBase()...), 0o644))
	other := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(dir, "base.xlsx"), filepath.Join(other, "linked.xlsx")))
	wbs, l, err := compiler.ReadPaths([]string{other}, compiler.DefaultLimits)
	require.NoError(t, err)
	assert.Zero(t, l.Len())
	require.Len(t, wbs, 1)

	link := filepath.Join(dir, "gone.xlsx")
	require.NoError(t, os.Symlink("/nonexistent/arctic.xlsx", link))
	for _, paths := range [][]string{{dir}, {link}} {
		wbs, l, err := compiler.ReadPaths(paths, compiler.DefaultLimits)
		var re *compiler.ReadError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, compiler.CodeIO, re.Code)
		assert.Equal(t, "cannot read "+link+": it is a symbolic link to /nonexistent/arctic.xlsx, which does not exist (remove the link, or put the workbook it names back)", err.Error())
		assert.ErrorIs(t, err, fs.ErrNotExist)
		assert.Nil(t, wbs)
		assert.Zero(t, l.Len())
	}
}
