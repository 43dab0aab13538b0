package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playShards runs the n shards of a run as n deckwright processes at once
// (as GNU parallel or a batch engine would), each as the issue has it,
// deckwright sim … --shard K/N --json > dir/K.json, or with files
// --part dir/part-K.json, and returns the files in shard order.
func playShards(t *testing.T, dir string, n int, files bool, args ...string) []string {
	t.Helper()
	bin := binary(t)
	var cmds []*exec.Cmd
	var errs []*bytes.Buffer
	var outs []string
	for k := 1; k <= n; k++ {
		flags := []string{"sim", "--shard", fmt.Sprintf("%d/%d", k, n), "--workers", "1"}
		out := filepath.Join(dir, fmt.Sprintf("%d.json", k))
		if files {
			out = filepath.Join(dir, fmt.Sprintf("part-%d.json", k))
			flags = append(flags, "--part", out)
		} else {
			flags = append(flags, "--json")
		}
		cmd := exec.Command(bin, append(flags, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if !files {
			fh, err := os.Create(out) // the shell's > K.json
			require.NoError(t, err)
			defer fh.Close()
			cmd.Stdout = fh
		}
		require.NoError(t, cmd.Start())
		cmds, errs, outs = append(cmds, cmd), append(errs, &stderr), append(outs, out)
	}
	for k, cmd := range cmds {
		require.NoError(t, cmd.Wait(), "shard %d/%d: %s", k+1, n, errs[k])
		if files {
			assert.Contains(t, errs[k].String(), fmt.Sprintf("wrote %s (shard %d/%d)\n", outs[k], k+1, n))
		}
		assert.NotContains(t, errs[k].String(), "not saved", "shard %d/%d: its counts are saved", k+1, n)
	}
	return outs
}

var throughputLine = regexp.MustCompile(`(?m)^\d+ games/s (on \d+ workers?|over (\d+) shards?, first start to last finish)$`)

// withoutThroughput is a text report with its throughputLine line cut out,
// after checking the line says what it measures.
func withoutThroughput(t *testing.T, text string, shards int) string {
	t.Helper()
	m := throughputLine.FindStringSubmatch(text)
	require.NotNil(t, m, "a throughput line:\n%s", text)
	if shards > 0 {
		assert.Equal(t, fmt.Sprint(shards), m[2], "the merge's throughput line names its shards")
	} else {
		assert.Empty(t, m[2])
	}
	return strings.Replace(text, m[0]+"\n", "", 1)
}

// withoutSpeed is a JSON report without games_per_second.
func withoutSpeed(t *testing.T, doc string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &m))
	assert.Positive(t, m["games_per_second"])
	delete(m, "games_per_second")
	out, err := json.MarshalIndent(m, "", "  ")
	require.NoError(t, err)
	return string(out)
}

// The shards of a run, played by separate processes as the issue has it
// (deckwright sim … --shard K/N --json > parts/K.json) and merged
// (deckwright merge parts/*.json), give the report of the run on one
// machine; so do their part files (--part), alone or with reports: text, --json and the HTML report the
// same byte for byte but for the throughputLine, in both games, in rival,
// cooperative and team games, with games that stalled (and the commands
// that replay them); and so do runs with a fixed --impact (its paired
// games split unlike the games when --impact-games is below --games) and
// with --compare, alone and together.
func TestMergeIsTheRun(t *testing.T) {
	// An expansion with an overpowered hero and a longer game (Fortune to
	// win 15 → 20), and one of Fallen Land with two cards more.
	strong := newProject(t, "strong")
	editRow(t, filepath.Join(strong, "strong.xlsx"), "Heroes", "nadia-volkova", map[string]any{"Disabled": false,
		"Combat": 6, "Agility": 6, "Cunning": 6, "Lore": 6, "Wounds": 10})
	editRow(t, filepath.Join(strong, "strong.xlsx"), "Rules", "fortune-to-win", map[string]any{"Disabled": false})
	lands := newProject(t, "lands", "--game", "fallen-land")
	editRow(t, filepath.Join(lands, "lands.xlsx"), "Spoils", "road-flare", map[string]any{"Disabled": false})
	editRow(t, filepath.Join(lands, "lands.xlsx"), "Actions", "lucky-break", map[string]any{"Disabled": false})
	idol := idolExpansion(t, "gainGlory(5); gainFortune(4)")
	for _, tc := range []struct {
		name string
		n    int
		args []string
		// files: the shards are played again writing part files
		// (--part), merged alone and with a report (a plain run,
		// and parts with paired sums and a baseline; engine/games
		// checks a report's part is the part file for every kind).
		files bool
	}{
		{"fortune-and-glory", 3, []string{"--games", "150", "--seed", "4"}, true},
		{"coop 1-4", 4, []string{"--mode", "coop", "--players", "1-4", "--org", "nazi", "--games", "120", "--seed", "2"}, false},
		{"team", 2, []string{"--mode", "team", "--players", "4", "--policy", "mix", "--games", "60", "--seed", "8"}, false},
		{"stalls", 3, []string{"--games", "40", "--max-rounds", "8", "--seed", "1", "--from", "5", "--level", "basic", "--variant", "fortune-goal=9"}, false},
		{"fallen-land", 3, []string{"--game", "fallen-land", "--games", "60", "--seed", "5"}, false},
		{"impact", 3, []string{"--games", "90", "--seed", "4", "--impact", "all", "--impact-games", "60"}, true},
		{"impact coop 1-4", 3, []string{"--mode", "coop", "--players", "1-4", "--org", "nazi", "--games", "90", "--seed", "2", "--impact", "all", "--impact-games", "0"}, false},
		{"impact fallen-land", 2, []string{"--game", "fallen-land", "--games", "24", "--seed", "5", "--impact", "all", "--impact-games", "16"}, false},
		{"compare", 3, []string{strong, "--games", "150", "--seed", "5", "--compare", "base"}, false},
		{"impact and compare fallen-land", 2, []string{lands, "--games", "80", "--seed", "5", "--impact", "lands", "--impact-games", "50", "--compare", "base"}, true},
		// Sweeps: each shard plays its slice of the games at every value.
		{"sweep count", 3, []string{"--games", "60", "--seed", "3", "--sweep", "city.rooftop-chase.count=0,3"}, true},
		{"sweep hero coop 1-4", 3, []string{"--mode", "coop", "--players", "1-4", "--org", "nazi", "--games", "80", "--seed", "2", "--sweep", "heroes.jake-zane.combat=2,6"}, false},
		{"sweep effect", 2, []string{idol, "--games", "60", "--seed", "4", "--sweep", "cards.golden-idol.glory=1..3"}, false},
		{"sweep loss", 2, []string{"--games", "60", "--seed", "3", "--sweep", "cards.light-fingered-urchin.loseFortune=0,2"}, false},
		{"sweep fallen-land", 2, []string{"--game", "fallen-land", "--games", "40", "--seed", "5", "--sweep", "cards.dynamite-bundle.success=1,5"}, false},
		{"sweep fallen-land faction", 2, []string{"--game", "fallen-land", "--games", "30", "--seed", "5", "--sweep", "factions.kettle-ridge-miners.starting-town-health=0,10"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			wholeHTML, mergedHTML := filepath.Join(dir, "whole.html"), filepath.Join(dir, "merged.html")
			wholeJSON := dw(t, append([]string{"sim", "--json", "--report", wholeHTML}, tc.args...)...)
			requireExit(t, exitOK, wholeJSON)
			wholeText := dw(t, append([]string{"sim"}, tc.args...)...)
			requireExit(t, exitOK, wholeText)

			// The recipe: each shard's --json report into
			// dir/K.json, then deckwright merge dir/*.json.
			reports := playShards(t, dir, tc.n, false, tc.args...)
			for _, name := range reports {
				assert.Contains(t, jsonObject(t, readFile(t, name)), "part", "%s: a shard's report carries its part", name)
			}
			mergedJSON := dw(t, "merge", "--json", "--report", mergedHTML, filepath.Join(dir, "*.json"))
			requireExit(t, exitOK, mergedJSON)
			assert.NotContains(t, jsonObject(t, []byte(mergedJSON.stdout)), "part", "the merge's report is the run's: no part in it")
			// In any order: the shell's 10.json before 2.json, or a list by hand.
			reversed := slices.Clone(reports)
			slices.Reverse(reversed)
			mergedText := dw(t, append([]string{"merge"}, reversed...)...)
			requireExit(t, exitOK, mergedText)
			if tc.files {
				// Part files (--part) merge alone, and with reports.
				parts := playShards(t, dir, tc.n, true, tc.args...)
				fromParts := dw(t, append([]string{"merge", "--json"}, parts...)...)
				requireExit(t, exitOK, fromParts)
				assert.Equal(t, withoutSpeed(t, wholeJSON.stdout), withoutSpeed(t, fromParts.stdout))
				mixed := slices.Clone(reports)
				mixed[0] = parts[0]
				fromMixed := dw(t, append([]string{"merge"}, mixed...)...)
				requireExit(t, exitOK, fromMixed)
				assert.Equal(t, withoutThroughput(t, wholeText.stdout, 0), withoutThroughput(t, fromMixed.stdout, tc.n))
			}

			if tc.name == "stalls" {
				require.Contains(t, wholeText.stdout, "--seed 1 --from ", "the run has games that stalled, and their replays")
				require.Contains(t, wholeText.stdout, "--level basic --variant fortune-goal=9", "the replays name the game's options")
			}
			if slices.Contains(tc.args, "--impact") {
				require.Contains(t, wholeText.stdout, "paired", "the run measures its cards' impact")
			}
			if slices.Contains(tc.args, "--compare") {
				require.Contains(t, wholeText.stdout, "\nagainst base (same seeds)", "the run compares with its baseline")
			}
			if slices.Contains(tc.args, "--sweep") {
				require.Contains(t, wholeText.stdout, " — sweep of ", "the run is a sweep")
				require.NotContains(t, wholeText.stdout, " 0 games a value", "every value played")
				// A card's number pairs each value's games with the
				// current value's: sums the shards add up.
				paired := tc.name == "sweep effect" || tc.name == "sweep loss" || tc.name == "sweep fallen-land"
				assert.Equal(t, tc.name == "sweep loss", strings.Contains(wholeText.stdout, " Fortune lost/draw "), "the Fortune a loss takes away")
				assert.Equal(t, paired, strings.Contains(wholeJSON.stdout, `"paired"`), "values paired with the current one")
			}
			assert.Equal(t, withoutThroughput(t, wholeText.stdout, 0), withoutThroughput(t, mergedText.stdout, tc.n))
			assert.Equal(t, withoutSpeed(t, wholeJSON.stdout), withoutSpeed(t, mergedJSON.stdout))
			want, err := os.ReadFile(wholeHTML)
			require.NoError(t, err)
			got, err := os.ReadFile(mergedHTML)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, got), "the HTML reports are the same, byte for byte")
		})
	}
}

// jsonObject is a JSON document's top-level object.
func jsonObject(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &m))
	return m
}

// simParts writes the n parts of a run in-process into dir, named
// prefix-K.json.
func simParts(t *testing.T, dir, prefix string, n int, args ...string) []string {
	t.Helper()
	var parts []string
	for k := 1; k <= n; k++ {
		part := filepath.Join(dir, fmt.Sprintf("%s-%d.json", prefix, k))
		r := dw(t, append([]string{"sim", "--shard", fmt.Sprintf("%d/%d", k, n), "--part", part}, args...)...)
		requireExit(t, exitOK, r)
		parts = append(parts, part)
	}
	return parts
}

// simReports writes the --json reports of the n shards of a run
// in-process into dir, named prefix-K.json.
func simReports(t *testing.T, dir, prefix string, n int, args ...string) []string {
	t.Helper()
	var reports []string
	for k := 1; k <= n; k++ {
		name := filepath.Join(dir, fmt.Sprintf("%s-%d.json", prefix, k))
		r := dw(t, append([]string{"sim", "--shard", fmt.Sprintf("%d/%d", k, n), "--json"}, args...)...)
		requireExit(t, exitOK, r)
		require.NoError(t, os.WriteFile(name, []byte(r.stdout), 0o644))
		reports = append(reports, name)
	}
	return reports
}

// partBaseline is the content hash of a part's --compare baseline.
func partBaseline(t *testing.T, path string) string {
	t.Helper()
	var p struct{ Baseline struct{ Content string } }
	require.NoError(t, json.Unmarshal(readFile(t, path), &p))
	require.NotEmpty(t, p.Baseline.Content)
	return p.Baseline.Content
}

func partHash(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var p struct{ Content string }
	require.NoError(t, json.Unmarshal(data, &p))
	return p.Content
}

// Parts that are not every shard of one run, once, are refused with an
// error that names the file and what differs.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	run := []string{"--games", "30", "--seed", "5"}
	p := simParts(t, dir, "part", 3, run...)
	seed6 := simParts(t, dir, "seed6", 3, "--games", "30", "--seed", "6")
	four := simParts(t, dir, "four", 4, run...)
	proj := newProject(t, "exp")
	other := simParts(t, dir, "exp", 3, append([]string{proj}, run...)...)
	dup := filepath.Join(dir, "copy-of-2.json")
	data, err := os.ReadFile(p[1])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dup, data, 0o644))
	report := filepath.Join(dir, "report.json")
	r := dw(t, append([]string{"sim", "--json"}, run...)...)
	requireExit(t, exitOK, r)
	require.NoError(t, os.WriteFile(report, []byte(r.stdout), 0o644))
	// Shards' --json reports: of the run, of another, one cut short, and
	// one that printed nothing (sim … --json > FILE that failed).
	reports := simReports(t, dir, "report", 3, run...)
	seed6Report := simReports(t, dir, "seed6-report", 3, "--games", "30", "--seed", "6")[1]
	cut, empty := filepath.Join(dir, "cut.json"), filepath.Join(dir, "empty.json")
	data = readFile(t, reports[1])
	require.NoError(t, os.WriteFile(cut, data[:len(data)*2/3], 0o644))
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	bundled, expansion := partHash(t, p[0]), partHash(t, other[0])
	require.NotEqual(t, bundled, expansion)
	// Parts of other kinds of run: a fixed --impact, with other
	// --impact-games, a --compare; and a baseline that changed between
	// the shards (vs, then vs2).
	impact := simParts(t, dir, "impact", 3, slices.Concat(run, []string{"--impact", "all", "--impact-games", "20"})...)
	impact10 := simParts(t, dir, "impact10", 3, slices.Concat(run, []string{"--impact", "all", "--impact-games", "10"})...)
	compared := simParts(t, dir, "compare", 3, slices.Concat(run, []string{"--compare", "base"})...)
	baseline := newProject(t, "baseline")
	vs := simParts(t, dir, "vs", 3, slices.Concat(run, []string{"--compare", baseline})...)
	before := partBaseline(t, vs[0])
	editRow(t, filepath.Join(baseline, "baseline.xlsx"), "Rules", "fortune-to-win", map[string]any{"Disabled": false})
	vs2 := simParts(t, dir, "vs2", 3, slices.Concat(run, []string{"--compare", baseline})...)
	after := partBaseline(t, vs2[0])
	require.NotEqual(t, before, after)

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"missing", []string{p[0], p[2]}, exitContent, "shard 2/3 is missing (2 of 3 parts given)"},
		{"two missing", []string{p[1]}, exitContent, "shards 1/3, 3/3 are missing (1 of 3 parts given)"},
		{"duplicated", []string{p[0], p[1], dup, p[2]}, exitContent, fmt.Sprintf("%s and %s are both shard 2/3", p[1], dup)},
		{"other seed", []string{p[0], seed6[1], p[2]}, exitContent, fmt.Sprintf("%s: not a shard of the run of %s: --seed 6, not --seed 5", seed6[1], p[0])},
		{"other shards", []string{p[0], four[1], p[2]}, exitContent, fmt.Sprintf("%s: not a shard of the run of %s: shard 2/4, of 4 shards, not 3", four[1], p[0])},
		{"other content", []string{p[0], other[1], p[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: content %s, not %s (the shards played different workbooks)", other[1], p[0], expansion, bundled)},
		{"content here differs", append([]string{"--content", proj}, p...), exitContent,
			fmt.Sprintf("%s was played on content %s, but %s is %s: merge against the content the shards played (--content PATH)", p[0], bundled[:19], proj, expansion[:19])},
		{"plain and impact", []string{p[0], impact[1], p[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a run with --impact all --impact-games 20, not a plain run", impact[1], p[0])},
		{"other impact games", []string{impact[0], impact10[1], impact[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a run with --impact all --impact-games 10, not a run with --impact all --impact-games 20", impact10[1], impact[0])},
		{"plain and compare", []string{compared[0], p[1], compared[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a plain run, not a run with --compare base", p[1], compared[0])},
		{"other baseline", []string{vs[0], vs2[1], vs[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: baseline content %s, not %s (the shards compared with different baselines)", vs2[1], vs[0], after, before)},
		{"baseline here differs", vs, exitContent,
			fmt.Sprintf("%s was compared with baseline content %s, but %s is %s: merge against the baseline the shards played (--compare PATH)", vs[0], before[:19], baseline, after[:19])},
		{"a baseline for a plain run", append([]string{"--compare", baseline}, p...), exitUsage,
			fmt.Sprintf("--compare: %s is a part of a run without --compare", p[0])},
		{"a whole run's report", []string{report}, exitContent, report + ": a sim report of a whole run, not a shard's: its counts cannot be merged; play shards with deckwright sim --shard K/N --json (or --part FILE)"},
		{"a whole run's report among shards", []string{reports[0], report, reports[2]}, exitContent, report + ": a sim report of a whole run, not a shard's: its counts cannot be merged; play shards with deckwright sim --shard K/N --json (or --part FILE)"},
		{"a shard's report cut short", []string{reports[0], cut, reports[2]}, exitContent, cut + ": cut short: the file ends inside the shard's report (was its shard stopped while writing?)"},
		{"a shard that wrote nothing", []string{reports[0], empty, reports[2]}, exitContent, empty + ": empty: its shard wrote no report (did it fail, or was it stopped? play it again)"},
		{"a report and a part of one shard", []string{reports[0], reports[1], p[1], reports[2]}, exitContent, fmt.Sprintf("%s and %s are both shard 2/3", reports[1], p[1])},
		{"a report of another run", []string{p[0], seed6Report, p[2]}, exitContent, fmt.Sprintf("%s: not a shard of the run of %s: --seed 6, not --seed 5", seed6Report, p[0])},
		{"no file", []string{filepath.Join(dir, "nope.json")}, exitUsage, "cannot read " + filepath.Join(dir, "nope.json")},
		{"no parts", nil, exitUsage, "merge needs the parts of a run: its shards' --json reports or part files (deckwright sim --shard K/N --json > parts/K.json writes them)"},
		{"a file twice", []string{p[0], p[1], p[1], p[2]}, exitUsage, p[1] + " is given twice"},
		{"a file twice, spelled otherwise", []string{p[0], p[1], dir + "/./" + filepath.Base(p[1]), p[2]}, exitUsage, dir + "/./part-2.json is given twice"},
		{"a pattern that matches nothing", []string{filepath.Join(dir, "shard-*.json")}, exitUsage, "no file matches " + filepath.Join(dir, "shard-*.json") + "\n"},
		{"a bad pattern", []string{filepath.Join(dir, "part-[.json")}, exitUsage, filepath.Join(dir, "part-[.json") + ": syntax error in pattern\n"},
		{"standard input", []string{"-"}, exitUsage, "merge reads files, not standard input: give the shards' reports or parts (deckwright merge parts/*.json)\n"},
		{"a folder", []string{dir}, exitUsage, dir + " is a folder: give its files (" + filepath.Join(dir, "*.json") + ")\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"merge"}, tc.args...)...)
			requireExit(t, tc.code, r)
			assert.True(t, strings.HasPrefix(r.stderr, "deckwright: "+tc.want), "stderr: %s\nwant:   deckwright: %s", r.stderr, tc.want)
			assert.Empty(t, r.stdout, "no report from parts that are not one run")
		})
	}

	// The parts name the baseline as the shards' command did; moved, it
	// is given with --compare.
	movedBaseline := baseline + "-moved"
	require.NoError(t, os.Rename(baseline, movedBaseline))
	r = dw(t, append([]string{"merge"}, vs2...)...)
	requireExit(t, exitUsage, r)
	assert.Equal(t, fmt.Sprintf("deckwright: %s was compared with %s, which is not here: give the baseline with --compare PATH\n", vs2[0], baseline), r.stderr)
	r = dw(t, append([]string{"merge", "--compare", movedBaseline}, vs2...)...)
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stdout, "\nagainst "+baseline+" (same seeds)", "the report names the baseline as the shards' command did")

	// The parts name the content as the shards' command did; moved, it is
	// given with --content, and the report is the project's run's.
	moved := proj + "-moved"
	require.NoError(t, os.Rename(proj, moved))
	r = dw(t, append([]string{"merge"}, other...)...)
	requireExit(t, exitUsage, r)
	assert.Equal(t, fmt.Sprintf("deckwright: %s was played on %s, which is not here: give the content with --content PATH\n", other[0], proj), r.stderr)
	r = dw(t, append([]string{"merge", "--json", "--content", moved}, other...)...)
	requireExit(t, exitOK, r)
	require.NoError(t, os.Rename(moved, proj))
	whole := dw(t, append([]string{"sim", proj, "--json"}, run...)...)
	requireExit(t, exitOK, whole)
	assert.Equal(t, withoutSpeed(t, whole.stdout), withoutSpeed(t, r.stdout))
}

// A part holds counts to add up: what needs the whole run on one machine
// is refused with --part as with --shard.
func TestSimPartFlagErrors(t *testing.T) {
	const partAlone = "--part without --shard or --shard-env makes the run one shard (1/1) for deckwright merge, and "
	part := filepath.Join(t.TempDir(), "part.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--part", part, "--impact", "all"}, partAlone + adaptiveNotSharded},
		{[]string{"--part", part, "--until-decided", "10k"}, partAlone + untilNotSharded},
		{[]string{"--part", part, "--trace"}, partAlone + "a shard plays a fixed slice of the run's games; --trace needs the whole run on one machine"},
		{[]string{"--part", part, "--shard", "1/2", "--impact", "all"}, adaptiveNotSharded},
		{[]string{"--part", part, "--shard-env", "--impact", "all"}, "--shard-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set; outside a batch engine use --shard K/N"},
		{[]string{"--part", "-", "--report", "-"}, "--part - and --report - both write standard output: give one of them a file"},
	} {
		r := dw(t, append([]string{"sim", "--games", "10"}, tc.args...)...)
		requireExit(t, exitUsage, r, "%v", tc.args)
		assert.Equal(t, "deckwright: "+tc.want+"\n", r.stderr, "%v", tc.args)
		assert.NoFileExists(t, part)
	}
	// Without --shard, the run is one part: merged alone, it is the run.
	r := dw(t, "sim", "--games", "20", "--part", part, "--json")
	requireExit(t, exitOK, r)
	m := dw(t, "merge", part, "--json")
	requireExit(t, exitOK, m)
	assert.Equal(t, withoutSpeed(t, r.stdout), withoutSpeed(t, m.stdout))
	// So is a sweep: its text report, and the part beside it.
	sweep := filepath.Join(filepath.Dir(part), "sweep.json")
	r = dw(t, "sim", "--games", "20", "--part", sweep, "--sweep", "heroes.jake-zane.combat=1..3")
	requireExit(t, exitOK, r)
	assert.Contains(t, r.stderr, "wrote "+sweep+" (shard 1/1)\n")
	m = dw(t, "merge", sweep)
	requireExit(t, exitOK, m)
	assert.Equal(t, withoutThroughput(t, r.stdout, 0), withoutThroughput(t, m.stdout, 1))
}

// An interrupted shard writes no part (its counts are not the shard's): a
// part from before stays as it was, and no temporary file is left.
func TestShardPartInterrupted(t *testing.T) {
	dir := t.TempDir()
	part := filepath.Join(dir, "part-1.json")
	require.NoError(t, os.WriteFile(part, []byte("last week's part"), 0o644))
	p := start(t, false, "sim", "--games", "10000000", "--shard", "1/2", "--part", part)
	waitFor(t, "the run to start", func() bool { return len(tempFiles(t, dir)) > 0 })
	time.Sleep(300 * time.Millisecond)
	code, _ := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	assert.Regexp(t, `^deckwright: `+regexpQuote(part)+` was not written: the run was interrupted\ndeckwright: interrupted: the report covers the first \d+ of 5000000 games\n$`, p.errOut.String())
	assert.Equal(t, "last week's part", string(readFile(t, part)))
	assert.Empty(t, tempFiles(t, dir))
}

// -o writes the merged report to a file, as standard output shows it.
func TestMergeOutputFile(t *testing.T) {
	dir := t.TempDir()
	parts := simParts(t, dir, "part", 2, "--games", "20", "--seed", "3")
	out := filepath.Join(dir, "report.txt")
	r := dw(t, append([]string{"merge", "-o", out}, parts...)...)
	requireExit(t, exitOK, r)
	assert.Empty(t, r.stdout)
	assert.Equal(t, "wrote "+out+"\n", r.stderr)
	want := dw(t, append([]string{"merge"}, parts...)...)
	requireExit(t, exitOK, want)
	assert.Equal(t, withoutThroughput(t, want.stdout, 2), withoutThroughput(t, string(readFile(t, out)), 2))

	// A quoted pattern (or one the shell left as it was) is expanded by
	// merge: the same parts, the same report.
	glob := dw(t, "merge", filepath.Join(dir, "part-*.json"))
	requireExit(t, exitOK, glob)
	assert.Equal(t, withoutThroughput(t, want.stdout, 2), withoutThroughput(t, glob.stdout, 2))
}

// An interrupted shard's --json report is partial and carries no part
// (its counts are not the shard's): it says so, and merge refuses the
// report by name.
func TestShardReportInterrupted(t *testing.T) {
	dir := t.TempDir()
	html := filepath.Join(dir, "shard.html")
	stderr, report := interruptedShard(t, dir, func(*started) bool { return len(tempFiles(t, dir)) > 0 },
		"sim", "--games", "10000000", "--shard", "1/2", "--json", "--report", html)
	assert.Regexp(t, `^deckwright: `+regexpQuote(html)+` was not written: the run was interrupted\ndeckwright: the report carries no part for deckwright merge: the run was interrupted\ndeckwright: interrupted: the report covers the first (\d+) of 5000000 games\n$`, stderr)
	played := regexp.MustCompile(`first (\d+) of`).FindStringSubmatch(stderr)
	require.NotNil(t, played)
	r := dw(t, "merge", report)
	requireExit(t, exitContent, r)
	assert.Equal(t, fmt.Sprintf("deckwright: %s: the report of an interrupted run (%s of 5000000 games), which carries no part: play the shard again\n", report, played[1]), r.stderr)
}

// The README's recipes, run as written but for the content and the
// games: GNU parallel on one machine, and the shards a Kubernetes
// Indexed Job and a Slurm array start (each in the environment its engine
// gives it), each printing its --json report into parts/K.json; merged
// with the shell's parts/*.json, they are the run on one machine.
func TestShardRecipes(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Fatalf("GNU parallel is needed for its recipe (apt-get install parallel): %v", err)
	}
	bin := binary(t)
	whole := dw(t, "sim", "--games", "60", "--seed", "7")
	requireExit(t, exitOK, whole)
	wholeJSON := dw(t, "sim", "--games", "60", "--seed", "7", "--json")
	requireExit(t, exitOK, wholeJSON)
	const sim = "deckwright sim --games 60 --seed 7"
	for _, tc := range []struct{ name, script string }{
		{"GNU parallel", `parallel -j2 '` + sim + ` --shard {}/4 --json --allow-errors > parts/{}.json' ::: 1 2 3 4`},
		{"Kubernetes Indexed Job", `for i in 0 1 2 3; do
			JOB_COMPLETION_INDEX=$i JOB_COMPLETIONS=4 sh -c '` + sim + ` --shard-env --allow-errors --json > parts/$JOB_COMPLETION_INDEX.json' &
		done; wait`},
		{"Slurm array 1-4", `for i in 1 2 3 4; do
			SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=4 \
				sh -c '` + sim + ` --shard-env --allow-errors --json > parts/$SLURM_ARRAY_TASK_ID.json' &
		done; wait`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.Mkdir(filepath.Join(dir, "parts"), 0o755))
			script := tc.script + `
				deckwright merge parts/*.json > merged.txt && deckwright merge --json parts/*.json > merged.json`
			cmd := exec.Command("bash", "-ec", script)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Empty(t, string(out), "the shards and the merge say nothing on standard error")
			names, err := filepath.Glob(filepath.Join(dir, "parts", "*.json"))
			require.NoError(t, err)
			assert.Len(t, names, 4)
			assert.Equal(t, withoutThroughput(t, whole.stdout, 0), withoutThroughput(t, string(readFile(t, filepath.Join(dir, "merged.txt"))), 4))
			assert.Equal(t, withoutSpeed(t, wholeJSON.stdout), withoutSpeed(t, string(readFile(t, filepath.Join(dir, "merged.json")))))
		})
	}
}

// editPart rewrites a part file through edit, as a hand or a damaged
// transfer might, into dir/name.
func editPart(t *testing.T, from, name string, edit func(p map[string]any)) string {
	t.Helper()
	p := readPartMap(t, from)
	edit(p)
	data, err := json.Marshal(p)
	require.NoError(t, err)
	out := filepath.Join(filepath.Dir(from), name)
	require.NoError(t, os.WriteFile(out, data, 0o644))
	return out
}

// The parts of a sweep merge only with the other shards of the same
// sweep, each once: parts of another sweep (other values, another
// number, another seed), of a plain run, a missing or duplicated shard,
// a shard whose values or pairs are not the sweep's, a whole sweep's
// report and an interrupted one's are refused, naming the file and what
// differs (exit 1).
func TestMergeSweepErrors(t *testing.T) {
	dir := t.TempDir()
	run := []string{"--games", "30", "--seed", "5"}
	const spec = "city.rooftop-chase.glory=1,4"
	sw := simParts(t, dir, "sweep", 3, append([]string{"--sweep", spec}, run...)...)
	values := simParts(t, dir, "values", 3, append([]string{"--sweep", "city.rooftop-chase.glory=1..3"}, run...)...)
	count := simParts(t, dir, "count", 3, append([]string{"--sweep", "city.rooftop-chase.count=1,4"}, run...)...)
	seed6 := simParts(t, dir, "seed6", 3, "--sweep", spec, "--games", "30", "--seed", "6")
	plain := simParts(t, dir, "plain", 3, run...)
	reports := simReports(t, dir, "report", 3, append([]string{"--sweep", spec}, run...)...)
	dup := filepath.Join(dir, "copy-of-2.json")
	require.NoError(t, os.WriteFile(dup, readFile(t, sw[1]), 0o644))
	whole := filepath.Join(dir, "whole.json")
	r := dw(t, append([]string{"sim", "--json", "--sweep", spec}, run...)...)
	requireExit(t, exitOK, r)
	require.NoError(t, os.WriteFile(whole, []byte(r.stdout), 0o644))
	sweepValues := func(p map[string]any) []any { return p["sweep"].(map[string]any)["values"].([]any) }
	oneValue := editPart(t, sw[1], "one-value.json", func(p map[string]any) {
		p["sweep"].(map[string]any)["values"] = sweepValues(p)[:1]
	})
	noPairs := editPart(t, sw[1], "no-pairs.json", func(p map[string]any) {
		delete(sweepValues(p)[1].(map[string]any), "pairs")
	})
	pairsOfCount := editPart(t, count[1], "pairs-of-count.json", func(p map[string]any) {
		sweepValues(p)[0].(map[string]any)["pairs"] = sweepValues(readPartMap(t, sw[1]))[0].(map[string]any)["pairs"]
	})
	noSweep := editPart(t, sw[1], "no-sweep.json", func(p map[string]any) { delete(p, "sweep") })
	twice := editPart(t, sw[1], "twice.json", func(p map[string]any) {
		vs := sweepValues(p)
		p["sweep"].(map[string]any)["values"] = []any{vs[0], vs[0]}
	})
	badSpec := editPart(t, sw[1], "bad-spec.json", func(p map[string]any) { p["run"].(map[string]any)["sweep"] = "glory=1..3" })
	notASweep := fmt.Sprintf("a run with --sweep %s", spec)

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a plain run's part among a sweep's", []string{sw[0], plain[1], sw[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a plain run, not %s", plain[1], sw[0], notASweep)},
		{"a sweep's part among a plain run's", []string{plain[0], sw[1], plain[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: %s, not a plain run", sw[1], plain[0], notASweep)},
		{"other values", []string{sw[0], values[1], sw[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a run with --sweep city.rooftop-chase.glory=1..3, not %s", values[1], sw[0], notASweep)},
		{"another number", []string{sw[0], count[1], sw[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: a run with --sweep city.rooftop-chase.count=1,4, not %s", count[1], sw[0], notASweep)},
		{"another seed", []string{sw[0], seed6[1], sw[2]}, exitContent,
			fmt.Sprintf("%s: not a shard of the run of %s: --seed 6, not --seed 5", seed6[1], sw[0])},
		{"missing", []string{sw[0], sw[2]}, exitContent, "shard 2/3 is missing (2 of 3 parts given)"},
		{"duplicated", []string{sw[0], sw[1], dup, sw[2]}, exitContent, fmt.Sprintf("%s and %s are both shard 2/3", sw[1], dup)},
		{"a report and a part of one shard", []string{reports[0], reports[1], sw[1], reports[2]}, exitContent, fmt.Sprintf("%s and %s are both shard 2/3", reports[1], sw[1])},
		{"a value left out", []string{sw[0], oneValue, sw[2]}, exitContent,
			oneValue + ": sweep.values: values 1, but the sweep plays 1,4 beside the current 2"},
		{"a value twice", []string{sw[0], twice, sw[2]}, exitContent, twice + ": sweep.values[1]: value 1 twice"},
		{"pairs missing", []string{sw[0], noPairs, sw[2]}, exitContent,
			noPairs + ": glory=4: sweep.values[1].pairs: missing: the sweep of a card pairs each value's games with the current value's"},
		{"pairs of a Count", []string{count[0], pairsOfCount, count[2]}, exitContent,
			pairsOfCount + ": count=1: sweep.values[0].pairs: pairs in a sweep that pairs no games (of a card's Count, or of a row that is not a card)"},
		{"a sweep's part without its values", []string{sw[0], noSweep, sw[2]}, exitContent,
			noSweep + ": sweep: missing: the part of a sweep carries its values' counts"},
		{"a sweep that is none", []string{sw[0], badSpec, sw[2]}, exitContent,
			badSpec + `: run.sweep: "glory=1..3": want SHEET.ID.NAME=VALUES, such as events.lucky-coin.count=0..3 or cards.golden-idol.gainGlory=1..5`},
		{"a whole sweep's report", []string{sw[0], whole, sw[2]}, exitContent,
			whole + ": the report of a whole sweep, not a shard's: its counts cannot be merged; play shards with deckwright sim --sweep … --shard K/N --json (or --part FILE)"},
		{"a baseline for a sweep", append([]string{"--compare", "base"}, sw...), exitUsage,
			fmt.Sprintf("--compare: %s is a part of a run without --compare", sw[0])},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := dw(t, append([]string{"merge"}, tc.args...)...)
			requireExit(t, tc.code, r)
			assert.Equal(t, "deckwright: "+tc.want+"\n", r.stderr)
			assert.Empty(t, r.stdout, "no report from parts that are not one sweep")
		})
	}

	// The sweep's parts and reports, mixed, are the sweep; -o writes its
	// report to a file.
	out := filepath.Join(dir, "sweep.txt")
	r = dw(t, "merge", "-o", out, reports[0], sw[1], reports[2])
	requireExit(t, exitOK, r)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "wrote "+out+"\n")
	text := dw(t, append([]string{"sim", "--sweep", spec}, run...)...)
	requireExit(t, exitOK, text)
	assert.Equal(t, withoutThroughput(t, text.stdout, 0), withoutThroughput(t, string(readFile(t, out)), 3))
}

func readPartMap(t *testing.T, name string) map[string]any {
	t.Helper()
	var p map[string]any
	require.NoError(t, json.Unmarshal(readFile(t, name), &p))
	return p
}

// An interrupted sweep shard's --json report carries no part: it says
// so, and merge refuses the report by name.
func TestSweepShardInterrupted(t *testing.T) {
	dir := t.TempDir()
	stderr, report := interruptedShard(t, dir, func(p *started) bool { return strings.Contains(p.errOut.String(), "sweep 1 of 4: combat=4 (current)") },
		"sim", "--games", "200000", "--sweep", "heroes.jake-zane.combat=1..3", "--shard", "1/2", "--json")
	assert.True(t, strings.HasSuffix(stderr, "deckwright: the report carries no part for deckwright merge: the sweep was interrupted\ndeckwright: interrupted: the sweep covers 0 of its values\n"), stderr)
	r := dw(t, "merge", report)
	requireExit(t, exitContent, r)
	assert.Equal(t, "deckwright: "+report+": the report of an interrupted sweep, which carries no part: play the shard again\n", r.stderr)
}

// interruptedShard starts a shard's command (args), stops it with SIGINT
// once ready says it has, and checks it exits 130 with a partial
// --json report and no part; it returns its standard error and the
// report, written to dir/1.json.
func interruptedShard(t *testing.T, dir string, ready func(*started) bool, args ...string) (string, string) {
	t.Helper()
	p := start(t, false, args...)
	waitFor(t, "the shard to start", func() bool { return ready(p) })
	time.Sleep(300 * time.Millisecond)
	code, _ := p.stop(t, syscall.SIGINT)
	assert.Equal(t, exitInterrupted, code, "stderr: %s", p.errOut.String())
	report := filepath.Join(dir, "1.json")
	require.NoError(t, os.WriteFile(report, p.out.Bytes(), 0o644))
	doc := jsonObject(t, p.out.Bytes())
	assert.NotContains(t, doc, "part")
	assert.Equal(t, "true", string(doc["partial"]))
	return p.errOut.String(), report
}
