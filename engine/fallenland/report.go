package fallenland

import (
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// reportable: the decks whose cards the report rates (not Factions).
func reportable(deck string) bool {
	switch deck {
	case "characters", "spoils", "actions", "plains", "mountain", "cityrad", "missions":
		return true
	}
	return false
}

// cardReports turns a run's per-card counters into reports.
func cardReports(c *Content, st *Stats) []game.CardReport {
	factions := make([]string, len(c.Factions))
	for i := range c.Factions {
		factions[i] = c.Factions[i].ID
	}
	return game.CardReports(c.Cards, reportable, func(n int, r *game.CardReport) {
		row, cs, deck := c.Cards[n], &st.Cards[n], r.Deck
		r.Dealt = deck == "spoils" || deck == "actions" || deck == "characters"
		r.HasAbility = r.Dealt && row.Has("effect") ||
			deck == "actions" && (row.Str("kind") == "npcm" || row.Str("kind") == "hitman" || row.Str("kind") == "town-tech")
		cs.Fill(r, factions, st.SeatWins, st.SeatGames)
		if cs.Resolved > 0 && cs.Tests > 0 && (deck == "plains" || deck == "mountain" || deck == "cityrad" || deck == "missions") {
			// An Encounter or Mission with checks is "faced" when resolved
			// (Flight counts) and "overcome" when it succeeded.
			r.Faced, r.Overcome = cs.Resolved+cs.Fled, cs.Succeeded
			r.PassRate = game.Ratio(cs.Succeeded, r.Faced)
		}
	})
}

// coverage lists what a run never reached.
func coverage(c *Content, opt Options, st *Stats, cards []game.CardReport) *game.Coverage {
	cov := game.NewCoverage()
	rows := map[string]*table.Row{}
	for _, r := range c.Cards {
		rows[r.ID] = r
	}
	for _, r := range cards {
		row := rows[r.ID]
		inDeck := row != nil && row.Int("count") > 0 && !(row.Declares("faction") && row.Has("faction"))
		switch {
		case inDeck && r.Drawn == 0:
			cov.NeverDrawn = append(cov.NeverDrawn, r.ID)
		case r.HasAbility && r.Drawn > 0 && r.Used == 0:
			cov.NeverUsed = append(cov.NeverUsed, r.ID)
		}
		if r.Tests > 0 && r.Passed == 0 {
			cov.TestsNeverPassed = append(cov.TestsNeverPassed, r.ID)
		}
		if r.Tests >= 10 && r.Passed == r.Tests {
			cov.TestsNeverFailed = append(cov.TestsNeverFailed, r.ID)
		}
	}
	cov.AddBranches(c.sites.List, st.Coverage)
	for r := Rule(0); r < NumRules; r++ {
		if st.Rules[r] > 0 || (r == RuleWaterTravel && c.WaterDist == nil) || (r == RuleDraft && !opt.Variants.DraftSetup) {
			continue
		}
		cov.RulesNeverTriggered = append(cov.RulesNeverTriggered, RuleNames[r])
	}
	return cov
}
