package fng

import (
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
)

// Rules that only the advanced game, or only a game with an organization,
// can trigger: a run without them does not list them as never triggered.
var (
	advancedRules = map[Rule]bool{RuleFlight: true, RuleExplore: true, RuleDeepJungle: true, RuleTemple: true, RuleInstability: true,
		RuleCollapse: true, RuleTreasure: true, RuleVillain: true, RuleVillainFight: true, RuleSneak: true, RuleVillainSearch: true,
		RuleVillainArtifact: true, RuleVillainKO: true, RuleBodyguards: true, RuleNaziGoldVillain: true, RuleZeppelin: true, RuleBoardZeppelin: true}
	organizationRules = map[Rule]bool{RuleTactics: true, RuleOutpost: true, RuleOccupation: true, RuleTurf: true}
	sharedRules       = map[Rule]bool{RuleTogether: true, RuleExchange: true}
	competitiveRules  = map[Rule]bool{RuleRace: true, RuleOpponentCard: true, RuleCancel: true}
)

// cardReports turns a run's per-card counters into reports.
func cardReports(c *Content, opt Options, st *Stats) []game.CardReport {
	heroes := make([]string, len(c.Heroes))
	for i := range c.Heroes {
		heroes[i] = c.Heroes[i].ID
	}
	rivals := rivalOnlyCards(c)
	return game.CardReports(c.Cards, reportable, func(n int, r *game.CardReport) {
		row, cs, deck := c.Cards[n], &st.Cards[n], r.Deck
		r.HasAbility = (deck == "events" || deck == "city" || deck == "gear" || deck == "allies" || deck == "common_items") && row.Has("effect") &&
			usableIn(row, opt.Mode) && !(rivals[n] && (opt.Mode == Cooperative || opt.Mode == Solo))
		r.Dealt = deck == "events" || deck == "city" || deck == "gear" || deck == "allies" || deck == "villain_events"
		r.Earned = deck == "artifacts" || deck == "adventures"
		cs.Fill(r, heroes, st.HeroWins, st.HeroGames)
		if cs.Faced > 0 {
			// A Danger's pass rate is its whole front overcome, not each test.
			r.Faced, r.Overcome = cs.Faced, cs.Overcome
			r.PassRate = game.Ratio(cs.Overcome, cs.Faced)
		}
	})
}

// usableIn reports whether a card's ability can be used in a mode: cards
// aimed at rivals, and cancels (which answer rivals' cards), have no use
// in the cooperative and solo games.
func usableIn(row *table.Row, mode Mode) bool {
	if mode != Cooperative && mode != Solo {
		return true
	}
	only := row.List("timing")
	target := ""
	if row.Declares("target") { // items have none
		target = row.Str("target")
	}
	return target != "opponent" && target != "others" && !(len(only) == 1 && only[0] == "cancel")
}

// rivalOnlyCards lists the cards (by N) whose effect acts only on a
// hero of another side (rivalOnly).
func rivalOnlyCards(c *Content) map[int]bool {
	out := map[int]bool{}
	for _, list := range [][]EventDef{c.Events, c.City, c.VillainEvents} {
		for i := range list {
			if rivalOnly(&list[i].Card) {
				out[list[i].N] = true
			}
		}
	}
	for i := range c.Items {
		if rivalOnly(&c.Items[i].Card) {
			out[c.Items[i].N] = true
		}
	}
	return out
}

// reportable: the decks whose cards the report rates (not heroes, map
// locations or charts).
func reportable(deck string) bool {
	switch deck {
	case "dangers", "enemies", "nazi-enemies", "events", "city", "gear", "allies", "common_items", "artifacts", "adventures", "villain_events":
		return true
	}
	return false
}

// coverage lists what a run never reached.
func coverage(c *Content, opt Options, st *Stats, cards []game.CardReport) *game.Coverage {
	cov := game.NewCoverage()
	// An organization (and its Villain Events) is in play in the cooperative
	// and solo games, and in the others only when one was added.
	coop := opt.Mode == Cooperative || opt.Mode == Solo || opt.Org != ""
	for _, r := range cards {
		row := findRow(c, r.ID)
		inPlay := row != nil && row.Int("count") > 0 && (opt.Advanced || !(row.Declares("advanced") && row.Bool("advanced")))
		if r.Deck == "villain_events" && !coop {
			inPlay = false
		}
		switch {
		case inPlay && r.Drawn == 0 && r.Deck != "common_items":
			cov.NeverDrawn = append(cov.NeverDrawn, r.ID)
		case r.HasAbility && r.Drawn > 0 && r.Used == 0:
			cov.NeverUsed = append(cov.NeverUsed, r.ID)
		}
		attempts, passes := r.Tests, r.Passed
		if r.Faced > 0 {
			attempts, passes = r.Faced, r.Overcome
		}
		if attempts > 0 && passes == 0 {
			cov.TestsNeverPassed = append(cov.TestsNeverPassed, r.ID)
		}
		if attempts >= 10 && passes == attempts {
			cov.TestsNeverFailed = append(cov.TestsNeverFailed, r.ID)
		}
	}
	cov.AddBranches(c.sites.List, st.Coverage)
	for r := Rule(0); r < NumRules; r++ {
		if st.Rules[r] > 0 || (advancedRules[r] && !opt.Advanced) || (organizationRules[r] && !coop) ||
			(sharedRules[r] && opt.Mode == Competitive) || (competitiveRules[r] && (opt.Mode == Cooperative || opt.Mode == Solo)) {
			continue
		}
		cov.RulesNeverTriggered = append(cov.RulesNeverTriggered, RuleNames[r])
	}
	return cov
}

func findRow(c *Content, id string) *table.Row {
	for _, r := range c.Cards {
		if r.ID == id {
			return r
		}
	}
	return nil
}
