package templates_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/templates"
)

// Sizes at the bounds read; past them, and "numbers" that are none (NaN,
// infinity: strconv reads them), are refused: --size nanxnan laid out
// "a NaN×NaN mm card" before.
func TestParseSizeBounds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want templates.Size
		err  string
	}{
		{"10x10", templates.Size{W: 10, H: 10}, ""},
		{"1000x1000", templates.Size{W: 1000, H: 1000}, ""},
		{"9.99x10", templates.Size{}, `size "9.99x10" is out of range: each side from 10 to 1000 mm`},
		{"10x1000.01", templates.Size{}, `size "10x1000.01" is out of range: each side from 10 to 1000 mm`},
		{"nanxnan", templates.Size{}, `size "nanxnan" is out of range: each side from 10 to 1000 mm`},
		{"63.5xNaN", templates.Size{}, `size "63.5xnan" is out of range: each side from 10 to 1000 mm`},
		{"infx88", templates.Size{}, `size "infx88" is out of range: each side from 10 to 1000 mm`},
		{"-infx88", templates.Size{}, `size "-infx88" is out of range: each side from 10 to 1000 mm`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := templates.ParseSize(tc.in)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
