package fallenland

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/table"
)

func TestEnvChecksAuthoringForms(t *testing.T) {
	syms := table.NewSymbols(Schema, nil)
	for _, src := range []string{
		"if salvage >= 4 { loseSalvage(2); drawSpoils(1) } else { nothing() }",
		`roll() <= 2 ? ignoreCard() : nothing()`,
		`damageParty(roll(3, 6), "Physical", true)`,
		`damageCrown(0, roll(2, 6), "Radiation")`,
		`remember(roll()); gainSalvage(memory)`,
		`check.skill == "Combat" and check.party`,
		`let n = roll(); n >= 4 ? drawSpoils(n - 3) : delay(1)`,
	} {
		_, errs := Env().Check(src, effects.AnyResult, syms)
		assert.Empty(t, errs, src)
	}
}
