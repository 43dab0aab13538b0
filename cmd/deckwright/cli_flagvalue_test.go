package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A flag value its type cannot read is named in words, with what the flag
// wants: pflag's own message quoted Go's parser ("strconv.ParseInt:
// parsing "x": invalid syntax").
func TestFlagValueInWords(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sim", "--games", "x"}, `invalid argument "x" for --games: want a whole number`},
		{[]string{"sim", "--games", "1.5"}, `invalid argument "1.5" for --games: want a whole number`},
		{[]string{"sim", "--games", "99999999999999999999"}, `invalid argument "99999999999999999999" for --games: too large a number`},
		{[]string{"sim", "--seed", "-1"}, `invalid argument "-1" for --seed: want a whole number, 0 or more`},
		{[]string{"sim", "--seed", "18446744073709551616"}, `invalid argument "18446744073709551616" for --seed: too large a number`},
		{[]string{"sim", "--impact-precision", "abc"}, `invalid argument "abc" for --impact-precision: want a number`},
		{[]string{"sim", "--json=maybe"}, `invalid argument "maybe" for --json: want true or false, or the flag alone`},
		{[]string{"export", "pdf", "--bleed", "lots"}, `invalid argument "lots" for --bleed: want a number`},
		{[]string{"validate", "--max-per-sheet", "many"}, `invalid argument "many" for --max-per-sheet: want a whole number`},
	} {
		line := strings.Join(c.args, " ")
		r := dw(t, c.args...)
		requireExit(t, exitUsage, r, line)
		cmd := c.args[:1] // the command's words, before its flags
		for _, a := range c.args[1:] {
			if strings.HasPrefix(a, "-") {
				break
			}
			cmd = append(cmd, a)
		}
		assert.Equal(t, "deckwright: "+c.msg+"\nRun 'deckwright "+strings.Join(cmd, " ")+" --help' for usage.\n", r.stderr, line)
		assert.NotContains(t, r.stderr, "strconv", line)
	}
}
