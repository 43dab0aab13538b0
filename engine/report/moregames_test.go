package report

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "More games" is a figure up to 10 million; past it, where an estimate
// sits on the band's edge and the games it needs grow without bound, the
// reports say so instead of a number nobody could play (a hero was
// "undecided (about 948000000 more games)").
func TestMoreGamesOnTheBandsEdge(t *testing.T) {
	for _, c := range []struct {
		more int
		want string
	}{
		{10_000_000, "about 10000000 more games"},
		{10_000_001, "more than 10 million more games: the estimate sits on the band's edge"},
		{948_000_000, "more than 10 million more games: the estimate sits on the band's edge"},
	} {
		r := sample()
		r.Verdicts[0].MoreGames = c.more
		r.Decision = &game.Decision{Budget: "200k", Looks: 3, Level: 0.01,
			Undecided: []game.Pending{{Subject: "hero", ID: "jake-zane", Players: 3, MoreGames: c.more, Where: "x.xlsx:A1"}}}
		out := text(t, r, TextOptions{})
		assert.Contains(t, out, "undecided ("+c.want+")", "%d: the verdict", c.more)
		assert.Contains(t, out, "hero jake-zane (3 players): "+c.want+"  [x.xlsx:A1]", "%d: the undecided list", c.more)
		var h bytes.Buffer
		require.NoError(t, HTML(&h, "t", r))
		want := template.HTMLEscapeString(c.want)
		assert.True(t, strings.Contains(h.String(), "undecided ("+want+")"), "%d: HTML verdict", c.more)
		assert.True(t, strings.Contains(h.String(), "(3 players): "+want+" <span"), "%d: HTML undecided list", c.more)
		assert.Equal(t, c.want, game.MoreGamesText(c.more))
	}
}
