package diag

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Suggest returns the candidate closest to name, for "did you mean" hints, or
// "" when nothing is close enough. Comparison ignores case, spaces,
// underscores and hyphens.
func Suggest(name string, candidates []string) string {
	n := Fold(name)
	if n == "" {
		return ""
	}
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := distance(n, Fold(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	limit := 2
	switch chars := utf8.RuneCountInString(n); { // letters, not bytes: "😀😀😀" is 3
	case chars > 8:
		limit = 3
	case chars <= 3:
		limit = 1
	}
	if bestD > limit {
		return ""
	}
	return best
}

// DidYouMean formats a hint from Suggest, or returns "".
func DidYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return `did you mean "` + s + `"?`
	}
	return ""
}

// Fold normalises a name for matching: lower case, with spaces, underscores,
// hyphens, apostrophes and invisible format characters removed, composed
// (NFC), so "Glacé" typed with a combining accent names "Glacé".
func Fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(Composed(s)) {
		switch r {
		case ' ', '_', '-', '\'', '\t', '’':
			continue
		}
		if isFormat(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FoldName normalises a sheet or column name for matching: lower case,
// composed, with spaces, underscores, hyphens and invisible format
// characters removed. Unlike Fold it keeps every
// other character: a stray apostrophe ("Dangers'") makes another name, not
// a silent alias.
func FoldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(Composed(s))) {
		switch r {
		case ' ', '_', '-', '\t':
			continue
		}
		if isFormat(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Composed is s in Unicode's composed form (NFC): the same text typed
// with combining accents (as macOS writes it) or precomposed letters
// matches, and prints with the font's precomposed glyph. ASCII is
// returned as it is, without work.
func Composed(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFC.String(s)
		}
	}
	return s
}

// distance is the optimal-string-alignment edit distance (a transposition of
// two neighbours counts as one edit, the commonest typo).
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
