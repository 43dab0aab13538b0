package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A flag that names what sim measures, given twice, is refused before any
// game: pflag kept the last, so --impact a --impact b measured b alone and
// --sweep x --sweep y swept y, without a word. The same value twice is
// harmless and plays.
func TestSimFlagGivenTwice(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sim", "--impact", "trusty-revolver", "--impact", "tommy-gun"}, exitUsage,
			"--impact is given twice (trusty-revolver, then tommy-gun): it takes one list: name them all in one, separated by commas (--impact trusty-revolver,tommy-gun)"},
		{[]string{"sim", "--impact", "all", "--impact", "fng-base", "--impact", "all"}, exitUsage,
			"--impact is given 3 times (all, then fng-base, then all): it takes one list: name them all in one, separated by commas (--impact all,fng-base,all)"},
		{[]string{"sim", "--sweep", "heroes.jake-zane.combat=2..3", "--sweep=events.stroke-of-luck.count=0..1"}, exitUsage,
			"--sweep is given twice (heroes.jake-zane.combat=2..3, then events.stroke-of-luck.count=0..1): a sweep varies one number: run each sweep on its own"},
		{[]string{"sim", "--games", "20", "--impact", "trusty-revolver", "--impact", "trusty-revolver", "--impact-games", "20"}, exitOK, ""},
	} {
		line := strings.Join(c.args, " ")
		r := dw(t, c.args...)
		requireExit(t, c.code, r, line)
		if c.code == exitOK {
			assert.Contains(t, r.stdout, "impact: 1 card by paired games", line)
			continue
		}
		assert.Equal(t, "deckwright: "+c.msg+"\n", r.stderr, line)
		assert.Empty(t, r.stdout, line)
	}
}
