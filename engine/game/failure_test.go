package game

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRecovered(t *testing.T) {
	stall := Recovered(Stall{Why: "round cap of 100 reached"}, 7, 100)
	assert.Equal(t, &Failure{Stall: true, Seed: 7, Round: 100, Message: "round cap of 100 reached"}, stall)
	assert.Equal(t, "stall in round 100 (seed 7): round cap of 100 reached", stall.Error())

	bug := Recovered(errors.New("index out of range"), 9, 4)
	bug.Card = "boat-chase"
	assert.False(t, bug.Stall)
	assert.Contains(t, bug.Stack, "failure_test.go", "an internal error keeps its stack for the bug report")
	assert.Equal(t, "error in round 4 (seed 9): index out of range [card boat-chase]", bug.Error())

	assert.Equal(t, "error in round 1 (seed 2): 42", Recovered(42, 2, 1).Error())

	var r SimReport
	r.AddFailures([]Failed{{Index: 3, Failure: stall}, {Index: 5, Failure: bug}})
	assert.Equal(t, []Incident{{Index: 3, Seed: 7, Round: 100, Message: "round cap of 100 reached"}}, r.Stalls)
	assert.Len(t, r.Errors, 1)
	assert.Equal(t, 5, r.Errors[0].Index)
	assert.Equal(t, "boat-chase", r.Errors[0].Card)
}
