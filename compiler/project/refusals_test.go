package project

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMarkNumbers: the numbers of a message are what tells errors of one
// kind apart from one another: whole numbers written alone, signed ones
// too, and not the digits of a name, a code or a decimal.
func TestMarkNumbers(t *testing.T) {
	ten := 10
	for _, tc := range []struct {
		text string
		only *int
		want string
	}{
		{"Combat must be between 1 and 9, not 10", nil, "Combat must be between # and #, not #"},
		{"Combat must be between 1 and 9, not 10", &ten, "Combat must be between 1 and 9, not #"},
		{"Combat must be between 1 and 10, not 10", &ten, "Combat must be between 1 and #, not #"},
		{"Count must be between 0 and 99, not -1", nil, "Count must be between # and #, not #"},
		{"not 100 or 110 or 1.5", &ten, "not 100 or 110 or 1.5"},
		{"-10 and 10-2", &ten, "-10 and #-2"},
		{"DW0303 at fl-base2, the 2nd and 3D6", nil, "DW0303 at fl-base2, the 2nd and 3D6"},
		{"gainGlory(10)", &ten, "gainGlory(#)"},
		{"10", nil, "#"},
		{"", nil, ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			assert.Equal(t, tc.want, strings.ReplaceAll(markNumbers(tc.text, tc.only), valueMark, "#"))
		})
	}
}

// TestListValues: up to five values are listed; from six, the first
// three and the last.
func TestListValues(t *testing.T) {
	for _, tc := range []struct {
		values []int
		want   string
	}{
		{[]int{7}, "7"},
		{[]int{-2, -1}, "-2, -1"},
		{[]int{1, 2, 3, 4, 5}, "1, 2, 3, 4, 5"},
		{[]int{1, 2, 3, 4, 5, 6}, "1, 2, 3, …, 6"},
		{[]int{0, 10, 12, 14, 96, 98}, "0, 10, 12, …, 98"},
	} {
		assert.Equal(t, tc.want, listValues(tc.values), "%v", tc.values)
	}
}
