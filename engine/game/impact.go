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
// the run was stopped (an interrupt): measuring ends there. The report is
// judged again with the effects in the family of tests.
func MeasureImpact(rep *SimReport, ids []string, games int, with func(id string, games int) []Outcome, progress func(card, cards int, id string)) {
	index := map[string]int{}
	for i := range rep.Cards {
		index[rep.Cards[i].ID] = i
	}
	if games <= 0 || games > len(rep.Outcomes) {
		games = len(rep.Outcomes)
	}
	base := rep.Outcomes[:games]
	run := &ImpactRun{FixedGames: games, BaseGames: games, NotPrecise: []string{}, NoWinEffect: []string{}}
	terms := rep.Terms.Or(DefaultTerms)
	bal := rep.Balance.Or(DefaultBalance)
	band, z := bal.Band, bal.z()
	if !rep.SharedWins {
		band = bal.BandAt(rep.fairShare())
	}
	for k, id := range ids {
		i, ok := index[id]
		if !ok {
			continue
		}
		card := &rep.Cards[i]
		if progress != nil {
			progress(k+1, len(ids), card.ID)
		}
		other := with(card.ID, games)
		if other == nil { // the run was stopped: its report is partial, without impacts
			return
		}
		var won, rounds sim.Paired
		played := 0
		for g := range base {
			a, b := &base[g], &other[g]
			if !a.Done || k >= len(a.Held) || a.Held[k] == 0 {
				continue
			}
			played++
			if !b.Done {
				continue
			}
			rounds.Add(a.Rounds - b.Rounds)
			if rep.SharedWins {
				won.Add(b2i(a.Win) - b2i(b.Win))
				continue
			}
			if card.Earned {
				continue
			}
			for seats := uint8(a.Held[k]); seats != 0; seats &= seats - 1 {
				bit := uint8(1) << bits.TrailingZeros8(seats)
				won.Add(b2i(a.Won&bit != 0) - b2i(b.Won&bit != 0))
			}
		}
		im := &Impact{Games: games, Played: played, Band: round(band), Rounds: effect(&rounds, z), Measure: measureWords(rep, terms)}
		if won.N > 0 {
			im.Win = effect(&won, z)
			agreed(im.Win, won.SumSq, won.N, z)
			im.HalfWidth = round((im.Win.High - im.Win.Low) / 2)
		}
		card.Impact = im
		run.Cards++
		run.Paired += played
		if im.Win == nil {
			run.NoWinEffect = append(run.NoWinEffect, card.ID)
		}
	}
	rep.ImpactRun = run
	rep.Judge()
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
