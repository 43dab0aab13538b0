package fng

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/effects"
)

// A hero's leader (the rival it plays opponent cards on) is kept between
// reads; every verb that moves an artifact must drop it. The games of the
// other tests rarely read a leader between such a verb and the next change
// that drops it anyway, so each verb is checked here on its own, with the
// self-check off: the kept value itself is asserted.
func TestLeaderFollowsArtifactVerbs(t *testing.T) {
	for _, tc := range []struct {
		verb       string
		wantLeader int // the Duke's leader after Sharon uses the verb
	}{
		{"stealArtifact", 0}, // Sharon takes Jake's artifact: she leads
		{"loseArtifact", 1},  // Sharon loses hers: Jake leads
	} {
		t.Run(tc.verb, func(t *testing.T) {
			s := newScenario(t, Options{}, "sharon-hunter", "jake-zane", "duke-dudley")
			sharon, jake, duke := s.at(0, "sahara"), s.at(1, "sahara"), s.at(2, "sahara")
			eye := carried{art: s.artifact("the-eye"), adv: s.adventure("of-kings"), value: 6}
			if tc.verb == "stealArtifact" {
				jake.artifacts = append(jake.artifacts, eye)
			} else {
				sharon.artifacts = append(sharon.artifacts, eye)
				jake.fortune = 1
			}
			s.worthChanged()
			before := 1 - tc.wantLeader
			require.Equal(t, before, s.leader(duke, nil), "the leader before the verb")

			defer func(on bool) { selfCheck = on }(selfCheck)
			selfCheck = false
			s.cur = sharon.seat
			verbImpl[tc.verb].(verbFunc)(s.Game, effects.Args{})
			require.Equal(t, tc.wantLeader, s.leader(duke, nil), "the leader kept must follow the artifact")
		})
	}
}
