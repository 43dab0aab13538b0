package export

import (
	"image/color"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An Art path typed on Windows (art\hero.png) prints on every system; one
// whose letters differ in case from the file's (Windows and macOS find it,
// Linux does not) is an error whose hint names the file.
func TestArtPathsTypedOnOtherSystems(t *testing.T) {
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "art", "heroes", "plain.png"), 4, 4, color.Black)
	const general = "name a PNG or JPEG file, its path relative to the workbook (such as art/bad.png)"
	for _, tc := range []struct {
		art, msg, hint string // msg "": prints
	}{
		{art: "art/heroes/plain.png"},
		{art: `art\heroes\plain.png`},
		{art: `art\heroes/plain.png`},
		{art: "Art/Heroes/Plain.PNG", msg: "no file " + filepath.Join(dir, "Art/Heroes/Plain.PNG"),
			hint: "the file is art/heroes/plain.png: the names differ in case, which Windows and macOS ignore and other systems do not"},
		{art: `ART\heroes\plain.png`, msg: "no file " + filepath.Join(dir, "ART/heroes/plain.png"),
			hint: "the file is art/heroes/plain.png: the names differ in case, which Windows and macOS ignore and other systems do not"},
		{art: "art/heroes/plane.png", msg: "no file " + filepath.Join(dir, "art/heroes/plane.png"), hint: general},
	} {
		t.Run(tc.art, func(t *testing.T) {
			set := toySet(t, map[string]string{"red.yaml": artTemplate("cover")})
			rows := []toyRow{{"id": "bad", "name": "Bad", "deck": "red", "art": tc.art}}
			pdf, l, _ := exportToy(t, set, toyTablesIn(dir, map[string][]toyRow{"cards": rows}), testOptions())
			if tc.msg == "" {
				require.Zero(t, l.Len(), "%v", l.Items())
				assert.Len(t, imageObj.FindAll(pdf, -1), 1, "the picture prints")
				return
			}
			require.Equal(t, 1, l.Len(), "%v", l.Items())
			d := l.Items()[0]
			assert.Equal(t, CodeImage, d.Code)
			assert.Equal(t, `card "bad": `+tc.msg, d.Message)
			assert.Equal(t, tc.hint, d.Hint)
		})
	}
}
