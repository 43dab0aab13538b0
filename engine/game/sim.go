package game

import (
	"fmt"
	"io"
	"math"

	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// SimRequest is what `deckwright sim` asks of a game module.
type SimRequest struct {
	Games     int
	Players   int
	Workers   int
	MaxRounds int
	From      int // index of the first game
	Seed      uint64
	Mode      string   // competitive, coop, team, solo (module-defined)
	Policy    string   // bot policy, or mix
	Heroes    []string // hero IDs by seat; nil draws them at random
	Variants  []string // named rule variants and optional rules
	Stats     bool     // per-card metrics and coverage
	// Options are the game's own options (SimSpec.Options) by name, as
	// given: Fortune and Glory's "level", "org" and "teams". The harness
	// checks them against the spec and writes defaults in, so a module
	// reads (with Option) only options it declared.
	Options map[string]string
	// PlayersMax > Players spreads games over a range of player counts.
	PlayersMax int
	// Impact runs paired games without each card of ImpactLayer (or every
	// card when it is "all"). With ImpactGames, on the run's first
	// ImpactGames games for every card (fixed allocation); else
	// adaptively, to ImpactPlan's precision within its budget (zero
	// fields: DefaultImpactPlan's).
	ImpactLayer string
	ImpactGames int
	ImpactPlan  ImpactPlan
	// ImpactRound, if set, is told after each round of an adaptive
	// --impact run: the cards precise of the cards with a win effect.
	ImpactRound func(round, precise, cards int)
	// ImpactPlayed, if set, is told as an adaptive --impact run plays how
	// many games it has played beyond the run's (base and paired) and its
	// budget: a round can take minutes.
	ImpactPlayed func(played, budget int)
	// Exclude removes cards (by ID) from their decks: the baseline of a
	// paired impact run.
	Exclude []string
	// KeepGames keeps each game's outcome in the report (for --compare).
	KeepGames bool
	Trace     io.Writer
	// TraceJSON writes the traced game as game.Event values, one JSON
	// object a line, instead of readable text.
	TraceJSON bool
	Progress  func(done int)
	// Stop, when closed, ends the run between games (an interrupt): the
	// report covers the games finished, always the first ones, and the
	// caller marks it partial.
	Stop <-chan struct{}
	// Balance sets how verdicts are reached; zero fields take
	// DefaultBalance's.
	Balance Balance
	// Until, if set, plays on past Games until every verdict is decided
	// or its budget is spent (--until-decided).
	Until *Until
	// Look, with Until, is told before each look how many games it will
	// play (undecided −1), and after it how many verdicts are undecided.
	Look func(look, games, undecided int)
	// ImpactProgress is told as each card's paired games begin (card of
	// cards, its ID).
	ImpactProgress func(card, cards int, id string)
	// Shard, when set, says the request plays shard K of N of a run of
	// games (its Games from From are the shard's slice of them): a fixed
	// --impact pairs the shard's share of the run's first ImpactGames
	// games (sim.Shard's, as for the games), not its own slice's first.
	Shard *Shard
	// Track names cards (by ID) whose holders each kept game records in
	// Outcome.Held, in this order, and keeps the games (a sweep pairs
	// them across runs); an ID that is no card of the run is left out.
	Track []string
}

// Shard is shard K (1 to N) of a run of Games games from From.
type Shard struct{ K, N, From, Games int }

// Option is the value of the game's option of that name, "" when unset.
func (r *SimRequest) Option(name string) string { return r.Options[name] }

// SimReport is a run's summary. Every field but GamesPerSecond is the same
// for any number of workers.
type SimReport struct {
	Game           string         `json:"game"`
	Games          int            `json:"games"`
	Seed           uint64         `json:"seed"`
	Mode           string         `json:"mode"`
	Players        int            `json:"players"`
	PlayersMax     int            `json:"players_max,omitempty"`
	Level          string         `json:"level,omitempty"` // the game's "level" option ("basic", "advanced"), if it has one
	Policy         string         `json:"policy"`
	Wins           map[string]int `json:"wins"`
	Rounds         Quantiles      `json:"rounds"`
	Ends           map[string]int `json:"ends"`
	Heroes         []Rate         `json:"heroes"`
	Seats          []Rate         `json:"seats"`
	Policies       []Rate         `json:"policies"`
	LossesPerGame  float64        `json:"losses_per_game"` // Terms.Losses
	PrizesPerGame  float64        `json:"prizes_per_game"` // Terms.Prizes
	NeverDrawn     []string       `json:"never_drawn"`
	Coop           *CoopReport    `json:"coop,omitempty"`
	Stalls         []Incident     `json:"stalls"`
	Errors         []Incident     `json:"errors"`
	GamesPerSecond float64        `json:"games_per_second"`
	Terms          Terms          `json:"terms"` // the game's words for the above
	// How verdicts were reached, and whether the players win or lose
	// together (cooperative, solo), which decides what a side is set
	// against.
	Balance    Balance `json:"balance"`
	SharedWins bool    `json:"shared_wins"`
	// The finished games by player count, and each side's verdict at
	// each count. Tested counts the hypotheses the false discovery rate
	// was controlled over (sides, cards, paired effects, dice checks).
	PlayerCounts []PlayerCount `json:"player_counts"`
	Verdicts     []Verdict     `json:"verdicts"`
	Tested       int           `json:"tested"`
	// Decision summarises an --until-decided run.
	Decision *Decision `json:"until_decided,omitempty"`
	// Per-card metrics, coverage and flags (when the run collected them).
	Cards      []CardReport `json:"cards,omitempty"`
	Coverage   *Coverage    `json:"coverage,omitempty"`
	Flags      []Flag       `json:"flags,omitempty"`
	Comparison *Comparison  `json:"comparison,omitempty"`
	// ImpactRun says how --impact allocated its games.
	ImpactRun *ImpactRun `json:"impact_run,omitempty"`
	// Breakdowns of cooperative runs by player count and organization.
	ByPlayers []Rate `json:"by_players,omitempty"`
	ByOrg     []Rate `json:"by_org,omitempty"`
	// Outcomes of each game (with SimRequest.KeepGames), for comparisons.
	Outcomes []Outcome `json:"-"`
	// Partial: the run was interrupted; Games is the games finished (the
	// first ones) of GamesRequested.
	Partial        bool `json:"partial,omitempty"`
	GamesRequested int  `json:"games_requested,omitempty"`
	// PartialNote says, in words, what the report of an interrupted run
	// covers (set by the command that knows what it asked for).
	PartialNote string `json:"partial_note,omitempty"`

	// The tally the sides are judged from (AddTally), and its lineup
	// models by player count and the sides left out, fitted once.
	tally  *sim.Tally
	sides  []Side
	models map[string]*lineupModel
	far    map[int]map[string]bool // by player count, the sides Judge found far out of line
	// full is the whole tally the report was built from: what a shard's
	// part file carries (NewPart), if parts says it can.
	full  *Tally
	parts bool
	// impact are the paired sums of a fixed-allocation --impact run, by
	// card: what a shard's part carries of it.
	impact []ImpactSums
}

// MarkPartial marks the report of an interrupted run: it covers the games
// finished of requested. Impact measurements stay as the run wrote them:
// none when the interrupt came before they began; those of the rounds (or,
// with --impact-games, the cards) that finished, marked interrupted
// (ImpactRun.Interrupted); every one when it came after them. The
// comparison, made only of a whole baseline, is dropped.
func (r *SimReport) MarkPartial(requested int) {
	r.Partial, r.GamesRequested = true, requested
	r.Comparison = nil
}

// Outcome is one game's result, for paired comparisons.
type Outcome struct {
	Done   bool // finished (not a stall or an error)
	Rounds int
	Win    bool   // the heroes won (cooperative); for competitive games see Winner
	Winner string // the winning hero's ID, "" for none
	Won    uint8  // the seats that won, one bit a seat
	// Held, in the run measured by --impact, says for each card measured
	// who got it in this game: one bit a seat that drew or used it, and
	// Seen if it was drawn at all.
	Held []uint16
}

// Seen is the bit of Outcome.Held that says a card was drawn in a game.
const Seen = 1 << 8

// PlayerCount is the record of the games finished at one player count:
// games, the games the players' side won (cooperative; in a game of rivals
// the games someone won), and the seats' games and wins.
type PlayerCount struct {
	Players   int `json:"players"`
	Games     int `json:"games"`
	Won       int `json:"won"`
	SeatGames int `json:"seat_games"`
	SeatWins  int `json:"seat_wins"`
}

// Quantiles summarise game lengths in rounds.
type Quantiles struct {
	Median int     `json:"median"`
	P10    int     `json:"p10"`
	P90    int     `json:"p90"`
	Mean   float64 `json:"mean"`
	// Histogram[i] is the number of games that lasted i rounds.
	Histogram []int64 `json:"histogram,omitempty"`
}

// Rate is a win rate with its 95% confidence interval.
type Rate struct {
	ID    string  `json:"id"`
	Name  string  `json:"name,omitempty"`
	Games int     `json:"games"`
	Wins  int     `json:"wins"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

// CoopReport summarises cooperative-style games.
type CoopReport struct {
	HeroWins             Rate    `json:"hero_wins"`
	TrackHistogram       []int64 `json:"track_histogram"`
	VillainArtifactsMean float64 `json:"villain_artifacts_per_game"`
	Organization         string  `json:"organization"`
}

// Incident is a game that stalled or failed.
type Incident struct {
	Index   int      `json:"index"`
	Seed    uint64   `json:"seed"`
	Round   int      `json:"round"`
	Message string   `json:"message"`
	Card    string   `json:"card,omitempty"`
	Where   string   `json:"where,omitempty"` // the cell of the card's ID
	InPlay  []string `json:"in_play,omitempty"`
	Replay  string   `json:"replay"`
	Stack   string   `json:"-"`
}

// Side names one side a report lists: a hero, a faction; Where is the
// cell of its row's ID.
type Side struct{ ID, Name, Where string }

// AddTally fills a report's generic parts from a run's tally: games,
// endings, lengths, win rates by side (in the order given, those that
// played), by seat and by policy (in the order given), and each side's
// verdict at each player count. shared says the players win or lose
// together. r.Balance must be set first.
func (r *SimReport) AddTally(t *sim.Tally, sides []Side, policies []string, shared bool) {
	r.Balance = r.Balance.Or(DefaultBalance)
	r.SharedWins = shared
	r.Games, r.Ends = t.Games, t.Ends
	if r.Wins == nil {
		r.Wins = map[string]int{}
	}
	for _, s := range sides {
		if c := t.Sides[s.ID]; c.Played > 0 {
			r.Wins[s.ID] = c.Won
			r.Heroes = append(r.Heroes, NewRate(s.ID, s.Name, c.Won, c.Played))
		}
	}
	counts := sortedCounts(t.Tables)
	if len(counts) > 1 {
		// Seats by player count: a seat of a 1-player game wins on its own
		// terms, and pooled would say nothing about seat order.
		for _, n := range counts {
			for i, c := range t.Tables[n].Seats {
				if c.Played > 0 {
					r.Seats = append(r.Seats, NewRate(fmt.Sprintf("seat %d of %d", i+1, n), "", c.Won, c.Played))
				}
			}
		}
	} else {
		for i, c := range t.Seats {
			if c.Played > 0 {
				r.Seats = append(r.Seats, NewRate(fmt.Sprintf("seat %d", i+1), "", c.Won, c.Played))
			}
		}
	}
	r.PlayerCounts = []PlayerCount{}
	for _, n := range counts {
		tb := t.Tables[n]
		pc := PlayerCount{Players: n, Games: tb.Games.Played, Won: tb.Games.Won}
		for _, c := range tb.Sides {
			pc.SeatGames += c.Played
			pc.SeatWins += c.Won
		}
		r.PlayerCounts = append(r.PlayerCounts, pc)
	}
	r.tally, r.sides, r.models = t, sides, nil
	r.Verdicts = r.sideVerdicts(nil)
	for _, p := range policies {
		if c := t.Policies[p]; c.Played > 0 {
			r.Policies = append(r.Policies, NewRate(p, "", c.Won, c.Played))
		}
	}
	h := &t.Rounds
	r.Rounds = Quantiles{Median: h.Quantile(0.5), P10: h.Quantile(0.1), P90: h.Quantile(0.9), Mean: math.Round(h.Mean()*100) / 100, Histogram: h.Counts}
}

// NewRate is wins out of games with its 95% Wilson interval, to 4 places.
func NewRate(id, name string, wins, games int) Rate {
	ci := sim.Wilson(wins, games)
	r := Rate{ID: id, Name: name, Games: games, Wins: wins, Low: round(ci.Low), High: round(ci.High)}
	if games > 0 {
		r.Rate = round(float64(wins) / float64(games))
	}
	return r
}

// CardIndexes maps card IDs to their indexes in cards (a module's card
// rows, by card number): the cards a run leaves out of their decks.
func CardIndexes(cards []*table.Row, ids []string) (map[int]bool, error) {
	out := map[int]bool{}
	for _, id := range ids {
		found := false
		for n, r := range cards {
			if r.ID == id {
				out[n] = true
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("no card %q to leave out", id)
		}
	}
	return out, nil
}
