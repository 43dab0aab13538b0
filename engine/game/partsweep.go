package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine/table"
)

// The part of a sweep's shard: `deckwright sim --sweep … --shard K/N
// --json` plays the shard's slice of the games at every value, on the
// same seeds as the whole sweep, and its part carries each value's tally
// and counts on them and the pairs with the current value's games — all
// sums — so that `deckwright merge` adds them up into the report of the
// sweep on one machine (MergeSweep). The part's own tally and counts are
// the current value's; RunDef.Sweep names the sweep, so that parts of
// other sweeps, or of a plain run, are refused.

// PartSweep is a sweep shard's share of the values other than the
// current one, in the order played.
type PartSweep struct {
	Values []PartValue `json:"values"`
}

// PartValue is a sweep shard's run of one value: its tally and counts,
// and its games' pairs with the current value's (for a card, not for its
// Count).
type PartValue struct {
	Value  int             `json:"value"`
	Tally  PartTally       `json:"tally"`
	Counts json.RawMessage `json:"counts"`
	Pairs  *SweepPairs     `json:"pairs,omitempty"`
}

// SweepShardReport is a sweep shard's --json report: the curve of its
// slice of the games with its part beside it ("part").
type SweepShardReport struct {
	*SweepReport
	Part *Part `json:"part"`
}

// SweepSpec is a sweep as a part names it: the number's address and the
// values, a range where they are evenly stepped
// (events.golden-idol.gainGlory=1..5, heroes.ace.combat=1..9/2,
// events.lucky-coin.count=0,1,3). ParseSweep reads it back.
func SweepSpec(target SweepTarget, values []int) string {
	return target.Address + "=" + valuesText(values)
}

// valuesText writes ascending values as ParseSweep reads them: A..B or
// A..B/S when evenly stepped (three or more), else a list.
func valuesText(values []int) string {
	n := len(values)
	if n >= 3 {
		step, even := values[1]-values[0], true
		for i := 2; i < n && even; i++ {
			even = values[i]-values[i-1] == step
		}
		switch {
		case even && step == 1:
			return fmt.Sprintf("%d..%d", values[0], values[n-1])
		case even:
			return fmt.Sprintf("%d..%d/%d", values[0], values[n-1], step)
		}
	}
	words := make([]string, n)
	for i, v := range values {
		words[i] = strconv.Itoa(v)
	}
	return strings.Join(words, ",")
}

// NewSweepPart is the part of the sweep def (def.Sweep set) that the
// report sr of shard k of n covers: sr must be a sweep that finished
// (not partial).
func NewSweepPart(sr *SweepReport, def RunDef, k, n int) (*Part, error) {
	if sr.Partial || len(sr.runs) == 0 || len(sr.runs) != len(sr.Points) {
		return nil, errors.New("a part needs the runs of a sweep that finished")
	}
	p, err := NewPart(sr.runs[0].rep, def, k, n)
	if err != nil {
		return nil, err
	}
	p.GamesPerSecond = sr.GamesPerSecond
	p.Sweep = &PartSweep{Values: []PartValue{}}
	for _, run := range sr.runs[1:] {
		v := PartValue{Value: run.value, Pairs: run.pairs}
		if !run.rep.parts {
			return nil, Optionf("%s keeps counts a part file cannot carry: it plays no shards with --part", sr.Game)
		}
		if v.Tally, v.Counts, err = partTallyOf(run.rep.full); err != nil {
			return nil, err
		}
		p.Sweep.Values = append(p.Sweep.Values, v)
	}
	return p, nil
}

// checkSweep checks a part's values of a sweep against its run: there
// when, and only when, the run is a sweep, each value once, its tally the
// shard's games' and its pairs no more than them.
func (p *Part) checkSweep() error {
	d, s, sw := &p.Run, p.Shard, p.Sweep
	switch {
	case d.Sweep == "" && sw == nil:
		return nil
	case d.Sweep == "":
		return errors.New("sweep: a sweep's values in the part of a run without --sweep")
	case sw == nil:
		return errors.New("sweep: missing: the part of a sweep carries its values' counts")
	}
	if _, err := ParseSweep(d.Sweep); err != nil {
		if s := Clip(d.Sweep); s != d.Sweep {
			return fmt.Errorf("run.sweep: %q: not a sweep", s)
		}
		return fmt.Errorf("run.sweep: %v", err)
	}
	seen := map[int]bool{}
	for i := range sw.Values {
		v := &sw.Values[i]
		where := fmt.Sprintf("sweep.values[%d]", i)
		if seen[v.Value] {
			return fmt.Errorf("%s: value %d twice", where, v.Value)
		}
		seen[v.Value] = true
		if err := checkPartTally(where+".tally", &v.Tally, s, d.From+s.From); err != nil {
			return err
		}
		if v.Pairs == nil {
			continue
		}
		// A pair a game for game length; for wins one a holder, at most
		// a seat a game.
		switch pr := v.Pairs; {
		case pr.Rounds.N < 0 || pr.Rounds.N > int64(s.Games) || pr.Win.N > 8*pr.Rounds.N:
			return fmt.Errorf("%s.pairs: %d pairs of game length and %d of wins, of %d games", where, pr.Rounds.N, pr.Win.N, s.Games)
		}
		if err := checkPaired(where+".pairs.win", v.Pairs.Win, 1); err != nil {
			return err
		}
		if err := checkPaired(where+".pairs.rounds", v.Pairs.Rounds, int64(d.MaxRounds)); err != nil {
			return err
		}
	}
	return nil
}

// MergeSweep adds up the parts of one sweep of module s into the sweep's
// report: the report of the whole sweep on one machine, but for
// GamesPerSecond, the games of every value over the span from the first
// shard's start to the last one's finish. current is the content the
// shards played, target the number the parts' sweep names in it (Resolve)
// and variants the content at each of its values (what the sweep
// compiled). Every shard 1 to N must be there once, each a part of the
// same sweep, else the error names the file and what differs.
func MergeSweep(s Simulator, target SweepTarget, current *table.Tables, variants []SweepVariant, parts []*Part) (*SweepReport, error) {
	if err := CheckParts(parts); err != nil {
		return nil, err
	}
	p0 := parts[0]
	d := p0.Run
	switch {
	case p0.Game != s.ID():
		return nil, fmt.Errorf("%s: a part of %s, not %s", p0.Name, Clip(p0.Game), s.ID())
	case d.Sweep == "":
		return nil, fmt.Errorf("%s: %s, not a sweep", p0.Name, d.Kind())
	}
	swept := make([]int, len(variants))
	for i, v := range variants {
		swept[i] = v.Value
	}
	if spec := SweepSpec(target, swept); d.Sweep != spec {
		return nil, fmt.Errorf("%s: a part of the sweep %s, not %s", p0.Name, Clip(d.Sweep), spec)
	}
	runs := sweepRuns(target, current, variants)
	want := make([]int, len(runs)-1)
	for i, v := range runs[1:] {
		want[i] = v.Value
	}
	for _, p := range parts {
		var got []int
		for _, v := range p.Sweep.Values {
			got = append(got, v.Value)
		}
		if !slices.Equal(got, want) {
			return nil, fmt.Errorf("%s: sweep.values: values %s, but the sweep plays %s beside the current %s", p.Name,
				valuesList(got), valuesList(want), sweepCurrentText(target))
		}
	}
	req := d.Request()
	req.Track = []string{target.ID}
	sr := newSweepReport(s, target, req)
	for i, v := range runs {
		where := ""
		if i > 0 {
			where = target.Label(v.Value) + ": "
		}
		_, rep, err := mergeRun(s, v.Tables, req, parts, where, func(p *Part) (*PartTally, json.RawMessage) {
			if i == 0 {
				return &p.Tally, p.Counts
			}
			return &p.Sweep.Values[i-1].Tally, p.Sweep.Values[i-1].Counts
		})
		if err != nil {
			return nil, err
		}
		var pairs *SweepPairs
		if i > 0 {
			pairs, err = sweepPairs(sr, parts, i-1, target.Label(v.Value))
			if err != nil {
				return nil, err
			}
		}
		sr.add(v.Value, i == 0, rep, pairs)
	}
	sr.GamesPerSecond = math.Round(Throughput(parts) * float64(len(runs)))
	sr.finish()
	return sr, nil
}

// sweepPairs adds up the parts' pairs of the kth value other than the
// current one (label names it): every part has them where the sweep pairs
// its games (a card; not its Count), and none has them elsewhere.
func sweepPairs(sr *SweepReport, parts []*Part, k int, label string) (*SweepPairs, error) {
	wanted := sr.Kind == "card" && !sr.Target.IsCount()
	var sum *SweepPairs
	for _, p := range parts {
		pr := p.Sweep.Values[k].Pairs
		switch {
		case pr == nil && wanted:
			return nil, fmt.Errorf("%s: %s: sweep.values[%d].pairs: missing: the sweep of a card pairs each value's games with the current value's", p.Name, label, k)
		case pr != nil && !wanted:
			return nil, fmt.Errorf("%s: %s: sweep.values[%d].pairs: pairs in a sweep that pairs no games (of a card's Count, or of a row that is not a card)", p.Name, label, k)
		case pr == nil:
			continue
		case sum == nil:
			sum = &SweepPairs{}
		}
		sum.Win.Merge(pr.Win)
		sum.Rounds.Merge(pr.Rounds)
	}
	return sum, nil
}

// valuesList is values as a list for a message.
func valuesList(values []int) string {
	if len(values) == 0 {
		return "none"
	}
	return valuesText(values)
}

// sweepCurrentText names the current value in a message.
func sweepCurrentText(t SweepTarget) string {
	if t.Current == nil {
		return "blank"
	}
	return strconv.Itoa(*t.Current)
}
