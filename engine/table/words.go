package table

import (
	"strings"
	"unicode"
)

// Word is a word of a cell and where it starts, for a grammar's parser
// and the position of its errors (CellError.Offset).
type Word struct {
	Text string
	Off  int // 0-based rune offset in the cell
}

// Words splits a cell into words: white space separates them, and each
// rune of punct is a word of its own ("Combat 5+, x2" with punct "," is
// "Combat", "5+", ",", "x2").
func Words(s, punct string) []Word {
	var out []Word
	runes := []rune(s)
	for i := 0; i < len(runes); {
		r := runes[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case strings.ContainsRune(punct, r):
			out = append(out, Word{string(r), i})
			i++
		default:
			j := i
			for j < len(runes) && !unicode.IsSpace(runes[j]) && !strings.ContainsRune(punct, runes[j]) {
				j++
			}
			out = append(out, Word{string(runes[i:j]), i})
			i = j
		}
	}
	return out
}
