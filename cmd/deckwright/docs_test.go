package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckwright/deckwright/compiler"
	"github.com/deckwright/deckwright/content"
	"github.com/deckwright/deckwright/effects"
	"github.com/deckwright/deckwright/engine/diag"
	"github.com/deckwright/deckwright/engine/game"
	"github.com/deckwright/deckwright/engine/table"
	"github.com/deckwright/deckwright/templates"
)

// Docs that are checked: every example in the documents a designer reads
// is extracted and validated, so the docs cannot drift from the tool.
//
//   - Fenced blocks say what they hold. ```sh: deckwright command lines,
//     each parsed against the real command tree (the command, its flags,
//     their values' types and its arguments). ```text: a diagram or
//     listing, not an example. A block of diagnostics (an example meant to
//     fail) is reproduced: its cell is given its text and validate must
//     print exactly that diagnostic, caret and hint. ```yaml: a template,
//     a template's cards or a list of zones, loaded by the templates
//     package.
//   - FORMAT.md's example column: each example is typed in its column of a
//     real build, and must give no error at that cell.
//   - Inline code: an expression must type-check in the game's effect
//     language; a skill test, check or modifier list must parse with its
//     grammar and name things that exist; a command or flag must exist; a
//     template binding must parse. What is none of these must be a name
//     deckwright knows (a sheet, column, value, verb, row, file, option) or
//     a pattern with placeholders (N, …, <keyword>).
var docFiles = []struct {
	path  string
	games []string
}{
	{"README.md", []string{"fortune-and-glory", "fallen-land"}},
	{"content/fortune-and-glory/FORMAT.md", []string{"fortune-and-glory"}},
	{"content/fortune-and-glory/AUTHORING.md", []string{"fortune-and-glory"}},
	{"content/fortune-and-glory/EFFECTS.md", []string{"fortune-and-glory"}},
	{"content/fallen-land/FORMAT.md", []string{"fallen-land"}},
	{"content/fallen-land/AUTHORING.md", []string{"fallen-land"}},
	{"content/fallen-land/EFFECTS.md", []string{"fallen-land"}},
	{"templates/FORMAT.md", []string{"fortune-and-glory", "fallen-land"}},
}

// docGame is what checking a game's examples needs.
type docGame struct {
	mod  game.Module
	syms *table.Symbols
	env  *effects.Env
}

// docChecker holds everything the examples are checked against.
type docChecker struct {
	games map[string]*docGame
	vocab map[string]bool // every name deckwright knows, folded
	keys  map[string]bool // every key of the JSON deckwright prints
	root  *cobra.Command
	// rootDir is the repository, for paths.
	rootDir string
}

func newDocChecker(t *testing.T) *docChecker {
	t.Helper()
	c := &docChecker{games: map[string]*docGame{}, vocab: map[string]bool{}, keys: map[string]bool{}, root: newRoot(&strings.Builder{}, &strings.Builder{})}
	c.root.InitDefaultCompletionCmd()
	c.root.InitDefaultHelpCmd()
	c.rootDir = repoRoot(t)
	word := func(s string) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != '.'
		}) {
			c.vocab[strings.ToLower(strings.Trim(w, ".-_"))] = true
		}
	}
	for _, m := range game.Modules() {
		set, ok := content.BaseOf(m.ID())
		require.True(t, ok)
		data, err := set.Workbook()
		require.NoError(t, err)
		wb, _ := compiler.ReadWorkbook(set.FileName(), data, compiler.DefaultLimits)
		tb, l := compiler.Compile(m, []*compiler.Workbook{wb}, compiler.Options{})
		require.NotNil(t, tb, "%v", l.Items())
		s := m.Schema()
		g := &docGame{mod: m, syms: table.NewSymbols(s, tb), env: m.Envs()[0]}
		c.games[m.ID()] = g
		word(m.ID() + " " + m.Title() + " " + set.ID + " " + set.FileName())
		for _, sh := range append([]table.Sheet{table.SetSheet}, s.Sheets...) {
			word(sh.Name + " " + sh.Key() + " " + strings.Join(sh.Aliases, " "))
			for _, col := range table.AllColumns(&sh) {
				word(col.Name + " " + col.Key() + " " + strings.Join(col.Aliases, " ") + " " + strings.Join(col.Type.Values, " ") + " " + col.Default)
				if col.Type.Elem != nil {
					word(strings.Join(col.Type.Elem.Values, " "))
				}
			}
		}
		for _, d := range s.Domains {
			word(d.Name + " " + strings.Join(d.Static, " ") + " " + strings.Join(g.syms.Names(d.Name), " "))
		}
		for _, tbl := range tb.Sheets {
			for _, r := range tbl.Rows {
				word(r.ID + " " + r.Str("name"))
			}
		}
		for _, e := range m.Envs() {
			word(e.Name)
			for _, v := range e.Values() {
				word(v.Name)
			}
			for _, v := range e.Verbs() {
				word(v.Name)
			}
			for k := range e.Domains {
				word(k)
			}
		}
	}
	// Every word of the command line's help (options, variants, policies).
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		word(cmd.Use + " " + cmd.Short + " " + cmd.Long + " " + cmd.Example + " " + strings.Join(cmd.Aliases, " "))
		cmd.Flags().VisitAll(func(f *pflag.Flag) { word(f.Name + " " + f.Usage) })
		for _, sub := range cmd.Commands() {
			walk(sub)
		}
	}
	walk(c.root)
	// The bundled templates use every template key, zone type and icon.
	for _, m := range game.Modules() {
		fsys, ok := templates.Defaults(m.ID())
		require.True(t, ok)
		require.NoError(t, fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			word(p + " " + string(data))
			return err
		}))
	}
	// File and folder names of the repository, and the diagnostic codes.
	require.NoError(t, filepath.WalkDir(repoRoot(t), func(p string, d fs.DirEntry, err error) error {
		if err != nil || strings.HasPrefix(d.Name(), ".git") && d.Name() != ".gitattributes" {
			if d != nil && d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return err
		}
		word(d.Name() + " " + strings.ReplaceAll(d.Name(), ".", " "))
		// The template language's keys, zone types and fonts are in its code.
		if filepath.Base(filepath.Dir(p)) == "templates" && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			data, err := os.ReadFile(p)
			word(string(data))
			return err
		}
		return nil
	}))
	for _, e := range diag.Catalog() {
		word(string(e.Code) + " " + e.Summary)
	}
	// The packages CI installs, the rule variants, the cell grammars' own
	// words (on, vs, in …).
	ci, err := os.ReadFile(filepath.Join(repoRoot(t), ".ci", "run"))
	require.NoError(t, err)
	word(string(ci))
	for _, m := range game.Modules() {
		if s, ok := m.(game.Simulator); ok {
			for _, v := range s.SimSpec().Variants {
				word(v.Name)
			}
		}
	}
	for _, m := range game.Modules() {
		for _, g := range m.Schema().Grammars {
			word(g.Title + " " + g.Doc)
		}
	}
	// The keys of the JSON validate and sim print.
	for _, args := range [][]string{{"validate", "--format", "json"}, {"sim", "--games", "20", "--json"}, {"sim", "--game", "fallen-land", "--games", "5", "--json"}} {
		r := dw(t, args...)
		require.Equal(t, exitOK, r.code, "%v: %s", args, r.stderr)
		var v any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &v))
		jsonKeys(v, c.keys)
	}
	// Keys printed only sometimes ("partial", for an interrupted run) are
	// in the report types' struct tags.
	for _, dir := range []string{"engine/game", "engine/report", "engine/diag", "engine/table"} {
		files, err := filepath.Glob(filepath.Join(repoRoot(t), dir, "*.go"))
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, m := range regexp.MustCompile(`json:"(\w+)`).FindAllStringSubmatch(string(data), -1) {
				c.keys[m[1]] = true
			}
		}
	}
	rep := diag.Report(&diag.List{})
	rep.Diagnostics = append(rep.Diagnostics, diag.JSONDiagnostic{})
	data, err := json.Marshal(rep)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(data, &v))
	jsonKeys(v, c.keys)
	return c
}

func jsonKeys(v any, into map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			into[k] = true
			jsonKeys(x, into)
		}
	case []any:
		for _, x := range v {
			jsonKeys(x, into)
		}
	}
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	return root
}

// block is a fenced block of a document.
type block struct {
	info  string
	line  int // of its first content line
	lines []string
}

// span is an inline code span of a document.
type span struct {
	text  string
	line  int
	after string // the text that follows, for "(DW0412)"
}

// parseDoc splits a Markdown document into fenced blocks and the inline
// code spans of everything else (a span may run over a line break).
func parseDoc(t *testing.T, path string) ([]block, []span, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var blocks []block
	var spans []span
	var tables [][]string // "section\x00line\x00| a | b |" rows, for FORMAT.md
	var cur *block
	var para []string
	paraLine := 0
	section := ""
	flush := func() {
		text := strings.Join(para, "\n")
		for {
			i := strings.IndexByte(text, '`')
			if i < 0 {
				break
			}
			j := strings.IndexByte(text[i+1:], '`')
			if j < 0 {
				break
			}
			code := text[i+1 : i+1+j]
			line := paraLine + strings.Count(text[:i], "\n")
			after := text[i+2+j:]
			after = after[:min(len(after), 16)]
			spans = append(spans, span{text: strings.ReplaceAll(strings.ReplaceAll(code, "\n", " "), `\|`, "|"), line: line, after: after})
			text = text[i+2+j:]
			paraLine = line + strings.Count(code, "\n")
		}
		para = nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if cur != nil {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				blocks = append(blocks, *cur)
				cur = nil
				continue
			}
			cur.lines = append(cur.lines, line)
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			flush()
			cur = &block{info: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "```")), line: n + 1}
			continue
		}
		if strings.HasPrefix(line, "#") {
			flush()
			section = strings.TrimSpace(strings.TrimLeft(line, "#"))
		}
		if strings.HasPrefix(line, "|") {
			flush()
			tables = append(tables, []string{section, fmt.Sprint(n), line})
			para, paraLine = []string{line}, n
			flush()
			continue
		}
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		if len(para) == 0 {
			paraLine = n
		}
		para = append(para, line)
	}
	flush()
	require.NoError(t, sc.Err())
	require.Nil(t, cur, "%s: a fenced block is not closed", path)
	return blocks, spans, tables
}

func TestDocsExamples(t *testing.T) {
	c := newDocChecker(t)
	root := repoRoot(t)
	for _, doc := range docFiles {
		t.Run(doc.path, func(t *testing.T) {
			path := filepath.Join(root, doc.path)
			blocks, spans, tables := parseDoc(t, path)
			for _, b := range blocks {
				c.checkBlock(t, doc.path, doc.games, b)
			}
			for _, s := range spans {
				if code := failing.FindStringSubmatch(s.after); code != nil {
					if why := c.checkFailing(doc.games, s.text, code[1]); why != "" {
						t.Errorf("%s:%d: `%s` (%s): %s", doc.path, s.line, s.text, code[1], why)
					}
					continue
				}
				if why := c.checkSpan(doc.games, s.text); why != "" {
					t.Errorf("%s:%d: `%s`: %s", doc.path, s.line, s.text, why)
				}
			}
			if strings.HasSuffix(doc.path, "/FORMAT.md") && !strings.HasPrefix(doc.path, "templates/") {
				c.checkColumnExamples(t, doc.path, doc.games[0], tables)
			}
		})
	}
}

// checkBlock checks a fenced block by what its info string says it holds.
func (c *docChecker) checkBlock(t *testing.T, doc string, games []string, b block) {
	t.Helper()
	at := fmt.Sprintf("%s:%d", doc, b.line)
	kind := strings.Fields(b.info + " ")
	switch {
	case len(kind) == 0:
		t.Errorf("%s: say what the fenced block holds (```sh, ```yaml, ```text, or ```text for a diagram)", at)
	case kind[0] == "sh":
		for i, line := range b.lines {
			for _, cmd := range strings.Split(stripComment(line), "&&") {
				if why := c.checkCommandLine(strings.TrimSpace(cmd)); why != "" {
					t.Errorf("%s:%d: %s: %s", doc, b.line+i, strings.TrimSpace(cmd), why)
				}
			}
		}
	case kind[0] == "yaml":
		if why := c.checkTemplate(games, strings.Join(b.lines, "\n")); why != "" {
			t.Errorf("%s: the template example does not load: %s", at, why)
		}
	case kind[0] == "text":
		if isDiagnostic(b.lines) {
			c.checkDiagnosticExample(t, at, games, b.lines)
		}
	default:
		t.Errorf("%s: unknown block kind %q (sh, yaml or text)", at, b.info)
	}
}

func stripComment(line string) string {
	if i := strings.Index(line, "  #"); i >= 0 {
		return line[:i]
	}
	return line
}

var diagLine = regexp.MustCompile(`^(\S+?):(?:([^!:]+)(?:!([A-Z]+\d+))?)?: (error|warning)\[(DW\d{4})\]: (.*)$`)

func isDiagnostic(lines []string) bool {
	return len(lines) > 0 && diagLine.MatchString(lines[0])
}

// checkCommandLine checks a shell command: a deckwright command line is
// parsed against the command tree; go, git and cd need no checking.
func (c *docChecker) checkCommandLine(line string) string {
	if line == "" {
		return ""
	}
	if i := strings.IndexAny(line, "|>"); i >= 0 && strings.HasPrefix(line, "deckwright") {
		line = strings.TrimSpace(line[:i]) // a pipe into another tool, or a redirect to a file
	}
	words := shellWords(line)
	for len(words) > 1 && envAssign.MatchString(words[0]) {
		words = words[1:] // VAR=value before a command
	}
	switch {
	case words[0] == "deckwright":
		return c.checkArgs(words[1:])
	case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/deckwright":
		return c.checkArgs(words[3:])
	case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./gen":
		return checkGen(words[3:])
	case words[0] == "go" || words[0] == "git" || words[0] == "cd" || words[0] == "bash" || strings.Contains(words[0], "="):
		return ""
	}
	return "not a deckwright command line"
}

// shellWords splits a command line on spaces, keeping quoted words whole.
func shellWords(s string) []string {
	var out []string
	var b strings.Builder
	quote := rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == ' ':
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		default:
			b.WriteRune(r)
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

func (c *docChecker) checkArgs(args []string) string { return parseCommandLine(args) }

// parseCommandLine parses a deckwright command line without running it:
// the command exists, every flag exists and its value has the flag's
// type, and the arguments fit the command. It says what is wrong, or "".
func parseCommandLine(args []string) string {
	root := newRoot(&strings.Builder{}, &strings.Builder{})
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err.Error()
	}
	if cmd == root && len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		return fmt.Sprintf("no command %q", rest[0])
	}
	// Placeholders stand for values of the flag's type (--games N).
	for i, a := range rest {
		if i > 0 && placeholder.MatchString(a) && strings.HasPrefix(rest[i-1], "--") {
			if f := cmd.Flags().Lookup(strings.TrimPrefix(rest[i-1], "--")); f != nil {
				switch f.Value.Type() {
				case "int", "int64", "uint", "float64":
					rest[i] = "1"
				}
			}
		}
	}
	// A flag named last, without its value, is a flag referred to.
	if n := len(rest); n > 0 && strings.HasPrefix(rest[n-1], "--") {
		if f := cmd.Flags().Lookup(strings.TrimPrefix(rest[n-1], "--")); f != nil && f.NoOptDefVal == "" {
			rest = rest[:n-1]
		}
	}
	if err := cmd.ParseFlags(rest); err != nil && err != pflag.ErrHelp {
		return err.Error()
	}
	if cmd.Args != nil {
		if err := cmd.Args(cmd, cmd.Flags().Args()); err != nil {
			return err.Error()
		}
	}
	return ""
}

// checkGen checks the content generator's flags (content/gen).
func checkGen(args []string) string {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-set":
			if i+1 >= len(args) {
				return "-set needs a set"
			}
			if _, ok := content.ByID(args[i+1]); !ok {
				return fmt.Sprintf("no bundled set %q", args[i+1])
			}
			i++
		case "-o":
			i++
		default:
			return fmt.Sprintf("gen has no flag %s", args[i])
		}
	}
	return ""
}

// checkTemplate loads a YAML example as a template: a whole template, a
// template's cards, or a list of zones (valid for some sheet of a game).
func (c *docChecker) checkTemplate(games []string, src string) string {
	var why string
	try := func(game, body string) bool {
		s := c.games[game].mod.Schema()
		_, l := templates.Load(s, templates.Folder{FS: fstest.MapFS{"example.yaml": {Data: []byte(body)}}, Label: "docs"})
		if l.Len() == 0 {
			return true
		}
		why = l.Items()[0].String()
		return false
	}
	trimmed := strings.TrimSpace(src)
	// A fragment of shared.yaml (fonts, fallback, colors, order): loaded as
	// a project's shared.yaml, the font files it names standing in for by
	// a real TrueType font (the export tests' own).
	for _, key := range []string{"fonts:", "fallback:", "colors:", "order:", "inline_icons:"} {
		if !strings.HasPrefix(trimmed, key) {
			continue
		}
		fsys := fstest.MapFS{}
		for _, m := range regexp.MustCompile(`[\w./-]+\.(?:ttf|otf)`).FindAllString(src, -1) {
			font, err := os.ReadFile(filepath.Join(c.rootDir, "export", "testdata", "fonts", "DWTestSymbols.ttf"))
			if err != nil {
				return err.Error()
			}
			fsys[m] = &fstest.MapFile{Data: font}
		}
		for _, g := range games {
			fsys["shared.yaml"] = &fstest.MapFile{Data: []byte("game: " + g + "\n" + src)}
			if _, l := templates.Load(c.games[g].mod.Schema(), templates.Folder{FS: fsys, Label: "docs"}); l.Errors() > 0 {
				why = l.Items()[0].String()
				continue
			}
			return ""
		}
		return why
	}
	for _, g := range games {
		switch {
		case strings.HasPrefix(trimmed, "cards:"):
			if try(g, "name: docs-example\nsize: poker\nfront:\n  zones:\n    - {type: text, at: [4, 4, 55, 60], text: \"{{front_title}} {{front_text}}\"}\n"+src) {
				return ""
			}
		case strings.HasPrefix(trimmed, "- "):
			for _, sh := range c.games[g].mod.Schema().Sheets {
				zones := "    " + strings.ReplaceAll(src, "\n", "\n    ")
				if try(g, "name: docs-example\nsize: poker\nsheet: "+sh.Name+"\nfront:\n  zones:\n"+zones+"\n") {
					return ""
				}
			}
		default:
			if try(g, src) {
				return ""
			}
		}
	}
	return why
}

// checkDiagnosticExample reproduces a block of diagnostics, an example
// meant to fail: the first line names the cell, the code and the message;
// a caret line under the cell's text and a hint may follow. The cell of
// the bundled base set is given that text, and validate must print the
// same lines.
func (c *docChecker) checkDiagnosticExample(t *testing.T, at string, games []string, lines []string) {
	t.Helper()
	m := diagLine.FindStringSubmatch(lines[0])
	sheet, cell, code := m[2], m[3], m[5]
	var src string
	if len(lines) > 2 && strings.TrimSpace(lines[2]) == "^" || len(lines) > 2 && strings.HasSuffix(strings.TrimSpace(lines[2]), "^") {
		src = strings.TrimSpace(lines[1])
	}
	require.NotEmpty(t, src, "%s: a diagnostic example shows the cell's text and a caret", at)
	for _, g := range games {
		dir := t.TempDir()
		b := bundledBook(t, g, m[1])
		var sh *editSheet
		for _, s := range b.sheets {
			if s.name == sheet {
				sh = s
			}
		}
		if sh == nil {
			continue // another game's sheet
		}
		col, row := cellCoords(t, cell)
		sh.put(row, col, src)
		b.write(t, dir)
		r := dw(t, "validate", dir)
		var got []string
		for _, l := range strings.Split(r.stdout, "\n") {
			if strings.HasPrefix(l, m[1]+":"+sheet+"!"+cell+":") {
				got = append(got, l)
			}
		}
		require.Len(t, got, 1, "%s: validate reports the example's cell once:\n%s", at, r.stdout)
		i := strings.Index(r.stdout, got[0])
		printed := strings.Split(strings.TrimRight(r.stdout[i:], "\n"), "\n")
		n := min(len(lines), len(printed))
		assert.Equal(t, strings.Join(lines, "\n"), strings.Join(printed[:n], "\n"), "%s: the example (%s) as validate prints it", at, code)
		return
	}
	t.Errorf("%s: no game has a sheet %q", at, sheet)
}

func cellCoords(t *testing.T, cell string) (col, row int) {
	t.Helper()
	i := strings.IndexFunc(cell, unicode.IsDigit)
	for _, ch := range cell[:i] {
		col = col*26 + int(ch-'A'+1)
	}
	_, err := fmt.Sscan(cell[i:], &row)
	require.NoError(t, err)
	return col, row
}

var (
	placeholder = regexp.MustCompile(`…|<[^>]+>|\b[A-Z]{1,5}\b|\.\.\.`)
	callish     = regexp.MustCompile(`^([a-z][A-Za-z.0-9]*)\((.*)\)$`)
	signature   = regexp.MustCompile(`^([a-z][A-Za-z.0-9]*)\((?:\w+ \w+(?: = -?\d+)?(?:, \w+ \w+(?: = -?\d+)?)*)?\)(?: \w+)?$`)
	// Code: calls, quotes, brackets, statements, operators between
	// spaces, a dotted value.
	codeish   = regexp.MustCompile(`[(){}\[\];"]| [=<>+*/%?:!&|-]+ |==|\w\.[a-z]`)
	operators = regexp.MustCompile(`^[-+*/%=<>!&|;]+( [-+*/%=<>!&|;]+)*$`)
	pathish   = regexp.MustCompile(`^[\w.*~$#-]*/[\w./*~$#-]*$|^\*?\.\w+$|^[\w.*~$/-]+\.(xlsx|xls|ods|fods|csv|tsv|md|yaml|json|html|pdf|png|go|ttf|otf)#?$`)
	columnEq  = regexp.MustCompile(`^([A-Za-z][\w ]*?) = (\S+)$`)
	failing   = regexp.MustCompile(`^ ?\((DW\d{4})\)`)
	yamlKey   = regexp.MustCompile(`^(\w+): (.+)$`)
	envAssign = regexp.MustCompile(`^[A-Z][A-Z0-9_]*=\S*$`)
	escapeSeq = regexp.MustCompile(`^\\x[0-9a-f]{2}$`)
	// A sweep's address, with or without its values: cards.golden-idol.gainGlory#2=1..5.
	sweepAddr = regexp.MustCompile(`^[a-z][\w-]*\.[\w-]+\.[A-Za-z][\w.-]*(#\d+)?(=\S+)?$`)
	// Shell builtins and tools a doc may show beside deckwright.
	shellBuiltin = map[string]bool{"trap": true, "kill": true, "export": true, "ulimit": true, "timeout": true}
	// Names that stand for any value in a pattern: cond ? a : b.
	patternNames = map[string]bool{"a": true, "b": true, "c": true, "n": true, "x": true, "cond": true}
)

// checkSpan checks an inline code span and returns what is wrong, or "".
func (c *docChecker) checkSpan(games []string, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	for _, g := range games {
		if c.isExpression(g, s) || c.isCell(g, s) {
			return ""
		}
	}
	for _, g := range games {
		if c.isExpressionPattern(g, s) {
			return ""
		}
	}
	switch {
	case strings.HasPrefix(s, "deckwright ") || strings.HasPrefix(s, "go ") || strings.HasPrefix(s, "git ") || strings.HasPrefix(s, "bash ") || envAssign.MatchString(strings.Fields(s)[0]):
		return c.checkCommandLine(s)
	case strings.Contains(s, " deckwright "):
		return c.checkCommandLine(s[strings.Index(s, " deckwright ")+1:])
	case strings.HasPrefix(s, "--"):
		return c.checkFlags(s)
	case strings.HasPrefix(s, "-"):
		if c.checkFlags(s) == "" { // a short flag of deckwright's: -o
			return ""
		}
		return checkGoFlags(s)
	case escapeSeq.MatchString(s):
		return "" // a control character as deckwright prints it
	case shellBuiltin[strings.Fields(s)[0]]:
		return ""
	case operators.MatchString(s):
		return "" // a list of the effect language's operators
	case sweepAddr.MatchString(s):
		if !strings.Contains(s, "=") {
			s += "=0"
		}
		if _, err := game.ParseSweep(s); err != nil {
			return err.Error()
		}
		return ""
	case pathish.MatchString(s):
		return c.checkPath(s)
	case strings.HasPrefix(s, "{") || strings.HasPrefix(s, `"`):
		return c.checkJSON(s)
	case columnEq.MatchString(s):
		return c.checkColumnValue(games, s)
	case yamlKey.MatchString(s):
		return c.checkYAMLKey(s)
	case isDiagnosticFormat(s):
		return checkDiagnosticSpan(s)
	case strings.Contains(s, "{{"):
		if _, err := templates.ParseText(s); err != nil {
			return err.Error()
		}
		return ""
	}
	if why := c.checkUsage(s); why == "" {
		return ""
	}
	for _, g := range games {
		env := c.games[g].env
		// A verb named, or its signature as the reference prints it.
		if v := env.Lookup(s); v != nil {
			return ""
		}
		if m := signature.FindStringSubmatch(s); m != nil && env.Lookup(m[1]) != nil {
			if sig := env.Lookup(m[1]).Signature(); sig != s {
				return fmt.Sprintf("the signature is %s", sig)
			}
			return ""
		}
		// A call whose arguments are the verb's parameter names, or
		// placeholders: loyaltyTest(target), heal(n), encounter.has(…).
		if m := callish.FindStringSubmatch(s); m != nil && env.Lookup(m[1]) != nil {
			v := env.Lookup(m[1])
			ok := true
			for i, a := range strings.Split(m[2], ", ") {
				ok = ok && (placeholder.MatchString(a) || i < len(v.Params) && a == v.Params[i].Name || patternNames[a])
			}
			if ok {
				return ""
			}
		}
	}
	// A pattern with a number left open: All +N.
	if strings.Contains(s, "N") {
		for _, g := range games {
			if n := regexp.MustCompile(`\bN\b`).ReplaceAllString(s, "1"); c.isCell(g, n) || c.isExpression(g, n) {
				return ""
			}
		}
	}
	// What remains is a name, or a pattern of names and placeholders; code
	// that did not check above is wrong.
	rest := placeholder.ReplaceAllString(s, " ")
	if codeish.MatchString(rest) && !strings.ContainsAny(s, "…<") {
		return c.explain(games, s)
	}
	var unknown []string
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != '.'
	}) {
		if w = strings.ToLower(strings.Trim(w, ".-_")); w != "" && !c.vocab[w] && !isNumber(w) {
			unknown = append(unknown, w)
		}
	}
	if len(unknown) > 0 {
		return fmt.Sprintf("neither a valid example nor a name deckwright knows (%s)", strings.Join(unknown, ", "))
	}
	return ""
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' && r != '-' {
			return false
		}
	}
	return true
}

// checkFailing checks an example meant to fail: it gives an error with
// the code the document states.
func (c *docChecker) checkFailing(games []string, s, code string) string {
	for _, g := range games {
		gm := c.games[g]
		if _, errs := gm.env.Check(s, effects.AnyResult, gm.syms); len(errs) > 0 {
			want := string(compiler.CodeEffectType)
			if errs[0].Syntax {
				want = string(compiler.CodeEffectSyntax)
			}
			if want != code {
				return fmt.Sprintf("fails with %s, not %s", want, code)
			}
			return ""
		}
	}
	return "meant to fail, but it checks"
}

// isExpressionPattern reports whether s checks once its placeholder
// names (cond, a, b) stand for values.
func (c *docChecker) isExpressionPattern(game, s string) bool {
	g := c.games[game]
	_, errs := g.env.Check(s, effects.AnyResult, g.syms)
	if len(errs) == 0 {
		return false
	}
	for _, e := range errs {
		var name string
		if _, err := fmt.Sscanf(e.Message, "unknown name %q", &name); err != nil || !patternNames[name] {
			return false
		}
	}
	return true
}

// checkGoFlags checks a flag of go test quoted from a benchmark command.
func checkGoFlags(s string) string {
	for _, w := range strings.Fields(s) {
		if strings.HasPrefix(w, "-") {
			switch strings.TrimPrefix(w, "-") {
			case "bench", "benchtime", "run", "count", "cpu", "fuzz", "fuzztime", "v", "short", "timeout", "o", "set",
				"benchmem", "cpuprofile", "memprofile", "memprofilerate": // profiling a benchmark
			default:
				return fmt.Sprintf("neither deckwright nor go test has a flag %s", w)
			}
		}
	}
	return ""
}

// checkPath checks a path: it exists in the repository, or names a
// project's folders and files by names deckwright uses.
func (c *docChecker) checkPath(s string) string {
	if matches, _ := filepath.Glob(filepath.Join(c.rootDir, strings.TrimSuffix(s, "/"))); len(matches) > 0 {
		return ""
	}
	// Each part of the path is a name deckwright uses (my-expansion), or
	// names joined by hyphens (arctic-Dangers, as LibreOffice exports).
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("/*.~$#", r) }) {
		if c.vocab[strings.ToLower(w)] {
			continue
		}
		for _, part := range strings.Split(w, "-") {
			if !c.vocab[strings.ToLower(part)] && len(part) > 1 {
				return fmt.Sprintf("no such file, and %q is no name deckwright uses", w)
			}
		}
	}
	return ""
}

// checkJSON checks a snippet of the JSON deckwright prints: every quoted
// key is one it prints.
func (c *docChecker) checkJSON(s string) string {
	for _, m := range regexp.MustCompile(`"(\w+)"`).FindAllStringSubmatch(s, -1) {
		if !c.keys[m[1]] && !c.vocab[strings.ToLower(m[1])] {
			return fmt.Sprintf("deckwright prints no JSON key %q and knows no name %q", m[1], m[1])
		}
	}
	return ""
}

// checkYAMLKey checks a template key quoted with a value ("at: [x, y,
// width, height]", "unless: \"kind = npcm\""): the key is the template
// language's; a condition parses.
func (c *docChecker) checkYAMLKey(s string) string {
	m := yamlKey.FindStringSubmatch(s)
	if !c.vocab[m[1]] {
		return fmt.Sprintf("templates have no key %q", m[1])
	}
	if (m[1] == "if" || m[1] == "unless") && strings.HasPrefix(m[2], `"`) {
		if _, err := templates.ParseCondition(strings.Trim(m[2], `"`)); err != nil {
			return err.Error()
		}
	}
	return ""
}

// checkColumnValue checks "Column = value|value": the column exists and
// each value is one it may hold.
func (c *docChecker) checkColumnValue(games []string, s string) string {
	m := columnEq.FindStringSubmatch(s)
	for _, g := range games {
		sch := c.games[g].mod.Schema()
		for _, sh := range sch.Sheets {
			for _, col := range table.AllColumns(&sh) {
				if diag.Fold(col.Name) != diag.Fold(m[1]) {
					continue
				}
				ok := true
				for _, v := range strings.Split(m[2], "|") {
					switch col.Type.Kind {
					case table.Bool:
						ok = ok && (v == "TRUE" || v == "FALSE")
					case table.Enum:
						ok = ok && contains(col.Type.Values, v)
					}
				}
				if ok {
					return ""
				}
			}
		}
	}
	return fmt.Sprintf("no column %s may hold %s", m[1], m[2])
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// explain says why code does not check, in the first game's terms.
func (c *docChecker) explain(games []string, s string) string {
	g := c.games[games[0]]
	if _, errs := g.env.Check(s, effects.AnyResult, g.syms); len(errs) > 0 {
		return "does not check as an effect: " + errs[0].Message
	}
	return "is not valid in any cell"
}

// isExpression reports whether s type-checks as an effect or condition.
func (c *docChecker) isExpression(game, s string) bool {
	g := c.games[game]
	_, errs := g.env.Check(s, effects.AnyResult, g.syms)
	return len(errs) == 0 && codeish.MatchString(s)
}

// isCell reports whether s parses with one of the game's cell grammars
// and every name in it exists.
func (c *docChecker) isCell(game, s string) bool {
	g := c.games[game]
	for _, gr := range g.mod.Schema().Grammars {
		_, refs, err := gr.Parse(s)
		if err != nil {
			continue
		}
		ok := true
		for _, r := range refs {
			if _, found := g.syms.Resolve(r.Domain, r.Name); !found {
				ok = false
			}
		}
		if ok && strings.ContainsAny(s, " 0123456789") {
			return true
		}
	}
	return false
}

// checkFlags checks a flag snippet ("--games N", "--mode coop|team"): some
// command has the flag.
func (c *docChecker) checkFlags(s string) string {
	for _, w := range strings.Fields(s) {
		if !strings.HasPrefix(w, "-") || w == "-" {
			continue // a value; "-" is standard output
		}
		name := strings.TrimLeft(strings.SplitN(w, "=", 2)[0], "-")
		short := !strings.HasPrefix(w, "--") && len(name) == 1
		found := false
		var walk func(cmd *cobra.Command)
		walk = func(cmd *cobra.Command) {
			if short && cmd.Flags().ShorthandLookup(name) != nil {
				found = true
			}
			if cmd.Flags().Lookup(name) != nil || cmd.PersistentFlags().Lookup(name) != nil || name == "help" || name == "version" {
				found = true
			}
			for _, sub := range cmd.Commands() {
				walk(sub)
			}
		}
		walk(c.root)
		if !found {
			return fmt.Sprintf("no command has a flag --%s", name)
		}
	}
	return ""
}

// checkUsage checks a usage synopsis of the command tour ("validate
// [PATH…] [--strict]", "templates init|list|check"): the command exists and
// has every flag named.
func (c *docChecker) checkUsage(s string) string {
	words := strings.Fields(s)
	var path []string
	for _, w := range words {
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "[") || placeholder.MatchString(w) {
			break
		}
		path = append(path, w)
	}
	if len(path) == 0 {
		return "no command"
	}
	for _, alt := range strings.Split(path[len(path)-1], "|") {
		cmd, rest, err := c.root.Find(append(append([]string{}, path[:len(path)-1]...), alt))
		if err != nil || len(rest) > 0 || cmd == c.root {
			return "no command " + strings.Join(path, " ")
		}
		for _, w := range words[len(path):] {
			w = strings.Trim(w, "[]")
			if strings.HasPrefix(w, "--") {
				name := strings.SplitN(strings.TrimPrefix(w, "--"), "=", 2)[0]
				if cmd.Flags().Lookup(name) == nil {
					return fmt.Sprintf("%s has no flag --%s", cmd.CommandPath(), name)
				}
			} else if strings.HasPrefix(w, "-") && len(w) == 2 && cmd.Flags().ShorthandLookup(w[1:]) == nil {
				return fmt.Sprintf("%s has no flag %s", cmd.CommandPath(), w)
			}
		}
	}
	return ""
}

var diagSpan = regexp.MustCompile(`^(\S+?):(\S+?)?: (error|warning|severity)\[(DW\d{4}|CODE)\]: (.+)$`)

func isDiagnosticFormat(s string) bool { return diagSpan.MatchString(s) }

// checkDiagnosticSpan checks a diagnostic quoted in prose: its code exists
// with that severity.
func checkDiagnosticSpan(s string) string {
	m := diagSpan.FindStringSubmatch(s)
	if m[4] == "CODE" {
		return ""
	}
	for _, e := range diag.Catalog() {
		if string(e.Code) == m[4] {
			if e.Severity.String() != m[3] {
				return fmt.Sprintf("%s is a%s, not a%s", m[4], article(e.Severity.String()), article(m[3]))
			}
			return ""
		}
	}
	return fmt.Sprintf("no diagnostic code %s", m[4])
}

func article(s string) string {
	if strings.ContainsRune("aeiou", rune(s[0])) {
		return "n " + s
	}
	return " " + s
}

// checkColumnExamples types each example of a generated FORMAT.md in its
// column of a real build: an expansion of the bundled base set with one
// row per example, each a copy of the sheet's first row with the example
// in its cell. An error of the compiler at that cell (a type, a reference,
// a grammar, an expression) fails the example; the game's checks across
// columns do not, as an example is one cell.
func (c *docChecker) checkColumnExamples(t *testing.T, doc, gameID string, tables [][]string) {
	t.Helper()
	s := c.games[gameID].mod.Schema()
	base := bundledBook(t, gameID, "base.xlsx")
	set, _ := content.BaseOf(gameID)
	exp := newBook("exp.xlsx", "docs", gameID, set.ID)
	type example struct {
		at     string
		doc    string
		sheet  string
		column string
		value  string
	}
	var examples []example
	sections := map[string]string{}
	for _, row := range tables {
		section, line, text := row[0], row[1], row[2]
		cells := strings.Split(strings.Trim(strings.TrimSpace(text), "|"), "|")
		if len(cells) != 5 || strings.TrimSpace(cells[0]) == "column" || strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		name := strings.TrimSpace(section)
		if i := strings.Index(name, " ("); i >= 0 {
			name = name[:i]
		}
		value := strings.ReplaceAll(strings.TrimSpace(cells[4]), `\|`, "|")
		if value == "" || name == "Set" {
			continue
		}
		sheet := name
		if s.Sheet(name) == nil {
			// The standard columns, documented once: try them on the
			// first deck sheet.
			for _, sh := range s.Sheets {
				if sh.Deck {
					sheet = sh.Name
					break
				}
			}
		}
		sections[sheet] = name
		examples = append(examples, example{at: doc + ":" + line, sheet: sheet, column: strings.TrimSpace(cells[0]), value: value})
	}
	require.NotEmpty(t, examples)
	sheets := map[string]*editSheet{}
	wantAt := map[string]example{}
	for i, ex := range examples {
		src := base.sheet(s.Sheet(ex.sheet).Name)
		es := sheets[ex.sheet]
		if es == nil {
			es = exp.add(src.name, append([]string(nil), src.rows[0]...))
			sheets[ex.sheet] = es
		}
		first := src.rows[1][0]
		es.rows = append(es.rows, append([]string(nil), src.rows[1]...))
		r := len(es.rows)
		es.put(r, es.col("ID"), fmt.Sprintf("docs-example-%d", i))
		switch ex.column {
		case "Change":
			es.put(r, es.col("ID"), first) // replace names a row of an earlier layer
		case "ID":
			es.put(r, es.col("Change"), "")
		}
		es.put(r, es.col(ex.column), ex.value)
		wantAt[es.at(r, ex.column)] = ex
	}
	dir := t.TempDir()
	base.write(t, dir)
	exp.write(t, dir)
	res := dw(t, "validate", dir, "--format", "json", "--max-per-sheet", "0")
	d := decodeDiagnostics(t, res.stdout)
	checked := 0
	for _, x := range d.Diagnostics {
		at := x.File + ":" + x.Sheet + "!" + x.Cell
		ex, ok := wantAt[at]
		if !ok || x.Severity != "error" || !strings.HasPrefix(x.Code, "DW0") {
			continue
		}
		t.Errorf("%s: the example %q of %s's %s column does not validate: %s[%s]: %s (%s)", ex.at, ex.value, sections[ex.sheet], ex.column, x.Severity, x.Code, x.Message, x.Hint)
	}
	checked = len(wantAt)
	assert.Greater(t, checked, 50, "every example of %s is typed", doc)
}
