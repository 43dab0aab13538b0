package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/export/outfile/outfiletest"
)

// A writer is a command that writes a file. run writes target (a file in
// dir) and returns the arguments that do it; prepare readies dir (an init
// project) before the old file is put in place.
type writer struct {
	name    string
	target  string // file name inside the folder
	args    func(dir, target string) []string
	prepare func(t *testing.T, dir string)
}

var writers = []writer{
	{name: "build -o", target: "tables.json", args: func(_, target string) []string {
		return []string{"build", "-o", target}
	}},
	{name: "sim --report", target: "report.html", args: func(_, target string) []string {
		return []string{"sim", "--games", "30", "--report", target}
	}},
	{name: "sim --shard --part", target: "part-1.json", args: func(_, target string) []string {
		return []string{"sim", "--games", "30", "--shard", "1/2", "--part", target}
	}},
	{name: "merge -o", target: "merged.txt", args: func(dir, target string) []string {
		return []string{"merge", filepath.Join(dir, "..", "part.json"), "-o", target}
	}, prepare: func(t *testing.T, dir string) {
		// The part merge reads sits beside the folder, which the full-disk
		// test fills.
		requireExit(t, exitOK, dw(t, "sim", "--games", "10", "--part", filepath.Join(dir, "..", "part.json")))
	}},
	{name: "export pdf -o", target: "cards.pdf", args: func(_, target string) []string {
		return []string{"export", "pdf", "--deck", "dangers", "--quiet", "-o", target}
	}},
	{name: "export pdf --backs separate", target: "cards-backs.pdf", args: func(dir, _ string) []string {
		return []string{"export", "pdf", "--deck", "dangers", "--layout", "single", "--backs", "separate", "--quiet", "-o", filepath.Join(dir, "cards.pdf")}
	}},
	{name: "export png", target: filepath.Join("png", "ancient-puzzle-front.png"), args: func(dir, _ string) []string {
		return []string{"export", "png", "--cards", "ancient-puzzle", "--dpi", "50", "--quiet", "-o", filepath.Join(dir, "png")}
	}, prepare: func(t *testing.T, dir string) {
		require.NoError(t, os.Mkdir(filepath.Join(dir, "png"), 0o755))
	}},
	{name: "export tts", target: filepath.Join("tts", "dangers.json"), args: func(dir, _ string) []string {
		return []string{"export", "tts", "--deck", "dangers", "--quiet", "-o", filepath.Join(dir, "tts")}
	}, prepare: func(t *testing.T, dir string) {
		require.NoError(t, os.Mkdir(filepath.Join(dir, "tts"), 0o755))
	}},
	{name: "init --force (.gitattributes)", target: ".gitattributes", args: func(dir, _ string) []string {
		return []string{"init", dir, "--force", "--name", "arctic"}
	}, prepare: func(t *testing.T, dir string) {
		// Everything but .gitattributes is in place, so its merge is the
		// one write init makes.
		r := dw(t, "init", dir, "--name", "arctic")
		requireExit(t, exitOK, r)
		require.NoError(t, os.Remove(filepath.Join(dir, ".gitattributes")))
	}},
	{name: "templates init --force", target: filepath.Join("templates", "dangers.yaml"), args: func(dir, _ string) []string {
		return []string{"templates", "init", dir, "--force"}
	}, prepare: func(t *testing.T, dir string) {
		requireExit(t, exitOK, dw(t, "templates", "init", dir))
		require.NoError(t, os.Remove(filepath.Join(dir, "templates", "dangers.yaml")))
	}},
}

const oldContent = "*.psd filter=lfs diff=lfs merge=lfs -text\n" // what the user had, for every writer

// TestWritersRefuseLinksAndDevices: each writer refuses to replace a
// symbolic link or a device node at its target (exit 2, a message naming
// the target), and what was there stays.
func TestWritersRefuseLinksAndDevices(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			t.Run("symlink", func(t *testing.T) {
				dir := t.TempDir()
				if w.prepare != nil {
					w.prepare(t, dir)
				}
				target := filepath.Join(dir, w.target)
				real := filepath.Join(t.TempDir(), "real-file")
				require.NoError(t, os.WriteFile(real, []byte(oldContent), 0o644))
				require.NoError(t, os.Symlink(real, target))
				r := dw(t, w.args(dir, target)...)
				assert.Equal(t, exitUsage, r.code, r.String())
				assert.Contains(t, r.stderr, "deckwright: refusing to replace "+target+": it is a symbolic link, not a regular file (name a new file, or - for standard output)\n")
				st, err := os.Lstat(target)
				require.NoError(t, err)
				assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is still a link")
				assert.Equal(t, oldContent, string(readFile(t, real)), "what it points at is unchanged")
			})
			t.Run("device", func(t *testing.T) {
				dir := t.TempDir()
				if w.prepare != nil {
					w.prepare(t, dir)
				}
				target := filepath.Join(dir, w.target)
				// A private null device: a bug here must not cost the
				// machine its /dev/full, as the did.
				if err := syscall.Mknod(target, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
					t.Skipf("cannot make a device node here: %v", err)
				}
				r := dw(t, w.args(dir, target)...)
				assert.Equal(t, exitUsage, r.code, r.String())
				assert.Contains(t, r.stderr, "deckwright: refusing to replace "+target+": it is a device, not a regular file (name a new file, or - for standard output)\n")
				st, err := os.Lstat(target)
				require.NoError(t, err)
				assert.NotZero(t, st.Mode()&os.ModeCharDevice, "the device is still a device")
			})
		})
	}
}

// TestWritersOnAFullDisk: on a real full disk (a tmpfs filled to the last
// byte) every writer fails with exit 2 and the cause, and the old file is
// intact, with no temporary file left.
func TestWritersOnAFullDisk(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			dir := outfiletest.SmallDisk(t, 4<<20)
			if w.prepare != nil {
				w.prepare(t, dir)
			}
			target := filepath.Join(dir, w.target)
			require.NoError(t, os.WriteFile(target, []byte(oldContent), 0o644))
			before := listDir(t, filepath.Dir(target))
			outfiletest.Fill(t, dir)
			r := dw(t, w.args(dir, target)...)
			assert.Equal(t, exitUsage, r.code, r.String())
			assert.Regexp(t, `^deckwright: cannot write `+regexpQuote(dir)+`/\S+: no space left on device\n$`, lastLine(r.stderr))
			assert.Equal(t, oldContent, string(readFile(t, target)))
			after := listDir(t, filepath.Dir(target))
			assert.Equal(t, before, without(after, outfiletest.FillerName), "no temporary file is left")
		})
	}
}

// TestWritersOverTheFileSizeLimit: the test that always runs, wherever
// mounting a disk is impossible: a process whose file size limit is
// smaller than its output (writes fail with "file too large", as on a
// full disk) exits 2 and the old file is intact.
func TestWritersOverTheFileSizeLimit(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			if w.prepare != nil {
				w.prepare(t, dir)
			}
			target := filepath.Join(dir, w.target)
			old := []byte(oldContent)
			if w.target == ".gitattributes" {
				// init adds a line to it: a file over the limit.
				old = append(bytes.Repeat([]byte("# the user's notes on their attributes\n"), 60), oldContent...)
			}
			require.NoError(t, os.WriteFile(target, old, 0o644))
			p := runLimited(t, 1, w.args(dir, target)...)
			assert.Equal(t, exitUsage, p.code, "stdout:\n%s\nstderr:\n%s", p.stdout, p.stderr)
			assert.Regexp(t, `^deckwright: cannot write `+regexpQuote(dir)+`/\S+: file too large\n$`, lastLine(p.stderr))
			assert.Equal(t, old, readFile(t, target))
		})
	}
}

func regexpQuote(s string) string { return regexp.QuoteMeta(s) }

// lastLine is the last line of s, with its newline.
func lastLine(s string) string {
	s = strings.TrimSuffix(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:] + "\n"
}

func without(list []string, drop string) []string {
	var out []string
	for _, s := range list {
		if s != drop {
			out = append(out, s)
		}
	}
	return out
}

// TestLostStandardOutput: output that cannot be written to standard output
// (a full disk behind a redirection, a textconv whose pipe breaks) is an
// I/O failure, exit 2, never a silent 0.
func TestLostStandardOutput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	wb := filepath.Join(newProject(t, "my-exp"), "my-exp.xlsx")
	for _, args := range [][]string{
		{"build", "-o", "-"},
		{"dump", wb},
		{"validate"},
		{"sim", "--games", "10", "--json"},
		{"sim", "--games", "10"},
		{"codes"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(binary(t), args...)
			cmd.Stdout = full
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "stderr: %s", errb.String())
			assert.Equal(t, exitUsage, ee.ExitCode())
			assert.Equal(t, "deckwright: cannot write standard output: no space left on device\n", lastLine(errb.String()))
		})
	}
}

// TestReportToStandardOutput: --report - writes the HTML report to
// standard output, and the text report to standard error beside it.
func TestReportToStandardOutput(t *testing.T) {
	r := dw(t, "sim", "--games", "10", "--report", "-")
	requireExit(t, exitOK, r)
	assert.True(t, strings.HasPrefix(r.stdout, "<!doctype html>"), r.stdout[:min(len(r.stdout), 200)])
	assert.True(t, strings.HasPrefix(r.stderr, "Fortune and Glory — 10 competitive games"), r.stderr)
	assert.NotContains(t, r.stderr, "wrote -")
}
