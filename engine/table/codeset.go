package table

// CodeSet is a set of codes — row numbers of a sheet, such as a card's
// keywords or categories, up to 256 — as a bitset, so that a game's rules
// test one in a few instructions.
type CodeSet [4]uint64

// MaxCodes is how many codes a CodeSet holds.
const MaxCodes = 256

// Add puts code in the set.
func (s *CodeSet) Add(code int) { s[code>>6] |= 1 << (code & 63) }

// Has says whether code is in the set; a negative code (an unknown name)
// is in none.
func (s CodeSet) Has(code int) bool { return code >= 0 && s[code>>6]&(1<<(code&63)) != 0 }

// Union is the codes of both sets.
func (s CodeSet) Union(o CodeSet) CodeSet {
	return CodeSet{s[0] | o[0], s[1] | o[1], s[2] | o[2], s[3] | o[3]}
}

// Meets says whether the sets share a code.
func (s CodeSet) Meets(o CodeSet) bool {
	return s[0]&o[0] != 0 || s[1]&o[1] != 0 || s[2]&o[2] != 0 || s[3]&o[3] != 0
}
