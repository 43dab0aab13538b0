package table

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWordsOfACell(t *testing.T) {
	tests := []struct {
		cell, punct string
		want        []Word
	}{
		{"", ",", nil},
		{"  \t ", ",", nil},
		{"3 Combat, 2 Survival", ",", []Word{{"3", 0}, {"Combat", 2}, {",", 8}, {"2", 10}, {"Survival", 12}}},
		{"1 Survival solo CC?", ",", []Word{{"1", 0}, {"Survival", 2}, {"solo", 11}, {"CC?", 16}}},
		{"(Agility+1),,x2", "()+,", []Word{{"(", 0}, {"Agility", 1}, {"+", 8}, {"1", 9}, {")", 10}, {",", 11}, {",", 12}, {"x2", 13}}},
		{"Événement 5+", "+", []Word{{"Événement", 0}, {"5", 10}, {"+", 11}}},
		{"Combat 5+", "", []Word{{"Combat", 0}, {"5+", 7}}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Words(tc.cell, tc.punct), "%q punct %q: offsets in runes", tc.cell, tc.punct)
	}
}
