package compiler_test

import (
	"testing"

	"github.com/deckwright/deckwright/compiler"
)

// A number a spreadsheet shows through a number format (1000 as "1,000",
// 2 as a date) is not a whole number as read, and the hint says the
// cell's format is why, and what to type.
func TestNotANumberBecauseOfItsFormat(t *testing.T) {
	const general = "format the cell as General (or Number) and type the number again"
	for _, tc := range []struct{ cell, hint string }{
		{"1,000", "write 1000, without the thousands separator; in a spreadsheet the cell's number format adds it: " + general},
		{"-12,500,000", "write -12500000, without the thousands separator; in a spreadsheet the cell's number format adds it: " + general},
		{"1900-01-02", "the cell is formatted as a date, so its number shows as one: " + general},
		{"1900-01-02 00:00", "the cell is formatted as a date, so its number shows as one: " + general},
		{"100%", "the cell is formatted as a percentage (100% is 1): " + general},
		{"$3.00", "the cell is formatted as currency: " + general},
		{"3,00 €", "the cell is formatted as currency: " + general},
		{"lots", ""},
		{"1,5", ""},
		{"1,0000", ""},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			_, l := compileBase(t, with(toyBase(), sheet("Heroes",
				r("ID", "Name", "Power", "Home"), r("alice", "Alice", tc.cell, "town"), r("bob", "Bob", "4", "town"))))
			assertDiags(t, l, dg("base.xlsx:Heroes!C2", 0, E, compiler.CodeNotInt, `Power must be a whole number, not "`+tc.cell+`"`, tc.hint))
		})
	}
}
