package fallenland

import "fmt"

// selfCheck, on in this package's tests (TestMain, not in benchmarks),
// makes every figure a speed shortcut gives — a cached value, or one
// worked out by a faster route — compare itself at each read with the plain
// computation, and panic (a game error) when they differ: a stale cache
// fails the tests instead of quietly changing a game.
var selfCheck bool

// stale panics with what a shortcut got wrong.
func stale(format string, args ...any) {
	panic(fmt.Sprintf("stale shortcut: "+format, args...))
}
