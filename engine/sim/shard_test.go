package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShardCoversEveryGameOnce(t *testing.T) {
	for _, tc := range []struct{ games, n int }{{1000, 1}, {1000, 3}, {7, 7}, {10, 4}, {1, 1}, {999_999, 16}} {
		next := 0
		for k := 1; k <= tc.n; k++ {
			from, count := Shard(tc.games, k, tc.n)
			assert.Equal(t, next, from, "%d games in %d: shard %d starts where the last ended", tc.games, tc.n, k)
			assert.InDelta(t, tc.games/tc.n, count, 1, "shard %d of %d: even sizes", k, tc.n)
			next = from + count
		}
		assert.Equal(t, tc.games, next, "%d games in %d shards: all played", tc.games, tc.n)
	}
	from, count := Shard(10, 2, 4)
	assert.Equal(t, [2]int{2, 3}, [2]int{from, count}, "games 2–4 of 10 (0-based) are shard 2 of 4")
}
