package game

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/deckwright/deckwright/engine/sim"
)

// Until is --until-decided: play on until every verdict is decided, within
// a budget of games, of time, or both.
type Until struct {
	Games int           // the most games in all (0: no limit on games)
	Time  time.Duration // the most time to spend playing (0: no limit on time)
}

// ParseUntil reads a budget: a number of games ("200000", "200k", "1m"
// is a minute, so millions are "1000k") or a duration ("10m", "90s"); both
// may be given, comma-separated.
func ParseUntil(s string) (Until, error) {
	var u Until
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSuffix(part, "k")); err == nil && n > 0 {
			if strings.HasSuffix(part, "k") {
				n *= 1000
			}
			u.Games = n
			continue
		}
		if d, err := time.ParseDuration(part); err == nil && d > 0 {
			u.Time = d
			continue
		}
		return Until{}, fmt.Errorf("--until-decided: %q is neither a number of games (200000, 200k) nor a time (10m, 90s)", part)
	}
	if u.Games == 0 && u.Time == 0 {
		return Until{}, fmt.Errorf("--until-decided needs a budget: games (200000) or time (10m)")
	}
	return u, nil
}

func (u Until) String() string {
	var parts []string
	if u.Games > 0 {
		parts = append(parts, fmt.Sprintf("%d games", u.Games))
	}
	if u.Time > 0 {
		parts = append(parts, u.Time.String())
	}
	return strings.Join(parts, " or ")
}

// Decision summarises an --until-decided run.
type Decision struct {
	Budget  string `json:"budget"`
	Looks   int    `json:"looks"`
	Decided bool   `json:"decided"` // every verdict reported is decided
	// Level is the significance level of each look: the false discovery
	// rate shared out over the looks, so that looking again and again
	// does not make a chance difference more likely to be flagged.
	Level     float64   `json:"level"`
	Undecided []Pending `json:"undecided"`
}

// Pending is a verdict still undecided.
type Pending struct {
	Subject   string `json:"subject"`
	ID        string `json:"id"`
	Where     string `json:"where"`
	Players   int    `json:"players,omitempty"`
	MoreGames int    `json:"more_games"`
}

// Pending lists the report's undecided verdicts (sides and dealt cards),
// most games needed last.
func (r *SimReport) Pending() []Pending {
	out := []Pending{}
	add := func(v *Verdict) {
		if v != nil && v.Verdict == Undecided {
			out = append(out, Pending{Subject: v.Subject, ID: v.ID, Where: v.Where, Players: v.Players, MoreGames: v.MoreGames})
		}
	}
	for i := range r.Verdicts {
		add(&r.Verdicts[i])
	}
	for i := range r.Cards {
		add(r.Cards[i].Peers)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].MoreGames < out[j].MoreGames })
	return out
}

// Play plays a request's games: all at once, or with Until in looks until
// every verdict is decided (Decide). play(from, games) plays games more,
// from index from on, and returns the report of every game so far.
func Play(req SimRequest, play func(from, games int) *SimReport) *SimReport {
	if req.Until == nil {
		return play(0, req.Games)
	}
	return Decide(req, play)
}

// Decide plays a run in looks until every verdict is decided: first the
// request's games, then as many again each look (doubling the total),
// until none is undecided or the budget is spent. play(from, games)
// plays games more, from index from on, and returns the report of every
// game so far. Each look tests at a share of the false discovery rate:
// FDR/K over the K looks a game budget allows, or FDR·6/(π²k²) at look k
// under a time budget alone (the shares add up to at most FDR).
func Decide(req SimRequest, play func(from, games int) *SimReport) *SimReport {
	u := *req.Until
	fdr := req.Balance.Or(DefaultBalance).FDR
	first := req.Games
	looks := 0
	if u.Games > 0 {
		for total := first; ; total *= 2 {
			looks++
			if total >= u.Games {
				break
			}
		}
	}
	start := time.Now()
	done := 0
	var rep *SimReport
	for k := 1; ; k++ {
		level := fdr * 6 / (math.Pi * math.Pi * float64(k*k))
		if looks > 0 {
			level = fdr / float64(looks)
		}
		n := first
		if k > 1 {
			n = done // double the total
		}
		if u.Games > 0 {
			n = min(n, u.Games-done)
		}
		if u.Time > 0 && k > 1 && rep != nil && rep.GamesPerSecond > 0 {
			left := u.Time - time.Since(start)
			n = min(n, int(left.Seconds()*rep.GamesPerSecond))
		}
		if k > 1 && (n <= 0 || n < first/2) {
			break
		}
		if req.Look != nil {
			req.Look(k, n, -1)
		}
		rep = play(done, n)
		done += n
		rep.Balance.Level = level
		rep.Judge()
		pending := rep.Pending()
		rep.Decision = &Decision{Budget: u.String(), Looks: k, Decided: len(pending) == 0, Level: round(level), Undecided: pending}
		if req.Look != nil {
			req.Look(k, n, len(pending))
		}
		if len(pending) == 0 || (u.Games > 0 && done >= u.Games) || (u.Time > 0 && time.Since(start) >= u.Time) || sim.Stopped(req.Stop) {
			break
		}
	}
	return rep
}
