package effects

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Examples are snippets written in an environment's own vocabulary, for
// the syntax table at the top of its reference: a designer copies them, so
// they must name verbs and values the game has.
type Examples struct {
	Steps  string   // two verb calls in sequence: gainGlory(2); drawEvent()
	Values []string // values to read: hero.combat, round
	Names  []string // verbs taking quoted names: test.has("Chase")
	In     string   // a membership test: hero.space in ["london", "paris"]
	Let    string   // a named value used twice: let r = roll(); r >= 5 ? … : …
}

// syntax is the language summary printed at the top of a reference.
func syntax(x Examples) string {
	code := func(snippets ...string) string {
		var out []string
		for _, s := range snippets {
			if s != "" {
				out = append(out, "`"+strings.ReplaceAll(s, "|", "\\|")+"`")
			}
		}
		return strings.Join(out, ", ")
	}
	var b strings.Builder
	b.WriteString("An effect is one expression, or several steps separated by `;` (run in order).\n\n")
	b.WriteString("| you write | meaning |\n|---|---|\n")
	row := func(you, meaning string) {
		if you != "" {
			fmt.Fprintf(&b, "| %s | %s |\n", you, meaning)
		}
	}
	row(code(x.Steps), "call verbs, in order")
	row(code(x.Values...), "read a value")
	row(code(x.Names...), "quoted names — checked at build time against the lists below")
	row("`+ - * / %`", "whole-number arithmetic (`/` rounds toward zero)")
	row("`== != < <= > >=`", "comparisons")
	row("`and or not` (or `&& \\|\\| !`)", "logic")
	row("`cond ? a : b`, `if cond { a } else { b }`", "choose")
	row(code(x.In), "membership in a written-out list")
	row(code(x.Let), "name a value once, use it twice")
	row("`min(a, b)`, `max(a, b)`, `abs(a)`", "helpers")
	b.WriteString("\nA condition cell must be true or false. Effects cannot loop; a run stops with an error after " +
		"32 nested effects or 10,000 verb calls.\n")
	return b.String()
}

// WriteMarkdown writes the reference for the given environments: syntax,
// then per environment its values and verbs with signatures and docs.
func WriteMarkdown(w io.Writer, title string, envs ...*Env) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", title)
	b.WriteString("## Syntax\n\n")
	var x Examples
	if len(envs) > 0 {
		x = envs[0].Examples
	}
	b.WriteString(syntax(x))
	for _, e := range envs {
		fmt.Fprintf(&b, "\n## Environment `%s`\n\n%s\n", e.Name, e.Doc)
		if len(e.Domains) > 0 {
			b.WriteString("\n### Names\n\nQuoted names are checked against these lists when the workbook is built.\n\n| kind | what |\n|---|---|\n")
			keys := make([]string, 0, len(e.Domains))
			for k := range e.Domains {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Fprintf(&b, "| `%s` | %s |\n", k, e.Domains[k])
			}
		}
		b.WriteString("\n### Values\n\n| value | type | meaning |\n|---|---|---|\n")
		for _, v := range e.Values() {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", v.Name, v.Type, v.Doc)
		}
		group := "\x00"
		for _, v := range e.Verbs() {
			if v.Group != group {
				group = v.Group
				name := group
				if name == "" {
					name = "Verbs"
				}
				fmt.Fprintf(&b, "\n### %s\n\n| verb | meaning |\n|---|---|\n", name)
			}
			fmt.Fprintf(&b, "| `%s` | %s |\n", v.Signature(), v.Doc)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
