package game

import (
	"fmt"
	"math"

	"github.com/deckwright/deckwright/engine/sim"
)

// Judge works out every verdict of a run and its flags. It judges each
// card dealt by chance against its deck's other cards, gathers every
// hypothesis the run tests — the sides at each player count, those
// cards, the paired effects of --impact, the unaided tests against their
// dice — and corrects their p-values together (Benjamini–Hochberg), so
// that of the differences it calls significant at most Balance.FDR are
// expected to be chance. A verdict is over- or underpowered when
// significant and beyond its practical band. It is safe to call again
// (after --impact adds effects): it starts over from the counts.
func (r *SimReport) Judge() {
	r.Balance = r.Balance.Or(DefaultBalance)
	terms := r.Terms.Or(DefaultTerms)
	// A card far out of line (15 Fortune on the spot) drags its deck's
	// pooled win rate with it and makes its fair peers look weak; a hero
	// far out of line, the typical hero the others are set against, and
	// the games they play beside it. So, one at a time in each deck and at
	// each player count, the most extreme card judged over- or
	// underpowered, or side judged so with its whole interval beyond the
	// band, leaves every other's reference, and all are judged again,
	// until none new stands out (as in Grubbs' iterated outlier test). A
	// side merely flagged stays: leaving out a side a little strong would
	// make the typical side weaker, and the next one look strong.
	out := map[string]bool{}
	sidesOut := map[int]map[string]bool{}
	for {
		if r.tally != nil {
			r.Verdicts = r.sideVerdicts(sidesOut)
		}
		r.peerVerdicts(terms, out)
		r.correct()
		worst := map[string]*CardReport{}
		for i := range r.Cards {
			c := &r.Cards[i]
			v := c.Peers
			if v == nil || out[c.ID] || (v.Verdict != Overpowered && v.Verdict != Underpowered) {
				continue
			}
			if w := worst[c.Deck]; w == nil || math.Abs(v.Delta) > math.Abs(w.Peers.Delta) {
				worst[c.Deck] = c
			}
		}
		worstSide := map[int]*Verdict{}
		for i := range r.Verdicts {
			v := &r.Verdicts[i]
			if !v.typical || sidesOut[v.Players][v.ID] || !v.farOut() {
				continue
			}
			if w := worstSide[v.Players]; w == nil || math.Abs(v.Delta) > math.Abs(w.Delta) {
				worstSide[v.Players] = v
			}
		}
		if len(worst) == 0 && len(worstSide) == 0 {
			break
		}
		for _, c := range worst {
			out[c.ID] = true
		}
		for n, v := range worstSide {
			if sidesOut[n] == nil {
				sidesOut[n] = map[string]bool{}
			}
			sidesOut[n][v.ID] = true
		}
	}
	r.far = sidesOut
	r.Flags = r.flags(terms)
}

// MinImpactPairs is the fewest pairs a paired effect is judged on. Below
// it the normal interval of a mean of wins and losses is not to be
// trusted: 8 pairs gave a card "overpowered, +25.6 (+18.1 to +33.0)",
// 2 pairs that both lost "-100.0 (-100.0 to -100.0), q < 0.001", and
// pairs that all agree an interval of ±0. Such an effect is shown but
// not tested (q 1, outside the false discovery rate's family) and its
// verdict is undecided; adaptive --impact stops no card before it.
const MinImpactPairs = 100

// correct gathers every hypothesis the report tests, corrects their
// p-values together and decides each verdict.
func (r *SimReport) correct() {
	b := r.Balance
	var f family
	for i := range r.Verdicts {
		f.verdict(&r.Verdicts[i], b.Level)
	}
	for i := range r.Cards {
		c := &r.Cards[i]
		if c.Peers != nil {
			f.verdict(c.Peers, b.Level)
		}
		if im := c.Impact; im != nil {
			for _, e := range []*Effect{im.Win, im.Rounds} {
				switch {
				case e == nil:
				case e.Pairs < MinImpactPairs:
					e.Q = 1 // not tested: too few pairs for its interval to be trusted
				default:
					f.add(e.p, func(q float64, _ int) { e.Q = round(q); e.Significant = q < b.Level })
				}
			}
		}
		if e := c.Exact; e != nil && e.Tests >= minCleanTests {
			e.P = round(sim.TwoSided(e.Z))
			f.add(sim.TwoSided(e.Z), func(q float64, _ int) { e.Q = round(q) })
		}
	}
	r.Tested = f.correct()
	for i := range r.Cards {
		if im := r.Cards[i].Impact; im != nil && im.Win != nil {
			e := im.Win
			im.Verdict, _ = classify(e.Delta, e.Low, e.High, e.Q, im.Band, b.Level)
			if e.Pairs < MinImpactPairs {
				im.Verdict = Undecided
			}
		}
	}
}

// peerVerdicts judges each card dealt by chance against the other cards
// of its deck: the win rate of the players who drew or used it against
// that of the players who drew or used the deck's other cards (but those
// left out). Among the players who drew from a deck, which card they got
// is the luck of the draw, so the buyers' head start (rich heroes buy
// more Gear) is the same on both sides and cancels.
func (r *SimReport) peerVerdicts(terms Terms, leaveOut map[string]bool) {
	type pool struct{ wins, holders int }
	decks := map[string]pool{}
	for i := range r.Cards {
		c := &r.Cards[i]
		if c.Dealt && !leaveOut[c.ID] && c.Errors == 0 {
			p := decks[c.Deck]
			p.wins += int(c.HolderWins)
			p.holders += int(c.Holders)
			decks[c.Deck] = p
		}
	}
	band := r.Balance.Band
	if !r.SharedWins {
		band = r.Balance.BandAt(r.fairShare())
	}
	for i := range r.Cards {
		c := &r.Cards[i]
		c.Peers = nil
		if !c.Dealt || c.Holders == 0 || c.Errors > 0 {
			continue // an erroring card is not scored
		}
		p := decks[c.Deck]
		refWins, refHolders := p.wins, p.holders
		if !leaveOut[c.ID] {
			refWins, refHolders = refWins-int(c.HolderWins), refHolders-int(c.Holders)
		}
		if refHolders == 0 {
			continue
		}
		v := &Verdict{Subject: "card", ID: c.ID, Name: c.Name, Where: c.Where, Band: round(band), runGames: r.Games,
			Measure:   fmt.Sprintf("win rate of %s who drew or used it", terms.Players),
			Reference: fmt.Sprintf("%s who drew or used other %s cards", terms.Players, DeckName(c.Deck))}
		v.against(int(c.HolderWins), int(c.Holders), refWins, refHolders, r.Balance)
		c.Peers = v
	}
}

// fairShare is the average seat's win rate over the run.
func (r *SimReport) fairShare() float64 {
	games, wins := 0, 0
	for _, pc := range r.PlayerCounts {
		games += pc.SeatGames
		wins += pc.SeatWins
	}
	return frac0(wins, games)
}
