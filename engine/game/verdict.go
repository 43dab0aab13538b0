package game

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/sim"
)

// Verdicts: every playable side (a hero, a faction) and every card dealt
// by chance is judged against a reference — its fair share, the other
// sides, its deck's other cards — with an interval, a p-value corrected
// over everything the run tested (Benjamini–Hochberg), and a practical
// band: a difference is flagged only when it is both significant and too
// large to matter little. The statistics are counts and sums, so a run's
// verdicts are a function of its merged counts alone.

// Verdict outcomes.
const (
	Overpowered  = "overpowered"
	Underpowered = "underpowered"
	Fine         = "fine"
	Undecided    = "undecided"
)

// Balance is how verdicts are reached.
type Balance struct {
	// Band is the practical band at a fair share of 1/4 (a 4-player game
	// of rivals): a difference smaller than this is not worth a flag
	// however certain. It scales with the fair share f as Band×min(f,1−f)/¼
	// (twice as wide at 2 players, two thirds at 6); in games the players
	// win or lose together it is Band at every count.
	Band float64 `json:"band"`
	// FDR is the false discovery rate controlled over everything a run
	// tests.
	FDR float64 `json:"fdr"`
	// Level is the significance level of this look at the data: FDR, or
	// less when --until-decided looks several times (each look spends
	// part of it, so that stopping early does not inflate false flags).
	// Intervals are at confidence 1 − Level.
	Level float64 `json:"level"`
}

// DefaultBalance is 5 points at 4 players and a false discovery rate of 5%.
var DefaultBalance = Balance{Band: 0.05, FDR: 0.05, Level: 0.05}

// Or fills b's zero settings from d.
func (b Balance) Or(d Balance) Balance {
	if b.Band <= 0 {
		b.Band = d.Band
	}
	if b.FDR <= 0 {
		b.FDR = d.FDR
	}
	if b.Level <= 0 || b.Level > b.FDR {
		b.Level = b.FDR
	}
	return b
}

// BandAt is the practical band at a fair share f.
func (b Balance) BandAt(f float64) float64 {
	if f <= 0 || f >= 1 {
		return b.Band
	}
	return b.Band * min(f, 1-f) / 0.25
}

// z is the normal quantile of the look's intervals.
func (b Balance) z() float64 { return sim.Z(b.Level) }

// Verdict is the judgement of one side at one player count, or of one
// card against its deck's other cards.
type Verdict struct {
	Subject string `json:"subject"` // "card", or the game's word for a side: "hero", "faction"
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"`
	Where   string `json:"where,omitempty"`   // the cell of the row's ID
	Players int    `json:"players,omitempty"` // the player count judged (sides)
	// Measure and Reference say, in the game's words, what was measured
	// and what it is set against.
	Measure   string `json:"measure"`
	Reference string `json:"reference"`
	// Wins out of Games: the games a side played, the players who drew
	// or used a card. Rate and its interval.
	Wins  int     `json:"wins"`
	Games int     `json:"games"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
	// The reference: a second sample (RefWins of RefGames), or a fixed
	// share (RefGames 0).
	RefWins  int     `json:"ref_wins,omitempty"`
	RefGames int     `json:"ref_games,omitempty"`
	RefRate  float64 `json:"ref_rate"`
	// Delta is Rate − RefRate with its interval; Band the practical band.
	Delta     float64 `json:"delta"`
	DeltaLow  float64 `json:"delta_ci_low"`
	DeltaHigh float64 `json:"delta_ci_high"`
	Band      float64 `json:"band"`
	P         float64 `json:"p"`
	Q         float64 `json:"q"` // P adjusted over everything the run tested
	Verdict   string  `json:"verdict"`
	// MoreGames estimates, for an undecided verdict, the games more the
	// run needs to decide it (the interval narrows as 1/√games).
	MoreGames int `json:"more_games,omitempty"`
	// Unadjusted is a side's plain comparison, shown beside the verdict:
	// its win rate in all its games at the count against the fair share
	// (1/players) in a game of rivals, where the players win together
	// against the games without it. The verdict is decided on it only when
	// the lineups do not tell (Typical false): beside a far stronger side
	// every other falls short of the fair share without being any weaker.
	Unadjusted *Difference `json:"unadjusted,omitempty"`
	// Apart names the sides far out of line (", "-separated) whose tables
	// a side's verdict was judged without (Wins and Games are its games
	// without them), or "".
	Apart string `json:"apart,omitempty"`

	fixed    bool    // the reference is a fixed share
	typical  bool    // the reference is a typical side at the same tables (lineupModel)
	runGames int     // the run's games, to scale MoreGames
	p        float64 // unrounded, for the correction
}

// Difference is a win rate and its difference from a reference, with
// their intervals (at the verdict's confidence), untested.
type Difference struct {
	Wins      int     `json:"wins"`
	Games     int     `json:"games"`
	Rate      float64 `json:"rate"`
	Low       float64 `json:"ci_low"`
	High      float64 `json:"ci_high"`
	Reference string  `json:"reference"`
	RefRate   float64 `json:"ref_rate"`
	Delta     float64 `json:"delta"`
	DeltaLow  float64 `json:"delta_ci_low"`
	DeltaHigh float64 `json:"delta_ci_high"`
}

// Typical reports whether a side's verdict is decided against a typical
// side at the same tables, not against its plain (Unadjusted) reference.
func (v *Verdict) Typical() bool { return v.Unadjusted != nil && v.Reference != v.Unadjusted.Reference }

// farOut reports whether a verdict is flagged with its whole interval
// beyond the band.
func (v *Verdict) farOut() bool {
	return (v.Verdict == Overpowered && v.DeltaLow >= v.Band) || (v.Verdict == Underpowered && v.DeltaHigh <= -v.Band)
}

// minTrials is the least games (or holders) behind a verdict.
const minTrials = 20

// fixedShare measures wins of games against a fixed share f (a score
// test, consistent with the Wilson interval).
func (v *Verdict) fixedShare(wins, games int, f float64, b Balance) {
	v.Wins, v.Games, v.RefRate, v.fixed = wins, games, f, true
	ci := sim.WilsonZ(wins, games, b.z())
	rate := frac0(wins, games)
	v.Rate, v.Low, v.High = round(rate), round(ci.Low), round(ci.High)
	v.Delta, v.DeltaLow, v.DeltaHigh = round(rate-f), round(ci.Low-f), round(ci.High-f)
	v.p = sim.ScoreTest(wins, games, f)
}

// against measures wins of games against a second sample (Newcombe's
// interval for the difference, the pooled z-test).
func (v *Verdict) against(wins, games, refWins, refGames int, b Balance) {
	v.Wins, v.Games, v.RefWins, v.RefGames = wins, games, refWins, refGames
	ci := sim.WilsonZ(wins, games, b.z())
	v.Rate, v.Low, v.High, v.RefRate = round(frac0(wins, games)), round(ci.Low), round(ci.High), round(frac0(refWins, refGames))
	d, dci := sim.DiffIntervalZ(wins, games, refWins, refGames, b.z())
	v.Delta, v.DeltaLow, v.DeltaHigh = round(d), round(dci.Low), round(dci.High)
	v.p = sim.TwoProportions(wins, games, refWins, refGames)
}

// enough reports whether the verdict rests on enough trials to test.
func (v *Verdict) enough() bool {
	return v.Games >= minTrials && (v.fixed || v.typical || v.RefGames >= minTrials)
}

// decide sets the verdict from the corrected q-value, the interval and
// the band: over- or underpowered when significant and beyond the band,
// fine when the whole interval lies within it, else undecided with the
// games more it would take (tested: the hypotheses corrected together).
func (v *Verdict) decide(q, level float64, tested int) {
	v.P, v.Q = round(v.p), round(q)
	v.Verdict, v.MoreGames = classify(v.Delta, v.DeltaLow, v.DeltaHigh, q, v.Band, level)
	if v.Verdict == Undecided {
		v.MoreGames = moreGames(v.Delta, v.DeltaLow, v.DeltaHigh, v.Band, v.runGames, zScale(level, tested))
	}
	if !v.enough() {
		v.Verdict = Undecided
		need := minTrials - v.Games
		if !v.fixed && !v.typical {
			need = max(need, minTrials-v.RefGames)
		}
		if v.Games > 0 {
			v.MoreGames = max(v.MoreGames, int(math.Ceil(float64(v.runGames)*float64(need)/float64(v.Games))))
		}
	}
}

// classify is the verdict on a difference with interval [lo, hi] and
// corrected q-value, against a practical band.
func classify(d, lo, hi, q, band, level float64) (string, int) {
	switch {
	case q < level && d >= band:
		return Overpowered, 0
	case q < level && d <= -band:
		return Underpowered, 0
	case lo > -band && hi < band:
		return Fine, 0
	}
	return Undecided, 0
}

// moreGames estimates the games more that would decide a verdict: its
// interval's half-width shrinks as 1/√games until it clears the band's
// edge (to show it fine) or zero (to show it beyond the band — at the
// corrected level, whence scale, ≥ 1, the interval's widening to it).
func moreGames(d, lo, hi, band float64, games int, scale float64) int {
	half := (hi - lo) / 2
	gap := band - math.Abs(d)
	if gap <= 0 {
		gap, half = math.Abs(d), half*scale
	}
	if half <= 0 || games <= 0 {
		return 0
	}
	factor := math.Pow(half/max(gap, half/100), 2)
	more := float64(games) * (factor - 1)
	return int(math.Ceil(min(max(more, 1), 1e9)))
}

// moreGamesShown is the most games more a report states as a number:
// beyond it the estimate says only that the difference sits on the
// band's edge, where the games needed grow without bound.
const moreGamesShown = 10_000_000

// MoreGamesText says how many more games would decide a verdict: "about
// 1584 more games", or, past 10 million, that the estimate sits on the
// band's edge rather than a figure nobody could play.
func MoreGamesText(n int) string {
	if n > moreGamesShown {
		return "more than 10 million more games: the estimate sits on the band's edge"
	}
	return fmt.Sprintf("about %d more games", n)
}

// zScale is how much wider an interval must be at the level a test
// corrected over tested others needs (Bonferroni's, the most it can be)
// than at the level itself.
func zScale(level float64, tested int) float64 {
	if tested <= 1 {
		return 1
	}
	return sim.Z(level/float64(tested)) / sim.Z(level)
}

// sideVerdicts judges each side at each player count of the run's tally.
// In a game of rivals a side is set against a typical side at the same
// tables, where the players win or lose together (or a side plays alone)
// against the same games with a typical side in its place: the mean
// strength of the other sides (lineupModel). Sides already judged far out
// of line (leaveOut, by player count) are left out of the others'
// reference, and out of their games where the others played without
// them: beside a far stronger side the others do not all lose alike (a
// fast hero keeps up with it better than a slow one), so what their games
// with it say is about it. A count whose games are won by teams is set
// against the fair share, the average seat's win rate (1/players when
// every game has one winner).
func (r *SimReport) sideVerdicts(leaveOut map[int]map[string]bool) []Verdict {
	out := []Verdict{}
	if r.tally == nil {
		return out
	}
	b, terms := r.Balance, r.Terms
	for _, n := range sortedCounts(r.tally.Tables) {
		tb := r.tally.Tables[n]
		seatGames, seatWins := 0, 0
		for _, c := range tb.Sides {
			seatGames += c.Played
			seatWins += c.Won
		}
		together := r.SharedWins || n == 1
		fair := frac0(seatWins, seatGames)
		if (together && (tb.Games.Won == 0 || tb.Games.Won == tb.Games.Played)) || (!together && (seatWins == 0 || seatWins == seatGames)) {
			continue // every game won, or none: nothing to tell the sides apart
		}
		far := leaveOut[n]
		for _, s := range r.sides {
			c, ok := tb.Sides[s.ID]
			if !ok || c.Played == 0 {
				continue
			}
			v := Verdict{Subject: terms.Player, ID: s.ID, Name: s.Name, Where: s.Where, Players: n, runGames: tb.Games.Played}
			v.Measure = "win rate in " + countGames(n, terms) + " games"
			v.Band = round(b.BandAt(fair))
			if together {
				v.Band = b.Band
			}
			// The plain comparison, kept beside the verdict; the verdict
			// itself against a typical side, where the lineups tell.
			switch without := tb.Games.Played - c.Played; {
			case !together:
				v.fixedShare(c.Won, c.Played, fair, b)
				v.Reference = "the fair share"
				if math.Abs(fair*float64(n)-1) > 1e-9 {
					v.Reference = "the average seat's win rate"
				}
			case without > 0:
				v.against(c.Won, c.Played, tb.Games.Won-c.Won, without, b)
				v.Reference = countGames(n, terms) + " games without it"
			default:
				continue // it plays every game: nothing to set it against
			}
			v.Unadjusted = &Difference{Wins: v.Wins, Games: v.Games, Rate: v.Rate, Low: v.Low, High: v.High,
				Reference: v.Reference, RefRate: v.RefRate, Delta: v.Delta, DeltaLow: v.DeltaLow, DeltaHigh: v.DeltaHigh}
			r.typicalAt(&v, together, far, nil, "")
			out = append(out, v)
		}
	}
	return out
}

// typicalAt judges side v at its player count against a typical side of
// those admit accepts (nil: all) at the same tables, named "a typical
// <of> side", if the lineups tell; far are the sides far out of line,
// left out of the reference and, where v played enough games without
// them, out of its games. It reports whether it judged v.
func (r *SimReport) typicalAt(v *Verdict, together bool, far map[string]bool, admit func(id string) bool, of string) bool {
	n, terms := v.Players, r.Terms
	m, apartFrom := r.model(n, together, nil), ""
	if apart := r.model(n, together, far); len(far) > 0 && !far[v.ID] {
		if h, ok := apart.side(v.ID); ok {
			if _, played, _ := apart.record(h); played >= minTrials {
				m = apart
				if played < v.Games { // else it never sat with them (alone, in a 1-hero game): nothing to say
					apartFrom = joinIDs(far)
				}
			}
		}
	}
	h, ok := m.side(v.ID)
	if !ok {
		return false
	}
	var ref []int
	for _, j := range m.reference(h, far) {
		if admit == nil || admit(m.ids[j]) {
			ref = append(ref, j)
		}
	}
	if len(ref) == 0 {
		return false
	}
	m.typical(v, h, ref, r.Balance)
	v.Reference = "a typical " + of + terms.Player + " at the same tables"
	if together {
		v.Reference = countGames(n, terms) + " games with a typical " + of + terms.Player + " in its place"
	}
	if apartFrom != "" {
		v.Measure = "win rate in " + countGames(n, terms) + " games without " + apartFrom + " at the table"
		v.Apart = apartFrom
	}
	return true
}

// model is the lineup model of the games of n players but those with a
// side in exclude, fitted once.
func (r *SimReport) model(n int, together bool, exclude map[string]bool) *lineupModel {
	key := strconv.Itoa(n) + "\x00" + joinIDs(exclude)
	if m, ok := r.models[key]; ok {
		return m
	}
	if r.models == nil {
		r.models = map[string]*lineupModel{}
	}
	m := fitLineups(r.tally.Tables[n], together, exclude)
	r.models[key] = m
	return m
}

// joinIDs lists a set's IDs, sorted: "feeble-clerk, iron-titan".
func joinIDs(set map[string]bool) string {
	var ids []string
	for id, in := range set {
		if in {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return strings.Join(ids, ", ")
}

// countGames names games of n players: "4-player", "1-faction".
func countGames(n int, terms Terms) string {
	terms = terms.Or(DefaultTerms)
	if n == 1 {
		return "1-" + terms.Player
	}
	return strconv.Itoa(n) + "-player"
}

// DeckName is a deck's key as people say it: "common_items" → "Common Items".
func DeckName(key string) string {
	words := strings.FieldsFunc(key, func(r rune) bool { return r == '_' || r == '-' || r == ' ' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func frac0(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

func sortedCounts[V any](m map[int]V) []int { return slices.Sorted(maps.Keys(m)) }
