package table_test

import (
	"testing"

	"github.com/deckwright/deckwright/engine/table"
)

// BenchmarkRowInt reads a cell that holds a value and one left blank, the
// latter with the check of keys on (as under test) and off (as in a
// designer's run).
func BenchmarkRowInt(b *testing.B) {
	dog := sample().Table("common_items").Find("dog")
	b.Run("value", func(b *testing.B) {
		for b.Loop() {
			_ = dog.Int("count")
		}
	})
	b.Run("blank/checked", func(b *testing.B) {
		for b.Loop() {
			_ = dog.Int("cost")
		}
	})
	b.Run("blank/unchecked", func(b *testing.B) {
		defer table.SetCheckKeys(false)()
		for b.Loop() {
			_ = dog.Int("cost")
		}
	})
}
