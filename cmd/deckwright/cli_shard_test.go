package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardCounts are the counts of a sim --json report: what the shards of a
// run must add up to.
type shardCounts struct {
	Games  int            `json:"games"`
	Ends   map[string]int `json:"ends"`
	Rounds struct {
		Histogram []int `json:"histogram"`
	} `json:"rounds"`
	Heroes []struct {
		ID          string `json:"id"`
		Games, Wins int
	} `json:"heroes"`
	Seats []struct{ Games, Wins int } `json:"seats"`
	Cards []struct {
		ID                                  string
		Drawn, Used, Holders, Tests, Passed uint64
		HolderWins                          uint64 `json:"holder_wins"`
	} `json:"cards"`
}

// add adds a shard's counts to the run's so far.
func (c *shardCounts) add(o shardCounts) {
	c.Games += o.Games
	if c.Ends == nil {
		c.Ends = map[string]int{}
	}
	for k, v := range o.Ends {
		c.Ends[k] += v
	}
	for i, v := range o.Rounds.Histogram {
		for len(c.Rounds.Histogram) <= i {
			c.Rounds.Histogram = append(c.Rounds.Histogram, 0)
		}
		c.Rounds.Histogram[i] += v
	}
	if c.Heroes == nil {
		c.Heroes, c.Seats, c.Cards = o.Heroes, o.Seats, o.Cards
		return
	}
	for i := range o.Heroes {
		c.Heroes[i].Games += o.Heroes[i].Games
		c.Heroes[i].Wins += o.Heroes[i].Wins
	}
	for i := range o.Seats {
		c.Seats[i].Games += o.Seats[i].Games
		c.Seats[i].Wins += o.Seats[i].Wins
	}
	for i := range o.Cards {
		x, y := &c.Cards[i], o.Cards[i]
		x.Drawn, x.Used, x.Holders, x.HolderWins = x.Drawn+y.Drawn, x.Used+y.Used, x.Holders+y.Holders, x.HolderWins+y.HolderWins
		x.Tests, x.Passed = x.Tests+y.Tests, x.Passed+y.Passed
	}
}

func decodeCounts(t *testing.T, stdout string) shardCounts {
	t.Helper()
	var c shardCounts
	require.NoError(t, json.Unmarshal([]byte(stdout), &c))
	return c
}

// The shards of a run play exactly its games: their counts add up to the
// single run's, for both games and an uneven split.
func TestSimShardsAddUpToTheRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"fortune-and-glory", []string{"--games", "200", "--seed", "5"}},
		{"fallen-land", []string{"--game", "fallen-land", "--games", "100", "--seed", "5", "--from", "7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := dw(t, append([]string{"sim", "--json"}, tc.args...)...)
			requireExit(t, exitOK, whole)
			want := decodeCounts(t, whole.stdout)
			var sum shardCounts
			const n = 3
			for k := 1; k <= n; k++ {
				r := dw(t, append([]string{"sim", "--json", "--shard", fmt.Sprintf("%d/%d", k, n)}, tc.args...)...)
				requireExit(t, exitOK, r)
				part := decodeCounts(t, r.stdout)
				assert.InDelta(t, want.Games/n, part.Games, 1, "shard %d/%d plays its third", k, n)
				sum.add(part)
			}
			require.NotEmpty(t, want.Cards)
			assert.Equal(t, want, sum, "the shards' games are the run's games")
		})
	}
}

// --shard-env reads the shard from a Kubernetes Indexed Job or a Slurm
// array: the same games as --shard.
func TestSimShardEnv(t *testing.T) {
	_, want := simJSON(t, "--games", "30", "--shard", "2/3")
	for _, env := range []map[string]string{
		{"JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "3"},
		{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"},
		{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, // --array=0-2, no _MIN
		// --array=1-5:2: tasks 1, 3, 5
		{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "3"},
	} {
		t.Run(fmt.Sprint(env), func(t *testing.T) {
			for k, v := range env {
				t.Setenv(k, v)
			}
			_, got := simJSON(t, "--games", "30", "--shard-env")
			assert.JSONEq(t, want, got)
		})
	}
}

// slurmArray is the environment of one task of a Slurm array.
func slurmArray(id, lo, hi, step, count string) map[string]string {
	return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MIN": lo, "SLURM_ARRAY_TASK_MAX": hi,
		"SLURM_ARRAY_TASK_STEP": step, "SLURM_ARRAY_TASK_COUNT": count}
}

func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want shard
		err  string
	}{
		{env: map[string]string{"JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "8"}, want: shard{1, 8}},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "7", "JOB_COMPLETIONS": "8"}, want: shard{8, 8}},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "8", "JOB_COMPLETIONS": "8"}, err: "--shard-env: JOB_COMPLETION_INDEX=8 is outside the 8 shards (JOB_COMPLETIONS=8)"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "0"}, err: "--shard-env: JOB_COMPLETION_INDEX is set but not JOB_COMPLETIONS: set it in the Job's env to its completions"},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, want: shard{1, 4}},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, want: shard{4, 4}},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, err: "--shard-env: SLURM_ARRAY_TASK_ID=0 is outside the 4 shards (SLURM_ARRAY_TASK_COUNT=4)"},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"}, err: `--shard-env: SLURM_ARRAY_TASK_ID is "x", not a number`},
		{env: map[string]string{}, err: "--shard-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set; outside a batch engine use --shard K/N"},
		// Set but empty is not unset.
		{env: map[string]string{"JOB_COMPLETION_INDEX": "", "JOB_COMPLETIONS": "4"}, err: "--shard-env: JOB_COMPLETION_INDEX is set but empty"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": ""}, err: "--shard-env: JOB_COMPLETIONS is set but empty"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "0"}, err: "--shard-env: JOB_COMPLETIONS=0: a run has at least 1 shard"},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, err: "--shard-env: SLURM_ARRAY_TASK_COUNT is not set"},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "", "SLURM_ARRAY_TASK_COUNT": "4"}, err: "--shard-env: SLURM_ARRAY_TASK_ID is set but empty"},
		// Both engines' variables: neither wins silently.
		{env: map[string]string{"JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "4", "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"},
			err: "--shard-env: both JOB_COMPLETION_INDEX (Kubernetes Indexed Job) and SLURM_ARRAY_TASK_ID (Slurm array) are set, so the shard is ambiguous: unset the one that is not this job's, or give --shard K/N"},
		// --array=1-7:2: tasks 1, 3, 5, 7 are shards 1/4 to 4/4.
		{env: slurmArray("1", "1", "7", "2", "4"), want: shard{1, 4}},
		{env: slurmArray("3", "1", "7", "2", "4"), want: shard{2, 4}},
		{env: slurmArray("5", "1", "7", "2", "4"), want: shard{3, 4}},
		{env: slurmArray("7", "1", "7", "2", "4"), want: shard{4, 4}},
		{env: slurmArray("4", "1", "7", "2", "4"), err: "--shard-env: SLURM_ARRAY_TASK_ID=4 is not a task of the array (SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_STEP=2: tasks 1, 3, 5, …); shard an evenly stepped array, --array=MIN-MAX:STEP"},
		{env: slurmArray("9", "1", "7", "2", "4"), err: "--shard-env: SLURM_ARRAY_TASK_ID=9 is outside the 4 shards (SLURM_ARRAY_TASK_COUNT=4)"},
		// --array=0-9:3: tasks 0, 3, 6, 9.
		{env: slurmArray("9", "0", "9", "3", "4"), want: shard{4, 4}},
		{env: slurmArray("1", "1", "1", "0", "1"), err: "--shard-env: SLURM_ARRAY_TASK_STEP=0: an array steps by 1 or more"},
		// --array=1,3,8: a list, not a stepped range.
		{env: slurmArray("3", "1", "8", "1", "3"), err: "--shard-env: the array is not evenly stepped (SLURM_ARRAY_TASK_MIN=1, _MAX=8, _STEP=1, _COUNT=3); shard an array --array=MIN-MAX:STEP"},
	} {
		s, err := shardFromEnv(func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok })
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, "%v", tc.env)
			continue
		}
		require.NoError(t, err, "%v", tc.env)
		assert.Equal(t, tc.want, s, "%v", tc.env)
	}
}

// What decides its games from the results so far cannot be sharded: the
// message says what to shard instead.
const (
	adaptiveNotSharded = "adaptive --impact decides each card's games from the results so far, which no shard sees: shard a fixed allocation, --impact-games N (every card paired on the run's first N games; a card's ± shrinks as 1/√N: on the bundled set N = 10000 puts 202 of its 203 cards within ±3 points)"
	untilNotSharded    = "--until-decided decides how many games to play from the verdicts so far, which no shard sees: shard a fixed run (--games N); the merged report gives each undecided verdict the games it would take"
)

func TestSimShardFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "0/4"}, `--shard must be K/N with 1 ≤ K ≤ N (shard 2 of 8: 2/8), not "0/4"; shards count from 1 (a Kubernetes 0-based index: use --shard-env)`},
		{[]string{"--shard", "0/0"}, `--shard must be K/N with 1 ≤ K ≤ N (shard 2 of 8: 2/8), not "0/0"`},
		{[]string{"--shard", "5/4"}, `--shard must be K/N with 1 ≤ K ≤ N (shard 2 of 8: 2/8), not "5/4"`},
		{[]string{"--shard", "4"}, `--shard must be K/N with 1 ≤ K ≤ N (shard 2 of 8: 2/8), not "4"`},
		{[]string{"--shard", "1/4", "--shard-env"}, "--shard and --shard-env both pick the shard: give one"},
		{[]string{"--shard", "1/4", "--impact", "all"}, adaptiveNotSharded},
		{[]string{"--shard", "1/4", "--impact", "all", "--impact-precision", "2"}, adaptiveNotSharded},
		{[]string{"--shard", "1/4", "--until-decided", "10k"}, untilNotSharded},
		{[]string{"--shard", "1/4", "--trace"}, "a shard plays a fixed slice of the run's games; --trace needs the whole run on one machine"},
		{[]string{"--shard", "1/5", "--games", "4"}, "shard 1/5: 5 shards of 4 games would leave some empty (at most --games shards)"},
		{[]string{"--shard", "2/2", "--games", "1"}, "shard 2/2: 2 shards of 1 game would leave some empty (at most --games shards)"},
	} {
		r := dw(t, append([]string{"sim"}, tc.args...)...)
		requireExit(t, exitUsage, r, "%v", tc.args)
		assert.Equal(t, "deckwright: "+tc.want+"\n", r.stderr, "%v", tc.args)
	}
	r := dw(t, "sim", "--shard", "4/4", "--games", "4", "--json")
	requireExit(t, exitOK, r, "as many shards as games: one game each")
	assert.Equal(t, 1, decodeCounts(t, r.stdout).Games)
}

// A shard without --json or --part plays its slice and saves nothing to
// merge: it says so, and still exits 0 (a designer may look at one
// slice). With --json its report carries the part, and it says nothing.
func TestSimShardWithoutPartWarns(t *testing.T) {
	part := filepath.Join(t.TempDir(), "part-1.json")
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
		// part: the report is JSON, and carries the shard's part.
		part bool
	}{
		{[]string{"--shard", "1/2"}, nil, "deckwright sim: shard 1/2 without --json or --part: its counts are not saved for deckwright merge (add --json > parts/1.json, or --part FILE)\n", false},
		{[]string{"--shard-env"}, map[string]string{"JOB_COMPLETION_INDEX": "2", "JOB_COMPLETIONS": "4"},
			"deckwright sim: shard 3/4 without --json or --part: its counts are not saved for deckwright merge (add --json > parts/3.json, or --part FILE)\n", false},
		{[]string{"--shard", "1/2", "--part", part}, nil, "wrote " + part + " (shard 1/2)\n", false},
		{[]string{"--shard", "1/2", "--json"}, nil, "", true},
		{[]string{"--shard-env", "--json"}, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"}, "", true},
		{[]string{"--shard", "2/2", "--json", "--part", part}, nil, "wrote " + part + " (shard 2/2)\n", true},
		{nil, nil, "", false},
	} {
		t.Run(fmt.Sprint(tc.args), func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			r := dw(t, append([]string{"sim", "--games", "8"}, tc.args...)...)
			requireExit(t, exitOK, r)
			assert.Equal(t, tc.want, r.stderr)
			if !tc.part {
				assert.Contains(t, r.stdout, "Fortune and Glory — ", "the report is printed")
				return
			}
			var rep struct {
				Games int
				Part  struct {
					Format string
					Shard  struct{ K, N, Games int }
				}
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
			assert.Equal(t, "deckwright-sim-part", rep.Part.Format)
			assert.Equal(t, 2, rep.Part.Shard.N)
			assert.Equal(t, 4, rep.Part.Shard.Games)
			assert.Equal(t, rep.Games, rep.Part.Shard.Games, "the report is of the part's games")
		})
	}
}

// A shard's --json report from --shard-env (a Kubernetes Indexed Job, a
// Slurm array) carries its part as --shard's does: merged, the reports
// are the run.
func TestMergeShardEnvReports(t *testing.T) {
	plain := []string{"--games", "30", "--seed", "3"}
	sweep := []string{"--games", "30", "--seed", "3", "--sweep", "city.rooftop-chase.glory=1,4"}
	for _, tc := range []struct {
		name string
		run  []string
		env  func(k int) map[string]string
	}{
		{"kubernetes", plain, func(k int) map[string]string {
			return map[string]string{"JOB_COMPLETION_INDEX": fmt.Sprint(k - 1), "JOB_COMPLETIONS": "3"}
		}},
		{"slurm 1-3", plain, func(k int) map[string]string {
			return slurmArray(fmt.Sprint(k), "1", "3", "1", "3")
		}},
		{"kubernetes sweep", sweep, func(k int) map[string]string {
			return map[string]string{"JOB_COMPLETION_INDEX": fmt.Sprint(k - 1), "JOB_COMPLETIONS": "3"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := tc.run
			whole := dw(t, append([]string{"sim", "--json"}, run...)...)
			requireExit(t, exitOK, whole)
			dir := t.TempDir()
			var reports []string
			for k := 1; k <= 3; k++ {
				for name, v := range tc.env(k) {
					t.Setenv(name, v)
				}
				r := dw(t, append([]string{"sim", "--shard-env", "--json"}, run...)...)
				requireExit(t, exitOK, r)
				assert.NotContains(t, r.stderr, "not saved", "its counts are saved")
				name := filepath.Join(dir, fmt.Sprintf("%d.json", k))
				require.NoError(t, os.WriteFile(name, []byte(r.stdout), 0o644))
				reports = append(reports, name)
			}
			m := dw(t, append([]string{"merge", "--json"}, reports...)...)
			requireExit(t, exitOK, m)
			assert.Equal(t, withoutSpeed(t, whole.stdout), withoutSpeed(t, m.stdout))
		})
	}
}
