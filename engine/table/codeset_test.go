package table

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCodeSet(t *testing.T) {
	var s CodeSet
	for _, c := range []int{0, 63, 64, 255} {
		s.Add(c)
	}
	for _, c := range []int{0, 63, 64, 255} {
		assert.True(t, s.Has(c), "code %d, at a word's edge", c)
	}
	for _, c := range []int{1, 62, 65, 128, 254, -1} {
		assert.False(t, s.Has(c), "code %d", c)
	}

	var o CodeSet
	o.Add(65)
	assert.False(t, s.Meets(o), "no code in common")
	o.Add(255)
	assert.True(t, s.Meets(o), "255 in both")
	u := s.Union(o)
	assert.True(t, u.Has(65) && u.Has(0) && u.Has(255))
	assert.False(t, s.Has(65), "a union leaves the set as it was")
	assert.False(t, CodeSet{}.Meets(CodeSet{}))
}
