package game

import (
	"math/bits"

	"github.com/deckwright/deckwright/engine/rng"
	"github.com/deckwright/deckwright/engine/sim"
)

// MeasureImpact measures cards (by ID, in the order of Outcome.Held) by
// paired runs: the first games of the main run (rep.Outcomes, whose Held
// says who got each card measured)
// against the same seeds with a random other card of the card's deck in
// its place (Substitute). The decks shuffle alike and every other deck,
// the dice and the bots draw the same (common random numbers), so each
// pair of games is the same game until the card is drawn: the difference
// is the card's own effect against a typical card of its deck.
//
// Only the games in which the card was drawn count. In a game of rivals
// each player who got it is one pair: their win with the card against
// the same seat's win with the other card — how much the card is worth to
// whoever gets it (n/a for a card players earn, such as an artifact,
// whose holders are the winners themselves). Where the players win or
// lose together the pair is the side's win. Game length is paired game by
// game. with(id, games) plays those games with the card's substitute;
// progress, if set, is told as each card begins. with returns nil when
// the run was stopped (an interrupt): measuring ends there, and the
// report keeps the cards measured before (interruptedImpact). The report
// is judged again with the effects in the family of tests.
func MeasureImpact(rep *SimReport, ids []string, games int, with func(id string, games int) []Outcome, progress func(card, cards int, id string)) {
	if games <= 0 || games > len(rep.Outcomes) {
		games = len(rep.Outcomes)
	}
	sums, done := pairCards(rep, ids, rep.Outcomes[:games], 0, func(drawn [][]int) ([][]Outcome, int) {
		out := make([][]Outcome, len(ids))
		for k, id := range ids {
			if rep.card(id) == nil {
				continue
			}
			if progress != nil {
				progress(k+1, len(ids), id)
			}
			all := with(id, games)
			if all == nil {
				return out, k
			}
			for _, g := range drawn[k] {
				out[k] = append(out[k], all[g])
			}
		}
		return out, len(ids)
	})
	rep.keptImpact(ids, games, sums, done)
}

// pairCards pairs each card of ids (in the order of Outcome.Held) on the
// base games (base[i] is game from+i) it was drawn in: play(drawn) plays
// each card's drawn games (drawn[k], their numbers, by card as ids; none
// for a card not in the report) with its substitute, and returns their
// outcomes in that order and how many of the cards, from the first,
// have every game played: all of them, unless the run was stopped. The
// sums of those cards are added card by card, in the order of the games,
// and returned with their number.
func pairCards(rep *SimReport, ids []string, base []Outcome, from int, play func(drawn [][]int) ([][]Outcome, int)) ([]ImpactSums, int) {
	sums := make([]ImpactSums, len(ids))
	drawn := make([][]int, len(ids))
	for k, id := range ids {
		sums[k].Card = id
		if rep.card(id) == nil {
			continue
		}
		for i := range base {
			if o := &base[i]; o.Done && k < len(o.Held) && o.Held[k] != 0 {
				drawn[k] = append(drawn[k], from+i)
			}
		}
	}
	with, done := play(drawn)
	for k, id := range ids[:done] {
		card := rep.card(id)
		if card == nil {
			continue
		}
		for i, g := range drawn[k] {
			sums[k].pair(&base[g-from], &with[k][i], k, rep.SharedWins, card.Earned)
		}
	}
	return sums[:done], done
}

// keptImpact writes the impacts of a fixed run whose first done cards of
// ids (sums, theirs) were measured: every card, or those finished before
// an interrupt — each as an uninterrupted run measures it — and the
// others named unmeasured. None finished, the report has no impacts.
func (r *SimReport) keptImpact(ids []string, games int, sums []ImpactSums, done int) {
	if done == 0 && len(ids) > 0 {
		return
	}
	r.fixedImpact(ids[:done], games, sums)
	if done == len(ids) {
		return
	}
	r.ImpactRun.Interrupted = true
	r.ImpactRun.Unmeasured = []string{}
	for _, id := range ids[done:] {
		if r.card(id) != nil {
			r.ImpactRun.Unmeasured = append(r.ImpactRun.Unmeasured, id)
		}
	}
}

// ImpactSums are one card's paired sums in a fixed-allocation impact run
// (--impact-games), by unit: the differences' counts, sums and sums of
// squares, whole numbers, so a shard's add up to the whole run's
// (MergeParts).
type ImpactSums struct {
	Card   string     `json:"card"`
	Played int        `json:"played"` // base games it was drawn in
	Win    sim.Paired `json:"win"`
	Rounds sim.Paired `json:"rounds"`
}

// pair adds base game a and its paired game b, in which card k (of
// Outcome.Held) had a substitute: nothing when the card was not drawn.
func (s *ImpactSums) pair(a, b *Outcome, k int, shared, earned bool) {
	if !a.Done || k >= len(a.Held) || a.Held[k] == 0 {
		return
	}
	s.Played++
	if !b.Done {
		return
	}
	s.Rounds.Add(a.Rounds - b.Rounds)
	if shared {
		s.Win.Add(b2i(a.Win) - b2i(b.Win))
		return
	}
	if earned {
		return
	}
	for seats := uint8(a.Held[k]); seats != 0; seats &= seats - 1 {
		bit := uint8(1) << bits.TrailingZeros8(seats)
		s.Win.Add(b2i(a.Won&bit != 0) - b2i(b.Won&bit != 0))
	}
}

// merge adds another shard's sums of the same card.
func (s *ImpactSums) merge(o *ImpactSums) {
	s.Played += o.Played
	s.Win.Merge(o.Win)
	s.Rounds.Merge(o.Rounds)
}

// card is the report's card of that ID, or nil.
func (r *SimReport) card(id string) *CardReport {
	for i := range r.Cards {
		if r.Cards[i].ID == id {
			return &r.Cards[i]
		}
	}
	return nil
}

// fixedImpact writes each card's impact from its paired sums (by card,
// as ids) on the run's first games, and the run's summary, and judges
// the report again with the effects in the family of tests.
func (r *SimReport) fixedImpact(ids []string, games int, sums []ImpactSums) {
	r.impact = sums
	run := &ImpactRun{FixedGames: games, BaseGames: games, NotPrecise: []string{}, NoWinEffect: []string{}, NeverDrawn: []string{}}
	terms := r.Terms.Or(DefaultTerms)
	bal := r.Balance.Or(DefaultBalance)
	band, z := bal.Band, bal.z()
	if !r.SharedWins {
		band = bal.BandAt(r.fairShare())
	}
	for k, id := range ids {
		card := r.card(id)
		if card == nil {
			continue
		}
		s := &sums[k]
		im := &Impact{Games: games, Played: s.Played, Band: round(band), Rounds: effect(&s.Rounds, z), Measure: measureWords(r, terms)}
		if s.Win.N > 0 {
			im.Win = effect(&s.Win, z)
			agreed(im.Win, s.Win.SumSq, s.Win.N, z)
			im.HalfWidth = round((im.Win.High - im.Win.Low) / 2)
		}
		card.Impact = im
		run.Cards++
		run.Paired += s.Played
		if im.Win == nil {
			run.NoWinEffect = append(run.NoWinEffect, card.ID)
			if s.Played == 0 && !card.Earned {
				run.NeverDrawn = append(run.NeverDrawn, card.ID)
			}
		}
	}
	r.ImpactRun = run
	r.Judge()
}

// effect summarises paired differences.
func effect(p *sim.Paired, z float64) *Effect {
	if p.N == 0 {
		return nil
	}
	ci := p.IntervalZ(z)
	e := &Effect{Pairs: int(p.N), Delta: round(p.Mean()), Low: round(ci.Low), High: round(ci.High), p: p.PValue()}
	e.P = round(e.p)
	return e
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// substituteStream is the random stream that picks a substitute card: no
// game reads it, so picking one disturbs nothing else.
var substituteStream = rng.Stream("impact-substitute")

// Substitute is the other half of a paired impact run: in a deck's cards
// (copies as repeated entries) every copy of the card measured (is says
// which) becomes a copy of another card of the deck, picked at random for
// the game (from the game's seed). The deck keeps its size, so it
// shuffles alike and the game goes exactly as with the card until the
// card is drawn — then its drawer gets a typical card of the deck in its
// stead. With no other card in the deck, the card's copies are left out.
func Substitute(cards []int16, is func(int16) bool, seed uint64) []int16 {
	others := 0
	for _, x := range cards {
		if !is(x) {
			others++
		}
	}
	if others == len(cards) {
		return cards
	}
	if others == 0 {
		return cards[:0]
	}
	r := rng.New(seed, substituteStream)
	pick := r.Intn(others)
	var sub int16
	for _, x := range cards {
		if !is(x) {
			if pick == 0 {
				sub = x
				break
			}
			pick--
		}
	}
	for i, x := range cards {
		if is(x) {
			cards[i] = sub
		}
	}
	return cards
}
