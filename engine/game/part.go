package game

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/sim"
	"github.com/deckwright/deckwright/engine/table"
)

// A part is one shard's share of a run (`deckwright sim --shard K/N
// --json` carries it in its report's "part", `--part FILE` writes it
// alone): the request that defines the run, the shard, and all the
// run's report is built from — the harness's tally and the module's
// counts, sums and counts only, never rates — and, for a run with a fixed
// --impact, each card's paired sums on the shard's share of the paired
// games; for a run with --compare, the baseline's tally and counts on the
// shard's games and the games paired. `deckwright merge` checks
// that its parts are the shards of one run and adds them up into the
// report the whole run on one machine gives (MergeParts).

// The part file's format and version: a reader refuses any other.
const (
	PartFormat = "deckwright-sim-part"
	// PartVersion 2 added the parts of --impact and --compare runs; 3
	// the parts of sweeps, and the amounts a card takes away.
	PartVersion = 3
	// MaxPartSize bounds what ReadPart reads: a part of the bundled set
	// with per-card metrics is under 100 KB, a shard's --json report with
	// its part of an --impact all run under 2 MB, a sweep shard's about
	// 0.3 MB a value (16 MB at its 51 values at most).
	MaxPartSize = 64 << 20
)

// Part is one shard of a run, as a part file holds it.
type Part struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Engine is the deckwright build that played it: results depend on its
	// rules and bots, so parts of different builds are not one run.
	Engine  string `json:"engine"`
	Game    string `json:"game"`    // the module's ID
	Content string `json:"content"` // the tables' hash
	// Source is the content as the shard's command named it.
	Source Source    `json:"source"`
	Run    RunDef    `json:"run"`
	Shard  PartShard `json:"shard"`
	// GamesPerSecond is the shard's own throughput, and Started and
	// Finished when its games began and ended (the machine's clock): the
	// figures that differ from machine to machine.
	GamesPerSecond float64   `json:"games_per_second"`
	Started        time.Time `json:"started"`
	Finished       time.Time `json:"finished"`
	Tally          PartTally `json:"tally"`
	// Counts are the module's counts (Game.Counts) as encoding/json writes
	// them; null when the run counted none.
	Counts json.RawMessage `json:"counts"`
	// Impact is the shard's share of a fixed --impact run's paired games;
	// Baseline its share of a --compare run's baseline. Each is there
	// when, and only when, the run has it.
	Impact   *PartImpact   `json:"impact,omitempty"`
	Baseline *PartBaseline `json:"baseline,omitempty"`
	// Sweep is a sweep shard's share of the values other than the current
	// one, whose tally and counts are the part's own (partsweep.go).
	Sweep *PartSweep `json:"sweep,omitempty"`

	// Name is the file the part was read from, for messages.
	Name string `json:"-"`
}

// Source is the content as a command line named it: its paths (none for
// a bundled set) and the game asked for (--game).
type Source struct {
	Paths []string `json:"paths"`
	Game  string   `json:"game,omitempty"`
}

// RunDef is the request that defines a run: what every shard of it must
// share. Games and From are the whole run's, not a shard's.
type RunDef struct {
	Games      int      `json:"games"`
	From       int      `json:"from"`
	Seed       uint64   `json:"seed"`
	Players    int      `json:"players"`
	PlayersMax int      `json:"players_max"`
	MaxRounds  int      `json:"max_rounds"`
	Mode       string   `json:"mode"`
	Policy     string   `json:"policy"`
	Heroes     []string `json:"heroes"`
	Variants   []string `json:"variants"`
	// Options are the game's own options as given (SimRequest.Options).
	Options map[string]string `json:"options"`
	Stats   bool              `json:"stats"`
	Exclude []string          `json:"exclude"`
	Balance Balance           `json:"balance"`
	// Impact is the layer --impact measures (a set ID, or all), paired
	// on the run's first ImpactGames games; Compare the baseline of
	// --compare as the command named it, and FailOn its bounds.
	Impact      string     `json:"impact,omitempty"`
	ImpactGames int        `json:"impact_games,omitempty"`
	Compare     string     `json:"compare,omitempty"`
	FailOn      Thresholds `json:"fail_on,omitempty"`
	// Sweep is the sweep the run plays, as SweepSpec writes it
	// (events.golden-idol.gainGlory=1..5): the same games at every value.
	Sweep string `json:"sweep,omitempty"`
}

// Kind says what a run plays beyond its games: a plain run, or one with
// a fixed --impact or with --compare.
func (d RunDef) Kind() string {
	var with []string
	if d.Impact != "" {
		with = append(with, fmt.Sprintf("--impact %s --impact-games %d", d.Impact, d.ImpactGames))
	}
	if d.Compare != "" {
		with = append(with, "--compare "+d.Compare)
	}
	if d.Sweep != "" {
		with = append(with, "--sweep "+Clip(d.Sweep))
	}
	if len(with) == 0 {
		return "a plain run"
	}
	return "a run with " + strings.Join(with, " ")
}

// PartImpact is a shard's share of a fixed --impact run's paired games:
// the run's first ImpactGames games split as the games are (sim.Shard),
// and each card's paired sums on them, in the run's order of cards.
type PartImpact struct {
	From  int          `json:"from"` // the first one's index, from the run's first
	Games int          `json:"games"`
	Cards []ImpactSums `json:"cards"`
}

// PartBaseline is a shard's share of a --compare run's baseline: the
// baseline build's tally and counts on the shard's games, and the games
// paired with the run's.
type PartBaseline struct {
	Content string          `json:"content"` // the baseline tables' hash
	Tally   PartTally       `json:"tally"`
	Counts  json.RawMessage `json:"counts"`
	Pairs   ComparePairs    `json:"pairs"`
}

// RunOf is the definition of the run req is a shard of: games from index
// from on.
func RunOf(req SimRequest, games, from int) RunDef {
	return RunDef{Games: games, From: from, Seed: req.Seed, Players: req.Players, PlayersMax: req.PlayersMax, MaxRounds: req.MaxRounds,
		Mode: req.Mode, Policy: req.Policy, Heroes: req.Heroes, Variants: sortedVariants(req.Variants),
		Options: maps.Clone(req.Options), Stats: req.Stats, Exclude: req.Exclude, Balance: req.Balance,
		Impact: req.ImpactLayer, ImpactGames: req.ImpactGames}
}

// Request is the request of the whole run.
func (d RunDef) Request() SimRequest {
	return SimRequest{Games: d.Games, From: d.From, Seed: d.Seed, Players: d.Players, PlayersMax: d.PlayersMax, MaxRounds: d.MaxRounds,
		Mode: d.Mode, Policy: d.Policy, Heroes: d.Heroes, Variants: d.Variants,
		Options: maps.Clone(d.Options), Stats: d.Stats, Exclude: d.Exclude, Balance: d.Balance,
		ImpactLayer: d.Impact, ImpactGames: d.ImpactGames, KeepGames: d.Compare != ""}
}

// PartShard is which shard of the run a part is: K of N, and the games it
// played (sim.Shard's slice).
type PartShard struct {
	K     int `json:"k"`
	N     int `json:"n"`
	From  int `json:"from"`  // the first game's index, from the run's first
	Games int `json:"games"` // games played
}

// PartTally is the harness's tally as a part holds it (Tally without the
// module's counts and kept outcomes).
type PartTally struct {
	sim.Tally
	Losses   int           `json:"losses"`
	Prizes   int           `json:"prizes"`
	SideWins int           `json:"side_wins"`
	Failures []PartFailure `json:"failures"`
}

// PartFailure is a game of the shard that stalled or failed.
type PartFailure struct {
	Index   int      `json:"index"`
	Stall   bool     `json:"stall"`
	Seed    uint64   `json:"seed"`
	Round   int      `json:"round"`
	Message string   `json:"message"`
	Card    string   `json:"card,omitempty"`
	InPlay  []string `json:"in_play,omitempty"`
	Stack   string   `json:"stack,omitempty"`
}

// NewPart is the part of the run def that the report r of shard k of n
// covers. r must be the report of a run that finished (not partial).
func NewPart(r *SimReport, def RunDef, k, n int) (*Part, error) {
	t := r.full
	switch {
	case t == nil || r.Partial:
		return nil, errors.New("a part needs the tally of a finished run")
	case !r.parts:
		return nil, Optionf("%s keeps counts a part file cannot carry: it plays no shards with --part", r.Game)
	}
	from, games := sim.Shard(def.Games, k, n)
	p := &Part{Format: PartFormat, Version: PartVersion, Game: r.Game, Run: def, Shard: PartShard{K: k, N: n, From: from, Games: games},
		GamesPerSecond: r.GamesPerSecond}
	var err error
	if p.Tally, p.Counts, err = partTallyOf(t); err != nil {
		return nil, err
	}
	switch {
	case def.Impact == "":
	case def.ImpactGames < 1 || r.impact == nil:
		return nil, errors.New("a part of an --impact run needs its paired sums: a fixed allocation (--impact-games) that finished")
	default:
		from, games := sim.Shard(def.ImpactGames, k, n)
		p.Impact = &PartImpact{From: from, Games: games, Cards: r.impact}
	}
	if def.Compare != "" {
		c := r.Comparison
		if c == nil || c.base == nil || c.base.full == nil {
			return nil, errors.New("a part of a --compare run needs the baseline's run")
		}
		if !c.base.parts {
			return nil, Optionf("%s keeps counts a part file cannot carry: it plays no shards with --part", r.Game)
		}
		b := &PartBaseline{Pairs: c.pairs}
		if b.Tally, b.Counts, err = partTallyOf(c.base.full); err != nil {
			return nil, err
		}
		p.Baseline = b
	}
	return p, nil
}

// partTallyOf is a run's tally as a part holds it: the generic tally and
// the module's counts as JSON.
func partTallyOf(t *Tally) (PartTally, json.RawMessage, error) {
	pt := PartTally{Tally: t.Tally, Losses: t.Losses, Prizes: t.Prizes, SideWins: t.SideWins, Failures: []PartFailure{}}
	for _, f := range t.Failures {
		pt.Failures = append(pt.Failures, PartFailure{Index: f.Index, Stall: f.Stall, Seed: f.Seed, Round: f.Round,
			Message: f.Message, Card: f.Card, InPlay: f.InPlay, Stack: f.Stack})
	}
	counts, err := json.Marshal(t.Counts)
	return pt, counts, err
}

// ShardReport is a shard's sim --json report: the report of its slice of
// the run with the shard's part beside it ("part"), so that the report a
// shard prints is all deckwright merge needs of it.
type ShardReport struct {
	*SimReport
	Part *Part `json:"part"`
}

// ReadPart reads a part file, or a shard's --json report and the part it
// carries (name is for messages): at most MaxPartSize bytes of JSON, a
// part of this format and version, and nothing else. What only the run
// can check (the module's counts, sides, lengths) MergeParts checks.
func ReadPart(r io.Reader, name string) (*Part, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPartSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > MaxPartSize {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a part file or a shard's report", name, MaxPartSize>>20)
	}
	p, err := readPart(unmarked(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	p.Name = name
	return p, nil
}

// unmarked is a file's text without a byte-order mark, as UTF-8: a part
// or report saved through Windows tools (Notepad's UTF-8 with a mark;
// UTF-16, which Windows PowerShell 5's > writes) reads as the file
// deckwright wrote. Anything else is returned as it is.
func unmarked(data []byte) []byte {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return data[3:]
	case len(data) >= 2 && len(data)%2 == 0 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF):
		order := binary.ByteOrder(binary.LittleEndian)
		if data[0] == 0xFE {
			order = binary.BigEndian
		}
		units := make([]uint16, 0, len(data)/2-1)
		for i := 2; i < len(data); i += 2 {
			units = append(units, order.Uint16(data[i:]))
		}
		return []byte(string(utf16.Decode(units)))
	}
	return data
}

// readPart reads a part file's data, or a shard's report's and the part
// in it.
func readPart(data []byte) (*Part, error) {
	var head struct {
		Format         string          `json:"format"`
		Part           json.RawMessage `json:"part"`
		Partial        json.RawMessage `json:"partial"`
		Games          json.RawMessage `json:"games"`
		GamesRequested json.RawMessage `json:"games_requested"`
		GamesPerSecond json.RawMessage `json:"games_per_second"`
		Points         json.RawMessage `json:"points"` // a sweep's
	}
	err := json.Unmarshal(data, &head)
	var se *json.SyntaxError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		// sim --shard K/N --json > FILE that failed, or was stopped,
		// before its report.
		return nil, errors.New("empty: its shard wrote no report (did it fail, or was it stopped? play it again)")
	case errors.As(err, &se) && bytes.Contains(data[:min(len(data), 100)], []byte(`"`+PartFormat+`"`)):
		return nil, syntaxError(se, "the part")
	case errors.As(err, &se) && isReport(data):
		return nil, syntaxError(se, "the shard's report")
	case err != nil || head.Format == PartFormat:
		// Not JSON, or a part file (decodePart words what is wrong).
		return decodePart(data, false)
	case len(head.Part) > 0 && string(head.Part) != "null":
		return decodePart(head.Part, true)
	case head.GamesPerSecond == nil && !isReport(data):
		return decodePart(data, false)
	case string(head.Partial) == "true" && head.Points != nil:
		return nil, errors.New("the report of an interrupted sweep, which carries no part: play the shard again")
	case string(head.Partial) == "true":
		return nil, fmt.Errorf("the report of an interrupted run (%s of %s games), which carries no part: play the shard again", head.Games, head.GamesRequested)
	case head.Points != nil:
		return nil, errors.New("the report of a whole sweep, not a shard's: its counts cannot be merged; play shards with deckwright sim --sweep … --shard K/N --json (or --part FILE)")
	}
	return nil, errors.New("a sim report of a whole run, not a shard's: its counts cannot be merged; play shards with deckwright sim --shard K/N --json (or --part FILE)")
}

// isReport says whether data begins as a sim --json report does: an
// object whose first key is "game" (a part's is "format"). A report cut
// short after it still is one.
func isReport(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data[:min(len(data), 64)]))
	for _, want := range []any{json.Delim('{'), "game"} {
		if tok, err := dec.Token(); err != nil || tok != want {
			return false
		}
	}
	return true
}

// syntaxError words a JSON syntax error in what for a person: a file cut
// short (a shard stopped while writing) or damaged at a byte.
func syntaxError(se *json.SyntaxError, what string) error {
	if se.Error() == "unexpected end of JSON input" {
		return fmt.Errorf("cut short: the file ends inside %s (was its shard stopped while writing?)", what)
	}
	return fmt.Errorf("damaged: %v (at byte %d)", se, se.Offset)
}

// decodePart decodes a part: a file's, or the one a shard's report
// carries (embedded).
func decodePart(data []byte, embedded bool) (*Part, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
		Engine  string `json:"engine"`
		// When it was played, read apart so that a bad time is named.
		Started  json.RawMessage `json:"started"`
		Finished json.RawMessage `json:"finished"`
	}
	err := json.Unmarshal(data, &head)
	switch {
	case (err != nil || head.Format != PartFormat) && embedded:
		return nil, errors.New(`its "part" is not a part of deckwright sim --shard K/N --json`)
	case err != nil || head.Format != PartFormat:
		return nil, errors.New("not a part file or a shard's report (deckwright sim --shard K/N --json, or --part FILE, writes them)")
	case head.Version != PartVersion:
		by := ""
		if head.Engine != "" {
			by = ", " + Clip(head.Engine)
		}
		return nil, fmt.Errorf("part version %d; this deckwright reads version %d: merge with the deckwright that played it%s", head.Version, PartVersion, by)
	}
	for _, at := range []struct {
		name string
		raw  json.RawMessage
	}{{"started", head.Started}, {"finished", head.Finished}} {
		var t time.Time
		if len(at.raw) > 0 && json.Unmarshal(at.raw, &t) != nil {
			return nil, fmt.Errorf("%s: %s is not a time (RFC 3339, as sim writes it)", at.name, Clip(string(at.raw)))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	p := &Part{}
	if err := dec.Decode(p); err != nil {
		return nil, jsonError(err, reflect.TypeOf(p))
	}
	if dec.More() {
		return nil, errors.New("more after the part's JSON object")
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

// jsonError words a decoder's error for a person reading a part into
// a value of type root.
func jsonError(err error, root reflect.Type) error {
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		ute.Field = fieldPath(root, ute.Field)
		switch ute.Type.Kind() {
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return fmt.Errorf("%s: %s, not a count (a whole number from 0 to %d)", ute.Field, ute.Value, ^uint64(0)>>(64-ute.Type.Bits()))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return fmt.Errorf("%s: %s, not a whole number of %d bits", ute.Field, ute.Value, ute.Type.Bits())
		case reflect.Array:
			return fmt.Errorf("%s: %s where a list of %d belongs", ute.Field, ute.Value, ute.Type.Len())
		case reflect.Slice:
			return fmt.Errorf("%s: %s where a list belongs", ute.Field, ute.Value)
		case reflect.Struct, reflect.Map:
			return fmt.Errorf("%s: %s where an object belongs", ute.Field, ute.Value)
		}
		return fmt.Errorf("%s: %s where a %s belongs", ute.Field, ute.Value, ute.Type)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		if name, err := strconv.Unquote(f); err == nil {
			return fmt.Errorf("unknown field %q", Clip(name))
		}
	}
	return errors.New(Clip(msg))
}

// clipAt is the most of a part's text a message repeats: a hand-edited
// part may hold a string of any length.
const clipAt = 80

// Clip is s as a message quotes text from a file: s, or its first clipAt
// characters and "…".
func Clip(s string) string {
	if utf8.RuneCountInString(s) <= clipAt {
		return s
	}
	r := []rune(s)
	return string(r[:clipAt]) + "…"
}

// fieldPath is a decoder's path to a field (Stats.Cards.CardCounts.Drawn)
// as the JSON names it: without the structs embedded along the way.
func fieldPath(t reflect.Type, path string) string {
	var out []string
	for _, name := range strings.Split(path, ".") {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			out = append(out, name)
			continue
		}
		f, ok := t.FieldByName(name)
		if !ok {
			f, ok = fieldByJSONName(t, name)
		}
		if ok {
			t = f.Type
			if f.Anonymous {
				continue
			}
		}
		out = append(out, name)
	}
	return strings.Join(out, ".")
}

// jsonName is a field's name in JSON.
func jsonName(f reflect.StructField) string {
	if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != "" {
		return tag
	}
	return f.Name
}

func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	return t.FieldByNameFunc(func(n string) bool {
		f, _ := t.FieldByName(n)
		return jsonName(f) == name
	})
}

// check checks what a part says of itself: its shard is a slice of its
// run, and its tally counts that slice's games and no negative number.
func (p *Part) check() error {
	d, s, t := &p.Run, p.Shard, &p.Tally
	switch {
	case p.Game == "" || p.Content == "":
		return errors.New("no game or content hash")
	case d.Games < 1 || d.From < 0 || d.Players < 1 || d.PlayersMax < 0 || d.MaxRounds < 1:
		return fmt.Errorf("run of %d games from %d, %d–%d players, %d rounds: not a run", d.Games, d.From, d.Players, d.PlayersMax, d.MaxRounds)
	case !(d.Balance.Band >= 0 && d.Balance.Band < 0.5 && d.Balance.FDR >= 0 && d.Balance.FDR <= 0.5 && d.Balance.Level >= 0 && d.Balance.Level <= 0.5):
		return fmt.Errorf("balance: band %g, FDR %g, level %g: not what deckwright sim accepts", d.Balance.Band, d.Balance.FDR, d.Balance.Level)
	case s.N < 1 || s.K < 1 || s.K > s.N || s.N > d.Games:
		return fmt.Errorf("shard %d/%d of %d games: not a shard", s.K, s.N, d.Games)
	}
	if p.Finished.Before(p.Started) {
		return fmt.Errorf("finished at %s, before it started at %s", p.Finished.Format(time.RFC3339), p.Started.Format(time.RFC3339))
	}
	if from, games := sim.Shard(d.Games, s.K, s.N); s.From != from || s.Games != games {
		return fmt.Errorf("shard %d/%d of %d games plays games %d to %d, not %d to %d", s.K, s.N, d.Games, from, from+games-1, s.From, s.From+s.Games-1)
	}
	if err := checkPartTally("tally", t, s, d.From+s.From); err != nil {
		return err
	}
	if err := p.checkImpact(); err != nil {
		return err
	}
	if err := p.checkSweep(); err != nil {
		return err
	}
	return p.checkBaseline()
}

// checkPartTally checks a tally of shard s (where names it) that begins
// at game first: it counts the shard's games, each ended once, its
// failures listed, and no negative number.
func checkPartTally(where string, t *PartTally, s PartShard, first int) error {
	if err := nonNegative(where, reflect.ValueOf(t).Elem(), reflect.Value{}, 0); err != nil {
		return err
	}
	if t.Games != s.Games {
		return fmt.Errorf("%s: %d games, but shard %d/%d plays %d", where, t.Games, s.K, s.N, s.Games)
	}
	ended := 0
	for _, n := range t.Ends {
		ended += n
	}
	if ended != t.Games {
		return fmt.Errorf("%s: %d games ended, of %d played", where, ended, t.Games)
	}
	if n := t.Ends["stall"] + t.Ends["error"]; len(t.Failures) != n {
		return fmt.Errorf("%s: %d failures listed, %d counted", where, len(t.Failures), n)
	}
	if n := t.Rounds.N(); n != int64(t.Games-len(t.Failures)) {
		return fmt.Errorf("%s: %d game lengths, of %d games finished", where, n, t.Games-len(t.Failures))
	}
	for _, f := range t.Failures {
		if f.Index < first || f.Index >= first+s.Games {
			return fmt.Errorf("%s: failure of game %d, not one of the shard's %d to %d", where, f.Index, first, first+s.Games-1)
		}
	}
	return nil
}

// checkImpact checks a part's paired sums of --impact against its run:
// there when the run has a fixed --impact, its share of the paired games
// sim.Shard's, and each card's sums such as pairs give — no more pairs
// than games, differences no larger than a game's.
func (p *Part) checkImpact() error {
	d, s, im := &p.Run, p.Shard, p.Impact
	switch {
	case d.Impact == "" && im == nil:
		return nil
	case d.Impact == "":
		return errors.New("impact: paired sums in the part of a run without --impact")
	case d.ImpactGames < 1 || d.ImpactGames > d.Games:
		return fmt.Errorf("run: --impact-games %d of a run of %d games: adaptive --impact is not sharded, and a fixed one pairs 1 to --games games", d.ImpactGames, d.Games)
	case im == nil:
		return errors.New("impact: missing: the part of an --impact run carries its paired sums")
	}
	if from, games := sim.Shard(d.ImpactGames, s.K, s.N); im.From != from || im.Games != games {
		return fmt.Errorf("impact: shard %d/%d of %d paired games pairs games %d to %d, not %d to %d", s.K, s.N, d.ImpactGames, from, from+games-1, im.From, im.From+im.Games-1)
	}
	for i, c := range im.Cards {
		where := fmt.Sprintf("impact.cards[%d]", i)
		switch {
		case c.Played < 0 || c.Played > im.Games:
			return fmt.Errorf("%s: drawn in %d of %d games paired", where, c.Played, im.Games)
		case c.Rounds.N > int64(c.Played) || c.Win.N > 8*int64(c.Played):
			return fmt.Errorf("%s: %d pairs of game length and %d of wins, of %d games drawn in", where, c.Rounds.N, c.Win.N, c.Played)
		}
		if err := checkPaired(where+".win", c.Win, 1); err != nil {
			return err
		}
		if err := checkPaired(where+".rounds", c.Rounds, int64(d.MaxRounds)); err != nil {
			return err
		}
	}
	return nil
}

// checkBaseline checks a part's share of a --compare baseline: there
// when the run has --compare, its tally the shard's games', its pairs
// no more than them.
func (p *Part) checkBaseline() error {
	d, s, b := &p.Run, p.Shard, p.Baseline
	switch {
	case d.Compare == "" && b == nil:
		return nil
	case d.Compare == "":
		return errors.New("baseline: a baseline's counts in the part of a run without --compare")
	case b == nil:
		return errors.New("baseline: missing: the part of a --compare run carries its baseline's counts")
	case b.Content == "":
		return errors.New("baseline: no content hash")
	}
	if err := checkPartTally("baseline.tally", &b.Tally, s, d.From+s.From); err != nil {
		return err
	}
	pr := &b.Pairs
	switch {
	case pr.Rounds.N < 0 || pr.Rounds.N > int64(s.Games) || pr.Wins.N != pr.Rounds.N:
		return fmt.Errorf("baseline.pairs: %d pairs of game length and %d of wins, of %d games", pr.Rounds.N, pr.Wins.N, s.Games)
	case pr.BaseWins < 0 || pr.CurWins < 0 || int64(pr.BaseWins) > pr.Wins.N || int64(pr.CurWins) > pr.Wins.N:
		return fmt.Errorf("baseline.pairs: %d and %d wins of %d games paired", pr.BaseWins, pr.CurWins, pr.Wins.N)
	}
	if err := checkPaired("baseline.pairs.wins", pr.Wins, 1); err != nil {
		return err
	}
	return checkPaired("baseline.pairs.rounds", pr.Rounds, int64(d.MaxRounds))
}

// checkPaired checks paired sums of differences of at most most either
// way: a count not negative, and sums that such differences give (so
// that adding up parts cannot overflow either).
func checkPaired(where string, p sim.Paired, most int64) error {
	switch {
	case p.N < 0:
		return fmt.Errorf("%s: %d pairs", where, p.N)
	case p.Sum > p.SumSq || -p.Sum > p.SumSq || p.SumSq/most/most > p.N:
		return fmt.Errorf("%s: sum %d and sum of squares %d of %d differences of at most %d: not sums of differences", where, p.Sum, p.SumSq, p.N, most)
	}
	return nil
}

// MergeParts adds up the parts of one run of module s on content t into
// the run's report: the report the whole run gives, but for
// GamesPerSecond: the run's games over the span from the first shard's
// start to the last one's finish (Throughput). Every shard 1 to N must be
// there once, each a part of the same run (request, content, engine),
// else the error names the file and what differs. A run with --compare
// needs the baseline's content, base (else nil).
func MergeParts(s Simulator, t, base *table.Tables, parts []*Part) (*SimReport, error) {
	if err := CheckParts(parts); err != nil {
		return nil, err
	}
	p0 := parts[0]
	if p0.Game != s.ID() {
		return nil, fmt.Errorf("%s: a part of %s, not %s", p0.Name, Clip(p0.Game), s.ID())
	}
	d := p0.Run
	if d.Sweep != "" {
		return nil, fmt.Errorf("%s: a part of a sweep (--sweep %s): its values merge into the sweep's report (MergeSweep)", p0.Name, Clip(d.Sweep))
	}
	h, rep, err := mergeRun(s, t, d.Request(), parts, "", func(p *Part) (*PartTally, json.RawMessage) { return &p.Tally, p.Counts })
	if err != nil {
		return nil, err
	}
	if d.Impact != "" {
		if err := h.mergeImpact(rep, parts); err != nil {
			return nil, err
		}
	}
	if d.Compare != "" {
		if base == nil {
			return nil, fmt.Errorf("%s: a part of a run with --compare %s: the merge needs the baseline's content", p0.Name, d.Compare)
		}
		breq := d.Request()
		breq.ImpactLayer, breq.ImpactGames = "", 0
		var brep *SimReport
		if _, brep, err = mergeRun(s, base, breq, parts, "baseline: ", func(p *Part) (*PartTally, json.RawMessage) {
			return &p.Baseline.Tally, p.Baseline.Counts
		}); err != nil {
			return nil, err
		}
		var pairs ComparePairs
		for _, p := range parts {
			pairs.merge(&p.Baseline.Pairs)
		}
		rep.Comparison = CompareWith(d.Compare, brep, rep, Changes(base, t), d.FailOn, pairs)
	}
	rep.GamesPerSecond = Throughput(parts)
	return rep, nil
}

// mergeRun adds up one run's tallies of the parts (tally picks which: the
// run's own, or its baseline's) of a run of req on t into its report.
// Errors name the part's file, and then what (where: "baseline: ").
func mergeRun(s Simulator, t *table.Tables, req SimRequest, parts []*Part, where string, tally func(*Part) (*PartTally, json.RawMessage)) (*harness, *SimReport, error) {
	p0 := parts[0]
	spec := s.SimSpec()
	if err := spec.Check(s.Title(), &req); err != nil {
		return nil, nil, fmt.Errorf("%s: %s%v", p0.Name, where, err)
	}
	run, err := s.Prepare(t, req)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %s%v", p0.Name, where, err)
	}
	h := &harness{id: s.ID(), spec: spec, run: run, req: req, tables: t}
	if err := h.deal(); err != nil {
		return nil, nil, fmt.Errorf("%s: %s%v", p0.Name, where, err)
	}
	cfg := GameConfig{Stats: req.Stats, Exclude: h.exclude}
	template := run.NewGame(cfg).Counts()
	if template != nil && !run.Parts {
		return nil, nil, fmt.Errorf("%s keeps counts a part file cannot carry: its parts cannot be merged", s.Title())
	}
	total := newTally(h.seats())
	for _, p := range parts {
		pt, counts := tally(p)
		t, err := h.partTally(pt, counts, func() Counts { return run.NewGame(cfg).Counts() }, template)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %s%v", p.Name, where, err)
		}
		total.merge(t)
	}
	sort.Slice(total.Failures, func(i, j int) bool { return total.Failures[i].Index < total.Failures[j].Index })
	return h, h.report(total, sim.Stats{Games: total.Games}), nil
}

// mergeImpact adds up the parts' paired sums of a fixed --impact run, card
// by card (each part's cards must be the run's, in its order), into
// rep's impacts, as the whole run measures them.
func (h *harness) mergeImpact(rep *SimReport, parts []*Part) error {
	targets, err := h.impactTargets(h.req.ImpactLayer)
	if err != nil {
		return fmt.Errorf("%s: %v", parts[0].Name, err)
	}
	ids := h.cardIDs(targets)
	sums := make([]ImpactSums, len(ids))
	for i, id := range ids {
		sums[i].Card = id
	}
	for _, p := range parts {
		cards := p.Impact.Cards
		if len(cards) != len(ids) {
			return fmt.Errorf("%s: impact.cards: %d cards, the run measures %d", p.Name, len(cards), len(ids))
		}
		for i := range cards {
			if cards[i].Card != ids[i] {
				return fmt.Errorf("%s: impact.cards[%d]: %q, where the run measures %q", p.Name, i, Clip(cards[i].Card), ids[i])
			}
			sums[i].merge(&cards[i])
		}
	}
	rep.fixedImpact(ids, h.req.ImpactGames, sums)
	return nil
}

// Throughput is the games of parts over the span from the first one's
// start to the last one's finish: what the machines that played them
// delivered together, queueing and all, as far as their clocks agree; 0
// when a part does not say when it was played.
func Throughput(parts []*Part) float64 {
	var first, last time.Time
	games := 0
	for i, p := range parts {
		if p.Started.IsZero() || p.Finished.IsZero() {
			return 0
		}
		if i == 0 || p.Started.Before(first) {
			first = p.Started
		}
		if i == 0 || p.Finished.After(last) {
			last = p.Finished
		}
		games += p.Shard.Games
	}
	span := last.Sub(first).Seconds()
	if span <= 0 {
		return 0
	}
	return float64(games) / span
}

// CheckParts checks that parts are the shards of one run, each once, and
// sorts them by shard.
func CheckParts(parts []*Part) error {
	if len(parts) == 0 {
		return errors.New("no parts to merge")
	}
	p0 := parts[0]
	for _, p := range parts[1:] {
		if err := sameRun(p0, p); err != nil {
			return fmt.Errorf("%s: not a shard of the run of %s: %v", p.Name, p0.Name, err)
		}
	}
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].Shard.K < parts[j].Shard.K })
	n := p0.Shard.N
	var missing []string
	k := 1
	for i, p := range parts {
		if i > 0 && p.Shard.K == parts[i-1].Shard.K {
			return fmt.Errorf("%s and %s are both shard %d/%d", parts[i-1].Name, p.Name, p.Shard.K, n)
		}
		for ; k < p.Shard.K; k++ {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
		k = p.Shard.K + 1
	}
	for ; k <= n; k++ {
		missing = append(missing, fmt.Sprintf("%d/%d", k, n))
	}
	switch {
	case len(missing) == 1:
		return fmt.Errorf("shard %s is missing (%d of %d parts given)", missing[0], len(parts), n)
	case len(missing) > 1:
		if len(missing) > 10 {
			missing = append(missing[:10], "…")
		}
		return fmt.Errorf("shards %s are missing (%d of %d parts given)", strings.Join(missing, ", "), len(parts), n)
	}
	return nil
}

// sameRun says how part p is not of the same run as p0, or nil.
func sameRun(p0, p *Part) error {
	switch {
	case p.Game != p0.Game:
		return fmt.Errorf("game %s, not %s", Clip(p.Game), Clip(p0.Game))
	case p.Content != p0.Content:
		return fmt.Errorf("content %s, not %s (the shards played different workbooks)", Clip(p.Content), Clip(p0.Content))
	case p.Engine != p0.Engine:
		return fmt.Errorf("played by deckwright %s, not %s", Clip(p.Engine), Clip(p0.Engine))
	case p.Shard.N != p0.Shard.N:
		return fmt.Errorf("shard %d/%d, of %d shards, not %d", p.Shard.K, p.Shard.N, p.Shard.N, p0.Shard.N)
	case p.Run.Kind() != p0.Run.Kind():
		return fmt.Errorf("%s, not %s", p.Run.Kind(), p0.Run.Kind())
	case p.Baseline != nil && p0.Baseline != nil && p.Baseline.Content != p0.Baseline.Content:
		return fmt.Errorf("baseline content %s, not %s (the shards compared with different baselines)", Clip(p.Baseline.Content), Clip(p0.Baseline.Content))
	}
	a, b := reflect.ValueOf(p0.Run), reflect.ValueOf(p.Run)
	for i := range a.NumField() {
		x, y := a.Field(i).Interface(), b.Field(i).Interface()
		if !reflect.DeepEqual(x, y) && !(isEmpty(a.Field(i)) && isEmpty(b.Field(i))) {
			name, _, _ := strings.Cut(a.Type().Field(i).Tag.Get("json"), ",")
			return fmt.Errorf("%s, not %s", asFlags(name, y), asFlags(name, x))
		}
	}
	return nil
}

// isEmpty is a nil or empty list or map: the same request either way.
func isEmpty(v reflect.Value) bool {
	return (v.Kind() == reflect.Slice || v.Kind() == reflect.Map) && v.Len() == 0
}

// asFlags words a field of a run's definition as the flags that set it
// (what the person merging typed), or as JSON for a field with none.
func asFlags(name string, v any) string {
	switch x := v.(type) {
	case int:
		if name == "players_max" && x == 0 {
			return "one player count"
		}
		flag := map[string]string{"games": "--games", "from": "--from", "players": "--players", "players_max": "--players up to", "max_rounds": "--max-rounds"}[name]
		if flag != "" {
			return fmt.Sprintf("%s %d", flag, x)
		}
	case uint64:
		return fmt.Sprintf("--seed %d", x)
	case string:
		if x == "" {
			x = "its default"
		}
		return fmt.Sprintf("--%s %s", name, x)
	case bool:
		if name == "stats" {
			return map[bool]string{true: "with per-card metrics", false: "without per-card metrics"}[x]
		}
	case []string:
		words := map[string][2]string{"heroes": {"--heroes ", "random heroes"}, "variants": {"--variant ", "no --variant"}, "exclude": {"excluding ", "excluding no card"}}[name]
		switch {
		case words[0] == "":
		case len(x) == 0:
			return words[1]
		case name == "variants":
			return "--variant " + strings.Join(x, " --variant ")
		default:
			return words[0] + strings.Join(x, ",")
		}
	case map[string]string:
		if len(x) == 0 {
			return "no game option"
		}
		var out []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = append(out, "--"+k+" "+x[k])
		}
		return strings.Join(out, " ")
	case Balance:
		return fmt.Sprintf("--band %g --fdr %g", x.Band, x.FDR)
	case Thresholds:
		var out []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = append(out, fmt.Sprintf("%s=%g", k, x[k]))
		}
		if len(out) == 0 {
			return "no --fail-on"
		}
		return "--fail-on " + strings.Join(out, ",")
	}
	return name + " " + show(v)
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// partTally is a part's tally pt with its module counts read into a fresh
// counts value (fresh), checked against the run: its sides, policies,
// player counts and seats, and the counts' shape against template.
func (h *harness) partTally(pt *PartTally, counts json.RawMessage, fresh func() Counts, template Counts) (*Tally, error) {
	if err := h.checkTally(&pt.Tally); err != nil {
		return nil, err
	}
	if err := checkSums(&pt.Tally, pt.Games-len(pt.Failures)); err != nil {
		return nil, err
	}
	t := &Tally{Tally: pt.Tally, Losses: pt.Losses, Prizes: pt.Prizes, SideWins: pt.SideWins}
	for _, f := range pt.Failures {
		t.Failures = append(t.Failures, Failed{Index: f.Index, Failure: &Failure{Stall: f.Stall, Seed: f.Seed, Round: f.Round,
			Message: f.Message, Card: f.Card, InPlay: f.InPlay, Stack: f.Stack}})
	}
	sg := ShardGames{Games: pt.Games, Finished: pt.Games - len(pt.Failures), Tables: map[int]int{}, MaxRounds: h.req.MaxRounds, Seats: h.seats()}
	for n, tb := range pt.Tables {
		sg.Tables[n] = tb.Games.Played
	}
	c, err := readCounts(counts, fresh, template, len(h.run.Sides), sg)
	if err != nil {
		return nil, err
	}
	t.Counts = c
	return t, nil
}

// checkTally checks a part's generic tally against the run: the sides,
// policies and player counts it names are the run's, and every list
// has the length the merge and the report index it by.
func (h *harness) checkTally(t *sim.Tally) error {
	sides := map[string]bool{}
	for _, s := range h.run.Sides {
		sides[s.ID] = true
	}
	if err := knownCounts("tally.sides", t.Sides, sides); err != nil {
		return err
	}
	policies := map[string]bool{}
	for _, p := range h.spec.Policies {
		policies[p.Name] = true
	}
	if err := knownCounts("tally.policies", t.Policies, policies); err != nil {
		return err
	}
	if len(t.Seats) != h.seats() {
		return fmt.Errorf("tally.seats: %d seats, the run has %d", len(t.Seats), h.seats())
	}
	if err := wonOfPlayed("tally.seats", t.Seats); err != nil {
		return err
	}
	lo, hi := h.req.Players, max(h.req.Players, h.req.PlayersMax)
	for n, tb := range t.Tables {
		where := fmt.Sprintf("tally.tables.%d", n)
		switch {
		case n < lo || n > hi:
			return fmt.Errorf("%s: games of %d players in a run of %d to %d", where, n, lo, hi)
		case tb == nil:
			return fmt.Errorf("%s: null", where)
		case tb.Games.Won > tb.Games.Played:
			return fmt.Errorf("%s.games: %d won of %d played", where, tb.Games.Won, tb.Games.Played)
		case len(tb.Seats) != n:
			return fmt.Errorf("%s.seats: %d seats at a table of %d", where, len(tb.Seats), n)
		}
		if err := knownCounts(where+".sides", tb.Sides, sides); err != nil {
			return err
		}
		if err := wonOfPlayed(where+".seats", tb.Seats); err != nil {
			return err
		}
		for key, l := range tb.Lineups {
			if err := checkLineup(where+".lineups", key, l, n, sides); err != nil {
				return err
			}
		}
	}
	return nil
}

func knownCounts(where string, m map[string]sim.Count, known map[string]bool) error {
	for _, id := range slices.Sorted(maps.Keys(m)) {
		if !known[id] {
			return fmt.Errorf("%s: %q is not one of the run's", where, Clip(id))
		}
		if c := m[id]; c.Won > c.Played {
			return fmt.Errorf("%s.%s: %d won of %d played", where, id, c.Won, c.Played)
		}
	}
	return nil
}

func wonOfPlayed(where string, cs []sim.Count) error {
	for i, c := range cs {
		if c.Won > c.Played {
			return fmt.Errorf("%s[%d]: %d won of %d played", where, i, c.Won, c.Played)
		}
	}
	return nil
}

// checkLineup checks a lineup of a table of n: n known sides, sorted,
// keyed as sim.Tally keys them, with a count a seat.
func checkLineup(where, key string, l *sim.Lineup, n int, sides map[string]bool) error {
	switch {
	case l == nil:
		return fmt.Errorf("%s: %q is null", where, Clip(key))
	case len(l.Sides) != n || len(l.Wins) != n || len(l.SingleWins) != n:
		return fmt.Errorf("%s: %q has %d sides, %d wins and %d single wins at a table of %d", where, Clip(key), len(l.Sides), len(l.Wins), len(l.SingleWins), n)
	case strings.Join(l.Sides, "\x00") != key || !slices.IsSorted(l.Sides):
		return fmt.Errorf("%s: %q is not the key of its sides %q, sorted", where, Clip(key), l.Sides)
	case l.Won > l.Games || l.Single > l.Games:
		return fmt.Errorf("%s: %q: %d won and %d won alone of %d games", where, Clip(key), l.Won, l.Single, l.Games)
	}
	for _, s := range l.Sides {
		if !sides[s] {
			return fmt.Errorf("%s: %q is not one of the run's", where, Clip(s))
		}
	}
	return nil
}

// readCounts reads a module's counts from a part into fresh() (what a
// worker of the run starts with), then checks them against template, the
// same: every list as long (a card's counts a card), every map and
// pointer there, every count not negative (but for fields tagged
// `part:"signed"`), and a card's counts by side one a side (of sides);
// then every field there, not left as fresh() had it, and the counts
// such as the shard's games could give (CountsChecker).
func readCounts(data json.RawMessage, fresh func() Counts, template Counts, sides int, shard ShardGames) (Counts, error) {
	if template == nil {
		if len(data) > 0 && string(data) != "null" {
			return nil, errors.New("counts: module counts, but the run counts none")
		}
		return nil, nil
	}
	if len(data) == 0 || string(data) == "null" {
		return nil, errors.New("counts: missing")
	}
	c := fresh()
	// Decode through a pointer to a copy of the value: a module's counts
	// may be a struct value (holding pointers) or a pointer.
	v := reflect.New(reflect.TypeOf(c))
	v.Elem().Set(reflect.ValueOf(c))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v.Interface()); err != nil {
		return nil, fmt.Errorf("counts: %v", jsonError(err, v.Type()))
	}
	if err := arrayLengths(json.NewDecoder(bytes.NewReader(data)), v.Type(), &fieldTypes{}); err != nil {
		return nil, fmt.Errorf("counts%v", err)
	}
	if err := nonNegative("counts", v.Elem(), reflect.ValueOf(template), sides); err != nil {
		return nil, err
	}
	if err := required(data, v.Type(), &fieldTypes{}); err != nil {
		return nil, fmt.Errorf("counts%v", err)
	}
	c = v.Elem().Interface().(Counts)
	if cc, ok := c.(CountsChecker); ok {
		if err := cc.CheckCounts(shard); err != nil {
			return nil, fmt.Errorf("counts.%v", err)
		}
	}
	return c, nil
}

// arrayLengths reads JSON that decoded into a value of type t and checks
// what the decoder lets pass: a list read into a Go array of fixed length
// (a count a rule) must be as long, where the decoder drops the rest or
// fills in zeros. A value with no such array in its type is skipped whole.
// The error's path is built on the way back, so reading allocates little.
func arrayLengths(dec *json.Decoder, t reflect.Type, fields *fieldTypes) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if !fields.hasArray(t) {
		var skip json.RawMessage
		return dec.Decode(&skip)
	}
	if t.Kind() == reflect.Array && !fields.hasArray(t.Elem()) {
		var list []json.RawMessage
		if err := dec.Decode(&list); err != nil || list == nil {
			return err
		}
		if len(list) != t.Len() {
			return fmt.Errorf(": %d entries, the run has %d", len(list), t.Len())
		}
		return nil
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('['):
		n := 0
		for ; dec.More(); n++ {
			if err := arrayLengths(dec, t.Elem(), fields); err != nil {
				return fmt.Errorf("[%d]%w", n, err)
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		if t.Kind() == reflect.Array && n != t.Len() {
			return fmt.Errorf(": %d entries, the run has %d", n, t.Len())
		}
	case json.Delim('{'):
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return err
			}
			name, _ := key.(string)
			var ft reflect.Type
			switch t.Kind() {
			case reflect.Map:
				ft = t.Elem()
			case reflect.Struct:
				ft = fields.of(t)[name]
			}
			if err := arrayLengths(dec, ft, fields); err != nil {
				return fmt.Errorf(".%s%w", name, err)
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
	}
	return nil
}

// fieldTypes are what arrayLengths works out once a type: a struct's
// fields by JSON name (promoted ones too), and whether a type holds an
// array of fixed length.
type fieldTypes struct {
	fields map[reflect.Type]map[string]reflect.Type
	arrays map[reflect.Type]bool
}

func (ft *fieldTypes) of(t reflect.Type) map[string]reflect.Type {
	m, ok := ft.fields[t]
	if !ok {
		m = map[string]reflect.Type{}
		ft.add(m, t)
		if ft.fields == nil {
			ft.fields = map[reflect.Type]map[string]reflect.Type{}
		}
		ft.fields[t] = m
	}
	return m
}

// hasArray says whether a value of type t (nil: none deckwright knows)
// holds an array of fixed length.
func (ft *fieldTypes) hasArray(t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return false
	}
	if has, ok := ft.arrays[t]; ok {
		return has
	}
	if ft.arrays == nil {
		ft.arrays = map[reflect.Type]bool{}
	}
	ft.arrays[t] = false // while it is worked out: a type that holds itself
	has := false
	switch t.Kind() {
	case reflect.Array:
		has = true
	case reflect.Slice, reflect.Map:
		has = ft.hasArray(t.Elem())
	case reflect.Struct:
		for _, f := range ft.of(t) {
			has = has || ft.hasArray(f)
		}
	}
	ft.arrays[t] = has
	return has
}

// add adds t's fields to m, those of an embedded struct where t has none
// of the name (the field nearer the top wins, as in encoding/json).
func (ft *fieldTypes) add(m map[string]reflect.Type, t reflect.Type) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		e := f.Type
		if e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		switch {
		case f.Anonymous && e.Kind() == reflect.Struct && f.Tag.Get("json") == "":
			embedded = append(embedded, e)
		case f.IsExported():
			m[jsonName(f)] = f.Type
		}
	}
	for _, e := range embedded {
		inner := map[string]reflect.Type{}
		ft.add(inner, e)
		for k, v := range inner {
			if _, ok := m[k]; !ok {
				m[k] = v
			}
		}
	}
}

var cardCountsType = reflect.TypeOf(CardCounts{})

// nonNegative walks a decoded value v beside a template of its type (an
// invalid Value where there is none: map values, new list elements) and
// says where v has a negative count, a list of another length than the
// template's, or nothing where the template has something. A CardCounts'
// PerSide is empty or one a side.
func nonNegative(where string, v, tmpl reflect.Value, sides int) error {
	has := tmpl.IsValid()
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.Int() < 0 {
			return fmt.Errorf("%s: %d, a count below 0", where, v.Int())
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			if has && !tmpl.IsNil() {
				return fmt.Errorf("%s: missing", where)
			}
			return nil
		}
		if has && tmpl.IsNil() {
			return fmt.Errorf("%s: not counted by this run", where)
		}
		var te reflect.Value
		if has {
			te = tmpl.Elem()
		}
		return nonNegative(where, v.Elem(), te, sides)
	case reflect.Struct:
		if v.Type() == cardCountsType {
			if n := v.FieldByName("PerSide").Len(); n != 0 && n != sides {
				return fmt.Errorf("%s.PerSide: %d entries, the run has %d sides", where, n, sides)
			}
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Tag.Get("part") == "signed" {
				continue
			}
			var tf reflect.Value
			if has {
				tf = tmpl.Field(i)
			}
			name := where
			if !f.Anonymous {
				name += "." + jsonName(f)
			}
			if err := nonNegative(name, v.Field(i), tf, sides); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && has && !tmpl.IsNil() && v.Len() != tmpl.Len() {
			return fmt.Errorf("%s: %d entries, the run has %d", where, v.Len(), tmpl.Len())
		}
		if v.Type().Elem().Kind() == reflect.String {
			return nil
		}
		for i := range v.Len() {
			var te reflect.Value
			if has && i < tmpl.Len() {
				te = tmpl.Index(i)
			}
			if err := nonNegative(fmt.Sprintf("%s[%d]", where, i), v.Index(i), te, sides); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() && has && !tmpl.IsNil() {
			return fmt.Errorf("%s: missing", where)
		}
		it := v.MapRange()
		for it.Next() {
			if err := nonNegative(fmt.Sprintf("%s[%v]", where, it.Key()), it.Value(), reflect.Value{}, sides); err != nil {
				return err
			}
		}
	}
	return nil
}

// sortedVariants is a run's variants in one order: each is given once
// (SimSpec.Check), so the order they were typed in plays the same games,
// and shards typed in either order are shards of one run.
func sortedVariants(vs []string) []string {
	if len(vs) < 2 {
		return vs
	}
	return slices.Sorted(slices.Values(vs))
}
